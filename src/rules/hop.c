/* SPDX-License-Identifier: MIT */
/* What the QoS rules share about the resolved path (struct fc_hop): which switch ports carry
 * RoCE, whether a hop is no-drop or marks ECN, and per-port verdicts grouped into findings.
 * Nothing here knows a platform: adapters fill the hops (docs/architecture.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"

bool fc_sw_roce_port(const struct fc_model *m, const struct fc_iface *ifc)
{
	const struct fc_intent *in = &m->intent;
	const struct fc_hop *h = fc_hop_of(ifc, FC_TC_ROCE);

	if (!h)
		return false;
	if (ifc->linked)
		return true;
	if (in->roce_prio.m.known && ifc->pfc_prios.m.known && (ifc->pfc_prios.v >> in->roce_prio.v) & 1)
		return true;
	return (h->per_port.m.known && h->per_port.v) || (h->queue_per_port.m.known && h->queue_per_port.v) ||
	       (h->buf_per_port.m.known && h->buf_per_port.v);
}

bool fc_has_qos_path(const struct fc_device *d)
{
	size_t i;

	for (i = 0; i < d->nifaces; i++)
		if (d->ifaces[i]->hops)
			return true;
	return false;
}

struct fc_tri fc_hop_nodrop(const struct fc_iface *ifc, int64_t prio)
{
	const struct fc_hop *h = fc_hop_of(ifc, FC_TC_ROCE);
	struct fc_tri t = { -1, "no QoS path resolved for the port", NULL, NULL };

	if (!h)
		return t;
	if (!ifc->pfc_prios.m.known) {
		t.why = fc_why(&ifc->pfc_prios.m);
		return t;
	}
	if (!((ifc->pfc_prios.v >> prio) & 1)) {
		t.v = 0;
		t.src = &ifc->pfc_prios.m.src;
		t.text = "PFC is not enabled on the RoCE priority on the port";
		return t;
	}
	if (!h->pfc_cos.m.known) {
		t.why = fc_why(&h->pfc_cos.m);
		return t;
	}
	t.v = (int)((h->pfc_cos.v >> prio) & 1);
	t.src = &h->pfc_cos.m.src;
	t.text = t.v ? "no-drop" : "RoCE's class is not no-drop";
	return t;
}

struct fc_tri fc_hop_marks(const struct fc_iface *ifc)
{
	const struct fc_hop *h = fc_hop_of(ifc, FC_TC_ROCE);
	struct fc_tri t = { -1, "no QoS path resolved for the port", NULL, NULL };

	if (!h)
		return t;
	if (!h->ecn.m.known) {
		t.why = fc_why(&h->ecn.m);
		return t;
	}
	t.v = h->ecn.v;
	t.src = &h->ecn.m.src;
	t.text = t.v ? "RoCE queue marks ECN" : "RoCE queue does not mark ECN";
	return t;
}

/* --- per-port verdicts, grouped ------------------------------------------------------------- */

void fc_pgroups_add(struct fc_rctx *c, struct fc_pgroups *gs, const struct fc_iface *ifc, enum fc_status st,
		    const char *msg)
{
	struct fc_pgroup *g = NULL;
	size_t i;

	(void)c;
	gs->nports++;
	for (i = 0; i < gs->n; i++)
		if (gs->g[i].st == st && !strcmp(gs->g[i].msg, msg)) {
			g = &gs->g[i];
			break;
		}
	if (!g) {
		if (gs->n == gs->cap) {
			size_t cap = gs->cap ? 2 * gs->cap : 4;
			struct fc_pgroup *nv = realloc(gs->g, cap * sizeof(*nv));

			if (!nv) {
				gs->oom = true;
				return;
			}
			gs->g = nv;
			gs->cap = cap;
		}
		g = &gs->g[gs->n++];
		memset(g, 0, sizeof(*g));
		g->st = st;
		g->msg = msg;
	}
	if (g->n == g->cap) {
		size_t cap = g->cap ? 2 * g->cap : 8;
		const struct fc_iface **nv = realloc(g->ports, cap * sizeof(*nv));

		if (!nv) {
			gs->oom = true;
			return;
		}
		g->ports = nv;
		g->cap = cap;
	}
	g->ports[g->n++] = ifc;
}

/* "Ethernet1/1-4, Ethernet1/7" (names that differ in a last number after the same text are
 * ranges), at most max items then "and N more". */
static const char *ports_text(struct fc_rctx *c, const struct fc_iface *const *v, size_t n, size_t max)
{
	char buf[1024];
	size_t i = 0, len = 0, items = 0;

	buf[0] = '\0';
	while (i < n && len + 64 < sizeof(buf)) {
		const char *a = v[i]->name, *digits = a + strlen(a);
		size_t j = i, pre;
		long lo, hi;

		while (digits > a && digits[-1] >= '0' && digits[-1] <= '9')
			digits--;
		pre = (size_t)(digits - a);
		lo = hi = *digits ? strtol(digits, NULL, 10) : -1;
		while (lo >= 0 && j + 1 < n && !strncmp(v[j + 1]->name, a, pre) && v[j + 1]->name[pre] >= '0' &&
		       v[j + 1]->name[pre] <= '9' && !strchr(v[j + 1]->name + pre, '/') &&
		       strtol(v[j + 1]->name + pre, NULL, 10) == hi + 1) {
			j++;
			hi++;
		}
		if (items == max) {
			snprintf(buf + len, sizeof(buf) - len, " and %zu more", n - i);
			break;
		}
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s", items ? ", " : "", a);
		if (j > i && len < sizeof(buf))
			len += (size_t)snprintf(buf + len, sizeof(buf) - len, "-%ld", hi);
		items++;
		i = j + 1;
	}
	return fc_rstr(c, "%s", buf);
}

void fc_pgroups_emit(struct fc_rctx *c, struct fc_pgroups *gs, const char *what, const char *tail, fc_port_ev_fn *ev,
		     void *arg)
{
	size_t i;

	for (i = 0; i < gs->n; i++) {
		struct fc_pgroup *g = &gs->g[i];
		struct fc_finding *f;

		if (gs->n == 1)
			f = fc_finding_new(c, g->st, fc_rstr(c, "%s%s", c->dev->name, tail), "%s %s: %s", g->n == 1 ? "the" : fc_rstr(c, "all %zu", g->n),
					   g->n == 1 ? fc_rstr(c, "%s port %s", what, g->ports[0]->name)
						     : fc_rstr(c, "%s ports (%s)", what, ports_text(c, g->ports, g->n, 8)),
					   g->msg);
		else   /* subjects differ, so that findings sort the same way every run and a waiver can pick one */
			f = fc_finding_new(c, g->st, fc_rstr(c, "%s:%s%s", c->dev->name, g->ports[0]->name, tail),
					   "%zu of %zu %s ports (%s): %s", g->n, gs->nports, what,
					   ports_text(c, g->ports, g->n, 8), g->msg);
		if (ev)
			ev(c, f, g->ports[0], arg);
	}
}

void fc_pgroups_free(struct fc_pgroups *gs)
{
	size_t i;

	for (i = 0; i < gs->n; i++)
		free(gs->g[i].ports);
	free(gs->g);
	memset(gs, 0, sizeof(*gs));
}
