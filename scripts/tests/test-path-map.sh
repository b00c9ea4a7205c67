#!/usr/bin/env bash
# compat/path-map.tsv is the one list of relocated paths: every entry is in
# MIGRATION.md's table, names a patch (by subject) that every version's
# series has, and MIGRATION.md names no relocated path the map does not have.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"
top=$here/../..
map=$top/compat/path-map.tsv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# subjects VERSION: the subjects of the version's series, one per line.
subjects() {
	local p
	for p in $(tr_series_patches "$1"); do
		awk '/^Subject:/ { s = $0; while ((getline l) > 0 && l ~ /^ /) s = s l; print s; exit }' "$p" |
			sed 's/^Subject: \(\[PATCH[^]]*\] \)\{0,1\}//'
	done
}
for v in $TR_VERSIONS; do
	subjects "$v" >"$tmp/$v"
done
n=0 missing=0 nopatch=0
while IFS=$'\t' read -r old new patch class _; do
	n=$((n + 1))
	grep -qF "| \`$old\` | \`$new\` | $class |" "$top/MIGRATION.md" || { echo "# not in MIGRATION.md: $old"; missing=$((missing + 1)); }
	for v in $TR_VERSIONS; do
		grep -qxF "$patch" "$tmp/$v" || { echo "# no patch '$patch' in kernel/$v's series"; nopatch=$((nopatch + 1)); }
	done
done < <(grep -v '^#' "$map")
expect "path map: $n entries, all in MIGRATION.md's table" test "$missing" = 0
expect "path map: every entry names a patch of every version's series ($TR_VERSIONS)" test "$nopatch" = 0
rows=$(grep -cE '^\| `/sys/kernel/debug/[^`]*` \| `/sys/kernel/tracing/' "$top/MIGRATION.md")
expect "MIGRATION.md: its table has exactly the map's $n rows (has $rows)" test "$rows" = "$n"
tap_done
