/* SPDX-License-Identifier: MIT */
/* fabcheck diff's core on reports written inline and models built directly: every class (new,
 * regressed, resolved, improved, unchanged, passing on both), waived findings, an expect file that
 * explains, one that declares what did not happen, the exit code, the warnings on sides judged
 * differently, the refusals (other fabric, no device in common, a report that is not one, with
 * file:line) and the model values compared between two snapshots. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "diff/diff.h"

#include "model_builder.h"

#define REPORT_HEAD(fabric, catalog)                                                                          \
	"{\"format\": \"fabcheck-report\", \"tool_version\": \"0.1.0\", \"profile\": \"lossless_dcqcn\",\n" \
	" \"rule_catalog\": \"" catalog "\", \"fabric\": \"" fabric "\",\n"                                \
	" \"devices\": [{\"name\": \"leaf1\"}, {\"name\": \"h1\"}],\n"                                       \
	" \"summary\": {},\n"                                                                                 \
	" \"findings\": [\n"

#define F(rule, subject, status, sev) \
	"  {\"rule\": \"" rule "\", \"subject\": \"" subject "\", \"status\": \"" status "\", \"severity\": \"" sev "\", \"message\": \"m\"}"

/* Before: A fails, B passes, C warns, D fails high, E fails, F fails, H passes, W fails. */
static const char old_text[] = REPORT_HEAD("f", "4 rules, 1")
	F("R-A", "leaf1", "fail", "high") ",\n"
	F("R-B", "leaf1", "pass", "high") ",\n"
	F("R-C", "leaf1", "warn", "high") ",\n"
	F("R-D", "leaf1", "fail", "high") ",\n"
	F("R-E", "leaf1", "fail", "critical") ",\n"
	F("R-F", "h1", "fail", "high") ",\n"
	F("R-H", "h1", "pass", "low") ",\n"
	F("R-W", "h1", "fail", "high") "\n ]}\n";

/* After: A the same, B fails (new), C fails (regressed), D passes (resolved), E fails high
 * (improved: a lower severity), F gone (resolved), G fails (new), H passes, W waived. */
static const char cur_text[] = REPORT_HEAD("f", "4 rules, 1")
	F("R-A", "leaf1", "fail", "high") ",\n"
	F("R-B", "leaf1", "fail", "high") ",\n"
	F("R-C", "leaf1", "fail", "high") ",\n"
	F("R-D", "leaf1", "pass", "high") ",\n"
	F("R-E", "leaf1", "fail", "high") ",\n"
	F("R-G", "h1", "fail", "medium") ",\n"
	F("R-H", "h1", "pass", "low") ",\n"
	"  {\"rule\": \"R-W\", \"subject\": \"h1\", \"status\": \"fail\", \"severity\": \"high\", \"message\": \"m\", "
	"\"waived\": true}\n ]}\n";

struct world {
	struct fc_dside old, cur;
	struct fc_expect *x;
	struct fc_diff *d;
	struct fc_err err;
};

static void sides(struct world *w, const char *a, const char *b)
{
	memset(w, 0, sizeof(*w));
	fc_err_clear(&w->err);
	assert_int_equal(fc_dside_from_report_text(&w->old, "old.json", a, strlen(a), &w->err), FC_OK);
	assert_int_equal(fc_dside_from_report_text(&w->cur, "cur.json", b, strlen(b), &w->err), FC_OK);
}

static void done(struct world *w)
{
	fc_diff_free(&w->d);
	fc_expect_free(&w->x);
	fc_dside_free(&w->old);
	fc_dside_free(&w->cur);
}

static const struct fc_dentry *entry(const struct world *w, const char *rule)
{
	size_t i;

	for (i = 0; i < w->d->ne; i++) {
		const struct fc_dfind *f = w->d->e[i].cur ? w->d->e[i].cur : w->d->e[i].old;

		if (!strcmp(f->rule, rule))
			return &w->d->e[i];
	}
	return NULL;
}

/* The entry of rule, which the test needs: failing without it (never read through NULL). */
static const struct fc_dentry *must(const struct world *w, const char *rule)
{
	static const struct fc_dentry none;
	const struct fc_dentry *e = entry(w, rule);

	if (!e)
		fail_msg("%s is not listed", rule);
	return e ? e : &none;
}

static enum fc_dclass class_of(const struct world *w, const char *rule)
{
	const struct fc_dentry *e = entry(w, rule);

