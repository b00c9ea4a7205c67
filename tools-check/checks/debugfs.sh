# shellcheck shell=sh
# debugfs is private to root: every entry, whatever its creator asked for,
# whatever the mount options, through a bind mount too. Runs where debugfs
# is mounted at /sys/kernel/debug. Every check puts back what it changed.

check_debugfs_audit() {
	load_test_module || return 1
	total=$(find "$D" -xdev | wc -l)
	find "$D" -xdev -perm /077 >audit-go.txt
	find "$D" -xdev \( ! -user 0 -o ! -group 0 \) >audit-owner.txt
	go=$(wc -l <audit-go.txt)
	owner=$(wc -l <audit-owner.txt)
	note "debugfs audit: $total entries, $go with group/other bits, $owner not owned by root:root"
	head -n 10 audit-go.txt audit-owner.txt
	[ "$total" -gt 10 ] && [ "$go" = 0 ] && [ "$owner" = 0 ]
}

check_debugfs_module_modes() {
	load_test_module || return 1
	t=$D/debugfs_mode_test
	got="dir=$(mode "$t") ww=$(mode "$t/world_writable") ro=$(mode "$t/readable")"
	got="$got u32=$(mode "$t/u32_0"),$(mode "$t/u32_2") link=$(stat -c %a "$t/link")"
	echo "modes: $got"
	[ "$got" = "dir=700 ww=600 ro=400 u32=600,600 link=700" ] || return 1
	dmesg | grep 'debugfs_mode_test' >offenders.txt
	cat offenders.txt
	# Once per call site: the loop that creates u32_0..2 is logged once.
	grep -q "debugfs_mode_test_init+0x.* asked for mode 0666 for 'debugfs_mode_test/world_writable'" offenders.txt &&
		grep -q "asked for mode 0664 for 'debugfs_mode_test/u32_0'" offenders.txt &&
		! grep -q "u32_1\|u32_2\|'debugfs_mode_test/readable'" offenders.txt
}

check_debugfs_blktrace_files() {
	blktrace -d /dev/vda -o - >/dev/null 2>blktrace.err &
	pid=$!
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		[ -e "$D/block/vda/msg" ] && break
		sleep 0.5
	done
	got="msg=$(mode "$D/block/vda/msg") dropped=$(mode "$D/block/vda/dropped") trace0=$(mode "$D/block/vda/trace0")"
	kill -INT "$pid"
	wait "$pid"
	cat blktrace.err
	echo "blktrace files: $got"
	note "blktrace files: $got"
	[ "$got" = "msg=200 dropped=400 trace0=400" ] || return 1
	if dmesg | grep -q "asked for mode .* for 'vda/"; then
		echo "blktrace is still logged as asking for group/other permissions"
		return 1
	fi
	[ ! -e "$D/block/vda/msg" ] || { echo "blktrace left its files behind"; return 1; }
}

check_debugfs_mount_options_refused() {
	rc=0
	before=$(mode "$D")
	for opt in mode=0755 uid=1001 gid=2000 mode=0707; do
		if mount -o "remount,$opt" "$D" 2>/dev/null; then
			echo "remount $opt accepted: root dir now $(mode "$D") $(stat -c %u:%g "$D")"
			rc=1
		elif ! dmesg | grep -q "mount option ${opt%%=*}=$(echo "${opt#*=}" | sed 's/^0*//') refused"; then
			echo "remount $opt refused without a kernel log message"
			rc=1
		fi
		mount -o remount,mode=0700,uid=0,gid=0 "$D"
	done
	mkdir -p /mnt/debugfs2
	if mount -t debugfs -o mode=0755 debugfs /mnt/debugfs2 2>/dev/null; then
		echo "a second mount with mode=0755 was accepted"
		umount /mnt/debugfs2
		rc=1
	fi
	[ "$(mode "$D")" = "$before" ] || { echo "root dir mode changed: $before -> $(mode "$D")"; rc=1; }
	# Narrowing is allowed.
	mount -o remount,mode=0500 "$D" && [ "$(mode "$D")" = 500 ] || { echo "remount mode=0500 refused"; rc=1; }
	mount -o remount,mode=0700 "$D"
	return $rc
}

check_debugfs_chmod_chown_refused() {
	load_test_module || return 1
	f=$D/debugfs_mode_test/readable
	before=$(mode "$f")
	rc=0
	chmod 0666 "$f" 2>/dev/null && { echo "chmod 0666 accepted: $(mode "$f")"; rc=1; }
	chown 1001 "$f" 2>/dev/null && { echo "chown 1001 accepted"; rc=1; }
	chgrp 2000 "$D" 2>/dev/null && { echo "chgrp on the root accepted"; rc=1; }
	chmod "$before" "$f"
	chown 0:0 "$f" "$D"
	chmod 0400 "$f" || { echo "narrowing chmod refused"; rc=1; }
	chmod "$before" "$f"
	return $rc
}

# As "outsider", with the root directory widened if the kernel allows it and
# a subdirectory bind-mounted elsewhere: no entry opens for read or write.
check_debugfs_outsider_no_access() {
	load_test_module || return 1
	mount -o remount,mode=0755 "$D" 2>/dev/null && note "this kernel accepted mode=0755 on debugfs"
	mkdir -p /mnt/bind
	mount --bind "$D/debugfs_mode_test" /mnt/bind || return 1
	find "$D" -xdev -type f >files.txt
	find /mnt/bind -type f >>files.txt
	chmod 0644 files.txt
	cat >probe.sh <<'PROBE'
while read -r f; do
	if (exec 3<"$f") 2>>errs.txt; then echo "read $f"; fi
	if (exec 3>>"$f") 2>>errs.txt; then echo "write $f"; fi
done <files.txt
PROBE
	chmod 0755 probe.sh
	: >errs.txt
	chmod 0666 errs.txt
	as_user outsider "cd $W && sh probe.sh" >leaks.txt 2>&1
	umount /mnt/bind
	mount -o remount,mode=0700 "$D"
	n=$(wc -l <files.txt)
	leaks=$(grep -c '^read \|^write ' leaks.txt)
	other=$(grep -vc 'Permission denied' errs.txt)
	denied=$(grep -c 'Permission denied' errs.txt)
	note "outsider: $n files tried (read and write), $leaks opened, $denied refused with EACCES, $other errors other than EACCES"
	head -n 10 leaks.txt
	# every open was tried and refused with EACCES (the probe ran)
	[ "$n" -gt 5 ] && [ "$leaks" = 0 ] && [ "$other" = 0 ] && [ "$denied" = $((2 * n)) ]
}
