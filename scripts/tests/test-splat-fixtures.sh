#!/usr/bin/env bash
# The suite sees a splat: each deliberately broken kernel in
# kernel/<version>/fixtures (a WARN_ON in a tracefs create path; blktrace's
# msg used after teardown on the KASAN kernel) fails its boot's
# kernel_log_clean point, with the splat in the report, through the same
# runner, evaluation and report as make check. Builds share ccache with the
# patched kernels (a few minutes each).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"
rc=0
for fx in $(for v in $TR_VERSIONS; do ls -d "$TR_TOP/kernel/$v"/fixtures/*/ 2>/dev/null; done); do
	name=$(basename "$fx")
	v=${fx#"$TR_TOP"/kernel/}
	v=${v%%/*}
	log=${TMPDIR:-/tmp}/fixture-$v-$name.log
	if ! out=$("$here/../check-splat-fixture.sh" "$v" "$name" 2>"$log"); then
		echo "not ok - fixture $v/$name: could not be built or booted"
		tail -n 20 "$log" | sed 's/^/#   /'
		rc=1
		continue
	fi
	echo "$out"
	! echo "$out" | grep -q '^not ok' || rc=1
done
exit "$rc"
