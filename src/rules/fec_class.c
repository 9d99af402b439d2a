/* SPDX-License-Identifier: MIT */
/* FEC-CABLE-CLASS (rule catalog §2): on a DAC link, the active FEC at each end is at least as
 * strong as the cable's class needs. The class is the cable's, read from the EEPROM of either
 * end (SFF-8024 extended compliance: 0x0b "100GBASE-CR4 or 25GBASE-CR CA-L", 0x0c CA-S, 0x0d
 * CA-N): CA-L (and 100GBASE-CR4) needs RS, CA-S BASE-R or RS, CA-N none. NRZ links only: a
 * PAM4 lane needs RS(544,514) whatever the cable, which FEC-MATCH checks. */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

struct dac_class {
	int need;           /* the weakest FEC rank (fc_fec_rank) it allows */
	const char *needs;
};

static const struct dac_class classes[] = {
	[FC_CABLE_CLASS_L] = { 2, "RS-FEC" },
	[FC_CABLE_CLASS_S] = { 1, "BASE-R (FC) or RS-FEC" },
	[FC_CABLE_CLASS_N] = { 0, "no FEC" },
};
_Static_assert(sizeof(classes) / sizeof(classes[0]) == FC_CABLE_CLASS_COUNT, "what every DAC class needs");

static bool is_dac(const struct fc_link *l)
{
	const struct fc_iface *a = l->a.ifc, *b = l->b.ifc;

	if (l->cable.m.known)
		return l->cable.v == FC_CABLE_DAC;
	return (a->medium.m.known && a->medium.v == FC_MEDIUM_DAC) || (b->medium.m.known && b->medium.v == FC_MEDIUM_DAC);
}

static void class_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const struct fc_endpoint *e[2] = { &l->a, &l->b };
	const char *subj = fc_link_subject(c, l);
	const struct dac_class *cls = NULL;
	const struct fc_iface *from = NULL;
	struct fc_finding *f;
	const char *weak = NULL;
	int k;

	if (!l->a.ifc || !l->b.ifc || !is_dac(l))
		return;   /* optics and AOCs have no DAC class; the port rules name a missing end */
	if (fc_modulation_of_lane(fc_lane_gbps(l->a.ifc)) == FC_MODULATION_PAM4 ||
	    fc_modulation_of_lane(fc_lane_gbps(l->b.ifc)) == FC_MODULATION_PAM4)
		return;   /* PAM4: RS(544,514) whatever the cable; FEC-MATCH judges it */
	for (k = 0; k < 2 && !cls; k++)
		if (fc_xcvr(e[k]->ifc)->dac_class.m.known) {
			cls = &classes[fc_xcvr(e[k]->ifc)->dac_class.v];
			from = e[k]->ifc;
		}
	if (!cls) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "neither end's module EEPROM names the DAC class (CA-L, CA-S, CA-N)");
		for (k = 0; k < 2; k++)
			if (fc_xcvr(e[k]->ifc)->type.m.known)
				fc_ev(c, f, fc_end_name(c, e[k]), "module", &fc_xcvr(e[k]->ifc)->type.m.src, "%s",
				      fc_xcvr(e[k]->ifc)->type.v);
			else
				fc_ev_unknown(c, f, fc_end_name(c, e[k]), "module", &fc_xcvr(e[k]->ifc)->type.m);
		return;
	}
	for (k = 0; k < 2; k++) {
		const struct fc_iface *ifc = e[k]->ifc;

		if (!ifc->fec_active.m.known || fc_iface_down(ifc) || fc_fec_rank(fc_fec_effective(ifc)) < 0) {
			f = fc_finding_new(c, FC_UNKNOWN, subj, "the active FEC of %s is not known%s", fc_end_name(c, e[k]),
					   fc_iface_down(ifc) ? " (the link is down)" : "");
			if (!ifc->fec_active.m.known)
				fc_ev_unknown(c, f, fc_end_name(c, e[k]), "active FEC", &ifc->fec_active.m);
			else
				fc_ev(c, f, fc_end_name(c, e[k]), "active FEC", &ifc->fec_active.m.src, "%s",
				      fc_fec_name(ifc->fec_active.v));
			return;
		}
		if (!weak && fc_fec_rank(fc_fec_effective(ifc)) < cls->need)
			weak = fc_end_name(c, e[k]);
	}
	if (weak)
		f = fc_finding_new(c, FC_FAIL, subj, "%s runs weaker FEC than a %s cable needs (%s): expect a link that "
						     "flaps or corrupts frames under load",
				   weak, fc_cable_class_name(fc_xcvr(from)->dac_class.v), cls->needs);
	else
		f = fc_finding_new(c, FC_PASS, subj, "both ends' FEC is strong enough for a %s cable (%s)",
				   fc_cable_class_name(fc_xcvr(from)->dac_class.v), cls->needs);
	fc_ev(c, f, from == l->a.ifc ? fc_end_name(c, &l->a) : fc_end_name(c, &l->b), "DAC class", &fc_xcvr(from)->type.m.src,
	      "%s", fc_xcvr(from)->type.v);
	for (k = 0; k < 2; k++)
		fc_ev(c, f, fc_end_name(c, e[k]), "active FEC", &e[k]->ifc->fec_active.m.src, "%s",
		      fc_fec_name(fc_fec_effective(e[k]->ifc)));
}

const struct fc_rule fc_rule_fec_cable_class = {
	.id = "FEC-CABLE-CLASS",
	.live = true,
	.aspect = FC_ASPECT_FEC,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_LINK,
	.inputs = "either end's transceiver: dac_class (CA-L, CA-S, CA-N); both ends' fec_active and lane rate "
		  "(speed_mbps / lanes); plan: cable dac, else the ends' medium",
	.reads_switch = FC_CAP_DOM | FC_CAP_LINK,
	.reads_host = FC_CAP_DOM | FC_CAP_LINK,
	.params = fc_no_params,
	.run = class_run,
};
