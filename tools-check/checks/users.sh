# shellcheck shell=sh
# The tool checks of tools.sh, the same commands, run as the other two
# users: "tracer" (member of the tracing group, gid 2000) and "outsider"
# (in no tracing-related group). Where the design refuses the user
# (outsider everywhere; tracer where tracing is not delegated to its group,
# TRACING_DELEGATED unset in the scenario), the point asserts the refusal:
# the tool fails, and with a permission refusal (EACCES on tracefs, perf's
# own capability or perf_event_paranoid check, or kallsyms addresses hidden
# by kptr_restrict from perf probe), not for another reason. Where tracing is
# delegated, the tracer's checks must work; trace-cmd record and start get
# -d (TC_OPTS), the documented way for a non-root user, as trace-cmd
# otherwise writes the root-only ftrace_enabled sysctl, and -B with an
# instance of the tracer's own, u<uid>-chk (a member may only name its
# instances so), as the top level's buffer is root's: a member may not
# open its trace_pipe_raw (EPERM). stop, show and extract get the same -B
# (TC_B). Root's and outsider's commands are unchanged.

# What a refusal by design looks like in the tools' output.
REFUSAL='Permission denied|No permissions to read|No permission to enable|CAP_PERFMON or CAP_SYS_ADMIN|perf_event_paranoid|ensure you can read the /proc/kallsyms'

# Refused even to a delegated tracing-group member: the kprobe_events file
# is root-only (the series' "tracing: ... dynamic event control files ..." patch); system-wide perf (-a, perf trace,
# perf ftrace) needs CAP_PERFMON or kernel.perf_event_paranoid <= 0, and
# counting kernel events at all needs perf_event_paranoid <= 1 (at 2 perf
# counts the user's own tasks in user space only): tracefs delegation grants
# none of these.
PRIVILEGED=" perf_probe_kprobe perf_stat perf_record_script perf_trace perf_ftrace "

# as_checker USER CHECK: run check_CHECK of tools.sh as USER, in a work
# directory of its own.
as_checker() {
	d=/tmp/checks-$1
	mkdir -p "$d" && chown "$1" "$d"
	opts="" inst=""
	if [ "$1" = tracer ] && [ "${TRACING_DELEGATED:-}" = yes ]; then
		inst=u$(id -u "$1")-chk
		opts="-d -B $inst"
	fi
	rc=0
	su -s /bin/sh "$1" -c "W=$d; export W; TC_OPTS='$opts'; TC_B='${inst:+-B $inst}'; cd $d || exit 1; exec 3>&1
		. /run/scenario.env; . /run/run.env; . /tools-check/lib.sh; . /tools-check/checks/tools.sh
		check_$2" >"$d/$2.log" 2>&1 || rc=$?
	cat "$d/$2.log"
	# what trace-cmd start (or a record that failed) left: members have
	# few instances (tracefs.max_delegated_instances)
	[ -z "$inst" ] || [ ! -d "$T/instances/$inst" ] || rmdir "$T/instances/$inst" ||
		echo "$1: instances/$inst is left"
	if [ $rc != 0 ]; then
		why=$(grep -iE "permission denied|not permitted|paranoid|can't enable|CAP_" "$d/$2.log" | head -n 1)
		echo "$1: check_$2 failed (exit $rc)${why:+: $why}"
	fi
	return $rc
}

# user_check USER CHECK: as_checker, or the refusal where the design
# refuses USER (a "# refused:" note says so for the report).
user_check() {
	if [ "$1" = tracer ] && [ "${TRACING_DELEGATED:-}" = yes ] &&
		case $PRIVILEGED in *" $2 "*) false ;; *) true ;; esac; then
		as_checker "$1" "$2"
		return
	fi
	rm -f "/tmp/checks-$1"/*.strace
	if as_checker "$1" "$2" >refusal.log 2>&1; then
		cat refusal.log
		echo "$1: check_$2 worked, but the design refuses $1 here"
		return 1
	fi
	why=$(grep -m 1 -E "$REFUSAL" refusal.log)
	# A tool that quietly skips what it cannot read (perf list): the
	# refusal is in its strace log, an openat() with EACCES of a file in
	# tracefs or debugfs (not just any file).
	[ -n "$why" ] || why=$(cat "/tmp/checks-$1"/*.strace 2>/dev/null |
		grep -m 1 -E 'openat\([^"]*"/sys/kernel/(tracing|debug)/[^"]*".*= -1 EACCES')
	if [ -z "$why" ]; then
		cat refusal.log
		echo "$1: check_$2 failed, but not with a permission refusal"
		return 1
	fi
	note "refused $1 $2: $why"
}

check_tracer_trace_cmd_list() { user_check tracer trace_cmd_list; }
check_tracer_trace_cmd_record_report() { user_check tracer trace_cmd_record_report; }
check_tracer_trace_cmd_start_stop_extract_show() { user_check tracer trace_cmd_start_stop_extract_show; }
check_tracer_trace_cmd_reset() { user_check tracer trace_cmd_reset; }
check_tracer_perf_list() { user_check tracer perf_list; }
check_tracer_perf_stat() { user_check tracer perf_stat; }
check_tracer_perf_record_script() { user_check tracer perf_record_script; }
check_tracer_perf_probe_kprobe() { user_check tracer perf_probe_kprobe; }
check_tracer_perf_trace() { user_check tracer perf_trace; }
check_tracer_perf_ftrace() { user_check tracer perf_ftrace; }

check_outsider_trace_cmd_list() { user_check outsider trace_cmd_list; }
check_outsider_trace_cmd_record_report() { user_check outsider trace_cmd_record_report; }
check_outsider_trace_cmd_start_stop_extract_show() { user_check outsider trace_cmd_start_stop_extract_show; }
check_outsider_trace_cmd_reset() { user_check outsider trace_cmd_reset; }
check_outsider_perf_list() { user_check outsider perf_list; }
check_outsider_perf_stat() { user_check outsider perf_stat; }
check_outsider_perf_record_script() { user_check outsider perf_record_script; }
check_outsider_perf_probe_kprobe() { user_check outsider perf_probe_kprobe; }
check_outsider_perf_trace() { user_check outsider perf_trace; }
check_outsider_perf_ftrace() { user_check outsider perf_ftrace; }
