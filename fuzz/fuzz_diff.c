/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: what fabcheck diff reads from untrusted hands (the first byte picks): a JSON
 * report (as a side, diffed against itself and written in every diff format) or an expect file
 * (YAML or JSON), whose declarations then explain a diff of the report seeded in. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff/diff.h"

static void write_all(const struct fc_diff *d)
{
	static const char *const fmts[] = { "text", "json", "markdown", "html", NULL };
	FILE *null = fopen("/dev/null", "w");
	size_t i;

	if (!null)
		return;
	for (i = 0; fmts[i]; i++)
		fc_diff_write(d, fmts[i], null);
	fclose(null);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char report[] =
		"{\"format\":\"fabcheck-report\",\"tool_version\":\"0\",\"profile\":\"p\",\"fabric\":\"f\","
		"\"rule_catalog\":\"1 rules, 0000000000000000\",\"devices\":[{\"name\":\"leaf1\"}],"
		"\"findings\":[{\"rule\":\"R\",\"subject\":\"leaf1:e1 <-> h:e\",\"status\":\"fail\",\"severity\":\"high\","
		"\"message\":\"m\"}],\"summary\":{\"devices_incomplete\":0,\"input_errors\":0}}";
	struct fc_dside a, b;
	struct fc_expect *x = NULL;
	struct fc_diff *d = NULL;
	struct fc_err err;

	if (size < 1)
		return 0;
	fc_err_clear(&err);
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	if (data[0] % 3 == 0) {
		if (fc_dside_from_report_text(&a, "fuzz.json", (const char *)data + 1, size - 1, &err) == FC_OK &&
		    fc_dside_from_report_text(&b, "seed.json", report, sizeof(report) - 1, &err) == FC_OK &&
		    fc_diff_build(&b, &a, NULL, &d, &err) == FC_OK)
			write_all(d);
	} else {
		if (fc_expect_parse(data[0] % 3 == 1 ? "fuzz.yaml" : "fuzz.json", (const char *)data + 1, size - 1, &x,
				    &err) == FC_OK &&
		    fc_dside_from_report_text(&a, "seed.json", report, sizeof(report) - 1, &err) == FC_OK &&
		    fc_dside_from_report_text(&b, "seed2.json", report, sizeof(report) - 1, &err) == FC_OK &&
		    fc_diff_build(&a, &b, x, &d, &err) == FC_OK)
			write_all(d);
	}
	fc_diff_free(&d);
	fc_expect_free(&x);
	fc_dside_free(&a);
	fc_dside_free(&b);
	return 0;
}
