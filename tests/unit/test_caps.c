/* SPDX-License-Identifier: MIT */
/* Capabilities: every rule declares what it reads and needs only what it reads; fc_cap_filled
 * answers for what a model holds. (That every adapter fills what it declares and declares what it
 * fills is tests/cli/capabilities.py, on the example fabrics.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "adapter/adapter.h"
#include "rules/rules.h"

static void rules_declare_what_they_read(void **state)
{
	const struct fc_rule *const *r;
	int bad = 0;

	(void)state;
	for (r = fc_rule_list(); *r; r++) {
		if (!(*r)->reads_switch && !(*r)->reads_host && !(*r)->after_waivers) {
			fprintf(stderr, "%s reads no device's model: declare reads_switch / reads_host\n", (*r)->id);
			bad++;
		}
		if (((*r)->needs_switch & ~(*r)->reads_switch) || ((*r)->needs_host & ~(*r)->reads_host)) {
			fprintf(stderr, "%s needs what it does not read\n", (*r)->id);
			bad++;
		}
		if (((*r)->reads_switch | (*r)->reads_host) >> FC_CAP_COUNT) {
			fprintf(stderr, "%s reads a capability that does not exist\n", (*r)->id);
			bad++;
		}
	}
	assert_int_equal(bad, 0);
}

/* fc_cap_filled answers for what a model holds, not for what it could */
static void filled_is_what_is_there(void **state)
{
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	struct fc_iface *ifc;
	struct fc_err err;
	unsigned c;

	(void)state;
	fc_err_clear(&err);
	assert_int_equal(fc_model_add_device(m, "sw", FC_DEV_SWITCH, &d, &err), FC_OK);
	assert_non_null(ifc = fc_dev_iface(m, d, "Ethernet1"));
	for (c = 0; c < FC_CAP_COUNT; c++)
		assert_false(fc_cap_filled(d, 1u << c));
	fc_set_int(&ifc->mtu, 9216, fc_src_at(NULL, 0));
	assert_true(fc_cap_filled(d, FC_CAP_MTU));
	assert_false(fc_cap_filled(d, FC_CAP_LINK));
	fc_set_str(m, &ifc->lldp_sysname, "leaf1", fc_src_at(NULL, 0));
	assert_true(fc_cap_filled(d, FC_CAP_LLDP));
	fc_model_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rules_declare_what_they_read),
		cmocka_unit_test(filled_is_what_is_there),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
