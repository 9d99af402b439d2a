/* SPDX-License-Identifier: MIT */
/* Two-ended link rules that compare one attribute of both ends (rule catalog §1, §2, §3, §6):
 *   L1-SPEED-MATCH   both ends at the same speed, and at the designed speed;
 *   L1-AN-DAC        autonegotiation on at both ends or off at both (on for DACs, off for optics);
 *   FEC-MATCH        the same active FEC on both ends (a down link's FEC is no evidence);
 *   PFC-LLFC-OFF     802.3x pause off on both ends of a PFC link;
 *   PFC-PRIO-MATCH   the RoCE priority lossless on both ends, the PFC sets equal;
 *   MTU-HOST-SWITCH  the switch port's MTU carries the host's largest frame, and every switch-to-switch
 *                    hop carries the fabric's RoCE MTU. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

/* Both ends' interfaces, or an UNKNOWN finding naming the missing one; false then. */
static bool both_ends(struct fc_rctx *c, const char *subj, const struct fc_iface *ifc[2])
{
	const struct fc_link *l = c->link;
	const struct fc_endpoint *e[2] = { &l->a, &l->b };
	struct fc_finding *f = NULL;
	int k;

	for (k = 0; k < 2; k++) {
		ifc[k] = e[k]->ifc;
		if (ifc[k])
			continue;
		if (!f)
			f = fc_finding_new(c, FC_UNKNOWN, subj, "a port of the link was not seen in the collected data");
		fc_ev(c, f, fc_end_name(c, e[k]), "port", NULL, "unknown: %s",
		      e[k]->dev ? "the device's data has no such port" : "device not in the inventory");
	}
	return !f;
}

static void unknown_attr(struct fc_rctx *c, const char *subj, const char *what, const struct fc_meta *m[2])
{
	const struct fc_endpoint *e[2] = { &c->link->a, &c->link->b };
	struct fc_finding *f = fc_finding_new(c, FC_UNKNOWN, subj, "the %s is not known on both ends", what);
	int k;

	for (k = 0; k < 2; k++)
		if (!m[k]->known)
			fc_ev_unknown(c, f, fc_end_name(c, e[k]), what, m[k]);
}
/* Both ends' interfaces with the attribute at moff (an fc_meta inside struct fc_iface) known on
 * each; otherwise an UNKNOWN finding naming what is missing, and false. */
static bool ends_known(struct fc_rctx *c, const char *subj, const struct fc_iface *ifc[2], size_t moff,
		       const char *what)
{
	const struct fc_meta *m[2];
	int k;

	if (!both_ends(c, subj, ifc))
		return false;
	for (k = 0; k < 2; k++)
		m[k] = (const struct fc_meta *)(const void *)((const char *)ifc[k] + moff);
	if (m[0]->known && m[1]->known)
		return true;
	unknown_attr(c, subj, what, m);
	return false;
}


/* --- L1-SPEED-MATCH ----------------------------------------------------------------------------- */

/* "not up, judged from intent: " where either end is not running */
static const char *intent_prefix(const struct fc_offer o[2])
{
	return fc_offer_running(&o[0], &o[1]) ? "" : "not up, judged from intent: ";
}

