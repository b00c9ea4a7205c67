# shellcheck shell=sh
# Memory a tracefs write makes the kernel keep (scenario memcg, kernels
# with memory cgroups): event filters and function filter hashes are
# charged to the writer's cgroup, and at its memory.max the write fails
# with ENOMEM; the OOM killer is not invoked. A delegated member is bound
# so; root, in a cgroup of its own, too.

CG=/sys/fs/cgroup
TF=/sys/kernel/tracing
OWN=u$(id -u tracer)-

# in_cgroup NAME USER CMD: run CMD as USER inside the cgroup NAME.
in_cgroup() {
	# shellcheck disable=SC2016 # $$ is the inner shell's
	sh -c 'echo $$ >"$0/cgroup.procs" && exec su -s /bin/sh "$1" -c "$2"' "$CG/$1" "$2" "$3"
}

# memcg_setup NAME MAX: a cgroup with the memory controller and memory.max.
memcg_setup() {
	grep -qw memory "$CG/cgroup.controllers" || { echo "no memory controller in $CG/cgroup.controllers: $(cat "$CG/cgroup.controllers")"; return 1; }
	echo +memory >"$CG/cgroup.subtree_control" || return 1
	mkdir -p "$CG/$1" && echo "$2" >"$CG/$1/memory.max"
}

# A filter of a little under 4 kB (a write takes at most a page).
long_filter() {
	f="common_pid != 0" i=1
	while [ $i -lt 190 ]; do
		f="$f && common_pid != $i"
		i=$((i + 1))
	done
	echo "$f"
}

# fill_in_cgroup USER INSTANCE: USER, in the cgroup "limited", sets the
# long filter on every event of INSTANCE with write-each, which forks and
# allocates nothing while it writes: only the writes ask for memory. Its
# summary goes over a file written before (a pipe or a new page would be
# charged to the full cgroup and wake its OOM killer). Prints
# "set N nomem N other N".
fill_in_cgroup() {
	printf '%-127s\n' - >fill.out && chmod 666 fill.out
	in_cgroup limited "$1" "exec write-each '$(long_filter)' $2/events/*/*/filter 1<>$PWD/fill.out"
	head -n 1 fill.out | sed 's/ *$//'
}

# charged_fill USER INSTANCE: fill_in_cgroup, then what must hold: some
# writes set, some failed with ENOMEM and none otherwise, no OOM kill in
# the cgroup, and the memory given back once INSTANCE is removed (by
# USER). Sets set_count to the number of filters set.
charged_fill() {
	cf_rc=0
	out=$(fill_in_cgroup "$1" "$2")
	peak=$(cat "$CG/limited/memory.current")
	oom=$(awk '$1 == "oom_kill" {print $2}' "$CG/limited/memory.events")
	echo "$1 in a cgroup with memory.max 16M: $out; memory.current $peak after; oom_kill $oom"
	# shellcheck disable=SC2086 # the words of the summary
	set -- "$1" "$2" $out
	set_count=${4:-0}
	[ "$set_count" -gt 0 ] || { echo "$1 set no filter at all"; cf_rc=1; }
	[ "${6:-0}" -gt 0 ] || { echo "no write of $1 failed with ENOMEM: the filters are not charged to the writer's cgroup"; cf_rc=1; }
	[ "${8:-1}" = 0 ] || { echo "writes of $1 failed for another reason"; cf_rc=1; }
	[ "$oom" = 0 ] || { echo "the OOM killer was invoked in the cgroup"; cf_rc=1; }
	as_user "$1" "rmdir $2" || { echo "$1 cannot remove $2"; cf_rc=1; }
	sleep 1 # the filters are freed after an RCU grace period
	after=$(cat "$CG/limited/memory.current")
	echo "memory.current after the rmdir: $after"
	[ "$after" -lt $((peak / 2)) ] || { echo "the filters' memory stayed charged after the rmdir"; cf_rc=1; }
	return $cf_rc
}

