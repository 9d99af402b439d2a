/* SPDX-License-Identifier: MIT */
/* SARIF 2.1.0 reporter: rules[] metadata from the registry, one result per finding, located at
 * the snapshot or config file and line its evidence came from. FAIL results carry the level of
 * their severity; PASS is kind "pass", UNKNOWN is kind "review" (level none), never a pass.
 * The run's header is built with json-c; the results are streamed (report/jw.h), one per line, as
 * they come: a fleet has millions of them. */
#include <ctype.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "report/jw.h"
#include "report/report.h"
#include "util/buf.h"

struct sarif {
	FILE *out;
	const struct fc_report_run *run;
	size_t nres;
	bool err;
};

static json_object *str(const char *s)
{
	return json_object_new_string(s);
}

static json_object *text(const char *s)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "text", str(s));
	return o;
}

/* Relative paths stay relative (they resolve against the run's working directory, the repo
 * root in CI); characters outside RFC 3986 unreserved/path set are percent-encoded. */
static void put_uri(FILE *o, const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)path, *run = p;

	/* every character left as it is is safe in a JSON string too: the URI needs no escaping */
	fputc_unlocked('"', o);
	if (path[0] == '/')
		FC_JW_LIT(o, "file://");
	for (;; p++) {
		if (*p && (isalnum(*p) || strchr("-._~/:@!$&'()*+,;=", *p)))
			continue;
		if (p > run)
			fc_jw_raw(o, (const char *)run, (size_t)(p - run));
		if (!*p)
			break;
		run = p + 1;
		{
			char e[3] = { '%', hex[*p >> 4], hex[*p & 15] };

			fc_jw_raw(o, e, sizeof(e));
		}
	}
	fputc_unlocked('"', o);
}

static enum fc_rc sarif_begin(FILE *out, const struct fc_report_run *run, void **st)
{
	struct sarif *s = calloc(1, sizeof(*s));
	json_object *tool, *driver, *rules;
	const struct fc_rule *const *rl;

