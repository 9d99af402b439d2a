/* SPDX-License-Identifier: MIT */
/* The positioned JSON/YAML parser: values, lines, and errors that name file:line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "doc/doc.h"

static void json_lines(void **state)
{
	const char *t = "{\n  \"a\": 1,\n  \"b\": [true, null,\n    \"x\\u00e9\\ud83d\\ude00\"]\n}";
	struct doc *d = NULL;
	struct fc_err err;
	const struct doc_node *b;

	(void)state;
	fc_err_clear(&err);
	assert_int_equal(doc_parse_json("t.json", t, strlen(t), &d, &err), FC_OK);
	assert_int_equal(doc_key_line(d->root, "a"), 2);
	b = doc_get(d->root, "b");
	assert_int_equal(b->type, DOC_SEQ);
	assert_int_equal(b->n, 3);
	assert_true(b->items[0]->b);
	assert_int_equal(b->items[1]->type, DOC_NULL);
	assert_string_equal(b->items[2]->str, "x\xc3\xa9\xf0\x9f\x98\x80");
	assert_int_equal(b->items[2]->line, 4);
	doc_free(&d);
	assert_null(d);
}

static void json_errors(void **state)
{
	static const struct { const char *text; unsigned line; const char *needle; } cases[] = {
		{ "{\"a\": 1,\n\"b\": }", 2, "expected a value" },
		{ "{\"a\": [1, 2\n", 2, "found end of input" },
		{ "{\"a\": \"unterminated\n", 1, "not terminated" },
		{ "[01]", 1, "',' or ']'" },
		{ "{\"a\": 1} x", 1, "end of input" },
		{ "{a: 1}", 1, "quoted key" },
		{ "\"\\q\"", 1, "valid escape" },
		{ "\"\\ud800x\"", 1, "low surrogate" },
		{ "", 1, "input truncated" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct doc *d = NULL;
		struct fc_err err;

		fc_err_clear(&err);
		assert_int_equal(doc_parse_json("bad.json", cases[i].text, strlen(cases[i].text), &d, &err), FC_ERR_INPUT);
		assert_null(d);
		assert_string_equal(err.file, "bad.json");
		assert_int_equal(err.line, cases[i].line);
		if (!strstr(err.msg, cases[i].needle))
			fail_msg("case %zu: '%s' lacks '%s'", i, err.msg, cases[i].needle);
	}
}

/* Strings are scanned eight bytes at a time: a quote, an escape, a control character or a UTF-8
 * byte at every position of strings 0 to 24 bytes long, against the byte-by-byte reading. */
static void json_string_every_position(void **state)
{
	static const char *const ins[] = { "\\\"", "\\\\", "\\n", "\\u00e9", "\xc3\xa9", "\x7f", "\x1f", "\n" };
	static const char *const outs[] = { "\"", "\\", "\n", "\xc3\xa9", "\xc3\xa9", "\x7f", NULL, NULL };
	size_t len, pos, k;

	(void)state;
	for (len = 0; len <= 24; len++)
		for (pos = 0; pos <= len; pos++)
			for (k = 0; k < sizeof(ins) / sizeof(ins[0]); k++) {
				char text[128], want[64];
				struct doc *d = NULL;
				struct fc_err err;
				size_t i, n = 0, w = 0;

				text[n++] = '[';
				text[n++] = '"';
				for (i = 0; i < len; i++) {
					if (i == pos) {
						n += (size_t)snprintf(text + n, sizeof(text) - n, "%s", ins[k]);
						if (outs[k])
							w += (size_t)snprintf(want + w, sizeof(want) - w, "%s", outs[k]);
					}
					text[n++] = (char)('a' + i % 26);
					want[w++] = (char)('a' + i % 26);
				}
				if (pos == len) {
					n += (size_t)snprintf(text + n, sizeof(text) - n, "%s", ins[k]);
					if (outs[k])
						w += (size_t)snprintf(want + w, sizeof(want) - w, "%s", outs[k]);
				}
				n += (size_t)snprintf(text + n, sizeof(text) - n, "\", \"z\"]");
				want[w] = '\0';
				fc_err_clear(&err);
				if (!outs[k]) {   /* a raw control character: refused, never copied */
					assert_int_equal(doc_parse_json("s.json", text, n, &d, &err), FC_ERR_INPUT);
					assert_non_null(strstr(err.msg, "control characters"));
					continue;
				}
				assert_int_equal(doc_parse_json("s.json", text, n, &d, &err), FC_OK);
				assert_int_equal(d->root->n, 2);
				assert_string_equal(d->root->items[0]->str, want);
				assert_string_equal(d->root->items[1]->str, "z");
				doc_free(&d);
			}
}

