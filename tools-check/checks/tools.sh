# shellcheck shell=sh
# trace-cmd and perf, Debian's packaged binaries, unmodified. Each check
# asserts on the tool's real output. The first check of each tool runs it
# under strace to record which tracing directory it used.

check_trace_cmd_list() {
	strace -f -qq -e trace=openat,mount -o "$W/tc.strace" trace-cmd list -e >tc-list.out 2>&1 ||
		{ cat tc-list.out; return 1; }
	grep -qx 'sched:sched_switch' tc-list.out || { echo "no sched:sched_switch in trace-cmd list -e"; return 1; }
	check_path trace-cmd "$W/tc.strace"
}

check_trace_cmd_record_report() {
	# shellcheck disable=SC2086 # TC_OPTS: "-d -B u<uid>-chk" for a tracing-group member (users.sh)
	trace-cmd record ${TC_OPTS:-} -o tc.dat -e sched:sched_switch sh -c '. /tools-check/lib.sh; workload' ||
		return 1
	trace-cmd report -i tc.dat >tc-report.out 2>&1 || { cat tc-report.out; return 1; }
	n=$(grep -c 'sched_switch:' tc-report.out)
	echo "sched_switch records: $n"
	[ "$n" -gt 0 ]
}

check_trace_cmd_start_stop_extract_show() {
	# shellcheck disable=SC2086
	trace-cmd start ${TC_OPTS:-} -e sched:sched_switch || return 1
	workload
	# TC_B: "-B u<uid>-chk", the instance TC_OPTS started, for a
	# tracing-group member (users.sh)
	# shellcheck disable=SC2086
	trace-cmd stop ${TC_B:-} || return 1
	# shellcheck disable=SC2086
	trace-cmd show ${TC_B:-} >tc-show.out 2>&1 || { cat tc-show.out; return 1; }
	grep -q 'sched_switch:' tc-show.out || { echo "trace-cmd show: no sched_switch"; return 1; }
	# shellcheck disable=SC2086
	trace-cmd extract ${TC_B:-} -o tc-x.dat || return 1
	trace-cmd report -i tc-x.dat >tc-x.out 2>&1 || { cat tc-x.out; return 1; }
	grep -q 'sched_switch:' tc-x.out || { echo "extracted trace: no sched_switch"; return 1; }
}

check_trace_cmd_reset() {
	t=$T
	trace-cmd start -e sched:sched_switch -p function || return 1
	[ "$(cat "$t/current_tracer")" = function ] || { echo "start did not set function tracer"; return 1; }
	trace-cmd reset || return 1
	cur=$(cat "$t/current_tracer")
	ev=$(cat "$t/events/sched/sched_switch/enable")
	echo "after reset: current_tracer=$cur sched_switch/enable=$ev"
	[ "$cur" = nop ] && [ "$ev" = 0 ]
}

check_perf_list() {
	strace -f -qq -e trace=openat,mount -o "$W/perf.strace" perf list tracepoint >perf-list.out 2>&1 ||
		{ cat perf-list.out; return 1; }
	grep -q 'sched:sched_switch' perf-list.out || { echo "perf list: no sched:sched_switch"; return 1; }
	check_path perf "$W/perf.strace"
}

check_perf_stat() {
	# its own child only (no -a): what any user may count
	perf stat -x, -e sched:sched_switch -- sh -c '. /tools-check/lib.sh; workload' 2>perf-stat.out ||
		{ cat perf-stat.out; return 1; }
	cat perf-stat.out
	if grep -q ',sched:sched_switchu,' perf-stat.out; then
		echo "perf counted user space only (sched:sched_switchu): kernel.perf_event_paranoid = $(cat /proc/sys/kernel/perf_event_paranoid) excludes kernel events for this user"
		return 1
	fi
	n=$(awk -F, '$3 == "sched:sched_switch" {print $1}' perf-stat.out)
	[ -n "$n" ] && [ "$n" -gt 0 ]
}

check_perf_record_script() {
	perf record -q -o perf.data -e sched:sched_switch -a -- sh -c '. /tools-check/lib.sh; workload' ||
		return 1
	perf script -i perf.data >perf-script.out 2>&1 || { cat perf-script.out; return 1; }
	n=$(grep -c 'sched:sched_switch:' perf-script.out)
	echo "sched_switch samples: $n"
	[ "$n" -gt 0 ]
}

check_perf_probe_kprobe() {
	perf probe --add do_sys_openat2 2>&1 || return 1
	perf probe -l >probe-l.out 2>&1
	grep -q 'probe:do_sys_openat2' probe-l.out || { echo "perf probe -l does not list it"; cat probe-l.out; return 1; }
	perf record -q -o probe.data -e probe:do_sys_openat2 -a -- cat /proc/version >/dev/null || return 1
	perf script -i probe.data >probe-script.out 2>&1
	n=$(grep -c 'probe:do_sys_openat2:' probe-script.out)
	echo "kprobe hits: $n"
	perf probe -q --del probe:do_sys_openat2 || return 1
	if perf probe -l 2>&1 | grep -q 'probe:do_sys_openat2'; then
		echo "still listed after --del"
		return 1
	fi
	[ "$n" -gt 0 ]
}

check_perf_trace() {
	perf trace -e openat -- cat /proc/version >perf-trace.out 2>&1 || { cat perf-trace.out; return 1; }
	cat perf-trace.out
	grep -q 'cat/[0-9]* openat(' perf-trace.out
}

# The traced shell opens /proc/version itself, five times, with pauses in
# which perf drains trace_pipe (with a single short-lived cat, perf once
# printed no entries, in about thirty runs).
check_perf_ftrace() {
	perf ftrace -G do_sys_openat2 -- \
		sh -c 'for i in 1 2 3 4 5; do read -r l </proc/version; sleep 0.1; done' >perf-ftrace.out 2>&1 ||
		{ cat perf-ftrace.out; return 1; }
	n=$(grep -c 'do_sys_openat2() {' perf-ftrace.out)
	echo "do_sys_openat2 calls graphed: $n (of 5)"
	[ "$n" -gt 0 ]
}
