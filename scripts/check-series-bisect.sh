#!/usr/bin/env bash
# check-series-bisect.sh VERSION: apply the version's series one patch at a
# time in a scratch tree (VERSION-bisect in the cache), build the kernel
# after each patch and boot it. Prints TAP lines. The result is cached per
# series content and configuration, so a run with an unchanged series only
# reprints it.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

ver=${1:?usage: check-series-bisect.sh VERSION}
id=$ver-bisect
mapfile -t patches < <(tr_series_patches "$ver")
[ ${#patches[@]} -gt 0 ] || { echo "# $ver: empty series: nothing to bisect"; exit 0; }
mapfile -t frags < <(tr_frags "$ver")
hash=$(tr_series_hash "$ver" "${frags[@]}")
dir=$(dirname "$(tr_src "$id")")
cache=$dir/result.$hash
if [ -f "$cache" ]; then
	sed 's/$/ (cached for this series)/' "$cache"
	! grep -q '^not ok' "$cache"
	exit
fi

src=$(tr_src "$id")
tr_worktree_at_base "$id"

rm -f "$dir"/result.*
res=$(mktemp)
i=0
for p in "${patches[@]}"; do
	i=$((i + 1))
	name=$(basename "$p")
	if ! tr_git -C "$src" am -q "$p" >/dev/null 2>&1; then
		echo "not ok - bisect ($ver): patch $i applies: $name" | tee -a "$res"
		break
	fi
	if "$TR_TOP/scripts/build-kernel.sh" "$id" >"$dir/build-$i.log" 2>&1; then
		echo "ok - bisect ($ver): builds with patches 1-$i ($name)" | tee -a "$res"
	else
		echo "not ok - bisect ($ver): builds with patches 1-$i ($name)" | tee -a "$res"
		tail -n 20 "$dir/build-$i.log" | sed 's/^/#   /'
		continue
	fi
	if "$TR_TOP/qemu-env/run-guest.sh" -q -k "$(tr_bzimage "$id")" -s both -t 120 -- \
		sh -c 'grep -q tracefs /proc/mounts && ls /sys/kernel/debug/tracing/events >/dev/null' \
		>/dev/null 2>"$dir/boot-$i.log"; then
		echo "ok - bisect ($ver): boots with patches 1-$i" | tee -a "$res"
	else
		echo "not ok - bisect ($ver): boots with patches 1-$i" | tee -a "$res"
		tail -n 20 "$dir/boot-$i.log" | sed 's/^/#   /'
	fi
done
mv "$res" "$cache"
! grep -q '^not ok' "$cache"
