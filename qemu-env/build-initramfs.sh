#!/usr/bin/env bash
# Build the guest's base initramfs: busybox-static, the host's own trace-cmd,
# perf, strace, blktrace with their libraries and plugins, users, /init and
# tools-check/. Rebuilt only when one of its inputs changes.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../scripts/lib.sh"

img=$TR_CACHE/guest/initramfs.cpio.gz
here=$TR_TOP/qemu-env

# chrt (util-linux): ftracetest's wakeup tracer cases; busybox has none.
BINS=(/usr/bin/trace-cmd /usr/bin/perf /usr/bin/strace /usr/sbin/blktrace /usr/bin/blkparse /usr/bin/bash /usr/bin/chrt)
PLUGIN_DIRS=(/usr/lib/x86_64-linux-gnu/traceevent /usr/lib/x86_64-linux-gnu/trace-cmd)
for b in /bin/busybox "${BINS[@]}"; do
	[ -x "$b" ] || tr_die "$b missing: run scripts/install-deps.sh"
done

# What of tools-check/ and compat/ the guest needs (expectations and module
# sources stay on the host, so editing them rebuilds nothing here).
guest_files() {
	printf '%s\n' "$TR_TOP/tools-check/lib.sh" "$TR_TOP/tools-check/run-checks.sh" \
		"$TR_TOP"/tools-check/checks/*.sh "$TR_TOP"/tools-check/legacy/*.sh "$TR_TOP"/tools-check/bench/*.sh "$TR_TOP"/tools-check/*.c \
		"$TR_TOP/compat/path-map.tsv" "$TR_TOP/compat/debugfs-compat-view"
}

# The image without tools-check/ and compat/: what a run that uses none of
# them (ftracetest) depends on; $img.base.sha256 is its key, so editing a
# guest check does not run ftracetest again.
mapfile -t base_inputs < <(
	printf '%s\n' /bin/busybox "${BINS[@]}" "$here/init" "$here/host-root" "$here/add-files.sh" "$0"
)
base_hash=$( {
	tr_hash_files "${base_inputs[@]}"
	dpkg-query -W trace-cmd linux-perf busybox-static strace blktrace util-linux libc6 2>/dev/null
} | sha256sum | cut -d' ' -f1)
mapfile -t guest_inputs < <(guest_files)
hash=$( {
	echo "$base_hash"
	tr_hash_files "${guest_inputs[@]}"
} | sha256sum | cut -d' ' -f1)
if [ -f "$img" ] && [ "$(cat "$img.sha256" 2>/dev/null)" = "$hash" ]; then
	echo "$base_hash" >"$img.base.sha256"
	echo "==> guest image up to date: $img ($(du -h "$img" | cut -f1))"
	exit 0
fi

mkdir -p "$TR_CACHE/guest"
root=$(mktemp -d "$TR_CACHE/guest/root.XXXXXX")
trap 'rm -rf "$root"' EXIT
chmod 0755 "$root"
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,etc,proc,sys,dev,run,root,home,tmp,mnt}
chmod 1777 "$root/tmp"
chmod 0700 "$root/root"

cp /bin/busybox "$root/bin/busybox"
for applet in $("$root/bin/busybox" --list-full); do
	[ -e "$root/$applet" ] || ln -s /bin/busybox "$root/$applet"
done

# ftracetest's bash cases start with #!/bin/bash.
ln -sf /usr/bin/bash "$root/bin/bash"

dirs=()
for d in "${PLUGIN_DIRS[@]}"; do [ -d "$d" ] && dirs+=("$d"); done
"$here/add-files.sh" "$root" "${BINS[@]}" "${dirs[@]}"

# Users: root; tracer (member of the "tracing" group, to which tracing may be
# delegated); outsider (in no tracing-related group).
cat >"$root/etc/passwd" <<'PW'
root:x:0:0:root:/root:/bin/sh
tracer:x:1000:1000:tracing group member:/tmp:/bin/sh
outsider:x:1001:1001:unrelated user:/tmp:/bin/sh
PW
cat >"$root/etc/group" <<'GR'
root:x:0:
tracer:x:1000:
outsider:x:1001:
tracing:x:2000:tracer
GR
printf 'root::0:0:99999:7:::\ntracer:!:0:0:99999:7:::\noutsider:!:0:0:99999:7:::\n' >"$root/etc/shadow"
chmod 0600 "$root/etc/shadow"
printf 'passwd: files\ngroup: files\nshadow: files\n' >"$root/etc/nsswitch.conf"

# Small test clients of our own, built from tools-check/*.c.
mkdir -p "$root/usr/local/bin"
for c in "$TR_TOP"/tools-check/*.c; do
	gcc -O2 -Wall -Wextra -Werror -o "$root/usr/local/bin/$(basename "$c" .c)" "$c" ||
		tr_die "could not build $c"
done

install -m 0755 "$here/init" "$root/init"
mkdir -p "$root/tools-check/checks" "$root/tools-check/legacy" "$root/tools-check/bench" "$root/compat" "$root/usr/local/sbin"
cp "$TR_TOP/tools-check/lib.sh" "$TR_TOP/tools-check/run-checks.sh" "$root/tools-check/"
cp "$TR_TOP"/tools-check/checks/*.sh "$root/tools-check/checks/"
cp "$TR_TOP"/tools-check/legacy/*.sh "$root/tools-check/legacy/"
cp "$TR_TOP"/tools-check/bench/*.sh "$root/tools-check/bench/"
cp "$TR_TOP/compat/path-map.tsv" "$root/compat/"
install -m 0755 "$TR_TOP/compat/debugfs-compat-view" "$root/usr/local/sbin/"
install -m 0755 "$here/host-root" "$root/usr/local/sbin/tr-host-root"

(cd "$root" && find . -print0 | LC_ALL=C sort -z |
	cpio --null -o -H newc -R 0:0 --quiet) | gzip -1 >"$img.tmp"
mv "$img.tmp" "$img"
echo "$hash" >"$img.sha256"
echo "$base_hash" >"$img.base.sha256"
echo "==> guest image built: $img ($(du -h "$img" | cut -f1), $(find "$root" | wc -l) files)"
