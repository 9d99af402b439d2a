/* SPDX-License-Identifier: MIT */
/* Host RoCE rules on the RDMA netdevs (the interfaces an RDMA port names), rule catalog §3, §5, §7:
 *   ECN-HOST-NP-RP  DCQCN notification and reaction points on the RoCE priority; CNP DSCP;
 *   PFC-WD-HOST     the NIC's pause-storm prevention is on, and no storm shut pause off;
 *   GID-V2-PRESENT  every address of a RoCE netdev has a RoCE v2 GID;
 *   GID-ARPFLUX     RoCE NICs sharing a subnet answer ARP only for their own addresses. */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"

/* The RDMA port whose netdev is ifc, or NULL: only those interfaces carry RoCE. */
const struct fc_rdma_port *fc_rdma_port_of(const struct fc_device *d, const struct fc_iface *ifc,
					   const struct fc_rdma_dev **rd)
{
	size_t i, k;

	for (i = 0; i < d->nrdma; i++)
		for (k = 0; k < d->rdma[i].nports; k++) {
			const struct fc_rdma_port *p = &d->rdma[i].ports[k];

			if (p->netdev.m.known && !strcmp(p->netdev.v, ifc->name)) {
				if (rd)
					*rd = &d->rdma[i];
				return p;
			}
		}
	return NULL;
}

const struct fc_rdma_port *fc_roce_port(const struct fc_device *d, const struct fc_iface *ifc,
					const struct fc_rdma_dev **rd)
{
	const struct fc_rdma_port *p = fc_rdma_port_of(d, ifc, rd);

	return p && (!p->link_layer.m.known || p->link_layer.v == FC_LINK_LAYER_ETHERNET) ? p : NULL;
}

static const char *ifsubj(struct fc_rctx *c, const struct fc_iface *ifc)
{
	return fc_rstr(c, "%s:%s", c->dev->name, ifc->name);
}

/* --- ECN-HOST-NP-RP ------------------------------------------------------------------------------ */

static void ecn_iface(struct fc_rctx *c, const struct fc_iface *ifc, const struct fc_rdma_dev *rd,
		      const struct fc_rdma_port *p)
{
	(void)rd, (void)p;
	const struct fc_intent *in = &c->m->intent;
	const char *subj = ifsubj(c, ifc);
	struct fc_finding *f;
	int64_t bit;

	if (!in->roce_prio.m.known) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the fabric's RoCE priority is not declared (inventory "
							"fabric.roce.priority)");
		return;
	}
	if (!fc_nic(ifc)->ecn_np_prios.m.known || !fc_nic(ifc)->ecn_rp_prios.m.known) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the NIC's DCQCN enables are not known");
		fc_ev_unknown(c, f, subj, "ECN NP/RP", !fc_nic(ifc)->ecn_np_prios.m.known ? &fc_nic(ifc)->ecn_np_prios.m : &fc_nic(ifc)->ecn_rp_prios.m);
		return;
	}
	bit = (int64_t)1 << in->roce_prio.v;
	if (!(fc_nic(ifc)->ecn_np_prios.v & bit) || !(fc_nic(ifc)->ecn_rp_prios.v & bit))
		f = fc_finding_new(c, FC_FAIL, subj, "DCQCN %s on RoCE priority %lld: %s",
				   !(fc_nic(ifc)->ecn_np_prios.v & bit) && !(fc_nic(ifc)->ecn_rp_prios.v & bit) ? "notification and reaction "
												   "points are off"
				   : !(fc_nic(ifc)->ecn_np_prios.v & bit) ? "notification point (roce_np) is off"
								  : "reaction point (roce_rp) is off",
				   (long long)in->roce_prio.v,
				   !(fc_nic(ifc)->ecn_rp_prios.v & bit) ? "marked packets never slow this sender"
								: "this receiver sends no CNPs for marked packets");
	else if (in->cnp_dscp.m.known && fc_nic(ifc)->cnp_dscp.m.known && fc_nic(ifc)->cnp_dscp.v != in->cnp_dscp.v)
		f = fc_finding_new(c, FC_FAIL, subj, "CNPs leave with DSCP %lld, not the fabric's CNP DSCP %lld: they miss "
						     "the class that protects them",
				   (long long)fc_nic(ifc)->cnp_dscp.v, (long long)in->cnp_dscp.v);
	else if (!fc_nic(ifc)->cnp_dscp.m.known)
		f = fc_finding_new(c, FC_UNKNOWN, subj, "DCQCN on priority %lld; the CNP DSCP is not known",
				   (long long)in->roce_prio.v);
	else
		f = fc_finding_new(c, FC_PASS, subj, "DCQCN NP and RP on priority %lld, CNP DSCP %lld",
				   (long long)in->roce_prio.v, (long long)fc_nic(ifc)->cnp_dscp.v);
	fc_ev(c, f, subj, "roce_np enabled", &fc_nic(ifc)->ecn_np_prios.m.src, "priority mask 0x%02llx",
	      (unsigned long long)fc_nic(ifc)->ecn_np_prios.v);
	fc_ev(c, f, subj, "roce_rp enabled", &fc_nic(ifc)->ecn_rp_prios.m.src, "priority mask 0x%02llx",
	      (unsigned long long)fc_nic(ifc)->ecn_rp_prios.v);
	if (fc_nic(ifc)->cnp_dscp.m.known)
		fc_ev(c, f, subj, "cnp_dscp", &fc_nic(ifc)->cnp_dscp.m.src, "%lld", (long long)fc_nic(ifc)->cnp_dscp.v);
	if (in->cnp_dscp.m.known)
		fc_ev(c, f, "intent", "CNP DSCP", &in->cnp_dscp.m.src, "%lld", (long long)in->cnp_dscp.v);
}

