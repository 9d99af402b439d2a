/* SPDX-License-Identifier: MIT */
/* Text reporter, for people: the devices, then the findings that need attention (FAIL, WARN,
 * UNKNOWN, waived) grouped by link, device and fleet with evidence from both ends, then a count
 * per rule and the summary. An UNKNOWN with the same rule and reason on many subjects is one line
 * with the count and three of them. --verbose prints every finding as it comes, passes and their
 * evidence included. Coloured only on a terminal without NO_COLOR. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

#define FOLD_AT 5   /* UNKNOWNs of one rule and reason on this many subjects are one line */

struct rule_count {
	size_t pass, fail, warn, unknown, waived, na;
};

struct text {
	FILE *out;
	const struct fc_report_run *run;
	const char *last_subject;
	int err;
	const struct fc_finding **keep;   /* the findings to print at the end (not verbose) */
	size_t n, cap;
	const struct fc_rule *const *rules;
	struct rule_count *counts;        /* parallel to rules */
	size_t quiet_ok[2];               /* devices ok and not listed: switches, hosts */
	bool devices_done;
	size_t nrules;
	bool oom;
};

#define C(t, code) ((t)->run->color ? (code) : "")
#define RESET(t) C(t, "\033[0m")

static void w(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void w(struct text *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (vfprintf(t->out, fmt, ap) < 0)
		t->err = 1;
	va_end(ap);
}

static enum fc_rc text_begin(FILE *out, const struct fc_report_run *run, void **st)
{
	struct text *t = calloc(1, sizeof(*t));

	if (!t)
		return FC_ERR_NOMEM;
	t->out = out;
	t->run = run;
	t->rules = fc_policy_rules(run->policy);
	while (t->rules[t->nrules])
		t->nrules++;
	if (!(t->counts = calloc(t->nrules + 1, sizeof(*t->counts)))) {
		free(t);
		return FC_ERR_NOMEM;
	}
	*st = t;
	w(t, "%sfabcheck %s%s  %s  (profile %s)\n\n", C(t, "\033[1m"), FABCHECK_VERSION, RESET(t), run->target,
	  fc_policy_profile(run->policy));
	w(t, "Devices\n");
	return FC_OK;
}

static enum fc_rc text_device(void *st, const struct fc_device *d)
{
	struct text *t = st;
	size_t i;
	bool bad = d->status != FC_DEV_OK && d->status != FC_DEV_INTENT;

	/* a fleet's healthy devices are a count, not a page each (--verbose lists them) */
	if (!bad && !d->nunparsed && !d->nerrors && !d->nwarnings && !t->run->verbose) {
		t->quiet_ok[d->kind == FC_DEV_HOST]++;
		return FC_OK;
	}

	w(t, "  %-14s %-6s %-6s %s%-14s%s", d->name, d->kind == FC_DEV_HOST ? "host" : "switch", d->platform,
	  bad ? C(t, "\033[31m") : "", fc_devstatus_name(d->status), bad ? RESET(t) : "");
	if (d->nunparsed)
		w(t, " %zu config line(s) not understood (first: %s:%u '%s')", d->nunparsed, d->unparsed[0].src.file,
		  d->unparsed[0].src.line, d->unparsed[0].text);
	w(t, "\n");
	for (i = 0; i < d->nerrors; i++)
		w(t, "      %s%s%s\n", C(t, "\033[31m"), d->errors[i], RESET(t));
	for (i = 0; i < d->nwarnings; i++)
		w(t, "      %swarning: %s%s\n", C(t, "\033[33m"), d->warnings[i], RESET(t));
	return t->err ? FC_ERR_IO : FC_OK;
}

static const char *status_color(struct text *t, enum fc_status s)
{
	return s == FC_FAIL ? C(t, "\033[1;31m") : s == FC_UNKNOWN || s == FC_WARN ? C(t, "\033[33m") : C(t, "\033[32m");
}

static void print_finding(struct text *t, const struct fc_finding *f)
{
	size_t i;
	char where[600];

	if (!t->last_subject || strcmp(t->last_subject, f->subject)) {
		w(t, "\n%s%s %s%s\n", C(t, "\033[1m"),
		  f->scope == FC_SCOPE_LINK ? "Link" : f->scope == FC_SCOPE_DEVICE ? "Device" : "Fleet", f->subject, RESET(t));
		t->last_subject = f->subject;
	}
	w(t, "  %s%-7s%s %-8s %-20s %s\n", f->waived ? C(t, "\033[36m") : status_color(t, f->status),
	  f->waived ? "WAIVED" : f->status == FC_FAIL ? "FAIL" : f->status == FC_UNKNOWN ? "UNKNOWN"
			     : f->status == FC_WARN ? "WARN" : f->status == FC_NA ? "N/A" : "PASS", RESET(t),
	  f->status == FC_FAIL ? fc_sev_name(f->sev) : "", f->rule->id, f->message);
	if (f->waiver)
		w(t, "      %-28s %-18s %s (%s, until %s)  %s%s:%u%s\n", "waiver", "reason", f->waiver->reason,
		  f->waiver->owner, f->waiver->expires, C(t, "\033[2m"), f->waiver->file, f->waiver->line, RESET(t));
	if (f->base != FC_B_NONE)   /* against --baseline-report */
		w(t, "      %-28s %s\n", "baseline", f->base == FC_B_NEW ? "new: not in the earlier report"
					     : f->base == FC_B_REGRESSED ? "regressed: worse than in the earlier report"
					     : "existing: in the earlier report already (does not fail the run)");
	if (f->status == FC_PASS && !t->run->verbose)
		return;
	for (i = 0; i < f->nev; i++) {
		const struct fc_evidence *e = &f->ev[i];

		fc_src_str(&e->src, where, sizeof(where));
		w(t, "      %-28s %-18s %s%s%s%s\n", e->end, e->what, e->value, where[0] ? "  " : "",
		  where[0] ? C(t, "\033[2m") : "", where);
		if (where[0])
			w(t, "%s", RESET(t));
	}
}

/* After the device lines: how many healthy devices went unlisted. */
static void devices_done(struct text *t)
{
	if (t->devices_done)
		return;
	t->devices_done = true;
	if (t->quiet_ok[0] || t->quiet_ok[1])
		w(t, "  %s%zu switch(es) and %zu host(s) ok%s, every output parsed (--verbose lists them)\n",
		  C(t, "\033[32m"), t->quiet_ok[0], t->quiet_ok[1], RESET(t));
}

static struct rule_count *count_of(struct text *t, const struct fc_rule *r)
{
	size_t i;

	for (i = 0; i < t->nrules; i++)
		if (t->rules[i] == r)
			return &t->counts[i];
	return &t->counts[t->nrules];   /* a rule outside the policy's list: counted apart */
}

static enum fc_rc text_finding(void *st, const struct fc_finding *f)
{
	struct text *t = st;
	struct rule_count *rc = count_of(t, f->rule);

	devices_done(t);
	if (f->waived)
		rc->waived++;
	else if (f->status == FC_PASS)
		rc->pass++;
	else if (f->status == FC_FAIL)
		rc->fail++;
	else if (f->status == FC_WARN)
		rc->warn++;
	else if (f->status == FC_NA)
		rc->na++;
	else
		rc->unknown++;
	if (t->run->verbose) {
		print_finding(t, f);
		return t->err ? FC_ERR_IO : FC_OK;
	}
	/* not applicable (a running device's state, the input configuration): counted, not listed */
	if ((f->status == FC_PASS || f->status == FC_NA) && !f->waived)
		return FC_OK;
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 256;
		const struct fc_finding **nv = realloc(t->keep, cap * sizeof(*nv));

		if (!nv)
			return FC_ERR_NOMEM;
		t->keep = nv;
		t->cap = cap;
	}
	t->keep[t->n++] = f;
	return FC_OK;
}

