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
	[ -z "${SETUP:-}" ] || grep -qxF "setup done: $SETUP" /run/mounts.log ||
		{ echo "scenario setup failed: $SETUP"; return 1; }
}

# Where debugfs is mounted, its tracing automount reaches the same tracefs
# (as does the compat view's bind mount); where neither is, nothing of
# tracing appears under /sys/kernel/debug.
check_debugfs_tracing_automount() {
	if old_paths; then
		[ -f /sys/kernel/debug/tracing/events/sched/sched_switch/format ] ||
			{ echo "no events under the automount"; return 1; }
		awk '$2 == "/sys/kernel/debug/tracing" && $3 == "tracefs" {f = 1} END {exit !f}' /proc/mounts ||
			{ echo "automount is not tracefs"; return 1; }
		a=$(ls /sys/kernel/debug/tracing/events | sort | md5sum)
		b=$(ls "$(tracing_dir)/events" | sort | md5sum)
		[ "$a" = "$b" ] || { echo "automount and tracefs differ"; return 1; }
	else
		[ ! -e /sys/kernel/debug/tracing ] || { echo "/sys/kernel/debug/tracing exists without debugfs"; return 1; }
	fi
}
