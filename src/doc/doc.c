/* SPDX-License-Identifier: MIT */
/* Document tree helpers shared by the JSON and YAML loaders. */
#include "doc/doc.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/text.h"
#include "util/str.h"

void doc_free(struct doc **d)
{
	struct fc_arena *a;

	if (!d || !*d)
		return;
	a = (*d)->arena;
	fc_arena_free(&a);
	*d = NULL;
}

enum fc_rc doc_add_child(struct fc_arena *a, struct doc_node *parent, size_t *cap, struct doc_node *child,
			 const char *key, unsigned key_line)
{
	size_t oldcap = *cap, kc;

	parent->items = fc_grow(a, parent->items, parent->n, cap, sizeof(*parent->items));
	if (!parent->items)
		return FC_ERR_NOMEM;
	if (parent->type == DOC_MAP) {
		kc = oldcap;
		parent->keys = fc_grow(a, parent->keys, parent->n, &kc, sizeof(*parent->keys));
		kc = oldcap;
		parent->key_lines = fc_grow(a, parent->key_lines, parent->n, &kc, sizeof(*parent->key_lines));
		if (!parent->keys || !parent->key_lines)
			return FC_ERR_NOMEM;
		parent->keys[parent->n] = key;
		parent->key_lines[parent->n] = key_line;
	}
	parent->items[parent->n++] = child;
	return FC_OK;
}

struct key_at {
	const char *key;
	unsigned line;
};

static int by_key_then_line(const void *pa, const void *pb)
{
	const struct key_at *a = pa, *b = pb;
	int c = strcmp(a->key, b->key);

	return c ? c : (a->line > b->line) - (a->line < b->line);
}

/* Whether a key of map (more than 8) is given twice: 1 yes, 0 no, -1 out of memory. Through a
 * table of the keys' hashes, in one pass: objects of a host document or an NX-API reply have tens
 * to thousands of keys, and sorting them (strcmp on every comparison) was 4 % of a 1,000-leaf run. */
static int twice_by_hash(const struct doc_node *map)
{
	uint32_t local[512], *slot = local;
	size_t cap = 16, i, at;
	int twice = 0;

	if (map->n >= UINT32_MAX / 2)
		return -1;
	while (cap < 2 * map->n)
		cap <<= 1;
	if (cap > sizeof(local) / sizeof(local[0]) && !(slot = calloc(cap, sizeof(*slot))))
		return -1;
	if (slot == local)
		memset(local, 0, cap * sizeof(*local));
	for (i = 0; i < map->n && !twice; i++) {
		uint64_t h = 14695981039346656037ULL;   /* FNV-1a */

		for (const unsigned char *k = (const unsigned char *)map->keys[i]; *k; k++)
			h = (h ^ *k) * 1099511628211ULL;
		for (at = h & (cap - 1); slot[at]; at = (at + 1) & (cap - 1))
			if (!strcmp(map->keys[slot[at] - 1], map->keys[i]))
				break;
		twice = slot[at] != 0;
		slot[at] = (uint32_t)(i + 1);
	}
	if (slot != local)
		free(slot);
	return twice;
}

enum fc_rc doc_unique_keys(const char *file, const struct doc_node *map, struct fc_err *err)
{
	struct key_at *v;
	size_t i, j;
	enum fc_rc rc = FC_OK;

	if (map->type != DOC_MAP || map->n < 2)
		return FC_OK;
	if (map->n <= 8) {   /* the common small object: no allocation */
		for (i = 1; i < map->n; i++)
			for (j = 0; j < i; j++)
				if (!strcmp(map->keys[i], map->keys[j]))
					return fc_err_set(err, FC_ERR_INPUT, file, map->key_lines[i],
							  "key '%.100s' given twice (first on line %u): which value "
							  "applies is not defined, so neither is taken", map->keys[i], map->key_lines[j]);
		return FC_OK;
	}
	if (!twice_by_hash(map))
		return FC_OK;
	/* a key twice (or no memory for the table): sorted, so the error names the first key in order
	 * that is given twice and its first two lines, whatever order the object has */
	if (!(v = malloc(map->n * sizeof(*v))))
		return fc_err_set(err, FC_ERR_NOMEM, file, map->line, "out of memory");
	for (i = 0; i < map->n; i++)
		v[i] = (struct key_at){ map->keys[i], map->key_lines[i] };
	qsort(v, map->n, sizeof(*v), by_key_then_line);
	for (i = 1; i < map->n; i++)
		if (!strcmp(v[i].key, v[i - 1].key)) {
			rc = fc_err_set(err, FC_ERR_INPUT, file, v[i].line,
					"key '%.100s' given twice (first on line %u): which value applies is "
					"not defined, so neither is taken", v[i].key, v[i - 1].line);
			break;
		}
	free(v);
	return rc;
}