/* --- PFC-WD-HOST --------------------------------------------------------------------------------- */

static void pfcwd_iface(struct fc_rctx *c, const struct fc_iface *ifc, const struct fc_rdma_dev *rd,
			const struct fc_rdma_port *p)
{
	(void)rd, (void)p;
	const char *subj = ifsubj(c, ifc);
	const struct fc_counter *storm = ifc->stats_m.known ? fc_counter_find(ifc->stats, ifc->nstats,
									      "tx_pause_storm_error_events")
							    : NULL;
	struct fc_finding *f;

	if (storm && storm->value > 0)
		f = fc_finding_new(c, FC_FAIL, subj, "%llu pause-storm error event(s) since the counters were cleared: the NIC "
						     "stopped sending pause, and drops could have occurred",
				   (unsigned long long)storm->value);
	else if (!fc_nic(ifc)->pfc_prev_tout_ms.m.known)
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the pfc-prevention-tout tunable is not known");
	else if (fc_nic(ifc)->pfc_prev_tout_ms.v == 0)
		f = fc_finding_new(c, FC_WARN, subj, "pause-storm prevention is disabled (pfc-prevention-tout 0): a stuck "
						     "receiver can pause the fabric indefinitely");
	else
		f = fc_finding_new(c, FC_PASS, subj, "pause-storm prevention on (%s)",
				   fc_nic(ifc)->pfc_prev_tout_ms.v < 0 ? "driver default"
							       : fc_rstr(c, "%lld ms", (long long)fc_nic(ifc)->pfc_prev_tout_ms.v));
	if (fc_nic(ifc)->pfc_prev_tout_ms.m.known)
		fc_ev(c, f, subj, "pfc-prevention-tout", &fc_nic(ifc)->pfc_prev_tout_ms.m.src, "%s",
		      fc_nic(ifc)->pfc_prev_tout_ms.v < 0 ? "auto"
						  : fc_rstr(c, "%lld ms", (long long)fc_nic(ifc)->pfc_prev_tout_ms.v));
	else
		fc_ev_unknown(c, f, subj, "pfc-prevention-tout", &fc_nic(ifc)->pfc_prev_tout_ms.m);
	if (storm)
		fc_ev(c, f, subj, "tx_pause_storm_error_events", &ifc->stats_m.src, "%llu", (unsigned long long)storm->value);
}

/* --- GID-V2-PRESENT ------------------------------------------------------------------------------ */

/* "10.1.1.1/31" -> ::ffff:10.1.1.1; "fd00::1/64" -> itself; false for link-local and junk */
static bool addr_gid(const char *a, unsigned char g[16])
{
	char ip[64];
	struct in_addr v4;

	snprintf(ip, sizeof(ip), "%.*s", (int)strcspn(a, "/"), a);
	if (inet_pton(AF_INET, ip, &v4) == 1) {
		memset(g, 0, 10);
		g[10] = g[11] = 0xff;
		memcpy(g + 12, &v4, 4);
		return true;
	}
	return inet_pton(AF_INET6, ip, g) == 1 && !(g[0] == 0xfe && (g[1] & 0xc0) == 0x80);
}

