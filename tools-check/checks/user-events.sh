# shellcheck shell=sh
# user_events_data where tracing is delegated to the "tracing" group (gid
# 2000; scenarios delegated and user-events): its ioctls register and
# delete user events on any open descriptor, read-only included, so it
# stays out of a group member's reach (EACCES) wherever the kernel has it.
# The kernel has it where the version's provides say USER_EVENTS=yes, and
# where the scenario says the configuration builds it
# (EXPECT_USER_EVENTS=yes: 6.1 builds it only with COMPILE_TEST, the
# combination user-events of make check-configs).

TF=/sys/kernel/tracing

check_delegated_no_user_events() {
	f=$TF/user_events_data
	if [ "${USER_EVENTS:-no}" = yes ] || [ "${EXPECT_USER_EVENTS:-no}" = yes ]; then
		[ -e "$f" ] || { echo "$f missing (provides USER_EVENTS=${USER_EVENTS:-no}, scenario EXPECT_USER_EVENTS=${EXPECT_USER_EVENTS:-no})"; return 1; }
	elif [ ! -e "$f" ]; then
		note "no user_events in this kernel (provides USER_EVENTS=${USER_EVENTS:-no}): $f absent"
		return 0
	fi
	rc=0
	note "$f: $(stat -c '%A %U:%G' "$f")"
	for how in "<" ">>"; do
		if as_user tracer "exec 3$how$f" 2>err.txt; then
			echo "tracer could open $f with $how"
			rc=1
		fi
		grep -q 'Permission denied' err.txt || { echo "open $how $f: $(cat err.txt)"; rc=1; }
	done
	# root still can (a read-only open is enough for the ioctls)
	(exec 3<"$f") 2>err.txt || { echo "root could not open $f: $(cat err.txt)"; rc=1; }
	return $rc
}
