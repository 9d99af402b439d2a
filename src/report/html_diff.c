/* SPDX-License-Identifier: MIT */
/* A diff as an HTML section: the warnings (different catalogs), the counts, the findings that
 * changed class and the model values that changed, each with the declaration that explains it. */
#include "diff/diff.h"
#include "report/html.h"

#define UNCHANGED_ROWS 500   /* more unchanged not-passing findings than this are a count */

static const char *const cls_style[FC_D_COUNT] = { "s-fail", "s-fail", "s-pass", "s-pass", "" };

static void status(struct html_out *h, const struct fc_dfind *f)
{
	if (!f) {
		hp(h, "<span class=na>absent</span>");
		return;
	}
	hx(h, f->status);
	if (f->rank >= 3) {
		hp(h, " ");
		hx(h, f->sev);
	}
}

static void why(struct html_out *h, const struct fc_expect_item *w)
{
	if (!w) {
		hp(h, "<td class=s-warn>not declared</td>");
		return;
	}
	hp(h, "<td>declared: ");
	hx(h, w->reason);
	hf(h, " <small>(line %u)</small></td>", w->line);
}

void fc_html_changes(struct html_out *h, const struct fc_diff *d)
{
	size_t i, hidden = 0;
	int c;

	hp(h, "<section id=changes><h2>Changes from ");
	hx(h, d->old->path);
	hp(h, " to ");
	hx(h, d->cur->path);
	hp(h, "</h2>\n");
	for (i = 0; i < d->nwarn; i++) {
		hp(h, "<div class=warnbox>warning: ");
		hx(h, d->warn[i]);
		hp(h, "</div>\n");
	}
	hp(h, "<table><thead><tr>");
	for (c = 0; c < FC_D_COUNT; c++)
		hf(h, "<th>%s</th>", fc_dclass_name[c]);
	hp(h, "<th>values changed</th></tr></thead><tbody><tr>");
	for (c = 0; c < FC_D_COUNT; c++)
		hf(h, "<td class=num id=diff-%s>%zu</td>", fc_dclass_name[c], d->count[c]);
	if (d->values)
		hf(h, "<td class=num id=diff-values>%zu</td>", d->nv);
	else
		hp(h, "<td>not compared (a side is a JSON report)</td>");
	hf(h, "</tr></tbody></table>\n<p>%zu finding(s) pass on both sides (not listed).", d->pass_both);
	if (d->cur->over_time_skipped)
		hp(h, " The rules that judge counters between the baseline and this snapshot are not compared: they "
		      "judge the pair, not either side.");
	if (d->expect)
		hf(h, " %zu declared change(s) matched nothing.", d->unmet);
	hp(h, "</p>\n<table id=diff-findings><thead><tr><th>Change</th><th>Before</th><th>After</th><th>Rule</th>"
	      "<th>Subject</th><th>Finding</th>");
	if (d->expect)
		hp(h, "<th>Declared</th>");
	hp(h, "</tr></thead><tbody>\n");
	for (i = 0; i < d->ne; i++) {
		const struct fc_dentry *e = &d->e[i];
		const struct fc_dfind *f = e->cur ? e->cur : e->old;

		if (e->cls == FC_D_UNCHANGED && d->count[FC_D_UNCHANGED] > UNCHANGED_ROWS) {
			hidden++;
			continue;
		}
		hf(h, "<tr class=\"%s\" data-change=%s><td>%s</td><td>", cls_style[e->cls], fc_dclass_name[e->cls],
		   fc_dclass_name[e->cls]);
		status(h, e->old);
		hp(h, "</td><td>");
		status(h, e->cur);
		hp(h, "</td><td><code>");
		hx(h, f->rule);
		hp(h, "</code></td><td>");
		hx(h, f->subject);
		hp(h, "</td><td>");
		hx(h, f->message);
		hp(h, "</td>");
		if (d->expect)
			why(h, e->why);
		hp(h, "</tr>\n");
	}
	hp(h, "</tbody></table>\n");
	if (hidden)
		hf(h, "<p>%zu unchanged not-passing findings are counted, not listed.</p>\n", hidden);
	if (d->nv) {
		hp(h, "<h3>Model values</h3>\n<table id=diff-values-table><thead><tr><th>Subject</th><th>Field</th>"
		      "<th>Before</th><th>After</th>");
		if (d->expect)
			hp(h, "<th>Declared</th>");
		hp(h, "</tr></thead><tbody>\n");
		for (i = 0; i < d->nv; i++) {
			hp(h, "<tr><td>");
			hx(h, d->v[i].subject);
			hp(h, "</td><td>");
			hx(h, d->v[i].field);
			hp(h, "</td><td>");
			hx(h, d->v[i].before);
			hp(h, "</td><td>");
			hx(h, d->v[i].after);
			hp(h, "</td>");
			if (d->expect)
				why(h, d->v[i].why);
			hp(h, "</tr>\n");
		}
		hp(h, "</tbody></table>\n");
	}
	hp(h, "</section>\n");
}
