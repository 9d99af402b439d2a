/* SPDX-License-Identifier: MIT */
/* NVUE: a port's QoS as NVUE applies it, and each port's settings into the model once every output
 * is read.
 *
 * `nv set qos roce` (mode lossless, NVUE's default; lossless-single-ipool alike but one ingress
 * pool; lossy) configures, unless an explicit setting says otherwise (NVIDIA Cumulus Linux user
 * guide, "RDMA over Converged Ethernet - RoCE"):
 *   trust both (PCP and DSCP; an IP packet is classified by its DSCP), DSCP d to switch priority
 *   d >> 3; switch priority 3 to traffic class 3, 6 to 6, every other to 0; traffic class 6 strict
 *   (CNP), 3 and 0 DWRR 50 % each; ECN on traffic classes 0 and 3, 150,000 to 1,500,000 bytes,
 *   probability 100 %; lossless modes: PFC on switch priority 3 (rx and tx), cable length 100 m,
 *   switch priority 3 in the lossless pool; the LLDP application TLV for UDP 4791.
 * `lossy-multi-tc`: DSCP 1-2 to 1, 3-4 to 2, 5-6 to 3, 11-40 to 4, others 0; switch priority p to
 *   traffic class p; no PFC; ECN on traffic classes 1-3.
 * Without qos roce: trust l2 (PCP p to switch priority p), switch priority p to traffic class p,
 *   DWRR on every class, no PFC, no ECN but the default-global congestion-control's.
 * Explicit settings win field by field: the port's own profile of a kind, else the default-global
 * one, else the mode's default. A custom PFC profile takes rx and tx on and NVUE's 10 m cable length
 * where it sets none. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vendors/nvue/nvue.h"

static const char *const roce_why = "not set: the RoCE mode's default (nv set qos roce)";
static const char *const plain_why = "not set, qos roce not enabled: NVUE's default";

static void dflt(struct fc_int *x, int64_t v, struct fc_src src, const char *why)
{
	fc_set_int(x, v, src);
	x->m.why = why;
}

static void dflt_bool(struct fc_bool *x, bool v, struct fc_src src, const char *why)
{
	fc_set_bool(x, v, src);
	x->m.why = why;
}

static const struct nvue_profile *profile_of(const struct nvue_state *s, const struct nvue_port *p, enum nvue_pkind k,
					     bool *own)
{
	const struct nvue_profile *x;

	*own = false;
	if (p && p->prof[k].m.known && (x = nvue_profile_find(s, k, p->prof[k].v))) {
		*own = strcmp(p->prof[k].v, NVUE_GLOBAL) != 0;
		return x;
	}
	return nvue_profile_find(s, k, NVUE_GLOBAL);
}

#define PICK(dst, field) do { if (pr && pr->field.m.known) (dst) = pr->field; } while (0)

/* What runs over the configuration's values: a switch-wide output applies to the kinds a port
 * takes no profile of its own for, a port's own status to everything. */
static void overlay(struct fc_model *m, struct nvue_eff *e, const struct nvue_roce_shown *sh, bool port)
{
	int d;

	if (sh->trust.m.known && (port || !e->own[NP_MAPPING]))
		e->trust = sh->trust;
	for (d = 0; d < 64; d++)
		if (sh->dscp_sp[d].m.known && (port || !e->own[NP_MAPPING]))
			e->dscp_sp[d] = sh->dscp_sp[d];
	for (d = 0; d < 8; d++)
		if (sh->sp_tc[d].m.known)
			e->sp_tc[d] = sh->sp_tc[d];
	if (port || !e->own[NP_PFC]) {
		if (sh->pfc_prios.m.known)
			e->pfc_prios = sh->pfc_prios;
		if (sh->pfc_rx.m.known)
			e->pfc_rx = sh->pfc_rx;
		if (sh->pfc_tx.m.known)
			e->pfc_tx = sh->pfc_tx;
		if (sh->cable_m.m.known)
			e->cable_m = sh->cable_m;
	}
	for (d = 0; d < 8 && sh->ecn_tcs.m.known && (port || !e->own[NP_CC]); d++) {
		struct nvue_cc_tc *c = &e->cc[d];

		fc_set_bool(&c->ecn, (sh->ecn_tcs.v >> d) & 1, sh->ecn_tcs.m.src);
		if (!c->ecn.v)
			continue;
		if (sh->kmin.m.known)
			c->kmin = sh->kmin;
		if (sh->kmax.m.known)
			c->kmax = sh->kmax;
		if (sh->prob.m.known)
			c->prob = sh->prob;
	}
	for (d = 0; d < 8 && (port || !e->own[NP_SCHED]); d++) {
		if (sh->strict[d].m.known)
			e->sched[d].strict = sh->strict[d];
		if (sh->bw[d].m.known)
			e->sched[d].bw = sh->bw[d];
	}
	(void)m;
}

