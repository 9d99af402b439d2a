/* SPDX-License-Identifier: MIT */
/* Lossless behaviour along the path, rule catalog §3 and §5:
 *   PFC-EVERY-HOP  every switch-to-switch link (ISL) is no-drop and marks ECN on the RoCE priority
 *                  at both ends, as the design requires (PFC works hop by hop: one lossy ISL makes
 *                  the whole path lossy);
 *   ECN-ANTI       on every link, the PFC/ECN combination is the one the declared design uses:
 *                  PFC without ECN warns under DCQCN, ECN without PFC is only right in a declared
 *                  lossy design, neither is never right. */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

/* One end, host or switch: 1 yes, 0 no, -1 not known. A switch end is read on its resolved path. */
static struct fc_tri end_pfc(const struct fc_endpoint *e, int64_t prio)
{
	struct fc_tri t = { -1, "port not seen", NULL, NULL };

	if (!e->ifc)
		return t;
	if (e->dev && e->dev->kind == FC_DEV_SWITCH)
		return fc_hop_nodrop(e->ifc, prio);
	if (!e->ifc->pfc_prios.m.known) {
		t.why = fc_why(&e->ifc->pfc_prios.m);
		return t;
	}
	t.v = (int)((e->ifc->pfc_prios.v >> prio) & 1);
	t.src = &e->ifc->pfc_prios.m.src;
	t.text = t.v ? "no-drop" : "not no-drop";
	return t;
}

static struct fc_tri end_ecn(const struct fc_endpoint *e, const struct fc_intent *in)
{
	struct fc_tri t = { -1, "port not seen", NULL, NULL };

	if (!e->ifc || !e->dev)
		return t;
	if (e->dev->kind == FC_DEV_SWITCH)
		return fc_hop_marks(e->ifc);
	if (!fc_nic(e->ifc)->ecn_np_prios.m.known || !fc_nic(e->ifc)->ecn_rp_prios.m.known) {
		t.why = fc_why(!fc_nic(e->ifc)->ecn_np_prios.m.known ? &fc_nic(e->ifc)->ecn_np_prios.m : &fc_nic(e->ifc)->ecn_rp_prios.m);
		return t;
	}
	t.v = (int)((fc_nic(e->ifc)->ecn_np_prios.v >> in->roce_prio.v) & (fc_nic(e->ifc)->ecn_rp_prios.v >> in->roce_prio.v) & 1);
	t.src = &fc_nic(e->ifc)->ecn_rp_prios.m.src;
	t.text = t.v ? "DCQCN NP and RP on" : "DCQCN NP or RP off";
	return t;
}

static void ev_tri(struct fc_rctx *c, struct fc_finding *f, const struct fc_endpoint *e, const char *what,
		   const struct fc_tri *t)
{
	if (t->v < 0)
		fc_ev(c, f, fc_end_name(c, e), what, NULL, "unknown: %s", t->why ? t->why : "not reported");
	else
		fc_ev(c, f, fc_end_name(c, e), what, t->src, "%s", t->text);
}

static bool intent_known(struct fc_rctx *c, const char *subj)
{
	const struct fc_intent *in = &c->m->intent;

	if (in->roce_prio.m.known && in->roce_dscp.m.known)
		return true;
	fc_finding_new(c, FC_UNKNOWN, subj, "the fabric's RoCE priority and DSCP are not declared (inventory fabric.roce)");
	return false;
}

/* --- PFC-EVERY-HOP -------------------------------------------------------------------------------- */

static const struct fc_rule_param hop_params[] = {
	{ "require_pfc", FC_PARAM_INT, "1", "1: every ISL must be no-drop on the RoCE priority (0 in lossy_ecn) [P]", .min = 0, .max = 1 },
	{ "require_ecn", FC_PARAM_INT, "1", "1: every ISL's RoCE queue must mark ECN (0 in pfc_only) [P]", .min = 0, .max = 1 },
	{ .key = NULL },
};

