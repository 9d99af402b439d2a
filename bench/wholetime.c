/* SPDX-License-Identifier: MIT */
/* A command timed as a whole process, as precisely as the kernel accounts it: started RUNS times
 * after one run not counted (fork, exec, its output to /dev/null), each run's wall time from
 * CLOCK_MONOTONIC around fork and wait4, its user and system time and peak resident memory from
 * wait4's rusage; the medians printed as "wall_s user_s sys_s peak_kib" (what /usr/bin/time gives,
 * at microseconds instead of its hundredths, which a process's start-up is below).
 *   wholetime RUNS COMMAND [ARG...] */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_RUNS 101

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp);
	return v[n / 2];
}

/* One run: false when the command could not be started or was killed. */
static int run(char **argv, double *wall, struct rusage *ru)
{
	double t0 = now_s();
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return 0;
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0) {
			dup2(null, STDOUT_FILENO);
			dup2(null, STDERR_FILENO);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	if (wait4(pid, &status, 0, ru) != pid)
		return 0;
	*wall = now_s() - t0;
	return WIFEXITED(status) && WEXITSTATUS(status) != 127;
}

int main(int argc, char **argv)
{
	double wall[MAX_RUNS], user[MAX_RUNS], sys[MAX_RUNS], peak[MAX_RUNS], w;
	struct rusage ru;
	int runs, i;

	if (argc < 3 || (runs = atoi(argv[1])) < 1 || runs > MAX_RUNS) {
		fprintf(stderr, "usage: wholetime RUNS(1-%d) COMMAND [ARG...]\n", MAX_RUNS);
		return 2;
	}
	if (!run(argv + 2, &w, &ru)) {
		fprintf(stderr, "wholetime: %s: could not be run\n", argv[2]);
		return 1;
	}
	for (i = 0; i < runs; i++) {
		if (!run(argv + 2, &wall[i], &ru))
			return 1;
		user[i] = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6;
		sys[i] = (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
		peak[i] = (double)ru.ru_maxrss;
	}
	printf("%.4f %.4f %.4f %.0f\n", median(wall, runs), median(user, runs), median(sys, runs), median(peak, runs));
	return 0;
}
