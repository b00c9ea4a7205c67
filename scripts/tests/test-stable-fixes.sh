#!/usr/bin/env bash
# The fixes of mainline bugs that each series makes on its way (the patches
# with "Cc: stable@vger.kernel.org") come first, before any patch that is
# not one, each names what it fixes (Fixes:), and each applies to the
# unpatched tree on its own, without the rest of the series: as a stable
# tree would take it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"
n=0
for v in $TR_VERSIONS; do
	src=$(tr_src "$v-baseline")
	rest=
	while read -r p; do
		name=$(basename "$p")
		if ! grep -q '^Cc: stable@vger.kernel.org' "$p"; then
			rest=$name
			continue
		fi
		n=$((n + 1))
		expect "stable fix before the rest of the series ($v): $name" test -z "$rest"
		[ -z "$rest" ] || echo "#   comes after $rest"
		expect "stable fix names what it fixes ($v): $name" grep -qE '^Fixes: [0-9a-f]{12} \(".+"\)$' "$p"
		out=$(patch -p1 --dry-run --batch -d "$src" <"$p" 2>&1) && rc=0 || rc=$?
		expect "stable fix applies to the unpatched $v tree alone: $name" test "$rc" -eq 0
		[ "$rc" -eq 0 ] || echo "$out" | tail -n 5 | sed 's/^/#   /'
	done < <(tr_series_patches "$v")
done
echo "# $n stable fixes checked"
expect "each version has at least one stable fix" test "$n" -ge 2
tap_done
