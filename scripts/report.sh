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
		[ -f "$tap" ] || continue
		k=$(basename "$(dirname "$tap")")
		s=$(basename "$tap" .tap)
		sed -n "s/^# \([a-z][^:]*\): \(.*\)$/$k\t$s\t\1\t\2/p" "$tap"
	done
}

# side_by_side: rows "| scenario | key | value on each of TR_KERNELS |"
# from tap_notes lines, in first-seen order.
side_by_side() {
	awk -F'\t' -v ks="$TR_KERNELS" '
		BEGIN { nk = split(ks, K, " ") }
		{ key = $2 SUBSEP $3; if (!(key in seen)) { seen[key] = 1; order[++n] = key }; u[$1, key] = $4 }
		END { for (i = 1; i <= n; i++) { split(order[i], p, SUBSEP)
			printf "| %s | %s", p[1], p[2]
			for (j = 1; j <= nk; j++) printf " | %s", u[K[j], order[i]]
			print " |" } }'
}
# kernel_cols PREFIX: the table head cells for TR_KERNELS ("| 6.1-baseline ...").
kernel_cols() {
	local k line="" sep=""
	for k in $TR_KERNELS; do
		line="$line | $k"
		sep="$sep|---"
	done
	echo "$1$line |"
	echo "${2}$sep|"
}

