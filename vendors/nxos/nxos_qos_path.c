/* SPDX-License-Identifier: MIT */
/* The resolved QoS path of every NX-OS port (struct fc_hop): the fabric's RoCE and CNP DSCP
 * followed through what applies to the port, with NX-OS's precedence:
 *   classification  the port's service-policy type qos input, else the one under system qos,
 *                   else none (everything in qos-group 0); the first class whose class-map
 *                   matches wins (match-all: every match; class-default: anything);
 *   traffic class   the network-qos policy under system qos (network-qos exists only there); its
 *                   class for the qos-group is the one whose class-map matches that qos-group,
 *                   else the system-defined c-8q-nqG / c-nqG; no policy is default-nq-policy
 *                   (every class drop, MTU 1500);
 *   egress queue    the port's service-policy type queuing output, else the system one, else
 *                   default-out-policy (no share for the queue, no marking); the class for the
 *                   qos-group as above (c-out-8q-qG / c-out-qG);
 *   ingress buffer  what show queuing interface reports for the port's qos-group, else the pause
 *                   buffer of the ingress queuing policy (the port's, else the system's; class
 *                   c-in-qG on Cloud Scale -FX2/-FX3/-GX), else the network-qos class's.
 * A value the platform supplies by default is known, sourced to the running-config, with a note
 * saying so; a name attached but not defined leaves what it would decide unknown with that
 * reason. */
#include <stdio.h>
#include <string.h>

#include "vendors/nxos/nxos.h"

struct walk {
	struct fc_model *m;
	const struct fc_device *dev;
	const struct nxos_qos *q;
	struct fc_src cfg;     /* the running-config as a whole: where platform defaults are read from */
};

/* Known value with a note on how it was decided (a platform default). */
static void note_int(struct fc_int *x, int64_t v, struct fc_src src, const char *note)
{
	fc_set_int(x, v, src);
	x->m.why = note;
}

static void note_bool(struct fc_bool *x, bool v, struct fc_src src, const char *note)
{
	fc_set_bool(x, v, src);
	x->m.why = note;
}

/* A model string already in the model's arena: no copy. */
static void put_str(struct fc_str *x, const char *v, struct fc_src src)
{
	x->v = v;
	x->m.known = true;
	x->m.src = src;
	x->m.why = NULL;
}

/* The class of policy p that takes qos-group g: the first whose class-map (of p's type) matches
 * qos-group g, else the system-defined class name for g (fmt8/fmt4 with %d, or the -default pair). */
static const struct nxos_pclass *group_class(const struct nxos_qos *q, const struct nxos_policy_map *p, int64_t g,
					   const char *pre8, const char *pre4)
{
	char n8[48], n4[48];
	size_t i;

	if (!p || g < 0 || g > 7)
		return NULL;
	for (i = 0; i < p->n; i++) {
		const struct nxos_class_map *cm = nxos_qos_find_cmap(q, p->type, p->classes[i].name);

		if (cm && (cm->qos_group >> g) & 1)
			return &p->classes[i];
	}
	if (g == 0) {
		snprintf(n8, sizeof(n8), "%s-default", pre8);
		snprintf(n4, sizeof(n4), "%s-default", pre4);
	} else {
		snprintf(n8, sizeof(n8), "%s%d", pre8, (int)g);
		snprintf(n4, sizeof(n4), "%s%d", pre4, (int)g);
	}
	for (i = 0; i < p->n; i++)
		if (!strcmp(p->classes[i].name, n8) || !strcmp(p->classes[i].name, n4))
			return &p->classes[i];
	return NULL;
}

/* Whether class-map cm takes traffic with this DSCP and priority (prio < 0: not known); *undecided
 * when it depends on what is not known (the priority, an ACL). */
