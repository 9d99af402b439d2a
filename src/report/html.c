/* SPDX-License-Identifier: MIT */
/* HTML reporter: one self-contained page for people (a change board, an auditor, a CI artifact).
 * Inline CSS and script, nothing fetched (a Content-Security-Policy forbids it); everything is
 * readable without script, which adds the filters and sorting. Header, scorecard, roll-ups per
 * rule and per device, the findings (not-passing first; evidence with file:line in <details>),
 * the link matrix (html_links.c), waivers, and what changed since the --baseline snapshot.
 * At fleet scale passing findings are counted in the roll-ups instead of listed, UNKNOWNs of one
 * rule and reason fold into one row, and healthy devices are a count. Every device string is
 * escaped. */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report/html.h"
#include "util/hmap.h"

#define LIST_ALL 5000     /* up to this many findings, passes are listed too */
#define FOLD_AT 5         /* UNKNOWNs of one rule and reason on this many subjects: one row */
#define ALL_DEVICES 2000  /* over this many devices, the healthy ones are a count */

/* CAT_NA: not applicable (needs a running device; the input is configuration or intent only) */
enum cat { CAT_PASS, CAT_FAIL, CAT_WARN, CAT_UNKNOWN, CAT_WAIVED, CAT_NA, CAT_COUNT };
static const char *const cat_name[CAT_COUNT] = { "pass", "fail", "warn", "unknown", "waived", "na" };

struct html {
	struct html_out o;
	const struct fc_report_run *run;
	const struct fc_finding **all;
	size_t n, cap;
	const struct fc_rule *const *rules;
	size_t nrules;
	size_t (*by_rule)[CAT_COUNT];    /* [nrules + 1]: the last, rules outside the policy's list */
	size_t (*by_dev)[CAT_COUNT];     /* [ndevs] */
	size_t by_sev[CAT_COUNT][FC_SEV_CRITICAL + 1];
	size_t cat_n[CAT_COUNT];
	struct fc_arena *a;
	struct fc_hmap *dev_idx;          /* device pointer -> 1 + index */
};

void hp(struct html_out *h, const char *s)
{
	if (fputs(s, h->out) < 0)
		h->err = true;
}

void hf(struct html_out *h, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (vfprintf(h->out, fmt, ap) < 0)
		h->err = true;
	va_end(ap);
}

void hx(struct html_out *h, const char *s)
{
	const char *run = s;

	for (; *s; s++) {
		const char *e = *s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;"
			      : *s == '"' ? "&quot;" : *s == '\'' ? "&#39;" : NULL;

		if (!e)
			continue;
		if (s > run && fwrite(run, 1, (size_t)(s - run), h->out) != (size_t)(s - run))
			h->err = true;
		hp(h, e);
		run = s + 1;
	}
	if (s > run && fwrite(run, 1, (size_t)(s - run), h->out) != (size_t)(s - run))
		h->err = true;
}

static enum cat cat_of(const struct fc_finding *f)
{
	if (f->waived)
		return CAT_WAIVED;
	switch (f->status) {
	case FC_PASS: return CAT_PASS;
	case FC_FAIL: return CAT_FAIL;
	case FC_WARN: return CAT_WARN;
	case FC_UNKNOWN: return CAT_UNKNOWN;
	case FC_NA: return CAT_NA;
	}
	return CAT_UNKNOWN;
}

static void free_state(struct html *h)
{
	free(h->all);
	free(h->by_rule);
	free(h->by_dev);
	fc_arena_free(&h->a);
	free(h);
}

static enum fc_rc html_begin(FILE *out, const struct fc_report_run *run, void **st)
{
	struct html *h = calloc(1, sizeof(*h));
	size_t i;
	int failed = 0;

