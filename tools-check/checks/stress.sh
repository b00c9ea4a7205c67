# shellcheck shell=sh
# Hostile and concurrent use of what the series touches: lifetimes and
# locks, under KASAN, lockdep and kmemleak on the debug kernels (scenario
# stress, with the groups kmemleak-start and faults around this one), and
# on the plain patched kernels of make check (scenario concurrency), where
# a WARN, BUG or hang fails too. Every loop is bounded in count and in
# time (STRESS_SECONDS each). A check passes when what it ran ended in the
# state it must (nothing left behind, a clear errno where something
# failed); the splats are the boot's kernel_log_clean.

STRESS_SECONDS=${STRESS_SECONDS:-20}

# until_done START: true while under STRESS_SECONDS since START (uptime s).
until_done() {
	awk -v s="$1" -v l="$STRESS_SECONDS" '{exit !($1 - s < l)}' /proc/uptime
}
now_s() { cut -d' ' -f1 /proc/uptime; }

# kasan_count: the KASAN reports in the kernel log so far.
kasan_count() { dmesg | grep -c 'BUG: KASAN'; }

# kasan_since N0 WHAT: say WHAT and the KASAN reports before (N0) and
# now; when there are new ones, show the last and return 1.
kasan_since() {
	ks_n1=$(kasan_count)
	echo "$2; KASAN reports before: $1, after: $ks_n1"
	[ "$ks_n1" = "$1" ] && return 0
	dmesg | grep -A 12 'BUG: KASAN' | tail -n 13
	return 1
}

# remount_while PID OPTIONS...: remount $T with each of OPTIONS in turn,
# round after round, while PID runs and under STRESS_SECONDS. Sets n to
# the number of remounts; returns 1 when one of them failed.
remount_while() {
	rw_pid=$1 rw_rc=0 n=0 rw_t0=$(now_s)
	shift
	while kill -0 "$rw_pid" 2>/dev/null && until_done "$rw_t0"; do
		for o in "$@"; do
			mount -o "remount,$o" "$T" || { echo "remount $o failed"; rw_rc=1; }
			n=$((n + 1))
		done
	done
	return $rw_rc
}

# blktrace: 20 rounds with 6 concurrent users of the files, then 5 rounds
# of removing the device under them.
check_stress_blktrace_teardown() {
	blk-lifetime -n 20 -c 6 /dev/loop1 "$D" | tail -n 3
}
check_stress_blktrace_device_removal() {
	blk-lifetime -r -n 5 -c 4 /dev/loop2 "$D" | tail -n 3
}

# Instances made and removed in a loop while tracefs is remounted with
# changing options; at the end no instance is left and the mount has the
# options it started with.
check_stress_instances_vs_remount() {
	before=$(grep " $T tracefs " /proc/mounts)
	(
		i=0 t0=$(now_s)
		while [ $i -lt 60 ] && until_done "$t0"; do
			mkdir "$T/instances/stress$((i % 3))" 2>/dev/null
			echo 1 >"$T/instances/stress$((i % 3))/events/sched/enable" 2>/dev/null
			rmdir "$T/instances/stress$(((i + 1) % 3))" 2>/dev/null
			i=$((i + 1))
		done
		echo "instance loop: $i rounds"
	) &
	pid=$! rc=0
	remount_while $pid mode=0700 gid=2000,mode=0750 mode=0750 gid=0 || rc=1
	wait $pid
	for d in "$T"/instances/stress*; do
		[ -d "$d" ] && rmdir "$d"
	done
	mount -o remount,gid=0,mode=0700 "$T"
	after=$(grep " $T tracefs " /proc/mounts)
	echo "$n remounts; mount before: $before; after: $after"
	[ -z "$(ls "$T/instances")" ] || { echo "left behind: $(ls "$T/instances")"; rc=1; }
	return $rc
}

# chmod, chown and chgrp of tracefs entries (the root directory, a file,
# an eventfs file and directory) while tracefs is remounted with uid= and
# gid=: a remount that gives them forgets the chowns made before it, so
# after the last one every entry is root's again. Under lockdep this
# takes the chown and remount locks in both orders it can.
check_stress_chown_vs_remount() {
	ev=$T/events/sched/sched_switch
	saved=$(stat -c %a "$T/trace_clock" "$ev/enable" | paste -sd' ' -)
	(
		i=0 t0=$(now_s)
		while [ $i -lt 200 ] && until_done "$t0"; do
			for f in "$T" "$T/trace_clock" "$ev" "$ev/enable"; do
				chown 1000:1000 "$f" && chmod g-w "$f" && chgrp 2000 "$f" || exit 1
			done
			i=$((i + 1))
		done
		echo "chown loop: $i rounds"
	) &
	pid=$! rc=0
	remount_while $pid uid=0 gid=0 uid=1000,gid=2000 uid=0,gid=0 || rc=1
	wait $pid || { echo "a chmod, chown or chgrp failed"; rc=1; }
	mount -o remount,uid=0,gid=0 "$T" || rc=1
	owners=$(stat -c %u:%g "$T" "$T/trace_clock" "$ev" "$ev/enable" | paste -sd' ' -)
	echo "$n remounts; owners after the last remount with uid=0,gid=0: $owners"
	[ "$owners" = "0:0 0:0 0:0 0:0" ] || { echo "a chown outlived the remount after it"; rc=1; }
	set -- $saved
	chmod "$1" "$T/trace_clock" && chmod "$2" "$ev/enable" || rc=1
	# mode= given again forgets the chmod of the root directory
	mount -o remount,mode=0700 "$T" || rc=1
	return $rc
}

