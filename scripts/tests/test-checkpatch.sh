#!/usr/bin/env bash
# Every patch of each version's series (kernel/<version>/patches) is
# checkpatch.pl --strict clean (the version's own checkpatch) and
# carries a Signed-off-by from its author. Accepted and reported: OBSOLETE
# for new files under Documentation/ABI/obsolete/, where
# Documentation/ABI/README says the old debugfs paths belong (checkpatch
# warns about any change to a directory MAINTAINERS marks obsolete), and
# the two below.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"
# Accepted, each for its reason (and shown):
# - OBSOLETE for new files under Documentation/ABI/obsolete/ (above);
# - CAMELCASE for the option names Opt_uid, Opt_gid, Opt_mode (and 6.1's
#   Opt_err) that tracefs already has (the match_table/fs_context
#   convention in fs/);
# - UNKNOWN_COMMIT_ID for mainline commits that a Debian source tree (one
#   commit, no history) cannot contain: fa6fe07d1536, lookup_noperm()
#   (6.16), baa23a8d4360, "tracefs: Reset permissions on remount if
#   permissions are options" (6.10; 6.12 has it, but not as a commit), and
#   bb32500fb9b7, "tracing: Have trace_event_file have ref counters" (mainline;
#   6.1 has its stable backport, which 6.1's own fix names), 78ff64081949,
#   "vfs: Convert tracefs to use the new mount API" (6.8), and 4282d60689d4,
#   "tracefs: Add new tracefs file system" (4.1), and d81786f53aec, "tracefs:
#   Zero out the tracefs_inode when allocating it" (6.8), which the stable
#   fixes name.
accepted='^[^:]+:[0-9]+: (WARNING:OBSOLETE: Documentation/ABI/obsolete/|CHECK:CAMELCASE: Avoid CamelCase: <Opt_(uid|gid|mode|err)>|WARNING:UNKNOWN_COMMIT_ID: Unknown commit id .(fa6fe07d1536|baa23a8d4360|bb32500fb9b7|78ff64081949|4282d60689d4|d81786f53aec).)'
n=0
for v in $TR_VERSIONS; do
	src=$(tr_src "$v-baseline")
	while read -r p; do
		n=$((n + 1))
		name=$(basename "$p")
		all=$(cd "$src" && perl scripts/checkpatch.pl --strict --quiet --show-types --terse "$p" 2>&1) || true
		allowed=$(echo "$all" | grep -E "$accepted" || true)
		out=$(echo "$all" | grep -v -E "$accepted" | grep -v '^total: ' || true)
		expect "checkpatch --strict ($v): $name" test -z "$out"
		[ -z "$out" ] || echo "$out" | head -n 20 | sed 's/^/#   /'
		[ -z "$allowed" ] || echo "# accepted: $(echo "$allowed" | sed 's/^[^:]*:[0-9]*: //' | sort -u | paste -sd';')"
		author=$(sed -n 's/^From: //p' "$p" | head -n 1)
		expect "signed-off-by the author ($v): $name" grep -qF "Signed-off-by: $author" "$p"
	done < <(tr_series_patches "$v")
done
echo "# $n patches checked"
tap_done
