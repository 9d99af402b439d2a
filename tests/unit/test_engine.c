/* SPDX-License-Identifier: MIT */
/* The rule engine with rules of its own (an MTU rule per link, a counter rule per device that needs
 * a capability, a fleet rule, a rule the profile turns off) over a model built directly, a profile
 * and policy files written to a temporary rules directory: which rules run, in what order the
 * findings come, severities and parameters from the profile and the user's policy (and the policy's
 * input errors with file:line), the capability contract, --rule by an earlier id, the evidence of
 * passing findings, and waivers (live, expired, by pattern). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "model_builder.h"

/* --- the rules ------------------------------------------------------------------------------ */

static const struct fc_rule_param mtu_params[] = {
	{ .key = "min_mtu", .type = FC_PARAM_INT, .def = "9000", .doc = "[P] the least MTU", .min = 1280,
	  .max = 9216 },
	{ .key = NULL },
};
static const struct fc_rule_param no_params[] = { { .key = NULL } };

/* Each end's MTU at least min_mtu: FAIL below, UNKNOWN where an end's MTU is unknown. */
static void run_mtu(struct fc_rctx *c)
{
	const struct fc_endpoint *ends[2] = { &c->link->a, &c->link->b };
	bool set;
	int64_t min = fc_param_int(c, "min_mtu", &set);
	enum fc_status st = FC_PASS;
	struct fc_finding *f = fc_finding_new(c, FC_PASS, fc_link_subject(c, c->link), "MTU at least %lld",
					      (long long)min);
	int k;

	if (!f)
		return;
	if (!set) {
		f->status = FC_UNKNOWN;
		return;
	}
	for (k = 0; k < 2; k++) {
		const struct fc_iface *ifc = ends[k]->ifc;

		if (!ifc || !ifc->mtu.m.known) {
			if (ifc)
				fc_ev_unknown(c, f, fc_end_name(c, ends[k]), "mtu", &ifc->mtu.m);
			if (st == FC_PASS)
				st = FC_UNKNOWN;
			continue;
		}
		fc_ev(c, f, fc_end_name(c, ends[k]), "mtu", &ifc->mtu.m.src, "%lld", (long long)ifc->mtu.v);
		if (ifc->mtu.v < min)
			st = FC_FAIL;
	}
	f->status = st;
}

static void run_counters(struct fc_rctx *c)
{
	fc_finding_new(c, FC_PASS, c->dev->name, "counters read");
}

static void run_fleet(struct fc_rctx *c)
{
	struct fc_finding *f = fc_finding_new(c, FC_WARN, "fleet key", "%zu devices", c->m->ndevs);

	if (f)
		fc_ev(c, f, "fleet", "devices", NULL, "%zu", c->m->ndevs);
}

static void run_off(struct fc_rctx *c)
{
	fc_finding_new(c, FC_FAIL, "off", "a rule turned off ran");
}

static const struct fc_rule r_mtu = {
	.id = "T-MTU", .alias = "T-MTU-OLD", .severity = FC_SEV_HIGH, .scope = FC_SCOPE_LINK, .inputs = "MTU",
	.params = mtu_params, .reads_switch = FC_CAP_MTU, .reads_host = FC_CAP_MTU, .run = run_mtu,
};
static const struct fc_rule r_counters = {
	.id = "T-COUNTERS", .severity = FC_SEV_LOW, .scope = FC_SCOPE_DEVICE, .inputs = "counters",
	.params = no_params, .reads_switch = FC_CAP_COUNTERS, .reads_host = FC_CAP_COUNTERS,
	.needs_switch = FC_CAP_COUNTERS, .run = run_counters,
};
static const struct fc_rule r_fleet = {
	.id = "T-FLEET", .severity = FC_SEV_MEDIUM, .scope = FC_SCOPE_FLEET, .inputs = "devices",
	.params = no_params, .run = run_fleet,
};
static const struct fc_rule r_off = {
	.id = "T-OFF", .severity = FC_SEV_CRITICAL, .scope = FC_SCOPE_FLEET, .inputs = "nothing",
	.params = no_params, .run = run_off,
};
static const struct fc_rule *const test_rules[] = { &r_off, &r_mtu, &r_fleet, &r_counters, NULL };

