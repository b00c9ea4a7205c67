// SPDX-License-Identifier: GPL-2.0
/*
 * open-many N FILE: open FILE read-only up to N times, keeping every
 * descriptor, until an open fails; print "opened N nomem N other N": how
 * many opens succeeded, and whether the one that stopped it failed with
 * ENOMEM or otherwise (named on stderr). It allocates nothing between the
 * opens, so that in a memory cgroup at its limit only the kernel's
 * allocations for the opens ask for more memory.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static char out[128];

int main(int argc, char **argv)
{
	unsigned long opened = 0, nomem = 0, other = 0;
	struct rlimit rl;
	long i, n;
	size_t len;

	if (argc != 3 || (n = strtol(argv[1], NULL, 10)) <= 0 || n > 65536) {
		fprintf(stderr, "usage: open-many N FILE (N at most 65536)\n");
		return 2;
	}
	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < (rlim_t)n + 16) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	for (i = 0; i < n; i++) {
		if (open(argv[2], O_RDONLY) >= 0) {
			opened++;
			continue;
		}
		if (errno == ENOMEM) {
			nomem++;
		} else {
			other++;
			fprintf(stderr, "open-many: open #%ld of %s: %s\n", i + 1, argv[2], strerror(errno));
		}
		break;
	}
	len = snprintf(out, sizeof(out), "opened %lu nomem %lu other %lu\n", opened, nomem, other);
	if (write(1, out, len) != (ssize_t)len)
		return 1;
	return 0;
}
