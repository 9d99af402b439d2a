/* SPDX-License-Identifier: MIT */
/* Strict RFC 8259 JSON parser into the positioned document tree. json-c, which fabcheck uses to
 * write JSON, keeps no source positions; evidence and errors need the line of every value. */
#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "doc/doc.h"

struct jp {
	const char *p, *end;
	unsigned line;
	struct doc *d;
	struct fc_err *err;
	unsigned depth;
	/* streamed rows (doc_parse_json_rows): keys[k] is the key under which the container at depth k
	 * holds the value being parsed (NULL in a sequence); rows' items are parsed into row_arena */
	const char *keys[DOC_MAX_DEPTH + 2];
	struct doc_rows *rows;
	bool rows_map;
	struct fc_arena *row_arena;
	bool in_row;   /* parsing a streamed row: a container inside it is part of it, not streamed */
	struct doc_node *placeholder;   /* the value streamed map members keep in the document */
	doc_keep_fn *keep;              /* doc_parse_json_keep: which map members are parsed */
	void *keep_ctx;
	char key[128];                  /* with keep: the member's key while keep is asked */
};

static enum fc_rc jerr(struct jp *j, const char *what)
{
	char found[24];

	if (j->p >= j->end)
		snprintf(found, sizeof(found), "end of input");
	else if ((unsigned char)*j->p >= 0x20 && (unsigned char)*j->p < 0x7f)
		snprintf(found, sizeof(found), "'%c'", *j->p);
	else
		snprintf(found, sizeof(found), "byte 0x%02x", (unsigned char)*j->p);
	return fc_err_set(j->err, FC_ERR_INPUT, j->d->file, j->line, "invalid JSON: expected %s, found %s",
			  what, found);
}

static void skip_ws(struct jp *j)
{
	while (j->p < j->end) {
		char c = *j->p;

		if (c == '\n') {
			j->line++;
			/* a pretty-printed document's indentation: eight spaces at a time */
			while (j->end - j->p > 8 && !memcmp(j->p + 1, "        ", 8))
				j->p += 8;
		} else if (c != ' ' && c != '\t' && c != '\r') {
			return;
		}
		j->p++;
	}
}

static struct doc_node *new_node(struct jp *j, enum doc_type t)
{
	struct doc_node *n = fc_alloc(j->d->arena, sizeof(*n));

	if (n) {
		n->type = t;
		n->line = j->line;
	}
	return n;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static bool read_hex4(struct jp *j, unsigned *out)
{
	unsigned v = 0;
	int i, h;

	if (j->end - j->p < 4)
		return false;
	for (i = 0; i < 4; i++) {
		h = hexval(j->p[i]);
		if (h < 0)
			return false;
		v = v * 16 + (unsigned)h;
	}
	j->p += 4;
	*out = v;
	return true;
}

static size_t put_utf8(char *o, unsigned cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xc0 | (cp >> 6));
		o[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xe0 | (cp >> 12));
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		o[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | (cp >> 18));
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	o[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* Parses a string at j->p (on the opening quote). The decoded text is never longer than the
 * encoded one, so one allocation of the raw length suffices. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ONES UINT64_C(0x0101010101010101)
/* The high bit of the bytes of x that are '"', '\\' or below 0x20; the lowest one set is the
 * first such byte (the borrows of the subtractions only mark bytes above a true one). */
static uint64_t string_stops(uint64_t x)
{
	uint64_t q = x ^ (ONES * '"'), b = x ^ (ONES * '\\');

	return (((q - ONES) & ~q) | ((b - ONES) & ~b) | ((x - ONES * 0x20) & ~x)) & (ONES * 0x80);
}
#endif

/* The first '"', '\\' or control character at or after p, else end: eight bytes at a time (a
 * fleet's host documents are gigabytes of strings). */
static const char *string_stop(const char *p, const char *end)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	for (; end - p >= 8; p += 8) {
		uint64_t x, m;

		memcpy(&x, p, 8);
		if ((m = string_stops(x)))
			return p + (__builtin_ctzll(m) >> 3);
	}
#endif
	while (p < end && *p != '"' && *p != '\\' && (unsigned char)*p >= 0x20)
		p++;
	return p;
}

static enum fc_rc decode_string(struct jp *j, const char *q, char *w, char *tmp);

/* A string at j->p into *out (out NULL: checked and skipped, nothing allocated). */
static enum fc_rc parse_string(struct jp *j, const char **out)
{
	const char *s = ++j->p, *q = string_stop(s, j->end);
	char *o, *w;
	enum fc_rc rc;