# An inotify watch holds an inode, not its dentry: watching an instance's
# events directories and removing the instance leaves their inodes on the
# superblock after the eventfs_inodes they point to are freed (an SRCU and
# an RCU grace period later). A remount that gives uid= or gid= walks the
# superblock's inodes and must not follow those pointers: KASAN reports
# the read of freed memory (a slab-use-after-free in eventfs_remount()).
# On 6.1 (no eventfs) the watches end with the removal.
check_stress_eventfs_watch_vs_remount() {
	rc=0 pids=""
	n0=$(kasan_count)
	for i in 1 2 3; do
		d=$T/instances/watched$i
		mkdir "$d" || return 1
		inotify-hold "$d/events" "$d/events/sched" "$d/events/sched/sched_switch" >"hold$i.out" 2>&1 &
		pids="$pids $!"
		j=0
		while ! grep -q '^watching 3$' "hold$i.out" && [ $j -lt 100 ]; do
			sleep 0.1
			j=$((j + 1))
		done
		grep -q '^watching 3$' "hold$i.out" || { cat "hold$i.out"; echo "no watches on $d"; rc=1; }
		rmdir "$d" || { echo "rmdir $d failed"; rc=1; }
	done
	# the eventfs_inodes are freed after the grace periods
	sleep 3
	for o in uid=1000 gid=2000 uid=0,gid=0; do
		mount -o "remount,$o" "$T" || { echo "remount $o failed"; rc=1; }
	done
	# shellcheck disable=SC2086 # a list of pids
	kill $pids
	# shellcheck disable=SC2086
	wait $pids || { echo "inotify-hold failed"; rc=1; }
	kasan_since "$n0" "3 instances removed under watches, 3 remounts" || rc=1
	[ -z "$(ls "$T/instances")" ] || { echo "left behind: $(ls "$T/instances")"; rc=1; }
	return $rc
}

