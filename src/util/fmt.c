/* SPDX-License-Identifier: MIT */
#include "util/fmt.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <wchar.h>

/* The GCC warning for a non-literal format is about formats from input; these are
 * conversions cut from the caller's literal formats (checked at their call by the format
 * attribute), one at a time. */
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

struct out {
	char *buf;
	size_t size;   /* > 0 */
	size_t n;      /* written so far, < size */
};

static void put(struct out *o, const char *s, size_t len)
{
	size_t room = o->size - 1 - o->n;

	if (len > room)
		len = room;
	memcpy(o->buf + o->n, s, len);
	o->n += len;
}

static void put_dec(struct out *o, unsigned long long v, bool neg)
{
	char d[24];
	size_t i = sizeof(d);

	do {
		d[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	if (neg)
		d[--i] = '-';
	put(o, d + i, sizeof(d) - i);
}

static void put_signed(struct out *o, long long v)
{
	put_dec(o, v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v, v < 0);
}

/* The length modifier of a conversion: none, hh, h, l, ll (also L and q), j, z, t. */
enum len { L_NONE, L_HH, L_H, L_L, L_LL, L_J, L_Z, L_T, L_BIG };

/* One conversion as snprintf writes it: sub is the conversion with any '*' already replaced by its
 * number; the argument is taken from ap by the type the conversion names. */
static void delegate(struct out *o, const char *sub, char conv, enum len len, va_list *ap)
{
	char *at = o->buf + o->n;
	size_t room = o->size - o->n;
	int r = 0;

	switch (conv) {
	case 'd': case 'i':
		switch (len) {
		case L_L: r = snprintf(at, room, sub, va_arg(*ap, long)); break;
		case L_LL: case L_BIG: r = snprintf(at, room, sub, va_arg(*ap, long long)); break;
		case L_J: r = snprintf(at, room, sub, va_arg(*ap, intmax_t)); break;
		case L_Z: r = snprintf(at, room, sub, va_arg(*ap, ssize_t)); break;
		case L_T: r = snprintf(at, room, sub, va_arg(*ap, ptrdiff_t)); break;
		default: r = snprintf(at, room, sub, va_arg(*ap, int)); break;
		}
		break;
	case 'o': case 'u': case 'x': case 'X':
		switch (len) {
		case L_L: r = snprintf(at, room, sub, va_arg(*ap, unsigned long)); break;
		case L_LL: case L_BIG: r = snprintf(at, room, sub, va_arg(*ap, unsigned long long)); break;
		case L_J: r = snprintf(at, room, sub, va_arg(*ap, uintmax_t)); break;
		case L_Z: r = snprintf(at, room, sub, va_arg(*ap, size_t)); break;
		case L_T: r = snprintf(at, room, sub, va_arg(*ap, ptrdiff_t)); break;
		default: r = snprintf(at, room, sub, va_arg(*ap, unsigned)); break;
		}
		break;
	case 'c':
		r = len == L_L ? snprintf(at, room, sub, va_arg(*ap, wint_t)) : snprintf(at, room, sub, va_arg(*ap, int));
		break;
	case 's':
		r = len == L_L ? snprintf(at, room, sub, va_arg(*ap, const wchar_t *))
			       : snprintf(at, room, sub, va_arg(*ap, const char *));
		break;
	case 'p':
		r = snprintf(at, room, sub, va_arg(*ap, void *));
		break;
	case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
		r = len == L_BIG ? snprintf(at, room, sub, va_arg(*ap, long double)) : snprintf(at, room, sub, va_arg(*ap, double));
		break;
	default:
		return;
	}
	if (r > 0)
		o->n += (size_t)r < room ? (size_t)r : room - 1;
}

/* sub (k bytes: '%' and a precision, if any) completed with 's', written for a null string. */
static void null_str(struct out *o, char *sub, size_t k)
{
	const char *none = NULL;
	int r;

	sub[k++] = 's';
	sub[k] = '\0';
	r = snprintf(o->buf + o->n, o->size - o->n, sub, none);
	if (r > 0)
		o->n += (size_t)r < o->size - o->n ? (size_t)r : o->size - o->n - 1;
}


/* A flag or width digit of a conversion into sub (at most 40 of them; *cut says one was left out). */
static void keep(char *sub, size_t *k, char c, bool *cut)
{
	if (*k < 40)
		sub[(*k)++] = c;
	else
		*cut = true;
}

size_t fc_vfmt(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { buf, size, 0 };
	va_list args;
	const char *p = fmt;

	if (!size)
		return 0;
	va_copy(args, ap);
	while (*p) {
		const char *pct = strchr(p, '%'), *spec;
		char sub[128];   /* '%', at most 40 flags and digits, a width (12), a precision (12), 3, NUL */
		size_t k = 0;
		bool flags = false, width = false, prec = false, cut = false;
		int w = 0, pr = -1;
		enum len len = L_NONE;
		char conv;

		if (!pct) {
			put(&o, p, strlen(p));
			break;
		}
		put(&o, p, (size_t)(pct - p));
		spec = pct + 1;
		sub[k++] = '%';
		for (; *spec && strchr("-+ #0'", *spec); spec++) {
			flags = true;
			keep(sub, &k, *spec, &cut);
		}
		if (*spec == '*') {
			width = true;
			w = va_arg(args, int);
			spec++;
			k += (size_t)snprintf(sub + k, sizeof(sub) - k, "%s%u", w < 0 ? "-" : "",
					      w < 0 ? 0U - (unsigned)w : (unsigned)w);
		} else {
			for (; *spec >= '0' && *spec <= '9'; spec++) {
				width = true;
				keep(sub, &k, *spec, &cut);
			}
		}
		if (*spec == '.') {
			spec++;
			prec = true;
			pr = 0;
			if (*spec == '*') {
				pr = va_arg(args, int);
				spec++;
			} else {
				for (; *spec >= '0' && *spec <= '9'; spec++)
					pr = pr < 100000000 ? pr * 10 + (*spec - '0') : pr;
			}
			if (pr < 0)
				prec = false;   /* a negative precision is taken as if omitted */
			else
				k += (size_t)snprintf(sub + k, sizeof(sub) - k, ".%d", pr);
		}
		switch (*spec) {
		case 'h': len = spec[1] == 'h' ? L_HH : L_H; spec += spec[1] == 'h' ? 2 : 1; break;
		case 'l': len = spec[1] == 'l' ? L_LL : L_L; spec += spec[1] == 'l' ? 2 : 1; break;
		case 'L': case 'q': len = L_BIG; spec++; break;
		case 'j': len = L_J; spec++; break;
		case 'z': case 'Z': len = L_Z; spec++; break;
		case 't': len = L_T; spec++; break;
		default: break;
		}
		conv = *spec;
		if (!conv) {   /* a lone '%' at the end: vsnprintf writes nothing for it */
			p = spec;
			break;
		}
		p = spec + 1;
		if (conv == '%') {
			put(&o, "%", 1);
			continue;
		}
		if (!flags && !width) {
			if (conv == 's' && len == L_NONE) {
				const char *s = va_arg(args, const char *);

				if (s)
					put(&o, s, prec ? strnlen(s, (size_t)pr) : strlen(s));
				else   /* as the C library writes a null string ("(null)", or less) */
					null_str(&o, sub, k);
				continue;
			}
			if (!prec && (conv == 'd' || conv == 'i')) {
				switch (len) {
				case L_NONE: put_signed(&o, va_arg(args, int)); continue;
				case L_L: put_signed(&o, va_arg(args, long)); continue;
				case L_LL: put_signed(&o, va_arg(args, long long)); continue;
				case L_J: put_signed(&o, va_arg(args, intmax_t)); continue;
				case L_Z: put_signed(&o, va_arg(args, ssize_t)); continue;
				case L_T: put_signed(&o, va_arg(args, ptrdiff_t)); continue;
				default: break;
				}
			}
			if (!prec && conv == 'u') {
				switch (len) {
				case L_NONE: put_dec(&o, va_arg(args, unsigned), false); continue;
				case L_L: put_dec(&o, va_arg(args, unsigned long), false); continue;
				case L_LL: put_dec(&o, va_arg(args, unsigned long long), false); continue;
				case L_J: put_dec(&o, va_arg(args, uintmax_t), false); continue;
				case L_Z: put_dec(&o, va_arg(args, size_t), false); continue;
				default: break;
				}
			}
		}
		if (cut) {   /* more than 40 flags and digits: no literal format has them; written as they are */
			put(&o, pct, (size_t)(p - pct));
			continue;
		}
		/* the length modifier and conversion as written */
		for (const char *q = spec - (len == L_HH || len == L_LL ? 2 : len == L_NONE ? 0 : 1); q <= spec; q++)
			sub[k++] = *q;
		sub[k] = '\0';
		delegate(&o, sub, conv, len, &args);
	}
	va_end(args);
	o.buf[o.n] = '\0';
	return o.n;
}