	if (q < j->end && *q == '"' && !out) {
		j->p = q + 1;
		return FC_OK;
	}
	if (q < j->end && *q == '"') {   /* no escape, no control character: the string as it is */
		if (!(o = fc_alloc(j->d->arena, (size_t)(q - s) + 1)))
			return fc_err_set(j->err, FC_ERR_NOMEM, j->d->file, j->line, "out of memory");
		memcpy(o, s, (size_t)(q - s));
		j->p = q + 1;
		*out = o;
		return FC_OK;
	}
	for (q = s; q < j->end && *q != '"'; q++)
		if (*q == '\\')
			q++;
	if (q >= j->end)
		return fc_err_set(j->err, FC_ERR_INPUT, j->d->file, j->line,
				  "invalid JSON: string not terminated (input truncated?)");
	if (!out) {   /* skip_value: checked, nothing kept */
		char tmp[4];

		return decode_string(j, q, NULL, tmp);
	}
	o = w = fc_alloc(j->d->arena, (size_t)(q - s) + 1);
	if (!o)
		return fc_err_set(j->err, FC_ERR_NOMEM, j->d->file, j->line, "out of memory");
	if ((rc = decode_string(j, q, w, NULL)) != FC_OK)
		return rc;
	*out = o;
	return FC_OK;
}

/* Decodes the string from j->p to its closing quote q into w (NULL: only checks it, each escaped
 * character decoded into tmp), and moves past the quote. */
static enum fc_rc decode_string(struct jp *j, const char *q, char *w, char *tmp)
{
	while (j->p < q) {
		unsigned char c = (unsigned char)*j->p;

		if (c < 0x20)
			return jerr(j, "no raw control characters inside a string");
		if (c != '\\') {
			if (w)
				*w++ = (char)c;
			j->p++;
			continue;
		}
		j->p++;
		switch (*j->p++) {
		case '"': *(w ? w++ : tmp) = '"'; break;
		case '\\': *(w ? w++ : tmp) = '\\'; break;
		case '/': *(w ? w++ : tmp) = '/'; break;
		case 'b': *(w ? w++ : tmp) = '\b'; break;
		case 'f': *(w ? w++ : tmp) = '\f'; break;
		case 'n': *(w ? w++ : tmp) = '\n'; break;
		case 'r': *(w ? w++ : tmp) = '\r'; break;
		case 't': *(w ? w++ : tmp) = '\t'; break;
		case 'u': {
			unsigned cp, lo;

			if (!read_hex4(j, &cp))
				return jerr(j, "four hex digits after \\u");
			if (cp >= 0xd800 && cp <= 0xdbff) {
				if (j->end - j->p < 6 || j->p[0] != '\\' || j->p[1] != 'u')
					return jerr(j, "a low surrogate after a high surrogate");
				j->p += 2;
				if (!read_hex4(j, &lo) || lo < 0xdc00 || lo > 0xdfff)
					return jerr(j, "a low surrogate after a high surrogate");
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			} else if (cp >= 0xdc00 && cp <= 0xdfff) {
				return jerr(j, "no lone low surrogate");
			}
			if (cp == 0)
				return jerr(j, "no NUL character in a string");
			if (w)
				w += put_utf8(w, cp);
			else
				put_utf8(tmp, cp);
			break;
		}
		default:
			j->p--;
			return jerr(j, "a valid escape after '\\'");
		}
	}
	if (w)
		*w = '\0';
	j->p = q + 1;
	return FC_OK;
}

/* A number at j->p into n (NULL: checked and skipped). */
static enum fc_rc parse_number(struct jp *j, struct doc_node *n)
{
	const char *s = j->p;

