#!/usr/bin/env bash
# ftracetest-cases.sh KERNEL FILE: the cases of one ftracetest run (its
# output, FILE) as KERNEL <TAB> case number <TAB> case <TAB> result. A case
# is named by its description; some trees have two .tc files with the same
# description (6.12: "event trigger - test inter-event histogram trigger
# trace action with dynamic string param"), so the second one of a run is
# named "DESCRIPTION [2]", the third "[3]": ftracetest runs the files in
# sorted order, so the same name is the same file on both kernels.
set -euo pipefail
k=${1:?usage: ftracetest-cases.sh KERNEL FILE}
f=${2:?usage: ftracetest-cases.sh KERNEL FILE}
sed -n 's/^\[\([0-9]*\)\] \(.*\)\t\[\([A-Z]*\)\]$/\1\t\2\t\3/p' "$f" |
	awk -F'\t' -v k="$k" '{ n = ++seen[$2]; printf "%s\t%s\t%s%s\t%s\n", k, $1, $2, (n > 1 ? " [" n "]" : ""), $3 }'
