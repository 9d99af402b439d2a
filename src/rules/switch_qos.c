/* SPDX-License-Identifier: MIT */
/* NX-OS system QoS, rule catalog §3:
 *   PFC-NOQOS-NXOS  the lossless class is complete and applied: a network-qos policy under system
 *                   qos with a no-drop class for the RoCE CoS and a jumbo MTU, a type qos input
 *                   policy (system or on every PFC port) that puts the RoCE DSCP in that class's
 *                   qos-group, and a queuing output policy under system qos;
 *   PFC-DSCP-MAP    the RoCE DSCP reaches a no-drop class and the CNP DSCP a strict-priority
 *                   queue, unchanged (no set dscp re-marking either), on every switch; on every
 *                   host that classifies by DSCP, the RoCE DSCP maps to the RoCE priority. A switch
 *                   that classifies per port (no system type qos policy) is judged by its first
 *                   PFC port's policy; PFC-NOQOS-NXOS checks every PFC port has one.
 * fc_sw_follow_dscp(), shared with ECN-SW-QUEUE and PFC-EVERY-HOP, follows one DSCP through the
 * system policies. */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

/* The class of p called PREFIX-8qN-style for qos-group g: 8-queue name first, then 4-queue. */
static const struct fc_pclass *group_class(const struct fc_policy_map *p, const char *pre8, const char *pre4, int64_t g)
{
	char n8[40], n4[40];
	size_t i;

	if (!p)
		return NULL;
	if (g == 0) {
		snprintf(n8, sizeof(n8), "%s-default", pre8);
		snprintf(n4, sizeof(n4), "%s-default", pre4);
	} else {
		snprintf(n8, sizeof(n8), "%s%lld", pre8, (long long)g);
		snprintf(n4, sizeof(n4), "%s%lld", pre4, (long long)g);
	}
	for (i = 0; i < p->n; i++)
		if (!strcmp(p->classes[i].name, n8) || !strcmp(p->classes[i].name, n4))
			return &p->classes[i];
	return NULL;
}

const struct fc_pclass *fc_sw_queue_class(const struct fc_policy_map *p, int64_t group)
{
	return group < 0 ? NULL : group_class(p, "c-out-8q-q", "c-out-q", group);
}

void fc_sw_follow_dscp(const struct fc_qos *q, const struct fc_str *qos_in, int64_t dscp, struct fc_sw_class *out)
{
	size_t i;

	memset(out, 0, sizeof(*out));
	out->group = -1;
	out->qos = fc_qos_find_pmap(q, FC_Q_QOS, qos_in->m.known ? qos_in->v : NULL);
	out->nq = fc_qos_find_pmap(q, FC_Q_NQ, q->sys_nq.m.known ? q->sys_nq.v : NULL);
	out->queuing = fc_qos_find_pmap(q, FC_Q_QUEUING, q->sys_queuing_out.m.known ? q->sys_queuing_out.v : NULL);
	for (i = 0; out->qos && dscp >= 0 && dscp < 64 && i < out->qos->n && out->group < 0; i++) {
		const struct fc_class_map *cm = fc_qos_find_cmap(q, FC_Q_QOS, out->qos->classes[i].name);

		if (cm && (cm->dscp >> dscp) & 1) {
			out->in = &out->qos->classes[i];
			if (out->in->set_qos_group.m.known)
				out->group = out->in->set_qos_group.v;
			else
				break;   /* matched, but left in the default group: first match wins */
		}
	}
	if (out->group < 0)
		return;
	out->nqc = group_class(out->nq, "c-8q-nq", "c-nq", out->group);
	out->outq = group_class(out->queuing, "c-out-8q-q", "c-out-q", out->group);
}

bool fc_sw_is_nxos(const struct fc_device *d)
{
	return d->kind == FC_DEV_SWITCH && d->platform && !strcmp(d->platform, "nxos");
}

/* --- PFC-NOQOS-NXOS -------------------------------------------------------------------------------- */

