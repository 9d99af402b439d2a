/* SPDX-License-Identifier: MIT */
/* fabcheck diff: the sides, the expect file, the classification (diff.h). */
#include "diff/diff.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "doc/doc.h"
#include "util/hmap.h"
#include "util/str.h"

const char *const fc_dclass_name[FC_D_COUNT] = { "new", "regressed", "resolved", "improved", "unchanged" };

static int rank_of(const char *status, const char *sev, bool waived)
{
	enum fc_sev s = FC_SEV_INFO;

	if (waived || !strcmp(status, "pass") || !strcmp(status, "not_applicable"))
		return 0;   /* nothing to look at: passing, accepted, or not a question for this input */
	if (!strcmp(status, "unknown"))
		return 1;
	if (!strcmp(status, "warn"))
		return 2;
	fc_sev_parse(sev, &s);
	return 3 + (int)s;
}

enum fc_rc fc_dside_from_engine(struct fc_dside *s, const char *path, const char *fabric, const struct fc_engine *e,
				const struct fc_model *m, const struct fc_policy *p, size_t incomplete,
				size_t input_errors, bool skip_over_time)
{
	char cat[96];
	size_t i;

	memset(s, 0, sizeof(*s));
	s->path = path;
	s->fabric = fabric;
	s->m = m;
	if (!(s->a = fc_arena_new()) || !(s->f = fc_alloc(s->a, (e->n + 1) * sizeof(*s->f))) ||
	    !(s->devs = fc_alloc(s->a, (m->ndevs + 1) * sizeof(*s->devs))))
		return FC_ERR_NOMEM;
	s->tool_version = FABCHECK_VERSION;
	s->profile = fc_policy_profile(p);
	if (!(s->catalog = fc_strdup(s->a, fc_policy_catalog(p, cat, sizeof(cat)))))
		return FC_ERR_NOMEM;
	for (i = 0; i < e->n; i++) {
		const struct fc_finding *f = e->findings[i];
		struct fc_dfind *d;

		if (skip_over_time && f->rule->over_time)
			continue;
		d = &s->f[s->n++];
		d->rule = f->rule->id;
		d->subject = f->subject;
		d->status = f->waived ? "waived" : fc_status_name(f->status);
		d->sev = fc_sev_name(f->sev);
		d->message = f->message;
		d->rank = rank_of(fc_status_name(f->status), d->sev, f->waived);
	}
	for (i = 0; i < m->ndevs; i++)
		s->devs[s->ndevs++] = m->devs[i]->name;
	s->over_time_skipped = skip_over_time;
	s->incomplete = incomplete;
	s->input_errors = input_errors;
	return FC_OK;
}

static enum fc_rc req(const struct doc *d, const struct doc_node *map, const char *key, const char **out,
		      struct fc_err *err)
{
	return doc_req_str(d, map, key, out, err);
}

static enum fc_rc side_from_doc(struct fc_dside *s, const char *path, struct doc *d, struct fc_err *err);

enum fc_rc fc_dside_from_report(struct fc_dside *s, const char *path, struct fc_err *err)
{
	struct doc *d = NULL;
	enum fc_rc rc;

	memset(s, 0, sizeof(*s));
	s->path = path;
	if ((rc = doc_load_file(path, &d, err)) != FC_OK)
		return rc;
	return side_from_doc(s, path, d, err);
}

enum fc_rc fc_dside_from_report_text(struct fc_dside *s, const char *path, const char *text, size_t len,
				     struct fc_err *err)
{
	struct doc *d = NULL;
	enum fc_rc rc;

	memset(s, 0, sizeof(*s));
	s->path = path;
	if ((rc = doc_parse_json(path, text, len, &d, err)) != FC_OK)
		return rc;
	return side_from_doc(s, path, d, err);
}

/* Takes d (its arena becomes the side's). */
static enum fc_rc side_from_doc(struct fc_dside *s, const char *path, struct doc *d, struct fc_err *err)
{
	const struct doc_node *r, *fs, *ds, *sum;
	const char *fmt = NULL;
	struct fc_hmap *keys;
	enum fc_sev sev;
	char key[2048];
	enum fc_rc rc;
	size_t i;
	int64_t v, n;
	int failed = 0;
	bool present;

