/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: NX-OS CLI text parsers (show interface, lldp detail, transceiver details). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_adapter("nxos", "show interface", "text", data, size);
	fuzz_adapter("nxos", "show lldp neighbors detail", "text", data, size);
	fuzz_adapter("nxos", "show interface transceiver details", "text", data, size);
	return 0;
}
