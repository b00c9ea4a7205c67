#!/usr/bin/env bash
# A real Debian system's root filesystem, as an ext4 disk image, for booting
# under systemd: mmdebstrap's "apt" variant of bookworm plus the packages of
# packages.list (with their dependencies, not their Recommends), from the
# Debian archive the host's own apt sources point at.
#
#   build-rootfs.sh [--list FILE] [OUT_DIR]   build (or reuse) the image
#   build-rootfs.sh --print-key [--list FILE] print the image's cache key
#
# The image is OUT_DIR/<key>.img (default OUT_DIR: $TR_CACHE/debian-rootfs,
# TR_CACHE being ${TRACEFS_RELOC_CACHE:-~/.cache/tracefs-relocation});
# <key> is the sha256 of the sorted package list, the suite and the
# suite/component pairs of the sources, mmdebstrap's version and this
# script. An image with that key is reused as it is. Its path is the last
# line on stdout; what was done, and how long it took, goes to stderr.
#
# In the image: hostname tracefs-guest, /etc/fstab mounting /dev/vda (ext4)
# on /, systemd's default target multi-user.target, root without a
# password, no resolv.conf, apt's sources those of the build (in
# /etc/apt/sources.list.d/0000sources.list) and no build-time apt options. The filesystem has room for kernel packages
# (the used size plus 20% plus 1 GiB; the file is sparse).
#
# Nothing half-made is ever cached: the root filesystem and the image are
# made in a temporary directory beside the image and renamed into place
# only when everything succeeded. Every package name is first checked
# against the archive (apt-get --simulate on an empty system, with lists in
# a temporary directory): a package the archive does not have fails then,
# named, before anything is downloaded or cached. Downloaded .debs (verified
# by apt) are kept in $TR_CACHE/debian-rootfs/apt-archives, so a rebuild
# downloads only what changed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
self=$here/$(basename "$0")
# shellcheck source=scripts/lib.sh
. "$here/../../scripts/lib.sh"

SUITE=bookworm
HOSTNAME_GUEST=tracefs-guest
prog=build-rootfs

usage() {
	echo "usage: $prog [--list FILE] [--print-key] [OUT_DIR]" >&2
	exit 2
}
say() { printf '%s: %s\n' "$prog" "$*" >&2; }
die() {
	printf '%s: ERROR: %s\n' "$prog" "$*" >&2
	exit 1
}

list=$here/packages.list
out_dir=
print_key=
while [ $# -gt 0 ]; do
	case $1 in
	--list)
		[ $# -ge 2 ] || usage
		list=$2
		shift 2
		;;
	--list=*)
		list=${1#--list=}
		shift
		;;
	--print-key)
		print_key=1
		shift
		;;
	-h | --help) usage ;;
	-*) usage ;;
	*)
		[ -z "$out_dir" ] || usage
		out_dir=$1
		shift
		;;
	esac
done
out_dir=${out_dir:-$TR_CACHE/debian-rootfs}
apt_archives=$TR_CACHE/debian-rootfs/apt-archives

[ -f "$list" ] || die "package list $list: no such file"

