# shellcheck shell=bash
# For the host tests that boot guests: guest ARGS... runs
# qemu-env/run-guest.sh keeping each boot's console in $tmp/console.N
# (GUEST_CONSOLE_SUFFIX=.panic marks a boot that must panic), and
# consoles_clean, an assertion that every kept console is clean as the
# matrix's kernel_log_clean sees it (scripts/scan-kernel-log.sh), but for
# those marked .panic. Needs $here (scripts/tests) and $tmp.
# shellcheck disable=SC2154 # here and tmp: set by the test that sources this
run=$here/../../qemu-env/run-guest.sh
nboot=0
guest() {
	nboot=$((nboot + 1))
	# shellcheck disable=SC2154
	"$run" -l "$tmp/console.$nboot${GUEST_CONSOLE_SUFFIX:-}" "$@"
}
consoles_clean() {
	local c bad=""
	for c in "$tmp"/console.*; do
		case $c in *.panic) continue ;; esac
		# what the scan found goes to stderr, so that the failure names it
		"$here/../scan-kernel-log.sh" "$c" >"$tmp/scan.out" || { bad="$bad $(basename "$c")"; sed 's/^/# /' "$tmp/scan.out" >&2; }
	done
	[ -z "$bad" ] || { echo "splats in:$bad" >&2; return 1; }
}
