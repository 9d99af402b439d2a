/* SPDX-License-Identifier: MIT */
/* Switch QoS on the resolved path (struct fc_hop), rule catalog §3. Per switch port RoCE crosses:
 *   PFC-NODROP-CLASS  (formerly PFC-NOQOS-NXOS) the lossless class is complete and applied: RoCE's
 *                     DSCP is classified (by the port's own policy or a system-wide one) into a
 *                     traffic class that is no-drop for the RoCE priority, whose MTU carries the
 *                     fabric's frames, and that leaves by a queue with a share;
 *   PFC-DSCP-MAP      the RoCE DSCP reaches a no-drop class and the CNP DSCP a strict-priority
 *                     queue, unchanged (no re-marking), on every switch port; on every host that
 *                     classifies by DSCP, the RoCE DSCP maps to the RoCE priority.
 * Ports with the same verdict are one finding that names them. */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

enum hop_field { HF_CLASSIFIER, HF_TC, HF_REMARK, HF_NODROP, HF_MTU, HF_QUEUE, HF_COUNT };

static void hop_field_ev(struct fc_rctx *c, struct fc_finding *f, const struct fc_hop *h, const char *end,
			 enum fc_tclass t, enum hop_field k)
{
	switch (k) {
	case HF_CLASSIFIER:
		if (h->classifier.m.known)
			fc_ev(c, f, end, h->per_port.v ? "classifier (the port's own)" : "classifier (system-wide)",
			      &h->classifier.m.src, "%s", h->classifier.v);
		else
			fc_ev_unknown(c, f, end, "classifier", &h->classifier.m);
		break;
	case HF_TC:
		if (h->tc.m.known)
			fc_ev(c, f, end, fc_rstr(c, "%s traffic class", fc_tclass_name(t)), &h->tc.m.src, "%lld%s%s%s",
			      (long long)h->tc.v, h->match.m.known ? fc_rstr(c, " (class %s)", h->match.v) : "",
			      h->tc.m.why ? ": " : "", h->tc.m.why ? h->tc.m.why : "");
		else
			fc_ev_unknown(c, f, end, fc_rstr(c, "%s traffic class", fc_tclass_name(t)), &h->tc.m);
		break;
	case HF_REMARK:
		if (h->dscp_out.m.known && !h->dscp_out.m.why)
			fc_ev(c, f, end, "re-marked to DSCP", &h->dscp_out.m.src, "%lld", (long long)h->dscp_out.v);
		break;
	case HF_NODROP:
		if (h->pfc_cos.m.known)
			fc_ev(c, f, end, "no-drop priorities of the class", &h->pfc_cos.m.src, "%s: 0x%02llx%s%s",
			      h->tc_name.m.known ? h->tc_name.v : "default", (long long)h->pfc_cos.v,
			      h->pfc_cos.m.why ? ", " : "", h->pfc_cos.m.why ? h->pfc_cos.m.why : "");
		else
			fc_ev_unknown(c, f, end, "no-drop priorities of the class", &h->pfc_cos.m);
		break;
	case HF_MTU:
		if (h->mtu.m.known)
			fc_ev(c, f, end, "class MTU", &h->mtu.m.src, "%lld%s%s", (long long)h->mtu.v,
			      h->mtu.m.why ? ", " : "", h->mtu.m.why ? h->mtu.m.why : "");
		break;
	case HF_QUEUE: {
		/* a queue the pause does not stop, or a lossy queue buffer, is the line to change */
		bool bad_pause = h->queue.m.known && h->pause_queue.m.known && strcmp(h->pause_queue.v, h->queue.v);
		bool bad_buf = h->queue_lossless.m.known && !h->queue_lossless.v;

		if (bad_pause)
			fc_ev(c, f, end, "queue a pause stops", &h->pause_queue.m.src, "%s", h->pause_queue.v);
		if (bad_buf)
			fc_ev(c, f, end, "queue buffer", &h->queue_lossless.m.src, "lossy%s%s",
			      h->queue_lossless.m.why ? ": " : "", h->queue_lossless.m.why ? h->queue_lossless.m.why : "");
		if (h->queue.m.known)
			fc_ev(c, f, end, h->queue_per_port.v ? "egress queue (the port's own policy)" : "egress queue",
			      &h->queue.m.src, "%s, %s", h->queue.v,
			      h->strict.m.known && h->strict.v ? fc_rstr(c, "strict priority level %lld", (long long)h->strict.v)
			      : h->bw_percent.m.known ? fc_rstr(c, "weighted, %lld%%", (long long)h->bw_percent.v) : "weighted");
		else
			fc_ev_unknown(c, f, end, "egress queue", &h->queue.m);
		if (h->pause_queue.m.known && !bad_pause)
			fc_ev(c, f, end, "queue a pause stops", &h->pause_queue.m.src, "%s", h->pause_queue.v);
		if (h->queue_lossless.m.known && !bad_buf)
			fc_ev(c, f, end, "queue buffer", &h->queue_lossless.m.src, "lossless%s%s",
			      h->queue_lossless.m.why ? ": " : "", h->queue_lossless.m.why ? h->queue_lossless.m.why : "");
		break;
	}
	case HF_COUNT:
		break;
	}
}