	if (!h)
		return FC_ERR_NOMEM;
	*st = h;
	h->o.out = out;
	h->run = run;
	h->rules = fc_policy_rules(run->policy);
	while (h->rules[h->nrules])
		h->nrules++;
	h->by_rule = calloc(h->nrules + 1, sizeof(*h->by_rule));
	h->by_dev = calloc(run->m->ndevs + 1, sizeof(*h->by_dev));
	h->a = fc_arena_new();
	h->dev_idx = h->a ? fc_hmap_new(h->a, run->m->ndevs + 1) : NULL;
	failed = !h->by_rule || !h->by_dev || !h->dev_idx;
	for (i = 0; i < run->m->ndevs && !failed; i++)
		fc_hmap_put(h->dev_idx, &run->m->devs[i], sizeof(run->m->devs[i]), (void *)(uintptr_t)(i + 1), &failed);
	if (failed) {
		free_state(h);
		*st = NULL;
		return FC_ERR_NOMEM;
	}
	return FC_OK;
}

static enum fc_rc html_device(void *st, const struct fc_device *d)
{
	(void)st;
	(void)d;
	return FC_OK;
}

static void count_dev(struct html *h, const struct fc_device *d, enum cat c)
{
	void *v = d ? fc_hmap_get(h->dev_idx, &d, sizeof(d)) : NULL;

	if (v)
		h->by_dev[(uintptr_t)v - 1][c]++;
}

static enum fc_rc html_finding(void *st, const struct fc_finding *f)
{
	struct html *h = st;
	enum cat c = cat_of(f);
	size_t r;

	for (r = 0; r < h->nrules && h->rules[r] != f->rule; r++)
		;
	h->by_rule[r][c]++;
	h->by_sev[c][f->sev]++;
	h->cat_n[c]++;
	if (f->link) {
		count_dev(h, f->link->a.dev, c);
		if (f->link->b.dev != f->link->a.dev)
			count_dev(h, f->link->b.dev, c);
	} else if (f->dev)
		count_dev(h, f->dev, c);
	if (h->n == h->cap) {
		size_t cap = h->cap ? 2 * h->cap : 1024;
		const struct fc_finding **nv = realloc(h->all, cap * sizeof(*nv));

		if (!nv)
			return FC_ERR_NOMEM;
		h->all = nv;
		h->cap = cap;
	}
	h->all[h->n++] = f;
	return FC_OK;
}

/* --- page parts ----------------------------------------------------------------------------- */

static const char css[] =
	"body{font:14px/1.4 system-ui,sans-serif;margin:0 1.5em 3em;color:#1b1f24}"
	"h1{font-size:1.5em;margin:.8em 0 .2em}h2{font-size:1.2em;margin:1.6em 0 .4em;border-bottom:1px solid #ccd}"
	"table{border-collapse:collapse;margin:.4em 0}th,td{border:1px solid #d0d7de;padding:3px 6px;"
	"text-align:left;vertical-align:top}thead th{background:#f0f3f6;position:sticky;top:0}"
	"th.sort{cursor:pointer}th.sort:after{content:' \\2195';color:#999}"
	".meta td:first-child{font-weight:600;white-space:nowrap}"
	".num{text-align:right;font-variant-numeric:tabular-nums}"
	".s-fail,.m-fail{background:#ffd7d5}.s-warn,.m-warn{background:#fff1c2}.s-unknown,.m-unk{background:#e8e8ff}"
	".s-waived{background:#dff3f7}.s-pass{background:#e6f6e6}"
	".badge{font-weight:700;text-transform:uppercase;font-size:.85em}"
	".unk{color:#5a4fcf;font-weight:700;cursor:help}.na{color:#999}"
	".scroll{overflow-x:auto}.matrix td,.matrix th,.problems td,.problems th{font-size:.92em}"
	".matrix th,.problems th{white-space:nowrap}.matrix td{min-width:3.5em;max-width:11em;overflow-wrap:break-word}"
	".matrix thead th{z-index:2}.matrix tbody th{position:sticky;left:0;z-index:1;background:#fff}"
	".matrix tbody th.m-fail{background:#ffd7d5}.matrix tbody th.m-warn{background:#fff1c2}"
	".matrix tbody th.m-unk{background:#e8e8ff}"
	".warnbox{background:#fff1c2;border:1px solid #e0c050;padding:.4em .8em}"
	".filters{display:none;gap:.6em;flex-wrap:wrap;margin:.4em 0}.js .filters{display:flex}"
	".filters label{display:flex;flex-direction:column;font-size:.85em}"
	"details summary{cursor:pointer;color:#0550ae}code{font-size:.92em}"
	"small{color:#57606a}";

