/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: nxos adapter, "show interface" (json). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_adapter("nxos", "show interface", "json", data, size);
	return 0;
}