	if (j->p < j->end && *j->p == '-')
		j->p++;
	if (j->p < j->end && *j->p == '0')
		j->p++;
	else if (j->p < j->end && *j->p >= '1' && *j->p <= '9')
		while (j->p < j->end && *j->p >= '0' && *j->p <= '9')
			j->p++;
	else
		return jerr(j, "a digit");
	if (j->p < j->end && *j->p == '.') {
		j->p++;
		if (j->p >= j->end || *j->p < '0' || *j->p > '9')
			return jerr(j, "a digit after '.'");
		while (j->p < j->end && *j->p >= '0' && *j->p <= '9')
			j->p++;
	}
	if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
		j->p++;
		if (j->p < j->end && (*j->p == '+' || *j->p == '-'))
			j->p++;
		if (j->p >= j->end || *j->p < '0' || *j->p > '9')
			return jerr(j, "a digit in the exponent");
		while (j->p < j->end && *j->p >= '0' && *j->p <= '9')
			j->p++;
	}
	if (!n)   /* skip_value */
		return FC_OK;
	n->str = fc_strndup(j->d->arena, s, (size_t)(j->p - s));
	return n->str ? FC_OK : FC_ERR_NOMEM;
}

static enum fc_rc parse_value(struct jp *j, struct doc_node **out);
static enum fc_rc skip_value(struct jp *j);

/* Whether the sequence being opened (at depth j->depth) is the one whose rows are streamed: the
 * keys that lead to it end with rows->path. */
static bool streamed(const struct jp *j)
{
	size_t k = 0, i;

	if (!j->rows || !j->rows->path || j->in_row)
		return false;
	while (j->rows->path[k])
		k++;
	if (!k)
		return j->depth == 1;   /* no keys: the top-level container */
	if (k >= j->depth)
		return false;
	for (i = 0; i < k; i++) {
		const char *key = j->keys[j->depth - k + i];

		if (!key || strcmp(key, j->rows->path[i]))
			return false;
	}
	return true;
}

/* One item of a streamed sequence or member of a streamed map (key): parsed into the row arena,
 * handed over, then forgotten. */
static enum fc_rc stream_item(struct jp *j, const char *key, struct doc_node **child)
{
	struct fc_arena *keep = j->d->arena;
	enum fc_rc rc;

	j->d->arena = j->row_arena;
	j->in_row = true;
	rc = parse_value(j, child);
	j->in_row = false;
	j->d->arena = keep;
	if (rc == FC_OK) {
		j->rows->n++;
		rc = j->rows->fn(j->rows->ctx, j->d, key, *child);
	}
	fc_arena_reset(j->row_arena);
	return rc;
}

/* A container opened at j->p ('{' or '['): depth checked, *empty when it closes at once. */
static enum fc_rc open_container(struct jp *j, char close, bool *empty)
{
	*empty = false;
	if (++j->depth > DOC_MAX_DEPTH)
		return fc_err_set(j->err, FC_ERR_INPUT, j->d->file, j->line,
				  "JSON nested deeper than %d levels", DOC_MAX_DEPTH);
	j->p++;
	skip_ws(j);
	*empty = j->p < j->end && *j->p == close;
	if (*empty) {
		j->p++;
		j->depth--;
	}
	return FC_OK;
}

/* After an item: ',' (another follows) or the closing bracket (*closed; the container left). */
static enum fc_rc after_item(struct jp *j, char close, bool *closed)
{
	skip_ws(j);
	*closed = false;
	if (j->p < j->end && *j->p == ',') {
		j->p++;
		return FC_OK;
	}
	if (j->p < j->end && *j->p == close) {
		j->p++;
		j->depth--;
		*closed = true;
		return FC_OK;
	}
	return jerr(j, close == '}' ? "',' or '}'" : "',' or ']'");
}

static enum fc_rc parse_container(struct jp *j, struct doc_node *n, char close)
{
	size_t cap = 0;
	enum fc_rc rc;
	bool stream, done = false;