/* The hop's path as evidence lines: classifier, class, traffic class, no-drop class, queue. Where
 * the path is wrong, the value that makes it wrong comes first, so that a report's location (SARIF
 * points at the first evidence with a file) is the line to change: a re-marking; RoCE put in a
 * traffic class other than its priority's that is not no-drop (the DSCP map); its own class not
 * no-drop (the PFC setting); CNP in a weighted queue (the scheduler). */
void fc_hop_ev(struct fc_rctx *c, struct fc_finding *f, const struct fc_iface *ifc, enum fc_tclass t)
{
	const struct fc_hop *h = fc_hop_of(ifc, t);
	const struct fc_intent *in = &c->m->intent;
	const char *end = fc_rstr(c, "%s:%s", c->dev ? c->dev->name : ifc->dev->name, ifc->name);
	enum hop_field lead = HF_COUNT, k;

	if (!h)
		return;
	if (h->dscp_out.m.known && !h->dscp_out.m.why)
		lead = HF_REMARK;
	else if (t == FC_TC_ROCE && h->tc.m.known && h->pfc_cos.m.known && in->roce_prio.m.known &&
		 !((h->pfc_cos.v >> in->roce_prio.v) & 1))
		lead = h->tc.v != in->roce_prio.v ? HF_TC : HF_NODROP;
	else if (t == FC_TC_CNP && h->strict.m.known && !h->strict.v)
		lead = HF_QUEUE;
	else if (t == FC_TC_ROCE && h->queue.m.known &&
		 ((h->pause_queue.m.known && strcmp(h->pause_queue.v, h->queue.v)) ||
		  (h->queue_lossless.m.known && !h->queue_lossless.v)))
		lead = HF_QUEUE;
	if (lead != HF_COUNT)
		hop_field_ev(c, f, h, end, t, lead);
	for (k = HF_CLASSIFIER; k < HF_COUNT; k++)
		if (k != lead)
			hop_field_ev(c, f, h, end, t, k);
}

/* --- PFC-NODROP-CLASS (formerly PFC-NOQOS-NXOS) ---------------------------------------------- */

static const struct fc_rule_param noqos_params[] = {
	{ "l2_overhead", FC_PARAM_INT, "18",
	  "bytes the class MTU must exceed the fabric's IP MTU by: Ethernet header 14 + 802.1Q tag 4 [B]", .min = 0, .max = 64 },
	{ .key = NULL },
};

/* The verdict on one RoCE port; the message is the same for every port with the same path. */
static enum fc_status nodrop_port(struct fc_rctx *c, const struct fc_iface *ifc, int64_t need, const char **msg)
{
	const struct fc_intent *in = &c->m->intent;
	const struct fc_hop *h = fc_hop_of(ifc, FC_TC_ROCE);
	long long prio = (long long)in->roce_prio.v, dscp = (long long)in->roce_dscp.v;
	const char *via;