static void json_depth_limit(void **state)
{
	char buf[DOC_MAX_DEPTH * 2 + 8];
	struct doc *d = NULL;
	struct fc_err err;
	size_t i;

	(void)state;
	for (i = 0; i < DOC_MAX_DEPTH + 2; i++)
		buf[i] = '[';
	buf[i] = '\0';
	fc_err_clear(&err);
	assert_int_equal(doc_parse_json("deep.json", buf, strlen(buf), &d, &err), FC_ERR_INPUT);
	assert_non_null(strstr(err.msg, "nested deeper"));
}

static void yaml_values_and_keys(void **state)
{
	const char *t = "version: 1\nname: \"3\"\nlist:\n  - a\n  - 2.5\nflag: true\nmissing: ~\n";
	struct doc *d = NULL;
	struct fc_err err;
	int64_t v;
	const char *s;
	static const char *const allowed[] = { "version", "name", "list", "flag", NULL };

	(void)state;
	fc_err_clear(&err);
	assert_int_equal(doc_parse_yaml("t.yaml", t, strlen(t), &d, &err), FC_OK);
	assert_int_equal(doc_as_int(d, doc_get(d->root, "version"), "version", 0, 9, &v, &err), FC_OK);
	assert_int_equal(v, 1);
	/* a quoted "3" is a string, not a number */
	assert_int_equal(doc_as_int(d, doc_get(d->root, "name"), "name", 0, 9, &v, &err), FC_ERR_INPUT);
	assert_int_equal(err.line, 2);
	fc_err_clear(&err);
	assert_int_equal(doc_as_str(d, doc_get(d->root, "name"), "name", &s, &err), FC_OK);
	assert_int_equal(doc_get(d->root, "list")->items[1]->type, DOC_NUM);
	assert_int_equal(doc_get(d->root, "flag")->type, DOC_BOOL);
	assert_int_equal(doc_get(d->root, "missing")->type, DOC_NULL);
	assert_int_equal(doc_check_keys(d, d->root, allowed, "top", &err), FC_ERR_INPUT);
	assert_int_equal(err.line, 7);
	assert_non_null(strstr(err.msg, "unknown key 'missing'"));
	doc_free(&d);
}

/* A key twice in one object: refused at the second, naming the first, in JSON and YAML, in small
 * objects and large ones (sorted there), nested or not; the same key in two objects is fine. */