# The files of an instance point at its trace_array, or at memory the
# instance owns (its option and event files), which rmdir frees; an open
# that reaches a file's ->open after that (through an O_PATH descriptor
# taken before the rmdir, reopened by /proc/self/fd) must learn that the
# instance is gone without reading freed memory: ENODEV for every file,
# and no KASAN report. Then opens of an instance's files race its rmdir
# and mkdir for STRESS_SECONDS; at the end it is gone.
check_stress_instance_open_vs_rmdir() {
	rc=0 n0=$(kasan_count)
	d=$T/instances/reopened
	mkdir "$d" || return 1
	files=""
	for f in current_tracer tracing_on buffer_size_kb trace trace_pipe trace_marker trace_options \
		trace_clock tracing_cpumask options/print-parent options/func_stack_trace events/enable \
		events/sched/enable events/sched/sched_switch/enable events/sched/sched_switch/filter \
		events/sched/sched_switch/trigger; do
		[ -e "$d/$f" ] && files="$files $f"
	done
	# shellcheck disable=SC2086 # a list of file names
	set -- $files
	[ $# -ge 14 ] || { echo "only $# of the files to reopen exist:$files"; rc=1; }
	# shellcheck disable=SC2086 # a list of file names
	reopen-removed "$d" $files >reopen.out 2>&1 || rc=1
	cat reopen.out
	for f in $files; do
		grep -qx "$f errno ENODEV" reopen.out || { echo "$f: not ENODEV"; rc=1; }
	done
	(
		i=0 t0=$(now_s)
		while [ $i -lt 400 ] && until_done "$t0"; do
			for f in tracing_on buffer_size_kb trace_options; do
				cat "$T/instances/raced/$f" >/dev/null 2>&1
			done
			i=$((i + 1))
		done
		echo "open loop: $i rounds"
	) &
	pid=$! n=0
	while kill -0 $pid 2>/dev/null; do
		mkdir "$T/instances/raced" 2>/dev/null
		rmdir "$T/instances/raced" 2>/dev/null && n=$((n + 1))
	done
	wait $pid
	if [ -d "$T/instances/raced" ]; then
		rmdir "$T/instances/raced" || rc=1
	fi
	kasan_since "$n0" "$n removals raced by opens" || rc=1
	[ -z "$(ls "$T/instances")" ] || { echo "left behind: $(ls "$T/instances")"; rc=1; }
	return $rc
}

# The same for an event's files when the event goes: a kprobe event's
# files held by O_PATH descriptors when root deletes the event (which
# frees its trace_event_file and event call), reopened through
# /proc/self/fd: each open, or its first read (format), fails with ENODEV;
# hist and format held open across the delete fail their next read with
# ENODEV; no KASAN report. (id holds a number, not a pointer: not asserted.)
check_stress_event_reopen_after_delete() {
	rc=0 n0=$(kasan_count)
	echo 'p:reopenkp do_sys_openat2' >>"$T/kprobe_events" || { echo "cannot define the kprobe event"; return 1; }
	d=$T/events/kprobes/reopenkp
	files=""
	for f in enable filter trigger format id hist hist_debug inject; do
		[ -e "$d/$f" ] && files="$files $f"
	done
	# shellcheck disable=SC2086 # a list of file names
	set -- $files
	[ $# -ge 5 ] || { echo "only $# of the event's files exist:$files"; rc=1; }
	# hist and format also held open across the delete: their next read
	# finds the event gone
	held=""
	for f in hist format; do
		[ -e "$d/$f" ] && held="$held $f"
	done
	[ ! -e "$d/hist" ] || exec 4<"$d/hist"
	exec 5<"$d/format"
	# shellcheck disable=SC2086 # a list of file names
	reopen-removed -x "echo '-:reopenkp' >> $T/kprobe_events" "$d" $files >reopen-ev.out 2>&1 || rc=1
	cat reopen-ev.out
	for f in $held; do
		case $f in hist) fd=4 ;; *) fd=5 ;; esac
		if cat <&$fd >/dev/null 2>err.txt; then
			echo "$f, held open across the delete: read succeeded"
			rc=1
		elif grep -q 'No such device' err.txt; then
			echo "$f, held open across the delete: read fails with ENODEV"
		else
			echo "$f, held open across the delete: $(cat err.txt), want ENODEV"
			rc=1
		fi
	done
	exec 4<&- 5<&-
	for f in $files; do
		[ "$f" != id ] || continue
		grep -Eqx "$f (errno|opened, read errno) ENODEV" reopen-ev.out || { echo "$f: neither its open nor its read failed with ENODEV"; rc=1; }
	done
	[ ! -d "$d" ] || { echo "$d is left after the delete"; rc=1; }
	kasan_since "$n0" "files of a deleted kprobe event reopened" || rc=1
	return $rc
}

# kprobes/enabled toggled through the old path and the new one at once.
check_stress_kprobes_enabled_two_paths() {
	new=$T/kprobes/enabled
	[ -e "$new" ] || new=$D/kprobes/enabled	# baseline: debugfs only
	old=$D/kprobes/enabled
	orig=$(cat "$old")
	(for _ in $(seq 200); do echo 0 >"$old"; echo 1 >"$old"; done) &
	p1=$!
	(for _ in $(seq 200); do echo 1 >"$new"; cat "$new" >/dev/null; echo 0 >"$new"; done) &
	p2=$!
	wait $p1 && wait $p2 || { echo "a write failed"; return 1; }
	echo "$orig" >"$old"
	a=$(cat "$old") b=$(cat "$new")
	echo "after: old path $a, new path $b (started at $orig)"
	[ "$a" = "$b" ] && [ "$a" = "$orig" ]
}

# First access through the debugfs automount (tracing/) racing with
# unmounts of it.
check_stress_automount_vs_umount() {
	(
		t0=$(now_s) i=0
		while [ $i -lt 300 ] && until_done "$t0"; do
			cat "$D/tracing/tracing_on" >/dev/null 2>&1
			i=$((i + 1))
		done
	) &
	pid=$!
	n=0
	while kill -0 $pid 2>/dev/null; do
		umount "$D/tracing" 2>/dev/null && n=$((n + 1))
	done
	wait $pid
	v=$(cat "$D/tracing/tracing_on") || return 1
	echo "$n unmounts of the automount; tracing_on through it afterwards: $v"
	[ "$v" = 1 ]
}

# A module with trace events loaded and unloaded while tracefs is
# remounted: its events directory comes and goes under the remount.
check_stress_module_events_vs_remount() {
	ko=/lib/modules/tests/trace-events-sample.ko
	[ -f "$ko" ] || { echo "no $ko"; return 1; }
	(
		for _ in $(seq 15); do
			insmod "$ko" || exit 1
			echo 1 >"$T/events/sample-trace/enable" 2>/dev/null
			rmmod trace_events_sample || exit 1
		done
	) &
	pid=$!
	while kill -0 $pid 2>/dev/null; do
		mount -o remount,mode=0750 "$T"
		mount -o remount,mode=0700 "$T"
	done
	wait $pid || { echo "insmod/rmmod failed"; return 1; }
	[ ! -d "$T/events/sample-trace" ] || { echo "events/sample-trace left behind"; return 1; }
}