void nvue_effective(struct fc_model *m, const struct nvue_state *s, const struct nvue_port *p, bool use_shown,
		    struct nvue_eff *e)
{
	const struct nvue_roce_shown *sh = !use_shown ? NULL : p && p->shown ? p->shown
					 : s->shown.src.file ? &s->shown : NULL;
	/* the mode shown running, else the configuration's */
	bool shown = sh && sh->mode.m.known;
	bool roce = shown ? strcmp(sh->mode.v, "off") != 0 : s->roce.m.known && s->roce.v;
	const char *mode = !roce ? NULL : shown ? sh->mode.v : s->roce_mode.m.known ? s->roce_mode.v : "lossless";
	bool lossless = mode && strncmp(mode, "lossy", 5);
	bool multi = mode && !strcmp(mode, "lossy-multi-tc");
	const char *cfg_mode = s->roce.m.known && s->roce.v ? (s->roce_mode.m.known ? s->roce_mode.v : "lossless") : "off";
	/* the line a user changes where the configuration says what runs; the output where it does not */
	struct fc_src src = shown && strcmp(sh->mode.v, cfg_mode) ? sh->mode.m.src : !roce ? s->config
			  : s->roce_mode.m.known ? s->roce_mode.m.src : s->roce.m.src;
	const char *why = roce ? roce_why : plain_why;
	const struct nvue_profile *pr;
	int k, d;

