#!/bin/sh
# Guest side of make bench's profile: function_graph over tracefs's
# mkdir/rmdir of an instance (five of each), with the tracefs functions the
# series touches. Prints "PROF <function> <calls> <total us>" (durations
# include the graph tracer's own cost per call; compare calls first).
cd /sys/kernel/tracing || exit 1
for f in tracefs_syscall_mkdir tracefs_syscall_rmdir tracefs_create_file tracefs_create_dir tracefs_apply_perms \
	tracefs_set_perms tracefs_get_inode tracefs_remove synchronize_rcu synchronize_rcu_tasks_trace; do
	echo "$f" >> set_ftrace_filter 2>/dev/null
done
echo tracefs_syscall_mkdir > set_graph_function
echo tracefs_syscall_rmdir >> set_graph_function
echo function_graph > current_tracer
echo 20000 > buffer_size_kb
for i in 1 2 3 4 5; do mkdir instances/p$i; rmdir instances/p$i; done
echo 0 > tracing_on
cat trace > /tmp/g; echo nop > current_tracer
awk -F'|' '
	NF >= 2 && $1 ~ /^ *[0-9]+\)/ {
		d = $1; sub(/^ *[0-9]+\)/, "", d); gsub(/[^0-9.]/, "", d)
		f = $2
		if (f ~ /\(\) \{ *$/) { gsub(/^ +|\(\) \{ *$/, "", f); st[++sp] = f; next }
		if (f ~ /^ *\} *$/) { f = st[sp--]; t[f] += d; n[f]++; next }
		if (f ~ /\(\); *$/) { gsub(/^ +|\(\); *$/, "", f); t[f] += d; n[f]++ }
	}
	END { for (f in t) printf "PROF %s %d %.1f\n", f, n[f], t[f] }' /tmp/g | sort -k4 -rn
