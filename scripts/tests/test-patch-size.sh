#!/usr/bin/env bash
# Each patch of each series is one reviewable change: no patch changes more
# than 650 lines outside Documentation/ (the "about 600" upstream reviewers
# take in one piece; documentation is read differently). The count is of
# added and removed lines, as in a diffstat. A split that went wrong (two
# patches squashed back into one) fails here before a review sees it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"
limit=650
# code_lines PATCH: added and removed lines in files outside Documentation/
code_lines() {
	awk '/^diff --git /{code = ($3 !~ /^a\/Documentation\//)}
		/^[-+]/ && !/^(\+\+\+|---) / {if (code) n++}
		END {print n + 0}' "$1"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The counter itself: 700 code lines and 900 documentation lines count 700.
{
	echo 'diff --git a/fs/x.c b/fs/x.c'
	echo '--- a/fs/x.c'
	echo '+++ b/fs/x.c'
	for _ in $(seq 1 700); do echo '+int x;'; done
	echo 'diff --git a/Documentation/x.rst b/Documentation/x.rst'
	echo '--- a/Documentation/x.rst'
	echo '+++ b/Documentation/x.rst'
	for _ in $(seq 1 900); do echo '-old line'; done
} >"$tmp/big.patch"
expect "the counter counts code lines only (700 of 1600)" test "$(code_lines "$tmp/big.patch")" = 700
expect "a patch of 700 code lines is over the limit" test "$(code_lines "$tmp/big.patch")" -gt "$limit"
n=0
for v in $TR_VERSIONS; do
	while read -r p; do
		n=$((n + 1))
		c=$(code_lines "$p")
		expect "$c lines outside Documentation/ (at most $limit) ($v): $(basename "$p")" test "$c" -le "$limit"
	done < <(tr_series_patches "$v")
done
echo "# $n patches measured"
expect "the series have patches to measure" test "$n" -gt 0
tap_done
