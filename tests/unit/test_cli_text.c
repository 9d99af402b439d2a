/* SPDX-License-Identifier: MIT */
/* The CLI-noise cleaner's fast path (blanks and CRs at the ends of lines, cut a run at a time)
 * against its general path (every line rendered as a terminal would), on generated texts: the
 * same output for every one, and no copy when there is nothing to cut. */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/cli_text.h"

/* xorshift64: reproducible texts */
static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* A text of NX-OS-like lines with, by chance, trailing blanks, CR LF, CR CR LF, blank-only
 * lines, an indented line, a prompt first or last, and now and then a byte the general path
 * alone renders (tab, BS, ESC, a CR inside a line, a pager prompt). */
static size_t gen(uint64_t *s, char *buf, size_t cap)
{
	static const char *const words[] = { "Ethernet1/1", "is", "up", "admin", "state", "MTU", "9216", "bytes,",
					     "BW", "100000000", "Kbit", "leaf1#", "show", "interface", ">", "--More--",
					     "", "a#b", "$", "x" };
	size_t n = 0, lines = next(s) % 12, l;

	for (l = 0; l < lines && n + 200 < cap; l++) {
		size_t k = next(s) % 6, w;
		unsigned r = (unsigned)(next(s) % 100);

		if (r < 8)
			n += (size_t)snprintf(buf + n, cap - n, "  ");
		for (w = 0; w < k; w++)
			n += (size_t)snprintf(buf + n, cap - n, "%s%s", w ? " " : "", words[next(s) % 20]);
		r = (unsigned)(next(s) % 100);
		if (r < 25)
			n += (size_t)snprintf(buf + n, cap - n, "%.*s", (int)(next(s) % 4 + 1), "    ");
		else if (r < 35)
			buf[n++] = '\r';
		else if (r < 40)
			n += (size_t)snprintf(buf + n, cap - n, "\r\r");
		else if (r < 43)
			n += (size_t)snprintf(buf + n, cap - n, " \r ");
		else if (r < 45)
			buf[n++] = "\t\b\x1b\r"[next(s) % 4], buf[n++] = 'z';
		if (l + 1 < lines || next(s) % 2)
			buf[n++] = '\n';
	}
	buf[n] = '\0';
	return n;
}

/* What a reader that drops line ends itself sees of text: each line without its trailing blanks
 * and CRs (into out, cap bytes at least n + 1). */
static size_t ends_dropped(const char *text, size_t n, char *out)
{
	size_t i = 0, o = 0;

	while (i < n) {
		const char *e = memchr(text + i, '\n', n - i);
		size_t l = e ? (size_t)(e - (text + i)) : n - i, k = l;

		while (k && (text[i + k - 1] == ' ' || text[i + k - 1] == '\r'))
			k--;
		memcpy(out + o, text + i, k);
		o += k;
		if (e)
			out[o++] = '\n';
		i += l + (e ? 1 : 0);
	}
	out[o] = '\0';
	return o;
}

static void fast_path_is_the_general_path(void **state)
{
	static const char *const cmds[] = { NULL, "show interface", "show running-config" };
	char text[4096], view[4096];
	uint64_t s = 0x9e3779b97f4a7c15ULL;
	unsigned i, copied = 0, untouched = 0, kept = 0;

	(void)state;
	for (i = 0; i < 200000; i++) {
		size_t n = gen(&s, text, sizeof(text));
		const char *cmd = cmds[i % 3];
		struct fc_buf a, b;
		const char *ta, *tb;
		size_t la, lb;
		bool was_copied;

		assert_int_equal(fc_cli_clean(cmd, text, n, &a), FC_OK);
		assert_int_equal(fc_cli_clean_general(cmd, text, n, &b), FC_OK);
		ta = a.data ? a.data : text, la = a.data ? a.len : n;
		tb = b.data ? b.data : text, lb = b.data ? b.len : n;
		if (la != lb || memcmp(ta, tb, la)) {
			fprintf(stderr, "case %u, command %s:\n[%s]\nfast: [%.*s]\ngeneral: [%.*s]\n", i, cmd ? cmd : "-", text,
				(int)la, ta, (int)lb, tb);
			fail();
		}
		was_copied = a.data != NULL;
		if (a.data)
			copied++;
		else
			untouched++;
		fc_buf_free(&a);
		/* a reader that drops line ends itself reads what the general path gives, copied or not */
		assert_int_equal(fc_cli_clean_for(cmd, text, n, true, &a), FC_OK);
		if (a.data) {
			ta = a.data, la = a.len;
		} else {
			la = ends_dropped(text, n, view);
			ta = view;
			kept += was_copied;
		}
		if (la != lb || memcmp(ta, tb, la)) {
			fprintf(stderr, "case %u, ends kept, command %s:\n[%s]\nread: [%.*s]\ngeneral: [%.*s]\n", i,
				cmd ? cmd : "-", text, (int)la, ta, (int)lb, tb);
			fail();
		}
		fc_buf_free(&a);
		fc_buf_free(&b);
	}
	assert_true(kept > 1000);   /* texts copied to cut line ends were read uncopied when kept */
	/* both kinds occurred: the comparison covered the cut and the untouched text */
	assert_true(copied > 1000 && untouched > 1000);
}

/* Nothing to cut: no copy, whatever path decides it. */
static void clean_text_is_not_copied(void **state)
{
	static const char text[] = "Ethernet1/1 is up\n  MTU 9216 bytes\n\nEthernet1/2 is down\n";
	struct fc_buf b;

	(void)state;
	assert_int_equal(fc_cli_clean("show interface", text, sizeof(text) - 1, &b), FC_OK);
	assert_null(b.data);
}

/* Trailing blanks cut, each line keeping its number. */
static void line_ends_cut_lines_kept(void **state)
{
	static const char text[] = "Ethernet1/1 is up  \r\n  MTU 9216 bytes\r\r\n   \nEthernet1/2 is down \r";
	struct fc_buf b;

	(void)state;
	assert_int_equal(fc_cli_clean("show interface", text, sizeof(text) - 1, &b), FC_OK);
	assert_non_null(b.data);
	assert_string_equal(b.data, "Ethernet1/1 is up\n  MTU 9216 bytes\n\nEthernet1/2 is down");
	fc_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fast_path_is_the_general_path),
		cmocka_unit_test(clean_text_is_not_copied),
		cmocka_unit_test(line_ends_cut_lines_kept),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