static void gidv2_iface(struct fc_rctx *c, const struct fc_iface *ifc, const struct fc_rdma_dev *rd,
			const struct fc_rdma_port *p)
{
	const char *subj = ifsubj(c, ifc);
	struct fc_finding *f;
	size_t i, k, have = 0, missing = 0;
	const char *miss = NULL;

	if (!ifc->addresses.m.known || !p->gids_m.known) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the %s of %s are not known",
				   !ifc->addresses.m.known ? "addresses" : "GIDs", !ifc->addresses.m.known ? ifc->name : rd->name);
		fc_ev_unknown(c, f, subj, !ifc->addresses.m.known ? "addresses" : "GID table",
			      !ifc->addresses.m.known ? &ifc->addresses.m : &p->gids_m);
		return;
	}
	for (i = 0; i < ifc->addresses.n; i++) {
		unsigned char want[16], g[16];
		bool found = false;

		if (!addr_gid(ifc->addresses.v[i], want))
			continue;
		for (k = 0; k < p->ngids && !found; k++)
			found = !strcmp(p->gids[k].type, "RoCE v2") && inet_pton(AF_INET6, p->gids[k].gid, g) == 1 &&
				!memcmp(g, want, 16) && (!p->gids[k].netdev || !strcmp(p->gids[k].netdev, ifc->name));
		if (found)
			have++;
		else if (!missing++)
			miss = ifc->addresses.v[i];
	}
	if (missing)
		f = fc_finding_new(c, FC_FAIL, subj, "%zu address(es) of %s have no RoCE v2 GID on %s port %d (first: %s): "
						     "RoCE v2 peers cannot reach them",
				   missing, ifc->name, rd->name, p->num, miss);
	else if (!have)
		f = fc_finding_new(c, FC_UNKNOWN, subj, "%s has no routable address to check", ifc->name);
	else
		f = fc_finding_new(c, FC_PASS, subj, "every routable address of %s (%zu) has a RoCE v2 GID", ifc->name, have);
	fc_ev(c, f, subj, "addresses", &ifc->addresses.m.src, "%zu", ifc->addresses.n);
	fc_ev(c, f, subj, "GID table", &p->gids_m.src, "%s port %d: %zu GIDs", rd->name, p->num, p->ngids);
}

void fc_per_roce_iface(struct fc_rctx *c, void (*fn)(struct fc_rctx *, const struct fc_iface *,
							 const struct fc_rdma_dev *, const struct fc_rdma_port *))
{
	const struct fc_device *d = c->dev;
	size_t i;

	if (d->kind != FC_DEV_HOST)
		return;
	/* a RoCE port that names no netdev carries RoCE on an interface nobody can tell: said, not
	 * skipped */
	for (i = 0; i < d->nrdma; i++)
		for (size_t k = 0; k < d->rdma[i].nports; k++) {
			const struct fc_rdma_port *p = &d->rdma[i].ports[k];
			struct fc_finding *f;

			if (p->netdev.m.known || (p->link_layer.m.known && p->link_layer.v != FC_LINK_LAYER_ETHERNET))
				continue;
			f = fc_finding_new(c, FC_UNKNOWN, fc_rstr(c, "%s:%s/%d", d->name, d->rdma[i].name, p->num),
					   "the RDMA port names no netdev: the interface carrying its RoCE traffic is not "
					   "known, so it is not checked");
			fc_ev_unknown(c, f, d->name, "netdev", &p->netdev.m);
		}
	for (i = 0; i < d->nifaces; i++) {
		const struct fc_rdma_dev *rd = NULL;
		const struct fc_rdma_port *p = fc_roce_port(d, d->ifaces[i], &rd);

		if (p)
			fn(c, d->ifaces[i], rd, p);
	}
}

static void ecn_run(struct fc_rctx *c)
{
	fc_per_roce_iface(c, ecn_iface);
}

static void pfcwd_run(struct fc_rctx *c)
{
	fc_per_roce_iface(c, pfcwd_iface);
}

static void gidv2_run(struct fc_rctx *c)
{
	fc_per_roce_iface(c, gidv2_iface);
}

/* --- GID-ARPFLUX ---------------------------------------------------------------------------------- */

