# shellcheck shell=sh
# The front-ends of frontends.sh as "tracer", a member of the tracing group
# to which the scenario delegates tracefs (scenario delegated). None of
# them is meant to work for a member, and the delegation must not change
# that: loading BPF programs needs CAP_BPF and CAP_PERFMON (the kernel),
# bpftrace 0.17 and rtla 6.1 refuse any user but root themselves (the
# osnoise tracers are root's switches in tracefs too). Each refusal is
# asserted with what it says, so that a member who gets further, or fails
# for another reason, shows.

FE_TIMEOUT=${FE_TIMEOUT:-300}

# as_member CMD: CMD as tracer, with its groups, in a clean environment.
as_member() {
	timeout "$FE_TIMEOUT" setpriv --reuid=tracer --regid=tracer --init-groups --reset-env sh -c "cd /tmp && $1"
}

check_member_bpftrace_refused() {
	if as_member "bpftrace -l 'tracepoint:sched:*'" >m-bt-l.out 2>&1; then
		cat m-bt-l.out
		echo "bpftrace ran for a tracing-group member"
		return 1
	fi
	cat m-bt-l.out
	grep -q 'only supports running as the root user' m-bt-l.out ||
		{ echo "refused, but not by bpftrace's own root check"; return 1; }
}

# bcc's program load fails for the member with EPERM from bpf(2).
check_member_bcc_refused() {
	# BPF() only compiles; load_func() is the bpf(BPF_PROG_LOAD) call.
	if as_member 'python3 -c "from bcc import BPF; BPF(text=\"int f(void *c) { return 0; }\").load_func(\"f\", BPF.KPROBE)"' >m-bcc.out 2>&1; then
		cat m-bcc.out
		echo "a tracing-group member loaded a BPF program"
		return 1
	fi
	cat m-bcc.out
	grep -Eq 'Operation not permitted|EPERM|errno 1\b' m-bcc.out ||
		{ echo "refused, but not with EPERM"; return 1; }
}

check_member_rtla_refused() {
	if as_member 'rtla osnoise top -d 1s -q' >m-rtla.out 2>&1; then
		cat m-rtla.out
		echo "a tracing-group member ran the osnoise tracer"
		return 1
	fi
	cat m-rtla.out
	grep -q 'needs root permission' m-rtla.out ||
		{ echo "refused, but not by rtla's own root check"; return 1; }
}
