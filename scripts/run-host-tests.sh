#!/usr/bin/env bash
# Run the host-side tests of the pipeline itself (scripts/tests/test-*.sh)
# and print TAP. Each test file prints "ok - ..." / "not ok - ..." lines.
set -euo pipefail
here=$(dirname "$0")
echo "TAP version 13"
rc=0
for t in "$here"/tests/test-*.sh; do
	echo "# $(basename "$t")"
	t0=$SECONDS
	bash "$t" || rc=1
	echo "# $(basename "$t"): $((SECONDS - t0)) s"
done
exit "$rc"