static void speed_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const char *subj = fc_link_subject(c, l), *n[2] = { fc_end_name(c, &l->a), fc_end_name(c, &l->b) };
	const struct fc_int *design = &l->design_speed_mbps;
	const struct fc_iface *ifc[2];
	struct fc_offer o[2];
	struct fc_finding *f;
	const char *pre;
	int k;

	if (!both_ends(c, subj, ifc))
		return;
	for (k = 0; k < 2; k++)
		fc_offer_of(ifc[k], &o[k]);
	if (!o[0].basis || !o[1].basis) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the speed is not known on both ends: neither state nor "
							"configuration states it, nor the modes advertised");
		for (k = 0; k < 2; k++)
			if (!o[k].basis)
				fc_ev_unknown(c, f, n[k], "speed", &ifc[k]->speed_mbps.m);
		return;
	}
	pre = intent_prefix(o);
	if (fc_offer_running(&o[0], &o[1])) {
		if (o[0].speed != o[1].speed)
			f = fc_finding_new(c, FC_FAIL, subj, "%lld Mb/s on %s vs %lld Mb/s on %s", (long long)o[0].speed, n[0],
					   (long long)o[1].speed, n[1]);
		else if (design->m.known && o[0].speed != design->v)
			f = fc_finding_new(c, FC_FAIL, subj, "both ends run %lld Mb/s, the plan says %lld Mb/s",
					   (long long)o[0].speed, (long long)design->v);
		else
			f = fc_finding_new(c, FC_PASS, subj, "both ends at %lld Mb/s%s", (long long)o[0].speed,
					   design->m.known ? ", as planned" : "");
	} else if (fc_offer_single(&o[0]) && fc_offer_single(&o[1])) {
		if (o[0].speed != o[1].speed)
			f = fc_finding_new(c, FC_FAIL, subj, "%s%s %s, %s %s: the ends cannot link", pre, n[0],
					   fc_offer_desc(c, &o[0]), n[1], fc_offer_desc(c, &o[1]));
		else if (design->m.known && o[0].speed != design->v)
			f = fc_finding_new(c, FC_FAIL, subj, "%sboth ends are set to %lld Mb/s, the plan says %lld Mb/s", pre,
					   (long long)o[0].speed, (long long)design->v);
		else
			f = fc_finding_new(c, FC_PASS, subj, "%sboth ends at %lld Mb/s%s", pre, (long long)o[0].speed,
					   design->m.known ? ", as planned" : "");
	} else if (fc_offer_single(&o[0]) || fc_offer_single(&o[1])) {
		int s = fc_offer_single(&o[0]) ? 0 : 1;   /* the end set to one speed; 1 - s advertises */
		const char *hit = fc_offer_has(&o[1 - s], o[s].speed, 0, 0);

		if (!hit)
			f = fc_finding_new(c, FC_FAIL, subj, "%s%s %s; %s %s, none at %lld Mb/s: the ends cannot link", pre, n[s],
					   fc_offer_desc(c, &o[s]), n[1 - s], fc_offer_desc(c, &o[1 - s]), (long long)o[s].speed);
		else if (design->m.known && o[s].speed != design->v)
			f = fc_finding_new(c, FC_FAIL, subj, "%s%s %s, the plan says %lld Mb/s", pre, n[s], fc_offer_desc(c, &o[s]),
					   (long long)design->v);
		else
			f = fc_finding_new(c, FC_PASS, subj, "%s%s %s and %s advertises %s: both at %lld Mb/s%s", pre, n[s],
					   fc_offer_desc(c, &o[s]), n[1 - s], hit, (long long)o[s].speed,
					   design->m.known ? ", as planned" : "");
	} else {
		int64_t top = fc_offer_top_common(&o[0], &o[1]);

		if (!top)
			f = fc_finding_new(c, FC_FAIL, subj, "%s%s %s; %s %s: no speed in common", pre, n[0],
					   fc_offer_desc(c, &o[0]), n[1], fc_offer_desc(c, &o[1]));
		else if (design->m.known && !(fc_offer_has(&o[0], design->v, 0, 0) && fc_offer_has(&o[1], design->v, 0, 0)))
			f = fc_finding_new(c, FC_FAIL, subj, "%sthe ends have no mode at the planned %lld Mb/s in common (they "
							     "would train at %lld Mb/s)", pre, (long long)design->v, (long long)top);
		else
			f = fc_finding_new(c, FC_PASS, subj, "%sboth ends advertise %lld Mb/s%s", pre,
					   design->m.known ? (long long)design->v : (long long)top,
					   design->m.known ? ", as planned" : ": they train at the highest in common");
	}
	for (k = 0; k < 2; k++)
		fc_offer_ev(c, f, n[k], &o[k]);
	if (design->m.known)
		fc_ev(c, f, "plan", "speed", &design->m.src, "%lld Mb/s", (long long)design->v);
}

/* --- FEC-MATCH ------------------------------------------------------------------------------------ */

bool fc_iface_down(const struct fc_iface *ifc)
{
	return ifc->oper_state.m.known && strcmp(ifc->oper_state.v, "up");
}

/* Gb/s per lane of a port, 0 when speed or lane count is not known. */
int64_t fc_lane_gbps(const struct fc_iface *ifc)
{
	if (!ifc->speed_mbps.m.known || !ifc->lanes.m.known || ifc->lanes.v <= 0)
		return 0;
	return ifc->speed_mbps.v / 1000 / ifc->lanes.v;
}

enum fc_fec fc_fec_at(enum fc_fec v, int64_t gbps)
{
	if (v != FC_FEC_RS || !gbps)
		return v;
	return fc_modulation_of_lane(gbps) == FC_MODULATION_PAM4 ? FC_FEC_RS544 : FC_FEC_RS528;
}

