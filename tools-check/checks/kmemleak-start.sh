# shellcheck shell=sh
# The debug kernels' leak check, first part (scenario stress): forget what
# boot left, so that faults.sh's last check sees only the leaks of the
# stress and fault-injection checks between them. Needs CONFIG_DEBUG_KMEMLEAK.

# kmemleak: forget what boot left, so the last check sees only new leaks.
check_stress_kmemleak_baseline() {
	[ -w "$D/kmemleak" ] || { echo "no $D/kmemleak (debug kernel with KMEMLEAK?)"; return 1; }
	echo scan >"$D/kmemleak" && echo clear >"$D/kmemleak"
}
