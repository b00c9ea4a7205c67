#!/usr/bin/env bash
# check-series-bisect.sh VERSION: apply the version's series one patch at a
# time in a scratch tree (VERSION-bisect in the cache), build the kernel
# after each patch and boot it; each boot's console is scanned for splats
# (scripts/scan-kernel-log.sh). Prints TAP lines: builds, boots, kernel
# log clean and exposes nothing new, per patch. An empty series fails.
# "Exposes": with tracefs and debugfs remounted uid=1000,gid=2000,mode=0770,
# which of the files that must stay root's (PRIVATE below: they fetch
# memory, define probes or list kernel addresses) user 1000 or
# group 2000 may open; no step may add one to what the step before
# exposed (the first step is the reference), so that no point of the
# series hands the probe files to a uid= owner or the group. The result is cached
# per series content and configuration, so a run with an unchanged series
# only reprints it.
# A finished run is also recorded in the checkout, kernel/VERSION/bisect.tap,
# headed by the hash of what it ran on (the series, its patches, the
# config fragments and the linux-source package's version). A machine with no cached result (a fresh clone on a
# fresh machine) reprints that record instead of bisecting again when, and
# only when, the hash still matches: any change to a patch, the series file
# or a fragment runs the bisect. Two series bisected cold cost more than
# make check's budget (about 15 minutes each on 2 cores); the record is
# committed with the series, so what was bisected is in the history.
# Within a bisect, a step whose code is the same as a step of the record
# (the same package version, fragments and patches 1..i, by git patch-id, so that
# renumbered or reworded patches count as the same) and passed there is
# not built and booted again: its lines are reprinted, saying so. The
# record keeps each step's key ("# step-key N KEY").
# TRACEFS_RELOC_BISECT=1 ignores the record and the cache.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

