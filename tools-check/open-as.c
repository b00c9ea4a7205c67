// SPDX-License-Identifier: GPL-2.0
/*
 * open-as UID GID FILE CMD [ARG...]: open FILE for writing (O_WRONLY |
 * O_APPEND) as UID with GID as its only group, then run CMD as the
 * caller (root) with that descriptor as its standard output. This is a
 * descriptor a user hands to a setuid-root program: what the kernel
 * allows through it must follow the opener, not the writer.
 *
 * The descriptor crosses from the user's process to root's with
 * pidfd_getfd(2) (Linux 5.6), which needs no socket family in the guest
 * kernel: the child opens the file, tells its number through a pipe and
 * waits until root has taken it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif

int main(int argc, char **argv)
{
	int to_root[2], to_child[2], fd = -1, childfd, pidfd, status;
	char go = 1;
	gid_t gid;
	uid_t uid;
	pid_t pid;

	if (argc < 5) {
		fprintf(stderr, "usage: open-as UID GID FILE CMD [ARG...]\n");
		return 2;
	}
	uid = strtoul(argv[1], NULL, 10);
	gid = strtoul(argv[2], NULL, 10);
	if (pipe(to_root) || pipe(to_child)) {
		perror("open-as: pipe");
		return 1;
	}
	pid = fork();
	if (pid < 0) {
		perror("open-as: fork");
		return 1;
	}
	if (!pid) {
		if (setgroups(1, &gid) || setgid(gid) || setuid(uid)) {
			perror("open-as: dropping to the user");
			_exit(1);
		}
		childfd = open(argv[3], O_WRONLY | O_APPEND);
		if (childfd < 0) {
			fprintf(stderr, "open-as: %s as %u: %s\n", argv[3],
				uid, strerror(errno));
			_exit(1);
		}
		if (write(to_root[1], &childfd, sizeof(childfd)) != sizeof(childfd))
			_exit(1);
		/* keep it open until root has taken it */
		_exit(read(to_child[0], &go, 1) == 1 ? 0 : 1);
	}
	close(to_root[1]);
	if (read(to_root[0], &childfd, sizeof(childfd)) == sizeof(childfd)) {
		pidfd = syscall(SYS_pidfd_open, pid, 0);
		if (pidfd < 0)
			perror("open-as: pidfd_open");
		else if ((fd = syscall(SYS_pidfd_getfd, pidfd, childfd, 0)) < 0)
			perror("open-as: pidfd_getfd");
	}
	if (write(to_child[1], &go, 1) != 1)
		perror("open-as: releasing the child");
	waitpid(pid, &status, 0);
	if (fd < 0 || !WIFEXITED(status) || WEXITSTATUS(status))
		return 1;
	if (dup2(fd, 1) < 0) {
		perror("open-as: dup2");
		return 1;
	}
	close(fd);
	execvp(argv[4], argv + 4);
	fprintf(stderr, "open-as: %s: %s\n", argv[4], strerror(errno));
	return 127;
}
