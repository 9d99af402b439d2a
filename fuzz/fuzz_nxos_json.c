/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: every NX-OS JSON parser, NX-API envelopes included (the first byte picks the
 * command). */
#include "fuzz_common.h"

static const char *const commands[] = {
	"show version", "show inventory", "show interface", "show interface brief", "show interface transceiver",
	"show interface transceiver details", "show interface counters detailed", "show lldp neighbors",
	"show lldp neighbors detail",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	fuzz_adapter("nxos", commands[data[0] % (sizeof(commands) / sizeof(commands[0]))], "json", data + 1, size - 1);
	return 0;
}
