/* SPDX-License-Identifier: MIT */
/* NETCONF message framing over SSH (RFC 6242, "Using the NETCONF Protocol over Secure Shell"):
 * base:1.0's end-of-message marker "]]>]]>" (section 4.3, kept for the hello and for servers that
 * speak only base:1.0) and base:1.1's chunked framing ("\n#LEN\n" DATA ... "\n##\n", section 4.2),
 * both ways. The decoder takes bytes as they arrive and gives back whole messages; it never trusts
 * a length it has not checked: a chunk size must be 1 to 4294967295 without leading zeros, and a
 * message stays within the cap the caller sets. Pure code: no I/O (the transport, tests and the
 * fuzz harness drive it). */
#ifndef FC_NETCONF_FRAME_H
#define FC_NETCONF_FRAME_H

#include <stddef.h>

#include "util/buf.h"

enum fc_nc_framing { FC_NC_EOM, FC_NC_CHUNKED };

enum fc_nc_take { FC_NC_MORE, FC_NC_MESSAGE, FC_NC_BAD };

struct fc_nc_dec {
	enum fc_nc_framing mode;
	struct fc_buf in;     /* bytes received and not yet taken; in.data + pos is the next */
	size_t pos;
	struct fc_buf cur;    /* chunked: the message being assembled from its chunks */
	size_t scanned;       /* EOM: bytes from pos already searched for the marker */
	size_t max;           /* the largest message taken */
	struct fc_err err;    /* FC_NC_BAD: what was wrong */
};

/* A decoder in mode (a session starts in FC_NC_EOM: the hello is always framed so) taking messages
 * of at most max bytes. fc_nc_dec_free releases what it holds. */
void fc_nc_dec_init(struct fc_nc_dec *d, enum fc_nc_framing mode, size_t max);
void fc_nc_dec_free(struct fc_nc_dec *d);
/* Switches framing after the hello (RFC 6242 4.1: both sides advertised base:1.1). */
void fc_nc_dec_set_mode(struct fc_nc_dec *d, enum fc_nc_framing mode);
/* Appends received bytes; FC_ERR_NOMEM past the cap. */
enum fc_rc fc_nc_dec_push(struct fc_nc_dec *d, const void *data, size_t n);
/* The next whole message into msg (initialised here, the caller frees it): FC_NC_MESSAGE, or
 * FC_NC_MORE when more bytes are needed, or FC_NC_BAD with d->err set (the stream cannot be read
 * further). */
enum fc_nc_take fc_nc_dec_take(struct fc_nc_dec *d, struct fc_buf *msg);

/* Appends body, one message, framed in mode to out. */
enum fc_rc fc_nc_frame(struct fc_buf *out, enum fc_nc_framing mode, const char *body, size_t len);

#endif