/* The FEC an end decodes. Linux prints RS(528,514) and RS(544,514) alike as "RS"; on a PAM4
 * lane (50G and up) only RS(544,514) exists, so there "rs" is rs544, and on an NRZ lane rs528. */
enum fc_fec fc_fec_effective(const struct fc_iface *ifc)
{
	return fc_fec_at(ifc->fec_active.v, fc_lane_gbps(ifc));
}

/* Reed-Solomon named without its code (rs, at an unknown lane rate) against a stated code. */
static bool rs_unresolved(enum fc_fec a, enum fc_fec b)
{
	return (a == FC_FEC_RS && (b == FC_FEC_RS528 || b == FC_FEC_RS544)) ||
	       (b == FC_FEC_RS && (a == FC_FEC_RS528 || a == FC_FEC_RS544));
}

/* Gb/s per lane an end offers: its own speed and lanes, else its peer's (a down host states none). */
static int64_t offer_gbps(const struct fc_offer *o, const struct fc_offer *peer)
{
	const struct fc_offer *set = fc_offer_single(o) ? o : fc_offer_single(peer) ? peer : NULL;
	const struct fc_offer *other = set == o ? peer : o;
	const char *mode;
	struct fc_lmode lm;

	if (set && set->lanes > 0)
		return set->speed / 1000 / set->lanes;
	if (set && other->lanes > 0 && fc_offer_single(other) && other->speed == set->speed)
		return set->speed / 1000 / other->lanes;
	/* one end set to a speed, the other advertising it over one lane count: those lanes */
	if (set && !fc_offer_single(other) && (mode = fc_offer_has(other, set->speed, 0, 0)) &&
	    fc_lmode_parse(mode, &lm) && lm.lanes > 0)
		return set->speed / 1000 / lm.lanes;
	return 0;
}

static void fec_ev(struct fc_rctx *c, struct fc_finding *f, const char *n, const struct fc_iface *ifc, int64_t gbps)
{
	if (ifc->fec_config.m.known)
		fc_ev(c, f, n, "configured FEC", &ifc->fec_config.m.src, "%s%s%s%s%s", fc_fec_name(ifc->fec_config.v),
		      fc_fec_at(ifc->fec_config.v, gbps) != ifc->fec_config.v
			      ? fc_rstr(c, " (RS on %lldG lanes: %s)", (long long)gbps,
					fc_fec_name(fc_fec_at(ifc->fec_config.v, gbps))) : "",
		      /* a platform default says so */
		      ifc->fec_config.m.why ? " (" : "", ifc->fec_config.m.why ? ifc->fec_config.m.why : "",
		      ifc->fec_config.m.why ? ")" : "");
	if (ifc->fec_active.m.known)
		fc_ev(c, f, n, "active FEC", &ifc->fec_active.m.src, "%s%s", fc_fec_name(ifc->fec_active.v),
		      fc_fec_effective(ifc) != ifc->fec_active.v
			      ? fc_rstr(c, " (RS on %lldG lanes: %s)", (long long)fc_lane_gbps(ifc),
					fc_fec_name(fc_fec_effective(ifc))) : "");
	if (ifc->oper_state.m.known)
		fc_ev(c, f, n, "state", &ifc->oper_state.m.src, "%s", ifc->oper_state.v);
}

/* PAM4 lanes need RS(544,514): a port configured for no FEC, BASE-R or RS(528,514) there fails from
 * its configuration alone, up or down (IEEE 802.3 clauses 131-134: 50GBASE-R1, 100GBASE-R2,
 * 200GBASE-R4 and 400GBASE-R8 mandate RS(544,514)). */
static bool pam4_config(struct fc_rctx *c, const char *subj, const char *const n[2], const struct fc_iface *ifc[2],
			const int64_t gbps[2], const struct fc_offer o[2])
{
	struct fc_finding *f;
	int k;

	for (k = 0; k < 2; k++) {
		enum fc_fec v;

		if (!ifc[k]->fec_config.m.known || fc_modulation_of_lane(gbps[k]) != FC_MODULATION_PAM4)
			continue;
		v = fc_fec_at(ifc[k]->fec_config.v, gbps[k]);
		if (v != FC_FEC_OFF && v != FC_FEC_BASER && v != FC_FEC_RS528)
			continue;
		f = fc_finding_new(c, FC_FAIL, subj, "%s is configured for FEC %s on %lldG PAM4 lanes, which require "
						     "RS(544,514): the link stays down or runs with errors it cannot correct",
				   n[k], fc_fec_name(v), (long long)gbps[k]);
		fec_ev(c, f, n[k], ifc[k], gbps[k]);
		fc_offer_ev(c, f, n[k], &o[k]);
		fec_ev(c, f, n[1 - k], ifc[1 - k], gbps[1 - k]);
		return true;
	}
	return false;
}

