# shellcheck shell=sh
# tracefs permission policy and delegation to the "tracing" group (gid
# 2000). The scenario mounts tracefs with gid=2000,mode=0770. Every check
# puts back what it changed.

TF=/sys/kernel/tracing
# A directory the tracing-group member can write its trace files to.
U=/tmp/tracer-work
mkdir -p "$U" && chmod 1777 "$U"
PRIVATE_FILES="kprobe_events uprobe_events dynamic_events kprobe_profile uprobe_profile kprobes/enabled kprobes/list kprobes/blacklist"
# The names a member may give its instances start u<uid>-, uid its own
# numeric fsuid (delegated_instance_namespace): tracer's prefix.
OWN=u$(id -u tracer)-

# What the group writes at the top level, which is root's session: the
# markers, and instances/ to make instances of its own. In its own
# instances a member writes, as their owner, what the kernel delegates
# (TRACE_MODE_DELEGATE; the table in Documentation/trace/ftrace.rst).
GROUP_WRITES="trace_marker trace_marker_raw instances"

# policy_audit LABEL [DIR]: walk all of tracefs and compare every entry with
# the policy: no other bits anywhere; the files that must be private are
# root:root without group bits; every shared entry has the mount's group;
# the group writes only the markers and instances/ of the top level, and
# only when the mount's mode gives the group write permission (then the
# instances directory is sticky). When delegated, instances/ must be
# group-writable, so that an empty list cannot pass.
policy_audit() {
	label=$1
	dir=${2:-$TF}
	mmode=$(stat -c %a "$dir")
	mgid=$(stat -c %g "$dir")
	find "$dir" -xdev -exec stat -c '%a %u %g %n' {} + >audit.txt
	for f in $PRIVATE_FILES; do
		[ -e "$dir/$f" ] && echo "$dir/$f"
	done >must-private.txt
	awk -v root="$dir" -v mmode="$mmode" -v mgid="$mgid" -v allow="$GROUP_WRITES" '
		BEGIN { n = split(allow, a, " "); for (i = 1; i <= n; i++) ok[a[i]] = 1; n = 0 }
		FILENAME == ARGV[1] { must[$1] = 1; next }
		function digit(m, i) { return substr(m, length(m) - i, 1) + 0 }
		{
			n++; m = $1; g = digit(m, 1); x = digit(m, 0); s = length(m) > 3 ? digit(m, 3) : 0
			gw = int(digit(mmode, 1) / 2) % 2
			base = $4; sub(/.*\//, "", base)
			bad = ""
			if (x != 0) bad = "other bits"
			else if ($4 == root) { if (m != mmode) bad = "root dir mode" }
			else if (g == 0 && $2 == 0 && $3 == 0) p++
			else {
				if ($3 != mgid) bad = "group " $3 " want " mgid
				else if ($4 in must) bad = "should be private"
				else if (int(g / 2) % 2) {
					w++
					if (!gw) bad = "group-writable, but the mount does not delegate"
					else if (!(base in ok) || $4 != root "/" base) bad = "group-writable, not a marker or instances/ of the top level"
					else if (base == "instances" && s != 1) bad = "instances not sticky"
				}
			}
			if ($4 == root "/instances") iw = int(g / 2) % 2
			if (bad != "") { mis++; if (mis <= 10) print "mismatch: " $0 " (" bad ")" }
		}
		END {
			if (gw && !iw) { mis++; print "mismatch: instances is not group-writable in a delegated mount" }
			printf "RESULT %d %d %d %d\n", n, p, mis, w
		}' must-private.txt audit.txt >audit.out
	cat audit.out
	awk '$1 ~ /00$/ && $2 == 0 && $3 == 0 {print $4}' audit.txt | sed "s#^$dir/##" >private.txt
	read -r n p mis w <<-RES
	$(sed -n 's/^RESULT //p' audit.out)
	RES
	note "policy after $label: $n entries, $p private, $w group-writable (markers and instances/ of the top level), $mis mismatches (root dir $mmode, gid $mgid)"
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

# mount_opts DIR: the uid=, gid= and mode= that /proc/mounts shows for the
# tracefs mounted on DIR, sorted, on one line.
mount_opts() {
	awk -v m="$1" '$2 == m && $3 == "tracefs" {print $4; exit}' /proc/mounts |
		tr ',' '\n' | grep -E '^(uid|gid|mode)=' | sort | paste -sd' ' -
}

# Something that mounts the same superblock without options (the debugfs
# automount, looked up again after an unmount; a second mount of tracefs)
# leaves the options in force, and /proc/mounts keeps showing them. The
# unpatched kernels keep the entries' permissions but forget the options
# (6.1 its mode=, 6.12 all three): fixed by the series' stable fix
# "tracefs: keep the mount options a mount or remount does not give".
check_policy_options_kept_in_mounts() {
	rc=0 want="gid=2000 mode=770"
	mount -o remount,gid=2000,mode=0770 "$TF" || return 1
	got=$(mount_opts "$TF")
	[ "$got" = "$want" ] || { echo "after remount gid=2000,mode=0770: /proc/mounts shows '$got', want '$want'"; rc=1; }
	umount "$D/tracing" 2>/dev/null
	ls "$D/tracing" >/dev/null || { echo "the debugfs automount failed"; rc=1; }
	got=$(mount_opts "$TF")
	[ "$got" = "$want" ] || { echo "after the debugfs automount: /proc/mounts shows '$got', want '$want'"; rc=1; }
	mkdir -p /tmp/tracefs-again
	mount -t tracefs nodev /tmp/tracefs-again || { echo "a second mount of tracefs failed"; rc=1; }
	got=$(mount_opts "$TF")
	umount /tmp/tracefs-again 2>/dev/null
	[ "$got" = "$want" ] || { echo "after a second mount without options: /proc/mounts shows '$got', want '$want'"; rc=1; }
	m=$(stat -c '%a %g' "$TF")
	[ "$m" = "770 2000" ] || { echo "root directory $m, want 770 2000"; rc=1; }
	note "options in /proc/mounts after the automount and a second mount: '$got'"
	# Left as the automount left them, as policy_debugfs_automount did
	# before this check: busybox's remount passes the options that
	# /proc/mounts shows along, so the checks after this one see what
	# they saw without it, on the unpatched kernels too.
	return $rc
}

# Malformed values (a group name, a non-octal mode) get what the version
# always gave them (kernel/<version>/provides): 6.1 ignores them (mount(8)
# passes gid=tracing through): the remount succeeds, changes nothing, and
# the kernel log now says so; 6.12 refuses them with EINVAL and logs it.
check_policy_bad_options() {
	before=$(stat -c '%a %g' "$TF")
	rc=0
	for opt in mode=abc gid=nosuchgroup uid=-x; do
		case ${TRACEFS_MALFORMED_OPTION:-} in
		ignored)
			# 6.1: ignored, the mount succeeds; the series logs it.
			if ! mount -o "remount,$opt" "$TF" 2>err.txt; then
				echo "remount $opt failed: $(cat err.txt)"
				rc=1
			elif ! dmesg | grep -q "tracefs: mount option '$opt' ignored"; then
				echo "remount $opt ignored without a kernel log line"
				rc=1
			fi
			;;
		refused)
			# 6.12 (fs_context): refused with EINVAL and logged, as the
			# unpatched kernel does.
			if mount -o "remount,$opt" "$TF" 2>err.txt; then
				echo "remount $opt succeeded; this version refuses it (EINVAL)"
				rc=1
			elif ! grep -q 'Invalid argument' err.txt; then
				echo "remount $opt refused, but not with EINVAL: $(cat err.txt)"
				rc=1
			elif ! dmesg | grep -q "tracefs: Bad value for '${opt%%=*}'"; then
				echo "remount $opt refused without a kernel log line"
				rc=1
			fi
			;;
		*)
			echo "the kernel version's provides file does not say how tracefs answers a malformed option (TRACEFS_MALFORMED_OPTION)"
			return 1
			;;
		esac
	done
	after=$(stat -c '%a %g' "$TF")
	[ "$before" = "$after" ] || { echo "changed: $before -> $after"; rc=1; }
	mount -o remount,mode=0770,gid=2000 "$TF"
	return $rc
}

# A mode that asks for more than tracefs gives (other users, set-id, sticky)
# is not refused: an fstab line or a tool using it keeps working. The extra
# bits are dropped and logged, once.
check_policy_wide_mode_clamped() {
	rc=0
	for opt in mode=0777 mode=0755 mode=01770; do
		if ! mount -o "remount,$opt" "$TF" 2>err.txt; then
			echo "remount $opt failed: $(cat err.txt)"
			rc=1
			continue
		fi
		m=$(stat -c %a "$TF")
		want=$(printf '%o' $(( $(printf '%d' "0${opt#mode=}") & 0770 )))
		[ "$m" = "$want" ] || { echo "remount $opt: root dir $m, want $want"; rc=1; }
	done
	mkdir -p /mnt/tracefs2
	if mount -t tracefs -o mode=755 nodev /mnt/tracefs2 2>err.txt; then
		[ "$(stat -c %a /mnt/tracefs2)" = 750 ] || { echo "second mount mode=755: $(stat -c %a /mnt/tracefs2), want 750"; rc=1; }
		umount /mnt/tracefs2
	else
		echo "second mount with mode=755 failed: $(cat err.txt)"
		rc=1
	fi
	n=$(dmesg | grep -c "tracefs: mount option 'mode=.*' asks for more than tracefs gives")
	note "tracefs: mode=0777, 0755, 01770 and a second mount mode=755 accepted and clamped; $n log line(s)"
	[ "$n" = 1 ] || { echo "$n kernel log lines for the clamped modes, want 1"; rc=1; }
	mount -o remount,mode=0770,gid=2000 "$TF"
	return $rc
}

