/* SPDX-License-Identifier: MIT */
/* The background writer (bgwrite.h): two chunks, one filled by the caller's stream while the
 * thread writes the other.
 *
 * A regular file is written around the page cache (O_DIRECT, through a descriptor of its own
 * opened on /proc/self/fd/N, so the caller's file description keeps its flags): copying a
 * gigabyte report into fresh page-cache pages cost more than formatting it, and pushed the
 * snapshot being read out of the cache. Whole chunks go that way; the last, partial one through
 * the caller's descriptor, which is left at the end of what was written, as a plain write would
 * leave it. Where the file system refuses O_DIRECT, every chunk goes through the page cache. */
#include "util/bgwrite.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIRECT_ALIGN 4096   /* buffer address, file offset and length of an O_DIRECT write */

struct bgw {
	int fd;
	int dfd;               /* O_DIRECT descriptor of the same file; -1: none */
	bool positioned;       /* a regular file written at off (pwrite), fd moved there at the end */
	off_t off;
	size_t chunk;
	char *base;            /* two chunks */
	char *fill;            /* the one the stream's writes go into */
	size_t nfill;
	char *out;             /* the chunk handed to the thread; NULL when it is free */
	size_t nout;
	int err;               /* errno of the first failed write; 0 */
	bool closing;
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t k = write(fd, p, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return errno;
		p += k, n -= (size_t)k;
	}
	return 0;
}

static int pwrite_all(int fd, const char *p, size_t n, off_t off)
{
	while (n) {
		ssize_t k = pwrite(fd, p, n, off);

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return errno;
		p += k, n -= (size_t)k, off += k;
	}
	return 0;
}

/* One chunk out: around the page cache when it can, else through it. */
static int put(struct bgw *w, const char *p, size_t n)
{
	int e;

	if (!w->positioned)
		return write_all(w->fd, p, n);
	if (w->dfd >= 0 && n % DIRECT_ALIGN == 0) {
		e = pwrite_all(w->dfd, p, n, w->off);
		if (e == EINVAL) {   /* refused after all: the page cache from here on */
			close(w->dfd);
			w->dfd = -1;
			e = pwrite_all(w->fd, p, n, w->off);
		}
	} else {
		e = pwrite_all(w->fd, p, n, w->off);
	}
	if (!e)
		w->off += (off_t)n;
	return e;
}

/* fd is a regular file at an aligned offset, not appending: write it at known offsets, and
 * around the page cache where the file system allows. */
static void direct_open(struct bgw *w)
{
	struct stat a, b;
	char path[64];
	off_t off;
	int fl;

	if (fstat(w->fd, &a) != 0 || !S_ISREG(a.st_mode) || (fl = fcntl(w->fd, F_GETFL)) < 0 || (fl & O_APPEND) ||
	    (off = lseek(w->fd, 0, SEEK_CUR)) < 0)
		return;
	w->positioned = true;
	w->off = off;
	if (off % DIRECT_ALIGN || w->chunk % DIRECT_ALIGN)
		return;
	snprintf(path, sizeof(path), "/proc/self/fd/%d", w->fd);
	if ((w->dfd = open(path, O_WRONLY | O_DIRECT | O_CLOEXEC)) < 0)
		return;
	if (fstat(w->dfd, &b) != 0 || a.st_dev != b.st_dev || a.st_ino != b.st_ino) {
		close(w->dfd);   /* not the same file: /proc is not what it should be */
		w->dfd = -1;
	}
}

static void *writer(void *arg)
{
	struct bgw *w = arg;

	pthread_mutex_lock(&w->mu);
	for (;;) {
		while (!w->out && !w->closing)
			pthread_cond_wait(&w->cv, &w->mu);
		if (!w->out)
			break;   /* closing, and nothing left */
		{
			char *p = w->out;
			size_t n = w->nout;
			int e;

			pthread_mutex_unlock(&w->mu);
			e = w->err ? 0 : put(w, p, n);   /* after a failure, nothing more is written */
			pthread_mutex_lock(&w->mu);
			if (e && !w->err)
				w->err = e;
			w->out = NULL;
			pthread_cond_broadcast(&w->cv);
		}
	}
	pthread_mutex_unlock(&w->mu);
	return NULL;
}

