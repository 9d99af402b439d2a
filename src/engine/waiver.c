/* SPDX-License-Identifier: MIT */
/* Waivers: accepted deviations, each with a rule, a subject pattern, a reason, an owner and an
 * expiry date (docs/waivers.md). A finding a live waiver matches is kept, marked waived, and no
 * longer fails the run; a waiver past its date waives nothing and is itself a finding
 * (WAIVER-EXPIRED), so an exception cannot quietly outlive its reason.
 *
 *   waivers:
 *     - rule: HR-SIZE                    # a rule id, or * for any
 *       subject: "host3:ens1f1 <-> *"    # fnmatch(3) pattern on the finding's subject
 *       reason: "buffer resized in CHG-1234; applies at the next reboot"
 *       owner: alice@example.com
 *       expires: 2026-12-31              # the last day the waiver holds (UTC) */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/doc.h"
#include "engine/engine.h"
#include "util/arena.h"
#include "util/str.h"

static const char *const top_keys[] = { "waivers", NULL };
static const char *const keys[] = { "rule", "subject", "reason", "owner", "expires", NULL };

/* "YYYY-MM-DD", digits only, a day that exists (2026-02-31 and "2026- 1- 1" do not). */
static bool is_date(const char *s)
{
	static const int mdays[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int y, mo, d, k;

	if (strlen(s) != 10 || s[4] != '-' || s[7] != '-')
		return false;
	for (k = 0; k < 10; k++)
		if (k != 4 && k != 7 && (s[k] < '0' || s[k] > '9'))
			return false;
	y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
	mo = (s[5] - '0') * 10 + (s[6] - '0');
	d = (s[8] - '0') * 10 + (s[9] - '0');
	if (y < 2000 || mo < 1 || mo > 12 || d < 1)
		return false;
	return d <= mdays[mo - 1] + (mo == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0));
}

enum fc_rc fc_waivers_load(const char *path, const char *today, const struct fc_rule *const *rules,
			   struct fc_waivers **out, struct fc_err *err)
{
	struct doc *d = NULL;
	struct fc_waivers *w;
	const struct doc_node *list;
	enum fc_rc rc;
	size_t i;

	*out = NULL;
	if ((rc = doc_load_file(path, &d, err)) != FC_OK)
		return rc;
	if ((rc = doc_check_text(d, err)) != FC_OK ||
	    (rc = doc_expect(d, d->root, DOC_MAP, "waivers file", err)) != FC_OK ||
	    (rc = doc_check_keys(d, d->root, top_keys, "waivers file", err)) != FC_OK)
		goto out;
	list = doc_get(d->root, "waivers");
	if (!list) {
		rc = fc_err_set(err, FC_ERR_INPUT, d->file, d->root->line, "expected 'waivers:' with a list of waivers");
		goto out;
	}
	if ((rc = doc_expect(d, list, DOC_SEQ, "waivers", err)) != FC_OK)
		goto out;
	if (!(w = calloc(1, sizeof(*w))) || !(w->arena = fc_arena_new()) ||
	    !(w->v = fc_alloc(w->arena, (list->n + 1) * sizeof(*w->v)))) {
		if (w)
			fc_arena_free(&w->arena);
		free(w);
		rc = fc_err_set(err, FC_ERR_NOMEM, path, 0, "out of memory");
		goto out;
	}
	*out = w;
	for (i = 0; i < list->n; i++) {
		const struct doc_node *n = list->items[i];
		struct fc_waiver *x = &w->v[w->n];
		const char *f[5];
		size_t k;

		if ((rc = doc_expect(d, n, DOC_MAP, "waiver", err)) != FC_OK ||
		    (rc = doc_check_keys(d, n, keys, "waiver", err)) != FC_OK)
			goto out;
		for (k = 0; k < 5; k++) {
			if ((rc = doc_req_str(d, n, keys[k], &f[k], err)) != FC_OK)
				goto out;
			if (!f[k][0]) {
				rc = fc_err_set(err, FC_ERR_INPUT, d->file, doc_key_line(n, keys[k]), "waiver: %s is empty",
						keys[k]);
				goto out;
			}
		}
		if (strcmp(f[0], "*") && !fc_rules_find(rules, f[0])) {
			rc = fc_err_set(err, FC_ERR_INPUT, d->file, doc_key_line(n, "rule"),
					"waiver: unknown rule id '%s' (see fabcheck rules)", f[0]);
			goto out;
		}
		if (strcmp(f[0], "*"))
			f[0] = fc_rules_find(rules, f[0])->id;   /* an earlier id (alias) waives the rule under its id now */
		if (!is_date(f[4])) {
			rc = fc_err_set(err, FC_ERR_INPUT, d->file, doc_key_line(n, "expires"),
					"waiver: expires: expected YYYY-MM-DD, found '%s'", f[4]);
			goto out;
		}
		x->rule = fc_strdup(w->arena, f[0]);
		x->subject = fc_strdup(w->arena, f[1]);
		x->reason = fc_strdup(w->arena, f[2]);
		x->owner = fc_strdup(w->arena, f[3]);
		x->expires = fc_strdup(w->arena, f[4]);
		x->file = fc_strdup(w->arena, d->file);
		x->line = n->line;
		x->expired = strcmp(x->expires, today) < 0;   /* ISO dates order as strings */
		if (!x->rule || !x->subject || !x->reason || !x->owner || !x->expires || !x->file) {
			rc = fc_err_set(err, FC_ERR_NOMEM, path, 0, "out of memory");
			goto out;
		}
		w->n++;
	}
	rc = FC_OK;
out:
	if (rc != FC_OK)
		fc_waivers_free(out);
	doc_free(&d);
	return rc;
}

void fc_waivers_free(struct fc_waivers **w)
{
	if (!*w)
		return;
	fc_arena_free(&(*w)->arena);
	free(*w);
	*w = NULL;
}

void fc_waivers_apply(struct fc_engine *e, const struct fc_waivers *w)
{
	size_t i, k;

	for (i = 0; w && i < e->n; i++) {
		struct fc_finding *f = e->findings[i];

		if (f->status == FC_PASS || !strcmp(f->rule->id, "WAIVER-EXPIRED"))
			continue;
		for (k = 0; k < w->n; k++) {
			struct fc_waiver *x = &w->v[k];   /* the count is the waivers' own bookkeeping */

			if (x->expired || (strcmp(x->rule, "*") && strcmp(x->rule, f->rule->id)) ||
			    fnmatch(x->subject, f->subject, 0) != 0)
				continue;
			f->waived = true;
			f->waiver = x;
			x->matched++;
			break;
		}
	}
}
