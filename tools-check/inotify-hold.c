// SPDX-License-Identifier: GPL-2.0
/*
 * inotify-hold PATH...: put an inotify watch on each PATH, print
 * "watching N" and keep the watches (and with them the inodes) until
 * SIGTERM or SIGINT; then print the events that came ("event WD MASK")
 * and exit 0. An inotify watch holds a reference to the inode, not to
 * a dentry: that is what lets an inode outlive the entry it was made
 * for (an eventfs directory after rmdir of its instance).
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

int main(int argc, char **argv)
{
	char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
	struct sigaction sa = { .sa_handler = on_signal };
	struct pollfd pfd;
	int fd, i;

	if (argc < 2) {
		fprintf(stderr, "usage: inotify-hold PATH...\n");
		return 2;
	}
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (fd < 0) {
		perror("inotify_init1");
		return 1;
	}
	for (i = 1; i < argc; i++) {
		if (inotify_add_watch(fd, argv[i], IN_ALL_EVENTS) < 0) {
			fprintf(stderr, "inotify_add_watch %s: %s\n", argv[i],
				strerror(errno));
			return 1;
		}
	}
	printf("watching %d\n", argc - 1);
	fflush(stdout);
	pfd.fd = fd;
	pfd.events = POLLIN;
	while (!stop) {
		ssize_t n, off;

		if (poll(&pfd, 1, 200) <= 0)
			continue;
		n = read(fd, buf, sizeof(buf));
		for (off = 0; n > 0 && off < n;) {
			struct inotify_event *ev = (struct inotify_event *)(buf + off);

			printf("event %d 0x%x\n", ev->wd, ev->mask);
			off += sizeof(*ev) + ev->len;
		}
		fflush(stdout);
	}
	return 0;
}
