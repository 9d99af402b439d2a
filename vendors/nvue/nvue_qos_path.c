/* SPDX-License-Identifier: MIT */
/* NVUE: the fabric's traffic classes through every port (struct fc_hop), from the port's effective
 * QoS (nvue_effective: the RoCE mode's defaults under the default-global and the port's profiles).
 *   classification  trust l3 or both: the DSCP to switch priority map of the qos mapping profile
 *                   (NVUE's default map, DSCP d to d / 8, where it sets none); trust l2 or port:
 *                   not by the DSCP (UNKNOWN, with why); switch priority to traffic class by qos
 *                   egress-queue-mapping (the mode's default)
 *   re-marking      qos remark rewrite l3|both with a DSCP for the switch priority
 *   no-drop         the PFC profile's switch priorities; the packet's own switch priority counts
 *   egress          traffic class T: its egress-scheduler mode and share, its congestion-control
 *                   ECN thresholds in bytes; a pause for the switch priority stops the traffic class
 *                   the priority maps to; the queue is lossless where its switch priority is in
 *                   the lossless pool
 *   ingress buffer  Spectrum sizes the headroom from the PFC cable length: no byte value in the
 *                   configuration (managed; HR-CABLE-LEN judges the cable length) */
#include <stdio.h>
#include <string.h>

#include "vendors/nvue/nvue.h"

static const char *headroom_why = "Spectrum sizes the PFC headroom itself from the port's speed and the PFC profile's "
				  "cable length: the configuration states no byte value";

struct walk {
	const struct nvue_state *s;
	struct nvue_eff e;
	int64_t sp;                   /* the switch priority the class's packet takes */
};

static enum fc_rc qos_begin(struct fc_qos_walk *qw)
{
	const struct nvue_state *s = qw->dev->adapter_state;
	void *state;
	enum fc_rc rc = fc_qos_walk_begin(qw, s && s->have_config, sizeof(struct walk), &state);

	if (state)
		((struct walk *)state)->s = s;
	return rc;
}

static bool qos_port(struct fc_qos_walk *qw, const struct fc_iface *ifc)
{
	struct walk *w = qw->state;
	const struct nvue_port *p = nvue_port_find(w->s, ifc);

	if (!p || !p->data)
		return false;
	nvue_effective(qw->m, w->s, p, true, &w->e);
	return true;
}

static const char *mapping_name(const struct walk *w)
{
	const struct nvue_profile *pr = w->e.prof[NP_MAPPING];

	return pr ? pr->name : NVUE_GLOBAL;
}

static void qos_classify(struct fc_qos_walk *qw, const struct fc_iface *ifc, enum fc_tclass t, int64_t dscp,
			 struct fc_hop *h)
{
	struct fc_model *m = qw->m;
	struct walk *w = qw->state;
	const struct nvue_eff *e = &w->e;
	const struct fc_int *sp = &e->dscp_sp[dscp];
	const struct fc_int *tc;
	int64_t strict = 0;
	int p;

	(void)t, (void)ifc;
	if (strcmp(e->trust.v, "l3") && strcmp(e->trust.v, "both")) {
		fc_hop_unknown(h, fc_sprintf(m->arena, "qos mapping %s trusts %s, not the DSCP: RoCE's traffic class follows "
							 "the %s", mapping_name(w), e->trust.v,
					     !strcmp(e->trust.v, "l2") ? "frame's priority tag" : "port's default switch "
													"priority"));
		fc_set_trust(&h->trust, !strcmp(e->trust.v, "l2") ? FC_TRUST_PCP : FC_TRUST_NONE, e->trust.m.src);
		return;
	}
	fc_set_str(m, &h->classifier, fc_sprintf(m->arena, "qos mapping %s", mapping_name(w)), sp->m.src);
	fc_set_bool(&h->per_port, e->own[NP_MAPPING], e->prof[NP_MAPPING] ? e->prof[NP_MAPPING]->src : e->mode_src);
	fc_set_trust(&h->trust, FC_TRUST_DSCP, e->trust.m.src);
	h->trust.m.why = e->trust.m.why;
	fc_set_str(m, &h->match, fc_sprintf(m->arena, "DSCP %lld -> switch-priority %lld", (long long)dscp,
					    (long long)sp->v), sp->m.src);
	h->match.m.why = sp->m.why;
	w->sp = sp->v;
	tc = &e->sp_tc[sp->v];
	h->tc = *tc;
	if (tc->m.why && !sp->m.why)
		h->tc.m.src = sp->m.src;   /* the explicit DSCP map chose the class through a default queue map */
	/* a frame tagged with priority p (trust both: a non-IP frame) goes by its switch priority */
	if (!strcmp(e->trust.v, "both")) {
		for (p = 0; p < 8; p++) {
			const struct fc_int *x = &e->sp_tc[e->pcp_sp[p].v];

			if (e->sched[x->v].strict.v)
				strict |= (int64_t)1 << p;
		}
		fc_set_int(&h->pcp_strict, strict, e->trust.m.src);
	} else
		fc_set_unknown(&h->pcp_strict.m, "trust l3: the classifier reads the DSCP, not the PCP");
}

