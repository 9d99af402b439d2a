/* SPDX-License-Identifier: MIT */
/* JSON reporter (schema: docs/report-json.md). The devices are collected (one per device), the
 * findings are written as they come and freed: a fleet has millions of them, and one json-c
 * tree of them all would take gigabytes. json-c renders each object and escapes each string. */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "util/jw.h"
#include "report/report.h"

#define JFLAGS (JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE)

struct jrep {
	FILE *out;
	const struct fc_report_run *run;
	json_object *devs;
	bool head;          /* the header, devices and "findings": [ are written */
	size_t nfind;
	bool err;
};

/* A JSON string literal for s (json-c escapes it). */
static void put_str(struct jrep *j, const char *key, const char *s)
{
	json_object *o = json_object_new_string(s);

	if (fprintf(j->out, "  \"%s\":%s,\n", key, json_object_to_json_string_ext(o, JFLAGS)) < 0)
		j->err = true;
	json_object_put(o);
}

static void head(struct jrep *j)
{
	if (j->head)
		return;
	j->head = true;
	if (fprintf(j->out, "{\n") < 0)
		j->err = true;
	put_str(j, "format", "fabcheck-report");
	if (fprintf(j->out, "  \"format_version\":1,\n") < 0)
		j->err = true;
	put_str(j, "tool_version", FABCHECK_VERSION);
	put_str(j, "target", j->run->target);
	if (j->run->fabric)
		put_str(j, "fabric", j->run->fabric);
	put_str(j, "profile", fc_policy_profile(j->run->policy));
	{
		char cat[96];

		put_str(j, "rule_catalog", fc_policy_catalog(j->run->policy, cat, sizeof(cat)));
	}
	if (fprintf(j->out, "  \"devices\":%s,\n  \"findings\":[", json_object_to_json_string_ext(j->devs, JFLAGS)) < 0)
		j->err = true;
	json_object_put(j->devs);
	j->devs = NULL;
}

static json_object *src_obj(const struct fc_src *s)
{
	json_object *o;

	if (!s->file)
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "file", json_object_new_string(s->file));
	if (s->line)
		json_object_object_add(o, "line", json_object_new_int((int)s->line));
	return o;
}

static enum fc_rc json_begin(FILE *out, const struct fc_report_run *run, void **st)
{
	struct jrep *j = calloc(1, sizeof(*j));

	if (!j)
		return FC_ERR_NOMEM;
	j->out = out;
	j->run = run;
	j->devs = json_object_new_array();
	*st = j;
	return FC_OK;
}

static enum fc_rc json_device(void *st, const struct fc_device *d)
{
	struct jrep *j = st;
	json_object *o = json_object_new_object(), *errs = json_object_new_array(), *nu = json_object_new_array();
	size_t i;

	json_object_object_add(o, "name", json_object_new_string(d->name));
	json_object_object_add(o, "kind", json_object_new_string(d->kind == FC_DEV_HOST ? "host" : "switch"));
	json_object_object_add(o, "platform", json_object_new_string(d->platform));
	json_object_object_add(o, "status", json_object_new_string(fc_devstatus_name(d->status)));
	for (i = 0; i < d->nerrors; i++)
		json_object_array_add(errs, json_object_new_string(d->errors[i]));
	json_object_object_add(o, "errors", errs);
	{
		json_object *warns = json_object_new_array();

		for (i = 0; i < d->nwarnings; i++)
			json_object_array_add(warns, json_object_new_string(d->warnings[i]));
		json_object_object_add(o, "warnings", warns);
	}
	for (i = 0; i < d->nunparsed; i++) {
		json_object *u = src_obj(&d->unparsed[i].src);

		json_object_object_add(u, "text", json_object_new_string(d->unparsed[i].text));
		json_object_array_add(nu, u);
	}
	json_object_object_add(o, "not_understood", nu);
	json_object_array_add(j->devs, o);
	return FC_OK;
}

/* The findings are written by hand (util/jw.h), one compact object per line: json-c's object
 * per field and its renderer were most of a fleet report's time (a fleet has millions of them). */
static void w_src(FILE *o, const struct fc_src *s)
{
	if (!s->file)
		return;
	FC_JW_LIT(o, ",\"source\":{\"file\":");
	fc_jw_str(o, s->file);
	if (s->line)
		fc_jw_ki(o, "line", s->line, false);
	fputc_unlocked('}', o);
}

static enum fc_rc json_finding(void *st, const struct fc_finding *f)
{
	struct jrep *j = st;
	FILE *o = j->out;
	size_t i;

