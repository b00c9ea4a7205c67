#!/usr/bin/env bash
# run-ftracetest.sh: run the kernel's own ftrace selftests
# (tools/testing/selftests/ftrace from each kernel's tree) in the guest on
# every kernel (scenario "tracefs"), side by side, then compare within each
# version: one TAP test point per case, failing when a case passes on
# baseline but not on patched. A kernel's run is reused while its kernel image, its selftests,
# the scenario and the guest image apart from tools-check/ and compat/ are
# unchanged (the report says so). Each guest's console gets a point
# kernel_log_clean (scripts/scan-kernel-log.sh), on reuse as well.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

out=$TR_OUT/ftracetest
mkdir -p "$out" "$TR_CACHE/ftracetest"
# TRACEFS_RELOC_FTRACETEST_KERNELS: other kernels than every version's
# baseline and patched; TRACEFS_RELOC_FTRACETEST_CASES: some .tc files
# only (paths under the ftracetest directory). For the splat fixtures'
# test: a kernel that prints a splat during ftracetest fails its
# kernel_log_clean point here.
kernels=${TRACEFS_RELOC_FTRACETEST_KERNELS:-$TR_KERNELS}
cases=${TRACEFS_RELOC_FTRACETEST_CASES:-}
# the comparisons of baseline and patched, per version (none for other kernels)
versions=$TR_VERSIONS
[ -z "${TRACEFS_RELOC_FTRACETEST_KERNELS:-}" ] || versions=""

# The guest's TSC frequency. Under TCG on a loaded host the kernel fails to
# calibrate the TSC against the PIT (there is no HPET or PM timer without
# ACPI), marks it unstable and falls back to jiffies for sched_clock().
# The hwlat tracer then spins with interrupts off until sched_clock()
# advances, which it never does: "Basic test for tracers" hung the guest
# on both 6.12 kernels (measured 2026-12-05). Without icount TCG's TSC is
# the host's, so tsc_early_khz gives the guest the host's frequency.
tsc_khz=$(awk -F': *' '/^cpu MHz/ {printf "%d\n", $2 * 1000; exit}' /proc/cpuinfo)
tsc_args=()
[ -z "$tsc_khz" ] || tsc_args=(-a "tsc_early_khz=$tsc_khz")

run_kernel() {
	local k=$1 dir key cached
	dir=$(tr_src "$k")/tools/testing/selftests/ftrace
	key=$( {
		echo "${tsc_args[*]} $cases"
		sha256sum "$(tr_bzimage "$k")" "$TR_TOP/qemu-env/scenarios/tracefs.env" | cut -d' ' -f1
		cat "$TR_CACHE/guest/initramfs.cpio.gz.base.sha256"
		git -C "$(tr_src "$k")" rev-parse HEAD:tools/testing/selftests/ftrace
	} | sha256sum | cut -d' ' -f1)
	cached=$TR_CACHE/ftracetest/$k.$key
	if [ -s "$cached.txt" ] && [ -s "$cached.console" ] && [ -z "${TRACEFS_RELOC_FRESH:-}" ]; then
		cp "$cached.txt" "$out/$k.txt"
		cp "$cached.console" "$out/$k.console"
		echo "cached" >"$out/$k.source"
		return 0
	fi
	rm -f "$TR_CACHE/ftracetest/$k".*
	"$TR_TOP/qemu-env/run-guest.sh" -q -k "$k" -s tracefs -t 1200 "${tsc_args[@]}" -c "$dir" \
		-o "$out/$k.txt" -l "$out/$k.console" -- \
		sh -c "cd '$dir' && ./ftracetest -l /tmp/ftlogs $cases" 2>"$out/$k.err" || true
	if grep -q '^# of passed:' "$out/$k.txt"; then
		cp "$out/$k.txt" "$cached.txt"
		cp "$out/$k.console" "$cached.console"
		echo "run $(date -u '+%Y-%m-%d %H:%M UTC')" >"$out/$k.source"
	else
		echo "ran, no summary" >"$out/$k.source"
		cat "$out/$k.err" >&2
	fi
}

# Two guests per core (each has one vCPU): one guest alone keeps its core
# busy only 72% of the time (6.12-patched alone: 307 s wall, 224 s of CPU;
# ftracetest sleeps), so two at a time on two cores left a core idle a
# third of the time and the last kernel alone.
jobs=${TRACEFS_RELOC_FTRACETEST_JOBS:-$(($(nproc) * 2))}
[ "$jobs" -ge 1 ] 2>/dev/null || tr_die "TRACEFS_RELOC_FTRACETEST_JOBS must be a number of guests, 1 or more (got '$jobs')"
for k in $kernels; do
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
		wait -n || true
	done
	run_kernel "$k" &
done
wait

# kernel <TAB> case number <TAB> case <TAB> result
for k in $kernels; do
	"$TR_TOP/scripts/ftracetest-cases.sh" "$k" "$out/$k.txt"
