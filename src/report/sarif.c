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

/* The last URI written for each of a few hundred file names, by the name's address (the model's
 * names are interned): a fleet's millions of locations cite tens of thousands of files. */
#define URI_SLOTS 1024
struct uri_slot {
	const char *path;
	char *uri;            /* quoted and percent-encoded, malloc'd */
	size_t len;
};

struct sarif {
	FILE *out;
	const struct fc_report_run *run;
	size_t nres;
	bool err;
	struct uri_slot uris[URI_SLOTS];
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
static size_t encode_uri(char *d, const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)path;
	char *start = d;

	/* every character left as it is is safe in a JSON string too: the URI needs no escaping */
	*d++ = '"';
	if (path[0] == '/')
		memcpy(d, "file://", 7), d += 7;
	for (; *p; p++) {
		if (isalnum(*p) || strchr("-._~/:@!$&'()*+,;=", *p)) {
			*d++ = (char)*p;
		} else {
			*d++ = '%';
			*d++ = hex[*p >> 4];
			*d++ = hex[*p & 15];
		}
	}
	*d++ = '"';
	return (size_t)(d - start);
}

static void put_uri(struct sarif *s, const char *path)
{
	struct uri_slot *u = &s->uris[((uintptr_t)path >> 4) % URI_SLOTS];
	char *n;

	if (u->path != path || !u->uri) {
		if (!(n = realloc(u->uri, 3 * strlen(path) + 10))) {
			s->err = true;
			return;
		}
		u->uri = n;
		u->len = encode_uri(n, path);
		u->path = path;
	}
	fc_jw_raw(s->out, u->uri, u->len);
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
	{
		/* not a rule: the input's own result, one per line read but not understood */
		json_object *ro = json_object_new_object(), *cfg = json_object_new_object(), *props = json_object_new_object();

		json_object_object_add(ro, "id", str(FC_NOT_UNDERSTOOD_ID));
		json_object_object_add(ro, "name", str(FC_NOT_UNDERSTOOD_ID));
		json_object_object_add(ro, "shortDescription", text("An input line fabcheck read but did not understand"));
		json_object_object_add(ro, "fullDescription",
				       text("A configuration or output line no reader of its platform interprets: what it "
					    "sets is not in the model, and a rule that needs it says UNKNOWN. It is "
					    "listed, never skipped silently."));
		json_object_object_add(ro, "help", text("Check what the line does: if it changes the data path, "
							"report it so a reader can be added; `--fail-on "
							"...,not-understood` makes such a line fail the run."));
		json_object_object_add(cfg, "enabled", json_object_new_boolean(true));
		json_object_object_add(cfg, "level", str("warning"));
		json_object_object_add(ro, "defaultConfiguration", cfg);
		json_object_object_add(props, "scope", str("device"));
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

static int rule_index(const struct fc_rule *const *l, const struct fc_rule *r)
{
	int i;

	for (i = 0; l[i]; i++)
		if (l[i] == r)
			return i;
	return r ? -1 : i;   /* NULL: the not-understood descriptor, after the rules */
}

static void put_location(struct sarif *st, const struct fc_src *s, const struct fc_evidence *ev, const char *msg,
			 long long id);

/* A result per line the device's input held but no reader understood: level warning, at the line. */
static enum fc_rc sarif_device(void *st, const struct fc_device *d)
{
	struct sarif *s = st;
	FILE *o = s->out;
	char subj[600];
	size_t i;

	for (i = 0; i < d->nunparsed; i++) {
		const struct fc_unparsed *u = &d->unparsed[i];

		if (s->nres++)
			FC_JW_LIT(o, ",\n{");
		else
			FC_JW_LIT(o, "\n{");
		fc_jw_kv(o, "ruleId", FC_NOT_UNDERSTOOD_ID, true);
		fc_jw_ki(o, "ruleIndex", rule_index(fc_policy_rules(s->run->policy), NULL), false);
		fc_jw_kv(o, "kind", "fail", false);
		fc_jw_kv(o, "level", "warning", false);
		FC_JW_LIT(o, ",\"message\":{\"text\":\"");
		fc_jw_esc(o, d->name);
		FC_JW_LIT(o, ": not understood: ");
		fc_jw_esc(o, u->text);
		FC_JW_LIT(o, "\"}");
		if (u->src.file) {
			FC_JW_LIT(o, ",\"locations\":[");
			put_location(s, &u->src, NULL, u->text, -1);
			fputc_unlocked(']', o);
		}
		snprintf(subj, sizeof(subj), "%s %s:%u", d->name, u->src.file ? u->src.file : "", u->src.line);
		FC_JW_LIT(o, ",\"partialFingerprints\":{");
		fc_jw_kv(o, "fabcheckSubject/v1", subj, true);
		FC_JW_LIT(o, "},\"properties\":{");
		fc_jw_kv(o, "subject", d->name, true);
		fc_jw_kv(o, "status", "not-understood", false);
		FC_JW_LIT(o, "}}");
	}
	if (ferror(o))
		s->err = true;
	return s->err ? FC_ERR_IO : FC_OK;
}

/* {"physicalLocation":{"artifactLocation":{"uri":U},"region":{"startLine":N}},"message":{"text":M}[,"id":k]} */
/* A location; its message is "END WHAT: VALUE" of an evidence, or msg when ev is NULL. */
static void put_location(struct sarif *st, const struct fc_src *s, const struct fc_evidence *ev, const char *msg,
			 long long id)
{
	FILE *o = st->out;

	FC_JW_LIT(o, "{\"physicalLocation\":{\"artifactLocation\":{\"uri\":");
	put_uri(st, s->file);
	fputc_unlocked('}', o);
	if (s->line) {
		FC_JW_LIT(o, ",\"region\":{\"startLine\":");
		fc_jw_int(o, s->line);
		fputc_unlocked('}', o);
	}
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
	fc_jw_kv(o, "kind", f->status == FC_FAIL || f->status == FC_WARN ? "fail" : f->status == FC_PASS ? "pass"
			    : f->status == FC_NA ? "notApplicable" : "review", false);
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
		put_location(s, &e->src, e, NULL, nloc ? (long long)nloc - 1 : -1);
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
		put_location(s, &ws, NULL, "waiver", -1);
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
	size_t i;

	(void)sum;
	if (fprintf(s->out, "\n]}]}\n") < 0 || s->err)
		rc = FC_ERR_IO;
	for (i = 0; i < URI_SLOTS; i++)
		free(s->uris[i].uri);
	free(s);
	return rc;
}

/* A state for the results after the first, into out (fc_report_emit's second thread), with a URI
 * cache of its own. */
static void *sarif_fork(const void *st, FILE *out)
{
	const struct sarif *s = st;
	struct sarif *f = calloc(1, sizeof(*f));

	if (!f)
		return NULL;
	f->out = out;
	f->run = s->run;
	f->nres = 1;
	return f;
}

static enum fc_rc sarif_unfork(void *fst)
{
	struct sarif *f = fst;
	enum fc_rc rc = f->err ? FC_ERR_IO : FC_OK;
	size_t i;

	for (i = 0; i < URI_SLOTS; i++)
		free(f->uris[i].uri);
	free(f);
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
	.fork = sarif_fork,
	.unfork = sarif_unfork,
};