	memset(e, 0, sizeof(*e));
	e->mode = mode;
	e->mode_src = src;
	for (k = 0; k < NP_KINDS; k++)
		e->prof[k] = profile_of(s, p, (enum nvue_pkind)k, &e->own[k]);
	/* classification */
	fc_set_str(m, &e->trust, roce && !multi ? "both" : roce ? "l3" : "l2", src);
	e->trust.m.why = roce ? "not set: qos roce trusts PCP and DSCP (an IP packet by its DSCP)"
			      : "not set, qos roce not enabled: NVUE trusts the PCP (l2)";
	for (d = 0; d < 64; d++) {
		int64_t sp = d >> 3;

		if (multi)
			sp = d == 1 || d == 2 ? 1 : d == 3 || d == 4 ? 2 : d == 5 || d == 6 ? 3 : d >= 11 && d <= 40 ? 4 : 0;
		dflt(&e->dscp_sp[d], sp, src, multi ? "not set: lossy-multi-tc's DSCP map" : "not set: NVUE's default DSCP "
											      "map, DSCP d to switch priority d / 8");
	}
	for (d = 0; d < 8; d++) {
		dflt(&e->pcp_sp[d], d, src, "not set: NVUE's default, PCP p to switch priority p");
		dflt(&e->sp_tc[d], roce && !multi ? (d == 3 || d == 6 ? d : 0) : d, src,
		     roce && !multi ? "not set: qos roce maps switch priority 3 to traffic class 3, 6 to 6, the others to 0"
				    : "not set: NVUE's default, switch priority p to traffic class p");
	}
	if ((pr = e->prof[NP_MAPPING])) {
		PICK(e->trust, trust);
		PICK(e->port_sp, port_sp);
		for (d = 0; d < 64; d++)
			PICK(e->dscp_sp[d], dscp_sp[d]);
		for (d = 0; d < 8; d++)
			PICK(e->pcp_sp[d], pcp_sp[d]);
	}
	for (d = 0; d < 8; d++)
		if (s->sp_tc[d].m.known)
			e->sp_tc[d] = s->sp_tc[d];
	/* PFC */
	dflt(&e->pfc_prios, lossless ? 1 << 3 : 0, src, lossless ? "not set: qos roce's lossless modes pause switch "
								    "priority 3" : why);
	dflt_bool(&e->pfc_rx, lossless, src, why);
	dflt_bool(&e->pfc_tx, lossless, src, why);
	if (lossless)
		dflt(&e->cable_m, 100, src, "not set: qos roce's PFC cable length, 100 m");
	if ((pr = e->prof[NP_PFC])) {
		if (!lossless || strcmp(pr->name, NVUE_GLOBAL)) {   /* a profile of its own: NVUE's profile defaults */
			if (strcmp(pr->name, NVUE_GLOBAL))
				dflt(&e->pfc_prios, 0, pr->src, "the PFC profile names no switch priority");
			dflt_bool(&e->pfc_rx, true, pr->src, "not set in the PFC profile: rx enabled");
			dflt_bool(&e->pfc_tx, true, pr->src, "not set in the PFC profile: tx enabled");
			dflt(&e->cable_m, 10, pr->src, "not set in the PFC profile: NVUE's cable length, 10 m");
		}
		PICK(e->pfc_prios, prios);
		PICK(e->pfc_rx, rx);
		PICK(e->pfc_tx, tx);
		PICK(e->cable_m, cable_m);
	}
	if (!e->cable_m.m.known)
		fc_set_unknown(&e->cable_m.m, "no PFC profile: Spectrum reserves no PFC headroom");
	dflt_bool(&e->pause_rx, false, src, "no qos link-pause: 802.3x pause off");
	dflt_bool(&e->pause_tx, false, src, "no qos link-pause: 802.3x pause off");
	if ((pr = e->prof[NP_PAUSE])) {
		dflt_bool(&e->pause_rx, true, pr->src, "not set in the link-pause profile: rx enabled");
		dflt_bool(&e->pause_tx, true, pr->src, "not set in the link-pause profile: tx enabled");
		PICK(e->pause_rx, rx);
		PICK(e->pause_tx, tx);
	}
	/* egress: ECN and scheduling per traffic class */
	for (d = 0; d < 8; d++) {
		struct nvue_cc_tc *c = &e->cc[d];
		struct nvue_sched_tc *t = &e->sched[d];
		bool ecn = roce && (multi ? d >= 1 && d <= 3 : d == 0 || d == 3);

		c->src = t->src = src;
		dflt_bool(&c->ecn, ecn, src, roce ? "not set: qos roce's congestion control" : "not set: no ECN marking");
		dflt_bool(&c->red, false, src, why);
		if (ecn) {
			dflt(&c->kmin, multi ? 163840 : 150000, src, "not set: qos roce's ECN minimum threshold");
			dflt(&c->kmax, multi ? 240000 : 1500000, src, "not set: qos roce's ECN maximum threshold");
			dflt(&c->prob, multi ? 5 : 100, src, "not set: qos roce's ECN marking probability");
		}
		dflt_bool(&t->strict, roce && !multi && d == 6, src,
			  roce && !multi ? "not set: qos roce serves traffic class 6 (CNP) strict, the others DWRR" : why);
		if (roce && !multi && (d == 0 || d == 3))
			dflt(&t->bw, 50, src, "not set: qos roce gives traffic classes 0 and 3 50 % each");
		else if (multi)
			dflt(&t->bw, (int64_t[]){ 4, 8, 18, 22, 22, 22, 4, 0 }[d], src, "not set: lossy-multi-tc's DWRR share");
		else if (!roce)
			dflt(&t->bw, d % 2 ? 13 : 12, src, "not set: NVUE's default DWRR share");
	}
	if ((pr = e->prof[NP_CC]))
		for (d = 0; d < 8; d++) {
			if (!pr->cc[d].src.file)
				continue;
			e->cc[d].src = pr->cc[d].src;
			PICK(e->cc[d].ecn, cc[d].ecn);
			PICK(e->cc[d].red, cc[d].red);
			PICK(e->cc[d].kmin, cc[d].kmin);
			PICK(e->cc[d].kmax, cc[d].kmax);
			PICK(e->cc[d].prob, cc[d].prob);
		}
	if ((pr = e->prof[NP_SCHED]))
		for (d = 0; d < 8; d++) {
			if (!pr->sched[d].src.file)
				continue;
			e->sched[d].src = pr->sched[d].src;
			PICK(e->sched[d].strict, sched[d].strict);
			PICK(e->sched[d].bw, sched[d].bw);
		}
	/* re-marking */
	if ((pr = e->prof[NP_REMARK])) {
		PICK(e->rewrite, rewrite);
		for (d = 0; d < 8; d++)
			PICK(e->sp_dscp[d], sp_dscp[d]);
	}
	/* the lossless pool: the traffic-pool's priorities, else the paused ones in a lossless mode or
	 * with PFC set by hand */
	if (s->lossless_pool.m.known)
		e->lossless = s->lossless_pool;
	else if (e->pfc_prios.m.known && (e->pfc_rx.v || e->pfc_tx.v) && (!mode || lossless)) {
		e->lossless = e->pfc_prios;
		e->lossless.m.why = "NVUE puts the PFC switch priorities in the lossless pool";
	} else
		dflt(&e->lossless, 0, src, mode ? "qos roce lossy: every pool is lossy" : "no PFC: every pool is lossy");
	if (sh)
		overlay(m, e, sh, sh != &s->shown);
}

