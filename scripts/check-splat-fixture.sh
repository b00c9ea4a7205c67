#!/usr/bin/env bash
# check-splat-fixture.sh VERSION NAME: build the version's patched tree plus
# the broken patch kernel/VERSION/fixtures/NAME/fixture.patch, boot it through the fixture's check
# groups with the matrix runner, evaluate and report as make check does,
# and print TAP: the cell must fail its kernel_log_clean point, the report's
# Problems section must show the splat (EXPECT_SPLAT), and the run's totals
# must count the failure. The tree is $TR_CACHE/trees/VERSION-fixture-NAME.
# --build-only: prepare the tree and build the kernel, nothing else
# (check.sh does so in its builds phase, where no guest runs beside it).
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

build_only=0
[ "${1:-}" != --build-only ] || { build_only=1; shift; }
ver=${1:?usage: check-splat-fixture.sh [--build-only] VERSION NAME}
name=${2:?usage: check-splat-fixture.sh VERSION NAME}
fx=$TR_TOP/kernel/$ver/fixtures/$name
[ -f "$fx/fixture.patch" ] && [ -f "$fx/fixture.env" ] || tr_die "no fixture $fx"
VARIANT="" CHECK_GROUPS="" EXPECT_SPLAT=""
# shellcheck source=/dev/null
. "$fx/fixture.env"
id=$ver-fixture-$name${VARIANT:+-$VARIANT}
src=$(tr_src "$id")

# The tree: pristine + the series + the fixture, committed (so that
# build-kernel.sh can tell when nothing changed).
mapfile -t series < <(tr_series_patches "$ver")
want=$(tr_series_hash "$ver" "$fx/fixture.patch")
stamp=$(dirname "$src")/fixture.sha256
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ] || [ ! -e "$src/.git" ]; then
	rm -f "$stamp"
	tr_worktree_at_base "$id"
	for p in "${series[@]}"; do
		tr_git -C "$src" am -q "$p" || tr_die "series patch $(basename "$p") does not apply in $src"
	done
	tr_git -C "$src" apply --index "$fx/fixture.patch" || tr_die "fixture $name does not apply on the series"
	tr_git -C "$src" commit -q -m "fixture: $name"
	echo "$want" >"$stamp"
fi
"$TR_TOP/scripts/build-kernel.sh" "$id" >&2
[ "$build_only" = 0 ] || exit 0

out=$TR_CACHE/fixture-runs/$ver-$name
rm -rf "$out"
mkdir -p "$out"
# The boot is reused while its inputs are unchanged (out/ of this checkout).
TRACEFS_RELOC_OUT=$out TRACEFS_RELOC_NO_EXTRAS=1 TRACEFS_RELOC_CELL_CACHE=$TR_OUT/cell-cache-fixtures \
	"$TR_TOP/scripts/run-matrix.sh" -k "$id" -s both -g "$CHECK_GROUPS" >&2 || true
tr_expectations expected.tsv >"$out/expected.tsv"
"$TR_TOP/scripts/evaluate.sh" "$out/expected.tsv" "$out/results" >"$out/results.tsv"
TRACEFS_RELOC_OUT=$out "$TR_TOP/scripts/report.sh" "$out/results.tsv" "$out/report.md"

verdict=$(awk -F'\t' -v k="$id" '$1 == k && $3 == "kernel_log_clean" {print $6}' "$out/results.tsv")
t="fixture $ver/$name ($DESCRIPTION)"
if [ "$verdict" = FAIL ]; then echo "ok - $t: kernel_log_clean fails"; else
	echo "not ok - $t: kernel_log_clean is '${verdict:-missing}', expected FAIL"; fi
# grep reads all of sed's output (no -q): under pipefail, sed killed by
# SIGPIPE after an early match would fail the pipeline.
if sed -n '/^## Problems/,/^## What the series changes/p' "$out/report.md" | grep -E "$EXPECT_SPLAT" >/dev/null; then
	echo "ok - $t: the report's Problems section shows the splat"
else
	echo "not ok - $t: the report does not show /$EXPECT_SPLAT/"
	grep -E 'BUG|WARNING' "$out/results/$id/both.console" 2>/dev/null | head -n 5 | sed 's/^/#   /'
fi
failed=$(awk -F'\t' '$6 == "FAIL"' "$out/results.tsv" | wc -l)
if [ "$failed" -gt 0 ]; then echo "ok - $t: $failed failing point(s) would fail make check"; else
	echo "not ok - $t: no failing point"; fi
# A fixture on the debug kernel: make check sees its splat through the
# version's debug record (scripts/debug-record.sh), which a debug run with
# the bug present would have written: the record must not verify, and must
# name the splat.
if [ "$VARIANT" = debug ]; then
	sed "s/^$id\t/$ver-patched-debug\t/" "$out/results.tsv" >"$out/as-series.tsv"
	TRACEFS_RELOC_DEBUG_RECORD=$out/debug.tap "$TR_TOP/scripts/debug-record.sh" write "$ver" "$out/as-series.tsv" >/dev/null
	rc=0
	rec=$(TRACEFS_RELOC_DEBUG_RECORD=$out/debug.tap "$TR_TOP/scripts/debug-record.sh" verify "$ver") || rc=$?
	if [ "$rc" = 1 ] && printf '%s\n' "$rec" | grep -E "$EXPECT_SPLAT" >/dev/null; then
		echo "ok - $t: a debug record written with it fails make check, naming the splat"
	else
		echo "not ok - $t: a debug record written with it: verify exited $rc"
		printf '%s\n' "$rec" | head -n 5 | sed 's/^/#   /'
	fi
fi
