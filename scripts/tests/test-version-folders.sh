#!/usr/bin/env bash
# Kernel versions are data: a copy of the project with one more folder,
# kernel/9.9/, gets its kernels, packages, expectations, tree and report
# columns with no script edited; without the folder it is as before. A
# tarball of another version is refused by name. Runs on a scratch copy of
# scripts/, kernel/ and tools-check/ with a scratch cache (seconds).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
top=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
copy=$tmp/project
mkdir -p "$copy"
cp -r "$top/scripts" "$top/kernel" "$top/tools-check" "$copy/"
export TRACEFS_RELOC_CACHE=$tmp/cache TRACEFS_RELOC_OUT=$tmp/out
unset TRACEFS_RELOC_VERSIONS TRACEFS_RELOC_VERSION TRACEFS_RELOC_SERIES_DIR TRACEFS_RELOC_APPLY_TO

before=$("$copy/scripts/list-kernels.sh" | paste -sd' ')
# fake_tree DIR VERSION PATCHLEVEL: a tarball of a "kernel tree" (a Makefile
# and a README) of that version.
fake_tarball() {
	mkdir -p "$tmp/t$2.$3/linux-source-x"
	printf 'VERSION = %s\nPATCHLEVEL = %s\nSUBLEVEL = 0\n' "$2" "$3" >"$tmp/t$2.$3/linux-source-x/Makefile"
	printf 'Linux kernel\n============\n\n' >"$tmp/t$2.$3/linux-source-x/README"
	tar -C "$tmp/t$2.$3" -cJf "$1" linux-source-x
}
fake_tarball "$tmp/linux-source-9.9.tar.xz" 9 9
mkdir -p "$copy/kernel/9.9/patches"
cat >"$copy/kernel/9.9/package" <<P
package: linux-source-9.9
verified-on: 9.9.1-1
tarball: $tmp/linux-source-9.9.tar.xz
P
cat >"$copy/kernel/9.9/patches/0001-readme.patch" <<'P'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: selftest <selftest@localhost>
Date: Thu, 1 Jan 2026 00:00:00 +0000
Subject: [PATCH] readme: a marker

---
 README | 1 +
 1 file changed, 1 insertion(+)

diff --git a/README b/README
--- a/README
+++ b/README
@@ -1,3 +1,4 @@
+NINE-NINE-MARKER
 Linux kernel
 ============
 
-- 
P
echo 0001-readme.patch >"$copy/kernel/9.9/patches/series"
printf 'baseline\t*\tsome_check\tfail\t9.9 lacks it\tnot there\n' >"$copy/kernel/9.9/expected.tsv"

after=$("$copy/scripts/list-kernels.sh" | paste -sd' ')
expect "versions: kernel/9.9/ adds its kernels after the others ($after)" test "$after" = "$before 9.9-baseline 9.9-patched"
expect "versions: ... and its debug kernels" bash -c "'$copy/scripts/list-kernels.sh' -d | grep -qx 9.9-patched-debug"
newest=$(bash -c ". '$copy/scripts/lib.sh'; tr_id patched")
expect "versions: an id without a version means the newest ($newest)" test "$newest" = 9.9-patched
picked=$(TRACEFS_RELOC_VERSION=6.1 bash -c ". '$copy/scripts/lib.sh'; tr_id patched")
expect "versions: TRACEFS_RELOC_VERSION (make KVER=) picks another ($picked)" test "$picked" = 6.1-patched
expect "versions: its package is installed with the others" bash -c "'$copy/scripts/install-deps.sh' --list | grep -qx linux-source-9.9"
expect "versions: its expectations apply to its own kernels" \
	bash -c "'$copy/scripts/expectations.sh' expected.tsv | grep -qP '^9\\.9-baseline\\t\\*\\tsome_check\\t.*\\tkernel/9.9/expected.tsv:1$'"

rc=0
"$copy/scripts/prepare-tree.sh" 9.9 >"$tmp/prep.log" 2>&1 || rc=$?
expect "versions: prepare-tree.sh unpacks and patches the new version (exit $rc)" test "$rc" = 0
expect "versions: ... its patched tree has the series" grep -qx NINE-NINE-MARKER "$tmp/cache/trees/9.9-patched/src/README"
expect "versions: ... and its baseline stays pristine" bash -c "! grep -q NINE-NINE-MARKER '$tmp/cache/trees/9.9-baseline/src/README'"
[ "$tap_failed" = 0 ] || sed 's/^/#   /' "$tmp/prep.log"

fake_tarball "$tmp/linux-source-9.8.tar.xz" 9 8
rm -rf "$tmp/cache/trees/9.9-baseline"
sed -i "s#^tarball: .*#tarball: $tmp/linux-source-9.8.tar.xz#" "$copy/kernel/9.9/package"
rc=0
"$copy/scripts/prepare-tree.sh" 9.9 >"$tmp/wrong.log" 2>&1 || rc=$?
expect "versions: a tarball of another version is refused, naming both" \
	bash -c "[ $rc != 0 ] && grep -q 'holds a 9.8 tree, but kernel/9.9/package names it for 9.9' '$tmp/wrong.log'"

# The report puts the new version's kernels side by side with the others.
mkdir -p "$tmp/out"
for k in $after; do
	mkdir -p "$tmp/out/results/$k"
	printf 'ok 1 - some_check\n' >"$tmp/out/results/$k/tracefs.tap"
	printf '%s\ttracefs\tsome_check\tok\tpass\tPASS\t\n' "$k"
done >"$tmp/out/results.tsv"
"$copy/scripts/report.sh" "$tmp/out/results.tsv" "$tmp/out/report.md" 2>"$tmp/report.err" || true
expect "versions: the report's matrix has a column per kernel, the new ones too" \
	bash -c "grep -q '^| scenario | check | .*| 9.9-baseline | 9.9-patched | differs' '$tmp/out/report.md'"

echo 'status: porting' >>"$copy/kernel/9.9/package"
porting=$("$copy/scripts/list-kernels.sh" | paste -sd' ')
expect "versions: a folder with status: porting is left out of the default run ($porting)" test "$porting" = "$before"
named=$(TRACEFS_RELOC_VERSIONS="6.1 9.9" "$copy/scripts/list-kernels.sh" | paste -sd' ')
expect "versions: ... and in when named (VERSIONS=): $named" test "$named" = "6.1-baseline 6.1-patched 9.9-baseline 9.9-patched"

rm -rf "$copy/kernel/9.9"
again=$("$copy/scripts/list-kernels.sh" | paste -sd' ')
expect "versions: without the folder, the kernels are as before ($again)" test "$again" = "$before"
tap_done