/* The lanes of each front-panel port by model (NVIDIA's product briefs): QSFP-DD / OSFP ports of
 * 8 lanes on the SN4700, SN5400 and SN5600; QSFP28 / QSFP56 of 4 on the others. */
static int model_lanes(const char *model)
{
	static const struct { const char *needle; int lanes; } t[] = {
		{ "SN4700", 8 }, { "SN5400", 8 }, { "SN5600", 8 }, { "SN4410", 8 },
		{ "SN2700", 4 }, { "SN2410", 4 }, { "SN3700", 4 }, { "SN3420", 4 }, { "SN4600", 4 }, { "SN3800", 4 },
	};
	size_t i;

	for (i = 0; model && i < sizeof(t) / sizeof(t[0]); i++)
		if (strstr(model, t[i].needle))
			return t[i].lanes;
	return 0;
}

/* swpNsM: the lanes of the parent's breakout share (parent swpN, breakout "Kx"). */
static void breakout_lanes(struct fc_parse_ctx *c, const struct nvue_state *s, struct fc_iface *ifc)
{
	/* a name the configuration gave may be anything: only swpNsM has a parent (a subinterface,
	 * swpNsM.V, has no lanes of its own) */
	const char *sp = strncmp(ifc->name, "swp", 3) || strchr(ifc->name, '.') ? NULL : strchr(ifc->name + 3, 's');
	const struct fc_swport *psw;
	struct fc_iface *parent;
	char name[32];
	long k;
	int total = model_lanes(c->dev->hw_model.m.known ? c->dev->hw_model.v : s->header_model.m.known
			       ? s->header_model.v : NULL);

	if (ifc->lanes.m.known || !sp || !total || (size_t)(sp - ifc->name) >= sizeof(name))
		return;
	snprintf(name, sizeof(name), "%.*s", (int)(sp - ifc->name), ifc->name);
	if (!(parent = fc_dev_find_iface(c->dev, name)) || !(psw = fc_swport(parent))->breakout.m.known)
		return;
	k = strtol(psw->breakout.v, NULL, 10);
	if (k < 1 || k > total || total % k)
		return;
	fc_set_int(&ifc->lanes, total / k, psw->breakout.m.src);
	ifc->lanes.m.why = fc_sprintf(c->m->arena, "%s's breakout %s of its %d lanes", name, psw->breakout.v, total);
}

static enum fc_rc port_model(struct fc_parse_ctx *c, const struct nvue_state *s, struct nvue_port *p)
{
	struct fc_model *m = c->m;
	struct fc_iface *ifc = p->ifc;
	struct fc_swport *sw = fc_swport_mut(m, ifc);
	struct nvue_eff e;
	int k;

