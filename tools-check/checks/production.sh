# shellcheck shell=sh
# The patched kernel built with Debian's production configuration (make
# check-production): far more debugfs users than the guest configuration
# has. debugfs stays private to root for all of them, the boot log names
# each creator that asks for group/other write permission once (at most 64
# call sites and one line saying there are more), and the relocated files
# work. Debian's 6.1 configuration has FUNCTION_ERROR_INJECTION off, so
# error_injection/ exists nowhere.
D=/sys/kernel/debug
T=/sys/kernel/tracing

check_production_debugfs_audit() {
	audit_debugfs 100
}

check_production_boot_log_bounded() {
	dmesg | grep 'asked for mode' >asked.txt
	n=$(wc -l <asked.txt)
	more=$(dmesg | grep -c 'more callers ask for group/other write permission')
	sites=$(sed 's/+0x.*//' asked.txt | sort -u | wc -l)
	note "boot log: $n 'asked for mode' lines from $sites call sites, $more 'more callers' lines"
	cat asked.txt
	# One line per call site, and no more than the kernel's bound.
	[ "$n" = "$sites" ] && [ "$n" -le 64 ] && [ "$more" -le 1 ] &&
		{ [ "$more" = 0 ] || [ "$n" = 64 ]; }
}

check_production_tracefs_no_other_bits() {
	total=$(find "$T" -xdev | wc -l)
	find "$T" -xdev -perm /007 >other.txt
	note "tracefs audit: $total entries, $(wc -l <other.txt) with other bits"
	head -n 10 other.txt
	[ "$total" -gt 100 ] && [ ! -s other.txt ]
}

check_production_kprobes_files() {
	got="$(mode "$T/kprobes/list") $(mode "$T/kprobes/enabled") $(mode "$T/kprobes/blacklist")"
	echo "kprobes modes: $got"
	[ "$got" = "400 600 400" ] || return 1
	for f in list enabled blacklist; do
		cmp "$D/kprobes/$f" "$T/kprobes/$f" || return 1
	done
	[ "$(wc -l <"$T/kprobes/blacklist")" -gt 100 ]
}

check_production_no_error_injection() {
	ls -d "$T/error_injection" "$D/error_injection" 2>&1
	[ ! -e "$T/error_injection" ] && [ ! -e "$D/error_injection" ]
}

check_production_kprobe_event() {
	echo 'p:production_probe vfs_read' >>"$T/kprobe_events" || return 1
	echo 1 >"$T/events/kprobes/production_probe/enable" || return 1
	cat "$T/kprobes/list" >probes.txt
	echo 0 >"$T/events/kprobes/production_probe/enable"
	echo '-:production_probe' >>"$T/kprobe_events"
	cat probes.txt
	grep -q 'vfs_read' probes.txt
}

check_production_blktrace_default_path() {
	blktrace_vda bt 3 || return 1
	counts=$(blkparse_counts bt vda)
	echo "$counts"
	note "blktrace on Debian's configuration: $counts"
	nonzero_counts "$counts"
}