/* Findings that share a root cause, each group once: its headline (the cause, how many links,
 * the device's ports), the first finding's evidence, and every link beneath. */
static void print_groups(struct text *t, const struct fc_groups *gs)
{
	char title[1200], where[600];
	size_t i, k;
	bool any = false;

	for (i = 0; i < gs->n; i++) {
		const struct fc_group *g = gs->g[i];
		const struct fc_finding *f = g->v[0];

		if (g->n < 2)
			continue;
		if (!any)
			w(t, "\n%sRoot causes%s (one cause on several links, each listed beneath; --format json has every "
			     "finding with its group)\n", C(t, "\033[1m"), RESET(t));
		any = true;
		w(t, "  %s%-7s%s %-8s %-20s %s\n", status_color(t, f->status), f->status == FC_FAIL ? "FAIL" : "WARN",
		  RESET(t), f->status == FC_FAIL ? fc_sev_name(f->sev) : "", f->rule->id,
		  fc_group_title(g, title, sizeof(title)));
		w(t, "      %s\n", f->message);
		for (k = 0; k < f->nev; k++) {
			const struct fc_evidence *e = &f->ev[k];

			fc_src_str(&e->src, where, sizeof(where));
			w(t, "      %-28s %-18s %s%s%s%s%s\n", e->end, e->what, e->value, where[0] ? "  " : "",
			  where[0] ? C(t, "\033[2m") : "", where, where[0] ? RESET(t) : "");
		}
		for (k = 0; k < g->n; k++)
			w(t, "      %-28s %s\n", k ? "" : "links", g->v[k]->subject);
	}
}

