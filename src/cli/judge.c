/* SPDX-License-Identifier: MIT */
/* The validate pipeline as one call (judge.h). */
#include "cli/judge.h"

#include "cli/cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "diff/diff.h"
#include "util/arena.h"
#include "rules/rules.h"
#include "topology/topology.h"

static void count(struct fc_judged *j)
{
	struct fc_summary *s = &j->sum;
	size_t k;
	int i;

	for (k = 0; k < j->eng.n; k++) {
		const struct fc_finding *f = j->eng.findings[k];

		if (f->status == FC_PASS)
			s->pass++;
		else if (f->waived)
			s->waived++;   /* an accepted deviation: shown, not failing the run */
		else if (f->status == FC_WARN)
			s->warn++;
		else if (f->status == FC_UNKNOWN)
			s->unknown++;
		else if (f->status == FC_NA)
			s->na++;
		else {
			s->fail++;
			s->fail_by_sev[f->sev]++;
		}
	}
	s->devices = j->m->ndevs;
	for (k = 0; k < j->m->ndevs; k++) {
		s->devices_incomplete += j->m->devs[k]->status != FC_DEV_OK && j->m->devs[k]->status != FC_DEV_INTENT;
		s->not_understood += j->m->devs[k]->nunparsed;
		s->devices_not_understood += j->m->devs[k]->nunparsed > 0;
	}
	s->input_errors = j->m->input_errors;
	s->exit_code = FC_EXIT_OK;
	if (s->baseline_report) {
		/* a change is judged on what it adds: a failure the earlier report had fails nothing */
		for (k = 0; k < j->eng.n; k++) {
			const struct fc_finding *f = j->eng.findings[k];

			if (f->status == FC_FAIL && !f->waived && f->sev >= s->fail_on &&
			    (f->base == FC_B_NEW || f->base == FC_B_REGRESSED))
				s->exit_code = FC_EXIT_FINDINGS;
		}
	} else {
		for (i = FC_SEV_CRITICAL; i >= (int)s->fail_on; i--)
			if (s->fail_by_sev[i])
				s->exit_code = FC_EXIT_FINDINGS;
	}
	if (s->fail_on_not_understood && s->not_understood)
		s->exit_code = FC_EXIT_FINDINGS;
	if (s->devices_incomplete)
		s->exit_code = FC_EXIT_INCOMPLETE;
	if (s->input_errors)
		s->exit_code = FC_EXIT_USAGE;
}

/* Each not-passing finding's state against the earlier report (validate --baseline-report), by
 * fabcheck diff's comparison: findings keyed by rule and subject, ranked pass < unknown < warn <
 * fail by severity. Refused, like diff, when the report is of another fabric. */
static enum fc_rc against_report(struct fc_judged *j, const char *target, const char *path, struct fc_err *err)
{
	struct fc_dside old, cur;
	struct fc_diff *d = NULL;
	enum fc_rc rc;
	size_t i;

	if ((rc = fc_dside_from_report(&old, path, err)) != FC_OK) {
		fc_dside_free(&old);
		return rc;
	}
	rc = fc_dside_from_engine(&cur, target, j->inv->fabric_name, &j->eng, j->m, j->pol,
				  0, 0, false);
	if (rc == FC_OK)
		rc = fc_diff_build(&old, &cur, NULL, &d, err);
	for (i = 0; rc == FC_OK && i < d->ne; i++) {
		const struct fc_dentry *e = &d->e[i];
		struct fc_finding *f;

		if (!e->cur) {
			j->sum.b_resolved++;
			continue;
		}
		/* fc_dside_from_engine without skipping: cur's findings are the engine's, in order */
		f = j->eng.findings[e->cur - cur.f];
		switch (e->cls) {
		case FC_D_NEW: f->base = FC_B_NEW, j->sum.b_new++; break;
		case FC_D_REGRESSED: f->base = FC_B_REGRESSED, j->sum.b_regressed++; break;
		case FC_D_RESOLVED: j->sum.b_resolved++; break;
		default: f->base = FC_B_EXISTING, j->sum.b_existing++; break;
		}
	}
	fc_diff_free(&d);
	fc_dside_free(&cur);
	fc_dside_free(&old);
	return rc;
}

static int by_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The named counters the rules comparing two snapshots read (fc_rule.counters), sorted and
 * without repeats, in a (NULL-terminated): what an earlier snapshot keeps. */
