/* SPDX-License-Identifier: MIT */
/* ECN-BEFORE-PFC (rule catalog §5, ECN-SW-QUEUE's last condition): ECN must mark before PFC
 * pauses (DCQCN paper's buffer guideline, Zhu et al., SIGCOMM 2015). The two thresholds count
 * different things: the pause threshold (xoff) one ingress port's priority group, the marking
 * thresholds (Kmin, Kmax) the egress queue that every sender to it shares. A queue of a port no
 * slower than its senders builds only when at least two ingress ports feed it at once (one
 * sender at line rate drains as fast as it arrives), and then each ingress group holds about
 * 1/N of the queue: one pauses when the queue reaches N x xoff. So with N the fewest senders that
 * congest the queue (the policy's fan_in, 2; 1 where a faster port of the switch feeds a slower
 * one), marking starts before any pause iff Kmin < N x xoff: WARN otherwise. Kmax against N x xoff
 * is stated (how many senders it takes before marking is at full strength when pause fires), not
 * judged: a marking ramp above it is a tuning choice of published designs. Compared per port where
 * RoCE is no-drop, on its resolved path. Where the platform sizes the threshold dynamically and no
 * output shows it, the policy value pfc_trigger_bytes stands in; without it, UNKNOWN. */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

struct ebp_port {
	const struct fc_iface *ifc;
	const struct fc_hop *q;       /* RoCE's path through the port: the queue it leaves by */
	int64_t xoff;
	const struct fc_src *xoff_src; /* NULL: the policy value */
	int64_t fan_in;               /* the fewest senders that congest its queue */
};

/* The fewest ingress ports that congest the queue of ifc: 1 where a faster RoCE port of the switch
 * can feed it alone, else the policy's fan_in. */
static int64_t port_fan_in(struct fc_rctx *c, const struct fc_iface *ifc, int64_t fan_in)
{
	const struct fc_device *d = c->dev;
	size_t i;

	if (!ifc->speed_mbps.m.known)
		return fan_in;
	for (i = 0; i < d->nifaces; i++) {
		const struct fc_iface *o = d->ifaces[i];

		if (o != ifc && o->speed_mbps.m.known && o->speed_mbps.v > ifc->speed_mbps.v && fc_sw_roce_port(c->m, o))
			return 1;
	}
	return fan_in;
}

static bool marks(const struct fc_hop *h)
{
	return h->ecn.m.known && h->ecn.v && h->kmin.m.known && h->kmax.m.known;
}

static const char *qname(struct fc_rctx *c, const struct fc_hop *h)
{
	return h->queue.m.known ? h->queue.v : fc_rstr(c, "of traffic class %lld", (long long)h->tc.v);
}

