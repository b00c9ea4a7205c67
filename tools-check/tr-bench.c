// SPDX-License-Identifier: GPL-2.0
/*
 * tr-bench - guest-side micro-benchmarks for make bench. Each mode prints
 * one line per figure: "BENCH <metric> <value> <unit>", timed with
 * CLOCK_MONOTONIC (which follows the instruction count under -icount).
 *
 *   tr-bench instance TRACEFS N        mkdir+rmdir of instances/<x>: median us
 *                                      of CPU time (rmdir waits for an RCU
 *                                      grace period, which ends on a timer
 *                                      tick: that wait is not the work)
 *   tr-bench open-read NAME PATH N     open+read+close of PATH: first and median ns
 *   tr-bench kprobe TRACEFS N          add+remove of a kprobe event, median us
 *   tr-bench workload N                N rounds of pipe ping-pong between two
 *                                      processes plus getppid(): rounds/s
 *   tr-bench walk NAME DIR N           stat + open(O_RDONLY|O_NONBLOCK) + close
 *                                      of every entry under DIR (the path the
 *                                      permission code runs on): median us of
 *                                      N walks, and the entry count
 *   tr-bench now                       CLOCK_BOOTTIME in ns (time since boot)
 *
 * Environment (timed modes):
 *   TR_BENCH_SETTLE_US=N  sleep N us before each timed operation, so that
 *                         deferred work of the previous one (RCU callbacks
 *                         freeing an instance's dentries, workqueues) runs
 *                         outside the window; under -icount sleep=off an
 *                         idle guest skips ahead, so this costs no wall time
 *   TR_BENCH_WARMUP=N     run N untimed rounds first
 *   TR_BENCH_SAMPLES=1    also print every sample: "SAMPLE <metric> <i> <ns>"
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long clock_ns(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long long now_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

/* CPU time of this thread, its system calls included, idle waits not. */
static long long cpu_ns(void)
{
	return clock_ns(CLOCK_THREAD_CPUTIME_ID);
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

static long long median(long long *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_ll);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void die(const char *what, const char *arg)
{
	fprintf(stderr, "tr-bench: %s %s: %s\n", what, arg, strerror(errno));
	exit(1);
}

static long env_long(const char *name)
{
	const char *s = getenv(name);

	return s ? atol(s) : 0;
}

static void settle(void)
{
	long us = env_long("TR_BENCH_SETTLE_US");
	struct timespec ts = { us / 1000000, us % 1000000 * 1000 };

	if (us > 0)
		nanosleep(&ts, NULL);
}

static void print_samples(const char *name, const long long *v, int n)
{
	int i;

	if (!env_long("TR_BENCH_SAMPLES"))
		return;
	for (i = 0; i < n; i++)
		printf("SAMPLE %s %d %lld\n", name, i, v[i]);
}

static long long *samples(int n)
{
	long long *v = calloc(n, sizeof(*v));

	if (!v) {
		perror("calloc");
		exit(1);
	}
	return v;
}

/*
 * time_pair - N rounds of do_it(path, 0) then do_it(path, 1) (create, then
 * undo); prints the median of each step in us as "BENCH <name0|name1>",
 * measured with clock().
 */
static void time_pair(const char *path, int n, void (*do_it)(const char *, int),
		      const char *name0, const char *name1, long long (*clock)(void))
{
	long long *v0 = samples(n), *v1 = samples(n), t0, t1, t2;
	long i;

	for (i = env_long("TR_BENCH_WARMUP"); i > 0; i--) {
		do_it(path, 0);
		do_it(path, 1);
	}
	for (i = 0; i < n; i++) {
		settle();
		t0 = clock();
		do_it(path, 0);
		t1 = clock();
		settle();
		t2 = clock();
		do_it(path, 1);
		v1[i] = clock() - t2;
		v0[i] = t1 - t0;
	}
	print_samples(name0, v0, n);
	print_samples(name1, v1, n);
	printf("BENCH %s %.1f us\n", name0, median(v0, n) / 1000.0);
	printf("BENCH %s %.1f us\n", name1, median(v1, n) / 1000.0);
	free(v0);
	free(v1);
}

static void instance_step(const char *path, int undo)
{
	if (undo ? rmdir(path) : mkdir(path, 0750))
		die(undo ? "rmdir" : "mkdir", path);
}

static void instance(const char *tracefs, int n)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/instances/tr_bench", tracefs);
	time_pair(path, n, instance_step, "instance_mkdir", "instance_rmdir", cpu_ns);
}