# What root sets with chmod and chown stays, whatever mounts and remounts
# follow (a second mount, the debugfs automount, a remount with options);
# "other" bits are dropped, each logged; a private file stays root's.
check_policy_chmod_survives() {
	rc=0
	logged=$(dmesg | grep -c "tracefs: chmod .* asks for more than tracefs gives")
	saved=$(for f in trace_marker set_event trace_clock kprobe_events; do stat -c "%a %u %g $f" "$TF/$f"; done)
	chmod 0666 "$TF/trace_marker" || { echo "chmod 0666 trace_marker failed"; return 1; }
	chmod 0777 "$TF/set_event" || { echo "chmod 0777 set_event failed"; return 1; }
	chown 1001 "$TF/trace_clock" || { echo "chown 1001 trace_clock failed"; return 1; }
	chmod 0666 "$TF/kprobe_events" || { echo "chmod 0666 kprobe_events failed"; return 1; }
	chown 1001:2000 "$TF/kprobe_events" || { echo "chown kprobe_events failed"; return 1; }
	expect_modes() {
		got="$(stat -c %a "$TF/trace_marker") $(stat -c %a "$TF/set_event") $(stat -c %u "$TF/trace_clock") $(stat -c '%a %u:%g' "$TF/kprobe_events")"
		[ "$got" = "660 750 1001 600 0:0" ] || { echo "after $1: trace_marker, set_event modes, trace_clock owner, kprobe_events: $got, want 660 750 1001 600 0:0 (the group writes no top-level set_event)"; rc=1; }
	}
	expect_modes "chmod"
	mkdir -p /mnt/tracefs2
	mount -t tracefs nodev /mnt/tracefs2 && umount /mnt/tracefs2
	expect_modes "a second mount"
	ls "$D/tracing/" >/dev/null
	expect_modes "the debugfs automount"
	mount -o remount,gid=2000,mode=0750 "$TF"
	expect_modes "remount gid=2000,mode=0750"
	mount -o remount,gid=2000,mode=0770 "$TF"
	n=$(($(dmesg | grep -c "tracefs: chmod .* asks for more than tracefs gives") - logged))
	[ "$n" = 3 ] || { echo "$n kernel log lines for the 3 clamped chmods, want 3"; rc=1; }
	# back to what the checks that follow expect (on 6.1, which keeps the
	# chmod and chown as asked, kprobe_events would stay the member's)
	echo "$saved" | while read -r m u g f; do
		[ "$(stat -c '%u %g' "$TF/$f")" = "$u $g" ] || chown "$u:$g" "$TF/$f"
		[ "$(stat -c %a "$TF/$f")" = "$m" ] || chmod "$m" "$TF/$f"
	done
	return $rc
}

# A remount that gives gid= (uid=) puts every entry back in the mount's
# group (owner), forgetting earlier chgrps (chowns), as both unpatched
# versions do (6.1 walked the tree with set_gid(), 6.12 clears its
# TRACEFS_GID_PERM_SET flags). (Through busybox's mount even a remount
# with mode= alone resets the group, on the unpatched kernels too: the
# options /proc/mounts shows go along, so "kept without gid=" cannot be
# asserted here; check_policy_chmod_survives keeps a chown across one.)
check_policy_remount_resets_group() {
	saved=$(stat -c '%u:%g' "$TF/trace_clock")
	chgrp 1002 "$TF/trace_clock" || { echo "chgrp 1002 trace_clock failed"; return 1; }
	g=$(stat -c %g "$TF/trace_clock")
	[ "$g" = 1002 ] || { echo "chgrp 1002: trace_clock group $g"; return 1; }
	mount -o remount,gid=2000,mode=0770 "$TF"
	g=$(stat -c %g "$TF/trace_clock")
	chown "$saved" "$TF/trace_clock"
	[ "$g" = 2000 ] || { echo "remount gid=2000: trace_clock group $g, want 2000 (the chgrp forgotten)"; return 1; }
}

# An owner given by uid= (not root) keeps the chmod and chgrp it could
# make on the unpatched kernels: they succeed. It cannot widen its own
# permissions with them: its chmod only takes bits away from what the
# policy gives (once logged), bits it can give back, and a remount with
# mode= still revokes what mode= delegated; its chgrp leaves the mount's
# group. Root's private files are not its own (EPERM), and once a remount
# gives the entries to root, its chmod fails (EPERM) at once, before
# anything looked at the entry again, and so does its utimensat.
check_policy_owner_chmod() {
	rc=0
	f=$TF/current_tracer
	saved=$(stat -c %a "$f" "$TF/trace_marker_raw" | paste -sd' ' -)
	mount -o remount,uid=1000 "$TF" || { echo "remount uid=1000 failed"; return 1; }
	before=$(stat -c %a "$f")
	as_user tracer "chmod 0666 $f" 2>err.txt || { echo "chmod 0666 by the uid= owner failed: $(cat err.txt)"; rc=1; }
	got=$(stat -c %a "$f")
	[ "$got" = "$before" ] && [ "$got" = 440 ] ||
		{ echo "after the owner's chmod 0666: current_tracer $got, want $before = 440 (no owner write, no other bits)"; rc=1; }
	as_user tracer "echo nop > $f" 2>err.txt && { echo "the uid= owner wrote current_tracer"; rc=1; }
	grep -q 'Permission denied' err.txt || { echo "owner's write to current_tracer: $(cat err.txt), want EACCES"; rc=1; }
	as_user tracer "chmod 0400 $f && stat -c %a $f && chmod 0440 $f && stat -c %a $f" >modes.txt 2>err.txt ||
		{ echo "narrowing and giving back: $(cat err.txt)"; rc=1; }
	[ "$(paste -sd' ' modes.txt)" = "400 440" ] || { echo "owner's chmod 0400, then 0440: $(paste -sd' ' modes.txt), want 400 440"; rc=1; }
	as_user tracer "chgrp 1000 $f" 2>err.txt || { echo "chgrp by the uid= owner failed: $(cat err.txt)"; rc=1; }
	g=$(stat -c %g "$f")
	[ "$g" = 2000 ] || { echo "after the owner's chgrp 1000: current_tracer group $g, want 2000 (the mount's)"; rc=1; }
	as_user tracer "chmod 0600 $TF/kprobe_events" 2>err.txt && { echo "the uid= owner chmod'ed kprobe_events"; rc=1; }
	grep -q 'Operation not permitted' err.txt || { echo "owner's chmod of kprobe_events: $(cat err.txt), want EPERM"; rc=1; }
	# trace_marker_raw is group-writable (0220 here; policy_chmod_survives
	# leaves trace_marker as root's chmod set it): the owner's chmod cannot
	# keep the group's write permission once mode= no longer gives it
	as_user tracer "chmod 0660 $TF/trace_marker_raw" 2>err.txt || { echo "owner's chmod 0660 trace_marker_raw: $(cat err.txt)"; rc=1; }
	mount -o remount,mode=0750 "$TF" || rc=1
	m=$(stat -c %a "$TF/trace_marker_raw")
	mount -o remount,mode=0770 "$TF" || rc=1
	m2=$(stat -c %a "$TF/trace_marker_raw")
	[ "$m $m2" = "200 220" ] || { echo "trace_marker_raw after the owner's chmod 0660, remount mode=0750, then 0770: $m $m2, want 200 220"; rc=1; }
	n=$(dmesg | grep -c "tracefs: chmod 666 of 'current_tracer' by its owner: using 440")
	[ "$n" = 1 ] || { echo "$n kernel log lines for the owner's clamped chmod, want 1"; rc=1; }
	n=$(dmesg | grep -c "tracefs: chown of 'current_tracer' without CAP_CHOWN: the owner and group stay")
	[ "$n" = 1 ] || { echo "$n kernel log lines for the owner's chgrp, want 1"; rc=1; }
	mount -o remount,uid=0 "$TF" || rc=1
	# nothing may stat current_tracer between the remount and this chmod
	as_user tracer "chmod 0400 $f" 2>err.txt && { echo "the owner before the remount uid=0 chmod'ed current_tracer"; rc=1; }
	grep -q 'Operation not permitted' err.txt || { echo "chmod by the owner before remount uid=0: $(cat err.txt), want EPERM"; rc=1; }
	# nor set the timestamps (the owner check of utimensat), trace_clock
	# not looked at since the remount either
	as_user tracer "touch -d '2001-02-03 04:05' $TF/trace_clock" 2>err.txt &&
		{ echo "the owner before the remount uid=0 set trace_clock's times"; rc=1; }
	grep -q 'Operation not permitted' err.txt || { echo "touch -d by the owner before remount uid=0: $(cat err.txt), want EPERM"; rc=1; }
	# uid= forgot what the previous owner's chmod took away
	got=$(stat -c %a "$f" "$TF/trace_marker_raw" | paste -sd' ' -)
	[ "$got" = "$saved" ] || { echo "after remount uid=0: current_tracer, trace_marker_raw $got, want $saved as before"; rc=1; }
	set -- $saved
	[ "$(stat -c %a "$f")" = "$1" ] || chmod "$1" "$f"
	[ "$(stat -c %a "$TF/trace_marker_raw")" = "$2" ] || chmod "$2" "$TF/trace_marker_raw"
	return $rc
}

# As a member of the tracing group: record and report sched events (with -d,
# see delegated_record_plain) into an instance of its own (-B u<uid>-...):
# the top level's buffer is root's (delegated_reader_cannot_block_root).
# trace-cmd removes the instance it made.
check_delegated_record() {
	inst=${OWN}deleg
	as_user tracer "cd $U && trace-cmd record -d -o del.dat -B $inst -e sched:sched_switch sh -c '. /tools-check/lib.sh; workload'" >del-rec.out 2>&1
	rc=$?
	tail -n 5 del-rec.out
	if [ -d "$TF/instances/$inst" ]; then
		echo "trace-cmd left instances/$inst behind"
		rmdir "$TF/instances/$inst"
		rc=1
	fi
	[ $rc = 0 ] || return 1
	n=$(as_user tracer "trace-cmd report -i $U/del.dat" 2>/dev/null | grep -c 'sched_switch:')
	note "tracing-group member: trace-cmd record -d -B $inst/report: $n sched_switch records"
	[ "$n" -gt 0 ]
}

# trace-cmd 3.1.6 record always opens /proc/sys/kernel/ftrace_enabled for
# writing when it starts tracing; that sysctl is root's only. (Past it,
# the top level's per_cpu/cpuN/trace_pipe_raw would be refused too.)
check_delegated_record_plain() {
	as_user tracer "cd $U && trace-cmd record -o plain.dat -e sched:sched_switch sleep 0.3" >plain.out 2>&1
	rc=$?
	tail -n 3 plain.out
	[ $rc = 0 ]
}

check_delegated_stream() {
	# trace-cmd prints what its per-CPU readers get; how soon the kernel
	# wakes a reader depends on the load (a 5 s window saw nothing on a
	# loaded host, 6.12 kernels): wait up to 30 s for the first line. It
	# streams an instance of its own: the top level's buffer is root's.
	inst=${OWN}s
	as_user tracer "cd $U && exec trace-cmd stream -d -B $inst -e sched:sched_switch" >stream.out 2>&1 &
	i=0
	while [ $i -lt 60 ] && ! grep -q 'sched_switch:' stream.out; do
		sleep 0.5
		i=$((i + 1))
	done
	kill -INT $! 2>/dev/null
	sleep 1
	end_trace_readers
	kill -9 $! 2>/dev/null
	wait $!
	# trace-cmd 3.1.6's stream outlives a signal to su: end whatever still
	# holds a file of the instance, so that it can be removed (EBUSY)
	end_holders_under "$TF/instances/$inst/"
	# the instance a killed trace-cmd could not remove (its readers gone)
	j=0
	while [ -d "$TF/instances/$inst" ] && ! rmdir "$TF/instances/$inst" 2>/dev/null && [ $j -lt 10 ]; do
		sleep 0.5
		j=$((j + 1))
	done
	n=$(grep -c 'sched_switch:' stream.out)
	note "tracing-group member: trace-cmd stream -B $inst: $n sched_switch lines, the first within $(((i + 1) / 2)) s"
	tail -n 3 stream.out
	[ ! -d "$TF/instances/$inst" ] || { echo "instances/$inst is left: $(rmdir "$TF/instances/$inst" 2>&1)"; return 1; }
	[ "$n" -gt 0 ]
}

