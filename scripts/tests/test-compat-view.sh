#!/usr/bin/env bash
# compat/debugfs-compat-view and its systemd unit, on the host (nothing is
# mounted here: the view itself is exercised in the guest).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
top=$(cd "$here/../.." && pwd)
view=$top/compat/debugfs-compat-view
unit=$top/compat/systemd/debugfs-compat-view.service
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The names the view provides are "tracing" and the map's top-level names.
want=$( { echo tracing; grep -v '^#' "$top/compat/path-map.tsv" | cut -f1 |
	sed 's#^/sys/kernel/debug/##; s#/.*##'; } | sort -u | paste -sd ' ' -)
have=$(sed -n 's/^ENTRIES="\(.*\)"$/\1/p' "$view" | tr ' ' '\n' | sort -u | paste -sd ' ' -)
expect "view: provides exactly tracing + the map's names ($want)" test "$want" = "$have"

rc=0
"$view" frobnicate >"$tmp/out" 2>&1 || rc=$?
expect "view: an unknown command is a usage error (exit 2)" test "$rc" = 2
expect "view: ... and prints the usage" grep -q '^usage: debugfs-compat-view start|stop|status|run' "$tmp/out"
rc=0
DEBUGFS_COMPAT_VIEW_STATE=$tmp/state "$view" status >"$tmp/out" 2>&1 || rc=$?
expect "view: status without a state is inactive (exit 3)" test "$rc" = 3

sed "s#/usr/local/sbin/debugfs-compat-view#$view#" "$unit" >"$tmp/debugfs-compat-view.service"
out=$(systemd-analyze verify "$tmp/debugfs-compat-view.service" 2>&1) && rc=0 || rc=$?
expect "systemd unit: systemd-analyze verify is clean" test "$rc:$out" = "0:"
[ -z "$out" ] || echo "$out" | sed 's/^/#   /'
expect "systemd unit: starts and stops the view" \
	grep -qx 'ExecStop=/usr/local/sbin/debugfs-compat-view stop' "$unit"
tap_done
