#!/usr/bin/env bash
# tap-to-results.sh SOURCE TAP: the "ok"/"not ok" lines of a host-side TAP
# stream (host tests, ftracetest) as rows of the results model that
# evaluate.sh writes for the guest checks:
#   kernel scenario check result expect verdict reason
# with kernel "-", scenario SOURCE and the TAP line's description as check.
# A plan ("1..N") that does not match the number of points is a FAIL row.
set -euo pipefail
src=${1:?usage: tap-to-results.sh SOURCE TAP}
tap=${2:?usage: tap-to-results.sh SOURCE TAP}
[ -f "$tap" ] || { printf -- '-\t%s\t%s output\tfail\tpass\tFAIL\tno TAP at %s\n' "$src" "$src" "$tap"; exit 0; }
awk -v src="$src" -v OFS='\t' '
	/^(not )?ok / {
		res = ($1 == "ok") ? "ok" : "fail"
		d = $0
		sub(/^(not )?ok */, "", d)
		sub(/^[0-9]+ */, "", d)
		sub(/^- */, "", d)
		gsub(/\t/, " ", d)
		print "-", src, d, res, "pass", (res == "ok" ? "PASS" : "FAIL"), ""
		n++
	}
	/^1\.\.[0-9]+$/ { plan = substr($0, 4) }
	END { if (plan != "" && plan + 0 != n) print "-", src, src " plan", "fail", "pass", "FAIL", "the plan says " plan " points, " n " printed" }' "$tap"
