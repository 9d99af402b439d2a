/* SPDX-License-Identifier: MIT */
/* Text reporter: findings grouped by link, device and fleet, with evidence from both ends;
 * coloured only on a terminal without NO_COLOR. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

struct text {
	FILE *out;
	const struct fc_report_run *run;
	const char *last_subject;
	int err;
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

static enum fc_rc text_finding(void *st, const struct fc_finding *f)
{
	struct text *t = st;
	size_t i;
	char where[600];

	if (!t->last_subject || strcmp(t->last_subject, f->subject)) {
		w(t, "\n%s%s %s%s\n", C(t, "\033[1m"),
		  f->scope == FC_SCOPE_LINK ? "Link" : f->scope == FC_SCOPE_DEVICE ? "Device" : "Fleet", f->subject, RESET(t));
		t->last_subject = f->subject;
	}
	w(t, "  %s%-7s%s %-8s %-20s %s\n", f->waived ? C(t, "\033[36m") : status_color(t, f->status),
	  f->waived ? "WAIVED" : f->status == FC_FAIL ? "FAIL" : f->status == FC_UNKNOWN ? "UNKNOWN"
			     : f->status == FC_WARN ? "WARN" : "PASS", RESET(t),
	  f->status == FC_FAIL ? fc_sev_name(f->sev) : "", f->rule->id, f->message);
	if (f->waiver)
		w(t, "      %-28s %-18s %s (%s, until %s)  %s%s:%u%s\n", "waiver", "reason", f->waiver->reason,
		  f->waiver->owner, f->waiver->expires, C(t, "\033[2m"), f->waiver->file, f->waiver->line, RESET(t));
	if (f->status == FC_PASS && !t->run->verbose)
		return t->err ? FC_ERR_IO : FC_OK;
	for (i = 0; i < f->nev; i++) {
		const struct fc_evidence *e = &f->ev[i];

		fc_src_str(&e->src, where, sizeof(where));
		w(t, "      %-28s %-18s %s%s%s%s\n", e->end, e->what, e->value, where[0] ? "  " : "",
		  where[0] ? C(t, "\033[2m") : "", where);
		if (where[0])
			w(t, "%s", RESET(t));
	}
	return t->err ? FC_ERR_IO : FC_OK;
}

static enum fc_rc text_end(void *st, const struct fc_summary *s)
{
	struct text *t = st;
	enum fc_rc rc;

	w(t, "\nSummary: %s%zu failing%s (%zu critical, %zu high, %zu medium, %zu low, %zu info), %zu unknown, "
	     "%zu passing",
	  s->fail ? C(t, "\033[1;31m") : "", s->fail, s->fail ? RESET(t) : "", s->fail_by_sev[FC_SEV_CRITICAL],
	  s->fail_by_sev[FC_SEV_HIGH], s->fail_by_sev[FC_SEV_MEDIUM], s->fail_by_sev[FC_SEV_LOW],
	  s->fail_by_sev[FC_SEV_INFO], s->unknown, s->pass);
	if (s->warn)
		w(t, ", %zu warning(s)", s->warn);
	if (s->waived)
		w(t, ", %zu waived", s->waived);
	if (s->devices_incomplete)
		w(t, "; %zu of %zu devices incomplete", s->devices_incomplete, s->devices);
	if (s->input_errors)
		w(t, "; %zu output(s) could not be parsed", s->input_errors);
	w(t, ". Exit %d.\n", s->exit_code);
	rc = t->err ? FC_ERR_IO : FC_OK;
	free(t);
	return rc;
}

const struct fc_reporter fc_reporter_text = {
	.name = "text",
	.desc = "human-readable, grouped by link and device (default)",
	.begin = text_begin,
	.device = text_device,
	.finding = text_finding,
	.end = text_end,
};
