# shellcheck shell=sh
# Legacy-style scripts (tools-check/legacy/) that hard-code the old
# /sys/kernel/debug paths, run as they are. They work where debugfs is
# mounted (through its automount and the series' symlinks) or the compat
# view is active. Elsewhere the old paths are absent by design: the point
# then asserts that the script failed because a path does not exist
# (ENOENT), and not for another reason.

ABSENT='No such file or directory|nonexistent directory'

legacy_check() {
	if old_paths; then
		legacy "$1"
		return
	fi
	if legacy "$1" >absent.log 2>&1; then
		cat absent.log
		echo "$1 worked, but the old paths are absent here (no debugfs, no view)"
		return 1
	fi
	why=$(grep -m 1 -E "$ABSENT" absent.log)
	if [ -z "$why" ]; then
		cat absent.log
		echo "$1 failed, but not because an old path is absent"
		return 1
	fi
	note "absent old path, $1: $why"
}

check_legacy_kprobe_events() { legacy_check kprobe-events; }
check_legacy_kprobes_files() { legacy_check kprobes-files; }
check_legacy_error_injection() { legacy_check error-injection; }
check_legacy_blktrace_default_path() { legacy_check blktrace-default-path; }
