#!/usr/bin/env bash
# migrate-cache.sh: move a cache of the one-version layout (trees/baseline,
# trees/patched, trees/bisect, ...: linux-source-6.1 only) to the layout
# keyed by kernel id (trees/6.1-baseline, ...), so that the first run after
# the change does not build everything again: the trees are renamed, their
# git worktree links repaired, the absolute paths in their build records
# rewritten, and the stamps that name the series' old place carried over
# when the content they hash is unchanged. Does nothing on a new layout.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

trees=$TR_CACHE/trees
[ -d "$trees/baseline/src/.git" ] || exit 0
ver=6.1
case $(cat "$trees/baseline/version" 2>/dev/null) in
"$ver".*) ;;
*) tr_warn "trees/baseline does not hold linux-source-$ver: not migrated (it will be unpacked again)"; exit 0 ;;
esac
[ ! -e "$trees/$ver-baseline" ] || tr_die "both $trees/baseline and $trees/$ver-baseline exist: remove one"
echo "==> cache: moving the one-version layout to kernel ids ($ver-...)"

# old_hash NAME=FILE...: tr_hash_files as it was, with the names the files
# had in the checkout then.
old_hash() {
	local a
	for a in "$@"; do
		printf '%s\n' "${a%%=*}"
		cat "${a#*=}"
	done | sha256sum | cut -d' ' -f1
}
series_dir=$(tr_series_dir "$ver")
old_series=("kernel/patches/series=$series_dir/series")
for p in $(tr_series_patches "$ver"); do
	old_series+=("kernel/patches/${p##*/}=$p")
done
old_cfgs=()
for f in "$TR_TOP"/kernel/config/*.config; do
	old_cfgs+=("kernel/config/${f##*/}=$f")
done

moved=()
for d in "$trees"/*/; do
	d=${d%/}
	name=${d##*/}
	case $name in [0-9]* | unpack.*) continue ;; esac
	mv "$d" "$trees/$ver-$name"
	moved+=("$name")
done
# The worktrees (every tree but the pristine one) and the pristine
# repository point at each other by absolute path.
wts=()
for name in "${moved[@]}"; do
	[ "$name" != baseline ] && [ -f "$trees/$ver-$name/src/.git" ] && wts+=("$trees/$ver-$name/src")
done
git -C "$trees/$ver-baseline/src" worktree repair "${wts[@]}" >/dev/null 2>&1 || true
git -C "$trees/$ver-baseline/src" worktree prune
# Build records with absolute paths (objtool's, perf's), dates kept.
for name in "${moved[@]}"; do
	while IFS= read -r -d '' f; do
		t=$(stat -c %y "$f")
		sed -i "s#$trees/$name/#$trees/$ver-$name/#g" "$f"
		touch -h -d "$t" "$f"
	done < <(grep -rlZF --include='.*.cmd' --include='*.d' -e "$trees/$name/" "$trees/$ver-$name" 2>/dev/null || true)
done
# Stamps: the series applied (patched trees), a fixture's tree, the
# bisect's cached result.
for stamp in "$trees"/"$ver"-*/series.sha256; do
	[ -f "$stamp" ] || continue
	[ "$(cat "$stamp")" = "$(old_hash "${old_series[@]}")" ] && tr_series_hash "$ver" >"$stamp"
done
for stamp in "$trees"/"$ver"-fixture-*/fixture.sha256; do
	[ -f "$stamp" ] || continue
	name=${stamp%/fixture.sha256}
	name=${name##*/"$ver"-fixture-}
	fx=$TR_TOP/kernel/$ver/fixtures/$name/fixture.patch
	[ -f "$fx" ] || continue
	[ "$(cat "$stamp")" = "$(old_hash "${old_series[@]}" "kernel/fixtures/$name/fixture.patch=$fx")" ] &&
		tr_series_hash "$ver" "$fx" >"$stamp"
done
old=$trees/$ver-bisect/result.$(old_hash "${old_series[@]}" "${old_cfgs[@]}")
if [ -f "$old" ]; then
	mapfile -t frags < <(tr_frags "$ver")
	mv "$old" "$trees/$ver-bisect/result.$(tr_series_hash "$ver" "${frags[@]}")"
fi
# ftracetest's cached runs are named by kernel id.
for f in "$TR_CACHE"/ftracetest/baseline.* "$TR_CACHE"/ftracetest/patched.*; do
	[ -f "$f" ] && mv "$f" "$TR_CACHE/ftracetest/$ver-${f##*/}"
done
echo "==> cache: moved ${moved[*]} to $ver-*"
