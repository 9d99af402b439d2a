/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: the positioned json parser, whole and with the rows of a sequence streamed
 * (doc_parse_json_rows): both accept or refuse the same inputs, and a streamed parse hands over as
 * many rows as the whole document's sequences at that path hold. */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>

#include "doc/doc.h"

static enum fc_rc count_row(void *ctx, const struct doc *d, const char *key, const struct doc_node *row)
{
	(void)d;
	(void)key;
	(void)row;
	++*(size_t *)ctx;
	return FC_OK;
}

/* The rows under key "a" (any depth, as streaming matches; not inside a row, which is streamed
 * whole) counted in the document: the items of sequences, or the members of maps. */
static size_t rows_in(const struct doc_node *n, enum doc_type kind)
{
	size_t i, c = 0;

	if (!n || (n->type != DOC_MAP && n->type != DOC_SEQ))
		return 0;
	for (i = 0; i < n->n; i++) {
		if (n->type == DOC_MAP && n->keys[i][0] == 'a' && !n->keys[i][1] && n->items[i]->type == kind)
			c += n->items[i]->n;
		else
			c += rows_in(n->items[i], kind);
	}
	return c;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const path[] = { "a", NULL };
	struct doc *d = NULL, *s = NULL;
	struct fc_err err;
	enum fc_rc whole, streamed;
	int map;

	fc_err_clear(&err);
	whole = doc_parse_json("fuzz", (const char *)data, size, &d, &err);
	for (map = 0; map < 2; map++) {
		size_t seen = 0;
		struct doc_rows rows = { path, map, count_row, &seen, 0 };

		streamed = doc_parse_json_rows("fuzz", (const char *)data, size, &rows, &s, &err);
		if ((whole == FC_OK) != (streamed == FC_OK))
			abort();
		if (whole == FC_OK && (rows.n != seen || seen != rows_in(d->root, map ? DOC_MAP : DOC_SEQ)))
			abort();
		doc_free(&s);
	}
	doc_free(&d);
	return 0;
}