check_delegated_instances() {
	i=$TF/instances/${OWN}mine
	as_user tracer "mkdir $i && echo 1 > $i/events/sched/sched_switch/enable && rmdir $i"
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

# Knobs that can panic or stall the machine, leak kernel pointers, define
# probes or pin memory are not delegated: the member gets EACCES, root can
# still write them. The osnoise, hwlat and timerlat files must exist (the
# guest config has those tracers), so that nothing passes vacuously.
DENIED_KNOBS="current_tracer options/hash-ptr trace_options buffer_size_kb snapshot tracing_cpumask tracing_thresh saved_cmdlines_size events/sched/sched_switch/trigger osnoise/options osnoise/stop_tracing_us hwlat_detector/width hwlat_detector/window max_graph_depth per_cpu/cpu0/buffer_size_kb"
check_delegated_denied_knobs() {
	rc=0 n=0
	for f in $DENIED_KNOBS; do
		[ -e "$TF/$f" ] || { echo "$f does not exist: nothing to refuse"; rc=1; continue; }
		n=$((n + 1))
		refused_as tracer EACCES "echo 1 >> $TF/$f" || rc=1
	done
	note "tracing-group member refused (EACCES) on $n knobs that are not delegated"
	# root still can
	echo nop >"$TF/current_tracer" || { echo "root cannot write current_tracer"; rc=1; }
	v=$(cat "$TF/options/hash-ptr") && echo "$v" >"$TF/options/hash-ptr" || { echo "root cannot write options/hash-ptr"; rc=1; }
	v=$(sed 's/ .*//' "$TF/buffer_size_kb") && echo "$v" >"$TF/buffer_size_kb" || { echo "root cannot write buffer_size_kb"; rc=1; }
	v=$(cat "$TF/osnoise/stop_tracing_us") && echo "$v" >"$TF/osnoise/stop_tracing_us" || { echo "root cannot write osnoise/stop_tracing_us"; rc=1; }
	return $rc
}

# At the top level, root's session, the group writes only the markers and
# instances/: a member's write to tracing_on, trace_clock, set_event, an
# event's enable or filter, set_ftrace_filter, options/function-trace or
# set_event_pid fails with EACCES, and so does truncating trace, so that
# it cannot stop or change what root records there. It writes a marker and
# makes an instance of its own; root's tracing_on stays 1.
check_delegated_top_level_closed() {
	rc=0 n=0
	echo 1 >"$TF/tracing_on" || return 1
	for f in tracing_on trace_clock set_event events/sched/sched_switch/enable events/sched/sched_switch/filter \
		events/sched/enable events/enable set_ftrace_filter options/function-trace set_event_pid; do
		[ -e "$TF/$f" ] || { echo "$f does not exist: nothing to refuse"; rc=1; continue; }
		n=$((n + 1))
		v=$(head -n 1 "$TF/$f" | sed 's/^\[\(.*\)\]$/\1/; s/ .*//')
		refused_as tracer EACCES "echo '$v' >> $TF/$f" || rc=1
	done
	refused_as tracer EACCES ": > $TF/trace" || rc=1
	[ "$(cat "$TF/tracing_on")" = 1 ] || { echo "tracing_on is $(cat "$TF/tracing_on") after the member's writes"; rc=1; }
	as_user tracer "echo top-level-marker > $TF/trace_marker" 2>err.txt || { echo "tracer cannot write trace_marker: $(cat err.txt)"; rc=1; }
	inst=$TF/instances/${OWN}top
	as_user tracer "mkdir $inst && echo 0 > $inst/tracing_on && rmdir $inst" 2>err.txt ||
		{ echo "tracer cannot make and use $inst: $(cat err.txt)"; rc=1; }
	note "tracing-group member refused (EACCES) on $n top-level files and trace's truncation; wrote trace_marker, made $inst"
	return $rc
}

# tracing_on is delegated for the ring buffer, not for starting the tracer
# root chose: with a tracer that does work when started or stopped
# selected (function here, on one function; hwlat would hold interrupts
# off for its width), the write of 1 by the uid= owner, who may write
# tracing_on, would start it: EPERM. With nop that owner switches tracing
# on and off. A member who is not the owner cannot write it at all
# (EACCES).
check_delegated_tracing_on_tracer() {
	rc=0 i=0
	uid=$(id -u tracer)
	echo 0 >"$TF/tracing_on" || return 1
	# The tracer cannot change while trace_pipe(_raw) is open (EBUSY): a
	# trace-cmd reader that an earlier check's timeout left behind
	# (trace-cmd 3.1.6's stream readers outlive a SIGTERM to their parent)
	# is ended first, and named.
	end_trace_readers
	echo do_sys_openat2 >"$TF/set_ftrace_filter" || return 1
	until echo function >"$TF/current_tracer" 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 10 ] || {
			echo "root cannot select function: $({ echo function >"$TF/current_tracer"; } 2>&1)"
			echo >"$TF/set_ftrace_filter"
			return 1
		}
		sleep 1
	done
	mount -o remount,uid="$uid" "$TF" || { echo "remount uid=$uid failed"; rc=1; }
	refused_as tracer EPERM "echo 1 > $TF/tracing_on" || rc=1
	[ "$(cat "$TF/tracing_on")" = 0 ] || { echo "tracing_on is $(cat "$TF/tracing_on") after the refused write"; rc=1; }
	echo 0 >"$TF/tracing_on"
	echo nop >"$TF/current_tracer"
	echo >"$TF/set_ftrace_filter"
	as_user tracer "echo 1 > $TF/tracing_on && echo 0 > $TF/tracing_on" 2>err.txt ||
		{ echo "the uid= owner cannot switch tracing_on with nop: $(cat err.txt)"; rc=1; }
	add_tracer2
	refused_as tracer2 EACCES "echo 1 > $TF/tracing_on" || rc=1
	mount -o remount,uid=0 "$TF" || rc=1
	echo 1 >"$TF/tracing_on"
	return $rc
}

# set_ftrace_filter is delegated for trace-cmd, but its function commands
# (traceoff, snapshot, dump, ...) act on the whole machine: EPERM, in the
# member's own instance as well.
check_delegated_function_commands() {
	rc=0
	inst=$TF/instances/${OWN}fcmd
	as_user tracer "mkdir $inst" 2>err.txt || { echo "tracer cannot mkdir $inst: $(cat err.txt)"; return 1; }
	refused_as tracer EPERM "echo 'schedule:traceoff' >> $inst/set_ftrace_filter" || rc=1
	as_user tracer "echo schedule > $inst/set_ftrace_filter" || { echo "tracer cannot set a plain function filter"; rc=1; }
	grep -qx schedule "$inst/set_ftrace_filter" || { echo "set_ftrace_filter: $(head -n 3 "$inst/set_ftrace_filter")"; rc=1; }
	as_user tracer "echo > $inst/set_ftrace_filter; rmdir $inst" || rc=1
	echo 'schedule:traceoff' >>"$TF/set_ftrace_filter" || { echo "root cannot add a function command"; rc=1; }
	echo '!schedule:traceoff' >>"$TF/set_ftrace_filter"
	echo >"$TF/set_ftrace_filter"
	return $rc
}

# An instance a member makes is the member's; members cannot remove
# root's instances (the instances directory is sticky: EPERM), and cannot
# change the tracer of their own instance (EACCES).
check_delegated_instance_ownership() {
	rc=0
	mine=$TF/instances/${OWN}mine
	mkdir "$TF/instances/roots" || return 1
	as_user tracer "rmdir $TF/instances/roots" 2>err.txt && { echo "tracer removed root's instance"; rc=1; }
	[ -d "$TF/instances/roots" ] && grep -q 'Operation not permitted' err.txt ||
		{ echo "rmdir of root's instance: $(cat err.txt)"; rc=1; }
	as_user tracer "echo 0 > $TF/instances/roots/tracing_on" 2>/dev/null && { echo "tracer wrote root's instance"; rc=1; }
	as_user tracer "mkdir $mine" || { echo "tracer cannot mkdir an instance"; rmdir "$TF/instances/roots"; return 1; }
	owner=$(stat -c %U "$mine") fowner=$(stat -c %U "$mine/tracing_on")
	[ "$owner $fowner" = "tracer tracer" ] || { echo "instance owned by $owner, its tracing_on by $fowner"; rc=1; }
	as_user tracer "echo 1 > $mine/events/sched/sched_switch/enable && echo 0 > $mine/tracing_on" ||
		{ echo "tracer cannot use its own instance"; rc=1; }
	as_user tracer "echo function > $mine/current_tracer" 2>err.txt && { echo "tracer set a tracer in its instance"; rc=1; }
	grep -q 'Permission denied' err.txt || { echo "current_tracer of its own instance: $(cat err.txt)"; rc=1; }
	# an owner cannot chmod itself past the policy: the chmod succeeds, clamped
	as_user tracer "chmod 0660 $mine/current_tracer" 2>err.txt ||
		{ echo "chmod 0660 by the instance owner failed: $(cat err.txt)"; rc=1; }
	m=$(stat -c %a "$mine/current_tracer")
	[ "$m" = 440 ] || { echo "after the instance owner's chmod 0660: current_tracer $m, want 440"; rc=1; }
	as_user tracer "echo function > $mine/current_tracer" 2>err.txt && { echo "tracer set a tracer after its chmod"; rc=1; }
	grep -q 'Permission denied' err.txt || { echo "current_tracer after the owner's chmod: $(cat err.txt)"; rc=1; }
	as_user tracer "rmdir $mine" || { echo "tracer cannot remove its own instance"; rc=1; }
	rmdir "$TF/instances/roots" || rc=1
	return $rc
}

# A second member, tracer2, for the checks between members.
add_tracer2() {
	grep -q '^tracer2:' /etc/passwd && return 0
	echo 'tracer2:x:1002:1002:second tracing group member:/tmp:/bin/sh' >>/etc/passwd
	echo 'tracer2:!:0:0:99999:7:::' >>/etc/shadow
	echo 'tracer2:x:1002:' >>/etc/group
	sed -i 's/^\(tracing:x:2000:.*\)$/\1,tracer2/' /etc/group
}

