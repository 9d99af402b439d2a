/* SPDX-License-Identifier: MIT */
/* The error record behind enum fc_rc. */
#include "util/err.h"

#include <stdio.h>
#include <string.h>

#include "util/text.h"

/* Messages quote inputs (device errors, file names): escaped like everything a report shows. A
 * name too long for the field keeps its end. */
static void set_file(struct fc_err *err, const char *file)
{
	size_t n = file ? strlen(file) : 0;

	if (n < sizeof(err->file)) {
		fc_text_clean_buf(err->file, sizeof(err->file), file ? file : "");
		return;
	}
	file += n - (sizeof(err->file) - 4);
	while ((*file & 0xc0) == 0x80)   /* not inside a UTF-8 sequence */
		file++;
	memcpy(err->file, "...", 3);
	fc_text_clean_buf(err->file + 3, sizeof(err->file) - 3, file);
}

enum fc_rc fc_err_set(struct fc_err *err, enum fc_rc rc, const char *file, unsigned line,
		      const char *fmt, ...)
{
	va_list ap;
	char msg[sizeof(err->msg)];

	if (!err || err->rc != FC_OK)
		return rc;
	err->rc = rc;
	set_file(err, file);
	err->line = line;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fc_text_clean_buf(err->msg, sizeof(err->msg), msg);
	return rc;
}

void fc_err_clear(struct fc_err *err)
{
	err->rc = FC_OK;
	err->line = 0;
	err->file[0] = err->msg[0] = '\0';
}

enum fc_rc fc_err_take(struct fc_err *err, const struct fc_err *from)
{
	if (err && err->rc == FC_OK && err != from)
		*err = *from;
	return from->rc;
}

void fc_err_locate(struct fc_err *err, const char *file, unsigned first)
{
	if (!err || err->rc == FC_OK || err->file[0] || !file)
		return;
	set_file(err, file);
	if (!err->line)
		err->line = first;
	else if (first > 1)
		err->line += first - 1;
}

void fc_err_prefix(struct fc_err *err, const char *fmt, ...)
{
	char raw[sizeof(err->msg)], pfx[sizeof(err->msg)], msg[sizeof(err->msg)];
	va_list ap;
	size_t n;

	if (!err || err->rc == FC_OK)
		return;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	fc_text_clean_buf(pfx, sizeof(pfx), raw);   /* the message is clean already */
	n = strlen(pfx);
	memcpy(msg, pfx, n);
	fc_text_clean_buf(msg + n, sizeof(msg) - n, err->msg);   /* cut to fit, on a character */
	memcpy(err->msg, msg, sizeof(msg));
}

const char *fc_rc_name(enum fc_rc rc)
{
	switch (rc) {
	case FC_OK: return "ok";
	case FC_ERR_USAGE: return "usage error";
	case FC_ERR_INPUT: return "input error";
	case FC_ERR_IO: return "I/O error";
	case FC_ERR_NOMEM: return "out of memory";
	case FC_ERR_UNSUPPORTED: return "not supported";
	case FC_ERR_INTERNAL: return "internal error";
	}
	return "unknown error";
}

const char *fc_err_str(const struct fc_err *err, char *buf, unsigned size)
{
	if (err->file[0] && err->line)
		snprintf(buf, size, "%s:%u: %s", err->file, err->line, err->msg);
	else if (err->file[0])
		snprintf(buf, size, "%s: %s", err->file, err->msg);
	else if (err->line)
		snprintf(buf, size, "line %u: %s", err->line, err->msg);
	else
		snprintf(buf, size, "%s", err->msg);
	return buf;
}