	if (!h)
		return *msg = "no QoS path resolved for the port", FC_UNKNOWN;
	via = h->classifier.m.known ? fc_rstr(c, "%s %s", h->per_port.v ? "the port's policy" : "system policy",
					      h->classifier.v) : NULL;
	if (!h->tc.m.known)
		return *msg = fc_rstr(c, "RoCE's traffic class is not known: %s", fc_why(&h->tc.m)), FC_UNKNOWN;
	if (!h->classifier.m.known)
		return *msg = fc_rstr(c, "RoCE is never classified (%s): it rides traffic class %lld, the default",
				      fc_why(&h->classifier.m), (long long)h->tc.v), FC_FAIL;
	if (!h->pfc_cos.m.known)
		return *msg = fc_rstr(c, "whether RoCE's traffic class %lld is no-drop is not known: %s", (long long)h->tc.v,
				      fc_why(&h->pfc_cos.m)), FC_UNKNOWN;
	if (!((h->pfc_cos.v >> prio) & 1))
		return *msg = fc_rstr(c, "%s puts RoCE DSCP %lld in traffic class %lld, which is not no-drop for priority "
					 "%lld (%s): RoCE is lossy here", via, dscp, (long long)h->tc.v, prio,
				      h->pfc_cos.m.why ? h->pfc_cos.m.why
						       : fc_rstr(c, "class %s pauses 0x%02llx", h->tc_name.v,
								 (long long)h->pfc_cos.v)), FC_FAIL;
	if (!h->mtu.m.known)
		return *msg = fc_rstr(c, "the MTU of RoCE's class is not known: %s", fc_why(&h->mtu.m)), FC_UNKNOWN;
	if (h->mtu.m.why && need >= 0 && h->mtu.v < need)
		return *msg = fc_rstr(c, "class %s sets no MTU (%s): it drops the %lld-byte RoCE frames",
				      h->tc_name.m.known ? h->tc_name.v : "of RoCE", h->mtu.m.why, (long long)need), FC_FAIL;
	if (need >= 0 && h->mtu.v < need)
		return *msg = fc_rstr(c, "class %s has MTU %lld, below the %lld bytes RoCE frames need", h->tc_name.v,
				      (long long)h->mtu.v, (long long)need), FC_FAIL;
	if (!h->queue.m.known && h->bw_percent.m.known && h->bw_percent.v == 0)
		return *msg = fc_rstr(c, "%s", h->bw_percent.m.why ? h->bw_percent.m.why : "RoCE's queue gets no share"),
		       FC_FAIL;
	if (!h->queue.m.known)
		return *msg = fc_rstr(c, "RoCE's egress queue is not known: %s", fc_why(&h->queue.m)), FC_UNKNOWN;
	/* the pause must stop the queue RoCE leaves by, and that queue must not drop when full */
	if (h->pause_queue.m.known && strcmp(h->pause_queue.v, h->queue.v))
		return *msg = fc_rstr(c, "a pause for priority %lld stops queue %s, but RoCE leaves by queue %s: the peer's "
					 "pause does not stop RoCE, which the peer then drops", (long long)h->tc.v,
				      h->pause_queue.v, h->queue.v), FC_FAIL;
	if (h->queue_lossless.m.known && !h->queue_lossless.v)
		return *msg = fc_rstr(c, "RoCE's egress queue %s has a lossy buffer (%s): it drops when its share is full "
					 "instead of holding the traffic the pause keeps back", h->queue.v,
				      h->queue_lossless.m.why ? h->queue_lossless.m.why : "lossy pool"), FC_FAIL;
	/* a configuration that maps the priority's pause to RoCE's queue itself (checked above) keeps the
	 * pause and the queue one whatever the numbers */
	if (h->tc.v != prio && !h->pause_queue.m.known)
		return *msg = fc_rstr(c, "RoCE rides traffic class %lld with no-drop priority %lld: keep the two equal, so "
					 "that the pause and the queue RoCE uses stay one", (long long)h->tc.v, prio),
		       FC_WARN;
	*msg = fc_rstr(c, "RoCE DSCP %lld -> %s class %s -> traffic class %lld -> no-drop class %s (MTU %lld) -> queue %s: "
			  "complete and applied", dscp, via, h->match.v, (long long)h->tc.v,
		       h->tc_name.m.known ? h->tc_name.v : "?", (long long)h->mtu.v, h->queue.v);
	return FC_PASS;
}

static void nodrop_ev(struct fc_rctx *c, struct fc_finding *f, const struct fc_iface *ifc, void *arg)
{
	(void)arg;
	fc_hop_ev(c, f, ifc, FC_TC_ROCE);
}

