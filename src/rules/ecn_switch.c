/* SPDX-License-Identifier: MIT */
/* ECN-SW-QUEUE (rule catalog §5): on each NX-OS switch, the egress queue that carries the RoCE
 * DSCP marks ECN. The RoCE DSCP is followed through the system type qos policy (class-map match
 * dscp -> set qos-group N) to the system queuing output policy's class for that group
 * (c-out-8q-qN, or c-out-qN on 4-queue platforms); its random-detect must end in "ecn", with
 * Kmin not above Kmax (equal is step marking, DCTCP-style, as Microsoft's Azure Local reference
 * ToR sets 300 KB = 300 KB) and weight 0 (instantaneous depth, as Cisco's AI/ML blueprint sets
 * it); Kmin and Kmax inside the band published profiles use (5 KB .. 5 MB, policy values); and no port overrides
 * the system queuing with a policy whose RoCE queue does not mark. */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

/* The first port whose own queuing output policy (overriding the system one) does not mark ECN on
 * the RoCE group's queue; NULL when none. *pm is its policy (NULL when not defined). */
static const struct fc_iface *override_without_ecn(const struct fc_device *d, int64_t group,
						   const struct fc_policy_map **pm)
{
	const struct fc_qos *q = &d->qos;
	size_t i;

	for (i = 0; i < d->nifaces; i++) {
		const struct fc_iface *ifc = d->ifaces[i];
		const struct fc_pclass *k;

		if (!ifc->queuing_out.m.known ||
		    (q->sys_queuing_out.m.known && !strcmp(ifc->queuing_out.v, q->sys_queuing_out.v)))
			continue;
		*pm = fc_qos_find_pmap(q, FC_Q_QUEUING, ifc->queuing_out.v);
		k = fc_sw_queue_class(*pm, group);
		if (!k || !k->wred_ecn.m.known || !k->wred_ecn.v)
			return ifc;
	}
	return NULL;
}

