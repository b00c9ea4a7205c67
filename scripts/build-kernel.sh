#!/usr/bin/env bash
# build-kernel.sh ID: build one kernel (6.1-baseline, 6.12-patched-debug...,
# or without the version: patched) out of tree: tinyconfig + the fragments
# in kernel/config and kernel/<version>/config via merge_config.sh, ccache,
# -j$(nproc).
# Reconfigures only when a fragment changes; make rebuilds only what changed.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

which=$(tr_id "${1:?usage: build-kernel.sh KERNEL-ID (6.1-baseline, 6.12-patched-debug, patched...)}")
ver=$(tr_version "$which")
src=$(tr_src "$which")
build=$(tr_build "$which")
[ -f "$src/Makefile" ] || tr_die "no $which tree at $src: run scripts/prepare-tree.sh"

mapfile -t frags < <(tr_frags "$ver")
[ ${#frags[@]} -gt 0 ] || tr_die "no config fragments in kernel/config or kernel/$ver/config"
variant=$(tr_variant "$which")
base_config=tinyconfig
if [ "$variant" = debian ]; then
	# Debian's production configuration, not the guest's: only the
	# fragments of kernel/config/debian go on top of it.
	debian_config=$(tr_vget "$ver" debian-config)
	[ -n "$debian_config" ] || tr_die "kernel/$ver/package names no debian-config"
	[ -f "$debian_config" ] || tr_die "no Debian configuration at $debian_config: run scripts/install-deps.sh (package $(tr_vget "$ver" config-package))"
	base_config=$debian_config
	mapfile -t frags < <(tr_variant_frags debian "$ver")
	[ ${#frags[@]} -gt 0 ] && [ -f "${frags[0]}" ] || tr_die "no config fragments in kernel/config/debian"
	frags=("$debian_config" "${frags[@]}")
elif [ -n "$variant" ]; then
	mapfile -t vfrags < <(tr_variant_frags "$variant" "$ver")
	[ ${#vfrags[@]} -gt 0 ] && [ -f "${vfrags[0]}" ] || tr_die "no config fragments for the variant $variant"
	frags+=("${vfrags[@]}")
fi

tr_kbuild_env
ccache -M 5G >/dev/null
cfg_hash=$(tr_hash_files "${frags[@]}")

# Build directories used to sit beside src/ (absolute srctree in every
# command line, so nothing could be shared): drop them.
old=$(dirname "$src")/build${variant:+-$variant}
if [ -d "$old" ]; then
	echo "==> $which: removing the build directory of the old layout ($old)"
	rm -rf "$old"
fi

# A new tree starts from a copy of the finished build, same variant and
# fragments, of the tree closest to it (fewest files differ: baseline for
# the patched and bisect trees, patched for a fixture), with tr_seed_build:
# make then compiles what differs instead of the whole kernel.
seed_from_closest() {
	local t seed seed_rev n best="" best_n=""
	[ ! -e "$build" ] && [ -z "$(git -C "$src" status --porcelain --ignored=no | head -n 1)" ] || return 0
	for t in "$ver-baseline" "$ver-patched"; do
		[ "$t" != "$(tr_tree "$which")" ] || continue
		seed=$(tr_build "$t${variant:+-$variant}")
		seed_rev=$(cut -d' ' -f1 "$seed/.build.key" 2>/dev/null) || continue
		[ "$(cat "$seed/.config.fragments" 2>/dev/null)" = "$cfg_hash" ] || continue
		n=$(git -C "$src" diff --name-only "$seed_rev" HEAD 2>/dev/null | wc -l) || continue
		if [ -z "$best" ] || [ "$n" -lt "$best_n" ]; then best=$t best_n=$n; fi
	done
	if [ -n "$best" ]; then
		seed=$(tr_build "$best${variant:+-$variant}")
		echo "==> $which: starting from a copy of $seed ($best_n files differ)"
		tr_seed_build "$src" "$(tr_src "$best")" "$seed" "$build"
		# Configure again: the other tree may reach options this one
		# cannot (6.1's blktrace selects DEBUG_FS), and only configuring
		# checks that the fragments' options survive here.
		rm -f "$build/.config.fragments"
	elif [[ $variant == cfg-* ]] && seed=$(tr_build "$(tr_tree "$which")") &&
		[ -f "$seed/.build.key" ]; then
		# A configuration combination nobody built yet: the same tree's
		# default build, reconfigured. Kconfig's syncconfig marks each
		# option that changed, so make recompiles what uses one of them.
		echo "==> $which: starting from a copy of $seed (same tree, other configuration)"
		tr_seed_build "$src" "$src" "$seed" "$build"
	else
		return 0
	fi
	rm -rf "$build/tools-check-modules"
}
seed_from_closest
mkdir -p "$build"

# The build directory sits right inside the source tree (make -C .. O=build),
# so that srctree is ".." and the command lines are the same in every tree.
cd "$build"
bdir=$(basename "$build")
kmake=(make -C .. O="$bdir" -s -j"$(nproc)" CC="ccache gcc" HOSTCC="ccache gcc")

if [ "$(cat .config.fragments 2>/dev/null)" != "$cfg_hash" ] || [ ! -f .config ]; then
	if [ "$base_config" = tinyconfig ]; then
		echo "==> $which: configuring (tinyconfig + ${#frags[@]} fragment(s))"
		"${kmake[@]}" tinyconfig >/dev/null
	else
		echo "==> $which: configuring ($base_config + $((${#frags[@]} - 1)) fragment(s))"
		xz -dc "$base_config" >.config
		frags=("${frags[@]:1}")
	fi
	(cd .. && KCONFIG_CONFIG=$bdir/.config \
		scripts/kconfig/merge_config.sh -m -O "$bdir" "$bdir/.config" "${frags[@]}") >merge_config.log 2>&1 ||
		{ cat merge_config.log; tr_die "merge_config.sh failed"; }
	"${kmake[@]}" olddefconfig >/dev/null
	# Every option a fragment asks for must have survived olddefconfig. A
	# configuration combination (cfg-*) turns options off that others
	# depend on: there only its own fragment counts, an option it turns
	# off being off whether .config says "is not set" or nothing.
	check_frags=("${frags[@]}")
	[[ $variant != cfg-* ]] || check_frags=("${vfrags[@]}")
	missing=$( (grep -h '^CONFIG_' "${check_frags[@]}" || true) | sort -u | while IFS= read -r opt; do
		grep -qxF "$opt" .config || echo "$opt"
	done
	(grep -h '^# CONFIG_.* is not set$' "${check_frags[@]}" || true) | sort -u | while IFS= read -r opt; do
		o=${opt#\# }
		o=${o%% *}
		! grep -q "^$o=" .config || echo "$opt"
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
# bzimage_matches: the kernel inside bzImage is this vmlinux (the same GNU
# build ID; the banner's "#N" is copied with a seeded build directory).
# The boot wrapper's piggy.S pulls the compressed kernel in with .incbin,
# which ccache's depend mode does not see: a piggy.o from another build
# with the same sizes came back from the cache once (a fixture kernel
# booted the bisect tree's kernel).
build_id() { readelf -n "$1" 2>/dev/null | awk '/Build ID:/ {print $3}'; }
bzimage_matches() {
	local want got x
	x=$(mktemp)
	../scripts/extract-vmlinux "$(tr_bzimage "$which")" >"$x" 2>/dev/null || true
	want=$(build_id vmlinux) got=$(build_id "$x")
	rm -f "$x"
	[ -n "$want" ] && [ "$want" = "$got" ]
}
if [ -n "$key" ] && [ "$(cat .build.key 2>/dev/null)" = "$key" ] && [ -f "$(tr_bzimage "$which")" ]; then
	if bzimage_matches; then
		echo "==> $which: up to date ($(tr_bzimage "$which"))"
		exit 0
	fi
	echo "==> $which: bzImage does not hold this vmlinux: building the boot wrapper again"
	rm -f arch/x86/boot/compressed/piggy.o
fi
rm -f .build.key

targets=(vmlinux)
# Debian's configuration: the kernel image only; what the guest needs to
# boot is built in by kernel/config/debian.
[ "$variant" = debian ] || ! grep -qx 'CONFIG_MODULES=y' .config || targets+=(modules)
echo "==> $which: make ${targets[*]} bzImage"
ccache -z >/dev/null
# The boot wrapper (bzImage) without ccache: see bzimage_matches. So is
# kernel/kheaders.o, which pulls the headers' archive in with .incbin too
# (/sys/kernel/kheaders.tar.xz, which bcc reads): first, so that the
# build proper finds it made.
kheaders=()
grep -qE '^CONFIG_IKHEADERS=[ym]' .config && kheaders=(kernel/kheaders.o)
if ! { { [ ${#kheaders[@]} = 0 ] || CCACHE_DISABLE=1 "${kmake[@]}" "${kheaders[@]}"; } &&
	"${kmake[@]}" "${targets[@]}" && CCACHE_DISABLE=1 "${kmake[@]}" bzImage; } >build.log 2>&1; then
	tail -n 40 build.log >&2
	tr_die "$which: kernel build failed (full log: $build/build.log)"
fi
bzimage_matches || tr_die "$which: $(tr_bzimage "$which") does not hold the vmlinux just built"
grep -E 'warning:' build.log | head -n 20 >&2 || true
echo "==> $which: $(tr_bzimage "$which") ($(stat -c %s "$(tr_bzimage "$which")") bytes);" \
	"ccache: $(ccache -s 2>/dev/null | grep -E '^ *(Hits|Misses):' | tr -s ' ' | paste -sd' ')"
[ -z "$key" ] || echo "$key" >.build.key