# A remount with uid= gives an instance that root chowned to another
# member back to its maker. The sticky instances directory must then keep
# that other member out at once, before anything looks at the instance
# again: rmdir tests the owner as it is now, not as last looked at.
check_delegated_rmdir_after_uid_remount() {
	rc=0
	add_tracer2
	# made by tracer: one of its names
	i=$TF/instances/${OWN}handback
	as_user tracer "mkdir $i" 2>err.txt || { echo "mkdir as tracer: $(cat err.txt)"; return 1; }
	chown tracer2 "$i" || rc=1
	[ "$(stat -c %U "$i")" = tracer2 ] || { echo "chown tracer2 did not take"; rc=1; }
	mount -o remount,uid=0 "$TF" || { echo "remount uid=0 failed"; rc=1; }
	# nothing may stat the instance between the remount and this rmdir
	if as_user tracer2 "rmdir $i" 2>err.txt; then
		echo "tracer2 removed the instance that uid= gave back to tracer"
		return 1
	fi
	grep -q 'Operation not permitted' err.txt || { echo "rmdir by tracer2: $(cat err.txt), want EPERM"; rc=1; }
	owner=$(stat -c %U "$i")
	[ "$owner" = tracer ] || { echo "after remount uid=0: instance owned by $owner, want its maker tracer"; rc=1; }
	as_user tracer "rmdir $i" || { echo "its maker cannot remove it"; rc=1; }
	return $rc
}

# Each member has at most tracefs.max_delegated_instances instances
# (default 4): its next mkdir fails with EDQUOT, while another member still
# makes one (the count is per user); root can raise the bound.
check_delegated_instance_limit() {
	rc=0
	p=/sys/module/tracefs/parameters/max_delegated_instances
	[ "$(cat $p)" = 4 ] || { echo "max_delegated_instances is '$(cat $p 2>&1)', want 4"; return 1; }
	as_user tracer "for i in 1 2 3 4; do mkdir $TF/instances/${OWN}lim\$i || exit 1; done" || { echo "tracer cannot make 4 instances"; rc=1; }
	as_user tracer "mkdir $TF/instances/${OWN}lim5" 2>err.txt && { echo "a 5th instance was made"; rc=1; }
	grep -q 'Disk quota exceeded' err.txt || { echo "5th instance: $(cat err.txt)"; rc=1; }
	other=$TF/instances/u$(id -u tracer2)-lim
	as_user tracer2 "mkdir $other && rmdir $other" 2>err.txt ||
		{ echo "tracer2 cannot make an instance while tracer has 4: $(cat err.txt)"; rc=1; }
	mkdir "$TF/instances/rootextra" || { echo "root is bound too"; rc=1; }
	echo 5 >$p
	as_user tracer "mkdir $TF/instances/${OWN}lim5" || { echo "raised bound not applied"; rc=1; }
	echo 4 >$p
	for i in 1 2 3 4 5; do rmdir "$TF/instances/${OWN}lim$i" 2>/dev/null; done
	rmdir "$TF/instances/rootextra"
	# freed: the member can make one again
	as_user tracer "mkdir $TF/instances/${OWN}again && rmdir $TF/instances/${OWN}again" || { echo "count not released after rmdir"; rc=1; }
	return $rc
}

# perf probe -l reads kprobe_events and uprobe_events, which stay private
# to root (they show what probes fetch): a member gets a permission error;
# root lists the probes.
check_delegated_perf_probe_list() {
	echo 'p:plist_kp do_sys_openat2' >>"$TF/kprobe_events" || return 1
	as_user tracer "perf probe -l" >pl.out 2>&1
	rc=$?
	perf probe -l >pl-root.out 2>&1
	echo '-:plist_kp' >>"$TF/kprobe_events"
	note "tracing-group member: perf probe -l exit $rc: $(head -n 1 pl.out)"
	grep -q plist_kp pl-root.out || { echo "root's perf probe -l: $(cat pl-root.out)"; return 1; }
	[ $rc != 0 ] && grep -qiE 'permission denied|no permission' pl.out || { echo "perf probe -l as member: exit $rc: $(cat pl.out)"; return 1; }
}

# What a kernel address looks like on x86_64 (direct map, vmalloc, the
# kernel image, modules): 16 hex digits from ffff8 up, with 0x or not. A
# hashed %p is 32 bits (00000000xxxxxxxx): not that.
KADDR='ffff[89a-f][0-9a-f]{11}'

# end_holders PATH...: kill what holds PATH... open (hold_as_tracer).
end_holders() {
	for fd in /proc/[0-9]*/fd/*; do
		l=$(readlink "$fd" 2>/dev/null) || continue
		for p in "$@"; do
			[ "$l" = "$p" ] || continue
			pid=${fd#/proc/}
			kill -9 "${pid%%/*}" 2>/dev/null
		done
	done
}

# end_holders_under DIR/: kill every process holding a file under DIR/
# open, naming it.
end_holders_under() {
	for fd in /proc/[0-9]*/fd/*; do
		l=$(readlink "$fd" 2>/dev/null) || continue
		case $l in
		"$1"*)
			pid=${fd#/proc/}
			pid=${pid%%/*}
			note "ended a leftover holder of $l: pid $pid, $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)"
			kill -9 "$pid" 2>/dev/null
			;;
		esac
	done
}

# hold_as_tracer OUT PATH...: tracer opens PATH... for reading in the
# background and holds them for 5 s ("held" in OUT once they are open);
# returns once they are held, or the opening failed. end_holders and
# wait end it.
hold_as_tracer() {
	out=$1
	shift
	redir="" fd=3
	for p in "$@"; do
		redir="$redir $fd<$p"
		fd=$((fd + 1))
	done
	as_user tracer "exec$redir && echo held && exec sleep 5" >"$out" 2>&1 &
	i=0
	while [ $i -lt 25 ] && ! grep -qE "^held|can't|denied|not permitted" "$out"; do
		sleep 0.2
		i=$((i + 1))
	done
}

# A member reads no kernel address in any tracefs file it can open:
# printk_formats shows the addresses of the formats only to whom
# /proc/kallsyms shows its values (CAP_SYSLOG, or kptr_restrict=0 with
# perf_event_paranoid <= 1; 0x0 to others), and
# available_filter_functions_addrs, where the version has it (provides:
# FILTER_FUNCTIONS_ADDRS), is root's (0400, EACCES). Root still reads
# them, in printk_formats with kptr_restrict=2 too. Root's function tracer runs meanwhile (only schedule), so that
# trace, per_cpu/, enabled_functions and the like have content. The
# member, as itself, finds every regular file and reads each it can open
# (up to 1 MiB, for at most 5 s), but the readers that block or consume
# (trace_pipe, trace_pipe_raw, snapshot_raw, user_events_data); the event
# files (which neither block nor consume) in one pass.
check_delegated_no_raw_addresses() {
	rc=0
	r=$U/raw
	rm -rf "$r" && mkdir "$r" && chown tracer "$r" || return 1
	cat >"$r/probe.sh" <<'PROBE'
re=$1
find "$2" -xdev -type f >all.txt 2>find-errs.txt
: >read.txt
: >hits.txt
: >batch.txt
: >errs.txt
while read -r f; do
	case $f in
	*/trace_pipe | */trace_pipe_raw | */snapshot_raw | */user_events_data) continue ;;
	esac
	[ -r "$f" ] || continue
	case $f in
	*/events/*)
		echo "$f" >>batch.txt
		continue
		;;
	esac
	timeout 5 head -c 1048576 "$f" >cur.txt 2>>errs.txt </dev/null
	case $? in
	0) echo "$f" >>read.txt ;;
	124 | 143) echo "$f" >>read.txt && echo "$f: still blocking after 5 s" >>errs.txt ;;
	*) continue ;;
	esac
	if grep -m 1 -iE "$re" cur.txt >hit.txt; then
		read -r l <hit.txt
		echo "$f: $l" >>hits.txt
	fi
done <all.txt
timeout 300 xargs -r grep -ciEH "$re" <batch.txt >counts.txt 2>>errs.txt
awk -F: '{print $1}' counts.txt >>read.txt
awk -F: '$NF > 0 {print $1}' counts.txt | while read -r f; do
	grep -m 1 -iE "$re" "$f" >hit.txt && read -r l <hit.txt && echo "$f: $l" >>hits.txt
done
PROBE
	end_trace_readers
	echo schedule >"$TF/set_ftrace_filter" || return 1
	if ! echo function >"$TF/current_tracer"; then
		echo >"$TF/set_ftrace_filter"
		echo "root cannot select the function tracer"
		return 1
	fi
	workload
	as_user tracer "cd $r && sh probe.sh '$KADDR' $TF" >"$r/probe.out" 2>&1
	echo nop >"$TF/current_tracer"
	echo >"$TF/set_ftrace_filter"
	# root reads the real addresses, with kptr_restrict=2 too, as on the
	# unpatched kernels (its trace-cmd report maps bprint formats by them)
	grep -qiE "$KADDR" "$TF/printk_formats" ||
		{ echo "root reads no kernel address in printk_formats: $(head -n 1 "$TF/printk_formats")"; rc=1; }
	kr=$(cat /proc/sys/kernel/kptr_restrict) || rc=1
	echo 2 >/proc/sys/kernel/kptr_restrict || rc=1
	grep -qiE "$KADDR" "$TF/printk_formats" ||
		{ echo "root reads no kernel address in printk_formats with kptr_restrict=2: $(head -n 1 "$TF/printk_formats")"; rc=1; }
	echo "$kr" >/proc/sys/kernel/kptr_restrict || rc=1
	f=$TF/available_filter_functions_addrs
	case ${FILTER_FUNCTIONS_ADDRS:-} in
	yes)
		if [ ! -e "$f" ]; then
			echo "$f missing (provides: FILTER_FUNCTIONS_ADDRS=yes)"
			rc=1
		else
			head -n 3 "$f" | grep -qiE "^$KADDR " ||
				{ echo "root reads no kernel address in available_filter_functions_addrs: $(head -n 1 "$f")"; rc=1; }
			m=$(stat -c '%a %u:%g' "$f")
			case $m in
			?00" 0:0") ;;
			*) echo "available_filter_functions_addrs: $m, want root's only (400 0:0)"; rc=1 ;;
			esac
			refused_as tracer EACCES "exec 3<$f" || rc=1
		fi
		;;
	no)
		[ ! -e "$f" ] || { echo "$f exists, but this version provides none"; rc=1; }
		;;
	*)
		echo "the kernel version's provides file does not say whether it has available_filter_functions_addrs (FILTER_FUNCTIONS_ADDRS)"
		rc=1
		;;
	esac
	n=$(sort -u "$r/read.txt" | wc -l)
	h=$(wc -l <"$r/hits.txt")
	note "tracing-group member: $n tracefs files read, $h with a kernel address; $(wc -l <"$r/errs.txt") read errors, $(grep -c 'still blocking' "$r/errs.txt") reads cut at 5 s"
	[ "$n" -gt 100 ] || { echo "the member read $n files: nothing was audited"; head -n 5 "$r/probe.out" "$r/errs.txt"; rc=1; }
	if [ "$h" -gt 0 ]; then
		sed "s#^$TF/##" "$r/hits.txt" | cut -c 1-160
		echo "the member read kernel addresses in $h file(s): $(sed "s#^$TF/##; s#: .*##" "$r/hits.txt" | paste -sd' ' -)"
		rc=1
	fi
	return $rc
}

# Readers that hold a buffer (trace_pipe, trace_pipe_raw, snapshot_raw)
# consume what they read and keep root from changing the tracer (EBUSY)
# while open: only the owner of the instance's files (the top level's and
# root's instances: the mount's uid=; a member's own instance: the
# member) or CAP_SYS_ADMIN opens them; a member gets EPERM, so it cannot
# block root. Its reader of trace, which it may still open, no longer
# pauses root's tracing (pause-on-trace is for the owner). In an instance
# of its own the member reads both kinds.
check_delegated_reader_cannot_block_root() {
	rc=0 n=0
	end_trace_readers
	mkdir "$TF/instances/rootpipe" || return 1
	for f in "$TF/trace" "$TF/trace_pipe" "$TF/snapshot" "$TF"/per_cpu/cpu*/trace \
		"$TF"/per_cpu/cpu*/trace_pipe "$TF"/per_cpu/cpu*/trace_pipe_raw \
		"$TF"/per_cpu/cpu*/snapshot "$TF"/per_cpu/cpu*/snapshot_raw \
		"$TF/instances/rootpipe/trace" "$TF/instances/rootpipe/trace_pipe" \
		"$TF"/instances/rootpipe/per_cpu/cpu*/trace_pipe_raw; do
		[ -e "$f" ] || continue
		n=$((n + 1))
		refused_as tracer EPERM "exec 3<$f" || rc=1
	done
	rmdir "$TF/instances/rootpipe" || rc=1
	[ "$n" -ge 5 ] || { echo "only $n buffer readers found: nothing to refuse"; rc=1; }
	# what a member's reader would hold: root changes the tracer anyway
	hold_as_tracer hold.out "$TF/trace_pipe" "$TF/per_cpu/cpu0/trace_pipe_raw"
	echo schedule >"$TF/set_ftrace_filter"
	r=$(write_result "$TF/current_tracer" function)
	end_holders "$TF/trace_pipe" "$TF/per_cpu/cpu0/trace_pipe_raw"
	wait
	echo nop >"$TF/current_tracer"
	echo >"$TF/set_ftrace_filter"
	[ "$r" = ok ] || { echo "root cannot select the function tracer while tracer holds trace_pipe and trace_pipe_raw: $r"; rc=1; }
	# what a member's reader of trace would hold: root resizes the buffer
	hold_as_tracer hold2.out "$TF/trace"
	kb=$(sed 's/ .*//' "$TF/buffer_size_kb")
	r=$(write_result "$TF/buffer_size_kb" $((kb + 4)))
	end_holders "$TF/trace"
	wait
	echo "$kb" >"$TF/buffer_size_kb"
	[ "$r" = ok ] || { echo "root cannot resize the buffer after tracer tried to hold trace: $r"; rc=1; }
	# its own instance: the member reads trace_pipe_raw and trace_pipe
	inst=$TF/instances/${OWN}rd
	if as_user tracer "mkdir $inst && echo 1 > $inst/events/sched/sched_switch/enable" 2>err.txt; then
		workload
		as_user tracer "for f in $inst/per_cpu/cpu*/trace_pipe_raw; do timeout 2 head -c 4096 \$f; done" >raw.out 2>err.txt
		b=$(wc -c <raw.out)
		if grep -qE 'not permitted|denied' err.txt || [ "$b" = 0 ]; then
			echo "tracer reading the trace_pipe_raw of its own instance: $b bytes, $(grep -m 1 -E 'not permitted|denied' err.txt)"
			rc=1
		fi
		workload
		as_user tracer "timeout 2 cat $inst/trace_pipe" >pipe.out 2>err.txt
		l=$(grep -c 'sched_switch:' pipe.out)
		if grep -qE 'not permitted|denied' err.txt || [ "$l" = 0 ]; then
			echo "tracer reading the trace_pipe of its own instance: $l sched_switch lines, $(grep -m 1 -E 'not permitted|denied' err.txt)"
			rc=1
		fi
		note "tracing-group member, its own instance: $b bytes from trace_pipe_raw, $l sched_switch lines from trace_pipe"
	else
		echo "tracer cannot make and use $inst: $(cat err.txt)"
		rc=1
	fi
	end_trace_readers
	[ ! -d "$inst" ] || as_user tracer "rmdir $inst" || rmdir "$inst" || rc=1
	return $rc
}

