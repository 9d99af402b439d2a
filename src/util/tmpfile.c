/* SPDX-License-Identifier: MIT */
/* Safe temporary files and their removal on a signal (tmpfile.h). The one piece of process-wide
 * state in fabcheck: a signal handler has no context to be given, so the paths to remove live in a
 * fixed table here, written with the signals blocked and read by the handler with unlink(2) only
 * (async-signal-safe), after which the signal is raised again with its default action. */
#include "util/tmpfile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/buf.h"

#define SLOTS 16            /* files being written at once: a run writes its reports one by one */
#define PATH_SIZE 4200

static char pending[SLOTS][PATH_SIZE];
static volatile sig_atomic_t used[SLOTS];
static volatile sig_atomic_t installed;

static void on_signal(int sig)
{
	int i;

	for (i = 0; i < SLOTS; i++)
		if (used[i])
			unlink(pending[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void install(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;
	size_t i;

	if (installed)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		struct sigaction old;

		/* a signal the caller ignores (nohup) stays ignored */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
		sigaddset(&sa.sa_mask, sigs[i]);
	}
	installed = 1;
}

static void block(bool on, sigset_t *old)
{
	sigset_t set;

	if (!on) {
		sigprocmask(SIG_SETMASK, old, NULL);
		return;
	}
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, old);
}

/* Sets or clears the slot of path; the caller blocks the signals. false when every slot is taken. */
static bool track(const char *path, bool on)
{
	bool done = !on;
	int i;

	for (i = 0; i < SLOTS; i++) {
		if (on && !used[i] && !done) {
			snprintf(pending[i], PATH_SIZE, "%s", path);
			used[i] = 1;
			done = true;
		} else if (!on && used[i] && !strcmp(pending[i], path)) {
			used[i] = 0;
		}
	}
	return done;
}

int fc_tmp_create(const char *target, char *tmp, size_t tmpsz, struct fc_err *err)
{
	const char *slash = strrchr(target, '/');
	sigset_t old;
	mode_t mask;
	int fd;

	if (strlen(target) + 16 >= PATH_SIZE ||
	    !(slash ? fc_pathf(tmp, tmpsz, "%.*s/.%s.XXXXXX", (int)(slash - target), target, slash + 1)
		    : fc_pathf(tmp, tmpsz, ".%s.XXXXXX", target))) {
		fc_err_set(err, FC_ERR_IO, target, 0, "path too long");
		return -1;
	}
	install();
	/* made and registered with the signals held: no moment where it exists unknown to the handler */
	block(true, &old);
	if ((fd = mkostemp(tmp, O_CLOEXEC)) < 0) {
		block(false, &old);
		fc_err_set(err, FC_ERR_IO, target, 0, "cannot create a file beside it: %s", strerror(errno));
		return -1;
	}
	if (!track(tmp, true)) {
		close(fd);
		unlink(tmp);
		block(false, &old);
		fc_err_set(err, FC_ERR_IO, target, 0, "more than %d files written at once", SLOTS);
		return -1;
	}
	block(false, &old);
	/* mkostemp makes it 0600: the mode open(0666) would give, as the file it replaces had */
	mask = umask(022);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0) {
		int e = errno;

		close(fd);
		fc_tmp_discard(tmp);
		fc_err_set(err, FC_ERR_IO, target, 0, "cannot set the mode: %s", strerror(e));
		return -1;
	}
	return fd;
}

enum fc_rc fc_tmp_commit(const char *tmp, const char *target, struct fc_err *err)
{
	sigset_t old;
	int e = 0;

	block(true, &old);   /* renamed and forgotten together: the handler never removes the target */
	if (rename(tmp, target) != 0) {
		e = errno;
		unlink(tmp);
	}
	track(tmp, false);
	block(false, &old);
	return e ? fc_err_set(err, FC_ERR_IO, target, 0, "cannot rename into place: %s", strerror(e)) : FC_OK;
}

void fc_tmp_discard(const char *tmp)
{
	sigset_t old;

	block(true, &old);
	unlink(tmp);
	track(tmp, false);
	block(false, &old);
}
