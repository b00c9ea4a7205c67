#!/usr/bin/env bash
# compat/scan-tool-paths: reports exactly the lines the fixtures mark, each as
# its kind: a trailing HIT (an error: the old path is the only or preferred
# one), FALLBACK (tried after tracefs) or COMMENT (in a comment or
# docstring). One fixture per idiom: literal, string-built and relative
# paths; mount-table lookups in sh/awk, Python, C, Go; helpers given relative
# paths; prefixes built in steps; split calls; /debug/tracing; f-strings;
# os.path.join; the statfs magic; tracefs-first fallbacks; comments;
# tracefs-ok; and those the held-out corpus showed (compat/corpus): lines set
# up alongside their tracefs twin (dual.rc), an old path chosen only in an
# else (chosen.cpp), a debugfs root on the next line of a split call
# (split_root.c), a shell function that finds debugfs and echoes it
# (finder.sh), a list that tries the old path first after a finder's
# definition and a message naming tracefs (preferred_list.c), a variant
# called only after the tracefs one failed (dispatch.c), /sys/kernel/debug/
# after /sys/kernel/ with fooErr != nil (helpers.go). Also: no name leaks
# between two scanned directories or files; JSON and SARIF valid with the
# right counts; bad input (binary, unreadable,
# FIFO, >20 MB, symlink loops, non-UTF-8) noted, never a crash or a hang;
# exit status 0 clean (fallbacks and comments do not count), 1 errors, 2
# usage or a missing path.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
scan=$here/../../compat/scan-tool-paths
fx=$here/fixtures/tool-scan
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# marked FILE MARKER: the line numbers carrying MARKER at their end
marked() {
	grep -nE "(#|//|/\*|\"\"\"|) *(tracefs-ok[^A-Z]*)?$2( \*/)?(\"\"\")?\$" "$1" |
		grep -E "$2( \*/)?(\"\"\")?\$" | cut -d: -f1 | paste -sd' ' || true
}
# reported OUT FILE TAG: the line numbers reported for FILE with TAG ("" = error)
reported() {
	local f=$2 tag=$3
	grep -F "$f:" "$1" | sed -n "s#^$f:\([0-9]*\): .*\$#&#p" |
		if [ -z "$tag" ]; then grep -v ' \[[a-z]*\]$'; else grep -F " [$tag]"; fi |
		sed "s#^$f:\([0-9]*\):.*#\1#" | paste -sd' ' || true
}

