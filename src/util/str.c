/* SPDX-License-Identifier: MIT */
/* String helpers. */
#include "util/str.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

bool fc_parse_utc(const char *s, int64_t *out)
{
	int y, mo, d, h, mi, sec, n = 0;
	int64_t days;

	if (sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%n", &y, &mo, &d, &h, &mi, &sec, &n) != 6 || n != 19)
		return false;
	s += n;
	if (*s == '.')
		for (s++; isdigit((unsigned char)*s); s++)
			;
	if (strcmp(s, "Z") || y < 1970 || y > 9999 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 ||
	    sec > 60 || h < 0 || mi < 0 || sec < 0)
		return false;
	/* days from civil (Howard Hinnant's algorithm): no timegm, no TZ */
	y -= mo <= 2;
	{
		const int64_t era = y / 400, yoe = y - era * 400;
		const int64_t doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1;
		const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

		days = era * 146097 + doe - 719468;
	}
	*out = days * 86400 + h * 3600 + mi * 60 + sec;
	return true;
}

bool fc_parse_i64n(const char *s, size_t n, int64_t min, int64_t max, int64_t *out)
{
	char tmp[32];

	if (n == 0 || n >= sizeof(tmp))
		return false;
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	return fc_parse_i64(tmp, min, max, out);
}

bool fc_parse_i64(const char *s, int64_t min, int64_t max, int64_t *out)
{
	const char *p = s;
	uint64_t u = 0;
	size_t nd = 0;
	char *end;
	long long v;

	if (!s || !*s || isspace((unsigned char)*s))
		return false;
	/* the common case, a sign and at most 18 digits (no overflow: 10^18 < 2^63), without strtoll's
	 * locale and base machinery (every counter of every output comes through here); anything
	 * else is strtoll's to decide */
	if (*p == '-' || *p == '+')
		p++;
	for (; *p >= '0' && *p <= '9' && nd < 18; p++, nd++)
		u = u * 10 + (uint64_t)(*p - '0');
	if (nd && !*p) {
		int64_t x = *s == '-' ? -(int64_t)u : (int64_t)u;

		if (x < min || x > max)
			return false;
		*out = x;
		return true;
	}
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return false;
	*out = v;
	return true;
}

bool fc_parse_double(const char *s, double *out)
{
	char *end;
	double v;

	if (!s || !*s || isspace((unsigned char)*s))
		return false;
	errno = 0;
	v = strtod(s, &end);
	if (errno || *end)
		return false;
	*out = v;
	return true;
}

char *fc_copy_n(char *buf, size_t size, const char *s, size_t n)
{
	n = strnlen(s, n);
	if (n >= size)
		n = size - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return buf;
}

bool fc_starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

bool fc_streq_ci(const char *a, const char *b)
{
	return strcasecmp(a, b) == 0;
}

void fc_lines_init(struct fc_lines *it, const char *text)
{
	it->p = text;
	it->line = NULL;
	it->len = 0;
	it->lineno = 0;
}

bool fc_lines_next(struct fc_lines *it)
{
	const char *e;

	if (!it->p || !*it->p)
		return false;
	e = strchr(it->p, '\n');
	it->line = it->p;
	it->len = e ? (size_t)(e - it->p) : strlen(it->p);
	it->p = e ? e + 1 : it->p + it->len;
	if (it->len && it->line[it->len - 1] == '\r')
		it->len--;
	it->lineno++;
	return true;
}

bool fc_lines_next_words(struct fc_lines *it, struct fc_words *ws, enum fc_rc *rc)
{
	if (!fc_lines_next(it))
		return false;
	if (fc_words_split(ws, it->line, it->len))
		return true;
	*rc = FC_ERR_NOMEM;
	return false;
}

bool fc_words_split(struct fc_words *ws, const char *line, size_t len)
{
	size_t i = 0, o = 0;

	ws->n = 0;
	if (len + 1 > ws->bufcap) {
		char *nb = realloc(ws->buf, len + 1);

		if (!nb)
			return false;
		ws->buf = nb;
		ws->bufcap = len + 1;
	}
	while (i < len) {
		while (i < len && isspace((unsigned char)line[i]))
			i++;
		if (i >= len)
			break;
		if (ws->n + 1 >= ws->wcap) {
			size_t nc = ws->wcap ? ws->wcap * 2 : 32;
			char **nw = realloc(ws->w, nc * sizeof(*nw));
			size_t *na;

			if (!nw)
				return false;
			ws->w = nw;
			if (!(na = realloc(ws->at, nc * sizeof(*na))))
				return false;
			ws->at = na;
			ws->wcap = nc;
		}
		ws->at[ws->n] = i;
		ws->w[ws->n++] = ws->buf + o;
		while (i < len && !isspace((unsigned char)line[i]))
			ws->buf[o++] = line[i++];
		ws->buf[o++] = '\0';
	}
	if (ws->w)
		ws->w[ws->n] = NULL;
	return true;
}

void fc_words_free(struct fc_words *ws)
{
	free(ws->buf);
	free(ws->w);
	free(ws->at);
	memset(ws, 0, sizeof(*ws));
}
