/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: NETCONF framing (RFC 6242) on hostile streams. The first byte picks the
 * framing (bit 0: chunked) and how the stream is cut on arrival (the rest: piece size, 0 = whole);
 * every message taken is within the cap, and framed again and decoded it comes back the same. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "transport/netconf_frame.h"

#define CAP 4096

static void round_trip(const struct fc_buf *m)
{
	struct fc_nc_dec d;
	struct fc_buf b, again;

	fc_buf_init(&b, 2 * CAP);
	if (fc_nc_frame(&b, FC_NC_CHUNKED, m->data, m->len) != FC_OK)
		abort();
	fc_nc_dec_init(&d, FC_NC_CHUNKED, CAP);
	if (fc_nc_dec_push(&d, b.data, b.len) != FC_OK || fc_nc_dec_take(&d, &again) != FC_NC_MESSAGE ||
	    again.len != m->len || memcmp(again.data, m->data, m->len))
		abort();
	fc_buf_free(&again);
	fc_nc_dec_free(&d);
	fc_buf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fc_nc_dec d;
	size_t step, off = 1;
	enum fc_nc_take t = FC_NC_MORE;

	if (!size)
		return 0;
	step = data[0] >> 1;
	fc_nc_dec_init(&d, data[0] & 1 ? FC_NC_CHUNKED : FC_NC_EOM, CAP);
	while (off < size && t != FC_NC_BAD) {
		size_t n = step && size - off > step ? step : size - off;
		struct fc_buf m;

		if (fc_nc_dec_push(&d, data + off, n) != FC_OK)
			break;   /* over the cap of what is held: refused */
		off += n;
		while ((t = fc_nc_dec_take(&d, &m)) == FC_NC_MESSAGE) {
			if (m.len > CAP)
				abort();
			if (m.len)
				round_trip(&m);
			fc_buf_free(&m);
		}
		fc_buf_free(&m);
		if (t == FC_NC_BAD && !d.err.msg[0])
			abort();   /* a refusal says why */
	}
	fc_nc_dec_free(&d);
	return 0;
}
