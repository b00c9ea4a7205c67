# shellcheck shell=sh
# tracefs permission policy and delegation to the "tracing" group (gid
# 2000). The scenario mounts tracefs with gid=2000,mode=0770. Every check
# puts back what it changed.

TF=/sys/kernel/tracing
# A directory the tracing-group member can write its trace files to.
U=/tmp/tracer-work
mkdir -p "$U" && chmod 1777 "$U"
PRIVATE_FILES="kprobe_events uprobe_events dynamic_events kprobes/enabled kprobes/list kprobes/blacklist"

# policy_audit LABEL [DIR]: walk all of tracefs and compare every entry with
# the policy: no other bits; private entries (root:root, no group bits) and
# the files that must be private; every other entry owned by the mount's
# gid, group bits = owner's r and x, plus w when the mount's mode gives the
# group w (so a write-only file has no group bits unless delegated).
policy_audit() {
	label=$1
	dir=${2:-$TF}
	mmode=$(stat -c %a "$dir")
	mgid=$(stat -c %g "$dir")
	find "$dir" -xdev -exec stat -c '%a %u %g %n' {} + >audit.txt
	for f in $PRIVATE_FILES; do
		[ -e "$dir/$f" ] && echo "$dir/$f"
	done >must-private.txt
	awk -v root="$dir" -v mmode="$mmode" -v mgid="$mgid" '
		FILENAME == ARGV[1] { must[$1] = 1; next }
		function digit(m, i) { return substr(m, length(m) - i, 1) + 0 }
		{
			n++; m = $1; o = digit(m, 2); g = digit(m, 1); x = digit(m, 0)
			gw = int(digit(mmode, 1) / 2) % 2
			bad = ""
			if (x != 0) bad = "other bits"
			else if ($4 == root) { if (m != mmode) bad = "root dir mode" }
			else if (g == 0 && $2 == 0 && $3 == 0) p++
			else {
				want = (o >= 4 ? 4 : 0) + (o % 2) + (gw && int(o / 2) % 2 ? 2 : 0)
				if (g != want) bad = "group bits " g " want " want
				else if ($3 != mgid) bad = "group " $3 " want " mgid
				if ($4 in must) bad = "should be private"
			}
			if (bad != "") { mis++; if (mis <= 10) print "mismatch: " $0 " (" bad ")" }
		}
		END { printf "RESULT %d %d %d\n", n, p, mis }' must-private.txt audit.txt >audit.out
	cat audit.out
	awk '$1 ~ /00$/ && $2 == 0 && $3 == 0 {print $4}' audit.txt | sed "s#^$dir/##" >private.txt
	read -r n p mis <<-RES
	$(sed -n 's/^RESULT //p' audit.out)
	RES
	note "policy after $label: $n entries, $p private, $mis mismatches (root dir $mmode, gid $mgid)"
	[ "$n" -gt 100 ] && [ "$mis" = 0 ]
}

check_policy_mount() {
	policy_audit "mount (gid=2000,mode=0770)" || return 1
	note "private entries: $(paste -sd' ' private.txt)"
}

check_policy_instance() {
	mkdir "$TF/instances/policy" || return 1
	policy_audit "instance mkdir"
	rc=$?
	rmdir "$TF/instances/policy" || rc=1
	return $rc
}

# policy_probe_event FILE DEFINITION EVENT-DIR: add a dynamic event, audit,
# remove it.
policy_probe_event() {
	echo "$2" >>"$TF/$1" || return 1
	[ -d "$TF/events/$3" ] || { echo "event dir $3 missing"; return 1; }
	policy_audit "$1 event"
	rc=$?
	echo "-:${2#p:}" | cut -d' ' -f1 >>"$TF/$1" || rc=1
	return $rc
}

check_policy_kprobe_event() {
	policy_probe_event kprobe_events 'p:policy_kp do_sys_openat2' kprobes/policy_kp
}

check_policy_uprobe_event() {
	policy_probe_event uprobe_events 'p:policy_up /bin/busybox:0x1000' uprobes/policy_up
}

check_policy_module_events() {
	insmod /lib/modules/tests/trace-events-sample.ko || return 1
	[ -d "$TF/events/sample-trace" ] || { echo "module events missing"; return 1; }
	policy_audit "module load"
	rc=$?
	rmmod trace-events-sample || rc=1
	return $rc
}

check_policy_remount() {
	mount -o remount,mode=0750 "$TF" || return 1
	policy_audit "remount mode=0750 (not delegated)"
	rc=$?
	mount -o remount,mode=0770 "$TF" || rc=1
	policy_audit "remount mode=0770 (delegated again)" || rc=1
	return $rc
}

