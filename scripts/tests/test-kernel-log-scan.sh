#!/usr/bin/env bash
# scan-kernel-log.sh: every kind of splat in the fixtures is found and shown,
# fault injection's own reports and the series' clamp messages are not, and
# a missing log is an error rather than "clean".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
fx=$here/fixtures/kernel-log
scan=$here/../scan-kernel-log.sh

rc=0
out=$("$scan" "$fx/clean.log") || rc=$?
expect "kernel log scan: a clean log (fault injection, clamp messages) is clean" test "$rc:$out" = "0:clean"

# fixture: the line the report must show
for case in "kasan:BUG: KASAN: use-after-free in __blk_trace_note_message" \
	"warn:WARNING: CPU: 0 PID: 1 at fs/tracefs/inode.c" \
	"lockdep:WARNING: possible circular locking dependency" \
	"hung:INFO: task blk-lifetime:120 blocked" \
	"kmemleak:kmemleak: 2 new suspected memory leaks" \
	"oops-crlf:general protection fault"; do
	f=${case%%:*} line=${case#*:}
	rc=0
	out=$("$scan" "$fx/$f.log") || rc=$?
	expect "kernel log scan: $f is a splat (exit 1) and shows '$line'" \
		bash -c '[ "$1" = 1 ] && printf "%s\n" "$2" | grep -qF "$3"' _ "$rc" "$out" "$line"
done
rc=0
"$scan" /no/such/console.log >/dev/null || rc=$?
expect "kernel log scan: a missing log is an error (exit 2), not clean" test "$rc" = 2
tap_done
