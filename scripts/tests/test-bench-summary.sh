#!/usr/bin/env bash
# bench-summary.py: medians, ratios, regression targets, shim ratios, outputs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
	echo "rep,kernel,metric,value,unit,clock"
	for r in 1 2 3; do
		echo "$r,baseline,tc_events_per_s,$((1000 + r)),ev/s,icount"
		echo "$r,patched,tc_events_per_s,$((950 + r)),ev/s,icount"
		echo "$r,baseline,instance_mkdir,100,us,icount"
		echo "$r,patched,instance_mkdir,$((99 + r % 2)),us,icount"
		echo "$r,patched,open_warm_old_kprobes_enabled,200,ns,icount"
		echo "$r,patched,open_warm_new_kprobes_enabled,100,ns,icount"
	done
} >"$tmp/r.csv"
python3 "$here/../bench-summary.py" "$tmp/r.csv" "$tmp" >"$tmp/out" 2>&1 || { cat "$tmp/out"; exit 1; }
j() { python3 -c "import json,sys; s=json.load(open('$tmp/summary.json')); print($1)"; }
expect "bench: median of three boots" test "$(j "s['metrics']['tc_events_per_s']['patched']['median']")" = 952.0
expect "bench: ratio of medians" test "$(j "round(s['metrics']['tc_events_per_s']['ratio'], 4)")" = 0.9501
expect "bench: 5% fewer events/s is outside the 1% target" test "$(j "s['metrics']['tc_events_per_s']['within_target']")" = False
expect "bench: 1% faster mkdir is within target" test "$(j "s['metrics']['instance_mkdir']['within_target']")" = True
expect "bench: shim 2x the direct path is outside 1.5x" test "$(j "s['shims'][0]['within_target']")" = False
expect "bench: the Markdown table has a row per figure" test "$(grep -c '^| [a-z]* | [a-z_]* (' "$tmp/bench.md")" = 4
expect "bench: the plot is well-formed SVG" python3 -c "import xml.dom.minidom; xml.dom.minidom.parse('$tmp/bench.svg')"
printf 'rep,kernel,metric,value,unit,clock\n' >"$tmp/empty.csv"
rc=0
python3 "$here/../bench-summary.py" "$tmp/empty.csv" "$tmp" >"$tmp/out" 2>&1 || rc=$?
expect "bench: no figures is an error, said so" test "$rc:$(grep -c 'no figures' "$tmp/out")" = 1:1
tap_done
