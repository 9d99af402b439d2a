/* SPDX-License-Identifier: MIT */
/* The reporter registry and the driver that feeds one reporter (on two threads where it can). */
#include "report/report.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static const struct fc_reporter *const registry[] = {
	&fc_reporter_text,
	&fc_reporter_json,
	&fc_reporter_junit,
	&fc_reporter_sarif,
	&fc_reporter_markdown,
	&fc_reporter_csv,
	&fc_reporter_prometheus,
	&fc_reporter_html,
	&fc_reporter_zabbix,
	&fc_reporter_codequality,
	&fc_reporter_github,
	NULL,
};

const struct fc_reporter *const *fc_reporter_list(void)
{
	return registry;
}

const struct fc_reporter *fc_reporter_find(const char *name)
{
	const struct fc_reporter *const *r;

	for (r = registry; *r; r++)
		if (!strcmp((*r)->name, name))
			return *r;
	return NULL;
}

const char *fc_sarif_level(enum fc_sev s)
{
	switch (s) {
	case FC_SEV_CRITICAL: case FC_SEV_HIGH: return "error";
	case FC_SEV_MEDIUM: return "warning";
	case FC_SEV_LOW: case FC_SEV_INFO: return "note";
	}
	return "note";
}

/* A chunk's text in memory: a stream of fopencookie(3) into a buffer kept from chunk to chunk,
 * its memory reused rather than made anew each time (on this project's VMs a fresh page costs
 * more than the bytes written into it). */
static ssize_t mem_write(void *cookie, const char *p, size_t n)
{
	return fc_buf_add(cookie, p, n) == FC_OK ? (ssize_t)n : -1;
}

/* Two threads formatting findings (fc_report_emit_chunked): the findings after the first are cut
 * into chunks; this thread writes the even ones straight to the stream, the other formats the
 * odd ones into memory, one of two slots each, which this thread then writes in their turn. */
struct par {
	const struct fc_reporter *r;
	const void *st;
	struct fc_finding *const *f;
	size_t n, chunk, nchunks;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct {
		struct fc_buf text;        /* the formatting thread fills it while !full, the writer reads it while full */
		bool full;
	} slot[2];
	bool stop, done;               /* this thread gave up; the other one has returned */
	enum fc_rc rc;                 /* the other thread's failure */
};

/* Findings [*lo, *hi) of chunk k: the first finding is not in any. */
static void chunk_range(const struct par *p, size_t k, size_t *lo, size_t *hi)
{
	*lo = 1 + k * p->chunk;
	*hi = *lo + p->chunk < p->n ? *lo + p->chunk : p->n;
}

static enum fc_rc format_chunk(struct par *p, size_t k, struct fc_buf *text)
{
	static const cookie_io_functions_t io = { .write = mem_write };
	FILE *mf;
	void *fst = NULL;
	enum fc_rc rc;
	size_t i, hi;

	text->len = 0;
	if ((mf = fopencookie(text, "w", io)))
		fst = p->r->fork(p->st, mf);
	rc = fst ? FC_OK : FC_ERR_NOMEM;
	chunk_range(p, k, &i, &hi);
	for (; rc == FC_OK && i < hi; i++)
		rc = p->r->finding(fst, p->f[i]);
	if (fst && p->r->unfork(fst) != FC_OK && rc == FC_OK)
		rc = FC_ERR_IO;
	if (mf && fclose(mf) != 0 && rc == FC_OK)
		rc = FC_ERR_NOMEM;
	return rc;
}