static void hop_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const struct fc_endpoint *e[2] = { &l->a, &l->b };
	const char *subj = fc_link_subject(c, l);
	struct fc_tri pfc[2], ecn[2];
	struct fc_finding *f;
	bool set, want_pfc, want_ecn, unknown = false;
	const char *bad = NULL;
	int k;

	if (!fc_is_switch(&l->a) || !fc_is_switch(&l->b))
		return;   /* host links: PFC-PRIO-MATCH and ECN-ANTI */
	if (!intent_known(c, subj))
		return;
	want_pfc = fc_param_int(c, "require_pfc", &set) != 0;
	want_ecn = fc_param_int(c, "require_ecn", &set) != 0;
	for (k = 0; k < 2; k++) {
		pfc[k] = end_pfc(e[k], c->m->intent.roce_prio.v);
		ecn[k] = end_ecn(e[k], &c->m->intent);
		if (want_pfc && pfc[k].v == 0 && !bad)
			bad = fc_rstr(c, "%s is not no-drop on RoCE priority %lld: PFC stops at this hop and RoCE is dropped "
					 "on the ISL", fc_end_name(c, e[k]), (long long)c->m->intent.roce_prio.v);
		if (want_ecn && ecn[k].v == 0 && !bad)
			bad = fc_rstr(c, "%s does not mark ECN on the RoCE queue: congestion on this ISL reaches the senders "
					 "only as pause", fc_end_name(c, e[k]));
		unknown |= (want_pfc && pfc[k].v < 0) || (want_ecn && ecn[k].v < 0);
	}
	if (bad)
		f = fc_finding_new(c, FC_FAIL, subj, "%s", bad);
	else if (unknown)
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the lossless configuration of this ISL is not known on both ends");
	else
		f = fc_finding_new(c, FC_PASS, subj, "both ends are%s%s on the RoCE priority", want_pfc ? " no-drop" : "",
				   want_ecn ? (want_pfc ? " and mark ECN" : " ECN-marking") : "");
	for (k = 0; k < 2; k++) {
		if (want_pfc)
			ev_tri(c, f, e[k], "PFC", &pfc[k]);
		if (want_ecn)
			ev_tri(c, f, e[k], "ECN", &ecn[k]);
	}
}

const struct fc_rule fc_rule_pfc_every_hop = {
	.id = "PFC-EVERY-HOP",
	.aspect = FC_ASPECT_PFC,
	.severity = FC_SEV_CRITICAL,
	.scope = FC_SCOPE_LINK,
	.inputs = "both ends of a switch-to-switch link, their RoCE hops: pfc_prios_mask on the RoCE priority, the "
		  "class's no-drop priorities (pfc_cos), the queue's ecn; intent: RoCE priority, DSCP",
	.reads_switch = FC_CAP_QOS_PATH | FC_CAP_PFC,
	.reads_host = 0,
	.params = hop_params,
	.needs_switch = FC_CAP_QOS_PATH,
	.run = hop_run,
};

/* --- ECN-ANTI --------------------------------------------------------------------------------------- */

static const struct fc_rule_param anti_params[] = {
	{ "design", FC_PARAM_STR, "lossless_dcqcn",
	  "the declared design the combination is judged by: lossless_dcqcn, pfc_only or lossy_ecn (each profile sets "
	  "its own) [P]", .choices = "lossless_dcqcn pfc_only lossy_ecn" },
	{ .key = NULL },
};

