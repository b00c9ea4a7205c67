# shellcheck shell=sh
# Block tracing on the scratch disk /dev/vda (the series' "blktrace: create the trace files in tracefs").

# Debian's blktrace with its default path, /sys/kernel/debug.
check_blktrace_default_path() {
	rm -rf bt1 && mkdir bt1
	blktrace -d /dev/vda -D bt1 -o vda -w 3 >bt1/blktrace.out 2>&1 &
	pid=$!
	sleep 1
	io_workload
	wait $pid
	rc=$?
	cat bt1/blktrace.out
	counts=$(blkparse_counts bt1 vda)
	note "blktrace (debugfs default path): exit $rc, $counts"
	[ $rc = 0 ] && nonzero_counts "$counts"
}

# A client that reads the relay files from tracefs; works without debugfs.
check_blktrace_tracefs() {
	rm -rf bt2 && mkdir bt2
	blktrace-tracefs /dev/vda "$T" bt2/vda 3 >bt2/out 2>&1 &
	pid=$!
	sleep 1
	io_workload
	wait $pid
	rc=$?
	cat bt2/out
	counts=$(blkparse_counts bt2 vda)
	note "blktrace via tracefs: exit $rc, $counts"
	[ $rc = 0 ] && nonzero_counts "$counts"
}

# Debian's blktrace pointed at tracefs with -r.
check_blktrace_debian_r_tracefs() {
	rm -rf bt3 && mkdir bt3
	blktrace -r "$T" -d /dev/vda -D bt3 -o vda -w 1 >bt3/out 2>&1
	rc=$?
	cat bt3/out
	[ $rc = 0 ] && [ -s bt3/vda.blktrace.0 ]
}

# 100 setups and teardowns leave nothing behind in tracefs or debugfs.
check_blktrace_setup_teardown_100() {
	before_t=$(find "$T" | wc -l)
	before_d=$( [ "$EXPECT_DEBUGFS" = mounted ] && find "$D/block" | wc -l)
	i=0
	while [ $i -lt 100 ]; do
		blktrace-tracefs /dev/vda "$T" /tmp/checks/loop 0 >/dev/null || { echo "run $i failed"; return 1; }
		i=$((i + 1))
	done
	after_t=$(find "$T" | wc -l)
	after_d=$( [ "$EXPECT_DEBUGFS" = mounted ] && find "$D/block" | wc -l)
	note "blktrace 100 setup/teardown: tracefs entries $before_t -> $after_t, debugfs block/ entries ${before_d:-n/a} -> ${after_d:-n/a}"
	[ "$before_t" = "$after_t" ] && [ "$before_d" = "$after_d" ] && [ -z "$(ls "$T/block")" ]
}

# msg: a message is accepted; one of 128 bytes or more fails with EINVAL.
check_blktrace_msg_bad_writes() {
	blktrace-tracefs /dev/vda "$T" /tmp/checks/msg 3 >/dev/null 2>&1 &
	pid=$!
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		[ -e "$T/block/vda/msg" ] && break
		kill -0 $pid 2>/dev/null || break
		sleep 0.2
	done
	rc=0
	echo "hello from the checks" >"$T/block/vda/msg" || { echo "short message refused"; rc=1; }
	if head -c 200 /dev/zero | tr '\0' 'x' >"$T/block/vda/msg" 2>err.txt; then
		echo "200-byte message accepted"
		rc=1
	fi
	grep -q 'Invalid argument' err.txt || { echo "expected EINVAL, got: $(cat err.txt)"; rc=1; }
	echo 5 >"$T/block/vda/dropped" 2>/dev/null && { echo "dropped is writable"; rc=1; }
	wait $pid || rc=1
	return $rc
}
