#!/usr/bin/env bash
# run-guest.sh --host-root: the host's own userspace in the guest, read-only,
# with private writable /etc, /tmp and /var/tmp, the scenario's mounts and
# the guest's users; a host binary that the busybox image does not have runs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=scripts/tests/guest-consoles.sh
. "$here/guest-consoles.sh"

# The busybox image has no python3 (build-initramfs.sh copies a fixed list).
expect "host-root: python3 is not in the busybox image" \
	bash -c "! '$run' -l '$tmp/console.0' -k patched -s tracefs -- sh -c 'command -v python3' >'$tmp/bb' 2>&1"

marker=/etc/tr-host-root-test.$$
rc=0
guest -H -k patched -s tracefs -- sh -c "
	python3 -c 'print(\"python\", 6 * 7)'
	echo kernel \$(uname -r)
	touch /usr/tr-ro-test 2>/dev/null && echo usr-writable || echo usr-read-only
	echo private > $marker && cat $marker
	touch /tmp/x /var/tmp/x && echo tmp-writable
	awk '\$3 == \"tracefs\" {print \"tracefs at\", \$2}' /proc/mounts
	exit 3" >"$tmp/o" 2>"$tmp/e" || rc=$?
cat "$tmp/e" >&2
expect "host-root: the command's exit status comes back (3)" test "$rc" = 3
expect "host-root: a host binary not in the busybox image runs (python3)" grep -qx 'python 42' "$tmp/o"
expect "host-root: the guest's kernel runs it, not the host's" \
	bash -c "grep -q '^kernel ' '$tmp/o' && ! grep -qx 'kernel $(uname -r)' '$tmp/o'"
expect "host-root: the host's root filesystem is read-only" grep -qx usr-read-only "$tmp/o"
expect "host-root: /etc is a private writable copy" grep -qx private "$tmp/o"
expect "host-root: ... that does not reach the host" test ! -e "$marker"
expect "host-root: /tmp and /var/tmp are writable" grep -qx tmp-writable "$tmp/o"
expect "host-root: the scenario's tracefs mount is there" grep -qx 'tracefs at /sys/kernel/tracing' "$tmp/o"
sed -n 's/^==> guest \(.*\): exit .* after \(.*\)$/# boot and run, host root: \2 (\1)/p' "$tmp/e"

rc=0
guest -H -k patched -s delegated -u tracer -- sh -c 'id -un; id -Gn' >"$tmp/o" 2>"$tmp/e" || rc=$?
expect "host-root: runs as the guest's unprivileged user (tracer)" grep -qx tracer "$tmp/o"
expect "host-root: ... with the tracing group" grep -qw tracing "$tmp/o"
# The front-end check that finds bcc's silent fallback (an empty kprobe
# blacklist when the open fails with EPERM) can fail: with an EPERM put in
# the way (sitecustomize.py, Python's start-up hook) it must.
mkdir -p "$tmp/inject"
cat >"$tmp/inject/sitecustomize.py" <<'PY'
import builtins, errno
_open = builtins.open
def _eperm(path, *args, **kwargs):
    if "kprobes/blacklist" in str(path):
        raise OSError(errno.EPERM, "Operation not permitted", str(path))
    return _open(path, *args, **kwargs)
builtins.open = _eperm
PY
cat >"$tmp/one.sh" <<'SH'
. /run/scenario.env; . /run/run.env; W=/tmp/w; mkdir -p $W; exec 3>&1
. /tools-check/lib.sh; . /tools-check/checks/frontends.sh
cd $W && check_bcc_blacklist_honoured
SH
rc=0
guest -H -k patched -s both -f "$tmp/one.sh" >"$tmp/o" 2>"$tmp/e" || rc=$?
expect "frontends: bcc_blacklist_honoured passes where bcc reads the blacklist" test "$rc" = 0
rc=0
printf 'PYTHONPATH=/run/inject; export PYTHONPATH\n' | cat - "$tmp/one.sh" >"$tmp/one-eperm.sh"
guest -H -k patched -s both -p "$tmp/inject/sitecustomize.py=/run/inject/sitecustomize.py" \
	-f "$tmp/one-eperm.sh" >"$tmp/o" 2>"$tmp/e" || rc=$?
expect "frontends: ... and fails when bcc silently falls back to an empty blacklist (EPERM)" \
	bash -c "[ $rc = 1 ] && grep -q 'blacklisted functions (it used an empty blacklist)' '$tmp/o'"
expect "host-root: every boot of this test has a clean kernel log ($nboot boots)" consoles_clean
tap_done
