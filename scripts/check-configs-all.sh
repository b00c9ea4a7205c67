#!/usr/bin/env bash
# check-configs-all.sh (make check-configs): what the kernel test robot would
# run on the series. Builds baseline and patched in every combination of
# kernel/config/combos (check-configs.sh), runs W=1, sparse, coccicheck,
# kernel-doc and the reST and ABI checks on the touched files
# (check-analyzers.sh), boots the combinations whose behaviour the series
# changes (check-configs-boot.sh), writes $TR_OUT/configs/results.tsv and
# report.md, prints each phase's time and ends with "N passed, N failed".
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

t0=$(date +%s)
out=$TR_OUT/configs
mkdir -p "$out"
# this run's phase times go to configs/phases.tsv, not make check's
TR_OUT=$out
rm -f "$out/phases.tsv"
tr_phase packages "$TR_TOP/scripts/install-deps.sh"
tr_phase tree "$TR_TOP/scripts/prepare-tree.sh"
for k in $TR_KERNELS; do
	tr_phase "build-$k" "$TR_TOP/scripts/build-kernel.sh" "$k"
done
tr_phase guest-image "$TR_TOP/qemu-env/build-initramfs.sh"
builds_rc=0 analyzers_rc=0 boots_rc=0
tr_phase config-builds "$TR_TOP/scripts/check-configs.sh" >"$out/builds.tap" || builds_rc=$?
cat "$out/builds.tap"
tr_phase analyzers "$TR_TOP/scripts/check-analyzers.sh" >"$out/analyzers.tap" || analyzers_rc=$?
cat "$out/analyzers.tap"
tr_phase config-boots "$TR_TOP/scripts/check-configs-boot.sh" >/dev/null || boots_rc=$?
{
	"$TR_TOP/scripts/evaluate.sh" "$TR_TOP/tools-check/expected-configs.tsv" "$out/results"
	"$TR_TOP/scripts/tap-to-results.sh" config-builds "$out/builds.tap"
	"$TR_TOP/scripts/tap-to-results.sh" analyzers "$out/analyzers.tap"
	[ "$builds_rc" = 0 ] || printf -- '-\tcheck-configs\tconfig build runner\tfail\tpass\tFAIL\tscripts/check-configs.sh exited %s\n' "$builds_rc"
	[ "$analyzers_rc" = 0 ] || printf -- '-\tcheck-configs\tanalyzer runner\tfail\tpass\tFAIL\tscripts/check-analyzers.sh exited %s\n' "$analyzers_rc"
	[ "$boots_rc" = 0 ] || printf -- '-\tcheck-configs\tboot runner\tfail\tpass\tFAIL\tscripts/check-configs-boot.sh exited %s\n' "$boots_rc"
} >"$out/results.tsv"
"$TR_TOP/scripts/report-configs.sh" >"$out/report.md"
echo
cat "$out/report.md"
tr_summarize "$out/results.tsv" "$t0"
