#!/usr/bin/env bash
# compat/scan-tool-paths: reports exactly the lines marked HIT in the
# fixtures (C, shell, Python, Go, Perl), including string-built and relative
# paths, and none of the non-tracing debugfs paths; exit status 1 when it
# found something, 0 when not, 2 on a missing directory.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
scan=$here/../../compat/scan-tool-paths
fx=$here/fixtures/tool-scan
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

rc=0
"$scan" "$fx" >"$tmp/out" || rc=$?
expect "tool scan: exit 1 when paths are found" test "$rc" = 1
for f in "$fx"/*; do
	name=$(basename "$f")
	want=$(grep -nE '(#|//|/\*) HIT( \*/)?$' "$f" | cut -d: -f1 | paste -sd' ' || true)
	got=$(sed -n "s#^$f:\([0-9]*\):.*#\1#p" "$tmp/out" | paste -sd' ')
	expect "tool scan: $name reports lines '$want'" test "$got" = "$want"
	[ "$got" = "$want" ] || grep "^$f:" "$tmp/out" | sed 's/^/#   /'
done
expect "tool scan: each finding names a replacement and a fix" \
	bash -c "grep -v '^#' '$tmp/out' | grep -vq -- ' -> .*: ' && exit 1 || exit 0"
mkdir "$tmp/clean"
printf 'cat /sys/kernel/tracing/kprobes/blacklist\n' >"$tmp/clean/ok.sh"
rc=0
"$scan" "$tmp/clean" >/dev/null || rc=$?
expect "tool scan: exit 0 on a clean tree" test "$rc" = 0
rc=0
"$scan" /no/such/dir >/dev/null 2>&1 || rc=$?
expect "tool scan: exit 2 on a missing directory" test "$rc" = 2
tap_done
