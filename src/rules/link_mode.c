/* SPDX-License-Identifier: MIT */
/* Link-mode rules: L1-LANES-MODULATION ((speed, lanes) of both ends: 50G-R2 NRZ vs 50G-R1 PAM4,
 * 100G-R4/R2/R1, 200G-R4/R2) and L1-MEDIUM-CR-KR (cable vs backplane PMDs on one medium). */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

/* The PMD of a link-mode name, 0 when it names none of the enum's. */
static enum fc_pmd mode_pmd(const char *mode)
{
	struct fc_lmode lm;

	return fc_lmode_parse(mode, &lm) ? lm.pmd : 0;
}

static const char *lane_desc(struct fc_rctx *c, int64_t speed_mbps, int64_t lanes)
{
	int64_t per = lanes > 0 ? speed_mbps / lanes / 1000 : 0;
	enum fc_modulation mod = fc_modulation_of_lane(per);

	if (per >= 100)
		per = 100;
	else if (per >= 50)
		per = 50;
	else if (per >= 25)
		per = 25;
	else if (per >= 10)
		per = 10;
	else
		return "lanes";
	return fc_rstr(c, "%s %lldG lanes", fc_modulation_name(mod), (long long)per);
}

/* The lane counts of o's advertised modes at speed, "2 or 4" ("" when none). */
static const char *lanes_at(struct fc_rctx *c, const struct fc_offer *o, int64_t speed)
{
	char buf[64];
	size_t i, used = 0;
	unsigned seen = 0;

	buf[0] = '\0';
	for (i = 0; o->modes && i < o->modes->n; i++) {
		struct fc_lmode lm;

		if (!fc_lmode_parse(o->modes->v[i], &lm) || lm.speed_mbps != speed || lm.lanes < 1 || lm.lanes > 16 ||
		    (seen & (1u << lm.lanes)))
			continue;
		seen |= 1u << lm.lanes;
		used += (size_t)snprintf(buf + used, sizeof(buf) - used, "%s%d", used ? " or " : "", lm.lanes);
		if (used >= sizeof(buf))
			break;
	}
	return fc_rstr(c, "%s", buf);
}

static void lanes_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const struct fc_endpoint *e[2] = { &l->a, &l->b };
	const char *subj = fc_link_subject(c, l), *pre;
	struct fc_finding *f;
	struct fc_offer o[2];
	int64_t speed[2], lanes[2];
	int k, s = -1;

	for (k = 0; k < 2; k++)
		if (e[k]->ifc)
			fc_offer_of(e[k]->ifc, &o[k]);
		else
			memset(&o[k], 0, sizeof(o[k]));
	for (k = 0; k < 2; k++)
		if (fc_offer_single(&o[k]) && o[k].lanes && s < 0)
			s = k;
	/* judged: both ends one (speed, lanes), or one end that and the other advertising modes */
	if (s < 0 || !(fc_offer_single(&o[1 - s]) ? o[1 - s].lanes != 0 : o[1 - s].basis == FC_OFFER_MODES)) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "speed and lane count are not known on both ends");
		for (k = 0; k < 2; k++) {
			const char *name = fc_end_name(c, e[k]);

			if (!e[k]->ifc) {
				fc_ev(c, f, name, "port", NULL, "unknown: %s", e[k]->dev ? "the device's data has no such port"
											  : "device not in the inventory");
				continue;
			}
			if (!o[k].basis)
				fc_ev_unknown(c, f, name, "speed", &e[k]->ifc->speed_mbps.m);
			else if (fc_offer_single(&o[k]) && !o[k].lanes)
				fc_ev_unknown(c, f, name, "lanes", &e[k]->ifc->lanes.m);
		}
		return;
	}
	pre = fc_offer_running(&o[0], &o[1]) ? "" : "not up, judged from intent: ";
	for (k = 0; k < 2; k++)
		speed[k] = o[k].speed, lanes[k] = o[k].lanes;
	if (!fc_offer_single(&o[1 - s])) {
		const char *at = lanes_at(c, &o[1 - s], speed[s]), *hit = fc_offer_has(&o[1 - s], speed[s], lanes[s], 0);

		if (hit)
			f = fc_finding_new(c, FC_PASS, subj, "%s%s %s and %s advertises %s: %lldG over %lld %s", pre,
					   fc_end_name(c, e[s]), fc_offer_desc(c, &o[s]), fc_end_name(c, e[1 - s]), hit,
					   (long long)(speed[s] / 1000), (long long)lanes[s], lane_desc(c, speed[s], lanes[s]));
		else if (*at)
			f = fc_finding_new(c, FC_FAIL, subj, "%s%s %s (%s); %s advertises %lldG only over %s lanes: the lane "
							     "signalling cannot interoperate", pre, fc_end_name(c, e[s]),
					   fc_offer_desc(c, &o[s]), lane_desc(c, speed[s], lanes[s]), fc_end_name(c, e[1 - s]),
					   (long long)(speed[s] / 1000), at);
		else
			f = fc_finding_new(c, FC_FAIL, subj, "%s%s %s; %s %s, none at %lldG", pre, fc_end_name(c, e[s]),
					   fc_offer_desc(c, &o[s]), fc_end_name(c, e[1 - s]), fc_offer_desc(c, &o[1 - s]),
					   (long long)(speed[s] / 1000));
	} else if (speed[0] == speed[1] && lanes[0] == lanes[1]) {
		f = fc_finding_new(c, FC_PASS, subj, "%sboth ends %s %lldG over %lld %s", pre, *pre ? "are set to" : "run",
				   (long long)(speed[0] / 1000), (long long)lanes[0], lane_desc(c, speed[0], lanes[0]));
	} else if (speed[0] == speed[1]) {
		f = fc_finding_new(c, FC_FAIL, subj,
				   "%s%lldG over %lld %s on %s vs %lld %s on %s: the lane signalling cannot interoperate "
				   "(the link stays down or trains to a lower common mode)", pre,
				   (long long)(speed[0] / 1000), (long long)lanes[0], lane_desc(c, speed[0], lanes[0]),
				   fc_end_name(c, e[0]), (long long)lanes[1], lane_desc(c, speed[1], lanes[1]),
				   fc_end_name(c, e[1]));
	} else {
		f = fc_finding_new(c, FC_FAIL, subj, "%s(speed, lanes) differ: %lldG x%lld on %s vs %lldG x%lld on %s", pre,
				   (long long)(speed[0] / 1000), (long long)lanes[0], fc_end_name(c, e[0]),
				   (long long)(speed[1] / 1000), (long long)lanes[1], fc_end_name(c, e[1]));
	}
	for (k = 0; k < 2; k++) {
		const char *name = fc_end_name(c, e[k]);
		const struct fc_iface *ifc = e[k]->ifc;

		fc_offer_ev(c, f, name, &o[k]);
		if (ifc->link_mode.m.known)
			fc_ev(c, f, name, "link mode", &ifc->link_mode.m.src, "%s", ifc->link_mode.v);
		if (fc_swport(ifc)->breakout.m.known)
			fc_ev(c, f, name, "breakout", &fc_swport(ifc)->breakout.m.src, "map %s", fc_swport(ifc)->breakout.v);
		if (fc_xcvr(ifc)->type.m.known)
			fc_ev(c, f, name, "transceiver", &fc_xcvr(ifc)->type.m.src, "%s", fc_xcvr(ifc)->type.v);
	}
}

