#!/usr/bin/env bash
# The suite sees a splat: each deliberately broken kernel in
# kernel/<version>/fixtures (a WARN_ON in a tracefs create path; blktrace's
# msg used after teardown on the KASAN kernel) fails its boot's
# kernel_log_clean point, with the splat in the report, through the same
# runner, evaluation and report as make check. Builds share ccache with the
# patched kernels (a few minutes each). The KASAN fixture runs only in runs
# that build the debug kernels.
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
	# A fixture on the debug kernel starts from that kernel's build: it
	# runs when the run builds it (make check-debug, DEBUG_VERSIONS), and
	# the output says so when it does not.
	variant=$(tr_env_get "$fx/fixture.env" VARIANT)
	if [ "$variant" = debug ] && [[ " ${TRACEFS_RELOC_DEBUG_KERNELS:-} " != *" $v-patched-debug "* ]]; then
		echo "# fixture $v/$name: not in this run: it needs $v-patched-debug (make check-debug, or make check DEBUG_VERSIONS=$v)"
		continue
	fi
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
