/* SPDX-License-Identifier: MIT */
/* ECN-BEFORE-PFC (rule catalog §5, ECN-SW-QUEUE's last condition): ECN must mark before PFC
 * pauses. A packet held in a shared-buffer switch counts against its ingress priority group and
 * against its egress queue at once, so when one ingress port feeds the congested queue both
 * depths are the same: if the queue's WRED-ECN Kmax is at or above the ingress pause threshold
 * (xoff), the port pauses its sender before marking reaches full strength, and if Kmin is, it
 * pauses before a single packet is marked. With more ingress ports feeding the queue it fills
 * faster than any one priority group, so the single-ingress case is the one that binds (DCQCN
 * paper's buffer guideline [S37]). Compared per PFC port of the RoCE priority: its own pause
 * threshold (show queuing interface, else the network-qos pause-threshold) against the marking
 * thresholds of the queue RoCE leaves by. Where the platform sizes the threshold dynamically and
 * no output shows it, the policy value pfc_trigger_bytes stands in; without it, UNKNOWN. */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

struct ebp_port {
	const struct fc_iface *ifc;
	const struct fc_pclass *q;    /* the RoCE queue's class (the port's own queuing policy or the system one) */
	int64_t xoff;
	const struct fc_src *xoff_src; /* NULL: the policy value */
};

/* The RoCE queue class of a port: its own queuing output policy when it overrides the system one. */
static const struct fc_pclass *port_queue(const struct fc_device *d, const struct fc_iface *ifc,
					  const struct fc_sw_class *r)
{
	if (ifc->queuing_out.m.known)
		return fc_sw_queue_class(fc_qos_find_pmap(&d->qos, FC_Q_QUEUING, ifc->queuing_out.v), r->group);
	return r->outq;
}

static bool marks(const struct fc_pclass *k)
{
	return k && k->wred_ecn.m.known && k->wred_ecn.v && k->wred_min.m.known && k->wred_max.m.known;
}

