// SPDX-License-Identifier: GPL-2.0
/*
 * reopen-removed [-x CMD] DIR FILE...: hold each DIR/FILE with an O_PATH
 * descriptor (which keeps the dentry and inode but calls no ->open, so
 * takes no reference on what the file belongs to), remove DIR with
 * rmdir(2) (or, with -x, run CMD with sh -c: deleting a dynamic event,
 * unloading a module), then open each file again through /proc/self/fd/N
 * for reading. Prints one line per file after "removed DIR": "FILE errno
 * NAME" when the reopen failed; when it did not, "FILE opened, read errno
 * NAME" or "FILE opened, read N bytes" for one read(2) of it. Exits 0
 * when the removal succeeded and every reopen was tried, 1 otherwise.
 *
 * This is how an open reaches a tracefs file's ->open after the instance
 * or event the file belongs to was freed: the inode's i_private still
 * points at the freed object, and ->open (or the first read) must find
 * out without reading it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>

#define MAX_FILES 32

int main(int argc, char **argv)
{
	static char buf[4096];
	int fds[MAX_FILES];
	char path[PATH_MAX];
	const char *cmd = NULL;
	int i, n;

	if (argc > 2 && !strcmp(argv[1], "-x")) {
		cmd = argv[2];
		argv += 2;
		argc -= 2;
	}
	n = argc - 2;
	if (argc < 3 || n > MAX_FILES) {
		fprintf(stderr, "usage: reopen-removed [-x CMD] DIR FILE... (at most %d)\n",
			MAX_FILES);
		return 2;
	}
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", argv[1], argv[i + 2]);
		fds[i] = open(path, O_PATH);
		if (fds[i] < 0) {
			printf("%s: O_PATH open failed: %s\n", path, strerror(errno));
			return 1;
		}
	}
	if (cmd) {
		fflush(stdout);
		if (system(cmd)) {
			printf("%s: failed\n", cmd);
			return 1;
		}
	} else if (rmdir(argv[1])) {
		printf("rmdir %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	printf("removed %s\n", argv[1]);
	for (i = 0; i < n; i++) {
		int fd;

		snprintf(path, sizeof(path), "/proc/self/fd/%d", fds[i]);
		fd = open(path, O_RDONLY);
		if (fd < 0) {
			printf("%s errno %s\n", argv[i + 2],
			       strerrorname_np(errno) ?: "?");
		} else {
			ssize_t r = read(fd, buf, sizeof(buf));

			if (r < 0)
				printf("%s opened, read errno %s\n", argv[i + 2],
				       strerrorname_np(errno) ?: "?");
			else
				printf("%s opened, read %zd bytes\n", argv[i + 2], r);
			close(fd);
		}
		close(fds[i]);
	}
	return 0;
}
