#!/bin/sh
# run-checks.sh GROUP...: run the checks of tools-check/checks/GROUP.sh in
# the guest and print TAP (version 13). Each check_* function is one test
# point; its output is kept and shown as diagnostics when it fails.
here=$(dirname "$0")
. /run/scenario.env
. /run/run.env
# shellcheck source=/dev/null
[ ! -f /run/provides.env ] || . /run/provides.env
. "$here/lib.sh"
exec 3>&1

funcs=""
for g in "$@"; do
	f=$here/checks/$g.sh
	[ -f "$f" ] || { echo "Bail out! no check group $g"; exit 2; }
	# shellcheck source=/dev/null
	. "$f"
	funcs="$funcs $(sed -n 's/^\(check_[a-z0-9_]*\)() *{.*/\1/p' "$f")"
done

set -- $funcs
echo "TAP version 13"
echo "1..$#"
echo "# kernel=$KERNEL scenario=$SCENARIO user=$(id -un) uname=$(uname -r)"
n=0 failed=0
for fn in "$@"; do
	n=$((n + 1))
	name=${fn#check_}
	log=$W/$name.log
	# Every check starts from the scenario's mounts: tools mount debugfs or
	# tracefs themselves (perf probe mounts debugfs), and that is recorded.
	left=$(restore_mounts | paste -sd ',' -)
	[ -z "$left" ] || echo "# mounted during the previous check, undone: $left"
	t0=$(cut -d' ' -f1 /proc/uptime)
	if (cd "$W" && "$fn") >"$log" 2>&1; then
		res=ok
	else
		res="not ok"
		failed=$((failed + 1))
	fi
	t1=$(cut -d' ' -f1 /proc/uptime)
	echo "$res $n - $name # time=$(echo "$t0 $t1" | awk '{printf "%.2fs", $2 - $1}')"
	[ "$res" = ok ] || tail -n 25 "$log" | sed 's/^/#   /'
done
# Kernel warnings, oopses, KASAN and lockdep reports are found by the host
# in the console log (scripts/scan-kernel-log.sh, point kernel_log_clean).
[ "$failed" = 0 ]
