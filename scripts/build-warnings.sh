#!/usr/bin/env bash
# build-warnings.sh SRC LOG...: the compiler warnings and errors of kernel
# build logs, as check-configs.sh compares them between the baseline and
# the patched tree: paths relative to the tree SRC, without line and column
# numbers (the series moves code), sorted, each once. "comm -13 BASE
# PATCHED" of two such lists gives the patched tree's new warnings.
set -euo pipefail
export LC_ALL=C
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
src=${1:?usage: build-warnings.sh SRC LOG...}
shift
[ $# -gt 0 ] || tr_die "usage: build-warnings.sh SRC LOG..."
for f in "$@"; do
	[ -f "$f" ] || tr_die "no build log $f"
done
cat "$@" | { grep -E '(warning|error): ' || true; } | tr_norm_reports "$src" | uniq
