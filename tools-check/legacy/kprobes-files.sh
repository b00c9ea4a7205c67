#!/bin/sh
# A legacy tool: reads the kprobe blacklist, the global switch and the list
# of registered kprobes from /sys/kernel/debug/kprobes, and finds the
# blacklist the way bcc does, relative to the tracing directory.
set -eu
D=/sys/kernel/debug
n=$(grep -cE '^0x[0-9a-f]+-0x[0-9a-f]+[[:space:]]' "$D/kprobes/blacklist")
echo "blacklist ranges: $n"
[ "$n" -gt 0 ]
e=$(cat "$D/kprobes/enabled")
[ "$e" = 1 ] || { echo "kprobes/enabled is $e"; exit 1; }
TRACEFS=$D/tracing
cmp "$TRACEFS/../kprobes/blacklist" "$D/kprobes/blacklist"
# a probe registered through the tracing directory shows in kprobes/list
echo 'p:legacy_list do_sys_openat2' >>"$TRACEFS/kprobe_events"
trap 'echo "-:legacy_list" >>"$TRACEFS/kprobe_events"' EXIT
grep -q 'do_sys_openat2' "$D/kprobes/list" || { echo "kprobes/list: no do_sys_openat2"; exit 1; }
