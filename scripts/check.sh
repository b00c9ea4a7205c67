#!/usr/bin/env bash
# The test command: build the baseline and patched kernels of every version
# (kernel/<version>/), run the host-side tests of the pipeline, boot the
# matrix and write the report. Ends with "N passed, N failed".
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

# Debug kernels (KASAN, lockdep: kernel/config/debug) are not part of a
# plain run: one cold KASAN build costs about as much CPU as two guest
# kernels (its 6.12 build is the longest of the run), and with it a cold
# run on 2 cores does not fit CI's 90 minutes (measured, see README).
# TRACEFS_RELOC_DEBUG_VERSIONS="6.12" (make check DEBUG_VERSIONS=6.12)
# boots the patched debug kernel of the versions named, and that version's
# baseline debug kernel only when the patched one fails a point, so that
# the report says whether the baseline fails it too;
# TRACEFS_RELOC_DEBUG_BASELINE=1 (make check-debug) boots every version's
# debug kernels, baseline and patched.
debug_versions=${TRACEFS_RELOC_DEBUG_VERSIONS:-}
debug_kernels=""
for v in $debug_versions; do
	debug_kernels="$debug_kernels $v-patched-debug"
done
debug_kernels=${debug_kernels# }
if [ "${TRACEFS_RELOC_DEBUG_BASELINE:-}" = 1 ]; then
	debug_versions=$TR_VERSIONS
	debug_kernels=$TR_DEBUG_KERNELS
	# ... and the host-root front-end cells of every version
	export TRACEFS_RELOC_HOST_ROOT_VERSIONS=${TRACEFS_RELOC_HOST_ROOT_VERSIONS:-$TR_VERSIONS}
	export TRACEFS_RELOC_HOST_ROOT_BASELINE_SCENARIOS=${TRACEFS_RELOC_HOST_ROOT_BASELINE_SCENARIOS:-all}
fi

# The host tests' splat fixtures on a debug kernel follow the same choice.
export TRACEFS_RELOC_DEBUG_KERNELS=$debug_kernels

mkdir -p "$TR_OUT"
: >"$TR_OUT/phases.tsv"
t0=$(date +%s)
tr_phase packages "$TR_TOP/scripts/install-deps.sh"
tr_phase tree "$TR_TOP/scripts/prepare-tree.sh"

# The builds run one after the other: baseline, then patched (from a copy
# of baseline's build), then their perfs (the same way), version by
# version, then the debug kernels. One kernel build alone already keeps
# the 2 cores busy: measured cold without ccache, 6.1-baseline took 640 s
# wall (841 s user, 395 s sys, 193% CPU) and 6.12-baseline 734 s; the two
# side by side took 1481 and 1495 s, about 130 s more than one after the
# other. A failed build stops the run, the build's log tail shown.
tb=$(date +%s)
build_failed=""
steps=()
for v in $TR_VERSIONS; do
	steps+=("$v-baseline" "$v-patched" "perf:$v-baseline" "perf:$v-patched")
	# The host tests' splat fixtures (a patched tree plus a broken patch)
	# are built here too, not by the host test beside the matrix: a
	# compile beside TCG guests slowed them about threefold (two host-root
	# cells, 150 s alone, took 460 s beside a -j2 kernel build). The
	# debug-kernel fixtures follow the debug kernels.
	for fx in "$TR_TOP/kernel/$v"/fixtures/*/fixture.env; do
		[ -f "$fx" ] || continue
		[ -z "$(tr_env_get "$fx" VARIANT)" ] || continue
		steps+=("fixture:$v:$(basename "$(dirname "$fx")")")
	done
done
# shellcheck disable=SC2206 # a list of kernel ids
steps+=($debug_kernels)
for step in "${steps[@]}"; do
	case $step in
	perf:*) tr_phase "build-perf-${step#perf:}" "$TR_TOP/scripts/build-perf.sh" "${step#perf:}" ;;
	fixture:*)
		IFS=: read -r _ fv fname <<<"$step"
		tr_phase "build-fixture-$fv-$fname" "$TR_TOP/scripts/check-splat-fixture.sh" --build-only "$fv" "$fname"
		;;
	*) tr_phase "build-$step" "$TR_TOP/scripts/build-kernel.sh" "$step" ;;
	esac || { build_failed=$step; break; }
done
printf 'builds\t%s\t%s\n' "$(($(date +%s) - tb))" "$([ -z "$build_failed" ] && echo 0 || echo 1)" >>"$TR_OUT/phases.tsv"
tr_log "builds: $(($(date +%s) - tb)) s wall"
if [ -n "$build_failed" ]; then
	echo "ERROR: the build of $build_failed failed (its log tail is above); nothing was booted" >&2
	echo "0 passed, 1 failed"
	exit 1
fi
tr_phase guest-image "$TR_TOP/qemu-env/build-initramfs.sh"

# The host tests run beside the matrix (they are mostly one process at a
# time: checkpatch, shellcheck, one guest); measured cold, the host-root
# cells took about 600 s each beside them, against about 260 s without.
host_rc=0
tr_phase host-tests "$TR_TOP/scripts/run-host-tests.sh" >"$TR_OUT/host-tests.tap" 2>"$TR_OUT/host-tests.err" &
host_pid=$!
# A matrix that dies is a failure (and its missing cells fail in evaluate.sh).
matrix_rc=0
tr_phase matrix "$TR_TOP/scripts/run-matrix.sh" || matrix_rc=$?
wait "$host_pid" || host_rc=$?
cat "$TR_OUT/host-tests.err" >&2
cat "$TR_OUT/host-tests.tap"
if [ "${TRACEFS_RELOC_DEBUG_BASELINE:-}" != 1 ]; then
	# Judged, not raw: a point that fails as expected (an XFAIL with its
	# cause) does not boot the baseline; a FAIL, an XPASS or a missing
	# cell (results_complete) does.
	tr_expectations expected.tsv >"$TR_OUT/expected.tsv"
	"$TR_TOP/scripts/evaluate.sh" "$TR_OUT/expected.tsv" "$TR_OUT/results" >"$TR_OUT/debug-verdicts.tsv" || true
	for v in $debug_versions; do
		if ! awk -F '\t' -v k="$v-patched-debug" '$1 == k && ($6 == "FAIL" || $6 == "XPASS") { bad = 1 } END { exit !bad }' \
			"$TR_OUT/debug-verdicts.tsv"; then continue; fi
		echo "==> $v-patched-debug failed a point: booting $v-baseline-debug to compare"
		tr_phase "build-$v-baseline-debug" "$TR_TOP/scripts/build-kernel.sh" "$v-baseline-debug" &&
			TRACEFS_RELOC_DEBUG_KERNELS=$v-baseline-debug tr_phase "matrix-$v-baseline-debug" "$TR_TOP/scripts/run-matrix.sh" -a ||
			matrix_rc=$?
	done
fi
# The source scans (debugfs modes, hard-coded tool paths) need only the
# trees: they run beside ftracetest, whose last kernel leaves a core idle,
# instead of after it (about 80 s at the end of a warm run).
scans() {
	local k src rc=0
	for k in $TR_KERNELS; do
		src=$(tr_src "$k")
		"$TR_TOP/scripts/scan-debugfs-modes.pl" --built "$(tr_build "$k")" "$src" >"$TR_OUT/debugfs-scan-$k.txt" || rc=1
		"$TR_TOP/compat/scan-tool-paths" "$src/tools" "$src/scripts" "$src/samples" |
			sed "s#^$src/##" >"$TR_OUT/tool-scan-$k.txt" || true
	done
	return "$rc"
}
tr_phase scans scans >"$TR_OUT/scans.log" 2>&1 &
scans_pid=$!
tr_phase ftracetest "$TR_TOP/scripts/run-ftracetest.sh" >"$TR_OUT/ftracetest.tap" || true
for k in $TR_KERNELS; do
	grep -q "^ok - ftracetest ran on $k" "$TR_OUT/ftracetest.tap" ||
		echo "not ok - ftracetest did not complete on $k" >>"$TR_OUT/ftracetest.tap"
done
{ grep -c '^ok ' "$TR_OUT/ftracetest.tap" || true; } | sed 's/$/ ftracetest test points ok/'
grep '^not ok' "$TR_OUT/ftracetest.tap" || true

scans_rc=0
wait "$scans_pid" || scans_rc=$?
cat "$TR_OUT/scans.log"
for k in $TR_KERNELS; do
	echo "debugfs scan ($k tree): $(tail -n 1 "$TR_OUT/debugfs-scan-$k.txt" | sed 's/^# //')"
	echo "tool path scan ($k tree: tools/ scripts/ samples/): $(tail -n 1 "$TR_OUT/tool-scan-$k.txt" | sed 's/^# //')"
done
# One results model: the guest points (evaluate.sh), the host tests and
# ftracetest, and the scripts' own exit statuses, in out/results.tsv; the
# report and the closing line are both made from it.
tr_expectations expected.tsv >"$TR_OUT/expected.tsv"
"$TR_TOP/scripts/evaluate.sh" "$TR_OUT/expected.tsv" "$TR_OUT/results" >"$TR_OUT/guest-results.tsv"
# The upgrade case: the compat view, the legacy scripts and the path map
# give the same results on every version's patched kernel.
"$TR_TOP/scripts/check-upgrade.sh" "$TR_OUT/guest-results.tsv" >"$TR_OUT/upgrade.tap" || true
grep -E '^(not )?ok|^# upgrade' "$TR_OUT/upgrade.tap" | sed 's/^/  /' | grep -v '^  ok' || true
# The debug kernels' record (scripts/debug-record.sh): a run that booted a
# version's debug kernels writes it; every run verifies each version's.
for v in $debug_versions; do
	! grep -q "^$v-patched-debug"$'\t' "$TR_OUT/guest-results.tsv" ||
		"$TR_TOP/scripts/debug-record.sh" write "$v" "$TR_OUT/guest-results.tsv"
done
for v in $TR_VERSIONS; do
	"$TR_TOP/scripts/debug-record.sh" verify "$v" || true
done >"$TR_OUT/debug-record.tap"
grep -v '^ok' "$TR_OUT/debug-record.tap" || true
{
	cat "$TR_OUT/guest-results.tsv"
	"$TR_TOP/scripts/tap-to-results.sh" debug-record "$TR_OUT/debug-record.tap"
	"$TR_TOP/scripts/tap-to-results.sh" host-tests "$TR_OUT/host-tests.tap"
	! grep -q '^TAP' "$TR_OUT/upgrade.tap" || "$TR_TOP/scripts/tap-to-results.sh" upgrade "$TR_OUT/upgrade.tap"
	"$TR_TOP/scripts/tap-to-results.sh" ftracetest "$TR_OUT/ftracetest.tap"
	[ "$host_rc" = 0 ] || printf -- '-\tcheck\thost test runner\tfail\tpass\tFAIL\tscripts/run-host-tests.sh exited %s\n' "$host_rc"
	[ "$scans_rc" = 0 ] || printf -- '-\tcheck\tsource scans\tfail\tpass\tFAIL\ta debugfs-mode scan failed (%s)\n' "$TR_OUT/scans.log"
	[ "$matrix_rc" = 0 ] || printf -- '-\tcheck\tmatrix runner\tfail\tpass\tFAIL\tscripts/run-matrix.sh exited %s\n' "$matrix_rc"
} >"$TR_OUT/results.tsv"
"$TR_TOP/scripts/report.sh" "$TR_OUT/results.tsv" "$TR_OUT/report.md"
"$TR_TOP/scripts/report-html.py" "$TR_OUT/report.md" "$TR_OUT/report.html"
echo
sed -n '/^## Totals/,/^## Which/p' "$TR_OUT/report.md" | sed '$d'
echo "Report: $TR_OUT/report.md and $TR_OUT/report.html"
echo "phase times: $(awk -F'\t' '{printf "%s%s %s s", (NR > 1 ? ", " : ""), $1, $2}' "$TR_OUT/phases.tsv")"
tr_summarize "$TR_OUT/results.tsv" "$t0"
