/* SPDX-License-Identifier: MIT */
/* NETCONF framing (RFC 6242): see netconf_frame.h. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transport/netconf_frame.h"

#define EOM "]]>]]>"
#define EOM_LEN 6

void fc_nc_dec_init(struct fc_nc_dec *d, enum fc_nc_framing mode, size_t max)
{
	memset(d, 0, sizeof(*d));
	fc_err_clear(&d->err);
	d->mode = mode;
	d->max = max;
	/* what is received ahead of a message: its framing, and the start of the next */
	fc_buf_init(&d->in, max + 64 * 1024);
	fc_buf_init(&d->cur, max);
}

void fc_nc_dec_free(struct fc_nc_dec *d)
{
	fc_buf_free(&d->in);
	fc_buf_free(&d->cur);
	d->pos = d->scanned = 0;
}

void fc_nc_dec_set_mode(struct fc_nc_dec *d, enum fc_nc_framing mode)
{
	d->mode = mode;
	d->scanned = 0;
}

/* Drops the bytes already taken once they are half of what is held. */
static void compact(struct fc_nc_dec *d)
{
	if (!d->pos || d->pos < d->in.len / 2)
		return;
	memmove(d->in.data, d->in.data + d->pos, d->in.len - d->pos);
	d->in.len -= d->pos;
	d->in.data[d->in.len] = '\0';
	d->pos = 0;
}

enum fc_rc fc_nc_dec_push(struct fc_nc_dec *d, const void *data, size_t n)
{
	compact(d);
	return fc_buf_add(&d->in, data, n);
}

static enum fc_nc_take bad(struct fc_nc_dec *d, const char *what)
{
	fc_err_set(&d->err, FC_ERR_INPUT, NULL, 0, "%s", what);
	return FC_NC_BAD;
}

static enum fc_nc_take take_eom(struct fc_nc_dec *d, struct fc_buf *msg)
{
	const char *p = d->in.data + d->pos, *q;
	size_t avail = d->in.len - d->pos, from = d->scanned > EOM_LEN - 1 ? d->scanned - (EOM_LEN - 1) : 0;

	q = avail > from ? memmem(p + from, avail - from, EOM, EOM_LEN) : NULL;
	if (!q) {
		d->scanned = avail;
		if (avail > d->max + EOM_LEN) {
			char why[160];

			snprintf(why, sizeof(why), "no end-of-message marker ]]>]]> within %zu bytes", d->max);
			return bad(d, why);
		}
		return FC_NC_MORE;
	}
	if (fc_buf_add(msg, p, (size_t)(q - p)) != FC_OK)
		return bad(d, "out of memory for a message");
	d->pos += (size_t)(q - p) + EOM_LEN;
	d->scanned = 0;
	return FC_NC_MESSAGE;
}

/* chunk = LF '#' chunk-size LF chunk-data; end-of-chunks = LF '#' '#' LF (RFC 6242 4.2). Complete
 * chunks are moved into d->cur as they arrive; the message is given at its end-of-chunks. */
static enum fc_nc_take take_chunked(struct fc_nc_dec *d, struct fc_buf *msg)
{
	for (;;) {
		const char *p = d->in.data + d->pos;
		size_t avail = d->in.len - d->pos, i;
		uint64_t size = 0;

		if (avail >= 1 && p[0] != '\n')
			return bad(d, "a chunk does not start with a line feed");
		if (avail >= 2 && p[1] != '#')
			return bad(d, "a chunk header does not start with '#'");
		if (avail < 3)
			return FC_NC_MORE;
		if (p[2] == '#') {
			if (avail < 4)
				return FC_NC_MORE;
			if (p[3] != '\n')
				return bad(d, "the end-of-chunks marker is not \"\\n##\\n\"");
			if (!d->cur.len)
				return bad(d, "end-of-chunks without a chunk (an empty message)");
			d->pos += 4;
			*msg = d->cur;
			fc_buf_init(&d->cur, d->max);
			return FC_NC_MESSAGE;
		}
		if (p[2] < '1' || p[2] > '9')
			return bad(d, "a chunk size is not a number from 1 to 4294967295");
		for (i = 2; i < avail && p[i] >= '0' && p[i] <= '9'; i++) {
			size = size * 10 + (uint64_t)(p[i] - '0');
			if (i - 2 >= 10 || size > UINT32_MAX)
				return bad(d, "a chunk size over 4294967295");
		}
		if (i == avail)
			return FC_NC_MORE;
		if (p[i] != '\n')
			return bad(d, "a chunk size is not followed by a line feed");
		if (size > d->max - d->cur.len) {
			char why[160];

			snprintf(why, sizeof(why), "a message over %zu bytes", d->max);
			return bad(d, why);
		}
		if (avail - (i + 1) < size)
			return FC_NC_MORE;
		if (fc_buf_add(&d->cur, p + i + 1, (size_t)size) != FC_OK)
			return bad(d, "out of memory for a message");
		d->pos += i + 1 + (size_t)size;
	}
}

enum fc_nc_take fc_nc_dec_take(struct fc_nc_dec *d, struct fc_buf *msg)
{
	fc_buf_init(msg, d->max);
	if (!d->in.data)
		return FC_NC_MORE;
	return d->mode == FC_NC_EOM ? take_eom(d, msg) : take_chunked(d, msg);
}

enum fc_rc fc_nc_frame(struct fc_buf *out, enum fc_nc_framing mode, const char *body, size_t len)
{
	if (mode == FC_NC_EOM)
		return fc_buf_add(out, body, len) == FC_OK ? fc_buf_add(out, EOM, EOM_LEN) : FC_ERR_NOMEM;
	if (!len)
		return FC_ERR_INPUT;   /* a chunk has 1 byte at least */
	return fc_buf_addf(out, "\n#%zu\n", len) == FC_OK && fc_buf_add(out, body, len) == FC_OK
		       ? fc_buf_add(out, "\n##\n", 4)
		       : FC_ERR_NOMEM;
}
