#!/usr/bin/env bash
# The series must not change what an architecture's defconfig gives: the
# configuration matrix starts from tinyconfig, so a Kconfig change that
# turns an option off in defconfig (0006 once dropped "select DEBUG_FS"
# from BLK_DEV_IO_TRACE, and x86_64_defconfig lost debugfs) is seen only
# here. Configures each defconfig in the baseline and the patched tree
# (scripts/kconfig only, seconds) and compares the two .config files.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"

defconfigs=(x86_64_defconfig i386_defconfig)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# configure TREE DEFCONFIG DIR: .config without its header comment
configure() {
	make -s -C "$1" O="$3" HOSTCC="ccache gcc" "$2" >"$3.log" 2>&1 ||
		{ echo "make $2 failed in $1:"; tail -5 "$3.log"; return 1; }
	grep -v '^# Linux/\|^# Automatically generated\|^# Compiler:\|^#$' "$3/.config" >"$3.config"
}

for v in $TR_VERSIONS; do
	base=$(tr_src "$v-baseline")
	patched=$(tr_src "$v-patched")
	for t in "$base" "$patched"; do
		[ -f "$t/Makefile" ] || tr_die "no kernel tree at $t: run scripts/prepare-tree.sh first"
	done
	for d in "${defconfigs[@]}"; do
		configure "$base" "$d" "$tmp/$v-base-$d"
		configure "$patched" "$d" "$tmp/$v-patched-$d"
		if diff --unchanged-line-format= --old-line-format='-%L' --new-line-format='+%L' \
			"$tmp/$v-base-$d.config" "$tmp/$v-patched-$d.config" >"$tmp/$v-$d.diff"; then
			same=yes
		else
			same=no
			echo "# $v $d: the series changes $(grep -c . "$tmp/$v-$d.diff") line(s) of .config (- baseline, + patched):"
			sed 's/^/#   /' "$tmp/$v-$d.diff" | head -20
		fi
		expect "$v $d: the same configuration in baseline and patched" [ "$same" = yes ]
		expect "$v $d: debugfs stays on in the patched tree (CONFIG_DEBUG_FS=y)" \
			grep -qx 'CONFIG_DEBUG_FS=y' "$tmp/$v-patched-$d.config"
		expect "$v $d: blktrace stays on in the patched tree (CONFIG_BLK_DEV_IO_TRACE=y)" \
			grep -qx 'CONFIG_BLK_DEV_IO_TRACE=y' "$tmp/$v-patched-$d.config"
	done
done
tap_done
