#!/usr/bin/env bash
# The suite sees a splat: each deliberately broken kernel in
# kernel/<version>/fixtures (a WARN_ON in a tracefs create path; blktrace's
# msg used after teardown, which only KASAN sees, and a lock inversion,
# which only lockdep sees, on the debug kernel) fails its boot's
# kernel_log_clean point, with the splat in the report, through the same
# runner, evaluation and report as make check; a plain one also fails
# ftracetest's kernel_log_clean point, a debug one the debug record.
# Builds share ccache with the patched kernels (a few minutes each). The
# debug fixtures run only in runs that build the debug kernels.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
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
	# The same kernel through ftracetest (one case): a splat during the
	# selftests fails ftracetest's kernel_log_clean point, showing it.
	[ -z "$variant" ] || continue
	id=$v-fixture-$name
	splat=$(tr_env_get "$fx/fixture.env" EXPECT_SPLAT)
	ft=$(TRACEFS_RELOC_OUT=${TMPDIR:-/tmp}/fixture-ft-$v-$name TRACEFS_RELOC_FTRACETEST_KERNELS=$id \
		TRACEFS_RELOC_FTRACETEST_CASES=test.d/00basic/basic1.tc "$here/../run-ftracetest.sh" 2>>"$log") || true
	expect "fixture $v/$name: ftracetest on it fails its kernel_log_clean point, showing the splat" \
		bash -c 'printf "%s\n" "$1" | grep -q "^not ok - ftracetest kernel_log_clean: $2\$" &&
			printf "%s\n" "$1" | grep -E "$3" >/dev/null' _ "$ft" "$id" "$splat"
done
[ "$rc" = 0 ] || tap_failed=1
tap_done
