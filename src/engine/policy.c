/* SPDX-License-Identifier: MIT */
/* Policy: the profile file from rules/profiles, then a user file on top. Both use one schema:
 *   profile: NAME          (user file only: which profile to start from)
 *   rules:
 *     RULE-ID: { enabled: BOOL, severity: LEVEL, params: { KEY: VALUE } }
 * An unknown rule id, key or parameter is an error with file:line. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "doc/doc.h"
#include "engine/engine.h"
#include "util/str.h"

#define MAX_RULES 128
#define MAX_PARAMS 16

struct rule_pol {
	bool enabled;
	enum fc_sev sev;
	const char *param[MAX_PARAMS];
	struct fc_src param_src[MAX_PARAMS];
};

struct fc_policy {
	struct fc_arena *arena;
	const struct fc_rule *const *rules;   /* what it was built for */
	const char *profile;
	struct rule_pol r[MAX_RULES];
};

static const char *const prof_keys[] = { "profile", "description", "rules", NULL };
static const char *const rule_keys[] = { "enabled", "severity", "params", NULL };

/* Whole word w of the space-separated list. */
static bool in_choices(const char *list, const char *w)
{
	size_t n = strlen(w);
	const char *p;

	for (p = list; (p = strstr(p, w)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

bool fc_param_check(const struct fc_rule_param *p, const char *v, struct fc_err *err)
{
	int64_t i;
	double d = 0;

	if (p->choices) {
		if (in_choices(p->choices, v) && !strchr(v, ' ') && *v)
			return true;
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "expected one of %s, found '%.60s'", p->choices, v);
		return false;
	}
	switch (p->type) {
	case FC_PARAM_INT:
		/* 18.0 or 1e3 are no integers: read as 0 they once turned a FAIL into a PASS */
		if (!fc_parse_i64(v, INT64_MIN, INT64_MAX, &i)) {
			fc_err_set(err, FC_ERR_INPUT, NULL, 0,
				   "expected a whole number from %.0f to %.0f, found '%.60s'", p->min, p->max, v);
			return false;
		}
		d = (double)i;
		break;
	case FC_PARAM_DBL:
		if (!fc_parse_double(v, &d) || !isfinite(d)) {
			fc_err_set(err, FC_ERR_INPUT, NULL, 0, "expected a number from %g to %g, found '%.60s'", p->min,
				   p->max, v);
			return false;
		}
		break;
	case FC_PARAM_STR:
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "the parameter declares no values it takes");
		return false;
	}
	if (d < p->min || d > p->max) {
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "%.60s is outside %g..%g", v, p->min, p->max);
		return false;
	}
	return true;
}

const struct fc_rule *fc_rules_find(const struct fc_rule *const *rules, const char *id)
{
	for (; rules && *rules; rules++)
		if (!strcmp((*rules)->id, id) || ((*rules)->alias && !strcmp((*rules)->alias, id)))
			return *rules;
	return NULL;
}

const struct fc_rule *const *fc_policy_rules(const struct fc_policy *p)
{
	return p->rules;
}

static size_t rule_index(const struct fc_policy *p, const struct fc_rule *r)
{
	const struct fc_rule *const *l = p->rules;
	size_t i;

	for (i = 0; l[i]; i++)
		if (l[i] == r)
			return i;
	return MAX_RULES;
}

static enum fc_rc apply_file(struct fc_policy *p, const char *path, bool user, struct fc_err *err)
{
	struct doc *d = NULL;
	const struct doc_node *rules;
	enum fc_rc rc;
	size_t i, k;

