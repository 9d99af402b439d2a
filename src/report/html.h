/* SPDX-License-Identifier: MIT */
/* Parts of the HTML reporter shared by its files: the writer with HTML escaping, and the link
 * matrix (html_links.c). */
#ifndef FC_REPORT_HTML_H
#define FC_REPORT_HTML_H

#include <stdbool.h>
#include <stdio.h>

#include "report/report.h"

/* Over this many links the matrix lists only the links a finding marks; passing ones are counted. */
#define FC_HTML_ALL_LINKS 2000

struct html_out {
	FILE *out;
	bool err;
};

/* s as HTML text or attribute value: & < > " ' as entities. */
void hx(struct html_out *h, const char *s);
/* s verbatim (markup of our own). */
void hp(struct html_out *h, const char *s);
void hf(struct html_out *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The page around a report: doctype, CSP (nothing leaves the page), style; then the script. */
void html_page_open(struct html_out *h, const char *title, const char *target);
void html_page_close(struct html_out *h);

struct fc_diff;
/* html_diff.c: a diff's findings and value changes as a section (validate --baseline, diff). */
void fc_html_changes(struct html_out *h, const struct fc_diff *d);

/* The link matrix: every link of the model with both ends side by side, the cells the
 * not-passing findings (v[0..n), sorted by subject) name in their rule's aspect marked. */
void html_link_matrix(struct html_out *h, const struct fc_report_run *run, const struct fc_finding *const *v,
		      size_t n);

#endif