	head(j);
	if (j->nfind++)
		FC_JW_LIT(o, ",\n    {");
	else
		FC_JW_LIT(o, "\n    {");
	fc_jw_kv(o, "rule", f->rule->id, true);
	fc_jw_kv(o, "title", fc_rule_title(j->run->docs, f->rule), false);
	fc_jw_kv(o, "status", fc_status_name(f->status), false);
	fc_jw_kv(o, "severity", fc_sev_name(f->sev), false);
	fc_jw_kv(o, "scope", f->scope == FC_SCOPE_LINK ? "link" : f->scope == FC_SCOPE_DEVICE ? "device" : "fleet", false);
	fc_jw_kv(o, "subject", f->subject, false);
	fc_jw_kv(o, "message", f->message, false);
	FC_JW_LIT(o, ",\"evidence\":[");
	for (i = 0; i < f->nev; i++) {
		if (i)
			FC_JW_LIT(o, ",{");
		else
			FC_JW_LIT(o, "{");
		fc_jw_kv(o, "end", f->ev[i].end, true);
		fc_jw_kv(o, "what", f->ev[i].what, false);
		fc_jw_kv(o, "value", f->ev[i].value, false);
		w_src(o, &f->ev[i].src);
		fputc_unlocked('}', o);
	}
	fputc_unlocked(']', o);
	if (f->base != FC_B_NONE)   /* against --baseline-report */
		fc_jw_kv(o, "baseline", f->base == FC_B_NEW ? "new" : f->base == FC_B_REGRESSED ? "regressed" : "existing",
			 false);
	if (f->cause && (f->status == FC_FAIL || f->status == FC_WARN)) {   /* the root cause it shares */
		FC_JW_LIT(o, ",\"group\":{");
		fc_jw_kv(o, "device", f->cause->dev->name, true);
		fc_jw_kv(o, "cause", f->cause->text, false);
		fputc_unlocked('}', o);
	}
	if (f->waiver) {
		struct fc_src ws = { f->waiver->file, f->waiver->line };

		FC_JW_LIT(o, ",\"waived\":true,\"waiver\":{");
		fc_jw_kv(o, "reason", f->waiver->reason, true);
		fc_jw_kv(o, "owner", f->waiver->owner, false);
		fc_jw_kv(o, "expires", f->waiver->expires, false);
		w_src(o, &ws);
		fputc_unlocked('}', o);
	}
	fputc_unlocked('}', o);
	if (ferror(o))
		j->err = true;
	return j->err ? FC_ERR_IO : FC_OK;
}

static enum fc_rc json_end(void *st, const struct fc_summary *s)
{
	struct jrep *j = st;
	json_object *sum = json_object_new_object();
	enum fc_rc rc = FC_OK;

	json_object_object_add(sum, "pass", json_object_new_int((int)s->pass));
	json_object_object_add(sum, "fail", json_object_new_int((int)s->fail));
	json_object_object_add(sum, "unknown", json_object_new_int((int)s->unknown));
	json_object_object_add(sum, "waived", json_object_new_int((int)s->waived));
	json_object_object_add(sum, "warn", json_object_new_int((int)s->warn));
	json_object_object_add(sum, "not_applicable", json_object_new_int((int)s->na));
	json_object_object_add(sum, "devices", json_object_new_int((int)s->devices));
	json_object_object_add(sum, "devices_incomplete", json_object_new_int((int)s->devices_incomplete));
	json_object_object_add(sum, "input_errors", json_object_new_int((int)s->input_errors));
	json_object_object_add(sum, "not_understood", json_object_new_int64((int64_t)s->not_understood));
	json_object_object_add(sum, "fail_on", json_object_new_string(fc_sev_name(s->fail_on)));
	json_object_object_add(sum, "fail_on_not_understood", json_object_new_boolean(s->fail_on_not_understood));
	json_object_object_add(sum, "exit_code", json_object_new_int(s->exit_code));
	if (s->baseline_report) {
		json_object *b = json_object_new_object();

		json_object_object_add(b, "path", json_object_new_string(s->baseline_report));
		json_object_object_add(b, "new", json_object_new_int64((int64_t)s->b_new));
		json_object_object_add(b, "regressed", json_object_new_int64((int64_t)s->b_regressed));
		json_object_object_add(b, "existing", json_object_new_int64((int64_t)s->b_existing));
		json_object_object_add(b, "resolved", json_object_new_int64((int64_t)s->b_resolved));
		json_object_object_add(sum, "baseline_report", b);
	}
	head(j);
	if (fprintf(j->out, "%s],\n  \"summary\":%s\n}\n", j->nfind ? "\n  " : "",
		    json_object_to_json_string_ext(sum, JFLAGS)) < 0 || j->err)
		rc = FC_ERR_IO;
	json_object_put(sum);
	if (j->devs)
		json_object_put(j->devs);
	free(j);
	return rc;
}

/* A state for the findings after the first, into out (fc_report_emit's second thread). */
static void *json_fork(const void *st, FILE *out)
{
	const struct jrep *j = st;
	struct jrep *f = calloc(1, sizeof(*f));

	if (!f)
		return NULL;
	f->out = out;
	f->run = j->run;
	f->head = true;
	f->nfind = 1;
	return f;
}

static enum fc_rc json_unfork(void *fst)
{
	struct jrep *f = fst;
	enum fc_rc rc = f->err ? FC_ERR_IO : FC_OK;

	free(f);
	return rc;
}

const struct fc_reporter fc_reporter_json = {
	.name = "json",
	.pass_evidence = true,
	.desc = "machine-readable report (docs/report-json.md)",
	.begin = json_begin,
	.device = json_device,
	.finding = json_finding,
	.end = json_end,
	.fork = json_fork,
	.unfork = json_unfork,
};