	/* the document's arena becomes the side's: its strings stay where they are */
	s->a = d->arena;
	d->arena = NULL;
	r = d->root;
	rc = FC_ERR_INPUT;
	/* a report fabcheck wrote holds no control character (device strings are escaped before):
	 * one that does was written by someone else, and would reach a terminal as it is */
	if (doc_check_text(d, err) != FC_OK || doc_expect(d, r, DOC_MAP, "a fabcheck JSON report", err) != FC_OK ||
	    req(d, r, "format", &fmt, err) != FC_OK)
		goto out;
	if (strcmp(fmt, "fabcheck-report")) {
		fc_err_set(err, FC_ERR_INPUT, path, r->line, "expected a fabcheck JSON report (format fabcheck-report), found '%.60s'", fmt);
		goto out;
	}
	if (req(d, r, "tool_version", &s->tool_version, err) != FC_OK || req(d, r, "profile", &s->profile, err) != FC_OK ||
	    doc_opt_str(d, r, "rule_catalog", &s->catalog, err) != FC_OK ||
	    doc_opt_str(d, r, "fabric", &s->fabric, err) != FC_OK)
		goto out;
	fs = doc_get(r, "findings");
	ds = doc_get(r, "devices");
	sum = doc_get(r, "summary");
	if (!fs || !ds || !sum) {
		fc_err_set(err, FC_ERR_INPUT, path, r->line, "a report needs devices, findings and summary");
		goto out;
	}
	if (doc_expect(d, fs, DOC_SEQ, "findings", err) != FC_OK || doc_expect(d, ds, DOC_SEQ, "devices", err) != FC_OK ||
	    doc_expect(d, sum, DOC_MAP, "summary", err) != FC_OK)
		goto out;
	if (!(s->f = fc_alloc(s->a, (fs->n + 1) * sizeof(*s->f))) || !(s->devs = fc_alloc(s->a, (ds->n + 1) * sizeof(*s->devs))) ||
	    !(keys = fc_hmap_new(s->a, fs->n + 1))) {
		rc = FC_ERR_NOMEM;
		goto out;
	}
	for (i = 0; i < fs->n; i++) {
		const struct doc_node *f = fs->items[i];
		struct fc_dfind *x = &s->f[s->n];
		bool waived = false;

		if (doc_expect(d, f, DOC_MAP, "a finding", err) != FC_OK || req(d, f, "rule", &x->rule, err) != FC_OK ||
		    req(d, f, "subject", &x->subject, err) != FC_OK || req(d, f, "status", &x->status, err) != FC_OK ||
		    req(d, f, "severity", &x->sev, err) != FC_OK || req(d, f, "message", &x->message, err) != FC_OK)
			goto out;
		if (doc_get(f, "waived") && doc_as_bool(d, doc_get(f, "waived"), "waived", &waived, err) != FC_OK)
			goto out;
		if (strcmp(x->status, "pass") && strcmp(x->status, "fail") && strcmp(x->status, "warn") &&
		    strcmp(x->status, "unknown") && strcmp(x->status, "not_applicable")) {
			fc_err_set(err, FC_ERR_INPUT, path, doc_key_line(f, "status"),
				   "status: expected pass, fail, warn, unknown or not_applicable, found '%.40s'", x->status);
			goto out;
		}
		if (!fc_sev_parse(x->sev, &sev)) {
			fc_err_set(err, FC_ERR_INPUT, path, doc_key_line(f, "severity"),
				   "severity: expected info, low, medium, high or critical, found '%.40s'", x->sev);
			goto out;
		}
		n = snprintf(key, sizeof(key), "%s\x1f%s", x->rule, x->subject);
		if (n < 0 || (size_t)n >= sizeof(key) || fc_hmap_put(keys, key, (size_t)n, (void *)1, &failed) || failed) {
			fc_err_set(err, failed ? FC_ERR_NOMEM : FC_ERR_INPUT, path, f->line,
				   "rule %.60s on subject %.200s appears twice (a diff keys findings by rule and subject)",
				   x->rule, x->subject);
			goto out;
		}
		if (waived)
			x->status = "waived";
		x->rank = rank_of(x->status, x->sev, waived);
		s->n++;
	}
	for (i = 0; i < ds->n; i++)
		if (doc_expect(d, ds->items[i], DOC_MAP, "a device", err) != FC_OK ||
		    req(d, ds->items[i], "name", &s->devs[s->ndevs++], err) != FC_OK)
			goto out;
	if (doc_opt_int(d, sum, "devices_incomplete", 0, INT64_MAX, &v, &present, err) != FC_OK)
		goto out;
	s->incomplete = present ? (size_t)v : 0;
	if (doc_opt_int(d, sum, "input_errors", 0, INT64_MAX, &v, &present, err) != FC_OK)
		goto out;
	s->input_errors = present ? (size_t)v : 0;
	rc = FC_OK;
out:
	doc_free(&d);
	return rc;
}

