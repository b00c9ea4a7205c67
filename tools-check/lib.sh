# shellcheck shell=sh
# Helpers for the guest-side checks (busybox sh). Sourced by run-checks.sh.

W=${W:-/tmp/checks}
mkdir -p "$W"

# note TEXT: a TAP diagnostic that is always shown (the runner points fd 3
# at the TAP stream).
note() { echo "# $*" >&3; }

# Where tracefs is mounted right now (first entry), empty if nowhere.
tracefs_mounts() { awk '$3 == "tracefs" {print $2}' /proc/mounts; }
debugfs_mounts() { awk '$3 == "debugfs" {print $2}' /proc/mounts; }
tracing_dir() {
	tracefs_mounts | head -n 1
}

# Undo tracefs and debugfs mounts that tools (or automounts) made, so that
# the next check starts from the scenario's own state. Prints what it undid.
restore_mounts() {
	for d in $( { tracefs_mounts; debugfs_mounts; } | sort -r); do
		fs=$(awk -v d="$d" '$2 == d {print $3; exit}' /proc/mounts)
		case " $MOUNTS " in
		*" $fs:$d "* | *" $fs:$d:"*) continue ;;
		esac
		# the compat view's own bind mount of tracefs stays while it is active
		[ "$d" = /sys/kernel/debug/tracing ] && view_active && continue
		umount "$d" || return 1
		echo "$fs on $d"
	done
}

# A small workload that makes the scheduler switch and opens files.
workload() {
	for _ in 1 2 3 4 5; do
		cat /proc/version >/dev/null
		sleep 0.05
	done
}

# tool_path LOG: from an strace -f log, the tracing directory the tool
# opened files in, and any mount(2) it made.
tool_path() {
	sed -n 's/.*openat([^"]*"\(\/[^"]*\)\/\(events\/[^"]*\|available_events\|tracing_on\|trace_pipe_raw\|kprobe_events\)".* = [0-9][0-9]*$/\1/p' "$1" |
		sed 's#//*#/#g; s#/$##; s#/per_cpu/cpu[0-9]*$##; s#/instances/[^/]*$##' | sort | uniq -c | sort -rn | awk 'NR == 1 {print $2}'
}
tool_mounts() {
	sed -n 's/.*mount("\([^"]*\)", "\([^"]*\)", "\([^"]*\)".* = 0$/\3 on \2/p' "$1" | sort -u | paste -sd ',' -
}

# check_path TOOL LOG: record and assert which tracing directory TOOL used
# (one of EXPECT_TRACING_DIR). run-checks.sh undoes the mounts it made.
check_path() {
	used=$(tool_path "$2")
	mounted=$(tool_mounts "$2")
	note "path: $1 used ${used:-nothing} (mounted by tool: ${mounted:-none})"
	rc=0
	if [ -z "$used" ]; then
		echo "$1 opened no tracing file"
		rc=1
	elif ! awk -v d="$used" '$2 == d && $3 == "tracefs" {f = 1} END {exit !f}' /proc/mounts; then
		echo "$used is not a tracefs mount"
		rc=1
	else
		case " $EXPECT_TRACING_DIR " in
		*" $used "*) ;;
		*) echo "expected one of '$EXPECT_TRACING_DIR' in this scenario, $1 used $used"; rc=1 ;;
		esac
	fi
	return $rc
}

# shellcheck disable=SC2034 # used by the check groups
D=/sys/kernel/debug

# as_user USER CMD: run CMD (a shell string) as USER.
as_user() { su -s /bin/sh "$1" -c "$2"; }

# refused_as USER ERRNO CMD: CMD (a shell string) run as USER must fail
# with ERRNO (EACCES, EPERM), seen as its message in what CMD printed on
# stderr. Returns 0 if so; otherwise says what happened and returns 1.
refused_as() {
	case $2 in
	EACCES) ra_msg='Permission denied' ;;
	EPERM) ra_msg='Operation not permitted' ;;
	EINVAL) ra_msg='Invalid argument' ;;
	*) echo "refused_as: no message known for $2"; return 1 ;;
	esac
	if as_user "$1" "$3" 2>err.txt; then
		echo "$1 could: $3"
		return 1
	fi
	grep -q "$ra_msg" err.txt && return 0
	echo "$1: $3: $(cat err.txt), want $2"
	return 1
}

