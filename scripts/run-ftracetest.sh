#!/usr/bin/env bash
# run-ftracetest.sh: run the kernel's own ftrace selftests
# (tools/testing/selftests/ftrace from each kernel's tree) in the guest on
# both kernels (scenario "tracefs"), side by side, then compare: one TAP
# test point per case, failing when a case passes on baseline but not on
# patched. A kernel's run is reused while its kernel image, its selftests
# and the guest image are unchanged (the report says so).
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

out=$TR_OUT/ftracetest
mkdir -p "$out" "$TR_CACHE/ftracetest"

run_kernel() {
	local k=$1 dir key cached
	dir=$(tr_src "$k")/tools/testing/selftests/ftrace
	key=$( {
		sha256sum "$(tr_bzimage "$k")" "$TR_CACHE/guest/initramfs.cpio.gz" | cut -d' ' -f1
		git -C "$(tr_src "$k")" rev-parse HEAD:tools/testing/selftests/ftrace
	} | sha256sum | cut -d' ' -f1)
	cached=$TR_CACHE/ftracetest/$k.$key.txt
	if [ -s "$cached" ]; then
		cp "$cached" "$out/$k.txt"
		echo "cached" >"$out/$k.source"
		return 0
	fi
	rm -f "$TR_CACHE/ftracetest/$k".*.txt
	"$TR_TOP/qemu-env/run-guest.sh" -q -k "$k" -s tracefs -t 1200 -c "$dir" \
		-o "$out/$k.txt" -l "$out/$k.console" -- \
		sh -c "cd '$dir' && ./ftracetest -l /tmp/ftlogs" 2>"$out/$k.err" || true
	if grep -q '^# of passed:' "$out/$k.txt"; then
		cp "$out/$k.txt" "$cached"
		echo "run $(date -u '+%Y-%m-%d %H:%M UTC')" >"$out/$k.source"
	else
		echo "ran, no summary" >"$out/$k.source"
		cat "$out/$k.err" >&2
	fi
}

for k in $TR_KERNELS; do
	run_kernel "$k" &
done
wait

# kernel <TAB> case number <TAB> description <TAB> result
for k in $TR_KERNELS; do
	sed -n 's/^\[\([0-9]*\)\] \(.*\)\t\[\([A-Z]*\)\]$/'"$k"'\t\1\t\2\t\3/p' "$out/$k.txt"
done >"$out/results.tsv"

echo "TAP version 13"
for k in $TR_KERNELS; do
	n=$(awk -F'\t' -v k="$k" '$1 == k' "$out/results.tsv" | wc -l)
	if [ "$n" -gt 50 ]; then
		echo "ok - ftracetest ran on $k: $n cases ($(cat "$out/$k.source"))"
	else
		echo "not ok - ftracetest ran on $k: only $n cases ($(cat "$out/$k.source"))"
	fi
done
awk -F'\t' '
	$1 == "baseline" { b[$3] = $4 }
	$1 == "patched" { p[$3] = $4; order[++n] = $3 }
	END {
		for (i = 1; i <= n; i++) {
			c = order[i]
			if (b[c] == "PASS" && p[c] != "PASS")
				printf "not ok - ftracetest no regression: %s (baseline PASS, patched %s)\n", c, p[c]
			else
				printf "ok - ftracetest no regression: %s (baseline %s, patched %s)\n", c, b[c] == "" ? "absent" : b[c], p[c]
		}
	}' "$out/results.tsv"
