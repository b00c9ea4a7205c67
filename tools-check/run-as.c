// SPDX-License-Identifier: GPL-2.0
/*
 * run-as UID GID GROUPS CAP CMD [ARG...]: run CMD as UID, with GID as its
 * group and GROUPS (comma-separated gids, or "-" for none) as its
 * supplementary groups, holding only the capability CAP ("perfmon", or
 * "-" for none) in its effective, permitted, inheritable and ambient sets,
 * so that CMD and what it executes keep it. This is a tracing service run
 * by systemd with User=, SupplementaryGroups= and
 * AmbientCapabilities=CAP_PERFMON; with "-" "-", a member's task started
 * after the member was taken out of its groups.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef CAP_PERFMON
#define CAP_PERFMON 38
#endif

static int parse_groups(char *s, gid_t *groups, int max)
{
	char *tok, *save = NULL;
	int n = 0;

	if (!strcmp(s, "-"))
		return 0;
	for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (n == max)
			return -1;
		groups[n++] = strtoul(tok, NULL, 10);
	}
	return n;
}

int main(int argc, char **argv)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
	gid_t groups[16];
	int ngroups, cap = -1;
	uid_t uid;
	gid_t gid;

	if (argc < 6) {
		fprintf(stderr, "usage: run-as UID GID GROUPS|- CAP|- CMD [ARG...]\n");
		return 2;
	}
	uid = strtoul(argv[1], NULL, 10);
	gid = strtoul(argv[2], NULL, 10);
	ngroups = parse_groups(argv[3], groups, 16);
	if (ngroups < 0) {
		fprintf(stderr, "run-as: at most 16 groups\n");
		return 2;
	}
	if (!strcmp(argv[4], "perfmon")) {
		cap = CAP_PERFMON;
	} else if (strcmp(argv[4], "-")) {
		fprintf(stderr, "run-as: capability '%s': only perfmon or -\n", argv[4]);
		return 2;
	}
	if (cap >= 0 && prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0)) {
		perror("run-as: PR_SET_KEEPCAPS");
		return 2;
	}
	if (setgroups(ngroups, groups) || setresgid(gid, gid, gid) ||
	    setresuid(uid, uid, uid)) {
		fprintf(stderr, "run-as: set ids: %s\n", strerror(errno));
		return 2;
	}
	if (cap >= 0) {
		memset(data, 0, sizeof(data));
		data[cap / 32].effective = 1u << (cap % 32);
		data[cap / 32].permitted = 1u << (cap % 32);
		data[cap / 32].inheritable = 1u << (cap % 32);
		if (syscall(SYS_capset, &hdr, data)) {
			perror("run-as: capset");
			return 2;
		}
		if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, cap, 0, 0)) {
			perror("run-as: PR_CAP_AMBIENT_RAISE");
			return 2;
		}
	}
	execvp(argv[5], argv + 5);
	fprintf(stderr, "run-as: %s: %s\n", argv[5], strerror(errno));
	return 127;
}
