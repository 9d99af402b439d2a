/* SPDX-License-Identifier: MIT */
/* The report driver on two threads: the multi-vendor example judged as validate judges it, each
 * reporter that can fork written with chunks of 1 to 1,000 findings must give the bytes the one
 * thread gives; a stream that fills up fails the report without a hang. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cli/judge.h"
#include "report/report.h"

static int judged_setup(void **state)
{
	static struct fc_judged j;
	struct fc_judge_opts o = { .target = "inventories/examples/multi-vendor", .pass_evidence = true,
				   .fail_on = FC_SEV_HIGH, .rules_dir = getenv("FABCHECK_RULES_DIR") };
	struct fc_err err;

	*state = &j;
	fc_err_clear(&err);
	if (fc_judge(&o, &j, &err) != FC_OK) {
		fprintf(stderr, "judge: %s\n", err.msg);
		return -1;
	}
	return 0;
}

static int judged_teardown(void **state)
{
	fc_judged_free(*state);
	return 0;
}

static char *emit(struct fc_judged *j, const struct fc_reporter *r, size_t chunk, size_t *len)
{
	struct fc_report_run run = { .m = j->m, .policy = j->pol, .docs = j->docs, .target = "t" };
	struct fc_err err;
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	assert_non_null(f);
	fc_err_clear(&err);
	assert_int_equal(fc_report_emit_chunked(r, f, &run, &j->eng, &j->sum, chunk, &err), FC_OK);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static void chunks_same_bytes(void **state)
{
	struct fc_judged *j = *state;
	const struct fc_reporter *const *r;
	static const size_t chunks[] = { 1, 2, 3, 7, 64, 1000 };
	size_t nfork = 0, i;

	/* enough findings that every chunk size below splits them over both threads */
	assert_true(j->eng.n > 1 + 2 * 64);
	for (r = fc_reporter_list(); *r; r++) {
		char *one;
		size_t n1;

		if (!(*r)->fork)
			continue;
		assert_non_null((*r)->unfork);
		nfork++;
		one = emit(j, *r, 0, &n1);
		assert_true(n1 > 1000);
		for (i = 0; i < sizeof(chunks) / sizeof(chunks[0]); i++) {
			size_t n2;
			char *two = emit(j, *r, chunks[i], &n2);

			if (n1 != n2 || memcmp(one, two, n1))
				fail_msg("%s with chunks of %zu: %zu bytes, one thread %zu, or other bytes", (*r)->name,
					 chunks[i], n2, n1);
			free(two);
		}
		free(one);
	}
	assert_true(nfork >= 2);   /* json, csv (sarif writes what needs a look, folded, at the end) */
}

/* A stream that ends before the report does, at a quarter, half, three quarters and one byte
 * short of it: the report fails with FC_ERR_IO, whichever thread's chunk meets the end, and
 * returns (the other thread joined and its buffers freed: ASan would see a leak). */
static void full_stream_fails(void **state)
{
	struct fc_judged *j = *state;
	struct fc_report_run run = { .m = j->m, .policy = j->pol, .docs = j->docs, .target = "t" };
	const struct fc_reporter *const *r;
	size_t k;

	for (r = fc_reporter_list(); *r; r++) {
		size_t n;
		char *whole, *room;

		if (!(*r)->fork)
			continue;
		whole = emit(j, *r, 0, &n);
		room = malloc(n);
		assert_non_null(room);
		for (k = 1; k <= 4; k++) {
			size_t cap = k < 4 ? n * k / 4 : n - 1;
			FILE *f = fmemopen(room, cap, "w");
			struct fc_err err;

			assert_non_null(f);
			setvbuf(f, NULL, _IONBF, 0);
			fc_err_clear(&err);
			assert_int_equal(fc_report_emit_chunked(*r, f, &run, &j->eng, &j->sum, 2, &err), FC_ERR_IO);
			assert_non_null(strstr(err.msg, "could not be written"));
			fclose(f);
		}
		free(room);
		free(whole);
	}
}

/* Zabbix keys: two links whose names agree in their first 700 bytes (the export used to loop
 * for ever when they agreed in 599: the suffix had no room) get keys of their own, no longer than
 * the base, and every link of the fabric one key. */
