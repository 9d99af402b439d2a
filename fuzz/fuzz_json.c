/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: the positioned json parser. */
#include <stdint.h>
#include <stddef.h>

#include "doc/doc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct doc *d = NULL;
	struct fc_err err;

	fc_err_clear(&err);
	if (doc_parse_json("fuzz", (const char *)data, size, &d, &err) == FC_OK)
		doc_free(&d);
	return 0;
}