static void qos_resolve(struct fc_qos_walk *qw, const struct fc_iface *ifc, enum fc_tclass t, int64_t dscp,
			struct fc_hop *h)
{
	struct fc_model *m = qw->m;
	struct walk *w = qw->state;
	const struct nvue_eff *e = &w->e;
	int64_t tc = h->tc.v, sp = w->sp;
	const struct nvue_cc_tc *cc = &e->cc[tc];
	const struct nvue_sched_tc *sc = &e->sched[tc];
	const struct fc_int *rw = &e->sp_dscp[sp];
	int k, roce_tc;

	if (e->rewrite.m.known && strcmp(e->rewrite.v, "l2") && rw->m.known)
		fc_set_int(&h->dscp_out, rw->v, rw->m.src);
	else {
		fc_set_int(&h->dscp_out, dscp, h->tc.m.src);
		h->dscp_out.m.why = "not re-marked: no qos remark rewrite l3 with a DSCP for the switch priority";
	}
	fc_set_str(m, &h->tc_name, fc_sprintf(m->arena, "switch-priority %lld", (long long)sp), h->match.m.src);
	if (!ifc->pfc_prios.m.known)
		fc_set_unknown(&h->pfc_cos.m, fc_why(&ifc->pfc_prios.m));
	else {
		fc_set_int(&h->pfc_cos, ifc->pfc_prios.v & ((int64_t)1 << sp), ifc->pfc_prios.m.src);
		h->pfc_cos.m.why = "the packet's switch priority is paused when it is a PFC switch priority of the port";
	}
	if (ifc->mtu.m.known) {
		fc_set_int(&h->mtu, ifc->mtu.v, ifc->mtu.m.src);
		h->mtu.m.why = "NVUE has no per-class MTU: the port's";
	} else
		fc_set_unknown(&h->mtu.m, fc_why(&ifc->mtu.m));
	/* egress */
	fc_set_str(m, &h->queue, fc_sprintf(m->arena, "traffic-class %lld", (long long)tc), h->tc.m.src);
	fc_set_bool(&h->queue_per_port, e->own[NP_SCHED] || e->own[NP_CC], sc->src);
	fc_set_int(&h->strict, 0, sc->strict.m.src);
	h->strict.m.why = sc->strict.m.why;
	if (sc->strict.v) {
		/* strict classes are served highest traffic class first */
		int level = 1;

		for (k = 7; k > tc; k--)
			level += e->sched[k].strict.v;
		fc_set_int(&h->strict, level, sc->strict.m.src);
		h->strict.m.why = sc->strict.m.why;
	} else if (sc->bw.m.known)
		h->bw_percent = sc->bw;
	else
		fc_set_unknown(&h->bw_percent.m, "no bw-percent for the traffic class");
	h->ecn = cc->ecn;
	if (cc->ecn.v) {
		if (cc->kmin.m.known)
			h->kmin = cc->kmin;
		else
			fc_set_unknown(&h->kmin.m, "ECN enabled without a min-threshold");
		if (cc->kmax.m.known)
			h->kmax = cc->kmax;
		else
			fc_set_unknown(&h->kmax.m, "ECN enabled without a max-threshold");
		if (cc->prob.m.known)
			h->prob = cc->prob;
		else
			fc_set_unknown(&h->prob.m, "ECN enabled without a probability");
		fc_set_int(&h->weight, 0, cc->ecn.m.src);
		h->weight.m.why = "Spectrum marks on the instantaneous queue depth";
	}
	/* a pause for the RoCE priority stops the traffic class that priority maps to */
	roce_tc = m->intent.roce_prio.m.known ? (int)e->sp_tc[m->intent.roce_prio.v & 7].v : (int)tc;
	if (t == FC_TC_ROCE && m->intent.roce_prio.m.known) {
		fc_set_str(m, &h->pause_queue, fc_sprintf(m->arena, "traffic-class %d", roce_tc),
			   e->sp_tc[m->intent.roce_prio.v & 7].m.src);
		h->pause_queue.m.why = "a PFC frame for a switch priority stops the traffic class it maps to";
	}
	fc_set_bool(&h->queue_lossless, (e->lossless.v >> sp) & 1, e->lossless.m.src);
	h->queue_lossless.m.why = e->lossless.m.why;
	fc_set_managed(&h->buf.size.m, headroom_why);
	fc_set_managed(&h->buf.headroom.m, headroom_why);
	fc_set_managed(&h->buf.xoff.m, headroom_why);
}

const struct fc_qos_resolver nvue_qos = {
	.begin = qos_begin,
	.port = qos_port,
	.classify = qos_classify,
	.resolve = qos_resolve,
};
