/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: inventories (the first byte picks YAML or JSON, and an inventory or an intent
 * file, probe --check --intent, whose devices are optional): the schema, device names, addresses
 * (fc_addr_parse), the cabling plan, credentials, and the text check that refuses control
 * characters in fabcheck's own files. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "inventory/inventory.h"
#include "util/addr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fc_inventory *inv = NULL;
	struct fc_err err;
	struct fc_addr a;
	size_t i;

	if (size < 1)
		return 0;
	fc_err_clear(&err);
	if ((data[0] & 2 ? fc_intent_parse : fc_inventory_parse)(data[0] & 1 ? "fuzz.json" : "fuzz.yaml",
								 (const char *)data + 1, size - 1, &inv, &err) == FC_OK) {
		for (i = 0; i < inv->ndevices; i++)
			if (inv->devices[i].address)
				fc_addr_parse(inv->devices[i].address, &a, &err);
		fc_inventory_free(&inv);
	}
	return 0;
}