	if ((rc = doc_load_file(path, &d, err)) != FC_OK)
		return rc;
	if ((rc = doc_check_text(d, err)) != FC_OK)
		goto out;
	if (d->root && d->root->type == DOC_MAP && (doc_get(d->root, "parameters") || doc_get(d->root, "params"))) {
		const char *pk = doc_get(d->root, "parameters") ? "parameters" : "params";

		rc = fc_err_set(err, FC_ERR_INPUT, d->file, doc_key_line(d->root, pk), "%s: unknown key '%s' (a rule's "
				"parameters go under rules: RULE-ID: params:, docs/policy.md; the keys: profile, description, "
				"rules)", user ? "policy" : "profile", pk);
		goto out;
	}
	if ((rc = doc_check_keys(d, d->root, prof_keys, user ? "policy" : "profile", err)) != FC_OK)
		goto out;
	rules = doc_get(d->root, "rules");
	if (rules && (rc = doc_expect(d, rules, DOC_MAP, "rules", err)) != FC_OK)
		goto out;
	for (i = 0; rules && i < rules->n; i++) {
		const struct fc_rule *r = fc_rules_find(p->rules, rules->keys[i]);
		const struct doc_node *n = rules->items[i], *en, *sv, *pr;
		struct rule_pol *rp;

		if (!r) {
			rc = fc_err_set(err, FC_ERR_INPUT, d->file, rules->key_lines[i],
					"unknown rule id '%s' (see fabcheck rules)", rules->keys[i]);
			goto out;
		}
		rp = &p->r[rule_index(p, r)];
		if (n && n->type == DOC_MAP && doc_get(n, "parameters")) {
			rc = fc_err_set(err, FC_ERR_INPUT, d->file, doc_key_line(n, "parameters"), "%s: unknown key "
					"'parameters' (did you mean 'params'? the keys: enabled, severity, params)", r->id);
			goto out;
		}
		if ((rc = doc_check_keys(d, n, rule_keys, r->id, err)) != FC_OK)
			goto out;
		if ((en = doc_get(n, "enabled")) && (rc = doc_as_bool(d, en, "enabled", &rp->enabled, err)) != FC_OK)
			goto out;
		if ((sv = doc_get(n, "severity"))) {
			const char *s;

			if ((rc = doc_as_str(d, sv, "severity", &s, err)) != FC_OK)
				goto out;
			if (!fc_sev_parse(s, &rp->sev)) {
				rc = fc_err_set(err, FC_ERR_INPUT, d->file, sv->line,
						"severity: expected info, low, medium, high or critical, found '%s'", s);
				goto out;
			}
		}
		if (!(pr = doc_get(n, "params")))
			continue;
		if ((rc = doc_expect(d, pr, DOC_MAP, "params", err)) != FC_OK)
			goto out;
		for (k = 0; k < pr->n; k++) {
			size_t j;
			const char *v;

			for (j = 0; r->params[j].key; j++)
				if (!strcmp(r->params[j].key, pr->keys[k]))
					break;
			if (!r->params[j].key) {
				char names[256];
				size_t w = 0, q;

				names[0] = '\0';
				for (q = 0; r->params[q].key && w < sizeof(names); q++)
					w += (size_t)snprintf(names + w, sizeof(names) - w, "%s%s", q ? ", " : "", r->params[q].key);
				rc = fc_err_set(err, FC_ERR_INPUT, d->file, pr->key_lines[k],
						"rule %s has no parameter '%s' (%s%s; docs/policy.md)", r->id, pr->keys[k],
						q ? "its parameters: " : "it has none", names);
				goto out;
			}
			if ((rc = doc_as_str(d, pr->items[k], pr->keys[k], &v, err)) != FC_OK)
				goto out;
			if (!fc_param_check(&r->params[j], v, err)) {
				fc_err_prefix(err, "%s.%s: ", r->id, pr->keys[k]);
				fc_err_locate(err, d->file, pr->items[k]->line);
				rc = err->rc;
				goto out;
			}
			rp->param[j] = fc_strdup(p->arena, v);
			rp->param_src[j].file = fc_intern(p->arena, path);
			rp->param_src[j].line = pr->items[k]->line;
		}
	}
	if (user && doc_get(d->root, "profile") && !p->profile) {
		const char *s;

		if ((rc = doc_as_str(d, doc_get(d->root, "profile"), "profile", &s, err)) != FC_OK)
			goto out;
		p->profile = fc_strdup(p->arena, s);
	}
out:
	doc_free(&d);
	return rc;
}

