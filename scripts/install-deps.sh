#!/usr/bin/env bash
# Install every Debian package the project needs; idempotent and quick when
# everything is already there. Each kernel version's folder names its own
# (kernel/<version>/package: package, config-package, build-depends).
#   install-deps.sh --list   print the package list and stop
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

PKGS=(
	qemu-system-x86 trace-cmd linux-perf busybox-static
	strace blktrace systemd util-linux
	build-essential bc bison flex libelf-dev libssl-dev cpio xz-utils kmod
	ccache git patch quilt perl python3 python3-ply python3-git python3-markdown shellcheck
	sparse coccinelle ocaml-nox python3-docutils
	bpfcc-tools bpftrace rtla
	lintian mmdebstrap e2fsprogs
)
for v in $TR_VERSIONS; do
	for key in package config-package build-depends; do
		for p in $(tr_vget "$v" "$key"); do
			PKGS+=("$p")
		done
	done
done
[ "${1:-}" != --list ] || { printf '%s\n' "${PKGS[@]}"; exit 0; }

missing=()
for p in "${PKGS[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing+=("$p")
	fi
done

if [ ${#missing[@]} -eq 0 ]; then
	echo "==> packages: all ${#PKGS[@]} present"
	exit 0
fi

echo "==> packages missing: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
	echo "ERROR: not root; run this and try again:" >&2
	echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
if ! apt-get install -y -qq --no-install-recommends "${missing[@]}"; then
	echo "ERROR: apt-get could not install: ${missing[*]}" >&2
	exit 1
fi
echo "==> packages: installed ${missing[*]}"
