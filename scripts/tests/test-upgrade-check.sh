#!/usr/bin/env bash
# check-upgrade.sh: with two versions, a compat view, legacy or path map
# check whose result differs between the patched kernels fails its point
# and names the check; the same results pass; one version compares nothing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
top=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
copy=$tmp/project
mkdir -p "$copy/kernel/8.8" "$copy/kernel/9.9"
cp -r "$top/scripts" "$top/tools-check" "$copy/"
printf 'package: p\n' >"$copy/kernel/8.8/package"
printf 'package: q\n' >"$copy/kernel/9.9/package"
unset TRACEFS_RELOC_VERSIONS TRACEFS_RELOC_VERSION
first() { sed -n 's/^check_\([a-z0-9_]*\)() *{.*/\1/p' "$top/tools-check/checks/$1.sh" | head -n 1; }
c2=$(first legacy)
for k in 8.8-patched 9.9-patched 8.8-baseline; do
	for g in compat-view compat-view-refuse legacy debugfs-legacy relocation; do
		printf '%s\ttracefs\t%s\tok\tpass\tPASS\t\n' "$k" "$(first "$g")"
	done
done >"$tmp/same.tsv"
sed "s/^9.9-patched\ttracefs\t$c2\tok/9.9-patched\ttracefs\t$c2\tfail/" "$tmp/same.tsv" >"$tmp/differ.tsv"

rc=0
"$copy/scripts/check-upgrade.sh" "$tmp/same.tsv" >"$tmp/same.tap" || rc=$?
expect "upgrade: the same results pass (exit $rc)" test "$rc" = 0
expect "upgrade: ... one point per group and scenario" grep -q "^ok - upgrade: legacy checks in scenario tracefs: 1 the same on 8.8-patched 9.9-patched" "$tmp/same.tap"
rc=0
"$copy/scripts/check-upgrade.sh" "$tmp/differ.tsv" >"$tmp/differ.tap" || rc=$?
expect "upgrade: a check that differs fails (exit $rc)" test "$rc" != 0
expect "upgrade: ... its point names the check and both results" \
	bash -c "grep -A1 '^not ok - upgrade: legacy checks in scenario tracefs differ' '$tmp/differ.tap' | grep -q '$c2: 8.8-patched ok, 9.9-patched fail'"
expect "upgrade: ... and the other group still passes" grep -q "^ok - upgrade: compat-view checks in scenario tracefs" "$tmp/differ.tap"
rc=0
TRACEFS_RELOC_VERSIONS=9.9 "$copy/scripts/check-upgrade.sh" "$tmp/differ.tsv" >"$tmp/one.tap" || rc=$?
expect "upgrade: with one version there is nothing to compare (no test point)" \
	bash -c "[ $rc = 0 ] && ! grep -q '^ok\|^not ok' '$tmp/one.tap'"
tap_done
