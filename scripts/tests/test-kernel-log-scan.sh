#!/usr/bin/env bash
# scan-kernel-log.sh: every report format in fixtures/kernel-log/FORMATS.tsv
# (one fixture each, made from the format string at the kernel's printk
# site) is a splat that the output and --headers show; the clean fixtures
# (fault injection, clamp messages, boot banners, user-space crashes) are
# clean; every splat of a log is shown, not only the first; a missing or
# empty log is an error rather than "clean"; a 10 MB console is quick.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
fx=$here/fixtures/kernel-log
scan=$here/../scan-kernel-log.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# has TEXT STRING: TEXT contains STRING (fixed string).
# (A here-string: "printf | grep -q" can fail with SIGPIPE under pipefail.)
has() { grep -qF -- "$2" <<<"$1"; }
# lines TEXT: the number of lines of TEXT (0 when empty).
lines() { if [ -z "$1" ]; then echo 0; else printf '%s\n' "$1" | wc -l; fi; }
# splat_with RC OUTPUT STRING...: exit 1 and OUTPUT contains every STRING.
splat_with() {
	local rc=$1 out=$2
	shift 2
	[ "$rc" = 1 ] || return 1
	for s; do has "$out" "$s" || return 1; done
}
# splat_without RC OUTPUT STRING: exit 1 and OUTPUT does not contain STRING.
splat_without() { [ "$1" = 1 ] && ! has "$2" "$3"; }
# one_splat RC HRC OUTPUT HEADERS HEADER: exit 1 in both modes, HEADER in
# both outputs, and --headers finds exactly one splat.
one_splat() {
	[ "$1:$2" = 1:1 ] && has "$3" "$5" && has "$4" "$5" && [ "$(lines "$4")" = 1 ]
}

for f in "$fx"/clean*.log; do
	n=$(basename "$f" .log)
	rc=0
	out=$("$scan" "$f") || rc=$?
	expect "kernel log scan: $n is clean (exit 0, \"clean\")" test "$rc:$out" = "0:clean"
	rc=0
	out=$("$scan" --headers "$f") || rc=$?
	expect "kernel log scan: $n is clean with --headers (exit 0, no output)" test "$rc:$out" = "0:"
done

# The index and the fixtures match: every row has its fixture, every
# fixture but the clean ones and two-splats.log has its row.
rows=$(grep -v '^#' "$fx/FORMATS.tsv" | tail -n +2)
missing=$(printf '%s\n' "$rows" | cut -f1 | while read -r n; do [ -f "$fx/$n.log" ] || echo "$n"; done)
expect "kernel log scan: every FORMATS.tsv row has its fixture${missing:+ (missing: $missing)}" test -z "$missing"
unlisted=$(cd "$fx" && for f in *.log; do
	n=${f%.log}
	case $n in clean* | two-splats) continue ;; esac
	printf '%s\n' "$rows" | cut -f1 | grep -qxF "$n" || echo "$n"
done)
expect "kernel log scan: every splat fixture has its FORMATS.tsv row${unlisted:+ (unlisted: $unlisted)}" test -z "$unlisted"

# Each format: exit 1, one splat, its header in the output and in --headers.
nrows=0
while IFS=$'\t' read -r n trees site header; do
	nrows=$((nrows + 1))
	rc=0
	out=$("$scan" "$fx/$n.log") || rc=$?
	hrc=0
	hdr=$("$scan" --headers "$fx/$n.log") || hrc=$?
	expect "kernel log scan: $n ($trees, $site) is one splat (exit 1) showing '$header'" \
		one_splat "$rc" "$hrc" "$out" "$hdr" "$header"
done < <(printf '%s\n' "$rows")
expect "kernel log scan: FORMATS.tsv lists formats ($nrows)" test "$nrows" -ge 90

# Glued and CRLF lines: caught, and shown without the carriage return.
rc=0
out=$("$scan" "$fx/glued-crlf.log") || rc=$?
expect "kernel log scan: a CRLF console's splat is shown without carriage returns" \
	splat_without "$rc" "$out" "$(printf '\r')"

