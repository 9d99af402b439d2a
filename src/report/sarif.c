/* SPDX-License-Identifier: MIT */
/* SARIF 2.1.0 reporter: rules[] metadata from the registry, one result per finding, located at
 * the snapshot or config file and line its evidence came from. FAIL results carry the level of
 * their severity; PASS is kind "pass", UNKNOWN is kind "review" (level none), never a pass. */
#include <ctype.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/buf.h"

struct sarif {
	FILE *out;
	const struct fc_report_run *run;
	json_object *root, *results;
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
static json_object *uri(const char *path)
{
	struct fc_buf b;
	const unsigned char *p;
	json_object *o;

	fc_buf_init(&b, 1u << 16);
	if (path[0] == '/')
		fc_buf_add(&b, "file://", 7);
	for (p = (const unsigned char *)path; *p; p++) {
		if (isalnum(*p) || strchr("-._~/:@!$&'()*+,;=", *p))
			fc_buf_add(&b, p, 1);
		else
			fc_buf_addf(&b, "%%%02X", *p);
	}
	o = str(b.data ? b.data : "");
	fc_buf_free(&b);
	return o;
}

static enum fc_rc sarif_begin(FILE *out, const struct fc_report_run *run, void **st)
{
	struct sarif *s = calloc(1, sizeof(*s));
	json_object *runs, *r, *tool, *driver, *rules;
	const struct fc_rule *const *rl;

	if (!s)
		return FC_ERR_NOMEM;
	s->out = out;
	s->run = run;
	s->root = json_object_new_object();
	json_object_object_add(s->root, "$schema", str("https://json.schemastore.org/sarif-2.1.0.json"));
	json_object_object_add(s->root, "version", str("2.1.0"));
	runs = json_object_new_array();
	r = json_object_new_object();
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
	json_object_object_add(r, "tool", tool);
	s->results = json_object_new_array();
	json_object_object_add(r, "results", s->results);
	json_object_array_add(runs, r);
	json_object_object_add(s->root, "runs", runs);
	*st = s;
	return FC_OK;
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

static json_object *location(const struct fc_src *s, const char *msg)
{
	json_object *loc = json_object_new_object(), *phys = json_object_new_object(), *art = json_object_new_object();

	json_object_object_add(art, "uri", uri(s->file));
	json_object_object_add(phys, "artifactLocation", art);
	if (s->line) {
		json_object *reg = json_object_new_object();

		json_object_object_add(reg, "startLine", json_object_new_int((int)s->line));
		json_object_object_add(phys, "region", reg);
	}
	json_object_object_add(loc, "physicalLocation", phys);
	if (msg)
		json_object_object_add(loc, "message", text(msg));
	return loc;
}

static enum fc_rc sarif_finding(void *st, const struct fc_finding *f)
{
	struct sarif *s = st;
	json_object *res = json_object_new_object(), *locs = json_object_new_array(), *rel = json_object_new_array();
	json_object *fp = json_object_new_object(), *props = json_object_new_object();
	struct fc_buf b;
	char label[1200];
	size_t i;
	bool primary = false;

	json_object_object_add(res, "ruleId", str(f->rule->id));
	json_object_object_add(res, "ruleIndex", json_object_new_int(rule_index(fc_policy_rules(s->run->policy), f->rule)));
	json_object_object_add(res, "kind", str(f->status == FC_FAIL || f->status == FC_WARN ? "fail"
						: f->status == FC_PASS ? "pass" : "review"));
	json_object_object_add(res, "level", str(f->status == FC_FAIL ? fc_sarif_level(f->sev)
						 : f->status == FC_WARN ? "warning" : "none"));
	fc_buf_init(&b, 1u << 20);
	fc_buf_addf(&b, "%s: %s", f->subject, f->message);
	json_object_object_add(res, "message", text(b.data ? b.data : f->message));
	fc_buf_free(&b);
	for (i = 0; i < f->nev; i++) {
		const struct fc_evidence *e = &f->ev[i];

		if (!e->src.file)
			continue;
		snprintf(label, sizeof(label), "%s %s: %s", e->end, e->what, e->value);
		/* The first evidence with a file is where the result points (the offending line). */
		if (!primary) {
			json_object_array_add(locs, location(&e->src, label));
			primary = true;
		} else {
			json_object *l = location(&e->src, label);

			json_object_object_add(l, "id", json_object_new_int((int)json_object_array_length(rel)));
			json_object_array_add(rel, l);
		}
	}
	if (primary)
		json_object_object_add(res, "locations", locs);
	else
		json_object_put(locs);
	if (json_object_array_length(rel))
		json_object_object_add(res, "relatedLocations", rel);
	else
		json_object_put(rel);
	if (f->waiver) {
		/* SARIF 2.1.0 section 3.35: an external suppression, accepted, with its justification */
		json_object *sup = json_object_new_array(), *one = json_object_new_object(), *wp = json_object_new_object();
		struct fc_src ws = { f->waiver->file, f->waiver->line };

		json_object_object_add(one, "kind", str("external"));
		json_object_object_add(one, "status", str("accepted"));
		json_object_object_add(one, "justification", str(f->waiver->reason));
		json_object_object_add(one, "location", location(&ws, "waiver"));
		json_object_object_add(wp, "owner", str(f->waiver->owner));
		json_object_object_add(wp, "expires", str(f->waiver->expires));
		json_object_object_add(one, "properties", wp);
		json_object_array_add(sup, one);
		json_object_object_add(res, "suppressions", sup);
	}
	json_object_object_add(fp, "fabcheckSubject/v1", str(f->subject));
	json_object_object_add(res, "partialFingerprints", fp);
	json_object_object_add(props, "subject", str(f->subject));
	json_object_object_add(props, "status", str(fc_status_name(f->status)));
	json_object_object_add(props, "severity", str(fc_sev_name(f->sev)));
	json_object_object_add(res, "properties", props);
	json_object_array_add(s->results, res);
	return FC_OK;
}

static enum fc_rc sarif_end(void *st, const struct fc_summary *sum)
{
	struct sarif *s = st;
	enum fc_rc rc = FC_OK;

	(void)sum;
	if (fprintf(s->out, "%s\n", json_object_to_json_string_ext(s->root, JSON_C_TO_STRING_PRETTY |
								   JSON_C_TO_STRING_NOSLASHESCAPE)) < 0)
		rc = FC_ERR_IO;
	json_object_put(s->root);
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
