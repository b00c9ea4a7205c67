#!/usr/bin/env bash
# run-matrix.sh [-k "KERNELS"] [-s "SCENARIOS"] [-g "GROUPS"]: boot every
# kernel x scenario once, run the check groups in the guest (by default the
# scenario's CHECK_GROUPS), keep the TAP under
# out/results/<kernel>/<scenario>.tap and the console logs beside it.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

kernels=$TR_KERNELS
scenarios=${TRACEFS_RELOC_SCENARIOS:-"tracefs debugfs-only both debugfs-no-mount debugfs-off debugfs-legacy delegated"}
groups=""
while getopts k:s:g: opt; do
	case $opt in
	k) kernels=$OPTARG ;;
	s) scenarios=$OPTARG ;;
	g) groups=$OPTARG ;;
	*) exit 2 ;;
	esac
done

res=$TR_OUT/results
rm -rf "$res"
for k in $kernels; do
	mkdir -p "$res/$k"
	# Test modules built against this kernel go to /lib/modules/tests.
	puts=()
	mods=$("$TR_TOP/scripts/build-test-modules.sh" "$k")
	for ko in "$mods"/*.ko; do
		puts+=(-p "$ko=/lib/modules/tests/$(basename "$ko")")
	done
	# perf built from this kernel's own tree (with the series' perf patch on
	# patched), as /usr/local/bin/perf-intree; -c brings its libraries.
	perfbin=$("$TR_TOP/scripts/build-perf.sh" "$k")
	puts+=(-c "$perfbin" -p "$perfbin=/usr/local/bin/perf-intree")
	for s in $scenarios; do
		rc=0
		g=$groups
		[ -n "$g" ] || g=$(sh -c ". '$TR_TOP/qemu-env/scenarios/$s.env'; echo \"\$CHECK_GROUPS\"")
		touch "$res/$k/$s.tap"
		# shellcheck disable=SC2086
		"$TR_TOP/qemu-env/run-guest.sh" -q -k "$k" -s "$s" -t 600 "${puts[@]}" \
			-o "$res/$k/$s.tap" -l "$res/$k/$s.console" -- \
			sh /tools-check/run-checks.sh $g 2>"$res/$k/$s.err" || rc=$?
		cat "$res/$k/$s.err" >&2
		# The run itself is a test point: the guest booted, handed back a
		# status and printed every test point its TAP plan announced.
		plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$res/$k/$s.tap" | head -n 1)
		points=$(grep -cE '^(not )?ok [0-9]+ - ' "$res/$k/$s.tap" || true)
		if [ "$rc" = 124 ] || [ "$rc" = 125 ]; then
			printf 'not ok 0 - boot # guest exit %s (did not boot or finish)\n' "$rc" >>"$res/$k/$s.tap"
		elif [ -z "$plan" ] || [ "$plan" != "$points" ]; then
			printf 'not ok 0 - boot # incomplete TAP: plan %s, %s test points, exit %s\n' \
				"${plan:-none}" "$points" "$rc" >>"$res/$k/$s.tap"
		else
			printf 'ok 0 - boot\n' >>"$res/$k/$s.tap"
		fi
		printf '%-9s %-17s %s\n' "$k" "$s" \
			"$(grep -c '^ok ' "$res/$k/$s.tap") ok, $(grep -c '^not ok ' "$res/$k/$s.tap") not ok" >&2
	done
done