/* --- the world ------------------------------------------------------------------------------ */

struct world {
	char dir[64];
	struct fc_model *m;
	struct fc_device *sw1, *sw2;
	struct fc_iface *p[4];
	struct fc_policy *pol;
	struct fc_waivers *wv;
	struct fc_engine e;
	struct fc_err err;
};

static void write_file(const char *dir, const char *name, const char *text)
{
	char path[160];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
}

/* Two switches cabled twice; sw2 reads counters. The profile makes T-MTU critical and turns T-OFF
 * off. MTUs: 9216 everywhere but sw2:Ethernet1/2 (1500). */
static void build(struct world *w)
{
	char path[160];

	memset(w, 0, sizeof(*w));
	fc_err_clear(&w->err);
	snprintf(w->dir, sizeof(w->dir), "/tmp/fc-engine-XXXXXX");
	assert_non_null(mkdtemp(w->dir));
	snprintf(path, sizeof(path), "%s/profiles", w->dir);
	assert_int_equal(mkdir(path, 0700), 0);
	write_file(w->dir, "profiles/t.yaml",
		   "profile: t\n"
		   "rules:\n"
		   "  T-MTU: { enabled: true, severity: critical }\n"
		   "  T-OFF: { enabled: false }\n");
	w->m = mb_fabric();
	w->sw1 = mb_switch(w->m, "sw1");
	w->sw2 = mb_switch(w->m, "sw2");
	w->sw2->caps |= FC_CAP_COUNTERS;
	w->p[0] = fc_dev_iface(w->m, w->sw1, "Ethernet1/1");
	w->p[1] = fc_dev_iface(w->m, w->sw1, "Ethernet1/2");
	w->p[2] = fc_dev_iface(w->m, w->sw2, "Ethernet1/1");
	w->p[3] = fc_dev_iface(w->m, w->sw2, "Ethernet1/2");
	for (int i = 0; i < 4; i++)
		fc_set_int(&w->p[i]->mtu, i == 3 ? 1500 : 9216, mb_at(w->m, 70 + (unsigned)i));
	mb_link(w->m, w->sw1, w->p[1], w->sw2, w->p[3], 1);
	mb_link(w->m, w->sw1, w->p[0], w->sw2, w->p[2], 1);
}

/* Loads the profile and user (a file name in the rules directory, or NULL). */
static enum fc_rc policy(struct world *w, const char *user)
{
	char path[160];

	snprintf(path, sizeof(path), "%s/%s", w->dir, user ? user : "");
	fc_policy_free(&w->pol);
	return fc_policy_load(w->dir, "t", user ? path : NULL, test_rules, &w->pol, &w->err);
}

static void run(struct world *w, const char *only, bool pass_evidence)
{
	struct fc_engine_opts o = { .only_rule = only, .pass_evidence = pass_evidence, .waivers = w->wv };

	if (!w->pol)
		assert_int_equal(policy(w, NULL), FC_OK);
	fc_engine_free(&w->e);
	assert_int_equal(fc_engine_run(&w->e, w->m, w->pol, &o, &w->err), FC_OK);
}

static void done(struct world *w)
{
	char cmd[128];

	fc_engine_free(&w->e);
	fc_waivers_free(&w->wv);
	fc_policy_free(&w->pol);
	fc_model_free(&w->m);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", w->dir);
	assert_int_equal(system(cmd), 0);
}

static const struct fc_finding *finding(const struct world *w, const char *rule, const char *subject)
{
	size_t i;

	for (i = 0; i < w->e.n; i++)
		if (!strcmp(w->e.findings[i]->rule->id, rule) && !strcmp(w->e.findings[i]->subject, subject))
			return w->e.findings[i];
	fail_msg("no %s finding for %s", rule, subject);
	abort();
}

/* --- the tests ------------------------------------------------------------------------------ */

/* Every enabled rule runs (T-OFF does not); findings come sorted by subject, then rule id; the
 * profile's severity is the finding's. */
