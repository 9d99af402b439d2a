/* SPDX-License-Identifier: MIT */
/* DATA-CONFLICT: two outputs of one device give one value differently (its configuration sets MTU
 * 9216, its running state shows 1500): the state's value is the one every other rule judges, and
 * this rule says the configuration is not what runs, with both lines, instead of letting the
 * order the outputs were read in decide silently. */
#include <stdio.h>

#include "rules/rules.h"

static void conflict_run(struct fc_rctx *c)
{
	const struct fc_device *d = c->dev;
	size_t i;

	if (!d->config_m.known || !d->live)
		return;   /* configuration only (a repository) or state only: nothing to compare */
	if (!d->nconflicts) {
		fc_finding_new(c, FC_PASS, d->name, "the running state agrees with the configuration on every port value "
						    "both give");
		return;
	}
	for (i = 0; i < d->nconflicts; i++) {
		const struct fc_conflict *x = &d->conflicts[i];
		const char *subj = x->subject ? fc_rstr(c, "%s:%s", d->name, x->subject) : d->name;
		struct fc_finding *f = fc_finding_new(c, FC_WARN, subj,
						      "%s is %s in the running state but %s in the configuration: the "
						      "configuration is not what runs (the running value is judged)",
						      x->field, x->used, x->other);

		fc_ev(c, f, subj, "running", &x->used_src, "%s %s", x->field, x->used);
		fc_ev(c, f, subj, "configuration", &x->other_src, "%s %s", x->field, x->other);
	}
}

const struct fc_rule fc_rule_data_conflict = {
	.id = "DATA-CONFLICT",
	.severity = FC_SEV_MEDIUM,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "every device, the port values its configuration and its running state both give (mtu, speed_mbps, "
		  "lanes, fec_config, autoneg, pause_rx, pause_tx, admin_state, description) where the two differ",
	.reads_switch = FC_CAP_CONFIG | FC_CAP_LINK,
	.reads_host = 0,
	.params = fc_no_params,
	.run = conflict_run,
};
