/* SPDX-License-Identifier: MIT */
/* Headroom formulas against the reference values in the rule catalog (§4) and SONiC. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "rules/rules.h"

static void mlx5_table(void **state)
{
	/* speed, cable m, MTU -> xoff bytes, from the catalog's computed table */
	static const struct { double g, m, mtu; long xoff; } t[] = {
		{ 25, 3, 4200, 23723 },  { 25, 100, 9000, 45160 }, { 50, 7, 4200, 27230 },
		{ 50, 100, 9000, 50330 }, { 100, 3, 9000, 55228 }, { 200, 100, 4200, 114824 },
		{ 400, 7, 9000, 150928 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		assert_int_equal((long)floor(fc_mlx5_xoff_bytes(t[i].g, t[i].m, t[i].mtu)), t[i].xoff);
}

static void ieee_components(void **state)
{
	(void)state;
	/* 100G, 3 m, 9216: 2*9216 + ceil(2*3*1e11/1.98e8/8)=379 + 394*64 */
	assert_int_equal((long)fc_ieee_headroom_bytes(100, 3, 9216), 18432 + 379 + 25216);
	assert_int_equal((long)fc_ieee_headroom_bytes(50, 3, 9216), 18432 + 190 + 9408);
	/* longer cables need more */
	assert_true(fc_ieee_headroom_bytes(100, 300, 9216) > fc_ieee_headroom_bytes(100, 3, 9216) + 30000);
	/* no published response time for 1G: 0 = unknown, never a made-up value */
	assert_true(fc_ieee_headroom_bytes(1, 3, 1500) == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(mlx5_table),
		cmocka_unit_test(ieee_components),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
