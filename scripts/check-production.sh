#!/usr/bin/env bash
# check-production.sh (make check-production): the patched kernel built
# with Debian's production configuration (the newest version whose
# kernel/<version>/package names a debian-config, or V=...; for 6.1
# linux-config-6.1's config.amd64_none_amd64), plus kernel/config/debian, booted under TCG
# with the busybox guest, scenario production: the debugfs and tracefs
# audits, the boot log's "asked for mode" lines (counted and bounded), the
# relocated kprobes files and Debian's blktrace. The build takes about an
# hour on 2 cores, so make check does not run it; its last result, dated,
# is in $TR_OUT/production/report.md and in the main report.
# Ends with "N passed, N failed".
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

t0=$(date +%s)
out=$TR_OUT/production
mkdir -p "$out"
TR_OUT=$out
rm -f "$out/phases.tsv"
ver=${TRACEFS_RELOC_VERSION:-}
if [ -z "$ver" ]; then
	for v in $TR_VERSIONS; do
		[ -z "$(tr_vget "$v" debian-config)" ] || ver=$v
	done
fi
[ -n "$ver" ] && [ -n "$(tr_vget "$ver" debian-config)" ] || tr_die "no version with a debian-config in kernel/<version>/package"
id=$ver-patched-debian
tr_phase packages "$TR_TOP/scripts/install-deps.sh"
tr_phase tree env TRACEFS_RELOC_APPLY_TO=patched-debian "$TR_TOP/scripts/prepare-tree.sh" "$ver"
build_rc=0
tr_phase build "$TR_TOP/scripts/build-kernel.sh" "$id" >"$out/build.log" 2>&1 || build_rc=$?
tail -n 3 "$out/build.log"
boots_rc=0
if [ "$build_rc" = 0 ]; then
	tr_phase guest-image "$TR_TOP/qemu-env/build-initramfs.sh"
	# The production group needs neither the test modules nor the in-tree
	# perf (the kernel image is built without modules).
	TRACEFS_RELOC_NO_EXTRAS=1 TRACEFS_RELOC_OUT=$out tr_phase boot "$TR_TOP/scripts/run-matrix.sh" -c "$id:production" >/dev/null || boots_rc=$?
fi
{
	[ "$build_rc" = 0 ] || printf '%s\tproduction\tbuild\tfail\tpass\tFAIL\tbuild-kernel.sh exited %s (log %s)\n' "$id" "$build_rc" "$out/build.log"
	if [ "$build_rc" = 0 ]; then
		tr_expectations expected-production.tsv >"$out/expected.tsv"
		"$TR_TOP/scripts/evaluate.sh" "$out/expected.tsv" "$out/results"
	fi
	[ "$boots_rc" = 0 ] || printf -- '-\tproduction\tboot runner\tfail\tpass\tFAIL\trun-matrix.sh exited %s\n' "$boots_rc"
} >"$out/results.tsv"
"$TR_TOP/scripts/report-production.sh" "$id" >"$out/report.md"
echo
cat "$out/report.md"
tr_summarize "$out/results.tsv" "$t0"
