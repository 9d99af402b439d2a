/* SPDX-License-Identifier: MIT */
/* fabcheck explain's rule pages for a terminal. The Markdown of the rule pages (rules/docs) as a terminal shows it: **bold** in bold where colour
 * is on and as plain words otherwise, `code` without its backticks, [text](url) as "text (url)",
 * headings as their words; the rest (lists, tables, line breaks) as written. */
#ifndef FC_MDTERM_H
#define FC_MDTERM_H

#include <stdbool.h>
#include <stdio.h>

void fc_md_term(FILE *out, const char *md, bool color);

struct fc_rule;
struct fc_ruledoc;
/* fabcheck explain: a rule's page, its registry facts (severity, scope, inputs, what it reads and
 * needs, its parameters) and its documentation rendered by fc_md_term. */
void fc_explain_page(FILE *out, const struct fc_rule *r, const struct fc_ruledoc *rd, bool color);

#endif
