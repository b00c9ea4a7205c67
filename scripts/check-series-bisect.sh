#!/usr/bin/env bash
# check-series-bisect.sh: apply the series one patch at a time in a scratch
# tree ("bisect" in the cache), build the kernel after each patch and boot
# it. Prints TAP lines. The result is cached per series content, so a run
# with an unchanged series only reprints it.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

mapfile -t patches < <(tr_series_patches)
[ ${#patches[@]} -gt 0 ] || { echo "# empty series: nothing to bisect"; exit 0; }
hash=$(tr_hash_files "$TR_SERIES_DIR/series" "${patches[@]}" "$TR_TOP"/kernel/config/*.config)
cache=$TR_CACHE/trees/bisect/result.$hash
if [ -f "$cache" ]; then
	sed 's/$/ (cached for this series)/' "$cache"
	! grep -q '^not ok' "$cache"
	exit
fi

src=$(tr_src bisect)
tr_worktree_at_base "$src"

rm -f "$TR_CACHE"/trees/bisect/result.*
res=$(mktemp)
i=0
for p in "${patches[@]}"; do
	i=$((i + 1))
	name=$(basename "$p")
	if ! tr_git -C "$src" am -q "$p" >/dev/null 2>&1; then
		echo "not ok - bisect: patch $i applies: $name" | tee -a "$res"
		break
	fi
	if "$TR_TOP/scripts/build-kernel.sh" bisect >"$TR_CACHE/trees/bisect/build-$i.log" 2>&1; then
		echo "ok - bisect: builds with patches 1-$i ($name)" | tee -a "$res"
	else
		echo "not ok - bisect: builds with patches 1-$i ($name)" | tee -a "$res"
		tail -n 20 "$TR_CACHE/trees/bisect/build-$i.log" | sed 's/^/#   /'
		continue
	fi
	if "$TR_TOP/qemu-env/run-guest.sh" -q -k "$(tr_bzimage bisect)" -s both -t 120 -- \
		sh -c 'grep -q tracefs /proc/mounts && ls /sys/kernel/debug/tracing/events >/dev/null' \
		>/dev/null 2>"$TR_CACHE/trees/bisect/boot-$i.log"; then
		echo "ok - bisect: boots with patches 1-$i" | tee -a "$res"
	else
		echo "not ok - bisect: boots with patches 1-$i" | tee -a "$res"
		tail -n 20 "$TR_CACHE/trees/bisect/boot-$i.log" | sed 's/^/#   /'
	fi
done
mv "$res" "$cache"
! grep -q '^not ok' "$cache"
