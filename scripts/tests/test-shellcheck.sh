#!/usr/bin/env bash
# Every shell script in the project passes shellcheck (warnings and errors).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
top=$here/../..
mapfile -t files < <(cd "$top" && { git ls-files '*.sh'; git ls-files .ci/run qemu-env/init compat/debugfs-compat-view; } | sort -u)
out=$(cd "$top" && shellcheck -x -S warning "${files[@]}" 2>&1) || true
expect "shellcheck: ${#files[@]} scripts clean" test -z "$out"
[ -z "$out" ] || echo "$out" | head -n 30 | sed 's/^/#   /'
tap_done