static const struct fc_rule_param noqos_params[] = {
	{ "l2_overhead", FC_PARAM_INT, "18",
	  "bytes the class MTU must exceed the fabric's IP MTU by: Ethernet header 14 + 802.1Q tag 4 [B]", .min = 0, .max = 64 },
	{ .key = NULL },
};

/* With no type qos input policy under system qos: counts the PFC ports (mode on) without one of their
 * own (*first: the first of them) and returns the policy name of the first PFC port that has one. */
static const struct fc_str *port_classification(const struct fc_device *d, const struct fc_iface **first,
						size_t *nbare)
{
	const struct fc_str *name = NULL;
	size_t i;

	*nbare = 0;
	for (i = 0; i < d->nifaces; i++) {
		const struct fc_iface *ifc = d->ifaces[i];

		if (!ifc->pfc_mode.m.known || strcmp(ifc->pfc_mode.v, "on"))
			continue;
		if (ifc->qos_in.m.known && !name)
			name = &ifc->qos_in;
		else if (!ifc->qos_in.m.known && !(*nbare)++)
			*first = ifc;
	}
	return name;
}

static void noqos_run(struct fc_rctx *c)
{
	const struct fc_device *d = c->dev;
	const struct fc_qos *q = &d->qos;
	const struct fc_intent *in = &c->m->intent;
	struct fc_sw_class k;
	struct fc_finding *f;
	const struct fc_iface *bare = NULL;
	const struct fc_str *qname = &q->sys_qos_in;
	const char *bad = NULL;
	int64_t over, need;
	size_t nbare = 0;
	bool set;

	if (!fc_sw_is_nxos(d))
		return;
	if (!d->config_m.known) {
		f = fc_finding_new(c, FC_UNKNOWN, d->name, "no running-config was parsed for %s", d->name);
		fc_ev_unknown(c, f, d->name, "running-config", &d->config_m);
		return;
	}
	if (!in->roce_dscp.m.known || !in->roce_prio.m.known) {
		fc_finding_new(c, FC_UNKNOWN, d->name, "the fabric's RoCE DSCP and priority are not declared (inventory "
						       "fabric.roce.dscp, fabric.roce.priority)");
		return;
	}
	if (!q->sys_qos_in.m.known)
		qname = port_classification(d, &bare, &nbare);
	fc_sw_follow_dscp(q, qname ? qname : &q->sys_qos_in, in->roce_dscp.v, &k);
	over = fc_param_int(c, "l2_overhead", &set);
	need = in->mtu.m.known ? in->mtu.v + over : -1;   /* no fabric MTU: the class MTU is not compared */
	if (!k.nq)
		bad = q->sys_nq.m.known ? fc_rstr(c, "network-qos policy %s is attached under system qos but not defined",
						  q->sys_nq.v)
					: "no type network-qos policy under system qos: every class is drop";
	else if (nbare)
		bad = fc_rstr(c, "no type qos input policy under system qos, and %zu PFC port(s) have none (first %s): "
				 "RoCE is not classified there and rides the default, drop class", nbare, bare->name);
	else if (!qname)
		bad = "no type qos input policy under system qos or on any PFC port: RoCE is never classified";
	else if (!k.qos)
		bad = fc_rstr(c, "type qos policy %s is attached but not defined", qname->v);
	if (!bad && k.group < 0)
		bad = fc_rstr(c, "policy %s puts RoCE DSCP %lld in no qos-group", k.qos->name, (long long)in->roce_dscp.v);
	if (!bad && !k.nqc)
		bad = fc_rstr(c, "network-qos policy %s has no class for qos-group %lld (c-8q-nq%lld)", k.nq->name,
			      (long long)k.group, (long long)k.group);
	if (!bad && k.nqc && (!k.nqc->pause_cos.m.known || !((k.nqc->pause_cos.v >> in->roce_prio.v) & 1)))
		bad = fc_rstr(c, "class %s of %s has no pause pfc-cos %lld: the RoCE class is not no-drop", k.nqc->name,
			      k.nq->name, (long long)in->roce_prio.v);
	if (!bad && k.nqc && !k.nqc->mtu.m.known)
		bad = fc_rstr(c, "class %s of %s sets no mtu: the class keeps the 1500-byte default and drops jumbo "
				 "RoCE frames", k.nqc->name, k.nq->name);
	if (!bad && k.nqc && need >= 0 && k.nqc->mtu.v < need)
		bad = fc_rstr(c, "class %s of %s has mtu %lld, below the %lld bytes RoCE frames need", k.nqc->name,
			      k.nq->name, (long long)k.nqc->mtu.v, (long long)need);
	if (!bad && !k.queuing)
		bad = q->sys_queuing_out.m.known
			      ? fc_rstr(c, "queuing policy %s is attached under system qos but not defined",
					q->sys_queuing_out.v)
			      : "no type queuing output policy under system qos: the RoCE queue gets no bandwidth share";
	if (bad)
		f = fc_finding_new(c, FC_FAIL, d->name, "%s", bad);
	else if (k.group != in->roce_prio.v)
		f = fc_finding_new(c, FC_WARN, d->name, "RoCE rides qos-group %lld with no-drop CoS %lld: Cisco recommends "
							"the same value for both", (long long)k.group, (long long)in->roce_prio.v);
	else
		f = fc_finding_new(c, FC_PASS, d->name, "RoCE DSCP %lld -> qos-group %lld -> no-drop class %s (mtu %lld), "
							"queuing %s: complete and applied%s",
				   (long long)in->roce_dscp.v, (long long)k.group, k.nqc->name, (long long)k.nqc->mtu.v,
				   k.queuing->name, q->sys_qos_in.m.known ? "" : " (classified per port)");
	if (need < 0)
		fc_ev_unknown(c, f, "intent", "fabric MTU (class MTU not compared)", &in->mtu.m);
	if (k.nq)
		fc_ev(c, f, d->name, "system network-qos", &q->sys_nq.m.src, "%s", k.nq->name);
	else
		fc_ev_unknown(c, f, d->name, "system network-qos", &q->sys_nq.m);
	if (qname && qname->m.known)
		fc_ev(c, f, d->name, q->sys_qos_in.m.known ? "system qos input" : "port qos input", &qname->m.src, "%s",
		      qname->v);
	if (k.in)
		fc_ev(c, f, d->name, "RoCE class", &k.in->src, "%s -> qos-group %s", k.in->name,
		      k.group >= 0 ? fc_rstr(c, "%lld", (long long)k.group) : "none");
	if (k.nqc)
		fc_ev(c, f, d->name, "no-drop class", &k.nqc->src, "%s pfc-cos %s mtu %s", k.nqc->name,
		      k.nqc->pause_cos.m.known ? fc_rstr(c, "0x%02llx", (long long)k.nqc->pause_cos.v) : "none",
		      k.nqc->mtu.m.known ? fc_rstr(c, "%lld", (long long)k.nqc->mtu.v) : "1500 (default)");
	if (q->sys_queuing_out.m.known)
		fc_ev(c, f, d->name, "system queuing output", &q->sys_queuing_out.m.src, "%s", q->sys_queuing_out.v);
	if (bare)
		fc_ev(c, f, d->name, fc_rstr(c, "%s PFC mode", bare->name), &bare->pfc_mode.m.src, "on, no service-policy "
											    "type qos input");
}