const struct fc_rule fc_rule_l1_lanes = {
	.id = "L1-LANES-MODULATION",
	.aspect = FC_ASPECT_L1,
	.severity = FC_SEV_CRITICAL,
	.scope = FC_SCOPE_LINK,
	.inputs = "each end's speed_mbps and lanes (else the lanes its link_mode names); evidence: link_mode, "
		  "breakout, transceiver type",
	.reads_switch = FC_CAP_LINK | FC_CAP_DOM | FC_CAP_CONFIG,
	.reads_host = FC_CAP_LINK,
	.params = fc_no_params,
	.run = lanes_run,
};

/* Modes of one end at a given speed, as PMD letters found (bit 0 CR, bit 1 KR, bit 2 other). */
static unsigned pmds_at(const struct fc_strlist *modes, int64_t speed)
{
	unsigned bits = 0;
	size_t i;

	for (i = 0; i < modes->n; i++) {
		struct fc_lmode lm;

		if (!fc_lmode_parse(modes->v[i], &lm) || lm.speed_mbps != speed)
			continue;
		bits |= lm.pmd == FC_PMD_CR ? 1u : lm.pmd == FC_PMD_KR ? 2u : 4u;
	}
	return bits;
}

/* The mode a port with autonegotiation off is forced to, when it is of the other medium's PMD (KR
 * on a DAC, CR on a backplane); NULL otherwise. With autonegotiation off, the modes a port
 * advertises are the one it is forced to (ethtool on mlx5 reports it so). */
static const char *forced_wrong(const struct fc_iface *ifc, enum fc_medium medium)
{
	enum fc_pmd want = medium == FC_MEDIUM_DAC ? FC_PMD_KR : medium == FC_MEDIUM_BACKPLANE ? FC_PMD_CR : 0;
	enum fc_pmd other = want == FC_PMD_KR ? FC_PMD_CR : FC_PMD_KR;
	const char *hit = NULL;
	size_t i;

	if (!want || !ifc || !ifc->autoneg.m.known || ifc->autoneg.v || !ifc->modes_advertised.m.known)
		return NULL;
	for (i = 0; i < ifc->modes_advertised.n; i++) {
		enum fc_pmd p = mode_pmd(ifc->modes_advertised.v[i]);

		if (p == other)
			return NULL;   /* it may also run the right one */
		if (p == want && !hit)
			hit = ifc->modes_advertised.v[i];
	}
	return hit;
}

