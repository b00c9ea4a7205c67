# shellcheck shell=sh
# The relocated files under the lockdown LSM (make check-configs: the
# lockdown combination, booted with lockdown=$LOCKDOWN). Asserts the
# patched design:
#   integrity: tracefs is not locked down (LOCKDOWN_TRACEFS is a
#     confidentiality reason), so the relocated files work, through the
#     old debugfs paths too; what stays in debugfs keeps debugfs's rule
#     (no writable, mmap or ioctl file opens: EPERM).
#   confidentiality: tracefs creates nothing; kprobes/ and
#     error_injection/ stay in debugfs (read-only files readable, the
#     rest EPERM, as on the unpatched kernel); BLKTRACESETUP fails EPERM
#     (the unpatched kernel sets up, then refuses to open the relay files).
# The unpatched kernel's differences are rows of expected.tsv.
D=/sys/kernel/debug
T=/sys/kernel/tracing

check_lockdown_level() {
	mount -t securityfs securityfs /sys/kernel/security 2>/dev/null
	cat /sys/kernel/security/lockdown
	grep -q "\[$LOCKDOWN\]" /sys/kernel/security/lockdown
}

check_lockdown_kprobes_list_blacklist_old_path() {
	n=$(wc -l <"$D/kprobes/list") || return 1
	b=$(wc -l <"$D/kprobes/blacklist") || return 1
	echo "$D/kprobes/list: $n lines, blacklist: $b lines"
	[ "$b" -gt 0 ]
}

check_lockdown_kprobes_home() {
	ls -ld "$D/kprobes" "$T/kprobes" 2>&1
	case $LOCKDOWN in
	integrity)
		# in tracefs, and debugfs links to it
		[ -f "$T/kprobes/list" ] && [ -L "$D/kprobes" ] ;;
	confidentiality)
		# tracefs creates nothing: the files stay in debugfs
		[ ! -e "$T/kprobes" ] && [ -d "$D/kprobes" ] && [ ! -L "$D/kprobes" ] ;;
	esac
}

# Where the kprobes and error-injection files are, said once at boot at
# KERN_INFO when lockdown is the reason (the administrator chose it).
check_lockdown_fallback_logged() {
	dmesg -r | grep -E 'kprobes files|error_injection/list (is|in)' >fallback.txt
	echo "fallback lines: $(wc -l <fallback.txt)"
	cat fallback.txt
	case $LOCKDOWN in
	integrity) [ ! -s fallback.txt ] ;;
	confidentiality)
		grep -q '^<6>.*tracefs is locked down: the kprobes files are in debugfs$' fallback.txt &&
			grep -q '^<6>.*tracefs is locked down: error_injection/list is in debugfs$' fallback.txt &&
			[ "$(wc -l <fallback.txt)" = 2 ] ;;
	esac
}

check_lockdown_kprobes_enabled_old_path() {
	r=$(write_result "$D/kprobes/enabled" 1)
	echo "write 1 to $D/kprobes/enabled: $r"
	case $LOCKDOWN in
	integrity) [ "$r" = ok ] ;;
	confidentiality) case $r in *"Operation not permitted"*) true ;; *) false ;; esac ;;
	esac
}

check_lockdown_error_injection_list() {
	n=$(wc -l <"$D/error_injection/list") || return 1
	echo "$D/error_injection/list: $n lines"
	[ "$n" -gt 0 ]
}

# A file that stays in debugfs and is writable: debugfs's lockdown rule.
check_lockdown_debugfs_writable_refused() {
	r=$(write_result "$D/fail_function/inject" '')
	echo "write to $D/fail_function/inject: $r"
	case $r in *"Operation not permitted"*) true ;; *) false ;; esac
}

check_lockdown_blktrace() {
	rc=0
	blktrace_vda btl 2 || rc=$?
	counts=$(blkparse_counts btl vda)
	note "blktrace under lockdown=$LOCKDOWN: exit $rc, $counts"
	case $LOCKDOWN in
	integrity) [ $rc = 0 ] && nonzero_counts "$counts" ;;
	# nothing traced, and EPERM said (blktrace 1.2.0 may still exit 0)
	confidentiality) ! nonzero_counts "$counts" && grep -q 'Operation not permitted' btl/out ;;
	esac
}

# Root's chmod and chown of the debugfs mount point itself succeed under
# lockdown, as on the unpatched kernels (whose debugfs root directory has
# no setattr of debugfs's, so the LOCKDOWN_DEBUGFS test never applied to
# it): scripts and units that set it up at boot keep working. The mode
# and owner it had are put back.
check_lockdown_debugfs_root_chmod() {
	rc=0
	saved=$(stat -c '%a %u:%g' "$D") || return 1
	chmod 0700 "$D" 2>err.txt || { echo "chmod 0700 $D under lockdown=$LOCKDOWN: $(cat err.txt)"; rc=1; }
	m=$(stat -c %a "$D")
	[ "$m" = 700 ] || { echo "after chmod 0700: $D is $m"; rc=1; }
	chown root:root "$D" 2>err.txt || { echo "chown root:root $D under lockdown=$LOCKDOWN: $(cat err.txt)"; rc=1; }
	o=$(stat -c %u:%g "$D")
	[ "$o" = 0:0 ] || { echo "after chown root:root: $D is owned by $o"; rc=1; }
	echo "$D before: $saved; after chmod 0700 and chown root:root: $m $o"
	set -- $saved
	[ "$(stat -c %a "$D")" = "$1" ] || chmod "$1" "$D" || rc=1
	[ "$(stat -c %u:%g "$D")" = "$2" ] || chown "$2" "$D" || rc=1
	return $rc
}
