#!/usr/bin/env bash
# prepare-tree.sh with a non-empty series: a good patch applies with git am;
# a patch that does not apply stops the run, naming the patch and its hunk.
# Uses its own scratch worktree of the newest version, so the real patched
# tree is not touched.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The scratch worktree (tree "selftest" in the cache) is kept for the next run.

export TRACEFS_RELOC_APPLY_TO=selftest
mkdir -p "$tmp/good" "$tmp/bad"
cat >"$tmp/good/0001-selftest-good.patch" <<'P'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: selftest <selftest@localhost>
Date: Thu, 1 Jan 2026 00:00:00 +0000
Subject: [PATCH] selftest: a patch that applies

---
 README | 1 +
 1 file changed, 1 insertion(+)

diff --git a/README b/README
--- a/README
+++ b/README
@@ -1,3 +1,4 @@
+SELFTEST-MARKER
 Linux kernel
 ============
 
-- 
P
echo 0001-selftest-good.patch >"$tmp/good/series"
sed -e 's/a patch that applies/a patch that does not apply/' \
	-e 's/^ Linux kernel$/ No such line in this file/' \
	"$tmp/good/0001-selftest-good.patch" >"$tmp/bad/0002-selftest-bad.patch"
printf '# comment line\n0001-selftest-good.patch\n' >"$tmp/bad/series"
cp "$tmp/good/0001-selftest-good.patch" "$tmp/bad/"
echo 0002-selftest-bad.patch >>"$tmp/bad/series"

rc=0
TRACEFS_RELOC_SERIES_DIR=$tmp/good "$here/../prepare-tree.sh" "$TR_VERSION" >"$tmp/good.log" 2>&1 || rc=$?
expect "series: a good patch applies (exit 0)" test "$rc" = 0
expect "series: the patch's change is in the tree" grep -qx SELFTEST-MARKER "$(tr_src selftest)/README"
expect "series: the baseline tree stays pristine" \
	bash -c "! grep -q SELFTEST-MARKER '$(tr_src baseline)/README'"

rc=0
TRACEFS_RELOC_SERIES_DIR=$tmp/bad "$here/../prepare-tree.sh" "$TR_VERSION" >"$tmp/bad.log" 2>&1 || rc=$?
expect "series: a patch that does not apply fails the run" test "$rc" != 0
expect "series: the error names the patch" grep -q "$TR_VERSION: patch 2 of 2 does not apply: 0002-selftest-bad.patch" "$tmp/bad.log"
expect "series: the error shows the failing hunk" grep -q 'No such line in this file' "$tmp/bad.log"
[ "$tap_failed" = 0 ] || sed 's/^/#   /' "$tmp/bad.log"

printf 'missing.patch\n' >"$tmp/bad/series"
rc=0
TRACEFS_RELOC_SERIES_DIR=$tmp/bad "$here/../prepare-tree.sh" "$TR_VERSION" >"$tmp/missing.log" 2>&1 || rc=$?
expect "series: a missing patch file is named" bash -c "[ $rc != 0 ] && grep -q 'missing.patch' '$tmp/missing.log'"
tap_done
