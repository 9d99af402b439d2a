/* SPDX-License-Identifier: MIT */
/* CABLE-PLAN-LLDP: the cabling plan, the neighbours devices declare in their configuration (the
 * model's declared neighbour) and LLDP agree on every link. */
#include <stdio.h>

#include "rules/rules.h"

/* What LLDP reports on each end (the neighbour's system name and port, where it was read): the
 * readings the verdict rests on, and what the report's link matrix shows. */
static void lldp_ev(struct fc_rctx *c, struct fc_finding *f, const struct fc_link *l)
{
	const struct fc_endpoint *e[2] = { &l->a, &l->b };
	size_t k;

	for (k = 0; k < 2; k++) {
		const struct fc_iface *i = e[k]->ifc;

		if (i && i->lldp_sysname.m.known)
			fc_ev(c, f, fc_end_name(c, e[k]), "LLDP neighbour", &i->lldp_sysname.m.src, "%s:%s", i->lldp_sysname.v,
			      i->lldp_port.m.known ? i->lldp_port.v : "?");
	}
}

static void cable_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const char *subj = fc_link_subject(c, l);
	struct fc_finding *f;
	const char *plan = l->origin & FC_LINK_PLAN ? "the cabling plan" : "the neighbour its configuration declares";

	if (l->decl_conflict || l->lldp_conflict) {
		f = fc_finding_new(c, FC_FAIL, subj, "%s%s%s", l->decl_conflict ? l->decl_conflict : "",
				   l->decl_conflict && l->lldp_conflict ? ". " : "", l->lldp_conflict ? l->lldp_conflict : "");
		if (l->origin & FC_LINK_PLAN)
			fc_ev(c, f, "plan", "link", &l->plan_src, "%s", subj);
		if (l->decl_conflict)
			fc_ev(c, f, "configuration", "declared neighbour", &l->decl_src, "%s", l->decl_conflict);
		if (l->lldp_conflict)
			fc_ev(c, f, "LLDP", "neighbour", &l->lldp_src, "%s", l->lldp_conflict);
		lldp_ev(c, f, l);
	} else if (l->origin == FC_LINK_LLDP) {
		f = fc_finding_new(c, FC_FAIL, subj, "LLDP sees a link between two inventory devices that the cabling "
						     "plan does not have");
		fc_ev(c, f, "LLDP", "neighbour", &l->lldp_src, "%s", subj);
		lldp_ev(c, f, l);
	} else if (l->origin & FC_LINK_LLDP) {
		f = fc_finding_new(c, FC_PASS, subj, "LLDP confirms %s%s", plan,
				   (l->origin & (FC_LINK_PLAN | FC_LINK_DECLARED)) == (FC_LINK_PLAN | FC_LINK_DECLARED)
				   ? " and the neighbour the configuration declares" : "");
		if (l->origin & FC_LINK_PLAN)
			fc_ev(c, f, "plan", "link", &l->plan_src, "%s", subj);
		if (l->origin & FC_LINK_DECLARED)
			fc_ev(c, f, "configuration", "declared neighbour", &l->decl_src, "%s", subj);
		lldp_ev(c, f, l);
	} else if (l->lldp_unresolved) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "%s: %s cannot be confirmed", l->lldp_unresolved, plan);
		fc_ev(c, f, "LLDP", "neighbour", &l->lldp_src, "%s", l->lldp_unresolved);
	} else {
		const struct fc_endpoint *down = l->a.ifc && fc_iface_down(l->a.ifc) ? &l->a
						 : l->b.ifc && fc_iface_down(l->b.ifc) ? &l->b : NULL;

		if (down)
			f = fc_finding_new(c, FC_UNKNOWN, subj, "%s is down, and no LLDP table of the fabric sees %s anywhere: "
								"%s cannot be confirmed", fc_end_name(c, down),
					   fc_end_name(c, down == &l->a ? &l->b : &l->a), plan);
		else
			f = fc_finding_new(c, FC_UNKNOWN, subj, "no LLDP neighbour reported on either end, and no LLDP table "
								"of the fabric sees either end elsewhere");
		fc_ev(c, f, l->origin & FC_LINK_PLAN ? "plan" : "configuration",
		      l->origin & FC_LINK_PLAN ? "link" : "declared neighbour", &l->plan_src, "%s", subj);
		if (down)
			fc_ev(c, f, fc_end_name(c, down), "state", &down->ifc->oper_state.m.src, "%s",
			      down->ifc->oper_state.v);
	}
}

const struct fc_rule fc_rule_cable_lldp = {
	.id = "CABLE-PLAN-LLDP",
	.live = true,
	.aspect = FC_ASPECT_CABLING,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_LINK,
	.inputs = "the cabling plan's links; each port's declared neighbour (declared_neighbour, _port); every "
		  "port's LLDP neighbour (lldp_system_name, lldp_port) across the fabric, searched for a planned "
		  "port seen elsewhere; each end's oper_state",
	.reads_switch = FC_CAP_LLDP | FC_CAP_LINK | FC_CAP_CONFIG,
	.reads_host = FC_CAP_LLDP | FC_CAP_LINK,
	.params = fc_no_params,
	.run = cable_run,
};
