#!/usr/bin/env bash
# evaluate.sh EXPECTED.tsv RESULTS_DIR: read RESULTS_DIR/<kernel>/<scenario>.tap,
# compare every test point with the expected outcome, print one TSV row each:
# kernel scenario check result expect verdict reason
# A pattern of EXPECTED.tsv is a value, "*", or a prefix ending in "*". A
# kernel pattern that does not start with a version (a digit) is matched
# against the kernel id without its version: "baseline" matches 6.1-baseline
# and 6.12-baseline. A seventh column, when there is one, names the file
# and line a row comes from (lib.sh's tr_expectations assembles them).
# An expected failure names its cause twice: the reason (column 5, for
# people) and a "match" (column 6, an extended regex) that the failing
# check's diagnostics in the TAP must contain. A failure whose diagnostics
# do not match is a FAIL ("failed for another reason"), and so is a fail
# row without a match.
# verdict: PASS, XFAIL (failed as expected, for its reason), FAIL, XPASS
# (passed, expected to fail). An expected kernel_log_clean failure is a
# FAIL when a splat other than the expected one is in the log: every
# splat's header must match.
# Completeness: RESULTS_DIR/plan.tsv (kernel, scenario, points; written by
# run-matrix.sh before any guest starts) gives every cell a point
# "results_complete" that fails when its results file is missing or has
# another number of points; a missing plan fails too. An EXPECTED.tsv row
# that matches no point of the run fails ("expected_row_unused"), except a
# row about host-root cells (scenario SCENARIO@host) or debug kernels
# (KERNEL-debug) that matches no such cell of the run (host-root cells
# boot for some versions and scenarios only, debug kernels in make
# check-debug, or when a patched one fails).
set -euo pipefail

expected=${1:?usage: evaluate.sh EXPECTED.tsv RESULTS_DIR}
dir=${2:?usage: evaluate.sh EXPECTED.tsv RESULTS_DIR}
plan=$dir/plan.tsv

points() {
	grep -cE '^(not )?ok [0-9]+ - ' "$1" || true
}

completeness() {
	local k s n tap got
	if [ ! -f "$plan" ]; then
		printf -- '-\tmatrix\tresults_complete\tfail\n'
		return
	fi
	while IFS=$'\t' read -r k s n; do
		tap=$dir/$k/$s.tap
		if [ ! -f "$tap" ]; then
			printf '%s\t%s\tresults_complete\tfail\t# no results file: the cell never ran\n' "$k" "$s"
			continue
		fi
		got=$(points "$tap")
		if [ "$got" = "$n" ]; then
			printf '%s\t%s\tresults_complete\tok\t# %s points\n' "$k" "$s" "$got"
		else
			printf '%s\t%s\tresults_complete\tfail\t# %s points, the plan says %s\n' "$k" "$s" "$got" "$n"
		fi
	done <"$plan"
}

