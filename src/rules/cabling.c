/* SPDX-License-Identifier: MIT */
/* CABLE-PLAN-LLDP: the cabling plan and LLDP agree on every link. */
#include <stdio.h>

#include "rules/rules.h"

static void cable_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const char *subj = fc_link_subject(c, l);
	struct fc_finding *f;

	if (l->lldp_conflict) {
		f = fc_finding_new(c, FC_FAIL, subj, "%s", l->lldp_conflict);
		fc_ev(c, f, "plan", "link", &l->plan_src, "%s", subj);
		fc_ev(c, f, "LLDP", "neighbour", &l->lldp_src, "%s", l->lldp_conflict);
	} else if (l->origin == FC_LINK_LLDP) {
		f = fc_finding_new(c, FC_FAIL, subj, "LLDP sees a link between two inventory devices that the cabling "
						     "plan does not have");
		fc_ev(c, f, "LLDP", "neighbour", &l->lldp_src, "%s", subj);
	} else if (l->origin == (FC_LINK_PLAN | FC_LINK_LLDP)) {
		f = fc_finding_new(c, FC_PASS, subj, "LLDP confirms the cabling plan");
		fc_ev(c, f, "plan", "link", &l->plan_src, "%s", subj);
	} else {
		const struct fc_endpoint *down = l->a.ifc && fc_iface_down(l->a.ifc) ? &l->a
						 : l->b.ifc && fc_iface_down(l->b.ifc) ? &l->b : NULL;

		if (down)
			f = fc_finding_new(c, FC_UNKNOWN, subj, "%s is down, and no LLDP table of the fabric sees %s anywhere: "
								"the plan cannot be confirmed", fc_end_name(c, down),
					   fc_end_name(c, down == &l->a ? &l->b : &l->a));
		else
			f = fc_finding_new(c, FC_UNKNOWN, subj, "no LLDP neighbour reported on either end, and no LLDP table "
								"of the fabric sees either end elsewhere");
		fc_ev(c, f, "plan", "link", &l->plan_src, "%s", subj);
		if (down)
			fc_ev(c, f, fc_end_name(c, down), "state", &down->ifc->oper_state.m.src, "%s",
			      down->ifc->oper_state.v);
	}
}

const struct fc_rule fc_rule_cable_lldp = {
	.id = "CABLE-PLAN-LLDP",
	.aspect = FC_ASPECT_CABLING,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_LINK,
	.inputs = "inventory links; every LLDP table of the fabric (switch: show lldp neighbors detail; host: "
		  "lldpd), searched for a planned port seen elsewhere; each end's operational state",
	.params = fc_no_params,
	.run = cable_run,
};