static void ebp_run(struct fc_rctx *c)
{
	const struct fc_device *d = c->dev;
	const struct fc_intent *in = &c->m->intent;
	struct ebp_port worst = { 0 }, unknown = { 0 };
	size_t i, nports = 0, nwarn = 0, nunknown = 0, nnomark = 0;
	int64_t prio, policy_xoff, fan_in;
	struct fc_finding *f;
	bool policy_set, fan_set;

	if (!fc_sw_qos_ready(c, d->name))
		return;
	prio = in->roce_prio.v;
	policy_xoff = fc_param_int(c, "pfc_trigger_bytes", &policy_set);
	fan_in = fc_param_int(c, "fan_in", &fan_set);
	(void)fan_set;
	for (i = 0; i < d->nifaces; i++) {
		const struct fc_iface *ifc = d->ifaces[i];
		const struct fc_hop *k = fc_hop_of(ifc, FC_TC_ROCE);
		struct ebp_port p = { .ifc = ifc };

		/* the ports where RoCE is no-drop: elsewhere nothing pauses */
		if (!fc_sw_roce_port(c->m, ifc) || fc_hop_nodrop(ifc, prio).v != 1)
			continue;
		nports++;
		if (!marks(k)) {
			nnomark++;      /* ECN-SW-QUEUE fails the queue; nothing to order here */
			continue;
		}
		p.q = k;
		if (k->buf.xoff.m.known) {
			p.xoff = k->buf.xoff.v;
			p.xoff_src = &k->buf.xoff.m.src;
		} else if (policy_set) {
			p.xoff = policy_xoff;
		} else {
			if (!nunknown++)
				unknown = p;
			continue;
		}
		p.fan_in = port_fan_in(c, ifc, fan_in);
		if (k->kmin.v >= p.fan_in * p.xoff) {
			/* the worst port: marking starts latest relative to its trigger */
			if (!nwarn++ || k->kmin.v - p.fan_in * p.xoff > worst.q->kmin.v - worst.fan_in * worst.xoff)
				worst = p;
		} else if (!nwarn && (!worst.ifc || k->kmin.v - p.fan_in * p.xoff > worst.q->kmin.v - worst.fan_in * worst.xoff)) {
			worst = p;      /* the tightest passing port, for the evidence */
		}
	}
	if (nwarn) {
		const struct fc_hop *k = worst.q;

		f = fc_finding_new(c, FC_WARN, d->name, "%zu of %zu PFC ports pause priority %lld before ECN marks: %s "
							"pauses a sender at %lld bytes of its ingress group, which with %lld "
							"sender%s congesting it is %lld bytes in its queue %s; marking starts at %lld",
				   nwarn, nports, (long long)prio, worst.ifc->name, (long long)worst.xoff, (long long)worst.fan_in,
				   worst.fan_in > 1 ? "s" : "", (long long)(worst.fan_in * worst.xoff), qname(c, k),
				   (long long)k->kmin.v);
	} else if (nunknown) {
		f = fc_finding_new(c, FC_UNKNOWN, d->name, "%zu of %zu PFC ports have no pause threshold in the collected "
							   "outputs (the platform's dynamic default?): set pfc_trigger_bytes "
							   "in the policy to compare against it (docs/policy.md)", nunknown, nports);
		fc_ev_unknown(c, f, fc_rstr(c, "%s:%s", d->name, unknown.ifc->name),
			      fc_rstr(c, "pause threshold, priority %lld", (long long)prio),
			      &fc_hop_of(unknown.ifc, FC_TC_ROCE)->buf.xoff.m);
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
		const struct fc_hop *k = worst.q;
		int64_t full = (k->kmax.v + worst.xoff - 1) / worst.xoff;   /* senders for full strength before pause */

		f = fc_finding_new(c, FC_PASS, d->name, "ECN marks before PFC pauses on all %zu PFC ports%s: with the %lld "
							"sender%s it takes to congest a queue, the tightest, %s, pauses at %lld "
							"bytes of its queue and marks from %lld; marking is at full strength "
							"(%lld bytes) before a pause %s",
				   nports - nnomark, nnomark ? " whose queue marks" : "", (long long)worst.fan_in,
				   worst.fan_in > 1 ? "s" : "", worst.ifc->name, (long long)(worst.fan_in * worst.xoff),
				   (long long)k->kmin.v, (long long)k->kmax.v,
				   full <= worst.fan_in ? "already" : fc_rstr(c, "from %lld senders on", (long long)full));
	}
	fc_ev(c, f, fc_rstr(c, "%s:%s", d->name, worst.ifc->name), fc_rstr(c, "pause threshold, priority %lld",
									   (long long)prio),
	      worst.xoff_src ? worst.xoff_src : &worst.q->kmin.m.src, "%lld bytes%s", (long long)worst.xoff,
	      worst.xoff_src ? "" : " (policy pfc_trigger_bytes)");
	fc_ev(c, f, fc_rstr(c, "%s:%s", d->name, worst.ifc->name), fc_rstr(c, "ECN marking, queue %s", qname(c, worst.q)),
	      &worst.q->kmin.m.src, "%lld..%lld bytes%s%s", (long long)worst.q->kmin.v, (long long)worst.q->kmax.v,
	      worst.q->kmin.m.why ? "; " : "", worst.q->kmin.m.why ? worst.q->kmin.m.why : "");
}

static const struct fc_rule_param ebp_params[] = {
	{ "fan_in", FC_PARAM_INT, "2",
	  "the fewest ingress ports whose traffic congests an egress queue no slower than they are: a queue holds "
	  "fan_in pause thresholds when one of them pauses [P]", .min = 1, .max = 1024 },
	{ "pfc_trigger_bytes", FC_PARAM_INT, "",
	  "the ingress pause threshold to assume where no output shows it (dynamic-threshold platforms); unset [P]", .min = 1, .max = 4294967296 },
	{ .key = NULL },
};

const struct fc_rule fc_rule_ecn_before_pfc = {
	.id = "ECN-BEFORE-PFC",
	.aspect = FC_ASPECT_ECN,
	.severity = FC_SEV_MEDIUM,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "switch port where RoCE is no-drop, its RoCE hop: the ingress buffer's pause threshold (xoff, "
		  "operational where an output shows it, else configured) and the egress queue's ECN thresholds "
		  "(kmin, kmax); intent: RoCE DSCP and priority",
	.reads_switch = FC_CAP_QOS_PATH | FC_CAP_PFC,
	.reads_host = 0,
	.params = ebp_params,
	.needs_switch = FC_CAP_QOS_PATH,
	.run = ebp_run,
};
