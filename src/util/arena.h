/* SPDX-License-Identifier: MIT */
/* Region allocator. Everything a model, document or inventory holds is allocated from its
 * arena and freed at once with it; nothing inside is freed on its own. */
#ifndef FC_ARENA_H
#define FC_ARENA_H

#include <stdbool.h>
#include <stddef.h>

struct fc_arena;

struct fc_arena *fc_arena_new(void);
/* Frees every block and the arena, then sets *a to NULL. Accepts NULL. */
void fc_arena_free(struct fc_arena **a);
/* Zeroed memory, aligned for any type; NULL when out of memory. */
void *fc_alloc(struct fc_arena *a, size_t size);
/* Copies, byte-aligned; NULL input gives NULL. */
char *fc_strdup(struct fc_arena *a, const char *s);
char *fc_strndup(struct fc_arena *a, const char *s, size_t n);
char *fc_sprintf(struct fc_arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Returns a copy of s that is shared by every caller asking for the same string (file names). */
const char *fc_intern(struct fc_arena *a, const char *s);
/* The same for the n bytes at s (which need not end there); s must hold no NUL among them. */
const char *fc_intern_n(struct fc_arena *a, const char *s, size_t n);
/* The same for values most of which never repeat: a string is copied the first time its hash is
 * seen and interned from then on, so two equal results need not be one pointer. NULL when out of
 * memory (or s NULL). */
const char *fc_intern_repeated(struct fc_arena *a, const char *s, size_t n);
size_t fc_arena_bytes(const struct fc_arena *a);

/* A point to return to: fc_arena_release gives back what was allocated after it (the evidence of
 * findings no report will print). Only the newest allocations can go back, and only while they
 * are in the block that was current at the mark. */
struct fc_arena_mark {
	const void *head;
	size_t used;
};
struct fc_arena_mark fc_arena_mark(const struct fc_arena *a);
/* Everything allocated given back, the first block kept for what comes next (a scratch arena
 * reused row after row: doc_parse_json_rows). */
void fc_arena_reset(struct fc_arena *a);
/* Releases what was allocated since m if the arena is still in m's block (true); otherwise keeps
 * it (false): never frees a block, so a run of releases at a block's end cannot thrash malloc.
 * Pointers into the released memory must not be used again. */
bool fc_arena_release(struct fc_arena *a, struct fc_arena_mark m);

/* Whether the block at items, of have bytes, was the arena's last allocation and now holds want
 * bytes (zeroed beyond have), grown in place; false leaves it as it was (the caller copies). */
bool fc_arena_extend(struct fc_arena *a, void *items, size_t have, size_t want);
/* Growable array inside an arena: *items is reallocated into the arena, old copy abandoned. */
void *fc_grow(struct fc_arena *a, void *items, size_t count, size_t *cap, size_t elem);
/* Like fc_grow, for an array that is usually the arena's last allocation: grows it in place by one
 * element when it is (no copy, no slack), else copies it to twice its capacity (1 at first). */
void *fc_grow_tail(struct fc_arena *a, void *items, size_t count, size_t *cap, size_t elem);

#endif
