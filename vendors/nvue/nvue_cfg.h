/* SPDX-License-Identifier: MIT */
/* NVUE's configuration readers (nvue_config.c, nvue_config_qos.c): the walk's state and the helpers
 * both read the set tree with. */
#ifndef FC_NVUE_CFG_H
#define FC_NVUE_CFG_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter/cfgtext.h"
#include "util/str.h"
#include "vendors/nvue/nvue.h"

struct nvue_cfg {
	struct fc_parse_ctx *c;
	struct nvue_state *s;
};

static inline struct fc_src at(const struct nvue_cfg *g, unsigned line)
{
	return fc_src_at(g->c->file, line);
}

/* "<path> <key>[: <value>][ -- why]" at line, listed as not understood. */
enum fc_rc nvue_unparsed(struct nvue_cfg *g, unsigned line, const char *path, const char *key,
				   const struct doc_node *v, const char *why);



/* A scalar: `key: value`, or `key: {value: {}}` (the last key of a collection written as a map:
 * a later `nv set` of the same key replaces the value). NULL for anything else. */
static inline const char *word(const struct doc_node *n)
{
	if (!n)
		return NULL;
	if (n->type == DOC_STR || n->type == DOC_NUM || n->type == DOC_BOOL)
		return n->str;
	if (n->type == DOC_MAP && n->n && (n->items[n->n - 1]->type == DOC_NULL ||
					   (n->items[n->n - 1]->type == DOC_MAP && !n->items[n->n - 1]->n)))
		return n->keys[n->n - 1];
	return NULL;
}

static inline bool in_list(const char *k, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(k, *list))
			return true;
	return false;
}

/* A number in bytes: "150000", "150000B", "150KB", "1.5MB" (NVUE's units are powers of 1,000 in
 * its documents' examples and of 1,024 in none: taken as written, decimal). */
static inline bool bytes_of(const char *w, int64_t *out)
{
	char *end;
	double v;

	if (!w)
		return false;
	v = strtod(w, &end);
	if (end == w || v < 0 || v > 1e15)
		return false;
	if (!strcasecmp(end, "") || !strcasecmp(end, "B") || !strcasecmp(end, " B") || !strcasecmp(end, " bytes"))
		;
	else if (!strcasecmp(end, "KB") || !strcasecmp(end, " KB"))
		v *= 1000;
	else if (!strcasecmp(end, "MB") || !strcasecmp(end, " MB"))
		v *= 1000000;
	else
		return false;
	*out = (int64_t)(v + 0.5);
	return true;
}

static inline bool int_of(const char *w, int64_t lo, int64_t hi, int64_t *out)
{
	return w && fc_parse_i64(w, lo, hi, out);
}

/* A set of numbers 0..max from one word: "3", "3,4", "0-7". */
static inline bool numset_str(const char *s, int64_t max, uint64_t *mask)
{
	char buf[128], *w = buf;

	if (!s || snprintf(buf, sizeof(buf), "%s", s) >= (int)sizeof(buf))
		return false;
	return fc_num_set(&w, 1, max, mask);
}

/* The same from a key or a collection: "3", {3: {}, 4: {}}. */
static inline bool numset_of(const struct doc_node *n, int64_t max, uint64_t *mask)
{
	size_t k;

	*mask = 0;
	if (n && (n->type == DOC_STR || n->type == DOC_NUM))
		return numset_str(n->str, max, mask);
	if (!n || n->type != DOC_MAP || !n->n)
		return false;
	for (k = 0; k < n->n; k++) {
		uint64_t one;

		if (!numset_str(n->keys[k], max, &one))
			return false;
		*mask |= one;
	}
	return true;
}

/* nvue_config_qos.c: the qos subtree, the acl subtree. */
enum fc_rc nvue_cfg_qos(struct nvue_cfg *g, const struct doc_node *v, unsigned line);
enum fc_rc nvue_cfg_acls(struct nvue_cfg *g, const struct doc_node *v, unsigned line);

#endif
