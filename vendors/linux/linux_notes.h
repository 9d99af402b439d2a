/* SPDX-License-Identifier: MIT */
/* A host document's warnings and not_understood entries onto its device (linux_notes.c). */
#ifndef FC_LINUX_NOTES_H
#define FC_LINUX_NOTES_H

#include "adapter/adapter.h"

/* The document's warnings (the probe could not read part of the host) and not_understood (an output
 * the probe had that a reader refused) onto c->dev; FC_ERR_INPUT at the line of an entry that is
 * not one, FC_ERR_NOMEM. */
enum fc_rc fc_linux_doc_notes(struct fc_parse_ctx *c, const struct doc *d);

#endif
