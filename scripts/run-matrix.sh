#!/usr/bin/env bash
# run-matrix.sh [-k "KERNELS"] [-s "SCENARIOS"] [-g "GROUPS"] [-j JOBS]: boot
# every kernel x scenario once, run the check groups in the guest (by default
# the scenario's CHECK_GROUPS), keep the TAP under
# out/results/<kernel>/<scenario>.tap and the console logs beside it.
# Guests run JOBS at a time (default: CPUs + 1, as guests often sleep; each has one
# vCPU under TCG).
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

kernels=$TR_KERNELS
scenarios=${TRACEFS_RELOC_SCENARIOS:-"tracefs debugfs-only both debugfs-no-mount debugfs-off compat-view debugfs-legacy delegated"}
groups=""
jobs=${TRACEFS_RELOC_JOBS:-$(($(nproc) + 1))}
while getopts k:s:g:j: opt; do
	case $opt in
	k) kernels=$OPTARG ;;
	s) scenarios=$OPTARG ;;
	g) groups=$OPTARG ;;
	j) jobs=$OPTARG ;;
	*) exit 2 ;;
	esac
done

res=$TR_OUT/results
rm -rf "$res"

# Files each kernel's guests get: test modules built against it go to
# /lib/modules/tests; perf built from its own tree (with the series' perf
# patch on patched) becomes /usr/local/bin/perf-intree (-c brings its libs).
for k in $kernels; do
	mkdir -p "$res/$k"
	declare -g -a "puts_$k=()"
	declare -n p="puts_$k"
	mods=$("$TR_TOP/scripts/build-test-modules.sh" "$k")
	for ko in "$mods"/*.ko; do
		p+=(-p "$ko=/lib/modules/tests/$(basename "$ko")")
	done
	perfbin=$("$TR_TOP/scripts/build-perf.sh" "$k")
	p+=(-c "$perfbin" -p "$perfbin=/usr/local/bin/perf-intree")
	unset -n p
done

# run_one KERNEL SCENARIO: one boot; the run itself is a test point ("boot"):
# the guest booted, handed back a status and printed every test point its
# TAP plan announced.
run_one() {
	local k=$1 s=$2 g=$groups rc=0 plan points tap=$res/$1/$2.tap
	# shellcheck disable=SC2178 # a nameref to the kernel's array
	local -n p="puts_$1"
	[ -n "$g" ] || g=$(sh -c ". '$TR_TOP/qemu-env/scenarios/$s.env'; echo \"\$CHECK_GROUPS\"")
	touch "$tap"
	# shellcheck disable=SC2086
	"$TR_TOP/qemu-env/run-guest.sh" -q -k "$k" -s "$s" -t 600 "${p[@]}" \
		-o "$tap" -l "$res/$k/$s.console" -- \
		sh /tools-check/run-checks.sh $g 2>"$res/$k/$s.err" || rc=$?
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
	cat "$res/$k/$s.err" >&2
	printf '%-9s %-17s %s\n' "$k" "$s" \
		"$(grep -c '^ok ' "$tap") ok, $(grep -c '^not ok ' "$tap") not ok" >&2
}

for s in $scenarios; do
	for k in $kernels; do
		while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
			wait -n || true
		done
		run_one "$k" "$s" &
	done
done
wait