/* The script adds: filters over the findings table, sorting by a column header. No request. */
static const char js[] =
	"(function(){'use strict';var d=document;d.documentElement.className+=' js';"
	"var t=d.getElementById('findings');if(!t)return;var rows=[].slice.call(t.tBodies[0].rows);"
	"function v(id){var e=d.getElementById(id);return e?e.value.trim().toLowerCase():'';}"
	"function apply(){var st=v('f-status'),sv=v('f-sev'),ru=v('f-rule'),dv=v('f-dev'),li=v('f-link'),tx=v('f-text'),n=0;"
	"rows.forEach(function(r){var s=r.dataset;var ok=(!st||s.status===st)&&(!sv||s.sev===sv)"
	"&&(!ru||s.rule.toLowerCase().indexOf(ru)===0)&&(!dv||(' '+s.dev.toLowerCase()+' ').indexOf(' '+dv+' ')>=0)"
	"&&(!li||s.link.toLowerCase().indexOf(li)>=0)&&(!tx||r.textContent.toLowerCase().indexOf(tx)>=0);"
	"r.hidden=!ok;if(ok)n++;});d.getElementById('f-count').textContent=n+' of '+rows.length+' rows';}"
	"['f-status','f-sev','f-rule','f-dev','f-link','f-text'].forEach(function(id){var e=d.getElementById(id);"
	"if(e){e.addEventListener('input',apply);e.addEventListener('change',apply);}});apply();"
	"[].forEach.call(d.querySelectorAll('a.to-findings'),function(a){a.addEventListener('click',function(){"
	"var l=d.getElementById('f-link');if(l){l.value=a.dataset.link;apply();}});});"
	"[].forEach.call(d.querySelectorAll('th.sort'),function(th){th.addEventListener('click',function(){"
	"var tb=th.closest('table').tBodies[0],i=th.cellIndex,dir=th.dataset.dir==='a'?'d':'a';th.dataset.dir=dir;"
	"var rs=[].slice.call(tb.rows);rs.sort(function(x,y){var a=x.cells[i].dataset.k||x.cells[i].textContent,"
	"b=y.cells[i].dataset.k||y.cells[i].textContent,na=parseFloat(a),nb=parseFloat(b),c;"
	"c=(!isNaN(na)&&!isNaN(nb))?na-nb:a.localeCompare(b);return dir==='a'?c:-c;});"
	"rs.forEach(function(r){tb.appendChild(r);});});});})();";

void html_page_open(struct html_out *h, const char *title, const char *target)
{
	hp(h, "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>\n"
	      "<meta http-equiv=Content-Security-Policy content=\"default-src 'none'; style-src 'unsafe-inline'; "
	      "script-src 'unsafe-inline'; img-src data:\">\n<meta name=viewport content=\"width=device-width\">\n<title>");
	hx(h, title);
	hp(h, ": ");
	hx(h, target);
	hp(h, "</title>\n<style>");
	hp(h, css);
	hp(h, "</style></head><body>\n<h1>");
	hx(h, title);
	hp(h, "</h1>\n");
}

void html_page_close(struct html_out *h)
{
	hp(h, "<footer><p><small>Written by fabcheck ");
	hp(h, FABCHECK_VERSION);
	hp(h, ". Every value has its source file:line in the evidence; the JSON report holds all of it.</small></p>"
	      "</footer>\n<script>");
	hp(h, js);
	hp(h, "</script>\n</body></html>\n");
}