/* The PMDs (pmds_at bits) an end offers at speed: its mode's, else those of its advertised modes. */
static unsigned offer_pmds(const struct fc_offer *o, int64_t speed)
{
	if (fc_offer_single(o))
		return o->speed != speed || !o->pmd ? 0 : o->pmd == FC_PMD_CR ? 1u : o->pmd == FC_PMD_KR ? 2u : 4u;
	return o->modes ? pmds_at(o->modes, speed) : 0;
}

/* Where a mode in use is not known (the link down, a config repository): the PMDs each end can
 * use at the speed the other is set to. An end that can only use backplane modes on a DAC (or
 * cable modes on a backplane) fails; two known, agreeing ends pass; true when judged. */
static bool intent_pmds(struct fc_rctx *c, const char *subj, const struct fc_endpoint *const e[2],
			const struct fc_medium_val *med)
{
	struct fc_offer o[2];
	unsigned bits[2];
	struct fc_finding *f = NULL;
	int64_t speed = 0;
	int k;

	for (k = 0; k < 2; k++)
		fc_offer_of(e[k]->ifc, &o[k]);
	for (k = 0; k < 2 && !speed; k++)
		if (fc_offer_single(&o[k]))
			speed = o[k].speed;
	if (!speed || !med)
		return false;
	for (k = 0; k < 2; k++) {
		bits[k] = offer_pmds(&o[k], speed);
		/* an end set to the speed with no mode of its own runs what its module is: on the
		 * plan's DAC a cable mode, on a backplane a backplane one */
		if (!bits[k] && fc_offer_single(&o[k]) && o[k].speed == speed && !o[k].pmd)
			bits[k] = med->v == FC_MEDIUM_DAC ? 1u : med->v == FC_MEDIUM_BACKPLANE ? 2u : 0;
	}
	for (k = 0; k < 2 && !f; k++) {
		unsigned wrong = med->v == FC_MEDIUM_DAC ? 2u : med->v == FC_MEDIUM_BACKPLANE ? 1u : 0;

		if (wrong && bits[k] == wrong)
			f = fc_finding_new(c, FC_FAIL, subj, "not up, judged from intent: %s %s, only %s modes at %lld Mb/s, on a "
							     "%s: %s", fc_end_name(c, e[k]), fc_offer_desc(c, &o[k]),
					   wrong == 2u ? "backplane (KR)" : "cable (CR)", (long long)speed, fc_medium_name(med->v),
					   wrong == 2u ? "a backplane mode mistunes a cable's equalisation"
						       : "a cable mode on a backplane trace");
	}
	if (!f && ((bits[0] & bits[1] & 3u) && (med->v != FC_MEDIUM_DAC || (bits[0] & bits[1] & 1u))))
		f = fc_finding_new(c, FC_PASS, subj, "not up, judged from intent: both ends can use %s modes at %lld Mb/s",
				   (bits[0] & bits[1] & 1u) ? "cable (CR)" : "backplane (KR)", (long long)speed);
	if (!f)
		return false;
	for (k = 0; k < 2; k++)
		fc_offer_ev(c, f, fc_end_name(c, e[k]), &o[k]);
	fc_ev(c, f, "link", "medium", &med->m.src, "%s", fc_medium_name(med->v));
	return true;
}

