#!/usr/bin/env bash
# run-matrix.sh [-k "KERNELS"] [-s "SCENARIOS"] [-c "KERNEL:SCENARIO..."]
#               [-g "GROUPS"] [-j JOBS] [-a]: boot
# every kernel x scenario once (or, with -c, the cells listed), run the check
# groups in the guest (by default
# the scenario's CHECK_GROUPS), keep the TAP under
# out/results/<kernel>/<scenario>.tap and the console logs beside it.
# The debug kernels ($TRACEFS_RELOC_DEBUG_KERNELS, default both; none with
# -k or -s) boot through scenarios stress and delegated-debug only (the
# delegated set-up's policy checks under KASAN and lockdep), the plain patched kernels
# also through scenario concurrency (the stress group without the debug
# config's fault injection; none with -k, -s or -c). -a adds the debug
# kernels' cells to the results of an earlier run, and boots nothing else.
# Guests run JOBS at a time (default: CPUs + 1, as guests often sleep; each has one
# vCPU under TCG); host-root cells at most CPUs at a time
# (TRACEFS_RELOC_HOST_JOBS).
# A cell whose inputs (kernel image, guest image, files put into the guest,
# scenario, check groups, tools-check/ and qemu-env/, the version's
# provides, timeout, QEMU's version, and for host-root cells every
# installed package's version) are the same as in an earlier run (of any
# clone: the cache is the machine's) is not booted again: what the guest
# printed (TAP, console, exit status) is reused from $TR_CACHE/cell-cache/
# and marked so in <cell>.source and the report. What is judged from it
# (the points boot and kernel_log_clean) is judged again on every run,
# with today's scripts/scan-kernel-log.sh.
# TRACEFS_RELOC_FRESH=1 (make check FRESH=1) boots every cell.
# A scenario's HOST_ROOT_GROUPS (the BPF and osnoise front-ends) run in a
# second boot of their own, cell SCENARIO@host, in the host's userspace
# (run-guest.sh --host-root), for the newest version's (or KVER's)
# baseline and patched kernels in every scenario that names them: bcc
# compiles each tool with LLVM under TCG, about 125 s a cell with two
# side by side and nothing else running (6.12-patched, 2026-12-06).
# TRACEFS_RELOC_HOST_ROOT_VERSIONS="6.1 6.12" (make check-debug: every
# version) names the versions; TRACEFS_RELOC_HOST_ROOT_SCENARIOS a subset
# of the scenarios (default "all": every scenario with HOST_ROOT_GROUPS);
# TRACEFS_RELOC_HOST_ROOT_BASELINE_SCENARIOS the baseline kernels' subset
# of those (default "all"); TRACEFS_RELOC_HOST_ROOT=0 leaves those cells
# out.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

kernels=$TR_KERNELS
scenarios=${TRACEFS_RELOC_SCENARIOS:-"tracefs debugfs-only both debugfs-no-mount debugfs-off compat-view debugfs-legacy delegated"}
# The debug kernels boot twice each: the stress scenario, and
# delegated-debug (the delegated set-up and its policy checks: what a member
# of the tracing group may and may not do, under KASAN and lockdep).
debug_kernels=${TRACEFS_RELOC_DEBUG_KERNELS-$TR_DEBUG_KERNELS}
debug_scenarios="stress delegated-debug"
# The plain patched kernels boot through these as well.
patched_scenarios=concurrency
groups=""
jobs=${TRACEFS_RELOC_JOBS:-$(($(nproc) + 1))}
append="" cell_list=""
while getopts k:s:c:g:j:a opt; do
	case $opt in
	k) kernels=$OPTARG debug_kernels="" patched_scenarios="" ;;
	s) scenarios=$OPTARG debug_kernels="" patched_scenarios="" ;;
	c) cell_list=$OPTARG debug_kernels="" patched_scenarios="" ;;
	g) groups=$OPTARG ;;
	j) jobs=$OPTARG ;;
	a) append=1 ;;
	*) exit 2 ;;
	esac
