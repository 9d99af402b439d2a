/* SPDX-License-Identifier: MIT */
/* A parsed JSON or YAML document with the source line of every node, so that any value taken
 * from it can be reported as file:line, and every error names where the input went wrong.
 * The whole tree lives in the document's arena. */
#ifndef FC_DOC_H
#define FC_DOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"
#include "util/err.h"

enum doc_type { DOC_NULL, DOC_BOOL, DOC_NUM, DOC_STR, DOC_SEQ, DOC_MAP };

struct doc_node {
	enum doc_type type;
	unsigned line;
	bool plain;                 /* YAML plain scalar: may still be read as a number */
	bool b;                     /* DOC_BOOL value */
	const char *str;            /* scalar text (numbers keep their text) */
	size_t n;                   /* children */
	struct doc_node **items;    /* sequence items, or map values */
	const char **keys;          /* map keys, parallel to items */
	unsigned *key_lines;
};

struct doc {
	struct fc_arena *arena;     /* owns everything below */
	const char *file;           /* as given to the loader */
	struct doc_node *root;
};

#define DOC_MAX_DEPTH 128

/* Loaders. On success *out is a new document the caller frees with doc_free(). On failure
 * err holds file:line and what was expected. */
enum fc_rc doc_parse_json(const char *file, const char *text, size_t len, struct doc **out, struct fc_err *err);
/* The same, the rows of one container streamed: each item of the sequence (or member of the map)
 * that the map keys path (NULL terminated) lead to is parsed, handed to fn (with its key, NULL for
 * a sequence's item) and freed before the next one is read; the document then holds one row at a
 * time. A streamed sequence is left empty; a streamed map keeps its keys, each with a null value,
 * so that a key given twice is still refused. The keys match at the end of those that lead to the
 * container, at any depth, but not inside a row (a row is handed over whole). fn's error ends the
 * parse. Rows handed over before a later error in the input (a truncated reply) stay handed over:
 * fn's effects are the caller's to report with the error. */
typedef enum fc_rc doc_row_fn(void *ctx, const struct doc *d, const char *key, const struct doc_node *row);
struct doc_rows {
	const char *const *path;    /* the keys, e.g. { "TABLE_interface", "ROW_interface", NULL };
				     * none ({ NULL }): the top-level container */
	bool map;                   /* the rows are a map's members; else a sequence's items (a
				     * container of the other kind there is parsed whole) */
	doc_row_fn *fn;
	void *ctx;
	size_t n;                   /* out: the rows handed to fn */
};
enum fc_rc doc_parse_json_rows(const char *file, const char *text, size_t len, struct doc_rows *rows,
			       struct doc **out, struct fc_err *err);
/* The same, keeping of the maps only the members keep says to: keep(ctx, keys, depth) is asked for
 * each member of a map, with keys[0..depth-1] the keys that lead to it from the top (NULL for a
 * sequence's item; keys[depth-1] is the member's own). A member not kept is checked as JSON like
 * every other (a syntax error in it still refuses the input) and left out of the document, nothing
 * of it allocated: a reader that needs a few values of a large output (an earlier snapshot's
 * counters) does not pay for the rest. keep NULL: every member. */
typedef bool doc_keep_fn(void *ctx, const char *const *keys, unsigned depth);
enum fc_rc doc_parse_json_keep(const char *file, const char *text, size_t len, struct doc_rows *rows, doc_keep_fn *keep,
			       void *keep_ctx, struct doc **out, struct fc_err *err);
enum fc_rc doc_parse_yaml(const char *file, const char *text, size_t len, struct doc **out, struct fc_err *err);
/* Picks JSON for a file name ending in .json and YAML otherwise. */
enum fc_rc doc_parse(const char *file, const char *text, size_t len, struct doc **out, struct fc_err *err);
/* The same, reading the file. */
enum fc_rc doc_load_file(const char *path, struct doc **out, struct fc_err *err);
void doc_free(struct doc **d);
/* Refuses (FC_ERR_INPUT naming the line) a key or value with a control character, a bidi
 * control or invalid UTF-8: for fabcheck's own files (inventory, manifest, policy, waivers), whose
 * strings reach reports as they are. Device outputs are escaped instead (util/text.h). */
enum fc_rc doc_check_text(const struct doc *d, struct fc_err *err);

/* Loader helper: appends child (and, in a map, key) to parent; *cap tracks the allocation. */
enum fc_rc doc_add_child(struct fc_arena *a, struct doc_node *parent, size_t *cap, struct doc_node *child,
			 const char *key, unsigned key_line);

/* Refuses (FC_ERR_INPUT at the second key's line, naming the first's) a map with a key twice: RFC 8259
 * section 4 leaves the value of a repeated name to the reader and YAML 1.2 forbids it, so every
 * loader refuses it rather than pick one value silently. O(n log n) in the map's keys. */
enum fc_rc doc_unique_keys(const char *file, const struct doc_node *map, struct fc_err *err);

const char *doc_type_name(enum doc_type t);
const struct doc_node *doc_get(const struct doc_node *map, const char *key);
unsigned doc_key_line(const struct doc_node *map, const char *key);

/* Typed readers. They fail with FC_ERR_INPUT naming d->file, the node's line and what was
 * expected. "opt" readers leave *out untouched and set *present=false when the key is absent. */
enum fc_rc doc_expect(const struct doc *d, const struct doc_node *n, enum doc_type t, const char *what,
		      struct fc_err *err);
enum fc_rc doc_as_str(const struct doc *d, const struct doc_node *n, const char *what, const char **out,
		      struct fc_err *err);
enum fc_rc doc_as_int(const struct doc *d, const struct doc_node *n, const char *what, int64_t min,
		      int64_t max, int64_t *out, struct fc_err *err);
enum fc_rc doc_as_double(const struct doc *d, const struct doc_node *n, const char *what, double *out,
			 struct fc_err *err);
enum fc_rc doc_as_bool(const struct doc *d, const struct doc_node *n, const char *what, bool *out,
		       struct fc_err *err);
enum fc_rc doc_req_str(const struct doc *d, const struct doc_node *map, const char *key, const char **out,
		       struct fc_err *err);
enum fc_rc doc_opt_str(const struct doc *d, const struct doc_node *map, const char *key, const char **out,
		       struct fc_err *err);
enum fc_rc doc_opt_int(const struct doc *d, const struct doc_node *map, const char *key, int64_t min,
		       int64_t max, int64_t *out, bool *present, struct fc_err *err);
/* Fails on the first key of map not in allowed (NULL-terminated); the loaders refused repeated keys. */
enum fc_rc doc_check_keys(const struct doc *d, const struct doc_node *map, const char *const *allowed,
			  const char *what, struct fc_err *err);

#endif
