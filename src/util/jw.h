/* SPDX-License-Identifier: MIT */
/* A streaming JSON writer for what writes millions of objects (the JSON and SARIF reports, the
 * model as fabcheck parse prints it): text straight to the stream, no tree. The caller writes the
 * punctuation; these write the strings, escaped as RFC 8259 asks (the model's text is valid UTF-8,
 * checked when it was read). */
#ifndef FC_JW_H
#define FC_JW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* n bytes of s as they are. Into the stream's buffer directly where they fit: the writers make
 * tens of millions of calls of a few bytes, and fwrite's generic path costs more than the copy.
 * glibc's own putc_unlocked macro (stdio.h) writes the same two fields the same way; a stream
 * without room (line-buffered, unbuffered, full, not yet written) takes fwrite's path. */
static inline void fc_jw_raw(FILE *o, const char *s, size_t n)
{
#ifdef __GLIBC__
	if (o->_IO_write_ptr && o->_IO_write_end - o->_IO_write_ptr >= (ptrdiff_t)n) {
		memcpy(o->_IO_write_ptr, s, n);
		o->_IO_write_ptr += n;
		return;
	}
#endif
	fwrite_unlocked(s, 1, n, o);
}
#define FC_JW_LIT(o, lit) fc_jw_raw((o), (lit), sizeof(lit) - 1)
/* "s", escaped; NULL writes "" */
void fc_jw_str(FILE *o, const char *s);
/* s escaped, without the quotes: one part of a string the caller opens and closes */
void fc_jw_esc(FILE *o, const char *s);
/* [,]"key":"value" (the comma unless first) */
void fc_jw_kv(FILE *o, const char *key, const char *v, bool first);
/* [,]"key":n */
void fc_jw_ki(FILE *o, const char *key, long long n, bool first);
/* n in decimal (no printf: a fleet's report writes millions of line numbers) */
void fc_jw_int(FILE *o, long long n);
/* v as a JSON number, the shortest that reads back as v ("2.5", "3.0", "0.1"); null when it is
 * not finite (JSON has no NaN or infinity) */
void fc_jw_dbl(FILE *o, double v);

#endif
