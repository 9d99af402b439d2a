/* SPDX-License-Identifier: MIT */
/* GitHub Actions reporter: workflow commands (GitHub Docs, "Workflow commands for GitHub Actions":
 * `::error file=F,line=L,title=T::message`, `::warning`, `::notice`), so a pull request shows each
 * finding on the line of the configuration that holds it: a failure as an error, a warning and a
 * line not understood as warnings, an UNKNOWN as a notice; one command per result (struct
 * fc_results: a root cause on many links is one annotation). Against --baseline-report, what the
 * earlier report had already is counted, not annotated. Escaped as the runner parses them: in a
 * property %, CR, LF, ':' and ',' as %25 %0D %0A %3A %2C; in the message %, CR and LF; every other
 * control character as %XX, which the runner leaves as it is, so no device string can start a
 * command of its own or reach the log as a terminal sequence. */
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

struct gh {
	FILE *out;
	const struct fc_report_run *run;
	struct fc_results rs;
	size_t skipped;   /* results the earlier report had */
	char rel[4096];
};

static void esc(FILE *o, const char *s, bool property)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)(s ? s : "");

	for (; *p; p++) {
		if (*p == '%' || *p < 0x20 || *p == 0x7f || (property && (*p == ':' || *p == ','))) {
			fputc_unlocked('%', o);
			fputc_unlocked(hex[*p >> 4], o);
			fputc_unlocked(hex[*p & 15], o);
		} else {
			fputc_unlocked(*p, o);
		}
	}
}

static void command(struct gh *g, const char *kind, const struct fc_src *src, const char *title, const char *msg)
{
	FILE *o = g->out;
	const char *rel = src && src->file ? fc_report_relpath(g->run, src->file, g->rel, sizeof(g->rel)) : NULL;

	fprintf(o, "::%s ", kind);
	if (src && src->file) {
		fputs("file=", o);
		esc(o, rel ? rel : src->file, true);
		if (src->line)
			fprintf(o, ",line=%u", src->line);
		fputc_unlocked(',', o);
	}
	fputs("title=", o);
	esc(o, title, true);
	fputs("::", o);
	esc(o, msg, false);
	fputc_unlocked('\n', o);
}

static enum fc_rc gh_begin(FILE *out, const struct fc_report_run *run, void **st)
{
	struct gh *g = calloc(1, sizeof(*g));

	if (!g)
		return FC_ERR_NOMEM;
	g->out = out;
	g->run = run;
	*st = g;
	return FC_OK;
}

static enum fc_rc gh_device(void *st, const struct fc_device *d)
{
	struct gh *g = st;
	size_t i;

	for (i = 0; i < d->nunparsed; i++) {
		char msg[1200];

		snprintf(msg, sizeof(msg), "%s: not understood: %s", d->name, d->unparsed[i].text);
		command(g, "warning", &d->unparsed[i].src, FC_NOT_UNDERSTOOD_ID, msg);
	}
	return ferror(g->out) ? FC_ERR_IO : FC_OK;
}

static enum fc_rc gh_finding(void *st, const struct fc_finding *f)
{
	struct gh *g = st;

	if (f->waived)
		return FC_OK;   /* an accepted deviation */
	return fc_results_keep(&g->rs, f) ? FC_OK : FC_ERR_NOMEM;
}

static enum fc_rc gh_end(void *st, const struct fc_summary *s)
{
	struct gh *g = st;
	enum fc_rc rc = FC_OK;
	size_t i, n[3] = { 0 };

	if (!fc_results_build(&g->rs))
		rc = FC_ERR_NOMEM;
	for (i = 0; rc == FC_OK && i < g->rs.n; i++) {
		const struct fc_result *r = &g->rs.r[i];
		const struct fc_evidence *e = fc_result_primary(r);
		const struct fc_finding *f = r->v[0];
		int k = f->status == FC_FAIL ? 0 : f->status == FC_WARN ? 1 : 2;
		char msg[2048];

		if (r->base == FC_B_EXISTING) {
			g->skipped++;
			continue;
		}
		n[k]++;
		command(g, k == 0 ? "error" : k == 1 ? "warning" : "notice", e ? &e->src : NULL, f->rule->id,
			fc_result_message(r, msg, sizeof(msg)));
	}
	fprintf(g->out, "fabcheck: %zu error(s), %zu warning(s), %zu notice(s) annotated; %zu failing, %zu unknown, "
			"%zu passing; exit %d\n", n[0], n[1], n[2], s->fail, s->unknown, s->pass, s->exit_code);
	if (s->baseline_report) {
		fputs("fabcheck: against ", g->out);
		esc(g->out, s->baseline_report, false);
		fprintf(g->out, ": %zu new, %zu regressed, %zu existing (%zu results not annotated), %zu resolved\n", s->b_new,
			s->b_regressed, s->b_existing, g->skipped, s->b_resolved);
	}
	if (ferror(g->out))
		rc = rc != FC_OK ? rc : FC_ERR_IO;
	fc_results_free(&g->rs);
	free(g);
	return rc;
}

const struct fc_reporter fc_reporter_github = {
	.name = "github",
	.desc = "GitHub Actions workflow commands: ::error/::warning annotations on the config lines",
	.begin = gh_begin,
	.device = gh_device,
	.finding = gh_finding,
	.end = gh_end,
};
