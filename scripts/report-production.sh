#!/usr/bin/env bash
# report-production.sh [ID]: the make check-production section of the report,
# from $TR_OUT/production (results.tsv, phases.tsv, the boot's TAP), as
# Markdown on stdout.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
out=$TR_OUT/production
[ -f "$out/results.tsv" ] || tr_die "no $out/results.tsv: run make check-production"
id=${1:-}
if [ -z "$id" ]; then
	for d in "$out"/results/*-patched-debian; do
		[ -d "$d" ] && id=${d##*/}
	done
fi
[ -n "$id" ] || tr_die "no production boot in $out/results: run make check-production"
ver=$(tr_version "$id")
tap=$out/results/$id/production.tap

echo "## Debian's production configuration (make check-production, $(date -u -r "$out/results.tsv" '+%Y-%m-%d %H:%M UTC'))"
echo
echo "The patched kernel ($id) built with $(basename "$(tr_vget "$ver" debian-config)") from $(tr_vget "$ver" config-package) plus"
echo "kernel/config/debian (virtio built in, no debug information), bzImage only, booted under TCG."
echo
passed=$(awk -F'\t' '$6 == "PASS" || $6 == "XFAIL"' "$out/results.tsv" | wc -l)
failed=$(awk -F'\t' '$6 == "FAIL" || $6 == "XPASS"' "$out/results.tsv" | wc -l)
echo "- checks: $passed passed, $failed failed"
awk -F'\t' '$6 == "FAIL" || $6 == "XPASS" {printf "- FAILED: %s (%s) %s\n", $3, $6, $7}' "$out/results.tsv"
if [ -f "$tap" ]; then
	grep -E '^# (debugfs audit|boot log|tracefs audit|blktrace on)' "$tap" | sed 's/^# /- /'
fi
if [ -f "$out/phases.tsv" ]; then
	echo "- phase times: $(awk -F'\t' '{printf "%s%s %s s", (NR > 1 ? ", " : ""), $1, $2}' "$out/phases.tsv")"
fi
echo
