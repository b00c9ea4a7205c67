#!/usr/bin/env bash
# check-analyzers.sh: what the kernel test robot runs on the files the series
# touches, in the baseline and the patched tree, compared: W=1 and sparse
# (C=2) on the objects built from touched C files (guest configuration),
# coccicheck in report mode on the same files, kernel-doc on the
# touched C files and headers, the reST checks (docutils) on the touched
# .rst files, and get_abi.pl on the ABI files. A report is "new" when the
# patched tree has it and the baseline (same file, line numbers aside) does
# not. Prints TAP lines; keeps the outputs in $TR_OUT/configs/analyzers/.
# One version: TR_VERSION (check-configs-all.sh runs it for each).
set -euo pipefail
export LC_ALL=C
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

B=$TR_VERSION-baseline P=$TR_VERSION-patched
out=$TR_OUT/configs/analyzers
mkdir -p "$out"
psrc=$(tr_src "$P")
[ -e "$psrc/.git" ] || tr_die "no patched tree at $psrc: run scripts/prepare-tree.sh"
for t in $B $P; do
	[ -f "$(tr_build "$t")/.build.key" ] || tr_die "no finished $t build: run scripts/build-kernel.sh $t"
done
command -v sparse >/dev/null || tr_die "sparse not installed: run scripts/install-deps.sh"
command -v spatch >/dev/null || tr_die "coccinelle (spatch) not installed: run scripts/install-deps.sh"

mapfile -t touched < <(git -C "$psrc" diff --name-only base HEAD -- . ':!tools' ':!Documentation/ABI' | sort)
mapfile -t cfiles < <(printf '%s\n' "${touched[@]}" | grep '\.c$' || true)
mapfile -t hfiles < <(printf '%s\n' "${touched[@]}" | grep '\.h$' || true)
mapfile -t rstfiles < <(printf '%s\n' "${touched[@]}" | grep '\.rst$' || true)
echo "# touched ($TR_VERSION): ${#cfiles[@]} C files, ${#hfiles[@]} headers, ${#rstfiles[@]} reST files"

# compare TOOL: ok when the patched output has no line the baseline's lacks.
compare() {
	local tool=$1 new
	new=$(comm -13 "$out/$B.$tool" "$out/$P.$tool")
	if [ -z "$new" ]; then
		echo "ok - analyzers ($TR_VERSION): $tool: no new report ($(wc -l <"$out/$P.$tool") in patched, $(wc -l <"$out/$B.$tool") in baseline)"
	else
		echo "not ok - analyzers ($TR_VERSION): $tool: $(echo "$new" | wc -l) new report(s)"
		printf '%s\n' "$new" | sed 's/^/#   /'
	fi
}

# A tree's results stand while the tree's content, the list of touched
# files, this script and the tools are the same: a series change that
# only rewords commit messages, or leaves the baseline alone, reruns
# nothing there (coccicheck takes about 25 minutes per tree on 2 cores).
tools_key=$( {
	cat "$0"
	printf '%s\n' "${touched[@]}"
	gcc --version | head -n 1
	sparse --version
	spatch --version | head -n 1
} | sha256sum | cut -d' ' -f1)
for t in $B $P; do
	src=$(tr_src "$t")
	build=$(tr_build "$t")
	scratch=$src/build-analyze
	start=$(date +%s)
	key="$(git -C "$src" rev-parse 'HEAD^{tree}') $(cut -d' ' -f2- "$build/.build.key") $tools_key"
	if [ "$(cat "$out/$t.key" 2>/dev/null)" = "$key" ] &&
		(for tool in w1-sparse.log w1-sparse coccicheck kernel-doc rest abi; do [ -f "$out/$t.$tool" ] || exit 1; done); then
		echo "# $t: tree, configuration and tools unchanged since $(date -u -r "$out/$t.key" '+%Y-%m-%d %H:%M UTC'): results kept"
		continue
	fi
	rm -f "$out/$t.key"
	# A copy of the tree's finished build, so that W=1 and C=2 rebuild only
	# the objects asked for and leave the real build alone.
	rm -rf "$scratch"
	cp -a "$build" "$scratch"
	objs=()
	for f in "${cfiles[@]}"; do
		[ -f "$src/$f" ] || continue
		o=${f%.c}.o
		# only objects this configuration builds
		[ -f "$build/$(dirname "$o")/.$(basename "$o").cmd" ] && objs+=("$o")
	done
	kmake=(make -C "$src" O=build-analyze -j"$(nproc)" CC="ccache gcc" HOSTCC="ccache gcc")
	CCACHE_DIR=${CCACHE_DIR:-$TR_CACHE/ccache} "${kmake[@]}" W=1 C=2 "${objs[@]}" >"$out/$t.w1-sparse.log" 2>&1 ||
		echo "# $t: make W=1 C=2 failed (see $out/$t.w1-sparse.log)"
	grep -E '(warning|error):' "$out/$t.w1-sparse.log" | tr_norm_reports "$src" >"$out/$t.w1-sparse" || true
	# coccicheck in report mode as the checker of the same objects (the
	# per-file form scripts/coccicheck documents); C=2 runs it on objects
	# that are up to date.
	"${kmake[@]}" C=2 CHECK="$src/scripts/coccicheck" MODE=report "${objs[@]}" >"$out/$t.coccicheck.log" 2>&1 ||
		echo "# $t: coccicheck failed (see $out/$t.coccicheck.log)"
	grep -E '^[^ ]+\.[ch]:[0-9]+' "$out/$t.coccicheck.log" | tr_norm_reports "$src" >"$out/$t.coccicheck" || true
	# kernel-doc on touched C files and headers
	(cd "$src" && for f in "${cfiles[@]}" "${hfiles[@]}"; do
		[ -f "$f" ] && scripts/kernel-doc -none "$f" 2>&1
	done) | tr_norm_reports "$src" >"$out/$t.kernel-doc" || true
	# reST: docutils parses each touched file; Sphinx-only directives and
	# roles are reported as unknown in both trees alike.
	(cd "$src" && for f in "${rstfiles[@]}"; do
		[ -f "$f" ] && python3 -m docutils --report=2 --halt=5 "$f" /dev/null 2>&1
	done) | tr_norm_reports "$src" >"$out/$t.rest" || true
	# ABI files: the kernel's own validator
	(cd "$src" && scripts/get_abi.pl validate --dir Documentation/ABI 2>&1 &&
		scripts/get_abi.pl rest --dir Documentation/ABI 2>&1 >/dev/null) | tr_norm_reports "$src" >"$out/$t.abi" || true
	rm -rf "$scratch"
	echo "$key" >"$out/$t.key"
	echo "# $t: ${#objs[@]} objects, $(($(date +%s) - start)) s"
done

for tool in w1-sparse coccicheck kernel-doc rest abi; do
	compare "$tool"
done
# The analyzers must have run at all: sparse and W=1 name every object.
for t in $B $P; do
	n=$(grep -cE '^ +CHECK ' "$out/$t.w1-sparse.log" || true)
	if [ "$n" -gt 0 ]; then
		echo "ok - analyzers ($TR_VERSION): sparse checked $n objects in $t"
	else
		echo "not ok - analyzers ($TR_VERSION): sparse checked nothing in $t (see $out/$t.w1-sparse.log)"
	fi
done
