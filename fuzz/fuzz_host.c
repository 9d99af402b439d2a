/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: linux adapter, "fabcheck probe" (json). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_adapter("linux", "fabcheck probe", "json", data, size);
	return 0;
}
