/* SPDX-License-Identifier: MIT */
/* QoS link rules, rule catalog §3 and §4:
 *   PFC-TRUST     both ends classify RoCE by DSCP (a routed or access link has no 802.1Q tag, so
 *                 no PCP), or by the same basis where the link is tagged (a switch trunk port);
 *   HR-CABLE-LEN  the cable length each end sizes its headroom for is at least the real one (a host's
 *                 DCB cable length; a switch port on its platform's default buffer: the length
 *                 that default covers, as its adapter states it). */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

static const struct fc_iface *end_if(const struct fc_endpoint *e)
{
	return e->ifc;
}

static const struct fc_meta no_path = { .why = "no QoS path resolved for the port" };

/* What an end classifies RoCE by: a switch port's resolved path, a host's DCB trust. */
static const struct fc_trust_val *trust_of(const struct fc_endpoint *e, struct fc_trust_val *tmp)
{
	const struct fc_hop *h;

	if (!fc_is_switch(e))
		return &e->ifc->trust;
	if ((h = fc_hop_of(e->ifc, FC_TC_ROCE)))
		return &h->trust;
	tmp->m = no_path;
	tmp->v = 0;
	return tmp;
}

/* --- PFC-TRUST ----------------------------------------------------------------------------------- */

static void trust_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const struct fc_endpoint *e[2] = { &l->a, &l->b };
	const char *subj = fc_link_subject(c, l);
	const struct fc_iface *ifc[2] = { end_if(&l->a), end_if(&l->b) };
	const struct fc_trust_val *tr[2];
	struct fc_trust_val tmp[2];
	struct fc_finding *f;
	bool pcp = false;
	int k, trunk = -1;

	if (!ifc[0] || !ifc[1])
		return;   /* the port rules say which end is missing */
	tr[0] = trust_of(e[0], &tmp[0]);
	tr[1] = trust_of(e[1], &tmp[1]);
	/* one end classifying by PCP on an untagged link fails whatever the other end does */
	for (k = 0; k < 2; k++) {
		bool tagged = fc_is_switch(e[k]) && ifc[k]->port_mode.m.known && ifc[k]->port_mode.v == FC_PORT_MODE_TRUNK;

		if (tr[k]->m.known && tr[k]->v == FC_TRUST_PCP && !tr[1 - k]->m.known && !tagged) {
			f = fc_finding_new(c, FC_FAIL, subj, "%s classifies RoCE by PCP on an untagged link: without an 802.1Q tag "
							     "there is no PCP, RoCE lands in CoS 0, the lossy class", fc_end_name(c, e[k]));
			fc_ev(c, f, fc_end_name(c, e[k]), "trust", &tr[k]->m.src, "%s", fc_trust_name(tr[k]->v));
			fc_ev_unknown(c, f, fc_end_name(c, e[1 - k]), "trust", &tr[1 - k]->m);
			return;
		}
	}
	if (!tr[0]->m.known || !tr[1]->m.known) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the classification basis is not known on both ends");
		for (k = 0; k < 2; k++)
			if (!tr[k]->m.known)
				fc_ev_unknown(c, f, fc_end_name(c, e[k]), "trust", &tr[k]->m);
		return;
	}
	for (k = 0; k < 2; k++) {
		pcp |= tr[k]->v == FC_TRUST_PCP;
		/* a trunk port tags its frames (but the native VLAN's): there PCP exists */
		if (fc_is_switch(e[k]) && ifc[k]->port_mode.m.known && ifc[k]->port_mode.v == FC_PORT_MODE_TRUNK)
			trunk = k;
	}
	if (pcp && trunk < 0)
		f = fc_finding_new(c, FC_FAIL, subj, "%s classifies RoCE by PCP on an untagged link: without an 802.1Q tag "
						     "there is no PCP, RoCE lands in CoS 0, the lossy class",
				   tr[0]->v == FC_TRUST_PCP ? fc_end_name(c, e[0]) : fc_end_name(c, e[1]));
	else if (tr[0]->v != tr[1]->v)
		f = fc_finding_new(c, FC_WARN, subj, "classification differs: %s on %s, %s on %s", fc_trust_name(tr[0]->v),
				   fc_end_name(c, e[0]), fc_trust_name(tr[1]->v), fc_end_name(c, e[1]));
	else if (pcp)
		f = fc_finding_new(c, FC_PASS, subj, "both ends classify by PCP on a tagged (trunk) link; RoCE in the "
						     "native VLAN would be untagged");
	else
		f = fc_finding_new(c, FC_PASS, subj, "both ends classify by DSCP");
	if (trunk >= 0)
		fc_ev(c, f, fc_end_name(c, e[trunk]), "port mode", &ifc[trunk]->port_mode.m.src, "trunk");
	for (k = 0; k < 2; k++)
		fc_ev(c, f, fc_end_name(c, e[k]), "trust", &tr[k]->m.src, "%s", fc_trust_name(tr[k]->v));
}