static void fec_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const char *subj = fc_link_subject(c, l), *n[2] = { fc_end_name(c, &l->a), fc_end_name(c, &l->b) };
	const struct fc_iface *ifc[2];
	struct fc_offer o[2];
	enum fc_fec e[2];
	int64_t gbps[2];
	struct fc_finding *f;
	bool pam4;
	int k;

	if (!both_ends(c, subj, ifc))
		return;
	for (k = 0; k < 2; k++)
		fc_offer_of(ifc[k], &o[k]);
	for (k = 0; k < 2; k++)
		gbps[k] = offer_gbps(&o[k], &o[1 - k]);
	if (pam4_config(c, subj, n, ifc, gbps, o))
		return;
	pam4 = fc_modulation_of_lane(gbps[0]) == FC_MODULATION_PAM4 || fc_modulation_of_lane(gbps[1]) == FC_MODULATION_PAM4;
	if (fc_offer_running(&o[0], &o[1]) && !fc_iface_down(ifc[0]) && !fc_iface_down(ifc[1])) {
		/* up: what both ends decode */
		if (!ifc[0]->fec_active.m.known || !ifc[1]->fec_active.m.known) {
			const struct fc_meta *m[2] = { &ifc[0]->fec_active.m, &ifc[1]->fec_active.m };

			unknown_attr(c, subj, "active FEC", m);
			return;
		}
		for (k = 0; k < 2; k++)
			e[k] = fc_fec_effective(ifc[k]);
		if (rs_unresolved(e[0], e[1]))
			f = fc_finding_new(c, FC_UNKNOWN, subj, "%s reports RS, which is RS(528) or RS(544) depending on its "
								"lane rate, and its speed or lane count is not known",
					   e[0] == FC_FEC_RS ? n[0] : n[1]);
		else if (e[0] != e[1])
			f = fc_finding_new(c, FC_FAIL, subj, "active FEC %s on %s vs %s on %s: the ends cannot decode each other",
					   fc_fec_name(e[0]), n[0], fc_fec_name(e[1]), n[1]);
		else if (pam4 && e[0] != FC_FEC_RS544)
			f = fc_finding_new(c, FC_FAIL, subj, "both ends run %s FEC on PAM4 lanes, which require RS(544,514): "
							     "the link runs with errors it cannot correct", fc_fec_name(e[0]));
		else
			/* an end on auto and one forced decode the same code here: nothing to change
			 * (a NIC shipping auto, a switch configuring the code) */
			f = fc_finding_new(c, FC_PASS, subj, "both ends decode %s FEC", fc_fec_name(e[0]));
	} else if (!ifc[0]->fec_config.m.known || !ifc[1]->fec_config.m.known) {
		/* not up: what each end is configured for */
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the link is not up and the configured FEC is not known on both "
							"ends: nothing says what they will run");
		for (k = 0; k < 2; k++)
			if (!ifc[k]->fec_config.m.known)
				fc_ev_unknown(c, f, n[k], "configured FEC", &ifc[k]->fec_config.m);
	} else {
		bool a0 = ifc[0]->fec_config.v == FC_FEC_AUTO, a1 = ifc[1]->fec_config.v == FC_FEC_AUTO;

		for (k = 0; k < 2; k++)
			e[k] = fc_fec_at(ifc[k]->fec_config.v, gbps[k]);
		if (a0 && a1)
			f = fc_finding_new(c, FC_PASS, subj, "not up, judged from intent: both ends negotiate FEC (auto)");
		else if (a0 || a1)
			f = e[a0 ? 1 : 0] == FC_FEC_OFF && !pam4
				    ? fc_finding_new(c, FC_WARN, subj, "not up, judged from intent: %s is set to auto and %s to "
								      "off: an end on auto against one forced off can fail to "
								      "link (Cisco documents it as link down)",
						     n[a0 ? 0 : 1], n[a0 ? 1 : 0])
				    : fc_finding_new(c, FC_PASS, subj, "not up, judged from intent: %s is set to auto, %s to %s, "
								      "which auto selects on these lanes",
						     n[a0 ? 0 : 1], n[a0 ? 1 : 0], fc_fec_name(e[a0 ? 1 : 0]));
		else if (rs_unresolved(e[0], e[1]))
			f = fc_finding_new(c, FC_UNKNOWN, subj, "not up: %s is configured for RS, RS(528) or RS(544) by its lane "
								"rate, which is not known", e[0] == FC_FEC_RS ? n[0] : n[1]);
		else if (e[0] != e[1])
			f = fc_finding_new(c, FC_FAIL, subj, "not up, judged from intent: %s is configured for FEC %s, %s for %s: "
							     "the ends cannot decode each other", n[0], fc_fec_name(e[0]), n[1],
					   fc_fec_name(e[1]));
		else
			f = fc_finding_new(c, FC_PASS, subj, "not up, judged from intent: both ends are configured for %s FEC",
					   fc_fec_name(e[0]));
	}
	for (k = 0; k < 2; k++)
		fec_ev(c, f, n[k], ifc[k], gbps[k]);
}

