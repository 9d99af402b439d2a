/* SPDX-License-Identifier: MIT */
/* Small string helpers: bounded number parsing (no atoi) and line iteration. */
#ifndef FC_STR_H
#define FC_STR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Parses a whole decimal integer in [min,max]; false on anything else. */
bool fc_parse_i64(const char *s, int64_t min, int64_t max, int64_t *out);
/* Same on the n bytes at s. */
bool fc_parse_i64n(const char *s, size_t n, int64_t min, int64_t max, int64_t *out);
bool fc_parse_double(const char *s, double *out);
bool fc_starts_with(const char *s, const char *prefix);
/* Parses a UTC time "YYYY-MM-DDTHH:MM:SSZ" (fractional seconds allowed) into seconds since the
 * epoch; false on anything else. */
bool fc_parse_utc(const char *s, int64_t *out);
/* Case-insensitive, whole string. */
bool fc_streq_ci(const char *a, const char *b);

/* Iterates the lines of a NUL-terminated text; CRLF handled. */
struct fc_lines {
	const char *p;       /* next unread byte */
	const char *line;    /* current line start (not NUL-terminated) */
	size_t len;          /* current line length without EOL */
	unsigned lineno;     /* 1-based number of the current line */
};
void fc_lines_init(struct fc_lines *it, const char *text);
bool fc_lines_next(struct fc_lines *it);

/* Splits a line into at most max whitespace-separated words, copying into buf. Returns count. */
size_t fc_split_words(const char *line, size_t len, char *buf, size_t bufsize, char **words, size_t max);

#endif