ver=${1:?usage: check-series-bisect.sh VERSION}
id=$ver-bisect
mapfile -t patches < <(tr_series_patches "$ver")
if [ ${#patches[@]} = 0 ]; then
	echo "not ok - bisect ($ver): $(tr_series_dir "$ver")/series names no patch: nothing to build"
	exit 1
fi
mapfile -t frags < <(tr_frags "$ver")
# The tree the patches apply to: the linux-source package's version.
pkg=$(tr_vget "$ver" package)
pkgver="$pkg $(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null || echo not-installed)"
# what each step checks is part of what the record was made with
points="builds boots kernel-log-clean exposes-nothing-new"
hash=$(printf '%s %s %s\n' "$(tr_series_hash "$ver" "${frags[@]}")" "$pkgver" "$points" | sha256sum | cut -d' ' -f1)
dir=$(dirname "$(tr_src "$id")")
cache=$dir/result.$hash
record=$TR_TOP/kernel/$ver/bisect.tap
if [ "${TRACEFS_RELOC_BISECT:-}" != 1 ]; then
	if [ -f "$cache" ]; then
		grep -E '^(not )?ok' "$cache" | sed 's/$/ (cached for this series)/'
		! grep -q '^not ok' "$cache"
		exit
	fi
	if [ "$(sed -n 's/^# series-hash: //p' "$record" 2>/dev/null)" = "$hash" ]; then
		when=$(sed -n 's/^# recorded: //p' "$record")
		grep -E '^(not )?ok' "$record" | sed "s#\$# (recorded for this series $when, kernel/$ver/bisect.tap)#"
		! grep -q '^not ok' "$record"
		exit
	fi
fi

mapfile -t keys < <(tr_bisect_step_keys -s "$pkgver" "${frags[@]}" -- "${patches[@]}")
# recorded KEY: the record's two lines of the step with that key, if both ok.
recorded() {
	[ "${TRACEFS_RELOC_BISECT:-}" != 1 ] || return 1
	tr_bisect_recorded "$record" "$ver" "$1"
}

PRIVATE="kprobe_events uprobe_events dynamic_events user_events_data kprobes/list kprobes/enabled kprobes/blacklist enabled_functions touched_functions available_filter_functions_addrs"
# The guest's part: remount both, list the owner, group and mode of each
# private file that exists, in either filesystem.
# shellcheck disable=SC2016 # expanded in the guest
expose_cmd='grep -q tracefs /proc/mounts && ls /sys/kernel/debug/tracing/events >/dev/null || exit 1
for m in /sys/kernel/tracing /sys/kernel/debug; do
	mount -o remount,uid=1000,gid=2000,mode=0770 $m || echo "# remount of $m refused"
	for f in '"$PRIVATE"'; do
		[ -e $m/$f ] && echo "EXPOSE ${m##*/}/$f $(stat -c "%u %g %a" $m/$f)"
	done
done
true'
# exposed FILE: the private files the guest's lines in FILE show open to
# uid 1000 (as owner) or gid 2000 (as group), comma-separated, or "none".
exposed() {
	awk '$1 == "EXPOSE" {
		m = $5 % 1000; o = int(m / 100); g = int(m / 10) % 10
		if (($3 == 1000 && o) || ($4 == 2000 && g)) print $2
	}' "$1" | sort -u | paste -sd, - | sed 's/^$/none/'
}
# new_in NOW BEFORE: what NOW lists that BEFORE does not
new_in() {
	comm -23 <(tr , '\n' <<<"$1" | grep -vx none | sort) <(tr , '\n' <<<"$2" | sort) | paste -sd, -
}

src=$(tr_src "$id")
tr_worktree_at_base "$id"

rm -f "$dir"/result.*
printf '%s\n' "$expose_cmd" >"$dir/expose.sh"
res=$(mktemp)
i=0 before=
for p in "${patches[@]}"; do
	i=$((i + 1))
	name=$(basename "$p")
	if ! tr_git -C "$src" am -q "$p" >/dev/null 2>&1; then
		echo "not ok - bisect ($ver): patch $i applies: $name" | tee -a "$res"
		break
	fi
	echo "# step-key $i ${keys[$((i - 1))]}" >>"$res"
	if old=$(recorded "${keys[$((i - 1))]}"); then
		# the same code as a recorded step: its lines, renumbered
		n=$(echo "$old" | sed -n 's/.* with patches 1-\([0-9]*\).*/\1/p' | head -n 1)
		now=$(echo "$old" | sed -n 's/^# exposed [0-9]* //p')
		echo "# exposed $i $now" >>"$res"
		before=$now
		echo "$old" | grep -v '^# exposed' |
			sed "s/with patches 1-$n\b/with patches 1-$i/; s/(0[0-9]*-[^)]*\.patch)/($name)/" |
			sed 's/ (same code as the recorded step [0-9]*)$//; s/$/ (same code as the recorded step '"$n"')/' |
			tee -a "$res"
		continue
	fi
	if "$TR_TOP/scripts/build-kernel.sh" "$id" >"$dir/build-$i.log" 2>&1; then
		echo "ok - bisect ($ver): builds with patches 1-$i ($name)" | tee -a "$res"
	else
		echo "not ok - bisect ($ver): builds with patches 1-$i ($name)" | tee -a "$res"
		tail -n 20 "$dir/build-$i.log" | sed 's/^/#   /'
		continue
	fi
	if "$TR_TOP/qemu-env/run-guest.sh" -q -k "$(tr_bzimage "$id")" -s both -t 120 -l "$dir/console-$i.log" \
		-f "$dir/expose.sh" -o "$dir/expose-$i.txt" >/dev/null 2>"$dir/boot-$i.log"; then
		echo "ok - bisect ($ver): boots with patches 1-$i" | tee -a "$res"
	else
		echo "not ok - bisect ($ver): boots with patches 1-$i" | tee -a "$res"
		tail -n 20 "$dir/boot-$i.log" | sed 's/^/#   /'
	fi
	if scan=$("$TR_TOP/scripts/scan-kernel-log.sh" "$dir/console-$i.log"); then
		echo "ok - bisect ($ver): kernel log clean with patches 1-$i" | tee -a "$res"
	else
		echo "not ok - bisect ($ver): kernel log clean with patches 1-$i" | tee -a "$res"
		printf '%s\n' "$scan" | sed 's/^/#   /' | tee -a "$res"
	fi
	now=$(exposed "$dir/expose-$i.txt")
	echo "# exposed $i $now" >>"$res"
	more=$(new_in "$now" "${before:-$now}")
	if grep -q '^EXPOSE ' "$dir/expose-$i.txt" && [ -z "$more" ]; then
		echo "ok - bisect ($ver): exposes nothing new with patches 1-$i" | tee -a "$res"
	else
		echo "not ok - bisect ($ver): exposes nothing new with patches 1-$i" | tee -a "$res"
		echo "#   open to uid 1000 or gid 2000: ${more:-no private file listed}; the step before: ${before:-(first step)}" | tee -a "$res"
		sed 's/^/#   /' "$dir/expose-$i.txt" | tee -a "$res"
	fi
	before=$now
done
mv "$res" "$cache"
{
	echo "# The per-patch build and boot of kernel/$ver/patches (scripts/check-series-bisect.sh);"
	echo "# reprinted on a machine without the cached result while this hash matches."
	echo "# series-hash: $hash"
	echo "# package: $pkgver"
	echo "# recorded: $(date -u '+%Y-%m-%d %H:%M UTC')"
	cat "$cache"
} >"$record"
! grep -q '^not ok' "$cache"
