#!/usr/bin/env bash
# ftracetest-rerun-tally.sh OUTPUT CASE...: from a guest's output where
# "### I" precedes each ftracetest run of the Ith CASE (from 0), print
# CASE <TAB> passes <TAB> runs for each case that ran: only the result
# lines of its own runs with its own name count (a file flagged instance
# reports a second case, "(instance)  DESCRIPTION").
set -euo pipefail
out=${1:?usage: ftracetest-rerun-tally.sh OUTPUT CASE...}
shift
i=0
for case in "$@"; do
	base=$case
	[[ ! $case =~ ^(.*)\ \[([0-9]+)\]$ ]] || base=${BASH_REMATCH[1]}
	I=$i BASE=$base CASE=$case awk '
		BEGIN { cur = -1 }
		/^### / { cur = $2; next }
		cur == ENVIRON["I"] && sub(/^\[[0-9]+\] /, "") {
			r = $0; sub(/.*\t\[/, "", r); sub(/\]$/, "", r)
			d = $0; sub(/\t\[[A-Z]+\]$/, "", d)
			if (d != ENVIRON["BASE"]) next
			n++; if (r == "PASS") p++
		}
		END { if (n) printf "%s\t%d\t%d\n", ENVIRON["CASE"], p, n }' "$out"
	i=$((i + 1))
done