static bool cmap_matches(const struct nxos_class_map *cm, int64_t dscp, int64_t prio, bool *undecided)
{
	bool by_dscp = cm->dscp != 0, by_cos = cm->cos != 0, by_acl = cm->acl != NULL;
	bool d = by_dscp && (cm->dscp >> dscp) & 1, c = by_cos && prio >= 0 && (cm->cos >> prio) & 1;

	*undecided = false;
	if ((by_cos && prio < 0) || by_acl) {
		/* match-any: a DSCP match decides alone; otherwise what is unknown decides */
		if (!cm->match_all && d)
			return true;
		*undecided = true;
		return false;
	}
	if (cm->match_all)
		return (!by_dscp || d) && (!by_cos || c) && (by_dscp || by_cos);
	return d || c;
}

static void classify(struct walk *w, const struct fc_iface *ifc, struct fc_hop *h, int64_t dscp, int64_t prio)
{
	const struct nxos_qos *q = w->q;
	const struct fc_str *name = nxos_port_of(w->dev, ifc)->qos_in.m.known ? &nxos_port_of(w->dev, ifc)->qos_in : &q->sys_qos_in;
	const struct nxos_policy_map *pm;
	bool dscp_used = false, cos_used = false, done = false;
	size_t i;

	if (!name->m.known) {
		const char *why = "no service-policy type qos input on the port or under system qos: every packet stays "
				  "in qos-group 0";

		fc_set_unknown(&h->classifier.m, "no service-policy type qos input on the port or under system qos");
		note_bool(&h->per_port, false, w->cfg, why);
		fc_set_unknown(&h->trust.m, "no classification policy applies");
		fc_set_unknown(&h->match.m, "no classification policy applies");
		note_int(&h->tc, 0, w->cfg, why);
		note_int(&h->dscp_out, dscp, w->cfg, "not re-marked: no classification policy applies");
		return;
	}
	put_str(&h->classifier, name->v, name->m.src);
	fc_set_bool(&h->per_port, name == &nxos_port_of(w->dev, ifc)->qos_in, name->m.src);
	if (!(pm = nxos_qos_find_pmap(q, NXOS_Q_QOS, name->v))) {
		char buf[400];
		const char *why;

		snprintf(buf, sizeof(buf), "type qos policy-map %s is attached but not defined", name->v);
		why = fc_model_str(w->m, buf);
		fc_set_unknown(&h->trust.m, why);
		fc_set_unknown(&h->match.m, why);
		fc_set_unknown(&h->tc.m, why);
		fc_set_unknown(&h->dscp_out.m, why);
		return;
	}
	for (i = 0; i < pm->n; i++) {
		const struct nxos_pclass *pc = &pm->classes[i];
		const struct nxos_class_map *cm = nxos_qos_find_cmap(q, NXOS_Q_QOS, pc->name);
		bool undecided = false, hit;

		if (cm) {
			dscp_used |= cm->dscp != 0;
			cos_used |= cm->cos != 0;
		}
		if (done)
			continue;
		if (!strcmp(pc->name, "class-default")) {
			hit = true;
		} else if (!cm) {
			char buf[400];

			snprintf(buf, sizeof(buf), "class %s of %s has no class-map type qos defined", pc->name, pm->name);
			fc_set_unknown(&h->match.m, fc_model_str(w->m, buf));
			fc_set_unknown(&h->tc.m, h->match.m.why);
			fc_set_unknown(&h->dscp_out.m, h->match.m.why);
			done = true;
			continue;
		} else {
			hit = cmap_matches(cm, dscp, prio, &undecided);
		}
		if (undecided) {
			char buf[400];

			snprintf(buf, sizeof(buf), "class %s of %s matches by %s, which fabcheck cannot evaluate here",
				 pc->name, pm->name, cm->acl ? "access-group" : "CoS, and the traffic's priority is not declared");
			fc_set_unknown(&h->match.m, fc_model_str(w->m, buf));
			fc_set_unknown(&h->tc.m, h->match.m.why);
			fc_set_unknown(&h->dscp_out.m, h->match.m.why);
			done = true;
			continue;
		}
		if (!hit)
			continue;
		put_str(&h->match, pc->name, pc->src);
		if (pc->set_qos_group.m.known)
			h->tc = pc->set_qos_group;
		else
			note_int(&h->tc, 0, pc->src, "the class sets no qos-group: qos-group 0");
		if (pc->set_dscp.m.known)
			h->dscp_out = pc->set_dscp;
		else
			note_int(&h->dscp_out, dscp, pc->src, "not re-marked");
		done = true;
	}
	if (!done) {
		put_str(&h->match, "class-default", pm->src);
		note_int(&h->tc, 0, pm->src, "no class matches: class-default, qos-group 0");
		note_int(&h->dscp_out, dscp, pm->src, "not re-marked");
	}
	if (dscp_used || cos_used)
		fc_set_trust(&h->trust, dscp_used && !cos_used ? FC_TRUST_DSCP : !dscp_used ? FC_TRUST_PCP : FC_TRUST_DSCP_PCP,
			     pm->src);
	else
		fc_set_unknown(&h->trust.m, "the type qos policy matches neither dscp nor cos");
}

