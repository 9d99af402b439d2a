/* SPDX-License-Identifier: MIT */
/* Transceiver and PFC-watchdog checks, rule catalog §9 and §3:
 *   DDM-THRESH     every DOM value inside the module's own alarm (FAIL) and warning (WARN) window;
 *                  75 C and -12 dBm (multimode SR only) as WARN fallbacks where a module reports
 *                  no thresholds; never a fixed bias limit; one lane's Rx 3 dB below the others FAILs;
 *   PFC-WD-SWITCH  the PFC watchdog is on for the switch ports of lossless links;
 *   DDM-LINK-BUDGET  far-end Tx minus near-end Rx, lane by lane, within the fibre's budget. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

#define NOLIM ((double)NAN)   /* no limit on that side */

static const struct fc_rule_param ddm_params[] = {
	{ "fallback_temp_c", FC_PARAM_DBL, "75", "WARN at or above this temperature where a module reports no thresholds [P]", .min = -40, .max = 150 },
	{ "fallback_rx_dbm", FC_PARAM_DBL, "-12", "WARN below this Rx power on multimode SR optics without thresholds [P]", .min = -40, .max = 10 },
	{ "lane_rx_spread_db", FC_PARAM_DBL, "3", "FAIL when one lane's Rx is this far below the module's best lane [P]", .min = 0, .max = 40 },
	{ .key = NULL },
};

struct ddm_state {
	enum fc_status worst;
	const char *why;          /* the first value that set worst */
};

static void judge(struct fc_rctx *c, struct ddm_state *s, const char *what, int lane, const struct fc_dom_val *v,
		  double fb_hi, double fb_lo)
{
	enum fc_status st = FC_PASS;
	const char *why = NULL;
	char where[24] = "";

	if (!v->m.known)
		return;
	if (lane > 0)
		snprintf(where, sizeof(where), " lane %d", lane);
	if (v->thresholds) {
		if (v->v > v->hi_alarm || v->v < v->lo_alarm)
			st = FC_FAIL, why = fc_rstr(c, "%s%s %.2f is beyond the module's alarm window %.2f..%.2f",
						       what, where, v->v, v->lo_alarm, v->hi_alarm);
		else if (v->v > v->hi_warn || v->v < v->lo_warn)
			st = FC_WARN, why = fc_rstr(c, "%s%s %.2f is beyond the module's warning window "
								 "%.2f..%.2f",
						       what, where, v->v, v->lo_warn, v->hi_warn);
	} else if ((!isnan(fb_hi) && v->v >= fb_hi) || (!isnan(fb_lo) && v->v < fb_lo)) {
		st = FC_WARN, why = fc_rstr(c, "%s%s %.2f crosses the fallback %.2f (the module reports no "
							 "thresholds of its own)",
					       what, where, v->v, !isnan(fb_hi) && v->v >= fb_hi ? fb_hi : fb_lo);
	}
	if (st == FC_FAIL ? s->worst != FC_FAIL : st == FC_WARN && s->worst == FC_PASS) {
		s->worst = st;
		s->why = why;
	}
}

static void ddm_iface(struct fc_rctx *c, const struct fc_iface *ifc)
{
	const struct fc_xcvr *x = fc_xcvr(ifc);
	const char *subj = fc_rstr(c, "%s:%s", c->dev->name, ifc->name);
	struct ddm_state s = { FC_PASS, NULL };
	struct fc_finding *f;
	bool set, sr = x->type.m.known && strstr(x->type.v, "SR");
	double fb_temp = fc_param_dbl(c, "fallback_temp_c", &set), fb_rx = fc_param_dbl(c, "fallback_rx_dbm", &set);
	double spread = fc_param_dbl(c, "lane_rx_spread_db", &set), best = -(double)INFINITY, low = (double)INFINITY;
	int low_lane = 0, nrx = 0;
	size_t i;

	if (!x->dom_supported.m.known || !x->dom_supported.v || !x->nlanes)
		return;   /* no module, a passive DAC, or no monitors: nothing to judge */
	for (i = 0; i < x->nlanes; i++) {
		const struct fc_dom_lane *L = &x->lanes[i];

		judge(c, &s, "temperature (C)", 0, &L->temp_c, fb_temp, NOLIM);
		judge(c, &s, "voltage (V)", 0, &L->volt_v, NOLIM, NOLIM);
		judge(c, &s, "bias (mA)", L->lane, &L->bias_ma, NOLIM, NOLIM);   /* no fixed bias limit */
		judge(c, &s, "Tx power (dBm)", L->lane, &L->tx_dbm, NOLIM, NOLIM);
		judge(c, &s, "Rx power (dBm)", L->lane, &L->rx_dbm, NOLIM, sr ? fb_rx : NOLIM);
		if (L->lane > 0 && L->rx_dbm.m.known) {
			nrx++;
			best = L->rx_dbm.v > best ? L->rx_dbm.v : best;
			if (L->rx_dbm.v < low)
				low = L->rx_dbm.v, low_lane = L->lane;
		}
	}
	if (s.worst == FC_FAIL)
		f = fc_finding_new(c, FC_FAIL, subj, "%s", s.why);
	else if (nrx > 1 && best - low > spread)
		f = fc_finding_new(c, FC_FAIL, subj, "lane %d receives %.2f dBm, %.1f dB below the module's best lane: a "
						     "dirty or damaged fibre on that lane",
				   low_lane, low, best - low);
	else if (s.worst == FC_WARN)
		f = fc_finding_new(c, FC_WARN, subj, "%s", s.why);
	else
		f = fc_finding_new(c, FC_PASS, subj, "every monitored value inside the %s window",
				   x->lanes[0].temp_c.thresholds ? "module's own" : "fallback");
	if (x->type.m.known)
		fc_ev(c, f, subj, "transceiver", &x->type.m.src, "%s", x->type.v);
	for (i = 0; i < x->nlanes; i++) {
		const struct fc_dom_lane *L = &x->lanes[i];

		if (L->lane > 0 && L->rx_dbm.m.known)
			fc_ev(c, f, subj, fc_rstr(c, "lane %d Rx/Tx/bias", L->lane), &L->rx_dbm.m.src,
			      "%.2f dBm / %s / %s", L->rx_dbm.v,
			      L->tx_dbm.m.known ? fc_rstr(c, "%.2f dBm", L->tx_dbm.v) : "?",
			      L->bias_ma.m.known ? fc_rstr(c, "%.2f mA", L->bias_ma.v) : "?");
		else if (L->lane == 0 && L->temp_c.m.known)
			fc_ev(c, f, subj, "temperature", &L->temp_c.m.src, "%.2f C", L->temp_c.v);
	}
}

