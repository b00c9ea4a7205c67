// SPDX-License-Identifier: GPL-2.0
/*
 * blk-lifetime - hold blktrace's msg, dropped and trace0 open across the
 * end of a trace and report what the held descriptors get afterwards.
 *
 * usage: blk-lifetime [-r] [-x CMD] [-n ROUNDS] [-c CHILDREN] DEVICE DIR
 *
 * Each round: BLKTRACESETUP + BLKTRACESTART on DEVICE; open
 * DIR/block/<name>/{msg,dropped,trace0}; one write, one read each must
 * work; CHILDREN processes then hammer the files (half keep their own
 * descriptors and loop write/read/poll, half loop open/read/close); the
 * trace ends, by BLKTRACESTOP + BLKTRACETEARDOWN, or with -r by removing
 * the loop device DEVICE (LOOP_CTL_REMOVE, re-added afterwards), after
 * running CMD with system(3) while the trace runs if -x is given (for
 * example "losetup -d DEVICE"); then the
 * held descriptors are used again and must fail with EIO (poll: POLLHUP or
 * POLLERR), and a new open must fail with ENOENT.  The only results the
 * children may see are success, EIO and ENOENT.
 *
 * Prints one line per finding ("round 1: msg write after teardown: EIO")
 * and exits 0 when everything matched, 1 otherwise, 2 on a usage or setup
 * error (with the reason).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/blktrace_api.h>
#include <linux/fs.h>
#include <linux/loop.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int failures;
static const char *while_tracing;	/* -x CMD */
static int dev_fd = -1;	/* closed in the children: LOOP_CTL_REMOVE needs it free */

static const char *ename(int e)
{
	switch (e) {
	case 0: return "ok";
	case EIO: return "EIO";
	case ENOENT: return "ENOENT";
	case EACCES: return "EACCES";
	case EPERM: return "EPERM";
	case EINVAL: return "EINVAL";
	case EBADF: return "EBADF";
	case ENODEV: return "ENODEV";
	case EFAULT: return "EFAULT";
	default: return strerror(e);
	}
}

static void expect(int round, const char *what, int got, int want)
{
	if (got == want) {
		if (round == 1)
			printf("round %d: %s: %s\n", round, what, ename(got));
		return;
	}
	printf("round %d: %s: %s, expected %s\n", round, what, ename(got),
	       ename(want));
	failures++;
}

static int do_write(int fd, const char *s)
{
	return write(fd, s, strlen(s)) < 0 ? errno : 0;
}

static int do_read(int fd)
{
	char buf[4096];

	if (lseek(fd, 0, SEEK_SET) < 0 && errno != ESPIPE && errno != EINVAL)
		return errno;
	return read(fd, buf, sizeof(buf)) < 0 ? errno : 0;
}

