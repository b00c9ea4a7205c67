#!/usr/bin/env bash
# The suite sees a splat: each deliberately broken kernel in kernel/fixtures
# (a WARN_ON in a tracefs create path; blktrace's msg used after teardown on
# the KASAN kernel) fails its boot's kernel_log_clean point, with the splat
# in the report, through the same runner, evaluation and report as make
# check. Builds share ccache with the patched kernels (a few minutes each).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rc=0
for fx in "$here"/../../kernel/fixtures/*/; do
	name=$(basename "$fx")
	if ! out=$("$here/../check-splat-fixture.sh" "$name" 2>"${TMPDIR:-/tmp}/fixture-$name.log"); then
		echo "not ok - fixture $name: could not be built or booted"
		tail -n 20 "${TMPDIR:-/tmp}/fixture-$name.log" | sed 's/^/#   /'
		rc=1
		continue
	fi
	echo "$out"
	! echo "$out" | grep -q '^not ok' || rc=1
done
exit "$rc"
