# shellcheck shell=sh
# blktrace across CPU hotplug (make check-configs, scenario hotplug: two
# vCPUs, maxcpus=1, so CPU 1 is offline at boot). Relay makes a CPU's
# trace<cpu> file when the CPU comes online during a trace: with the series
# in tracefs, with a debugfs link at the old path (the series' "blktrace: create the trace files in tracefs").
D=/sys/kernel/debug
T=/sys/kernel/tracing
HP=$W/hotplug

check_hotplug_cpu1_offline_at_boot() {
	cat /sys/devices/system/cpu/online
	[ "$(cat /sys/devices/system/cpu/online)" = 0 ] && [ -e /sys/devices/system/cpu/cpu1/online ]
}

# Debian's blktrace on the default path, CPU 1 brought online after the
# set-up; what exists while the trace runs and after it ends is kept.
check_hotplug_blktrace_cpu_online_during_trace() {
	rm -rf "$HP" && mkdir -p "$HP"
	blktrace -d /dev/vda -D "$HP" -o vda -w 4 >"$HP/out" 2>&1 &
	pid=$!
	sleep 1
	echo 1 >/sys/devices/system/cpu/cpu1/online || return 1
	sleep 1
	ls -l "$D/block/vda/" "$T/block/vda/" >"$HP/during" 2>&1
	ls -lL "$D/block/vda/trace1" >"$HP/during-old-path" 2>&1
	io_workload
	wait $pid
	rc=$?
	sleep 1
	ls -l "$D/block/vda/" "$T/block/vda/" >"$HP/after" 2>&1
	cat "$HP/out" "$HP/during"
	echo 0 >/sys/devices/system/cpu/cpu1/online
	[ $rc = 0 ]
}

check_hotplug_old_path_for_new_cpu() {
	cat "$HP/during" "$HP/during-old-path"
	sed -n "\#^$D/block/vda/*:\$#,/^\$/p" "$HP/during" | grep -q ' trace1' &&
		grep -q '^-r' "$HP/during-old-path"
}

check_hotplug_tracefs_file_for_new_cpu() {
	cat "$HP/during"
	sed -n "\#^$T/block/vda/*:\$#,/^\$/p" "$HP/during" | grep ' trace1' | grep -q '^-r'
}

check_hotplug_files_gone_after_trace() {
	cat "$HP/after"
	! grep -q ' trace[01]' "$HP/after"
}
