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

# kernel_refuses OUT FILE...: the kernel itself refuses the member a write
# open of each FILE (EACCES), whatever the tool's own check says first.
kernel_refuses() {
	kr_out=$1 kr_rc=0
	shift
	for f in "$@"; do
		[ -e "$f" ] || { echo "no $f"; kr_rc=1; continue; }
		if as_member "exec 4>>'$f'" >"$kr_out" 2>&1; then
			echo "the member opened $f for writing"
			kr_rc=1
		elif grep -q 'Permission denied' "$kr_out"; then
			echo "the kernel refuses the member $f: $(cat "$kr_out")"
		else
			echo "opening $f failed, but not with EACCES: $(cat "$kr_out")"
			kr_rc=1
		fi
	done
	return $kr_rc
}

# bpftrace's own check refuses first; below it, the kernel: a kprobe needs
# kprobe_events (root's) and the program a bpf(2) load (bcc's check).
check_member_bpftrace_refused() {
	member_refused m-bt-l.out "bpftrace -l 'tracepoint:sched:*'" \
		'only supports running as the root user' "by bpftrace's own root check" "bpftrace ran" || return 1
	kernel_refuses m-bt-k.out "$(tracing_dir)/kprobe_events"
}

# bcc's program load fails for the member with EPERM from bpf(2).
# BPF() only compiles; load_func() is the bpf(BPF_PROG_LOAD) call.
check_member_bcc_refused() {
	member_refused m-bcc.out 'python3 -c "from bcc import BPF; BPF(text=\"int f(void *c) { return 0; }\").load_func(\"f\", BPF.KPROBE)"' \
		'Operation not permitted|EPERM|errno 1\b' "with EPERM" "a BPF program loaded"
}

# rtla's own check refuses first; below it, the kernel: the osnoise
# tracer is set up through root's switches.
check_member_rtla_refused() {
	member_refused m-rtla.out 'rtla osnoise top -d 1s -q' \
		'needs root permission' "by rtla's own root check" "the osnoise tracer ran" || return 1
	kernel_refuses m-rtla-k.out "$(tracing_dir)/current_tracer" "$(tracing_dir)/osnoise/period_us"
}
