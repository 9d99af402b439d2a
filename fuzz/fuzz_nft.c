/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: the nftables ruleset evaluator (jumps, sets, matches) on hostile JSON. */
#include <stddef.h>
#include <stdint.h>

#include "doc/doc.h"
#include "probe/probe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct doc *d = NULL;
	struct fc_err err;
	char why[256], where[160];

	fc_err_clear(&err);
	if (doc_parse_json("fuzz", (const char *)data, size, &d, &err) == FC_OK) {
		fc_nft_roce_verdict(d, "roce0", why, sizeof(why), where, sizeof(where));
		doc_free(&d);
	}
	return 0;
}