/* Where a frame tagged with each priority goes under the port's classifier: the first class that
 * matches the CoS and sets a qos-group; strict when that group's egress class has a priority. */
static void pcp_strict(struct walk *w, const struct fc_iface *ifc, struct fc_hop *h)
{
	const struct nxos_qos *q = w->q;
	const struct fc_str *in = nxos_port_of(w->dev, ifc)->qos_in.m.known ? &nxos_port_of(w->dev, ifc)->qos_in : &q->sys_qos_in;
	const struct fc_str *out = nxos_port_of(w->dev, ifc)->queuing_out.m.known ? &nxos_port_of(w->dev, ifc)->queuing_out : &q->sys_queuing_out;
	const struct nxos_policy_map *pm = in->m.known ? nxos_qos_find_pmap(q, NXOS_Q_QOS, in->v) : NULL;
	const struct nxos_policy_map *om = out->m.known ? nxos_qos_find_pmap(q, NXOS_Q_QUEUING, out->v) : NULL;
	bool by_cos = false;
	int64_t mask = 0;
	size_t i;
	int p;

	for (p = 0; p < FC_PRIO_COUNT; p++)
		for (i = 0; pm && i < pm->n; i++) {
			const struct nxos_class_map *cm = nxos_qos_find_cmap(q, NXOS_Q_QOS, pm->classes[i].name);
			const struct nxos_pclass *oq;

			if (!cm || !cm->cos)
				continue;
			by_cos = true;
			if (!((cm->cos >> p) & 1) || !pm->classes[i].set_qos_group.m.known)
				continue;
			oq = group_class(q, om, pm->classes[i].set_qos_group.v, "c-out-8q-q", "c-out-q");
			if (oq && oq->priority_level.m.known)
				mask |= INT64_C(1) << p;
			break;
		}
	if (by_cos)
		fc_set_int(&h->pcp_strict, mask, pm->src);
	else
		fc_set_unknown(&h->pcp_strict.m, pm ? "the classifier does not read the PCP" : "no classifier reads the PCP");
}