static void ecn_sw_run(struct fc_rctx *c)
{
	const struct fc_device *d = c->dev;
	const struct fc_qos *q = &d->qos;
	const struct fc_intent *in = &c->m->intent;
	const struct fc_policy_map *qp, *out;
	const struct fc_pclass *k, *rc;
	struct fc_sw_class r;
	struct fc_finding *f;
	int64_t group;
	char want8[32];
	bool set;

	if (d->kind != FC_DEV_SWITCH)
		return;
	if (!in->roce_dscp.m.known) {
		fc_finding_new(c, FC_UNKNOWN, d->name, "the fabric's RoCE DSCP is not declared (inventory fabric.roce.dscp)");
		return;
	}
	fc_sw_follow_dscp(q, &q->sys_qos_in, in->roce_dscp.v, &r);
	qp = r.qos, out = r.queuing;
	if (!qp || !out) {
		f = fc_finding_new(c, FC_UNKNOWN, d->name, "no %s under system qos in the collected configuration",
				   !qp ? "type qos input policy" : "type queuing output policy");
		fc_ev_unknown(c, f, d->name, !qp ? "system qos input" : "system queuing output",
			      !qp ? &q->sys_qos_in.m : &q->sys_queuing_out.m);
		return;
	}
	group = r.group, rc = r.in, k = r.outq;
	if (group < 0) {
		f = fc_finding_new(c, FC_FAIL, d->name, "policy %s puts DSCP %lld in no qos-group: RoCE stays in the default "
							"queue, which marks nothing",
				   qp->name, (long long)in->roce_dscp.v);
		fc_ev(c, f, d->name, "system qos input", &qp->src, "%s", qp->name);
		return;
	}
	snprintf(want8, sizeof(want8), "c-out-8q-q%lld", (long long)group);
	if (!k || (!k->wred_min.m.known && !k->wred_ecn.m.known))
		f = fc_finding_new(c, FC_FAIL, d->name, "queue %s (qos-group %lld, RoCE DSCP %lld) has no random-detect ... ecn "
							"in %s: switches never mark, DCQCN never slows senders",
				   want8, (long long)group, (long long)in->roce_dscp.v, out->name);
	else if (!k->wred_ecn.m.known || !k->wred_ecn.v)
		f = fc_finding_new(c, FC_FAIL, d->name, "queue %s runs WRED without ecn: it drops RoCE packets instead of "
							"marking them", k->name);
	else if (k->wred_min.m.known && k->wred_max.m.known && k->wred_min.v > k->wred_max.v)
		f = fc_finding_new(c, FC_FAIL, d->name, "queue %s marks from %lld to %lld bytes: the minimum threshold must not "
							"be above the maximum", k->name, (long long)k->wred_min.v,
				   (long long)k->wred_max.v);
	else if (k->wred_min.m.known && k->wred_max.m.known &&
		 ((double)k->wred_min.v < fc_param_dbl(c, "min_kmin_bytes", &set) ||
		  (double)k->wred_max.v > fc_param_dbl(c, "max_kmax_bytes", &set)))
		f = fc_finding_new(c, FC_WARN, d->name, "queue %s marks from %lld to %lld bytes, outside the %.0f..%.0f band "
							"published profiles stay in: marking too early wastes throughput, too late "
							"leaves congestion to PFC", k->name, (long long)k->wred_min.v,
				   (long long)k->wred_max.v, fc_param_dbl(c, "min_kmin_bytes", &set),
				   fc_param_dbl(c, "max_kmax_bytes", &set));
	else if (k->wred_weight.m.known && k->wred_weight.v != 0)
		f = fc_finding_new(c, FC_WARN, d->name, "queue %s marks on an averaged depth (weight %lld): weight 0 reacts "
							"to the instantaneous queue", k->name, (long long)k->wred_weight.v);
	else if (k->wred_min.m.known && k->wred_max.m.known && k->wred_min.v == k->wred_max.v)
		f = fc_finding_new(c, FC_PASS, d->name, "queue %s marks ECN for RoCE DSCP %lld (qos-group %lld) as a step at "
							"%lld bytes (Kmin = Kmax, DCTCP-style)", k->name,
				   (long long)in->roce_dscp.v, (long long)group, (long long)k->wred_min.v);
	else
		f = fc_finding_new(c, FC_PASS, d->name, "queue %s marks ECN for RoCE DSCP %lld (qos-group %lld)", k->name,
				   (long long)in->roce_dscp.v, (long long)group);
	if (f && f->status != FC_FAIL) {
		const struct fc_policy_map *pm = NULL;
		const struct fc_iface *o = override_without_ecn(d, group, &pm);

		if (o) {
			f->status = FC_FAIL;
			fc_finding_set_message(c, f, "%s overrides the system queuing with %s%s, whose queue for qos-group %lld "
						     "does not mark ECN: RoCE leaving that port is never marked",
					       o->name, o->queuing_out.v, pm ? "" : " (not defined)", (long long)group);
			fc_ev(c, f, fc_rstr(c, "%s:%s", d->name, o->name), "queuing output", &o->queuing_out.m.src, "%s",
			      o->queuing_out.v);
		}
	}
	fc_ev(c, f, d->name, "RoCE DSCP -> qos-group", &rc->src, "%lld -> %lld (%s %s)", (long long)in->roce_dscp.v,
	      (long long)group, qp->name, rc->name);
	if (k && k->wred_min.m.known && k->wred_max.m.known)
		fc_ev(c, f, d->name, "random-detect", &k->wred_min.m.src, "%lld..%lld bytes, weight %s, %s",
		      (long long)k->wred_min.v, (long long)k->wred_max.v,
		      k->wred_weight.m.known ? fc_rstr(c, "%lld", (long long)k->wred_weight.v) : "?",
		      k->wred_ecn.m.known && k->wred_ecn.v ? "ecn" : "no ecn");
	else
		fc_ev(c, f, d->name, "system queuing output", &out->src, "%s", out->name);
}

static const struct fc_rule_param ecn_params[] = {
	{ "min_kmin_bytes", FC_PARAM_DBL, "5120", "WARN below this marking start (the DCQCN paper's 5 KB at 40G) [P]", .min = 0, .max = 4294967296 },
	{ "max_kmax_bytes", FC_PARAM_DBL, "5242880", "WARN above this marking end for ports up to 400G (5 MB) [P]", .min = 1, .max = 17179869184 },
	{ .key = NULL },
};

const struct fc_rule fc_rule_ecn_switch = {
	.id = "ECN-SW-QUEUE",
	.title = "The switch queue carrying RoCE marks ECN",
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "switch (NX-OS): system qos type qos input (match dscp -> set qos-group) and type queuing output "
		  "(random-detect ... ecn on c-out-8q-qN); intent: RoCE DSCP",
	.params = ecn_params,
	.run = ecn_sw_run,
};