static void runs_and_orders(void **state)
{
	struct world w;
	const struct fc_finding *f;
	size_t i;

	(void)state;
	build(&w);
	run(&w, NULL, true);
	assert_int_equal(w.e.n, 5);   /* 2 links, 2 devices, 1 fleet */
	for (i = 0; i < w.e.n; i++)
		assert_string_not_equal(w.e.findings[i]->rule->id, "T-OFF");
	for (i = 1; i < w.e.n; i++) {
		const struct fc_finding *a = w.e.findings[i - 1], *b = w.e.findings[i];
		int s = strcmp(a->subject, b->subject);

		assert_true(a->scope < b->scope || (a->scope == b->scope && (s < 0 || (s == 0 &&
			    strcmp(a->rule->id, b->rule->id) < 0))));
	}
	f = finding(&w, "T-MTU", "sw1:Ethernet1/2 <-> sw2:Ethernet1/2");
	assert_int_equal(f->status, FC_FAIL);
	assert_int_equal(f->sev, FC_SEV_CRITICAL);
	assert_int_equal(f->nev, 2);
	assert_string_equal(f->ev[1].end, "sw2:Ethernet1/2");
	assert_string_equal(f->ev[1].value, "1500");
	assert_int_equal(f->ev[1].src.line, 73);
	f = finding(&w, "T-MTU", "sw1:Ethernet1/1 <-> sw2:Ethernet1/1");
	assert_int_equal(f->status, FC_PASS);
	f = finding(&w, "T-FLEET", "fleet key");
	assert_int_equal(f->status, FC_WARN);
	assert_int_equal(f->sev, FC_SEV_MEDIUM);
	done(&w);
}

/* A switch whose adapter does not provide what the rule needs: one UNKNOWN naming the missing
 * capability, and the rule does not run there. */
static void capability_contract(void **state)
{
	struct world w;
	const struct fc_finding *f;

	(void)state;
	build(&w);
	run(&w, "T-COUNTERS", true);
	assert_int_equal(w.e.n, 2);
	f = finding(&w, "T-COUNTERS", "sw1");
	assert_int_equal(f->status, FC_UNKNOWN);
	assert_non_null(strstr(f->message, "does not provide counters, which T-COUNTERS needs"));
	f = finding(&w, "T-COUNTERS", "sw2");
	assert_int_equal(f->status, FC_PASS);
	assert_string_equal(f->message, "counters read");
	done(&w);
}

/* An unknown value is UNKNOWN with its reason, never a pass. */
static void unknown_is_not_pass(void **state)
{
	struct world w;
	const struct fc_finding *f;

	(void)state;
	build(&w);
	fc_set_unknown(&w.p[2]->mtu.m, "the interface table has no MTU column");
	run(&w, "T-MTU", true);
	f = finding(&w, "T-MTU", "sw1:Ethernet1/1 <-> sw2:Ethernet1/1");
	assert_int_equal(f->status, FC_UNKNOWN);
	assert_string_equal(f->ev[1].value, "unknown: the interface table has no MTU column");
	done(&w);
}

/* --rule by the rule's earlier id runs it alone, even when the profile turned it off; an id no
 * rule has is a usage error. */
static void only_rule(void **state)
{
	struct world w;
	struct fc_engine_opts o = { .only_rule = "T-NOPE" };

	(void)state;
	build(&w);
	run(&w, "T-MTU-OLD", true);
	assert_int_equal(w.e.n, 2);
	assert_string_equal(w.e.findings[0]->rule->id, "T-MTU");
	run(&w, "T-OFF", true);
	assert_int_equal(w.e.n, 1);
	fc_engine_free(&w.e);
	assert_int_equal(fc_engine_run(&w.e, w.m, w.pol, &o, &w.err), FC_ERR_USAGE);
	assert_non_null(strstr(w.err.msg, "T-NOPE"));
	done(&w);
}

/* The user's policy raises the threshold (and the rule reads it), turns a rule on and changes a
 * severity; its errors name the file and line. */
