/* SPDX-License-Identifier: MIT */
/* Agentless capture of a Linux host over SSH (linux_capture.c). */
#ifndef FC_LINUX_CAPTURE_H
#define FC_LINUX_CAPTURE_H

#include <stddef.h>

#include "util/err.h"

/* The sh script collection sends to a node without fabcheck. */
extern const char fc_linux_capture_script[];

/* Unpacks a capture into the tree at root (files under their paths, tool outputs under
 * .fabcheck-outputs/). FC_ERR_INPUT with "line N: ..." in why. */
enum fc_rc fc_linux_capture_unpack(const char *text, const char *root, char *why, size_t whysz);

/* The host document a capture gives: unpacked into a temporary tree (removed after), then the
 * probe's builder with the agentless ops. *json is malloc'd. */
enum fc_rc fc_linux_capture_to_doc(const char *text, char **json, char *why, size_t whysz);

#endif
