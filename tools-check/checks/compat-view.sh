# shellcheck shell=sh
# compat/debugfs-compat-view on a machine without debugfs at
# /sys/kernel/debug: the legacy scripts work through it, it holds nothing
# but the mapped paths, only root gets in, and stop puts everything back.
# The checks build on each other: start, use, stop.

VIEW=/usr/local/sbin/debugfs-compat-view

# The old top-level names the view may hold: "tracing" (the automount
# debugfs had) and the first component of every old path in the map.
view_allowed() {
	{
		echo tracing
		grep -v '^#' /compat/path-map.tsv | cut -f1 | sed 's#^/sys/kernel/debug/##; s#/.*##'
	} | sort -u
}

# snapshot NAME: what the view may change, to compare after stop.
snapshot() {
	awk '{print $1, $2, $3}' /proc/mounts >"$W/$1.mounts"
	ls -a /sys/kernel >"$W/$1.ls"
	[ -e /sys/kernel/debug ] && echo present >>"$W/$1.ls"
	return 0
}
same_as() {
	snapshot now
	cmp "$W/$1.mounts" "$W/now.mounts" >/dev/null || { echo "mounts differ:"; diff "$W/$1.mounts" "$W/now.mounts"; return 1; }
	cmp "$W/$1.ls" "$W/now.ls" >/dev/null || { echo "/sys/kernel differs:"; diff "$W/$1.ls" "$W/now.ls"; return 1; }
}

check_view_bad_usage() {
	rc=0
	for args in "" frobnicate "start extra" "run" "run --"; do
		# shellcheck disable=SC2086
		$VIEW $args >usage.out 2>&1
		r=$?
		[ $r = 2 ] && grep -q '^usage:' usage.out || { echo "'$args': exit $r"; cat usage.out; rc=1; }
	done
	# run's internal step refuses outside a private mount namespace
	$VIEW __inside true >usage.out 2>&1 && { echo "__inside ran in the init namespace"; rc=1; }
	grep -q 'internal' usage.out || { cat usage.out; rc=1; }
	[ ! -e /sys/kernel/debug/tracing ] || [ -n "$(debugfs_mounts)" ] || { echo "__inside left a view"; rc=1; }
	return $rc
}

check_view_refused_for_users() {
	snapshot users
	for u in tracer outsider; do
		as_user $u "$VIEW start" >u.out 2>&1 && { echo "$u started the view"; return 1; }
		grep -q 'must run as root' u.out || { cat u.out; return 1; }
	done
	same_as users
}

check_view_start() {
	snapshot before
	$VIEW start || return 1
	$VIEW status || return 1
	[ "$(awk '$2 == "/sys/kernel/debug" {t = $3} END {print t}' /proc/mounts)" = tmpfs ] ||
		{ echo "no tmpfs on /sys/kernel/debug"; return 1; }
	m=$(stat -c '%a %u %g' /sys/kernel/debug)
	echo "/sys/kernel/debug: $m"
	[ "$m" = "700 0 0" ] || return 1
	note "compat view: $(sed -n 's/^how=//p' /run/debugfs-compat-view/state), holds $(ls /sys/kernel/debug | paste -sd ' ' -)"
}

check_view_legacy_kprobe_events() { legacy kprobe-events; }
check_view_legacy_kprobes_files() { legacy kprobes-files; }
check_view_legacy_error_injection() { legacy error-injection; }
check_view_legacy_blktrace_default_path() { legacy blktrace-default-path; }

# Debian's blktrace looks for debugfs's statfs magic at /sys/kernel/debug.
check_view_debian_blktrace() {
	rm -rf vbt && mkdir vbt
	blktrace -d /dev/vda -D vbt -o vda -w 1 >vbt/out 2>&1
	rc=$?
	cat vbt/out
	[ $rc = 0 ] && [ -s vbt/vda.blktrace.0 ]
}

# Nothing but the mapped names at the top, nothing but mapped files below
# the symlinked directories (block/ holds a <name>/ only while a trace runs).
check_view_only_mapped() {
	rc=0
	allowed=$(view_allowed | paste -sd ' ' -)
	for e in /sys/kernel/debug/* /sys/kernel/debug/.[!.]*; do
		[ -e "$e" ] || [ -L "$e" ] || continue
		n=${e##*/}
		case " $allowed " in
		*" $n "*) ;;
		*) echo "not in the map: $e"; rc=1 ;;
		esac
	done
	grep -v '^#' /compat/path-map.tsv | cut -f1 |
		sed 's/<name>/[^\/]*/; s/<cpu>/[0-9]*/; s/^/^/; s/$/$/' >"$W/map.re"
	for e in kprobes error_injection block; do
		[ -L "/sys/kernel/debug/$e" ] || continue
		find -L "/sys/kernel/debug/$e" -mindepth 1 -type f >"$W/view.files"
		if grep -vf "$W/map.re" "$W/view.files"; then
			echo "(not in the map)"
			rc=1
		fi
	done
	[ -d /sys/kernel/debug/tracing/events ] || { echo "no tracing/ in the view"; rc=1; }
	[ ! -e /sys/kernel/debug/fail_function ] || { echo "fail_function exposed"; rc=1; }
	echo "view: $(ls /sys/kernel/debug | paste -sd ' ' -); allowed: $allowed"
	return $rc
}

# A tracing-group member and another user read nothing through the view,
# even where tracefs itself is delegated.
check_view_root_only() {
	rc=0
	n=0
	for u in tracer outsider; do
		for f in /sys/kernel/debug /sys/kernel/debug/tracing/trace \
			/sys/kernel/debug/tracing/events/sched/sched_switch/format \
			/sys/kernel/debug/kprobes/blacklist /sys/kernel/debug/kprobes/list \
			/sys/kernel/debug/error_injection/list; do
			n=$((n + 1))
			if as_user $u "ls $f >/dev/null 2>&1 || cat $f >/dev/null 2>&1"; then
				echo "$u reads $f"
				rc=1
			fi
		done
		as_user $u "ls /sys/kernel/debug" 2>&1 | grep -q 'Permission denied' ||
			{ echo "$u: no EACCES on /sys/kernel/debug"; rc=1; }
	done
	echo "$n attempts by tracer and outsider, all refused: $([ $rc = 0 ] && echo yes || echo no)"
	return $rc
}

check_view_refuses_twice() {
	snapshot twice
	$VIEW start >twice.out 2>&1 && { echo "second start succeeded"; return 1; }
	grep -q 'already active' twice.out || { cat twice.out; return 1; }
	same_as twice
}

check_view_stop() {
	$VIEW stop || return 1
	same_as before || return 1
	$VIEW status
	[ $? = 3 ] || { echo "status after stop is not 3"; return 1; }
	$VIEW stop >stop2.out 2>&1 && { echo "second stop succeeded"; return 1; }
	grep -q 'not active' stop2.out || { cat stop2.out; return 1; }
}

# run: a private mount namespace has the view; the machine is untouched.
check_view_run() {
	snapshot run
	$VIEW run -- sh /tools-check/legacy/kprobe-events.sh || return 1
	$VIEW run -- sh -c 'test -d /sys/kernel/debug/tracing/events' || return 1
	same_as run
}
