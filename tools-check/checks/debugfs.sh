# shellcheck shell=sh
# debugfs is private to root: every entry, whatever its creator asked for,
# whatever the mount options, through a bind mount too. Runs where debugfs
# is mounted at /sys/kernel/debug. Every check puts back what it changed.

check_debugfs_audit() {
	load_test_module || return 1
	audit_debugfs 10
}

# A task that is not root makes a debugfs entry when it uses an interface
# that keeps per-task state there (KVM's kvm/<pid>-<fd> for the user that
# runs a VM, blktrace's block/<dev>/ for a disk-group user): private to
# root or not, debugfs makes and finds it. The test module's device does
# that as its writer (debugfs_mode_test/made-<pid>, removed again).
check_debugfs_entry_made_by_user() {
	load_test_module || return 1
	[ -c /dev/debugfs_mode_test ] || { echo "no /dev/debugfs_mode_test"; return 1; }
	as_user outsider "echo x >/dev/debugfs_mode_test" 2>err.txt ||
		{ echo "outsider's write (debugfs_create_dir + debugfs_lookup as outsider): $(cat err.txt)"; return 1; }
	for e in "$D"/debugfs_mode_test/made-*; do
		[ ! -e "$e" ] || { echo "left behind: $e"; return 1; }
	done
	echo "outsider made and found debugfs_mode_test/made-<pid>"
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

# uid=, gid= and mode= options that would open debugfs to others are not
# refused (an fstab line with them must not stop a boot): debugfs keeps
# what it allows (owner bits, root:root) and logs it once per kind.
check_debugfs_mount_options_clamped() {
	rc=0
	for opt in mode=0755 uid=1001 gid=2000 mode=0707; do
		if ! mount -o "remount,$opt" "$D" 2>err.txt; then
			echo "remount $opt refused: $(cat err.txt)"
			rc=1
		fi
		got="$(mode "$D") $(stat -c %u:%g "$D")"
		want="$(printf '%o' $(( $(printf '%d' "0${opt#mode=}") & 0700 ))) 0:0"
		case $opt in uid=* | gid=*) want="700 0:0" ;; esac
		[ "$got" = "$want" ] || { echo "remount $opt applied: root dir now $got, want $want"; rc=1; }
		mount -o remount,mode=0700,uid=0,gid=0 "$D"
	done
	mkdir -p /mnt/debugfs2
	if mount -t debugfs -o mode=0755,uid=1001 debugfs /mnt/debugfs2 2>err.txt; then
		got="$(mode /mnt/debugfs2) $(stat -c %u /mnt/debugfs2)"
		[ "$got" = "700 0" ] || { echo "a second mount with mode=0755,uid=1001 gave $got"; rc=1; }
		umount /mnt/debugfs2
	else
		echo "a second mount with mode=0755,uid=1001 failed: $(cat err.txt)"
		rc=1
	fi
	nm=$(dmesg | grep -c 'debugfs: mount option mode=.*private to root')
	no=$(dmesg | grep -c 'debugfs: mount option [ug]id=.*private to root')
	note "debugfs: mode=0755, 0707, uid=1001, gid=2000 accepted and clamped; log lines: $nm for modes, $no for owners"
	[ "$nm" = 1 ] && [ "$no" = 1 ] || { echo "$nm log lines for modes, $no for owners, want 1 and 1"; rc=1; }
	# Narrowing is applied as asked.
	mount -o remount,mode=0500 "$D" && [ "$(mode "$D")" = 500 ] || { echo "remount mode=0500 not applied"; rc=1; }
	mount -o remount,mode=0700 "$D"
	return $rc
}

# chmod and chown keep working (a set -e script that did them must not
# die), but an entry stays root's with owner bits only; logged once.
check_debugfs_chmod_chown_clamped() {
	load_test_module || return 1
	f=$D/debugfs_mode_test/readable
	before=$(mode "$f")
	rc=0
	chmod 0666 "$f" || { echo "chmod 0666 failed"; rc=1; }
	[ "$(mode "$f")" = 600 ] || { echo "chmod 0666 gave $(mode "$f"), want 600"; rc=1; }
	chmod 0644 "$f" || rc=1
	chown 1001 "$f" || { echo "chown 1001 failed"; rc=1; }
	chgrp 2000 "$D" || { echo "chgrp 2000 of the root failed"; rc=1; }
	chmod 0755 "$D" || { echo "chmod 0755 $D failed"; rc=1; }
	got="$(stat -c %u "$f") $(stat -c %g "$D") $(mode "$D")"
	[ "$got" = "0 0 700" ] || { echo "after chown 1001, chgrp 2000, chmod 0755: owner, root group, root mode = $got, want 0 0 700"; rc=1; }
	nm=$(dmesg | grep -c "debugfs: chmod .*private to root")
	no=$(dmesg | grep -c "debugfs: chown .*private to root")
	[ "$nm" = 1 ] && [ "$no" = 1 ] || { echo "$nm log lines for chmod, $no for chown, want 1 and 1"; rc=1; }
	chmod 0400 "$f" && [ "$(mode "$f")" = 400 ] || { echo "narrowing chmod not applied"; rc=1; }
	chmod "$before" "$f"
	chmod 0700 "$D"
	return $rc
}

# As "outsider", with the root directory widened if the kernel allows it and
# a subdirectory bind-mounted elsewhere: no entry opens for read or write.
check_debugfs_outsider_no_access() {
	load_test_module || return 1
	mount -o remount,mode=0755 "$D" 2>/dev/null && note "remount mode=0755 on debugfs: root dir now $(mode "$D")"
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
