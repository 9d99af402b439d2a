/* SPDX-License-Identifier: MIT */
/* The arena: allocations are zeroed and aligned, and the intern table gives one pointer per
 * distinct string through its growth (open addressing, linear probing, a recent-entry cache). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/arena.h"

#define N 200000   /* past many doublings of the table and the 1024-entry recent cache */

static void intern_one_pointer_per_string(void **state)
{
	struct fc_arena *a = fc_arena_new();
	const char **p = calloc(N, sizeof(*p));
	char buf[64];
	size_t i;

	(void)state;
	assert_non_null(a);
	assert_non_null(p);
	assert_null(fc_intern(a, NULL));
	for (i = 0; i < N; i++) {
		snprintf(buf, sizeof(buf), "leaf%zu:Ethernet1/%zu", i / 64, i % 64);
		p[i] = fc_intern(a, buf);
		assert_non_null(p[i]);
		assert_ptr_not_equal(p[i], buf);
		assert_string_equal(p[i], buf);
	}
	/* the same strings again, in another order and from another buffer: the same pointers */
	for (i = N; i-- > 0;) {
		snprintf(buf, sizeof(buf), "leaf%zu:Ethernet1/%zu", i / 64, i % 64);
		assert_ptr_equal(fc_intern(a, buf), p[i]);
	}
	/* distinct strings, distinct pointers (a prefix is not the string) */
	assert_ptr_not_equal(fc_intern(a, "leaf1:Ethernet1/1"), fc_intern(a, "leaf1:Ethernet1/10"));
	assert_ptr_equal(fc_intern(a, ""), fc_intern(a, ""));
	assert_string_equal(fc_intern(a, ""), "");
	for (i = 1; i < N; i++)
		assert_ptr_not_equal(p[i], p[i - 1]);
	free(p);
	fc_arena_free(&a);
	assert_null(a);
}

static void alloc_zeroed_and_aligned(void **state)
{
	struct fc_arena *a = fc_arena_new();
	size_t i, sizes[] = { 1, 7, 16, 100, 65536, (size_t)3 << 20, 5 };

	(void)state;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		unsigned char *q = fc_alloc(a, sizes[i]);
		size_t j;

		assert_non_null(q);
		assert_int_equal((uintptr_t)q % _Alignof(max_align_t), 0);
		for (j = 0; j < sizes[i]; j++)
			assert_int_equal(q[j], 0);
		memset(q, 0xa5, sizes[i]);
	}
	assert_true(fc_arena_bytes(a) >= ((size_t)3 << 20));
	fc_arena_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(intern_one_pointer_per_string),
		cmocka_unit_test(alloc_zeroed_and_aligned),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
