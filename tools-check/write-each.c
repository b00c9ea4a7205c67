// SPDX-License-Identifier: GPL-2.0
/*
 * write-each STRING FILE...: open every FILE for writing, then write
 * STRING to each, and print "set N nomem N other N": how many writes
 * succeeded, failed with ENOMEM, or failed otherwise (the first of those
 * is named on stderr). Once the files are open it forks nothing and
 * allocates nothing (no path walk, no stdio buffer), so that in a memory
 * cgroup at its limit it is not itself what asks for more memory: only
 * the kernel's allocations for the writes do.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static char out[128];
static int fds[8192];

int main(int argc, char **argv)
{
	unsigned long set = 0, nomem = 0, other = 0;
	struct rlimit rl;
	size_t len;
	int i, n = argc - 2;

	if (argc < 3 || n > 8192) {
		fprintf(stderr, "usage: write-each STRING FILE... (at most 8192)\n");
		return 2;
	}
	/* every file open first: a path walk later would allocate dentries */
	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < (rlim_t)n + 16) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	for (i = 0; i < n; i++) {
		fds[i] = open(argv[i + 2], O_WRONLY);
		if (fds[i] < 0) {
			fprintf(stderr, "write-each: %s: %s\n", argv[i + 2],
				strerror(errno));
			return 1;
		}
	}
	len = strlen(argv[1]);
	for (i = 0; i < n; i++) {
		ssize_t w = write(fds[i], argv[1], len);

		if (w == (ssize_t)len)
			set++;
		else if (w < 0 && errno == ENOMEM)
			nomem++;
		else if (!other++)
			fprintf(stderr, "write-each: %s: %s\n", argv[i + 2],
				w < 0 ? strerror(errno) : "short write");
	}
	for (i = 0; i < n; i++)
		close(fds[i]);
	/* no stdio buffer to allocate now: the cgroup may be at its limit */
	len = snprintf(out, sizeof(out), "set %lu nomem %lu other %lu\n",
		       set, nomem, other);
	return write(1, out, len) == (ssize_t)len ? 0 : 1;
}