static void head(struct html *h, const struct fc_summary *s)
{
	const struct fc_model *m = h->run->m;
	char cat[96], when[64] = "not recorded";
	size_t i, k, coll = 0, nodata = 0, failed = 0, parse = 0, nwarn = 0;

	for (i = 0; i < m->ndevs; i++) {
		const struct fc_device *d = m->devs[i];

		coll += d->status == FC_DEV_OK || d->status == FC_DEV_INTENT;
		nodata += d->status == FC_DEV_NODATA;
		failed += d->status == FC_DEV_COLLECT_FAILED;
		parse += d->status == FC_DEV_PARSE_ERROR;
		nwarn += d->nwarnings;
	}
	if (m->taken_at.m.known) {
		time_t t = (time_t)m->taken_at.v;
		struct tm tm;

		strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S UTC", gmtime_r(&t, &tm));
	}
	html_page_open(&h->o, "fabcheck compliance report", h->run->target);
	hp(&h->o, "<table class=meta>\n<tr><td>Fabric</td><td>");
	if (h->run->fabric) {
		hx(&h->o, h->run->fabric);
		hp(&h->o, " &middot; ");
	}
	hx(&h->o, h->run->target);
	hp(&h->o, "</td></tr>\n<tr><td>Profile</td><td>");
	hx(&h->o, fc_policy_profile(h->run->policy));
	hf(&h->o, "</td></tr>\n<tr><td>Snapshot taken</td><td>%s</td></tr>\n<tr><td>fabcheck</td><td>%s</td></tr>\n"
		  "<tr><td>Rule catalog</td><td id=catalog>%s</td></tr>\n",
	   when, FABCHECK_VERSION, fc_policy_catalog(h->run->policy, cat, sizeof(cat)));
	hf(&h->o, "<tr><td>Devices</td><td id=devcount>%zu: %zu collected, %zu failed to parse, %zu not reachable "
		  "(collection failed), %zu with no data</td></tr>\n",
	   m->ndevs, coll, parse, failed, nodata);
	hf(&h->o, "<tr><td>Result</td><td>exit code %d (fail on %s and above)%s</td></tr>\n</table>\n", s->exit_code,
	   fc_sev_name(s->fail_on), s->input_errors ? "; some outputs could not be parsed" : "");
	if (nwarn) {
		size_t shown = 0;

		hf(&h->o, "<div class=warnbox id=warnings><b>%zu collection warning(s)</b> (TLS verification, host keys, "
			  "partial outputs):<ul>\n", nwarn);
		for (i = 0; i < m->ndevs && shown < 50; i++)
			for (k = 0; k < m->devs[i]->nwarnings && shown < 50; k++, shown++) {
				hp(&h->o, "<li>");
				hx(&h->o, m->devs[i]->name);
				hp(&h->o, ": ");
				hx(&h->o, m->devs[i]->warnings[k]);
				hp(&h->o, "</li>\n");
			}
		if (shown < nwarn)
			hf(&h->o, "<li>and %zu more (JSON report)</li>\n", nwarn - shown);
		hp(&h->o, "</ul></div>\n");
	}
}

static void scorecard(struct html *h)
{
	int c, sv;

	hp(&h->o, "<section id=scorecard><h2>Scorecard</h2>\n<table><thead><tr><th></th>");
	for (c = 0; c < CAT_COUNT; c++)
		hf(&h->o, "<th class=s-%s>%s</th>", cat_name[c], cat_name[c]);
	hp(&h->o, "</tr></thead><tbody>\n<tr><th scope=row>all</th>");
	for (c = 0; c < CAT_COUNT; c++)
		hf(&h->o, "<td class=num id=score-%s>%zu</td>", cat_name[c], h->cat_n[c]);
	hp(&h->o, "</tr>\n");
	for (sv = FC_SEV_CRITICAL; sv >= FC_SEV_INFO; sv--) {
		hf(&h->o, "<tr><th scope=row>%s</th>", fc_sev_name((enum fc_sev)sv));
		for (c = 0; c < CAT_COUNT; c++)
			hf(&h->o, "<td class=num id=score-%s-%s>%zu</td>", cat_name[c], fc_sev_name((enum fc_sev)sv),
			   h->by_sev[c][sv]);
		hp(&h->o, "</tr>\n");
	}
	hp(&h->o, "</tbody></table>\n<p><small>Severity is the rule's (after the profile and policy); only failing "
		  "findings decide the exit code. Waived findings are accepted deviations, not counted as failing.</small>"
		  "</p></section>\n");
}

