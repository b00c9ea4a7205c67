#!/usr/bin/env bash
# report.sh reads top down: the verdict first, then the problems, then what
# the series changes counted per version and group (the checks below,
# collapsible), the debug kernels' record where none booted, and the
# expected failures by cause; the closing lines count the expected
# failures among the passes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
v=$TR_VERSION
r=$tmp/results.tsv
row() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@"; }
{
	row "$v-baseline" tracefs reloc_new_paths fail fail XFAIL "no kprobes/ in tracefs"
	row "$v-patched" tracefs reloc_new_paths ok pass PASS ""
	row "$v-baseline" both reloc_new_paths fail fail XFAIL "no kprobes/ in tracefs"
	row "$v-patched" both reloc_new_paths ok pass PASS ""
	row "$v-baseline" both debugfs_audit fail fail XFAIL "creators' modes"
	row "$v-patched" both debugfs_audit ok pass PASS ""
	row "$v-baseline" both tools_x ok pass PASS ""
	row "$v-patched" both tools_x fail pass FAIL "something broke"
	row - host-tests "a host test" ok pass PASS ""
} >"$r"
mkdir -p "$tmp/out"
printf 'ok - debug record (%s, kernel/%s/debug.tap): 3 points of %s-patched-debug ok\n' "$v" "$v" "$v" >"$tmp/out/debug-record.tap"
TRACEFS_RELOC_OUT=$tmp/out "$here/../report.sh" "$r" "$tmp/report.md" 2>"$tmp/err"
md=$tmp/report.md
line_of() { grep -n -m 1 -E "$1" "$md" | cut -d: -f1; }
expect "report: the verdict comes before any section" \
	bash -c '[ "$(grep -n -m 1 "^\*\*Verdict: FAILED.\*\* 8 passed (3 of them expected failures" "$1" | cut -d: -f1)" -lt "$(grep -n -m 1 "^## " "$1" | cut -d: -f1)" ]' _ "$md"
expect "report: the problems come before what the series changes" \
	test "$(line_of '^## Problems')" -lt "$(line_of '^## What the series changes')"
expect "report: the problem is listed with its reason" grep -qF -- "- **FAIL** $v-patched / both / tools_x: something broke" "$md"
expect "report: what the series changes, counted per version and group" \
	bash -c 'grep -qx "| $2 | reloc | 1 |" "$1" && grep -qx "| $2 | debugfs | 1 |" "$1" && grep -qx "| $2 | tools | 1 |" "$1"' _ "$md" "$v"
expect "report: ... and the checks themselves below, collapsible" \
	bash -c 'grep -q "^<details markdown=\"1\"><summary>The 3 checks" "$1" && grep -q "^| $2 | reloc | reloc_new_paths | both, tracefs |\|^| $2 | reloc | reloc_new_paths | tracefs, both |" "$1"' _ "$md" "$v"
expect "report: no debug kernel booted: the section says so and shows the record's status" \
	bash -c 'grep -q "^No debug kernel was booted in this run" "$1" && grep -qF -- "- $2: ok - debug record ($2," "$1"' _ "$md" "$v"
expect "report: expected failures by cause, the most frequent first" \
	bash -c 'sed -n "/^## Expected failures by cause/,/^## Totals/p" "$1" | grep "^| [0-9]" | head -n 1 | grep -q "^| 2 | no kprobes/ in tracefs | reloc_new_paths on baseline |"' _ "$md"
# the closing lines
out=$(tr_summarize "$r" "$(date +%s)") || true
expect "summary: the expected failures among the passes, then the count" \
	bash -c 'printf "%s\n" "$1" | tail -n 2 | paste -sd"|" | grep -qx "of the passed, 3 are expected failures.*|8 passed, 1 failed"' _ "$out"
tap_done
