#!/usr/bin/env bash
# run-matrix.sh [-k "KERNELS"] [-s "SCENARIOS"] [-g "GROUPS"]: boot every
# kernel x scenario once, run the check groups in the guest, keep the TAP
# under out/results/<kernel>/<scenario>.tap and the console logs beside it.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

kernels=$TR_KERNELS
scenarios=${TRACEFS_RELOC_SCENARIOS:-"tracefs debugfs-only both debugfs-no-mount debugfs-off"}
groups="scenario tools"
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
	for s in $scenarios; do
		rc=0
		# shellcheck disable=SC2086
		"$TR_TOP/qemu-env/run-guest.sh" -q -k "$k" -s "$s" -t 600 \
			-o "$res/$k/$s.tap" -l "$res/$k/$s.console" -- \
			sh /tools-check/run-checks.sh $groups 2>"$res/$k/$s.err" || rc=$?
		cat "$res/$k/$s.err" >&2
		# A boot that never handed back a status is a failed test point of its own.
		case $rc in
		124 | 125) printf 'not ok 0 - boot # guest exit %s\n' "$rc" >>"$res/$k/$s.tap" ;;
		*) printf 'ok 0 - boot\n' >>"$res/$k/$s.tap" ;;
		esac
		printf '%-9s %-17s %s\n' "$k" "$s" \
			"$(grep -c '^ok ' "$res/$k/$s.tap") ok, $(grep -c '^not ok ' "$res/$k/$s.tap") not ok" >&2
	done
done
