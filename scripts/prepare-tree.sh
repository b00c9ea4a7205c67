#!/usr/bin/env bash
# prepare-tree.sh [VERSION...]: for each kernel version (default: every
# kernel/<version>/ of this run), unpack Debian's linux-source package into
# the cache (the pristine tree, VERSION-baseline) and make the patched tree
# (VERSION-patched) from kernel/VERSION/patches/series with git am.
# Re-unpacks only when the package version changes; re-applies the series
# only when a patch or the series file changes. TRACEFS_RELOC_APPLY_TO=TREE
# applies the series to VERSION-TREE instead (check-production.sh, tests).
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

"$TR_TOP/scripts/migrate-cache.sh"

# unpack VERSION: the version's pristine tree, committed to a local git
# repository (for git am and the worktrees of the other trees).
unpack() {
	local ver=$1 tarball=$2 pkg=$3 pkg_ver=$4 base_src tmp top v p
	base_src=$(tr_src "$ver-baseline")
	rm -rf "$(dirname "$base_src")"
	mkdir -p "$(dirname "$base_src")"
	tmp=$(mktemp -d "$TR_CACHE/trees/unpack.XXXXXX")
	echo "==> unpacking $tarball"
	tar -xf "$tarball" -C "$tmp"
	top=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d | head -n 1)
	[ -f "$top/Makefile" ] || { rm -rf "$tmp"; tr_die "$tarball has no kernel tree in it"; }
	v=$(sed -n 's/^VERSION = //p' "$top/Makefile")
	p=$(sed -n 's/^PATCHLEVEL = //p' "$top/Makefile")
	if [ "$v.$p" != "$ver" ]; then
		rm -rf "$tmp"
		tr_die "$tarball holds a $v.$p tree, but kernel/$ver/package names it for $ver"
	fi
	mv "$top" "$base_src"
	rmdir "$tmp"
	echo "==> committing the pristine tree to a local git repository (for git am)"
	# Debian's tree ships a .gitignore whose /* rule ignores the top level.
	tr_git -C "$base_src" init -q -b pristine
	tr_git -C "$base_src" config gc.auto 0
	tr_git -C "$base_src" add -A -f
	tr_git -C "$base_src" commit -q -m "pristine $pkg $pkg_ver"
	tr_git -C "$base_src" tag base
	echo "$pkg_ver" >"$base_src/../version"
}

prepare() {
	local ver=$1 tarball pkg pkg_ver verified base_src patched_src sublevel
	local patches p series_hash stamp n out
	tarball=$(tr_vget "$ver" tarball)
	pkg=$(tr_vget "$ver" package)
	verified=$(tr_vget "$ver" verified-on)
	[ -n "$tarball" ] && [ -n "$pkg" ] || tr_die "kernel/$ver/package must name the package and its tarball"
	[ -f "$tarball" ] || tr_die "$tarball not found: install $pkg (scripts/install-deps.sh)"
	pkg_ver=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null || echo unknown)
	echo "==> $ver: $pkg version found: $pkg_ver (series last verified on $verified)"
	if [ "$pkg_ver" != "$verified" ]; then
		tr_warn "$pkg is $pkg_ver but the series was last verified on $verified;" \
			"checking that it still applies"
	fi

	base_src=$(tr_src "$ver-baseline")
	patched_src=$(tr_src "$ver-${TRACEFS_RELOC_APPLY_TO:-patched}")
	if [ "$(cat "$base_src/../version" 2>/dev/null)" != "$pkg_ver" ] ||
		! git -C "$base_src" rev-parse -q --verify base >/dev/null 2>&1; then
		unpack "$ver" "$tarball" "$pkg" "$pkg_ver"
	fi

	# The baseline tree must stay pristine.
	if [ -n "$(git -C "$base_src" status --porcelain --ignored=no | head -n 1)" ] ||
		[ "$(git -C "$base_src" rev-parse HEAD)" != "$(git -C "$base_src" rev-parse base)" ]; then
		tr_warn "$ver-baseline tree was modified; restoring it to the pristine commit"
		tr_git -C "$base_src" checkout -q -f --detach base
		tr_git -C "$base_src" clean -q -f -d
	fi
	sublevel=$(sed -n 's/^SUBLEVEL = //p' "$base_src/Makefile")
	echo "==> $ver-baseline tree: $ver.$sublevel at $base_src"

	[ -f "$(tr_series_dir "$ver")/series" ] || tr_die "$ver: no series file $(tr_series_dir "$ver")/series"
	mapfile -t patches < <(tr_series_patches "$ver")
	for p in "${patches[@]}"; do
		[ -f "$p" ] || tr_die "series names $(basename "$p") but $p does not exist"
	done
	series_hash=$(tr_series_hash "$ver")
	stamp="$(dirname "$patched_src")/series.sha256"

	[ -e "$patched_src/.git" ] || rm -f "$stamp"

	if [ "$(cat "$stamp" 2>/dev/null)" = "$series_hash" ] &&
		[ -z "$(git -C "$patched_src" status --porcelain --ignored=no | head -n 1)" ]; then
		echo "==> $ver-patched tree: series unchanged (${#patches[@]} patches)"
		return 0
	fi

	rm -f "$stamp"
	tr_worktree_at_base "$ver-${TRACEFS_RELOC_APPLY_TO:-patched}"
	n=0
	for p in "${patches[@]}"; do
		n=$((n + 1))
		if ! out=$(tr_git -C "$patched_src" am -q "$p" 2>&1); then
			tr_git -C "$patched_src" am --abort >/dev/null 2>&1 || true
			{
				echo "ERROR: $ver: patch $n of ${#patches[@]} does not apply: $(basename "$p")"
				echo "$out" | sed 's/^/    /'
				echo "--- failing hunk(s):"
				git -C "$patched_src" apply --check -v "$p" 2>&1 | sed -n '/^error:/,$p' | head -n 40
				echo "($pkg is $pkg_ver; series verified on $verified)"
			} >&2
			exit 1
		fi
	done
	echo "$series_hash" >"$stamp"
	echo "==> $ver-patched tree: applied ${#patches[@]} patches at $patched_src"
}

# shellcheck disable=SC2086 # a list of versions
[ $# -gt 0 ] || set -- $TR_VERSIONS
for ver in "$@"; do
	[ -f "$TR_TOP/kernel/$ver/package" ] || tr_die "no kernel version $ver (kernel/$ver/package)"
done
# The versions side by side: unpacking (xz) and committing (git add) keep
# one core busy each (both versions cold, one after the other: 132 s).
# Each version's output is shown when it is done, in order.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
pids=()
for ver in "$@"; do
	prepare "$ver" >"$logs/$ver.out" 2>"$logs/$ver.err" &
	pids+=($!)
done
rc=0 i=0
for ver in "$@"; do
	wait "${pids[$i]}" || rc=1
	cat "$logs/$ver.out"
	cat "$logs/$ver.err" >&2
	i=$((i + 1))
done
exit "$rc"