	if (!e)
		fail_msg("%s is not listed", rule);
	return e ? e->cls : FC_D_COUNT;
}

static void classes(void **state)
{
	struct world w;
	size_t i;

	(void)state;
	sides(&w, old_text, cur_text);
	assert_int_equal(w.old.n, 8);
	assert_string_equal(w.cur.f[7].status, "waived");
	assert_int_equal(fc_diff_build(&w.old, &w.cur, NULL, &w.d, &w.err), FC_OK);
	assert_int_equal(class_of(&w, "R-A"), FC_D_UNCHANGED);
	assert_int_equal(class_of(&w, "R-B"), FC_D_NEW);
	assert_int_equal(class_of(&w, "R-C"), FC_D_REGRESSED);
	assert_int_equal(class_of(&w, "R-D"), FC_D_RESOLVED);
	assert_int_equal(class_of(&w, "R-E"), FC_D_IMPROVED);
	assert_int_equal(class_of(&w, "R-F"), FC_D_RESOLVED);
	assert_null(must(&w, "R-F")->cur);
	assert_int_equal(class_of(&w, "R-G"), FC_D_NEW);
	assert_null(must(&w, "R-G")->old);
	assert_int_equal(class_of(&w, "R-W"), FC_D_RESOLVED);   /* waived: no longer failing */
	assert_null(entry(&w, "R-H"));
	assert_int_equal(w.d->pass_both, 1);
	assert_int_equal(w.d->count[FC_D_NEW], 2);
	assert_int_equal(w.d->count[FC_D_RESOLVED], 3);
	for (i = 1; i < w.d->ne; i++)   /* in class order */
		assert_true(w.d->e[i - 1].cls <= w.d->e[i].cls);
	assert_int_equal(w.d->exit_code, 1);
	assert_int_equal(w.d->nwarn, 0);
	assert_false(w.d->values);
	done(&w);
}

/* An expect file explaining everything new and regressed: the diff passes; one more declaration
 * that nothing matched fails it again. */
static void expect_file(void **state)
{
	static const char explains[] = "expect:\n"
				       "  - {rule: R-B, change: new, reason: CHG-1 turns B on}\n"
				       "  - {subject: h1, change: new, reason: CHG-2}\n"
				       "  - {rule: \"R-[C]\", reason: CHG-3}\n";
	static const char unmet[] = "expect:\n"
				    "  - {rule: \"R-*\", subject: leaf1, reason: CHG-1}\n"
				    "  - {rule: R-G, reason: CHG-2}\n"
				    "  - {rule: R-Z, change: resolved, reason: CHG-4 never happened}\n";
	struct world w;

	(void)state;
	sides(&w, old_text, cur_text);
	assert_int_equal(fc_expect_parse("x.yaml", explains, strlen(explains), &w.x, &w.err), FC_OK);
	assert_int_equal(fc_diff_build(&w.old, &w.cur, w.x, &w.d, &w.err), FC_OK);
	assert_ptr_equal(must(&w, "R-B")->why, &w.x->v[0]);
	assert_ptr_equal(must(&w, "R-G")->why, &w.x->v[1]);
	assert_ptr_equal(must(&w, "R-C")->why, &w.x->v[2]);
	assert_int_equal(w.d->unexplained[FC_D_NEW], 0);
	assert_int_equal(w.d->unmet, 0);
	assert_int_equal(w.d->exit_code, 0);
	fc_diff_free(&w.d);
	fc_expect_free(&w.x);

	assert_int_equal(fc_expect_parse("x.yaml", unmet, strlen(unmet), &w.x, &w.err), FC_OK);
	assert_int_equal(fc_diff_build(&w.old, &w.cur, w.x, &w.d, &w.err), FC_OK);
	assert_int_equal(w.d->unmet, 1);
	assert_int_equal(w.x->v[2].matched, 0);
	assert_int_equal(w.x->v[2].line, 4);
	assert_int_equal(w.d->exit_code, 1);
	done(&w);
}