done >"$out/results.tsv"

# A case that passed on baseline and not on patched is run again on patched,
# alone, three times in one boot: timing-sensitive cases (the wakeup tracer
# ones) have failed once under the load of two guests on two cores (four
# run at once now). It is a regression unless it passes all three times;
# the outcome is reported.
rm -f "$out"/rerun.*
rerun() {
	local v=$1 dir desc tc cmd=""
	local -a regressed keys=()
	: >"$out/rerun.$v.tsv"
	mapfile -t regressed < <("$TR_TOP/scripts/ftracetest-compare.sh" -r "$v" "$out/results.tsv")
	[ "${#regressed[@]}" -gt 0 ] || return 0
	dir=$(tr_src "$v-patched")/tools/testing/selftests/ftrace
	for desc in "${regressed[@]}"; do
		# a case without its file stays a regression, without a rerun
		tc=$("$TR_TOP/scripts/ftracetest-case-file.sh" "$dir" "$desc") || continue
		# the guest prints "### I" before each run of the Ith case
		cmd="$cmd echo '### ${#keys[@]}'; ./ftracetest $tc;"
		keys+=("$desc")
	done
	[ "${#keys[@]}" -gt 0 ] || return 0
	"$TR_TOP/qemu-env/run-guest.sh" -q -k "$v-patched" -s tracefs -t 900 "${tsc_args[@]}" -c "$dir" \
		-o "$out/rerun.$v.txt" -l "$out/rerun.$v.console" -- \
		sh -c "cd '$dir' && for i in 1 2 3; do $cmd done" \
		2>"$out/rerun.$v.err" || true
	"$TR_TOP/scripts/ftracetest-rerun-tally.sh" "$out/rerun.$v.txt" "${keys[@]}" >"$out/rerun.$v.tsv"
}
for v in $versions; do
	rerun "$v"
done

echo "TAP version 13"
for k in $kernels; do
	n=$(awk -F'\t' -v k="$k" '$1 == k' "$out/results.tsv" | wc -l)
	# the plan: every .tc case of the tree's test.d has a result, and
	# those flagged "instance" a second one, run in an instance
	td=$(tr_src "$k")/tools/testing/selftests/ftrace/test.d
	planned=$(($(find "$td" -name '*.tc' | wc -l) + $(grep -rlE '^#[[:space:]]*flags:.*instance' --include='*.tc' "$td" | wc -l)))
	if [ "$n" = "$planned" ]; then
		echo "ok - ftracetest ran on $k: $n of $planned cases ($(cat "$out/$k.source"))"
	else
		echo "not ok - ftracetest ran on $k: $n of $planned cases ($(cat "$out/$k.source"))"
	fi
done
# The cases the series edits or adds must pass on patched, not merely do
# no worse than on baseline (where they may fail for want of the series).
edited_cases() {
	local v=$1 dir tc desc got
	dir=$(tr_src "$v-patched")/tools/testing/selftests/ftrace
	for tc in $(tr_series_patches "$v" | xargs sed -n 's#^+++ b/tools/testing/selftests/ftrace/\(test\.d/.*\.tc\)$#\1#p' | sort -u); do
		desc=$(sed -n 's/^#[[:space:]]*description:[[:space:]]*//p' "$dir/$tc" | head -n 1)
		got=$(awk -F'\t' -v k="$v-patched" -v d="$desc" '$1 == k {
				c = $3; sub(/^\(instance\) +/, "", c); sub(/ \[[0-9]+\]$/, "", c); sub(/^ +/, "", c)
				if (c == d) printf "%s%s", (n++ ? ", " : ""), $4 }' "$out/results.tsv")
		if [ -n "$got" ] && ! printf '%s\n' "$got" | tr ',' '\n' | grep -qvx ' *PASS'; then
			echo "ok - ftracetest case the series edits passes on $v-patched: $tc ($got)"
		else
			echo "not ok - ftracetest case the series edits passes on $v-patched: $tc (${got:-no result for: $desc})"
		fi
	done
}
for v in $versions; do
	edited_cases "$v"
done

# Every guest's console, cached or not, is scanned with today's scanner:
# a splat during the selftests fails like one in the matrix.
log_clean() {
	local scan
	if scan=$("$TR_TOP/scripts/scan-kernel-log.sh" "$1"); then
		echo "ok - ftracetest kernel_log_clean: $2"
	else
		echo "not ok - ftracetest kernel_log_clean: $2"
		printf '%s\n' "$scan" | sed 's/^/#   /'
	fi
}
for k in $kernels; do
	log_clean "$out/$k.console" "$k"
done
for v in $versions; do
	[ ! -f "$out/rerun.$v.txt" ] || log_clean "$out/rerun.$v.console" "$v-patched, the regressed cases run again"
	"$TR_TOP/scripts/ftracetest-compare.sh" "$v" "$out/results.tsv" "$out/rerun.$v.tsv"
done