/* Whether the rule can judge the device: a switch with a resolved path and a declared RoCE class. */
bool fc_sw_qos_ready(struct fc_rctx *c, const char *subj)
{
	const struct fc_device *d = c->dev;
	const struct fc_intent *in = &c->m->intent;

	if (d->kind != FC_DEV_SWITCH)
		return false;
	if (!fc_has_qos_path(d)) {   /* the adapter provides one (the engine checked): no data to resolve it from */
		fc_finding_new(c, FC_UNKNOWN, subj, "no QoS path for %s: the device has no usable data (%s)", d->name,
			       fc_devstatus_name(d->status));
		return false;
	}
	if (!in->roce_dscp.m.known || !in->roce_prio.m.known) {
		fc_finding_new(c, FC_UNKNOWN, subj, "the fabric's RoCE DSCP and priority are not declared (inventory "
						   "fabric.roce.dscp, fabric.roce.priority)");
		return false;
	}
	return true;
}

static void noqos_run(struct fc_rctx *c)
{
	const struct fc_device *d = c->dev;
	const struct fc_intent *in = &c->m->intent;
	struct fc_pgroups gs = { 0 };
	int64_t over, need;
	size_t i;
	bool set;

	if (!fc_sw_qos_ready(c, d->name))
		return;
	over = fc_param_int(c, "l2_overhead", &set);
	need = in->mtu.m.known ? in->mtu.v + over : -1;   /* no fabric MTU: the class MTU is not compared */
	for (i = 0; i < d->nifaces; i++) {
		const char *msg;
		enum fc_status st;

		if (!fc_sw_roce_port(c->m, d->ifaces[i]))
			continue;
		st = nodrop_port(c, d->ifaces[i], need, &msg);
		fc_pgroups_add(c, &gs, d->ifaces[i], st, msg);
	}
	if (!gs.nports)
		fc_finding_new(c, FC_UNKNOWN, d->name, "no port of %s carries RoCE: none is cabled, has PFC on priority "
						       "%lld or a QoS policy of its own", d->name, (long long)in->roce_prio.v);
	fc_pgroups_emit(c, &gs, "RoCE", "", nodrop_ev, NULL);
	fc_pgroups_free(&gs);
}

const struct fc_rule fc_rule_pfc_noqos = {
	.id = "PFC-NODROP-CLASS",
	.aspect = FC_ASPECT_PFC,
	.alias = "PFC-NOQOS-NXOS",
	.severity = FC_SEV_CRITICAL,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "switch, per RoCE port (cabled, PFC on the RoCE priority, or a policy of its own), its RoCE hop: "
		  "classifier, traffic class, the class's no-drop priorities (pfc_cos) and mtu, the egress queue; "
		  "intent: RoCE DSCP, priority, MTU",
	.reads_switch = FC_CAP_QOS_PATH | FC_CAP_PFC | FC_CAP_MTU | FC_CAP_LINK,
	.reads_host = 0,
	.params = noqos_params,
	.needs_switch = FC_CAP_QOS_PATH,
	.run = noqos_run,
};

/* --- PFC-DSCP-MAP ------------------------------------------------------------------------------------ */

static enum fc_status dscp_port(struct fc_rctx *c, const struct fc_iface *ifc, enum fc_tclass t, bool no_drop,
				const char **msg)
{
	const struct fc_intent *in = &c->m->intent;
	const struct fc_hop *h = fc_hop_of(ifc, t);
	const char *what = fc_tclass_name(t);

	if (!h)
		return *msg = "no QoS path resolved for the port", FC_UNKNOWN;
	if (!h->tc.m.known)
		return *msg = fc_rstr(c, "%s's traffic class is not known: %s", what, fc_why(&h->tc.m)), FC_UNKNOWN;
	if (!h->classifier.m.known || !h->match.m.known || (h->tc.m.why && h->tc.v == 0))
		return *msg = fc_rstr(c, "%s is classified into no traffic class (%s): it rides the default queue%s", what,
				      h->tc.m.why ? h->tc.m.why : fc_why(&h->classifier.m),
				      t == FC_TC_CNP ? ", behind the data it should slow down" : ", which is drop"), FC_FAIL;
	if (!h->dscp_out.m.known)
		return *msg = fc_rstr(c, "whether %s is re-marked is not known: %s", what, fc_why(&h->dscp_out.m)), FC_UNKNOWN;
	if (!h->dscp_out.m.why)   /* re-marked by the class */
		return *msg = fc_rstr(c, "class %s re-marks %s to DSCP %lld: the next hop and the receiving NIC classify it "
					 "elsewhere", h->match.v, what, (long long)h->dscp_out.v), FC_FAIL;
	if (t == FC_TC_ROCE && no_drop) {
		if (!h->pfc_cos.m.known)
			return *msg = fc_rstr(c, "whether RoCE's class is no-drop is not known: %s", fc_why(&h->pfc_cos.m)),
			       FC_UNKNOWN;
		if (!((h->pfc_cos.v >> in->roce_prio.v) & 1))
			return *msg = fc_rstr(c, "RoCE lands in traffic class %lld, which is not no-drop for priority %lld: "
						 "RoCE is lossy here", (long long)h->tc.v, (long long)in->roce_prio.v),
			       FC_FAIL;
	}
	if (t == FC_TC_CNP) {
		if (!h->strict.m.known)
			return *msg = fc_rstr(c, "whether CNP's queue is strict priority is not known: %s", fc_why(&h->strict.m)),
			       FC_UNKNOWN;
		if (!h->strict.v)
			return *msg = fc_rstr(c, "CNP lands in traffic class %lld, whose egress queue %s is not strict priority: "
						 "congestion notifications wait behind bulk traffic", (long long)h->tc.v,
					      h->queue.m.known ? h->queue.v : "(default)"), FC_FAIL;
		return *msg = fc_rstr(c, "CNP -> traffic class %lld, strict priority level %lld", (long long)h->tc.v,
				      (long long)h->strict.v), FC_PASS;
	}
	return *msg = fc_rstr(c, "RoCE -> traffic class %lld%s", (long long)h->tc.v,
			      no_drop ? fc_rstr(c, ", no-drop for priority %lld", (long long)in->roce_prio.v)
				      : " (no-drop not required by the design)"), FC_PASS;
}

