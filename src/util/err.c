/* SPDX-License-Identifier: MIT */
/* The error record behind enum fc_rc. */
#include "util/err.h"

#include <stdio.h>
#include <string.h>

#include "util/text.h"

enum fc_rc fc_err_set(struct fc_err *err, enum fc_rc rc, const char *file, unsigned line,
		      const char *fmt, ...)
{
	va_list ap;
	char msg[sizeof(err->msg)];

	if (!err || err->rc != FC_OK)
		return rc;
	err->rc = rc;
	/* messages quote inputs (device errors, file names): escaped like everything a report shows */
	fc_text_clean_buf(err->file, sizeof(err->file), file ? file : "");
	err->line = line;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fc_text_clean_buf(err->msg, sizeof(err->msg), msg);
	return rc;
}

void fc_err_clear(struct fc_err *err)
{
	memset(err, 0, sizeof(*err));
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
	else
		snprintf(buf, size, "%s", err->msg);
	return buf;
}
