/* SPDX-License-Identifier: MIT */
/* fc_vfmt (util/fmt.h) writes what vsnprintf writes: every conversion the rules use, the edges of
 * each integer type, strings cut by a precision or missing, floating point, flags and widths, and
 * every buffer size from one byte (only the NUL) up, compared byte for byte with the C library's. */
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <cmocka.h>

#include "util/fmt.h"

static void same_at(size_t size, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void same_at(size_t size, const char *fmt, ...)
{
	char want[600], got[600];
	va_list a, b;
	size_t n;

	memset(want, 'w', sizeof(want));
	memset(got, 'g', sizeof(got));
	va_start(a, fmt);
	va_copy(b, a);
	vsnprintf(want, size, fmt, a);
	n = fc_vfmt(got, size, fmt, b);
	va_end(b);
	va_end(a);
	if (strcmp(got, want))
		fail_msg("format \"%s\", %zu bytes: got \"%s\", vsnprintf wrote \"%s\"", fmt, size, got, want);
	assert_int_equal(n, strlen(want));
	assert_int_equal(got[size], 'g');   /* nothing written past the buffer */
}

/* each format at every size of buffer that cuts it somewhere, and at one that does not */
#define SAME(...)                                                                                    \
	do {                                                                                         \
		static const size_t sizes_[] = { 1, 2, 3, 4, 5, 7, 9, 13, 20, 33, 64, 512 };         \
		for (size_t i_ = 0; i_ < sizeof(sizes_) / sizeof(sizes_[0]); i_++)                   \
			same_at(sizes_[i_], __VA_ARGS__);                                            \
	} while (0)

static void strings(void **state)
{
	const char *volatile none = NULL;
	const char *lng = "an interface description longer than the buffers most of these sizes give";

	(void)state;
	SAME("plain text, no conversion");
	SAME("%s", "");
	SAME("%s", "9000");
	SAME("%s:%s", "leaf1", "Ethernet1/1");
	SAME("unknown: %s", "no collected output reports it");
	SAME("%s (%s)", "rs544", "the platform's default");
	SAME("%.60s|%.64s|%.300s", lng, lng, lng);
	SAME("%.3s|%.0s|%.*s|%.*s", "abcdef", "abcdef", 2, "abcdef", -1, "abcdef");
	SAME("[%s] [%.3s] [%.6s] [%.8s]", none, none, none, none);
	SAME("%5s|%-5s|%-*s|%*s|%10.2s", "ab", "ab", 6, "ab", -6, "ab", "abcdef");
	SAME("100%% of %s%%", "lanes");
	SAME("%c%c", 'a', 0x7e);
}

static void integers(void **state)
{
	(void)state;
	SAME("%lld %lld %lld %lld %lld", 0LL, -1LL, 9000LL, LLONG_MIN, LLONG_MAX);
	SAME("%d %d %d %d", 0, -42, INT_MIN, INT_MAX);
	SAME("%u %u", 0U, UINT_MAX);
	SAME("%ld %ld %lu", LONG_MIN, LONG_MAX, ULONG_MAX);
	SAME("%llu %llu", 0ULL, ULLONG_MAX);
	SAME("%zu %zu %zd %zd", (size_t)0, SIZE_MAX, (ssize_t)-5, (ssize_t)SSIZE_MAX);
	SAME("%jd %ju %td", INTMAX_MIN, UINTMAX_MAX, (ptrdiff_t)-7);
	SAME("%hd %hhd %hu %hhu", (short)-12345, (signed char)-100, (unsigned short)65535, (unsigned char)255);
	SAME("priority mask 0x%02llx, %016llx, %x, %#x, %X, %o", 0x08ULL, 0xfe80ULL, 255U, 255U, 0xabcU, 8U);
	SAME("%5d|%-5d|%05d|%+d|% d|%.3d|%*d|%-*d|%.*d", 42, 42, 42, 42, 42, 7, 4, 42, -4, 42, 3, 5);
	SAME("%'d %i", 1234567, -3);
	SAME("%s port%s of %zu, %lld ms, %d%%", "Ethernet1/1", "s", (size_t)3, 150LL, 100);
}

static void floating(void **state)
{
	(void)state;
	SAME("%.0f %.0f %.0f %.1f %.2f", 2.5, 3.5, -0.4, 0.05, -0.005);
	SAME("%g %g %g %g %g", 1e-7, 123456789.0, 0.1, -0.0, 100.0);
	SAME("%.2e %.1e %e %E %G", 12345.678, 0.000123, 1.0, 1e300, 1e-300);
	SAME("%f %g %f %g", (double)NAN, (double)INFINITY, -(double)INFINITY, -(double)NAN);
	SAME("%10.4f|%-10.1f|%+.2f|%a", 3.14159, 2.0, 1.5, 1.0);
	SAME("%Lf %.3Lg", 1.25L, 1e10L);
	SAME("%.1f dBm at %s, %.2f mA, %lld", -3.14, "lane 1", 6.5, 4LL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(strings),
		cmocka_unit_test(integers),
		cmocka_unit_test(floating),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
