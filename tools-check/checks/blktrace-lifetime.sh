# shellcheck shell=sh
# blktrace's files held open across the end of a trace (kernel/*/patches
# 0006). debugfs cut a removed file off from its data: after teardown a
# held msg, dropped or trace0 fails with EIO and a new open with ENOENT.
# The files in tracefs must do the same and never touch the freed trace.
# blk-lifetime (tools-check/blk-lifetime.c) runs the sequence and prints
# each errno; on the debug kernels KASAN, lockdep and kmemleak watch it
# (the boot's kernel_log_clean point). Needs debugfs at /sys/kernel/debug
# for the old path (scenarios both, stress).

BLK_LOOP=/dev/loop0

# The default path, /sys/kernel/debug/block/<name>/: debugfs files on
# baseline, symlinks into tracefs on patched.
check_blktrace_held_fds_old_path() {
	blk-lifetime -n 3 "$BLK_LOOP" "$D"
}

# The same, through the files in tracefs. The unpatched kernel has no
# block/ in tracefs: asserted instead.
check_blktrace_held_fds_tracefs() {
	case $KERNEL in
	*baseline*)
		blktrace-tracefs "$BLK_LOOP" "$D" /tmp/checks/bl 0 >/dev/null || return 1
		[ ! -e "$T/block" ] || { echo "baseline has $T/block"; return 1; }
		echo "baseline: no block/ in tracefs (as expected); debugfs path works"
		;;
	*) blk-lifetime -n 3 "$BLK_LOOP" "$T" ;;
	esac
}

# Four other processes use the files while the trace ends: two keep their
# descriptors and loop write/read/poll, two loop open/read/close. They may
# only ever see success, EIO or ENOENT.
check_blktrace_held_fds_concurrent() {
	blk-lifetime -n 5 -c 4 "$BLK_LOOP" "$D"
}

# The device goes away (LOOP_CTL_REMOVE, del_gendisk tears the trace down)
# while the files are held; the loop device is added back after each round.
check_blktrace_held_fds_device_removal() {
	blk-lifetime -r -n 3 -c 2 "$BLK_LOOP" "$D"
}

# losetup -d while tracing: the backing file goes, the trace stays until
# its teardown, and then the held files end as above. Each round attaches
# the backing file again.
check_blktrace_held_fds_losetup_detach() {
	dd if=/dev/zero of=/tmp/checks/loop.img bs=1M count=4 2>/dev/null || return 1
	i=0
	while [ $i -lt 3 ]; do
		losetup /dev/loop4 /tmp/checks/loop.img || return 1
		blk-lifetime -x "losetup -d /dev/loop4" -c 2 /dev/loop4 "$D" || return 1
		i=$((i + 1))
	done
	echo "3 rounds of losetup -d while tracing"
}
