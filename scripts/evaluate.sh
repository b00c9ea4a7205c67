#!/usr/bin/env bash
# evaluate.sh EXPECTED.tsv RESULTS_DIR: read RESULTS_DIR/<kernel>/<scenario>.tap,
# compare every test point with the expected outcome, print one TSV row each:
# kernel scenario check result expect verdict reason
# verdict: PASS, XFAIL (failed as expected), FAIL, XPASS (passed, expected to fail).
set -euo pipefail

expected=${1:?usage: evaluate.sh EXPECTED.tsv RESULTS_DIR}
dir=${2:?usage: evaluate.sh EXPECTED.tsv RESULTS_DIR}

for tap in "$dir"/*/*.tap; do
	[ -f "$tap" ] || continue
	kernel=$(basename "$(dirname "$tap")")
	scenario=$(basename "$tap" .tap)
	awk -v k="$kernel" -v s="$scenario" '
		/^(not )?ok [0-9]+ - / {
			res = ($1 == "ok") ? "ok" : "fail"
			name = $0
			sub(/^(not )?ok [0-9]+ - /, "", name)
			sub(/ *#.*$/, "", name)
			printf "%s\t%s\t%s\t%s\n", k, s, name, res
		}' "$tap"
done | awk -F'\t' -v OFS='\t' '
	FILENAME == ARGV[1] {
		if ($0 ~ /^#/ || NF < 4) next
		ek[++n] = $1; es[n] = $2; ec[n] = $3; ex[n] = $4; er[n] = $5
		next
	}
	{
		expect = "pass"; reason = ""
		for (i = 1; i <= n; i++)
			if ((ek[i] == "*" || ek[i] == $1) && (es[i] == "*" || es[i] == $2) &&
			    (ec[i] == "*" || ec[i] == $3)) { expect = ex[i]; reason = er[i] }
		if (expect == "pass") verdict = ($4 == "ok") ? "PASS" : "FAIL"
		else verdict = ($4 == "ok") ? "XPASS" : "XFAIL"
		print $1, $2, $3, $4, expect, verdict, reason
	}' "$expected" -
