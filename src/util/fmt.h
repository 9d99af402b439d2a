/* SPDX-License-Identifier: MIT */
/* vsnprintf for the engine's findings and evidence. A fleet's run formats millions of short texts
 * ("%s:%s", "%lld", "unknown: %s") and glibc's vsnprintf costs more per call (a FILE set up, its
 * vtable checked, the format parsed through its general machinery) than the text does: a third of
 * the rule engine's time at 1,000 leaves went to it. This writes %s and the decimal integers itself
 * and hands every other conversion (floating point, hexadecimal, widths, flags) to snprintf, one
 * conversion at a time, so the text is always vsnprintf's. */
#ifndef FC_FMT_H
#define FC_FMT_H

#include <stdarg.h>
#include <stddef.h>

/* What vsnprintf(buf, size, fmt, ap) writes, for the C99 conversions of printf(3) without %n and
 * positional arguments (%1$s): cut to size - 1 bytes and NUL-terminated (size > 0). Returns the
 * bytes written, the NUL not counted (unlike vsnprintf: never more than size - 1). */
size_t fc_vfmt(char *buf, size_t size, const char *fmt, va_list ap);

#endif