static void traffic_class(struct walk *w, struct fc_hop *h)
{
	const struct nxos_qos *q = w->q;
	const struct nxos_policy_map *nq;
	const struct nxos_pclass *pc;
	int64_t g = h->tc.v;

	if (!h->tc.m.known) {
		fc_set_unknown(&h->tc_name.m, fc_why(&h->tc.m));
		fc_set_unknown(&h->pfc_cos.m, fc_why(&h->tc.m));
		fc_set_unknown(&h->mtu.m, fc_why(&h->tc.m));
		return;
	}
	if (!q->sys_nq.m.known) {
		fc_set_unknown(&h->tc_name.m, "no service-policy type network-qos under system qos");
		note_int(&h->pfc_cos, 0, w->cfg, "no network-qos policy under system qos: default-nq-policy, every class drop");
		note_int(&h->mtu, 1500, w->cfg, "no network-qos policy under system qos: default-nq-policy, MTU 1500");
		return;
	}
	if (!(nq = nxos_qos_find_pmap(q, NXOS_Q_NQ, q->sys_nq.v))) {
		char buf[400];

		snprintf(buf, sizeof(buf), "network-qos policy-map %s is attached under system qos but not defined",
			 q->sys_nq.v);
		fc_set_unknown(&h->tc_name.m, fc_model_str(w->m, buf));
		fc_set_unknown(&h->pfc_cos.m, h->tc_name.m.why);
		fc_set_unknown(&h->mtu.m, h->tc_name.m.why);
		return;
	}
	if (!(pc = group_class(q, nq, g, "c-8q-nq", "c-nq"))) {
		fc_set_unknown(&h->tc_name.m, "the network-qos policy has no class for the qos-group");
		note_int(&h->pfc_cos, 0, nq->src, "the network-qos policy has no class for the qos-group: drop");
		note_int(&h->mtu, 1500, nq->src, "the network-qos policy has no class for the qos-group: MTU 1500");
		return;
	}
	put_str(&h->tc_name, pc->name, pc->src);
	if (pc->pause_cos.m.known)
		h->pfc_cos = pc->pause_cos;
	else
		note_int(&h->pfc_cos, 0, pc->src, "the class has no pause pfc-cos: drop");
	if (pc->mtu.m.known)
		h->mtu = pc->mtu;
	else
		note_int(&h->mtu, 1500, pc->src, "the class sets no mtu: 1500");
}

static void egress(struct walk *w, const struct fc_iface *ifc, struct fc_hop *h)
{
	const struct nxos_qos *q = w->q;
	const struct fc_str *name = nxos_port_of(w->dev, ifc)->queuing_out.m.known ? &nxos_port_of(w->dev, ifc)->queuing_out : &q->sys_queuing_out;
	const struct nxos_policy_map *pm;
	const struct nxos_pclass *pc;
	char buf[400];

	if (!h->tc.m.known) {
		struct fc_meta *ms[] = { &h->queue.m, &h->queue_per_port.m, &h->strict.m, &h->bw_percent.m, &h->ecn.m,
					 &h->kmin.m, &h->kmax.m, &h->prob.m, &h->weight.m };
		size_t i;

		for (i = 0; i < sizeof(ms) / sizeof(ms[0]); i++)
			fc_set_unknown(ms[i], fc_why(&h->tc.m));
		return;
	}
	if (!name->m.known) {
		const char *why = "no service-policy type queuing output on the port or under system qos: "
				  "default-out-policy, no share and no marking for the queue";

		fc_set_unknown(&h->queue.m, "no queuing output policy on the port or under system qos");
		note_bool(&h->queue_per_port, false, w->cfg, why);
		note_int(&h->strict, 0, w->cfg, why);
		note_int(&h->bw_percent, 0, w->cfg, why);
		note_bool(&h->ecn, false, w->cfg, why);
		fc_set_unknown(&h->kmin.m, why);
		fc_set_unknown(&h->kmax.m, why);
		fc_set_unknown(&h->prob.m, why);
		fc_set_unknown(&h->weight.m, why);
		return;
	}
	fc_set_bool(&h->queue_per_port, name == &nxos_port_of(w->dev, ifc)->queuing_out, name->m.src);
	pm = nxos_qos_find_pmap(q, NXOS_Q_QUEUING, name->v);
	pc = group_class(q, pm, h->tc.v, "c-out-8q-q", "c-out-q");
	if (!pm || !pc) {
		if (!pm)
			snprintf(buf, sizeof(buf), "queuing policy-map %s is attached but not defined", name->v);
		else
			snprintf(buf, sizeof(buf), "queuing policy %s has no class for qos-group %lld", pm->name,
				 (long long)h->tc.v);
		fc_set_unknown(&h->queue.m, fc_model_str(w->m, buf));
		fc_set_unknown(&h->bw_percent.m, h->queue.m.why);
		if (pm) {   /* a class the policy leaves out keeps the default: weighted, no marking */
			const char *why;

			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), ": default scheduling, weighted, no marking");
			why = fc_model_str(w->m, buf);

			note_int(&h->strict, 0, pm->src, why);
			note_bool(&h->ecn, false, pm->src, why);
		} else {
			fc_set_unknown(&h->strict.m, h->queue.m.why);
			fc_set_unknown(&h->ecn.m, h->queue.m.why);
		}
		fc_set_unknown(&h->kmin.m, h->queue.m.why);
		fc_set_unknown(&h->kmax.m, h->queue.m.why);
		fc_set_unknown(&h->prob.m, h->queue.m.why);
		fc_set_unknown(&h->weight.m, h->queue.m.why);
		return;
	}
	put_str(&h->queue, pc->name, pc->src);
	if (pc->priority_level.m.known)
		h->strict = pc->priority_level;
	else
		note_int(&h->strict, 0, pc->src, "no priority: weighted");
	if (pc->bw_remaining.m.known)
		h->bw_percent = pc->bw_remaining;
	else
		fc_set_unknown(&h->bw_percent.m, pc->priority_level.m.known ? "strict priority: no share"
									     : "the class sets no bandwidth");
	if (pc->wred_ecn.m.known)
		h->ecn = pc->wred_ecn;
	else
		note_bool(&h->ecn, false, pc->src, "no random-detect ... ecn on the queue");
	h->kmin = pc->wred_min;
	h->kmax = pc->wred_max;
	h->prob = pc->wred_prob;
	h->weight = pc->wred_weight;
	if (!pc->wred_min.m.known)
		fc_set_unknown(&h->kmin.m, "no random-detect thresholds on the queue");
	if (!pc->wred_max.m.known)
		fc_set_unknown(&h->kmax.m, "no random-detect thresholds on the queue");
	if (!pc->wred_prob.m.known)
		fc_set_unknown(&h->prob.m, "no drop-probability on the queue");
	if (!pc->wred_weight.m.known)
		fc_set_unknown(&h->weight.m, "no weight on the queue");
}

