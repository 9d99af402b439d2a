/* SPDX-License-Identifier: MIT */
/* The one result convention of fabcheck: functions return enum fc_rc (or bool where the answer
 * is yes or no) and, on failure, fill a struct fc_err with the file and line of the input that
 * caused it and what was expected. A reader that sees only text (a parser given a buffer) records
 * the line; the caller that knows where the text came from adds the file (fc_err_locate), so
 * file:line survives every step. The first error recorded wins: a caller that tries again after a
 * failure it recovers from clears the record first (fc_err_clear). */
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

/* 776 bytes: the probe keeps one per kernel query on its stack. A file name longer than the field
 * keeps its end ("...devices/leaf1/show_running-config.txt"), the part that says which file. */
struct fc_err {
	enum fc_rc rc;
	unsigned line;   /* 1-based, 0 when not known */
	char file[256];  /* input file, "" when none */
	char msg[512];
};

/* Records the error (first one wins: later calls do not overwrite it) and returns rc. err may be
 * NULL where the caller does not want the reason (an optional read). */
enum fc_rc fc_err_set(struct fc_err *err, enum fc_rc rc, const char *file, unsigned line,
		      const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void fc_err_clear(struct fc_err *err);
/* The bridge from a reader that saw only text (or a value) to where that text is: an error without
 * a file gets file, and its line, counted in the text, becomes the file's (first: the file's line
 * the text starts on, 1 for a whole file); an error with no line gets first itself (the line that
 * gave the value). An error that names its file already is left as it is. */
void fc_err_locate(struct fc_err *err, const char *file, unsigned first);
/* Records from's error in err as it is (first one wins) and returns its rc: a reason kept aside
 * while an alternative was tried. */
enum fc_rc fc_err_take(struct fc_err *err, const struct fc_err *from);
/* Puts context before the message ("'ethtool eth0' not understood: " + what was expected). */
void fc_err_prefix(struct fc_err *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *fc_rc_name(enum fc_rc rc);
/* Formats "file:line: message" (or "file: message", "line N: message", "message") into buf. */
const char *fc_err_str(const struct fc_err *err, char *buf, unsigned size);

#endif
