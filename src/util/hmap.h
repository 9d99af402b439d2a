/* SPDX-License-Identifier: MIT */
/* Open hash map from byte keys to pointers, allocated in an arena: how fleet-wide rules and the
 * topology stay linear in the number of devices instead of comparing every pair. */
#ifndef FC_HMAP_H
#define FC_HMAP_H

#include <stddef.h>

#include "util/arena.h"

struct fc_hmap;

struct fc_hmap *fc_hmap_new(struct fc_arena *a, size_t expected);
/* Returns the value stored under key, or NULL. */
void *fc_hmap_get(const struct fc_hmap *h, const void *key, size_t len);
/* Stores value under key when absent and returns NULL; returns the existing value otherwise.
 * *failed is set when out of memory. The key is copied. */
void *fc_hmap_put(struct fc_hmap *h, const void *key, size_t len, void *value, int *failed);

#endif