# refused_in_userns UID GID WHO CMD: CMD (a shell string) run by userns-as
# UID GID (as root of a user namespace of its own, mapping both) must fail
# with EACCES: no capability of that namespace overrides tracefs's modes.
# WHO names the user in what it says. Returns 0 if so; otherwise says what
# happened and returns 1.
refused_in_userns() {
	if userns-as "$1" "$2" sh -c "$4" >/dev/null 2>err.txt; then
		echo "in a user namespace of its own, $3 could: $4"
		return 1
	fi
	grep -q 'Permission denied' err.txt && return 0
	echo "in a user namespace of its own, $3: $4: $(cat err.txt), want EACCES"
	return 1
}

# end_trace_readers: kill what still holds a trace_pipe(_raw) open (trace-cmd
# 3.1.6's stream readers outlive a signal to their parent), naming each.
end_trace_readers() {
	for f in /proc/[0-9]*/fd/*; do
		case $(readlink "$f" 2>/dev/null) in
		*trace_pipe*)
			p=${f#/proc/}
			p=${p%%/*}
			note "ended a leftover reader of $(readlink "$f"): pid $p, $(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null)"
			kill -9 "$p" 2>/dev/null
			;;
		esac
	done
}

# Load the test module that asks debugfs for group/other permissions.
load_test_module() {
	[ -d /sys/module/debugfs_mode_test ] && return 0
	insmod /lib/modules/tests/debugfs_mode_test.ko
}

# mode PATH: octal permission bits of PATH, or of what it links to (e.g. 600).
mode() { stat -L -c %a "$1"; }

# The tracing directory the checks use: the scenario's tracefs mount, or
# the debugfs automount where only debugfs is mounted.
T=$(tracing_dir)
[ -n "$T" ] || T=/sys/kernel/debug/tracing

# io_workload: some direct reads from the scratch disk.
io_workload() {
	dd if=/dev/vda of=/dev/null bs=4k count=256 iflag=direct 2>/dev/null
	dd if=/dev/vda of=/dev/null bs=64k count=32 skip=64 iflag=direct 2>/dev/null
}

# blkparse_counts DIR NAME: "Q=<queued> C=<completed>" from blkparse output.
blkparse_counts() {
	blkparse -D "$1" -i "$2" >"$1/parse.txt" 2>&1
	q=$(awk '$6 == "Q"' "$1/parse.txt" | wc -l)
	c=$(awk '$6 == "C"' "$1/parse.txt" | wc -l)
	echo "Q=$q C=$c"
}

# audit_debugfs MIN: every debugfs entry root's with no group/other bits,
# and more than MIN entries; the counts go to the report.
audit_debugfs() {
	total=$(find "$D" -xdev | wc -l)
	find "$D" -xdev -perm /077 >audit-go.txt
	find "$D" -xdev \( ! -user 0 -o ! -group 0 \) >audit-owner.txt
	go=$(wc -l <audit-go.txt)
	owner=$(wc -l <audit-owner.txt)
	note "debugfs audit: $total entries, $go with group/other bits, $owner not owned by root:root"
	head -n 10 audit-go.txt audit-owner.txt
	[ "$total" -gt "$1" ] && [ "$go" = 0 ] && [ "$owner" = 0 ]
}

# blktrace_vda DIR SECS: Debian's blktrace on /dev/vda for SECS seconds
# into DIR, with io_workload meanwhile; its output is shown, its exit
# status returned; blkparse_counts DIR vda reads the result.
blktrace_vda() {
	rm -rf "$1" && mkdir -p "$1"
	blktrace -d /dev/vda -D "$1" -o vda -w "$2" >"$1/out" 2>&1 &
	bt_pid=$!
	sleep 1
	io_workload
	bt_rc=0
	wait $bt_pid || bt_rc=$?
	cat "$1/out"
	return $bt_rc
}

# write_result FILE VALUE: "ok" or the error message of the write.
write_result() {
	if out=$( (echo "$2" >"$1") 2>&1); then echo ok; else echo "$out"; fi
}

# nonzero_counts "Q=1 C=2": true when every count is above zero.
nonzero_counts() { echo "$1" | awk -F'[ =]' '{exit !($2 > 0 && $4 > 0)}'; }

# legacy NAME: run the legacy-style script tools-check/legacy/NAME.sh.
legacy() { sh "/tools-check/legacy/$1.sh"; }

# view_active: compat/debugfs-compat-view is active (started by the scenario).
view_active() { [ -f /run/debugfs-compat-view/state ]; }
# old_paths: the old /sys/kernel/debug paths resolve (debugfs or the view).
old_paths() { [ "$EXPECT_DEBUGFS" = mounted ] || view_active; }
