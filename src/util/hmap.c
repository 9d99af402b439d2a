/* SPDX-License-Identifier: MIT */
/* Chained hash map in an arena; grows by doubling. */
#include "util/hmap.h"

#include <stdint.h>
#include <string.h>

struct ent {
	struct ent *next;
	uint64_t hash;
	size_t len;
	void *value;
	unsigned char key[];
};

struct fc_hmap {
	struct fc_arena *a;
	struct ent **b;
	size_t nb, n;
};

static uint64_t hash(const void *k, size_t len)
{
	const unsigned char *p = k;
	uint64_t h = 1469598103934665603ULL;

	while (len--)
		h = (h ^ *p++) * 1099511628211ULL;
	return h;
}

struct fc_hmap *fc_hmap_new(struct fc_arena *a, size_t expected)
{
	struct fc_hmap *h = fc_alloc(a, sizeof(*h));
	size_t nb = 64;

	while (nb < expected * 2)
		nb *= 2;
	if (!h || !(h->b = fc_alloc(a, nb * sizeof(*h->b))))
		return NULL;
	h->a = a;
	h->nb = nb;
	return h;
}

void *fc_hmap_get(const struct fc_hmap *h, const void *key, size_t len)
{
	uint64_t hv = hash(key, len);
	struct ent *e;

	for (e = h->b[hv & (h->nb - 1)]; e; e = e->next)
		if (e->hash == hv && e->len == len && memcmp(e->key, key, len) == 0)
			return e->value;
	return NULL;
}

static int grow(struct fc_hmap *h)
{
	size_t nb = h->nb * 2, i;
	struct ent **b = fc_alloc(h->a, nb * sizeof(*b));

	if (!b)
		return -1;
	for (i = 0; i < h->nb; i++) {
		struct ent *e = h->b[i], *n;

		for (; e; e = n) {
			n = e->next;
			e->next = b[e->hash & (nb - 1)];
			b[e->hash & (nb - 1)] = e;
		}
	}
	h->b = b;
	h->nb = nb;
	return 0;
}

void *fc_hmap_put(struct fc_hmap *h, const void *key, size_t len, void *value, int *failed)
{
	uint64_t hv = hash(key, len);
	struct ent *e;
	void *old = fc_hmap_get(h, key, len);

	*failed = 0;
	if (old)
		return old;
	if (h->n >= h->nb && grow(h) != 0) {
		*failed = 1;
		return NULL;
	}
	e = fc_alloc(h->a, sizeof(*e) + len);
	if (!e) {
		*failed = 1;
		return NULL;
	}
	e->hash = hv;
	e->len = len;
	e->value = value;
	memcpy(e->key, key, len);
	e->next = h->b[hv & (h->nb - 1)];
	h->b[hv & (h->nb - 1)] = e;
	h->n++;
	return NULL;
}
