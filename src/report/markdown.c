/* SPDX-License-Identifier: MIT */
/* Markdown reporter, for a pull-request comment: the summary, then tables of what needs
 * attention (failing, warnings, unknown folded by rule and reason, input lines not understood,
 * waived), then the count per
 * rule in a collapsed block. Every device string is escaped for Markdown and HTML: a description
 * holding '|', '*' or '<script>' stays text in its cell. */
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

struct md {
	FILE *out;
	const struct fc_report_run *run;
	const struct fc_finding **keep;   /* the findings that are not a plain pass */
	size_t n, cap;
	size_t ndev;
	const struct fc_device **nu;      /* devices with lines not understood, in model order */
	size_t nnu;
	bool err;
};

#define NU_SHOWN 20   /* lines shown per device; file:line of the rest is in every other format */

static void put(struct md *m, const char *s)
{
	if (fputs(s, m->out) < 0)
		m->err = true;
}

bool fc_md_cell(FILE *out, const char *s)
{
	bool ok = true;

	for (; *s; s++) {
		const char *e = *s == '<' ? "&lt;" : *s == '>' ? "&gt;" : *s == '&' ? "&amp;" : NULL;
		int ch = *s == '\n' || *s == '\r' ? ' ' : *s;

		if (e)
			ok &= fputs(e, out) >= 0;
		else if ((strchr("\\|*_`[]#!~", ch) && fputc('\\', out) == EOF) || fputc(ch, out) == EOF)
			ok = false;
	}
	return ok;
}

static void cell(struct md *m, const char *s)
{
	if (!fc_md_cell(m->out, s))
		m->err = true;
}

static enum fc_rc md_begin(FILE *out, const struct fc_report_run *run, void **st)
{
	struct md *m = calloc(1, sizeof(*m));

	if (!m)
		return FC_ERR_NOMEM;
	m->out = out;
	m->run = run;
	*st = m;
	return FC_OK;
}

static enum fc_rc md_device(void *st, const struct fc_device *d)
{
	struct md *m = st;

	if (d->nunparsed) {
		const struct fc_device **nd = realloc(m->nu, (m->nnu + 1) * sizeof(*nd));

		if (!nd)
			return FC_ERR_NOMEM;
		m->nu = nd;
		m->nu[m->nnu++] = d;
	}
	m->ndev++;
	return FC_OK;
}

/* Input lines not understood: a table per device, its first NU_SHOWN lines. */
static void not_understood(struct md *m, const struct fc_summary *s)
{
	char where[600];
	size_t i, k;

	if (!m->nnu)
		return;
	if (fprintf(m->out, "\n### Not understood (%zu line(s) on %zu device(s)%s)\n\n| Device | Where | Line |\n"
			    "|---|---|---|\n", s->not_understood, m->nnu,
		    s->fail_on_not_understood ? ", failing the run" : "") < 0)
		m->err = true;
	for (i = 0; i < m->nnu; i++) {
		const struct fc_device *d = m->nu[i];

		for (k = 0; k < d->nunparsed && k < NU_SHOWN; k++) {
			put(m, "| ");
			cell(m, d->name);
			put(m, " | ");
			cell(m, fc_src_str(&d->unparsed[k].src, where, sizeof(where)));
			put(m, " | ");
			cell(m, d->unparsed[k].text);
			put(m, " |\n");
		}
		if (d->nunparsed > NU_SHOWN && fprintf(m->out, "| %s | | and %zu more |\n", "", d->nunparsed - NU_SHOWN) < 0)
			m->err = true;
	}
}

static enum fc_rc md_finding(void *st, const struct fc_finding *f)
{
	struct md *m = st;

	if (f->status == FC_PASS && !f->waived)
		return FC_OK;
	if (m->n == m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 64;
		const struct fc_finding **nv = realloc(m->keep, cap * sizeof(*nv));

		if (!nv)
			return FC_ERR_NOMEM;
		m->keep = nv;
		m->cap = cap;
	}
	m->keep[m->n++] = f;
	return FC_OK;
}

static void evidence(struct md *m, const struct fc_finding *f)
{
	char where[600], last[600] = "";
	size_t i, shown = 0;

	for (i = 0; i < f->nev && shown < 3; i++)
		if (f->ev[i].src.file && strcmp(fc_src_str(&f->ev[i].src, where, sizeof(where)), last)) {
			put(m, shown++ ? "<br>" : "");
			cell(m, where);
			memcpy(last, where, sizeof(last));
		}
}

static size_t count(const struct md *m, bool (*pick)(const struct fc_finding *))
{
	size_t i, n = 0;

	for (i = 0; i < m->n; i++)
		n += pick(m->keep[i]);
	return n;
}

static bool is_fail(const struct fc_finding *f) { return f->status == FC_FAIL && !f->waived; }
static bool is_warn(const struct fc_finding *f) { return f->status == FC_WARN && !f->waived; }
static bool is_unknown(const struct fc_finding *f) { return f->status == FC_UNKNOWN && !f->waived; }
static bool is_waived(const struct fc_finding *f) { return f->waived; }

