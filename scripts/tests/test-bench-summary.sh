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
expect "bench: 5% fewer events/s, tight boots: target missed" test "$(j "s['metrics']['tc_events_per_s']['verdict']")" = missed
expect "bench: the verdicts are words, not emoji" test "$(grep -c '✅\|❌' "$tmp/bench.md")" = 0

# Verdicts on the 95% bootstrap interval. synth SEED CHANGE NOISE BOOTS: a
# results.csv of instance_mkdir (lower is better) around 100 us, patched
# CHANGE worse; each kernel's boots are seeded normal draws rescaled to
# exactly that mean and a standard deviation of NOISE (relative), so the
# case is the one named, whatever the draws.
synth() {
	python3 - "$@" <<'PY'
import random, statistics, sys
seed, change, noise, boots = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)
def boots_of(mean):
    z = [rng.gauss(0, 1) for _ in range(boots)]
    m, s = statistics.mean(z), statistics.stdev(z)
    return [mean * (1 + noise * (x - m) / s) for x in z]
print("rep,kernel,metric,value,unit,clock")
b, p = boots_of(100.0), boots_of(100.0 * (1 + change))
for r in range(boots):
    print(f"{r + 1},baseline,instance_mkdir,{b[r]:.4f},us,icount")
    print(f"{r + 1},patched,instance_mkdir,{p[r]:.4f},us,icount")
PY
}
# verdict CASE SEED CHANGE NOISE BOOTS: summarise synth's CSV in $tmp/CASE, print the verdict
verdict() {
	local c=$1
	shift
	mkdir -p "$tmp/$c"
	synth "$@" >"$tmp/$c/results.csv"
	python3 "$here/../bench-summary.py" "$tmp/$c/results.csv" "$tmp/$c" >"$tmp/$c/out" 2>&1 || {
		cat "$tmp/$c/out" >&2
		return 1
	}
	m "$c" "e['verdict']"
}
# m CASE EXPR: EXPR over e, the instance_mkdir entry of CASE's summary.json
m() { python3 -c "import json; e=json.load(open('$tmp/$1/summary.json'))['metrics']['instance_mkdir']; print($2)"; }
expect "bench: 2% slower mkdir, 0.5% noise, 8 boots: missed" test "$(verdict regress 1 0.02 0.005 8)" = missed
expect "bench: no change, 3% noise, 3 boots: not resolved" test "$(verdict noisy 2 0 0.03 3)" = "not resolved"
expect "bench: no change, 0.1% noise, 8 boots: met" test "$(verdict tight 3 0 0.001 8)" = met
expect "bench: missed lies wholly above the 1% bound" \
	test "$(m regress "e['ratio_lo'] > 1.01 and e['ratio_lo'] <= e['ratio'] <= e['ratio_hi']")" = True
expect "bench: met lies wholly within the 1% bound" test "$(m tight "e['ratio_hi'] <= 1.01 and e['within_target']")" = True
expect "bench: not resolved straddles the bound and is not a pass" \
	test "$(m noisy "e['ratio_lo'] < 1.01 < e['ratio_hi'] and not e['within_target']")" = True
expect "bench: not resolved says how many more boots would resolve it" \
	test "$(m noisy "(e['more_boots_per_kernel'] or 51) >= 1 and 'more boot' in e['resolve_note']")" = True
expect "bench: boots per kernel in summary.json" test "$(m regress "e['boots']")" = "{'baseline': 8, 'patched': 8}"
expect "bench: bench.md shows medians, ratio, interval, verdict and boots" \
	grep -Eq '^\| `instance_mkdir` \| .* \| 3 / 3 \| [0-9.]+ us \| [0-9.]+ us \| [0-9.]+ \| [0-9.]+ – [0-9.]+ \| not resolved \| .*more boot' "$tmp/noisy/bench.md"
cp "$tmp/noisy/summary.json" "$tmp/noisy/first.json"
python3 "$here/../bench-summary.py" "$tmp/noisy/results.csv" "$tmp/noisy" >/dev/null
same() { python3 -c "import json; a, b = (json.load(open(f)) for f in ('$1', '$2')); [d.pop('generated') for d in (a, b)]; exit(a != b)"; }
expect "bench: the same CSV gives the same intervals (fixed seed)" same "$tmp/noisy/first.json" "$tmp/noisy/summary.json"

# A target set for one version (VERSION_TARGETS) replaces the default for
# that version only, and bench.md says so, with the reason.
{
	echo "rep,kernel,metric,value,unit,clock"
	for r in 1 2 3 4 5 6 7 8; do
		echo "$r,baseline,instance_slab,1000,kB,icount"
		echo "$r,patched,instance_slab,1050,kB,icount"
	done
} >"$tmp/slab.csv"
mkdir -p "$tmp/v61" "$tmp/v612"
TR_BENCH_VERSION=6.1 python3 "$here/../bench-summary.py" "$tmp/slab.csv" "$tmp/v61" >/dev/null
TR_BENCH_VERSION=6.12 python3 "$here/../bench-summary.py" "$tmp/slab.csv" "$tmp/v612" >/dev/null
s() { python3 -c "import json; e=json.load(open('$tmp/$1/summary.json'))['metrics']['instance_slab']; print($2)"; }
expect "bench: 6.1's instance_slab target is the one set for it (6%): 5% more is met" \
	test "$(s v61 "e['target'], e['verdict']")" = "0.06 met"
expect "bench: the same figures on 6.12 keep the default 1% target: missed" \
	test "$(s v612 "e['target'], e['verdict']")" = "0.01 missed"
expect "bench: bench.md names the version's target and its reason" \
	grep -q '^¹ 6.1: .*13 instead of 14 per 8-KiB slab' "$tmp/v61/bench.md"
tap_done
