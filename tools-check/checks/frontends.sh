# shellcheck shell=sh
# The BPF and osnoise front-ends production users run, Debian 12's own and
# unmodified: bcc (bpfcc-tools 0.26, Python), bpftrace 0.17 and rtla 6.1.
# They run from the host's root filesystem (qemu-env/run-guest.sh
# --host-root: the scenario's HOST_ROOT_GROUPS), as root. Each check asserts
# on what the tool printed, not only on its exit status. Tools compile BPF
# programs with LLVM under TCG: each one gets a generous timeout, and the
# workload it must see runs until the tool ends.

FE_TIMEOUT=${FE_TIMEOUT:-300}

# opens_until_killed: a process named "cat" opens /proc/version every 0.2 s
# (for at most twice FE_TIMEOUT s); its pid is in $BG. stop_opens ends it. It
# is one bash (Debian's is essential) started as "cat", looping on
# builtins: a read of /proc/version, then a read with a 0.2 s timeout from
# a FIFO nobody writes. A loop of /bin/cat and /bin/sleep execs ten
# programs a second, which under TCG took about a fifth of the guest's
# CPU from the tool under test (syscount-bpfcc: 21 s beside it, 17 s
# beside this loop, 16 s alone; measured in one guest).
opens_until_killed() {
	mkdir -p opener
	ln -sf /bin/bash opener/cat
	[ -p opener/tick ] || mkfifo opener/tick
	# shellcheck disable=SC2016 # expanded by the bash started as cat
	opener/cat -c 'exec 9<>opener/tick
		end=$((SECONDS + $1))
		while [ "$SECONDS" -lt "$end" ]; do
			read -r _ </proc/version
			read -r -t 0.2 -u 9 _
		done' opener "$((2 * FE_TIMEOUT))" &
	BG=$!
}
stop_opens() {
	kill "$BG" 2>/dev/null
	wait "$BG" 2>/dev/null
	return 0
}

# run_tool [--pid OPT] OUT CMD...: CMD with the opens running, output in
# OUT (shown on failure); fails on a non-zero exit. With --pid, CMD gets
# "OPT <the opener's pid>" appended: a tool that can follow one process
# watches the workload, not the whole machine.
run_tool() {
	pid_opt=""
	[ "$1" != --pid ] || { pid_opt=$2; shift 2; }
	out=$1
	shift
	opens_until_killed
	[ -z "$pid_opt" ] || set -- "$@" "$pid_opt" "$BG"
	rc=0
	timeout "$FE_TIMEOUT" "$@" >"$out" 2>&1 || rc=$?
	stop_opens
	[ "$rc" = 0 ] || { cat "$out"; echo "$1 exited $rc"; return 1; }
}

# run_until OUT ERE CMD...: CMD with the opens running until OUT (its
# output) has a line matching ERE, then SIGINT, as a user stops it with
# Ctrl-C; fails if no such line came within FE_TIMEOUT s of the tool's
# first line (a tool prints once it attached; compiling its BPF program
# under TCG beside other guests took more than FE_TIMEOUT s once, and
# the wait must not depend on that), or within twice FE_TIMEOUT s.
run_until() {
	out=$1 ere=$2
	shift 2
	opens_until_killed
	# Python tools block-buffer a file: unbuffered, a line is there at once
	PYTHONUNBUFFERED=1 "$@" >"$out" 2>&1 &
	pid=$!
	i=0 first=""
	while [ "$i" -lt "$((2 * FE_TIMEOUT))" ] && kill -0 "$pid" 2>/dev/null && ! grep -Eq "$ere" "$out"; do
		[ -n "$first" ] || [ ! -s "$out" ] || first=$i
		[ -z "$first" ] || [ "$((i - first))" -lt "$FE_TIMEOUT" ] || break
		sleep 1
		i=$((i + 1))
	done
	kill -INT "$pid" 2>/dev/null
	sleep 2
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	stop_opens
	grep -Eq "$ere" "$out" && return 0
	cat "$out"
	echo "$1: no line matching /$ere/ within $i s${first:+ ($((i - first)) s after its first line)}"
	return 1
}

# must_show OUT ERE WHAT: OUT has a line matching ERE, or say what is missing.
must_show() {
	grep -Eq "$2" "$1" && return 0
	cat "$1"
	echo "no $3 in the output (expected a line matching /$2/)"
	return 1
}

# --- bcc ---------------------------------------------------------------

# A kprobe tool (do_sys_openat2; kfunc only with BTF, which the guest has not).
check_bcc_opensnoop_kprobe() {
	run_tool opensnoop.out opensnoop-bpfcc -d 2 -n cat || return 1
	must_show opensnoop.out '[[:space:]]cat[[:space:]].*/proc/version' "open of /proc/version by cat"
}

# A tracepoint tool (raw_syscalls:sys_exit), on the workload's pid: the
# opener opens and reads /proc/version every 0.2 s, so in syscount's 2 s
# both calls are counted. Not a top 10, of the machine's calls or the
# opener's: under TCG the tool's own fcntl, bpf and rt_sigprocmask calls
# filled the machine's (seen once on 6.12-baseline, a fresh-machine run),
# and bash's fcntl, dup2, lseek, ioctl... can push read out of the
# opener's (seen on 6.12-patched): -T 100 lists every call it made.
check_bcc_syscount_tracepoint() {
	run_tool --pid -p syscount.out syscount-bpfcc -d 2 -T 100 || return 1
	must_show syscount.out '^openat[[:space:]]+[1-9]' "count of the opener's openat" || return 1
	must_show syscount.out '^read[[:space:]]+[1-9]' "count of the opener's read"
}