rc=0
timeout 120 "$scan" "$fx" >"$tmp/out" 2>"$tmp/err" || rc=$?
expect "tool scan: exit 1 when errors are found" test "$rc" = 1
for f in "$fx"/*; do
	name=$(basename "$f")
	for pair in HIT: FALLBACK:fallback COMMENT:comment; do
		marker=${pair%%:*} tag=${pair#*:}
		want=$(marked "$f" "$marker")
		got=$(reported "$tmp/out" "$f" "$tag")
		[ -n "$want$got" ] || continue
		expect "tool scan: $name reports ${tag:-error} lines '$want'" test "$got" = "$want"
		[ "$got" = "$want" ] || grep "^$f:" "$tmp/out" | sed 's/^/#   /'
	done
done
expect "tool scan: each finding names a replacement and a fix" \
	bash -c "grep -v '^#' '$tmp/out' | grep -vq -- ' -> .*: ' && exit 1 || exit 0"
expect "tool scan: the last line is the summary" \
	bash -c "tail -n 1 '$tmp/out' | grep -q '^# [0-9]* hard-coded debugfs tracing path(s): .*; [0-9]* fallback(s) after tracefs; [0-9]* in comments; 2 reviewed (tracefs-ok)'"
expect "tool scan: the suggestion fits the idiom (mount table: tracefs entry first)" \
	grep -q 'mount-table.sh:4: .*look for the tracefs entry of the mount table first' "$tmp/out"
expect "tool scan: the suggestion fits the idiom (../kprobes: keep it as the fallback)" \
	grep -q 'legacy.sh:8: .*keep \.\./ only as the fallback' "$tmp/out"

# --no-comments drops the comments, nothing else
"$scan" --no-comments "$fx" >"$tmp/nocom" 2>/dev/null || true
expect "tool scan: --no-comments reports no comment" bash -c "! grep -q ' \[comment\]\$' '$tmp/nocom'"
expect "tool scan: --no-comments keeps the rest" \
	test "$(grep -vc ' \[comment\]$' "$tmp/out")" = "$(wc -l <"$tmp/nocom")"

# JSON and SARIF: valid, with the counts of the text output
errors=$(grep -v '^#' "$tmp/out" | grep -vc ' \[[a-z]*\]$' || true)
total=$(grep -vc '^#' "$tmp/out" || true)
rc=0
"$scan" --format json "$fx" >"$tmp/json" 2>/dev/null || rc=$?
expect "tool scan: JSON output is valid JSON" python3 -m json.tool "$tmp/json" /dev/null
expect "tool scan: JSON counts $errors errors, $total findings, exit 1" python3 -c "
import json, sys
d = json.load(open('$tmp/json'))
c = d['counts']
sys.exit(not (c['errors'] == $errors and len(d['findings']) == $total and c['reviewed'] == 2 and $rc == 1))"
"$scan" --format sarif "$fx" >"$tmp/sarif" 2>/dev/null || true
expect "tool scan: SARIF output is valid JSON" python3 -m json.tool "$tmp/sarif" /dev/null
expect "tool scan: SARIF 2.1.0 with $total results, $errors at level error" python3 -c "
import json, sys
d = json.load(open('$tmp/sarif'))
r = d['runs'][0]['results']
ok = d['version'] == '2.1.0' and len(r) == $total and sum(x['level'] == 'error' for x in r) == $errors
ok = ok and all(x['locations'][0]['physicalLocation']['region']['startLine'] > 0 for x in r)
sys.exit(not ok)"

# Names do not leak: ROOT is debugfs in a/, tracefs in b/ and in a/other.sh
mkdir -p "$tmp/leak/a" "$tmp/leak/b"
printf 'ROOT=/sys/kernel/debug\ncat $ROOT/tracing/trace\n' >"$tmp/leak/a/one.sh"
printf 'cat $ROOT/tracing/trace\n' >"$tmp/leak/a/other.sh"
printf 'cat $ROOT/tracing/trace\n' >"$tmp/leak/b/two.sh"
"$scan" "$tmp/leak/a" "$tmp/leak/b" >"$tmp/leak.out" 2>/dev/null || true
expect "tool scan: a name from one file is used there" grep -q "^$tmp/leak/a/one.sh:2: " "$tmp/leak.out"
expect "tool scan: it does not leak into another file or directory" \
	bash -c "! grep -q -e 'other.sh:' -e 'two.sh:' '$tmp/leak.out'"

# Exit status
mkdir "$tmp/clean"
printf 'cat /sys/kernel/tracing/kprobes/blacklist\n' >"$tmp/clean/ok.sh"
rc=0
"$scan" "$tmp/clean" >/dev/null || rc=$?
expect "tool scan: exit 0 on a clean tree" test "$rc" = 0
rc=0
"$scan" "$fx/candidates.rs" "$fx/comments.py" >/dev/null || rc=$?
expect "tool scan: exit 0 when there are only fallbacks and comments" test "$rc" = 0
rc=0
"$scan" /no/such/dir >/dev/null 2>&1 || rc=$?
expect "tool scan: exit 2 on a missing directory" test "$rc" = 2
rc=0
"$scan" --bogus "$fx" >/dev/null 2>&1 || rc=$?
expect "tool scan: exit 2 on an unknown option" test "$rc" = 2
rc=0
"$scan" >/dev/null 2>&1 || rc=$?
expect "tool scan: exit 2 without a path" test "$rc" = 2

# Bad input: each a note on stderr, never a crash or a hang
bad=$tmp/bad
mkdir "$bad"
printf 'x\0y /sys/kernel/debug/tracing/trace\n' >"$bad/binary.bin"
printf 'cat /sys/kernel/debug/tracing/trace # caf\351\n' >"$bad/latin1.sh"
mkfifo "$bad/fifo"
truncate -s 21M "$bad/huge.txt"
ln -s loop-b "$bad/loop-a"
ln -s loop-a "$bad/loop-b"
ln -s . "$bad/dirloop"
printf 'cat /sys/kernel/debug/tracing/trace\n' >"$bad/unreadable.sh"
chmod 000 "$bad/unreadable.sh"
rc=0
timeout 60 "$scan" "$bad" >"$tmp/bad.out" 2>"$tmp/bad.err" || rc=$?
expect "tool scan: bad input: no crash, no hang (exit 1 for the two readable findings)" test "$rc" = 1
expect "tool scan: bad input: a binary file is skipped with a note" grep -q 'binary.bin: skipped (binary' "$tmp/bad.err"
expect "tool scan: bad input: non-UTF-8 text is scanned, with a note" \
	bash -c "grep -q 'latin1.sh: not UTF-8' '$tmp/bad.err' && grep -q '^$bad/latin1.sh:1: ' '$tmp/bad.out'"
expect "tool scan: bad input: a FIFO is skipped with a note" grep -q 'fifo: skipped (not a regular file)' "$tmp/bad.err"
expect "tool scan: bad input: a 21 MB file is skipped with a note" grep -q 'huge.txt: skipped (.*larger than' "$tmp/bad.err"
expect "tool scan: bad input: a symlink loop is skipped with a note" \
	grep -q 'loop-a: skipped (Too many levels of symbolic links)' "$tmp/bad.err"
expect "tool scan: bad input: a directory symlink loop is not followed" \
	bash -c "! grep -q dirloop '$tmp/bad.out'"
if [ "$(id -u)" = 0 ]; then
	# chmod 000 does not stop root: the file is read like any other
	echo "ok - tool scan: bad input: an unreadable file is skipped with a note # SKIP running as root, chmod 000 does not stop root (the FIFO covers a file that cannot be read)"
	expect "tool scan: bad input: as root, the chmod 000 file is scanned" grep -q '^.*unreadable.sh:1: ' "$tmp/bad.out"
else
	expect "tool scan: bad input: an unreadable file is skipped with a note" \
		grep -q 'unreadable.sh: skipped (Permission denied)' "$tmp/bad.err"
fi
expect "tool scan: bad input: the summary counts the skipped files" \
	bash -c "tail -n 1 '$tmp/bad.out' | grep -q '; [4-9] file(s) skipped'"
tap_done
