#!/usr/bin/env bash
# Build one kernel (baseline or patched) out of tree: tinyconfig + the
# fragments in kernel/config via merge_config.sh, ccache, -j$(nproc).
# Reconfigures only when a fragment changes; make rebuilds only what changed.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

which=${1:?usage: build-kernel.sh baseline|patched|baseline-debug|patched-debug}
src=$(tr_src "$which")
build=$(tr_build "$which")
[ -f "$src/Makefile" ] || tr_die "no $which tree at $src: run scripts/prepare-tree.sh"

mapfile -t frags < <(find "$TR_TOP/kernel/config" -maxdepth 1 -name '*.config' | sort)
[ ${#frags[@]} -gt 0 ] || tr_die "no config fragments in kernel/config"
variant=$(tr_variant "$which")
if [ -n "$variant" ]; then
	mapfile -t vfrags < <(find "$TR_TOP/kernel/config/$variant" -maxdepth 1 -name '*.config' | sort)
	[ ${#vfrags[@]} -gt 0 ] || tr_die "no config fragments in kernel/config/$variant"
	frags+=("${vfrags[@]}")
fi

export CCACHE_DIR=${CCACHE_DIR:-$TR_CACHE/ccache}
export CCACHE_BASEDIR=$TR_CACHE/trees
export CCACHE_NOHASHDIR=1
export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
export KBUILD_BUILD_TIMESTAMP='2026-01-01'
export KBUILD_BUILD_USER=tracefs-relocation KBUILD_BUILD_HOST=qemu
mkdir -p "$CCACHE_DIR"
ccache -M 5G >/dev/null
cfg_hash=$(tr_hash_files "${frags[@]}")

# Build directories used to sit beside src/ (absolute srctree in every
# command line, so nothing could be shared): drop them.
old=$(dirname "$src")/build${variant:+-$variant}
if [ -d "$old" ]; then
	echo "==> $which: removing the build directory of the old layout ($old)"
	rm -rf "$old"
fi

# A new tree starts from a copy of baseline's build of the same variant
# when that is a finished build of the pristine commit with the same
# fragments: the tree's sources are dated back before every object, except
# the files its commits change from the pristine commit, so make rebuilds
# those and what depends on them instead of the whole kernel.
seed_from_baseline() {
	local seed base_rev tmp
	[ "$(tr_tree "$which")" != baseline ] && [ ! -e "$build" ] || return 0
	seed=$(tr_build "baseline${variant:+-$variant}")
	base_rev=$(git -C "$src" rev-parse -q --verify base) || return 0
	[ "$(cut -d' ' -f1 "$seed/.build.key" 2>/dev/null)" = "$base_rev" ] &&
		[ "$(cat "$seed/.config.fragments" 2>/dev/null)" = "$cfg_hash" ] &&
		[ -z "$(git -C "$src" status --porcelain --ignored=no | head -n 1)" ] || return 0
	echo "==> $which: starting from a copy of $seed"
	find "$src" -mindepth 1 \( -path "$src/.git" -o -path "$src/build*" \) -prune \
		-o -print0 | xargs -0 touch -h -d @946684800
	git -C "$src" diff --name-only -z base HEAD | (cd "$src" && xargs -0 -r touch -h -c)
	tmp=$build.seed
	rm -rf "$tmp"
	cp -a "$seed" "$tmp"
	rm -rf "$tmp/.build.key" "$tmp/tools-check-modules"
	# Host tools (objtool, its libsubcmd) are built with absolute paths;
	# every object depends on objtool, so their records must name this tree.
	grep -rlZF --include='.*.cmd' --include='*.d' "$(dirname "$seed")/" "$tmp" |
		xargs -0 -r sed -i "s#$(dirname "$seed")/#$src/#g"
	mv "$tmp" "$build"
}
seed_from_baseline
mkdir -p "$build"

# The build directory sits right inside the source tree (make -C .. O=build),
# so that srctree is ".." and the command lines are the same in every tree.
cd "$build"
bdir=$(basename "$build")
kmake=(make -C .. O="$bdir" -s -j"$(nproc)" CC="ccache gcc" HOSTCC="ccache gcc")

if [ "$(cat .config.fragments 2>/dev/null)" != "$cfg_hash" ] || [ ! -f .config ]; then
	echo "==> $which: configuring (tinyconfig + ${#frags[@]} fragment(s))"
	"${kmake[@]}" tinyconfig >/dev/null
	(cd .. && KCONFIG_CONFIG=$bdir/.config \
		scripts/kconfig/merge_config.sh -m -O "$bdir" "$bdir/.config" "${frags[@]}") >merge_config.log 2>&1 ||
		{ cat merge_config.log; tr_die "merge_config.sh failed"; }
	"${kmake[@]}" olddefconfig >/dev/null
	# Every option a fragment asks for must have survived olddefconfig.
	missing=$(grep -h '^CONFIG_' "${frags[@]}" | sort -u | while IFS= read -r opt; do
		grep -qxF "$opt" .config || echo "$opt"
	done)
	if [ -n "$missing" ]; then
		echo "$missing" | sed 's/^/    /' >&2
		tr_die "$which: options above did not survive olddefconfig (dependencies missing?)"
	fi
	echo "$cfg_hash" >.config.fragments
fi

# Nothing to do when the tree (a clean git checkout at the same commit) and
# the configuration are the ones the last successful build used.
key=""
if [ -z "$(git -C .. status --porcelain --ignored=no 2>/dev/null | head -n 1)" ]; then
	key="$(git -C .. rev-parse HEAD 2>/dev/null) $cfg_hash $(sha256sum <.config | cut -d' ' -f1)"
fi
if [ -n "$key" ] && [ "$(cat .build.key 2>/dev/null)" = "$key" ] && [ -f "$(tr_bzimage "$which")" ]; then
	echo "==> $which: up to date ($(tr_bzimage "$which"))"
	exit 0
fi
rm -f .build.key

echo "==> $which: make bzImage modules"
ccache -z >/dev/null
if ! "${kmake[@]}" bzImage modules >build.log 2>&1; then
	tail -n 40 build.log >&2
	tr_die "$which: kernel build failed (full log: $build/build.log)"
fi
grep -E 'warning:' build.log | head -n 20 >&2 || true
echo "==> $which: $(tr_bzimage "$which") ($(stat -c %s "$(tr_bzimage "$which")") bytes);" \
	"ccache: $(ccache -s 2>/dev/null | grep -E '^ *(Hits|Misses):' | tr -s ' ' | paste -sd' ')"
[ -z "$key" ] || echo "$key" >.build.key
