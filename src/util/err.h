/* SPDX-License-Identifier: MIT */
/* The one result convention of fabcheck: functions return enum fc_rc and, on failure, fill a
 * struct fc_err with the file and line of the input that caused it and what was expected. */
#ifndef FC_ERR_H
#define FC_ERR_H

#include <stdarg.h>

enum fc_rc {
	FC_OK = 0,
	FC_ERR_USAGE,    /* bad command line */
	FC_ERR_INPUT,    /* malformed or inconsistent input file */
	FC_ERR_IO,       /* a file could not be read or written */
	FC_ERR_NOMEM,    /* allocation failed or a size cap was hit */
	FC_ERR_UNSUPPORTED, /* asked for something this build does not do */
	FC_ERR_INTERNAL, /* a bug in fabcheck */
};

struct fc_err {
	enum fc_rc rc;
	char file[512];  /* input file, "" when none */
	unsigned line;   /* 1-based, 0 when not known */
	char msg[1024];
};

/* Records the error (first one wins: later calls do not overwrite it) and returns rc. */
enum fc_rc fc_err_set(struct fc_err *err, enum fc_rc rc, const char *file, unsigned line,
		      const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void fc_err_clear(struct fc_err *err);
const char *fc_rc_name(enum fc_rc rc);
/* Formats "file:line: message" (or "file: message", or "message") into buf. */
const char *fc_err_str(const struct fc_err *err, char *buf, unsigned size);

#endif
