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
	bash -c "grep -P '^-\texpected.tsv\texpected_row_unused:.*exp.tsv:5\t.*\tFAIL\t' '$tmp/out.tsv' | grep -q 'patched none z'"
expect "evaluate: a failure for another reason than the row's match is FAIL" test "$(row baseline e)" = FAIL
expect "evaluate: ... and says so" grep -q 'failed for another reason.*Permission denied' "$tmp/out.tsv"
expect "evaluate: an expected failure without a match is FAIL" test "$(row baseline f)" = FAIL
expect "evaluate: one row per test point, per planned cell and per unused row" test "$(wc -l <"$tmp/out.tsv")" = 16
rm "$tmp/r/plan.tsv"

# Versions: a kernel pattern without a version matches that tree of every
# version; one with a version only its own; the origin column is reported.
mkdir -p "$tmp/v/6.1-baseline" "$tmp/v/6.12-baseline" "$tmp/v/6.12-patched"
printf 'not ok 1 - a\n#   old\nnot ok 2 - b\n#   why\n' >"$tmp/v/6.1-baseline/s.tap"
printf 'not ok 1 - a\n#   old\nnot ok 2 - b\n#   why\n' >"$tmp/v/6.12-baseline/s.tap"
printf 'not ok 1 - a\n#   old\n' >"$tmp/v/6.12-patched/s.tap"
printf '6.1-baseline\ts\t6.1-baseline\t2\n6.12-baseline\ts\t2\n6.12-patched\ts\t1\n' | cut -f1,2,4 >"$tmp/v/plan.tsv"
printf 'baseline\ts\ta\tfail\trole\told\n6.1-baseline\ts\tb\tfail\tversioned\twhy\tkernel/6.1/expected.tsv:9\n6.9-*\ts\tb\tfail\tunused\twhy\tkernel/6.9/expected.tsv:3\n' >"$tmp/vexp.tsv"
"$here/../evaluate.sh" "$tmp/vexp.tsv" "$tmp/v" >"$tmp/vout.tsv"
vrow() { awk -F'\t' -v k="$1" -v c="$2" '$1 == k && $3 == c {print $6}' "$tmp/vout.tsv"; }
expect "evaluate: a pattern without a version matches every version's tree" \
	test "$(vrow 6.1-baseline a) $(vrow 6.12-baseline a)" = "XFAIL XFAIL"
expect "evaluate: ... and only that tree" test "$(vrow 6.12-patched a)" = FAIL
expect "evaluate: a pattern with a version matches only that version" \
	test "$(vrow 6.1-baseline b) $(vrow 6.12-baseline b)" = "XFAIL FAIL"
expect "evaluate: an unused row names the file and line it comes from" \
	grep -q 'expected_row_unused:kernel/6.9/expected.tsv:3' "$tmp/vout.tsv"
"$here/../evaluate.sh" "$tmp/exp.tsv" "$tmp/r" >"$tmp/out2.tsv"
expect "evaluate: a missing plan fails" test "$(awk -F'\t' '$2 == "matrix" && $3 == "results_complete" {print $6}' "$tmp/out2.tsv")" = FAIL

# Host-root cells boot for some versions and scenarios only: a row about
# one that did not boot is unused, not wrong; a row about one that booted
# and matches none of its points still fails.
mkdir -p "$tmp/h/6.12-patched"
printf 'not ok 1 - fe\n#   ENOENT\n' >"$tmp/h/6.12-patched/tracefs@host.tap"
printf '6.12-patched\ttracefs@host\t1\n' >"$tmp/h/plan.tsv"
printf 'patched\ttracefs@host\tfe\tfail\tused\tENOENT\tx:1\n' >"$tmp/hexp.tsv"
printf 'patched\tboth@host\tfe\tfail\tno such cell\tENOENT\tx:2\n' >>"$tmp/hexp.tsv"
printf 'patched\ttracefs@host\tgone\tfail\tstale\tENOENT\tx:3\n' >>"$tmp/hexp.tsv"
printf '6.1-patched\ttracefs@host\tfe\tfail\tother version\tENOENT\tx:4\n' >>"$tmp/hexp.tsv"
"$here/../evaluate.sh" "$tmp/hexp.tsv" "$tmp/h" >"$tmp/hout.tsv"
expect "evaluate: a host-root row whose cell booted is used" \
	test "$(awk -F'\t' '$2 == "tracefs@host" && $3 == "fe" {print $6}' "$tmp/hout.tsv")" = XFAIL
