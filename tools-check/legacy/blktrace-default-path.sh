#!/bin/sh
# A legacy blktrace client: traces /dev/vda through the default path,
# /sys/kernel/debug/block/<name>/trace<cpu>, and parses it with blkparse.
set -eu
# shellcheck source=/dev/null
. /tools-check/lib.sh
out=$W/legacy-bt
rm -rf "$out"
mkdir -p "$out"
blktrace-tracefs /dev/vda /sys/kernel/debug "$out/vda" 3 >"$out/log" 2>&1 &
pid=$!
sleep 1
io_workload
wait "$pid" || { cat "$out/log"; exit 1; }
counts=$(blkparse_counts "$out" vda)
echo "blkparse: $counts"
nonzero_counts "$counts"
