/* SPDX-License-Identifier: MIT */
/* ECN-SW-QUEUE (rule catalog §5): on every switch port RoCE crosses, the egress queue its
 * resolved path leaves by (the port's own scheduling policy or the system-wide one) marks ECN,
 * with Kmin not above Kmax (equal is step marking, DCTCP-style, as Microsoft's Azure Local
 * reference ToR sets 300 KB = 300 KB) and weight 0 (instantaneous depth, as Cisco's AI/ML
 * blueprint sets it); Kmin and Kmax inside the band published profiles use (5 KB .. 5 MB, policy
 * values). A queue that runs WRED without ECN drops RoCE. */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

static enum fc_status ecn_port(struct fc_rctx *c, const struct fc_iface *ifc, const char **msg)
{
	const struct fc_hop *h = fc_hop_of(ifc, FC_TC_ROCE);
	const char *q;
	bool set;
	double lo = fc_param_dbl(c, "min_kmin_bytes", &set), hi = fc_param_dbl(c, "max_kmax_bytes", &set);

	if (!h)
		return *msg = "no QoS path resolved for the port", FC_UNKNOWN;
	if (!h->tc.m.known)
		return *msg = fc_rstr(c, "RoCE's traffic class is not known: %s", fc_why(&h->tc.m)), FC_UNKNOWN;
	if (!h->ecn.m.known)
		return *msg = fc_rstr(c, "whether RoCE's queue marks ECN is not known: %s", fc_why(&h->ecn.m)), FC_UNKNOWN;
	q = fc_rstr(c, "%s (traffic class %lld%s)", h->queue.m.known ? fc_rstr(c, "queue %s", h->queue.v) : "the queue",
		    (long long)h->tc.v, h->queue_per_port.m.known && h->queue_per_port.v ? ", the port's own scheduling policy"
											  : "");
	if (!h->ecn.v && h->kmin.m.known)
		return *msg = fc_rstr(c, "%s runs WRED without ECN: it drops RoCE packets instead of marking them", q),
		       FC_FAIL;
	if (!h->ecn.v)
		return *msg = fc_rstr(c, "%s does not mark ECN (%s): switches never mark, DCQCN never slows senders", q,
				      h->ecn.m.why ? h->ecn.m.why : "no ECN on the queue"), FC_FAIL;
	if (!h->kmin.m.known || !h->kmax.m.known)
		return *msg = fc_rstr(c, "%s marks ECN", q), FC_PASS;
	if (h->kmin.v > h->kmax.v)
		return *msg = fc_rstr(c, "%s marks from %lld to %lld bytes: the minimum threshold must not be above the "
					 "maximum", q, (long long)h->kmin.v, (long long)h->kmax.v), FC_FAIL;
	if ((double)h->kmin.v < lo || (double)h->kmax.v > hi)
		return *msg = fc_rstr(c, "%s marks from %lld to %lld bytes, outside the %.0f..%.0f band published profiles "
					 "stay in: marking too early wastes throughput, too late leaves congestion to PFC",
				      q, (long long)h->kmin.v, (long long)h->kmax.v, lo, hi), FC_WARN;
	if (h->weight.m.known && h->weight.v != 0)
		return *msg = fc_rstr(c, "%s marks on an averaged depth (weight %lld): weight 0 reacts to the instantaneous "
					 "queue", q, (long long)h->weight.v), FC_WARN;
	if (h->kmin.v == h->kmax.v)
		return *msg = fc_rstr(c, "%s marks ECN as a step at %lld bytes (Kmin = Kmax, DCTCP-style)", q,
				      (long long)h->kmin.v), FC_PASS;
	return *msg = fc_rstr(c, "%s marks ECN from %lld to %lld bytes", q, (long long)h->kmin.v, (long long)h->kmax.v),
	       FC_PASS;
}

static void ecn_ev(struct fc_rctx *c, struct fc_finding *f, const struct fc_iface *ifc, void *arg)
{
	const struct fc_hop *h = fc_hop_of(ifc, FC_TC_ROCE);
	const char *end = fc_rstr(c, "%s:%s", c->dev->name, ifc->name);

	(void)arg;
	/* a queue that does not mark: the line that says so first (where a report points) */
	if (h->ecn.m.known && !h->ecn.v)
		fc_ev(c, f, end, "ECN", &h->ecn.m.src, "off%s%s", h->ecn.m.why ? ": " : "", h->ecn.m.why ? h->ecn.m.why : "");
	fc_hop_ev(c, f, ifc, FC_TC_ROCE);
	if (h->kmin.m.known && h->kmax.m.known)
		fc_ev(c, f, end, "ECN thresholds", &h->kmin.m.src, "%lld..%lld bytes, weight %s, %s%s%s", (long long)h->kmin.v,
		      (long long)h->kmax.v, h->weight.m.known ? fc_rstr(c, "%lld", (long long)h->weight.v) : "?",
		      h->ecn.m.known && h->ecn.v ? "ecn" : "no ecn", h->kmin.m.why ? "; " : "",
		      h->kmin.m.why ? h->kmin.m.why : "");   /* how bytes were had from the platform's units */
	else if (h->ecn.m.known && h->ecn.v)
		fc_ev(c, f, end, "ECN", &h->ecn.m.src, "on%s%s", h->ecn.m.why ? ": " : "", h->ecn.m.why ? h->ecn.m.why : "");
}

static void ecn_sw_run(struct fc_rctx *c)
{
	const struct fc_device *d = c->dev;
	struct fc_pgroups gs = { 0 };
	size_t i;

	if (!fc_sw_qos_ready(c, d->name))
		return;
	for (i = 0; i < d->nifaces; i++) {
		const char *msg;
		enum fc_status st;

		if (!fc_sw_roce_port(c->m, d->ifaces[i]))
			continue;
		st = ecn_port(c, d->ifaces[i], &msg);
		fc_pgroups_add(c, &gs, d->ifaces[i], st, msg);
	}
	if (!gs.nports)
		fc_finding_new(c, FC_UNKNOWN, d->name, "no port of %s carries RoCE: none is cabled, has PFC on the RoCE "
						       "priority or a QoS policy of its own", d->name);
	fc_pgroups_emit(c, &gs, "RoCE", "", ecn_ev, NULL);
	fc_pgroups_free(&gs);
}

static const struct fc_rule_param ecn_params[] = {
	{ "min_kmin_bytes", FC_PARAM_DBL, "5120", "WARN below this marking start (the DCQCN paper's 5 KB at 40G) [P]", .min = 0, .max = 4294967296 },
	{ "max_kmax_bytes", FC_PARAM_DBL, "5242880", "WARN above this marking end for ports up to 400G (5 MB) [P]", .min = 1, .max = 17179869184 },
	{ .key = NULL },
};

const struct fc_rule fc_rule_ecn_switch = {
	.id = "ECN-SW-QUEUE",
	.aspect = FC_ASPECT_ECN,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "switch, per RoCE port, its RoCE hop: traffic class and egress queue (ecn, kmin, kmax, weight, in "
		  "bytes); intent: RoCE DSCP",
	.reads_switch = FC_CAP_QOS_PATH | FC_CAP_PFC | FC_CAP_LINK,
	.reads_host = 0,
	.params = ecn_params,
	.needs_switch = FC_CAP_QOS_PATH,
	.run = ecn_sw_run,
};