static void expect_errors(void **state)
{
	static const char both[] = "expect:\n  - {rule: R-A, field: MTU, reason: r}\n";
	static const char all[] = "expect:\n  - {change: new, reason: anything}\n";
	static const char noreason[] = "expect:\n  - {rule: R-A}\n";
	static const char blank[] = "expect:\n  - {rule: R-A, reason: r}\n  - {subject: '*',\n     reason: '  '}\n";
	struct fc_expect *x = NULL;
	struct fc_err err;

	(void)state;
	fc_err_clear(&err);
	assert_int_equal(fc_expect_parse("x.yaml", both, strlen(both), &x, &err), FC_ERR_INPUT);
	assert_int_equal(err.line, 2);
	fc_err_clear(&err);
	assert_int_equal(fc_expect_parse("x.yaml", all, strlen(all), &x, &err), FC_ERR_INPUT);
	assert_non_null(strstr(err.msg, "would explain everything"));
	fc_err_clear(&err);
	assert_int_equal(fc_expect_parse("x.yaml", noreason, strlen(noreason), &x, &err), FC_ERR_INPUT);
	assert_string_equal(err.file, "x.yaml");
	assert_null(x);
	/* an entry matching every subject says why, not with blanks */
	fc_err_clear(&err);
	assert_int_equal(fc_expect_parse("x.yaml", blank, strlen(blank), &x, &err), FC_ERR_INPUT);
	assert_int_equal(err.line, 4);
	assert_non_null(strstr(err.msg, "reason: empty"));
	assert_non_null(strstr(err.msg, "matches every subject"));
	assert_null(x);
}

/* Different catalogs warn; another fabric or no device in common is refused. */
static void sides_judged_differently(void **state)
{
	static const char other_catalog[] = REPORT_HEAD("f", "4 rules, 2") F("R-A", "leaf1", "fail", "high") "\n]}\n";
	static const char other_fabric[] = REPORT_HEAD("g", "4 rules, 1") F("R-A", "leaf1", "fail", "high") "\n]}\n";
	static const char no_common[] =
		"{\"format\": \"fabcheck-report\", \"tool_version\": \"0.1.0\", \"profile\": \"lossless_dcqcn\",\n"
		" \"devices\": [{\"name\": \"spine9\"}], \"summary\": {}, \"findings\": []}\n";
	struct world w;

	(void)state;
	sides(&w, old_text, other_catalog);
	assert_int_equal(fc_diff_build(&w.old, &w.cur, NULL, &w.d, &w.err), FC_OK);
	assert_int_equal(w.d->nwarn, 1);
	assert_non_null(strstr(w.d->warn[0], "different rule catalogs"));
	done(&w);
	sides(&w, old_text, other_fabric);
	assert_int_equal(fc_diff_build(&w.old, &w.cur, NULL, &w.d, &w.err), FC_ERR_USAGE);
	assert_non_null(strstr(w.err.msg, "fabric 'g'"));
	done(&w);
	sides(&w, old_text, no_common);
	assert_int_equal(fc_diff_build(&w.old, &w.cur, NULL, &w.d, &w.err), FC_ERR_USAGE);
	assert_non_null(strstr(w.err.msg, "no device in common"));
	done(&w);
}

/* What is not a report, or not one fabcheck wrote, is refused with its line. */
static void bad_reports(void **state)
{
	static const char not_ours[] = "{\"format\": \"sarif\", \"findings\": []}\n";
	static const char bad_status[] = REPORT_HEAD("f", "c")
		F("R-A", "leaf1", "fail", "high") ",\n"
		F("R-B", "leaf1", "passed", "high") "\n]}\n";
	static const char twice[] = REPORT_HEAD("f", "c")
		F("R-A", "leaf1", "fail", "high") ",\n"
		F("R-A", "leaf1", "pass", "high") "\n]}\n";
	static const char control[] = REPORT_HEAD("f", "c") F("R-A", "leaf1\\u001b[2J", "fail", "high") "\n]}\n";
	struct fc_dside s;
	struct fc_err err;

	(void)state;
	memset(&s, 0, sizeof(s));
	fc_err_clear(&err);
	assert_int_equal(fc_dside_from_report_text(&s, "r.json", not_ours, strlen(not_ours), &err), FC_ERR_INPUT);
	assert_non_null(strstr(err.msg, "found 'sarif'"));
	fc_dside_free(&s);
	fc_err_clear(&err);
	assert_int_equal(fc_dside_from_report_text(&s, "r.json", bad_status, strlen(bad_status), &err), FC_ERR_INPUT);
	assert_string_equal(err.file, "r.json");
	assert_int_equal(err.line, 7);
	fc_dside_free(&s);
	fc_err_clear(&err);
	assert_int_equal(fc_dside_from_report_text(&s, "r.json", twice, strlen(twice), &err), FC_ERR_INPUT);
	assert_non_null(strstr(err.msg, "appears twice"));
	fc_dside_free(&s);
	fc_err_clear(&err);
	assert_int_equal(fc_dside_from_report_text(&s, "r.json", control, strlen(control), &err), FC_ERR_INPUT);
	fc_dside_free(&s);
}

