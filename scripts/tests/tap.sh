# shellcheck shell=bash
# Minimal assertions for the host tests: each prints one TAP line.
tap_failed=0
# expect NAME CONDITION-COMMAND...
expect() {
	local name=$1
	shift
	if "$@"; then
		echo "ok - $name"
	else
		echo "not ok - $name"
		tap_failed=1
	fi
}
# tap_done: the last line of a test file; run-host-tests.sh counts a file
# that never printed it as stopped before its end.
tap_done() {
	echo "# tap_done"
	return "$tap_failed"
}
