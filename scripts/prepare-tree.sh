#!/usr/bin/env bash
# Unpack Debian's linux-source-6.1 into the cache (pristine baseline tree) and
# make the patched tree from kernel/patches/series with git am.
# Re-unpacks only when the package version changes; re-applies the series only
# when a patch or the series file changes.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

[ -f "$TR_TARBALL" ] || tr_die "$TR_TARBALL not found: install $TR_SOURCE_PKG (scripts/install-deps.sh)"

pkg_ver=$(dpkg-query -W -f='${Version}' "$TR_SOURCE_PKG" 2>/dev/null || echo unknown)
verified=$(sed -n 's/^verified-on: *//p' "$TR_TOP/kernel/VERIFIED_ON")
echo "==> $TR_SOURCE_PKG version found: $pkg_ver (series last verified on $verified)"
if [ "$pkg_ver" != "$verified" ]; then
	tr_warn "$TR_SOURCE_PKG is $pkg_ver but the series was last verified on $verified;" \
		"checking that it still applies"
fi

base_src=$(tr_src baseline)
patched_src=$(tr_src "${TRACEFS_RELOC_APPLY_TO:-patched}")

unpack_baseline() {
	local tmp
	rm -rf "$TR_CACHE/trees"
	mkdir -p "$TR_CACHE/trees/baseline"
	tmp=$(mktemp -d "$TR_CACHE/trees/unpack.XXXXXX")
	echo "==> unpacking $TR_TARBALL"
	tar -xf "$TR_TARBALL" -C "$tmp"
	local top
	top=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d | head -n 1)
	[ -f "$top/Makefile" ] || tr_die "$TR_TARBALL has no kernel tree in it"
	local v p
	v=$(sed -n 's/^VERSION = //p' "$top/Makefile")
	p=$(sed -n 's/^PATCHLEVEL = //p' "$top/Makefile")
	if [ "$v.$p" != "6.1" ]; then
		rm -rf "$tmp"
		tr_die "$TR_TARBALL holds a $v.$p tree; this series targets 6.1"
	fi
	mv "$top" "$base_src"
	rmdir "$tmp"
	echo "==> committing the pristine tree to a local git repository (for git am)"
	# Debian's tree ships a .gitignore whose /* rule ignores the top level.
	tr_git -C "$base_src" init -q -b pristine
	tr_git -C "$base_src" add -A -f
	tr_git -C "$base_src" commit -q -m "pristine $TR_SOURCE_PKG $pkg_ver"
	tr_git -C "$base_src" tag base
	echo "$pkg_ver" >"$base_src/../version"
}

if [ "$(cat "$TR_CACHE/trees/baseline/version" 2>/dev/null)" != "$pkg_ver" ] ||
	! git -C "$base_src" rev-parse -q --verify base >/dev/null 2>&1; then
	unpack_baseline
fi

# The baseline tree must stay pristine.
if [ -n "$(git -C "$base_src" status --porcelain --ignored=no | head -n 1)" ] ||
	[ "$(git -C "$base_src" rev-parse HEAD)" != "$(git -C "$base_src" rev-parse base)" ]; then
	tr_warn "baseline tree was modified; restoring it to the pristine commit"
	tr_git -C "$base_src" checkout -q -f --detach base
	tr_git -C "$base_src" clean -q -f -d
fi
sublevel=$(sed -n 's/^SUBLEVEL = //p' "$base_src/Makefile")
echo "==> baseline tree: 6.1.$sublevel at $base_src"

mapfile -t patches < <(tr_series_patches)
for p in "${patches[@]}"; do
	[ -f "$p" ] || tr_die "series names $(basename "$p") but $p does not exist"
done
series_hash=$(tr_hash_files "$TR_SERIES_DIR/series" "${patches[@]}" 2>/dev/null || echo none)
stamp="$(dirname "$patched_src")/series.sha256"

[ -e "$patched_src/.git" ] || rm -f "$stamp"

if [ "$(cat "$stamp" 2>/dev/null)" = "$series_hash" ] &&
	[ -z "$(git -C "$patched_src" status --porcelain --ignored=no | head -n 1)" ]; then
	echo "==> patched tree: series unchanged (${#patches[@]} patches)"
	exit 0
fi

rm -f "$stamp"
tr_worktree_at_base "$patched_src"
n=0
for p in "${patches[@]}"; do
	n=$((n + 1))
	if ! out=$(tr_git -C "$patched_src" am -q "$p" 2>&1); then
		tr_git -C "$patched_src" am --abort >/dev/null 2>&1 || true
		{
			echo "ERROR: patch $n of ${#patches[@]} does not apply: $(basename "$p")"
			echo "$out" | sed 's/^/    /'
			echo "--- failing hunk(s):"
			git -C "$patched_src" apply --check -v "$p" 2>&1 | sed -n '/^error:/,$p' | head -n 40
			echo "(linux-source is $pkg_ver; series verified on $verified)"
		} >&2
		exit 1
	fi
done
echo "$series_hash" >"$stamp"
echo "==> patched tree: applied ${#patches[@]} patches at $patched_src"