static void dscp_ev(struct fc_rctx *c, struct fc_finding *f, const struct fc_iface *ifc, void *arg)
{
	fc_hop_ev(c, f, ifc, *(const enum fc_tclass *)arg);
}

static void dscp_switch(struct fc_rctx *c, enum fc_tclass t)
{
	const struct fc_device *d = c->dev;
	const struct fc_intent *in = &c->m->intent;
	const struct fc_int *dscp = t == FC_TC_CNP ? &in->cnp_dscp : &in->roce_dscp;
	const char *tail;
	struct fc_pgroups gs = { 0 };
	bool set, no_drop = fc_param_int(c, "require_no_drop", &set) != 0;
	size_t i;

	if (!dscp->m.known) {
		fc_finding_new(c, FC_UNKNOWN, fc_rstr(c, "%s %s", d->name, fc_tclass_name(t)),
			       "the fabric's %s DSCP is not declared (inventory fabric.roce)", fc_tclass_name(t));
		return;
	}
	tail = fc_rstr(c, " %s DSCP %lld", fc_tclass_name(t), (long long)dscp->v);
	for (i = 0; i < d->nifaces; i++) {
		const char *msg;
		enum fc_status st;

		if (!fc_sw_roce_port(c->m, d->ifaces[i]))
			continue;
		st = dscp_port(c, d->ifaces[i], t, no_drop, &msg);
		fc_pgroups_add(c, &gs, d->ifaces[i], st, msg);
	}
	if (!gs.nports)
		fc_finding_new(c, FC_UNKNOWN, fc_rstr(c, "%s%s", d->name, tail), "no port of %s carries RoCE: none is cabled, "
										  "has PFC on the RoCE priority or a QoS "
										  "policy of its own", d->name);
	fc_pgroups_emit(c, &gs, fc_tclass_name(t), tail, dscp_ev, &t);
	fc_pgroups_free(&gs);
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
	if (ifc->trust.m.known && ifc->trust.v != FC_TRUST_DSCP)
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
	if (c->dev->kind == FC_DEV_SWITCH) {
		if (!fc_sw_qos_ready(c, c->dev->name))
			return;
		dscp_switch(c, FC_TC_ROCE);
		dscp_switch(c, FC_TC_CNP);
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
	.aspect = FC_ASPECT_TRUST,
	.severity = FC_SEV_CRITICAL,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "switch, per RoCE port, its RoCE and CNP hops: traffic class, dscp_out, the class's no-drop "
		  "priorities, the queue's strict priority; host NIC: trust and dscp_map; intent: RoCE DSCP, CNP "
		  "DSCP, priority",
	.reads_switch = FC_CAP_QOS_PATH | FC_CAP_PFC | FC_CAP_LINK,
	.reads_host = FC_CAP_CLASSIFY | FC_CAP_RDMA,
	.params = dscp_params,
	.needs_switch = FC_CAP_QOS_PATH,
	.run = dscp_run,
};
