/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: the CLI-noise cleaner's fast path against its general path on any text
 * (the first byte picks the command the output claims to answer): the same output, or a crash;
 * and for a reader that drops line ends itself, the text it reads uncopied is the same once they
 * are dropped. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/cli_text.h"

/* Whether text, each line without its trailing blanks and CRs, is clean[0..n). */
static int ends_match(const char *text, size_t len, const char *clean, size_t n)
{
	size_t i = 0, o = 0;

	while (i < len) {
		const char *e = memchr(text + i, '\n', len - i);
		size_t l = e ? (size_t)(e - (text + i)) : len - i, k = l;

		while (k && (text[i + k - 1] == ' ' || text[i + k - 1] == '\r'))
			k--;
		if (o + k + (e ? 1 : 0) > n || memcmp(clean + o, text + i, k) || (e && clean[o + k] != '\n'))
			return 0;
		o += k + (e ? 1 : 0);
		i += l + (e ? 1 : 0);
	}
	return o == n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const cmds[] = { NULL, "show interface", "show running-config", "x" };
	struct fc_buf a, b;
	const char *cmd, *ta, *tb;
	char *text;
	size_t la, lb;

	if (!size)
		return 0;
	cmd = cmds[data[0] & 3];
	/* the readers see NUL-terminated text without NUL bytes (fc_adapter_parse refuses those) */
	if (!(text = malloc(size)))
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	size = strlen(text);
	if (fc_cli_clean(cmd, text, size, &a) != FC_OK || fc_cli_clean_general(cmd, text, size, &b) != FC_OK)
		abort();
	ta = a.data ? a.data : text, la = a.data ? a.len : size;
	tb = b.data ? b.data : text, lb = b.data ? b.len : size;
	if (la != lb || memcmp(ta, tb, la))
		abort();   /* the fast path gave what the general one would not */
	fc_buf_free(&a);
	/* a reader that drops line ends itself: the text as it is, or the general path's copy */
	if (fc_cli_clean_for(cmd, text, size, true, &a) != FC_OK)
		abort();
	if (a.data ? a.len != lb || memcmp(a.data, tb, lb) : !ends_match(text, size, tb, lb))
		abort();
	fc_buf_free(&a);
	fc_buf_free(&b);
	free(text);
	return 0;
}