# versions_table: with more than one version, the checks whose result on
# the patched kernels differs between versions (the upgrade case: the same
# tools and scripts on the current kernel and on the next one).
versions_table() {
	local ps="" v
	for v in $TR_VERSIONS; do ps="$ps $v-patched"; done
	[ "$(echo "$TR_VERSIONS" | wc -w)" -gt 1 ] || return 0
	echo "## Between versions (patched kernels)"
	echo
	echo "The checks whose result differs between the patched kernels of the"
	echo "versions, in any scenario (the compat view, the legacy scripts and the"
	echo "path map must not be among them: the upgrade check asserts it)."
	echo
	local rows
	rows=$(awk -F'\t' -v ks="$ps" '
		BEGIN { nk = split(ks, K, " "); for (j = 1; j <= nk; j++) isk[K[j]] = 1 }
		$1 in isk { key = $2 SUBSEP $3; if (!(key in seen)) { seen[key] = 1; o[++n] = key }; r[$1, key] = $4 " (" $6 ")" }
		END {
			for (i = 1; i <= n; i++) {
				d = 0; run = 0
				for (j = 1; j <= nk; j++) if ((K[j], o[i]) in r) run++
				for (j = 2; j <= nk; j++) if (r[K[j], o[i]] != r[K[1], o[i]]) d = 1
				# host-root cells run for some versions only (run-matrix.sh)
				if (!d || (o[i] ~ /@host/ && run < nk)) continue
				split(o[i], p, SUBSEP); printf "| %s | %s", p[1], p[2]
				for (j = 1; j <= nk; j++) printf " | %s", ((K[j], o[i]) in r) ? r[K[j], o[i]] : "-"
				print " |"
			}
		}' "$tsv")
	if [ -z "$rows" ]; then
		local list=${ps# }
		echo "None: every check gives the same result on ${list// /, }."
	else
		echo "| scenario | check |$(for v in $ps; do printf ' %s |' "$v"; done)"
		echo "|---|---|$(for v in $ps; do printf -- '---|'; done)"
		echo "$rows"
	fi
	echo
}

{
	echo "# tracefs-relocation: test report"
	echo
	for v in $TR_VERSIONS; do
		pkg=$(tr_vget "$v" package)
		echo "- $v: $pkg $(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null || echo '?')," \
			"series: $(tr_series_patches "$v" | wc -l) patch(es)"
	done
	echo
	echo "Generated $(date -u '+%Y-%m-%d %H:%M UTC'). Kernel ids are VERSION-TREE: the baseline (pristine) and patched tree of each version."
	echo
	echo "Legend: ok = pass; FAIL; xfail = expected failure, its reason asserted; XPASS = passed, expected to fail; **differs** = baseline and patched of a version differ"
	echo
	# The verdict first, then what failed: a person reads top down.
	awk -F'\t' '{ c[$6]++ } END {
		f = c["FAIL"] + c["XPASS"]; p = c["PASS"] + c["XFAIL"]
		printf "**Verdict: %s.** %d passed (%d of them expected failures, each failed for its stated cause: by cause below), %d failed.\n", \
			(f ? "FAILED" : "passed"), p, c["XFAIL"], f }' "$tsv"
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
				# a console scan: its first 14 lines and every further splat
				# header; a check: its last 14 lines (it says why last)
				awk -v c="$c" '
					function out() { if (c != "kernel_log_clean") for (i = (n > 14 ? n - 13 : 1); i <= n; i++) print L[i] }
					f && /^#   / { l = substr($0, 5); L[++n] = l
						if (c == "kernel_log_clean" && (n <= 14 || l ~ /^(splat [0-9]+ of [0-9]+, line|\.\.\. and [0-9]+ more splat)/)) print l
						next }
					f { out(); f = 0; exit }
					/^not ok [0-9]+ - / { name = $0; sub(/^not ok [0-9]+ - /, "", name); sub(/ *#.*$/, "", name); if (name == c) f = 1 }
					END { if (f) out() }' "$tap"
				echo '```'
			fi
		done <"$TR_OUT/problems.tsv"
	fi
	echo
	echo "## What the series changes"
	echo
	echo "The checks whose result differs between the baseline and the patched"
	echo "kernel of a version in at least one scenario, counted by version and"
	echo "group (the first word of the check); the checks themselves below."
	echo
	for v in $TR_VERSIONS; do
		awk -F'\t' -v v="$v" '
			$1 == v "-baseline" || $1 == v "-patched" { t = substr($1, length(v) + 2); r[t, $2, $3] = $4; chk[$3] = 1; sc[$2] = 1 }
			END {
				for (c in chk) {
					list = ""; b = ""; p = ""
					for (s in sc)
						if ((("baseline", s, c) in r) && (("patched", s, c) in r) && r["baseline", s, c] != r["patched", s, c]) {
							list = list (list == "" ? "" : ", ") s; b = r["baseline", s, c]; p = r["patched", s, c]
						}
					if (list != "") { g = c; sub(/_.*/, "", g); printf "%s\t%s\t%s\t%s\t%s\t%s\n", v, g, c, list, b, p }
				}
			}' "$tsv"
	done | sort >"$TR_OUT/changes.tsv"
	echo "| version | group | checks that differ |"
	echo "|---|---|---|"
	awk -F'\t' '{ n[$1 "\t" $2]++ } END { for (k in n) { split(k, p, "\t"); printf "| %s | %s | %d |\n", p[1], p[2], n[k] } }' \
		"$TR_OUT/changes.tsv" | sort -t'|' -k2,2V -k3,3
	echo
	echo "<details markdown=\"1\"><summary>The $(wc -l <"$TR_OUT/changes.tsv") checks, with the scenarios where they differ</summary>"
	echo
	echo "| version | group | check | scenarios | baseline | patched |"
	echo "|---|---|---|---|---|---|"
	awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6 }' "$TR_OUT/changes.tsv"
	echo
	echo "</details>"
	echo
	echo "## Debug kernels (KASAN, lockdep, kmemleak, fault injection): scenarios stress and delegated-debug"
	echo
	dks=""
	for k in $TR_DEBUG_KERNELS; do
		! awk -F'\t' -v k="$k" '$1 == k {f = 1} END {exit !f}' "$tsv" || dks="$dks $k"
	done
	if [ -n "$dks" ]; then
		echo "Booted in this run:$dks."
		echo
		echo "| check |$(for k in $dks; do printf ' %s |' "$k"; done) note |"
		echo "|---|$(for k in $dks; do printf -- '---|'; done)---|"
		awk -F'\t' -v ks="$dks" '
			function c(v) { return v == "PASS" ? "ok" : v == "FAIL" ? "**FAIL**" : v == "XFAIL" ? "xfail" : v == "XPASS" ? "**XPASS**" : "-" }
			BEGIN { nk = split(ks, K, " ") }
			$1 ~ /-debug$/ { v[$1, $3] = $6; if (!($3 in seen)) { seen[$3] = 1; o[++n] = $3 } if ($7 != "" && $1 ~ /-patched-debug$/) w[$3] = w[$3] (w[$3] == "" ? "" : "; ") $1 ": " $7 }
			END { for (i = 1; i <= n; i++) { printf "| %s", o[i]; for (j = 1; j <= nk; j++) printf " | %s", c(v[K[j], o[i]]); printf " | %s |\n", w[o[i]] } }' "$tsv"
		echo
	else
		echo "No debug kernel was booted in this run (\`make check\` builds none: two KASAN"
		echo "builds do not fit CI's cold budget). What vouches for the series instead is"
		echo "each version's record, \`kernel/<version>/debug.tap\`, written by \`make check"
		echo "DEBUG_VERSIONS=<version>\` or \`make check-debug\` and verified by this run:"
		echo
	fi
	for v in $TR_VERSIONS; do
		rec=$TR_TOP/kernel/$v/debug.tap
		line=$(grep -E "^(not )?ok - debug record \($v," "$TR_OUT/debug-record.tap" 2>/dev/null || true)
		echo "- $v: ${line:-not verified in this run}"
		[ -f "$rec" ] || continue
		echo
		echo "<details><summary>$v: the recorded points ($(grep -c '^ok' "$rec") ok, $(grep -c '^not ok' "$rec") not ok)</summary>"
		echo
		echo '```'
		grep -E '^(# (key|recorded|checks):|(not )?ok )' "$rec"
		echo '```'
		echo
		echo "</details>"
	done
	echo
	echo "## Tools by user"
	echo
	echo "The tool checks (the same commands) as root, as \`tracer\` (member of the"
	echo "tracing group) and as \`outsider\`; b = baseline, p = patched, per version. \"refused\" is a"
	echo "pass: the design refuses that user there, and the tool failed with a"
	echo "permission refusal (EACCES, or perf's capability check). Reasons for the"
	echo "expected failures are in the matrix below."
	echo
	head="| scenario | tool" sep="|---|---"
	for v in $TR_VERSIONS; do
		for u in root tracer outsider; do
			head="$head | $u $v b | $u $v p"
			sep="$sep|---|---"
		done
	done
	echo "$head |"
	echo "$sep|"
	tap_notes | awk -F'\t' '$3 ~ /^refused / { split($3, w, " "); print $1 "\t" $2 "\t" w[2] "_" w[3] }' >"$TR_OUT/refused.tsv"
	awk -F'\t' -v vs="$TR_VERSIONS" '
		function c(v, k, s, t) { return v == "PASS" ? ((k, s, t) in ref ? "refused" : "ok") : v == "FAIL" ? "**FAIL**" : v == "XFAIL" ? "xfail" : v == "XPASS" ? "**XPASS**" : "-" }
		BEGIN { nv = split(vs, V, " ") }
		FILENAME ~ /refused.tsv$/ { ref[$1, $2, $3] = 1; next }
		{ v[$1, $2, $3] = $6; if (!(($2, $3) in seen)) { seen[$2, $3] = 1; order[++n] = $2 SUBSEP $3 } }
		END {
			for (i = 1; i <= n; i++) {
				split(order[i], p, SUBSEP); s = p[1]; t = p[2]
				tracer = 0
				for (j = 1; j <= nv; j++)
					if (((V[j] "-patched", s, "tracer_" t) in v) || ((V[j] "-baseline", s, "tracer_" t) in v)) tracer = 1
				if (!tracer) continue
				printf "| %s | %s", s, t
				for (j = 1; j <= nv; j++)
					for (u = 1; u <= 3; u++) {
						pre = u == 1 ? "" : u == 2 ? "tracer_" : "outsider_"
						kb = V[j] "-baseline"; kp = V[j] "-patched"
						printf " | %s | %s", c(v[kb, s, pre t], kb, s, pre t), c(v[kp, s, pre t], kp, s, pre t)
					}
				print " |"
			}
		}' "$TR_OUT/refused.tsv" "$tsv"
	if grep -q $'^[^\t]*\t[^\t]*@host\t' "$tsv"; then
		echo
		echo "## Front-ends from the host's userspace (bcc, bpftrace, rtla)"
		echo
		echo "Cells SCENARIO@host: Debian's bpfcc-tools, bpftrace and rtla, unmodified,"
		echo "run from this machine's root filesystem (run-guest.sh --host-root) in each"
		echo "scenario. Each cell is baseline / patched of the version (-: not booted"
		echo "in this run, or not a check of that scenario: make check boots both"
		echo "kernels of the newest version in every scenario, make check-debug those"
		echo "of every version); reasons for the expected failures are in the matrix"
		echo "below."
		echo
		awk -F'\t' -v vs="$TR_VERSIONS" '
			function c(x) { return x == "PASS" ? "ok" : x == "FAIL" ? "**FAIL**" : x == "XFAIL" ? "xfail" : x == "XPASS" ? "**XPASS**" : "-" }
			BEGIN { nv = split(vs, V, " ") }
			$2 ~ /@host$/ && $3 != "boot" && $3 != "kernel_log_clean" {
				s = $2; sub(/@host$/, "", s)
				ver = $1; sub(/-(baseline|patched)$/, "", ver)
				if (!(s in ss)) { ss[s] = 1; so[++ns] = s }
				if (!($3 in cs)) { cs[$3] = 1; co[++nc] = $3 }
				hv[ver] = 1; v[$1, s, $3] = $6
			}
			END {
				for (j = 1; j <= nv; j++) {
					if (!(V[j] in hv)) continue
					printf "| %s: check", V[j]; for (i = 1; i <= ns; i++) printf " | %s", so[i]; print " |"
					printf "|---"; for (i = 1; i <= ns; i++) printf "|---"; print "|"
					for (k = 1; k <= nc; k++) {
						printf "| %s", co[k]
						for (i = 1; i <= ns; i++)
							printf " | %s / %s", c(v[V[j] "-baseline", so[i], co[k]]), c(v[V[j] "-patched", so[i], co[k]])
						print " |"
					}
					print ""
				}
			}' "$tsv"
	fi
	echo
	echo "## Matrix"
	echo
	kernel_cols "| scenario | check" "|---|---" | sed '1s/ |$/ | differs | reason for an expected failure |/; 2s/|$/|---|---|/'
	awk -F'\t' -v ks="$TR_KERNELS" -v vs="$TR_VERSIONS" '
		function cell(v) {
			return v == "PASS" ? "ok" : v == "FAIL" ? "**FAIL**" : v == "XFAIL" ? "xfail" : v == "XPASS" ? "**XPASS**" : "-"
		}
		BEGIN { nk = split(ks, K, " "); nv = split(vs, V, " "); for (j = 1; j <= nk; j++) isk[K[j]] = 1 }
		$1 in isk {
			key = $2 SUBSEP $3
			if (!(key in seen)) { seen[key] = 1; order[++n] = key }
			v[$1, key] = $6
			r[$1, key] = $4
			if ($7 != "") why[$1, key] = $7
		}
		END {
			for (i = 1; i <= n; i++) {
				k = order[i]; split(k, p, SUBSEP)
				d = ""
				for (j = 1; j <= nv; j++) {
					b = V[j] "-baseline"; q = V[j] "-patched"
					if ((b, k) in r && (q, k) in r && r[b, k] != r[q, k]) d = d (d == "" ? "**differs** (" : ", ") V[j]
				}
				if (d != "") d = d ")"
				# the reasons, each once, with the kernels that give it
				w = ""; delete who; nw = 0
				for (j = 1; j <= nk; j++) {
					x = why[K[j], k]
					if (x == "") continue
					if (!(x in who)) { who[x] = K[j]; wo[++nw] = x } else who[x] = who[x] ", " K[j]
				}
				for (j = 1; j <= nw; j++) w = w (w == "" ? "" : "; ") who[wo[j]] ": " wo[j]
				printf "| %s | %s", p[1], p[2]
				for (j = 1; j <= nk; j++) printf " | %s", cell(v[K[j], k])
				printf " | %s | %s |\n", d, w
			}
		}' "$tsv"
	echo
	echo "## Expected failures by cause"
	echo
	echo "Each is counted as passed: the check failed, and its diagnostics matched"
	echo "the cause stated in the expectations (a failure for any other reason is a FAIL)."
	echo
	echo "| points | cause | where |"
	echo "|---|---|---|"
	awk -F'\t' '$6 == "XFAIL" {
			c = $7; n[c]++
			k = $1; sub(/^[0-9.]+-/, "", k); w = $3 " on " k
			if (!((c, w) in seen)) { seen[c, w] = 1; nw[c]++; if (nw[c] <= 3) where[c] = where[c] (where[c] == "" ? "" : "; ") w }
		}
		END { for (c in n) printf "%d\t| %d | %s | %s%s |\n", n[c], n[c], c, where[c], (nw[c] > 3 ? "; ... (" nw[c] " in all)" : "") }' "$tsv" |
		sort -t$'\t' -k1,1nr | cut -f2-
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
		kernel_cols "| scenario | tool" "|---|---"
		tap_notes | sed -n 's/^\([^\t]*\t[^\t]*\t\)path\t\([^ ]*\) used \(.*\)$/\1\2\t\3/p' | side_by_side
		echo
		echo "## Figures reported by the checks"
		echo
		kernel_cols "| scenario | figure" "|---|---"
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
		echo "Cases that do not pass on both kernels of a version (a regression would be PASS on baseline, not on patched):"
		echo
		echo "| version | case | baseline | patched |"
		echo "|---|---|---|---|"
		for v in $TR_VERSIONS; do
			rr=$TR_OUT/ftracetest/rerun.$v.tsv
			[ -f "$rr" ] || rr=/dev/null
			awk -F'\t' -v v="$v" -v ft="$ft" 'FILENAME != ft { r[$1] = " (then PASS " $2 " of " $3 " run alone)"; next }
				$1 == v "-baseline" { b[$3] = $4 } $1 == v "-patched" { p[$3] = $4; o[++n] = $3 }
				END { for (i = 1; i <= n; i++) if (b[o[i]] != "PASS" || p[o[i]] != "PASS")
					printf "| %s | %s | %s | %s%s |\n", v, o[i], b[o[i]], p[o[i]], r[o[i]] }' \
				"$rr" "$ft"
		done
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
		echo "<details><summary>The calls ($TR_VERSION-patched tree, file:line)</summary>"
		echo
		echo '```'
		grep -v '^#' "$TR_OUT/debugfs-scan-$TR_VERSION-patched.txt" 2>/dev/null || true
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
		echo "<details><summary>Findings other than /sys/kernel/debug/tracing ($TR_VERSION-patched tree)</summary>"
		echo
		echo '```'
		grep -v '^#' "$TR_OUT/tool-scan-$TR_VERSION-patched.txt" 2>/dev/null | grep -v ': /sys/kernel/debug/tracing -> ' || true
		echo '```'
		echo
		echo "</details>"
	fi
	# The last `make bench`, when there is one (not part of make check).
	for v in $TR_VERSIONS; do
		[ -f "$TR_OUT/bench/$v/bench.md" ] || continue
		echo
		sed "s#(bench\\.svg)#(bench/$v/bench.svg)#" "$TR_OUT/bench/$v/bench.md"
	done
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