/* --- PFC-LLFC-OFF --------------------------------------------------------------------------------- */

static void llfc_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const char *subj = fc_link_subject(c, l), *n[2] = { fc_end_name(c, &l->a), fc_end_name(c, &l->b) };
	const struct fc_iface *ifc[2];
	struct fc_finding *f;
	bool on[2], known = true;
	int k;

	if (!both_ends(c, subj, ifc))
		return;
	for (k = 0; k < 2; k++) {
		known &= ifc[k]->pause_rx.m.known && ifc[k]->pause_tx.m.known;
		on[k] = (ifc[k]->pause_rx.m.known && ifc[k]->pause_rx.v) || (ifc[k]->pause_tx.m.known && ifc[k]->pause_tx.v);
	}
	if (on[0] || on[1])
		f = fc_finding_new(c, FC_FAIL, subj, "802.3x pause is on at %s%s%s: PFC and link-level pause exclude each "
						     "other (on mlx5 global pause makes every buffer lossless)",
				   on[0] ? n[0] : "", on[0] && on[1] ? " and " : "", on[1] ? n[1] : "");
	else if (!known) {
		const struct fc_meta *m[2] = { ifc[0]->pause_rx.m.known ? &ifc[0]->pause_tx.m : &ifc[0]->pause_rx.m,
					       ifc[1]->pause_rx.m.known ? &ifc[1]->pause_tx.m : &ifc[1]->pause_rx.m };

		unknown_attr(c, subj, "802.3x pause", m);
		return;
	} else
		f = fc_finding_new(c, FC_PASS, subj, "802.3x pause off on both ends");
	for (k = 0; k < 2; k++)
		if (ifc[k]->pause_rx.m.known && ifc[k]->pause_tx.m.known)
			fc_ev(c, f, n[k], "802.3x pause", &ifc[k]->pause_rx.m.src, "rx %s, tx %s", ifc[k]->pause_rx.v ? "on" : "off",
			      ifc[k]->pause_tx.v ? "on" : "off");
}

/* --- MTU-HOST-SWITCH ------------------------------------------------------------------------------ */

static const struct fc_rule_param mtu_params[] = {
	{ "l2_overhead", FC_PARAM_INT, "18",
	  "bytes a switch counts beyond the host's IP MTU: Ethernet header 14 + 802.1Q tag 4 [B]", .min = 0, .max = 64 },
	{ .key = NULL },
};

/* A switch-to-switch hop carries what the hosts send: the fabric's RoCE MTU plus the L2 header. */
static void isl_mtu(struct fc_rctx *c, const char *subj)
{
	const struct fc_link *l = c->link;
	const struct fc_endpoint *e[2] = { &l->a, &l->b };
	const struct fc_iface *ifc[2];
	const struct fc_int *fm = &c->m->intent.mtu;
	struct fc_finding *f;
	int64_t need, over;
	bool set;
	int k, low = -1;

	if (!ends_known(c, subj, ifc, offsetof(struct fc_iface, mtu.m), "MTU"))
		return;
	if (!fm->m.known) {
		fc_finding_new(c, FC_UNKNOWN, subj, "the fabric MTU is not declared (inventory fabric.roce.mtu): nothing to "
						    "hold the hop to");
		return;
	}
	over = fc_param_int(c, "l2_overhead", &set);
	need = fm->v + over;
	for (k = 0; k < 2 && low < 0; k++)
		if (ifc[k]->mtu.v < need)
			low = k;
	if (low >= 0)
		f = fc_finding_new(c, FC_FAIL, subj, "%s has MTU %lld, below the fabric's %lld + %lld bytes of L2 header: "
						     "full-size RoCE frames are dropped on this hop",
				   fc_end_name(c, e[low]), (long long)ifc[low]->mtu.v, (long long)fm->v, (long long)over);
	else
		f = fc_finding_new(c, FC_PASS, subj, "both ends of the hop carry the fabric's %lld-byte packets", (long long)fm->v);
	for (k = 0; k < 2; k++)
		fc_ev(c, f, fc_end_name(c, e[k]), "MTU", &ifc[k]->mtu.m.src, "%lld", (long long)ifc[k]->mtu.v);
	fc_ev(c, f, "intent", "fabric MTU", &fm->m.src, "%lld", (long long)fm->v);
}

