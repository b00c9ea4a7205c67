#!/bin/sh
# A legacy tool: lists the functions open to error injection from
# /sys/kernel/debug/error_injection/list.
set -eu
n=$(grep -cE '^[a-z_][a-z0-9_.]*[[:space:]]+(ERRNO|NULL|ERR_NULL|TRUE|FALSE)$' /sys/kernel/debug/error_injection/list)
echo "injectable functions: $n"
[ "$n" -gt 0 ]
