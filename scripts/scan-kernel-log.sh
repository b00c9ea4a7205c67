#!/usr/bin/env bash
# scan-kernel-log.sh [--headers] CONSOLE_LOG: find kernel splats in a
# guest's console log, every one of them, not only the first.
#
# Exit status (run-matrix.sh's kernel_log_clean point relies on it):
#   0  no splat; prints "clean" (nothing with --headers)
#   1  at least one splat
#   2  the log is missing or empty (a guest that left no log cannot be
#      called clean), or a usage error
#
# Output on a splat, default mode: a first line "N splat(s) in LOG", then
# for each splat, in log order, a line "splat I of N, line L: HEADER" (L:
# the splat's first line in the log, its "cut here" line if it has one) and
# the splat's first lines (12, more when the splat has several header
# lines close together, at most 24), each indented by two spaces. At most
# 20 splats are shown; a last line counts the others and gives their line
# numbers. A second, different splat after an expected one is therefore
# always visible.
#
# --headers: one line per splat, "L<TAB>HEADER", nothing else (all splats,
# no cap; same exit status), for a caller that compares the splats against an expected one:
# drop the lines that match the expected splat's regex; any line left is a
# splat nobody expected. HEADER is the kernel's message without the
# console prefix (timestamp, caller id, glued guest text); when a splat has
# several header lines (a refcount_t or list_add message and its WARNING, a
# SLUB "[Redzone overwritten]" line and its "BUG kmalloc-64 (...)" line, a
# "BUG: unable to handle page fault" and its "Oops: 0000 [#1]"), they are
# joined with " | ", so that a regex naming any of them matches the splat
# (a "cut here" line is left out of HEADER when a header follows it).
#
# What is a splat: a line whose kernel message starts with one of the
# report headers printed by the kernel's own printk sites, in 6.1 and 6.12
# (scripts/tests/fixtures/kernel-log/FORMATS.tsv lists each format, the
# printk site it comes from, and the fixture that proves it is caught):
# WARNING: (WARN*, lockdep, suspicious RCU usage), BUG: (KASAN, KFENCE,
# KCSAN, page faults, sleeping in atomic, scheduling while atomic, bad
# page state/map, bad rss-counter, workqueue leaks and lockups, stack guard
# page), SLUB's "BUG <cache> (<taint>): ..." and 6.12's "[<area>
# overwritten]", the x86 die header ("<what>: 0000 [#1] ..." in 6.1,
# "Oops: <what>: 0000 [#1] ..." in 6.12), kernel BUG at, Kernel panic,
# double fault, soft and hard lockups, hung tasks, RCU stalls (normal,
# self-detected, expedited, suppressed, Tasks and Tasks Trace), kmemleak
# (the count and each "unreferenced object", with or without "kmemleak: "),
# list corruption, refcount_t, ODEBUG, UBSAN, lockdep's non-static key.
# A "------------[ cut here ]------------" line starts a splat too (its
# header follows it), and an end marker ("---[ end trace", "---[ end
# Kernel panic", "Kernel Offset:") with no header in the 1000 lines before
# it is a splat of its own: a report whose header this script did not
# recognise (or could not read, garbled by other output) still fails.
# Header lines at most 5 lines apart form one splat (a report's message,
# its WARNING and its die header are one splat; two reports are always
# further apart: each prints its stack dump).
#
# Where a message is looked for: at the start of a line, after the console
# prefix "[    1.234567] " and/or the printk caller id "[  T123] " if
# present, and after every such prefix inside a line (the kernel's line
# glued to guest output written without a newline: "ok 5 - foo[
# 12.345678] BUG: KASAN: ..."). Carriage returns are dropped (CRLF serial
# consoles). A few unmistakable headers (BUG: KASAN/KFENCE/KCSAN:,
# "WARNING: CPU: N PID: N at", Kernel panic - not syncing:, kernel BUG at
# F:N!, the die header, soft/hard lockup, hung task, RCU stall, lockdep's
# circular/recursive) are found anywhere in a line, for glued lines
# without a timestamp (printk.time=0).
#
# Deliberately not splats:
# - fault injection's own "FAULT_INJECTION: forcing a failure." reports,
#   their stack dumps, and the "page allocation failure" reports of the
#   allocations it fails: they are what the stress group asks for;
# - the series' own messages (debugfs:/tracefs: clamp messages);
# - the checkers' boot banners (KernelAddressSanitizer initialized,
#   kmemleak: Kernel memory leak detector initialized, Lock dependency
#   validator and its MAX_LOCKDEP_* sizes, RCU's and the watchdogs' boot
#   messages, ODEBUG: selftest passed; bugs.c's "RETBleed: WARNING: ..."
#   is a CPU vulnerability note, and its "WARNING:" is not at the start);
# - "ODEBUG: Out of memory. ODEBUG disabled": object debugging ran out of
#   its pool (fault injection can cause it), not a kernel fault;
# - user-space crashes: "traps: sh[93] general protection fault ip:...",
#   "sh[93]: segfault at 0 ip ...", "trap int3"/"trap divide error" lines
#   (show_signal() and show_signal_msg() in arch/x86): the kernel handled
#   a user program's fault as it should, by a signal; the program's own
#   check reports it;
# - "unchecked MSR access error" (arch/x86/mm/extable.c): under QEMU it
#   reports MSRs the emulator lacks more often than kernel faults;
# - OOM-killer reports: memory exhaustion, not a fault report.
set -euo pipefail

