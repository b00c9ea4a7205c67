#!/usr/bin/env bash
# build-test-modules.sh KERNEL: build the test modules in tools-check/modules
# against one kernel's build tree; prints where the .ko files are.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

which=${1:?usage: build-test-modules.sh baseline|patched}
build=$(tr_build "$which")
out=$build/tools-check-modules
[ -f "$build/Module.symvers" ] || tr_die "$which kernel not built with modules: run scripts/build-kernel.sh $which"
mkdir -p "$out"
cp "$TR_TOP"/tools-check/modules/{Kbuild,*.c} "$out/"
# The tree's own trace event sample, as a module that brings trace events.
cp "$(tr_src "$which")"/samples/trace_events/trace-events-sample.[ch] "$out/"
printf 'obj-m += trace-events-sample.o\nCFLAGS_trace-events-sample.o := -I$(src)\n' >>"$out/Kbuild"
if ! make -C "$build" M="$out" -s -j"$(nproc)" modules >"$out/build.log" 2>&1; then
	cat "$out/build.log" >&2
	tr_die "test modules failed to build against the $which kernel"
fi
echo "$out"
