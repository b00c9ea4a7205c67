#!/usr/bin/env bash
# Boot a kernel in QEMU (TCG) under one scenario and run a command in the
# guest; stream its output and exit with its exit status.
#
#   run-guest.sh [options] -- COMMAND...
#   -k, --kernel K      a kernel id (6.1-baseline, 6.12-patched-debug, ...;
#                       without a version, the newest version's or V's:
#                       patched, baseline-debug) or a path to a bzImage
#                       (default patched)
#   -s, --scenario S    a name from qemu-env/scenarios (default tracefs)
#   -u, --user U        root | tracer | outsider (default root)
#   -c, --copy FILE     copy a host file (with its shared libraries) into the
#                       guest at the same path; repeatable
#   -p, --put HOST=GUEST  copy one host file to the path GUEST in the guest;
#                       repeatable
#   -f, --script FILE   copy FILE in and run it (instead of COMMAND)
#   -a, --append ARGS   extra kernel command line
#   -Q, --qemu ARG      one extra QEMU argument (e.g. -Q -icount -Q shift=0);
#                       repeatable
#   -t, --timeout SEC   hard timeout for the whole boot (default 300)
#   -o, --output FILE   also keep the guest's output here
#   -l, --console FILE  keep the kernel console log here
#   -q, --quiet         do not stream the output
#   -H, --host-root     run COMMAND in the host's own userspace: QEMU shares
#                       the host's root filesystem read-only (9p), the guest
#                       gives it a private /tmp, /var/tmp, /run and a copy
#                       of /etc, and the scenario's mounts (qemu-env/host-root);
#                       any installed tool runs unchanged. Files of -c and -p
#                       are seen there only under /run.
# Exit status: the command's; 124 on timeout; 125 when the guest did not
# finish (no boot, panic), with the last 50 console lines shown.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../scripts/lib.sh"

usage() { sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 2; }

kernel=patched scenario=tracefs user=root timeout=300 append="" script=""
output="" console="" quiet=0 host_root=0 copies=() puts=() qemu_extra=()
while [ $# -gt 0 ]; do
	case $1 in
	-k | --kernel) kernel=$2; shift 2 ;;
	-s | --scenario) scenario=$2; shift 2 ;;
	-u | --user) user=$2; shift 2 ;;
	-c | --copy) copies+=("$2"); shift 2 ;;
	-p | --put) puts+=("$2"); shift 2 ;;
	-f | --script) script=$2; shift 2 ;;
	-a | --append) append=$2; shift 2 ;;
	-Q | --qemu) qemu_extra+=("$2"); shift 2 ;;
	-t | --timeout) timeout=$2; shift 2 ;;
	-o | --output) output=$2; shift 2 ;;
	-l | --console) console=$2; shift 2 ;;
	-q | --quiet) quiet=1; shift ;;
	-H | --host-root) host_root=1; shift ;;
	-h | --help) usage ;;
	--) shift; break ;;
	-*) echo "unknown option $1" >&2; usage ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || [ -n "$script" ] || { echo "no command given" >&2; usage; }

case $kernel in
*/*) bz=$kernel ;;
*) kernel=$(tr_id "$kernel") bz=$(tr_bzimage "$kernel") ;;
esac
[ -f "$bz" ] || tr_die "kernel image $bz not found: run 'make kernels'"
scen_file=$TR_TOP/qemu-env/scenarios/$scenario.env
[ -f "$scen_file" ] || tr_die "unknown scenario '$scenario' (have: $(cd "$TR_TOP/qemu-env/scenarios" && ls -- *.env | sed 's/\.env$//' | paste -sd' '))"
case $user in root | tracer | outsider) ;; *) tr_die "unknown user '$user' (root, tracer, outsider)" ;; esac
base_img=$TR_CACHE/guest/initramfs.cpio.gz
[ -f "$base_img" ] || tr_die "guest image missing: run qemu-env/build-initramfs.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/tr-guest.XXXXXX")
qpid=""
cleanup() {
	[ -n "$qpid" ] && kill "$qpid" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

# Per-run overlay archive, appended to the base image (the kernel unpacks
# concatenated archives in order).
ov=$work/overlay
mkdir -p "$ov/run"
cp "$scen_file" "$ov/run/scenario.env"
printf 'RUN_USER=%s\nSCENARIO=%s\nKERNEL=%s\nHOST_ROOT=%s\n' "$user" "$scenario" "$kernel" "$host_root" >"$ov/run/run.env"
# What the kernel's version provides (kernel/<version>/provides): facts of
# that version's ABI the guest checks assert, such as how tracefs answers a
# malformed mount option. A bzImage path gets them with -k's version
# (TRACEFS_RELOC_VERSION) only when it names one.
ver=""
case $kernel in */*) ;; *) ver=$(tr_version "$kernel") ;; esac
if [ -n "$ver" ] && [ -f "$TR_TOP/kernel/$ver/provides" ]; then
	cp "$TR_TOP/kernel/$ver/provides" "$ov/run/provides.env"
