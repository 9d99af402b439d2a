/* SPDX-License-Identifier: MIT */
/* Small string helpers: bounded number parsing (no atoi) and line iteration. */
#ifndef FC_STR_H
#define FC_STR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/err.h"

/* Parses a whole decimal integer in [min,max]; false on anything else. */
bool fc_parse_i64(const char *s, int64_t min, int64_t max, int64_t *out);
/* Same on the n bytes at s. */
bool fc_parse_i64n(const char *s, size_t n, int64_t min, int64_t max, int64_t *out);
bool fc_parse_double(const char *s, double *out);
bool fc_starts_with(const char *s, const char *prefix);
/* The first n bytes of s (fewer at a NUL) into buf of size bytes (size > 0), cut to fit and
 * NUL-terminated, as snprintf(buf, size, "%.*s", n, s) but without its format machinery (a table
 * reader copies every cell of every row); returns buf. */
char *fc_copy_n(char *buf, size_t size, const char *s, size_t n);
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

/* The words of a line (split at white space), each a NUL-terminated copy in a buffer grown as
 * needed: none is cut and there is no limit on their number. Zero-initialise, reuse for every
 * line, free with fc_words_free. false when out of memory. */
struct fc_words {
	char *buf;
	char **w;            /* w[0..n), then NULL */
	size_t *at;          /* at[i]: where word i starts in the line (its column) */
	size_t n, bufcap, wcap;
};
bool fc_words_split(struct fc_words *ws, const char *line, size_t len);
void fc_words_free(struct fc_words *ws);
/* A table reader's loop: the next line of it, split into ws. false at the end, or when out of
 * memory with *rc set to FC_ERR_NOMEM. */
bool fc_lines_next_words(struct fc_lines *it, struct fc_words *ws, enum fc_rc *rc);

#endif
