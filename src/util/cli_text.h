/* SPDX-License-Identifier: MIT */
/* The noise a saved terminal session carries, removed in one place before any parser sees a CLI
 * output: the prompt line with the command at the top and the bare prompt at the bottom, CR LF
 * and CR CR LF, what the terminal itself would have overwritten (a " --More-- " pager redrawn with
 * CR or backspaces, ANSI erase sequences), a pager prompt glued to the start of a line, tabs
 * (expanded to 8-column stops), trailing blanks, and an indentation the whole output shares
 * (pasted into a ticket). Every line keeps its number, so values still cite file:line. */
#ifndef FC_CLI_TEXT_H
#define FC_CLI_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"

/* The clean form of text[0..len) into out (initialised here, capped at 8 * len + 64: tabs
 * expand); out->data stays NULL when the text needs no change (the common case: no copy).
 * command (may be NULL) is what produced the output: a first line that is a prompt followed by
 * it is the echoed command. FC_ERR_NOMEM when out of memory. */
enum fc_rc fc_cli_clean(const char *command, const char *text, size_t len, struct fc_buf *out);
/* The same for a reader that drops the blanks and CRs at the end of every line itself
 * (ends_kept): where they are all the noise there is, out->data stays NULL and the reader reads
 * the text as it is, without a copy; any other noise is cleaned as fc_cli_clean does. */
enum fc_rc fc_cli_clean_for(const char *command, const char *text, size_t len, bool ends_kept, struct fc_buf *out);
/* The same by the general path alone (each line rendered, compacted): fc_cli_clean takes a faster
 * one when blanks and CRs at the ends of lines are all the noise there is, and
 * tests/unit/test_cli_text.c holds the two to the same output. */
enum fc_rc fc_cli_clean_general(const char *command, const char *text, size_t len, struct fc_buf *out);

#endif
