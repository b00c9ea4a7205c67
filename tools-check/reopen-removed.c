// SPDX-License-Identifier: GPL-2.0
/*
 * reopen-removed DIR FILE...: hold each DIR/FILE with an O_PATH descriptor
 * (which keeps the dentry and inode but calls no ->open, so takes no
 * reference on what the file belongs to), remove DIR with rmdir(2), then
 * open each file again through /proc/self/fd/N for reading. Prints one
 * line per file: "FILE errno NAME" when the reopen failed, "FILE opened"
 * when it did not, after "removed DIR". Exits 0 when rmdir succeeded and
 * every reopen was tried, 1 otherwise.
 *
 * This is how an open reaches a tracefs file's ->open after the instance
 * the file belongs to was freed: the inode's i_private still points at
 * the freed trace_array, and ->open must find out without reading it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define MAX_FILES 32

int main(int argc, char **argv)
{
	int fds[MAX_FILES];
	char path[PATH_MAX];
	int i, n = argc - 2;

	if (argc < 3 || n > MAX_FILES) {
		fprintf(stderr, "usage: reopen-removed DIR FILE... (at most %d)\n",
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
	if (rmdir(argv[1])) {
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
			printf("%s opened\n", argv[i + 2]);
			close(fd);
		}
		close(fds[i]);
	}
	return 0;
}