static void repeated_keys(void **state)
{
	static const struct { const char *file, *text; unsigned line; const char *needle; } bad[] = {
		{ "t.json", "{\"a\": 1,\n \"b\": 2,\n \"a\": 3}", 3, "key 'a' given twice (first on line 1)" },
		{ "t.json", "{\"s\": {\"x\": 1,\n \"x\": 1}}", 2, "key 'x' given twice (first on line 1)" },
		{ "t.yaml", "a: 1\nb:\n  c: 1\n  c: 2\n", 4, "key 'c' given twice (first on line 3)" },
	};
	struct doc *d = NULL;
	struct fc_err err;
	char big[16384];
	size_t i, k = 0;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		fc_err_clear(&err);
		assert_int_equal(doc_parse(bad[i].file, bad[i].text, strlen(bad[i].text), &d, &err), FC_ERR_INPUT);
		assert_null(d);
		assert_int_equal(err.line, bad[i].line);
		assert_non_null(strstr(err.msg, bad[i].needle));
	}
	/* 100 keys, the 50th again on the last line: found in the sorted pass */
	k += (size_t)snprintf(big + k, sizeof(big) - k, "{");
	for (i = 0; i < 100; i++)
		k += (size_t)snprintf(big + k, sizeof(big) - k, "\"k%zu\": %zu,\n", i, i);
	k += (size_t)snprintf(big + k, sizeof(big) - k, "\"k49\": 0}");
	fc_err_clear(&err);
	assert_int_equal(doc_parse_json("big.json", big, k, &d, &err), FC_ERR_INPUT);
	assert_int_equal(err.line, 101);
	assert_non_null(strstr(err.msg, "key 'k49' given twice (first on line 50)"));
	big[k - 7] = 'x';   /* kx9: unique */
	fc_err_clear(&err);
	assert_int_equal(doc_parse_json("big.json", big, k, &d, &err), FC_OK);
	doc_free(&d);
	/* 600 keys (a table on the heap), two of them again at the end, the later first: the error
	 * names the first in order of the keys, k1, at its second line */
	k = (size_t)snprintf(big, sizeof(big), "{");
	for (i = 0; i < 600; i++)
		k += (size_t)snprintf(big + k, sizeof(big) - k, "\"k%zu\": %zu,\n", i, i);
	k += (size_t)snprintf(big + k, sizeof(big) - k, "\"k70\": 0,\n\"k1\": 0}");
	fc_err_clear(&err);
	assert_int_equal(doc_parse_json("big.json", big, k, &d, &err), FC_ERR_INPUT);
	assert_int_equal(err.line, 602);
	assert_non_null(strstr(err.msg, "key 'k1' given twice (first on line 2)"));
	big[k - 6] = '2';   /* k2 given twice instead: still before k70 */
	fc_err_clear(&err);
	assert_int_equal(doc_parse_json("big.json", big, k, &d, &err), FC_ERR_INPUT);
	assert_non_null(strstr(err.msg, "key 'k2' given twice (first on line 3)"));
	big[k - 6] = 'z';   /* kz: unique, and so is every other key but k70 */
	fc_err_clear(&err);
	assert_int_equal(doc_parse_json("big.json", big, k, &d, &err), FC_ERR_INPUT);
	assert_non_null(strstr(err.msg, "key 'k70' given twice (first on line 71)"));
	big[k - 15] = 'x';   /* k7x */
	fc_err_clear(&err);
	assert_int_equal(doc_parse_json("big.json", big, k, &d, &err), FC_OK);
	doc_free(&d);
	fc_err_clear(&err);
	{
		const char *two = "[{\"a\": 1}, {\"a\": 2}]";

		assert_int_equal(doc_parse_json("t.json", two, strlen(two), &d, &err), FC_OK);
	}
	doc_free(&d);
}

static void yaml_errors(void **state)
{
	static const char *const bad[] = { "a: [1, 2\n", "a: *anchor\n", "---\na: 1\n---\nb: 2\n", "a: b: c\n" };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct doc *d = NULL;
		struct fc_err err;

		fc_err_clear(&err);
		assert_int_not_equal(doc_parse_yaml("bad.yaml", bad[i], strlen(bad[i]), &d, &err), FC_OK);
		assert_null(d);
		assert_true(err.line >= 1);
		assert_string_equal(err.file, "bad.yaml");
	}
}

/* What a streamed row gives: its name and line, as the callback saw them (the row is freed after). */
struct seen_rows {
	char names[8][16];
	unsigned lines[8];
	size_t n;
	size_t fail_at;   /* 1-based: the row whose callback fails (0: none) */
};

static enum fc_rc note_row(void *ctx, const struct doc *d, const char *key, const struct doc_node *row)
{
	struct seen_rows *s = ctx;
	const struct doc_node *name = doc_get(row, "interface");

	(void)d;
	assert_null(key);
	assert_true(s->n < 8);
	snprintf(s->names[s->n], sizeof(s->names[0]), "%s", name && name->str ? name->str : "?");
	s->lines[s->n++] = row->line;
	return s->n == s->fail_at ? FC_ERR_INPUT : FC_OK;
}

/* Rows of the sequence the keys end at are handed over one at a time, in order, with their lines,
 * and left out of the document; the same keys elsewhere (another depth) match too; a single object
 * where a list was expected is not streamed; a callback's error ends the parse. */
