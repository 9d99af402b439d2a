/* SPDX-License-Identifier: MIT */
/* EOS: the fabric's traffic classes through every port (struct fc_hop), from the running-config.
 *   classification  trust dscp: the global `qos map dscp D to traffic-class T`; a DSCP the
 *                   configuration does not map takes EOS's default map, which the running-config
 *                   does not state (UNKNOWN: show qos maps gives it); trust cos, or none, or a
 *                   service-policy of type qos: not by the DSCP (UNKNOWN, with why)
 *   re-marking      qos rewrite dscp with `qos map traffic-class T to dscp D`
 *   no-drop         priority p of the port's no-drop priorities for traffic class p
 *   egress          `qos map traffic-class T to tx-queue Q` (identity by default); the port's (else
 *                   its profile's) tx-queue Q: strict unless it or a higher queue has `no priority`
 *                   (EOS serves strict queues above round-robin ones), bandwidth percent,
 *                   random-detect ecn thresholds in bytes (a time at the port's speed)
 *   ingress buffer  EOS sizes the PFC headroom itself from the port's speed and cable: no value in
 *                   the configuration (UNKNOWN, never guessed) */
#include <stdio.h>
#include <string.h>

#include "util/hmap.h"
#include "vendors/eos/eos.h"

static const char *headroom_why = "EOS sizes the PFC headroom itself (from the port's speed and cable length): the "
				  "running-config states no value";

static void classify(struct fc_model *m, const struct eos_state *s, const struct eos_qos *q, const struct fc_iface *ifc,
		     struct fc_hop *h, int64_t dscp)
{
	const struct fc_int *e = &s->dscp_tc[dscp];

	fc_set_unknown(&h->pcp_strict.m, "the classifier reads the DSCP, not the PCP");
	if (q->policy.m.known) {
		fc_hop_unknown(h, fc_sprintf(m->arena, "classified by service-policy %s (a policy-map of type qos), which the "
						   "EOS adapter does not model yet", q->policy.v));
		return;
	}
	if (!ifc->trust.m.known || ifc->trust.v != FC_TRUST_DSCP) {
		fc_hop_unknown(h, fc_sprintf(m->arena, "the port trusts %s, not the DSCP: RoCE's traffic class follows the frame's "
						   "priority tag", ifc->trust.m.known ? fc_trust_name(ifc->trust.v) : "nothing known"));
		if (ifc->trust.m.known)
			h->trust = ifc->trust;
		return;
	}
	fc_set_str(m, &h->classifier, "qos map dscp", e->m.known ? e->m.src : s->config);
	fc_set_bool(&h->per_port, false, e->m.known ? e->m.src : s->config);
	fc_set_trust(&h->trust, FC_TRUST_DSCP, ifc->trust.m.src);
	fc_set_str(m, &h->match, fc_sprintf(m->arena, "DSCP %lld", (long long)dscp), e->m.known ? e->m.src : s->config);
	if (!e->m.known) {
		fc_set_unknown(&h->tc.m, fc_sprintf(m->arena, "no qos map for DSCP %lld: EOS's default DSCP map applies, which "
							      "the running-config does not state (show qos maps)", (long long)dscp));
		return;
	}
	fc_set_int(&h->tc, e->v, e->m.src);
}

/* Bytes of a threshold: a time (negative µs, eos_config.c) at the port's speed. */
static void bytes_at(const struct fc_iface *ifc, const struct fc_int *in, struct fc_int *out)
{
	if (!in->m.known)
		return;
	if (in->v >= 0) {
		*out = *in;
		return;
	}
	if (!ifc->speed_mbps.m.known) {
		fc_set_unknown(&out->m, "a time threshold, and the port's speed is not known");
		return;
	}
	fc_set_int(out, -in->v * ifc->speed_mbps.v / 8, in->m.src);   /* µs x Mb/s / 8 = bytes */
}

static void egress(struct fc_model *m, const struct eos_state *s, const struct eos_qos *q, const struct fc_iface *ifc,
		   struct fc_hop *h)
{
	const struct fc_int *tq = &s->tc_queue[h->tc.v];
	int64_t qn = tq->m.known ? tq->v : h->tc.v, k;
	const struct eos_txq *x = &q->txq[qn];

