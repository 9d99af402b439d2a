/* SPDX-License-Identifier: MIT */
/* CSV reporter: one finding per row (and one per input line not understood, status
 * not-understood, rule NOT-UNDERSTOOD), RFC 4180 (CRLF line ends; a field holding a comma, a quote,
 * CR or LF is quoted, its quotes doubled). A field that a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or CR) gets a leading apostrophe: device strings come from
 * devices, and a CSV is opened in spreadsheets (OWASP "CSV injection"). */
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

struct csv {
	FILE *out;
	bool err;
};

/* Written in runs between quotes (a fleet report has millions of rows); errors are seen by
 * ferror() once per row. */
static void field(struct csv *c, const char *s, bool last)
{
	FILE *o = c->out;
	bool quote = strpbrk(s, ",\"\r\n") != NULL;
	bool formula = s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@' || s[0] == '\t' || s[0] == '\r';
	const char *q;

	if (quote)
		fputc_unlocked('"', o);
	if (formula)
		fputc_unlocked('\'', o);
	while ((q = strchr(s, '"'))) {
		fwrite_unlocked(s, 1, (size_t)(q - s) + 1, o);   /* the run and its quote ... */
		fputc_unlocked('"', o);                         /* ... doubled */
		s = q + 1;
	}
	fputs_unlocked(s, o);
	if (quote)
		fputc_unlocked('"', o);
	if (last)
		fwrite_unlocked("\r\n", 1, 2, o);
	else
		fputc_unlocked(',', o);
}

static enum fc_rc csv_begin(FILE *out, const struct fc_report_run *run, void **st)
{
	static const char *const head[] = { "status", "severity", "rule", "subject", "device", "port", "peer_device",
					     "peer_port", "message", "evidence", "waiver", NULL };
	struct csv *c = calloc(1, sizeof(*c));
	size_t i;

	(void)run;
	if (!c)
		return FC_ERR_NOMEM;
	c->out = out;
	for (i = 0; head[i]; i++)
		field(c, head[i], !head[i + 1]);
	*st = c;
	return ferror(out) ? FC_ERR_IO : FC_OK;
}

/* A row per line the device's input held but no reader understood (rule NOT-UNDERSTOOD). */
static enum fc_rc csv_device(void *st, const struct fc_device *d)
{
	struct csv *c = st;
	char where[600];
	size_t i;

	for (i = 0; i < d->nunparsed; i++) {
		field(c, "not-understood", false);
		field(c, "", false);
		field(c, FC_NOT_UNDERSTOOD_ID, false);
		field(c, d->name, false);
		field(c, d->name, false);
		field(c, "", false);
		field(c, "", false);
		field(c, "", false);
		field(c, d->unparsed[i].text, false);
		field(c, d->unparsed[i].src.file ? fc_src_str(&d->unparsed[i].src, where, sizeof(where)) : "", false);
		field(c, "", true);
	}
	if (ferror(c->out))
		c->err = true;
	return c->err ? FC_ERR_IO : FC_OK;
}

static enum fc_rc csv_finding(void *st, const struct fc_finding *f)
{
	struct csv *c = st;
	struct fc_buf ev, wv;
	char where[600];
	size_t i;

	fc_buf_init(&ev, 1u << 20);
	fc_buf_init(&wv, 1u << 16);
	for (i = 0; i < f->nev; i++)   /* every evidence source, "file:line; file:line" */
		if (f->ev[i].src.file)
			fc_buf_addf(&ev, "%s%s", ev.len ? "; " : "", fc_src_str(&f->ev[i].src, where, sizeof(where)));
	if (f->waiver)
		fc_buf_addf(&wv, "%s (%s, until %s)", f->waiver->reason, f->waiver->owner, f->waiver->expires);
	field(c, f->waived ? "waived" : fc_status_name(f->status), false);
	field(c, f->status == FC_FAIL ? fc_sev_name(f->sev) : "", false);
	field(c, f->rule->id, false);
	field(c, f->subject, false);
	field(c, f->link ? f->link->a.dev_name : f->dev ? f->dev->name : "", false);
	field(c, f->link ? f->link->a.if_name : "", false);
	field(c, f->link ? f->link->b.dev_name : "", false);
	field(c, f->link ? f->link->b.if_name : "", false);
	field(c, f->message, false);
	field(c, ev.data ? ev.data : "", false);
	field(c, wv.data ? wv.data : "", true);
	fc_buf_free(&ev);
	fc_buf_free(&wv);
	if (ferror(c->out))
		c->err = true;
	return c->err ? FC_ERR_IO : FC_OK;
}

static enum fc_rc csv_end(void *st, const struct fc_summary *s)
{
	struct csv *c = st;
	enum fc_rc rc = c->err ? FC_ERR_IO : FC_OK;

	(void)s;
	free(c);
	return rc;
}

/* A state for the rows after the first, into out (fc_report_emit's second thread). */
static void *csv_fork(const void *st, FILE *out)
{
	struct csv *f = calloc(1, sizeof(*f));

	(void)st;
	if (f)
		f->out = out;
	return f;
}

static enum fc_rc csv_unfork(void *fst)
{
	return csv_end(fst, NULL);
}

const struct fc_reporter fc_reporter_csv = {
	.name = "csv",
	.desc = "CSV (RFC 4180): one finding per row, with its ends, evidence sources and waiver",
	.pass_evidence = true,
	.begin = csv_begin,
	.device = csv_device,
	.finding = csv_finding,
	.end = csv_end,
	.fork = csv_fork,
	.unfork = csv_unfork,
};
