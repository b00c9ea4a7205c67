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
tap_done() { return "$tap_failed"; }
