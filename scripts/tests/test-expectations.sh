#!/usr/bin/env bash
# evaluate.sh: pass, expected failure, unexpected failure and unexpected pass.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/r/baseline" "$tmp/r/patched"
printf 'ok 1 - a\nnot ok 2 - b # time=1s\nnot ok 3 - c\nok 4 - d\nnot ok 5 - pre_x\nnot ok 6 - prex\n' >"$tmp/r/baseline/s1.tap"
printf 'ok 1 - a\nok 2 - b\nok 3 - c\nok 4 - d\n' >"$tmp/r/patched/s1.tap"
printf '# comment\nbaseline\ts1\tb\tfail\tno tracefs there\nbaseline\t*\td\tfail\twildcard\n*\ts*\tpre_*\tfail\tprefix\n' >"$tmp/exp.tsv"
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
expect "evaluate: one row per test point" test "$(wc -l <"$tmp/out.tsv")" = 10
tap_done
