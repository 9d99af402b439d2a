/* SPDX-License-Identifier: MIT */
/* A stream whose writes reach its file descriptor on a thread of their own: a fleet's JSON or
 * SARIF report is gigabytes, and copying them into the page cache took as long as formatting
 * them; with two cores one formats while the other writes. */
#ifndef FC_BGWRITE_H
#define FC_BGWRITE_H

#include <stdio.h>

/* A FILE writing to fd (which it owns and closes) through chunks of chunk bytes handed to a writer
 * thread; NULL (errno set, fd left open) when it cannot be made. fclose() waits for every byte,
 * closes fd and returns EOF with errno set if a write failed: a failed write also makes the
 * stream's later writes fail, so ferror() sees it. */
FILE *fc_bgwrite_open(int fd, size_t chunk);

#endif
