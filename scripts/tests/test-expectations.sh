#!/usr/bin/env bash
# evaluate.sh: pass, expected failure, unexpected failure and unexpected pass.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/r/baseline" "$tmp/r/patched"
printf 'ok 1 - a\nnot ok 2 - b # time=1s\n#   open: no tracefs mounted here\nnot ok 3 - c\nok 4 - d\nnot ok 5 - pre_x\n#   prefix reason\nnot ok 6 - prex\n' >"$tmp/r/baseline/s1.tap"
printf 'not ok 7 - e\n#   cat: x: No such file or directory\nnot ok 8 - f\n#   whatever\n' >>"$tmp/r/baseline/s1.tap"
printf 'ok 1 - a\nok 2 - b\nok 3 - c\nok 4 - d\n' >"$tmp/r/patched/s1.tap"
printf '# comment\nbaseline\ts1\tb\tfail\tno tracefs there\tno tracefs mounted\nbaseline\t*\td\tfail\twildcard\tx\n*\ts*\tpre_*\tfail\tprefix\tprefix reason\n' >"$tmp/exp.tsv"
printf 'patched\tnone\tz\tfail\tmatches nothing\tx\n' >>"$tmp/exp.tsv"
printf 'baseline\ts1\te\tfail\trefused by design\tPermission denied\nbaseline\ts1\tf\tfail\tno match given\n' >>"$tmp/exp.tsv"
# the plan: baseline/s1 complete, patched/s1 short by one, patched/s2 never ran
printf 'baseline\ts1\t8\npatched\ts1\t5\npatched\ts2\t3\n' >"$tmp/r/plan.tsv"
"$here/../evaluate.sh" "$tmp/exp.tsv" "$tmp/r" >"$tmp/out.tsv"
row() { awk -F'\t' -v k="$1" -v c="$2" '$1 == k && $3 == c {print $6}' "$tmp/out.tsv"; }
expect "evaluate: passing check is PASS" test "$(row baseline a)" = PASS
expect "evaluate: expected failure that fails is XFAIL" test "$(row baseline b)" = XFAIL
expect "evaluate: unexpected failure is FAIL" test "$(row baseline c)" = FAIL
expect "evaluate: expected failure that passes is XPASS" test "$(row baseline d)" = XPASS
expect "evaluate: expectation is per kernel" test "$(row patched b)" = PASS
expect "evaluate: reason carried" grep -q 'no tracefs there' "$tmp/out.tsv"
expect "evaluate: a prefix pattern matches what starts so" test "$(row baseline pre_x)" = XFAIL
expect "evaluate: a prefix pattern matches nothing else" test "$(row baseline prex)" = FAIL
row2() { awk -F'\t' -v k="$1" -v s="$2" -v c="$3" '$1 == k && $2 == s && $3 == c {print $6}' "$tmp/out.tsv"; }
expect "evaluate: a cell with its planned points is complete" test "$(row2 baseline s1 results_complete)" = PASS
expect "evaluate: a cell short of its plan fails" test "$(row2 patched s1 results_complete)" = FAIL
expect "evaluate: a planned cell without results fails" test "$(row2 patched s2 results_complete)" = FAIL
expect "evaluate: the short cell says how short" grep -q '4 points, the plan says 5' "$tmp/out.tsv"
expect "evaluate: an expected.tsv row matching no point fails" \
	bash -c "grep -P '^-\texpected.tsv\texpected_row_unused:5\t.*\tFAIL\t' '$tmp/out.tsv' | grep -q 'patched none z'"
expect "evaluate: a failure for another reason than the row's match is FAIL" test "$(row baseline e)" = FAIL
expect "evaluate: ... and says so" grep -q 'failed for another reason.*Permission denied' "$tmp/out.tsv"
expect "evaluate: an expected failure without a match is FAIL" test "$(row baseline f)" = FAIL
expect "evaluate: one row per test point, per planned cell and per unused row" test "$(wc -l <"$tmp/out.tsv")" = 16
rm "$tmp/r/plan.tsv"
"$here/../evaluate.sh" "$tmp/exp.tsv" "$tmp/r" >"$tmp/out2.tsv"
expect "evaluate: a missing plan fails" test "$(awk -F'\t' '$2 == "matrix" && $3 == "results_complete" {print $6}' "$tmp/out2.tsv")" = FAIL
tap_done