static long long open_read(const char *path)
{
	char buf[4096];
	long long t0 = now_ns();
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		die("open", path);
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	close(fd);
	return now_ns() - t0;
}

static void open_read_bench(const char *name, const char *path, int n)
{
	long long *v = samples(n), first;
	int i;

	first = open_read(path);
	for (i = 0; i < n; i++)
		v[i] = open_read(path);
	printf("BENCH open_first_%s %lld ns\n", name, first);
	printf("BENCH open_warm_%s %lld ns\n", name, median(v, n));
}

static void write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_APPEND);

	if (fd < 0)
		die("open", path);
	if (write(fd, s, strlen(s)) != (ssize_t)strlen(s))
		die("write", path);
	close(fd);
}

static void kprobe_step(const char *path, int undo)
{
	write_str(path, undo ? "-:tr_bench\n" : "p:tr_bench do_sys_openat2\n");
}

static void kprobe(const char *tracefs, int n)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/kprobe_events", tracefs);
	time_pair(path, n, kprobe_step, "kprobe_add", "kprobe_remove", now_ns);
}

static void workload(int n)
{
	int ping[2], pong[2], i;
	long long t0, t1;
	char c = 0;
	pid_t pid;

	if (pipe(ping) || pipe(pong))
		die("pipe", "");
	pid = fork();
	if (pid < 0)
		die("fork", "");
	if (pid == 0) {
		close(ping[1]);
		close(pong[0]);
		while (read(ping[0], &c, 1) == 1 && write(pong[1], &c, 1) == 1)
			getppid();
		_exit(0);
	}
	close(ping[0]);
	close(pong[1]);
	t0 = now_ns();
	for (i = 0; i < n; i++) {
		if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1)
			die("ping-pong", "");
		getppid();
	}
	t1 = now_ns();
	close(ping[1]);
	waitpid(pid, NULL, 0);
	printf("BENCH workload_rounds %d rounds\n", n);
	printf("BENCH workload_seconds %.6f s\n", (t1 - t0) / 1e9);
}

static long walk_entries;

static int walk_one(const char *path, const struct stat *sb, int type,
		    struct FTW *ftw)
{
	struct stat st;
	int fd;

	(void)sb;
	(void)type;
	(void)ftw;
	walk_entries++;
	if (stat(path, &st))
		return 0;
	/* denied or write-only entries count too: the check is what runs */
	fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd >= 0)
		close(fd);
	return 0;
}

static void walk_bench(const char *name, const char *dir, int n)
{
	long long *v = samples(n), t0;
	long entries = 0;
	int i;

	for (i = 0; i < n; i++) {
		walk_entries = 0;
		settle();
		t0 = now_ns();
		if (nftw(dir, walk_one, 32, FTW_PHYS))
			die("nftw", dir);
		v[i] = now_ns() - t0;
		entries = walk_entries;
	}
	print_samples(name, v, n);
	printf("BENCH walk_%s %.1f us\n", name, median(v, n) / 1000.0);
	printf("BENCH walk_entries %ld count\n", entries);
	free(v);
}

static int bad_usage(void)
{
	fprintf(stderr, "usage: tr-bench instance|open-read|kprobe|walk|workload|now ARGS\n");
	return 2;
}

static void print_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	printf("%lld\n", ts.tv_sec * 1000000000LL + ts.tv_nsec);
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "instance"))
		instance(argv[2], atoi(argv[3]));
	else if (argc == 5 && !strcmp(argv[1], "open-read"))
		open_read_bench(argv[2], argv[3], atoi(argv[4]));
	else if (argc == 4 && !strcmp(argv[1], "kprobe"))
		kprobe(argv[2], atoi(argv[3]));
	else if (argc == 5 && !strcmp(argv[1], "walk"))
		walk_bench(argv[2], argv[3], atoi(argv[4]));
	else if (argc == 3 && !strcmp(argv[1], "workload"))
		workload(atoi(argv[2]));
	else if (argc == 2 && !strcmp(argv[1], "now"))
		print_now();
	else
		return bad_usage();
	return 0;
}
