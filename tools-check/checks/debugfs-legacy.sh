# shellcheck shell=sh
# debugfs_perms=legacy: the documented opt-out keeps creators' modes and
# accepts every mount option (the baseline kernel ignores the parameter and
# behaves the same way).

check_legacy_modes_kept() {
	load_test_module || return 1
	got="$(mode "$D/debugfs_mode_test/world_writable") $(mode "$D/debugfs_mode_test/u32_1")"
	echo "modes: $got"
	[ "$got" = "666 664" ] || return 1
	! dmesg | grep -q 'asked for mode'
}

check_legacy_mount_options_accepted() {
	mount -o remount,mode=0755 "$D" || return 1
	got=$(mode "$D")
	mount -o remount,mode=0700 "$D"
	[ "$got" = 755 ]
}