static void counts_cells(struct html *h, const size_t *c)
{
	int k;

	for (k = 0; k < CAT_COUNT; k++)
		hf(&h->o, "<td class=\"num%s\">%zu</td>", c[k] && k ? (k == CAT_FAIL ? " s-fail" : k == CAT_WARN ? " s-warn"
							     : k == CAT_UNKNOWN ? " s-unknown" : k == CAT_NA ? " s-na" : " s-waived") : "", c[k]);
}

static void rollup_rules(struct html *h)
{
	size_t r;
	int k;

	hp(&h->o, "<section id=by-rule><h2>By rule</h2>\n<table class=sortable><thead><tr><th class=sort>Rule</th>"
		  "<th class=sort>Title</th><th class=sort>Severity</th><th class=sort>Scope</th>");
	for (k = 0; k < CAT_COUNT; k++)
		hf(&h->o, "<th class=sort>%s</th>", cat_name[k]);
	hp(&h->o, "</tr></thead><tbody>\n");
	for (r = 0; r < h->nrules; r++) {
		const struct fc_rule *ru = h->rules[r];

		if (!fc_policy_enabled(h->run->policy, ru))
			continue;
		hp(&h->o, "<tr><td><code>");
		hx(&h->o, ru->id);
		hp(&h->o, "</code></td><td>");
		hx(&h->o, fc_rule_title(h->run->docs, ru));
		hf(&h->o, "</td><td>%s</td><td>%s</td>", fc_sev_name(fc_policy_severity(h->run->policy, ru)),
		   ru->scope == FC_SCOPE_LINK ? "link" : ru->scope == FC_SCOPE_DEVICE ? "device" : "fleet");
		counts_cells(h, h->by_rule[r]);
		hp(&h->o, "</tr>\n");
	}
	hp(&h->o, "</tbody></table></section>\n");
}

static void rollup_devices(struct html *h)
{
	const struct fc_model *m = h->run->m;
	size_t i, k, quiet = 0;
	int c;

	hf(&h->o, "<section id=by-device><h2>Devices (%zu)</h2>\n<table class=sortable><thead><tr>"
		  "<th class=sort>Device</th><th class=sort>Kind</th><th class=sort>Platform</th>"
		  "<th class=sort>Collection</th>", m->ndevs);
	for (c = 0; c < CAT_COUNT; c++)
		hf(&h->o, "<th class=sort>%s</th>", cat_name[c]);
	hp(&h->o, "<th>Notes</th></tr></thead><tbody>\n");
	for (i = 0; i < m->ndevs; i++) {
		const struct fc_device *d = m->devs[i];
		const size_t *n = h->by_dev[i];
		bool bad = d->status != FC_DEV_OK && d->status != FC_DEV_INTENT;

		if (m->ndevs > ALL_DEVICES && !bad && !d->nwarnings && !d->nunparsed && !n[CAT_FAIL] && !n[CAT_WARN] &&
		    !n[CAT_UNKNOWN] && !n[CAT_WAIVED]) {
			quiet++;
			continue;
		}
		hp(&h->o, "<tr><td>");
		hx(&h->o, d->name);
		hf(&h->o, "</td><td>%s</td><td>", d->kind == FC_DEV_HOST ? "host" : "switch");
		hx(&h->o, d->platform);
		hf(&h->o, "</td><td%s>%s</td>", bad ? " class=s-fail" : "", fc_devstatus_name(d->status));
		counts_cells(h, n);
		hp(&h->o, "<td>");
		for (k = 0; k < d->nerrors; k++) {
			hp(&h->o, "<div>error: ");
			hx(&h->o, d->errors[k]);
			hp(&h->o, "</div>");
		}
		for (k = 0; k < d->nwarnings; k++) {
			hp(&h->o, "<div>warning: ");
			hx(&h->o, d->warnings[k]);
			hp(&h->o, "</div>");
		}
		if (d->nunparsed) {
			hf(&h->o, "<details><summary>%zu line(s) not understood</summary>", d->nunparsed);
			for (k = 0; k < d->nunparsed && k < 100; k++) {
				char where[600];

				hp(&h->o, "<div><code>");
				hx(&h->o, fc_src_str(&d->unparsed[k].src, where, sizeof(where)));
				hp(&h->o, "</code> ");
				hx(&h->o, d->unparsed[k].text);
				hp(&h->o, "</div>");
			}
			hp(&h->o, "</details>");
		}
		hp(&h->o, "</td></tr>\n");
	}
	hp(&h->o, "</tbody></table>\n");
	if (quiet)
		hf(&h->o, "<p>%zu more device(s) collected and parsed completely, with every finding passing (not "
			  "listed over %d devices).</p>\n", quiet, ALL_DEVICES);
	hp(&h->o, "</section>\n");
}

