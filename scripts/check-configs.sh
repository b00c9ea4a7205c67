#!/usr/bin/env bash
# check-configs.sh: build baseline and patched in each configuration
# combination of kernel/config/combos (tinyconfig + kernel/config/*.config +
# the combination) and compare: the patched tree must build wherever the
# baseline does, with no warning the baseline does not have. Prints TAP
# lines; writes $TR_OUT/configs/table.tsv (combination, tree, build result,
# warnings) and the build logs beside it.
#   check-configs.sh [NAME...]   only these combinations (default: all)
# A combination the baseline cannot configure (an option it asks for does
# not survive olddefconfig, e.g. DEBUG_FS=n while blktrace selects it) is
# reported as such; the patched tree must then configure and build it.
# One version: TR_VERSION (check-configs-all.sh runs it for each).
set -euo pipefail
export LC_ALL=C
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

B=$TR_VERSION-baseline P=$TR_VERSION-patched
out=$TR_OUT/configs
mkdir -p "$out"
if [ $# -gt 0 ]; then
	names=("$@")
else
	mapfile -t names < <(tr_combos "$TR_VERSION")
fi
[ ${#names[@]} -gt 0 ] || tr_die "no configuration combinations in kernel/config/combos"


# The series' C files, compiled again on their own in a finished build of
# ID, so that their warnings are in both trees' lists whatever a seeded
# (incremental) build happened to recompile.
touched=()
mapfile -t touched < <(git -C "$(tr_src "$P")" diff --name-only base HEAD -- '*.c' ':!tools/')
touched_log() {
	local id=$1 build objs=() f
	build=$(tr_build "$id")
	: >"$out/$id.touched.log"
	for f in "${touched[@]}"; do
		# Only objects this configuration links: a build started from a
		# copy of another configuration's keeps that one's objects.
		ar t "$build/$(dirname "$f")/built-in.a" 2>/dev/null | grep -qxF "${f%.c}.o" || continue
		rm -f "$build/${f%.c}.o"
		objs+=("${f%.c}.o")
	done
	[ ${#objs[@]} -gt 0 ] || return 0
	make -C "$(tr_src "$id")" O="$(basename "$build")" -s -j"$(nproc)" CC="ccache gcc" HOSTCC="ccache gcc" "${objs[@]}" >"$out/$id.touched.log" 2>&1 ||
		echo "error: compiling ${objs[*]} on their own failed" >>"$out/$id.touched.log"
}

tr_kbuild_env
table=$out/table.tsv
# merge_row ROW: put one combination's row for one tree into the table
# now (a run stopped half way keeps what it finished).
merge_row() {
	local name tree
	IFS=$'\t' read -r name tree _ <<<"$1"
	touch "$table"
	{
		awk -F'\t' -v n="$name" -v t="$tree" '!($1 == n && $2 == t)' "$table"
		printf '%s\n' "$1"
	} | sort >"$table.new"
	mv "$table.new" "$table"
}
for name in "${names[@]}"; do
	[ -n "$(tr_variant_frags "cfg-$name" "$TR_VERSION")" ] || tr_die "no combination $name (kernel/config/combos/$name.config)"
	declare -A result=()
	for tree in $B $P; do
		id=$tree-cfg-$name
		log=$out/$id.log
		start=$(date +%s)
		if "$TR_TOP/scripts/build-kernel.sh" "$id" >"$log" 2>&1; then
			result[$tree]=built
		elif grep -q 'did not survive olddefconfig' "$log"; then
			result[$tree]=unreachable
		else
			result[$tree]=failed
		fi
		secs=$(($(date +%s) - start))
		blog=$(tr_build "$id")/build.log
		if [ "${result[$tree]}" != unreachable ] && [ -f "$blog" ]; then
			touched_log "$id"
			"$TR_TOP/scripts/build-warnings.sh" "$(tr_src "$id")" "$blog" "$out/$id.touched.log" >"$out/$id.warnings"
		else
			: >"$out/$id.warnings"
		fi
		merge_row "$(printf '%s\t%s\t%s\t%s\t%s' "$name" "$tree" "${result[$tree]}" \
			"$(wc -l <"$out/$id.warnings")" "$secs")"
		echo "# $id: ${result[$tree]} in $secs s ($(wc -l <"$out/$id.warnings") warning lines; log $log)"
	done
	b=${result[$B]} p=${result[$P]}
	why=""
	case $p in
	built) ;;
	unreachable) why="patched cannot configure it: $(grep -E '^ +(# )?CONFIG_' "$out/$P-cfg-$name.log" | tr -s ' ' | paste -sd, -)" ;;
	failed) why="patched build failed: $(grep -m1 -E 'error:|Error' "$out/$P-cfg-$name.log" || tail -n 1 "$out/$P-cfg-$name.log")" ;;
	esac
	if [ -z "$why" ]; then
		echo "ok - configs ($TR_VERSION): $name: patched builds (baseline: $b)"
	else
		echo "not ok - configs ($TR_VERSION): $name: $why (baseline: $b)"
		tail -n 15 "$out/$P-cfg-$name.log" | sed 's/^/#   /'
	fi
	if [ "$b" = built ] && [ "$p" = built ]; then
		new=$(comm -13 "$out/$B-cfg-$name.warnings" "$out/$P-cfg-$name.warnings")
		if [ -z "$new" ]; then
			echo "ok - configs ($TR_VERSION): $name: no new warning ($(wc -l <"$out/$P-cfg-$name.warnings") in patched, $(wc -l <"$out/$B-cfg-$name.warnings") in baseline)"
		else
			echo "not ok - configs ($TR_VERSION): $name: new warnings"
			echo "$new" | sed 's/^/#   /'
		fi
	elif [ "$p" = built ]; then
		# Nothing to compare with: the patched tree's warnings must be
		# ones the baseline's default configuration has too.
		new=$(comm -13 <("$TR_TOP/scripts/build-warnings.sh" "$(tr_src "$B")" "$(tr_build "$B")/build.log") "$out/$P-cfg-$name.warnings")
		if [ -z "$new" ]; then
			echo "ok - configs ($TR_VERSION): $name: no warning the baseline's default configuration lacks (baseline cannot build $name)"
		else
			echo "not ok - configs ($TR_VERSION): $name: warnings (baseline cannot build $name to compare)"
			echo "$new" | sed 's/^/#   /'
		fi
	fi
	unset result
done
