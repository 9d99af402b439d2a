/* SPDX-License-Identifier: MIT */
/* Bump allocator in blocks that grow with the arena (64 KiB up to 8 MiB, an eighth of what it
 * holds, so at most about an eighth is left unused), with an intern table for repeated strings.
 * Blocks of 2 MiB and more are 2 MiB-aligned and advised against transparent huge pages, and the
 * next such block is prefaulted on another thread while the current one fills: a fleet model is
 * gigabytes, and the kernel zeroing fresh pages is the largest single cost of a fleet-scale run.
 * Huge pages were advised until 2026-12-02: on the KVM guests we measure on, a fresh 2 MiB page
 * cost 2-7 s per GB to fault in where 4 KiB pages cost 0.3-1 s (likely because the guest's free
 * huge blocks are the ones it has reported free to the host, which must fault them in again);
 * validate at 1,000 switches took 8.3-9.5 s with them and 5.9-6.4 s without, the same user time
 * either way (A/B, five runs each; docs/architecture.md). Those blocks are mmap'd, so they come zero:
 * fc_alloc zeroes only what was handed out before (after fc_arena_release), never the kernel's
 * fresh pages a second time (a 100 MB EOS description table: 12.5 s -> 10.1 s, zeroing 42% -> 0%
 * of its user time). */
#include "util/arena.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define BLOCK_SIZE (64u * 1024u)
#define BIG_SIZE ((size_t)2 << 20)
#define MAX_BLOCK ((size_t)8 << 20)
#define INTERN_SLOTS 512u   /* a power of two */

struct block {
	struct block *next;
	size_t used, size;
	size_t clean;       /* every byte of data from here on is zero (never handed out): a block mapped
			     * fresh from the kernel starts at 0, a malloc'd one at size (nothing known) */
	bool mapped;        /* mmap'd (big blocks): unmapped, size + header bytes, when freed */
	max_align_t data[];
};

/* A slot of the intern table (open addressing, linear probing): the string's hash, compared
 * before the string, and the string; s == NULL is an empty slot. One cache line holds four, so a
 * lookup at fleet scale misses the cache about once for the slot and once for the string, where
 * a chained table missed for the bucket, the node and the string. */
struct interned {
	unsigned hash;
	const char *s;
};

#define RECENT 1024u   /* a power of two */
#define SEEN_MIN_BITS (1u << 18)   /* fc_intern_repeated's filter: 32 KiB to start with, */
#define SEEN_MAX_BITS (1u << 24)   /* up to 2 MiB, a fleet's */

struct fc_arena {
	struct block *head;
	size_t total;
	struct interned *intern;     /* allocated on the first fc_intern; at most half full */
	size_t nslots, ninterned;
	/* by hash, the entry last found or added: a small table that stays in cache, in front of one
	 * that holds millions of strings at fleet scale (and misses the cache on every lookup) */
	struct interned *recent;
	/* fc_intern_repeated: bit (hash >> 7) set once a string of that hash was copied. A fleet
	 * model's values are either repeated many times ("up", a firmware version) or never (a GID,
	 * a MAC, a serial number): the never-repeated ones stay out of the table, whose every probe
	 * at millions of entries missed the cache. */
	uint64_t *seen;
	unsigned seen_bits, seen_set;   /* its size in bits (a power of two), the bits set */
	/* The next standard block, made ready on the other core: the kernel zeroes a fresh page on
	 * first touch, and at fleet scale that was a fifth of validate's time on one core while the
	 * other idled. MADV_POPULATE_WRITE faults the pages in without writing to them, so the arena
	 * may already be using the block while it runs. */
	struct block *spare;
	size_t spare_len;
	pthread_t prefault;
	bool prefaulting;
};

static void *prefault_run(void *arg)
{
	struct block *b = arg;

	(void)madvise(b, b->size + sizeof(*b), MADV_POPULATE_WRITE);   /* best effort: kernels before 5.14 refuse */
	return NULL;
}

static void prefault_join(struct fc_arena *a)
{
	if (a->prefaulting)
		pthread_join(a->prefault, NULL);
	a->prefaulting = false;
}

/* len bytes (a multiple of 2 MiB), 2 MiB-aligned, straight from the kernel: zero, so what fc_alloc
 * hands out of it for the first time needs no memset (at fleet scale that memset was as large a
 * cost as the kernel's own zeroing of the same pages). Advised against huge pages. NULL when the
 * kernel refuses. */
