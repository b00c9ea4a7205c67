#!/usr/bin/env bash
# report-configs.sh: the make check-configs section of the report, from
# $TR_OUT/configs (table.tsv, builds.tap, analyzers.tap, results.tsv,
# phases.tsv), as Markdown on stdout.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
out=$TR_OUT/configs
[ -f "$out/table.tsv" ] || tr_die "no $out/table.tsv: run make check-configs"

echo "## Configuration combinations (make check-configs, $(date -u -r "$out/table.tsv" '+%Y-%m-%d %H:%M UTC'))"
echo
echo "Each combination is tinyconfig + kernel/config/*.config + kernel/config/combos/NAME.config (and the version's own kernel/VERSION/config), built"
echo "(bzImage, and modules where MODULES=y) for both trees; a first build starts from a copy of the tree's"
echo "default build (baseline) or of the baseline's build of the combination (patched). *unreachable*: an"
echo "option the combination asks for does not survive olddefconfig in that tree. Warnings: the patched"
echo "build's compiler warnings, plus those of the series' C files compiled again on their own, that the"
echo "baseline's do not have. Boots: verdicts of the checks run on that kernel. Times are the last run's"
echo "(a few seconds: the build was up to date)."
echo
echo "| version | combination | baseline build | patched build | warnings | boots (baseline) | boots (patched) |"
echo "|---|---|---|---|---|---|---|"
boots() {
	[ -f "$out/results.tsv" ] || { echo "-"; return; }
	awk -F'\t' -v k="$1" '$1 == k {n[$6]++; any = 1}
		END {if (!any) {print "-"; exit}
		s = ""; split("PASS XFAIL FAIL XPASS", v, " ")
		for (i = 1; i <= 4; i++) if (n[v[i]]) s = s (s == "" ? "" : ", ") n[v[i]] " " v[i]
		print s}' "$out/results.tsv"
}
versions=""
for v in $TR_VERSIONS; do
	[ ! -f "$TR_TOP/kernel/$v/expected-configs.tsv" ] || versions="$versions $v"
done
for v in $versions; do
	for name in $(cut -f1 "$out/table.tsv" | sort -u); do
		b=$(awk -F'\t' -v n="$name" -v t="$v-baseline" '$1 == n && $2 == t {print $3 " (" $5 " s)"}' "$out/table.tsv")
		p=$(awk -F'\t' -v n="$name" -v t="$v-patched" '$1 == n && $2 == t {print $3 " (" $5 " s)"}' "$out/table.tsv")
		[ -n "$b$p" ] || continue
		w=$(grep -E "^(not )?ok - configs \($v\): $name: .*warning" "$out/builds-$v.tap" 2>/dev/null |
			sed -E 's/^ok - configs [^:]*: [^:]*: /ok: /; s/^not ok - configs [^:]*: [^:]*: /NOT OK: /' | head -n 1)
		echo "| $v | $name | ${b:--} | ${p:--} | ${w:--} | $(boots "$v-baseline-cfg-$name") | $(boots "$v-patched-cfg-$name") |"
	done
	missing=$(tr_combos "$v" |
		while read -r n; do grep -q "^$n	$v-" "$out/table.tsv" || echo "$n"; done | paste -sd' ' -)
	[ -z "$missing" ] || { echo; echo "**$v: not built by any run yet:** $missing."; }
done
echo
if [ -f "$out/results.tsv" ]; then
	echo "Boot checks that are not plain passes (expected failures name their cause):"
	echo
	echo "| kernel | scenario | check | verdict | reason |"
	echo "|---|---|---|---|---|"
	awk -F'\t' '$1 ~ /-cfg-/ && $6 != "PASS" {printf "| %s | %s | %s | %s | %s |\n", $1, $2, $3, $6, $7}' "$out/results.tsv"
	echo
fi
for v in $versions; do
	[ -f "$out/analyzers-$v.tap" ] || continue
	echo "Analyzers on the files the series touches ($v, patched compared with baseline):"
	echo
	grep -E '^(# touched|(not )?ok - analyzers)' "$out/analyzers-$v.tap" | sed -E 's/^# /- /; s/^ok - analyzers [^:]*: /- ok: /; s/^not ok - analyzers [^:]*: /- NOT OK: /'
	echo
done
if [ -f "$out/phases.tsv" ]; then
	echo "Phase times: $(awk -F'\t' '{printf "%s%s %s s", (NR > 1 ? ", " : ""), $1, $2}' "$out/phases.tsv")."
	echo
fi
