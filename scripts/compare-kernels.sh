#!/usr/bin/env bash
# compare-kernels.sh [-s SCENARIO] [-u USER] [-k "KERNEL..."] [-c FILE]... [-H] -- COMMAND...
# The upgrade-compat question in one command: run the same command (your
# tool, your test suite) in the same scenario on several kernels, by
# default every version's baseline and patched kernel, and show what
# differs: each kernel's exit status, and the output of each patched
# kernel (and each version's kernels) against its baseline's.
#   -s SCENARIO  a scenario of qemu-env/scenarios (default tracefs)
#   -u USER      root | tracer | outsider (default root)
#   -k KERNELS   kernel ids, space-separated (default: every version's
#                baseline and patched, as make check)
#   -c FILE      a host file to copy into the guest (run-guest.sh -c);
#                repeatable
#   -t SEC       timeout of each boot (default 300)
#   -H           run COMMAND in the host's own userspace (run-guest.sh
#                --host-root): any tool installed on this machine
# Outputs: out/compare/<kernel>.txt (the command's output), .status, .log
# (clean or SPLAT: scripts/scan-kernel-log.sh on its console, .console;
# the splats in .splats).
# Exits 1 when a patched kernel's exit status differs from its baseline's,
# or its kernel log has a splat and its baseline's has none; 0 otherwise
# (the outputs are shown, not judged).
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

scenario=tracefs user=root kernels=$TR_KERNELS timeout=300
copies=()
while [ $# -gt 0 ]; do
	case $1 in
	-s) scenario=$2; shift 2 ;;
	-u) user=$2; shift 2 ;;
	-k) kernels=$2; shift 2 ;;
	-c) copies+=(-c "$2"); shift 2 ;;
	-H) copies+=(-H); shift ;;
	-t) timeout=$2; shift 2 ;;
	--) shift; break ;;
	*) tr_die "unknown option $1 (usage: compare-kernels.sh [-s S] [-u U] [-k K] [-c FILE] -- COMMAND...)" ;;
	esac
done
[ $# -gt 0 ] || tr_die "no command (usage: compare-kernels.sh [-s S] [-u U] [-k K] [-c FILE] -- COMMAND...)"

out=$TR_OUT/compare
mkdir -p "$out"
for k in $kernels; do
	"$TR_TOP/scripts/build-kernel.sh" "$k" >/dev/null
	rc=0
	"$TR_TOP/qemu-env/run-guest.sh" -q -k "$k" -s "$scenario" -u "$user" -t "$timeout" \
		"${copies[@]}" -o "$out/$k.txt" -l "$out/$k.console" -- "$@" 2>"$out/$k.err" || rc=$?
	echo "$rc" >"$out/$k.status"
	# the kernel's log: a splat is a difference whatever the command printed
	log=clean
	"$TR_TOP/scripts/scan-kernel-log.sh" "$out/$k.console" >"$out/$k.splats" || log=SPLAT
	echo "$log" >"$out/$k.log"
	echo "==> $k ($scenario, $user): exit $rc, kernel log $log, $(wc -l <"$out/$k.txt") lines of output"
	[ "$log" = clean ] || sed -n '1,14p' "$out/$k.splats"
	[ "$rc" -lt 124 ] || tail -n 20 "$out/$k.err"
done

# same A B: "same" when the two kernels' outputs are identical
same() { cmp -s "$out/$1.txt" "$out/$2.txt" && echo same || echo differs; }
first=${kernels%% *}
echo
printf '%-22s %-5s %-6s %-30s %s\n' kernel exit log "output vs its baseline" "output vs $first"
differs=0
for k in $kernels; do
	base=$(tr_version "$k")-baseline
	rc=$(cat "$out/$k.status")
	log=$(cat "$out/$k.log")
	# a splat in a patched kernel's log that its baseline has not
	if [[ $k == *-patched* ]] && [ "$log" != clean ] && [ "$(cat "$out/$base.log" 2>/dev/null)" != SPLAT ]; then
		differs=1
	fi
	vb=- vf=-
	if [ "$k" != "$base" ] && [ -f "$out/$base.status" ]; then
		vb=$(same "$base" "$k")
		if [ "$rc" != "$(cat "$out/$base.status")" ]; then
			vb="$vb, EXIT $rc (baseline $(cat "$out/$base.status"))"
			[[ $k != *-patched* ]] || differs=1
		fi
	fi
	[ "$k" = "$first" ] || vf=$(same "$first" "$k")
	printf '%-22s %-5s %-6s %-30s %s\n' "$k" "$rc" "$log" "$vb" "$vf"
done
for k in $kernels; do
	base=$(tr_version "$k")-baseline
	if [ "$k" = "$base" ] || [ ! -f "$out/$base.txt" ] || cmp -s "$out/$base.txt" "$out/$k.txt"; then
		continue
	fi
	echo
	echo "--- $base  +++ $k (first 40 lines of the diff; whole outputs in $out/)"
	diff -u "$out/$base.txt" "$out/$k.txt" | sed -n '3,42p' || true
done
exit "$differs"