static struct block *map_block(size_t len)
{
	char *m = mmap(NULL, len + BIG_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), *at;
	size_t lead;
	struct block *b;

	if (m == MAP_FAILED)
		return NULL;
	at = (char *)(((uintptr_t)m + BIG_SIZE - 1) & ~((uintptr_t)BIG_SIZE - 1));
	lead = (size_t)(at - m);
	if (lead)
		munmap(m, lead);
	munmap(at + len, BIG_SIZE - lead);
	(void)madvise(at, len, MADV_NOHUGEPAGE);   /* a hint: no error if refused */
	b = (struct block *)(void *)at;
	b->size = len - sizeof(*b);
	b->mapped = true;
	return b;
}

static void unmap_block(struct block *b)
{
	if (b && b->mapped)
		munmap(b, b->size + sizeof(*b));
	else
		free(b);
}

/* A 2 MiB-aligned block of len bytes (a multiple of 2 MiB) advised against huge pages: the spare when
 * it has that size, else a new one. For a standard-size block the next spare of that size is then
 * made and prefaulted on another thread (a spare of an older, smaller standard size is dropped). */
static struct block *big_block(struct fc_arena *a, size_t len, bool standard)
{
	struct block *b = NULL, *n;

	if (a->spare && a->spare_len == len) {
		b = a->spare;
		a->spare = NULL;
	}
	if (!b)
		b = map_block(len);
	if (!b || !standard)
		return b;
	prefault_join(a);
	unmap_block(a->spare);   /* a spare of the size before: blocks grow */
	a->spare = NULL;
	if (!(n = map_block(len)))
		return b;
	a->spare = n;
	a->spare_len = len;
	a->prefaulting = pthread_create(&a->prefault, NULL, prefault_run, n) == 0;
	return b;
}

struct fc_arena *fc_arena_new(void)
{
	return calloc(1, sizeof(struct fc_arena));
}

void fc_arena_free(struct fc_arena **a)
{
	struct block *b, *n;

	if (!a || !*a)
		return;
	prefault_join(*a);
	unmap_block((*a)->spare);
	for (b = (*a)->head; b; b = n) {
		n = b->next;
		unmap_block(b);
	}
	free((*a)->intern);
	free((*a)->recent);
	free((*a)->seen);
	free(*a);
	*a = NULL;
}

/* size bytes at an offset aligned to al (a power of two), not zeroed: from the current block, or
 * a new one. Strings take al = 1: a fleet model holds millions of short ones, and rounding each
 * to 16 bytes was a third of their memory. *dirty (when not NULL): how many of those bytes, from
 * the start, may hold earlier data (the rest is zero as the kernel gave it). */
static void *bump_dirty(struct fc_arena *a, size_t size, size_t al, size_t *dirty);

static void *bump(struct fc_arena *a, size_t size, size_t al)
{
	return bump_dirty(a, size, al, NULL);
}

static void *bump_dirty(struct fc_arena *a, size_t size, size_t al, size_t *dirty)
{
	struct block *b = a->head;
	size_t off = b ? (b->used + al - 1) & ~(al - 1) : 0;
	void *p;

	if (!b || off > b->size || b->size - off < size) {
		size_t std = BLOCK_SIZE, bs;

		while (std < MAX_BLOCK && std * 8 <= a->total)
			std <<= 1;
		bs = size > std ? size : std;
		if (sizeof(*b) + bs >= BIG_SIZE) {
			size_t len = (sizeof(*b) + bs + BIG_SIZE - 1) & ~(BIG_SIZE - 1);

			b = big_block(a, len, bs == std);
			if (b)
				bs = len - sizeof(*b);
		} else if ((b = malloc(sizeof(*b) + bs))) {
			b->mapped = false;
		}
		if (!b)
			return NULL;
		b->size = bs;
		b->used = 0;
		b->clean = b->mapped ? 0 : bs;
		/* A block bigger than the standard size goes behind the current head so the
		 * head keeps its free space for the small allocations that follow. */
		if (a->head && size > std) {
			b->next = a->head->next;
			a->head->next = b;
		} else {
			b->next = a->head;
			a->head = b;
		}
		a->total += bs;
		off = 0;
	}
	p = (char *)b->data + off;
	b->used = off + size;
	if (dirty)
		*dirty = off >= b->clean ? 0 : b->clean - off < size ? b->clean - off : size;
	if (b->clean < off + size)
		b->clean = off + size;
	return p;
}