expect "evaluate: a host-root row about a scenario that booted no host cell is not flagged" \
	bash -c "! grep -q 'expected_row_unused:x:2' '$tmp/hout.tsv'"
expect "evaluate: ... nor one about a version that booted none" \
	bash -c "! grep -q 'expected_row_unused:x:4' '$tmp/hout.tsv'"
expect "evaluate: a host-root row matching no point of a cell that booted fails" \
	grep -q 'expected_row_unused:x:3' "$tmp/hout.tsv"
# The same for debug kernels (make check-debug, or a patched debug kernel
# that failed): a row about one that did not boot is not flagged; one about
# a debug kernel that booted and matches none of its points is.
printf 'baseline-debug\tstress\tgone\tfail\tno debug cell\tx\tx:5\n' >"$tmp/dexp.tsv"
"$here/../evaluate.sh" "$tmp/dexp.tsv" "$tmp/h" >"$tmp/dout.tsv"
expect "evaluate: a debug-kernel row without a debug cell in the run is not flagged" \
	bash -c "! grep -q 'expected_row_unused:x:5' '$tmp/dout.tsv'"
mkdir -p "$tmp/h/6.12-baseline-debug"
printf 'ok 1 - other\n' >"$tmp/h/6.12-baseline-debug/stress.tap"
printf '6.12-baseline-debug\tstress\t1\n' >>"$tmp/h/plan.tsv"
"$here/../evaluate.sh" "$tmp/dexp.tsv" "$tmp/h" >"$tmp/dout.tsv"
expect "evaluate: a debug-kernel row matching no point of a debug cell that booted fails" \
	grep -q 'expected_row_unused:x:5' "$tmp/dout.tsv"

# An expected splat does not hide another one: every splat's header in a
# kernel_log_clean diagnostic (scan-kernel-log.sh's output) must match.
mkdir -p "$tmp/k/baseline-debug" "$tmp/k2/baseline-debug"
fx=$here/fixtures/kernel-log
{
	echo "not ok 1 - kernel_log_clean"
	"$here/../scan-kernel-log.sh" "$fx/two-splats.log" | sed 's/^/#   /' || true
} >"$tmp/k/baseline-debug/stress.tap"
{
	echo "not ok 1 - kernel_log_clean"
	"$here/../scan-kernel-log.sh" "$fx/kasan-6.12.log" | sed 's/^/#   /' || true
} >"$tmp/k2/baseline-debug/stress.tap"
printf 'baseline-debug\tstress\tkernel_log_clean\tfail\tthe known KASAN report\tBUG: KASAN: slab-use-after-free\n' >"$tmp/kexp.tsv"
"$here/../evaluate.sh" "$tmp/kexp.tsv" "$tmp/k" >"$tmp/kout.tsv" 2>/dev/null || true
"$here/../evaluate.sh" "$tmp/kexp.tsv" "$tmp/k2" >"$tmp/k2out.tsv" 2>/dev/null || true
expect "evaluate: the expected splat alone is XFAIL" \
	bash -c 'awk -F"\t" "\$3 == \"kernel_log_clean\" {print \$6}" "$1" | grep -qx XFAIL' _ "$tmp/k2out.tsv"
expect "evaluate: the expected splat and a second one is FAIL, naming the second" \
	bash -c 'awk -F"\t" "\$3 == \"kernel_log_clean\"" "$1" | grep -P "\tFAIL\tanother splat than the expected one .*: WARNING: CPU: 0 PID: 151 at fs/tracefs/event_inode.c" >/dev/null' _ "$tmp/kout.tsv"
tap_done
