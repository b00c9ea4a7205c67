#!/usr/bin/env bash
# list-kernels.sh [-d]: the kernel ids of this run, one per line: each
# version folder of kernel/ (or TRACEFS_RELOC_VERSIONS) gives VERSION-baseline
# and VERSION-patched; -d lists the debug kernels instead.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
case ${1:-} in
-d) printf '%s\n' $TR_DEBUG_KERNELS ;;
"") printf '%s\n' $TR_KERNELS ;;
*) tr_die "usage: list-kernels.sh [-d]" ;;
esac
