// SPDX-License-Identifier: GPL-2.0
/*
 * userns-as UID GID CMD [ARG...]: run CMD as UID with GID as its effective
 * and only group, in a user namespace of its own that maps UID and GID to
 * root: what "sg GROUP -c 'unshare -r CMD'" gives a user of group GID.
 * There it holds every capability over what the namespace maps:
 * CAP_DAC_OVERRIDE over a file whose owner is UID and whose group is GID.
 * In the initial user namespace it holds none.
 * Exit status 3: unshare(CLONE_NEWUSER) failed (EINVAL: a kernel without
 * user namespaces); 2: any other failure of its own.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

static int write_file(const char *path, const char *s)
{
	size_t len = strlen(s);
	ssize_t n;
	int fd;

	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	n = write(fd, s, len);
	close(fd);
	return n == (ssize_t)len ? 0 : -1;
}

static int write_map(const char *path, unsigned long id)
{
	char map[64];

	snprintf(map, sizeof(map), "0 %lu 1\n", id);
	return write_file(path, map);
}

int main(int argc, char **argv)
{
	uid_t uid;
	gid_t gid;

	if (argc < 4) {
		fprintf(stderr, "usage: userns-as UID GID CMD [ARG...]\n");
		return 2;
	}
	uid = strtoul(argv[1], NULL, 10);
	gid = strtoul(argv[2], NULL, 10);
	if (setgroups(1, &gid) || setresgid(gid, gid, gid) ||
	    setresuid(uid, uid, uid)) {
		fprintf(stderr, "userns-as: set ids: %s\n", strerror(errno));
		return 2;
	}
	/* a set-id change makes /proc/self root's: make it ours again */
	if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0)) {
		fprintf(stderr, "userns-as: PR_SET_DUMPABLE: %s\n", strerror(errno));
		return 2;
	}
	if (unshare(CLONE_NEWUSER)) {
		fprintf(stderr, "userns-as: unshare(CLONE_NEWUSER): %s\n", strerror(errno));
		return 3;
	}
	if (write_map("/proc/self/uid_map", uid) ||
	    write_file("/proc/self/setgroups", "deny") ||
	    write_map("/proc/self/gid_map", gid)) {
		fprintf(stderr, "userns-as: id maps: %s\n", strerror(errno));
		return 2;
	}
	execvp(argv[3], argv + 3);
	fprintf(stderr, "userns-as: %s: %s\n", argv[3], strerror(errno));
	return 2;
}
