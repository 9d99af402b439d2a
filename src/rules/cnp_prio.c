/* SPDX-License-Identifier: MIT */
/* CNP-PRIO-FLEET (rule catalog §3, PFC-DSCP-MAP's last condition): the 802.1p priority hosts send
 * CNPs on is the same across the fleet, or it does not matter. NICs differ by vendor: ConnectX
 * sends CNPs on priority 6 (MLNX_OFED roce_np/cnp_802p_prio), Broadcom Thor2 on 7. On an untagged
 * link (a routed /31 or an access port) there is no 802.1Q tag, the switch classifies the CNP by
 * its DSCP, and the priority only picks the NIC's own egress queue. On a tagged (trunk) port whose
 * switch classifies by CoS, each host's CNP CoS must reach the strict queue, and a switch set up
 * for one vendor's priority leaves the other vendor's CNPs behind data. */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

/* On a switch port's resolved path, whether a frame tagged with priority cos leaves by a strict
 * queue; *by_cos false when the port's classifier does not read the PCP (it classifies by DSCP). */
static bool cos_strict(const struct fc_iface *port, int cos, bool *by_cos, const struct fc_src **src)
{
	const struct fc_hop *h = fc_hop_of(port, FC_TC_CNP);

	*by_cos = h && h->pcp_strict.m.known;
	*src = *by_cos ? &h->pcp_strict.m.src : NULL;
	return *by_cos && (h->pcp_strict.v >> cos) & 1;
}

/* The host and switch ends of a link; false unless it joins a host interface to a switch port. */
static bool host_switch(const struct fc_link *l, const struct fc_endpoint **h, const struct fc_endpoint **s)
{
	*h = l->a.dev && l->a.dev->kind == FC_DEV_HOST ? &l->a : &l->b;
	*s = *h == &l->a ? &l->b : &l->a;
	return (*h)->dev && (*h)->ifc && (*h)->dev->kind == FC_DEV_HOST && (*s)->dev && (*s)->dev->kind == FC_DEV_SWITCH;
}

struct prio_count {
	size_t n;
	const struct fc_endpoint *first;
};