done
[ -z "$append" ] || kernels="" scenarios=""

res=$TR_OUT/results
cellcache=${TRACEFS_RELOC_CELL_CACHE:-$TR_CACHE/cell-cache}
[ -n "$append" ] || rm -rf "$res"
[ -z "${TRACEFS_RELOC_FRESH:-}" ] || rm -rf "$cellcache"
# What every cell runs: the guest side of the project (the expectations
# are the host's, and editing them boots nothing again).
# (relative paths: a clone elsewhere of the same files has the same key)
common_key=$( {
	cd "$TR_TOP" && find tools-check qemu-env -type f ! -name 'expected*.tsv' -print0 | sort -z | xargs -0 sha256sum
	qemu-system-x86_64 --version | head -n 1
} | sha256sum | cut -d' ' -f1)
# Host-root cells run this machine's userspace: every installed package
# (bcc's LLVM, libbpf, libtracefs, util-linux, ...) is part of their key.
host_pkgs_key=$(dpkg-query -W -f='${Package} ${Version} ${Architecture}\n' | LC_ALL=C sort | sha256sum | cut -d' ' -f1)

# cells: "kernel scenario" pairs, one boot each.
cells=()
if [ -n "$cell_list" ]; then
	scenarios="" kernels=""
	for c in $cell_list; do
		[[ $c == *:* ]] || tr_die "-c takes KERNEL:SCENARIO pairs, not '$c'"
		cells+=("${c%%:*} ${c#*:}")
		[[ " $kernels " == *" ${c%%:*} "* ]] || kernels="$kernels ${c%%:*}"
	done
fi
# The plain patched kernels' own scenarios first: their cells are the
# longest of the busybox ones (the stress loops).
for s in $patched_scenarios; do
	for k in $kernels; do
		[ "$(tr_role "$k")" != patched ] || [ -n "$(tr_variant "$k")" ] || cells+=("$k $s")
	done
done
# in_list LIST WORD: WORD is one of LIST's words, or LIST is "all".
in_list() { [ "$1" = all ] || [[ " $1 " == *" $2 "* ]]; }
host_groups_of() { tr_env_get "$TR_TOP/qemu-env/scenarios/$1.env" HOST_ROOT_GROUPS; }
for s in $scenarios; do
	for k in $kernels; do
		cells+=("$k $s")
	done
	if [ -n "$groups" ] || [ "${TRACEFS_RELOC_HOST_ROOT:-1}" = 0 ] || [ -z "$(host_groups_of "$s")" ]; then
		continue
	fi
	for k in $kernels; do
		in_list "${TRACEFS_RELOC_HOST_ROOT_VERSIONS:-$TR_VERSION}" "$(tr_version "$k")" || continue
		in_list "${TRACEFS_RELOC_HOST_ROOT_SCENARIOS:-all}" "$s" || continue
		[ "$(tr_role "$k")" != baseline ] ||
			in_list "${TRACEFS_RELOC_HOST_ROOT_BASELINE_SCENARIOS:-all}" "$s" || continue
		cells+=("$k $s@host")
	done
done
for s in $debug_scenarios; do
	for k in $debug_kernels; do
		cells+=("$k $s")
	done
done

mkdir -p "$res"
# The plan: how many points each cell must produce (its check groups'
# check_* functions, plus "boot" and "kernel_log_clean"). evaluate.sh fails
# a cell whose results file is missing or short.
groups_of() {
	[ -z "$groups" ] || { echo "$groups"; return; }
	case $1 in *@host) host_groups_of "${1%@host}"; return ;; esac
	tr_env_get "$TR_TOP/qemu-env/scenarios/$1.env" CHECK_GROUPS
}
for c in "${cells[@]}"; do
	read -r k s <<<"$c"
	n=2
	for g in $(groups_of "$s"); do
		f=$TR_TOP/tools-check/checks/$g.sh
		[ -f "$f" ] || tr_die "scenario $s names check group $g, but $f does not exist"
		n=$((n + $(grep -c '^check_[a-z0-9_]*() *{' "$f")))
	done
	printf '%s\t%s\t%s\n' "$k" "$s" "$n"