const struct fc_rule fc_rule_pfc_noqos = {
	.id = "PFC-NOQOS-NXOS",
	.title = "NX-OS system QoS: the RoCE no-drop class is complete and applied",
	.severity = FC_SEV_CRITICAL,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "switch (NX-OS): running-config class-maps, policy-maps (qos, network-qos, queuing), system qos, "
		  "interface service-policy and priority-flow-control mode; intent: RoCE DSCP, priority, MTU",
	.params = noqos_params,
	.run = noqos_run,
};

/* --- PFC-DSCP-MAP ------------------------------------------------------------------------------------ */

static void dscp_switch(struct fc_rctx *c, bool cnp)
{
	const struct fc_device *d = c->dev;
	const struct fc_intent *in = &c->m->intent;
	const struct fc_int *dscp = cnp ? &in->cnp_dscp : &in->roce_dscp;
	const char *what = cnp ? "CNP" : "RoCE";
	const struct fc_str *qname = &d->qos.sys_qos_in;
	const char *subj;
	struct fc_sw_class k;
	struct fc_finding *f;
	bool set, no_drop = fc_param_int(c, "require_no_drop", &set) != 0;

	if (!dscp->m.known || (!cnp && !in->roce_prio.m.known)) {
		fc_finding_new(c, FC_UNKNOWN, fc_rstr(c, "%s %s", d->name, what),
			       "the fabric's %s DSCP%s is not declared (inventory fabric.roce)", what,
			       cnp ? "" : " or priority");
		return;
	}
	subj = fc_rstr(c, "%s %s DSCP %lld", d->name, what, (long long)dscp->v);
	if (!qname->m.known) {   /* classified per port: follow the first PFC port's policy */
		const struct fc_iface *bare = NULL;
		size_t nbare;
		const struct fc_str *pq = port_classification(d, &bare, &nbare);

		if (pq)
			qname = pq;
	}
	fc_sw_follow_dscp(&d->qos, qname, dscp->v, &k);
	if (!k.qos) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "no type qos input policy under system qos or on a PFC port to "
							"follow the DSCP through");
		fc_ev_unknown(c, f, d->name, "system qos input", &d->qos.sys_qos_in.m);
		return;
	}
	if (k.group < 0)
		f = fc_finding_new(c, FC_FAIL, subj, "policy %s classifies %s DSCP %lld into no qos-group: it rides the "
						     "default queue%s", k.qos->name, what, (long long)dscp->v,
				   cnp ? ", behind the data it should slow down" : ", which is drop");
	else if (k.in->set_dscp.m.known && k.in->set_dscp.v != dscp->v)
		f = fc_finding_new(c, FC_FAIL, subj, "class %s re-marks %s DSCP %lld to %lld: the next hop and the "
						     "receiving NIC classify it elsewhere", k.in->name, what,
				   (long long)dscp->v, (long long)k.in->set_dscp.v);
	else if (!cnp && no_drop && (!k.nqc || !k.nqc->pause_cos.m.known || !((k.nqc->pause_cos.v >> in->roce_prio.v) & 1)))
		f = fc_finding_new(c, FC_FAIL, subj, "RoCE DSCP %lld lands in qos-group %lld, which is not no-drop for CoS "
						     "%lld in %s: RoCE is lossy on this switch",
				   (long long)dscp->v, (long long)k.group, (long long)in->roce_prio.v,
				   k.nq ? k.nq->name : "(no network-qos policy)");
	else if (cnp && (!k.outq || !k.outq->priority_level.m.known))
		f = fc_finding_new(c, FC_FAIL, subj, "CNP DSCP %lld lands in qos-group %lld, whose egress queue is not strict "
						     "priority in %s: congestion notifications wait behind bulk traffic",
				   (long long)dscp->v, (long long)k.group, k.queuing ? k.queuing->name : "(no queuing policy)");
	else if (!cnp)
		f = fc_finding_new(c, FC_PASS, subj, "RoCE DSCP %lld -> qos-group %lld%s", (long long)dscp->v,
				   (long long)k.group, no_drop ? fc_rstr(c, ", no-drop for CoS %lld", (long long)in->roce_prio.v)
							: " (no-drop not required by the design)");
	else
		f = fc_finding_new(c, FC_PASS, subj, "CNP DSCP %lld -> qos-group %lld, strict priority level %lld",
				   (long long)dscp->v, (long long)k.group, (long long)k.outq->priority_level.v);
	fc_ev(c, f, d->name, qname == &d->qos.sys_qos_in ? "system qos input" : "port qos input", &qname->m.src, "%s",
	      k.qos->name);
	if (k.in)
		fc_ev(c, f, d->name, "class", &k.in->src, "%s: qos-group %s, set dscp %s", k.in->name,
		      k.group >= 0 ? fc_rstr(c, "%lld", (long long)k.group) : "none",
		      k.in->set_dscp.m.known ? fc_rstr(c, "%lld", (long long)k.in->set_dscp.v) : "unchanged");
	if (!cnp && k.nqc)
		fc_ev(c, f, d->name, "network-qos class", &k.nqc->src, "%s pfc-cos %s", k.nqc->name,
		      k.nqc->pause_cos.m.known ? fc_rstr(c, "0x%02llx", (long long)k.nqc->pause_cos.v) : "none");
	if (cnp && k.outq)
		fc_ev(c, f, d->name, "queuing class", &k.outq->src, "%s%s", k.outq->name,
		      k.outq->priority_level.m.known ? " priority" : " weighted");
}