/* managed: the switch's own default buffer, which no configuration states: the same on every such
 * port, so said once per device (fc_set_managed) */
static void buf_unknown(struct fc_hop *h, const char *why, bool managed)
{
	(managed ? fc_set_managed : fc_set_unknown)(&h->buf.size.m, why);
	(managed ? fc_set_managed : fc_set_unknown)(&h->buf.xoff.m, why);
	fc_set_unknown(&h->buf.xon.m, why);
	fc_set_unknown(&h->buf_per_port.m, why);
	fc_set_unknown(&h->buf_dynamic.m, why);
}

static void ingress(struct walk *w, const struct fc_iface *ifc, struct fc_hop *h)
{
	const struct nxos_qos *q = w->q;
	const struct fc_str *name = nxos_port_of(w->dev, ifc)->queuing_in.m.known ? &nxos_port_of(w->dev, ifc)->queuing_in : &q->sys_queuing_in;
	const struct nxos_policy_map *pm = name->m.known ? nxos_qos_find_pmap(q, NXOS_Q_QUEUING, name->v) : NULL;
	const struct nxos_pclass *pc, *nqc = NULL;
	int64_t g = h->tc.v;
	char buf[400];

	if (!h->tc.m.known) {
		buf_unknown(h, fc_why(&h->tc.m), false);
		return;
	}
	if (g >= 0 && g < FC_PRIO_COUNT && fc_iface_pg(ifc, (int)g, &h->buf)->size.m.known) {   /* show queuing interface: operational */
		/* the port's own policy when it has an ingress queuing policy, else the system's */
		fc_set_bool(&h->buf_per_port, nxos_port_of(w->dev, ifc)->queuing_in.m.known, h->buf.size.m.src);
		fc_set_bool(&h->buf_dynamic, false, h->buf.size.m.src);   /* bytes the switch reports */
		return;
	}
	if (name->m.known && !pm) {   /* what the missing policy would set is not known: no fallback */
		snprintf(buf, sizeof(buf), "ingress queuing policy-map %s is attached but not defined", name->v);
		buf_unknown(h, fc_model_str(w->m, buf), false);
		return;
	}
	pc = group_class(q, pm, g, "c-in-q", "c-in-q");
	if (pc && pc->pg.size.m.known) {
		h->buf = pc->pg;
		fc_set_bool(&h->buf_per_port, name == &nxos_port_of(w->dev, ifc)->queuing_in, name->m.src);
		fc_set_bool(&h->buf_dynamic, false, pc->pg.size.m.src);   /* pause-threshold in bytes */
		return;
	}
	if (h->tc_name.m.known && q->sys_nq.m.known)
		nqc = group_class(q, nxos_qos_find_pmap(q, NXOS_Q_NQ, q->sys_nq.v), g, "c-8q-nq", "c-nq");
	if (nqc && nqc->pg.size.m.known) {
		h->buf = nqc->pg;
		fc_set_bool(&h->buf_per_port, false, q->sys_nq.m.src);
		fc_set_bool(&h->buf_dynamic, false, nqc->pg.size.m.src);
		return;
	}
	buf_unknown(h, "no pause buffer-size in the ingress queuing or network-qos class and no show queuing interface: "
		       "the platform's default buffer, not modelled", true);
}

