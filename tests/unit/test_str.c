/* SPDX-License-Identifier: MIT */
/* fc_parse_i64 (util/str.h) decides as strtoll does, base 10, the whole string, within [min,max]:
 * its own path for a sign and up to 18 digits, strtoll's for the rest, compared over the edges of
 * both (signs, leading zeros, 18 and 19 digits, INT64 bounds and one past them, white space, other
 * characters) and over every range each value sits on, below or above. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/str.h"

/* what fc_parse_i64 decided before its own path: strtoll alone */
static bool by_strtoll(const char *s, int64_t min, int64_t max, int64_t *out)
{
	char *end;
	long long v;

	if (!*s || *s == ' ' || *s == '\t' || *s == '\n')
		return false;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return false;
	*out = v;
	return true;
}

static void as_strtoll(void **state)
{
	static const char *const in[] = {
		"0", "-0", "+0", "7", "-7", "+7", "007", "-007", "9000", "100000",
		"123456789012345678", "-123456789012345678", "999999999999999999", "-999999999999999999",
		"1234567890123456789", "-1234567890123456789", "0000000000000000000001",
		"9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
		"99999999999999999999999", "", "-", "+", "--1", "+-1", "1-", " 1", "1 ", "\t1", "1\n", "12a",
		"a12", "0x10", "1e3", "1.0", "1,000", "١",
	};
	static const int64_t bounds[][2] = {
		{ INT64_MIN, INT64_MAX }, { 0, INT64_MAX }, { 0, 7 }, { 8, 100 }, { -7, -7 }, { 1, 0 },
		{ 123456789012345678, 123456789012345678 }, { INT64_MIN, -1 },
	};
	size_t i, k;

	(void)state;
	for (i = 0; i < sizeof(in) / sizeof(in[0]); i++)
		for (k = 0; k < sizeof(bounds) / sizeof(bounds[0]); k++) {
			int64_t want = 42, got = 42;
			bool w = by_strtoll(in[i], bounds[k][0], bounds[k][1], &want);
			bool g = fc_parse_i64(in[i], bounds[k][0], bounds[k][1], &got);

			if (w != g || want != got)
				fail_msg("'%s' in [%lld, %lld]: %d %lld, strtoll %d %lld", in[i], (long long)bounds[k][0],
					 (long long)bounds[k][1], g, (long long)got, w, (long long)want);
		}
	assert_false(fc_parse_i64(NULL, INT64_MIN, INT64_MAX, &(int64_t){ 0 }));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(as_strtoll),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
