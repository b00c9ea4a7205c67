#!/usr/bin/env bash
# The test command: build the baseline and patched kernels of every version
# (kernel/<version>/), run the host-side tests of the pipeline, boot the
# matrix and write the report. Ends with "N passed, N failed".
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

# Debug kernels (KASAN, lockdep: kernel/config/debug). The patched debug
# kernel of the newest version (or KVER's) boots in every run; each one is
# about 11 minutes to build cold on 2 cores, and one per version would not
# fit the cold budget of CI. TRACEFS_RELOC_DEBUG_VERSIONS="6.1 6.12" names
# the versions whose debug kernels boot. The baseline debug kernel boots
# only when the patched one fails a point, so that the report says whether
# the baseline fails it too; TRACEFS_RELOC_DEBUG_BASELINE=1 (make
# check-debug) boots every version's debug kernels, baseline and patched.
debug_versions=${TRACEFS_RELOC_DEBUG_VERSIONS:-$TR_VERSION}
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
fi

mkdir -p "$TR_OUT"
: >"$TR_OUT/phases.tsv"
t0=$(date +%s)
tr_phase packages "$TR_TOP/scripts/install-deps.sh"
tr_phase tree "$TR_TOP/scripts/prepare-tree.sh"
for k in $TR_KERNELS $debug_kernels; do
	tr_phase "build-$k" "$TR_TOP/scripts/build-kernel.sh" "$k"
done
for k in $TR_KERNELS; do
	tr_phase "build-perf-$k" "$TR_TOP/scripts/build-perf.sh" "$k"
done
tr_phase guest-image "$TR_TOP/qemu-env/build-initramfs.sh"

host_rc=0
tr_phase host-tests "$TR_TOP/scripts/run-host-tests.sh" >"$TR_OUT/host-tests.tap" || host_rc=$?
cat "$TR_OUT/host-tests.tap"
# A matrix that dies is a failure (and its missing cells fail in evaluate.sh).
matrix_rc=0
TRACEFS_RELOC_DEBUG_KERNELS=$debug_kernels tr_phase matrix "$TR_TOP/scripts/run-matrix.sh" || matrix_rc=$?
if [ "${TRACEFS_RELOC_DEBUG_BASELINE:-}" != 1 ]; then
	for v in $debug_versions; do
		tap=$TR_OUT/results/$v-patched-debug/stress.tap
		if [ -f "$tap" ] && ! grep -q '^not ok' "$tap"; then continue; fi
		echo "==> $v-patched-debug failed a point: booting $v-baseline-debug to compare"
		tr_phase "build-$v-baseline-debug" "$TR_TOP/scripts/build-kernel.sh" "$v-baseline-debug" &&
			TRACEFS_RELOC_DEBUG_KERNELS=$v-baseline-debug tr_phase "matrix-$v-baseline-debug" "$TR_TOP/scripts/run-matrix.sh" -a ||
			matrix_rc=$?
	done
fi
tr_phase ftracetest "$TR_TOP/scripts/run-ftracetest.sh" >"$TR_OUT/ftracetest.tap" || true
for k in $TR_KERNELS; do
	grep -q "^ok - ftracetest ran on $k" "$TR_OUT/ftracetest.tap" ||
		echo "not ok - ftracetest did not complete on $k" >>"$TR_OUT/ftracetest.tap"
done
grep -c '^ok ' "$TR_OUT/ftracetest.tap" | sed 's/$/ ftracetest test points ok/'
grep '^not ok' "$TR_OUT/ftracetest.tap" || true

for k in $TR_KERNELS; do
	"$TR_TOP/scripts/scan-debugfs-modes.pl" --built "$(tr_build "$k")" "$(tr_src "$k")" >"$TR_OUT/debugfs-scan-$k.txt"
	echo "debugfs scan ($k tree): $(tail -n 1 "$TR_OUT/debugfs-scan-$k.txt" | sed 's/^# //')"
done
for k in $TR_KERNELS; do
	src=$(tr_src "$k")
	"$TR_TOP/compat/scan-tool-paths" "$src/tools" "$src/scripts" "$src/samples" |
		sed "s#^$src/##" >"$TR_OUT/tool-scan-$k.txt" || true
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
{
	cat "$TR_OUT/guest-results.tsv"
	"$TR_TOP/scripts/tap-to-results.sh" host-tests "$TR_OUT/host-tests.tap"
	! grep -q '^TAP' "$TR_OUT/upgrade.tap" || "$TR_TOP/scripts/tap-to-results.sh" upgrade "$TR_OUT/upgrade.tap"
	"$TR_TOP/scripts/tap-to-results.sh" ftracetest "$TR_OUT/ftracetest.tap"
	[ "$host_rc" = 0 ] || printf -- '-\tcheck\thost test runner\tfail\tpass\tFAIL\tscripts/run-host-tests.sh exited %s\n' "$host_rc"
	[ "$matrix_rc" = 0 ] || printf -- '-\tcheck\tmatrix runner\tfail\tpass\tFAIL\tscripts/run-matrix.sh exited %s\n' "$matrix_rc"
} >"$TR_OUT/results.tsv"
"$TR_TOP/scripts/report.sh" "$TR_OUT/results.tsv" "$TR_OUT/report.md"
"$TR_TOP/scripts/report-html.py" "$TR_OUT/report.md" "$TR_OUT/report.html"
echo
sed -n '/^## Totals/,/^## Which/p' "$TR_OUT/report.md" | sed '$d'
echo "Report: $TR_OUT/report.md and $TR_OUT/report.html"
tr_summarize "$TR_OUT/results.tsv" "$t0"