/* The names of the devices a finding concerns, space-separated (the device filter's key). */
static void devs_attr(struct html *h, const struct fc_finding *f)
{
	if (f->link) {
		hx(&h->o, f->link->a.dev_name);
		hp(&h->o, " ");
		hx(&h->o, f->link->b.dev_name);
	} else if (f->dev)
		hx(&h->o, f->dev->name);
}

static void evidence(struct html *h, const struct fc_finding *f)
{
	char where[600];
	size_t i;

	if (!f->nev) {
		hp(&h->o, "<span class=na>none</span>");
		return;
	}
	hf(&h->o, "<details><summary>%zu item(s)</summary><table>", (size_t)f->nev);
	for (i = 0; i < f->nev; i++) {
		const struct fc_evidence *e = &f->ev[i];

		hp(&h->o, "<tr><td>");
		hx(&h->o, e->end);
		hp(&h->o, "</td><td>");
		hx(&h->o, e->what);
		hp(&h->o, "</td><td>");
		hx(&h->o, e->value);
		hp(&h->o, "</td><td><code>");
		hx(&h->o, fc_src_str(&e->src, where, sizeof(where)));
		hp(&h->o, "</code></td></tr>");
	}
	hp(&h->o, "</table></details>");
}

static void finding_row(struct html *h, const struct fc_finding *f, const struct fc_fold *g,
			const struct fc_group *cg)
{
	enum cat c = cat_of(f);
	size_t k;

	hf(&h->o, "<tr class=s-%s data-status=%s data-sev=%s data-rule=\"", cat_name[c], cat_name[c], fc_sev_name(f->sev));
	hx(&h->o, f->rule->id);
	hp(&h->o, "\" data-dev=\"");
	if (g)
		for (k = 0; k < 3 && k < g->n; k++) {
			hp(&h->o, k ? " " : "");
			devs_attr(h, g->v[k]);
		}
	else if (cg)
		for (k = 0; k < cg->n; k++) {
			hp(&h->o, k ? " " : "");
			devs_attr(h, cg->v[k]);
		}
	else
		devs_attr(h, f);
	hp(&h->o, "\" data-link=\"");
	if (cg)
		for (k = 0; k < cg->n; k++) {
			hp(&h->o, k ? " | " : "");
			hx(&h->o, cg->v[k]->subject);
		}
	else if (f->scope == FC_SCOPE_LINK && !g)
		hx(&h->o, f->subject);
	hf(&h->o, "\"><td class=badge data-k=%d>%s</td><td data-k=%d>%s</td><td><code>", c == CAT_PASS ? 9 : c,
	   cat_name[c], 9 - (int)f->sev, fc_sev_name(f->sev));
	hx(&h->o, f->rule->id);
	hp(&h->o, "</code></td><td>");
	if (g) {
		hf(&h->o, "<b>%zu subjects</b>, e.g. ", g->n);
		for (k = 0; k < 3 && k < g->n; k++) {
			hp(&h->o, k ? "; " : "");
			hx(&h->o, g->v[k]->subject);
		}
	} else if (cg) {   /* one root cause: its links beneath the headline */
		hf(&h->o, "<details class=group><summary><b>%zu links of ", cg->n);
		hx(&h->o, f->cause->dev->name);
		hp(&h->o, "</b>: ");
		hx(&h->o, cg->ports ? cg->ports : "");
		hp(&h->o, "</summary><ul>");
		for (k = 0; k < cg->n; k++) {
			hp(&h->o, "<li>");
			hx(&h->o, cg->v[k]->subject);
			hp(&h->o, "</li>");
		}
		hp(&h->o, "</ul></details>");
	} else
		hx(&h->o, f->subject);
	hp(&h->o, "</td><td>");
	if (cg) {
		hp(&h->o, "<b>");
		hx(&h->o, f->cause->text);
		hp(&h->o, "</b>: ");
	}
	hx(&h->o, f->message);
	if (f->waiver) {
		hp(&h->o, "<div><small>waived: ");
		hx(&h->o, f->waiver->reason);
		hp(&h->o, " (owner ");
		hx(&h->o, f->waiver->owner);
		hp(&h->o, ", until ");
		hx(&h->o, f->waiver->expires);
		hp(&h->o, ", ");
		hx(&h->o, f->waiver->file);
		hf(&h->o, ":%u)</small></div>", f->waiver->line);
	}
	hp(&h->o, "</td><td>");
	evidence(h, f);
	hp(&h->o, "</td></tr>\n");
}

