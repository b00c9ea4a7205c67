#!/usr/bin/env bash
# The debugfs-compat-view package: compat/debugfs-compat-view as
# /usr/sbin/debugfs-compat-view, its systemd unit (not enabled), a manual
# page, copyright and changelog, built with dpkg-deb from a tree staged in
# a temporary directory.
#
#   build-deb.sh [OUT_DIR]    default OUT_DIR: out/packages of the checkout
#
# Prints the .deb's path (last line on stdout). The version is
# 0.1+git<N>.<commit>: N commits touch the packaged files (the script, the
# unit, compat/package/), the newest of them is <commit>; "~dirty" is added
# when those files have changes not committed (outside a git checkout: 0.1).
# File dates are that commit's date, so the same commit gives the same .deb.
# DEB_MAINTAINER="Name <address>" overrides the Maintainer field (default:
# the author of that commit).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
pkg=debugfs-compat-view
prog=build-deb
die() {
	echo "$prog: ERROR: $*" >&2
	exit 1
}
[ $# -le 1 ] || {
	echo "usage: $prog [OUT_DIR]" >&2
	exit 2
}
out_dir=${1:-$top/out/packages}
script=$top/compat/debugfs-compat-view
unit=$top/compat/systemd/debugfs-compat-view.service
for f in "$script" "$unit" "$here/control.in" "$here/copyright" "$here/debugfs-compat-view.8" "$here/prerm" "$here/postrm"; do
	[ -f "$f" ] || die "$f: no such file"
done
command -v dpkg-deb >/dev/null || die "dpkg-deb missing (package dpkg)"

# Version, date and maintainer from the commits of the packaged files.
paths=(compat/debugfs-compat-view compat/systemd/debugfs-compat-view.service compat/package)
version=0.1
epoch=$(stat -c %Y "$script")
maintainer="tracefs-relocation maintainers <maintainers@users.noreply.a-seed-b1b0a481.example>"
commit=
if git -C "$top" rev-parse --verify -q HEAD >/dev/null 2>&1; then
	commit=$(git -C "$top" log -1 --format=%h -- "${paths[@]}")
fi
if [ -n "$commit" ]; then
	n=$(git -C "$top" rev-list --count HEAD -- "${paths[@]}")
	version=0.1+git$n.$commit
	epoch=$(git -C "$top" log -1 --format=%ct -- "${paths[@]}")
	maintainer=$(git -C "$top" log -1 --format='%an <%ae>' -- "${paths[@]}")
	[ -z "$(git -C "$top" status --porcelain -- "${paths[@]}")" ] || version=$version~dirty
fi
maintainer=${DEB_MAINTAINER:-$maintainer}
export SOURCE_DATE_EPOCH=$epoch

tmp=$(mktemp -d "${TMPDIR:-/tmp}/$prog.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
umask 022
st=$tmp/root
doc=$st/usr/share/doc/$pkg
# bookworm's units live in /lib/systemd/system (lintian on bookworm flags
# /usr/lib/systemd/system: the /usr-merge moratorium)
unitdir=$st/lib/systemd/system
install -d "$st/DEBIAN" "$st/usr/sbin" "$unitdir" "$doc" "$st/usr/share/man/man8"

install -m 0755 "$script" "$st/usr/sbin/$pkg"

# The unit: the repository's one, for /usr/sbin, its opening comment (how
# to install it by hand) replaced by the package's.
{
	echo "# Old debugfs paths of the tracing interfaces that moved to tracefs,"
	echo "# for machines that run without debugfs (debugfs=off, debugfs=no-mount,"
	echo "# or sys-kernel-debug.mount masked). Installed by the $pkg package,"
	echo "# not enabled: systemctl enable --now $pkg.service"
	echo "# The view is root-only and refuses to start where debugfs is mounted."
	sed -n '/^\[Unit\]/,$p' "$unit" | sed 's#/usr/local/sbin/debugfs-compat-view#/usr/sbin/debugfs-compat-view#g'
} >"$unitdir/$pkg.service"
chmod 0644 "$unitdir/$pkg.service"
grep -q '^\[Unit\]' "$unitdir/$pkg.service" || die "$unit has no [Unit] section"
bad=$(grep -E '^Exec[A-Za-z]*=' "$unitdir/$pkg.service" | grep -v "=[-@:+!]*/usr/sbin/$pkg " || true)
[ -z "$bad" ] || die "the unit runs something else than /usr/sbin/$pkg: $bad"

gzip -9n <"$here/debugfs-compat-view.8" >"$st/usr/share/man/man8/$pkg.8.gz"
install -m 0644 "$here/copyright" "$doc/copyright"
# a native package: its changelog is changelog.gz (lintian:
# wrong-name-for-changelog-of-native-package otherwise)
{
	echo "$pkg ($version) unstable; urgency=medium"
	echo
	if [ -n "$commit" ]; then
		echo "  * compat/debugfs-compat-view and its unit of tracefs-relocation,"
		echo "    commit $commit."
	else
		echo "  * compat/debugfs-compat-view and its unit of tracefs-relocation."
	fi
	echo
	echo " -- $maintainer  $(LC_ALL=C date -u -R -d "@$epoch")"
} | gzip -9n >"$doc/changelog.gz"
chmod 0644 "$doc/changelog.gz" "$st/usr/share/man/man8/$pkg.8.gz"

install -m 0755 "$here/prerm" "$st/DEBIAN/prerm"
install -m 0755 "$here/postrm" "$st/DEBIAN/postrm"

# Installed-Size as dpkg-gencontrol counts it: KiB per file, rounded up,
# and 1 per directory or symlink.
size=$(cd "$st" && find . -path ./DEBIAN -prune -o ! -path . -printf '%y %s\n' |
	awk '$1 == "f" { s += int(($2 + 1023) / 1024); next } { s += 1 } END { print s }')
sed -e "s/@VERSION@/$version/" -e "s/@INSTALLED_SIZE@/$size/" -e "s/@MAINTAINER@/$maintainer/" \
	"$here/control.in" >"$st/DEBIAN/control"
(cd "$st" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z |
	xargs -0 md5sum) >"$st/DEBIAN/md5sums"
chmod 0644 "$st/DEBIAN/control" "$st/DEBIAN/md5sums"
find "$st" -exec touch -h -d "@$epoch" {} +

mkdir -p "$out_dir"
deb=$out_dir/${pkg}_${version}_all.deb
dpkg-deb --root-owner-group -Zxz --build "$st" "$tmp/$pkg.deb" >&2
mv "$tmp/$pkg.deb" "$deb"
echo "$prog: $pkg $version" >&2
echo "$deb"
