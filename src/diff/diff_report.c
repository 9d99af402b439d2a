/* SPDX-License-Identifier: MIT */
/* A diff written as text (for people at a terminal), JSON (for automation), Markdown (a pull
 * request comment) or HTML (one self-contained page). Each lists the warnings, the counts, the
 * findings that changed by class, the model values that changed, the declarations nothing matched
 * and the exit code with its reason. */
#include <json-c/json.h>
#include <stdarg.h>
#include <string.h>

#include "diff/diff.h"
#include "report/html.h"
#include "report/report.h"

#define TEXT_UNCHANGED 50   /* more unchanged not-passing findings than this are a count in text */

struct w {
	FILE *out;
	bool err;
};

static void wf(struct w *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void wf(struct w *w, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (vfprintf(w->out, fmt, ap) < 0)
		w->err = true;
	va_end(ap);
}

static const char *verdict(const struct fc_dfind *f, char *b, size_t size)
{
	if (!f)
		snprintf(b, size, "absent");
	else if (f->rank >= 3)
		snprintf(b, size, "%s %s", f->status, f->sev);
	else
		snprintf(b, size, "%s", f->status);
	return b;
}

static const char *exit_reason(const struct fc_diff *d, char *b, size_t size)
{
	switch (d->exit_code) {
	case 0:
		snprintf(b, size, "nothing new or regressed%s", d->expect ? ", every change declared" : "");
		break;
	case 1:
		if (d->expect)
			snprintf(b, size, "%zu new and %zu regressed finding(s), %zu value change(s) not declared; %zu "
				 "declaration(s) not seen", d->unexplained[FC_D_NEW], d->unexplained[FC_D_REGRESSED],
				 d->v_unexplained, d->unmet);
		else
			snprintf(b, size, "%zu new and %zu regressed finding(s)", d->count[FC_D_NEW], d->count[FC_D_REGRESSED]);
		break;
	case 3:
		snprintf(b, size, "a side is incomplete: devices not collected or without data");
		break;
	default:
		snprintf(b, size, "a side has outputs that could not be parsed");
	}
	return b;
}

static void text(struct w *w, const struct fc_diff *d)
{
	char a[96], b[96], r[400];
	size_t i;
	int c, last = -1;

	wf(w, "fabcheck diff  %s -> %s\n", d->old->path, d->cur->path);
	for (i = 0; i < d->nwarn; i++)
		wf(w, "warning: %s\n", d->warn[i]);
	wf(w, "\n");
	for (c = 0; c < FC_D_COUNT; c++)
		wf(w, "%s%s %zu", c ? ", " : "", fc_dclass_name[c], d->count[c]);
	wf(w, "; %zu passing on both sides", d->pass_both);
	if (d->values)
		wf(w, "; %zu model value(s) changed\n", d->nv);
	else
		wf(w, "; model values not compared (a side is a JSON report)\n");
	for (i = 0; i < d->ne; i++) {
		const struct fc_dentry *e = &d->e[i];
		const struct fc_dfind *f = e->cur ? e->cur : e->old;

		if ((int)e->cls != last) {
			last = (int)e->cls;
			wf(w, "\n%c%s (%zu)\n", fc_dclass_name[e->cls][0] - 32, fc_dclass_name[e->cls] + 1, d->count[e->cls]);
			if (e->cls == FC_D_UNCHANGED && d->count[e->cls] > TEXT_UNCHANGED) {
				wf(w, "  (over %d: --format json or html lists them)\n", TEXT_UNCHANGED);
				break;
			}
		}
		wf(w, "  %-20s %-22s -> %-22s %s\n      %s\n", f->rule, verdict(e->old, a, sizeof(a)),
		   verdict(e->cur, b, sizeof(b)), f->subject, f->message);
		if (e->why)
			wf(w, "      declared: %s\n", e->why->reason);
		else if (d->expect && (e->cls == FC_D_NEW || e->cls == FC_D_REGRESSED))
			wf(w, "      not declared\n");
	}
	if (d->nv) {
		wf(w, "\nModel values (%zu)\n", d->nv);
		for (i = 0; i < d->nv; i++) {
			wf(w, "  %-36s %-28s %s -> %s\n", d->v[i].subject, d->v[i].field, d->v[i].before, d->v[i].after);
			if (d->expect)
				wf(w, "      %s%s\n", d->v[i].why ? "declared: " : "not declared", d->v[i].why ? d->v[i].why->reason : "");
		}
	}
	if (d->unmet) {
		wf(w, "\nDeclared but not seen (%zu)\n", d->unmet);
		for (i = 0; i < d->expect->n; i++) {
			const struct fc_expect_item *x = &d->expect->v[i];

			if (!x->matched)
				wf(w, "  %s:%u %s%s%s%s%s%s: %s\n", x->file, x->line, x->rule ? "rule " : "", x->rule ? x->rule : "",
				   x->subject ? " subject " : "", x->subject ? x->subject : "", x->field ? " field " : "",
				   x->field ? x->field : "", x->reason);
		}
	}
	wf(w, "\nexit %d: %s\n", d->exit_code, exit_reason(d, r, sizeof(r)));
}

static json_object *jfind(const struct fc_dfind *f)
{
	json_object *o;

	if (!f)
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "status", json_object_new_string(f->status));
	json_object_object_add(o, "severity", json_object_new_string(f->sev));
	json_object_object_add(o, "message", json_object_new_string(f->message));
	return o;
}