else
	: >"$ov/run/provides.env"
fi
if [ -n "$script" ]; then
	[ -f "$script" ] || tr_die "script $script not found"
	cp "$script" "$ov/run/cmd"
else
	# Quote each argument so the guest sees exactly what was given here.
	printf '%q ' "$@" | sed 's/ $/\n/' >"$ov/run/cmd"
	if grep -q "\$'" "$ov/run/cmd"; then
		# ash cannot read $'..' quoting; fall back to the plain words.
		printf '%s\n' "$*" >"$ov/run/cmd"
	fi
fi
chmod 0755 "$ov/run/cmd"
[ ${#copies[@]} -eq 0 ] || "$TR_TOP/qemu-env/add-files.sh" "$ov" "${copies[@]}"
for p in "${puts[@]}"; do
	[ -f "${p%%=*}" ] || tr_die "--put: ${p%%=*} not found"
	install -D -m 0644 "${p%%=*}" "$ov/${p#*=}"
done
(cd "$ov" && find . | cpio -o -H newc -R 0:0 --quiet) | gzip -1 >"$work/overlay.cpio.gz"
cat "$base_img" "$work/overlay.cpio.gz" >"$work/initrd"

# A small scratch disk so that block tracing has a device to trace.
truncate -s 16M "$work/disk.img"

scen_cmdline=$(sh -c ". '$scen_file'; echo \"\$CMDLINE\"")
# SMP: vCPUs the scenario asks for (default 1). The guest kernels have no
# ACPI, and the MP table QEMU's firmware gives them lists one CPU whatever
# -smp says.
smp=$(sh -c ". '$scen_file'; echo \"\${SMP:-1}\"")
cmdline="console=ttyS0 panic=-1 rdinit=/init $scen_cmdline $append"
: >"$work/out"
: >"$work/console"
# Debug kernels (KASAN shadow, kmemleak's pool) need more memory. They boot
# with no5lvl: with 5-level paging (QEMU's -cpu max has LA57) a 6.1 KASAN
# kernel once reported a wild-memory-access in rcu_is_watching() from a timer
# interrupt during identify_boot_cpu(), at an address of the 5-level direct
# map, in early boot before anything of the series runs; not reproduced in
# four boots since, so timing-dependent. 4-level paging avoids it.
mem=768
case $kernel in *-debug) mem=1536 cmdline="$cmdline no5lvl" ;; esac
# Host root: the host's tools (Python, LLVM for bcc and bpftrace) are read
# through the guest's page cache.
virtfs=()
if [ "$host_root" = 1 ]; then
	mem=$((mem + 1536))
	virtfs=(-virtfs "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap")
fi
start=$(date +%s.%N)
timeout -k 5 "$timeout" qemu-system-x86_64 \
	-accel tcg -cpu max -smp "$smp" -m "$mem" -no-reboot -nodefaults -no-user-config \
	-display none -monitor none \
	-kernel "$bz" -initrd "$work/initrd" -append "$cmdline" \
	-serial "file:$work/console" -serial "file:$work/out" \
	-drive "file=$work/disk.img,if=virtio,format=raw" \
	"${virtfs[@]}" "${qemu_extra[@]}" >"$work/qemu.err" 2>&1 &
qpid=$!

if [ "$quiet" = 0 ]; then
	tail -n +1 -f --pid="$qpid" "$work/out" 2>/dev/null | tr -d '\r' | grep --line-buffered -v '^@@GUEST-EXIT@@' || true &
	tailpid=$!
fi
qrc=0
wait "$qpid" || qrc=$?
qpid=""
[ "$quiet" = 0 ] && wait "$tailpid" 2>/dev/null || true
elapsed=$(echo "$(date +%s.%N) - $start" | bc)

tr -d '\r' <"$work/out" >"$work/out.clean"
[ -z "$output" ] || { grep -v "^@@GUEST-EXIT@@" "$work/out.clean" || true; } >"$output"
[ -n "$console" ] && cp "$work/console" "$console"

show_console() {
	echo "---- last 50 console lines ($kernel, scenario $scenario) ----" >&2
	tail -n 50 "$work/console" >&2
	[ -s "$work/qemu.err" ] && { echo "---- qemu stderr ----" >&2; cat "$work/qemu.err" >&2; }
	echo "----" >&2
}

if [ "$qrc" = 124 ] || [ "$qrc" = 137 ]; then
	echo "ERROR: guest timed out after ${timeout}s ($kernel, scenario $scenario)" >&2
	show_console
	exit 124
fi
status=$(sed -n 's/^@@GUEST-EXIT@@ \([0-9]*\)$/\1/p' "$work/out.clean" | tail -n 1)
if [ -z "$status" ]; then
	echo "ERROR: guest did not finish: no exit status came back ($kernel, scenario $scenario, qemu exit $qrc)" >&2
	show_console
	exit 125
fi
printf '==> guest %s/%s/%s: exit %s after %.1f s\n' "$kernel" "$scenario" "$user" "$status" "$elapsed" >&2
exit "$status"