	if (!sw)
		return FC_ERR_NOMEM;
	for (k = 0; k < NP_KINDS; k++)
		if (p->prof[k].m.known && !nvue_profile_find(s, (enum nvue_pkind)k, p->prof[k].v)) {
			char *t = fc_sprintf(m->arena, "interface %s qos %s profile %s: no such profile is configured, the "
						       "default-global settings apply", ifc->name,
					     nvue_pkind_name((enum nvue_pkind)k), p->prof[k].v);

			if (!t || fc_dev_add_unparsed(m, c->dev, p->prof[k].m.src, t, strlen(t)) != FC_OK)
				return FC_ERR_NOMEM;
		}
	nvue_effective(m, s, p, true, &e);
	if (!ifc->admin_state.m.known) {
		fc_set_str(m, &ifc->admin_state, "up", s->config);
		ifc->admin_state.m.why = "no link state: NVUE's default, up";
	}
	if (!ifc->mtu.m.known) {
		fc_set_int(&ifc->mtu, 9216 + 18, s->config);
		ifc->mtu.m.why = "no link mtu: NVUE's default 9216 (the Linux MTU), + 18 bytes of Ethernet header and tag";
	}
	if (!ifc->fec_config.m.known) {
		fc_set_fec(&ifc->fec_config, FC_FEC_AUTO, s->config);
		ifc->fec_config.m.why = "no link fec: NVUE's default, auto (the encoding the module calls for)";
	}
	if (!ifc->fec_active.m.known)
		fc_set_unknown(&ifc->fec_active.m, ifc->fec_config.v != FC_FEC_AUTO && ifc->oper_state.m.known &&
				       !strcmp(ifc->oper_state.v, "up") ? "the config forces an encoding; nv show interface "
									  "gives none" : "no output gives the FEC in use");
	if (ifc->fec_config.m.known && ifc->fec_config.v != FC_FEC_AUTO && !ifc->fec_active.m.known &&
	    ifc->oper_state.m.known && !strcmp(ifc->oper_state.v, "up")) {
		fc_set_fec(&ifc->fec_active, ifc->fec_config.v, ifc->fec_config.m.src);
		ifc->fec_active.m.why = "the encoding the config forces, on a port nv show interface shows up";
	}
	/* classification: the packet's DSCP where NVUE reads it (l3, both: an IP packet) */
	if (!strcmp(e.trust.v, "l3") || !strcmp(e.trust.v, "both"))
		fc_set_trust(&ifc->trust, FC_TRUST_DSCP, e.trust.m.src);
	else
		fc_set_trust(&ifc->trust, !strcmp(e.trust.v, "l2") ? FC_TRUST_PCP : FC_TRUST_NONE, e.trust.m.src);
	ifc->trust.m.why = e.trust.m.why;
	/* PFC */
	if ((e.pfc_rx.v || e.pfc_tx.v) && e.pfc_prios.v) {
		fc_set_str(m, &ifc->pfc_mode, "on", e.pfc_prios.m.src);
		ifc->pfc_prios = e.pfc_prios;
	} else {
		fc_set_str(m, &ifc->pfc_mode, "off", e.pfc_prios.m.src);
		fc_set_int(&ifc->pfc_prios, 0, e.pfc_prios.m.known && e.pfc_prios.v ? e.pfc_rx.m.src : e.pfc_prios.m.src);
		ifc->pfc_prios.m.why = e.pfc_prios.v ? "PFC rx and tx disabled in the profile" : e.pfc_prios.m.why;
	}
	if (p->pfc_wd.m.known)
		sw->pfc_watchdog = p->pfc_wd;
	else
		dflt_bool(&sw->pfc_watchdog, false, s->config, "no interface qos pfc-watchdog: the watchdog is off");
	if (!ifc->pause_rx.m.known)
		ifc->pause_rx = e.pause_rx;
	if (!ifc->pause_tx.m.known)
		ifc->pause_tx = e.pause_tx;
	/* Spectrum sizes a lossless port's headroom from its PFC cable length */
	if (ifc->pfc_prios.v && e.cable_m.m.known) {
		ifc->cable_model_m = e.cable_m;
		if (!ifc->cable_model_m.m.why)
			ifc->cable_model_m.m.why = "the PFC cable length Spectrum sizes the port's headroom for";
	} else
		fc_set_unknown(&ifc->cable_model_m.m, "no PFC on the port: no headroom is reserved");
	breakout_lanes(c, s, ifc);
	if (ifc->speed_mbps.m.known && ifc->lanes.m.known)
		fc_iface_link_mode(m, ifc, ifc->lanes.m.src);
	return FC_OK;
}

static const char *num(char *buf, size_t size, int64_t v)
{
	snprintf(buf, size, "%lld", (long long)v);
	return buf;
}

/* What an output shows running against what the configuration gives (the values a port without
 * profiles of its own takes, or port p's): each difference a conflict of the device. */