# A member names its instances u<uid>-<anything>, uid its own (numeric
# fsuid): any other name fails with EPERM, so that a member cannot take
# the name of a daemon's instance (rasdaemon's) or another user's before
# them. Root and the mount's uid= owner name theirs freely; root's
# trace-cmd then records into rasdaemon.
check_delegated_instance_namespace() {
	rc=0
	uid=$(id -u tracer)
	for name in rasdaemon u0-x "u${uid}0-x"; do
		refused_as tracer EPERM "mkdir $TF/instances/$name" || rc=1
		[ ! -d "$TF/instances/$name" ] || { echo "instances/$name exists after tracer's mkdir was refused"; rmdir "$TF/instances/$name"; rc=1; }
	done
	as_user tracer "mkdir $TF/instances/u$uid-x && rmdir $TF/instances/u$uid-x" 2>err.txt ||
		{ echo "tracer cannot make instances/u$uid-x: $(cat err.txt)"; rc=1; }
	# the mount's uid= owner (tracer) names its instance freely
	mount -o remount,uid="$uid" "$TF" || { echo "remount uid=$uid failed"; return 1; }
	as_user tracer "mkdir $TF/instances/ownersname && rmdir $TF/instances/ownersname" 2>err.txt ||
		{ echo "the uid= owner cannot make instances/ownersname: $(cat err.txt)"; rc=1; }
	mount -o remount,uid=0 "$TF" || rc=1
	[ ! -d "$TF/instances/ownersname" ] || rmdir "$TF/instances/ownersname"
	trace-cmd record -o ras.dat -B rasdaemon -e sched:sched_switch sh -c '. /tools-check/lib.sh; workload' >ras.out 2>&1 ||
		{ tail -n 3 ras.out; echo "root's trace-cmd record -B rasdaemon failed"; rc=1; }
	n=$(trace-cmd report -i ras.dat 2>/dev/null | grep -c 'sched_switch:')
	note "root: trace-cmd record -B rasdaemon/report: $n sched_switch records"
	[ "$n" -gt 0 ] || { echo "root's trace-cmd record -B rasdaemon: no sched_switch records"; rc=1; }
	[ ! -d "$TF/instances/rasdaemon" ] || { echo "trace-cmd left instances/rasdaemon behind"; rmdir "$TF/instances/rasdaemon"; rc=1; }
	return $rc
}

# Root's chmod cannot widen what the policy delegates: with an owner other
# than root (uid=, the tracer here), root's chmod of a file that is not on
# the allowlist succeeds, as it did, but gives neither that owner nor the
# group write permission, so the owner's write fails (EACCES); a file on
# the allowlist (tracing_on) keeps what the policy gives it: write for the
# owner, not for the group at the top level. A recursive
# normalisation of options/ by root is no way around it either.
check_delegated_root_chmod_bounded() {
	rc=0
	uid=$(id -u tracer)
	(cd "$TF" && find options current_tracer tracing_on -exec stat -c '%a %n' {} +) >chmod-saved.txt
	mount -o remount,uid="$uid" "$TF" || { echo "remount uid=$uid failed"; return 1; }
	# not_writable LABEL FILE...: FILE... has no owner and no group write
	not_writable() {
		label=$1
		shift
		for f in "$@"; do
			m=$(stat -c %a "$TF/$f")
			[ $((0$m & 0220)) = 0 ] ||
				{ echo "after $label: $f $m (owner $(stat -c %u "$TF/$f")), want no owner or group write (not on the allowlist; the owner is uid=$uid)"; rc=1; }
		done
	}
	# owner_refused FILE...: the owner's write of FILE's own value fails with EACCES
	owner_refused() {
		for f in "$@"; do
			v=$(cat "$TF/$f")
			refused_as tracer EACCES "echo $v > $TF/$f" || rc=1
		done
	}
	chmod 0640 "$TF/options/hash-ptr" "$TF/current_tracer" 2>err.txt ||
		{ echo "root's chmod 0640 of options/hash-ptr and current_tracer failed: $(cat err.txt)"; rc=1; }
	not_writable "root's chmod 0640" options/hash-ptr current_tracer
	chmod 0660 "$TF/current_tracer" 2>err.txt || { echo "root's chmod 0660 of current_tracer failed: $(cat err.txt)"; rc=1; }
	not_writable "root's chmod 0660" current_tracer
	owner_refused options/hash-ptr current_tracer
	# delegated: what the policy gives the owner and the group stays
	chmod 0660 "$TF/tracing_on" 2>err.txt || { echo "root's chmod 0660 of tracing_on failed: $(cat err.txt)"; rc=1; }
	m=$(stat -c %a "$TF/tracing_on")
	[ "$m" = 640 ] || { echo "after root's chmod 0660: tracing_on $m, want 640 (delegated to the uid= owner; the group writes no top-level tracing_on)"; rc=1; }
	as_user tracer "echo 1 > $TF/tracing_on" 2>err.txt || { echo "the uid= owner cannot write tracing_on: $(cat err.txt)"; rc=1; }
	chmod -R u=rwX,g=rX "$TF/options" 2>err.txt || { echo "root's chmod -R u=rwX,g=rX options failed: $(cat err.txt)"; rc=1; }
	not_writable "root's chmod -R u=rwX,g=rX of options" options/hash-ptr
	owner_refused options/hash-ptr
	mount -o remount,uid=0 "$TF" || rc=1
	while read -r m f; do
		[ "$(stat -c %a "$TF/$f")" = "$m" ] || chmod "$m" "$TF/$f" || rc=1
	done <chmod-saved.txt
	return $rc
}

