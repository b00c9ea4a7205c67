#!/usr/bin/env bash
# report-production.sh: the make check-production section of the report,
# from $TR_OUT/production (results.tsv, phases.tsv, the boot's TAP), as
# Markdown on stdout.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
out=$TR_OUT/production
[ -f "$out/results.tsv" ] || tr_die "no $out/results.tsv: run make check-production"
tap=$out/results/patched-debian/production.tap

echo "## Debian's production configuration (make check-production, $(date -u -r "$out/results.tsv" '+%Y-%m-%d %H:%M UTC'))"
echo
echo "The patched kernel built with $(basename "$TR_DEBIAN_CONFIG") from linux-config-6.1 plus"
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