static void mtu_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const char *subj = fc_link_subject(c, l);
	const struct fc_endpoint *sw = fc_is_switch(&l->a) ? &l->a : fc_is_switch(&l->b) ? &l->b : NULL;
	const struct fc_endpoint *host = fc_is_host(&l->a) ? &l->a : fc_is_host(&l->b) ? &l->b : NULL;
	const struct fc_iface *ifc[2];
	const struct fc_meta *m[2];
	struct fc_finding *f;
	int64_t over, need;
	bool set;

	if (sw && !host && fc_is_switch(&l->a) && fc_is_switch(&l->b)) {
		isl_mtu(c, subj);
		return;
	}
	if (!sw || !host)
		return;   /* a device outside the inventory: the port rules say so */
	if (!both_ends(c, subj, ifc))
		return;
	m[0] = &sw->ifc->mtu.m, m[1] = &host->ifc->mtu.m;
	if (!m[0]->known || !m[1]->known) {
		unknown_attr(c, subj, "MTU", m);
		return;
	}
	over = fc_param_int(c, "l2_overhead", &set);
	/* a switch port's MTU is its largest L2 frame without FCS (the model's definition: adapters
	 * convert), the host's is the IP MTU */
	need = host->ifc->mtu.v + over;
	if (sw->ifc->mtu.v < need)
		f = fc_finding_new(c, FC_FAIL, subj, "switch port MTU %lld is below the host's %lld + %lld bytes of L2 "
						     "header: full-size RoCE frames are dropped as giants",
				   (long long)sw->ifc->mtu.v, (long long)host->ifc->mtu.v, (long long)over);
	else
		f = fc_finding_new(c, FC_PASS, subj, "switch port MTU %lld carries the host's %lld-byte packets",
				   (long long)sw->ifc->mtu.v, (long long)host->ifc->mtu.v);
	fc_ev(c, f, fc_end_name(c, sw), "MTU", &sw->ifc->mtu.m.src, "%lld", (long long)sw->ifc->mtu.v);
	fc_ev(c, f, fc_end_name(c, host), "MTU", &host->ifc->mtu.m.src, "%lld", (long long)host->ifc->mtu.v);
}

/* --- PFC-PRIO-MATCH ------------------------------------------------------------------------------ */

static void prios_text(char *buf, size_t size, int64_t mask)
{
	int p;

	buf[0] = '\0';
	for (p = 0; p < 8; p++)
		if (mask & (1 << p))
			snprintf(buf + strlen(buf), size - strlen(buf), "%s%d", buf[0] ? "," : "", p);
	if (!buf[0])
		snprintf(buf, size, "none");
}

/* The priorities the fabric's classes other than RoCE ride on the link, as a mask: the CNP's (a
 * host's CNP priority, a switch port's CNP traffic class where the resolved path gives one); an
 * end that states none adds none. */
static int64_t fabric_prios(const struct fc_iface *const ifc[2])
{
	int64_t mask = 0;
	int k;

	for (k = 0; k < 2; k++) {
		const struct fc_nic *nic = fc_nic(ifc[k]);
		const struct fc_hop *h = fc_hop_of(ifc[k], FC_TC_CNP);

		if (nic->cnp_prio.m.known && nic->cnp_prio.v >= 0 && nic->cnp_prio.v < 8)
			mask |= (int64_t)1 << nic->cnp_prio.v;
		if (h && h->tc.m.known && h->tc.v >= 0 && h->tc.v < 8)
			mask |= (int64_t)1 << h->tc.v;
	}
	return mask;
}

