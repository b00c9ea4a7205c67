#!/usr/bin/env bash
# Run the host-side tests of the pipeline itself (scripts/tests/test-*.sh)
# and print TAP: numbered points and a plan at the end. Each test file
# prints "ok - ..." / "not ok - ..." lines and "# tap_done" as its last
# (tests/tap.sh); a point per file says it ran to its end, and its time.
# A run whose inputs are those of an earlier run is not run again: its TAP
# is reprinted, marked so. The inputs: every file of the checkout (by
# content and relative path, committed or not, so a fresh clone of the
# same commit matches), the versions of the packages install-deps.sh
# installs, and the TRACEFS_RELOC_* settings (but where the results go). The kernels, trees and
# guest images the tests build follow from those. TRACEFS_RELOC_FRESH=1
# runs them all.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"

key=$( {
	cd "$TR_TOP"
	git ls-files -z --cached --others --exclude-standard |
		while IFS= read -r -d '' f; do [ ! -f "$f" ] || sha256sum "$f"; done
	# shellcheck disable=SC2046 # a list of package names
	dpkg-query -W $("$here/install-deps.sh" --list) 2>/dev/null || true
	env | grep '^TRACEFS_RELOC_' | grep -Ev '^TRACEFS_RELOC_(FRESH|OUT)=' | sort || true
} | sha256sum | cut -d' ' -f1)
cache=$TR_CACHE/host-tests
if [ -z "${TRACEFS_RELOC_FRESH:-}" ] && [ -f "$cache/$key.tap" ]; then
	head -n 1 "$cache/$key.tap"
	echo "# reused: every input is the same as in the run of $(cat "$cache/$key.date") (TRACEFS_RELOC_FRESH=1 runs the tests)"
	tail -n +2 "$cache/$key.tap"
	exit "$(cat "$cache/$key.rc")"
fi

mkdir -p "$cache"
tap=$(mktemp)
trap 'rm -f "$tap"' EXIT
set +e
{
	rc=0
	echo "TAP version 13"
	for t in "$here"/tests/test-*.sh; do
		name=$(basename "$t")
		echo "# $name"
		t0=$SECONDS
		out=$(mktemp)
		trc=0
		bash "$t" >"$out" || trc=$?
		cat "$out"
		# a file that stopped before its end (set -e, a crash) lost the
		# points after that: a failure of its own
		if grep -qx '# tap_done' "$out"; then
			echo "ok - $name: ran to its end ($(grep -c '^ok ' "$out") ok, $(grep -c '^not ok ' "$out") not ok)"
		else
			echo "not ok - $name: stopped before its end (exit $trc), the points after that are missing"
			trc=1
		fi
		rm -f "$out"
		[ "$trc" = 0 ] || rc=1
		echo "# $name: $((SECONDS - t0)) s"
	done
	exit "$rc"
} | awk '/^(not )?ok / { n++; sub(/^ok /, "ok " n " "); sub(/^not ok /, "not ok " n " ") } { print } END { print "1.." n }' |
	tee "$tap"
rc=${PIPESTATUS[0]}
set -e
rm -f "$cache"/*.tap "$cache"/*.date "$cache"/*.rc
cp "$tap" "$cache/$key.tap"
date -u '+%Y-%m-%d %H:%M UTC' >"$cache/$key.date"
echo "$rc" >"$cache/$key.rc"
exit "$rc"
