/* SPDX-License-Identifier: MIT */
/* The results of the formats CI reads (report.h, struct fc_results): the findings that need a
 * look, folded as people read them, with stable fingerprints and paths relative to the
 * repository's root. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/hmap.h"

bool fc_result_wanted(const struct fc_finding *f)
{
	return f->status != FC_PASS && f->status != FC_NA;
}

bool fc_results_keep(struct fc_results *rs, const struct fc_finding *f)
{
	if (!fc_result_wanted(f))
		return true;
	if (rs->nkeep == rs->capkeep) {
		size_t cap = rs->capkeep ? 2 * rs->capkeep : 256;
		const struct fc_finding **v = realloc(rs->keep, cap * sizeof(*v));

		if (!v)
			return !(rs->oom = true);
		rs->keep = v;
		rs->capkeep = cap;
	}
	rs->keep[rs->nkeep++] = f;
	return true;
}

void fc_fingerprint(char out[17], const char *const *parts, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < n; i++) {
		const unsigned char *p = (const unsigned char *)(parts[i] ? parts[i] : "");

		for (; *p; p++)
			h = (h ^ *p) * 0x100000001b3ULL;
		h = (h ^ 0x1f) * 0x100000001b3ULL;   /* a separator no part holds */
	}
	snprintf(out, 17, "%016llx", (unsigned long long)h);
}

char (*fc_unparsed_fingerprints(const struct fc_report_run *run, const struct fc_device *d))[17]
{
	char (*fp)[17] = malloc((d->nunparsed ? d->nunparsed : 1) * sizeof(*fp));
	struct fc_arena *a = fc_arena_new();
	struct fc_hmap *seen = a ? fc_hmap_new(a, d->nunparsed + 1) : NULL;
	char rel[4096], key[1200], nth[24];
	size_t i;

	for (i = 0; fp && seen && i < d->nunparsed; i++) {
		const struct fc_unparsed *u = &d->unparsed[i];
		const char *r = u->src.file ? fc_report_relpath(run, u->src.file, rel, sizeof(rel)) : NULL;
		const char *parts[4] = { d->name, r ? r : u->src.file ? u->src.file : "", u->text, nth };
		size_t len = (size_t)snprintf(key, sizeof(key), "%s|%s", parts[1], u->text), *cnt, k = 1;
		int failed = 0;

		len = len < sizeof(key) ? len : sizeof(key) - 1;
		if ((cnt = fc_hmap_get(seen, key, len)))
			k = ++*cnt;
		else if (!(cnt = fc_alloc(a, sizeof(*cnt))) || (*cnt = 1, fc_hmap_put(seen, key, len, cnt, &failed), failed))
			break;
		snprintf(nth, sizeof(nth), "%zu", k);
		fc_fingerprint(fp[i], parts, 4);
	}
	if (!seen || i < d->nunparsed) {
		free(fp);
		fp = NULL;
	}
	fc_arena_free(&a);
	return fp;
}

static enum fc_bstate worse(enum fc_bstate a, enum fc_bstate b)
{
	/* new over regressed over existing; none only where no report was given */
	static const int rank[] = { [FC_B_NONE] = 0, [FC_B_EXISTING] = 1, [FC_B_REGRESSED] = 2, [FC_B_NEW] = 3 };

	return rank[b] > rank[a] ? b : a;
}

static void finish(struct fc_result *r)
{
	const struct fc_finding *f = r->v[0];
	size_t i;

	r->base = FC_B_NONE;
	for (i = 0; i < r->n; i++)
		r->base = worse(r->base, r->v[i]->base);
	if (r->group) {
		const char *p[] = { f->rule->id, fc_status_name(f->status), f->cause->dev->name, f->cause->text };

		fc_fingerprint(r->fp, p, 4);
	} else if (r->fold) {
		const char *p[] = { f->rule->id, "unknown", f->message };

		fc_fingerprint(r->fp, p, 3);
	} else {
		const char *p[] = { f->rule->id, f->subject };

		fc_fingerprint(r->fp, p, 2);
	}
}

