/* SPDX-License-Identifier: MIT */
/* NETCONF framing (RFC 6242): messages come out whole however the bytes are split on the way (every
 * split point of a stream with several messages, in both framings); what RFC 6242 forbids is
 * refused with a reason (a size with a leading zero, over 4294967295, a missing line feed, an empty
 * message); a message over the cap is refused, not cut; the encoder's output decodes to the input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "transport/netconf_frame.h"

/* Decodes stream fed in pieces of step bytes (0: all at once): the messages joined by '|' into out
 * (initialised here), a refusal's reason into err. */
static enum fc_nc_take decode(enum fc_nc_framing mode, const char *stream, size_t len, size_t step, size_t max,
			      struct fc_buf *out, struct fc_err *err)
{
	struct fc_nc_dec d;
	size_t off = 0;
	enum fc_nc_take last = FC_NC_MORE;

	fc_buf_init(out, 1 << 20);
	assert_int_equal(fc_buf_add(out, "", 0), FC_OK);
	fc_nc_dec_init(&d, mode, max);
	while (off < len) {
		size_t n = step && len - off > step ? step : len - off;
		struct fc_buf m;

		assert_int_equal(fc_nc_dec_push(&d, stream + off, n), FC_OK);
		off += n;
		while ((last = fc_nc_dec_take(&d, &m)) == FC_NC_MESSAGE) {
			if (out->len)
				assert_int_equal(fc_buf_add(out, "|", 1), FC_OK);
			assert_int_equal(fc_buf_add(out, m.data, m.len), FC_OK);
			fc_buf_free(&m);
		}
		fc_buf_free(&m);
		if (last == FC_NC_BAD)
			break;
	}
	*err = d.err;
	fc_nc_dec_free(&d);
	return last;
}

static void every_split_chunked(void **state)
{
	static const char s[] = "\n#4\n<rpc\n#18\n-reply><ok/></rpc-\n#6\nreply>\n##\n\n#9\n<a>b</a>\n\n##\n";
	struct fc_buf out;
	struct fc_err err;
	size_t step;

	(void)state;
	for (step = 0; step < sizeof(s); step++) {
		assert_int_equal(decode(FC_NC_CHUNKED, s, sizeof(s) - 1, step, 1024, &out, &err), FC_NC_MORE);
		assert_string_equal(out.data, "<rpc-reply><ok/></rpc-reply>|<a>b</a>\n");
		fc_buf_free(&out);
	}
}

static void every_split_eom(void **state)
{
	static const char s[] = "<hello/>]]>]]>\n<x>]]>]]</x>]]>]]>";
	struct fc_buf out;
	struct fc_err err;
	size_t step;

	(void)state;
	for (step = 0; step < sizeof(s); step++) {
		decode(FC_NC_EOM, s, sizeof(s) - 1, step, 1024, &out, &err);
		assert_string_equal(out.data, "<hello/>|\n<x>]]>]]</x>");
		fc_buf_free(&out);
	}
}

static void refusals(void **state)
{
	static const struct {
		const char *in, *why;
	} bad[] = {
		{ "\n#0\n", "not a number from 1" },
		{ "\n#012\nabcdefghijkl\n##\n", "not a number from 1" },
		{ "\n#4294967296\n", "over 4294967295" },
		{ "\n#99999999999", "over 4294967295" },
		{ "\n#3x\nabc", "not followed by a line feed" },
		{ "#3\nabc\n##\n", "does not start with a line feed" },
		{ "\n+3\nabc", "does not start with '#'" },
		{ "\n##\n", "empty message" },
		{ "\n#3\nabc\n##x", "end-of-chunks marker" },
		{ "\n#2000\n", "a message over 1024 bytes" },
	};
	struct fc_buf out;
	struct fc_err err;
	size_t k;

	(void)state;
	for (k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		assert_int_equal(decode(FC_NC_CHUNKED, bad[k].in, strlen(bad[k].in), 1, 1024, &out, &err), FC_NC_BAD);
		if (!strstr(err.msg, bad[k].why))
			fail_msg("%s: '%s', expected '%s'", bad[k].in, err.msg, bad[k].why);
		fc_buf_free(&out);
	}
}

static void eom_over_cap(void **state)
{
	char big[2100];
	struct fc_buf out;
	struct fc_err err;

	(void)state;
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(decode(FC_NC_EOM, big, strlen(big), 100, 1024, &out, &err), FC_NC_BAD);
	assert_non_null(strstr(err.msg, "no end-of-message marker ]]>]]> within 1024 bytes"));
	assert_string_equal(out.data, "");
	fc_buf_free(&out);
}

static void round_trip(void **state)
{
	static const char *const msgs[] = { "<rpc message-id=\"1\"><get/></rpc>", "x", "\n#5\n##\n]]>]]>" };
	struct fc_buf b, out;
	struct fc_err err;
	size_t k;

	(void)state;
	fc_buf_init(&b, 4096);
	for (k = 0; k < 3; k++)
		assert_int_equal(fc_nc_frame(&b, FC_NC_CHUNKED, msgs[k], strlen(msgs[k])), FC_OK);
	assert_int_equal(fc_nc_frame(&b, FC_NC_CHUNKED, "", 0), FC_ERR_INPUT);
	decode(FC_NC_CHUNKED, b.data, b.len, 3, 1024, &out, &err);
	assert_string_equal(out.data, "<rpc message-id=\"1\"><get/></rpc>|x|\n#5\n##\n]]>]]>");
	fc_buf_free(&out);
	fc_buf_free(&b);
	fc_buf_init(&b, 4096);
	assert_int_equal(fc_nc_frame(&b, FC_NC_EOM, msgs[0], strlen(msgs[0])), FC_OK);
	assert_string_equal(b.data, "<rpc message-id=\"1\"><get/></rpc>]]>]]>");
	fc_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_split_chunked), cmocka_unit_test(every_split_eom), cmocka_unit_test(refusals),
		cmocka_unit_test(eom_over_cap), cmocka_unit_test(round_trip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