static void dscp_host_iface(struct fc_rctx *c, const struct fc_iface *ifc, const struct fc_rdma_dev *rd,
			    const struct fc_rdma_port *p)
{
	const struct fc_intent *in = &c->m->intent;
	const char *subj = fc_rstr(c, "%s:%s", c->dev->name, ifc->name);
	const struct fc_dscp_map *dm = &ifc->dscp_map;
	struct fc_finding *f;
	int d;

	(void)rd, (void)p;
	if (!in->roce_dscp.m.known || !in->roce_prio.m.known) {
		fc_finding_new(c, FC_UNKNOWN, subj, "the fabric's RoCE DSCP or priority is not declared (inventory "
						    "fabric.roce)");
		return;
	}
	d = (int)in->roce_dscp.v;
	if (ifc->trust.m.known && strcmp(ifc->trust.v, "dscp"))
		return;   /* PCP classification: PFC-TRUST judges it */
	if (!dm->m.known) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the NIC's DSCP-to-priority map is not known");
		fc_ev_unknown(c, f, subj, "dscp2prio", &dm->m);
		return;
	}
	if (!((dm->has >> d) & 1))
		f = fc_finding_new(c, FC_FAIL, subj, "the NIC maps no priority for RoCE DSCP %d: its RoCE traffic leaves on "
						     "priority 0, which is not paused", d);
	else if (dm->prio[d] != in->roce_prio.v)
		f = fc_finding_new(c, FC_FAIL, subj, "the NIC maps RoCE DSCP %d to priority %d, not the RoCE priority %lld",
				   d, dm->prio[d], (long long)in->roce_prio.v);
	else
		f = fc_finding_new(c, FC_PASS, subj, "the NIC maps RoCE DSCP %d to priority %d", d, dm->prio[d]);
	fc_ev(c, f, subj, "dscp2prio", &dm->m.src, "%d -> %s", d,
	      (dm->has >> d) & 1 ? fc_rstr(c, "%d", dm->prio[d]) : "none");
}

