/* SPDX-License-Identifier: MIT */
/* UTF-8 validation (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF) and the
 * escaping of control characters. The common case, printable ASCII, is one scan and no copy. */
#include "util/text.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

size_t fc_utf8_seq(const unsigned char *s, size_t n, unsigned *cp)
{
	unsigned c = s[0], lo = 0x80, hi = 0xbf;
	size_t len, i;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, *cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, *cp = c & 0x0f, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, *cp = c & 0x07, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
	else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		unsigned b = s[i];

		if (b < (i == 1 ? lo : 0x80) || b > (i == 1 ? hi : 0xbf))
			return 0;
		*cp = (*cp << 6) | (b & 0x3f);
	}
	return len;
}

/* Characters shown as escapes: C0, DEL, C1, the bidi embeddings, overrides and isolates, the
 * directional marks and the line and paragraph separators. */
static bool escaped(unsigned cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x200e || cp == 0x200f ||
	       (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x2028 || cp == 0x2029 ||
	       cp == 0x061c;
}

bool fc_text_is_clean(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k;
	unsigned cp;

	while (i < n) {
		if (p[i] >= 0x20 && p[i] < 0x7f) {
			i++;
			continue;
		}
		if (!(k = fc_utf8_seq(p + i, n - i, &cp)) || escaped(cp))
			return false;
		i += k;
	}
	return true;
}

/* Writes the clean form into out (which holds at least 6 * n + 1 bytes). */
static size_t clean_into(char *out, const char *s, size_t n, size_t *invalid)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, o = 0, k;
	unsigned cp;

	while (i < n) {
		if (!(k = fc_utf8_seq(p + i, n - i, &cp))) {
			memcpy(out + o, "\xef\xbf\xbd", 3);   /* U+FFFD */
			o += 3;
			i++;
			if (invalid)
				(*invalid)++;
			continue;
		}
		if (escaped(cp))
			o += (size_t)snprintf(out + o, 7, cp < 0x100 ? "\\x%02x" : "\\u%04x", cp);   /* fits: see above */
		else
			memcpy(out + o, p + i, k), o += k;
		i += k;
	}
	out[o] = '\0';
	return o;
}

char *fc_text_clean(struct fc_arena *a, const char *s, size_t n, size_t *invalid)
{
	char *out;

	if (fc_text_is_clean(s, n))
		return fc_strndup(a, s, n);
	/* worst case: every byte a \u escape (6 bytes per 3-byte character: 2 per byte) or \xNN (4)
	 * or U+FFFD (3) */
	out = fc_alloc(a, 4 * n + 1);
	if (out)
		clean_into(out, s, n, invalid);
	return out;
}

/* snprintf of s into buf, cut back to a character boundary when it does not fit */
static void put_cut(char *buf, size_t size, const char *s)
{
	size_t n = strlen(s);

	if (!size)
		return;
	if (n >= size) {
		n = size - 1;
		while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
	}
	memcpy(buf, s, n);
	buf[n] = '\0';
}

void fc_text_clean_buf(char *buf, size_t size, const char *s)
{
	char tmp[4096 * 4 + 1];
	size_t n = strlen(s);

	if (fc_text_is_clean(s, n)) {
		put_cut(buf, size, s);
		return;
	}
	if (n > 4096)
		n = 4096;
	clean_into(tmp, s, n, NULL);
	put_cut(buf, size, tmp);
}

bool fc_utf8_valid(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k;
	unsigned cp;

	while (i < n) {
		/* eight ASCII bytes at a time: captures are almost all ASCII */
		while (i + 8 <= n) {
			uint64_t w;

			memcpy(&w, p + i, 8);
			if (w & UINT64_C(0x8080808080808080))
				break;
			i += 8;
		}
		if (i >= n)
			break;
		if (p[i] < 0x80) {
			i++;
			continue;
		}
		if (!(k = fc_utf8_seq(p + i, n - i, &cp)))
			return false;
		i += k;
	}
	return true;
}

enum fc_text_kind fc_text_check(const char *s, size_t n, size_t *nul)
{
	const unsigned char *p = (const unsigned char *)s;
	const uint64_t low7 = UINT64_C(0x7f7f7f7f7f7f7f7f);
	size_t i = 0, k;
	unsigned cp;
	bool bad = false;

	while (i < n) {
		/* eight ASCII bytes at a time, none of them NUL (exact zero-byte mask) */
		while (i + 8 <= n) {
			uint64_t w;

			memcpy(&w, p + i, 8);
			if ((w & ~low7) | (~(((w & low7) + low7) | w) & ~low7))
				break;
			i += 8;
		}
		if (i >= n)
			break;
		if (!p[i]) {
			*nul = i;
			return FC_TEXT_NUL;
		}
		if (p[i] < 0x80) {
			i++;
			continue;
		}
		if (!(k = fc_utf8_seq(p + i, n - i, &cp))) {
			bad = true;
			k = 1;
		}
		i += k;
	}
	*nul = n;
	return bad ? FC_TEXT_BAD_UTF8 : FC_TEXT_UTF8;
}

enum fc_rc fc_utf8_fix(struct fc_buf *b, void (*note)(void *ctx, unsigned line, size_t bytes), void *ctx)
{
	const unsigned char *p = (const unsigned char *)b->data;
	struct fc_buf out;
	size_t i, k, bad = 0, start = 0;
	unsigned cp, line = 1, bad_line = 0;

	if (fc_utf8_valid(b->data, b->len))
		return FC_OK;   /* the common case: valid, untouched */
	fc_buf_init(&out, b->max);
	for (i = 0; i < b->len; i += k) {
		k = p[i] < 0x80 ? 1 : fc_utf8_seq(p + i, b->len - i, &cp);
		if (p[i] == '\n') {
			if (bad)
				note(ctx, bad_line, bad);
			bad = 0;
			line++;
		}
		if (k)
			continue;
		if (fc_buf_add(&out, b->data + start, i - start) != FC_OK || fc_buf_add(&out, "\xef\xbf\xbd", 3) != FC_OK)
			return FC_ERR_NOMEM;
		bad++;
		bad_line = line;
		k = 1;
		start = i + 1;
	}
	if (bad)
		note(ctx, bad_line, bad);
	if (fc_buf_add(&out, b->data + start, b->len - start) != FC_OK)
		return FC_ERR_NOMEM;
	fc_buf_free(b);
	*b = out;
	return FC_OK;
}