static void json_rows_streamed(void **state)
{
	static const char *const path[] = { "TABLE_interface", "ROW_interface", NULL };
	static const char text[] = "{\"ins\": {\"body\": {\"TABLE_interface\": {\"ROW_interface\": [\n"
				   "  {\"interface\": \"Ethernet1/1\", \"mtu\": 9216},\n"
				   "  {\"interface\": \"Ethernet1/2\"},\n"
				   "  {\"interface\": \"Ethernet1/3\", \"x\": [1, {\"y\": 2}]}\n"
				   "]}, \"other\": [1, 2]}}}\n";
	static const char one[] = "{\"TABLE_interface\": {\"ROW_interface\": {\"interface\": \"mgmt0\"}}}";
	struct seen_rows s = { .n = 0 };
	struct doc_rows rows = { path, false, note_row, &s, 0 };
	struct doc *d = NULL;
	struct fc_err err;
	const struct doc_node *seq;

	(void)state;
	fc_err_clear(&err);
	assert_int_equal(doc_parse_json_rows("t.json", text, sizeof(text) - 1, &rows, &d, &err), FC_OK);
	assert_int_equal(rows.n, 3);
	assert_int_equal(s.n, 3);
	assert_string_equal(s.names[0], "Ethernet1/1");
	assert_string_equal(s.names[2], "Ethernet1/3");
	assert_int_equal(s.lines[0], 2);
	assert_int_equal(s.lines[2], 4);
	seq = doc_get(doc_get(doc_get(doc_get(d->root, "ins"), "body"), "TABLE_interface"), "ROW_interface");
	assert_non_null(seq);
	assert_int_equal(seq->type, DOC_SEQ);
	assert_int_equal(seq->n, 0);   /* the rows went to the callback, not into the document */
	assert_int_equal(doc_get(doc_get(doc_get(d->root, "ins"), "body"), "other")->n, 2);
	doc_free(&d);

	memset(&s, 0, sizeof(s));
	assert_int_equal(doc_parse_json_rows("t.json", one, sizeof(one) - 1, &rows, &d, &err), FC_OK);
	assert_int_equal(rows.n, 0);
	assert_string_equal(doc_get(doc_get(doc_get(d->root, "TABLE_interface"), "ROW_interface"), "interface")->str,
			    "mgmt0");
	doc_free(&d);

	memset(&s, 0, sizeof(s));
	s.fail_at = 2;
	assert_int_equal(doc_parse_json_rows("t.json", text, sizeof(text) - 1, &rows, &d, &err), FC_ERR_INPUT);
	assert_null(d);
	assert_int_equal(s.n, 2);

	/* a truncated reply: the rows before the cut were handed over, the parse fails at the cut */
	memset(&s, 0, sizeof(s));
	fc_err_clear(&err);
	assert_int_equal(doc_parse_json_rows("t.json", text, 120, &rows, &d, &err), FC_ERR_INPUT);
	assert_null(d);
	assert_int_equal(s.n, 1);
	assert_non_null(strstr(err.msg, "invalid JSON"));
}

static enum fc_rc note_member(void *ctx, const struct doc *d, const char *key, const struct doc_node *row)
{
	struct seen_rows *s = ctx;

	(void)d;
	assert_non_null(key);
	assert_true(s->n < 8);
	snprintf(s->names[s->n], sizeof(s->names[0]), "%s", key);
	s->lines[s->n++] = row->line;
	return FC_OK;
}

/* A map's members streamed with their keys; the map keeps its keys, so a key given twice is still
 * refused at its line; a sequence where a map's members were asked for is parsed whole. */
static void json_rows_map_streamed(void **state)
{
	static const char *const path[] = { "interfaces", NULL };
	static const char text[] = "{\"interfaces\": {\n\"Ethernet1\": {\"mtu\": 9214},\n\"Ethernet2\": {}\n}}";
	static const char twice[] = "{\"interfaces\": {\n\"Ethernet1\": {},\n\"Ethernet1\": {}\n}}";
	static const char list[] = "{\"interfaces\": [{\"a\": 1}]}";
	struct seen_rows s = { .n = 0 };
	struct doc_rows rows = { path, true, note_member, &s, 0 };
	struct doc *d = NULL;
	struct fc_err err;
	const struct doc_node *its;

	(void)state;
	fc_err_clear(&err);
	assert_int_equal(doc_parse_json_rows("t.json", text, sizeof(text) - 1, &rows, &d, &err), FC_OK);
	assert_int_equal(rows.n, 2);
	assert_string_equal(s.names[0], "Ethernet1");
	assert_string_equal(s.names[1], "Ethernet2");
	assert_int_equal(s.lines[1], 3);
	its = doc_get(d->root, "interfaces");
	assert_int_equal(its->n, 2);
	assert_int_equal(its->items[0]->type, DOC_NULL);
	doc_free(&d);

	memset(&s, 0, sizeof(s));
	assert_int_equal(doc_parse_json_rows("t.json", twice, sizeof(twice) - 1, &rows, &d, &err), FC_ERR_INPUT);
	assert_int_equal(err.line, 3);

	memset(&s, 0, sizeof(s));
	assert_int_equal(doc_parse_json_rows("t.json", list, sizeof(list) - 1, &rows, &d, &err), FC_OK);
	assert_int_equal(rows.n, 0);
	assert_int_equal(doc_get(d->root, "interfaces")->n, 1);
	doc_free(&d);

	/* no keys: the top-level object's members, not those of objects inside it */
	{
		static const char *const top[] = { NULL };
		static const char nv[] = "{\"swp1\": {\"link\": {}},\n\"swp2\": {\"a\": {\"b\": 1}}}";
		struct doc_rows trows = { top, true, note_member, &s, 0 };

		memset(&s, 0, sizeof(s));
		assert_int_equal(doc_parse_json_rows("t.json", nv, sizeof(nv) - 1, &trows, &d, &err), FC_OK);
		assert_int_equal(trows.n, 2);
		assert_string_equal(s.names[1], "swp2");
		assert_int_equal(d->root->n, 2);
		doc_free(&d);
	}
}