const char *doc_type_name(enum doc_type t)
{
	switch (t) {
	case DOC_NULL: return "null";
	case DOC_BOOL: return "a boolean";
	case DOC_NUM: return "a number";
	case DOC_STR: return "a string";
	case DOC_SEQ: return "a list";
	case DOC_MAP: return "a mapping";
	}
	return "?";
}

const struct doc_node *doc_get(const struct doc_node *map, const char *key)
{
	size_t i;

	if (!map || map->type != DOC_MAP)
		return NULL;
	for (i = 0; i < map->n; i++)
		if (map->keys[i][0] == key[0] && strcmp(map->keys[i], key) == 0)
			return map->items[i];
	return NULL;
}

unsigned doc_key_line(const struct doc_node *map, const char *key)
{
	size_t i;

	if (!map || map->type != DOC_MAP)
		return 0;
	for (i = 0; i < map->n; i++)
		if (map->keys[i][0] == key[0] && strcmp(map->keys[i], key) == 0)
			return map->key_lines[i];
	return map->line;
}

enum fc_rc doc_parse(const char *file, const char *text, size_t len, struct doc **out, struct fc_err *err)
{
	size_t n = strlen(file);

	if (n >= 5 && strcmp(file + n - 5, ".json") == 0)
		return doc_parse_json(file, text, len, out, err);
	return doc_parse_yaml(file, text, len, out, err);
}

enum fc_rc doc_load_file(const char *path, struct doc **out, struct fc_err *err)
{
	struct fc_buf b;
	enum fc_rc rc;

	rc = fc_read_file(path, FC_MAX_INPUT_FILE, &b, err);
	if (rc != FC_OK)
		return rc;
	rc = doc_parse(path, b.data, b.len, out, err);
	fc_buf_free(&b);
	return rc;
}

static enum fc_rc check_str(const struct doc *d, const char *s, unsigned line, struct fc_err *err)
{
	char shown[200];

	if (!s || fc_text_is_clean(s, strlen(s)))
		return FC_OK;
	fc_text_clean_buf(shown, sizeof(shown), s);
	return fc_err_set(err, FC_ERR_INPUT, d->file, line,
			  "'%s': control characters, bidi controls and invalid UTF-8 are not allowed here", shown);
}

static enum fc_rc check_node(const struct doc *d, const struct doc_node *n, struct fc_err *err)
{
	enum fc_rc rc;
	size_t i;

	if ((rc = check_str(d, n->str, n->line, err)) != FC_OK)
		return rc;
	for (i = 0; i < n->n; i++)
		if ((n->keys && (rc = check_str(d, n->keys[i], n->key_lines[i], err)) != FC_OK) ||
		    (rc = check_node(d, n->items[i], err)) != FC_OK)
			return rc;
	return FC_OK;
}

enum fc_rc doc_check_text(const struct doc *d, struct fc_err *err)
{
	return check_node(d, d->root, err);
}

enum fc_rc doc_expect(const struct doc *d, const struct doc_node *n, enum doc_type t, const char *what,
		      struct fc_err *err)
{
	if (n && n->type == t)
		return FC_OK;
	return fc_err_set(err, FC_ERR_INPUT, d->file, n ? n->line : 0, "%s: expected %s, found %s", what,
			  doc_type_name(t), n ? doc_type_name(n->type) : "nothing");
}

enum fc_rc doc_as_str(const struct doc *d, const struct doc_node *n, const char *what, const char **out,
		      struct fc_err *err)
{
	/* A YAML plain scalar such as 1/1 or 3 is still acceptable where a string is expected. */
	if (n && (n->type == DOC_STR || (n->plain && n->type == DOC_NUM))) {
		*out = n->str;
		return FC_OK;
	}
	return doc_expect(d, n, DOC_STR, what, err);
}

enum fc_rc doc_as_int(const struct doc *d, const struct doc_node *n, const char *what, int64_t min,
		      int64_t max, int64_t *out, struct fc_err *err)
{
	if (!n || (n->type != DOC_NUM && !(n->type == DOC_STR && n->plain)))
		return doc_expect(d, n, DOC_NUM, what, err);
	if (!fc_parse_i64(n->str, min, max, out))
		return fc_err_set(err, FC_ERR_INPUT, d->file, n->line,
				  "%s: expected a whole number from %lld to %lld, found '%s'", what,
				  (long long)min, (long long)max, n->str);
	return FC_OK;
}

