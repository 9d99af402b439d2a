/* SPDX-License-Identifier: MIT */
/* Agentless capture of a Linux host over SSH (linux_capture.c). */
#ifndef FC_LINUX_CAPTURE_H
#define FC_LINUX_CAPTURE_H

#include <stddef.h>

#include "util/err.h"

/* The sh script collection sends to a node without fabcheck. */
extern const char fc_linux_capture_script[];

struct fc_memfs;
/* Unpacks a capture (file names it) into mem (fs.h): files under their paths, tool outputs under
 * /.fabcheck-outputs/, each knowing the capture line it starts on. The contents are slices of
 * text, which must outlive mem. FC_ERR_INPUT at file:line with what was expected; the tree's
 * bounds (entries, bytes) are errors too. */
enum fc_rc fc_linux_capture_unpack(const char *file, const char *text, size_t len, struct fc_memfs *mem,
				   struct fc_err *err);

/* The host document a capture gives: unpacked in memory, then the probe's builder with the
 * agentless ops (what they cannot read cites the capture's file and line). *json is malloc'd. */
enum fc_rc fc_linux_capture_to_doc(const char *file, const char *text, size_t len, char **json, struct fc_err *err);

#endif
