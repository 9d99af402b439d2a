/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: the positioned json parser, whole and with the rows of a sequence streamed
 * (doc_parse_json_rows): both accept or refuse the same inputs, and a streamed parse hands over as
 * many rows as the whole document's sequences at that path hold. Keeping only the members whose key
 * does not start with 'b' (doc_parse_json_keep): what the whole parse accepts is accepted, what it
 * refuses is refused but for a key given twice among what is dropped, and the document holds the
 * whole one's values less those members. */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

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

static bool keep_not_b(void *ctx, const char *const *keys, unsigned depth)
{
	(void)ctx;
	return keys[depth - 1][0] != 'b';
}

/* The values of n, less the members of maps whose key starts with 'b' and what they hold. */
static size_t values_kept(const struct doc_node *n)
{
	size_t i, c = 1;

	if (n->type != DOC_MAP && n->type != DOC_SEQ)
		return 1;
	for (i = 0; i < n->n; i++)
		if (n->type != DOC_MAP || n->keys[i][0] != 'b')
			c += values_kept(n->items[i]);
	return c;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const path[] = { "a", NULL };
	struct doc *d = NULL, *s = NULL;
	struct fc_err err, werr;
	enum fc_rc whole, streamed;
	int map;

	fc_err_clear(&werr);
	whole = doc_parse_json("fuzz", (const char *)data, size, &d, &werr);
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
	{
		struct fc_err kerr;
		struct doc *k = NULL;
		enum fc_rc kept;

		fc_err_clear(&kerr);
		kept = doc_parse_json_keep("fuzz", (const char *)data, size, NULL, keep_not_b, NULL, &k, &kerr);
		if (whole == FC_OK && (kept != FC_OK || values_kept(d->root) != values_kept(k->root)))
			abort();
		if (whole != FC_OK && kept == FC_OK && !strstr(werr.msg, "given twice"))
			abort();
		doc_free(&k);
	}
	doc_free(&d);
	return 0;
}
