/* SPDX-License-Identifier: MIT */
#include "cli/mdterm.h"

#include <string.h>

#include "engine/engine.h"

void fc_md_term(FILE *out, const char *md, bool color)
{
	const char *p = md;
	bool bold = false, line_start = true;

	while (*p) {
		if (line_start && *p == '#') {   /* a heading: its words */
			while (*p == '#')
				p++;
			while (*p == ' ')
				p++;
		}
		line_start = false;
		if (*p == '`') {   /* a code span, across a line break too: its text as it is */
			const char *end = strchr(p + 1, '`');

			if (end) {
				fprintf(out, "%.*s", (int)(end - p - 1), p + 1);
				p = end + 1;
				continue;
			}
		} else if (p[0] == '*' && p[1] == '*' && (bold || strstr(p + 2, "**"))) {
			bold = !bold;
			if (color)
				fputs(bold ? "\033[1m" : "\033[0m", out);
			p += 2;
			continue;
		} else if (*p == '[') {   /* [text](url): text (url) */
			const char *close = strchr(p, ']'), *nl = strchr(p, '\n'), *end;

			if (close && (!nl || close < nl) && close[1] == '(' && (end = strchr(close, ')'))) {
				fprintf(out, "%.*s (%.*s)", (int)(close - p - 1), p + 1, (int)(end - close - 2), close + 2);
				p = end + 1;
				continue;
			}
		}
		line_start = *p == '\n';
		fputc(*p++, out);
	}
	if (bold && color)
		fputs("\033[0m", out);
}

void fc_explain_page(FILE *out, const struct fc_rule *r, const struct fc_ruledoc *rd, bool color)
{
	const struct fc_rule_param *p;

	fprintf(out, "%s - %s\nDefault severity: %s; scope: %s\nInputs: %s\n", r->id, rd->title, fc_sev_name(r->severity),
		r->scope == FC_SCOPE_LINK ? "link (both ends)" : r->scope == FC_SCOPE_DEVICE ? "device" : "fleet",
		r->inputs);
	if (r->alias)
		fprintf(out, "Formerly %s: policies, waivers and --rule still take that id for this rule\n", r->alias);
	if (r->reads_switch || r->reads_host) {
		char sw[512], host[512];

		fprintf(out, "Reads: %s%s%s%s%s\n", r->reads_switch ? "of a switch, " : "",
			r->reads_switch ? fc_cap_names(r->reads_switch, sw, sizeof(sw)) : "",
			r->reads_switch && r->reads_host ? "; " : "", r->reads_host ? "of a host, " : "",
			r->reads_host ? fc_cap_names(r->reads_host, host, sizeof(host)) : "");
	}
	if (r->needs_switch || r->needs_host) {
		char sw[512], host[512];

		fprintf(out, "Needs: %s%s%s%s%s (UNKNOWN where a platform's adapter does not provide it)\n",
			r->needs_switch ? "of a switch, " : "", r->needs_switch ? fc_cap_names(r->needs_switch, sw, sizeof(sw)) : "",
			r->needs_switch && r->needs_host ? "; " : "", r->needs_host ? "of a host, " : "",
			r->needs_host ? fc_cap_names(r->needs_host, host, sizeof(host)) : "");
	}
	for (p = r->params; p->key; p++) {
		fprintf(out, "Parameter %s (default %s; ", p->key, p->def[0] ? p->def : "unset");
		if (p->choices)
			fprintf(out, "one of %s", p->choices);
		else
			fprintf(out, p->type == FC_PARAM_INT ? "a whole number from %.0f to %.0f" : "from %g to %g", p->min, p->max);
		fprintf(out, "): %s\n", p->doc);
	}
	fputs("\nSummary. ", out);
	fc_md_term(out, rd->summary, color);
	fputs("\n\n", out);
	fc_md_term(out, rd->body, color);
	fputs("\nRemediation. ", out);
	fc_md_term(out, rd->remediation, color);
	fputs("\n\nSources. ", out);
	fc_md_term(out, rd->sources, color);
	fputs("\n", out);
}
