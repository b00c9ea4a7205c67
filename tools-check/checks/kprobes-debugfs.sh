# shellcheck shell=sh
# Kernels without tracing (TRACING=n, KPROBES=y; make check-configs): there
# is no tracefs, so the kprobes control files stay in debugfs ("kprobes:
# move the kprobes control files from debugfs to tracefs"), private to root
# like every debugfs entry ("debugfs: keep every entry private to root").
D=/sys/kernel/debug

check_no_tracefs() {
	cat /proc/filesystems
	! grep -qw tracefs /proc/filesystems
}

check_kprobes_files_in_debugfs() {
	ok=0
	for f in list enabled blacklist; do
		ls -l "$D/kprobes/$f" || { ok=1; continue; }
		[ -f "$D/kprobes/$f" ] && [ ! -L "$D/kprobes/$f" ] || ok=1
		m=$(stat -c '%a %u %g' "$D/kprobes/$f")
		echo "$f: $m"
		# root's, no group or other bits
		case $m in [0-7]00\ 0\ 0 | [0-7]\ 0\ 0) ;; *) ok=1 ;; esac
	done
	[ ! -L "$D/kprobes" ] || ok=1
	return $ok
}

check_kprobes_outsider_refused() {
	if out=$(su -s /bin/sh outsider -c "cat $D/kprobes/list" 2>&1); then
		echo "outsider read $D/kprobes/list"
		return 1
	fi
	echo "$out"
	case $out in *"Permission denied"*) true ;; *) false ;; esac
}

check_kprobes_enabled_toggle() {
	echo 0 >"$D/kprobes/enabled" && [ "$(cat "$D/kprobes/enabled")" = 0 ] &&
		echo 1 >"$D/kprobes/enabled" && [ "$(cat "$D/kprobes/enabled")" = 1 ]
}

check_kprobes_blacklist_readable() {
	n=$(wc -l <"$D/kprobes/blacklist") || return 1
	echo "blacklist: $n entries"
	[ "$n" -gt 0 ]
}

check_kprobes_no_fallback_warning() {
	# without tracing nothing is tried in tracefs: nothing to warn about
	! dmesg | grep 'Could not create the kprobes files in tracefs'
}
