# shellcheck shell=sh
# kprobes and error_injection control files in tracefs, and the old debugfs
# paths leading to the same files (the series' "kprobes: move ..." and "error-injection: move ..." patches).

RELOC_FILES="kprobes/list kprobes/enabled kprobes/blacklist error_injection/list"

# Every fixed path of compat/path-map.tsv (the table in MIGRATION.md) exists
# in tracefs; <name>/<cpu> paths are checked by the blktrace group.
check_reloc_new_paths() {
	rc=0 n=0
	for p in $(grep -v '^#' /compat/path-map.tsv | cut -f2 | grep -v '<'); do
		f=${p#/sys/kernel/tracing/}
		n=$((n + 1))
		[ -f "$T/$f" ] || { echo "missing: $T/$f"; rc=1; }
	done
	[ $rc = 0 ] && note "relocated files: $n from the path map, $(for f in $RELOC_FILES; do printf '%s=%s ' "$f" "$(mode "$T/$f")"; done)"
	[ "$n" -gt 0 ] && return $rc
}

# Where debugfs is mounted, each old path reads the same bytes as the new one;
# where it is not, nothing else appears in its place.
check_reloc_old_paths_identical() {
	if ! old_paths; then
		[ ! -e "$D/kprobes" ] && [ ! -e "$D/error_injection" ]
		return
	fi
	rc=0
	for f in $RELOC_FILES; do
		a=$(md5sum <"$D/$f") || { rc=1; continue; }
		b=$(md5sum <"$T/$f") || { rc=1; continue; }
		[ "$a" = "$b" ] || { echo "$D/$f differs from $T/$f"; rc=1; }
	done
	# fail_function/ stays in debugfs (the view does not have it).
	if [ "$EXPECT_DEBUGFS" = mounted ]; then
		a=$(md5sum <"$D/fail_function/injectable") && b=$(md5sum <"$T/error_injection/list") &&
			[ "$a" = "$b" ] || { echo "fail_function/injectable does not match error_injection/list"; rc=1; }
	fi
	# The relative trick bcc uses: $TRACEFS/../kprobes/blacklist.
	TRACEFS=$D/tracing
	a=$(md5sum <"$TRACEFS/../kprobes/blacklist") && b=$(md5sum <"$T/kprobes/blacklist") &&
		[ "$a" = "$b" ] || { echo "\$TRACEFS/../kprobes/blacklist does not resolve"; rc=1; }
	return $rc
}

# kprobes/enabled toggles: 0 then 1, each read back. Where the scenario
# gives the old path (debugfs mounted, or the compat view), the 0 goes
# through the old path and is read through the new one, and the other way
# round for the 1; elsewhere both go through tracefs, and the note says so.
check_reloc_enabled_toggle() {
	new=$T/kprobes/enabled
	old=$new
	old_paths && old=$D/kprobes/enabled
	if [ "$old" = "$new" ]; then
		note "reloc_enabled_toggle: through tracefs only (no old path in this scenario)"
	else
		note "reloc_enabled_toggle: through the old path and the new one"
	fi
	echo 0 >"$old" || return 1
	a=$(cat "$new")
	# kprobes stay enabled for the checks after this one, whatever happens
	echo 1 >"$new" || { echo 1 >"$old"; return 1; }
	b=$(cat "$old")
	echo "after 0 via $old: $a; after 1 via $new: $b"
	[ "$a" = 0 ] && [ "$b" = 1 ]
}

# Garbage, empty, negative and huge writes fail with an errno and change
# nothing; a kernel warning fails the boot's kernel_log_clean point.
check_reloc_bad_writes() {
	f=$T/kprobes/enabled
	rc=0
	for v in garbage -1 2 "" " "; do
		# printf writes "$v\n" in one write(2); "" is a lone newline.
		if printf '%s\n' "$v" >"$f" 2>/dev/null; then
			echo "write '$v' accepted"
			rc=1
		fi
	done
	if head -c 1048576 /dev/zero | tr '\0' 'x' >"$f" 2>/dev/null; then
		echo "1 MiB write accepted"
		rc=1
	fi
	[ "$(cat "$f")" = 1 ] || { echo "state changed: $(cat "$f")"; rc=1; }
	echo garbage >"$T/error_injection/list" 2>/dev/null && { echo "error_injection/list writable"; rc=1; }
	return $rc
}

# A function on the kprobe blacklist (from tracefs, else from debugfs, else
# a well-known one).
blacklisted_symbol() {
	bl=$T/kprobes/blacklist
	[ -f "$bl" ] || bl=$D/kprobes/blacklist
	if [ -f "$bl" ]; then
		awk '$2 ~ /^[a-z_0-9]+$/ {print $2; exit}' "$bl"
	else
		echo do_int3
	fi
}

# probe_blacklisted PERF LABEL: PERF probe must refuse a blacklisted
# function; notes whether perf itself knew (it read the blacklist) or the
# kernel refused. Returns 2 when only the kernel refused.
probe_blacklisted() {
	sym=$(blacklisted_symbol)
	if "$1" probe -v --add "$sym" >probe-bl.out 2>&1; then
		echo "$2 added blacklisted $sym"
		"$1" probe -q --del "probe:$sym"
		return 1
	fi
	tail -n 5 probe-bl.out
	if grep -q 'blacklisted function' probe-bl.out; then
		note "$2 of a blacklisted function: $sym refused by perf (it read the blacklist)"
		return 0
	fi
	if grep -q 'Failed to write event: Invalid argument' probe-bl.out; then
		note "$2 of a blacklisted function: $sym refused by the kernel (perf did not read the blacklist)"
		return 2
	fi
	echo "$2 failed for another reason than the blacklist"
	return 3
}

# Debian's perf refuses a blacklisted function on every kernel, itself or
# through the kernel.
check_reloc_perf_probe_blacklisted() {
	probe_blacklisted perf "perf probe"
	rc=$?
	[ $rc = 0 ] || [ $rc = 2 ]
}

# perf built from the same tree reads the blacklist from tracefs first
# (the series' "perf probe: read the kprobe blacklist from tracefs first"), so it refuses a blacklisted function itself, with
# or without debugfs.
check_reloc_intree_perf_blacklisted() {
	chmod 0755 /usr/local/bin/perf-intree
	probe_blacklisted perf-intree "in-tree perf probe"
}