static void anti_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const struct fc_endpoint *e[2] = { &l->a, &l->b };
	const char *subj = fc_link_subject(c, l);
	const char *design = fc_param_str(c, "design");
	struct fc_tri pfc[2], ecn[2];
	struct fc_finding *f;
	int k, np, ne;

	if (!l->a.ifc || !l->b.ifc)
		return;   /* the port rules say which end is missing */
	if (!intent_known(c, subj))
		return;
	if (strcmp(design, "lossless_dcqcn") && strcmp(design, "pfc_only") && strcmp(design, "lossy_ecn")) {
		fc_finding_new(c, FC_UNKNOWN, subj, "policy parameter design is '%s': expected lossless_dcqcn, pfc_only or "
						    "lossy_ecn", design);
		return;
	}
	for (k = 0; k < 2; k++) {
		pfc[k] = end_pfc(e[k], c->m->intent.roce_prio.v);
		ecn[k] = end_ecn(e[k], &c->m->intent);
	}
	if (pfc[0].v < 0 || pfc[1].v < 0 || ecn[0].v < 0 || ecn[1].v < 0) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "PFC or ECN on the RoCE priority is not known on both ends");
		for (k = 0; k < 2; k++) {
			if (pfc[k].v < 0)
				ev_tri(c, f, e[k], "PFC", &pfc[k]);
			if (ecn[k].v < 0)
				ev_tri(c, f, e[k], "ECN", &ecn[k]);
		}
		return;
	}
	np = pfc[0].v + pfc[1].v, ne = ecn[0].v + ecn[1].v;
	if (np == 1)
		f = fc_finding_new(c, FC_FAIL, subj, "PFC on one end only: the no-drop end pauses a peer that never stops, "
						     "or drops what its peer holds back");
	else if (!np && !ne)
		f = fc_finding_new(c, FC_FAIL, subj, "neither PFC nor ECN on the RoCE priority: nothing keeps RoCE from "
						     "loss or controls its congestion");
	else if (!strcmp(design, "lossy_ecn") && ne < 2)
		f = fc_finding_new(c, FC_FAIL, subj, "the design is lossy RoCE (ECN only), and ECN is off on %s",
				   ecn[0].v ? fc_end_name(c, e[1]) : fc_end_name(c, e[0]));
	else if (!strcmp(design, "lossy_ecn") && np)
		f = fc_finding_new(c, FC_WARN, subj, "the design is lossy RoCE (ECN only), yet both ends are no-drop: "
						     "declare lossless_dcqcn, or turn PFC off");
	else if (!strcmp(design, "lossy_ecn"))
		f = fc_finding_new(c, FC_PASS, subj, "lossy RoCE as declared: ECN on both ends, no PFC");
	else if (!np)
		f = fc_finding_new(c, FC_FAIL, subj, "ECN without PFC: lossy RoCE, which the %s design does not declare "
						     "(profile lossy_ecn)", design);
	else if (!strcmp(design, "pfc_only"))
		f = fc_finding_new(c, FC_PASS, subj, "PFC on both ends, as the pfc_only design declares");
	else if (ne < 2)
		f = fc_finding_new(c, FC_WARN, subj, "PFC without ECN on %s: congestion spreads as pause (head-of-line "
						     "blocking) instead of slowing the senders; declare pfc_only if intended",
				   ecn[0].v ? fc_end_name(c, e[1]) : fc_end_name(c, e[0]));
	else
		f = fc_finding_new(c, FC_PASS, subj, "PFC and ECN on both ends (DCQCN)");
	for (k = 0; k < 2; k++) {
		ev_tri(c, f, e[k], "PFC", &pfc[k]);
		ev_tri(c, f, e[k], "ECN", &ecn[k]);
	}
}

const struct fc_rule fc_rule_ecn_anti = {
	.id = "ECN-ANTI",
	.aspect = FC_ASPECT_ECN,
	.severity = FC_SEV_MEDIUM,
	.scope = FC_SCOPE_LINK,
	.inputs = "host NIC: pfc_prios_mask, ecn_np_prios_mask, ecn_rp_prios_mask; switch port, its RoCE hop: "
		  "no-drop (pfc_cos), the queue's ecn; policy: design",
	.reads_switch = FC_CAP_QOS_PATH | FC_CAP_PFC,
	.reads_host = FC_CAP_PFC | FC_CAP_NIC,
	.params = anti_params,
	.needs_switch = FC_CAP_QOS_PATH,
	.run = anti_run,
};
