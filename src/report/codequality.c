/* SPDX-License-Identifier: MIT */
/* GitLab Code Quality reporter: a JSON array of issues (GitLab Docs, "Code Quality", the report
 * format: description, check_name, fingerprint, severity, location.path, location.lines.begin),
 * one per result that needs a look (struct fc_results: a root cause on many links is one issue),
 * located at the config line relative to the repository's root, so a merge request shows it on
 * the changed line. Severity: a failure's own (critical: blocker, high: critical, medium: major,
 * low: minor, info: info), a warning minor, an UNKNOWN info, a line not understood minor. Waived
 * findings are accepted deviations: not issues. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/jw.h"
#include "report/report.h"

struct cq {
	FILE *out;
	const struct fc_report_run *run;
	struct fc_results rs;
	size_t n;
	bool err;
	const char *fallback;   /* where a result without a file is placed: the inventory */
	char rel[4096];
	char fbuf[4096];
};

static const char *severity(const struct fc_finding *f)
{
	if (f->status == FC_WARN)
		return "minor";
	if (f->status != FC_FAIL)
		return "info";
	switch (f->sev) {
	case FC_SEV_CRITICAL: return "blocker";
	case FC_SEV_HIGH: return "critical";
	case FC_SEV_MEDIUM: return "major";
	case FC_SEV_LOW: return "minor";
	case FC_SEV_INFO: return "info";
	}
	return "info";
}

/* {"description":D,"check_name":C,"fingerprint":F,"severity":S,"location":{"path":P,"lines":{"begin":N}}} */
static void issue(struct cq *q, const char *check, const char *desc, const char *fp, const char *sev,
		  const struct fc_src *src)
{
	FILE *o = q->out;
	const char *path = src && src->file ? src->file : q->fallback;
	const char *rel = fc_report_relpath(q->run, path, q->rel, sizeof(q->rel));

	if (q->n++)
		FC_JW_LIT(o, ",\n  {");
	else
		FC_JW_LIT(o, "\n  {");
	fc_jw_kv(o, "type", "issue", true);
	fc_jw_kv(o, "check_name", check, false);
	fc_jw_kv(o, "description", desc, false);
	FC_JW_LIT(o, ",\"categories\":[\"Bug Risk\"]");
	fc_jw_kv(o, "fingerprint", fp, false);
	fc_jw_kv(o, "severity", sev, false);
	FC_JW_LIT(o, ",\"location\":{");
	fc_jw_kv(o, "path", rel ? rel : path, true);
	FC_JW_LIT(o, ",\"lines\":{\"begin\":");
	fc_jw_int(o, src && src->file && src->line ? src->line : 1);
	FC_JW_LIT(o, "}}}");
}

static enum fc_rc cq_begin(FILE *out, const struct fc_report_run *run, void **st)
{
	struct cq *q = calloc(1, sizeof(*q));
	struct stat sb;

	if (!q)
		return FC_ERR_NOMEM;
	q->out = out;
	q->run = run;
	q->fallback = run->target;
	if (stat(run->target, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		/* a snapshot or an inventory's directory: the file that lists the devices */
		static const char *const names[] = { "inventory.yaml", "inventory.yml", "inventory.json", "manifest.json" };
		size_t i;

		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			snprintf(q->fbuf, sizeof(q->fbuf), "%s/%s", run->target, names[i]);
			if (access(q->fbuf, F_OK) == 0) {
				q->fallback = q->fbuf;
				break;
			}
		}
	}
	fputc_unlocked('[', out);
	*st = q;
	return ferror(out) ? FC_ERR_IO : FC_OK;
}

/* An issue per line read but not understood, fingerprinted by the device, the file and the line's
 * text with its occurrence (not the line's number: an edit above it keeps the issue the same). */
static enum fc_rc cq_device(void *st, const struct fc_device *d)
{
	struct cq *q = st;
	char (*fp)[17] = fc_unparsed_fingerprints(q->run, d);
	size_t i;

	if (!fp)
		return FC_ERR_NOMEM;
	for (i = 0; i < d->nunparsed; i++) {
		char desc[1200];

		snprintf(desc, sizeof(desc), "%s: not understood: %s", d->name, d->unparsed[i].text);
		issue(q, FC_NOT_UNDERSTOOD_ID, desc, fp[i], "minor", &d->unparsed[i].src);
	}
	free(fp);
	return ferror(q->out) ? FC_ERR_IO : FC_OK;
}

static enum fc_rc cq_finding(void *st, const struct fc_finding *f)
{
	struct cq *q = st;

	if (f->waived)
		return FC_OK;
	return fc_results_keep(&q->rs, f) ? FC_OK : FC_ERR_NOMEM;
}

static enum fc_rc cq_end(void *st, const struct fc_summary *s)
{
	struct cq *q = st;
	enum fc_rc rc = FC_OK;
	size_t i;

	(void)s;
	if (!fc_results_build(&q->rs))
		rc = FC_ERR_NOMEM;
	for (i = 0; rc == FC_OK && i < q->rs.n; i++) {
		const struct fc_result *r = &q->rs.r[i];
		const struct fc_evidence *e = fc_result_primary(r);
		char msg[2048];

		issue(q, r->v[0]->rule->id, fc_result_message(r, msg, sizeof(msg)), r->fp, severity(r->v[0]),
		      e ? &e->src : NULL);
	}
	if (fputs(q->n ? "\n]\n" : "]\n", q->out) < 0 || ferror(q->out))
		rc = rc != FC_OK ? rc : FC_ERR_IO;
	fc_results_free(&q->rs);
	free(q);
	return rc;
}

const struct fc_reporter fc_reporter_codequality = {
	.name = "codequality",
	.desc = "GitLab Code Quality JSON: an issue per root cause at the config line, for merge requests",
	.begin = cq_begin,
	.device = cq_device,
	.finding = cq_finding,
	.end = cq_end,
};
