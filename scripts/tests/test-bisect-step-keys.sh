#!/usr/bin/env bash
# The per-patch bisect reuses a recorded step only for the same code: the
# step keys (tr_bisect_step_keys) follow the fragments and the diffs of
# patches 1..i, not their numbering or wording, and the record lookup
# (tr_bisect_recorded) hands back a step only when all four of its lines
# (builds, boots, kernel log clean, exposes nothing new) and what it
# exposed are recorded, all four passed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"
v=$TR_VERSION
mapfile -t frags < <(tr_frags "$v")
mapfile -t patches < <(tr_series_patches "$v")
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
p1=${patches[0]} p2=${patches[1]}
keys() { tr_bisect_step_keys "${frags[@]}" -- "$@" | paste -sd' ' -; }
base=$(keys "$p1" "$p2")
expect "two patches: two keys" test "$(echo "$base" | wc -w)" = 2
# renumbered ([PATCH 01/16] -> [PATCH 01/99]) and reworded: the same code
sed 's/^Subject: \[PATCH [0-9]*\/[0-9]*\]/Subject: [PATCH 01\/99]/; 0,/^$/s/^$/\nA reworded message./' "$p1" >"$t/renumbered.patch"
expect "renumbered patch: other bytes" eval '! cmp -s "$p1" "$t/renumbered.patch"'
expect "renumbered patch, same key" test "$(keys "$t/renumbered.patch" "$p2")" = "$base"
# one line of code more in the second patch: the first key stays
awk '/^\+/ && !done && !/^\+\+\+/ {print; print "+/* changed */"; done = 1; next} {print}' "$p2" >"$t/changed.patch"
k=$(keys "$p1" "$t/changed.patch")
expect "changed code in patch 2: key 1 kept" test "${k%% *}" = "${base%% *}"
expect "changed code in patch 2: key 2 differs" test "${k#* }" != "${base#* }"
# a change in patch 1 changes every later key
awk '/^\+/ && !done && !/^\+\+\+/ {print; print "+/* changed */"; done = 1; next} {print}' "$p1" >"$t/changed1.patch"
k=$(keys "$t/changed1.patch" "$p2")
expect "changed code in patch 1: key 2 differs too" test "${k#* }" != "${base#* }"
# another linux-source package version: other keys
k=$(tr_bisect_step_keys -s "linux-source-$v 0.0-1" "${frags[@]}" -- "$p1" "$p2" | paste -sd' ' -)
k2=$(tr_bisect_step_keys -s "linux-source-$v 0.0-2" "${frags[@]}" -- "$p1" "$p2" | paste -sd' ' -)
expect "another package version: other keys" test "$k" != "$k2"
# another fragment set: other keys
k=$(tr_bisect_step_keys "${frags[0]}" -- "$p1" "$p2" | paste -sd' ' -)
[ ${#frags[@]} -gt 1 ] && expect "other fragments: other keys" test "$k" != "$base"
# the record lookup
k1=${base%% *} k2=${base#* } k3=third
cat >"$t/rec" <<REC
# series-hash: x
# step-key 1 $k1
ok - bisect ($v): builds with patches 1-1 (0001-a.patch)
ok - bisect ($v): boots with patches 1-1
ok - bisect ($v): kernel log clean with patches 1-1
# exposed 1 tracing/kprobe_events
ok - bisect ($v): exposes nothing new with patches 1-1
# step-key 2 $k2
ok - bisect ($v): builds with patches 1-2 (0002-b.patch)
not ok - bisect ($v): boots with patches 1-2
ok - bisect ($v): kernel log clean with patches 1-2
# step-key 3 $k3
ok - bisect ($v): builds with patches 1-3 (0003-c.patch)
ok - bisect ($v): boots with patches 1-3
REC
out=$(tr_bisect_recorded "$t/rec" "$v" "$k1")
expect "recorded step 1: what it exposed and its four lines" test "$out" = "# exposed 1 tracing/kprobe_events
ok - bisect ($v): builds with patches 1-1 (0001-a.patch)
ok - bisect ($v): boots with patches 1-1
ok - bisect ($v): kernel log clean with patches 1-1
ok - bisect ($v): exposes nothing new with patches 1-1"
sed -i '/^# exposed 1 /d' "$t/rec"
expect "recorded step 1 without its exposed line: not reused" eval '! tr_bisect_recorded "$t/rec" "$v" "$k1" >/dev/null'
expect "recorded step 2 failed to boot: not reused" eval '! tr_bisect_recorded "$t/rec" "$v" "$k2" >/dev/null'
expect "recorded step 3 without a console scan or exposure (an older record): not reused" eval '! tr_bisect_recorded "$t/rec" "$v" "$k3" >/dev/null'
expect "unknown key: not reused" eval '! tr_bisect_recorded "$t/rec" "$v" nosuchkey >/dev/null'
expect "no record: not reused" eval '! tr_bisect_recorded "$t/none" "$v" "$k1" >/dev/null'
# every step of the committed records has its key
for ver in $TR_VERSIONS; do
	rec=$TR_TOP/kernel/$ver/bisect.tap
	n=$(grep -c '^# step-key ' "$rec" || true)
	m=$(grep -c "^ok - bisect ($ver): builds" "$rec" || true)
	expect "$ver: a step key for each recorded step ($n of $m)" test "$n" = "$m"
done
tap_done