static void ddm_run(struct fc_rctx *c)
{
	size_t i;

	for (i = 0; i < c->dev->nifaces; i++)
		ddm_iface(c, c->dev->ifaces[i]);
}

const struct fc_rule fc_rule_ddm_thresh = {
	.id = "DDM-THRESH",
	.live = true,
	.aspect = FC_ASPECT_OPTICS,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "each end's transceiver: DOM lanes (temperature, voltage, bias, Tx and Rx power) with the "
		  "module's own thresholds and flags",
	.reads_switch = FC_CAP_DOM,
	.reads_host = FC_CAP_DOM,
	.params = ddm_params,
	.run = ddm_run,
};

/* --- PFC-WD-SWITCH ----------------------------------------------------------------------------- */

static void wd_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const struct fc_endpoint *sw = fc_is_switch(&l->a) ? &l->a : fc_is_switch(&l->b) ? &l->b : NULL;
	const char *subj = fc_link_subject(c, l), *n;
	struct fc_finding *f;

	if (!sw || !sw->ifc)
		return;
	n = fc_end_name(c, sw);
	if (sw->ifc->pfc_prios.m.known && sw->ifc->pfc_prios.v == 0)
		return;   /* not a lossless port: no pause to watch */
	if (!fc_swport(sw->ifc)->pfc_watchdog.m.known) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the PFC watchdog state of %s is not known", n);
		fc_ev_unknown(c, f, n, "PFC watchdog", &fc_swport(sw->ifc)->pfc_watchdog.m);
		return;
	}
	if (!fc_swport(sw->ifc)->pfc_watchdog.v)
		f = fc_finding_new(c, FC_FAIL, subj, "the PFC watchdog is off on %s: a pause storm from the peer freezes "
						     "the lossless class until someone intervenes",
				   n);
	else
		f = fc_finding_new(c, FC_PASS, subj, "the PFC watchdog is on on %s", n);
	fc_ev(c, f, n, "PFC watchdog", &fc_swport(sw->ifc)->pfc_watchdog.m.src, "%s", fc_swport(sw->ifc)->pfc_watchdog.v ? "on" : "off");
}

const struct fc_rule fc_rule_pfcwd_switch = {
	.id = "PFC-WD-SWITCH",
	.aspect = FC_ASPECT_PFC,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_LINK,
	.inputs = "switch port: pfc_watchdog; pfc_prios_mask",
	.reads_switch = FC_CAP_CONFIG | FC_CAP_PFC,
	.reads_host = 0,
	.params = fc_no_params,
	.needs_switch = FC_CAP_CONFIG,
	.run = wd_run,
};

/* --- DDM-LINK-BUDGET ------------------------------------------------------------------------------- */

static const struct fc_rule_param budget_params[] = {
	{ "mmf_max_loss_db", FC_PARAM_DBL, "3", "WARN when far-end Tx minus near-end Rx exceeds this on multimode fibre [P]", .min = 0, .max = 40 },
	{ "smf_max_loss_db", FC_PARAM_DBL, "6.3",
	  "WARN above this on single-mode fibre: the channel insertion loss of 100GBASE-LR4 (802.3ba) [B]", .min = 0, .max = 40 },
	{ .key = NULL },
};