/* doc_parse_json_keep: a member not kept is absent from the document, and checked as JSON all the
 * same: every error of json_errors inside a dropped member refuses the input at the same line. */
static bool keep_only_a(void *ctx, const char *const *keys, unsigned depth)
{
	(void)ctx;
	return depth > 1 || !strcmp(keys[0], "a");
}

static void json_keep(void **state)
{
	static const char text[] = "{\"a\": {\"x\": 1, \"y\": [true, null]},\n"
				   "\"b\": {\"deep\": [{\"s\": \"\\u00e9\\n\\\"\"}, -1.5e3, false]},\n\"c\": 2}";
	static const struct { const char *text; unsigned line; const char *needle; } bad[] = {
		{ "{\"a\": 1,\n\"b\": {\"x\": }}", 2, "expected a value" },
		{ "{\"a\": 1, \"b\": [1, 2\n", 2, "found end of input" },
		{ "{\"a\": 1, \"b\": \"unterminated\n", 1, "not terminated" },
		{ "{\"a\": 1, \"b\": [01]}", 1, "',' or ']'" },
		{ "{\"a\": 1, \"b\": {c: 1}}", 1, "quoted key" },
		{ "{\"a\": 1, \"b\": \"\\q\"}", 1, "valid escape" },
		{ "{\"a\": 1, \"b\": \"\\ud800x\"}", 1, "low surrogate" },
		{ "{\"a\": 1, \"b\": \"\\u0000\"}", 1, "NUL" },
		{ "{\"a\": 1, \"b\": \"\x01\"}", 1, "control" },
		{ "{\"a\": 1, \"b\": tru}", 1, "a value" },
		{ "{\"a\": 1, \"b\": 1.}", 1, "digit after" },
	};
	char deep[DOC_MAX_DEPTH + 32];
	struct doc *d = NULL;
	struct fc_err err;
	size_t i;

	(void)state;
	fc_err_clear(&err);
	assert_int_equal(doc_parse_json_keep("k.json", text, sizeof(text) - 1, NULL, keep_only_a, NULL, &d, &err), FC_OK);
	assert_non_null(doc_get(d->root, "a"));
	assert_non_null(doc_get(doc_get(d->root, "a"), "y"));
	assert_null(doc_get(d->root, "b"));
	assert_null(doc_get(d->root, "c"));
	assert_int_equal(d->root->n, 1);
	doc_free(&d);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		fc_err_clear(&err);
		assert_int_equal(doc_parse_json_keep("bad.json", bad[i].text, strlen(bad[i].text), NULL, keep_only_a, NULL, &d,
						     &err), FC_ERR_INPUT);
		assert_null(d);
		assert_int_equal(err.line, bad[i].line);
		if (!strstr(err.msg, bad[i].needle))
			fail_msg("case %zu: '%s' lacks '%s'", i, err.msg, bad[i].needle);
	}
	/* the depth limit holds inside a dropped member */
	memset(deep, '[', sizeof(deep));
	memcpy(deep, "{\"b\": ", 6);
	fc_err_clear(&err);
	assert_int_equal(doc_parse_json_keep("deep.json", deep, sizeof(deep), NULL, keep_only_a, NULL, &d, &err), FC_ERR_INPUT);
	assert_non_null(strstr(err.msg, "nested deeper"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(json_lines),
		cmocka_unit_test(json_errors),
		cmocka_unit_test(json_string_every_position),
		cmocka_unit_test(json_depth_limit),
		cmocka_unit_test(yaml_values_and_keys),
		cmocka_unit_test(yaml_errors),
		cmocka_unit_test(repeated_keys),
		cmocka_unit_test(json_rows_streamed),
		cmocka_unit_test(json_rows_map_streamed),
		cmocka_unit_test(json_keep),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