void fc_dside_free(struct fc_dside *s)
{
	fc_arena_free(&s->a);
	memset(s, 0, sizeof(*s));
}

/* --- expect file ---------------------------------------------------------------------------- */

static const char *const item_keys[] = { "rule", "subject", "field", "change", "reason", NULL };
static const char *const changes[] = { "new", "regressed", "resolved", "improved", "unchanged", "changed", NULL };

static enum fc_rc expect_from_doc(const char *path, struct doc *d, struct fc_expect **out, struct fc_err *err);

enum fc_rc fc_expect_load(const char *path, struct fc_expect **out, struct fc_err *err)
{
	struct doc *d = NULL;
	enum fc_rc rc;

	*out = NULL;
	if ((rc = doc_load_file(path, &d, err)) != FC_OK)
		return rc;
	return expect_from_doc(path, d, out, err);
}

enum fc_rc fc_expect_parse(const char *path, const char *text, size_t len, struct fc_expect **out, struct fc_err *err)
{
	struct doc *d = NULL;
	enum fc_rc rc;

	*out = NULL;
	if ((rc = doc_parse(path, text, len, &d, err)) != FC_OK)
		return rc;
	return expect_from_doc(path, d, out, err);
}

/* Takes d. */
static enum fc_rc expect_from_doc(const char *path, struct doc *d, struct fc_expect **out, struct fc_err *err)
{
	static const char *const top_keys[] = { "expect", NULL };
	struct fc_expect *x;
	const struct doc_node *seq;
	enum fc_rc rc;
	size_t i, k;

	if ((rc = doc_check_text(d, err)) != FC_OK || (rc = doc_expect(d, d->root, DOC_MAP, "an expect file", err)) != FC_OK ||
	    (rc = doc_check_keys(d, d->root, top_keys, "expect file", err)) != FC_OK)
		goto out;
	if (!(seq = doc_get(d->root, "expect"))) {
		rc = fc_err_set(err, FC_ERR_INPUT, path, d->root->line, "expected a key 'expect' with the declared changes");
		goto out;
	}
	if ((rc = doc_expect(d, seq, DOC_SEQ, "a list of declared changes", err)) != FC_OK)
		goto out;
	if (!(x = calloc(1, sizeof(*x))) || !(x->a = d->arena) || !(x->v = fc_alloc(x->a, (seq->n + 1) * sizeof(*x->v)))) {
		free(x);
		rc = FC_ERR_NOMEM;
		goto out;
	}
	d->arena = NULL;   /* x owns the strings now */
	*out = x;
	for (i = 0; i < seq->n; i++) {
		const struct doc_node *n = seq->items[i];
		struct fc_expect_item *e = &x->v[x->n];

		if ((rc = doc_expect(d, n, DOC_MAP, "a declared change", err)) != FC_OK ||
		    (rc = doc_check_keys(d, n, item_keys, "declared change", err)) != FC_OK ||
		    (rc = doc_opt_str(d, n, "rule", &e->rule, err)) != FC_OK ||
		    (rc = doc_opt_str(d, n, "subject", &e->subject, err)) != FC_OK ||
		    (rc = doc_opt_str(d, n, "field", &e->field, err)) != FC_OK ||
		    (rc = doc_opt_str(d, n, "change", &e->change, err)) != FC_OK ||
		    (rc = doc_req_str(d, n, "reason", &e->reason, err)) != FC_OK)
			goto fail;
		if (!e->reason[strspn(e->reason, " \t\r\n")]) {   /* a declared change says why, most of all a wide one */
			rc = fc_err_set(err, FC_ERR_INPUT, path, doc_key_line(n, "reason"),
					"reason: empty: a declared change says why it is expected%s",
					(e->subject && !strcmp(e->subject, "*")) || (e->field && !strcmp(e->field, "*"))
						? " (this one matches every subject)" : "");
			goto fail;
		}
		if (e->change) {
			for (k = 0; changes[k] && strcmp(changes[k], e->change); k++)
				;
			if (!changes[k]) {
				rc = fc_err_set(err, FC_ERR_INPUT, path, n->line,
						"change: expected new, regressed, resolved, improved, unchanged or changed, found '%.40s'",
						e->change);
				goto fail;
			}
		}
		if (e->field && e->rule) {
			rc = fc_err_set(err, FC_ERR_INPUT, path, n->line,
					"a declared change names a rule (a finding) or a field (a model value), not both");
			goto fail;
		}
		if (!e->rule && !e->subject && !e->field) {
			rc = fc_err_set(err, FC_ERR_INPUT, path, n->line,
					"a declared change needs a rule, a subject or a field: this one would explain everything");
			goto fail;
		}
		e->file = path;
		e->line = n->line;
		x->n++;
	}
	rc = FC_OK;
	goto out;
fail:
	fc_expect_free(out);   /* d lived in that arena */
	d = NULL;
out:
	doc_free(&d);
	return rc;
}