/* A root cause's cells: the links of the group beneath its headline; the cause above the message. */
static void group_cells(struct md *m, const struct fc_group *g)
{
	char head[1200];
	size_t k;

	if (snprintf(head, sizeof(head), "%zu links of %s: %s", g->n, g->v[0]->cause->dev->name,
		     g->ports ? g->ports : "") < 0)
		m->err = true;
	put(m, "**");
	cell(m, head);
	put(m, "**");
	for (k = 0; k < g->n; k++) {
		put(m, "<br>");
		cell(m, g->v[k]->subject);
	}
	put(m, " | ");
	cell(m, g->v[0]->cause->text);
	put(m, ": ");
	cell(m, g->v[0]->message);
}

static void table(struct md *m, const char *title, bool (*pick)(const struct fc_finding *), bool sev,
		  const struct fc_groups *gs)
{
	size_t i, n = count(m, pick);

	if (!n)
		return;
	if (fprintf(m->out, "\n### %s (%zu)\n\n| %sRule | Subject | Finding | Evidence |\n|%s---|---|---|---|\n", title, n,
		    sev ? "Severity | " : "", sev ? "---|" : "") < 0)
		m->err = true;
	for (i = 0; i < m->n; i++) {
		const struct fc_finding *f = m->keep[i];
		const struct fc_group *g = gs ? fc_group_of(gs, f) : NULL;

		if (!pick(f) || (g && g->v[0] != f))
			continue;
		put(m, "| ");
		if (sev) {
			put(m, fc_sev_name(f->sev));
			put(m, " | ");
		}
		cell(m, f->rule->id);
		put(m, " | ");
		if (g) {
			group_cells(m, g);
		} else {
			cell(m, f->subject);
			put(m, " | ");
			cell(m, f->message);
		}
		if (f->waiver) {
			put(m, "<br>waived: ");
			cell(m, f->waiver->reason);
			put(m, " (");
			cell(m, f->waiver->owner);
			put(m, ", until ");
			cell(m, f->waiver->expires);
			put(m, ")");
		}
		put(m, " | ");
		evidence(m, f);
		put(m, " |\n");
	}
}

/* UNKNOWNs by rule and reason, each one row: the count and three of the subjects. */
static void unknown_table(struct md *m)
{
	struct fc_folds fs;
	size_t i, k, n = count(m, is_unknown);

	if (!n)
		return;
	if (!fc_folds_build(&fs, m->keep, m->n)) {
		fc_folds_free(&fs);
		m->err = true;
		return;
	}
	if (fprintf(m->out, "\n### Unknown (%zu)\n\n| Rule | Reason | Subjects |\n|---|---|---|\n", n) < 0)
		m->err = true;
	for (i = 0; i < fs.n; i++) {
		const struct fc_fold *g = fs.g[i];

		put(m, "| ");
		cell(m, g->v[0]->rule->id);
		put(m, " | ");
		cell(m, g->v[0]->message);
		put(m, " | ");
		for (k = 0; k < 3 && k < g->n; k++) {
			put(m, k ? "<br>" : "");
			cell(m, g->v[k]->subject);
		}
		if (g->n > 3 && fprintf(m->out, "<br>and %zu more", g->n - 3) < 0)
			m->err = true;
		put(m, " |\n");
	}
	fc_folds_free(&fs);
}

static enum fc_rc md_end(void *st, const struct fc_summary *s)
{
	struct md *m = st;
	struct fc_groups gs;
	enum fc_rc rc;
	char na[96], nu[64];

	snprintf(na, sizeof(na), ", %zu not applicable (they need a running device)", s->na);
	snprintf(nu, sizeof(nu), ", %zu input line(s) not understood", s->not_understood);
	if (fprintf(m->out, "## fabcheck: %zu failing, %zu warning(s), %zu unknown, %zu passing%s%s%s (exit %d)\n\n",
		    s->fail, s->warn, s->unknown, s->pass, s->waived ? ", some waived" : "",
		    s->na ? na : "", s->not_understood ? nu : "", s->exit_code) < 0)
		m->err = true;
	put(m, "Target ");
	cell(m, m->run->target);
	if (fprintf(m->out, ", profile %s, fabcheck %s; %zu device(s), %zu incomplete; failing by severity: %zu critical, "
			    "%zu high, %zu medium, %zu low, %zu info.\n", fc_policy_profile(m->run->policy), FABCHECK_VERSION,
		    m->ndev, s->devices_incomplete, s->fail_by_sev[FC_SEV_CRITICAL], s->fail_by_sev[FC_SEV_HIGH],
		    s->fail_by_sev[FC_SEV_MEDIUM], s->fail_by_sev[FC_SEV_LOW], s->fail_by_sev[FC_SEV_INFO]) < 0)
		m->err = true;
	if (!fc_groups_build(&gs, m->keep, m->n))
		m->err = true;
	table(m, "Failing", is_fail, true, &gs);
	table(m, "Warnings", is_warn, false, &gs);
	unknown_table(m);
	not_understood(m, s);
	table(m, "Waived", is_waived, false, NULL);
	fc_groups_free(&gs);
	if (!s->fail && !s->warn && !s->unknown && !s->not_understood)
		put(m, "\nEverything checked passes.\n");
	rc = m->err ? FC_ERR_IO : FC_OK;
	free(m->nu);
	free(m->keep);
	free(m);
	return rc;
}

const struct fc_reporter fc_reporter_markdown = {
	.name = "markdown",
	.desc = "Markdown for a pull-request comment: summary, failing, warnings, unknown folded, waived",
	.begin = md_begin,
	.device = md_device,
	.finding = md_finding,
	.end = md_end,
};
