/* SPDX-License-Identifier: MIT */
/* SARIF 2.1.0 reporter, for code scanning: rules[] metadata from the registry, a result for each
 * finding that needs a look (FAIL, WARN, UNKNOWN; passing and not-applicable ones with
 * --sarif-passes), folded as code scanning wants them (one result per root cause, with every link
 * it breaks as a related location; one per UNKNOWN reason), located at the config or output line
 * its evidence came from, relative to the repository's root (SRCROOT), with a stable
 * partialFingerprint and, against --baseline-report, a baselineState. FAIL results carry the level
 * of their severity; UNKNOWN is kind "review" (level none), never a pass. Limits kept: GitHub code
 * scanning takes 25,000 results a run and 1,000 locations a result ("SARIF results exceed limit",
 * GitHub Docs). */
#include <ctype.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "util/jw.h"
#include "util/hmap.h"
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
	struct fc_results rs;          /* the findings that need a look, written folded at the end */
	struct fc_hmap *seen;          /* a result's locations so far (file and line), per result */
	struct fc_arena *seen_a;
	char rel[4096];
	struct uri_slot uris[URI_SLOTS];
};

/* locations a result may carry: code scanning refuses a result with more than 1,000 */
#define MAX_LOCATIONS 1000

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

/* "uri":"..." of a path: relative to SRCROOT where it lies under the repository's root (with
 * "uriBaseId":"SRCROOT"), else absolute (file://) or as given; characters outside RFC 3986's
 * unreserved and path set are percent-encoded. */
static size_t encode_uri(char *d, const char *path, bool srcroot)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)path;
	char *start = d;

	/* every character left as it is is safe in a JSON string too: the URI needs no escaping */
	memcpy(d, "\"uri\":\"", 7), d += 7;
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
	if (srcroot)
		memcpy(d, ",\"uriBaseId\":\"SRCROOT\"", 22), d += 22;
	return (size_t)(d - start);
}

static void put_uri(struct sarif *s, const char *path)
{
	struct uri_slot *u = &s->uris[((uintptr_t)path >> 4) % URI_SLOTS];
	char *n;

	if (u->path != path || !u->uri) {
		const char *rel = fc_report_relpath(s->run, path, s->rel, sizeof(s->rel));

		if (!(n = realloc(u->uri, 3 * strlen(rel ? rel : path) + 40))) {
			s->err = true;
			return;
		}
		u->uri = n;
		u->len = encode_uri(n, rel ? rel : path, rel != NULL);
		u->path = path;
	}
	fc_jw_raw(s->out, u->uri, u->len);
}

/* The run's identity and the repository's root: "automationDetails" (SARIF 3.17: one category
 * per fabric, which code scanning keeps apart, "fabcheck/<fabric>/"), "originalUriBaseIds" with
 * SRCROOT (3.14.14) the relative locations resolve against. */