/* The lanes of x that carry optical power readings, in order; returns the count. */
static size_t power_lanes(const struct fc_xcvr *x, const struct fc_dom_lane **out, size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < x->nlanes && n < max; i++)
		if (x->lanes[i].tx_dbm.m.known || x->lanes[i].rx_dbm.m.known)
			out[n++] = &x->lanes[i];
	return n;
}

static void budget_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const struct fc_endpoint *e[2] = { &l->a, &l->b };
	const char *subj = fc_link_subject(c, l);
	const struct fc_dom_lane *ln[2][16];
	const struct fc_dom_lane *wt = NULL, *wr = NULL;
	size_t n[2], i;
	struct fc_finding *f;
	double limit, worst = -1e9;
	bool set, sm;
	int k, wk = 0;

	if (!l->a.ifc || !l->b.ifc)
		return;   /* the port rules say which end is missing */
	if (l->cable.m.known && (l->cable.v == FC_CABLE_DAC || l->cable.v == FC_CABLE_AOC))
		return;   /* no separable fibre: nothing to budget */
	if (!l->cable.m.known && (!l->a.ifc->medium.m.known || l->a.ifc->medium.v != FC_MEDIUM_FIBRE) &&
	    (!l->b.ifc->medium.m.known || l->b.ifc->medium.v != FC_MEDIUM_FIBRE))
		return;   /* not known to be fibre: copper and AOC links have no budget */
	if (!l->cable.m.known || (l->cable.v != FC_CABLE_FIBRE_MM && l->cable.v != FC_CABLE_FIBRE_SM)) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the fibre type (multimode or single-mode) is not known: the plan "
							"gives cable fibre-mm or fibre-sm");
		fc_ev_unknown(c, f, "plan", "cable", &l->cable.m);
		return;
	}
	sm = l->cable.v == FC_CABLE_FIBRE_SM;
	limit = fc_param_dbl(c, sm ? "smf_max_loss_db" : "mmf_max_loss_db", &set);
	for (k = 0; k < 2; k++)
		n[k] = power_lanes(fc_xcvr(e[k]->ifc), ln[k], 16);
	if (!n[0] || !n[1] || n[0] != n[1]) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, !n[0] || !n[1] ? "optical power is not reported on both ends"
								      : "the ends report %zu and %zu lanes: the lane "
									"mapping of a breakout is not modelled",
				   n[0], n[1]);
		for (k = 0; k < 2; k++)
			if (!n[k])
				fc_ev_unknown(c, f, fc_end_name(c, e[k]), "DOM", &fc_xcvr(e[k]->ifc)->dom_supported.m);
		return;
	}
	for (k = 0; k < 2; k++)
		for (i = 0; i < n[k]; i++) {
			const struct fc_dom_lane *tx = ln[1 - k][i], *rx = ln[k][i];

			if (tx->tx_dbm.m.known && rx->rx_dbm.m.known && tx->tx_dbm.v - rx->rx_dbm.v > worst) {
				worst = tx->tx_dbm.v - rx->rx_dbm.v;
				wt = tx, wr = rx, wk = k;
			}
		}
	if (!wt) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "no lane has Tx power on one end and Rx power on the other");
		return;
	}
	if (worst > limit)
		f = fc_finding_new(c, FC_WARN, subj, "%.2f dB lost from %s to %s%s, over the %.1f dB budget of %s fibre: "
						     "dirty or damaged connector, or a patch too many",
				   worst, fc_end_name(c, e[1 - wk]), fc_end_name(c, e[wk]),
				   wr->lane > 0 ? fc_rstr(c, " (lane %d)", wr->lane) : "", limit,
				   sm ? "single-mode" : "multimode");
	else
		f = fc_finding_new(c, FC_PASS, subj, "at most %.2f dB lost between the ends (budget %.1f dB, %s)", worst,
				   limit, sm ? "single-mode" : "multimode");
	fc_ev(c, f, fc_end_name(c, e[1 - wk]), wt->lane > 0 ? fc_rstr(c, "lane %d Tx", wt->lane) : "Tx",
	      &wt->tx_dbm.m.src, "%.2f dBm", wt->tx_dbm.v);
	fc_ev(c, f, fc_end_name(c, e[wk]), wr->lane > 0 ? fc_rstr(c, "lane %d Rx", wr->lane) : "Rx",
	      &wr->rx_dbm.m.src, "%.2f dBm", wr->rx_dbm.v);
	fc_ev(c, f, "plan", "cable", &l->cable.m.src, "%s", fc_cable_name(l->cable.v));
}

const struct fc_rule fc_rule_ddm_budget = {
	.id = "DDM-LINK-BUDGET",
	.live = true,
	.aspect = FC_ASPECT_OPTICS,
	.severity = FC_SEV_MEDIUM,
	.scope = FC_SCOPE_LINK,
	.inputs = "both ends' transceiver DOM: Tx power per lane on one end, Rx power per lane on the other; plan: "
		  "cable fibre-mm or fibre-sm",
	.reads_switch = FC_CAP_DOM | FC_CAP_LINK,
	.reads_host = FC_CAP_DOM | FC_CAP_LINK,
	.params = budget_params,
	.run = budget_run,
};