	if (!s)
		return FC_ERR_NOMEM;
	s->out = out;
	s->run = run;
	tool = json_object_new_object();
	driver = json_object_new_object();
	rules = json_object_new_array();
	json_object_object_add(driver, "name", str("fabcheck"));
	json_object_object_add(driver, "version", str(FABCHECK_VERSION));
	json_object_object_add(driver, "informationUri", str("https://example.invalid/fabcheck"));
	for (rl = fc_policy_rules(run->policy); *rl; rl++) {
		json_object *ro = json_object_new_object(), *cfg = json_object_new_object(), *props = json_object_new_object();
		const struct fc_ruledoc *rd = fc_ruledoc_of(run->docs, *rl);

		json_object_object_add(ro, "id", str((*rl)->id));
		json_object_object_add(ro, "name", str((*rl)->id));
		json_object_object_add(ro, "shortDescription", text(fc_rule_title(run->docs, *rl)));
		json_object_object_add(ro, "fullDescription", text(rd ? rd->summary : (*rl)->inputs));
		if (rd) {
			json_object_object_add(ro, "help", text(rd->remediation));
			json_object_object_add(props, "sources", str(rd->sources));
		}
		json_object_object_add(props, "inputs", str((*rl)->inputs));
		json_object_object_add(cfg, "enabled", json_object_new_boolean(fc_policy_enabled(run->policy, *rl)));
		json_object_object_add(cfg, "level", str(fc_sarif_level(fc_policy_severity(run->policy, *rl))));
		json_object_object_add(ro, "defaultConfiguration", cfg);
		json_object_object_add(props, "severity", str(fc_sev_name(fc_policy_severity(run->policy, *rl))));
		json_object_object_add(props, "scope", str((*rl)->scope == FC_SCOPE_LINK ? "link"
							   : (*rl)->scope == FC_SCOPE_DEVICE ? "device" : "fleet"));
		json_object_object_add(ro, "properties", props);
		json_object_array_add(rules, ro);
	}
	json_object_object_add(driver, "rules", rules);
	json_object_object_add(tool, "driver", driver);
	fprintf(out, "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{\n"
		     "\"tool\":%s,\n\"results\":[",
		json_object_to_json_string_ext(tool, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(tool);
	*st = s;
	return ferror(out) ? FC_ERR_IO : FC_OK;
}

static enum fc_rc sarif_device(void *st, const struct fc_device *d)
{
	(void)st;
	(void)d;
	return FC_OK;
}

static int rule_index(const struct fc_rule *const *l, const struct fc_rule *r)
{
	int i;

	for (i = 0; l[i]; i++)
		if (l[i] == r)
			return i;
	return -1;
}

/* {"physicalLocation":{"artifactLocation":{"uri":U},"region":{"startLine":N}},"message":{"text":M}[,"id":k]} */
/* A location; its message is "END WHAT: VALUE" of an evidence, or msg when ev is NULL. */
static void put_location(FILE *o, const struct fc_src *s, const struct fc_evidence *ev, const char *msg, long long id)
{
	FC_JW_LIT(o, "{\"physicalLocation\":{\"artifactLocation\":{\"uri\":");
	put_uri(o, s->file);
	fputc_unlocked('}', o);
	if (s->line)
		fprintf(o, ",\"region\":{\"startLine\":%u}", s->line);
	fputc_unlocked('}', o);
	FC_JW_LIT(o, ",\"message\":{\"text\":\"");
	if (ev) {
		fc_jw_esc(o, ev->end);
		fputc_unlocked(' ', o);
		fc_jw_esc(o, ev->what);
		FC_JW_LIT(o, ": ");
		fc_jw_esc(o, ev->value);
	} else {
		fc_jw_esc(o, msg);
	}
	FC_JW_LIT(o, "\"}");
	if (id >= 0)
		fc_jw_ki(o, "id", id, false);
	fputc_unlocked('}', o);
}

static enum fc_rc sarif_finding(void *st, const struct fc_finding *f)
{
	struct sarif *s = st;
	FILE *o = s->out;
	size_t i, nloc = 0;

	if (s->nres++)
		FC_JW_LIT(o, ",\n{");
	else
		FC_JW_LIT(o, "\n{");
	fc_jw_kv(o, "ruleId", f->rule->id, true);
	fc_jw_ki(o, "ruleIndex", rule_index(fc_policy_rules(s->run->policy), f->rule), false);
	fc_jw_kv(o, "kind", f->status == FC_FAIL || f->status == FC_WARN ? "fail" : f->status == FC_PASS ? "pass" : "review",
		 false);
	fc_jw_kv(o, "level", f->status == FC_FAIL ? fc_sarif_level(f->sev) : f->status == FC_WARN ? "warning" : "none", false);
	FC_JW_LIT(o, ",\"message\":{\"text\":\"");
	fc_jw_esc(o, f->subject);
	FC_JW_LIT(o, ": ");
	fc_jw_esc(o, f->message);
	FC_JW_LIT(o, "\"}");
	/* the first evidence with a file is where the result points (the offending line); the others
	 * are related locations */
	for (i = 0; i < f->nev; i++) {
		const struct fc_evidence *e = &f->ev[i];

		if (!e->src.file)
			continue;
		if (nloc == 0)
			FC_JW_LIT(o, ",\"locations\":[");
		else if (nloc == 1)
			FC_JW_LIT(o, "],\"relatedLocations\":[");
		else
			fputc_unlocked(',', o);
		put_location(o, &e->src, e, NULL, nloc ? (long long)nloc - 1 : -1);
		nloc++;
	}
	if (nloc)
		fputc_unlocked(']', o);
	if (f->waiver) {
		/* SARIF 2.1.0 section 3.35: an external suppression, accepted, with its justification */
		struct fc_src ws = { f->waiver->file, f->waiver->line };

		FC_JW_LIT(o, ",\"suppressions\":[{\"kind\":\"external\",\"status\":\"accepted\"");
		fc_jw_kv(o, "justification", f->waiver->reason, false);
		FC_JW_LIT(o, ",\"location\":");
		put_location(o, &ws, NULL, "waiver", -1);
		FC_JW_LIT(o, ",\"properties\":{");
		fc_jw_kv(o, "owner", f->waiver->owner, true);
		fc_jw_kv(o, "expires", f->waiver->expires, false);
		FC_JW_LIT(o, "}}]");
	}
	FC_JW_LIT(o, ",\"partialFingerprints\":{");
	fc_jw_kv(o, "fabcheckSubject/v1", f->subject, true);
	FC_JW_LIT(o, "},\"properties\":{");
	fc_jw_kv(o, "subject", f->subject, true);
	fc_jw_kv(o, "status", fc_status_name(f->status), false);
	fc_jw_kv(o, "severity", fc_sev_name(f->sev), false);
	FC_JW_LIT(o, "}}");
	if (ferror(o))
		s->err = true;
	return s->err ? FC_ERR_IO : FC_OK;
}

static enum fc_rc sarif_end(void *st, const struct fc_summary *sum)
{
	struct sarif *s = st;
	enum fc_rc rc = FC_OK;

	(void)sum;
	if (fprintf(s->out, "\n]}]}\n") < 0 || s->err)
		rc = FC_ERR_IO;
	free(s);
	return rc;
}

const struct fc_reporter fc_reporter_sarif = {
	.name = "sarif",
	.pass_evidence = true,   /* a pass result keeps its locations */
	.desc = "SARIF 2.1.0 for code scanning, located at the config or output line",
	.begin = sarif_begin,
	.device = sarif_device,
	.finding = sarif_finding,
	.end = sarif_end,
};
