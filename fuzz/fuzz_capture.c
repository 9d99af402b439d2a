/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: linux adapter, "fabcheck agentless capture" (the SSH capture of a node
 * without fabcheck: unpacked into a temporary tree, then the probe's builder on it). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_adapter("linux", "fabcheck agentless capture", "text", data, size);
	return 0;
}
