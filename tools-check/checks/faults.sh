# shellcheck shell=sh
# Fault injection on every creation path the series touches, then the
# leak check (debug kernels, scenario stress: CONFIG_FAILSLAB and
# CONFIG_DEBUG_KMEMLEAK; kmemleak-start.sh runs before the stress group).

FI=$D/failslab

# failslab on one operation, for this shell's child only (task-filter,
# make-it-fail): each try lets SPACE bytes of allocations through and fails
# the next one, for each SPACE of the list (spread out, so that the tries
# reach deep into the operation). Each try either works or fails with a
# message (an errno), and leaves nothing half-created: LEFT prints the same
# after the try (and UNDO) as before the first. A failure may also be
# absorbed by design (debugfs callers ignore errors, so insmod works): a try
# counts as injected when failslab's "times" went to 0. A run in which no
# try was injected did not reach the path and fails.
# inject_each OP UNDO LEFT "SPACE...".
inject_each() {
	op=$1 undo=$2 left=$3 spaces=$4
	before=$(sh -c "$left" 2>/dev/null)
	# task-filter and times first: with probability set before them, this
	# shell's own allocations would fail.
	echo Y >"$FI/task-filter"
	echo 0 >"$FI/times"
	echo 1 >"$FI/interval"
	echo 0 >"$FI/verbose"
	echo N >"$FI/ignore-gfp-wait"
	echo 100 >"$FI/probability"
	worked=0 failed=0 injected=0 rc=0 n=0
	for space in $spaces; do
		n=$((n + 1))
		echo "$space" >"$FI/space"
		echo 1 >"$FI/times"
		if sh -c "echo 1 >/proc/self/make-it-fail; $op" >/dev/null 2>err.txt; then
			worked=$((worked + 1))
		else
			failed=$((failed + 1))
			[ -s err.txt ] || { echo "try $n failed without a message"; rc=1; }
		fi
		[ "$(cat "$FI/times")" = 0 ] && injected=$((injected + 1))
		echo 0 >"$FI/times"
		sh -c "$undo" >/dev/null 2>&1
		l=$(sh -c "$left" 2>/dev/null)
		[ "$l" = "$before" ] || { echo "try $n left: $l"; rc=1; }
	done
	echo 0 >"$FI/probability"
	echo 0 >"$FI/space"
	echo "$n tries, $injected with a failure injected: $worked worked, $failed failed with an errno (last: $(head -c 200 err.txt))"
	[ "$injected" -gt 0 ] || { echo "no failure was injected: fault injection did not reach the path"; rc=1; }
	return $rc
}

check_stress_failslab_instance_mkdir() {
	inject_each "mkdir $T/instances/fi" "rmdir $T/instances/fi" "ls $T/instances" "0 512 2048 8192 32768 131072 524288 2097152"
}

check_stress_failslab_kprobe_event() {
	inject_each "echo 'p:fi_probe do_sys_openat2' >>$T/kprobe_events" \
		"echo '-:fi_probe' >>$T/kprobe_events" "cat $T/kprobe_events; ls $T/events" "$(seq -s ' ' 0 256 8192)"
}

# A trace on loop1 runs meanwhile, so that blktrace's tracepoints stay
# registered and the tries reach the series' file creation: the first
# trace's blk_register_tracepoints() WARNs on an allocation failure
# (WARN_ON(ret) after each register_trace_block_*(), upstream code on both
# kernels, not the series').
check_stress_failslab_blktrace_setup() {
	blktrace-tracefs /dev/loop1 "$D" /tmp/checks/fi-hold 600 >hold.out 2>&1 &
	hold=$!
	i=0
	while [ ! -e "$D/block/loop1/trace0" ] && [ $i -lt 10 ]; do sleep 1; i=$((i + 1)); done
	[ -e "$D/block/loop1/trace0" ] || { echo "the trace on loop1 did not start: $(cat hold.out)"; kill $hold; return 1; }
	inject_each "blktrace-tracefs /dev/loop3 $D /tmp/checks/fi 0" "true" \
		"ls $D/block/loop3; ls $T/block" "$(seq -s ' ' 0 512 16384) 65536 262144"
	rc=$?
	kill -TERM $hold
	wait $hold || { echo "the trace on loop1: $(cat hold.out)"; rc=1; }
	return $rc
}

check_stress_failslab_debugfs_module() {
	inject_each "insmod /lib/modules/tests/debugfs_mode_test.ko" \
		"rmmod debugfs_mode_test" "ls -R $D/debugfs_mode_test" "0 1024 4096 16384 65536 262144 1048576"
}

# Last: no new leak after everything above (two scans, as kmemleak needs).
check_stress_kmemleak_clean() {
	echo scan >"$D/kmemleak" && sleep 1 && echo scan >"$D/kmemleak" || return 1
	leaks=$(grep -c '^unreferenced object' "$D/kmemleak")
	echo "kmemleak: $leaks new unreferenced object(s)"
	[ "$leaks" = 0 ] || { head -n 30 "$D/kmemleak"; return 1; }
}