/* Two snapshots: the values the rules read that changed, a cabled port on one side only, and an expect
 * entry on a field explaining one. A port that is not cabled is not a change. */
static void model_values(void **state)
{
	static const char x_text[] = "expect:\n  - {subject: \"sw:Ethernet1/1\", field: MTU, reason: CHG-5}\n";
	struct fc_model *a = mb_fabric(), *b = mb_fabric();
	struct fc_device *sa = mb_switch(a, "sw"), *sb = mb_switch(b, "sw");
	const char *devs[] = { "sw" };
	struct fc_dside old, cur;
	struct fc_expect *x = NULL;
	struct fc_diff *d = NULL;
	struct fc_err err;
	struct fc_iface *pa = mb_port(a, sa, "Ethernet1/1"), *pb = mb_port(b, sb, "Ethernet1/1");
	bool mtu = false, ecn = false, extra = false;
	size_t i;

	(void)state;
	fc_err_clear(&err);
	fc_set_int(&pa->mtu, 9216, mb_at(a, 3));
	fc_set_int(&pb->mtu, 1500, mb_at(b, 3));
	fc_set_int(&pb->hops[FC_TC_ROCE].kmin, 10240, mb_at(b, 16));
	mb_port(b, sb, "Ethernet1/2")->linked = true;   /* a cabled port: one line */
	mb_port(b, sb, "Ethernet1/3");                   /* not cabled: no line */
	old = (struct fc_dside){ .path = "a", .tool_version = "1", .profile = "p", .devs = devs, .ndevs = 1, .m = a };
	cur = (struct fc_dside){ .path = "b", .tool_version = "1", .profile = "p", .devs = devs, .ndevs = 1, .m = b };
	assert_int_equal(fc_expect_parse("x.yaml", x_text, strlen(x_text), &x, &err), FC_OK);
	assert_int_equal(fc_diff_build(&old, &cur, x, &d, &err), FC_OK);
	assert_true(d->values);
	for (i = 0; i < d->nv; i++) {
		const struct fc_dvalue *v = &d->v[i];

		if (!strcmp(v->subject, "sw:Ethernet1/1") && !strcmp(v->field, "MTU")) {
			mtu = true;
			assert_string_equal(v->before, "9216");
			assert_string_equal(v->after, "1500");
			assert_ptr_equal(v->why, &x->v[0]);
		} else if (!strcmp(v->field, "RoCE ECN thresholds")) {
			ecn = true;
			assert_string_equal(v->before, "min 20480 B, max 40960 B, 7%");
			assert_string_equal(v->after, "min 10240 B, max 40960 B, 7%");
			assert_null(v->why);
		} else if (!strcmp(v->subject, "sw:Ethernet1/2")) {
			extra = true;
			assert_string_equal(v->field, "port");
			assert_string_equal(v->after, "present");
		} else {
			fail_msg("unexpected change %s %s", v->subject, v->field);
		}
	}
	assert_true(mtu && ecn && extra);
	assert_int_equal(d->v_unexplained, d->nv - 1);
	assert_int_equal(d->exit_code, 1);   /* with an expect file, an unexplained value fails */
	fc_diff_free(&d);
	fc_expect_free(&x);
	fc_model_free(&a);
	fc_model_free(&b);
}

/* The JSON a diff writes carries the classes and the exit code a CI job reads. */
static void writes_json(void **state)
{
	struct world w;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	sides(&w, old_text, cur_text);
	assert_int_equal(fc_diff_build(&w.old, &w.cur, NULL, &w.d, &w.err), FC_OK);
	assert_false(fc_diff_format_known("yaml"));
	assert_true(fc_diff_format_known("json"));
	f = open_memstream(&buf, &len);
	assert_non_null(f);
	assert_int_equal(fc_diff_write(w.d, "json", f), FC_OK);
	assert_int_equal(fclose(f), 0);
	assert_non_null(strstr(buf, "\"regressed\""));
	assert_non_null(strstr(buf, "R-C"));
	assert_null(strstr(buf, "R-H"));
	free(buf);
	done(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(classes),
		cmocka_unit_test(expect_file),
		cmocka_unit_test(expect_errors),
		cmocka_unit_test(sides_judged_differently),
		cmocka_unit_test(bad_reports),
		cmocka_unit_test(model_values),
		cmocka_unit_test(writes_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