/* A <datalist> of the distinct values of what the rows carry, for a filter. */
static void options_rules(struct html *h)
{
	size_t r;

	hp(&h->o, "<datalist id=l-rule>");
	for (r = 0; r < h->nrules; r++) {
		hp(&h->o, "<option value=\"");
		hx(&h->o, h->rules[r]->id);
		hp(&h->o, "\">");
	}
	hp(&h->o, "</datalist><datalist id=l-dev>");
	for (r = 0; r < h->run->m->ndevs && r < ALL_DEVICES; r++) {
		hp(&h->o, "<option value=\"");
		hx(&h->o, h->run->m->devs[r]->name);
		hp(&h->o, "\">");
	}
	hp(&h->o, "</datalist>\n");
}

static void findings(struct html *h, bool *oom)
{
	struct fc_folds fs;
	struct fc_groups gs;
	size_t i, listed = 0, folded = 0, grouped = 0;
	bool list_pass = h->n <= LIST_ALL;
	int c;

	if (!fc_folds_build(&fs, h->all, h->n) || !fc_groups_build(&gs, h->all, h->n)) {
		fc_folds_free(&fs);
		fc_groups_free(&gs);
		*oom = true;
		return;
	}
	hp(&h->o, "<section id=findings-sec><h2>Findings</h2>\n<div class=filters>"
		  "<label>Status<select id=f-status><option value=\"\">any</option>");
	for (c = 0; c < CAT_COUNT; c++)
		hf(&h->o, "<option value=%s>%s</option>", cat_name[c], cat_name[c]);
	hp(&h->o, "</select></label><label>Severity<select id=f-sev><option value=\"\">any</option>");
	for (c = FC_SEV_CRITICAL; c >= FC_SEV_INFO; c--)
		hf(&h->o, "<option value=%s>%s</option>", fc_sev_name((enum fc_sev)c), fc_sev_name((enum fc_sev)c));
	hp(&h->o, "</select></label><label>Rule<input id=f-rule list=l-rule size=18></label>"
		  "<label>Device<input id=f-dev list=l-dev size=14></label>"
		  "<label>Link<input id=f-link size=22 placeholder=\"leaf1:Ethernet1/1\"></label>"
		  "<label>Text<input id=f-text size=22></label><span id=f-count></span></div>\n");
	options_rules(h);
	hp(&h->o, "<table id=findings class=sortable><thead><tr><th class=sort>Status</th><th class=sort>Severity</th>"
		  "<th class=sort>Rule</th><th class=sort>Subject</th><th>Finding</th><th>Evidence</th></tr></thead><tbody>\n");
	/* not passing first, in the engine's order (by subject), then the passes */
	for (c = 0; c < 2; c++)
		for (i = 0; i < h->n; i++) {
			const struct fc_finding *f = h->all[i];
			const struct fc_fold *g = fc_fold_of(&fs, f);
			const struct fc_group *cg = fc_group_of(&gs, f);

			if ((cat_of(f) == CAT_PASS) != (c == 1) || (c == 1 && !list_pass))
				continue;
			if (g && g->n >= FOLD_AT) {
				if (g->v[0] == f)
					finding_row(h, f, g, NULL);
				else
					folded++;
				continue;
			}
			if (cg) {
				if (cg->v[0] == f)
					finding_row(h, f, NULL, cg);
				else
					grouped++;
				continue;
			}
			finding_row(h, f, NULL, NULL);
			listed++;
		}
	hp(&h->o, "</tbody></table>\n");
	if (!list_pass && h->cat_n[CAT_PASS])
		hf(&h->o, "<p>%zu passing findings are counted in the scorecard and roll-ups, not listed (over %d "
			  "findings; the JSON report has each).</p>\n", h->cat_n[CAT_PASS], LIST_ALL);
	if (folded)
		hf(&h->o, "<p>UNKNOWN findings of one rule and reason on %d or more subjects are one row each.</p>\n",
		   FOLD_AT);
	if (grouped)
		hp(&h->o, "<p>FAIL and WARN findings of one root cause (one ACL, one profile) are one row, their links "
			  "beneath it.</p>\n");
	hp(&h->o, "</section>\n");
	fc_folds_free(&fs);
	fc_groups_free(&gs);
}