bool fc_results_build(struct fc_results *rs)
{
	size_t i;

	if (rs->oom || !fc_folds_build(&rs->fs, rs->keep, rs->nkeep) || !fc_groups_build(&rs->gs, rs->keep, rs->nkeep) ||
	    (rs->nkeep && !(rs->r = calloc(rs->nkeep, sizeof(*rs->r)))))
		return !(rs->oom = true);
	for (i = 0; i < rs->nkeep; i++) {
		const struct fc_finding *f = rs->keep[i];
		const struct fc_group *g = fc_group_of(&rs->gs, f);
		const struct fc_fold *fo = g ? NULL : fc_fold_of(&rs->fs, f);
		struct fc_result *r;

		if ((g && g->v[0] != f) || (fo && fo->n >= 2 && fo->v[0] != f))
			continue;   /* folded into the result of its group's first finding */
		r = &rs->r[rs->n++];
		if (g) {
			r->v = g->v, r->n = g->n, r->group = g;
		} else if (fo && fo->n >= 2) {
			r->v = fo->v, r->n = fo->n, r->fold = true;
		} else {
			r->v = &rs->keep[i], r->n = 1;
		}
		finish(r);
	}
	return true;
}

void fc_results_free(struct fc_results *rs)
{
	free(rs->keep);
	free(rs->r);
	if (rs->fs.a)
		fc_folds_free(&rs->fs);
	if (rs->gs.a)
		fc_groups_free(&rs->gs);
	memset(rs, 0, sizeof(*rs));
}

const char *fc_result_message(const struct fc_result *r, char *buf, size_t size)
{
	const struct fc_finding *f = r->v[0];

	if (r->group) {
		char title[1024];

		snprintf(buf, size, "%s (%zu findings; the first, %s: %s)", fc_group_title(r->group, title, sizeof(title)),
			 r->n, f->subject, f->message);
	} else if (r->fold) {
		snprintf(buf, size, "%s (on %zu subjects, e.g. %s, %s%s)", f->message, r->n, r->v[0]->subject,
			 r->v[1]->subject, r->n > 2 ? ", ..." : "");
	} else {
		snprintf(buf, size, "%s: %s", f->subject, f->message);
	}
	return buf;
}

const struct fc_evidence *fc_result_primary(const struct fc_result *r)
{
	const struct fc_finding *f = r->v[0];
	uint32_t i;

	for (i = 0; i < f->nev; i++)
		if (f->ev[i].src.file)
			return &f->ev[i];
	return NULL;
}

/* Appends the component [p, p + n) to the normalised absolute path in buf (length *len): "." is
 * nothing, ".." removes the last component. false when it does not fit. */
static bool push(char *buf, size_t size, size_t *len, const char *p, size_t n)
{
	if (n == 0 || (n == 1 && p[0] == '.'))
		return true;
	if (n == 2 && p[0] == '.' && p[1] == '.') {
		while (*len > 0 && buf[*len - 1] != '/')
			(*len)--;
		if (*len > 0)
			(*len)--;   /* the slash before it */
		buf[*len] = '\0';
		return true;
	}
	if (*len + 1 + n + 1 > size)
		return false;
	buf[(*len)++] = '/';
	memcpy(buf + *len, p, n);
	*len += n;
	buf[*len] = '\0';
	return true;
}

static bool push_all(char *buf, size_t size, size_t *len, const char *path)
{
	while (*path) {
		const char *e = strchr(path, '/');
		size_t n = e ? (size_t)(e - path) : strlen(path);

		if (!push(buf, size, len, path, n))
			return false;
		path += n + (e != NULL);
	}
	return true;
}

const char *fc_report_relpath(const struct fc_report_run *run, const char *path, char *buf, size_t size)
{
	size_t len = 0, rl;

	if (!path || !run->srcroot || size < 2)
		return NULL;
	buf[0] = '\0';
	if (path[0] != '/' && (!run->cwd || !push_all(buf, size, &len, run->cwd)))
		return NULL;
	if (!push_all(buf, size, &len, path))
		return NULL;
	rl = strlen(run->srcroot);
	if (rl == 0 || (rl == 1 && run->srcroot[0] == '/'))   /* the root directory: all of it */
		return len > 1 ? buf + 1 : NULL;
	if (len <= rl + 1 || strncmp(buf, run->srcroot, rl) || buf[rl] != '/')
		return NULL;
	return buf + rl + 1;
}
