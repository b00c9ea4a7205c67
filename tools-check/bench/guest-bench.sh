#!/bin/sh
# Guest side of `make bench` (scripts/bench.sh): one line per figure,
# "BENCH <metric> <value> <unit>". Run under QEMU -icount, where the guest's
# clock follows the instruction count, so the figures repeat from boot to
# boot. Figures a kernel cannot give (a path it does not have) are left out.
T=/sys/kernel/tracing
D=/sys/kernel/debug
N=${BENCH_N:-200}
ROUNDS=${BENCH_ROUNDS:-3000}
W=/tmp/bench
mkdir -p "$W"
cd "$W" || exit 1

# Boot: from power-on to the start of /init (qemu-env/init records it).
awk '{printf "BENCH boot_to_init %.3f ms\n", $1 / 1e6}' /run/init-ns

# Open+read of the relocated files, first access (through the debugfs
# paths this triggers the tracing automount) then warm. Nothing may touch
# /sys/kernel/debug before this.
openread() { [ -e "$2" ] && tr-bench open-read "$1" "$2" "$N"; }
openread old_kprobes_enabled "$D/kprobes/enabled"
openread automount_kprobe_events "$D/tracing/kprobe_events"
openread new_kprobes_enabled "$T/kprobes/enabled"
openread new_kprobe_events "$T/kprobe_events"
openread old_error_injection_list "$D/error_injection/list"
openread new_error_injection_list "$T/error_injection/list"

# Memory the trees take.
awk '/^Slab:/ {print "BENCH slab", $2, "kB"} /^SUnreclaim:/ {print "BENCH slab_unreclaimable", $2, "kB"}' /proc/meminfo
echo "BENCH inodes $(cut -f1 /proc/sys/fs/inode-nr) count"
echo "BENCH dentries $(cut -f1 /proc/sys/fs/dentry-state) count"
echo "BENCH tracefs_entries $(find "$T" | wc -l) count"
echo "BENCH debugfs_entries $(find "$D" -path "$D/tracing" -prune -o -print | wc -l) count"
slab() { awk '/^Slab:/ {print $2}' /proc/meminfo; }
# Five instances, on a settled system, divided by five: one instance's
# share is smaller than the noise of the slab counters.
sleep 1
s0=$(slab)
for i in 1 2 3 4 5; do mkdir "$T/instances/bench_mem$i"; done
s1=$(slab)
for i in 1 2 3 4 5; do rmdir "$T/instances/bench_mem$i"; done
echo "BENCH instance_slab $(((s1 - s0) / 5)) kB"

# Every timed operation starts on a settled system: tr-bench sleeps before
# each one, so that the RCU callbacks and work items the previous one queued
# (an rmdir frees thousands of dentries and inodes after a grace period)
# run outside its window. Under -icount sleep=off the idle time is skipped,
# so this costs no wall time. Two untimed rounds first.
export TR_BENCH_SETTLE_US="${BENCH_SETTLE_US:-50000}" TR_BENCH_WARMUP=2

# Instance creation/removal and kprobe event add/remove latency.
tr-bench instance "$T" 50
# The path the permission code runs on: stat + open of every tracefs entry,
# as root, and as a member of the group tracing is delegated to.
tr-bench walk tracefs_root "$T" 10 | grep -v walk_entries
mount -o remount,gid=2000,mode=0770 "$T"
su -s /bin/sh tracer -c "tr-bench walk tracefs_member $T 10"
mount -o remount,gid=0,mode=0700 "$T"
tr-bench kprobe "$T" 50

# Tracing throughput: the same ping-pong + getppid workload untraced, under
# trace-cmd record (sched_switch + raw_syscalls) and under perf record.
tr-bench workload "$ROUNDS" | sed 's/^BENCH workload_/BENCH untraced_/'

trace-cmd record -o tc.dat -e sched:sched_switch -e raw_syscalls \
	tr-bench workload "$ROUNDS" >tc.out 2>&1
sed -n 's/^BENCH workload_seconds \(.*\) s$/\1/p' tc.out >tc.secs
events=$(trace-cmd report -i tc.dat 2>/dev/null | grep -cE 'sched_switch:|sys_enter:|sys_exit:')
lost=$(awk '/^ *overrun:/ {s += $2} END {print s + 0}' tc.out)
awk -v e="$events" -v l="$lost" -v r="$ROUNDS" '{printf "BENCH tc_events %d count\nBENCH tc_events_per_s %.0f ev/s\nBENCH tc_lost %d count\nBENCH tc_rounds_per_s %.0f rounds/s\n", e, e / $1, l, r / $1}' tc.secs

# The workload's own tasks (not -a: perf's reader would count its own
# syscalls, which vary with when it wakes), into a buffer large enough that
# nothing is lost, so the event count is what the kernel generated.
perf record -q -m 2048 -o perf.data -e sched:sched_switch -e raw_syscalls:sys_enter -- \
	tr-bench workload "$ROUNDS" >perf.out 2>&1
sed -n 's/^BENCH workload_seconds \(.*\) s$/\1/p' perf.out >perf.secs
events=$(perf script -i perf.data 2>/dev/null | wc -l)
lost=$(perf report -i perf.data --stats 2>/dev/null | awk '/LOST/ && $NF ~ /^[0-9]+$/ {s += $NF} END {print s + 0}')
awk -v e="$events" -v l="$lost" -v r="$ROUNDS" '{printf "BENCH perf_events %d count\nBENCH perf_events_per_s %.0f ev/s\nBENCH perf_lost %d count\nBENCH perf_rounds_per_s %.0f rounds/s\n", e, e / $1, l, r / $1}' perf.secs
echo "BENCH done 1 flag"
