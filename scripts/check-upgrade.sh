#!/usr/bin/env bash
# check-upgrade.sh RESULTS.tsv: the upgrade case, the same tools and scripts
# on the current kernel and on the next one. With more than one version,
# the checks of the compat view (compat-view, compat-view-refuse), the
# legacy scripts (legacy, debugfs-legacy) and the path map (relocation)
# must give the same result on every version's patched kernel, in every
# scenario: one TAP point per scenario and group, listing the checks that
# differ. RESULTS.tsv is evaluate.sh's output. With one version it prints
# only a comment.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

res=${1:?usage: check-upgrade.sh RESULTS.tsv}
groups="compat-view compat-view-refuse legacy debugfs-legacy relocation"
ps=""
for v in $TR_VERSIONS; do ps="$ps $v-patched"; done
ps=${ps# }
if [ "$(echo "$ps" | wc -w)" -lt 2 ]; then
	echo "# upgrade: one version ($TR_VERSIONS), nothing to compare"
	exit 0
fi
echo "TAP version 13"
rc=0
for g in $groups; do
	checks=$(sed -n 's/^check_\([a-z0-9_]*\)() *{.*/\1/p' "$TR_TOP/tools-check/checks/$g.sh" | paste -sd' ')
	out=$(awk -F'\t' -v ks="$ps" -v cs="$checks" -v g="$g" '
		BEGIN { nk = split(ks, K, " "); split(cs, C, " "); for (i in C) isc[C[i]] = 1; for (j = 1; j <= nk; j++) isk[K[j]] = 1 }
		($1 in isk) && ($3 in isc) { r[$1, $2, $3] = $4; sc[$2] = 1; n[$2]++ }
		END {
			for (s in sc) {
				d = ""; same = 0
				for (c in isc) {
					if (!((K[1], s, c) in r)) continue
					x = r[K[1], s, c]; diff = 0; line = c ": " K[1] " " x
					for (j = 2; j <= nk; j++) {
						y = ((K[j], s, c) in r) ? r[K[j], s, c] : "absent"
						if (y != x) diff = 1
						line = line ", " K[j] " " y
					}
					if (diff) d = d "\n#   " line; else same++
				}
				if (d == "") printf "ok - upgrade: %s checks in scenario %s: %d the same on %s\n", g, s, same, ks
				else printf "not ok - upgrade: %s checks in scenario %s differ between versions (%d the same)%s\n", g, s, same, d
			}
		}' "$res")
	if [ -z "$out" ]; then
		echo "not ok - upgrade: no result of the $g checks on $ps"
		rc=1
		continue
	fi
	echo "$out"
	! echo "$out" | grep -q '^not ok' || rc=1
done
exit "$rc"
