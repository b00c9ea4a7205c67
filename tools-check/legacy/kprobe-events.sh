#!/bin/sh
# A legacy tool: defines a kprobe event through the debugfs automount
# (/sys/kernel/debug/tracing), traces one open and reads the trace there.
set -eu
T=/sys/kernel/debug/tracing
cleanup() {
	echo 0 >"$T/events/kprobes/legacy_open/enable" 2>/dev/null || true
	echo '-:legacy_open' >>"$T/kprobe_events" 2>/dev/null || true
}
trap cleanup EXIT
echo 'p:legacy_open do_sys_openat2' >>"$T/kprobe_events"
: >"$T/trace"
echo 1 >"$T/tracing_on"
echo 1 >"$T/events/kprobes/legacy_open/enable"
cat /proc/version >/dev/null
echo 0 >"$T/events/kprobes/legacy_open/enable"
n=$(grep -c 'legacy_open:' "$T/trace" || true)
echo "legacy_open hits: $n"
[ "$n" -gt 0 ]
