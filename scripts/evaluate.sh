#!/usr/bin/env bash
# evaluate.sh EXPECTED.tsv RESULTS_DIR: read RESULTS_DIR/<kernel>/<scenario>.tap,
# compare every test point with the expected outcome, print one TSV row each:
# kernel scenario check result expect verdict reason
# A pattern of EXPECTED.tsv is a value, "*", or a prefix ending in "*".
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
	# m(PATTERN, VALUE): "*" matches anything, "prefix*" any VALUE starting so.
	function m(p, v) {
		if (p == "*" || p == v) return 1
		return p ~ /\*$/ && substr(v, 1, length(p) - 1) == substr(p, 1, length(p) - 1)
	}
	FILENAME == ARGV[1] {
		if ($0 ~ /^#/ || NF < 4) next
		ek[++n] = $1; es[n] = $2; ec[n] = $3; ex[n] = $4; er[n] = $5
		next
	}
	{
		expect = "pass"; reason = ""
		for (i = 1; i <= n; i++)
			if (m(ek[i], $1) && m(es[i], $2) && m(ec[i], $3)) { expect = ex[i]; reason = er[i] }
		if (expect == "pass") verdict = ($4 == "ok") ? "PASS" : "FAIL"
		else verdict = ($4 == "ok") ? "XPASS" : "XFAIL"
		print $1, $2, $3, $4, expect, verdict, reason
	}' "$expected" -
