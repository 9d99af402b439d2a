/* SPDX-License-Identifier: MIT */
/* Files written whole or not at all: a temporary file made safely beside the target (mkostemp in the
 * target's directory: O_CREAT|O_EXCL, so a planted symlink or file is never followed or truncated),
 * renamed over it once complete, and removed if the process is interrupted (SIGINT, SIGTERM, SIGHUP)
 * before that. */
#ifndef FC_TMPFILE_H
#define FC_TMPFILE_H

#include <stddef.h>

#include "util/err.h"

/* A temporary file for target, in its directory, named ".NAME.XXXXXX", open for writing (O_CLOEXEC),
 * with the mode a file created by open(0666) would get under the process's umask: its descriptor,
 * and its path in tmp (tmpsz bytes). It is registered for removal on SIGINT, SIGTERM and SIGHUP
 * (the handlers are installed at the first call) until fc_tmp_commit or fc_tmp_discard. -1 with
 * FC_ERR_IO in err, naming target, when it cannot be made. */
int fc_tmp_create(const char *target, char *tmp, size_t tmpsz, struct fc_err *err);
/* Renames tmp over target (atomic within the directory) and unregisters it; on failure tmp is
 * removed. FC_ERR_IO naming target. */
enum fc_rc fc_tmp_commit(const char *tmp, const char *target, struct fc_err *err);
/* Removes tmp and unregisters it (a write that failed). */
void fc_tmp_discard(const char *tmp);

#endif