usage() {
	echo "usage: scan-kernel-log.sh [--headers] CONSOLE_LOG" >&2
	exit 2
}
mode=show
case ${1:-} in
--headers) mode=headers; shift ;;
-*) usage ;;
esac
[ $# = 1 ] || usage
log=$1
if [ ! -s "$log" ] || [ ! -r "$log" ]; then
	echo "no console log at $log"
	exit 2
fi

# One awk pass (tr drops CR and NUL bytes first): a 10 MB console takes
# well under a second.
tr -d '\r\000' <"$log" | LC_ALL=C awk -v mode="$mode" -v logname="$log" '
BEGIN {
	TS = "\\[ *[0-9]+\\.[0-9][0-9][0-9][0-9][0-9][0-9]\\]"
	CID = "\\[ *[TC][0-9]+\\]"
	PFX = "^(" TS ")?(" CID ")? ?"
	ANY = TS "|" CID
	H = "^(WARNING:"
	H = H "|BUG:"
	H = H "|BUG [^ ]+ \\((Not tainted|Tainted: [^)]*)\\): "
	H = H "|\\[[A-Za-z ]+ overwritten\\] 0x"
	H = H "|SLUB <none>: no slab for object"
	H = H "|SLUB( [^ :]+)?: .*slabs counted but counter="
	H = H "|kernel BUG at "
	H = H "|Kernel panic - not syncing"
	H = H "|(Oops: )?([A-Za-z][^:]*)?: [0-9a-f][0-9a-f][0-9a-f][0-9a-f] \\[#[0-9]+\\]"
	H = H "|Oops: "
	H = H "|general protection fault"
	H = H "|PANIC: double fault"
	H = H "|Unable to handle kernel "
	H = H "|UBSAN: "
	H = H "|INFO: task .+:[0-9]+ blocked for more than "
	H = H "|INFO: possible (recursive|circular|irq lock)"
	H = H "|INFO: trying to register non-static key"
	H = H "|(rcu: )?INFO: [a-z_]+ (self-)?detected (expedited )?stall"
	H = H "|(NMI )?watchdog: (BUG: soft lockup|Watchdog detected hard LOCKUP)"
	H = H "|kmemleak: [0-9]+ new suspected memory leak"
	H = H "|(kmemleak: )?unreferenced object 0x"
	H = H "|list_(add|del) corruption"
	H = H "|refcount_t: "
	H = H "|ODEBUG: (.* \\(active state [0-9]+\\)|object .* on stack|selftest (object not found|wrong state|fixups failed|warnings failed))"
	H = H ")"
	LEAD = "^-+\\[ cut here \\]-+$"
	TRAIL = "^(-+\\[ end trace [0-9a-f]+ \\]-+|-+\\[ end Kernel panic|Kernel Offset: )"
	S = "BUG: (KASAN|KFENCE|KCSAN): "
	S = S "|WARNING: CPU: [0-9]+ PID: [0-9]+ at "
	S = S "|WARNING: possible (recursive|circular) locking"
	S = S "|Kernel panic - not syncing: "
	S = S "|kernel BUG at [^ ]+:[0-9]+!"
	S = S "|: [0-9a-f][0-9a-f][0-9a-f][0-9a-f] \\[#[0-9]+\\]"
	S = S "|BUG: soft lockup - CPU#"
	S = S "|Watchdog detected hard LOCKUP"
	S = S "|INFO: task .+:[0-9]+ blocked for more than [0-9]+ seconds"
	S = S "|detected (expedited )?stalls on CPUs/tasks"
	SHOW = 20; LINES = 12; MAXLINES = 24; MERGE = 5; ORPHAN = 1000
	nb = 0; lastsig = 0; capb = 0
}
function kind(s) {
	if (s ~ H) return "H"
	if (s ~ LEAD) return "L"
	if (s ~ TRAIL) return "T"
	return ""
}
function min(a, b) { return a < b ? a : b }
function max(a, b) { return a > b ? a : b }
{
	type = ""; msg = ""; s = $0
	while (1) {
		if (match(s, PFX) && RLENGTH > 0) s = substr(s, RLENGTH + 1)
		type = kind(s)
		if (type != "") { msg = s; break }
		if (!match(s, ANY)) break
		s = substr(s, RSTART)
	}
	if (type == "" && match($0, S)) { type = "H"; msg = substr($0, RSTART) }
	if (type == "T" && lastsig && NR - lastsig <= ORPHAN) type = ""
	if (type != "") {
		sub(/ +$/, "", msg)
		lastsig = NR
		if (nb && type != "T" && NR - blast <= MERGE) {
			blast = NR
			if (type == "H") hdr[nb] = (hdr[nb] == "" ? "" : hdr[nb] " | ") msg
			if (capb == nb) capend = min(max(capend, NR + 2), bstart + MAXLINES - 1)
		} else {
			nb++; bstart = NR; blast = NR; at[nb] = NR
			if (type == "H") hdr[nb] = msg; else other[nb] = msg
			capb = (nb <= SHOW) ? nb : 0; capend = NR + LINES - 1
		}
	}
	if (capb && NR <= capend) buf[capb] = buf[capb] "  " $0 "\n"
}
END {
	if (nb == 0) {
		if (mode != "headers") print "clean"
		exit 0
	}
	for (i = 1; i <= nb; i++) if (hdr[i] == "") hdr[i] = other[i]
	if (mode == "headers") {
		for (i = 1; i <= nb; i++) printf "%d\t%s\n", at[i], hdr[i]
		exit 1
	}
	printf "%d splat%s in %s\n", nb, (nb == 1) ? "" : "s", logname
	for (i = 1; i <= nb && i <= SHOW; i++) {
		printf "splat %d of %d, line %d: %s\n", i, nb, at[i], hdr[i]
		printf "%s", buf[i]
	}
	if (nb > SHOW) {
		rest = ""
		for (i = SHOW + 1; i <= nb && i <= SHOW + 50; i++) rest = rest " " at[i]
		if (nb > SHOW + 50) rest = rest " ..."
		printf "... and %d more splat%s not shown, at lines%s\n", nb - SHOW,
			(nb - SHOW == 1) ? "" : "s", rest
	}
	exit 1
}'
