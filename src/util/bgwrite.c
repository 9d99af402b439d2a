/* SPDX-License-Identifier: MIT */
/* The background writer (bgwrite.h): two chunks, one filled by the caller's stream while the
 * thread writes the other. */
#include "util/bgwrite.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct bgw {
	int fd;
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
			e = w->err ? 0 : write_all(w->fd, p, n);   /* after a failure, nothing more is written */
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

	if (!w || !(w->base = malloc(2 * chunk))) {
		free(w);
		errno = ENOMEM;
		return NULL;
	}
	w->fd = fd;
	w->chunk = chunk;
	w->fill = w->base;
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
	pthread_mutex_destroy(&w->mu);
	pthread_cond_destroy(&w->cv);
	free(w->base);
	free(w);
	errno = e;
	return NULL;
}