void *fc_alloc(struct fc_arena *a, size_t size)
{
	size_t al = _Alignof(max_align_t), dirty;
	void *p;

	size = (size + al - 1) & ~(al - 1);
	if (size == 0)
		size = al;
	p = bump_dirty(a, size, al, &dirty);
	if (p && dirty)
		memset(p, 0, dirty);   /* what lies above was never handed out: zero from the kernel */
	return p;
}

char *fc_strndup(struct fc_arena *a, const char *s, size_t n)
{
	char *d;

	if (!s)
		return NULL;
	d = bump(a, n + 1, 1);
	if (!d)
		return NULL;
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *fc_strdup(struct fc_arena *a, const char *s)
{
	return s ? fc_strndup(a, s, strlen(s)) : NULL;
}

char *fc_sprintf(struct fc_arena *a, const char *fmt, ...)
{
	va_list ap;
	int n;
	char *d;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return NULL;
	d = fc_alloc(a, (size_t)n + 1);
	if (!d)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(d, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return d;
}

/* Eight bytes at a time, multiplied and folded, mixed with n: the hash and then the length are
 * compared before the bytes, so a lookup that misses costs no string compare, even among strings
 * with long common prefixes (a fleet's link subjects "leaf0001:Ethernet1/1 <-> ..." share most of
 * theirs). Byte-at-a-time FNV-1a was a chain of dependent multiplies, one per byte. */
static unsigned hash_mem(const char *s, size_t n)
{
	const uint64_t k = UINT64_C(0xff51afd7ed558ccd);
	uint64_t h = UINT64_C(0x9e3779b97f4a7c15) ^ n, w;
	size_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * k;
		h ^= h >> 32;
	}
	if (i < n) {
		w = 0;
		memcpy(&w, s + i, n - i);
		h = (h ^ w) * k;
		h ^= h >> 32;
	}
	h ^= h >> 29;
	h *= UINT64_C(0xc4ceb9fe1a85ec53);
	h ^= h >> 32;
	return (unsigned)h;
}

static bool same(const char *interned, const char *s, size_t n)
{
	return memcmp(interned, s, n) == 0 && interned[n] == '\0';
}

/* Doubles the table when it would be more than half full: a snapshot has a file name per device
 * output, a validate run millions of finding strings. */
static bool intern_grow(struct fc_arena *a)
{
	size_t n = a->nslots ? a->nslots * 2 : INTERN_SLOTS, i, j;
	struct interned *t = calloc(n, sizeof(*t));

	if (!t)
		return false;
	for (i = 0; i < a->nslots; i++) {
		if (!a->intern[i].s)
			continue;
		for (j = a->intern[i].hash & (n - 1); t[j].s; j = (j + 1) & (n - 1))
			;
		t[j] = a->intern[i];
	}
	free(a->intern);
	a->intern = t;
	a->nslots = n;
	return true;
}

const char *fc_intern(struct fc_arena *a, const char *s)
{
	return s ? fc_intern_n(a, s, strlen(s)) : NULL;
}

/* s (n bytes, hash h) from the table, added when absent. */
static const char *intern_h(struct fc_arena *a, const char *s, size_t n, unsigned h)
{
	size_t i;
	struct interned *slot;
	char *d;

	/* out of memory for a bigger table: go on half full and more, but never with no empty slot,
	 * where a probe would not end */
	if ((!a->intern || 2 * (a->ninterned + 1) > a->nslots) && !intern_grow(a) &&
	    (!a->intern || a->ninterned + 1 >= a->nslots))
		return NULL;
	if (!a->recent && !(a->recent = calloc(RECENT, sizeof(*a->recent))))
		return NULL;
	slot = &a->recent[h & (RECENT - 1)];
	if (slot->s && slot->hash == h && same(slot->s, s, n))
		return slot->s;
	for (i = h & (a->nslots - 1); a->intern[i].s; i = (i + 1) & (a->nslots - 1))
		if (a->intern[i].hash == h && same(a->intern[i].s, s, n)) {
			*slot = a->intern[i];
			return slot->s;
		}
	if (!(d = fc_strndup(a, s, n)))
		return NULL;
	a->intern[i].hash = h;
	a->intern[i].s = d;
	a->ninterned++;
	*slot = a->intern[i];
	return d;
}

const char *fc_intern_n(struct fc_arena *a, const char *s, size_t n)
{
	return s ? intern_h(a, s, n, hash_mem(s, n)) : NULL;
}

/* The filter, eight times larger once an eighth of its bits are set (a one-process parse of one
 * device touches 32 KiB, not the 2 MiB whose every page the kernel zeroed on first touch, a
 * tenth of a 1 MB parse). The strings of the intern table are marked in the new one; a string
 * copied once and not marked is copied a second time before it is interned: no value changes. */
static bool seen_grow(struct fc_arena *a)
{
	unsigned bits = a->seen ? a->seen_bits * 8 : SEEN_MIN_BITS, b;
	uint64_t *n = calloc(bits / 64, sizeof(*n));
	size_t i;

	if (!n)
		return false;
	free(a->seen);
	a->seen = n;
	a->seen_bits = bits;
	a->seen_set = 0;
	for (i = 0; a->intern && i < a->nslots; i++)
		if (a->intern[i].s) {
			b = (a->intern[i].hash >> 7) & (bits - 1);
			if (!(n[b / 64] & (UINT64_C(1) << (b % 64))))
				a->seen_set++;
			n[b / 64] |= UINT64_C(1) << (b % 64);
		}
	return true;
}

const char *fc_intern_repeated(struct fc_arena *a, const char *s, size_t n)
{
	unsigned h, bit;

	if (!s)
		return NULL;
	if ((!a->seen || (a->seen_set > a->seen_bits / 8 && a->seen_bits < SEEN_MAX_BITS)) && !seen_grow(a))
		return NULL;
	h = hash_mem(s, n);
	bit = (h >> 7) & (a->seen_bits - 1);   /* other bits than the table's slot */
	if (!(a->seen[bit / 64] & (UINT64_C(1) << (bit % 64)))) {
		a->seen[bit / 64] |= UINT64_C(1) << (bit % 64);
		a->seen_set++;
		return fc_strndup(a, s, n);   /* the first time: a copy; most such values stay unique */
	}
	return intern_h(a, s, n, h);
}

size_t fc_arena_bytes(const struct fc_arena *a)
{
	return a->total;
}

void fc_arena_reset(struct fc_arena *a)
{
	struct block *b, *n;

	prefault_join(a);
	for (b = a->head; b && b->next; b = n) {   /* all but the oldest, the first one made */
		n = b->next;
		unmap_block(b);
	}
	a->head = b;
	a->total = b ? b->size : 0;
	if (b)
		b->used = 0;   /* b->clean stays: fc_alloc zeroes what was handed out before */
	free(a->intern);
	free(a->recent);
	free(a->seen);
	a->intern = a->recent = NULL;
	a->seen = NULL;
	a->nslots = a->ninterned = 0;
	a->seen_bits = a->seen_set = 0;
}

struct fc_arena_mark fc_arena_mark(const struct fc_arena *a)
{
	struct fc_arena_mark m = { a->head, a->head ? a->head->used : 0 };

	return m;
}

bool fc_arena_release(struct fc_arena *a, struct fc_arena_mark m)
{
	if (!a->head || a->head != m.head || m.used > a->head->used)
		return false;
	a->head->used = m.used;     /* fc_alloc zeroes what it hands out again */
	return true;
}

bool fc_arena_extend(struct fc_arena *a, void *items, size_t have, size_t want)
{
	const size_t al = _Alignof(max_align_t);
	struct block *b = a->head;

	have = (have + al - 1) & ~(al - 1);
	want = (want + al - 1) & ~(al - 1);
	if (!items || !b || want < have || (char *)items + have != (char *)b->data + b->used || b->size - b->used < want - have)
		return false;
	memset((char *)b->data + b->used, 0, want - have);
	b->used += want - have;
	if (b->clean < b->used)
		b->clean = b->used;
	return true;
}

void *fc_grow_tail(struct fc_arena *a, void *items, size_t count, size_t *cap, size_t elem)
{
	void *n;

	if (count < *cap)
		return items;
	if (fc_arena_extend(a, items, *cap * elem, (*cap + 1) * elem)) {
		*cap += 1;
		return items;
	}
	n = fc_alloc(a, (*cap ? *cap * 2 : 1) * elem);
	if (!n)
		return NULL;
	if (items)
		memcpy(n, items, count * elem);
	*cap = *cap ? *cap * 2 : 1;
	return n;
}

void *fc_grow(struct fc_arena *a, void *items, size_t count, size_t *cap, size_t elem)
{
	void *n;
	size_t ncap;

	if (count < *cap)
		return items;
	ncap = *cap ? *cap * 2 : 8;
	n = fc_alloc(a, ncap * elem);
	if (!n)
		return NULL;
	if (items)
		memcpy(n, items, count * elem);
	*cap = ncap;
	return n;
}
