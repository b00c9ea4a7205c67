#!/usr/bin/env bash
# add-files.sh ROOT FILE...: copy host files into the guest root ROOT at the
# same path, and for ELF files every shared library they need (found with
# ldd, not hard-coded), including the dynamic loader.
set -euo pipefail

root=${1:?usage: add-files.sh ROOT FILE...}
shift

copy_one() {
	local f=$1
	[ -e "$root$f" ] && return 0
	mkdir -p "$root$(dirname "$f")"
	cp -L "$f" "$root$f"
}

for f in "$@"; do
	[ -e "$f" ] || { echo "ERROR: $f does not exist on the host" >&2; exit 1; }
	f=$(readlink -f "$f")
	if [ -d "$f" ]; then
		mkdir -p "$root$f"
		cp -a "$f/." "$root$f/"
		mapfile -t inner < <(find "$f" -type f -name '*.so*')
	else
		copy_one "$f"
		inner=("$f")
	fi
	for e in "${inner[@]}"; do
		head -c 4 "$e" | grep -q 'ELF' || continue
		# ldd prints "name => /path (addr)" and "/lib64/ld-linux... (addr)".
		ldd "$e" 2>/dev/null | awk '/=> \//{print $3} /^\t\//{print $1}' | while read -r lib; do
			copy_one "$lib"
			# Keep the path the binary asks for as well as the resolved one.
			real=$(readlink -f "$lib")
			[ "$real" = "$lib" ] || copy_one "$real"
		done
	done
done