done >>"$res/plan.tsv"

# Files each kernel's guests get: test modules built against it go to
# /lib/modules/tests; perf built from its own tree (with the series' perf
# patch on patched) becomes /usr/local/bin/perf-intree (-c brings its libs).
# puts_<kernel id with - and . as _> holds them.
for k in $kernels $debug_kernels; do
	mkdir -p "$res/$k"
	declare -g -a "puts_${k//[^a-zA-Z0-9_]/_}=()"
	declare -n p="puts_${k//[^a-zA-Z0-9_]/_}"
	# TRACEFS_RELOC_NO_EXTRAS=1: none (check-splat-fixture.sh, whose groups
	# need neither).
	[ -z "${TRACEFS_RELOC_NO_EXTRAS:-}" ] || { unset -n p; continue; }
	mods=$("$TR_TOP/scripts/build-test-modules.sh" "$k")
	for ko in "$mods"/*.ko; do
		p+=(-p "$ko=/lib/modules/tests/$(basename "$ko")")
	done
	perfbin=$("$TR_TOP/scripts/build-perf.sh" "$k")
	p+=(-c "$perfbin" -p "$perfbin=/usr/local/bin/perf-intree")
	unset -n p
done

# judge KERNEL SCENARIO RC: the cell's TAP (<cell>.tap) from what the guest
# printed (<cell>.guest) and its exit status RC, plus two points of the
# host's own: "boot" (the guest booted, handed back a status and printed
# every test point its TAP plan announced) and "kernel_log_clean" (no splat
# in the console log). Run for every cell, booted or reused.
judge() {
	local k=$1 s=$2 rc=$3 plan points scan tap=$res/$1/$2.tap
	cp "$res/$k/$s.guest" "$tap"
	plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$tap" | head -n 1)
	points=$(grep -cE '^(not )?ok [0-9]+ - ' "$tap" || true)
	if [ "$rc" = 124 ] || [ "$rc" = 125 ]; then
		printf 'not ok 0 - boot # guest exit %s (did not boot or finish)\n' "$rc" >>"$tap"
	elif [ -z "$plan" ] || [ "$plan" != "$points" ]; then
		printf 'not ok 0 - boot # incomplete TAP: plan %s, %s test points, exit %s\n' \
			"${plan:-none}" "$points" "$rc" >>"$tap"
	else
		printf 'ok 0 - boot\n' >>"$tap"
	fi
	# Any splat in the kernel log is a failure of its own, shown in the TAP.
	if scan=$("$TR_TOP/scripts/scan-kernel-log.sh" "$res/$k/$s.console"); then
		printf 'ok 0 - kernel_log_clean\n' >>"$tap"
	else
		printf 'not ok 0 - kernel_log_clean\n' >>"$tap"
		printf '%s\n' "$scan" | sed 's/^/#   /' >>"$tap"
	fi
}

# run_one KERNEL SCENARIO: one boot, or the guest's output of an earlier
# boot with the same inputs; then judge.
run_one() {
	local k=$1 s=$2 g=$groups rc=0 key f host=() how
	local t=600 cached=$cellcache/$1/$2
	# KASAN and lockdep make a debug kernel several times slower; the
	# delegated set-up has about 50 points, which took 1147 s of checks
	# for 31 of them on 6.1-patched-debug beside two other guests.
	case $k in *-debug) t=1500 ;; esac
	case $k/$s in *-debug/delegated-debug) t=2700 ;; esac
	# Host-root cells: the host's tools (whose versions are part of the
	# key), none of the files put into the busybox image.
	# shellcheck disable=SC2034 # used through the nameref p
	local -a no_puts=()
	local pname="puts_${1//[^a-zA-Z0-9_]/_}"
	case $s in *@host) host=(-H) t=1500 pname=no_puts ;; esac
	# shellcheck disable=SC2178 # a nameref to the kernel's array
	local -n p=$pname
	[ -n "$g" ] || g=$(groups_of "$s")
	key=$( {
		echo "$common_key $k $s $t $g ${p[*]}"
		[ ${#host[@]} = 0 ] || echo "$host_pkgs_key"
		cat "$TR_TOP/kernel/$(tr_version "$k")/provides" 2>/dev/null || true
		for f in "$(tr_bzimage "$k")" "$TR_CACHE/guest/initramfs.cpio.gz" "${p[@]}"; do
			case $f in -*) ;; *) sha256sum "${f%%=*}" | cut -d' ' -f1 ;; esac
		done
	} | sha256sum | cut -d' ' -f1)
	if [ "$(cat "$cached.key" 2>/dev/null)" = "$key" ]; then
		for f in guest console err rc; do cp "$cached.$f" "$res/$k/$s.$f"; done
		rc=$(cat "$res/$k/$s.rc")
		echo "reused from $(cat "$cached.date")" >"$res/$k/$s.source"
		how="reused: same inputs; judged again"
	else
		: >"$res/$k/$s.guest"
		# shellcheck disable=SC2086
		"$TR_TOP/qemu-env/run-guest.sh" -q -k "$k" -s "${s%@host}" -t "$t" "${host[@]}" "${p[@]}" \
			-o "$res/$k/$s.guest" -l "$res/$k/$s.console" -- \
			sh /tools-check/run-checks.sh $g 2>"$res/$k/$s.err" || rc=$?
		echo "$rc" >"$res/$k/$s.rc"
		cat "$res/$k/$s.err" >&2
		echo "run $(date -u '+%Y-%m-%d %H:%M UTC')" >"$res/$k/$s.source"
		how=""
		# Only a cell that ran to its end is kept for reuse.
		if [ "$rc" != 124 ] && [ "$rc" != 125 ]; then
			mkdir -p "$cellcache/$k"
			for f in guest console err rc; do cp "$res/$k/$s.$f" "$cached.$f"; done
			date -u '+%Y-%m-%d %H:%M UTC' >"$cached.date"
			echo "$key" >"$cached.key"
		fi
	fi
	judge "$k" "$s" "$rc"
	printf '%-22s %-17s %s\n' "$k" "$s" \
		"$(grep -c '^ok ' "$res/$k/$s.tap") ok, $(grep -c '^not ok ' "$res/$k/$s.tap") not ok${how:+ ($how)}" >&2
}


# Longest first: the debug kernels' cells (about 6 minutes), the host-root
# ones (about 4), then the busybox ones (about 1), so that the last minutes
# do not wait on one long guest.
ordered=()
for c in "${cells[@]}"; do [[ ${c%% *} != *-debug ]] || ordered+=("$c"); done
for c in "${cells[@]}"; do [[ ${c%% *} == *-debug || $c != *@host ]] || ordered+=("$c"); done
for c in "${cells[@]}"; do [[ ${c%% *} == *-debug || $c == *@host ]] || ordered+=("$c"); done
# A host-root cell keeps its vCPU busy (bcc compiles under TCG): those
# start only while fewer than CPUs guests run. Measured on 6.12-patched,
# nothing else running: three host-root cells side by side took 227 s,
# two 123 s (76 against 62 s a cell); six busybox cells, which sleep in
# their checks, took 184 s three at a time and 208 s two at a time.
host_jobs=${TRACEFS_RELOC_HOST_JOBS:-$(nproc)}
[ "$host_jobs" -le "$jobs" ] || host_jobs=$jobs
for c in "${ordered[@]}"; do
	read -r k s <<<"$c"
	cap=$jobs
	[[ $s != *@host ]] || cap=$host_jobs
	while [ "$(jobs -rp | wc -l)" -ge "$cap" ]; do
		wait -n || true
	done
	run_one "$k" "$s" &
done
wait
