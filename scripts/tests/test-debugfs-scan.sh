#!/usr/bin/env bash
# scan-debugfs-modes.pl finds group/other-writable debugfs_create_* calls,
# including multi-line calls and macros, and nothing else.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
fx=$here/fixtures/debugfs-scan
out=$("$here/../scan-debugfs-modes.pl" "$fx")
found=$(echo "$out" | grep -v '^#' | sed 's/^sample.c:\([0-9]*\).*/\1/' | paste -sd' ')
want=$(grep -n 'FLAG' "$fx/sample.c" | grep -v Fixture | cut -d: -f1 |
	while read -r l; do
		# a multi-line call is reported at its first line
		awk -v l="$l" 'NR <= l && /debugfs_create_/ {n = NR} END {print n}' "$fx/sample.c"
	done | paste -sd' ')
expect "scan: flags exactly the group/other-writable calls (lines $want)" test "$found" = "$want"
expect "scan: prints the count" bash -c "echo '$out' | grep -q '^# 5 debugfs_create_\* calls'"
expect "scan: resolves a local #define" bash -c "echo '$out' | grep -q 'SAMPLE_MODE (0664)'"
rc=0
"$here/../scan-debugfs-modes.pl" /no/such/dir >/dev/null 2>&1 || rc=$?
expect "scan: a missing tree is an error" test "$rc" != 0
tap_done
