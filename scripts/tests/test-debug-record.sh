#!/usr/bin/env bash
# scripts/debug-record.sh: a record written from the debug kernels' points
# verifies while the series, the debug config and the package are today's
# and every point of the patched debug kernel is ok; a missing record, a
# stale one (each part of the key), a failed point (a KASAN report that
# only the debug kernel sees) and an empty series each fail, naming the
# command that makes a new record.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
rec=$here/../debug-record.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
v=$TR_VERSION
export TRACEFS_RELOC_DEBUG_RECORD=$tmp/debug.tap

# verify_says ERE: verify fails (exit 1) and its line matches ERE.
verify_says() {
	local out rc=0
	out=$("$rec" verify "$v") || rc=$?
	[ "$rc" = 1 ] && printf '%s\n' "$out" | head -n 1 | grep -qE "^not ok - debug record \($v, .*$1" &&
		printf '%s\n' "$out" | head -n 1 | grep -qF "make check DEBUG_VERSIONS=$v"
}

expect "debug record: a missing record fails, naming the command" verify_says 'missing'

# evaluated rows as evaluate.sh writes them
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
	"$v-patched-debug" stress boot ok pass PASS "" \
	"$v-patched-debug" stress stress_instances_vs_remount ok pass PASS "" \
	"$v-patched-debug" stress kernel_log_clean ok pass PASS "" \
	"$v-baseline-debug" stress kernel_log_clean fail fail XFAIL "a known baseline report" \
	"$v-patched" tracefs boot ok pass PASS "" >"$tmp/green.tsv"
"$rec" write "$v" "$tmp/green.tsv" >/dev/null
expect "debug record: written from the debug kernels' points only" \
	bash -c '[ "$(grep -c "^ok - " "$1")" = 4 ] && ! grep -q "/tracefs/" "$1"' _ "$TRACEFS_RELOC_DEBUG_RECORD"
out=$("$rec" verify "$v") || true
expect "debug record: a green record of today's series verifies" \
	bash -c '[[ $1 == "ok - debug record ("*"3 points of "*"-patched-debug ok"* ]]' _ "$out"

# a use-after-free only KASAN sees, in the patched debug kernel's log
sed "s/^\($v-patched-debug\tstress\tkernel_log_clean\)\tok\tpass\tPASS\t/\1\tfail\tpass\tFAIL\tBUG: KASAN: slab-use-after-free in f/" \
	"$tmp/green.tsv" >"$tmp/kasan.tsv"
"$rec" write "$v" "$tmp/kasan.tsv" >/dev/null
expect "debug record: a failed point of the patched debug kernel fails, shown" \
	bash -c '"$1" verify "$2" | grep -q "^#   not ok - $2-patched-debug/stress/kernel_log_clean # FAIL: BUG: KASAN" &&
		! "$1" verify "$2" >/dev/null' _ "$rec" "$v"
expect "debug record: ... naming the command" verify_says 'point\(s\) of .* failed'

"$rec" write "$v" "$tmp/green.tsv" >/dev/null
for part in series config package patches; do
	sed "s/^# key: $part .*/# key: $part something-else/" "$tmp/debug.tap" >"$tmp/stale.tap"
	TRACEFS_RELOC_DEBUG_RECORD=$tmp/stale.tap expect "debug record: stale when its $part differs" verify_says "stale.*$part was 'something-else'"
done
# a real change of the series: one patch fewer
mkdir "$tmp/series"
tr_series_patches "$v" | head -n -1 | while read -r p; do cp "$p" "$tmp/series/"; basename "$p"; done >"$tmp/series/series"
TRACEFS_RELOC_SERIES_DIR=$tmp/series expect "debug record: stale when a patch is dropped from the series" verify_says 'stale.*series was'
: >"$tmp/series/series"
rc=0
out=$(TRACEFS_RELOC_SERIES_DIR=$tmp/series "$rec" verify "$v") || rc=$?
expect "debug record: an empty series fails" \
	bash -c '[ "$1" = 1 ] && [[ $2 == "not ok - debug record"*"names no patch"* ]]' _ "$rc" "$out"

rc=0
"$rec" write "$v" <(grep -v -- '-patched-debug' "$tmp/green.tsv") >/dev/null 2>&1 || rc=$?
expect "debug record: nothing written without a point of the patched debug kernel" test "$rc" = 1
rc=0
"$rec" verify 0.0 >/dev/null 2>&1 || rc=$?
expect "debug record: an unknown version is a usage error (exit 2)" test "$rc" = 2
tap_done