const struct fc_rule fc_rule_pfc_trust = {
	.id = "PFC-TRUST",
	.aspect = FC_ASPECT_TRUST,
	.severity = FC_SEV_CRITICAL,
	.scope = FC_SCOPE_LINK,
	.inputs = "each end's trust (a switch port's: its RoCE hop's classifier; a host's: DCB trust); a switch "
		  "port's port_mode (trunk: tagged)",
	.reads_switch = FC_CAP_QOS_PATH | FC_CAP_CONFIG,
	.reads_host = FC_CAP_CLASSIFY,
	.params = fc_no_params,
	.needs_switch = FC_CAP_QOS_PATH,
	.run = trust_run,
};

/* --- HR-CABLE-LEN ---------------------------------------------------------------------------------- */

static void cable_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const struct fc_endpoint *e[2] = { &l->a, &l->b };
	const char *subj = fc_link_subject(c, l);
	struct fc_finding *f = NULL;
	enum fc_status st = FC_PASS;
	char msg[512] = "";
	int k, judged = 0;

	if (!l->length_m.m.known)
		return;   /* no real length in the plan or a module EEPROM: nothing to compare with */
	for (k = 0; k < 2; k++) {
		const struct fc_iface *ifc = e[k]->ifc;

		if (!ifc || !ifc->cable_model_m.m.known)
			continue;
		judged++;
		if ((double)ifc->cable_model_m.v < l->length_m.v) {
			st = FC_FAIL;
			snprintf(msg + strlen(msg), sizeof(msg) - strlen(msg), "%s%s sizes its headroom for %lld m, the cable is "
										"%.1f m",
				 msg[0] ? "; " : "", fc_end_name(c, e[k]), (long long)ifc->cable_model_m.v, l->length_m.v);
		}
	}
	if (!judged)
		return;   /* neither end states the length it sizes for (an explicit buffer: HR-SIZE judges it) */
	if (st == FC_FAIL)
		f = fc_finding_new(c, FC_FAIL, subj, "%s: pause arrives after the buffer is full, lossless traffic drops", msg);
	else
		f = fc_finding_new(c, FC_PASS, subj, "headroom sized for at least the %.1f m cable", l->length_m.v);
	fc_ev(c, f, "plan", "cable length", &l->length_m.m.src, "%.1f m", l->length_m.v);
	for (k = 0; k < 2; k++)
		if (e[k]->ifc && e[k]->ifc->cable_model_m.m.known)
			fc_ev(c, f, fc_end_name(c, e[k]), "modelled length", &e[k]->ifc->cable_model_m.m.src, "%lld m%s%s",
			      (long long)e[k]->ifc->cable_model_m.v, e[k]->ifc->cable_model_m.m.why ? ": " : "",
			      e[k]->ifc->cable_model_m.m.why ? e[k]->ifc->cable_model_m.m.why : "");
}

const struct fc_rule fc_rule_hr_cable_len = {
	.id = "HR-CABLE-LEN",
	.aspect = FC_ASPECT_HEADROOM,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_LINK,
	.inputs = "host NIC: cable_model_m (the cable length its headroom is computed for); switch port: "
		  "cable_model_m (the length its default buffer covers); plan: the link's length, else the module's",
	.reads_switch = FC_CAP_QOS_PATH | FC_CAP_PG_BUFFERS | FC_CAP_PFC,
	.reads_host = FC_CAP_PG_BUFFERS | FC_CAP_DOM,
	.params = fc_no_params,
	.run = cable_run,
};
