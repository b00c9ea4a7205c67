#!/usr/bin/env bash
# compat/package/build-deb.sh: the debugfs-compat-view .deb is lintian clean,
# installs the script in /usr/sbin and a unit that runs it from there,
# enables nothing, and leaves nothing behind when purged. Installs into a
# throwaway dpkg root in a temporary directory (dpkg --root, scripts run
# chrootless with DPKG_ROOT set): the host's own dpkg database is not touched.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
top=$(cd "$here/../.." && pwd)
pkg=debugfs-compat-view
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

deb=$("$top/compat/package/build-deb.sh" "$tmp/out" 2>"$tmp/build.log" | tail -n 1) || true
expect "package: build-deb.sh makes a .deb" test -n "$deb" -a -f "$deb"
if [ -z "$deb" ] || [ ! -f "$deb" ]; then
	sed 's/^/#   /' "$tmp/build.log"
	tap_done
	exit
fi
echo "# $(basename "$deb")"

# lintian: no error, no warning (informational tags are printed)
if command -v lintian >/dev/null; then
	lintian --tag-display-limit 0 "$deb" >"$tmp/lintian" 2>&1 || true
	expect "package: lintian shows no error and no warning" \
		sh -c '! grep -Eq "^(E|W): " "$1"' - "$tmp/lintian"
	grep -E '^[EWIPX]: ' "$tmp/lintian" | sed 's/^/#   /' || true
else
	expect "package: lintian is missing: install the Debian package lintian (scripts/install-deps.sh)" false
fi

dpkg-deb -c "$deb" | awk '{print $1, $NF}' >"$tmp/contents"
expect "package: the script is /usr/sbin/$pkg, executable" \
	grep -Eqx -- "-rwxr-xr-x \./usr/sbin/$pkg" "$tmp/contents"
expect "package: the unit is /lib/systemd/system/$pkg.service" \
	grep -Eqx -- "-rw-r--r-- \./lib/systemd/system/$pkg\.service" "$tmp/contents"
expect "package: no enablement link is shipped (nothing under /etc)" \
	sh -c '! grep -q " \./etc/" "$1"' - "$tmp/contents"

mkdir "$tmp/data" "$tmp/control"
dpkg-deb -x "$deb" "$tmp/data"
dpkg-deb -e "$deb" "$tmp/control"
u=$tmp/data/lib/systemd/system/$pkg.service
grep -E '^Exec[A-Za-z]*=' "$u" >"$tmp/exec" || true
expect "unit: ExecStart runs /usr/sbin/$pkg start" grep -qx "ExecStart=/usr/sbin/$pkg start" "$tmp/exec"
expect "unit: every Exec line runs /usr/sbin/$pkg" \
	sh -c '[ -s "$1" ] && ! grep -v "^Exec[A-Za-z]*=/usr/sbin/debugfs-compat-view " "$1"' - "$tmp/exec"
expect "unit: no /usr/local path left" sh -c '! grep -q /usr/local "$1"' - "$u"

# No maintainer script enables or starts anything (comments aside).
enables=
for f in preinst postinst prerm postrm; do
	[ -f "$tmp/control/$f" ] || continue
	if sed 's/#.*//' "$tmp/control/$f" | grep -Eq 'systemctl.*[[:space:]](enable|reenable|start|restart)([[:space:]]|$)|deb-systemd-helper.*[[:space:]](enable|reenable)([[:space:]]|$)|deb-systemd-invoke.*[[:space:]](start|restart)([[:space:]]|$)'; then
		enables="$enables $f"
	fi
done
expect "maintainer scripts: none enables or starts the unit${enables:+ (but:$enables)}" test -z "$enables"
expect "maintainer scripts: no postinst" test ! -e "$tmp/control/postinst"

# Install and purge into a throwaway dpkg root.
r=$tmp/root
mkdir -p "$r/var/lib/dpkg/info" "$r/var/lib/dpkg/updates" "$r/var/lib/dpkg/triggers" \
	"$r/etc/systemd/system/sysinit.target.wants"
: >"$r/var/lib/dpkg/status"
dpkg_r() {
	dpkg --root="$r" --force-script-chrootless --force-not-root --force-depends \
		--log=/dev/null "$@"
}
(cd "$r" && find . ! -path './var/lib/dpkg/*' | sort) >"$tmp/before"
host_had=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
rc=0
dpkg_r -i "$deb" >"$tmp/install.log" 2>&1 || rc=$?
status=$(dpkg-query --admindir="$r/var/lib/dpkg" -W -f='${Status}' "$pkg" 2>/dev/null || true)
expect "dpkg root: installs (exit $rc, $status)" test "$rc:$status" = "0:install ok installed"
[ "$rc" = 0 ] || sed 's/^/#   /' "$tmp/install.log"
expect "dpkg root: /usr/sbin/$pkg installed" test -x "$r/usr/sbin/$pkg"
expect "dpkg root: nothing enabled by the installation" \
	sh -c '[ -z "$(find "$1/etc" -name "debugfs-compat-view*")" ]' - "$r"
# what "systemctl enable" would have made: purge removes it
ln -s /lib/systemd/system/$pkg.service "$r/etc/systemd/system/sysinit.target.wants/$pkg.service"
rc=0
dpkg_r --purge "$pkg" >"$tmp/purge.log" 2>&1 || rc=$?
status=$(dpkg-query --admindir="$r/var/lib/dpkg" -W -f='${Status}' "$pkg" 2>/dev/null || true)
expect "dpkg root: purges (exit $rc, ${status:-unknown})" \
	sh -c '[ "$1" = 0 ] && case $2 in "" | *not-installed) true ;; *) false ;; esac' - "$rc" "$status"
[ "$rc" = 0 ] || sed 's/^/#   /' "$tmp/purge.log"
(cd "$r" && find . ! -path './var/lib/dpkg/*' | sort) >"$tmp/after"
left=$(comm -13 "$tmp/before" "$tmp/after" | paste -sd' ' -)
expect "dpkg root: purge leaves no file behind${left:+ (left: $left)}" test -z "$left"
left=$(find "$r/var/lib/dpkg/info" -name "$pkg.*" | paste -sd' ' -)
expect "dpkg root: purge leaves nothing in dpkg's info${left:+ (left: $left)}" test -z "$left"
expect "host: the host's dpkg database does not know the package" \
	test "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)" = "$host_had"
tap_done