static void user_policy(void **state)
{
	struct world w;
	const struct fc_finding *f;
	struct fc_src where;

	(void)state;
	build(&w);
	write_file(w.dir, "p.yaml",
		   "rules:\n"
		   "  T-MTU:\n"
		   "    params: { min_mtu: 9216 }\n"
		   "  T-OFF: { enabled: true }\n"
		   "  T-FLEET: { severity: info }\n");
	fc_set_int(&w.p[0]->mtu, 9100, mb_at(w.m, 90));
	assert_int_equal(policy(&w, "p.yaml"), FC_OK);
	assert_string_equal(fc_policy_param(w.pol, &r_mtu, "min_mtu", &where), "9216");
	assert_int_equal(where.line, 3);
	run(&w, NULL, true);
	f = finding(&w, "T-MTU", "sw1:Ethernet1/1 <-> sw2:Ethernet1/1");
	assert_int_equal(f->status, FC_FAIL);
	assert_string_equal(f->message, "MTU at least 9216");
	assert_int_equal(finding(&w, "T-FLEET", "fleet key")->sev, FC_SEV_INFO);
	assert_int_equal(finding(&w, "T-OFF", "off")->status, FC_FAIL);

	write_file(w.dir, "bad.yaml", "rules:\n  T-MTU:\n    params: { min_mtu: 9000.5 }\n");
	assert_int_equal(policy(&w, "bad.yaml"), FC_ERR_INPUT);
	assert_int_equal(w.err.line, 3);
	assert_non_null(strstr(w.err.file, "bad.yaml"));
	fc_err_clear(&w.err);
	write_file(w.dir, "range.yaml", "rules:\n  T-MTU: { params: { min_mtu: 100 } }\n");
	assert_int_equal(policy(&w, "range.yaml"), FC_ERR_INPUT);
	assert_int_equal(w.err.line, 2);
	fc_err_clear(&w.err);
	write_file(w.dir, "unknown.yaml", "rules:\n  T-FLEET: {}\n  T-NOPE: { enabled: true }\n");
	assert_int_equal(policy(&w, "unknown.yaml"), FC_ERR_INPUT);
	assert_int_equal(w.err.line, 3);
	assert_non_null(strstr(w.err.msg, "unknown rule id 'T-NOPE'"));
	done(&w);
}

/* Without pass evidence a passing finding keeps its message and loses its evidence; a failing
 * one keeps both. */
static void pass_evidence(void **state)
{
	struct world w;

	(void)state;
	build(&w);
	run(&w, "T-MTU", false);
	assert_int_equal(finding(&w, "T-MTU", "sw1:Ethernet1/1 <-> sw2:Ethernet1/1")->nev, 0);
	assert_int_equal(finding(&w, "T-MTU", "sw1:Ethernet1/2 <-> sw2:Ethernet1/2")->nev, 2);
	done(&w);
}

/* A live waiver waives the failing finding its pattern matches (and counts it); an expired one
 * waives nothing; a passing finding is never waived. */
static void waivers(void **state)
{
	struct world w;
	char path[160];
	const struct fc_finding *f;

	(void)state;
	build(&w);
	write_file(w.dir, "w.yaml",
		   "waivers:\n"
		   "  - {rule: T-MTU, subject: \"sw1:Ethernet1/2 <-> *\", reason: CHG-1, owner: a@b, expires: 2026-12-31}\n"
		   "  - {rule: \"*\", subject: \"*\", reason: old, owner: a@b, expires: 2026-01-01}\n");
	snprintf(path, sizeof(path), "%s/w.yaml", w.dir);
	assert_int_equal(fc_waivers_load(path, "2026-12-03", test_rules, &w.wv, &w.err), FC_OK);
	assert_int_equal(w.wv->n, 2);
	assert_false(w.wv->v[0].expired);
	assert_true(w.wv->v[1].expired);
	run(&w, NULL, true);
	f = finding(&w, "T-MTU", "sw1:Ethernet1/2 <-> sw2:Ethernet1/2");
	assert_true(f->waived);
	assert_ptr_equal(f->waiver, &w.wv->v[0]);
	assert_int_equal(f->status, FC_FAIL);
	assert_false(finding(&w, "T-MTU", "sw1:Ethernet1/1 <-> sw2:Ethernet1/1")->waived);
	assert_false(finding(&w, "T-FLEET", "fleet key")->waived);
	assert_int_equal(w.wv->v[0].matched, 1);
	assert_int_equal(w.wv->v[1].matched, 0);
	done(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(runs_and_orders),
		cmocka_unit_test(capability_contract),
		cmocka_unit_test(unknown_is_not_pass),
		cmocka_unit_test(only_rule),
		cmocka_unit_test(user_policy),
		cmocka_unit_test(pass_evidence),
		cmocka_unit_test(waivers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
