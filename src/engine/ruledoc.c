/* SPDX-License-Identifier: MIT */
/* Rule metadata in one place: each rule's page rules/docs/<ID>.md opens with YAML front matter
 * (id, title, summary, remediation, sources) that `rules`, `explain` and the reports read; the
 * page's body is the long form. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/doc.h"
#include "engine/engine.h"
#include "util/buf.h"

struct fc_ruledocs {
	struct fc_arena *a;
	const struct fc_rule *const *rules;
	struct fc_ruledoc *v;   /* in registry order */
	size_t n;
};

static enum fc_rc load_one(struct fc_ruledocs *ds, const char *dir, const struct fc_rule *r, struct fc_ruledoc *out,
			   struct fc_err *err)
{
	static const char *const keys[] = { "id", "title", "summary", "remediation", "sources", NULL };
	char path[4096];
	struct fc_buf b;
	struct doc *d = NULL;
	const char *end, *id;
	enum fc_rc rc;

	if ((size_t)snprintf(path, sizeof(path), "%s/docs/%s.md", dir, r->id) >= sizeof(path))
		return fc_err_set(err, FC_ERR_INPUT, dir, 0, "rules directory path too long");
	fc_buf_init(&b, 1u << 20);
	if ((rc = fc_read_file(path, 1u << 20, &b, err)) != FC_OK)
		return rc;
	/* the front matter: from the opening '---' (a YAML document start) to the closing one */
	if (strncmp(b.data, "---\n", 4) || !(end = strstr(b.data + 3, "\n---\n"))) {
		fc_buf_free(&b);
		return fc_err_set(err, FC_ERR_INPUT, path, 1, "expected front matter: '---', id, title, summary, "
							     "remediation, sources, '---'");
	}
	if ((rc = doc_parse_yaml(path, b.data, (size_t)(end - b.data) + 1, &d, err)) != FC_OK ||
	    (rc = doc_expect(d, d->root, DOC_MAP, "front matter", err)) != FC_OK ||
	    (rc = doc_check_keys(d, d->root, keys, "front matter", err)) != FC_OK ||
	    (rc = doc_req_str(d, d->root, "id", &id, err)) != FC_OK ||
	    (rc = doc_req_str(d, d->root, "title", &out->title, err)) != FC_OK ||
	    (rc = doc_req_str(d, d->root, "summary", &out->summary, err)) != FC_OK ||
	    (rc = doc_req_str(d, d->root, "remediation", &out->remediation, err)) != FC_OK ||
	    (rc = doc_req_str(d, d->root, "sources", &out->sources, err)) != FC_OK)
		goto out;
	if (strcmp(id, r->id)) {
		rc = fc_err_set(err, FC_ERR_INPUT, path, doc_key_line(d->root, "id"), "id: expected %s, found '%s'", r->id, id);
		goto out;
	}
	out->title = fc_strdup(ds->a, out->title);
	out->summary = fc_strdup(ds->a, out->summary);
	out->remediation = fc_strdup(ds->a, out->remediation);
	out->sources = fc_strdup(ds->a, out->sources);
	for (end += 5; *end == '\n'; end++)   /* the body from its first line */
		;
	out->body = fc_strdup(ds->a, end);
	if (!out->title || !out->summary || !out->remediation || !out->sources || !out->body)
		rc = fc_err_set(err, FC_ERR_NOMEM, path, 0, "out of memory");
out:
	doc_free(&d);
	fc_buf_free(&b);
	return rc;
}

enum fc_rc fc_ruledocs_load(const char *rules_dir, const struct fc_rule *const *rules, struct fc_ruledocs **out,
			    struct fc_err *err)
{
	const struct fc_rule *const *r;
	struct fc_ruledocs *ds;
	size_t n = 0, i;
	enum fc_rc rc = FC_OK;

	*out = NULL;
	for (r = rules; *r; r++)
		n++;
	if (!(ds = calloc(1, sizeof(*ds))) || !(ds->a = fc_arena_new()) ||
	    !(ds->v = fc_alloc(ds->a, n * sizeof(*ds->v)))) {
		fc_ruledocs_free(&ds);
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
	}
	ds->n = n;
	ds->rules = rules;
	for (i = 0, r = rules; *r && rc == FC_OK; r++, i++)
		rc = load_one(ds, rules_dir, *r, &ds->v[i], err);
	if (rc != FC_OK) {
		fc_ruledocs_free(&ds);
		return rc;
	}
	*out = ds;
	return FC_OK;
}

const struct fc_ruledoc *fc_ruledoc_of(const struct fc_ruledocs *ds, const struct fc_rule *r)
{
	const struct fc_rule *const *l;
	size_t i;

	for (i = 0, l = ds ? ds->rules : NULL; l && *l; l++, i++)
		if (*l == r)
			return i < ds->n ? &ds->v[i] : NULL;
	return NULL;
}

const char *fc_rule_title(const struct fc_ruledocs *ds, const struct fc_rule *r)
{
	const struct fc_ruledoc *d = fc_ruledoc_of(ds, r);

	return d ? d->title : r->id;
}

void fc_ruledocs_free(struct fc_ruledocs **ds)
{
	if (!*ds)
		return;
	fc_arena_free(&(*ds)->a);
	free(*ds);
	*ds = NULL;
}
