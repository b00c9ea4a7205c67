#!/usr/bin/env bash
# compat/path-map.tsv is the one list of relocated paths: every entry is in
# MIGRATION.md's table, names a patch of the series, and MIGRATION.md names
# no relocated path the map does not have.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
top=$here/../..
map=$top/compat/path-map.tsv
n=0 missing=0 nopatch=0
while IFS=$'\t' read -r old new patch class _; do
	n=$((n + 1))
	grep -qF "| \`$old\` | \`$new\` | $class |" "$top/MIGRATION.md" || { echo "# not in MIGRATION.md: $old"; missing=$((missing + 1)); }
	grep -qxF "$patch" "$top/kernel/patches/series" || { echo "# patch not in series: $patch"; nopatch=$((nopatch + 1)); }
done < <(grep -v '^#' "$map")
expect "path map: $n entries, all in MIGRATION.md's table" test "$missing" = 0
expect "path map: every entry names a patch of the series" test "$nopatch" = 0
rows=$(grep -cE '^\| `/sys/kernel/debug/[^`]*` \| `/sys/kernel/tracing/' "$top/MIGRATION.md")
expect "MIGRATION.md: its table has exactly the map's $n rows (has $rows)" test "$rows" = "$n"
tap_done