static const struct nxos_qos no_qos;

static enum fc_rc qos_begin(struct fc_qos_walk *qw)
{
	struct walk *w = fc_alloc(qw->m->arena, sizeof(*w));

	if (!w)
		return FC_ERR_NOMEM;
	w->m = qw->m;
	w->dev = qw->dev;
	w->q = qw->dev->adapter_state ? &((struct nxos_state *)qw->dev->adapter_state)->qos : &no_qos;
	w->cfg = qw->dev->config_m.src;
	qw->state = w;
	if (!qw->dev->config_m.known)
		qw->unavailable = "no running-config was parsed for the switch";
	return FC_OK;
}

static bool qos_port(struct fc_qos_walk *qw, const struct fc_iface *ifc)
{
	(void)qw;
	return !strncmp(ifc->name, "Ethernet", 8);
}

static void qos_classify(struct fc_qos_walk *qw, const struct fc_iface *ifc, enum fc_tclass t, int64_t dscp,
			 struct fc_hop *h)
{
	const struct fc_intent *in = &qw->m->intent;

	classify(qw->state, ifc, h, dscp, t == FC_TC_ROCE && in->roce_prio.m.known ? in->roce_prio.v : -1);
	pcp_strict(qw->state, ifc, h);
}

static void qos_resolve(struct fc_qos_walk *qw, const struct fc_iface *ifc, enum fc_tclass t, int64_t dscp,
			struct fc_hop *h)
{
	(void)t, (void)dscp;
	traffic_class(qw->state, h);
	egress(qw->state, ifc, h);
	ingress(qw->state, ifc, h);
}

/* A no-drop port on the default buffer: NX-OS sizes it for links up to 100 m, and Cisco asks for an
 * explicit pause buffer-size beyond that (HR-CABLE-LEN compares). */
static void qos_port_done(struct fc_qos_walk *qw, struct fc_iface *ifc)
{
	const struct fc_intent *in = &qw->m->intent;
	const struct walk *w = qw->state;

	if (in->roce_prio.m.known && ifc->pfc_prios.m.known && (ifc->pfc_prios.v >> in->roce_prio.v) & 1 &&
	    ifc->hops[FC_TC_ROCE].tc.m.known && !ifc->hops[FC_TC_ROCE].buf.size.m.known && !ifc->cable_model_m.m.known)
		note_int(&ifc->cable_model_m, 100, w->cfg, "the platform's default pause buffer, sized for links up to 100 m");
}

const struct fc_qos_resolver nxos_qos = {
	.begin = qos_begin,
	.port = qos_port,
	.classify = qos_classify,
	.resolve = qos_resolve,
	.port_done = qos_port_done,
};
