#!/usr/bin/env bash
# check-configs-boot.sh: boot the configuration combinations whose behaviour
# the series changes (built by check-configs.sh) and run their checks:
#   DEBUG_FS=n (patched; the baseline cannot be configured so): scenarios
#     tracefs and debugfs-off, the same checks as the main matrix;
#   TRACING=n with KPROBES=y: scenario no-tracing (kprobes files in debugfs);
#   the lockdown LSM: scenarios lockdown-integrity, lockdown-confidentiality;
#   CPU hotplug (ACPI, with lockdep and the lockdown LSM): scenario hotplug,
#     blktrace while CPU 1 comes online; scenario lockdown-raise, lockdown
#     raised to confidentiality during a trace;
#   memory cgroups: scenario memcg, what a delegated member makes the
#     kernel keep is charged to its cgroup;
#   user_events where a version builds it only in a combination (6.1:
#     COMPILE_TEST): scenario user-events, user_events_data stays root's.
# A cell boots for each version that has its combination.
# Results go to $TR_OUT/configs/results; check-configs-all.sh judges them
# against the expected-configs.tsv rows. Every version of the run.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

out=$TR_OUT/configs
mkdir -p "$out"
cells=()
for c in \
	patched-cfg-debugfs-off:tracefs patched-cfg-debugfs-off:debugfs-off \
	baseline-cfg-tracing-off-kprobes:no-tracing patched-cfg-tracing-off-kprobes:no-tracing \
	baseline-cfg-lockdown:lockdown-integrity patched-cfg-lockdown:lockdown-integrity \
	baseline-cfg-lockdown:lockdown-confidentiality patched-cfg-lockdown:lockdown-confidentiality \
	baseline-cfg-hotplug:hotplug patched-cfg-hotplug:hotplug \
	baseline-cfg-hotplug:lockdown-raise patched-cfg-hotplug:lockdown-raise \
	baseline-cfg-memcg:memcg patched-cfg-memcg:memcg \
	baseline-cfg-user-events:user-events patched-cfg-user-events:user-events; do
	k=${c%%:*}
	for v in $TR_VERSIONS; do
		[ -z "$(tr_variant_frags "cfg-${k#*-cfg-}" "$v")" ] || cells+=("$v-$c")
	done
done
for c in "${cells[@]}"; do
	[ -f "$(tr_bzimage "${c%%:*}")" ] || tr_die "no ${c%%:*} kernel: run scripts/check-configs.sh first"
done
TRACEFS_RELOC_OUT=$out exec "$TR_TOP/scripts/run-matrix.sh" -c "${cells[*]}"