# trace: a probe given on the command line, stopped with SIGINT once an
# event of cat came (its -M does not end it in bcc 0.26 with Python 3.11:
# the exit() in its perf-buffer callback is swallowed by ctypes).
check_bcc_trace() {
	run_until trace.out '[[:space:]]cat[[:space:]]+do_sys_openat2' trace-bpfcc 'do_sys_openat2'
}

# funccount with a wildcard: bcc lists the candidate functions itself
# (BPF.get_kprobe_functions), leaving out the kprobe blacklist.
check_bcc_funccount_wildcard() {
	run_tool funccount.out funccount-bpfcc -d 2 'vfs_rea*' || return 1
	must_show funccount.out '^vfs_read[[:space:]]+[1-9]' "count of vfs_read"
}

# bcc 0.26 reads the blacklist from /sys/kernel/debug/kprobes/blacklist and
# uses an empty one, silently, when that open fails with EPERM (any other
# error is raised). The degradation is detected: every function the kernel
# blacklists (read as root from wherever it is: the path map's new path
# first, then the old one) must be missing from what bcc would attach to.
check_bcc_blacklist_honoured() {
	timeout "$FE_TIMEOUT" python3 -c '
from bcc import BPF
for f in sorted(BPF.get_kprobe_functions(b".*")):
    print(f.decode())
' >bcc-fns.txt 2>bcc-fns.err || { cat bcc-fns.err; echo "bcc could not list kprobe functions"; return 1; }
	echo "bcc offers $(wc -l <bcc-fns.txt) functions"
	sort -u bcc-fns.txt >bcc-fns.sorted
	grep -qx vfs_read bcc-fns.sorted || { echo "bcc offers no vfs_read"; return 1; }
	# The kernel's own list (debugfs and tracefs files show size 0: read a
	# line to know).
	truth=""
	for p in "$(tracing_dir)/kprobes/blacklist" /sys/kernel/tracing/kprobes/blacklist /sys/kernel/debug/kprobes/blacklist; do
		[ -n "$(head -n 1 "$p" 2>/dev/null)" ] && { truth=$p; break; }
	done
	[ -n "$truth" ] || { echo "no readable kprobe blacklist anywhere: the kernel's own list is unknown"; return 1; }
	echo "the kernel's blacklist: $truth ($(wc -l <"$truth") entries)"
	awk '{print $2}' "$truth" | sort -u >bl-kernel.txt
	# The blacklist also names symbols kallsyms lists otherwise, or not as
	# functions: compare on the names both have.
	comm -12 bl-kernel.txt bcc-fns.sorted >offered-blacklisted.txt
	n=$(wc -l <offered-blacklisted.txt)
	[ "$n" = 0 ] && return 0
	echo "bcc offers $n blacklisted functions (it used an empty blacklist), e.g.: $(head -n 5 offered-blacklisted.txt | paste -sd' ' -)"
	return 1
}

# --- bpftrace ----------------------------------------------------------

check_bpftrace_kprobe() {
	run_tool bt-kprobe.out bpftrace -e 'kprobe:do_sys_openat2 { @opens = count(); } interval:s:2 { exit(); }' || return 1
	must_show bt-kprobe.out '^@opens: [1-9]' "@opens count"
}

check_bpftrace_kretprobe() {
	run_tool bt-kret.out bpftrace -e 'kretprobe:do_sys_openat2 { @fds = count(); } interval:s:2 { exit(); }' || return 1
	must_show bt-kret.out '^@fds: [1-9]' "@fds count"
}

check_bpftrace_tracepoint() {
	run_tool bt-tp.out bpftrace -e 'tracepoint:syscalls:sys_enter_openat { @[comm] = count(); } interval:s:2 { exit(); }' || return 1
	must_show bt-tp.out '^@\[cat\]: [1-9]' "count for cat"
}

check_bpftrace_list() {
	timeout "$FE_TIMEOUT" bpftrace -l 'tracepoint:sched:*' >bt-l-tp.out 2>&1 || { cat bt-l-tp.out; return 1; }
	must_show bt-l-tp.out '^tracepoint:sched:sched_switch$' "tracepoint:sched:sched_switch" || return 1
	timeout "$FE_TIMEOUT" bpftrace -l 'kprobe:vfs_rea*' >bt-l-kp.out 2>&1 || { cat bt-l-kp.out; return 1; }
	must_show bt-l-kp.out '^kprobe:vfs_read$' "kprobe:vfs_read"
}

# --- rtla (root only) --------------------------------------------------

# A table with a row of samples, not only its header: rtla prints a CPU's
# row as "%3d #%-6d" (osnoise: the CPU, then how many periods it sampled)
# and "%3d #%-9d |" (timerlat: the CPU, then its timer IRQs), and timerlat
# only for a CPU that has data (tools/tracing/rtla/src/*_top.c).
check_rtla_osnoise_top() {
	run_tool rtla-osnoise.out rtla osnoise top -d 3s -q || return 1
	must_show rtla-osnoise.out 'Operating System Noise' "osnoise table" || return 1
	must_show rtla-osnoise.out '^[^0-9]*[0-9]+ #[1-9][0-9]* +[0-9]+ ' "row of osnoise samples of a CPU"
}

check_rtla_timerlat_top() {
	run_tool rtla-timerlat.out rtla timerlat top -d 3s -q || return 1
	must_show rtla-timerlat.out 'Timer Latency' "timerlat table" || return 1
	must_show rtla-timerlat.out '^[^0-9]*[0-9]+ #[1-9][0-9]* *\|' "row of timer latencies of a CPU"
}