/* Hands the filled chunk to the thread once it is free; the caller fills the one it gave back. */
static int hand_over(struct bgw *w)
{
	int e;

	pthread_mutex_lock(&w->mu);
	while (w->out)
		pthread_cond_wait(&w->cv, &w->mu);
	e = w->err;
	if (!e && w->nfill) {
		w->out = w->fill;
		w->nout = w->nfill;
		w->fill = w->fill == w->base ? w->base + w->chunk : w->base;
		w->nfill = 0;
		pthread_cond_broadcast(&w->cv);
	}
	pthread_mutex_unlock(&w->mu);
	return e;
}

static ssize_t bg_write(void *cookie, const char *buf, size_t size)
{
	struct bgw *w = cookie;
	size_t done = 0;

	while (done < size) {
		size_t k = w->chunk - w->nfill;
		int e;

		if (k > size - done)
			k = size - done;
		memcpy(w->fill + w->nfill, buf + done, k);
		w->nfill += k, done += k;
		if (w->nfill == w->chunk && (e = hand_over(w))) {
			errno = e;
			return -1;
		}
	}
	return (ssize_t)size;
}

static int bg_close(void *cookie)
{
	struct bgw *w = cookie;
	int e = hand_over(w);

	pthread_mutex_lock(&w->mu);
	while (w->out)
		pthread_cond_wait(&w->cv, &w->mu);
	w->closing = true;
	pthread_cond_broadcast(&w->cv);
	pthread_mutex_unlock(&w->mu);
	pthread_join(w->thread, NULL);
	if (!e)
		e = w->err;
	if (w->dfd >= 0 && close(w->dfd) != 0 && !e)
		e = errno;
	/* the caller's description where a plain write would have left it */
	if (w->positioned && lseek(w->fd, w->off, SEEK_SET) < 0 && !e)
		e = errno;
	if (close(w->fd) != 0 && !e)
		e = errno;
	pthread_mutex_destroy(&w->mu);
	pthread_cond_destroy(&w->cv);
	free(w->base);
	free(w);
	if (e) {
		errno = e;
		return -1;
	}
	return 0;
}

FILE *fc_bgwrite_open(int fd, size_t chunk)
{
	cookie_io_functions_t io = { NULL, bg_write, NULL, bg_close };
	struct bgw *w = calloc(1, sizeof(*w));
	FILE *f;

	int e;

	if (!w || !(w->base = aligned_alloc(DIRECT_ALIGN, (2 * chunk + DIRECT_ALIGN - 1) & ~(size_t)(DIRECT_ALIGN - 1)))) {
		free(w);
		errno = ENOMEM;
		return NULL;
	}
	w->fd = fd;
	w->dfd = -1;
	w->chunk = chunk;
	w->fill = w->base;
	direct_open(w);
	pthread_mutex_init(&w->mu, NULL);
	pthread_cond_init(&w->cv, NULL);
	if ((e = pthread_create(&w->thread, NULL, writer, w)) != 0)
		goto fail;
	if ((f = fopencookie(w, "w", io)))
		return f;
	e = errno ? errno : ENOMEM;
	pthread_mutex_lock(&w->mu);
	w->closing = true;
	pthread_cond_broadcast(&w->cv);
	pthread_mutex_unlock(&w->mu);
	pthread_join(w->thread, NULL);
fail:
	if (w->dfd >= 0)
		close(w->dfd);
	pthread_mutex_destroy(&w->mu);
	pthread_cond_destroy(&w->cv);
	free(w->base);
	free(w);
	errno = e;
	return NULL;
}
