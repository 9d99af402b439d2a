/* SPDX-License-Identifier: MIT */
/* Agentless capture of a Linux host over SSH (linux_capture.c). */
#ifndef FC_LINUX_CAPTURE_H
#define FC_LINUX_CAPTURE_H

#include <stddef.h>

#include "util/err.h"

/* The sh script collection sends to a node without fabcheck. */
extern const char fc_linux_capture_script[];

struct fc_memfs;
/* Unpacks a capture into mem (fs.h): files under their paths, tool outputs under
 * /.fabcheck-outputs/. The contents are slices of text, which must outlive mem. FC_ERR_INPUT
 * with *line and what was expected in why; the tree's bounds (entries, bytes) are errors too. */
enum fc_rc fc_linux_capture_unpack(const char *text, size_t len, struct fc_memfs *mem, unsigned *line, char *why,
				   size_t whysz);

/* The host document a capture gives: unpacked in memory, then the probe's builder with the
 * agentless ops. *json is malloc'd; *line names the capture line of an error. */
enum fc_rc fc_linux_capture_to_doc(const char *text, size_t len, char **json, unsigned *line, char *why, size_t whysz);

#endif
