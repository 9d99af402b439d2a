/* SPDX-License-Identifier: MIT */
/* The counters of an earlier snapshot, apart from its model: counters.h. */
#include <stdlib.h>
#include <string.h>

#include "model/counters.h"
#include "util/arena.h"

struct take {
	struct fc_arena *a;
	bool oom;
};

/* A string of the old model's arena, in the new one: file names, reasons and counter names repeat
 * (every port's statistics have the same names), so they are interned. */
static const char *str(struct take *t, const char *s)
{
	const char *r;

	if (!s)
		return NULL;
	if (!(r = fc_intern(t->a, s)))
		t->oom = true;
	return r;
}

static struct fc_meta meta(struct take *t, const struct fc_meta *m)
{
	struct fc_meta r = *m;

	r.src.file = str(t, m->src.file);
	r.why = str(t, m->why);
	return r;
}

static struct fc_int int_of(struct take *t, const struct fc_int *v)
{
	struct fc_int r = *v;

	r.m = meta(t, &v->m);
	return r;
}

static const struct fc_counter *vec(struct take *t, const struct fc_counter *v, size_t n)
{
	struct fc_counter *r;
	size_t i;

	if (!n)
		return NULL;
	if (!(r = fc_alloc(t->a, n * sizeof(*r)))) {
		t->oom = true;
		return NULL;
	}
	for (i = 0; i < n; i++)
		r[i].name = str(t, v[i].name), r[i].value = v[i].value;
	return r;
}

static int by_port(const void *a, const void *b)
{
	return strcmp(((const struct fc_cport *)a)->name, ((const struct fc_cport *)b)->name);
}

static int by_dev(const void *a, const void *b)
{
	return strcmp(((const struct fc_cdev *)a)->name, ((const struct fc_cdev *)b)->name);
}

static void device(struct take *t, const struct fc_device *d, struct fc_cdev *cd)
{
	size_t i, j, n = 0;

	cd->name = str(t, d->name);
	cd->taken_at = int_of(t, &d->taken_at);
	if (d->nifaces && !(cd->ports = fc_alloc(t->a, d->nifaces * sizeof(*cd->ports)))) {
		t->oom = true;
		return;
	}
	for (i = 0; i < d->nifaces; i++) {
		const struct fc_iface *ifc = d->ifaces[i];
		struct fc_cport *p = &cd->ports[i];

		p->name = str(t, ifc->name);
		p->stats_m = meta(t, &ifc->stats_m);
		p->stats = vec(t, ifc->stats, ifc->nstats);
		p->nstats = p->stats ? ifc->nstats : 0;
		p->crc = int_of(t, &fc_swport(ifc)->cnt_crc);
		p->resets = int_of(t, &fc_swport(ifc)->cnt_resets);
	}
	cd->nports = d->nifaces;
	if (cd->nports > 1)
		qsort(cd->ports, cd->nports, sizeof(*cd->ports), by_port);
	for (i = 0; i < d->nrdma; i++)
		n += d->rdma[i].nports;
	if (n && !(cd->rdma = fc_alloc(t->a, n * sizeof(*cd->rdma)))) {
		t->oom = true;
		return;
	}
	for (i = 0; i < d->nrdma; i++)
		for (j = 0; j < d->rdma[i].nports; j++) {
			const struct fc_rdma_port *p = &d->rdma[i].ports[j];
			struct fc_crdma *r = &cd->rdma[cd->nrdma++];

			r->dev = str(t, d->rdma[i].name);
			r->num = p->num;
			r->hw_m = meta(t, &p->hw_counters_m);
			r->hw = vec(t, p->hw_counters, p->nhw_counters);
			r->nhw = r->hw ? p->nhw_counters : 0;
		}
}

enum fc_rc fc_counters_take(struct fc_model **m, struct fc_counters **out, struct fc_err *err)
{
	struct take t = { fc_arena_new(), false };
	struct fc_counters *c = NULL;
	size_t i;

	*out = NULL;
	if (!t.a || !(c = fc_alloc(t.a, sizeof(*c))) ||
	    ((*m)->ndevs && !(c->devs = fc_alloc(t.a, (*m)->ndevs * sizeof(*c->devs))))) {
		t.oom = true;
		goto out;
	}
	c->arena = t.a;
	c->taken_at = int_of(&t, &(*m)->taken_at);
	for (i = 0; i < (*m)->ndevs && !t.oom; i++)
		device(&t, (*m)->devs[i], &c->devs[i]);
	c->ndevs = (*m)->ndevs;
	if (c->ndevs > 1)
		qsort(c->devs, c->ndevs, sizeof(*c->devs), by_dev);
out:
	fc_model_free(m);
	if (t.oom) {
		fc_arena_free(&t.a);
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory keeping the baseline's counters");
	}
	*out = c;
	return FC_OK;
}

void fc_counters_free(struct fc_counters **c)
{
	struct fc_arena *a;

	if (!c || !*c)
		return;
	a = (*c)->arena;
	fc_arena_free(&a);
	*c = NULL;
}

const struct fc_cdev *fc_counters_device(const struct fc_counters *c, const char *name)
{
	struct fc_cdev key = { .name = name };

	return c->ndevs ? bsearch(&key, c->devs, c->ndevs, sizeof(*c->devs), by_dev) : NULL;
}

const struct fc_cport *fc_cdev_port(const struct fc_cdev *d, const char *name)
{
	struct fc_cport key = { .name = name };

	return d->nports ? bsearch(&key, d->ports, d->nports, sizeof(*d->ports), by_port) : NULL;
}

const struct fc_crdma *fc_cdev_rdma(const struct fc_cdev *d, const char *dev, int num)
{
	size_t i;

	for (i = 0; i < d->nrdma; i++)
		if (d->rdma[i].num == num && !strcmp(d->rdma[i].dev, dev))
			return &d->rdma[i];
	return NULL;
}
