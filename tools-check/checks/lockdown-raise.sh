# shellcheck shell=sh
# Lockdown raised after boot (make check-configs, scenario lockdown-raise:
# the hotplug combination, which has the lockdown LSM; no lockdown= on the
# command line, CPU 1 offline). tracefs checks lockdown when it creates a
# file, and lockdown can be raised later: the relocated files check it
# again when they are opened (the series' kprobes and blktrace moves), so raising it to
# confidentiality while a block trace runs refuses them from then on, as
# the boot-time level does; a descriptor opened before keeps working.
# A CPU brought online during that trace comes online, and its new
# trace<cpu> refuses to open (EPERM), as the others do: blktrace makes its
# relay files also under lockdown (tracefs_create_relay_file()), and
# checks lockdown when they are opened.
# The lockdown level cannot be lowered again: the first check does the
# whole sequence and keeps what it saw in $LR; the others judge it.
D=/sys/kernel/debug
T=/sys/kernel/tracing
LR=$W/lockdown-raise

# open_result FILE r|a: "ok" or the error (strerror) of opening FILE for
# reading or appending (no O_TRUNC), without reading or writing anything.
open_result() {
	if [ "$2" = r ]; then
		out=$( (: <"$1") 2>&1)
	else
		out=$( (: >>"$1") 2>&1)
	fi && echo ok || echo "${out##*: }"
}

check_lockdown_raise_sequence() {
	mount -t securityfs securityfs /sys/kernel/security 2>/dev/null
	rm -rf "$LR" && mkdir -p "$LR"
	grep -q '\[none\]' /sys/kernel/security/lockdown || { cat /sys/kernel/security/lockdown; return 1; }
	blktrace -d /dev/vda -D "$LR" -o vda -w 6 >"$LR/blktrace.out" 2>&1 &
	pid=$!
	sleep 1
	[ -e "$D/block/vda/msg" ] || { echo "no $D/block/vda/msg: the trace did not start"; cat "$LR/blktrace.out"; return 1; }
	exec 4>>"$D/block/vda/msg"
	echo confidentiality >/sys/kernel/security/lockdown || return 1
	cat /sys/kernel/security/lockdown >"$LR/level"
	{
		echo "msg: $(open_result "$D/block/vda/msg" a)"
		echo "dropped: $(open_result "$D/block/vda/dropped" r)"
		echo "trace0: $(open_result "$D/block/vda/trace0" r)"
	} >"$LR/trace-opens"
	if out=$( (echo "written after the raise" >&4) 2>&1); then echo ok; else echo "$out"; fi >"$LR/held-msg"
	exec 4>&-
	for f in "$D/kprobes/enabled" "$T/kprobes/enabled"; do
		[ -e "$f" ] || continue
		echo "$f: $(open_result "$f" r)"
	done >"$LR/kprobes-enabled"
	for f in "$D/kprobes/list" "$D/kprobes/blacklist" "$D/error_injection/list"; do
		echo "$f: $(wc -l <"$f" 2>&1) lines"
	done >"$LR/lists"
	write_result /sys/devices/system/cpu/cpu1/online 1 >"$LR/online-during"
	echo "trace1: $(open_result "$D/block/vda/trace1" r)" >"$LR/trace1-open"
	echo 0 >/sys/devices/system/cpu/cpu1/online 2>/dev/null
	wait $pid
	echo "$?" >"$LR/blktrace.rc"
	write_result /sys/devices/system/cpu/cpu1/online 1 >"$LR/online-after"
	echo 0 >/sys/devices/system/cpu/cpu1/online 2>/dev/null
	rc=0
	blktrace_vda "$LR/new" 1 >/dev/null 2>&1 || rc=$?
	echo "$rc" >"$LR/new-trace.rc"
	for f in level trace-opens held-msg kprobes-enabled lists online-during trace1-open blktrace.rc online-after new-trace.rc; do
		echo "$f: $(cat "$LR/$f")"
	done
	note "after the raise: $(paste -sd ';' "$LR/trace-opens"); CPU 1 online during the trace: $(cat "$LR/online-during")"
	cat "$LR/blktrace.out"
	[ "$(cat "$LR/blktrace.rc")" = 0 ]
}

check_lockdown_raise_level_is_confidentiality() {
	cat "$LR/level"
	grep -q '\[confidentiality\]' "$LR/level"
}

# All three trace files of the running trace, as every ftrace file.
check_lockdown_raise_trace_files_refused() {
	cat "$LR/trace-opens"
	[ "$(grep -c ': Operation not permitted' "$LR/trace-opens")" = 3 ] &&
		[ "$(wc -l <"$LR/trace-opens")" = 3 ]
}

check_lockdown_raise_open_descriptor_keeps_working() {
	cat "$LR/held-msg"
	[ "$(cat "$LR/held-msg")" = ok ]
}

check_lockdown_raise_kprobes_enabled_refused() {
	cat "$LR/kprobes-enabled"
	grep -q "^$D/kprobes/enabled: " "$LR/kprobes-enabled" &&
		! grep -qv ': .*Operation not permitted$' "$LR/kprobes-enabled"
}

# Read-only, as in debugfs at every lockdown level (kprobes/list may be
# empty: no kprobe is registered).
check_lockdown_raise_lists_readable() {
	cat "$LR/lists"
	! grep -q -v ': [0-9][0-9]* lines$' "$LR/lists" &&
		! grep -qE '(blacklist|error_injection/list): 0 lines$' "$LR/lists"
}

# CPU 1 comes online during the trace; its trace1 refuses to open (EPERM).
check_lockdown_raise_cpu_online_during_trace() {
	echo "echo 1 >cpu1/online during the trace: $(cat "$LR/online-during"); $(cat "$LR/trace1-open")"
	[ "$(cat "$LR/online-during")" = ok ] &&
		[ "$(cat "$LR/trace1-open")" = "trace1: Operation not permitted" ]
}

check_lockdown_raise_cpu_online_after_trace() {
	cat "$LR/online-after"
	[ "$(cat "$LR/online-after")" = ok ]
}

# A new trace: BLKTRACESETUP refused (EPERM), nothing traced.
check_lockdown_raise_new_trace_refused() {
	cat "$LR/new/out"
	counts=$(blkparse_counts "$LR/new" vda)
	echo "$counts"
	! nonzero_counts "$counts" && grep -q 'Operation not permitted' "$LR/new/out"
}
