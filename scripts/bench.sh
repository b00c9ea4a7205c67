#!/usr/bin/env bash
# bench.sh: for each version, boot its baseline and patched kernels
# alternately (A B A B ...), REPS times
# each, run tools-check/bench/guest-bench.sh under QEMU
# -icount shift=0,sleep=off (the guest clock follows the instruction count
# and skips idle time, so guest-side figures repeat), and summarise
# patched/baseline ratios with min/median/max in out/bench/<version>/: results.csv,
# summary.json, bench.md, bench.svg; then one function_graph profile per
# kernel of instance mkdir/rmdir (tools-check/bench/profile-instance.sh), in
# bench.md too. Each target is judged on a 95% bootstrap interval of the
# ratio (scripts/bench-summary.py): met, missed or not resolved.
#   TRACEFS_RELOC_BENCH_REPS=N   boots per kernel (default 8)
#   TRACEFS_RELOC_BENCH_QUICK=1  3 boots per kernel, a quick look: noisy
#                                figures (instance mkdir/rmdir, about +-2%)
#                                then usually stay "not resolved"
# An explicit TRACEFS_RELOC_BENCH_REPS wins over QUICK.
# Not part of make check.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

quick=${TRACEFS_RELOC_BENCH_QUICK:-0}
case $quick in
0 | "") default_reps=8 ;;
1) default_reps=3 ;;
*) tr_die "TRACEFS_RELOC_BENCH_QUICK must be 1 (or 0), not '$quick'" ;;
esac
reps=${TRACEFS_RELOC_BENCH_REPS:-$default_reps}
[[ $reps =~ ^[1-9][0-9]*$ ]] || tr_die "TRACEFS_RELOC_BENCH_REPS must be a positive number, not '$reps'"
# bench_version VERSION: the boots, profiles and summary of one version.
# results.csv names the kernels by tree (baseline, patched), as
# bench-summary.py expects.
bench_version() {
	local v=$1 out r role k raw t0 t1 csv
	out=$TR_OUT/bench/$v
	mkdir -p "$out/raw"
	csv=$out/results.csv
	echo "rep,kernel,metric,value,unit,clock" >"$csv"
	tr_log "bench $v: $reps boots per kernel$([[ -z ${TRACEFS_RELOC_BENCH_REPS:-} && $quick == 1 ]] && echo ' (quick)' || true)"
	for r in $(seq 1 "$reps"); do
		for role in baseline patched; do
			k=$v-$role
			raw=$out/raw/$k-$r.txt
			t0=$(date +%s.%N)
			"$TR_TOP/qemu-env/run-guest.sh" -q -k "$k" -s bench -t 900 -Q -icount -Q shift=0,sleep=off \
				-o "$raw" -l "$out/raw/$k-$r.console" -- sh /tools-check/bench/guest-bench.sh ||
				tr_die "bench boot $k #$r failed (console: $out/raw/$k-$r.console)"
			t1=$(date +%s.%N)
			grep -q '^BENCH done 1 flag' "$raw" || tr_die "bench $k #$r did not finish: see $raw"
			# figures from a kernel that printed a splat are no figures
			"$TR_TOP/scripts/scan-kernel-log.sh" "$out/raw/$k-$r.console" >/dev/null ||
				tr_die "bench $k #$r: a splat in the kernel log ($("$TR_TOP/scripts/scan-kernel-log.sh" --headers "$out/raw/$k-$r.console" | head -n 1 | cut -f2-); $out/raw/$k-$r.console)"
			awk -v r="$r" -v k="$role" '$1 == "BENCH" && $2 != "done" {printf "%s,%s,%s,%s,%s,icount\n", r, k, $2, $3, $4}' "$raw" >>"$csv"
			printf '%s,%s,boot_run_wall,%.2f,s,wall\n' "$r" "$role" "$(echo "$t1 - $t0" | bc)" >>"$csv"
			tr_log "bench $k #$r/$reps: $(grep -c '^BENCH' "$raw") figures, $(echo "$t1 - $t0" | bc | cut -c1-5) s"
		done
	done

	# One profile per kernel of what instance mkdir/rmdir spend in tracefs.
	: >"$out/profile.tsv"
	for role in baseline patched; do
		k=$v-$role
		"$TR_TOP/qemu-env/run-guest.sh" -q -k "$k" -s bench -t 600 -Q -icount -Q shift=0,sleep=off \
			-o "$out/raw/profile-$k.txt" -l "$out/raw/profile-$k.console" -- sh /tools-check/bench/profile-instance.sh ||
			tr_die "profile boot $k failed"
		"$TR_TOP/scripts/scan-kernel-log.sh" "$out/raw/profile-$k.console" >/dev/null ||
			tr_die "profile boot $k: a splat in the kernel log ($out/raw/profile-$k.console)"
		awk -v k="$role" '$1 == "PROF" {printf "%s\t%s\t%s\t%s\n", k, $2, $3, $4}' "$out/raw/profile-$k.txt" >>"$out/profile.tsv"
	done

	TR_BENCH_VERSION=$v python3 "$TR_TOP/scripts/bench-summary.py" "$csv" "$out" "$TR_OUT/phases.tsv" "$out/profile.tsv"
	sed -i "1s/\$/ ($v)/" "$out/bench.md"
	echo "bench $v: $out/bench.md, $out/summary.json, $out/results.csv, $out/bench.svg"
}

for v in $TR_VERSIONS; do
	bench_version "$v"
done