static void *format_odd(void *arg)
{
	struct par *p = arg;
	enum fc_rc rc = FC_OK;
	size_t k;

	for (k = 1; rc == FC_OK && k < p->nchunks; k += 2) {
		size_t si = (k / 2) % 2;
		bool stop;

		pthread_mutex_lock(&p->mu);
		while (p->slot[si].full && !p->stop)
			pthread_cond_wait(&p->cv, &p->mu);
		stop = p->stop;
		pthread_mutex_unlock(&p->mu);
		if (stop)
			break;
		rc = format_chunk(p, k, &p->slot[si].text);
		pthread_mutex_lock(&p->mu);
		if (rc == FC_OK)
			p->slot[si].full = true;
		else
			p->rc = rc;
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
	}
	pthread_mutex_lock(&p->mu);
	p->done = true;
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

/* Writes odd chunk k, formatted by the other thread, once it is there, and gives its slot back. */
static enum fc_rc take_chunk(struct par *p, size_t k, FILE *out)
{
	size_t si = (k / 2) % 2;
	enum fc_rc rc = FC_OK;
	bool full;

	pthread_mutex_lock(&p->mu);
	while (!p->slot[si].full && !p->done)
		pthread_cond_wait(&p->cv, &p->mu);
	full = p->slot[si].full;
	if (!full)
		rc = p->rc != FC_OK ? p->rc : FC_ERR_IO;
	pthread_mutex_unlock(&p->mu);
	if (!full)
		return rc;
	/* full: the other thread leaves the slot alone until it is given back */
	if (fwrite_unlocked(p->slot[si].text.data, 1, p->slot[si].text.len, out) != p->slot[si].text.len)
		rc = FC_ERR_IO;
	pthread_mutex_lock(&p->mu);
	p->slot[si].full = false;
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
	return rc;
}

/* The findings through r on two threads; false when the second thread could not start (nothing
 * was written then). */
static bool findings_parallel(const struct fc_reporter *r, void *st, FILE *out, const struct fc_engine *e,
			      size_t chunk, enum fc_rc *rc)
{
	struct par p = { .r = r, .st = st, .f = e->findings, .n = e->n, .chunk = chunk };
	pthread_t t;
	size_t k, i, hi;

	p.nchunks = (e->n - 1 + chunk - 1) / chunk;
	fc_buf_init(&p.slot[0].text, SIZE_MAX);
	fc_buf_init(&p.slot[1].text, SIZE_MAX);
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.cv, NULL);
	if (pthread_create(&t, NULL, format_odd, &p) != 0) {
		pthread_cond_destroy(&p.cv);
		pthread_mutex_destroy(&p.mu);
		return false;
	}
	*rc = r->finding(st, e->findings[0]);   /* the first: what comes before the others */
	for (k = 0; *rc == FC_OK && k < p.nchunks; k++) {
		if (k % 2) {
			*rc = take_chunk(&p, k, out);
			continue;
		}
		for (chunk_range(&p, k, &i, &hi); *rc == FC_OK && i < hi; i++)
			*rc = r->finding(st, e->findings[i]);
	}
	pthread_mutex_lock(&p.mu);
	p.stop = true;
	pthread_cond_broadcast(&p.cv);
	pthread_mutex_unlock(&p.mu);
	pthread_join(t, NULL);
	fc_buf_free(&p.slot[0].text);
	fc_buf_free(&p.slot[1].text);
	pthread_cond_destroy(&p.cv);
	pthread_mutex_destroy(&p.mu);
	return true;
}

enum fc_rc fc_report_emit(const struct fc_reporter *r, FILE *out, const struct fc_report_run *run,
			  const struct fc_engine *e, const struct fc_summary *s, struct fc_err *err)
{
	return fc_report_emit_chunked(r, out, run, e, s, FC_REPORT_CHUNK, err);
}

enum fc_rc fc_report_emit_chunked(const struct fc_reporter *r, FILE *out, const struct fc_report_run *run,
				  const struct fc_engine *e, const struct fc_summary *s, size_t chunk,
				  struct fc_err *err)
{
	void *st = NULL;
	enum fc_rc rc;
	size_t i;

	if ((rc = r->begin(out, run, &st)) != FC_OK)
		return fc_err_set(err, rc, NULL, 0, "%s report: cannot start", r->name);
	for (i = 0; rc == FC_OK && i < run->m->ndevs; i++)
		rc = r->device(st, run->m->devs[i]);
	/* two threads pay off from a few chunks on (a fleet's millions of findings) */
	if (rc != FC_OK || !r->fork || !chunk || e->n <= 1 + 2 * chunk ||
	    !findings_parallel(r, st, out, e, chunk, &rc))
		for (i = 0; rc == FC_OK && i < e->n; i++)
			rc = r->finding(st, e->findings[i]);
	if (r->end(st, s) != FC_OK && rc == FC_OK)
		rc = FC_ERR_IO;
	if (rc == FC_OK && (fflush(out) != 0 || ferror(out)))
		rc = FC_ERR_IO;
	if (rc != FC_OK)
		return fc_err_set(err, rc, NULL, 0, "%s report could not be written", r->name);
	return FC_OK;
}
