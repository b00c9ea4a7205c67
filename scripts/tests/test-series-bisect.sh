#!/usr/bin/env bash
# Every patch of each version's series builds and boots on top of the ones
# before it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
rc=0
for v in $TR_VERSIONS; do
	"$here/../check-series-bisect.sh" "$v" || rc=1
done
[ "$rc" = 0 ] || tap_failed=1
tap_done