static json_object *jwhy(const struct fc_expect_item *x)
{
	json_object *o;

	if (!x)
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "reason", json_object_new_string(x->reason));
	json_object_object_add(o, "line", json_object_new_int((int)x->line));
	return o;
}

static void json(struct w *w, const struct fc_diff *d)
{
	json_object *r = json_object_new_object(), *cnt = json_object_new_object(), *a = json_object_new_array(),
		    *v = json_object_new_array(), *wa = json_object_new_array(), *un = json_object_new_array();
	char reason[400];
	size_t i;
	int c;

	json_object_object_add(r, "format", json_object_new_string("fabcheck-diff"));
	json_object_object_add(r, "format_version", json_object_new_int(1));
	json_object_object_add(r, "old", json_object_new_string(d->old->path));
	json_object_object_add(r, "new", json_object_new_string(d->cur->path));
	for (i = 0; i < d->nwarn; i++)
		json_object_array_add(wa, json_object_new_string(d->warn[i]));
	json_object_object_add(r, "warnings", wa);
	for (c = 0; c < FC_D_COUNT; c++)
		json_object_object_add(cnt, fc_dclass_name[c], json_object_new_int64((int64_t)d->count[c]));
	json_object_object_add(cnt, "pass_both", json_object_new_int64((int64_t)d->pass_both));
	json_object_object_add(r, "counts", cnt);
	for (i = 0; i < d->ne; i++) {
		const struct fc_dentry *e = &d->e[i];
		const struct fc_dfind *f = e->cur ? e->cur : e->old;
		json_object *o = json_object_new_object();

		json_object_object_add(o, "change", json_object_new_string(fc_dclass_name[e->cls]));
		json_object_object_add(o, "rule", json_object_new_string(f->rule));
		json_object_object_add(o, "subject", json_object_new_string(f->subject));
		json_object_object_add(o, "before", jfind(e->old));
		json_object_object_add(o, "after", jfind(e->cur));
		if (d->expect)
			json_object_object_add(o, "declared", jwhy(e->why));
		json_object_array_add(a, o);
	}
	json_object_object_add(r, "findings", a);
	json_object_object_add(r, "values_compared", json_object_new_boolean(d->values));
	for (i = 0; i < d->nv; i++) {
		json_object *o = json_object_new_object();

		json_object_object_add(o, "subject", json_object_new_string(d->v[i].subject));
		json_object_object_add(o, "field", json_object_new_string(d->v[i].field));
		json_object_object_add(o, "before", json_object_new_string(d->v[i].before));
		json_object_object_add(o, "after", json_object_new_string(d->v[i].after));
		if (d->expect)
			json_object_object_add(o, "declared", jwhy(d->v[i].why));
		json_object_array_add(v, o);
	}
	json_object_object_add(r, "values", v);
	for (i = 0; d->expect && i < d->expect->n; i++)
		if (!d->expect->v[i].matched) {
			json_object *o = json_object_new_object();

			json_object_object_add(o, "line", json_object_new_int((int)d->expect->v[i].line));
			json_object_object_add(o, "reason", json_object_new_string(d->expect->v[i].reason));
			json_object_array_add(un, o);
		}
	json_object_object_add(r, "declared_not_seen", un);
	json_object_object_add(r, "exit_code", json_object_new_int(d->exit_code));
	json_object_object_add(r, "exit_reason", json_object_new_string(exit_reason(d, reason, sizeof(reason))));
	wf(w, "%s\n", json_object_to_json_string_ext(r, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(r);
}

static void mcell(struct w *w, const char *s)
{
	if (!fc_md_cell(w->out, s))
		w->err = true;
}

static void markdown(struct w *w, const struct fc_diff *d)
{
	char a[96], r[400];
	size_t i;
	int c;

	wf(w, "## fabcheck diff: %zu new, %zu regressed, %zu resolved (exit %d)\n\n", d->count[FC_D_NEW],
	   d->count[FC_D_REGRESSED], d->count[FC_D_RESOLVED], d->exit_code);
	wf(w, "From ");
	mcell(w, d->old->path);
	wf(w, " to ");
	mcell(w, d->cur->path);
	wf(w, ": ");
	mcell(w, exit_reason(d, r, sizeof(r)));
	wf(w, ".\n");
	for (i = 0; i < d->nwarn; i++) {
		wf(w, "\n> **Warning:** ");
		mcell(w, d->warn[i]);
		wf(w, "\n");
	}
	wf(w, "\n| ");
	for (c = 0; c < FC_D_COUNT; c++)
		wf(w, "%s | ", fc_dclass_name[c]);
	wf(w, "values changed |\n|");
	for (c = 0; c <= FC_D_COUNT; c++)
		wf(w, "---|");
	wf(w, "\n| ");
	for (c = 0; c < FC_D_COUNT; c++)
		wf(w, "%zu | ", d->count[c]);
	if (d->values)
		wf(w, "%zu |\n", d->nv);
	else
		wf(w, "not compared |\n");
	if (d->ne) {
		wf(w, "\n| Change | Before | After | Rule | Subject | Finding |%s\n|---|---|---|---|---|---|%s\n",
		   d->expect ? " Declared |" : "", d->expect ? "---|" : "");
		for (i = 0; i < d->ne; i++) {
			const struct fc_dentry *e = &d->e[i];
			const struct fc_dfind *f = e->cur ? e->cur : e->old;

			if (e->cls == FC_D_UNCHANGED)
				continue;
			wf(w, "| %s | %s | ", fc_dclass_name[e->cls], verdict(e->old, a, sizeof(a)));
			wf(w, "%s | ", verdict(e->cur, a, sizeof(a)));
			mcell(w, f->rule);
			wf(w, " | ");
			mcell(w, f->subject);
			wf(w, " | ");
			mcell(w, f->message);
			wf(w, " |");
			if (d->expect) {
				wf(w, " ");
				mcell(w, e->why ? e->why->reason : "not declared");
				wf(w, " |");
			}
			wf(w, "\n");
		}
	}
	if (d->nv) {
		wf(w, "\n<details><summary>%zu model value(s) changed</summary>\n\n| Subject | Field | Before | After |%s\n"
		      "|---|---|---|---|%s\n", d->nv, d->expect ? " Declared |" : "", d->expect ? "---|" : "");
		for (i = 0; i < d->nv; i++) {
			wf(w, "| ");
			mcell(w, d->v[i].subject);
			wf(w, " | ");
			mcell(w, d->v[i].field);
			wf(w, " | ");
			mcell(w, d->v[i].before);
			wf(w, " | ");
			mcell(w, d->v[i].after);
			wf(w, " |");
			if (d->expect) {
				wf(w, " ");
				mcell(w, d->v[i].why ? d->v[i].why->reason : "not declared");
				wf(w, " |");
			}
			wf(w, "\n");
		}
		wf(w, "\n</details>\n");
	}
}

static void html(struct w *w, const struct fc_diff *d)
{
	struct html_out h = { w->out, false };
	char r[400];

	html_page_open(&h, "fabcheck diff", d->cur->path);
	hf(&h, "<p id=exit>exit %d: ", d->exit_code);
	hx(&h, exit_reason(d, r, sizeof(r)));
	hp(&h, "</p>\n");
	fc_html_changes(&h, d);
	html_page_close(&h);
	w->err |= h.err;
}

static const struct {
	const char *name;
	void (*write)(struct w *w, const struct fc_diff *d);
} writers[] = {
	{ "text", text },
	{ "json", json },
	{ "markdown", markdown },
	{ "html", html },
	{ NULL, NULL },
};

bool fc_diff_format_known(const char *name)
{
	size_t i;

	for (i = 0; writers[i].name; i++)
		if (!strcmp(writers[i].name, name))
			return true;
	return false;
}

enum fc_rc fc_diff_write(const struct fc_diff *d, const char *format, FILE *out)
{
	struct w w = { out, false };
	size_t i;

	for (i = 0; writers[i].name; i++)
		if (!strcmp(writers[i].name, format)) {
			writers[i].write(&w, d);
			return w.err || fflush(out) != 0 || ferror(out) ? FC_ERR_IO : FC_OK;
		}
	return FC_ERR_USAGE;
}