	if ((rc = open_container(j, close, &done)) != FC_OK || done)
		return rc;
	stream = (close == '}') == j->rows_map && streamed(j);
	j->keys[j->depth] = NULL;
	for (;;) {
		const char *key = NULL;
		unsigned key_line = 0;
		struct doc_node *child;

		skip_ws(j);
		if (close == '}') {
			const char *q;

			if (j->p >= j->end || *j->p != '"')
				return jerr(j, "a quoted key");
			key_line = j->line;
			q = string_stop(j->p + 1, j->end);
			if (j->keep && q < j->end && *q == '"' && (size_t)(q - j->p) <= sizeof(j->key)) {
				/* asked whether it is kept before it is copied: most members of what a
				 * counters-only read parses are not */
				memcpy(j->key, j->p + 1, (size_t)(q - j->p - 1));
				j->key[q - j->p - 1] = '\0';
				j->p = q + 1;
				key = j->key;
			} else if ((rc = parse_string(j, &key)) != FC_OK) {
				return rc;
			}
			skip_ws(j);
			if (j->p >= j->end || *j->p != ':')
				return jerr(j, "':' after a key");
			j->p++;
		}
		j->keys[j->depth] = key;
		if (key && j->keep && !j->keep(j->keep_ctx, j->keys + 1, j->depth)) {
			if ((rc = skip_value(j)) != FC_OK)
				return rc;
			goto next;
		}
		if (key == j->key && !(key = j->keys[j->depth] = fc_strdup(j->d->arena, j->key)))
			return fc_err_set(j->err, FC_ERR_NOMEM, j->d->file, j->line, "out of memory");
		if (stream) {
			if ((rc = stream_item(j, key, &child)) != FC_OK)
				return rc;
			/* a map's members stay, each with a placeholder value, so a key given twice is
			 * still refused (doc_unique_keys); a sequence is left empty */
			if (key && (!j->placeholder && !(j->placeholder = new_node(j, DOC_NULL))))
				return fc_err_set(j->err, FC_ERR_NOMEM, j->d->file, j->line, "out of memory");
			if (key && doc_add_child(j->d->arena, n, &cap, j->placeholder, key, key_line) != FC_OK)
				return fc_err_set(j->err, FC_ERR_NOMEM, j->d->file, j->line, "out of memory");
		} else if ((rc = parse_value(j, &child)) != FC_OK) {
			return rc;
		} else if (doc_add_child(j->d->arena, n, &cap, child, key, key_line) != FC_OK)
			return fc_err_set(j->err, FC_ERR_NOMEM, j->d->file, j->line, "out of memory");
next:
		if ((rc = after_item(j, close, &done)) != FC_OK)
			return rc;
		if (done)
			return close == '}' ? doc_unique_keys(j->d->file, n, j->err) : FC_OK;
	}
}

static bool match_word(struct jp *j, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(j->end - j->p) < n || memcmp(j->p, w, n) != 0)
		return false;
	j->p += n;
	return true;
}

/* A member the reader does not keep (doc_parse_json_keep): checked as parse_value checks it
 * (strings, escapes, numbers, nesting), nothing allocated and nothing kept. */
static enum fc_rc skip_value(struct jp *j)
{
	enum fc_rc rc;
	bool done = false;
	char close;

	skip_ws(j);
	if (j->p >= j->end)
		return jerr(j, "a value (input truncated?)");
	switch (*j->p) {
	case '"': return parse_string(j, NULL);
	case 't': return match_word(j, "true") ? FC_OK : jerr(j, "a value");
	case 'f': return match_word(j, "false") ? FC_OK : jerr(j, "a value");
	case 'n': return match_word(j, "null") ? FC_OK : jerr(j, "a value");
	case '{': case '[': break;
	default:
		if (*j->p != '-' && (*j->p < '0' || *j->p > '9'))
			return jerr(j, "a value");
		return parse_number(j, NULL);
	}
	close = *j->p == '{' ? '}' : ']';
	if ((rc = open_container(j, close, &done)) != FC_OK || done)
		return rc;
	for (;;) {
		skip_ws(j);
		if (close == '}') {
			if (j->p >= j->end || *j->p != '"')
				return jerr(j, "a quoted key");
			if ((rc = parse_string(j, NULL)) != FC_OK)
				return rc;
			skip_ws(j);
			if (j->p >= j->end || *j->p != ':')
				return jerr(j, "':' after a key");
			j->p++;
		}
		if ((rc = skip_value(j)) != FC_OK || (rc = after_item(j, close, &done)) != FC_OK || done)
			return rc;
	}
}

