# shellcheck shell=sh
# The scenario's premise: the filesystems are where the scenario says.

check_scenario_mounts() {
	cat /run/mounts.log
	case $EXPECT_DEBUGFS in
	mounted) debugfs_mounts | grep -qx /sys/kernel/debug ;;
	absent) [ -z "$(debugfs_mounts)" ] ;;
	refused) [ -z "$(debugfs_mounts)" ] && grep -q '^FAILED debugfs' /run/mounts.log ;;
	*) echo "bad EXPECT_DEBUGFS=$EXPECT_DEBUGFS"; false ;;
	esac || { echo "debugfs: expected $EXPECT_DEBUGFS"; return 1; }
	case $MOUNTS in
	*tracefs:/sys/kernel/tracing*) tracefs_mounts | grep -qx /sys/kernel/tracing ;;
	*) [ -z "$(tracefs_mounts)" ] ;;
	esac || { echo "tracefs mounts not as the scenario says: $(tracefs_mounts)"; return 1; }
}