# In a cgroup with memory.max 16M, root and then a tracing-group member
# set a filter of about 4 kB on every event of an instance (about 20 kB
# kept each): the writes fail with ENOMEM before the last event, the
# cgroup records no OOM kill, and what the filters took is given back
# when the instance is removed. Root outside the cgroup sets more.
check_memcg_filters_charged() {
	rc=0
	memcg_setup limited 16M || return 1
	mkdir "$TF/instances/rootmem" || return 1
	charged_fill root "$TF/instances/rootmem" || rc=1
	root_set=$set_count
	inst=$TF/instances/${OWN}mem
	if as_user tracer "mkdir $inst" 2>err.txt; then
		charged_fill tracer "$inst" || rc=1
		note "member's filters charged: $set_count set within memory.max 16M"
	else
		echo "tracer cannot make $inst: $(cat err.txt)"
		rc=1
	fi
	mkdir "$TF/instances/rootfree" || return 1
	n=0 flt=$(long_filter)
	for f in "$TF"/instances/rootfree/events/*/*/filter; do
		echo "$flt" >"$f" 2>/dev/null && n=$((n + 1))
	done
	rmdir "$TF/instances/rootfree" || rc=1
	echo "root, outside the cgroup, set $n filters (in it: $root_set)"
	[ "$n" -gt "$root_set" ] || { echo "root set no more filters outside the cgroup than in it"; rc=1; }
	rmdir "$CG/limited" || rc=1
	return $rc
}

# copies_in_cgroup USER FILE N: USER, in the cgroup "opens", opens FILE
# read-only N times, keeping every descriptor (open-many); prints its
# summary "opened N nomem N other N".
copies_in_cgroup() {
	printf '%-127s\n' - >open.out && chmod 666 open.out
	in_cgroup opens "$1" "exec open-many $3 $2 1<>$PWD/open.out"
	head -n 1 open.out | sed 's/ *$//'
}

# charged_copies USER FILE: every open of set_ftrace_filter, read-only
# included, copies the filter hash (one entry per function in it): 64
# opens of a filter of every function take far more than the cgroup's
# memory.max 16M, so one fails with ENOMEM, and the cgroup records no OOM
# kill. (Not charged, they would all succeed: 64 copies stay well within
# the guest's memory.)
charged_copies() {
	out=$(copies_in_cgroup "$1" "$2" 64)
	oom=$(awk '$1 == "oom_kill" {print $2}' "$CG/opens/memory.events")
	echo "$1 in a cgroup with memory.max 16M, 64 read-only opens of a filter of $(wc -l <"$2") functions: $out; oom_kill $oom"
	# shellcheck disable=SC2086 # the words of the summary
	set -- $out
	cc_rc=0
	[ "${2:-0}" -gt 0 ] || { echo "no open succeeded"; cc_rc=1; }
	[ "${4:-0}" = 1 ] || { echo "no open failed with ENOMEM: the hash copies are not charged to the opener's cgroup"; cc_rc=1; }
	[ "${6:-1}" = 0 ] || { echo "an open failed for another reason"; cc_rc=1; }
	[ "$oom" = 0 ] || { echo "the OOM killer was invoked in the cgroup"; cc_rc=1; }
	return $cc_rc
}

# Function filter hashes: root, then a tracing-group member, each in a
# cgroup with memory.max 16M, open an instance's set_ftrace_filter that
# holds every function again and again (a member can do so in its own
# instance): the copies each open keeps are charged to the opener.
check_memcg_filter_copies_charged() {
	rc=0
	memcg_setup opens 16M || return 1
	mkdir "$TF/instances/roothash" || return 1
	f=$TF/instances/roothash/set_ftrace_filter
	if [ -e "$f" ] && echo '*' >"$f"; then
		charged_copies root "$f" || rc=1
	else
		echo "cannot set $f to every function"
		rc=1
	fi
	rmdir "$TF/instances/roothash" || rc=1
	inst=$TF/instances/${OWN}hash
	if as_user tracer "mkdir $inst && echo '*' >$inst/set_ftrace_filter" 2>err.txt; then
		charged_copies tracer "$inst/set_ftrace_filter" || rc=1
		note "member: $out"
		as_user tracer "rmdir $inst" || { echo "tracer cannot remove $inst"; rc=1; }
	else
		echo "tracer cannot make $inst with a filter of every function: $(cat err.txt)"
		rc=1
	fi
	rmdir "$CG/opens" || rc=1
	return $rc
}
