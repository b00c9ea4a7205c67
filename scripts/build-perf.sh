#!/usr/bin/env bash
# build-perf.sh [KERNEL]: build a minimal perf from a kernel id's tree
# (default patched: the newest version's) for the guest, so that the in-tree perf changes of the series are
# tested too. Out of tree, incremental; prints the binary's path.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

which=$(tr_id "${1:-patched}")
ver=$(tr_version "$which")
src=$(tr_src "$which")
out=$TR_CACHE/trees/$(tr_tree "$which")/perf
[ -d "$src/tools/perf" ] || tr_die "no $which tree at $src: run scripts/prepare-tree.sh"
mkdir -p "$out"
# Only what perf probe/record/script need; everything optional is off.
flags=(NO_LIBPYTHON=1 NO_LIBPERL=1 NO_SLANG=1 NO_GTK2=1 NO_LIBNUMA=1 NO_LIBAUDIT=1
	NO_LIBUNWIND=1 NO_LIBDW_DWARF_UNWIND=1 NO_DWARF=1 NO_LIBBPF=1 NO_BPF_SKEL=1
	NO_LIBCRYPTO=1 NO_LIBCAP=1 NO_LIBZSTD=1 NO_LZMA=1 NO_JVMTI=1 NO_DEMANGLE=1
	NO_LIBBABELTRACE=1 NO_LIBPFM4=1 NO_AUXTRACE=1 NO_LIBDEBUGINFOD=1)
# The version's own (kernel/<version>/package, perf-flags): newer perfs
# detect more libraries (6.12 links libLLVM, 110 MB, which would not fit
# the guest's initramfs).
# shellcheck disable=SC2207 # flags are single words
flags+=($(tr_vget "$ver" perf-flags))
key=""
if [ -z "$(git -C "$src" status --porcelain --ignored=no 2>/dev/null | head -n 1)" ]; then
	key="$(git -C "$src" rev-parse HEAD 2>/dev/null) ${flags[*]}"
fi
if [ -n "$key" ] && [ "$(cat "$out/.build.key" 2>/dev/null)" = "$key" ] && [ -x "$out/perf" ]; then
	echo "$out/perf"
	exit 0
fi
# A new tree's perf starts from a copy of baseline's (tr_seed_build), so
# that only what the tree's commits change in tools/ is compiled again.
seed=$TR_CACHE/trees/$ver-baseline/perf
if [ "$(tr_tree "$which")" != "$ver-baseline" ] && [ ! -x "$out/perf" ] &&
	base_rev=$(git -C "$src" rev-parse -q --verify base) &&
	[ "$(cat "$seed/.build.key" 2>/dev/null)" = "$base_rev ${flags[*]}" ] && [ -n "$key" ]; then
	echo "==> perf ($which): starting from a copy of $seed" >&2
	rm -rf "$out"
	tr_seed_build "$src" "$(tr_src "$ver-baseline")" "$seed" "$out"
fi
rm -f "$out/.build.key"
if ! make -C "$src/tools/perf" O="$out" -j"$(nproc)" "${flags[@]}" CC="ccache gcc" \
	>"$out/build.log" 2>&1; then
	tail -n 30 "$out/build.log" >&2
	tr_die "perf failed to build from the $which tree (log: $out/build.log)"
fi
[ -z "$key" ] || echo "$key" >"$out/.build.key"
echo "$out/perf"