static const char *const *kept_counters(struct fc_arena *a)
{
	const struct fc_rule *const *r;
	const char **v;
	size_t n = 0, k, i;

	for (r = fc_rule_list(); *r; r++)
		for (k = 0; (*r)->counters && (*r)->counters[k]; k++)
			n++;
	if (!(v = fc_alloc(a, (n + 1) * sizeof(*v))))
		return NULL;
	n = 0;
	for (r = fc_rule_list(); *r; r++)
		for (k = 0; (*r)->counters && (*r)->counters[k]; k++)
			v[n++] = (*r)->counters[k];
	qsort(v, n, sizeof(*v), by_str);
	for (i = k = 0; i < n; i++)
		if (!k || strcmp(v[k - 1], v[i]))
			v[k++] = v[i];
	v[k] = NULL;
	return v;
}

enum fc_rc fc_judge(const struct fc_judge_opts *o, struct fc_judged *j, struct fc_err *err)
{
	struct fc_load_opts lo = { .allow_outside = o->allow, .nallow = o->nallow };
	struct fc_engine_opts eo;
	enum fc_rc rc;

	memset(j, 0, sizeof(*j));
	j->sum.fail_on = o->fail_on;
	j->sum.fail_on_not_understood = o->fail_on_not_understood;
	/* what needs no snapshot is checked before one is read: a mistyped rule id or waiver costs a
	 * moment, not a fleet's load (seconds at 1,000 leaves, twice with --baseline) */
	if (o->only_rule && !fc_rule_find(o->only_rule))
		return fc_err_set(err, FC_ERR_USAGE, NULL, 0, "unknown rule id '%s' (see fabcheck rules)", o->only_rule);
	if (o->waivers) {
		char today[16];
		time_t now = time(NULL);
		struct tm tm;

		strftime(today, sizeof(today), "%Y-%m-%d", gmtime_r(&now, &tm));
		if ((rc = fc_waivers_load(o->waivers, today, fc_rule_list(), &j->wv, err)) != FC_OK)
			return rc;
	}
	/* a profile named on the command line is the one used, whatever the inventory says: it and the
	 * policy file are read now; without it they are read once the inventory is (the profile may
	 * come from the inventory or the policy file, and a rules directory need not hold the default) */
	if ((rc = fc_ruledocs_load(o->rules_dir, fc_rule_list(), &j->docs, err)) != FC_OK ||
	    (o->profile && (rc = fc_policy_load(o->rules_dir, o->profile, o->policy, fc_rule_list(), &j->pol, err)) != FC_OK))
		return rc;
	if (o->baseline_report) {   /* read after the run: a path that cannot be opened is said now */
		int fd = open(o->baseline_report, O_RDONLY | O_CLOEXEC);

		if (fd < 0)
			return fc_err_set(err, FC_ERR_IO, o->baseline_report, 0, "cannot open: %s", strerror(errno));
		close(fd);
	}
	/* the earlier snapshot first, for its counters (the counter rules are all that read it): its
	 * model is freed before this one is loaded, so the pair costs one model and the counters */
	if (o->baseline) {
		struct fc_load_opts blo = lo;
		struct fc_inventory *binv = NULL;
		struct fc_model *bm = NULL;
		struct fc_arena *a = fc_arena_new();

		blo.counters_only = true;
		if (!a || !(blo.counters_kept = kept_counters(a))) {
			fc_arena_free(&a);
			return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		}
		rc = fc_fabric_load(o->baseline, &blo, &binv, &bm, err);
		fc_inventory_free(&binv);
		if (rc == FC_OK)
			rc = fc_counters_take(&bm, &j->base, err);
		fc_model_free(&bm);
		fc_arena_free(&a);
		if (rc != FC_OK)
			return rc;
	}
	if ((rc = fc_fabric_load(o->target, &lo, &j->inv, &j->m, err)) != FC_OK)
		return rc;
	if ((rc = fc_topology_build(j->m, j->inv, err)) != FC_OK)
		return rc;
	if (!j->pol && (rc = fc_policy_load(o->rules_dir, j->inv->profile, o->policy, fc_rule_list(), &j->pol, err)) != FC_OK)
		return rc;
	memset(&eo, 0, sizeof(eo));
	eo.base = j->base;
	eo.waivers = j->wv;
	eo.only_rule = o->only_rule;
	eo.pass_evidence = o->pass_evidence || (o->pass_evidence_links && j->m->nlinks <= o->pass_evidence_links);
	if ((rc = fc_engine_run(&j->eng, j->m, j->pol, &eo, err)) != FC_OK)
		return rc;
	if (o->baseline_report) {
		j->sum.baseline_report = o->baseline_report;
		if ((rc = against_report(j, o->target, o->baseline_report, err)) != FC_OK)
			return rc;
	}
	count(j);
	return FC_OK;
}

void fc_judged_free(struct fc_judged *j)
{
	fc_engine_free(&j->eng);
	fc_waivers_free(&j->wv);
	fc_ruledocs_free(&j->docs);
	fc_policy_free(&j->pol);
	fc_model_free(&j->m);
	fc_counters_free(&j->base);
	fc_inventory_free(&j->inv);
}
