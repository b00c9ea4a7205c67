#!/usr/bin/env bash
# scan-kernel-log.sh CONSOLE_LOG: find kernel splats in a guest's console
# log: WARNING, BUG, oops, panic, KASAN, UBSAN, lockdep, kmemleak, RCU
# stalls, hung tasks, general protection faults. Prints the first splat's
# first lines and how many splat headers there are, and exits 1 if there is
# one; prints "clean" and exits 0 otherwise; exits 2 when the log is missing
# or empty (a guest that left no log cannot be called clean).
# Fault injection's own "FAULT_INJECTION: forcing a failure" reports and
# their stack dumps are not splats: they are what the stress group asks for.
set -euo pipefail

log=${1:?usage: scan-kernel-log.sh CONSOLE_LOG}
[ -s "$log" ] || { echo "no console log at $log"; exit 2; }

# One extended regex per kind of report; the header line each one prints.
pattern='(^|\] )(WARNING:|BUG:|BUG kmalloc|Oops|Kernel panic|general protection fault|UBSAN:|INFO: task .* blocked for more than|INFO: possible (recursive|circular|irq lock)|WARNING: possible|rcu: INFO: .*detected stalls?|rcu: .*self-detected stall|kmemleak: [0-9]+ new suspected memory leak|unreferenced object 0x|Unable to handle kernel|kernel BUG at|list_(add|del) corruption|refcount_t: |ODEBUG: )'

tr -d '\r' <"$log" >"${TMPDIR:-/tmp}/scan-kernel-log.$$"
clean=${TMPDIR:-/tmp}/scan-kernel-log.$$
trap 'rm -f "$clean"' EXIT
# KASAN's report opens and closes with a line of '='; the header that
# matters follows it, so match "BUG: KASAN" through the generic BUG: rule and
# leave the ruler lines out of the count.
n=$(grep -E "$pattern" "$clean" | grep -cvE '=+$' || true)
if [ "$n" = 0 ]; then
	echo clean
	exit 0
fi
first=$(grep -nE "$pattern" "$clean" | grep -vE '^[0-9]+:.*=+$' | head -n 1 | cut -d: -f1)
echo "$n splat line(s); the first:"
sed -n "${first},$((first + 11))p" "$clean" | sed 's/^/  /'
exit 1
