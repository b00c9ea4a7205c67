// SPDX-License-Identifier: GPL-2.0
/*
 * blktrace-tracefs - a minimal blktrace client that reads the relay files
 * from tracefs (TRACEFS/block/<name>/trace<cpu>), for kernels and machines
 * without debugfs.  Debian's blktrace 1.2.0 refuses any -r path that is not
 * a debugfs mount (it checks the filesystem magic), so it cannot do this
 * itself.  Writes <out>.blktrace.<cpu> files that blkparse reads.
 *
 * usage: blktrace-tracefs DEVICE TRACEFS OUT SECONDS
 *
 * SIGINT or SIGTERM ends the trace early, with the same stop and teardown.
 */
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <linux/fs.h>
#include <linux/blktrace_api.h>

#define MAX_CPUS 64

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static long drain(int in, int out)
{
	char buf[65536];
	long total = 0;
	ssize_t n;

	while ((n = read(in, buf, sizeof(buf))) > 0) {
		if (write(out, buf, n) != n)
			return -1;
		total += n;
	}
	return total;
}

int main(int argc, char **argv)
{
	struct blk_user_trace_setup buts = {
		.act_mask = 0xffff, .buf_size = 512 * 1024, .buf_nr = 4,
	};
	struct sigaction sa = { .sa_handler = on_signal };
	int in[MAX_CPUS], out[MAX_CPUS], fd, ncpu, cpu, i;
	char path[512];
	long bytes = 0, n;

	if (argc != 5) {
		fprintf(stderr, "usage: %s DEVICE TRACEFS OUT SECONDS\n", argv[0]);
		return 2;
	}
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	if (ncpu > MAX_CPUS)
		ncpu = MAX_CPUS;
	fd = open(argv[1], O_RDONLY | O_NONBLOCK);
	if (fd < 0 || ioctl(fd, BLKTRACESETUP, &buts) < 0) {
		fprintf(stderr, "BLKTRACESETUP on %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	for (cpu = 0; cpu < ncpu; cpu++) {
		snprintf(path, sizeof(path), "%s/block/%s/trace%d", argv[2], buts.name, cpu);
		in[cpu] = open(path, O_RDONLY | O_NONBLOCK);
		if (in[cpu] < 0) {
			fprintf(stderr, "open %s: %s\n", path, strerror(errno));
			ioctl(fd, BLKTRACETEARDOWN);
			return 1;
		}
		snprintf(path, sizeof(path), "%s.blktrace.%d", argv[3], cpu);
		out[cpu] = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (out[cpu] < 0) {
			fprintf(stderr, "open %s: %s\n", path, strerror(errno));
			ioctl(fd, BLKTRACETEARDOWN);
			return 1;
		}
	}
	if (ioctl(fd, BLKTRACESTART) < 0) {
		fprintf(stderr, "BLKTRACESTART: %s\n", strerror(errno));
		ioctl(fd, BLKTRACETEARDOWN);
		return 1;
	}
	for (i = 0; i < atoi(argv[4]) * 10 && !stop; i++) {
		for (cpu = 0; cpu < ncpu; cpu++) {
			n = drain(in[cpu], out[cpu]);
			if (n > 0)
				bytes += n;
		}
		usleep(100000);
	}
	ioctl(fd, BLKTRACESTOP);
	for (cpu = 0; cpu < ncpu; cpu++) {
		n = drain(in[cpu], out[cpu]);
		if (n > 0)
			bytes += n;
		close(in[cpu]);
		close(out[cpu]);
	}
	if (ioctl(fd, BLKTRACETEARDOWN) < 0) {
		fprintf(stderr, "BLKTRACETEARDOWN: %s\n", strerror(errno));
		return 1;
	}
	printf("traced %s via %s/block/%s: %ld bytes on %d cpus\n",
	       argv[1], argv[2], buts.name, bytes, ncpu);
	return 0;
}