static enum fc_rc parse_value(struct jp *j, struct doc_node **out)
{
	struct doc_node *n;

	skip_ws(j);
	if (j->p >= j->end)
		return jerr(j, "a value (input truncated?)");
	switch (*j->p) {
	case '{': n = new_node(j, DOC_MAP); break;
	case '[': n = new_node(j, DOC_SEQ); break;
	case '"': n = new_node(j, DOC_STR); break;
	case 't': case 'f': n = new_node(j, DOC_BOOL); break;
	case 'n': n = new_node(j, DOC_NULL); break;
	default: n = new_node(j, DOC_NUM); break;
	}
	if (!n)
		return fc_err_set(j->err, FC_ERR_NOMEM, j->d->file, j->line, "out of memory");
	*out = n;
	switch (n->type) {
	case DOC_MAP: return parse_container(j, n, '}');
	case DOC_SEQ: return parse_container(j, n, ']');
	case DOC_STR: return parse_string(j, &n->str);
	case DOC_BOOL:
		if (match_word(j, "true"))
			n->b = true, n->str = "true";
		else if (match_word(j, "false"))
			n->str = "false";
		else
			return jerr(j, "a value");
		return FC_OK;
	case DOC_NULL:
		if (!match_word(j, "null"))
			return jerr(j, "a value");
		n->str = "null";
		return FC_OK;
	case DOC_NUM:
		if (*j->p != '-' && (*j->p < '0' || *j->p > '9'))
			return jerr(j, "a value");
		return parse_number(j, n);
	}
	return FC_ERR_INTERNAL;
}

enum fc_rc doc_parse_json(const char *file, const char *text, size_t len, struct doc **out, struct fc_err *err)
{
	return doc_parse_json_keep(file, text, len, NULL, NULL, NULL, out, err);
}

enum fc_rc doc_parse_json_rows(const char *file, const char *text, size_t len, struct doc_rows *rows,
			       struct doc **out, struct fc_err *err)
{
	return doc_parse_json_keep(file, text, len, rows, NULL, NULL, out, err);
}

enum fc_rc doc_parse_json_keep(const char *file, const char *text, size_t len, struct doc_rows *rows, doc_keep_fn *keep,
			       void *keep_ctx, struct doc **out, struct fc_err *err)
{
	struct fc_arena *a = fc_arena_new();
	struct jp j;
	struct doc *d;
	enum fc_rc rc;

	*out = NULL;
	if (!a || !(d = fc_alloc(a, sizeof(*d)))) {
		fc_arena_free(&a);
		return fc_err_set(err, FC_ERR_NOMEM, file, 0, "out of memory");
	}
	d->arena = a;
	d->file = fc_strdup(a, file);
	memset(&j, 0, sizeof(j));
	j.p = text;
	j.end = text + len;
	j.line = 1;
	j.d = d;
	j.err = err;
	if (rows && rows->path) {
		rows->n = 0;
		j.rows = rows;
		j.rows_map = rows->map;
		if (!(j.row_arena = fc_arena_new())) {
			fc_arena_free(&a);
			return fc_err_set(err, FC_ERR_NOMEM, file, 0, "out of memory");
		}
	}
	j.keep = keep;
	j.keep_ctx = keep_ctx;
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		j.p += 3;
	rc = parse_value(&j, &d->root);
	if (rc == FC_OK) {
		skip_ws(&j);
		if (j.p < j.end)
			rc = jerr(&j, "end of input after the top-level value");
	}
	fc_arena_free(&j.row_arena);
	if (rc != FC_OK) {
		fc_arena_free(&a);
		return rc;
	}
	*out = d;
	return FC_OK;
}