enum fc_rc doc_as_double(const struct doc *d, const struct doc_node *n, const char *what, double *out,
			 struct fc_err *err)
{
	if (!n || (n->type != DOC_NUM && !(n->type == DOC_STR && n->plain)))
		return doc_expect(d, n, DOC_NUM, what, err);
	if (!fc_parse_double(n->str, out) || !isfinite(*out))
		return fc_err_set(err, FC_ERR_INPUT, d->file, n->line, "%s: expected a number, found '%s'",
				  what, n->str);
	return FC_OK;
}

enum fc_rc doc_as_bool(const struct doc *d, const struct doc_node *n, const char *what, bool *out,
		       struct fc_err *err)
{
	if (n && n->type == DOC_BOOL) {
		*out = n->b;
		return FC_OK;
	}
	return doc_expect(d, n, DOC_BOOL, what, err);
}

enum fc_rc doc_req_str(const struct doc *d, const struct doc_node *map, const char *key, const char **out,
		       struct fc_err *err)
{
	const struct doc_node *n = doc_get(map, key);

	if (!n)
		return fc_err_set(err, FC_ERR_INPUT, d->file, map ? map->line : 0,
				  "missing required key '%s'", key);
	return doc_as_str(d, n, key, out, err);
}

enum fc_rc doc_opt_str(const struct doc *d, const struct doc_node *map, const char *key, const char **out,
		       struct fc_err *err)
{
	const struct doc_node *n = doc_get(map, key);

	if (!n)
		return FC_OK;
	return doc_as_str(d, n, key, out, err);
}

enum fc_rc doc_opt_int(const struct doc *d, const struct doc_node *map, const char *key, int64_t min,
		       int64_t max, int64_t *out, bool *present, struct fc_err *err)
{
	const struct doc_node *n = doc_get(map, key);

	if (present)
		*present = n != NULL;
	if (!n)
		return FC_OK;
	return doc_as_int(d, n, key, min, max, out, err);
}

/* Optimal string alignment distance of a and b, stopping at 3 (what is farther is no typo). */
static int typo_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	int row[3][65];

	if (la > 64 || lb > 64 || (la > lb ? la - lb : lb - la) > 2)
		return 3;
	for (i = 0; i <= la; i++)
		for (j = 0; j <= lb; j++) {
			int v;

			if (!i || !j) {
				v = (int)(i + j);
			} else {
				int sub = row[(i - 1) % 3][j - 1] + (a[i - 1] != b[j - 1]);
				int del = row[(i - 1) % 3][j] + 1, ins = row[i % 3][j - 1] + 1;

				v = sub < del ? sub : del;
				v = v < ins ? v : ins;
				if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && row[(i - 2) % 3][j - 2] + 1 < v)
					v = row[(i - 2) % 3][j - 2] + 1;
			}
			row[i % 3][j] = v;
		}
	return row[la % 3][lb] < 3 ? row[la % 3][lb] : 3;
}

enum fc_rc doc_check_keys(const struct doc *d, const struct doc_node *map, const char *const *allowed,
			  const char *what, struct fc_err *err)
{
	size_t i;
	const char *const *a;

	if (doc_expect(d, map, DOC_MAP, what, err) != FC_OK)
		return FC_ERR_INPUT;
	for (i = 0; i < map->n; i++) {
		const char *near = NULL;
		char list[320];
		size_t n = 0;
		int best = 3;

		for (a = allowed; *a; a++)
			if ((*a)[0] == map->keys[i][0] && strcmp(*a, map->keys[i]) == 0)
				break;
		if (*a)
			continue;
		/* the keys it takes, and the one it was probably meant to be */
		list[0] = '\0';
		for (a = allowed; *a; a++) {
			int dist = typo_distance(map->keys[i], *a);

			if (dist < best)
				best = dist, near = *a;
			if (n < sizeof(list))
				n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s", a == allowed ? "" : ", ", *a);
		}
		if (near)
			return fc_err_set(err, FC_ERR_INPUT, d->file, map->key_lines[i], "%s: unknown key '%s' (did you mean '%s'? "
					  "the keys: %s)", what, map->keys[i], near, list);
		return fc_err_set(err, FC_ERR_INPUT, d->file, map->key_lines[i], "%s: unknown key '%s' (the keys: %s)", what,
				  map->keys[i], list);
	}
	return FC_OK;
}
