// SPDX-License-Identifier: GPL-2.0
/*
 * no-sysadmin CMD [ARG...]: run CMD as the same user without
 * CAP_SYS_ADMIN: it is dropped from the bounding set (so that an execve
 * by root does not give it back) and from the effective, permitted and
 * inheritable sets. This is root as a systemd service with a bounded
 * CapabilityBoundingSet=, or perf run with CAP_PERFMON only, sees it.
 */
#include <linux/capability.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
	unsigned int bit = 1u << (CAP_SYS_ADMIN % 32);
	int word = CAP_SYS_ADMIN / 32;

	if (argc < 2) {
		fprintf(stderr, "usage: no-sysadmin CMD [ARG...]\n");
		return 2;
	}
	if (prctl(PR_CAPBSET_DROP, CAP_SYS_ADMIN, 0, 0, 0)) {
		perror("no-sysadmin: PR_CAPBSET_DROP");
		return 1;
	}
	if (syscall(SYS_capget, &hdr, data)) {
		perror("no-sysadmin: capget");
		return 1;
	}
	data[word].effective &= ~bit;
	data[word].permitted &= ~bit;
	data[word].inheritable &= ~bit;
	if (syscall(SYS_capset, &hdr, data)) {
		perror("no-sysadmin: capset");
		return 1;
	}
	execvp(argv[1], argv + 1);
	fprintf(stderr, "no-sysadmin: %s: %s\n", argv[1], strerror(errno));
	return 127;
}