/* The findings kept, UNKNOWNs that repeat folded, findings of one root cause grouped: returns
 * false when out of memory. */
static bool print_kept(struct text *t)
{
	struct fc_folds fs;
	struct fc_groups gs;
	size_t i, k, folded = 0;
	bool ok = fc_folds_build(&fs, t->keep, t->n);

	ok = fc_groups_build(&gs, t->keep, t->n) && ok;
	if (ok)
		print_groups(t, &gs);
	for (i = 0; ok && i < t->n; i++) {
		const struct fc_fold *g = fc_fold_of(&fs, t->keep[i]);

		if (g && g->n >= FOLD_AT)
			folded++;
		else if (!fc_group_of(&gs, t->keep[i]))
			print_finding(t, t->keep[i]);
	}
	if (ok && folded) {
		w(t, "\n%sUnknown on many subjects%s (one rule, one reason; --verbose or --format json lists them all)\n",
		  C(t, "\033[1m"), RESET(t));
		for (i = 0; i < fs.n; i++) {
			const struct fc_fold *g = fs.g[i];

			if (g->n < FOLD_AT)
				continue;
			w(t, "  %s%-7s%s %-8s %-20s %s\n", status_color(t, FC_UNKNOWN), "UNKNOWN", RESET(t), "", g->v[0]->rule->id,
			  g->v[0]->message);
			w(t, "      %zu subjects, e.g.", g->n);
			for (k = 0; k < 3 && k < g->n; k++)
				w(t, "%s %s", k ? "," : "", g->v[k]->subject);
			w(t, "\n");
		}
	}
	fc_folds_free(&fs);
	fc_groups_free(&gs);
	return ok;
}

static enum fc_rc text_end(void *st, const struct fc_summary *s)
{
	struct text *t = st;
	enum fc_rc rc;
	size_t i;

	devices_done(t);
	if (!t->run->verbose && !print_kept(t))
		t->oom = true;
	w(t, "\n%s%-30s%s %6s %6s %6s %8s %7s %5s\n", C(t, "\033[1m"), "Rules", RESET(t), "pass", "fail", "warn",
	  "unknown", "waived", "n/a");
	for (i = 0; i <= t->nrules; i++) {
		const struct rule_count *c = &t->counts[i];

		if (!c->pass && !c->fail && !c->warn && !c->unknown && !c->waived && !c->na)
			continue;
		w(t, "  %-28s %6zu %6zu %6zu %8zu %7zu %5zu\n", i < t->nrules ? t->rules[i]->id : "(other)", c->pass, c->fail,
		  c->warn, c->unknown, c->waived, c->na);
	}
	w(t, "\nSummary: %s%zu failing%s (%zu critical, %zu high, %zu medium, %zu low, %zu info), %zu unknown, "
	     "%zu passing",
	  s->fail ? C(t, "\033[1;31m") : "", s->fail, s->fail ? RESET(t) : "", s->fail_by_sev[FC_SEV_CRITICAL],
	  s->fail_by_sev[FC_SEV_HIGH], s->fail_by_sev[FC_SEV_MEDIUM], s->fail_by_sev[FC_SEV_LOW],
	  s->fail_by_sev[FC_SEV_INFO], s->unknown, s->pass);
	if (s->warn)
		w(t, ", %zu warning(s)", s->warn);
	if (s->waived)
		w(t, ", %zu waived", s->waived);
	if (s->na)
		w(t, ", %zu not applicable (they need a running device: --verbose lists them)", s->na);
	if (s->baseline_report)
		w(t, "; against %s: %zu new, %zu regressed, %zu existing, %zu resolved", s->baseline_report, s->b_new,
		  s->b_regressed, s->b_existing, s->b_resolved);
	if (s->devices_incomplete)
		w(t, "; %zu of %zu devices incomplete", s->devices_incomplete, s->devices);
	if (s->input_errors)
		w(t, "; %zu output(s) could not be parsed", s->input_errors);
	if (s->not_understood)
		w(t, "; %zu input line(s) not understood on %zu device(s)%s", s->not_understood, s->devices_not_understood,
		  s->fail_on_not_understood ? ", failing the run (--fail-on not-understood)" : "");
	w(t, ". Exit %d.\n", s->exit_code);
	if (s->pass && !t->run->verbose)
		w(t, "Passing findings are counted above; --verbose lists them with their evidence.\n");
	rc = t->oom ? FC_ERR_NOMEM : t->err ? FC_ERR_IO : FC_OK;
	free(t->keep);
	free(t->counts);
	free(t);
	return rc;
}

const struct fc_reporter fc_reporter_text = {
	.name = "text",
	.desc = "human-readable: what needs attention, grouped by link and device, counts per rule (default)",
	.begin = text_begin,
	.device = text_device,
	.finding = text_finding,
	.end = text_end,
};