enum fc_rc fc_policy_load(const char *rules_dir, const char *profile, const char *user_file,
			  const struct fc_rule *const *l, struct fc_policy **out, struct fc_err *err)
{
	struct fc_arena *a = fc_arena_new();
	struct fc_policy *p;
	char path[4096];
	size_t i;
	enum fc_rc rc;

	*out = NULL;
	if (!a || !(p = fc_alloc(a, sizeof(*p)))) {
		fc_arena_free(&a);
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
	}
	p->arena = a;
	p->rules = l;
	for (i = 0; l[i]; i++)
		;
	if (i > MAX_RULES) {
		rc = fc_err_set(err, FC_ERR_INTERNAL, NULL, 0, "%zu rules registered, policy holds %d", i, MAX_RULES);
		goto fail;
	}
	for (i = 0; l[i]; i++) {
		size_t k;

		for (k = 0; l[i]->params[k].key; k++)
			;
		if (k > MAX_PARAMS) {
			rc = fc_err_set(err, FC_ERR_INTERNAL, NULL, 0, "rule %s has %zu parameters, policy holds %d",
					l[i]->id, k, MAX_PARAMS);
			goto fail;
		}
		p->r[i].enabled = true;
		p->r[i].sev = l[i]->severity;
	}
	p->profile = profile ? fc_strdup(a, profile) : NULL;
	/* The user file may name the profile, so read its profile key first. */
	if (!p->profile && user_file) {
		struct doc *d = NULL;
		const char *s = NULL;

		if ((rc = doc_load_file(user_file, &d, err)) != FC_OK)
			goto fail;
		rc = doc_opt_str(d, d->root, "profile", &s, err);
		if (rc == FC_OK && s)
			p->profile = fc_strdup(a, s);
		doc_free(&d);
		if (rc != FC_OK)
			goto fail;
	}
	if (!p->profile)
		p->profile = "lossless_dcqcn";
	if (strchr(p->profile, '/') || !p->profile[0]) {
		rc = fc_err_set(err, FC_ERR_USAGE, NULL, 0, "invalid profile name '%s'", p->profile);
		goto fail;
	}
	snprintf(path, sizeof(path), "%s/profiles/%s.yaml", rules_dir, p->profile);
	if ((rc = apply_file(p, path, false, err)) != FC_OK) {
		if (rc == FC_ERR_IO) {   /* the profile's name is what to fix, not the file it was looked for in */
			fc_err_clear(err);
			fc_err_set(err, FC_ERR_IO, NULL, 0, "no such profile '%.64s' (looked for %.300s)", p->profile,
				   path);
		}
		goto fail;
	}
	if (user_file && (rc = apply_file(p, user_file, true, err)) != FC_OK)
		goto fail;
	*out = p;
	return FC_OK;
fail:
	fc_arena_free(&a);
	return rc;
}

void fc_policy_free(struct fc_policy **p)
{
	struct fc_arena *a;

	if (!p || !*p)
		return;
	a = (*p)->arena;
	fc_arena_free(&a);
	*p = NULL;
}

const char *fc_policy_profile(const struct fc_policy *p)
{
	return p->profile;
}

bool fc_policy_enabled(const struct fc_policy *p, const struct fc_rule *r)
{
	size_t i = rule_index(p, r);

	return i < MAX_RULES && p->r[i].enabled;
}

enum fc_sev fc_policy_severity(const struct fc_policy *p, const struct fc_rule *r)
{
	size_t i = rule_index(p, r);

	return i < MAX_RULES ? p->r[i].sev : r->severity;
}

const char *fc_policy_param(const struct fc_policy *p, const struct fc_rule *r, const char *key,
			    struct fc_src *where)
{
	size_t i = rule_index(p, r), j;

	for (j = 0; r->params[j].key; j++) {
		if (strcmp(r->params[j].key, key))
			continue;
		if (i < MAX_RULES && p && p->r[i].param[j]) {
			if (where)
				*where = p->r[i].param_src[j];
			return p->r[i].param[j];
		}
		if (where)
			memset(where, 0, sizeof(*where));
		return r->params[j].def;
	}
	return NULL;
}

static uint64_t fnv(uint64_t h, const char *s)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return (h ^ 0xff) * 0x100000001b3ULL;   /* a separator: "ab","c" differs from "a","bc" */
}

const char *fc_policy_catalog(const struct fc_policy *p, char *buf, size_t size)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i, j, n = 0;

	for (i = 0; p->rules[i]; i++) {
		const struct fc_rule *r = p->rules[i];

		h = fnv(h, r->id);
		h = fnv(h, fc_policy_enabled(p, r) ? "on" : "off");
		h = fnv(h, fc_sev_name(fc_policy_severity(p, r)));
		for (j = 0; r->params[j].key; j++) {
			const char *v = fc_policy_param(p, r, r->params[j].key, NULL);

			h = fnv(h, r->params[j].key);
			h = fnv(h, v ? v : "");
		}
		n++;
	}
	snprintf(buf, size, "%zu rules, %016llx", n, (unsigned long long)h);
	return buf;
}