static void cnp_prio_run(struct fc_rctx *c)
{
	const struct fc_model *m = c->m;
	struct prio_count seen[FC_PRIO_COUNT] = { { 0, NULL } };
	const struct fc_endpoint *unknown = NULL, *bad_host = NULL, *bad_sw = NULL;
	const struct fc_src *bad_src = NULL;
	size_t i, nknown = 0, nunknown = 0, ndistinct = 0, ntagged = 0, nbad = 0;
	struct fc_finding *f;
	char list[256];
	size_t len = 0;
	int p;

	for (i = 0; i < m->nlinks; i++) {
		const struct fc_endpoint *h, *s;

		if (!host_switch(&m->links[i], &h, &s) || !fc_roce_port(h->dev, h->ifc, NULL))
			continue;
		if (!fc_nic(h->ifc)->cnp_prio.m.known || fc_nic(h->ifc)->cnp_prio.v < 0 || fc_nic(h->ifc)->cnp_prio.v >= FC_PRIO_COUNT) {
			if (!nunknown++)
				unknown = h;
			continue;
		}
		nknown++;
		if (!seen[fc_nic(h->ifc)->cnp_prio.v].n++)
			seen[fc_nic(h->ifc)->cnp_prio.v].first = h;
	}
	if (!nknown && !nunknown)
		return;   /* no RoCE host is cabled to a switch */
	if (!nknown) {
		f = fc_finding_new(c, FC_UNKNOWN, "CNP priority", "none of the %zu RoCE host interfaces reports the 802.1p "
								  "priority it sends CNPs on", nunknown);
		/* the first unknown one's reason (absent, or unreadable, or out of range) */
		fc_ev_unknown(c, f, fc_end_name(c, unknown), "cnp_802p_prio", &fc_nic(unknown->ifc)->cnp_prio.m);
		return;
	}
	for (p = 0; p < FC_PRIO_COUNT; p++)
		if (seen[p].n) {
			ndistinct++;
			len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%zu on priority %d", len ? ", " : "",
						seen[p].n, p);
		}
	if (ndistinct > 1) {
		/* tagged host ports of switches that classify by CoS: the host's CNP CoS must reach a strict queue */
		for (i = 0; i < m->nlinks; i++) {
			const struct fc_endpoint *h, *s;
			const struct fc_src *src;
			bool by_cos;

			if (!host_switch(&m->links[i], &h, &s) || !fc_nic(h->ifc)->cnp_prio.m.known || !s->ifc ||
			    !s->ifc->port_mode.m.known || s->ifc->port_mode.v != FC_PORT_MODE_TRUNK || !fc_hop_of(s->ifc, FC_TC_CNP))
				continue;
			ntagged++;
			if (!cos_strict(s->ifc, (int)fc_nic(h->ifc)->cnp_prio.v, &by_cos, &src) && by_cos && !nbad++) {
				bad_host = h, bad_sw = s, bad_src = src;
			}
		}
	}
	if (nbad) {
		f = fc_finding_new(c, FC_WARN, "CNP priority", "hosts send CNPs on different 802.1p priorities (%s), "
								"and %zu tagged switch port(s) classify by CoS "
								"where the host's CNP CoS does not reach a strict queue: "
								"first %s, whose host sends CNPs on CoS %lld",
				   list, nbad, fc_end_name(c, bad_sw), (long long)fc_nic(bad_host->ifc)->cnp_prio.v);
		fc_ev(c, f, fc_end_name(c, bad_host), "cnp_802p_prio", &fc_nic(bad_host->ifc)->cnp_prio.m.src, "%lld",
		      (long long)fc_nic(bad_host->ifc)->cnp_prio.v);
		fc_ev(c, f, fc_end_name(c, bad_sw), "port mode", &bad_sw->ifc->port_mode.m.src, "trunk");
		fc_ev(c, f, fc_end_name(c, bad_sw), "CoS classification", bad_src, "CoS %lld leaves by no strict queue",
		      (long long)fc_nic(bad_host->ifc)->cnp_prio.v);
	} else if (nunknown) {
		f = fc_finding_new(c, FC_UNKNOWN, "CNP priority", "%zu of %zu RoCE host interfaces do not report the 802.1p "
								  "priority they send CNPs on; the others: %s",
				   nunknown, nunknown + nknown, list);
		fc_ev_unknown(c, f, fc_end_name(c, unknown), "cnp_802p_prio", &fc_nic(unknown->ifc)->cnp_prio.m);
		return;
	} else if (ndistinct == 1) {
		for (p = 0; !seen[p].n; p++)
			;
		f = fc_finding_new(c, FC_PASS, "CNP priority", "all %zu RoCE host interfaces send CNPs on 802.1p priority %d",
				   nknown, p);
	} else {
		f = fc_finding_new(c, FC_PASS, "CNP priority", "hosts send CNPs on different 802.1p priorities (%s), "
							       "but %s: switches queue CNPs by their DSCP, "
							       "and the priority only picks each NIC's egress queue",
				   list, ntagged ? "every tagged switch port classifies them by DSCP or CoS into a "
						   "strict queue" : "every host link is untagged");
	}
	for (p = 0; p < FC_PRIO_COUNT; p++)
		if (seen[p].n)
			fc_ev(c, f, fc_end_name(c, seen[p].first),
			      fc_rstr(c, "cnp_802p_prio, the first of %zu interface(s)", seen[p].n),
			      &fc_nic(seen[p].first->ifc)->cnp_prio.m.src, "%d", p);
}

const struct fc_rule fc_rule_cnp_prio = {
	.id = "CNP-PRIO-FLEET",
	.aspect = FC_ASPECT_ECN,
	.severity = FC_SEV_MEDIUM,
	.scope = FC_SCOPE_FLEET,
	.inputs = "host NIC: cnp_prio of every RoCE interface cabled to a switch; switch port: port_mode (trunk: "
		  "tagged) and, on its CNP hop, pcp_strict (the tagged priorities that leave by a strict-priority "
		  "queue)",
	.reads_switch = FC_CAP_QOS_PATH | FC_CAP_CONFIG,
	.reads_host = FC_CAP_NIC,
	.params = fc_no_params,
	.run = cnp_prio_run,
};