# An open file of an instance keeps root from removing it (EBUSY): a
# member opens none of those files of root's instances (EPERM; the events'
# format files, which hold nothing, stay readable), so root's rmdir works
# whatever the member tried; the member's own instance it opens as before.
check_delegated_root_instance_closed() {
	rc=0 n=0
	ri=$TF/instances/rootheld
	mkdir "$ri" || return 1
	for f in "$ri/tracing_on" "$ri/trace_clock" "$ri/set_event" "$ri/events/sched/sched_switch/enable" \
		"$ri/options/print-parent" "$ri/options/func_stack_trace" "$ri/events/sched/enable" "$ri/events/enable"; do
		[ -e "$f" ] || { echo "$f does not exist: nothing to refuse"; rc=1; continue; }
		n=$((n + 1))
		refused_as tracer EPERM "exec 3<$f" || rc=1
	done
	hold_as_tracer hold3.out "$ri/tracing_on"
	r=$( (rmdir "$ri") 2>&1) || { echo "root's rmdir of its instance after tracer tried to hold a file: $r"; rc=1; }
	end_holders "$ri/tracing_on"
	wait
	[ ! -d "$ri" ] || rmdir "$ri" || rc=1
	note "tracing-group member refused (EPERM) on $n files of root's instance; root removed it"
	own=$TF/instances/${OWN}held
	as_user tracer "mkdir $own && cat $own/tracing_on >/dev/null && cat $own/events/sched/sched_switch/format >/dev/null && rmdir $own" 2>err.txt ||
		{ echo "tracer cannot use the files of its own instance: $(cat err.txt)"; rc=1; }
	return $rc
}

# Deleting a dynamic event fails (EBUSY) while it is enabled in any
# instance: a member enables none in its own instance (EPERM), directly or
# through set_event, nor at the top level (EACCES); enabling every event skips
# them; root then deletes its kprobe event.
check_delegated_no_dynamic_events() {
	rc=0
	echo 'p:delegkp do_sys_openat2' >>"$TF/kprobe_events" || { echo "root cannot define a kprobe event"; return 1; }
	inst=$TF/instances/${OWN}dyn
	as_user tracer "mkdir $inst" 2>err.txt || { echo "tracer cannot mkdir $inst: $(cat err.txt)"; echo '-:delegkp' >>"$TF/kprobe_events"; return 1; }
	for w in "echo 1 > $inst/events/kprobes/delegkp/enable" "echo 1 > $inst/events/kprobes/enable" \
		"echo kprobes:delegkp >> $inst/set_event"; do
		refused_as tracer EPERM "$w" || rc=1
	done
	# the top level is root's: not writable at all
	refused_as tracer EACCES "echo 1 > $TF/events/kprobes/delegkp/enable" || rc=1
	as_user tracer "echo 1 > $inst/events/enable" 2>err.txt || { echo "tracer cannot enable every event of its instance: $(cat err.txt)"; rc=1; }
	e1=$(cat "$inst/events/kprobes/delegkp/enable") e2=$(cat "$TF/events/kprobes/delegkp/enable")
	[ "$e1$e2" = 00 ] || { echo "root's kprobe event enabled by the member: instance $e1, top level $e2"; rc=1; }
	as_user tracer "echo 0 > $inst/events/enable; rmdir $inst" 2>err.txt || { echo "tracer cannot remove $inst: $(cat err.txt)"; rc=1; }
	[ ! -d "$inst" ] || { echo 0 >"$inst/events/enable"; rmdir "$inst"; }
	r=$( (echo '-:delegkp' >>"$TF/kprobe_events") 2>&1) || { echo "root cannot delete its kprobe event: $r"; rc=1; }
	return $rc
}

# Root without CAP_SYS_ADMIN (a service whose capabilities systemd
# bounded, perf run with CAP_PERFMON only) keeps what root had: tracefs's
# entries are its own. It names its instances freely and they are not
# counted as a member's, it enables a dynamic event in one and adds a
# function command there.
check_delegated_root_without_sys_admin() {
	rc=0
	eff=$(no-sysadmin sh -c 'sed -n "s/^CapEff:[[:space:]]*//p" /proc/self/status')
	[ $((0x$eff >> 21 & 1)) = 0 ] || { echo "no-sysadmin left CAP_SYS_ADMIN in CapEff $eff"; return 1; }
	echo 'p:nocapkp do_sys_openat2' >>"$TF/kprobe_events" || { echo "root cannot define a kprobe event"; return 1; }
	i=$TF/instances/nocap
	no-sysadmin sh -c "mkdir $i && echo 1 > $i/events/kprobes/nocapkp/enable && echo 0 > $i/events/kprobes/nocapkp/enable &&
		echo 'schedule:traceoff' >> $i/set_ftrace_filter && echo '!schedule:traceoff' >> $i/set_ftrace_filter &&
		echo 1 > $i/tracing_on && rmdir $i" 2>err.txt ||
		{ echo "root without CAP_SYS_ADMIN (CapEff $eff): $(cat err.txt)"; rc=1; }
	[ ! -d "$i" ] || { echo 0 >"$i/events/kprobes/nocapkp/enable"; rmdir "$i"; }
	echo '-:nocapkp' >>"$TF/kprobe_events" || { echo "root cannot delete its kprobe event"; rc=1; }
	return $rc
}

# Enabling a dynamic event is judged by who opened the file, not by who
# writes to it: a member's descriptor of its instance's set_event or of a
# kprobe event's enable file, written to by a root program (a setuid-root
# tool printing to the member's stdout), enables nothing (EPERM); root's
# own descriptor, passed the same way, enables it.
check_delegated_dynamic_events_by_opener() {
	rc=0
	echo 'p:openerkp do_sys_openat2' >>"$TF/kprobe_events" || { echo "root cannot define a kprobe event"; return 1; }
	inst=$TF/instances/${OWN}opener
	as_user tracer "mkdir $inst" 2>err.txt ||
		{ echo "tracer cannot mkdir $inst: $(cat err.txt)"; echo '-:openerkp' >>"$TF/kprobe_events"; return 1; }
	uid=$(id -u tracer) gid=2000
	for f in set_event events/kprobes/openerkp/enable events/kprobes/enable; do
		case $f in set_event) v=kprobes:openerkp ;; *) v=1 ;; esac
		if open-as "$uid" "$gid" "$inst/$f" sh -c "echo $v" 2>err.txt; then
			echo "root wrote $v through tracer's descriptor of $f"
			rc=1
		elif ! grep -q 'Operation not permitted' err.txt; then
			echo "$f through tracer's descriptor: $(cat err.txt), want EPERM"
			rc=1
		fi
	done
	e=$(cat "$inst/events/kprobes/openerkp/enable")
	[ "$e" = 0 ] || { echo "the kprobe event is enabled in tracer's instance: $e"; rc=1; }
	# the same way through root's own descriptor: the write goes through
	open-as 0 0 "$inst/events/kprobes/openerkp/enable" sh -c 'echo 1' 2>err.txt ||
		{ echo "root's own descriptor of the enable file: $(cat err.txt)"; rc=1; }
	e=$(cat "$inst/events/kprobes/openerkp/enable")
	[ "$e" = 1 ] || { echo "root's write through open-as left the kprobe event at $e"; rc=1; }
	echo 0 >"$inst/events/kprobes/openerkp/enable"
	as_user tracer "rmdir $inst" || rc=1
	echo '-:openerkp' >>"$TF/kprobe_events" || rc=1
	return $rc
}

# The owner uid= names (tracer here) uses the instances it makes as it
# uses the top level, when mode= gives the owner write permission, group
# write or not (mode=0750), group permissions or not (mode=0700: nothing
# is delegated to a group, the owner has nothing taken back): it reads
# their trace, writes their tracing_on and removes them, as it did on the
# unpatched 6.12.
check_delegated_uid_owner_instance() {
	rc=0
	uid=$(id -u tracer)
	i=$TF/instances/ownerinst
	for m in 0750 0700; do
		mount -o remount,uid="$uid",mode=$m "$TF" || { echo "remount uid=$uid,mode=$m failed"; rc=1; continue; }
		as_user tracer "mkdir $i && cat $i/trace >/dev/null && echo 0 > $i/tracing_on && echo 1 > $i/tracing_on && rmdir $i" 2>err.txt ||
			{ echo "the uid= owner (mode=$m) cannot use an instance it made: $(cat err.txt)"; rc=1; }
		[ ! -d "$i" ] || rmdir "$i" || rc=1
	done
	mount -o remount,uid=0,mode=0770 "$TF" || rc=1
	return $rc
}

# A pid list takes a chunk for each range of pids written to it: a
# member's pids must be below pid_max. In each pid file of its instance, a
# pid at pid_max fails with EINVAL, and so does a write with one such pid
# among good ones (all or nothing: the list stays empty); the largest pid
# below pid_max works. Root still writes a pid beyond pid_max in its own
# list, as it did.
check_delegated_pid_max() {
	rc=0
	max=$(cat /proc/sys/kernel/pid_max)
	inst=$TF/instances/${OWN}pid
	as_user tracer "mkdir $inst" 2>err.txt || { echo "tracer cannot mkdir $inst: $(cat err.txt)"; return 1; }
	for f in set_event_pid set_event_notrace_pid set_ftrace_pid set_ftrace_notrace_pid; do
		p=$inst/$f
		[ -e "$p" ] || { echo "$p missing"; rc=1; continue; }
		refused_as tracer EINVAL "echo $max > $p" || rc=1
		refused_as tracer EINVAL "echo 1 $((max + 16384)) > $p" || rc=1
		l=$(grep -v '^no pid$' "$p")
		[ -z "$l" ] || { echo "$f after the refused writes: $l"; rc=1; }
		as_user tracer "echo $((max - 1)) > $p" 2>err.txt || { echo "tracer cannot write pid $((max - 1)) to $f: $(cat err.txt)"; rc=1; }
		grep -qx "$((max - 1))" "$p" || { echo "$f: '$(cat "$p")', want $((max - 1))"; rc=1; }
		as_user tracer "echo > $p" 2>/dev/null
	done
	echo "$((max + 16384))" >"$TF/set_event_pid" || { echo "root cannot write pid $((max + 16384)) to set_event_pid"; rc=1; }
	grep -qx "$((max + 16384))" "$TF/set_event_pid" || { echo "root's set_event_pid: '$(cat "$TF/set_event_pid")'"; rc=1; }
	echo >"$TF/set_event_pid"
	as_user tracer "rmdir $inst" 2>err.txt || { echo "tracer cannot remove $inst: $(cat err.txt)"; rc=1; }
	return $rc
}