static enum fc_rc shown_conflicts(struct fc_parse_ctx *c, const struct nvue_state *s, const struct nvue_port *p,
				  const struct nvue_roce_shown *sh)
{
	struct nvue_eff e;
	const char *subj = p ? p->ifc->name : NULL;
	char a[32], b[32];
	int64_t ecn = 0;
	int t;
	enum fc_rc rc = FC_OK;

	if (!sh->src.file)
		return FC_OK;
	nvue_effective(c->m, s, p, false, &e);
	for (t = 0; t < 8; t++)
		ecn |= (int64_t)e.cc[t].ecn.v << t;
	if (sh->pfc_prios.m.known && sh->pfc_prios.v != ((e.pfc_rx.v || e.pfc_tx.v) ? e.pfc_prios.v : 0))
		rc = fc_dev_add_conflict(c->m, c->dev, subj, "pfc_prios_mask", num(a, sizeof(a), sh->pfc_prios.v),
					 sh->pfc_prios.m.src, num(b, sizeof(b), e.pfc_prios.v), e.pfc_prios.m.src);
	if (rc == FC_OK && sh->ecn_tcs.m.known && sh->ecn_tcs.v != ecn)
		rc = fc_dev_add_conflict(c->m, c->dev, subj, "ecn traffic classes (mask)", num(a, sizeof(a), sh->ecn_tcs.v),
					 sh->ecn_tcs.m.src, num(b, sizeof(b), ecn), e.cc[3].ecn.m.src);
	if (rc == FC_OK && sh->trust.m.known && strcmp(sh->trust.v, e.trust.v))
		rc = fc_dev_add_conflict(c->m, c->dev, subj, "trust", sh->trust.v, sh->trust.m.src, e.trust.v, e.trust.m.src);
	if (rc == FC_OK && sh->kmin.m.known && e.cc[3].kmin.m.known && sh->kmin.v != e.cc[3].kmin.v)
		rc = fc_dev_add_conflict(c->m, c->dev, subj, "ecn min-threshold", num(a, sizeof(a), sh->kmin.v), sh->kmin.m.src,
					 num(b, sizeof(b), e.cc[3].kmin.v), e.cc[3].kmin.m.src);
	if (rc == FC_OK && sh->kmax.m.known && e.cc[3].kmax.m.known && sh->kmax.v != e.cc[3].kmax.v)
		rc = fc_dev_add_conflict(c->m, c->dev, subj, "ecn max-threshold", num(a, sizeof(a), sh->kmax.v), sh->kmax.m.src,
					 num(b, sizeof(b), e.cc[3].kmax.v), e.cc[3].kmax.m.src);
	return rc;
}

enum fc_rc nvue_finalize(struct fc_parse_ctx *c)
{
	struct nvue_state *s = c->dev->adapter_state;
	size_t i;
	enum fc_rc rc;

	if (!s)
		return FC_OK;
	if (!c->dev->hw_model.m.known && s->header_model.m.known)
		c->dev->hw_model = s->header_model;
	if (!s->have_config) {
		for (i = 0; i < s->nports; i++)
			if (s->ports[i]->ifc->speed_mbps.m.known && s->ports[i]->ifc->lanes.m.known)
				fc_iface_link_mode(c->m, s->ports[i]->ifc, s->ports[i]->ifc->lanes.m.src);
		return FC_OK;
	}
	c->dev->config_m.known = true;
	c->dev->config_m.src = s->config;
	if ((rc = shown_conflicts(c, s, NULL, &s->shown)) != FC_OK)
		return rc;
	for (i = 0; i < s->nports; i++)
		if (s->ports[i]->shown && (rc = shown_conflicts(c, s, s->ports[i], s->ports[i]->shown)) != FC_OK)
			return rc;
	if (s->shown.mode.m.known) {   /* what runs over what the configuration says */
		const char *cfg = s->roce.m.known && s->roce.v ? (s->roce_mode.m.known ? s->roce_mode.v : "lossless") : "off";

		if (strcmp(cfg, s->shown.mode.v) &&
		    (rc = fc_dev_add_conflict(c->m, c->dev, NULL, "qos roce mode", s->shown.mode.v, s->shown.mode.m.src, cfg,
					      s->roce_mode.m.known ? s->roce_mode.m.src : s->roce.m.known ? s->roce.m.src
					      : s->config)) != FC_OK)
			return rc;
	}
	for (i = 0; i < s->nports; i++) {
		struct nvue_port *p = s->ports[i];
		const struct fc_swport *psw = fc_swport(p->ifc);

		/* a cage broken out in K > 1 ports: its lanes are its swpNsM ports', it carries no traffic itself */
		if (psw->breakout.m.known && strtol(psw->breakout.v, NULL, 10) > 1)
			p->data = false;
		if (p->data && (rc = port_model(c, s, p)) != FC_OK)
			return rc;
	}
	fc_adapter_lag_acls(c->dev);   /* an ACL on a bond filters its members' traffic */
	return FC_OK;
}