{
	for tap in "$dir"/*/*.tap; do
		[ -f "$tap" ] || continue
		kernel=$(basename "$(dirname "$tap")")
		scenario=$(basename "$tap" .tap)
		# One row per point; a failing point carries its diagnostics (the
		# "#   " lines after it) joined by " | " as a fifth field.
		awk -v k="$kernel" -v s="$scenario" '
			function flush() { if (row != "") print row (diag != "" ? "\t" diag : ""); row = ""; diag = "" }
			/^(not )?ok [0-9]+ - / {
				flush()
				res = ($1 == "ok") ? "ok" : "fail"
				name = $0
				sub(/^(not )?ok [0-9]+ - /, "", name)
				sub(/ *#.*$/, "", name)
				row = k "\t" s "\t" name "\t" res
				next
			}
			row != "" && res == "fail" && /^#   / {
				d = substr($0, 5); gsub(/\t/, " ", d)
				diag = diag (diag == "" ? "" : " | ") d
				next
			}
			/^# / { next }
			END { flush() }' "$tap"
	done
	completeness
} | awk -F'\t' -v OFS='\t' '
	# m(PATTERN, VALUE): "*" matches anything, "prefix*" any VALUE starting so.
	function m(p, v) {
		if (p == "*" || p == v) return 1
		return p ~ /\*$/ && substr(v, 1, length(p) - 1) == substr(p, 1, length(p) - 1)
	}
	# other_splat(DIAG, RE): the header of the first splat in a
	# kernel_log_clean diagnostic (scan-kernel-log.sh: "splat I of N, line
	# L: HEADER", its lines after it) that RE does not match, or "".
	function other_splat(d, re,   s, h, i) {
		s = d
		while (match(s, /splat [0-9]+ of [0-9]+, line [0-9]+: /)) {
			s = substr(s, RSTART + RLENGTH)
			i = index(s, " |   ")
			h = i ? substr(s, 1, i - 1) : s
			if (h !~ re) return h
		}
		if (d ~ /more splats? not shown/) return "more splats than the report shows"
		return ""
	}
	# mk(PATTERN, KERNEL): a pattern without a version ignores the version of KERNEL.
	function mk(p, v) {
		if (p !~ /^[0-9]/) sub(/^[0-9][^-]*-/, "", v)
		return m(p, v)
	}
	FILENAME == ARGV[1] {
		if ($0 ~ /^#/ || NF < 4) next
		ek[++n] = $1; es[n] = $2; ec[n] = $3; ex[n] = $4; er[n] = $5; em[n] = $6
		el[n] = $7 != "" ? $7 : FILENAME ":" FNR
		next
	}
	{
		cells[$1 SUBSEP $2] = 1
		expect = "pass"; reason = ""; hit = 0; diag = $5
		sub(/^# /, "", diag)
		if ($3 == "results_complete") reason = diag
		for (i = 1; i <= n; i++)
			if (mk(ek[i], $1) && m(es[i], $2) && m(ec[i], $3)) hit = i
		if (hit) { used[hit] = 1; expect = ex[hit]; reason = er[hit] }
		if (expect == "pass") {
			verdict = ($4 == "ok") ? "PASS" : "FAIL"
			# an unexpected failure carries the conclusion of its
			# diagnostics (a check says why it failed last; a console
			# scan names the splats first)
			if (verdict == "FAIL" && reason == "") {
				if ($3 == "kernel_log_clean" || length(diag) <= 300) reason = substr(diag, 1, 300)
				else reason = "..." substr(diag, length(diag) - 296)
			}
		}
		else if ($4 == "ok") verdict = "XPASS"
		else if (em[hit] == "") { verdict = "FAIL"; reason = "expected row " el[hit] " names no match for its reason: " reason }
		else if (diag ~ em[hit]) {
			verdict = "XFAIL"
			# an expected splat must not hide another one
			if ($3 == "kernel_log_clean" && (o = other_splat(diag, em[hit])) != "") {
				verdict = "FAIL"; reason = "another splat than the expected one (" reason "): " o
			}
		}
		else { verdict = "FAIL"; reason = "failed for another reason: the output does not match /" em[hit] "/ (" reason ")" }
		print $1, $2, $3, $4, expect, verdict, reason
	}
	# booted(I): the run booted a cell that row I could match (a run
	# without host-root cells, TRACEFS_RELOC_HOST_ROOT=0, another version
	# or scenario, or without debug kernels leaves rows about those cells
	# unused, not wrong).
	function booted(i,   c, ks) {
		for (c in cells) {
			split(c, ks, SUBSEP)
			if (mk(ek[i], ks[1]) && m(es[i], ks[2])) return 1
		}
		return 0
	}
	END {
		for (i = 1; i <= n; i++)
			if (!used[i] && ((es[i] !~ /@host$/ && ek[i] !~ /-debug$/) || booted(i)))
				print "-", "expected.tsv", "expected_row_unused:" el[i], "fail", "pass", "FAIL", \
					el[i] " (" ek[i] " " es[i] " " ec[i] ") matches no point of this run"
	}' "$expected" -