# A capability that a member holds in a user namespace of its own
# overrides no mode of tracefs. userns-as runs as tracer with the tracing
# group as its only group (sg tracing), as root of a user namespace that
# maps both: the owner and the group of its instance's files, so that its
# CAP_DAC_OVERRIDE there would pass their modes (capable_wrt_inode_uidgid).
# The control: there it writes its own 0400 file outside tracefs. In
# tracefs it still writes what the policy delegates (an event's
# enable) and gets EACCES, as outside, for what it does not:
# current_tracer, buffer_size_kb, tracing_cpumask, an event's trigger.
# So does the owner uid= names, for current_tracer and a trigger at the top
# level, and for listing the root directory when mode=0070 gives it nothing.
# A member makes no instance from a user namespace (EPERM).
# Needs user namespaces (CONFIG_USER_NS: the debug kernels have them).
check_delegated_userns_no_override() {
	rc=0
	u=$(id -u tracer)
	g=$(awk -F: '$1 == "tracing" {print $3}' /etc/group)
	inst=$TF/instances/${OWN}ns
	as_user tracer "mkdir $inst" 2>err.txt || { echo "tracer cannot mkdir $inst: $(cat err.txt)"; return 1; }
	if ! userns-as "$u" "$g" stat -c '%u %g' "$inst/current_tracer" >ns.txt 2>err.txt; then
		if grep -q 'CLONE_NEWUSER): Invalid argument' err.txt; then
			echo "no user namespaces in this kernel (CONFIG_USER_NS=n): unshare(CLONE_NEWUSER) fails with EINVAL"
		else
			echo "userns-as $u $g: $(cat err.txt)"
		fi
		as_user tracer "rmdir $inst"
		return 1
	fi
	[ "$(cat ns.txt)" = "0 0" ] ||
		{ echo "in the namespace current_tracer is owned by '$(cat ns.txt)', want '0 0': the namespace must map its owner and group"; rc=1; }
	# The control: there the capability does override the mode of a file
	# of tracer:tracing outside tracefs, so the refusals below are tracefs's.
	c=/tmp/userns-control
	if ! { echo 0 >"$c" && chown tracer:tracing "$c" && chmod 0400 "$c"; }; then rc=1; fi
	userns-as "$u" "$g" sh -c "echo 1 > $c" 2>err.txt ||
		{ echo "control: in the namespace tracer cannot write its 0400 file $c ($(cat err.txt)): no CAP_DAC_OVERRIDE there, the check proves nothing"; rc=1; }
	rm -f "$c"
	for f in current_tracer buffer_size_kb tracing_cpumask events/sched/sched_switch/trigger; do
		p=$inst/$f
		[ -e "$p" ] || { echo "$p missing"; rc=1; continue; }
		case $f in
		current_tracer) v=nop ;;
		*/trigger) v=traceoff ;;
		*) v=$(cut -d' ' -f1 "$p") ;;
		esac
		refused_as tracer EACCES "echo $v > $p" || rc=1
		refused_in_userns "$u" "$g" tracer "echo $v > $p" || rc=1
	done
	echo '!traceoff' >"$inst/events/sched/sched_switch/trigger" 2>/dev/null
	e=$inst/events/sched/sched_switch/enable
	userns-as "$u" "$g" sh -c "echo 1 > $e && echo 0 > $e" 2>err.txt ||
		{ echo "in a user namespace of its own, tracer cannot enable an event of its instance: $(cat err.txt)"; rc=1; }
	as_user tracer "rmdir $inst" 2>err.txt || { echo "tracer cannot remove $inst: $(cat err.txt)"; rc=1; }
	# The owner uid= names (tracer): at the top level, the same files; and
	# the root directory when mode=0070 gives the owner nothing (read and
	# search: CAP_DAC_READ_SEARCH there).
	mount -o remount,uid="$u",mode=0770 "$TF" || { echo "remount uid=$u failed"; return 1; }
	for f in current_tracer events/sched/sched_switch/trigger; do
		case $f in current_tracer) v=nop ;; *) v=traceoff ;; esac
		refused_in_userns "$u" "$g" "the uid= owner" "echo $v > $TF/$f" || rc=1
	done
	echo '!traceoff' >"$TF/events/sched/sched_switch/trigger" 2>/dev/null
	mount -o remount,uid="$u",mode=0070 "$TF" || rc=1
	refused_as tracer EACCES "ls $TF/" || rc=1
	refused_in_userns "$u" "$g" "the uid= owner (mode=0070)" "ls $TF/" || rc=1
	mount -o remount,uid=0,mode=0770 "$TF" || rc=1
	[ "$(stat -c '%a %u' "$TF")" = "770 0" ] || { echo "$TF after the owner cases: $(stat -c '%a %u' "$TF"), want 770 0"; rc=1; }
	# With subordinate ids (newuidmap: -m maps tracer2's uid as well),
	# tracer holds CAP_FOWNER over tracer2's instance in its namespace:
	# it may neither remove it nor narrow its mode (EPERM).
	add_tracer2
	u2=$(id -u tracer2)
	v=$TF/instances/u$u2-nsvictim
	as_user tracer2 "mkdir $v" 2>err.txt || { echo "tracer2 cannot mkdir $v: $(cat err.txt)"; return 1; }
	m=$(stat -c %a "$v")
	for cmd in "rmdir $v" "chmod 0700 $v"; do
		if userns-as -m "$u2" "$u" "$g" sh -c "$cmd" 2>err.txt; then
			echo "in a user namespace that maps tracer2 too, tracer could: $cmd"
			rc=1
		elif ! grep -q 'Operation not permitted' err.txt; then
			echo "in a user namespace that maps tracer2 too: $cmd: $(cat err.txt), want EPERM"
			rc=1
		fi
	done
	[ ! -d "$v" ] || [ "$(stat -c %a "$v")" = "$m" ] || { echo "tracer2's instance: mode $(stat -c %a "$v"), was $m"; rc=1; }
	[ ! -d "$v" ] || as_user tracer2 "rmdir $v" || rc=1
	# Nor does a member make instances there: they are counted by uid in
	# the initial namespace, and each uid a namespace maps (subordinate
	# ids) would count as another member (EPERM).
	n=$TF/instances/${OWN}nsmade
	if userns-as "$u" "$g" mkdir "$n" 2>err.txt; then
		echo "in a user namespace of its own, tracer made $n"
		rc=1
		rmdir "$n"
	elif ! grep -q 'Operation not permitted' err.txt; then
		echo "in a user namespace of its own: mkdir $n: $(cat err.txt), want EPERM"
		rc=1
	fi
	return $rc
}

# Delegation can be taken back from a member's instances: after a remount
# with mode=0700, and for a task of the member that is no longer in the
# tracing group, opening a file of its instance fails with EPERM, also
# through a working directory inside the instance (a path that does not
# pass the root directory); in the group and with mode=0770 it works, and
# root always does. After root's chmod 0700 of the root directory, the
# member's mkdir of another instance fails with EPERM, also from inside
# instances/.
check_delegated_revoked() {
	rc=0
	u=$(id -u tracer)
	i=$TF/instances/${OWN}revoke
	as_user tracer "mkdir $i" 2>err.txt || { echo "tracer cannot mkdir $i: $(cat err.txt)"; return 1; }
	(cd "$i" && run-as "$u" "$u" 2000 - cat tracing_on) >/dev/null 2>err.txt ||
		{ echo "tracer, in the group, cannot read its instance's tracing_on: $(cat err.txt)"; rc=1; }
	if (cd "$i" && run-as "$u" "$u" - - cat tracing_on) >/dev/null 2>err.txt; then
		echo "a task of tracer without the tracing group read its instance's tracing_on"
		rc=1
	elif ! grep -q 'Operation not permitted' err.txt; then
		echo "tracer without the tracing group: tracing_on: $(cat err.txt), want EPERM"
		rc=1
	fi
	mount -o remount,mode=0700 "$TF" || { echo "remount mode=0700 failed"; rc=1; }
	for f in tracing_on trace events/sched/sched_switch/enable; do
		if (cd "$i" && run-as "$u" "$u" 2000 - cat "$f") >/dev/null 2>err.txt; then
			echo "after remount mode=0700, tracer read $f of its instance"
			rc=1
		elif ! grep -q 'Operation not permitted' err.txt; then
			echo "after remount mode=0700: $f: $(cat err.txt), want EPERM"
			rc=1
		fi
	done
	cat "$i/tracing_on" >/dev/null || { echo "root cannot read the instance after mode=0700"; rc=1; }
	mount -o remount,mode=0770 "$TF" || rc=1
	(cd "$i" && run-as "$u" "$u" 2000 - cat trace) >/dev/null 2>err.txt ||
		{ echo "after remount mode=0770 tracer cannot read its instance's trace: $(cat err.txt)"; rc=1; }
	# Root's chmod g-rwx of the root directory takes back mkdir too, for a
	# task already inside instances/ (whose own mode follows mode=).
	chmod 0700 "$TF" || { echo "chmod 0700 $TF failed"; rc=1; }
	if (cd "$TF/instances" && run-as "$u" "$u" 2000 - mkdir "${OWN}revoke2") 2>err.txt; then
		echo "after chmod 0700 of $TF, tracer made ${OWN}revoke2 from inside instances/"
		rc=1
		rmdir "$TF/instances/${OWN}revoke2"
	elif ! grep -q 'Operation not permitted' err.txt; then
		echo "after chmod 0700 of $TF: mkdir ${OWN}revoke2: $(cat err.txt), want EPERM"
		rc=1
	fi
	chmod 0770 "$TF" || rc=1
	(cd "$TF/instances" && run-as "$u" "$u" 2000 - mkdir "${OWN}revoke2") 2>err.txt ||
		{ echo "after chmod 0770 of $TF tracer cannot make ${OWN}revoke2: $(cat err.txt)"; rc=1; }
	[ ! -d "$TF/instances/${OWN}revoke2" ] || as_user tracer "rmdir $TF/instances/${OWN}revoke2" || rc=1
	as_user tracer "rmdir $i" || rc=1
	return $rc
}

# Root's chown of instances/ to a user lets it make instances; root's chmod
# 0700 of the root directory takes that back as from a member: its mkdir
# from inside instances/ fails with EPERM (it could not open such an
# instance either: only the root directory's owner keeps its instances).
check_delegated_instances_owner_revoked() {
	rc=0
	o=$(id -u outsider)
	chown outsider "$TF/instances" || { echo "chown outsider $TF/instances failed"; return 1; }
	chmod 0700 "$TF" || { echo "chmod 0700 $TF failed"; rc=1; }
	if (cd "$TF/instances" && run-as "$o" "$(id -g outsider)" - - mkdir ownerx) 2>err.txt; then
		echo "after chmod 0700 of $TF, the owner of instances/ made ownerx from inside it"
		rc=1
		rmdir "$TF/instances/ownerx"
	elif ! grep -q 'Operation not permitted' err.txt; then
		echo "after chmod 0700 of $TF: the owner of instances/: mkdir ownerx: $(cat err.txt), want EPERM"
		rc=1
	fi
	chmod 0770 "$TF" || rc=1
	chown root "$TF/instances" || rc=1
	return $rc
}

