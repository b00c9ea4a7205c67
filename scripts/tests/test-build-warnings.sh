#!/usr/bin/env bash
# build-warnings.sh, the list check-configs.sh compares between the trees:
# a warning that only moved (other line, other tree path) is not new; a new
# warning and a new error are; a log without warnings gives nothing; a
# missing log is an error, not "no warnings".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
fx=$here/fixtures/build-warnings
bw=$here/../build-warnings.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$bw" /cache/trees/baseline/src "$fx/baseline.log" >"$tmp/base"
"$bw" /cache/trees/patched/src "$fx/patched.log" "$fx/patched-touched.log" >"$tmp/patched"
new=$(comm -13 "$tmp/base" "$tmp/patched")
expect "build warnings: the baseline's two warnings are listed without line numbers or tree paths" \
	test "$(cat "$tmp/base")" = "fs/tracefs/inode.c: warning: variable 'mode' set but not used [-Wunused-but-set-variable]
kernel/trace/blktrace.c: warning: 'blk_unused' defined but not used [-Wunused-function]"
expect "build warnings: exactly two new lines (a new warning and an error), none for the moved ones" \
	test "$(printf '%s\n' "$new" | wc -l)" = 2
expect "build warnings: the new -Wsign-compare warning in fs/tracefs/inode.c is reported" \
	grep -q "^fs/tracefs/inode.c: warning: comparison of integer expressions.*-Wsign-compare" <<<"$new"
expect "build warnings: the error of the touched objects' own compile is reported" \
	grep -q "^lib/error-inject.c: error: implicit declaration of function 'tracefs_create_dir'" <<<"$new"
rc=0
out=$("$bw" /x "$fx/clean.log") || rc=$?
expect "build warnings: a log without warnings gives an empty list and exit 0" test "$rc:$out" = "0:"
rc=0
"$bw" /x /no/such/build.log >/dev/null 2>&1 || rc=$?
expect "build warnings: a missing log is an error" test "$rc" != 0
tap_done
