/* SPDX-License-Identifier: MIT */
/* UNKNOWN findings grouped by rule and reason, for the reports people read (text, Markdown): a
 * fleet's thousand identical UNKNOWNs are one line with the count and three subjects. Linear: one
 * hash lookup per finding. */
#include <stdio.h>
#include <string.h>

#include "report/report.h"
#include "util/hmap.h"

static size_t key_of(const struct fc_finding *f, char *key, size_t size)
{
	size_t len = (size_t)snprintf(key, size, "%s|%s", f->rule->id, f->message);

	return len < size ? len : size - 1;
}

bool fc_foldable(const struct fc_finding *f)
{
	return f->status == FC_UNKNOWN && !f->waived;
}

bool fc_folds_build(struct fc_folds *fs, const struct fc_finding *const *v, size_t n)
{
	char key[1200];
	size_t i, cap = 0;
	int failed = 0;

	memset(fs, 0, sizeof(*fs));
	if (!(fs->a = fc_arena_new()) || !(fs->h = fc_hmap_new(fs->a, n + 16)))
		return false;
	for (i = 0; i < n; i++) {
		struct fc_fold *g;
		size_t len;

		if (!fc_foldable(v[i]))
			continue;
		len = key_of(v[i], key, sizeof(key));
		if (!(g = fc_hmap_get(fs->h, key, len))) {
			if (!(g = fc_alloc(fs->a, sizeof(*g))) ||
			    !(fs->g = fc_grow(fs->a, fs->g, fs->n, &cap, sizeof(*fs->g))))
				return false;
			fc_hmap_put(fs->h, key, len, g, &failed);
			if (failed)
				return false;
			fs->g[fs->n++] = g;
		}
		if (g->n < 3)
			g->ex[g->n] = v[i];
		g->n++;
	}
	return true;
}

const struct fc_fold *fc_fold_of(const struct fc_folds *fs, const struct fc_finding *f)
{
	char key[1200];

	return fc_foldable(f) ? fc_hmap_get(fs->h, key, key_of(f, key, sizeof(key))) : NULL;
}

void fc_folds_free(struct fc_folds *fs)
{
	fc_arena_free(&fs->a);
	memset(fs, 0, sizeof(*fs));
}
