// SPDX-License-Identifier: GPL-2.0
/*
 * userns-as [-m UID2] UID GID CMD [ARG...]: run CMD as UID with GID as its
 * effective and only group, in a user namespace of its own that maps UID
 * and GID to root: what "sg GROUP -c 'unshare -r CMD'" gives a user of
 * group GID. There it holds every capability over what the namespace
 * maps: CAP_DAC_OVERRIDE over a file whose owner is UID and whose group is
 * GID. In the initial user namespace it holds none.
 * With -m UID2, the namespace maps UID2 too (to 1), as newuidmap maps
 * the subordinate ids /etc/subuid gives a user: the maps are written by
 * this program's parent process, which stays root.
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
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
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

static int write_map(const char *path, unsigned long id, long id2)
{
	char map[64];

	if (id2 >= 0)
		snprintf(map, sizeof(map), "0 %lu 1\n1 %ld 1\n", id, id2);
	else
		snprintf(map, sizeof(map), "0 %lu 1\n", id);
	return write_file(path, map);
}

/* -m: the parent, root, writes the maps of the child's new namespace */
static int map_child(pid_t pid, int ready, int go, uid_t uid, gid_t gid,
		     long uid2)
{
	char path[64], c;

	if (read(ready, &c, 1) != 1)
		return -1;
	snprintf(path, sizeof(path), "/proc/%d/uid_map", (int)pid);
	if (write_map(path, uid, uid2))
		return -1;
	snprintf(path, sizeof(path), "/proc/%d/gid_map", (int)pid);
	if (write_map(path, gid, -1))
		return -1;
	return write(go, "g", 1) == 1 ? 0 : -1;
}

int main(int argc, char **argv)
{
	int ready[2], go[2], status;
	long uid2 = -1;
	pid_t pid;
	uid_t uid;
	gid_t gid;
	char c;

	if (argc > 2 && !strcmp(argv[1], "-m")) {
		uid2 = strtol(argv[2], NULL, 10);
		argv += 2;
		argc -= 2;
	}
	if (argc < 4) {
		fprintf(stderr, "usage: userns-as [-m UID2] UID GID CMD [ARG...]\n");
		return 2;
	}
	uid = strtoul(argv[1], NULL, 10);
	gid = strtoul(argv[2], NULL, 10);
	if (uid2 >= 0) {
		if (pipe(ready) || pipe(go)) {
			perror("userns-as: pipe");
			return 2;
		}
		pid = fork();
		if (pid < 0) {
			perror("userns-as: fork");
			return 2;
		}
		if (pid > 0) {
			close(ready[1]);
			close(go[0]);
			if (map_child(pid, ready[0], go[1], uid, gid, uid2)) {
				fprintf(stderr, "userns-as: id maps of %d: %s\n", (int)pid, strerror(errno));
				kill(pid, SIGKILL);
			}
			close(go[1]);
			if (waitpid(pid, &status, 0) < 0)
				return 2;
			return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
		}
		close(ready[0]);
		close(go[1]);
	}
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
	if (uid2 >= 0) {
		/* the parent writes the maps: wait for them */
		if (write(ready[1], "r", 1) != 1 || read(go[0], &c, 1) != 1) {
			fprintf(stderr, "userns-as: the parent wrote no id maps\n");
			return 2;
		}
	} else if (write_map("/proc/self/uid_map", uid, -1) ||
		   write_file("/proc/self/setgroups", "deny") ||
		   write_map("/proc/self/gid_map", gid, -1)) {
		fprintf(stderr, "userns-as: id maps: %s\n", strerror(errno));
		return 2;
	}
	execvp(argv[3], argv + 3);
	fprintf(stderr, "userns-as: %s: %s\n", argv[3], strerror(errno));
	return 2;
}
