/* SPDX-License-Identifier: MIT */
/* A host document's own notes onto its device: what the probe could not read (warnings) and the
 * outputs it had that a reader refused (not_understood). */
#include <stdint.h>
#include <string.h>

#include "vendors/linux/linux_notes.h"

static const char *const nu_keys[] = { "file", "line", "text", NULL };

/* The document's warnings (the probe could not read part of the host) and not_understood (an output
 * the probe had that a reader refused: an agentless capture's garbled ethtool section), onto the
 * device, so a report lists them beside the values they leave unknown. An entry cites the document
 * itself: at the line it names where that is the document's own file (a capture), else at the
 * entry's line, with the place the probe named in its text. */
enum fc_rc fc_linux_doc_notes(struct fc_parse_ctx *c, const struct doc *d)
{
	const struct doc_node *w = doc_get(d->root, "warnings"), *nu = doc_get(d->root, "not_understood");
	size_t i;
	enum fc_rc rc;

	if (w && (rc = doc_expect(d, w, DOC_SEQ, "warnings", c->err)) != FC_OK)
		return rc;
	for (i = 0; w && i < w->n; i++) {
		const char *s;

		if ((rc = doc_as_str(d, w->items[i], "warnings", &s, c->err)) != FC_OK)
			return rc;
		if (fc_dev_add_warning(c->m, c->dev, fc_sprintf(c->m->arena, "%s: %s", c->file, s)) != FC_OK)
			return FC_ERR_NOMEM;
	}
	if (nu && (rc = doc_expect(d, nu, DOC_SEQ, "not_understood", c->err)) != FC_OK)
		return rc;
	for (i = 0; nu && i < nu->n; i++) {
		const struct doc_node *e = nu->items[i];
		const char *file = NULL, *text;
		int64_t line = 0;
		struct fc_src src;

		if ((rc = doc_check_keys(d, e, nu_keys, "not_understood", c->err)) != FC_OK ||
		    (rc = doc_opt_str(d, e, "file", &file, c->err)) != FC_OK ||
		    (rc = doc_opt_int(d, e, "line", 0, UINT32_MAX, &line, NULL, c->err)) != FC_OK ||
		    (rc = doc_req_str(d, e, "text", &text, c->err)) != FC_OK)
			return rc;
		if (file && !strcmp(file, c->file)) {
			src = fc_src_at(c->file, (unsigned)line);
		} else {
			src = fc_src_at(c->file, e->line);
			if (file)
				text = fc_sprintf(c->m->arena, "%s:%lld: %s", file, (long long)line, text);
		}
		if (!text || fc_dev_add_unparsed(c->m, c->dev, src, text, strlen(text)) != FC_OK)
			return FC_ERR_NOMEM;
	}
	return FC_OK;
}
