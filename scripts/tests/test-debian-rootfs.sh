#!/usr/bin/env bash
# qemu-env/debian-rootfs/build-rootfs.sh, without building a root
# filesystem: its cache key follows the package list; a package the archive
# does not have, and a root filesystem that does not build (a stand-in
# mmdebstrap), each fail with a clear error and leave nothing in the cache
# (a temporary TRACEFS_RELOC_CACHE). The archive check reads the Debian
# archive's package lists (a few seconds); the failure cases need root, as
# the builder does.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
top=$(cd "$here/../.." && pwd)
b=$top/qemu-env/debian-rootfs/build-rootfs.sh
list=$top/qemu-env/debian-rootfs/packages.list
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TRACEFS_RELOC_CACHE=$tmp/cache TMPDIR=$tmp/tmpdir
mkdir "$TMPDIR"
cache=$TRACEFS_RELOC_CACHE

# The key: the sorted package list, not its order or comments.
key() { "$b" --print-key --list "$1" 2>/dev/null; }
k=$(key "$list")
expect "key: a sha256 ($k)" grep -Eqx '[0-9a-f]{64}' <<<"$k"
expect "key: the same list gives the same key" test "$(key "$list")" = "$k"
{
	echo "# the same packages, another order, other comments"
	grep -v '^#' "$list" | sed 's/#.*//' | grep -v '^[[:space:]]*$' | sort -r
} >"$tmp/reordered.list"
expect "key: order and comments do not count" test "$(key "$tmp/reordered.list")" = "$k"
{
	cat "$list"
	echo less
} >"$tmp/more.list"
expect "key: one package more changes the key" test "$(key "$tmp/more.list")" != "$k"
grep -vx 'strace' "$list" >"$tmp/less.list"
expect "key: one package less changes the key" test "$(key "$tmp/less.list")" != "$k"
expect "key: --print-key builds and caches nothing" test ! -e "$cache"

# nothing_cached: no image, no temporary, no .deb in the cache; nothing in TMPDIR
nothing_cached() {
	[ -z "$(find "$TMPDIR" -mindepth 1)" ] || return 1
	[ ! -e "$cache" ] || [ -z "$(find "$cache" -type f)$(find "$cache" -name '.build.*')" ]
}

# A name that is no package name: refused before anything else.
printf 'systemd\nFoo_Bar baz\n' >"$tmp/garbage.list"
rc=0
"$b" --list "$tmp/garbage.list" >"$tmp/out" 2>"$tmp/err" || rc=$?
expect "bad list: a line that is no package name fails (exit $rc)" test "$rc" = 1
expect "bad list: ... naming the line" grep -q "'Foo_Bar baz' is not a Debian package name" "$tmp/err"
expect "bad list: ... and caches nothing" nothing_cached

if [ "$(id -u)" != 0 ]; then
	for p in "missing package: fails naming the package" "missing package: no image path on stdout" \
		"missing package: caches nothing" "no root filesystem: mmdebstrap failing fails, naming what failed" \
		"no root filesystem: caches nothing" "no root filesystem: a tree without /sbin/init fails, naming it" \
		"no root filesystem: ... and caches nothing"; do
		echo "ok - $p # SKIP not root (build-rootfs.sh runs mmdebstrap --mode=root)"
	done
	tap_done
	exit
fi

# A package the archive does not have.
printf 'systemd\n# not in Debian\nno-such-package-tracefs-relocation\nkmod\n' >"$tmp/missing.list"
rc=0
t0=$SECONDS
"$b" --list "$tmp/missing.list" >"$tmp/out" 2>"$tmp/err" || rc=$?
echo "# missing package: failed in $((SECONDS - t0)) s"
expect "missing package: fails (exit $rc) naming the package" \
	sh -c '[ "$1" = 1 ] && grep -q "has no package named: no-such-package-tracefs-relocation " "$2"' - "$rc" "$tmp/err"
expect "missing package: no image path on stdout" test ! -s "$tmp/out"
expect "missing package: caches nothing" nothing_cached
[ "$rc" = 1 ] || sed 's/^/#   /' "$tmp/err" | tail -n 20

# A root filesystem that does not build: a stand-in mmdebstrap that leaves
# a half-made tree and fails, then one that "succeeds" with a tree that
# has no init. (dpkg-query still gives the real mmdebstrap's version.)
mkdir "$tmp/bin"
cat >"$tmp/bin/mmdebstrap" <<'EOF'
#!/bin/sh
# stand-in: the target is the last but one argument
eval "target=\${$(($# - 1))}"
mkdir -p "$target/etc" "$target/var/cache/apt/archives"
echo half-made >"$target/etc/half-made"
echo "E: stand-in mmdebstrap: failing on purpose" >&2
exit "${FAKE_MMDEBSTRAP_RC:-1}"
EOF
chmod +x "$tmp/bin/mmdebstrap"
printf 'systemd\n' >"$tmp/small.list"
rc=0
PATH=$tmp/bin:$PATH "$b" --list "$tmp/small.list" >"$tmp/out" 2>"$tmp/err" || rc=$?
expect "no root filesystem: mmdebstrap failing fails (exit $rc), naming what failed" \
	sh -c '[ "$1" = 1 ] && grep -q "mmdebstrap failed (exit 1.*did not build" "$2"' - "$rc" "$tmp/err"
expect "no root filesystem: caches nothing" nothing_cached
[ "$rc" = 1 ] || sed 's/^/#   /' "$tmp/err" | tail -n 20
rc=0
FAKE_MMDEBSTRAP_RC=0 PATH=$tmp/bin:$PATH "$b" --list "$tmp/small.list" >"$tmp/out" 2>"$tmp/err" || rc=$?
expect "no root filesystem: a tree without /sbin/init fails (exit $rc), naming it" \
	sh -c '[ "$1" = 1 ] && grep -q "the root filesystem has no /sbin/init" "$2"' - "$rc" "$tmp/err"
expect "no root filesystem: ... and caches nothing" nothing_cached
tap_done