	fc_set_str(m, &h->queue, fc_sprintf(m->arena, "tx-queue %lld", (long long)qn), tq->m.known ? tq->m.src : s->config);
	if (!tq->m.known)
		h->queue.m.why = "no qos map traffic-class to tx-queue: EOS's identity default";
	fc_set_bool(&h->queue_per_port, x->src.file != NULL, x->src.file ? x->src : s->config);
	/* strict unless this queue or a higher one is round robin */
	fc_set_int(&h->strict, 8 - qn, x->strict.m.known ? x->strict.m.src : s->config);
	h->strict.m.why = "EOS serves tx-queues by strict priority, highest first, unless a queue is round robin";
	for (k = qn; k < 8; k++)
		if (q->txq[k].strict.m.known && !q->txq[k].strict.v) {
			fc_set_int(&h->strict, 0, q->txq[k].strict.m.src);
			h->strict.m.why = k == qn ? NULL : fc_sprintf(m->arena, "tx-queue %lld has no priority: it and every lower "
										 "queue are round robin", (long long)k);
			break;
		}
	if (x->bw.m.known && !h->strict.v)
		fc_set_int(&h->bw_percent, x->bw.v, x->bw.m.src);
	if (!x->ecn.m.known) {
		fc_set_bool(&h->ecn, false, x->src.file ? x->src : s->config);
		h->ecn.m.why = fc_sprintf(m->arena, "no random-detect ecn on tx-queue %lld: no marking", (long long)qn);
		return;
	}
	fc_set_bool(&h->ecn, x->ecn.v, x->ecn.m.src);
	if (!x->ecn.v)
		h->ecn.m.why = "random-detect drop: WRED drops, does not mark";
	bytes_at(ifc, &x->kmin, &h->kmin);
	bytes_at(ifc, &x->kmax, &h->kmax);
	if (x->prob.m.known)
		h->prob = x->prob;
	if (x->weight.m.known)
		h->weight = x->weight;
	else {
		fc_set_int(&h->weight, 0, x->ecn.m.src);
		h->weight.m.why = "no weight: EOS marks on the instantaneous depth";
	}
	if (x->unit_note && h->kmin.m.known)
		h->kmin.m.why = x->unit_note;
}

/* The resolver's state: the device's ports by interface, and the port being resolved. */
struct walk {
	const struct eos_state *s;
	struct fc_hmap *ports;       /* struct fc_iface * -> struct eos_port * */
	struct eos_qos q;            /* the port's effective settings: its own, else its profile's */
};

static enum fc_rc qos_begin(struct fc_qos_walk *qw)
{
	const struct eos_state *s = qw->dev->adapter_state;
	void *state;
	struct walk *w;
	size_t i;
	int failed = 0;
	enum fc_rc rc = fc_qos_walk_begin(qw, s && s->have_config, sizeof(*w), &state);

	if (!(w = state))
		return rc;
	if (!(w->ports = fc_hmap_new(qw->m->arena, s->nports)))
		return FC_ERR_NOMEM;
	w->s = s;
	for (i = 0; i < s->nports && !failed; i++)
		fc_hmap_put(w->ports, &s->ports[i]->ifc, sizeof(s->ports[i]->ifc), s->ports[i], &failed);
	return failed ? FC_ERR_NOMEM : FC_OK;
}

static bool qos_port(struct fc_qos_walk *qw, const struct fc_iface *ifc)
{
	struct walk *w = qw->state;
	const struct eos_port *p = fc_hmap_get(w->ports, &ifc, sizeof(ifc));

	if (!p)
		return false;
	memset(&w->q, 0, sizeof(w->q));
	eos_effective(w->s, p, &w->q);
	return true;
}

static void qos_classify(struct fc_qos_walk *qw, const struct fc_iface *ifc, enum fc_tclass t, int64_t dscp,
			 struct fc_hop *h)
{
	struct walk *w = qw->state;

	(void)t;
	classify(qw->m, w->s, &w->q, ifc, h, dscp);
}

static void qos_resolve(struct fc_qos_walk *qw, const struct fc_iface *ifc, enum fc_tclass t, int64_t dscp,
			struct fc_hop *h)
{
	struct fc_model *m = qw->m;
	struct walk *w = qw->state;
	const struct eos_state *s = w->s;
	const struct fc_int *rw = &s->tc_dscp[h->tc.v];

	(void)t;
	if (s->rewrite_dscp.m.known && s->rewrite_dscp.v && rw->m.known)
		fc_set_int(&h->dscp_out, rw->v, rw->m.src);   /* re-marked */
	else {
		fc_set_int(&h->dscp_out, dscp, h->tc.m.src);
		h->dscp_out.m.why = "not re-marked: no qos rewrite dscp with a map for the class";
	}
	fc_set_str(m, &h->tc_name, fc_sprintf(m->arena, "traffic-class %lld", (long long)h->tc.v), h->tc.m.src);
	if (!ifc->pfc_prios.m.known)
		fc_set_unknown(&h->pfc_cos.m, fc_why(&ifc->pfc_prios.m));
	else {
		fc_set_int(&h->pfc_cos, ifc->pfc_prios.v & ((int64_t)1 << h->tc.v), ifc->pfc_prios.m.src);
		h->pfc_cos.m.why = "traffic class t is paused by priority t when t is a no-drop priority of the port";
	}
	if (ifc->mtu.m.known) {
		fc_set_int(&h->mtu, ifc->mtu.v, ifc->mtu.m.src);
		h->mtu.m.why = "EOS has no per-class MTU: the port's";
	} else
		fc_set_unknown(&h->mtu.m, fc_why(&ifc->mtu.m));
	egress(m, s, &w->q, ifc, h);
	fc_set_managed(&h->buf.size.m, headroom_why);
	fc_set_managed(&h->buf.headroom.m, headroom_why);
	fc_set_managed(&h->buf.xoff.m, headroom_why);
}

const struct fc_qos_resolver eos_qos = {
	.begin = qos_begin,
	.port = qos_port,
	.classify = qos_classify,
	.resolve = qos_resolve,
};
