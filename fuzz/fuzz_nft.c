/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: the nftables ruleset evaluator (jumps, sets, matches) on hostile JSON. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "doc/doc.h"
#include "probe/probe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct doc *d = NULL;
	struct fc_err err;
	char where[160];

	fc_err_clear(&err);
	if (doc_parse_json("fuzz", (const char *)data, size, &d, &err) == FC_OK) {
		if (!fc_nft_roce_verdict(d, "roce0", &err, where, sizeof(where)) && (err.rc == FC_OK || !err.msg[0]))
			abort();   /* no verdict without its reason */
		doc_free(&d);
	}
	return 0;
}
