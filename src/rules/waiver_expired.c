/* SPDX-License-Identifier: MIT */
/* WAIVER-EXPIRED: a waiver past its expiry date waives nothing and is reported, so an exception
 * cannot outlive its reason unnoticed (docs/waivers.md). Silent when no waivers file is given. */
#include <stdio.h>

#include "rules/rules.h"

static void expired_run(struct fc_rctx *c)
{
	const struct fc_waivers *w = c->eng->waivers;
	size_t i;

	for (i = 0; w && i < w->n; i++) {
		const struct fc_waiver *x = &w->v[i];
		struct fc_src src = { x->file, x->line };
		struct fc_finding *f;
		char subj[512];

		snprintf(subj, sizeof(subj), "waiver %s %s", x->rule, x->subject);
		if (x->expired)
			f = fc_finding_new(c, FC_FAIL, subj,
					   "the waiver of %s for '%s' expired on %s (owner %s): what it covered counts again",
					   x->rule, x->subject, x->expires, x->owner);
		else
			f = fc_finding_new(c, FC_PASS, subj, "the waiver holds until %s (owner %s); it waives %zu finding(s)",
					   x->expires, x->owner, x->matched);
		fc_ev(c, f, "waivers", "expires", &src, "%s", x->expires);
		fc_ev(c, f, "waivers", "reason", &src, "%s", x->reason);
	}
}

const struct fc_rule fc_rule_waiver_expired = {
	.id = "WAIVER-EXPIRED",
	.severity = FC_SEV_MEDIUM,
	.scope = FC_SCOPE_FLEET,
	.inputs = "the waivers file (--waivers): rule, subject pattern, reason, owner, expires",
	.reads_switch = 0,
	.reads_host = 0,
	.params = fc_no_params,
	.run = expired_run,
	.after_waivers = true,
};
