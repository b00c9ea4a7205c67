#!/usr/bin/env bash
# check-configs-all.sh (make check-configs): what the kernel test robot would
# run on the series. For each version whose folder has expected-configs.tsv
# (kernel/<version>/expected-configs.tsv: what the version's combinations
# are expected to fail, with the cause), builds baseline and patched in
# every combination of kernel/config/combos (check-configs.sh), runs W=1,
# sparse, coccicheck, kernel-doc and the reST and ABI checks on the touched
# files (check-analyzers.sh), boots the combinations whose behaviour the
# series changes (check-configs-boot.sh), writes $TR_OUT/configs/results.tsv
# and report.md, prints each phase's time and ends with "N passed, N failed".
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

t0=$(date +%s)
out=$TR_OUT/configs
mkdir -p "$out"
versions=""
for v in $TR_VERSIONS; do
	[ ! -f "$TR_TOP/kernel/$v/expected-configs.tsv" ] || versions="$versions $v"
done
[ -n "$versions" ] || tr_die "no version folder has expected-configs.tsv (kernel/<version>/expected-configs.tsv)"
# this run's phase times go to configs/phases.tsv, not make check's
TR_OUT=$out
rm -f "$out/phases.tsv"
tr_phase packages "$TR_TOP/scripts/install-deps.sh"
: >"$out/runners.tsv"
for v in $versions; do
	export TRACEFS_RELOC_VERSIONS=$v
	tr_phase "tree-$v" "$TR_TOP/scripts/prepare-tree.sh" "$v"
	for k in "$v-baseline" "$v-patched"; do
		tr_phase "build-$k" "$TR_TOP/scripts/build-kernel.sh" "$k"
	done
	tr_phase guest-image "$TR_TOP/qemu-env/build-initramfs.sh"
	builds_rc=0 analyzers_rc=0
	tr_phase "config-builds-$v" "$TR_TOP/scripts/check-configs.sh" >"$out/builds-$v.tap" || builds_rc=$?
	cat "$out/builds-$v.tap"
	tr_phase "analyzers-$v" "$TR_TOP/scripts/check-analyzers.sh" >"$out/analyzers-$v.tap" || analyzers_rc=$?
	cat "$out/analyzers-$v.tap"
	{
		[ "$builds_rc" = 0 ] || printf -- '-\tcheck-configs\tconfig build runner (%s)\tfail\tpass\tFAIL\tscripts/check-configs.sh exited %s\n' "$v" "$builds_rc"
		[ "$analyzers_rc" = 0 ] || printf -- '-\tcheck-configs\tanalyzer runner (%s)\tfail\tpass\tFAIL\tscripts/check-analyzers.sh exited %s\n' "$v" "$analyzers_rc"
	} >>"$out/runners.tsv"
done
# The boots of every version in one matrix run, judged together.
export TRACEFS_RELOC_VERSIONS="${versions# }"
boots_rc=0
tr_phase config-boots "$TR_TOP/scripts/check-configs-boot.sh" >/dev/null || boots_rc=$?
[ "$boots_rc" = 0 ] || printf -- '-\tcheck-configs\tboot runner\tfail\tpass\tFAIL\tscripts/check-configs-boot.sh exited %s\n' "$boots_rc" >>"$out/runners.tsv"
{
	tr_expectations expected-configs.tsv >"$out/expected.tsv"
	"$TR_TOP/scripts/evaluate.sh" "$out/expected.tsv" "$out/results"
	for v in $versions; do
		"$TR_TOP/scripts/tap-to-results.sh" "config-builds-$v" "$out/builds-$v.tap"
		"$TR_TOP/scripts/tap-to-results.sh" "analyzers-$v" "$out/analyzers-$v.tap"
	done
	cat "$out/runners.tsv"
} >"$out/results.tsv"
"$TR_TOP/scripts/report-configs.sh" >"$out/report.md"
echo
cat "$out/report.md"
tr_summarize "$out/results.tsv" "$t0"