static void pfc_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const struct fc_intent *in = &c->m->intent;
	const char *subj = fc_link_subject(c, l), *n[2] = { fc_end_name(c, &l->a), fc_end_name(c, &l->b) };
	const struct fc_iface *ifc[2];
	struct fc_finding *f;
	int64_t bit, used;
	char p[2][32];
	int k;

	if (!ends_known(c, subj, ifc, offsetof(struct fc_iface, pfc_prios.m), "PFC priority set"))
		return;
	if (!in->roce_prio.m.known) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the fabric's RoCE priority is not declared (inventory "
							"fabric.roce.priority)");
		return;
	}
	bit = (int64_t)1 << in->roce_prio.v;
	for (k = 0; k < 2; k++)
		prios_text(p[k], sizeof(p[k]), ifc[k]->pfc_prios.v);
	if (!(ifc[0]->pfc_prios.v & bit) || !(ifc[1]->pfc_prios.v & bit))
		f = fc_finding_new(c, FC_FAIL, subj, "RoCE priority %lld is not lossless on %s: %s",
				   (long long)in->roce_prio.v,
				   !(ifc[0]->pfc_prios.v & bit) && !(ifc[1]->pfc_prios.v & bit) ? "either end"
				   : !(ifc[0]->pfc_prios.v & bit)				    ? n[0]
												    : n[1],
				   (ifc[0]->pfc_prios.v & bit) || (ifc[1]->pfc_prios.v & bit)
					   ? "one end pauses for a priority the other neither honours nor sends pause for: drops"
					   : "RoCE runs lossy");
	else if (ifc[0]->pfc_prios.v != ifc[1]->pfc_prios.v && (used = fabric_prios(ifc) & (ifc[0]->pfc_prios.v ^
												ifc[1]->pfc_prios.v)))
		f = fc_finding_new(c, FC_WARN, subj, "RoCE priority %lld is lossless on both ends; priority %d, which the "
						     "fabric's traffic uses, is lossless on one end only (%s vs %s)",
				   (long long)in->roce_prio.v, __builtin_ctzll((unsigned long long)used), p[0], p[1]);
	else if (ifc[0]->pfc_prios.v != ifc[1]->pfc_prios.v)
		/* a priority lossless on one end only that no class of the fabric is put in carries no
		 * traffic to lose (a switch's stock two lossless priorities against hosts pausing one) */
		f = fc_finding_new(c, FC_PASS, subj, "RoCE priority %lld is lossless on both ends; the other lossless "
						     "priorities differ (%s vs %s) but carry none of the fabric's classes",
				   (long long)in->roce_prio.v, p[0], p[1]);
	else
		f = fc_finding_new(c, FC_PASS, subj, "PFC on priorities %s on both ends", p[0]);
	for (k = 0; k < 2; k++)
		fc_ev(c, f, n[k], "PFC priorities", &ifc[k]->pfc_prios.m.src, "%s", p[k]);
	fc_ev(c, f, "intent", "RoCE priority", &in->roce_prio.m.src, "%lld", (long long)in->roce_prio.v);
}

const struct fc_rule fc_rule_pfc_prio = {
	.id = "PFC-PRIO-MATCH",
	.aspect = FC_ASPECT_PFC,
	.severity = FC_SEV_CRITICAL,
	.scope = FC_SCOPE_LINK,
	.inputs = "each end's pfc_prios_mask (a switch port's follows its pfc_mode: auto is unknown without DCBX); "
		  "intent: RoCE priority",
	.reads_switch = FC_CAP_PFC,
	.reads_host = FC_CAP_PFC,
	.params = fc_no_params,
	.run = pfc_run,
};

/* --- L1-AN-DAC ------------------------------------------------------------------------------------ */

/* Both speeds known and different. */
static bool speeds_differ(const struct fc_iface *const ifc[2])
{
	return ifc[0]->speed_mbps.m.known && ifc[1]->speed_mbps.m.known && ifc[0]->speed_mbps.v != ifc[1]->speed_mbps.v;
}

