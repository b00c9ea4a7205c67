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

# member_refused OUT CMD ERE WHY WHAT: CMD as tracer must fail, and say
# why (a line of OUT matching ERE); WHAT names what a member must not do.
member_refused() {
	if as_member "$2" >"$1" 2>&1; then
		cat "$1"
		echo "$5 for a tracing-group member"
		return 1
	fi
	cat "$1"
	grep -Eq "$3" "$1" || { echo "refused, but not $4"; return 1; }
}

check_member_bpftrace_refused() {
	member_refused m-bt-l.out "bpftrace -l 'tracepoint:sched:*'" \
		'only supports running as the root user' "by bpftrace's own root check" "bpftrace ran"
}

# bcc's program load fails for the member with EPERM from bpf(2).
# BPF() only compiles; load_func() is the bpf(BPF_PROG_LOAD) call.
check_member_bcc_refused() {
	member_refused m-bcc.out 'python3 -c "from bcc import BPF; BPF(text=\"int f(void *c) { return 0; }\").load_func(\"f\", BPF.KPROBE)"' \
		'Operation not permitted|EPERM|errno 1\b' "with EPERM" "a BPF program loaded"
}

check_member_rtla_refused() {
	member_refused m-rtla.out 'rtla osnoise top -d 1s -q' \
		'needs root permission' "by rtla's own root check" "the osnoise tracer ran"
}