# Every splat, not only the first: an expected KASAN report does not hide
# the WARNING after it.
rc=0
out=$("$scan" "$fx/two-splats.log") || rc=$?
expect "kernel log scan: two splats are both shown" \
	splat_with "$rc" "$out" "2 splats in" \
	"splat 1 of 2, line 3: BUG: KASAN: slab-use-after-free in eventfs_remount" \
	"splat 2 of 2, line 19: WARNING: CPU: 0 PID: 151 at fs/tracefs/event_inode.c:364"
hdr=$("$scan" --headers "$fx/two-splats.log") || true
left=$(printf '%s\n' "$hdr" | grep -vE 'BUG: KASAN: slab-use-after-free in eventfs_remount' || true)
expect "kernel log scan: --headers minus the expected KASAN splat leaves the WARNING" \
	test "$left" = "$(printf '19\tWARNING: CPU: 0 PID: 151 at fs/tracefs/event_inode.c:364 eventfs_set_attrs+0x40/0x90')"

# Many splats: the first 20 shown, the others counted with their lines;
# --headers lists them all.
for i in $(seq 1 25); do
	printf '[ %4d.000000] ------------[ cut here ]------------\n' "$i"
	printf '[ %4d.000001] WARNING: CPU: 0 PID: %d at fs/tracefs/inode.c:%d tracefs_x+0x1/0x2\n' "$i" "$i" "$i"
	for j in 1 2 3 4 5 6 7 8; do printf '[ %4d.00001%d]  frame_%d+0x1/0x2\n' "$i" "$j" "$j"; done
done >"$tmp/many.log"
rc=0
out=$("$scan" "$tmp/many.log") || rc=$?
expect "kernel log scan: 25 splats: 20 shown, the other 5 counted with their lines" \
	splat_with "$rc" "$out" "25 splats in" "splat 20 of 25, line 191:" \
	"... and 5 more splats not shown, at lines 201 211 221 231 241"
expect "kernel log scan: 25 splats: the 21st is not shown" splat_without "$rc" "$out" "splat 21 of"
hdr=$("$scan" --headers "$tmp/many.log") || true
expect "kernel log scan: --headers lists all 25 splats" test "$(lines "$hdr")" = 25

# Report lines close together are one splat; an end marker after a header
# is part of its splat, not a splat of its own.
hdr=$("$scan" --headers "$fx/refcount-underflow.log") || true
expect "kernel log scan: cut here, refcount_t's message and its WARNING are one splat" \
	test "$hdr" = "$(printf '1\trefcount_t: underflow; use-after-free. | WARNING: CPU: 0 PID: 93 at lib/refcount.c:28 refcount_warn_saturate+0xba/0x110')"

# Missing, empty, or no log: an error, not clean.
rc=0
"$scan" /no/such/console.log >/dev/null || rc=$?
expect "kernel log scan: a missing log is an error (exit 2), not clean" test "$rc" = 2
: >"$tmp/empty.log"
rc=0
"$scan" "$tmp/empty.log" >/dev/null || rc=$?
expect "kernel log scan: an empty log is an error (exit 2), not clean" test "$rc" = 2
rc=0
"$scan" >/dev/null 2>&1 || rc=$?
expect "kernel log scan: no argument is a usage error (exit 2)" test "$rc" = 2

# A 10 MB console (boot noise, guest output, one splat at its end) takes
# well under a few seconds.
awk 'BEGIN {
	for (i = 0; i < 140000; i++) {
		if (i % 3) printf "[ %6d.%06d] tracefs: mode=0755 asks for other bits; using 0750 [%d]\n", i / 1000, i % 1000000, i
		else printf "ok %d - check_%d # time=0.01s some guest output of a reasonable length\n", i, i
	}
	print "[ 9999.000000] BUG: KASAN: use-after-free in blk_trace_remove+0x11/0x50"
}' >"$tmp/big.log"
size=$(wc -c <"$tmp/big.log")
test_big() {
	[ "$size" -ge 10000000 ] && [ "$ms" -lt 3000 ] &&
		splat_with "$rc" "$out" "line 140001: BUG: KASAN: use-after-free in blk_trace_remove"
}
t0=$(date +%s%N)
rc=0
out=$("$scan" "$tmp/big.log") || rc=$?
t1=$(date +%s%N)
ms=$(((t1 - t0) / 1000000))
expect "kernel log scan: a $((size / 1000000)) MB console is scanned in ${ms} ms (< 3000) and its splat found" \
	test_big
tap_done
