/* SPDX-License-Identifier: MIT */
/* Growable byte buffer with a hard cap (after curl's dynbuf): vendor replies can be huge or
 * hostile, so every buffer states how large it may get. Frees itself when an append fails. */
#ifndef FC_BUF_H
#define FC_BUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "util/err.h"

struct fc_buf {
	char *data;   /* NUL-terminated; owned */
	size_t len, cap, max;
};

void fc_buf_init(struct fc_buf *b, size_t max);
void fc_buf_free(struct fc_buf *b);
enum fc_rc fc_buf_add(struct fc_buf *b, const void *p, size_t n);
enum fc_rc fc_buf_addf(struct fc_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Makes room for n bytes in all (within the cap) so that adds up to it do not reallocate. */
enum fc_rc fc_buf_reserve(struct fc_buf *b, size_t n);

/* Reads a whole regular file (at most max bytes) into b; errors name the file. A FIFO, device or
 * socket is refused without reading, and so is a file whose size is over max. */
enum fc_rc fc_read_file(const char *path, size_t max, struct fc_buf *b, struct fc_err *err);
/* fc_read_file's refusals (not a regular file, over max) for fd, which may be an O_PATH one: a
 * file can be refused before it is opened for reading. */
enum fc_rc fc_check_regular(int fd, const char *path, size_t max, struct fc_err *err);
/* The same on an open descriptor (not closed); path only names it in errors. */
enum fc_rc fc_read_fd(int fd, const char *path, size_t max, struct fc_buf *b, struct fc_err *err);
/* A whole input file, read-only, as the parsers take it: a large one is mapped (no copy into the
 * process, no page of it written; the kernel's zero fill after its end is the NUL the readers
 * stop at), a small one, or one whose size is a whole number of pages, is read into buf. The
 * file must not shrink while it is in use (a snapshot in a CI checkout does not). */
struct fc_input {
	const char *data;   /* NUL-terminated */
	size_t len;
	void *map;          /* the mapping, NULL when read */
	size_t maplen;
	struct fc_buf buf;  /* the bytes when read */
};

#define FC_INPUT_MAP_MIN (256u * 1024u)   /* below this a read is cheaper than a mapping */

/* fc_read_fd's checks and refusals, into in (release with fc_input_free). */
enum fc_rc fc_input_fd(int fd, const char *path, size_t max, struct fc_input *in, struct fc_err *err);
enum fc_rc fc_input_file(const char *path, size_t max, struct fc_input *in, struct fc_err *err);
void fc_input_free(struct fc_input *in);
/* Writes data to path (created or truncated), without fsync: for files inside a directory that
 * is itself renamed into place once complete. */
enum fc_rc fc_write_file(const char *path, const void *data, size_t len, struct fc_err *err);
/* Writes data to path via a temporary file and rename, so readers never see half a file. */
enum fc_rc fc_write_file_atomic(const char *path, const void *data, size_t len, struct fc_err *err);

#define FC_MAX_INPUT_FILE (256u * 1024u * 1024u)

#endif

/* snprintf for paths: on truncation the result is "" (which no open() accepts) and false. */
bool fc_pathf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