static int do_poll(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	if (poll(&p, 1, 0) < 0)
		return errno;
	return p.revents & (POLLHUP | POLLERR) ? EIO : 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * A child: until SIGTERM, or 20 s, use the files; exit 0 if it saw only
 * success, EIO and ENOENT, 1 (after printing it) otherwise.
 */
static volatile sig_atomic_t stop;
static void on_term(int sig) { (void)sig; stop = 1; }

static int child(const char *dir, int reopen)
{
	char msg[600], dropped[600], trace[600];
	int fm = -1, fd = -1, ft = -1, e, i;
	double t0 = now();
	long ops = 0;

	signal(SIGTERM, on_term);
	snprintf(msg, sizeof(msg), "%s/msg", dir);
	snprintf(dropped, sizeof(dropped), "%s/dropped", dir);
	snprintf(trace, sizeof(trace), "%s/trace0", dir);
	while (!stop && now() - t0 < 20) {
		if (reopen || fm < 0) {
			if (fm >= 0) {
				close(fm);
				close(fd);
				close(ft);
			}
			fm = open(msg, O_WRONLY);
			fd = open(dropped, O_RDONLY);
			ft = open(trace, O_RDONLY | O_NONBLOCK);
			if (fm < 0 || fd < 0 || ft < 0) {
				e = errno;
				if (e != ENOENT) {
					printf("child: open: %s\n", ename(e));
					return 1;
				}
				if (!reopen)
					return 0;	/* too late to open at all */
				continue;
			}
		}
		int r[4] = { do_write(fm, "child"), do_read(fd), do_read(ft),
			     do_poll(ft) };
		for (i = 0; i < 4; i++) {
			if (r[i] && r[i] != EIO && r[i] != EAGAIN) {
				printf("child: operation %d: %s\n", i, ename(r[i]));
				return 1;
			}
		}
		ops++;
	}
	return 0;
}

static int loop_index(const char *dev)
{
	const char *p = strstr(dev, "loop");

	return p ? atoi(p + 4) : -1;
}

static int one_round(int round, const char *dev, const char *base,
		     int children, int remove_dev)
{
	struct blk_user_trace_setup buts = {
		.act_mask = 0xffff, .buf_size = 64 * 1024, .buf_nr = 4,
	};
	char dir[512], path[600];
	int dfd, fm, fdr, ft, i, status, ctl = -1, idx = loop_index(dev);
	pid_t pids[64];

	dfd = dev_fd = open(dev, O_RDONLY | O_NONBLOCK);
	if (dfd < 0 || ioctl(dfd, BLKTRACESETUP, &buts) < 0) {
		printf("round %d: BLKTRACESETUP on %s: %s\n", round, dev,
		       strerror(errno));
		return 2;
	}
	if (ioctl(dfd, BLKTRACESTART) < 0) {
		printf("round %d: BLKTRACESTART: %s\n", round, strerror(errno));
		return 2;
	}
	snprintf(dir, sizeof(dir), "%s/block/%s", base, buts.name);
	snprintf(path, sizeof(path), "%s/msg", dir);
	fm = open(path, O_WRONLY);
	snprintf(path, sizeof(path), "%s/dropped", dir);
	fdr = open(path, O_RDONLY);
	snprintf(path, sizeof(path), "%s/trace0", dir);
	ft = open(path, O_RDONLY | O_NONBLOCK);
	if (fm < 0 || fdr < 0 || ft < 0) {
		printf("round %d: open %s/{msg,dropped,trace0}: %s\n", round,
		       dir, strerror(errno));
		return 2;
	}
	if (round == 1) {
		expect(round, "msg write while tracing", do_write(fm, "hello"), 0);
		expect(round, "dropped read while tracing", do_read(fdr), 0);
		expect(round, "trace0 read while tracing", do_read(ft), 0);
	} else if (do_write(fm, "hello") || do_read(fdr) || do_read(ft)) {
		printf("round %d: a file failed while tracing: %s\n", round,
		       strerror(errno));
		failures++;
	}
	if (children > 64)
		children = 64;
	for (i = 0; i < children; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			close(dev_fd);
			fflush(stdout);
			_exit(child(dir, i % 2));
		}
	}
	usleep(200 * 1000);
	if (while_tracing) {
		i = system(while_tracing);
		if (round == 1 || i)
			printf("round %d: while tracing, '%s': exit %d\n", round,
			       while_tracing, WIFEXITED(i) ? WEXITSTATUS(i) : -1);
		if (i)
			failures++;
	}

	if (remove_dev) {
		close(dfd);
		ctl = open("/dev/loop-control", O_RDWR);
		if (ctl < 0 || idx < 0 || ioctl(ctl, LOOP_CTL_REMOVE, idx) < 0) {
			printf("round %d: LOOP_CTL_REMOVE %d: %s\n", round, idx,
			       strerror(errno));
			failures++;
		}
	} else {
		ioctl(dfd, BLKTRACESTOP);
		if (ioctl(dfd, BLKTRACETEARDOWN) < 0) {
			printf("round %d: BLKTRACETEARDOWN: %s\n", round,
			       strerror(errno));
			failures++;
		}
		close(dfd);
	}

	const char *how = remove_dev ? "device removal" : "teardown";
	char what[128];

	snprintf(what, sizeof(what), "msg write after %s", how);
	expect(round, what, do_write(fm, "late"), EIO);
	snprintf(what, sizeof(what), "dropped read after %s", how);
	expect(round, what, do_read(fdr), EIO);
	snprintf(what, sizeof(what), "trace0 read after %s", how);
	expect(round, what, do_read(ft), EIO);
	snprintf(what, sizeof(what), "trace0 poll after %s", how);
	expect(round, what, do_poll(ft), EIO);
	snprintf(path, sizeof(path), "%s/msg", dir);
	i = open(path, O_WRONLY);
	snprintf(what, sizeof(what), "msg open after %s", how);
	expect(round, what, i < 0 ? errno : 0, ENOENT);
	if (i >= 0)
		close(i);

	for (i = 0; i < children; i++)
		kill(pids[i], SIGTERM);
	for (i = 0; i < children; i++) {
		waitpid(pids[i], &status, 0);
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			printf("round %d: child %d failed (status 0x%x)\n",
			       round, i, status);
			failures++;
		}
	}
	close(fm);
	close(fdr);
	close(ft);
	if (remove_dev && ctl >= 0) {
		if (ioctl(ctl, LOOP_CTL_ADD, idx) < 0) {
			printf("round %d: LOOP_CTL_ADD %d: %s\n", round, idx,
			       strerror(errno));
			return 2;
		}
		close(ctl);
		/* devtmpfs makes the node again; wait for it */
		for (i = 0; i < 50 && access(dev, F_OK); i++)
			usleep(100 * 1000);
	}
	return 0;
}

int main(int argc, char **argv)
{
	int rounds = 1, children = 0, remove_dev = 0, opt, r, ret;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((opt = getopt(argc, argv, "rx:n:c:")) != -1) {
		switch (opt) {
		case 'r': remove_dev = 1; break;
		case 'x': while_tracing = optarg; break;
		case 'n': rounds = atoi(optarg); break;
		case 'c': children = atoi(optarg); break;
		default: goto usage;
		}
	}
	if (argc - optind != 2)
		goto usage;
	for (r = 1; r <= rounds; r++) {
		ret = one_round(r, argv[optind], argv[optind + 1], children,
				remove_dev);
		if (ret)
			return ret;
	}
	printf("%d rounds, %d children each, %s: %d unexpected results\n",
	       rounds, children, remove_dev ? "device removal" : "teardown",
	       failures);
	return failures ? 1 : 0;
usage:
	fprintf(stderr, "usage: %s [-r] [-x CMD] [-n ROUNDS] [-c CHILDREN] DEVICE DIR\n",
		argv[0]);
	return 2;
}