static void an_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const char *subj = fc_link_subject(c, l), *n[2] = { fc_end_name(c, &l->a), fc_end_name(c, &l->b) };
	const struct fc_iface *ifc[2];
	const struct fc_medium_val *med = NULL;
	const char *mn;
	struct fc_finding *f;
	bool copper;
	int k;

	if (!ends_known(c, subj, ifc, offsetof(struct fc_iface, autoneg.m), "autonegotiation state"))
		return;
	for (k = 0; k < 2 && !med; k++)
		if (ifc[k]->medium.m.known)
			med = &ifc[k]->medium;
	copper = med && (med->v == FC_MEDIUM_DAC || med->v == FC_MEDIUM_BACKPLANE);
	mn = med ? fc_medium_name(med->v) : NULL;
	if (ifc[0]->autoneg.v != ifc[1]->autoneg.v && (!med || copper))
		f = fc_finding_new(c, med ? FC_FAIL : FC_UNKNOWN, subj, "autonegotiation is %s on %s and %s on %s%s",
				   ifc[0]->autoneg.v ? "on" : "off", n[0], ifc[1]->autoneg.v ? "on" : "off", n[1],
				   med ? ": a copper link stays down, flaps or comes up at the wrong speed"
				       : "; the medium is not known: that breaks a DAC link, not an optical one");
	else if (ifc[0]->autoneg.v != ifc[1]->autoneg.v && speeds_differ(ifc))
		f = fc_finding_new(c, FC_FAIL, subj, "autonegotiation is %s on %s and %s on %s of a %s link, and the speeds "
						     "differ (%lld and %lld Mb/s): the forced end does not follow",
				   ifc[0]->autoneg.v ? "on" : "off", n[0], ifc[1]->autoneg.v ? "on" : "off", n[1], mn,
				   (long long)ifc[0]->speed_mbps.v, (long long)ifc[1]->speed_mbps.v);
	else if (med && !copper)
		/* optical PMDs run no Clause 73: on (the usual switch and ConnectX default) or off, both harmless */
		f = fc_finding_new(c, FC_PASS, subj, "autonegotiation %s on a %s link: optical PMDs do not negotiate, "
						     "the setting does not matter there", ifc[0]->autoneg.v == ifc[1]->autoneg.v
						     ? (ifc[0]->autoneg.v ? "on at both ends" : "off at both ends") : "differs",
				   mn);
	else
		f = fc_finding_new(c, FC_PASS, subj, "autonegotiation %s at both ends%s", ifc[0]->autoneg.v ? "on" : "off",
				   med ? fc_rstr(c, " of a %s link", mn) : "");
	for (k = 0; k < 2; k++)
		fc_ev(c, f, n[k], "autonegotiation", &ifc[k]->autoneg.m.src, "%s", ifc[k]->autoneg.v ? "on" : "off");
	if (med)
		fc_ev(c, f, "link", "medium", &med->m.src, "%s", mn);
}

const struct fc_rule fc_rule_l1_an = {
	.id = "L1-AN-DAC",
	.aspect = FC_ASPECT_L1,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_LINK,
	.inputs = "each end's autoneg and speed_mbps; the medium (either end's)",
	.reads_switch = FC_CAP_LINK | FC_CAP_DOM,
	.reads_host = FC_CAP_LINK | FC_CAP_DOM,
	.params = fc_no_params,
	.run = an_run,
};

const struct fc_rule fc_rule_l1_speed = {
	.id = "L1-SPEED-MATCH",
	.aspect = FC_ASPECT_L1,
	.severity = FC_SEV_CRITICAL,
	.scope = FC_SCOPE_LINK,
	.inputs = "each end's speed_mbps; plan: the link's speed",
	.reads_switch = FC_CAP_LINK,
	.reads_host = FC_CAP_LINK,
	.params = fc_no_params,
	.run = speed_run,
};

const struct fc_rule fc_rule_fec_match = {
	.id = "FEC-MATCH",
	.aspect = FC_ASPECT_FEC,
	.severity = FC_SEV_CRITICAL,
	.scope = FC_SCOPE_LINK,
	.inputs = "each end's fec_active and fec_config, lane rate (speed_mbps / lanes) and oper_state",
	.reads_switch = FC_CAP_LINK,
	.reads_host = FC_CAP_LINK,
	.params = fc_no_params,
	.run = fec_run,
};

const struct fc_rule fc_rule_llfc_off = {
	.id = "PFC-LLFC-OFF",
	.aspect = FC_ASPECT_PFC,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_LINK,
	.inputs = "each end's 802.3x pause (pause_rx, pause_tx)",
	.reads_switch = FC_CAP_PFC,
	.reads_host = FC_CAP_PFC,
	.params = fc_no_params,
	.run = llfc_run,
};

const struct fc_rule fc_rule_mtu_host_switch = {
	.id = "MTU-HOST-SWITCH",
	.aspect = FC_ASPECT_MTU,
	.severity = FC_SEV_CRITICAL,
	.scope = FC_SCOPE_LINK,
	.inputs = "each end's mtu (a switch port's: the largest frame; a host's: the IP MTU)",
	.reads_switch = FC_CAP_MTU,
	.reads_host = FC_CAP_MTU,
	.params = mtu_params,
	.run = mtu_run,
};
