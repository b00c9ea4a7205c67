#!/usr/bin/env bash
# The main job: install what is needed, build the patched kernel of the
# newest version (or V=...: TRACEFS_RELOC_VERSION), boot it in QEMU and
# show trace-cmd and perf working on it.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

scenario=${SCENARIO:-tracefs}
k=$TR_VERSION-patched
mkdir -p "$TR_OUT"
: >"$TR_OUT/phases.tsv"
t0=$(date +%s)
tr_phase packages "$TR_TOP/scripts/install-deps.sh"
tr_phase tree "$TR_TOP/scripts/prepare-tree.sh" "$TR_VERSION"
tr_phase "build-$k" "$TR_TOP/scripts/build-kernel.sh" "$k"
tr_phase guest-image "$TR_TOP/qemu-env/build-initramfs.sh"

tr_log "booting $k (scenario $scenario) and running trace-cmd and perf"
tap=$TR_OUT/main.tap
rc=0
tr_phase boot-and-check "$TR_TOP/qemu-env/run-guest.sh" -k "$k" -s "$scenario" -o "$tap" \
	-l "$TR_OUT/main.console" -- sh /tools-check/run-checks.sh scenario tools || rc=$?
# The guest's kernel log, as make check scans every boot's.
if scan=$("$TR_TOP/scripts/scan-kernel-log.sh" "$TR_OUT/main.console"); then
	echo "ok - kernel_log_clean" >>"$tap"
else
	{ echo "not ok - kernel_log_clean"; printf '%s\n' "$scan" | sed 's/^/#   /'; } >>"$tap"
	[ "$rc" != 0 ] || rc=1
fi

echo
echo "Summary ($k kernel, scenario $scenario):"
grep -E '^(not )?ok |^# path:|^#   (splat|[0-9]+ splats?|no console)' "$tap" | sed 's/^/  /'
echo "$(grep -c '^ok ' "$tap") passed, $(grep -c '^not ok ' "$tap") failed; total $(($(date +%s) - t0)) s"
exit "$rc"
