/* SPDX-License-Identifier: MIT */
/* UNKNOWN findings grouped by rule and reason, for the reports people read (text, Markdown): a
 * fleet's thousand identical UNKNOWNs are one line with the count and three subjects. And FAIL or
 * WARN findings grouped by their root cause (one ACL, one profile), listed beneath it. Linear: one
 * hash lookup per finding. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/hmap.h"

static size_t key_of(const struct fc_finding *f, char *key, size_t size)
{
	size_t len = (size_t)snprintf(key, size, "%s|%s", f->rule->id, f->message);

	return len < size ? len : size - 1;
}

bool fc_foldable(const struct fc_finding *f)
{
	return f->status == FC_UNKNOWN && !f->waived;
}

bool fc_folds_build(struct fc_folds *fs, const struct fc_finding *const *v, size_t n)
{
	char key[1200];
	size_t i, cap = 0;
	int failed = 0;

	memset(fs, 0, sizeof(*fs));
	if (!(fs->a = fc_arena_new()) || !(fs->h = fc_hmap_new(fs->a, n + 16)))
		return false;
	for (i = 0; i < n; i++) {
		struct fc_fold *g;
		size_t len;

		if (!fc_foldable(v[i]))
			continue;
		len = key_of(v[i], key, sizeof(key));
		if (!(g = fc_hmap_get(fs->h, key, len))) {
			if (!(g = fc_alloc(fs->a, sizeof(*g))) ||
			    !(fs->g = fc_grow(fs->a, fs->g, fs->n, &cap, sizeof(*fs->g))))
				return false;
			fc_hmap_put(fs->h, key, len, g, &failed);
			if (failed)
				return false;
			fs->g[fs->n++] = g;
		}
		if (!(g->v = fc_grow(fs->a, g->v, g->n, &g->cap, sizeof(*g->v))))
			return false;
		g->v[g->n++] = v[i];
	}
	return true;
}

const struct fc_fold *fc_fold_of(const struct fc_folds *fs, const struct fc_finding *f)
{
	char key[1200];

	return fc_foldable(f) ? fc_hmap_get(fs->h, key, key_of(f, key, sizeof(key))) : NULL;
}

void fc_folds_free(struct fc_folds *fs)
{
	fc_arena_free(&fs->a);
	memset(fs, 0, sizeof(*fs));
}

/* --- root causes --------------------------------------------------------------------------- */

static bool groupable(const struct fc_finding *f)
{
	return f->cause && !f->waived && (f->status == FC_FAIL || f->status == FC_WARN) && f->link;
}

static size_t gkey(const struct fc_finding *f, char *key, size_t size)
{
	size_t len = (size_t)snprintf(key, size, "%s|%d|%s|%s", f->rule->id, (int)f->status, f->cause->dev->name,
				      f->cause->text);

	return len < size ? len : size - 1;
}

/* A port name as a prefix and the number it ends with ("Ethernet1/" 12), for ranges. */
struct pname {
	const char *s;
	size_t plen;   /* the prefix's length */
	long num;      /* -1: no number at the end */
};

static int cmp_pname(const void *pa, const void *pb)
{
	const struct pname *a = pa, *b = pb;
	size_t n = a->plen < b->plen ? a->plen : b->plen;
	int r = strncmp(a->s, b->s, n);

	if (r)
		return r;
	if (a->plen != b->plen)
		return a->plen < b->plen ? -1 : 1;
	return a->num < b->num ? -1 : a->num > b->num;
}

/* The ports of the cause's device on g's links, sorted, consecutive numbers as one range. */
static const char *port_ranges(struct fc_arena *a, const struct fc_group *g)
{
	struct pname *p = fc_alloc(a, g->n * sizeof(*p));
	struct fc_buf b;
	size_t i, j, np = 0;
	const char *out;

	if (!p)
		return NULL;
	for (i = 0; i < g->n; i++) {
		const struct fc_link *l = g->v[i]->link;
		const char *s = l->a.dev == g->v[i]->cause->dev ? l->a.if_name : l->b.if_name;
		size_t len = strlen(s), k = len;

		while (k > 0 && s[k - 1] >= '0' && s[k - 1] <= '9')
			k--;
		p[np].s = s;
		p[np].plen = k;
		p[np].num = k < len && len - k < 9 ? strtol(s + k, NULL, 10) : -1;
		if (p[np].num < 0)
			p[np].plen = len;
		np++;
	}
	qsort(p, np, sizeof(*p), cmp_pname);
	fc_buf_init(&b, 4096);
	for (i = 0; i < np; i = j + 1) {
		for (j = i; j + 1 < np && p[i].num >= 0 && p[j + 1].plen == p[i].plen &&
			    !strncmp(p[j + 1].s, p[i].s, p[i].plen) && p[j + 1].num == p[j].num + 1;)
			j++;
		if (b.len > 400) {   /* a headline, not a listing: the links are listed beneath it */
			fc_buf_addf(&b, ", ... (%zu ports)", np);
			break;
		}
		if (j > i)
			fc_buf_addf(&b, "%s%s-%ld", i ? ", " : "", p[i].s, p[j].num);
		else
			fc_buf_addf(&b, "%s%s", i ? ", " : "", p[i].s);
	}
	out = b.data ? fc_strdup(a, b.data) : NULL;
	fc_buf_free(&b);
	return out;
}

bool fc_groups_build(struct fc_groups *gs, const struct fc_finding *const *v, size_t n)
{
	char key[1200];
	size_t i, cap = 0;
	int failed = 0;

	memset(gs, 0, sizeof(*gs));
	if (!(gs->a = fc_arena_new()) || !(gs->h = fc_hmap_new(gs->a, 64)))
		return false;
	for (i = 0; i < n; i++) {
		struct fc_group *g;
		size_t len;

		if (!groupable(v[i]))
			continue;
		len = gkey(v[i], key, sizeof(key));
		if (!(g = fc_hmap_get(gs->h, key, len))) {
			if (!(g = fc_alloc(gs->a, sizeof(*g))) ||
			    !(gs->g = fc_grow(gs->a, gs->g, gs->n, &cap, sizeof(*gs->g))))
				return false;
			fc_hmap_put(gs->h, key, len, g, &failed);
			if (failed)
				return false;
			gs->g[gs->n++] = g;
		}
		if (!(g->v = fc_grow(gs->a, g->v, g->n, &g->cap, sizeof(*g->v))))
			return false;
		g->v[g->n++] = v[i];
	}
	for (i = 0; i < gs->n; i++)
		if (gs->g[i]->n > 1 && !(gs->g[i]->ports = port_ranges(gs->a, gs->g[i])))
			return false;
	return true;
}

const struct fc_group *fc_group_of(const struct fc_groups *gs, const struct fc_finding *f)
{
	char key[1200];
	const struct fc_group *g;

	if (!gs->h || !groupable(f))
		return NULL;
	g = fc_hmap_get(gs->h, key, gkey(f, key, sizeof(key)));
	return g && g->n > 1 ? g : NULL;
}

void fc_groups_free(struct fc_groups *gs)
{
	fc_arena_free(&gs->a);
	memset(gs, 0, sizeof(*gs));
}

const char *fc_group_title(const struct fc_group *g, char *buf, size_t size)
{
	snprintf(buf, size, "%s, on %zu links of %s: %s", g->v[0]->cause->text, g->n, g->v[0]->cause->dev->name,
		 g->ports ? g->ports : "");
	return buf;
}
