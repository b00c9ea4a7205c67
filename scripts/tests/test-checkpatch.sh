#!/usr/bin/env bash
# Every patch in kernel/patches/series is checkpatch.pl --strict clean and
# carries a Signed-off-by from its author. One warning is accepted and
# reported: OBSOLETE for new files under Documentation/ABI/obsolete/, where
# Documentation/ABI/README says the old debugfs paths belong (checkpatch
# warns about any change to a directory MAINTAINERS marks obsolete).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"
src=$(tr_src baseline)
n=0
while read -r p; do
	n=$((n + 1))
	name=$(basename "$p")
	all=$(cd "$src" && perl scripts/checkpatch.pl --strict --quiet --show-types --terse "$p" 2>&1) || true
	allowed=$(echo "$all" | grep -E '^[^:]+:[0-9]+: WARNING:OBSOLETE: Documentation/ABI/obsolete/' || true)
	out=$(echo "$all" | grep -v -E '^[^:]+:[0-9]+: WARNING:OBSOLETE: Documentation/ABI/obsolete/' |
		grep -v '^total: ' || true)
	expect "checkpatch --strict: $name" test -z "$out"
	[ -z "$out" ] || echo "$out" | head -n 20 | sed 's/^/#   /'
	[ -z "$allowed" ] || echo "# accepted: $(echo "$allowed" | sed 's/^[^:]*:[0-9]*: //' | sort -u | paste -sd';')"
	author=$(sed -n 's/^From: //p' "$p" | head -n 1)
	expect "signed-off-by the author: $name" grep -qF "Signed-off-by: $author" "$p"
done < <(tr_series_patches)
echo "# $n patches checked"
tap_done