# The packages: one per line, comments and blank lines ignored, sorted.
mapfile -t pkgs < <(sed 's/#.*//; s/[[:space:]]*$//; s/^[[:space:]]*//' "$list" | grep -v '^$' | LC_ALL=C sort -u)
[ ${#pkgs[@]} -gt 0 ] || die "package list $list names no package"
for p in "${pkgs[@]}"; do
	[[ $p =~ ^[a-z0-9][a-z0-9+.-]+$ ]] ||
		die "package list $list: '$p' is not a Debian package name (one package per line)"
done

# The host's apt sources for $SUITE, $SUITE-updates and $SUITE-security
# (deb822 .sources and one-line .list files, enabled "deb" entries only),
# as one-line entries; deb.debian.org when the host has none.
host_sources() {
	local f
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk -v suite="$SUITE" '
		function flush(   i, j, nu, ns, u, s, opt) {
			if (types ~ /(^| )deb( |$)/ && enabled != "no" && uris != "" && suites != "") {
				opt = (signed ~ /^\//) ? " [signed-by=" signed "]" : ""
				nu = split(uris, u, " "); ns = split(suites, s, " ")
				for (i = 1; i <= nu; i++)
					for (j = 1; j <= ns; j++)
						if (s[j] == suite || s[j] == suite "-updates" || s[j] == suite "-security")
							print "deb" opt " " u[i] " " s[j] " " comps
			}
			types = uris = suites = comps = signed = enabled = ""
		}
		/^[[:space:]]*#/ { next }
		/^[[:space:]]*$/ { flush(); next }
		/^[^[:space:]]/ {
			k = tolower($1); sub(/:$/, "", k); v = $0; sub(/^[^:]*:[[:space:]]*/, "", v)
			if (k == "types") types = v; else if (k == "uris") uris = v
			else if (k == "suites") suites = v; else if (k == "components") comps = v
			else if (k == "signed-by") signed = v; else if (k == "enabled") enabled = tolower(v)
		}
		END { flush() }' "$f"
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		awk -v suite="$SUITE" '
		$1 != "deb" { next }
		{
			opt = ""; i = 2
			if ($2 ~ /^\[/) { while (i <= NF && $i !~ /\]$/) { opt = opt " " $i; i++ } opt = opt " " $i; i++ }
			if ($(i + 1) == suite || $(i + 1) == suite "-updates" || $(i + 1) == suite "-security") {
				line = "deb" opt
				for (; i <= NF; i++) line = line " " $i
				print line
			}
		}' "$f"
	done
}
mapfile -t sources < <(host_sources | awk '!seen[$0]++')
if [ ${#sources[@]} -eq 0 ]; then
	sources=(
		"deb http://deb.debian.org/debian $SUITE main"
		"deb http://deb.debian.org/debian $SUITE-updates main"
		"deb http://deb.debian.org/debian-security $SUITE-security main"
	)
	src_origin="deb.debian.org (the host's apt sources have no $SUITE entry)"
else
	src_origin="the host's apt sources"
fi
# suite and components of each entry (not the URI: a mirror is a mirror)
suite_comps=$(printf '%s\n' "${sources[@]}" | sed 's/\[[^]]*\]//' |
	awk '{ s = $3; for (i = 4; i <= NF; i++) s = s " " $i; print s }' | LC_ALL=C sort -u)

mmdebstrap_version() {
	if command -v mmdebstrap >/dev/null; then
		dpkg-query -W -f='${Version}' mmdebstrap 2>/dev/null || mmdebstrap --version 2>&1 | head -n 1
	else
		echo none
	fi
}

cache_key() {
	{
		echo "packages:"
		printf '%s\n' "${pkgs[@]}"
		echo "suite: $SUITE"
		echo "sources:"
		echo "$suite_comps"
		echo "mmdebstrap: $(mmdebstrap_version)"
		echo "script: $(sha256sum <"$self" | cut -d' ' -f1)"
	} | sha256sum | cut -d' ' -f1
}

# --print-key: without mmdebstrap installed the key says "none": install
# first so that the printed key is the one a build uses.
if [ -n "$print_key" ]; then
	cache_key
	exit 0
fi

t_start=$SECONDS
[ "$(id -u)" = 0 ] || die "must run as root (mmdebstrap --mode=root; the image keeps the files' owners)"
need=()
command -v mmdebstrap >/dev/null || need+=(mmdebstrap)
command -v mkfs.ext4 >/dev/null || need+=(e2fsprogs)
if [ ${#need[@]} -gt 0 ]; then
	say "installing ${need[*]}"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends "${need[@]}" >&2 ||
		die "apt-get could not install: ${need[*]}"
fi

key=$(cache_key)
img=$out_dir/$key.img
if [ -f "$img" ]; then
	say "reusing $img (packages of $list, $SUITE; key $key)"
	echo "$img"
	exit 0
fi
say "building $img"
say "  ${#pkgs[@]} packages of $list; $SUITE from $src_origin:"
printf '%s\n' "${sources[@]}" | sed "s/^/$prog:     /" >&2

# The archive check works in $chk (temporary), the build in $work, beside
# the image (same filesystem: the final rename is atomic); both are removed
# whatever happens, and the cache directories are made only once the check
# has passed.
chk=$(mktemp -d "${TMPDIR:-/tmp}/build-rootfs.XXXXXX")
work=
cleanup() {
	local rc=$?
	rm -rf "$chk"
	# mmdebstrap unmounts what it mounted, also on failure; never remove
	# a tree that still has something mounted in it
	if [ -z "$work" ]; then
		:
	elif grep -q " $work/" /proc/mounts; then
		say "something is still mounted under $work: left in place, remove it by hand"
	else
		rm -rf "$work"
	fi
	[ "$rc" = 0 ] || say "failed after $((SECONDS - t_start)) s; nothing was cached"
}
trap cleanup EXIT
printf '%s\n' "${sources[@]}" >"$chk/sources.list"

# unknown_packages LOG: the package names apt said it does not have.
unknown_packages() {
	sed -n -e "s/^E: Unable to locate package \(.*\)$/\1/p" \
		-e "s/^E: Package '\(.*\)' has no installation candidate$/\1/p" \
		-e "s/^E: Couldn't find any package by [a-z]* '\(.*\)'$/\1/p" "$1" | sort -u | paste -sd' ' -
}

# 1. Does the archive have every package, can they be installed together?
# apt-get --simulate on an empty system, lists in $chk/apt.
t0=$SECONDS
a=$chk/apt
mkdir -p "$a/lists/partial" "$a/cache/archives/partial" "$a/parts" "$a/prefs"
: >"$a/status"
apt_opts=(
	-o "Dir::State=$a" -o "Dir::State::Lists=$a/lists" -o "Dir::State::status=$a/status"
	-o "Dir::Cache=$a/cache" -o "Dir::Etc::SourceList=$chk/sources.list"
	-o "Dir::Etc::SourceParts=$a/parts" -o "Dir::Etc::PreferencesParts=$a/prefs"
	-o "Dir::Etc::Preferences=$a/prefs/none" -o Debug::NoLocking=1
	-o APT::Sandbox::User=root -o Acquire::Languages=none
)
if ! apt-get "${apt_opts[@]}" -q update >"$chk/update.log" 2>&1 ||
	grep -q '^\(W: Failed to fetch\|E: \)' "$chk/update.log"; then
	sed "s/^/$prog:   /" "$chk/update.log" >&2
	die "apt-get update of the $SUITE sources failed (above): is the archive reachable?"
fi
if ! apt-get "${apt_opts[@]}" -q -s --no-install-recommends install "${pkgs[@]}" >"$chk/sim.log" 2>&1; then
	bad=$(unknown_packages "$chk/sim.log")
	[ -z "$bad" ] || die "the archive ($SUITE) has no package named: $bad (in $list)"
	grep -v '^\(Inst\|Conf\) ' "$chk/sim.log" | tail -n 30 | sed "s/^/$prog:   /" >&2
	die "the packages of $list cannot be installed together on $SUITE (apt's words above)"
fi
say "  archive check: all ${#pkgs[@]} packages found, $(grep -c '^Inst ' "$chk/sim.log") to install with their dependencies ($((SECONDS - t0)) s)"

# 2. The root filesystem. The .debs of earlier builds are hard-linked into
# the new tree's apt cache (copied if the cache is on another filesystem),
# and those this build downloaded are kept when it is done.
mkdir -p "$out_dir" "$apt_archives"
work=$(mktemp -d "$out_dir/.build.XXXXXX")
cp "$chk/sources.list" "$work/sources.list"
export BUILD_ROOTFS_APT_ARCHIVES=$apt_archives BUILD_ROOTFS_HOSTNAME=$HOSTNAME_GUEST
t0=$SECONDS
n_cached=$(find "$apt_archives" -maxdepth 1 -name '*.deb' | wc -l)
say "  mmdebstrap: $SUITE, variant apt + the list ($n_cached .debs in the apt cache)"
rc=0
# shellcheck disable=SC2016 # the hooks are sh code, run by mmdebstrap with $1 = the tree
mmdebstrap --mode=root --variant=apt --format=directory \
	--include="$(
		IFS=,
		echo "${pkgs[*]}"
	)" \
	--aptopt='Acquire::Languages "none"' \
	--aptopt='APT::Sandbox::User "root"' \
	--skip=essential/unlink \
	--setup-hook='mkdir -p "$1/var/cache/apt/archives/partial"
		for f in "$BUILD_ROOTFS_APT_ARCHIVES"/*.deb; do
			[ -e "$f" ] || continue
			cp -l "$f" "$1/var/cache/apt/archives/" 2>/dev/null || cp "$f" "$1/var/cache/apt/archives/"
		done' \
	--customize-hook='for f in "$1"/var/cache/apt/archives/*.deb; do
			[ -e "$f" ] || continue
			d=$BUILD_ROOTFS_APT_ARCHIVES/${f##*/}
			[ -e "$d" ] && continue
			{ cp -l "$f" "$d.tmp" 2>/dev/null || cp "$f" "$d.tmp"; } && mv "$d.tmp" "$d"
		done' \
	--customize-hook='echo "$BUILD_ROOTFS_HOSTNAME" >"$1/etc/hostname"
		printf "127.0.0.1\tlocalhost\n127.0.1.1\t%s\n::1\tlocalhost ip6-localhost ip6-loopback\n" "$BUILD_ROOTFS_HOSTNAME" >"$1/etc/hosts"
		printf "# <file system> <mount point> <type> <options> <dump> <pass>\n/dev/vda\t/\text4\terrors=remount-ro\t0\t1\n" >"$1/etc/fstab"
		rm -f "$1/etc/resolv.conf" "$1/etc/apt/apt.conf.d/99mmdebstrap"
		chroot "$1" systemctl set-default multi-user.target
		chroot "$1" passwd -d root' \
	"$SUITE" "$work/root" "$work/sources.list" 2>&1 | tee "$work/mmdebstrap.log" >&2 || rc=$?
if [ "$rc" != 0 ]; then
	bad=$(unknown_packages "$work/mmdebstrap.log")
	[ -z "$bad" ] || die "mmdebstrap: the archive ($SUITE) has no package named: $bad (in $list)"
	die "mmdebstrap failed (exit $rc; its output is above): the root filesystem of $list did not build"
fi
t_mm=$((SECONDS - t0))
n_now=$(find "$apt_archives" -maxdepth 1 -name '*.deb' | wc -l)
say "  mmdebstrap: done in $t_mm s ($((n_now - n_cached)) .debs downloaded and added to the apt cache)"

# What the boot relies on, checked in the tree before it becomes an image.
r=$work/root
for f in sbin/init usr/bin/trace-cmd usr/bin/perf usr/bin/bpftrace usr/sbin/blktrace usr/sbin/mkinitramfs sbin/modprobe; do
	[ -e "$r/$f" ] || [ -L "$r/$f" ] || die "the root filesystem has no /$f"
done
case $(readlink "$r/etc/systemd/system/default.target") in
*/multi-user.target) ;;
*) die "the default target is not multi-user.target" ;;
esac
grep -q '^/dev/vda[[:space:]]/[[:space:]]ext4' "$r/etc/fstab" || die "/etc/fstab does not mount /dev/vda on /"

# 3. The image: ext4 with the tree's content, the used size + 20% + 1 GiB.
t0=$SECONDS
used_kib=$(du -sxk "$r" | cut -f1)
size_mib=$(((used_kib * 12 / 10) / 1024 + 1024))
truncate -s "${size_mib}M" "$work/root.img"
if ! mkfs.ext4 -q -F -L tracefs-root -d "$r" "$work/root.img" >"$work/mkfs.log" 2>&1; then
	sed "s/^/$prog:   /" "$work/mkfs.log" >&2
	die "mkfs.ext4 -d could not make the image (above)"
fi
e2fsck -fn "$work/root.img" >"$work/fsck.log" 2>&1 || {
	sed "s/^/$prog:   /" "$work/fsck.log" >&2
	die "e2fsck finds the new image inconsistent (above)"
}
mv "$work/root.img" "$img"
on_disk_kib=$(du -k "$img" | cut -f1)
say "  image: ${size_mib} MiB ext4 (tree $((used_kib / 1024)) MiB; the sparse file takes $((on_disk_kib / 1024)) MiB on disk) in $((SECONDS - t0)) s"
say "done in $((SECONDS - t_start)) s: $img"
echo "$img"
