# shellcheck shell=sh
# Legacy-style scripts (tools-check/legacy/) that hard-code the old
# /sys/kernel/debug paths, run as they are. They work where debugfs is
# mounted (through its automount and the series' symlinks) or the compat
# view is active, and nowhere else.

check_legacy_kprobe_events() { legacy kprobe-events; }
check_legacy_kprobes_files() { legacy kprobes-files; }
check_legacy_error_injection() { legacy error-injection; }
check_legacy_blktrace_default_path() { legacy blktrace-default-path; }
