#!/usr/bin/env bash
# report.sh EVALUATED.tsv REPORT.md: the matrix report (scenario x check x
# kernel), which tracing directory each tool used, and phase times.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

tsv=${1:?usage: report.sh EVALUATED.tsv REPORT.md}
md=${2:?usage: report.sh EVALUATED.tsv REPORT.md}

# tap_notes: "kernel<TAB>scenario<TAB>key<TAB>value" for every "# key: value"
# note the guest checks printed.
tap_notes() {
	local tap k s
	for tap in "$TR_OUT"/results/*/*.tap; do
		k=$(basename "$(dirname "$tap")")
		s=$(basename "$tap" .tap)
		sed -n "s/^# \([a-z][^:]*\): \(.*\)$/$k\t$s\t\1\t\2/p" "$tap"
	done
}

# side_by_side: rows "| scenario | key | baseline value | patched value |"
# from tap_notes lines, in first-seen order.
side_by_side() {
	awk -F'\t' '
		{ key = $2 SUBSEP $3; if (!(key in seen)) { seen[key] = 1; order[++n] = key }; u[$1, key] = $4 }
		END { for (i = 1; i <= n; i++) { split(order[i], p, SUBSEP)
			printf "| %s | %s | %s | %s |\n", p[1], p[2], u["baseline", order[i]], u["patched", order[i]] } }'
}

{
	echo "# tracefs-relocation: test report"
	echo
	echo "linux-source-6.1 $(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || echo '?')," \
		"series: $(tr_series_patches | wc -l) patch(es); generated $(date -u '+%Y-%m-%d %H:%M UTC')."
	echo
	echo "Legend: ok = pass; FAIL; xfail = expected failure, its reason asserted; XPASS = passed, expected to fail; **differs** = baseline and patched differ"
	echo
	echo "## What the series changes"
	echo
	echo "The checks whose result differs between the baseline and the patched"
	echo "kernel in at least one scenario, grouped by the first word of the check."
	echo
	echo "| group | check | scenarios | baseline | patched |"
	echo "|---|---|---|---|---|"
	awk -F'\t' '
		$1 == "baseline" || $1 == "patched" { r[$1, $2, $3] = $4; chk[$3] = 1; sc[$2] = 1 }
		END {
			for (c in chk) {
				list = ""; b = ""; p = ""
				for (s in sc)
					if ((("baseline", s, c) in r) && (("patched", s, c) in r) && r["baseline", s, c] != r["patched", s, c]) {
						list = list (list == "" ? "" : ", ") s; b = r["baseline", s, c]; p = r["patched", s, c]
					}
				if (list != "") { g = c; sub(/_.*/, "", g); printf "| %s | %s | %s | %s | %s |\n", g, c, list, b, p }
			}
		}' "$tsv" | sort
	echo
	echo "## Problems"
	echo
	# Every FAIL and XPASS, with the check's own diagnostics (a splat's
	# first lines for kernel_log_clean).
	awk -F'\t' '$6 == "FAIL" || $6 == "XPASS" {print $1 "\t" $2 "\t" $3 "\t" $6 "\t" $7}' "$tsv" >"$TR_OUT/problems.tsv"
	if [ ! -s "$TR_OUT/problems.tsv" ]; then
		echo "None: every point passed or failed for its stated reason."
	else
		while IFS=$'\t' read -r k sc c v why; do
			echo "- **$v** $k / $sc / $c${why:+: $why}"
			tap=$TR_OUT/results/$k/$sc.tap
			if [ -f "$tap" ]; then
				echo
				echo '```'
				awk -v c="$c" '
					f && /^#   / { print substr($0, 5); if (++n >= 14) exit; next }
					f { exit }
					/^not ok [0-9]+ - / { name = $0; sub(/^not ok [0-9]+ - /, "", name); sub(/ *#.*$/, "", name); if (name == c) f = 1 }' "$tap"
				echo '```'
			fi
		done <"$TR_OUT/problems.tsv"
	fi
	echo
	echo "## Debug kernels (KASAN, lockdep, kmemleak, fault injection): scenario stress"
	echo
	echo "| check | baseline-debug | patched-debug | note (patched-debug) |"
	echo "|---|---|---|---|"
	awk -F'\t' '
		function c(v) { return v == "PASS" ? "ok" : v == "FAIL" ? "**FAIL**" : v == "XFAIL" ? "xfail" : v == "XPASS" ? "**XPASS**" : "-" }
		$1 ~ /-debug$/ { v[$1, $3] = $6; if (!($3 in seen)) { seen[$3] = 1; o[++n] = $3 } if ($1 == "patched-debug") w[$3] = $7 }
		END { for (i = 1; i <= n; i++) printf "| %s | %s | %s | %s |\n", o[i], c(v["baseline-debug", o[i]]), c(v["patched-debug", o[i]]), w[o[i]] }' "$tsv"
	if ! awk -F'\t' '$1 == "baseline-debug" {f = 1} END {exit !f}' "$tsv"; then
		echo
		echo "baseline-debug was not booted: \`make check\` boots it only when patched-debug"
		echo "fails a point, to compare; \`make check-debug\` boots both."
	fi
	echo
	echo "## Tools by user"
	echo
	echo "The tool checks (the same commands) as root, as \`tracer\` (member of the"
	echo "tracing group) and as \`outsider\`; b = baseline, p = patched. \"refused\" is a"
	echo "pass: the design refuses that user there, and the tool failed with a"
	echo "permission refusal (EACCES, or perf's capability check). Reasons for the"
	echo "expected failures are in the matrix below."
	echo
	echo "| scenario | tool | root b | root p | tracer b | tracer p | outsider b | outsider p |"
	echo "|---|---|---|---|---|---|---|---|"
	tap_notes | awk -F'\t' '$3 ~ /^refused / { split($3, w, " "); print $1 "\t" $2 "\t" w[2] "_" w[3] }' >"$TR_OUT/refused.tsv"
	awk -F'\t' '
		function c(v, k, s, t) { return v == "PASS" ? ((k, s, t) in ref ? "refused" : "ok") : v == "FAIL" ? "**FAIL**" : v == "XFAIL" ? "xfail" : v == "XPASS" ? "**XPASS**" : "-" }
		FILENAME ~ /refused.tsv$/ { ref[$1, $2, $3] = 1; next }
		{ v[$1, $2, $3] = $6; if (!(($2, $3) in seen)) { seen[$2, $3] = 1; order[++n] = $2 SUBSEP $3 } }
		END {
			for (i = 1; i <= n; i++) {
				split(order[i], p, SUBSEP); s = p[1]; t = p[2]
				if (!(("patched", s, "tracer_" t) in v) && !(("baseline", s, "tracer_" t) in v)) continue
				printf "| %s | %s", s, t
				for (u = 1; u <= 3; u++) {
					pre = u == 1 ? "" : u == 2 ? "tracer_" : "outsider_"
					printf " | %s | %s", c(v["baseline", s, pre t], "baseline", s, pre t), c(v["patched", s, pre t], "patched", s, pre t)
				}
				print " |"
			}
		}' "$TR_OUT/refused.tsv" "$tsv"
	echo
	echo "## Matrix"
	echo
	echo "| scenario | check | baseline | patched | differs | reason for an expected failure |"
	echo "|---|---|---|---|---|---|"
	awk -F'\t' -v OFS=' | ' '
		function cell(v) {
			return v == "PASS" ? "ok" : v == "FAIL" ? "**FAIL**" : v == "XFAIL" ? "xfail" : v == "XPASS" ? "**XPASS**" : "-"
		}
		$1 == "baseline" || $1 == "patched" {
			key = $2 SUBSEP $3
			if (!(key in seen)) { seen[key] = 1; order[++n] = key }
			v[$1, key] = $6
			r[$1, key] = $4
			if ($7 != "") why[$1, key] = $7
		}
		END {
			for (i = 1; i <= n; i++) {
				k = order[i]; split(k, p, SUBSEP)
				d = (("baseline", k) in r && ("patched", k) in r && r["baseline", k] != r["patched", k]) ? "**differs**" : ""
				wb = why["baseline", k]; wp = why["patched", k]
				w = (wb != "" && wb == wp) ? "both: " wb : \
					(wb != "" ? "baseline: " wb : "") (wb != "" && wp != "" ? "; " : "") (wp != "" ? "patched: " wp : "")
				print "| " p[1], p[2], cell(v["baseline", k]), cell(v["patched", k]), d, w " |"
			}
		}' "$tsv"
	echo
	echo "## Totals"
	echo
	echo "Every point of the run, from out/results.tsv (the same file the closing"
	echo "\"N passed, N failed\" line is counted from)."
	echo
	echo "| kernel or source | pass | expected failures | FAIL | XPASS |"
	echo "|---|---|---|---|---|"
	for k in $TR_KERNELS $TR_DEBUG_KERNELS; do
		awk -F'\t' -v k="$k" '$1 == k {c[$6]++} END {if (length(c)) printf "| %s | %d | %d | %d | %d |\n", k, c["PASS"], c["XFAIL"], c["FAIL"], c["XPASS"]}' "$tsv"
	done
	# host-side sources (kernel "-"): host tests, ftracetest, expected.tsv, the runners
	awk -F'\t' '$1 == "-" {c[$2, $6]++; if (!($2 in seen)) { seen[$2] = 1; o[++n] = $2 } }
		END { for (i = 1; i <= n; i++) printf "| %s | %d | %d | %d | %d |\n", o[i], c[o[i], "PASS"], c[o[i], "XFAIL"], c[o[i], "FAIL"], c[o[i], "XPASS"] }' "$tsv"
	awk -F'\t' '{c[$6]++} END {printf "| **all** | %d | %d | %d | %d |\n", c["PASS"], c["XFAIL"], c["FAIL"], c["XPASS"]}' "$tsv"
	srcs=("$TR_OUT"/results/*/*.source)
	if [ -f "${srcs[0]}" ]; then
		echo
		echo "Guest cells booted in this run: $(grep -l '^run ' "${srcs[@]}" | wc -l);" \
			"reused from an earlier run with the same inputs (kernel and guest images, checks," \
			"scenario): $(grep -l '^reused ' "${srcs[@]}" | wc -l)$(grep -h '^reused ' "${srcs[@]}" |
				sort -u | sed 's/^reused //' | paste -sd, - | sed 's/^./ (&/;s/.$/&)/')." \
			"make check FRESH=1 boots every cell."
	fi
	if ls "$TR_OUT"/results/*/*.tap >/dev/null 2>&1; then
		echo
		echo "## Which tracing directory each tool used (from strace in the guest)"
		echo
		echo "| scenario | tool | baseline | patched |"
		echo "|---|---|---|---|"
		tap_notes | sed -n 's/^\([^\t]*\t[^\t]*\t\)path\t\([^ ]*\) used \(.*\)$/\1\2\t\3/p' | side_by_side
		echo
		echo "## Figures reported by the checks"
		echo
		echo "| scenario | figure | baseline | patched |"
		echo "|---|---|---|---|"
		tap_notes | awk -F'\t' '$3 != "path" && $3 !~ /^(refused|absent old path) /' | side_by_side
	fi
	ft=$TR_OUT/ftracetest/results.tsv
	if [ -s "$ft" ]; then
		echo
		echo "## ftracetest (tools/testing/selftests/ftrace of each tree, scenario tracefs)"
		echo
		echo "| kernel | run | PASS | FAIL | UNRESOLVED | UNSUPPORTED | XFAIL | other |"
		echo "|---|---|---|---|---|---|---|---|"
		for k in $TR_KERNELS; do
			awk -F'\t' -v k="$k" -v src="$(cat "$TR_OUT/ftracetest/$k.source" 2>/dev/null)" '
				$1 == k { c[$4]++; n++ }
				END { o = n - c["PASS"] - c["FAIL"] - c["UNRESOLVED"] - c["UNSUPPORTED"] - c["XFAIL"]
					printf "| %s | %s | %d | %d | %d | %d | %d | %d |\n", k, src, c["PASS"], c["FAIL"], c["UNRESOLVED"], c["UNSUPPORTED"], c["XFAIL"], o }' "$ft"
		done
		echo
		rr=$TR_OUT/ftracetest/rerun.tsv
		[ -f "$rr" ] || rr=/dev/null
		echo "Cases that do not pass on both kernels (a regression would be PASS on baseline, not on patched):"
		echo
		echo "| case | baseline | patched |"
		echo "|---|---|---|"
		awk -F'\t' 'FILENAME ~ /rerun/ { r[$1] = " (then PASS " $2 " of " $3 " run alone)"; next }
			$1 == "baseline" { b[$3] = $4 } $1 == "patched" { p[$3] = $4; o[++n] = $3 }
			END { for (i = 1; i <= n; i++) if (b[o[i]] != "PASS" || p[o[i]] != "PASS")
				printf "| %s | %s | %s%s |\n", o[i], b[o[i]], p[o[i]], r[o[i]] }' \
			"$rr" "$ft"
	fi
	scans=("$TR_OUT"/debugfs-scan-*.txt)
	if [ -f "${scans[0]}" ]; then
		echo
		echo "## Static scan: debugfs_create_* calls asking for group/other write permission"
		echo
		echo "| tree | in the whole tree | in the guest kernel's build |"
		echo "|---|---|---|"
		for f in "${scans[@]}"; do
			k=$(basename "$f" .txt)
			k=${k#debugfs-scan-}
			sed -n "s/^# \([0-9]*\) debugfs_create_.* \([0-9]*\) in the guest kernel$/| $k | \1 | \2 |/p" "$f"
		done
		echo
		echo "<details><summary>The calls (patched tree, file:line)</summary>"
		echo
		echo '```'
		grep -v '^#' "$TR_OUT/debugfs-scan-patched.txt" 2>/dev/null || true
		echo '```'
		echo
		echo "</details>"
	fi
	tscans=("$TR_OUT"/tool-scan-*.txt)
	if [ -f "${tscans[0]}" ]; then
		echo
		echo "## Hard-coded debugfs tracing paths in the tree's own tools (compat/scan-tool-paths over tools/, scripts/, samples/)"
		echo
		echo "| tree | findings |"
		echo "|---|---|"
		for f in "${tscans[@]}"; do
			k=$(basename "$f" .txt)
			echo "| ${k#tool-scan-} | $(tail -n 1 "$f" | sed 's/^# //') |"
		done
		echo
		echo "<details><summary>Findings other than /sys/kernel/debug/tracing (patched tree)</summary>"
		echo
		echo '```'
		grep -v '^#' "$TR_OUT/tool-scan-patched.txt" 2>/dev/null | grep -v ': /sys/kernel/debug/tracing -> ' || true
		echo '```'
		echo
		echo "</details>"
	fi
	# The last `make bench`, when there is one (not part of make check).
	if [ -f "$TR_OUT/bench/bench.md" ]; then
		echo
		sed 's#(bench\.svg)#(bench/bench.svg)#' "$TR_OUT/bench/bench.md"
	fi
	# The last `make check-configs`, when there is one (not part of make
	# check); its heading carries its date.
	if [ -f "$TR_OUT/configs/report.md" ]; then
		echo
		cat "$TR_OUT/configs/report.md"
	fi
	# The last `make check-production` likewise.
	if [ -f "$TR_OUT/production/report.md" ]; then
		echo
		cat "$TR_OUT/production/report.md"
	fi
	if [ -f "$TR_OUT/phases.tsv" ]; then
		echo
		echo "## Phase times (this run)"
		echo
		echo "| phase | seconds | exit |"
		echo "|---|---|---|"
		awk -F'\t' '{printf "| %s | %s | %s |\n", $1, $2, $3}' "$TR_OUT/phases.tsv"
	fi
} >"$md"
