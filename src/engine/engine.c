/* SPDX-License-Identifier: MIT */
/* Runs rules over links, devices and the fleet, and collects findings. */
#include "engine/engine.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/buf.h"
#include "util/fmt.h"
#include "util/str.h"

const char *fc_sev_name(enum fc_sev s)
{
	switch (s) {
	case FC_SEV_INFO: return "info";
	case FC_SEV_LOW: return "low";
	case FC_SEV_MEDIUM: return "medium";
	case FC_SEV_HIGH: return "high";
	case FC_SEV_CRITICAL: return "critical";
	}
	return "?";
}

bool fc_sev_parse(const char *s, enum fc_sev *out)
{
	static const enum fc_sev all[] = { FC_SEV_INFO, FC_SEV_LOW, FC_SEV_MEDIUM, FC_SEV_HIGH, FC_SEV_CRITICAL };
	size_t i;

	for (i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		if (!strcmp(s, fc_sev_name(all[i]))) {
			*out = all[i];
			return true;
		}
	return false;
}

const char *fc_status_name(enum fc_status s)
{
	switch (s) {
	case FC_PASS: return "pass";
	case FC_FAIL: return "fail";
	case FC_UNKNOWN: return "unknown";
	case FC_WARN: return "warn";
	case FC_NA: return "not_applicable";
	}
	return "?";
}

static const char **name_slot(struct fc_engine *e, const struct fc_link *l, int k);

/* s as kept in e's arena: interned, unless it is one of the current link's cached names, which
 * are (every link rule passes them, and a probe of a table of millions misses the cache). */
static const char *link_str(struct fc_rctx *c, const char *s)
{
	const char **slot = c->link ? name_slot(c->eng, c->link, 0) : NULL;

	if (slot && s && (s == slot[0] || s == slot[1] || s == slot[2]))
		return s;
	return fc_intern(c->eng->arena, s);
}

struct fc_finding *fc_finding_new(struct fc_rctx *c, enum fc_status st, const char *subject, const char *fmt, ...)
{
	struct fc_engine *e = c->eng;
	struct fc_finding *f = fc_alloc(e->arena, sizeof(*f));
	va_list ap;
	char buf[2048];
	size_t n;

	if (e->n == e->cap) {   /* on the heap: realloc moves a big array by remapping, not copying,
				 * and leaves no abandoned copies in the arena (8 million at 4,000 leaves) */
		size_t cap = e->cap ? 2 * e->cap : 1024;
		struct fc_finding **nf = realloc(e->findings, cap * sizeof(*nf));

		if (!nf) {
			e->oom = true;
			return NULL;
		}
		e->findings = nf;
		e->cap = cap;
	}
	if (!f) {
		e->oom = true;
		return NULL;
	}
	va_start(ap, fmt);
	n = fc_vfmt(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	f->rule = c->rule;
	f->status = st;
	f->sev = fc_policy_severity(e->policy, c->rule);
	f->scope = c->rule->scope;
	/* interned: a fleet has millions of findings whose subjects, messages and evidence repeat
	 * (a link's subject in every link rule, "PFC on priorities 3 on both ends" on every link) */
	f->subject = link_str(c, subject);
	f->message = fc_intern_repeated(e->arena, buf, n);   /* some name their port: unique */
	f->link = c->link;
	f->dev = c->dev;
	e->findings[e->n++] = f;
	return f;
}

void fc_finding_cause(struct fc_rctx *c, struct fc_finding *f, const struct fc_device *d, const char *fmt, ...)
{
	struct fc_cause *k;
	va_list ap;
	char buf[512];

	if (!f || !d)
		return;
	if (!(k = fc_alloc(c->eng->arena, sizeof(*k)))) {
		c->eng->oom = true;
		return;
	}
	va_start(ap, fmt);
	fc_vfmt(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	k->dev = d;
	if (!(k->text = fc_intern(c->eng->arena, buf))) {
		c->eng->oom = true;
		return;
	}
	f->cause = k;
}

void fc_finding_set_message(struct fc_rctx *c, struct fc_finding *f, const char *fmt, ...)
{
	va_list ap;
	char buf[2048];
	size_t n;

	if (!f)
		return;
	va_start(ap, fmt);
	n = fc_vfmt(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	f->message = fc_intern_repeated(c->eng->arena, buf, n);
}

void fc_ev(struct fc_rctx *c, struct fc_finding *f, const char *end, const char *what, const struct fc_src *src,
	   const char *fmt, ...)
{
	struct fc_evidence *ev;
	va_list ap;
	char buf[1024];
	size_t cap, n;

	if (!f || f->nev == UINT32_MAX)
		return;
	/* evidence lives in its own arena, so a finding's lines are usually its last allocation and
	 * grow in place: exactly as many as it has (most have one to four) */
	cap = f->ev_cap;
	f->ev = fc_grow_tail(c->eng->ev_arena, f->ev, f->nev, &cap, sizeof(*f->ev));
	f->ev_cap = cap > UINT32_MAX ? UINT32_MAX : (uint32_t)cap;
	if (!f->ev) {
		c->eng->oom = true;
		return;
	}
	va_start(ap, fmt);
	n = fc_vfmt(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	ev = &f->ev[f->nev++];
	ev->end = link_str(c, end);
	ev->what = fc_intern(c->eng->arena, what);   /* callers may pass a buffer of their own */
	/* a value kept for every finding repeats across the fleet ("9000", "rs544"): interned; one
	 * that is dropped with a passing finding goes back with it, so it is copied beside it */
	ev->value = c->eng->pass_evidence ? fc_intern_repeated(c->eng->arena, buf, n)
					  : fc_strndup(c->eng->ev_arena, buf, n);
	if (!ev->value)
		c->eng->oom = true;
	if (src)
		ev->src = *src;
	else
		memset(&ev->src, 0, sizeof(ev->src));
}

bool fc_pass_evidence_kept(const struct fc_rctx *c)
{
	return c->eng->pass_evidence;
}

void fc_ev_unknown(struct fc_rctx *c, struct fc_finding *f, const char *end, const char *what,
		   const struct fc_meta *m)
{
	fc_ev(c, f, end, what, m->src.file ? &m->src : NULL, "unknown: %s", fc_why(m));
	if (f && !m->known && m->managed) {
		const struct fc_device *d = c->dev;

		if (c->link)
			d = !strcmp(end, fc_end_name(c, &c->link->a)) ? c->link->a.dev
			  : !strcmp(end, fc_end_name(c, &c->link->b)) ? c->link->b.dev : NULL;
		if (d) {
			f->nmanaged++;
			if (!f->managed)
				f->managed = d;
		}
	}
}

int64_t fc_param_int(struct fc_rctx *c, const char *key, bool *set)
{
	const char *v = fc_policy_param(c->eng->policy, c->rule, key, NULL);
	int64_t n = 0;

	*set = v && *v && fc_parse_i64(v, INT64_MIN, INT64_MAX, &n);
	return n;
}

double fc_param_dbl(struct fc_rctx *c, const char *key, bool *set)
{
	const char *v = fc_policy_param(c->eng->policy, c->rule, key, NULL);
	double d = 0;

	*set = v && *v && fc_parse_double(v, &d);
	return d;
}

const char *fc_param_str(struct fc_rctx *c, const char *key)
{
	const char *v = fc_policy_param(c->eng->policy, c->rule, key, NULL);

	return v ? v : "";
}

const char *fc_rstr(struct fc_rctx *c, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	fc_vfmt(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return fc_intern(c->eng->arena, buf);   /* rules compare keys by pointer (fleet.c) */
}

/* The cache slot for a link of the model (0 subject, 1 end a, 2 end b), or NULL for a link
 * outside it. Every link rule asks for these names, so each is formatted and interned once. */
static const char **name_slot(struct fc_engine *e, const struct fc_link *l, int k)
{
	size_t i;

	if (!e->link_names || l < e->links || l >= e->links + e->nlinks)
		return NULL;
	i = (size_t)(l - e->links);
	return &e->link_names[i * 3 + (size_t)k];
}

const char *fc_end_name(struct fc_rctx *c, const struct fc_endpoint *e)
{
	const char **slot = NULL;

	if (c->link && (e == &c->link->a || e == &c->link->b))
		slot = name_slot(c->eng, c->link, e == &c->link->a ? 1 : 2);
	if (slot && *slot)
		return *slot;
	if (slot)
		return *slot = fc_rstr(c, "%s:%s", e->dev_name, e->if_name);
	return fc_rstr(c, "%s:%s", e->dev_name, e->if_name);
}

const char *fc_link_subject(struct fc_rctx *c, const struct fc_link *l)
{
	const char **slot = name_slot(c->eng, l, 0);

	if (slot && *slot)
		return *slot;
	if (slot)
		return *slot = fc_rstr(c, "%s:%s <-> %s:%s", l->a.dev_name, l->a.if_name, l->b.dev_name, l->b.if_name);
	return fc_rstr(c, "%s:%s <-> %s:%s", l->a.dev_name, l->a.if_name, l->b.dev_name, l->b.if_name);
}

static int scope_rank(enum fc_scope s)
{
	return s == FC_SCOPE_LINK ? 0 : s == FC_SCOPE_DEVICE ? 1 : 2;
}

static int cmp_finding(const void *pa, const void *pb)
{
	const struct fc_finding *a = *(const struct fc_finding *const *)pa;
	const struct fc_finding *b = *(const struct fc_finding *const *)pb;
	int r = scope_rank(a->scope) - scope_rank(b->scope);

	if (r)
		return r;
	/* subjects are interned: the same subject is the same pointer */
	if (a->subject != b->subject && (r = strcmp(a->subject, b->subject)))
		return r;
	return a->rule == b->rule ? 0 : strcmp(a->rule->id, b->rule->id);
}

/* One call of a rule. Unless passing findings' evidence is kept, what the call's passing findings
 * added is dropped: given back to the evidence arena when every finding of the call passed (then
 * it is the arena's newest memory), else only hidden. */
/* Whether a finding concerns a running device: a link's either end, its device, or for the fleet
 * any device of the model. */
static bool concerns_live(const struct fc_rctx *c, const struct fc_finding *f)
{
	size_t i;

	if (f->link)
		return (f->link->a.dev && f->link->a.dev->live) || (f->link->b.dev && f->link->b.dev->live);
	if (f->dev)
		return f->dev->live;
	for (i = 0; i < c->m->ndevs; i++)
		if (c->m->devs[i]->live)
			return true;
	return false;
}

/* A live rule's UNKNOWN on configuration and intent only: not applicable, saying why. */
static void not_applicable(struct fc_engine *e, const struct fc_rule *r, struct fc_rctx *c, size_t n0)
{
	size_t i;

	for (i = n0; r->live && i < e->n; i++) {
		struct fc_finding *f = e->findings[i];

		if (f->status != FC_UNKNOWN || concerns_live(c, f))
			continue;
		f->status = FC_NA;
		fc_finding_set_message(c, f, "not applicable to configuration and declared intent (it needs a running "
					     "device): %s", f->message);
	}
}

/* Whether a link finding is UNKNOWN for a platform-managed value alone: every unknown line of its
 * evidence is one (fc_ev_unknown counted them), so nothing else is missing and nothing failed. */
static bool managed_only(const struct fc_finding *f)
{
	uint32_t k, unknown = 0;

	if (!f || f->status != FC_UNKNOWN || !f->managed || !f->link)
		return false;
	for (k = 0; k < f->nev; k++)
		unknown += !strncmp(f->ev[k].value, "unknown: ", 9);
	return unknown == f->nmanaged;
}

#define FOLDED UINT32_MAX   /* fc_finding.nmanaged of a finding folded into its device's one */

static int cmp_managed(const void *pa, const void *pb)
{
	const struct fc_finding *a = *(const struct fc_finding *const *)pa;
	const struct fc_finding *b = *(const struct fc_finding *const *)pb;

	if (a->managed != b->managed)
		return strcmp(a->managed->name, b->managed->name);
	return a->link < b->link ? -1 : a->link > b->link;
}

/* One device-level finding for all of a rule's links that are UNKNOWN only because their device's
 * platform manages the value and states it nowhere (a switch that sizes headroom itself): it is the same on every port,
 * so it is said once, at info severity, naming the ports (issue: "a structural UNKNOWN is said
 * once"). The first link's evidence stays as the example. False when out of memory. */
static bool fold_managed(struct fc_engine *e, struct fc_rctx *c, size_t n0)
{
	struct fc_finding **v = NULL;
	size_t i, j, nv = 0, w;

	for (i = n0; i < e->n; i++)
		nv += managed_only(e->findings[i]);
	if (!nv)
		return true;
	if (!(v = malloc(nv * sizeof(*v))))
		return false;
	for (i = n0, nv = 0; i < e->n; i++)
		if (managed_only(e->findings[i]))
			v[nv++] = e->findings[i];
	qsort(v, nv, sizeof(*v), cmp_managed);
	for (i = 0; i < nv; i = j) {
		struct fc_finding *g = v[i];
		const struct fc_device *d = g->managed;
		const char *why = "";
		struct fc_buf ports;
		uint32_t k;
		bool full = false;

		fc_buf_init(&ports, 960);
		for (j = i; j < nv && v[j]->managed == d; j++) {
			const struct fc_link *l = v[j]->link;
			const struct fc_endpoint *me = l->a.dev == d ? &l->a : &l->b, *peer = me == &l->a ? &l->b : &l->a;

			if (!full && fc_buf_addf(&ports, "%s%s (%s:%s)", j > i ? ", " : "", me->if_name, peer->dev_name,
						 peer->if_name) != FC_OK)
				full = true;   /* the buffer freed itself: the count and the first instead */
			if (j > i)
				v[j]->nmanaged = FOLDED;
		}
		if (full) {
			const struct fc_endpoint *me = g->link->a.dev == d ? &g->link->a : &g->link->b;

			fc_buf_init(&ports, 960);
			fc_buf_addf(&ports, "%zu ports; the first: %s", j - i, me->if_name);
		}
		for (k = 0; k < g->nev; k++)
			if (!strncmp(g->ev[k].value, "unknown: ", 9)) {
				why = g->ev[k].value + 9;
				break;
			}
		fc_finding_set_message(c, g, "%s, on %zu port%s of %s and for one reason, the platform's: %s (the ports' "
					     "other ends and the rest of each check were judged; the evidence is the first "
					     "port's)", g->message, j - i, j - i == 1 ? "" : "s", d->name, why);
		g->scope = FC_SCOPE_DEVICE;
		g->subject = d->name;
		g->dev = d;
		g->link = NULL;
		g->sev = FC_SEV_INFO;
		c->link = NULL;
		fc_ev(c, g, d->name, "ports", NULL, "%s", ports.data ? ports.data : "");
		fc_buf_free(&ports);
	}
	free(v);
	for (i = w = n0; i < e->n; i++)
		if (e->findings[i]->nmanaged != FOLDED)
			e->findings[w++] = e->findings[i];
	e->n = w;
	return true;
}

static void run_one(struct fc_engine *e, const struct fc_rule *r, struct fc_rctx *c)
{
	struct fc_arena_mark mk;
	size_t n0 = e->n, i;
	bool all_pass = true;

	if (e->pass_evidence) {
		r->run(c);
		not_applicable(e, r, c, n0);
		return;
	}
	mk = fc_arena_mark(e->ev_arena);
	r->run(c);
	not_applicable(e, r, c, n0);
	for (i = n0; i < e->n; i++) {
		struct fc_finding *f = e->findings[i];

		if (f->status != FC_PASS) {
			all_pass = false;
			continue;
		}
		f->ev = NULL;
		f->nev = f->ev_cap = 0;
	}
	if (all_pass && e->n > n0)
		fc_arena_release(e->ev_arena, mk);
}

/* The capability contract: a rule that needs of a device's adapter what it does not provide gets
 * one UNKNOWN saying so (on the device, or on the link) instead of running. */
static bool lacks(struct fc_rctx *c, const struct fc_device *d)
{
	unsigned need = !d ? 0 : d->kind == FC_DEV_SWITCH ? c->rule->needs_switch : c->rule->needs_host;
	char names[256];
	struct fc_finding *f;

	if (!(need & ~d->caps))
		return false;
	fc_cap_names(need & ~d->caps, names, sizeof(names));
	f = fc_finding_new(c, FC_UNKNOWN, c->link ? fc_link_subject(c, c->link) : d->name,
			   "the %s adapter does not provide %s, which %s needs", d->platform ? d->platform : "?", names,
			   c->rule->id);
	fc_ev(c, f, d->name, "platform", NULL, "%s: provides %s", d->platform ? d->platform : "?",
	      d->caps ? fc_cap_names(d->caps, names, sizeof(names)) : "nothing");
	return true;
}

/* An engine's own state: its arenas, findings and the link-name cache. */
static bool engine_init(struct fc_engine *e, const struct fc_model *m, const struct fc_policy *p,
			const struct fc_engine_opts *o)
{
	memset(e, 0, sizeof(*e));
	e->arena = fc_arena_new();
	e->ev_arena = fc_arena_new();
	if (!e->arena || !e->ev_arena)
		return false;
	e->policy = p;
	e->waivers = o->waivers;
	e->pass_evidence = o->pass_evidence;
	e->links = m->links;
	e->nlinks = m->nlinks;
	if (m->nlinks && !(e->link_names = fc_alloc(e->arena, m->nlinks * 3 * sizeof(*e->link_names))))
		return false;
	return true;
}

/* A rule over every link, every device or the fleet, into e. */
static void run_rule(struct fc_engine *e, const struct fc_model *m, const struct fc_counters *base,
		     const struct fc_rule *r)
{
	struct fc_rctx c;
	size_t i, n0;

	memset(&c, 0, sizeof(c));
	c.m = m;
	c.base = base;
	c.rule = r;
	c.eng = e;
	switch (r->scope) {
	case FC_SCOPE_LINK:
		n0 = e->n;
		for (i = 0; i < m->nlinks && !e->oom; i++) {
			c.link = &m->links[i];
			if (!lacks(&c, m->links[i].a.dev) && !lacks(&c, m->links[i].b.dev))
				run_one(e, r, &c);
		}
		if (!e->oom && !fold_managed(e, &c, n0))
			e->oom = true;
		break;
	case FC_SCOPE_DEVICE:
		for (i = 0; i < m->ndevs && !e->oom; i++) {
			c.dev = m->devs[i];
			if (!lacks(&c, m->devs[i]))
				run_one(e, r, &c);
		}
		break;
	case FC_SCOPE_FLEET:
		run_one(e, r, &c);
		break;
	}
	if (e->oom && !e->oom_rule)
		e->oom_rule = r->id;
}

/* Rules are independent: each reads the model (const) and writes findings into its engine. Two
 * threads take the next rule in turn, each into an engine of its own; a rule's findings stay in
 * one engine in the order it made them, so the merged, sorted list is the one thread's. */
struct worker {
	struct fc_engine *e;
	const struct fc_model *m;
	const struct fc_counters *base;
	const struct fc_rule *const *todo;
	size_t ntodo;
	atomic_size_t *next;
};

static void *work(void *arg)
{
	struct worker *w = arg;
	size_t k;

	while (!w->e->oom && (k = atomic_fetch_add(w->next, 1)) < w->ntodo)
		run_rule(w->e, w->m, w->base, w->todo[k]);
	/* each thread sorts its own findings (a fleet has millions), then one merge joins them */
	if (!w->e->oom && w->e->n > 1)
		qsort(w->e->findings, w->e->n, sizeof(*w->e->findings), cmp_finding);
	return NULL;
}

/* f[0..na) and f[na..n) are each sorted (qsort here is a stable merge sort): one sorted list,
 * as a stable sort of the whole would make it. Findings of one rule are all in one run, so no
 * two across the runs compare equal. False when out of memory. */
static bool merge_runs(struct fc_finding **f, size_t na, size_t n)
{
	struct fc_finding **a;
	size_t i = 0, j = na, k = 0;

	if (!na || na == n || cmp_finding(&f[na - 1], &f[na]) <= 0)
		return true;
	if (!(a = malloc(na * sizeof(*a))))
		return false;
	memcpy(a, f, na * sizeof(*a));
	while (i < na && j < n)   /* k = i + j - na <= j: what is written was read already */
		f[k++] = cmp_finding(&a[i], &f[j]) <= 0 ? a[i++] : f[j++];
	while (i < na)
		f[k++] = a[i++];
	free(a);
	return true;
}

/* Moves side's findings and arenas into e; false when out of memory (side is then freed). */
static bool adopt(struct fc_engine *e, struct fc_engine *side)
{
	struct fc_finding **nf = NULL;

	if (side->n && !(nf = realloc(e->findings, (e->n + side->n) * sizeof(*nf)))) {
		fc_engine_free(side);
		return false;
	}
	if (side->n) {
		memcpy(nf + e->n, side->findings, side->n * sizeof(*nf));
		e->findings = nf;
		e->n += side->n;
		e->cap = e->n;
	}
	free(side->findings);
	e->side_arena = side->arena;
	e->side_ev_arena = side->ev_arena;
	return true;
}

enum fc_rc fc_engine_run(struct fc_engine *e, const struct fc_model *m, const struct fc_policy *p,
			 const struct fc_engine_opts *o, struct fc_err *err)
{
	const struct fc_rule *const *r, *waiver_rule = NULL;
	const struct fc_rule **todo = NULL;
	const char *only_rule = o->only_rule;
	struct fc_engine side;
	struct worker me, other;
	atomic_size_t next = 0;
	pthread_t t;
	bool threaded = false;
	size_t ntodo = 0, nrules = 0;

	if (!engine_init(e, m, p, o))
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
	if (only_rule && !fc_rules_find(fc_policy_rules(p), only_rule))
		return fc_err_set(err, FC_ERR_USAGE, NULL, 0, "unknown rule id '%s' (see fabcheck rules)", only_rule);
	for (r = fc_policy_rules(p); *r; r++)
		nrules++;
	if (nrules && !(todo = calloc(nrules, sizeof(*todo))))
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
	for (r = fc_policy_rules(p); *r; r++) {
		if (only_rule ? *r != fc_rules_find(fc_policy_rules(p), only_rule) : !fc_policy_enabled(p, *r))
			continue;
		if ((*r)->after_waivers)
			waiver_rule = *r;   /* reports on the waivers themselves, once they are applied */
		else
			todo[ntodo++] = *r;
	}
	me = (struct worker){ e, m, o->base, todo, ntodo, &next };
	if (ntodo > 1 && sysconf(_SC_NPROCESSORS_ONLN) > 1) {   /* else, or failing that, this thread alone */
		if (engine_init(&side, m, p, o)) {
			other = (struct worker){ &side, m, o->base, todo, ntodo, &next };
			threaded = pthread_create(&t, NULL, work, &other) == 0;
		}
		if (!threaded)
			fc_engine_free(&side);
	}
	work(&me);
	if (threaded) {
		size_t mine = e->n;

		pthread_join(t, NULL);
		if (side.oom && !e->oom) {
			e->oom = true;
			e->oom_rule = side.oom_rule;
		}
		if ((!adopt(e, &side) || !merge_runs(e->findings, mine, e->n)) && !e->oom) {
			e->oom = true;
			e->oom_rule = "the rules";
		}
	}
	free(todo);
	if (e->oom)
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory while running %s",
				  e->oom_rule ? e->oom_rule : "the rules");
	fc_waivers_apply(e, o->waivers);   /* statuses only: the order stands */
	if (waiver_rule) {
		size_t before = e->n;

		run_rule(e, m, o->base, waiver_rule);
		if (!e->oom && e->n - before > 1)
			qsort(e->findings + before, e->n - before, sizeof(*e->findings), cmp_finding);
		if (!e->oom && !merge_runs(e->findings, before, e->n))
			e->oom = true;
		if (e->oom)
			return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory while running %s", waiver_rule->id);
	}
	return FC_OK;
}

void fc_engine_free(struct fc_engine *e)
{
	fc_arena_free(&e->arena);
	fc_arena_free(&e->ev_arena);
	fc_arena_free(&e->side_arena);
	fc_arena_free(&e->side_ev_arena);
	free(e->findings);
	e->findings = NULL;
	e->n = e->cap = 0;
}
