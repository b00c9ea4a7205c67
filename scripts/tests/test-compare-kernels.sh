#!/usr/bin/env bash
# compare-kernels.sh, the upgrade-compat comparison: one command on a
# baseline and a patched kernel; the table shows each exit status and
# whether the outputs differ, the diff follows, and a patched kernel whose
# exit status differs from its baseline's makes it exit 1; each kernel's
# log is scanned for splats.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

b=$TR_VERSION-baseline p=$TR_VERSION-patched
rc=0
# kprobes/list is in tracefs on the patched kernel only.
TRACEFS_RELOC_OUT=$tmp "$here/../compare-kernels.sh" -s tracefs -k "$b $p" -- \
	sh -c 'echo same-line; test -e /sys/kernel/tracing/kprobes/list' >"$tmp/o" 2>"$tmp/e" || rc=$?
expect "compare: exit 1 when the patched kernel's exit status differs from the baseline's" test "$rc" = 1
expect "compare: the table gives each kernel's exit status and kernel log" \
	grep -qE "^$b +1 +clean " "$tmp/o"
expect "compare: ... and names the difference" grep -qE "^$p +0 +clean +same, EXIT 0 \(baseline 1\)" "$tmp/o"
expect "compare: each output is kept" grep -qx same-line "$tmp/compare/$p.txt"
rc=0
TRACEFS_RELOC_OUT=$tmp "$here/../compare-kernels.sh" -s tracefs -k "$b $p" -- \
	sh -c 'ls /sys/kernel/tracing/kprobes 2>&1 | head -n 1; exit 0' >"$tmp/o2" 2>"$tmp/e2" || rc=$?
expect "compare: same exit statuses give exit 0" test "$rc" = 0
expect "compare: differing outputs are shown as a diff" grep -q "^--- $b  +++ $p" "$tmp/o2"
rc=0
"$here/../compare-kernels.sh" -s tracefs >"$tmp/o3" 2>&1 || rc=$?
expect "compare: no command is refused with the usage" bash -c "[ $rc != 0 ] && grep -q 'no command' '$tmp/o3'"
tap_done