static void cr_kr_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const struct fc_endpoint *e[2] = { &l->a, &l->b };
	const char *subj = fc_link_subject(c, l);
	const struct fc_iface *ia = l->a.ifc, *ib = l->b.ifc;
	struct fc_finding *f;
	const struct fc_medium_val *med = NULL;
	enum fc_pmd p0, p1;
	int k;

	struct fc_medium_val plan_med;

	for (k = 0; k < 2; k++)
		if (e[k]->ifc && e[k]->ifc->medium.m.known)
			med = &e[k]->ifc->medium;
	/* the cabling plan's cable says the medium where no module does (a config repository) */
	if (!med && l->cable.m.known && (l->cable.v == FC_CABLE_DAC || l->cable.v == FC_CABLE_BACKPLANE)) {
		plan_med.m = l->cable.m;
		plan_med.v = l->cable.v == FC_CABLE_DAC ? FC_MEDIUM_DAC : FC_MEDIUM_BACKPLANE;
		med = &plan_med;
	}
	/* a port forced (autonegotiation off) to a PMD of the other medium fails, whatever speed the
	 * link came up at, and when it is down */
	for (k = 0; med && k < 2; k++) {
		const struct fc_iface *ifc = e[k]->ifc;
		const char *bad;

		if (!(bad = forced_wrong(ifc, med->v)))
			continue;
		f = fc_finding_new(c, FC_FAIL, subj, "%s is forced to %s (autonegotiation off) on a %s: %s", fc_end_name(c, e[k]),
				   bad, fc_medium_name(med->v), med->v == FC_MEDIUM_DAC
									? "a backplane (KR) mode mistunes a cable's equalisation"
									: "a cable (CR) mode on a backplane trace");
		fc_ev(c, f, fc_end_name(c, e[k]), "autonegotiation", &ifc->autoneg.m.src, "off");
		fc_ev(c, f, fc_end_name(c, e[k]), "forced mode", &ifc->modes_advertised.m.src, "%s", bad);
		fc_ev(c, f, "link", "medium", &med->m.src, "%s", fc_medium_name(med->v));
		return;
	}
	if (ia && ib && (!ia->link_mode.m.known || !ib->link_mode.m.known) && intent_pmds(c, subj, e, med))
		return;
	if (!ia || !ib || !ia->link_mode.m.known || !ib->link_mode.m.known) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the link mode in use is not known on both ends");
		for (k = 0; k < 2; k++)
			if (!e[k]->ifc)
				fc_ev(c, f, fc_end_name(c, e[k]), "port", NULL, "unknown: no data for the port");
			else if (e[k]->ifc->link_mode.m.known)
				fc_ev(c, f, fc_end_name(c, e[k]), "link mode", &e[k]->ifc->link_mode.m.src, "%s",
				      e[k]->ifc->link_mode.v);
			else
				fc_ev_unknown(c, f, fc_end_name(c, e[k]), "link mode", &e[k]->ifc->link_mode.m);
		return;
	}
	p0 = mode_pmd(ia->link_mode.v);
	p1 = mode_pmd(ib->link_mode.v);
	if (p0 && p1 && p0 == p1) {
		f = fc_finding_new(c, FC_PASS, subj, "both ends use %s PMDs", fc_pmd_name(p0));
	} else if (p0 && p1 && (p0 == FC_PMD_KR || p1 == FC_PMD_KR) && (p0 == FC_PMD_CR || p1 == FC_PMD_CR)) {
		f = fc_finding_new(c, FC_FAIL, subj,
				   "one end runs a backplane (KR) mode and the other a cable (CR) mode%s%s: 40G/100G-4 "
				   "links stay down; 25G/50G links come up with mistuned equalisation and high pre-FEC BER",
				   med ? " on " : "", med ? fc_medium_name(med->v) : "");
	} else if (p0 && p1) {
		f = fc_finding_new(c, FC_PASS, subj, "PMDs %s and %s are not a cable/backplane pair", fc_pmd_name(p0),
				   fc_pmd_name(p1));
	} else {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the link modes in use name no PMD type");
	}
	for (k = 0; k < 2; k++) {
		const struct fc_iface *ifc = e[k]->ifc;

		fc_ev(c, f, fc_end_name(c, e[k]), "link mode", &ifc->link_mode.m.src, "%s", ifc->link_mode.v);
		if (ifc->medium.m.known)
			fc_ev(c, f, fc_end_name(c, e[k]), "medium", &ifc->medium.m.src, "%s", fc_medium_name(ifc->medium.v));
		if (ifc->modes_advertised.m.known && ifc->speed_mbps.m.known &&
		    pmds_at(&ifc->modes_advertised, ifc->speed_mbps.v) == 2u && med && med->v == FC_MEDIUM_DAC)
			fc_ev(c, f, fc_end_name(c, e[k]), "advertised", &ifc->modes_advertised.m.src,
			      "only KR modes at %lld Mb/s on a DAC", (long long)ifc->speed_mbps.v);
	}
	/* A DAC end that advertises only KR at its speed fails even when the modes in use agree. */
	for (k = 0; f && f->status == FC_PASS && k < 2; k++) {
		const struct fc_iface *ifc = e[k]->ifc;

		if (med && med->v == FC_MEDIUM_DAC && ifc->modes_advertised.m.known && ifc->speed_mbps.m.known &&
		    pmds_at(&ifc->modes_advertised, ifc->speed_mbps.v) == 2u) {
			f->status = FC_FAIL;
			fc_finding_set_message(c, f, "%s advertises only KR (backplane) modes on a DAC", fc_end_name(c, e[k]));
		}
	}
}

const struct fc_rule fc_rule_l1_cr_kr = {
	.id = "L1-MEDIUM-CR-KR",
	.aspect = FC_ASPECT_L1,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_LINK,
	.inputs = "each end's link_mode, modes_advertised (with autoneg off: the forced mode), autoneg; the medium",
	.reads_switch = FC_CAP_LINK | FC_CAP_DOM,
	.reads_host = FC_CAP_LINK | FC_CAP_DOM,
	.params = fc_no_params,
	.run = cr_kr_run,
};
