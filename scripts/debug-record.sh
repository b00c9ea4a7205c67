#!/usr/bin/env bash
# debug-record.sh: the debug kernels' evidence (KASAN, lockdep, kmemleak,
# fault injection; scenarios stress and delegated-debug) travels with the series, as
# kernel/<version>/bisect.tap does: make check cannot afford two KASAN
# builds cold, so make check-debug records what they ran and make check
# verifies the record.
#
#   debug-record.sh key VERSION
#       the record's key, one "name value" line per part: the series (git
#       patch-id --stable of each patch, in order: a reworded or renumbered
#       patch is the same code), the config fragments of the debug kernel
#       (tinyconfig's fragments and the debug ones), and the version of the
#       linux-source package the trees are unpacked from.
#   debug-record.sh write VERSION RESULTS_TSV
#       kernel/VERSION/debug.tap from the evaluated points (evaluate.sh's
#       rows) of VERSION's debug kernels in RESULTS_TSV, headed by the key.
#       Fails when RESULTS_TSV has no point of VERSION-patched-debug.
#   debug-record.sh verify VERSION
#       one TAP point: ok when kernel/VERSION/debug.tap exists, its key is
#       today's, it holds points of VERSION-patched-debug and every point
#       of it is ok; otherwise not ok, saying which and naming the command
#       that makes a new record.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: debug-record.sh key|verify VERSION, or write VERSION RESULTS_TSV" >&2; exit 2; }
cmd=${1:-}
ver=${2:-}
if [ -z "$cmd" ] || [ -z "$ver" ]; then usage; fi
[ -f "$TR_TOP/kernel/$ver/package" ] || { echo "debug-record.sh: no kernel version $ver (kernel/$ver/package)" >&2; exit 2; }
# (TRACEFS_RELOC_DEBUG_RECORD: another file, for the tests of this script)
record=${TRACEFS_RELOC_DEBUG_RECORD:-$TR_TOP/kernel/$ver/debug.tap}
again="make check DEBUG_VERSIONS=$ver (or make check-debug)"

key() {
	local pkg p series=""
	local -a patches frags
	mapfile -t patches < <(tr_series_patches "$ver")
	mapfile -t frags < <(tr_frags "$ver"; tr_variant_frags debug "$ver")
	for p in "${patches[@]}"; do
		series="$series $(git patch-id --stable <"$p" | cut -d' ' -f1)"
	done
	pkg=$(tr_vget "$ver" package)
	echo "patches ${#patches[@]}"
	echo "series $(printf '%s\n' "$series" | sha256sum | cut -d' ' -f1)"
	echo "config $(tr_hash_files "${frags[@]}")"
	echo "package $pkg $(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null || echo not-installed)"
}

case $cmd in
key) key ;;
write)
	tsv=${3:?usage: debug-record.sh write VERSION RESULTS_TSV}
	rows=$(awk -F'\t' -v v="$ver" '$1 == v "-patched-debug" || $1 == v "-baseline-debug"' "$tsv")
	printf '%s\n' "$rows" | grep -q "^$ver-patched-debug"$'\t' ||
		tr_die "no point of $ver-patched-debug in $tsv: nothing to record"
	{
		echo "# The debug kernels' run of kernel/$ver/patches (scripts/debug-record.sh; KASAN,"
		echo "# lockdep, kmemleak, fault injection: scenarios stress and delegated-debug), written by the make check that booted them."
		echo "# make check verifies it: the key below must be today's and every point of"
		echo "# $ver-patched-debug ok. The baseline's points are there to compare."
		key | sed 's/^/# key: /'
		echo "# recorded: $(date -u '+%Y-%m-%d %H:%M UTC')"
		echo "# checks: tools-check/ $(cd "$TR_TOP" && find tools-check -type f -print0 | sort -z |
			xargs -0 sha256sum | sha256sum | cut -d' ' -f1)"
		printf '%s\n' "$rows" | awk -F'\t' '{
			ok = ($6 == "PASS" || $6 == "XFAIL") ? "ok" : "not ok"
			note = $6 == "XFAIL" ? " # xfail: " $7 : ($6 == "PASS" ? "" : " # " $6 ($7 != "" ? ": " $7 : ""))
			print ok " - " $1 "/" $2 "/" $3 note }'
	} >"$record"
	echo "wrote $record: $(grep -c '^ok' "$record") ok, $(grep -c '^not ok' "$record") not ok"
	;;
verify)
	t="debug record ($ver, kernel/$ver/debug.tap)"
	if [ -z "$(tr_series_patches "$ver")" ]; then
		echo "not ok - $t: kernel/$ver/patches/series names no patch: nothing to vouch for"
		exit 1
	fi
	if [ ! -f "$record" ]; then
		echo "not ok - $t: missing: run $again"
		exit 1
	fi
	stale=""
	while read -r name value; do
		was=$(sed -n "s/^# key: $name //p" "$record")
		[ "$was" = "$value" ] || stale="$stale; $name was '${was:-none}', now '$value'"
	done < <(key)
	when=$(sed -n 's/^# recorded: //p' "$record")
	if [ -n "$stale" ]; then
		echo "not ok - $t: stale (recorded $when)${stale}: run $again"
		exit 1
	fi
	n=$(grep -c "^ok - $ver-patched-debug/" "$record" || true)
	bad=$(grep "^not ok - $ver-patched-debug/" "$record" || true)
	if [ "$(grep -c "^\(not \)\?ok - $ver-patched-debug/" "$record" || true)" = 0 ]; then
		echo "not ok - $t: no point of $ver-patched-debug in it: run $again"
		exit 1
	fi
	if [ -n "$bad" ]; then
		echo "not ok - $t: $(printf '%s\n' "$bad" | wc -l) point(s) of $ver-patched-debug failed (recorded $when): fix them and run $again"
		printf '%s\n' "$bad" | sed 's/^/#   /'
		exit 1
	fi
	echo "ok - $t: $n points of $ver-patched-debug ok, for this series, config and package (recorded $when)"
	;;
*) usage ;;
esac
