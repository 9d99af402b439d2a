/* SPDX-License-Identifier: MIT */
/* HR-SIZE: the PFC headroom configured for the RoCE priority on each end of a link covers what
 * the port speed, the real cable length and the MTU require. Hosts: the mlx5 driver formula
 * (port_buffer.c). Switches: by ASIC (headroom_asic.c): IEEE 802.1Qbb headroom with the 802.3
 * Annex 31B response time (buffer_headroom_mellanox.lua's formula), or the published per-ASIC
 * tables (pg_profile_lookup.ini; the sources written out: rules/docs/HR-SIZE.md), chosen by
 * the platform and overridable by the switch_model parameter. A fixed figure such as 256 KB
 * exists only as an optional policy value. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

static const struct fc_rule_param params[] = {
	{ "host_max_mtu", FC_PARAM_INT, "9216",
	  "max_mtu the mlx5 driver adds to xoff (MINIMUM_MAX_MTU, Linux mlx5 en/port_buffer.c)", .min = 576, .max = 65535 },
	{ "host_cell_bytes", FC_PARAM_INT, "128", "buffer cell size added to the host requirement [B]", .min = 1, .max = 65536 },
	{ "min_headroom_bytes", FC_PARAM_INT, "", "optional floor for every end, e.g. 262144; unset by default [P]", .min = 0, .max = 4294967296 },
	{ "switch_model", FC_PARAM_STR, "auto",
	  "switch headroom model: auto (by platform), ieee, spectrum1, spectrum4, tomahawk, trident2 (IEEE "
	  "802.1Qbb, or a published pg_profile_lookup.ini table: rules/docs/HR-SIZE.md)",
	  .choices = "auto ieee spectrum1 spectrum4 tomahawk trident2" },
	{ .key = NULL },
};

double fc_mlx5_xoff_bytes(double speed_gbps, double cable_m, double mtu)
{
	if (speed_gbps < 40)
		speed_gbps = 40;
	return (301.0 + 2.16 * cable_m) * speed_gbps + 2.72 * mtu;
}

double fc_ieee_headroom_bytes(double speed_gbps, double cable_m, double mtu)
{
	static const struct { int gbps, quanta; } q[] = {
		{ 10, 67 }, { 25, 80 }, { 40, 118 }, { 50, 147 }, { 100, 394 }, { 200, 453 }, { 400, 905 },
	};
	size_t i;
	double cable;

	for (i = 0; i < sizeof(q) / sizeof(q[0]); i++)
		if (q[i].gbps == (int)speed_gbps)
			break;
	if (i == sizeof(q) / sizeof(q[0]))
		return 0;
	cable = ceil(2.0 * cable_m * speed_gbps * 1e9 / 198000000.0 / 8.0);
	return 2.0 * mtu + cable + q[i].quanta * 512.0 / 8.0;
}

enum verdict { V_NA, V_PASS, V_FAIL, V_UNKNOWN, V_LOSSY };

static enum verdict end_check(struct fc_rctx *c, struct fc_finding *f, const struct fc_endpoint *e, int prio)
{
	const struct fc_link *l = c->link;
	const char *name = fc_end_name(c, e);
	const struct fc_iface *ifc = e->ifc;
	struct fc_pg pg_port;   /* the port's own buffer, built by fc_iface_pg() */
	const struct fc_pg *pg;
	bool set, nobuf;
	int64_t floor, have;
	double need;

	if (!ifc) {
		fc_ev(c, f, name, "port", NULL, "unknown: %s", e->dev ? "no data for the port" : "device not in the inventory");
		return V_UNKNOWN;
	}
	if (!ifc->pfc_prios.m.known) {
		fc_ev_unknown(c, f, name, "PFC priorities", &ifc->pfc_prios.m);
		return V_UNKNOWN;
	}
	if (!(ifc->pfc_prios.v & (1 << prio))) {
		fc_ev(c, f, name, "PFC priorities", &ifc->pfc_prios.m.src, "priority %d is not lossless here: headroom n/a",
		      prio);
		return V_NA;
	}
	if (fc_is_switch(e)) {   /* the buffer of the class RoCE really lands in, on its resolved path */
		const struct fc_hop *h = fc_hop_of(ifc, FC_TC_ROCE);
		struct fc_tri nd = fc_hop_nodrop(ifc, prio);

		if (!h || nd.v < 0) {
			fc_ev(c, f, name, "RoCE no-drop", nd.src, "unknown: %s", nd.why);
			return V_UNKNOWN;
		}
		if (!nd.v) {   /* PFC is on for the priority, yet RoCE's class does not pause: no headroom holds it */
			fc_ev(c, f, name, "RoCE's class", nd.src, "%s: traffic class %lld pauses no priority %d, so no "
								  "headroom is reserved for RoCE",
			      nd.text, (long long)h->tc.v, prio);
			return V_LOSSY;
		}
		pg = &h->buf;
	} else {
		pg = fc_iface_pg(ifc, prio, &pg_port);
	}
	/* a buffer of 0 bytes (the switch reports none for the group) holds no headroom whatever the
	 * threshold: judged, not UNKNOWN */
	nobuf = pg->size.m.known && pg->size.v == 0 && !pg->headroom.m.known;
	if (!ifc->speed_mbps.m.known || !ifc->mtu.m.known || !l->length_m.m.known ||
	    (!pg->size.m.known && !pg->headroom.m.known) ||
	    (fc_is_switch(e) && !pg->xoff.m.known && !pg->headroom.m.known && !nobuf)) {
		if (!ifc->speed_mbps.m.known)
			fc_ev_unknown(c, f, name, "speed", &ifc->speed_mbps.m);
		if (!ifc->mtu.m.known)
			fc_ev_unknown(c, f, name, "MTU", &ifc->mtu.m);
		if (!l->length_m.m.known)
			fc_ev_unknown(c, f, name, "cable length", &l->length_m.m);
		if (!pg->size.m.known && !pg->headroom.m.known)
			fc_ev_unknown(c, f, name, "buffer", pg->headroom.m.why ? &pg->headroom.m : &pg->size.m);
		else if (fc_is_switch(e) && !pg->xoff.m.known && pg->headroom.m.why)
			fc_ev_unknown(c, f, name, "headroom", &pg->headroom.m);   /* the platform's own word on it */
		else if (fc_is_switch(e) && !pg->xoff.m.known)
			fc_ev(c, f, name, "pause-threshold", &pg->size.m.src, "unknown: pause buffer-size without pause-threshold");
		return V_UNKNOWN;
	}
	if (fc_is_switch(e)) {
		struct fc_hr_need hn;

		have = pg->headroom.m.known ? pg->headroom.v : nobuf ? 0 : pg->size.v - pg->xoff.v;
		if (!fc_switch_headroom(e->dev, fc_param_str(c, "switch_model"), (double)ifc->speed_mbps.v / 1000.0,
					l->length_m.v, (double)ifc->mtu.v, &hn)) {
			fc_ev(c, f, name, "headroom model", NULL, "unknown: %s: %s at %lldG, %.1f m", hn.model, hn.why,
			      (long long)(ifc->speed_mbps.v / 1000), l->length_m.v);
			return V_UNKNOWN;
		}
		need = hn.bytes;
		if (pg->headroom.m.known)
			fc_ev(c, f, name, "headroom", &pg->headroom.m.src,
			      "%lld B (as the platform states it%s%s), needs >= %.0f B for %lldG, %.1f m, MTU %lld",
			      (long long)have, pg->headroom.m.why ? ": " : "", pg->headroom.m.why ? pg->headroom.m.why : "",
			      need, (long long)(ifc->speed_mbps.v / 1000), l->length_m.v, (long long)ifc->mtu.v);
		else if (nobuf)
			fc_ev(c, f, name, "headroom", &pg->size.m.src,
			      "0 B (no pause buffer for the priority's group), needs >= %.0f B for %lldG, %.1f m, MTU %lld",
			      need, (long long)(ifc->speed_mbps.v / 1000), l->length_m.v, (long long)ifc->mtu.v);
		else
			fc_ev(c, f, name, "headroom", &pg->size.m.src,
			      "%lld B (pause buffer-size %lld - pause-threshold %lld), needs >= %.0f B for %lldG, %.1f m, MTU %lld",
			      (long long)have, (long long)pg->size.v, (long long)pg->xoff.v, need,
			      (long long)(ifc->speed_mbps.v / 1000), l->length_m.v, (long long)ifc->mtu.v);
		fc_ev(c, f, name, "headroom model", hn.row.file ? &hn.row : NULL, "%s%s: %s", hn.model,
		      hn.bucket_m > 0 && hn.bucket_m < 1e8 ? fc_rstr(c, " (cable bucket %.0f m)", hn.bucket_m) : "",
		      hn.source);
	} else {
		int64_t maxmtu = fc_param_int(c, "host_max_mtu", &set);
		int64_t cell = fc_param_int(c, "host_cell_bytes", &set);
		double xoff = fc_mlx5_xoff_bytes((double)ifc->speed_mbps.v / 1000.0, l->length_m.v, (double)ifc->mtu.v);

		have = pg->size.v;
		need = ceil(xoff) + (double)maxmtu + (double)cell;
		fc_ev(c, f, name, "receive buffer", &pg->size.m.src,
		      "%lld B for priority %d, needs >= %.0f B (mlx5 xoff %.0f + max_mtu %lld + cell %lld) for %lldG, %.1f m, "
		      "MTU %lld",
		      (long long)have, prio, need, ceil(xoff), (long long)maxmtu, (long long)cell,
		      (long long)(ifc->speed_mbps.v / 1000), l->length_m.v, (long long)ifc->mtu.v);
	}
	/* the two numbers alone, for the reports' link matrix (engine.h) */
	fc_ev(c, f, name, FC_EV_HEADROOM, &pg->size.m.src, "%lld B / %.0f B", (long long)have, need);
	floor = fc_param_int(c, "min_headroom_bytes", &set);
	if (set && have < floor) {
		struct fc_src where;

		fc_policy_param(c->eng->policy, c->rule, "min_headroom_bytes", &where);
		fc_ev(c, f, name, "policy floor", where.file ? &where : NULL, "%lld B < min_headroom_bytes %lld",
		      (long long)have, (long long)floor);
		return V_FAIL;
	}
	if ((double)have < need && fc_is_switch(e) && !f->cause) {   /* one buffer, many ports: one root cause */
		const struct fc_src *bs = pg->headroom.m.known ? &pg->headroom.m.src : &pg->size.m.src;
		char where[600];

		if (bs->file)
			fc_finding_cause(c, f, e->dev, "the pause buffer of %s: %lld B of headroom",
					 fc_src_str(bs, where, sizeof(where)), (long long)have);
	}
	return (double)have >= need ? V_PASS : V_FAIL;
}