void fc_expect_free(struct fc_expect **x)
{
	if (!*x)
		return;
	fc_arena_free(&(*x)->a);
	free(*x);
	*x = NULL;
}

static bool pat(const char *p, const char *s)
{
	return !p || fnmatch(p, s, 0) == 0;
}

static struct fc_expect_item *explain_finding(struct fc_expect *x, const struct fc_dentry *e)
{
	const struct fc_dfind *f = e->cur ? e->cur : e->old;
	size_t i;

	for (i = 0; x && i < x->n; i++) {
		struct fc_expect_item *it = &x->v[i];

		if (!it->field && pat(it->rule, f->rule) && pat(it->subject, f->subject) &&
		    (!it->change || !strcmp(it->change, fc_dclass_name[e->cls]))) {
			it->matched++;
			return it;
		}
	}
	return NULL;
}

static struct fc_expect_item *explain_value(struct fc_expect *x, const struct fc_dvalue *v)
{
	size_t i;

	for (i = 0; x && i < x->n; i++) {
		struct fc_expect_item *it = &x->v[i];

		if (!it->rule && pat(it->subject, v->subject) && pat(it->field, v->field) &&
		    (!it->change || !strcmp(it->change, "changed"))) {
			it->matched++;
			return it;
		}
	}
	return NULL;
}

/* --- classification ------------------------------------------------------------------------- */

static size_t key(const struct fc_dfind *f, char *buf, size_t size)
{
	size_t n = (size_t)snprintf(buf, size, "%s\x1f%s", f->rule, f->subject);

	return n < size ? n : size - 1;
}

static int cmp_entry(const void *pa, const void *pb)
{
	const struct fc_dentry *a = pa, *b = pb;
	const struct fc_dfind *fa = a->cur ? a->cur : a->old, *fb = b->cur ? b->cur : b->old;
	int c;

	if (a->cls != b->cls)
		return (int)a->cls - (int)b->cls;
	if ((c = strcmp(fa->subject, fb->subject)))
		return c;
	return strcmp(fa->rule, fb->rule);
}

static bool same_fabric(const struct fc_dside *a, const struct fc_dside *b, struct fc_arena *ar)
{
	struct fc_hmap *h = fc_hmap_new(ar, a->ndevs + 1);
	size_t i;
	int failed = 0;

	if (!h)
		return true;   /* out of memory: not a reason to refuse */
	for (i = 0; i < a->ndevs; i++)
		fc_hmap_put(h, a->devs[i], strlen(a->devs[i]), (void *)1, &failed);
	for (i = 0; i < b->ndevs; i++)
		if (fc_hmap_get(h, b->devs[i], strlen(b->devs[i])))
			return true;
	return a->ndevs == 0 && b->ndevs == 0;
}

static enum fc_rc add_entry(struct fc_diff *d, size_t *cap, enum fc_dclass cls, const struct fc_dfind *o,
			    const struct fc_dfind *c)
{
	struct fc_dentry *e;

	if (!(d->e = fc_grow(d->a, d->e, d->ne, cap, sizeof(*d->e))))
		return FC_ERR_NOMEM;
	e = &d->e[d->ne++];
	e->cls = cls;
	e->old = o;
	e->cur = c;
	e->why = explain_finding(d->expect, e);
	d->count[cls]++;
	d->unexplained[cls] += !e->why;
	return FC_OK;
}

enum fc_rc fc_diff_build(const struct fc_dside *old, const struct fc_dside *cur, struct fc_expect *expect,
			 struct fc_diff **out, struct fc_err *err)
{
	struct fc_diff *d = calloc(1, sizeof(*d));
	struct fc_hmap *h;
	unsigned char *seen;
	char k[2048];
	size_t i, cap = 0;
	int failed = 0;
	enum fc_rc rc = FC_ERR_NOMEM;

