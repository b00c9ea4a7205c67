# shellcheck shell=sh
# The tool checks of tools.sh, the same commands, run as the other two
# users: "tracer" (member of the tracing group, gid 2000) and "outsider"
# (in no tracing-related group). Where tracing is not delegated both are
# expected to fail (tracefs is root-only); expected.tsv says why per cell.
# A failing run names what refused it, as a diagnostic.

# as_checker USER CHECK: run check_CHECK of tools.sh as USER, in a work
# directory of its own.
as_checker() {
	d=/tmp/checks-$1
	mkdir -p "$d" && chown "$1" "$d"
	rc=0
	su -s /bin/sh "$1" -c "W=$d; export W; cd $d || exit 1; exec 3>&1
		. /run/scenario.env; . /run/run.env; . /tools-check/lib.sh; . /tools-check/checks/tools.sh
		check_$2" >"$d/$2.log" 2>&1 || rc=$?
	cat "$d/$2.log"
	if [ $rc != 0 ]; then
		why=$(grep -iE "permission denied|not permitted|paranoid|can't enable|CAP_" "$d/$2.log" | head -n 1)
		echo "$1: check_$2 failed (exit $rc)${why:+: $why}"
	fi
	return $rc
}

check_tracer_trace_cmd_list() { as_checker tracer trace_cmd_list; }
check_tracer_trace_cmd_record_report() { as_checker tracer trace_cmd_record_report; }
check_tracer_trace_cmd_start_stop_extract_show() { as_checker tracer trace_cmd_start_stop_extract_show; }
check_tracer_trace_cmd_reset() { as_checker tracer trace_cmd_reset; }
check_tracer_perf_list() { as_checker tracer perf_list; }
check_tracer_perf_stat() { as_checker tracer perf_stat; }
check_tracer_perf_record_script() { as_checker tracer perf_record_script; }
check_tracer_perf_probe_kprobe() { as_checker tracer perf_probe_kprobe; }
check_tracer_perf_trace() { as_checker tracer perf_trace; }
check_tracer_perf_ftrace() { as_checker tracer perf_ftrace; }

check_outsider_trace_cmd_list() { as_checker outsider trace_cmd_list; }
check_outsider_trace_cmd_record_report() { as_checker outsider trace_cmd_record_report; }
check_outsider_trace_cmd_start_stop_extract_show() { as_checker outsider trace_cmd_start_stop_extract_show; }
check_outsider_trace_cmd_reset() { as_checker outsider trace_cmd_reset; }
check_outsider_perf_list() { as_checker outsider perf_list; }
check_outsider_perf_stat() { as_checker outsider perf_stat; }
check_outsider_perf_record_script() { as_checker outsider perf_record_script; }
check_outsider_perf_probe_kprobe() { as_checker outsider perf_probe_kprobe; }
check_outsider_perf_trace() { as_checker outsider perf_trace; }
check_outsider_perf_ftrace() { as_checker outsider perf_ftrace; }
