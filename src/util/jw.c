/* SPDX-License-Identifier: MIT */
/* The streaming JSON writer (jw.h). */
#include "util/jw.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fc_jw_str(FILE *o, const char *s)
{
	fputc_unlocked('"', o);
	fc_jw_esc(o, s);
	fputc_unlocked('"', o);
}

/* Whether one of the 8 bytes of w is below 0x20, '"' or '\\' (Bit Twiddling Hacks' hasless and
 * haszero: exact as a yes or no; bytes of 0x80 and above, UTF-8's, never count). */
static bool escape8(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
	uint64_t q = w ^ (ones * '"'), b = w ^ (ones * '\\');

	return (((w - ones * 0x20) & ~w) | ((q - ones) & ~q) | ((b - ones) & ~b)) & high;
}

void fc_jw_esc(FILE *o, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)(s ? s : ""), *run = p, *end = p + strlen((const char *)p);

	for (;; p++) {
		unsigned char c;
		uint64_t w;

		/* eight bytes at a time while none needs escaping: a fleet's report escapes gigabytes */
		while (end - p >= 8 && (memcpy(&w, p, 8), !escape8(w)))
			p += 8;
		c = *p;
		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		if (p > run)
			fc_jw_raw(o, (const char *)run, (size_t)(p - run));
		if (!c)
			break;
		run = p + 1;
		switch (c) {
		case '"': FC_JW_LIT(o, "\\\""); break;
		case '\\': FC_JW_LIT(o, "\\\\"); break;
		case '\n': FC_JW_LIT(o, "\\n"); break;
		case '\t': FC_JW_LIT(o, "\\t"); break;
		case '\r': FC_JW_LIT(o, "\\r"); break;
		default: {
			char u[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };

			fc_jw_raw(o, u, sizeof(u));
		}
		}
	}
}

void fc_jw_kv(FILE *o, const char *key, const char *v, bool first)
{
	if (!first)
		fputc_unlocked(',', o);
	fputc_unlocked('"', o);
	fputs_unlocked(key, o);
	FC_JW_LIT(o, "\":");
	fc_jw_str(o, v);
}

void fc_jw_int(FILE *o, long long n)
{
	char d[24], *p = d + sizeof(d);
	unsigned long long u = n < 0 ? 0ULL - (unsigned long long)n : (unsigned long long)n;

	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (n < 0)
		*--p = '-';
	fc_jw_raw(o, p, (size_t)(d + sizeof(d) - p));
}

void fc_jw_ki(FILE *o, const char *key, long long n, bool first)
{
	if (!first)
		fputc_unlocked(',', o);
	fputc_unlocked('"', o);
	fputs_unlocked(key, o);
	FC_JW_LIT(o, "\":");
	fc_jw_int(o, n);
}

void fc_jw_dbl(FILE *o, double v)
{
	char b[40];
	int n;

	if (!isfinite(v)) {
		FC_JW_LIT(o, "null");
		return;
	}
	n = snprintf(b, sizeof(b) - 2, "%.15g", v);
	if (strtod(b, NULL) != v)
		n = snprintf(b, sizeof(b) - 2, "%.17g", v);
	if (!strpbrk(b, ".eEn")) {   /* a whole number stays a double when read back: 3.0 */
		b[n++] = '.';
		b[n++] = '0';
	}
	fc_jw_raw(o, b, (size_t)n);
}