# Only an instance's owner, root or CAP_SYS_ADMIN removes it: the owner
# uid= names (outsider here) cannot remove a member's instance, although
# it owns the instances directory (whose sticky bit lets its owner remove
# anything); it removes root's instance exactly when that is its own
# (6.12: root's instances follow uid=; 6.1: they stay root's).
check_delegated_uid_owner_rmdir() {
	rc=0
	o=$(id -u outsider)
	i=$TF/instances/${OWN}kept
	r=$TF/instances/rootkept
	as_user tracer "mkdir $i" 2>err.txt || { echo "tracer cannot mkdir $i: $(cat err.txt)"; return 1; }
	mkdir "$r" || rc=1
	mount -o remount,uid="$o",mode=0770 "$TF" || { echo "remount uid=$o failed"; rc=1; }
	[ "$(stat -c %u "$TF/instances")" = "$o" ] || { echo "instances/ is not the uid= owner's: $(stat -c %u "$TF/instances")"; rc=1; }
	refused_as outsider EPERM "rmdir $i" || rc=1
	ro=$(stat -c %u "$r")
	note "root's instance is owned by uid $ro with uid=$o"
	if [ "$ro" = "$o" ]; then
		as_user outsider "rmdir $r" 2>err.txt || { echo "the uid= owner cannot remove root's instance it owns: $(cat err.txt)"; rc=1; }
	else
		refused_as outsider EPERM "rmdir $r" || rc=1
	fi
	mount -o remount,uid=0,mode=0770 "$TF" || rc=1
	[ ! -d "$i" ] || as_user tracer "rmdir $i" || rc=1
	[ ! -d "$r" ] || rmdir "$r" || rc=1
	return $rc
}

# The top-level error_log shows the dynamic event commands that failed,
# what they fetch included: it is root's (0600 root:root), as
# kprobe_events is. An instance's error_log stays its owner's to read.
check_delegated_error_log_private() {
	rc=0
	echo >"$TF/error_log"
	if echo 'p:errlogkp no_such_function_xyz' >>"$TF/kprobe_events" 2>/dev/null; then
		echo "a kprobe on no_such_function_xyz was defined"
		echo '-:errlogkp' >>"$TF/kprobe_events"
		rc=1
	fi
	grep -q no_such_function_xyz "$TF/error_log" ||
		{ echo "root's error_log does not show the failed command: $(tail -n 3 "$TF/error_log")"; rc=1; }
	m=$(stat -c '%a %u %g' "$TF/error_log")
	[ "$m" = "600 0 0" ] || { echo "top-level error_log: $m, want 600 0 0"; rc=1; }
	refused_as tracer EACCES "cat $TF/error_log" || rc=1
	i=$TF/instances/${OWN}errlog
	as_user tracer "mkdir $i && cat $i/error_log >/dev/null && rmdir $i" 2>err.txt ||
		{ echo "tracer and its instance's error_log: $(cat err.txt)"; rc=1; }
	echo >"$TF/error_log"
	return $rc
}

# A task with CAP_PERFMON (a tracing service run with User=,
# SupplementaryGroups=tracing and AmbientCapabilities=CAP_PERFMON) reads,
# and so holds, root's buffers as root does; the same user without it gets
# EPERM.
check_delegated_perfmon_reader() {
	rc=0
	add_tracer2
	u=$(id -u tracer2)
	run-as "$u" "$u" 2000 perfmon sh -c "head -c 1 $TF/trace && head -c 1 $TF/per_cpu/cpu0/trace" >/dev/null 2>err.txt ||
		{ echo "tracer2 with CAP_PERFMON cannot read root's trace: $(cat err.txt)"; rc=1; }
	if run-as "$u" "$u" 2000 - cat "$TF/trace" >/dev/null 2>err.txt; then
		echo "tracer2 without CAP_PERFMON read root's trace"
		rc=1
	elif ! grep -q 'Operation not permitted' err.txt; then
		echo "tracer2 without CAP_PERFMON: $(cat err.txt), want EPERM"
		rc=1
	fi
	return $rc
}

# What the kernel logs about a member stays readable and does not use up
# what it logs for root: an instance name a member may not use is logged
# escaped (a newline in it does not end the line), and a member's chmod
# that asks for "other" bits does not keep root's later one from being
# logged.
check_delegated_log_notices() {
	rc=0
	nl='
'
	as_user tracer "mkdir '$TF/instances/bad${nl}line'" 2>/dev/null && { echo "tracer made an instance named bad<newline>line"; rc=1; }
	dmesg | grep -qF "instance 'bad\\nline' refused" ||
		{ echo "no escaped refusal in the kernel log: $(dmesg | grep -A1 "instance 'bad" | tail -n 2 | tr '\n' '|')"; rc=1; }
	i=$TF/instances/${OWN}notice
	as_user tracer "mkdir $i && chmod 0777 $i/tracing_on" 2>err.txt ||
		{ echo "tracer: mkdir and chmod 0777 of its tracing_on: $(cat err.txt)"; rc=1; }
	r=$TF/instances/rootnotice
	mkdir "$r" || return 1
	msg="tracefs: chmod 666 of 'trace_marker' asks for more than tracefs gives"
	before=$(dmesg | grep -c "$msg")
	chmod 0666 "$r/trace_marker" || rc=1
	after=$(dmesg | grep -c "$msg")
	[ "$after" -gt "$before" ] || { echo "root's chmod 0666 of trace_marker after the member's chmod 0777: not logged"; rc=1; }
	rmdir "$r" || rc=1
	[ ! -d "$i" ] || as_user tracer "rmdir $i" || rc=1
	return $rc
}

# An event filter may compare a function field with an address: whether
# the write succeeds would tell a member where the kernel's functions are.
# Where the version has .function fields (provides: FILTER_FUNCTION_FIELDS),
# the member (no CAP_SYSLOG, kptr_restrict=1) gets EPERM for an address in
# its instance's event filter, for one in a function and for one that is
# not alike, and a subsystem filter does the same with both (the event's
# filter reads alike after it); a function name works, and root still gives an
# address. Where it has none, the filter fails for root too (EINVAL).
check_delegated_no_address_filter() {
	rc=0
	kr=$(cat /proc/sys/kernel/kptr_restrict)
	echo 1 >/proc/sys/kernel/kptr_restrict || return 1
	in=$(awk '$3 == "schedule" {print $1; exit}' /proc/kallsyms)
	case $in in '' | 0000000000000000) echo "root reads no address of schedule in /proc/kallsyms: '$in'"; echo "$kr" >/proc/sys/kernel/kptr_restrict; return 1 ;; esac
	out=0x1000
	ev=events/kmem/kmalloc
	inst=$TF/instances/${OWN}filt
	as_user tracer "mkdir $inst" 2>err.txt || { echo "tracer cannot mkdir $inst: $(cat err.txt)"; echo "$kr" >/proc/sys/kernel/kptr_restrict; return 1; }
	case ${FILTER_FUNCTION_FIELDS:-} in
	yes)
		for a in "0x$in" "$out"; do
			refused_as tracer EPERM "echo 'call_site.function == $a' > $inst/$ev/filter" || rc=1
			grep -q 'kptr_restrict' "$inst/$ev/filter" ||
				{ echo "kmalloc's filter after the refusal of $a: $(tr '\n' ' ' <"$inst/$ev/filter")"; rc=1; }
			as_user tracer "echo 'call_site.function == $a' > $inst/events/kmem/filter" 2>/dev/null
			echo "exit $?: $(sed "s/$a/ADDR/" "$inst/$ev/filter")" >"sub-$a.txt"
		done
		cmp -s "sub-0x$in.txt" "sub-$out.txt" ||
			{ echo "the subsystem filter tells an address in a function ($(cat "sub-0x$in.txt")) from one that is not ($(cat "sub-$out.txt"))"; rc=1; }
		as_user tracer "echo 'call_site.function == schedule' > $inst/$ev/filter" 2>err.txt ||
			{ echo "tracer cannot filter on a function name: $(cat err.txt)"; rc=1; }
		echo "call_site.function == 0x$in" >"$TF/$ev/filter" || { echo "root cannot filter on an address"; rc=1; }
		echo 0 >"$TF/$ev/filter"
		;;
	no)
		if (echo "call_site.function == schedule" >"$TF/$ev/filter") 2>err.txt; then
			echo "root's .function filter works, but this version provides none"
			echo 0 >"$TF/$ev/filter"
			rc=1
		else
			grep -q 'Invalid argument' err.txt || { echo "root's .function filter: $(cat err.txt), want EINVAL"; rc=1; }
		fi
		;;
	*)
		echo "the kernel version's provides file does not say whether it has .function filter fields (FILTER_FUNCTION_FIELDS)"
		rc=1
		;;
	esac
	as_user tracer "echo 0 > $inst/$ev/filter; rmdir $inst" 2>err.txt || { echo "tracer cannot remove $inst: $(cat err.txt)"; rc=1; }
	echo "$kr" >/proc/sys/kernel/kptr_restrict
	return $rc
}

# Files whose open changes state that root's work shares are root's: each
# trace_stat file (an open rebuilds the session's one sorted tree, which
# root's reads walk) and, where the version has it (provides:
# TIMERLAT_FD), each osnoise/per_cpu/cpuN/timerlat_fd (an open makes the
# opener the CPU's timerlat thread). The member's open fails with EACCES;
# root still reads trace_stat/function0.
check_delegated_shared_state_private() {
	rc=0
	[ -e "$TF/trace_stat/function0" ] || { echo "trace_stat/function0 missing (FUNCTION_PROFILER)"; return 1; }
	for f in "$TF"/trace_stat/*; do
		refused_as tracer EACCES "exec 3<$f" || rc=1
	done
	head -n 1 "$TF/trace_stat/function0" >/dev/null || { echo "root cannot read trace_stat/function0"; rc=1; }
	n=0
	for f in "$TF"/osnoise/per_cpu/cpu*/timerlat_fd; do
		[ -e "$f" ] || continue
		n=$((n + 1))
		refused_as tracer EACCES "exec 3<$f" || rc=1
	done
	case ${TIMERLAT_FD:-} in
	yes) [ "$n" -gt 0 ] || { echo "no osnoise/per_cpu/cpu*/timerlat_fd (provides: TIMERLAT_FD=yes)"; rc=1; } ;;
	no) [ "$n" = 0 ] || { echo "$n timerlat_fd files, but this version provides none"; rc=1; } ;;
	*) echo "the kernel version's provides file does not say whether it has timerlat_fd (TIMERLAT_FD)"; rc=1 ;;
	esac
	note "trace_stat files refused: $(ls "$TF"/trace_stat | wc -l), timerlat_fd files refused: $n"
	return $rc
}

