#!/usr/bin/env bash
# ftracetest's A/B: two .tc files with the same description (6.12 has such
# a pair) are two cases, so a regression in the first of them is not
# hidden by the second passing; a rerun that passed 3 of 3 alone is not a
# regression; a case on one side only is reported. The rerun finds each
# case's own file (the Nth of a description, the instance run of a file
# flagged instance) and counts only that case's lines.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
T=$(printf '\t')
cat >"$tmp/baseline.txt" <<OUT
=== Ftrace unit tests ===
[1] Basic trace file check${T}[PASS]
[2] dynamic string param${T}[PASS]
[3] dynamic string param${T}[PASS]
[4] wakeup latency${T}[PASS]
[5] only on baseline${T}[PASS]
# of passed:  5
OUT
cat >"$tmp/patched.txt" <<OUT
=== Ftrace unit tests ===
[1] Basic trace file check${T}[PASS]
[2] dynamic string param${T}[FAIL]
[3] dynamic string param${T}[PASS]
[4] wakeup latency${T}[FAIL]
[5] new with the series${T}[PASS]
# of passed:  3
OUT
{
	"$here/../ftracetest-cases.sh" 9.9-baseline "$tmp/baseline.txt"
	"$here/../ftracetest-cases.sh" 9.9-patched "$tmp/patched.txt"
} >"$tmp/results.tsv"
expect "cases: the second case with a description is named DESCRIPTION [2]" \
	grep -qxF "9.9-patched${T}3${T}dynamic string param [2]${T}PASS" "$tmp/results.tsv"
expect "cases: the first keeps its description" \
	grep -qxF "9.9-patched${T}2${T}dynamic string param${T}FAIL" "$tmp/results.tsv"
printf 'wakeup latency\t3\t3\n' >"$tmp/rerun.tsv"
"$here/../ftracetest-compare.sh" 9.9 "$tmp/results.tsv" "$tmp/rerun.tsv" >"$tmp/tap"
sed 's/^/# /' "$tmp/tap"
expect "compare: one line per case of either kernel (6)" [ "$(wc -l <"$tmp/tap")" = 6 ]
expect "compare: the first of two same-named cases regressed: not ok" \
	grep -qxF "not ok - ftracetest no regression (9.9): dynamic string param (baseline PASS, patched FAIL)" "$tmp/tap"
expect "compare: the second passed on both: ok" \
	grep -qxF "ok - ftracetest no regression (9.9): dynamic string param [2] (baseline PASS, patched PASS)" "$tmp/tap"
expect "compare: failed in the full run, PASS 3 of 3 alone: ok, and says so" \
	grep -qF "ok - ftracetest no regression (9.9): wakeup latency (baseline PASS, patched FAIL in the full run, then PASS 3 of 3 alone" "$tmp/tap"
expect "compare: absent on patched: not ok" \
	grep -qxF "not ok - ftracetest no regression (9.9): only on baseline (baseline PASS, absent on patched)" "$tmp/tap"
expect "compare: new with the series: ok" \
	grep -qF "ok - ftracetest no regression (9.9): new with the series (absent on baseline" "$tmp/tap"
printf 'wakeup latency\t2\t3\n' >"$tmp/rerun-fail.tsv"
expect "compare: PASS 2 of 3 alone is a regression" \
	grep -qF "not ok - ftracetest no regression (9.9): wakeup latency (baseline PASS, patched FAIL, alone 2 of 3 PASS)" \
	<("$here/../ftracetest-compare.sh" 9.9 "$tmp/results.tsv" "$tmp/rerun-fail.tsv")

# The file of a case, for the rerun
ft=$tmp/ftrace
mkdir -p "$ft/test.d/a" "$ft/test.d/b" "$ft/test.d/c"
printf '#!/bin/sh\n# description: dup name\n' >"$ft/test.d/b/two.tc"
printf '#!/bin/sh\n# description: dup name\n' >"$ft/test.d/a/one.tc"
printf '#!/bin/sh\n# description: with 100%%%% load (x)\n# flags: instance\n' >"$ft/test.d/c/inst.tc"
file_of() { "$here/../ftracetest-case-file.sh" "$ft" "$1" 2>"$tmp/file.err"; }
expect "case file: the first with a description" [ "$(file_of 'dup name')" = test.d/a/one.tc ]
expect "case file: DESCRIPTION [2] is the second in sorted order" [ "$(file_of 'dup name [2]')" = test.d/b/two.tc ]
refused() { ! file_of "$1" >/dev/null && grep -qF "$2" "$tmp/file.err"; }
expect "case file: no third one: refused, saying so" refused 'dup name [3]' '2 with its description'
expect "case file: the instance run of a file flagged instance ('%%' printed '%')" \
	[ "$(file_of '(instance)  with 100% load (x)')" = test.d/c/inst.tc ]
expect "case file: no instance run of a file not flagged instance" \
	refused '(instance)  dup name' '0 with its description, flagged instance'

# The rerun's own lines of each case
cat >"$tmp/rerun.txt" <<OUT
[1] dup name${T}[PASS]
### 0
[1] dup name${T}[PASS]
### 1
[1] with 100% load (x)${T}[FAIL]
[2] (instance)  with 100% load (x)${T}[PASS]
### 0
[1] dup name${T}[FAIL]
OUT
"$here/../ftracetest-rerun-tally.sh" "$tmp/rerun.txt" "dup name [2]" "(instance)  with 100% load (x)" >"$tmp/tally"
sed 's/^/# /' "$tmp/tally"
expect "rerun tally: a case's own runs only, none before the first marker (1 of 2)" \
	grep -qxF "dup name [2]${T}1${T}2" "$tmp/tally"
expect "rerun tally: the instance case, not the file's other case (1 of 1)" \
	grep -qxF "(instance)  with 100% load (x)${T}1${T}1" "$tmp/tally"
expect "compare -r: the cases run again alone are the regressions (2)" \
	[ "$("$here/../ftracetest-compare.sh" -r 9.9 "$tmp/results.tsv" | paste -sd'|' -)" = "dynamic string param|wakeup latency" ]
tap_done