static void zabbix_keys_unique(void **state)
{
	struct fc_judged *j = *state;
	struct fc_link *l = j->m->links, save[2];
	char *out, *p, *name[2];
	size_t n, k, nkeys = 0;
	char **keys;

	assert_true(j->m->nlinks >= 2);
	memcpy(save, l, sizeof(save));
	for (k = 0; k < 2; k++) {
		assert_non_null(name[k] = malloc(702));
		memset(name[k], 'x', 700);
		name[k][700] = (char)('1' + k);
		name[k][701] = '\0';
		l[k].a.dev_name = l[k].b.dev_name = "dev";
		l[k].a.if_name = l[k].b.if_name = name[k];
	}
	out = emit(j, &fc_reporter_zabbix, 0, &n);
	memcpy(l, save, sizeof(save));
	keys = calloc(j->m->nlinks, sizeof(*keys));
	assert_non_null(keys);
	for (p = out; (p = strstr(p, "\nlink.compliant.")); p++) {
		char *end = strchr(p + 16, '\t');

		assert_non_null(end);
		assert_true(nkeys < j->m->nlinks);
		assert_true(end - (p + 16) <= 500);
		keys[nkeys] = strndup(p + 16, (size_t)(end - (p + 16)));
		for (k = 0; k < nkeys; k++)
			if (!strcmp(keys[k], keys[nkeys]))
				fail_msg("link key %.40s... given twice", keys[k]);
		nkeys++;
	}
	assert_int_equal(nkeys, j->m->nlinks);
	for (k = 0; k < nkeys; k++)
		free(keys[k]);
	free(keys);
	free(name[0]);
	free(name[1]);
	free(out);
}

/* Paths as the CI formats name them: relative to the repository's root where they lie under it,
 * "." and ".." resolved by name, a relative path taken from the current directory; NULL outside. */
static void relpath(void **state)
{
	static const struct { const char *root, *cwd, *path, *want; } cases[] = {
		{ "/repo", "/repo", "configs/leaf1.json", "configs/leaf1.json" },
		{ "/repo", "/repo", "./configs/../configs/./leaf1.json", "configs/leaf1.json" },
		{ "/repo", "/repo/dc1", "leaf1.cfg", "dc1/leaf1.cfg" },
		{ "/repo", "/repo/dc1", "../dc2/leaf2.cfg", "dc2/leaf2.cfg" },
		{ "/repo", "/elsewhere", "/repo/dc1/leaf1.cfg", "dc1/leaf1.cfg" },
		{ "/repo", "/repo", "/repository/leaf1.cfg", NULL },   /* a name that starts like the root */
		{ "/repo", "/repo", "../outside.cfg", NULL },
		{ "/repo", "/repo", "/repo", NULL },                   /* the root itself names no file */
		{ "/", "/tmp", "x/y.cfg", "tmp/x/y.cfg" },
		{ "/repo", "/repo", "a/../../../etc/passwd", NULL },   /* ".." above / stays at / */
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fc_report_run run = { .srcroot = cases[i].root, .cwd = cases[i].cwd };
		char buf[256];
		const char *got = fc_report_relpath(&run, cases[i].path, buf, sizeof(buf));

		if (cases[i].want ? !got || strcmp(got, cases[i].want) : got != NULL)
			fail_msg("%s from %s under %s: %s, want %s", cases[i].path, cases[i].cwd, cases[i].root,
				 got ? got : "NULL", cases[i].want ? cases[i].want : "NULL");
	}
}

/* A fingerprint depends on every part and on where they split. */
static void fingerprints(void **state)
{
	const char *a[] = { "RULE", "leaf1:Ethernet1 <-> h1:ens1" }, *b[] = { "RULE", "leaf1:Ethernet1 <-> h1:ens2" };
	const char *c[] = { "RUL", "Eleaf1:Ethernet1 <-> h1:ens1" };
	char fa[17], fa2[17], fb[17], fc[17];

	(void)state;
	fc_fingerprint(fa, a, 2);
	fc_fingerprint(fa2, a, 2);
	fc_fingerprint(fb, b, 2);
	fc_fingerprint(fc, c, 2);
	assert_int_equal(strlen(fa), 16);
	assert_string_equal(fa, fa2);
	assert_string_not_equal(fa, fb);
	assert_string_not_equal(fa, fc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(chunks_same_bytes),
		cmocka_unit_test(full_stream_fails),
		cmocka_unit_test(zabbix_keys_unique),
		cmocka_unit_test(relpath),
		cmocka_unit_test(fingerprints),
	};

	return cmocka_run_group_tests(tests, judged_setup, judged_teardown);
}
