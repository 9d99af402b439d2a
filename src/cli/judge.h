/* SPDX-License-Identifier: MIT */
/* The validate pipeline as one call, for validate and diff: load a snapshot or an inventory, build
 * the topology, load the policy, rule pages and waivers, run the rules, count the verdicts. */
#ifndef FC_JUDGE_H
#define FC_JUDGE_H

#include "engine/engine.h"
#include "inventory/inventory.h"
#include "report/report.h"
#include "snapshot/snapshot.h"

struct fc_judge_opts {
	const char *target;             /* snapshot directory or inventory */
	const char *baseline;           /* an earlier snapshot for the counter rules, or NULL */
	const char *baseline_report;    /* a JSON report of the same fabric judged earlier: only what is
					 * new or regressed since fails the run; NULL: none */
	const char *rules_dir, *profile, *policy, *waivers, *only_rule;   /* NULL: defaults */
	const char *const *allow;       /* --allow-outside */
	size_t nallow;
	bool pass_evidence;             /* keep passing findings' evidence */
	size_t pass_evidence_links;     /* ... or only up to this many links (0: as pass_evidence says) */
	enum fc_sev fail_on;
	bool fail_on_not_understood;
};

/* Everything a judgement holds; the findings point into the model, the policy and the waivers. */
struct fc_judged {
	struct fc_inventory *inv;
	struct fc_model *m;
	struct fc_counters *base;       /* the --baseline snapshot's counters */
	struct fc_policy *pol;
	struct fc_waivers *wv;
	struct fc_ruledocs *docs;
	struct fc_engine eng;
	struct fc_summary sum;          /* counts and the exit code validate returns */
};

/* On error err names the file and line; j is then freed with fc_judged_free as usual. */
enum fc_rc fc_judge(const struct fc_judge_opts *o, struct fc_judged *j, struct fc_err *err);
void fc_judged_free(struct fc_judged *j);

#endif