	*out = d;
	if (!d || !(d->a = fc_arena_new()) || !(h = fc_hmap_new(d->a, old->n + 1)) ||
	    !(seen = fc_alloc(d->a, old->n + 1)))
		return FC_ERR_NOMEM;
	d->old = old;
	d->cur = cur;
	d->expect = expect;
	if (old->fabric && cur->fabric && strcmp(old->fabric, cur->fabric))
		return fc_err_set(err, FC_ERR_USAGE, NULL, 0, "%s is fabric '%s' and %s is fabric '%s': not two judgements of one "
				  "fabric, nothing to compare", old->path, old->fabric, cur->path, cur->fabric);
	if (!same_fabric(old, cur, d->a))
		return fc_err_set(err, FC_ERR_USAGE, NULL, 0, "%s and %s have no device in common: not two judgements of one "
				  "fabric, nothing to compare", old->path, cur->path);
	if (old->catalog && cur->catalog && strcmp(old->catalog, cur->catalog))
		d->warn[d->nwarn++] = fc_sprintf(d->a, "the two sides were judged by different rule catalogs (%s: %s; %s: %s): "
						 "a change may come from the rules, not the fabric", old->path, old->catalog,
						 cur->path, cur->catalog);
	else if (!old->catalog || !cur->catalog)
		d->warn[d->nwarn++] = "a side does not say which rule catalog judged it (a report from before rule_catalog was written)";
	if (strcmp(old->tool_version, cur->tool_version))
		d->warn[d->nwarn++] = fc_sprintf(d->a, "fabcheck %s judged %s, fabcheck %s judged %s", old->tool_version,
						 old->path, cur->tool_version, cur->path);
	if (strcmp(old->profile, cur->profile))
		d->warn[d->nwarn++] = fc_sprintf(d->a, "profile %s on %s, %s on %s", old->profile, old->path, cur->profile,
						 cur->path);
	for (i = 0; i < old->n && !failed; i++)
		fc_hmap_put(h, k, key(&old->f[i], k, sizeof(k)), (void *)(uintptr_t)(i + 1), &failed);
	if (failed)
		return FC_ERR_NOMEM;
	for (i = 0; i < cur->n; i++) {
		const struct fc_dfind *c = &cur->f[i], *o = NULL;
		void *v = fc_hmap_get(h, k, key(c, k, sizeof(k)));

		if (v) {
			o = &old->f[(uintptr_t)v - 1];
			seen[(uintptr_t)v - 1] = 1;
		}
		if (!c->rank && (!o || !o->rank)) {
			d->pass_both += o != NULL;
			continue;
		}
		if ((rc = add_entry(d, &cap, !o || !o->rank ? FC_D_NEW : !c->rank ? FC_D_RESOLVED
					     : c->rank > o->rank ? FC_D_REGRESSED : c->rank < o->rank ? FC_D_IMPROVED
					     : FC_D_UNCHANGED, o, c)) != FC_OK)
			return rc;
	}
	for (i = 0; i < old->n; i++)
		if (!seen[i] && old->f[i].rank && (rc = add_entry(d, &cap, FC_D_RESOLVED, &old->f[i], NULL)) != FC_OK)
			return rc;
	if (d->ne)
		qsort(d->e, d->ne, sizeof(*d->e), cmp_entry);
	if (old->m && cur->m) {
		d->values = true;
		if ((rc = fc_diff_values(d, old->m, cur->m)) != FC_OK)
			return rc;
		for (i = 0; i < d->nv; i++) {
			d->v[i].why = explain_value(expect, &d->v[i]);
			d->v_unexplained += !d->v[i].why;
		}
	}
	for (i = 0; expect && i < expect->n; i++)
		d->unmet += !expect->v[i].matched;
	d->exit_code = 0;
	if (d->unexplained[FC_D_NEW] || d->unexplained[FC_D_REGRESSED] || d->unmet || (expect && d->v_unexplained))
		d->exit_code = 1;
	if (old->incomplete || cur->incomplete)
		d->exit_code = 3;
	if (old->input_errors || cur->input_errors)
		d->exit_code = 2;
	return FC_OK;
}

void fc_diff_free(struct fc_diff **d)
{
	if (!*d)
		return;
	fc_arena_free(&(*d)->a);
	free(*d);
	*d = NULL;
}