static void ebp_run(struct fc_rctx *c)
{
	const struct fc_device *d = c->dev;
	const struct fc_intent *in = &c->m->intent;
	struct ebp_port worst = { 0 }, unknown = { 0 };
	size_t i, nports = 0, nwarn = 0, nunknown = 0, nnomark = 0;
	int64_t prio, policy_xoff;
	struct fc_sw_class r;
	struct fc_finding *f;
	bool policy_set;

	if (d->kind != FC_DEV_SWITCH)
		return;
	if (!in->roce_dscp.m.known || !in->roce_prio.m.known) {
		fc_finding_new(c, FC_UNKNOWN, d->name, "the fabric's RoCE %s is not declared (inventory fabric.roce.%s)",
			       !in->roce_dscp.m.known ? "DSCP" : "priority", !in->roce_dscp.m.known ? "dscp" : "priority");
		return;
	}
	prio = in->roce_prio.v;
	policy_xoff = fc_param_int(c, "pfc_trigger_bytes", &policy_set);
	fc_sw_follow_dscp(&d->qos, &d->qos.sys_qos_in, in->roce_dscp.v, &r);
	if (r.group < 0) {
		fc_finding_new(c, FC_UNKNOWN, d->name, "the RoCE DSCP %lld reaches no qos-group here, so no queue's marking "
						       "thresholds can be compared (ECN-SW-QUEUE reports why)",
			       (long long)in->roce_dscp.v);
		return;
	}
	for (i = 0; i < d->nifaces; i++) {
		const struct fc_iface *ifc = d->ifaces[i];
		const struct fc_pclass *k;
		struct ebp_port p = { .ifc = ifc };

		if (!ifc->pfc_prios.m.known || !(ifc->pfc_prios.v & (INT64_C(1) << prio)))
			continue;
		nports++;
		k = port_queue(d, ifc, &r);
		if (!marks(k)) {
			nnomark++;      /* ECN-SW-QUEUE fails the queue; nothing to order here */
			continue;
		}
		p.q = k;
		if (ifc->pg[prio].xoff.m.known) {
			p.xoff = ifc->pg[prio].xoff.v;
			p.xoff_src = &ifc->pg[prio].xoff.m.src;
		} else if (policy_set) {
			p.xoff = policy_xoff;
		} else {
			if (!nunknown++)
				unknown = p;
			continue;
		}
		if (k->wred_max.v >= p.xoff) {
			/* the worst port: marking starts latest relative to its trigger */
			if (!nwarn++ || k->wred_min.v - p.xoff > worst.q->wred_min.v - worst.xoff)
				worst = p;
		} else if (!nwarn && (!worst.ifc || k->wred_max.v - p.xoff > worst.q->wred_max.v - worst.xoff)) {
			worst = p;      /* the tightest passing port, for the evidence */
		}
	}
	if (nwarn) {
		const struct fc_pclass *k = worst.q;

		if (k->wred_min.v >= worst.xoff)
			f = fc_finding_new(c, FC_WARN, d->name, "%zu of %zu PFC ports pause priority %lld before ECN marks: %s "
								"sends PFC at %lld bytes, its queue %s starts marking at %lld",
					   nwarn, nports, (long long)prio, worst.ifc->name, (long long)worst.xoff, k->name,
					   (long long)k->wred_min.v);
		else
			f = fc_finding_new(c, FC_WARN, d->name, "%zu of %zu PFC ports pause priority %lld before ECN marking is "
								"at full strength: %s sends PFC at %lld bytes, its queue %s marks up "
								"to %lld",
					   nwarn, nports, (long long)prio, worst.ifc->name, (long long)worst.xoff, k->name,
					   (long long)k->wred_max.v);
	} else if (nunknown) {
		f = fc_finding_new(c, FC_UNKNOWN, d->name, "%zu of %zu PFC ports have no pause threshold in the collected "
							   "outputs (the platform's dynamic default?): set pfc_trigger_bytes "
							   "in the policy to compare against it", nunknown, nports);
		fc_ev_unknown(c, f, fc_rstr(c, "%s:%s", d->name, unknown.ifc->name),
			      fc_rstr(c, "pause threshold, priority %lld", (long long)prio),
			      &unknown.ifc->pg[prio].xoff.m);
		return;
	} else if (!nports) {
		fc_finding_new(c, FC_PASS, d->name, "no port has PFC on priority %lld: nothing pauses before ECN marks",
			       (long long)prio);
		return;
	} else if (!worst.ifc) {
		fc_finding_new(c, FC_UNKNOWN, d->name, "none of the %zu PFC ports leaves by a queue that marks ECN "
						       "(ECN-SW-QUEUE reports why): no marking thresholds to compare", nports);
		return;
	} else {
		f = fc_finding_new(c, FC_PASS, d->name, "ECN marks before PFC pauses on all %zu PFC ports%s (the tightest: "
							"%s marks up to %lld bytes and pauses at %lld)",
				   nports - nnomark, nnomark ? " whose queue marks" : "", worst.ifc->name,
				   (long long)worst.q->wred_max.v, (long long)worst.xoff);
	}
	fc_ev(c, f, fc_rstr(c, "%s:%s", d->name, worst.ifc->name), fc_rstr(c, "pause threshold, priority %lld",
									   (long long)prio),
	      worst.xoff_src ? worst.xoff_src : &worst.q->src, "%lld bytes%s", (long long)worst.xoff,
	      worst.xoff_src ? "" : " (policy pfc_trigger_bytes)");
	fc_ev(c, f, d->name, fc_rstr(c, "random-detect %s", worst.q->name), &worst.q->wred_min.m.src,
	      "%lld..%lld bytes", (long long)worst.q->wred_min.v, (long long)worst.q->wred_max.v);
}

static const struct fc_rule_param ebp_params[] = {
	{ "pfc_trigger_bytes", FC_PARAM_INT, "",
	  "the ingress pause threshold to assume where no output shows it (dynamic-threshold platforms); unset [P]", .min = 1, .max = 4294967296 },
	{ .key = NULL },
};

const struct fc_rule fc_rule_ecn_before_pfc = {
	.id = "ECN-BEFORE-PFC",
	.title = "ECN marks before PFC pauses",
	.severity = FC_SEV_MEDIUM,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "switch (NX-OS): per PFC port, the RoCE priority's pause threshold (show queuing interface, or "
		  "network-qos pause-threshold) and the random-detect thresholds of the queue RoCE leaves by; "
		  "intent: RoCE DSCP and priority",
	.params = ebp_params,
	.run = ebp_run,
};
