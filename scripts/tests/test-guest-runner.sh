#!/usr/bin/env bash
# run-guest.sh, the upgrade-compat runner: exit status, users, copied host
# binaries, and failures (no boot, timeout) reported with the console tail.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=scripts/tests/guest-consoles.sh
. "$here/guest-consoles.sh"

rc=0
guest -k patched -s tracefs -- sh -c 'echo hello-from-guest; exit 7' >"$tmp/o" 2>"$tmp/e" || rc=$?
expect "runner: the command's exit status comes back (7)" test "$rc" = 7
expect "runner: output is streamed" grep -qx hello-from-guest "$tmp/o"

rc=0
guest -k baseline -s both -u tracer -- sh -c 'id -un; id -Gn' >"$tmp/o" 2>"$tmp/e" || rc=$?
expect "runner: runs as the unprivileged user (tracer)" grep -qx tracer "$tmp/o"
expect "runner: tracer is in the tracing group" grep -qw tracing "$tmp/o"

rc=0
guest -k patched -s tracefs -c /usr/bin/bc -- sh -c 'echo "6*7" | /usr/bin/bc' >"$tmp/o" 2>"$tmp/e" || rc=$?
expect "runner: a copied host binary runs with its libraries" grep -qx 42 "$tmp/o"

printf '#!/bin/sh\necho "script as $(id -un) on $SCENARIO"\n' >"$tmp/s.sh"
guest -k patched -s debugfs-only -u outsider -f "$tmp/s.sh" >"$tmp/o" 2>"$tmp/e" || true
expect "runner: --script runs a host script in the guest, with SCENARIO set" grep -qx 'script as outsider on debugfs-only' "$tmp/o"

rc=0
GUEST_CONSOLE_SUFFIX=.panic guest -k patched -s tracefs -a 'rdinit=/no/such/init' -- true >"$tmp/o" 2>"$tmp/e" || rc=$?
expect "runner: a guest that does not boot fails (125)" test "$rc" = 125
expect "runner: ... and shows the console tail" \
	bash -c "grep -q 'last 50 console lines' '$tmp/e' && grep -q 'Kernel panic' '$tmp/e'"
expect "runner: ... and the console scan finds the panic" \
	bash -c "! '$here/../scan-kernel-log.sh' '$tmp/console.$nboot.panic' >/dev/null"

rc=0
guest -k patched -s tracefs -t 8 -- sleep 600 >"$tmp/o" 2>"$tmp/e" || rc=$?
expect "runner: a guest that hangs times out (124)" test "$rc" = 124
expect "runner: ... and shows the console tail" grep -q 'last 50 console lines' "$tmp/e"

rc=0
guest -k patched -s no-such-scenario -- true >"$tmp/o" 2>"$tmp/e" || rc=$?
expect "runner: an unknown scenario is refused by name" bash -c "[ $rc != 0 ] && grep -q \"unknown scenario 'no-such-scenario'\" '$tmp/e'"
expect "runner: every boot of this test has a clean kernel log ($nboot boots)" consoles_clean
tap_done