static void waivers(struct html *h)
{
	size_t i;

	if (!h->cat_n[CAT_WAIVED])
		return;
	hf(&h->o, "<section id=waived><h2>Waived (%zu)</h2>\n<table><thead><tr><th>Rule</th><th>Subject</th><th>Reason</th>"
		  "<th>Owner</th><th>Expires</th><th>Waiver</th></tr></thead><tbody>\n", h->cat_n[CAT_WAIVED]);
	for (i = 0; i < h->n; i++) {
		const struct fc_finding *f = h->all[i];

		if (!f->waived || !f->waiver)
			continue;
		hp(&h->o, "<tr><td><code>");
		hx(&h->o, f->rule->id);
		hp(&h->o, "</code></td><td>");
		hx(&h->o, f->subject);
		hp(&h->o, "</td><td>");
		hx(&h->o, f->waiver->reason);
		hp(&h->o, "</td><td>");
		hx(&h->o, f->waiver->owner);
		hp(&h->o, "</td><td>");
		hx(&h->o, f->waiver->expires);
		hp(&h->o, "</td><td><code>");
		hx(&h->o, f->waiver->file);
		hf(&h->o, ":%u</code></td></tr>\n", f->waiver->line);
	}
	hp(&h->o, "</tbody></table></section>\n");
}


static enum fc_rc html_end(void *st, const struct fc_summary *s)
{
	struct html *h = st;
	enum fc_rc rc = FC_OK;
	bool oom = false;

	head(h, s);
	hp(&h->o, "<nav><a href=\"#scorecard\">Scorecard</a> &middot; ");
	if (h->run->changes)
		hp(&h->o, "<a href=\"#changes\">Changes</a> &middot; ");
	hp(&h->o, "<a href=\"#links\">Links</a> &middot; <a href=\"#findings-sec\">Findings</a> &middot; "
		  "<a href=\"#by-rule\">By rule</a> &middot; <a href=\"#by-device\">Devices</a>");
	if (h->cat_n[CAT_WAIVED])
		hp(&h->o, " &middot; <a href=\"#waived\">Waived</a>");
	hp(&h->o, "</nav>\n");
	scorecard(h);
	if (h->run->changes)
		fc_html_changes(&h->o, h->run->changes);
	html_link_matrix(&h->o, h->run, h->all, h->n);
	findings(h, &oom);
	rollup_rules(h);
	rollup_devices(h);
	waivers(h);
	html_page_close(&h->o);
	if (oom)
		rc = FC_ERR_NOMEM;
	else if (h->o.err)
		rc = FC_ERR_IO;
	free_state(h);
	return rc;
}

const struct fc_reporter fc_reporter_html = {
	.name = "html",
	.desc = "one self-contained HTML page: scorecard, roll-ups, filterable findings, link matrix, waivers",
	.pass_evidence_links = FC_HTML_ALL_LINKS,
	.begin = html_begin,
	.device = html_device,
	.finding = html_finding,
	.end = html_end,
};