static void arpflux_run(struct fc_rctx *c)
{
	const struct fc_device *d = c->dev;
	const struct fc_iface *roce[64];
	uint32_t net[64], mask[64];
	size_t n = 0, i, k, shared = 0;
	struct fc_finding *f = NULL;

	if (d->kind != FC_DEV_HOST)
		return;
	for (i = 0; i < d->nifaces && n < 64; i++) {
		const struct fc_rdma_dev *rd;
		uint32_t a[8];
		size_t na;
		const char *slash;
		int len;

		if (!fc_rdma_port_of(d, d->ifaces[i], &rd) || !d->ifaces[i]->addresses.m.known)
			continue;
		na = fc_iface_ipv4(d->ifaces[i], a, 8);
		for (k = 0; k < d->ifaces[i]->addresses.n && na; k++)
			if ((slash = strchr(d->ifaces[i]->addresses.v[k], '/')) && strchr(d->ifaces[i]->addresses.v[k], '.'))
				break;
		len = na && k < d->ifaces[i]->addresses.n ? (int)strtol(slash + 1, NULL, 10) : -1;
		if (len < 0 || len > 32)
			continue;
		mask[n] = len ? 0xffffffffu << (32 - len) : 0;
		net[n] = a[0] & mask[n];
		roce[n++] = d->ifaces[i];
	}
	if (n < 2)
		return;   /* one RoCE NIC with an IPv4 address: no flux possible */
	for (i = 0; i < n; i++) {
		bool dup = false;

		for (k = 0; k < n; k++)
			dup |= k != i && mask[k] == mask[i] && net[k] == net[i];
		if (!dup)
			continue;
		shared++;
		if (fc_nic(roce[i])->arp_ignore.m.known && fc_nic(roce[i])->arp_announce.m.known && fc_nic(roce[i])->arp_ignore.v >= 1 &&
		    fc_nic(roce[i])->arp_announce.v >= 1)
			continue;
		if (!f)
			f = fc_finding_new(c, FC_WARN, d->name, "RoCE NICs share a subnet while ARP flux is possible: a NIC can "
								"answer ARP for a peer NIC's address and RDMA sessions break");
		if (fc_nic(roce[i])->arp_ignore.m.known && fc_nic(roce[i])->arp_announce.m.known)
			fc_ev(c, f, ifsubj(c, roce[i]), "arp_ignore/arp_announce", &fc_nic(roce[i])->arp_ignore.m.src, "%lld/%lld (need >= 1/1)",
			      (long long)fc_nic(roce[i])->arp_ignore.v, (long long)fc_nic(roce[i])->arp_announce.v);
		else
			fc_ev_unknown(c, f, ifsubj(c, roce[i]), "arp_ignore/arp_announce",
				      !fc_nic(roce[i])->arp_ignore.m.known ? &fc_nic(roce[i])->arp_ignore.m : &fc_nic(roce[i])->arp_announce.m);
	}
	if (!f)
		f = fc_finding_new(c, FC_PASS, d->name, shared ? "%zu RoCE NICs share subnets, all with arp_ignore and "
								 "arp_announce set"
							       : "each of the %zu RoCE NICs has a subnet of its own",
				   shared ? shared : n);
}

/* --- registrations --------------------------------------------------------------------------------- */

const struct fc_rule fc_rule_ecn_host = {
	.id = "ECN-HOST-NP-RP",
	.aspect = FC_ASPECT_ECN,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "host NIC: ecn_np_prios_mask, ecn_rp_prios_mask, cnp_dscp; intent: RoCE priority, CNP DSCP",
	.reads_switch = 0,
	.reads_host = FC_CAP_NIC | FC_CAP_PFC,
	.params = fc_no_params,
	.run = ecn_run,
};

const struct fc_rule fc_rule_pfcwd_host = {
	.id = "PFC-WD-HOST",
	.aspect = FC_ASPECT_PFC,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "host NIC: pfc_prevention_tout_ms; the stats counter tx_pause_storm_error_events",
	.reads_switch = 0,
	.reads_host = FC_CAP_NIC | FC_CAP_COUNTERS,
	.params = fc_no_params,
	.run = pfcwd_run,
};

const struct fc_rule fc_rule_gid_v2 = {
	.id = "GID-V2-PRESENT",
	.live = true,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "host: addresses of the RDMA port's netdev; the port's GID table with types and netdevs",
	.reads_switch = 0,
	.reads_host = FC_CAP_RDMA | FC_CAP_ADDRESS,
	.params = fc_no_params,
	.run = gidv2_run,
};

const struct fc_rule fc_rule_gid_arpflux = {
	.id = "GID-ARPFLUX",
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "host: IPv4 subnets of the RDMA netdevs; the NIC's effective arp_ignore and arp_announce",
	.reads_switch = 0,
	.reads_host = FC_CAP_NIC | FC_CAP_ADDRESS | FC_CAP_RDMA,
	.params = fc_no_params,
	.run = arpflux_run,
};