/* An end is judged only where the RoCE priority is lossless (or where that is unknown). */
static bool end_not_lossless(const struct fc_endpoint *e, int prio)
{
	return e->ifc && e->ifc->pfc_prios.m.known && !(e->ifc->pfc_prios.v & (1 << prio));
}

static void hr_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const struct fc_intent *in = &c->m->intent;
	struct fc_finding *f;
	enum verdict v[2];
	int prio, k, fails = 0, unknowns = 0, lossy = -1;

	if (!in->roce_prio.m.known) {
		f = fc_finding_new(c, FC_UNKNOWN, fc_link_subject(c, l), "the RoCE priority is not declared");
		fc_ev(c, f, "inventory", "fabric.roce.priority", NULL, "unknown: not declared in the inventory");
		return;
	}
	prio = (int)in->roce_prio.v;
	/* Not a lossless link for the RoCE priority: headroom does not apply. */
	if (end_not_lossless(&l->a, prio) && end_not_lossless(&l->b, prio))
		return;
	f = fc_finding_new(c, FC_PASS, fc_link_subject(c, l), "-");
	if (!f)
		return;
	v[0] = end_check(c, f, &l->a, prio);
	v[1] = end_check(c, f, &l->b, prio);
	if (l->length_m.m.known)
		fc_ev(c, f, "link", "cable length", &l->length_m.m.src, "%.1f m", l->length_m.v);
	for (k = 0; k < 2; k++) {
		fails += v[k] == V_FAIL;
		unknowns += v[k] == V_UNKNOWN;
		if (v[k] == V_LOSSY && lossy < 0)
			lossy = k;
	}
	if (lossy >= 0) {
		f->status = FC_FAIL;
		fc_finding_set_message(c, f, "PFC is on for priority %d at %s, but RoCE's class there is not no-drop: no "
					     "headroom is reserved for RoCE, which is dropped under congestion "
					     "(PFC-NODROP-CLASS says why)", prio, fc_end_name(c, lossy ? &l->b : &l->a));
	} else if (fails) {
		f->status = FC_FAIL;
		fc_finding_set_message(c, f, "PFC headroom for priority %d is below what speed, cable length and MTU "
					     "require on %s: lossless traffic will be dropped under congestion",
				       prio, fails == 2 ? "both ends" : v[0] == V_FAIL ? fc_end_name(c, &l->a)
										: fc_end_name(c, &l->b));
	} else if (unknowns) {
		f->status = FC_UNKNOWN;
		fc_finding_set_message(c, f, "headroom for priority %d could not be checked on every end", prio);
	} else {
		fc_finding_set_message(c, f, "headroom for priority %d covers speed, cable length and MTU", prio);
	}
}

const struct fc_rule fc_rule_hr_size = {
	.id = "HR-SIZE",
	.aspect = FC_ASPECT_HEADROOM,
	.severity = FC_SEV_CRITICAL,
	.scope = FC_SCOPE_LINK,
	.inputs = "each end's ingress buffer of the RoCE priority (host: buffers_by_priority; switch: the RoCE "
		  "hop's buffer size and pause threshold, or the headroom it states), speed_mbps, mtu; switch: "
		  "asic_family, or its own headroom table (hr_rows); link: length (plan or module)",
	.reads_switch = FC_CAP_QOS_PATH | FC_CAP_PG_BUFFERS | FC_CAP_ASIC | FC_CAP_LINK | FC_CAP_MTU | FC_CAP_PFC,
	.reads_host = FC_CAP_PG_BUFFERS | FC_CAP_LINK | FC_CAP_MTU | FC_CAP_PFC,
	.params = params,
	.needs_switch = FC_CAP_QOS_PATH,
	.run = hr_run,
};
