# shellcheck shell=sh
# compat/debugfs-compat-view where debugfs is mounted on /sys/kernel/debug:
# it refuses, says why, and changes nothing.

check_view_refuses_debugfs_mounted() {
	before=$(cat /proc/mounts)
	rc=0
	for cmd in start "run -- true"; do
		# shellcheck disable=SC2086
		/usr/local/sbin/debugfs-compat-view $cmd >refuse.out 2>&1
		r=$?
		cat refuse.out
		[ $r = 1 ] && grep -q 'debugfs is mounted on /sys/kernel/debug' refuse.out ||
			{ echo "'$cmd': exit $r"; rc=1; }
	done
	/usr/local/sbin/debugfs-compat-view status
	[ $? = 3 ] || { echo "status is not 3 (inactive)"; rc=1; }
	[ "$before" = "$(cat /proc/mounts)" ] || { echo "mounts changed"; rc=1; }
	return $rc
}
