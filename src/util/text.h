/* SPDX-License-Identifier: MIT */
/* Text from devices made fit for every report and terminal. Device strings reach text on a
 * terminal, JSON, SARIF and JUnit XML; a raw ESC clears a screen, a control character makes XML
 * not well-formed, invalid UTF-8 makes JSON invalid, a bidi override reorders what a reviewer
 * reads. Two steps, each in one place: a device output's invalid UTF-8 is replaced by U+FFFD when
 * the output is read (and recorded there, with its line); every string that enters the model has
 * its control characters written as visible escapes (\x1b, \u202e). */
#ifndef FC_TEXT_H
#define FC_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "util/arena.h"
#include "util/buf.h"

/* Length of the valid UTF-8 sequence at s (at most n bytes), 0 when the byte there starts none. */
size_t fc_utf8_seq(const unsigned char *s, size_t n, unsigned *cp);

/* True when s[0..n) is valid UTF-8. */
/* One pass over an input: NUL (*nul its offset; binary data), else valid UTF-8 or not (*nul = n). */
enum fc_text_kind { FC_TEXT_UTF8, FC_TEXT_BAD_UTF8, FC_TEXT_NUL };
enum fc_text_kind fc_text_check(const char *s, size_t n, size_t *nul);
bool fc_utf8_valid(const char *s, size_t n);

/* True when s[0..n) is valid UTF-8 without a character fc_text_clean would escape. */
bool fc_text_is_clean(const char *s, size_t n);

/* The display form of s[0..n) in a new string from a: every byte that starts no valid UTF-8
 * sequence becomes U+FFFD (counted in *invalid when not NULL), C0 and C1 controls and DEL become
 * \xNN, bidirectional and line-separator controls become \uNNNN. NULL when out of memory. */
char *fc_text_clean(struct fc_arena *a, const char *s, size_t n, size_t *invalid);

/* The same into buf (cut to fit, NUL-terminated), for messages that are not in an arena. */
void fc_text_clean_buf(char *buf, size_t size, const char *s);

/* Replaces, in b, every byte that starts no valid UTF-8 sequence by U+FFFD; NUL bytes are kept
 * (the readers refuse them). Calls note(ctx, line, bytes) once per line where it replaced
 * something. FC_ERR_NOMEM when the grown text no longer fits b's cap. */
enum fc_rc fc_utf8_fix(struct fc_buf *b, void (*note)(void *ctx, unsigned line, size_t bytes), void *ctx);

#endif