static void dscp_run(struct fc_rctx *c)
{
	if (fc_sw_is_nxos(c->dev)) {
		if (!c->dev->config_m.known) {
			struct fc_finding *f = fc_finding_new(c, FC_UNKNOWN, c->dev->name,
							      "no running-config was parsed for %s", c->dev->name);

			fc_ev_unknown(c, f, c->dev->name, "running-config", &c->dev->config_m);
			return;
		}
		dscp_switch(c, false);
		dscp_switch(c, true);
	} else if (c->dev->kind == FC_DEV_HOST) {
		fc_per_roce_iface(c, dscp_host_iface);
	}
}

static const struct fc_rule_param dscp_params[] = {
	{ "require_no_drop", FC_PARAM_INT, "1", "1: the RoCE DSCP's class must be no-drop on the RoCE CoS (0 in lossy_ecn) [P]", .min = 0, .max = 1 },
	{ .key = NULL },
};

const struct fc_rule fc_rule_pfc_dscp_map = {
	.id = "PFC-DSCP-MAP",
	.title = "RoCE DSCP reaches a no-drop class and CNP DSCP a strict queue, unre-marked, on every hop",
	.severity = FC_SEV_CRITICAL,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "switch (NX-OS): system type qos input (match dscp, set qos-group, set dscp), network-qos pause "
		  "pfc-cos, queuing priority level; host: DCB APP DSCP table or mlnx_qos dscp2prio; intent: RoCE DSCP, "
		  "CNP DSCP, priority",
	.params = dscp_params,
	.run = dscp_run,
};
