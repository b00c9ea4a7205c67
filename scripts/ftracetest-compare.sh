#!/usr/bin/env bash
# ftracetest-compare.sh VERSION RESULTS [RERUN]: TAP lines, one per case of
# the version's baseline and patched runs (RESULTS: ftracetest-cases.sh
# rows of both): not ok when a case passes on baseline and not on patched,
# unless RERUN (case <TAB> passes <TAB> runs, from running it again alone)
# says it then passed 3 times of 3; a case on one side only is reported.
# ftracetest-compare.sh -r VERSION RESULTS: only the cases that passed on
# baseline and not on patched, one per line (what is run again alone).
set -euo pipefail
if [ "${1:-}" = -r ]; then
	awk -F'\t' -v b="${2:?usage: ftracetest-compare.sh -r VERSION RESULTS}-baseline" -v p="$2-patched" \
		'$1 == b {r[$3] = $4} $1 == p && r[$3] == "PASS" && $4 != "PASS" {print $3}' "${3:?usage: ftracetest-compare.sh -r VERSION RESULTS}"
	exit 0
fi
v=${1:?usage: ftracetest-compare.sh VERSION RESULTS [RERUN]}
results=${2:?usage: ftracetest-compare.sh VERSION RESULTS [RERUN]}
rerun=${3:-/dev/null}
awk -F'\t' -v v="$v" '
	FILENAME != results { rp[$1] = $2; rn[$1] = $3; next }
	$1 == v "-baseline" { b[$3] = $4; if (!($3 in seen)) { seen[$3] = 1; order[++n] = $3 } }
	$1 == v "-patched" { p[$3] = $4; if (!($3 in seen)) { seen[$3] = 1; order[++n] = $3 } }
	END {
		# the union of both kernels cases; one on one side only is reported
		for (i = 1; i <= n; i++) {
			c = order[i]
			# (before rn[c] below creates the entry)
			alone = (c in rn) ? ", alone " rp[c] " of " rn[c] " PASS" : ""
			if (!(c in p))
				printf "not ok - ftracetest no regression (%s): %s (baseline %s, absent on patched)\n", v, c, b[c]
			else if (!(c in b))
				printf "ok - ftracetest no regression (%s): %s (absent on baseline, patched %s: new with the series)\n", v, c, p[c]
			else if (b[c] == "PASS" && p[c] != "PASS" && rn[c] == 3 && rp[c] == 3)
				printf "ok - ftracetest no regression (%s): %s (baseline PASS, patched %s in the full run, then PASS 3 of 3 alone: timing under load)\n", v, c, p[c]
			else if (b[c] == "PASS" && p[c] != "PASS")
				printf "not ok - ftracetest no regression (%s): %s (baseline PASS, patched %s%s)\n", v, c, p[c], alone
			else
				printf "ok - ftracetest no regression (%s): %s (baseline %s, patched %s)\n", v, c, b[c], p[c]
		}
	}' results="$results" "$rerun" "$results"