static void run_header(struct sarif *s)
{
	FILE *o = s->out;
	const char *fabric = s->run->fabric && *s->run->fabric ? s->run->fabric : "fabric";
	FC_JW_LIT(o, "\"automationDetails\":{\"id\":\"fabcheck/");
	fc_jw_esc(o, fabric);
	FC_JW_LIT(o, "/\"},\n");
	if (s->run->srcroot) {
		char *u = malloc(3 * strlen(s->run->srcroot) + 40);

		if (!u) {
			s->err = true;
			return;
		}
		/* file:///root/: absolute, and a directory (ends in a slash, as 3.14.14 asks) */
		FC_JW_LIT(o, "\"originalUriBaseIds\":{\"SRCROOT\":{");
		fc_jw_raw(o, u, encode_uri(u, s->run->srcroot, false) - 1);
		if (strcmp(s->run->srcroot, "/"))
			fputc_unlocked('/', o);
		FC_JW_LIT(o, "\"}},\n");
		free(u);
	}
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
		     "\"tool\":%s,\n",
		json_object_to_json_string_ext(tool, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(tool);
	run_header(s);
	FC_JW_LIT(out, "\"results\":[");
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

static void open_result(struct sarif *s)
{
	if (s->nres++)
		FC_JW_LIT(s->out, ",\n{");
	else
		FC_JW_LIT(s->out, "\n{");
}

/* A result per line the device's input held but no reader understood: level warning, at the line.
 * Its fingerprint is the device, the file and the line's text (not its number: a line added above
 * it keeps it), with the text's occurrence in the file where it repeats. */
static enum fc_rc sarif_device(void *st, const struct fc_device *d)
{
	struct sarif *s = st;
	FILE *o = s->out;
	char (*fp)[17] = fc_unparsed_fingerprints(s->run, d);
	size_t i;

	if (!fp)
		return FC_ERR_NOMEM;
	for (i = 0; i < d->nunparsed; i++) {
		const struct fc_unparsed *u = &d->unparsed[i];

		open_result(s);
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
		FC_JW_LIT(o, ",\"partialFingerprints\":{");
		fc_jw_kv(o, "fabcheck/v1", fp[i], true);
		FC_JW_LIT(o, "},\"properties\":{");
		fc_jw_kv(o, "subject", d->name, true);
		fc_jw_kv(o, "status", "not-understood", false);
		FC_JW_LIT(o, "}}");
	}
	free(fp);
	if (ferror(o))
		s->err = true;
	return s->err ? FC_ERR_IO : FC_OK;
}

/* {"physicalLocation":{"artifactLocation":{"uri":U[,"uriBaseId":"SRCROOT"]},"region":{"startLine":N}},
 *  "message":{"text":M}[,"id":k]}: its message is "END WHAT: VALUE" of an evidence, or msg when ev
 * is NULL. */
static void put_location(struct sarif *st, const struct fc_src *s, const struct fc_evidence *ev, const char *msg,
			 long long id)
{
	FILE *o = st->out;

	FC_JW_LIT(o, "{\"physicalLocation\":{\"artifactLocation\":{");
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

static const char *kind_of(enum fc_status st)
{
	return st == FC_FAIL || st == FC_WARN ? "fail" : st == FC_PASS ? "pass" : st == FC_NA ? "notApplicable" : "review";
}

/* A location of the result not written yet (its file and line); false for one already there. */
static bool first_time(struct sarif *s, const struct fc_src *src)
{
	char key[sizeof(void *) + sizeof(unsigned)];
	int failed = 0;

	if (!s->seen)
		return true;
	memcpy(key, &src->file, sizeof(void *));
	memcpy(key + sizeof(void *), &src->line, sizeof(unsigned));
	return !fc_hmap_put(s->seen, key, sizeof(key), (void *)1, &failed) && !failed;
}

/* The locations of findings v[0..n): the first evidence with a file of the first finding is where
 * the result points (the offending line); every other evidence of every finding, once per file
 * and line, is a related location, up to code scanning's limit. */
static void put_locations(struct sarif *s, const struct fc_finding *const *v, size_t n)
{
	FILE *o = s->out;
	size_t i, nloc = 0;
	uint32_t k;

	if (n > 1) {
		fc_arena_free(&s->seen_a);
		if (!(s->seen_a = fc_arena_new()) || !(s->seen = fc_hmap_new(s->seen_a, 64)))
			s->seen = NULL;   /* without it, locations may repeat: still a valid result */
	} else {
		s->seen = NULL;
	}
	for (i = 0; i < n && nloc < MAX_LOCATIONS; i++) {
		for (k = 0; k < v[i]->nev && nloc < MAX_LOCATIONS; k++) {
			const struct fc_evidence *e = &v[i]->ev[k];

			if (!e->src.file || !first_time(s, &e->src))
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
	}
	if (nloc)
		fputc_unlocked(']', o);
	s->seen = NULL;
}

/* SARIF 2.1.0 section 3.35: an external suppression, accepted, with its justification. */
static void put_waiver(struct sarif *s, const struct fc_finding *f)
{
	FILE *o = s->out;
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

static const char *const bstate_name[] = { [FC_B_NONE] = NULL, [FC_B_NEW] = "new", [FC_B_REGRESSED] = "updated",
					    [FC_B_EXISTING] = "unchanged" };

/* One result: a finding, or findings folded (struct fc_result). */
static enum fc_rc put_result(struct sarif *s, const struct fc_result *r)
{
	FILE *o = s->out;
	const struct fc_finding *f = r->v[0];
	char msg[2048];
	size_t i;

	open_result(s);
	fc_jw_kv(o, "ruleId", f->rule->id, true);
	fc_jw_ki(o, "ruleIndex", rule_index(fc_policy_rules(s->run->policy), f->rule), false);
	fc_jw_kv(o, "kind", kind_of(f->status), false);
	fc_jw_kv(o, "level", f->status == FC_FAIL ? fc_sarif_level(f->sev) : f->status == FC_WARN ? "warning" : "none", false);
	FC_JW_LIT(o, ",\"message\":{\"text\":\"");
	fc_jw_esc(o, fc_result_message(r, msg, sizeof(msg)));
	FC_JW_LIT(o, "\"}");
	put_locations(s, r->v, r->n);
	if (r->n == 1 && f->waiver)
		put_waiver(s, f);
	if (bstate_name[r->base])   /* SARIF 3.27.24, against --baseline-report */
		fc_jw_kv(o, "baselineState", bstate_name[r->base], false);
	FC_JW_LIT(o, ",\"partialFingerprints\":{");
	fc_jw_kv(o, "fabcheck/v1", r->fp, true);
	FC_JW_LIT(o, "},\"properties\":{");
	fc_jw_kv(o, "subject", f->subject, true);
	fc_jw_kv(o, "status", fc_status_name(f->status), false);
	fc_jw_kv(o, "severity", fc_sev_name(f->sev), false);
	if (r->n > 1) {
		fc_jw_ki(o, "count", (long long)r->n, false);
		if (r->group) {
			fc_jw_kv(o, "cause", r->group->v[0]->cause->text, false);
			fc_jw_kv(o, "causeDevice", r->group->v[0]->cause->dev->name, false);
		}
		FC_JW_LIT(o, ",\"subjects\":[");
		for (i = 0; i < r->n; i++) {
			if (i)
				fputc_unlocked(',', o);
			fc_jw_str(o, r->v[i]->subject);
		}
		fputc_unlocked(']', o);
	}
	FC_JW_LIT(o, "}}");
	return ferror(o) ? FC_ERR_IO : FC_OK;
}

static enum fc_rc sarif_finding(void *st, const struct fc_finding *f)
{
	struct sarif *s = st;

	if (fc_result_wanted(f))
		return fc_results_keep(&s->rs, f) ? FC_OK : FC_ERR_NOMEM;
	if (s->run->passes) {   /* --sarif-passes: written as they come, one result each */
		struct fc_result r = { .v = &f, .n = 1 };
		const char *p[] = { f->rule->id, f->subject };

		fc_fingerprint(r.fp, p, 2);
		return put_result(s, &r);
	}
	return FC_OK;
}

static enum fc_rc sarif_end(void *st, const struct fc_summary *sum)
{
	struct sarif *s = st;
	enum fc_rc rc = FC_OK;
	size_t i;

	(void)sum;
	if (!fc_results_build(&s->rs))
		rc = FC_ERR_NOMEM;
	for (i = 0; rc == FC_OK && i < s->rs.n; i++)
		rc = put_result(s, &s->rs.r[i]);
	if (fprintf(s->out, "\n]}]}\n") < 0 || s->err)
		rc = rc != FC_OK ? rc : FC_ERR_IO;
	for (i = 0; i < URI_SLOTS; i++)
		free(s->uris[i].uri);
	fc_results_free(&s->rs);
	fc_arena_free(&s->seen_a);
	free(s);
	return rc;
}

const struct fc_reporter fc_reporter_sarif = {
	.name = "sarif",
	.desc = "SARIF 2.1.0 for code scanning: what needs a look, folded by root cause, at the config line",
	.begin = sarif_begin,
	.device = sarif_device,
	.finding = sarif_finding,
	.end = sarif_end,
};