# The debugfs automount is the same superblock: it shows the same modes and
# owners, and triggering it changes nothing.
check_policy_debugfs_automount() {
	(cd "$TF" && find . -exec stat -c '%a %u %g %n' {} + | sort) >via-tracefs.txt
	(cd "$D/tracing" && find . -exec stat -c '%a %u %g %n' {} + | sort) >via-debugfs.txt
	(cd "$TF" && find . -exec stat -c '%a %u %g %n' {} + | sort) >via-tracefs-after.txt
	note "automount: $(wc -l <via-debugfs.txt) entries compared"
	cmp via-tracefs.txt via-debugfs.txt && cmp via-tracefs.txt via-tracefs-after.txt
}

# Bad options are refused with a kernel log line, and change nothing.
check_policy_bad_options() {
	before=$(stat -c '%a %g' "$TF")
	rc=0
	for opt in mode=0777 mode=0705 mode=abc gid=nosuchgroup uid=-x mode=01770; do
		if mount -o "remount,$opt" "$TF" 2>/dev/null; then
			echo "remount $opt accepted"
			rc=1
		elif ! dmesg | grep -q "tracefs: .*'$opt' refused"; then
			echo "remount $opt refused without a kernel log line"
			rc=1
		fi
	done
	after=$(stat -c '%a %g' "$TF")
	[ "$before" = "$after" ] || { echo "changed: $before -> $after"; rc=1; }
	mount -o remount,mode=0770,gid=2000 "$TF"
	return $rc
}

# As a member of the tracing group: record and report sched events (with -d,
# see delegated_record_plain), an instance with -B, stream.
check_delegated_record() {
	as_user tracer "cd $U && trace-cmd record -d -o del.dat -e sched:sched_switch -B deleg -e sched:sched_switch sh -c '. /tools-check/lib.sh; workload'" >del-rec.out 2>&1
	rc=$?
	tail -n 5 del-rec.out
	[ $rc = 0 ] || return 1
	n=$(as_user tracer "trace-cmd report -i $U/del.dat" 2>/dev/null | grep -c 'sched_switch:')
	note "tracing-group member: trace-cmd record -d/report: $n sched_switch records"
	[ "$n" -gt 0 ] && [ ! -d "$TF/instances/deleg" ]
}

# trace-cmd 3.1.6 record always opens /proc/sys/kernel/ftrace_enabled for
# writing when it starts tracing; that sysctl is root's only.
check_delegated_record_plain() {
	as_user tracer "cd $U && trace-cmd record -o plain.dat -e sched:sched_switch sleep 0.3" >plain.out 2>&1
	rc=$?
	tail -n 3 plain.out
	[ $rc = 0 ]
}

check_delegated_stream() {
	as_user tracer "cd $U && timeout 5 trace-cmd stream -d -e sched:sched_switch" >stream.out 2>&1
	n=$(grep -c 'sched_switch:' stream.out)
	note "tracing-group member: trace-cmd stream: $n sched_switch lines in 5 s"
	tail -n 3 stream.out
	[ "$n" -gt 0 ]
}

check_delegated_instances() {
	as_user tracer "mkdir $TF/instances/mine && echo 1 > $TF/instances/mine/events/sched/sched_switch/enable && rmdir $TF/instances/mine"
}

# Privileged files stay root's, delegated or not: writes fail with EACCES.
check_delegated_no_privileged() {
	rc=0 n=0
	for f in kprobe_events uprobe_events dynamic_events kprobes/enabled; do
		[ -e "$TF/$f" ] || continue
		n=$((n + 1))
		if as_user tracer "echo >> $TF/$f" 2>err.txt; then
			echo "tracer could write $f"
			rc=1
		fi
		grep -q 'Permission denied' err.txt || { echo "$f: $(cat err.txt)"; rc=1; }
	done
	[ "$n" -ge 3 ] || { echo "only $n of the privileged files exist: nothing to refuse"; rc=1; }
	return $rc
}

check_outsider_nothing() {
	rc=0
	for f in "$TF" "$TF/trace" "$TF/available_events" "$TF/events/sched/sched_switch/format"; do
		[ -e "$f" ] || { echo "$f does not exist: nothing to refuse"; rc=1; continue; }
		if [ -d "$f" ]; then c="ls $f"; else c="cat $f"; fi
		as_user outsider "$c" >/dev/null 2>err.txt && { echo "outsider read $f"; rc=1; }
		grep -q 'Permission denied' err.txt || { echo "$f: not refused with EACCES: $(cat err.txt)"; rc=1; }
	done
	return $rc
}
