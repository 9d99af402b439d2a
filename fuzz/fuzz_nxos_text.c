/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: every NX-OS CLI text parser (the first byte picks the command). */
#include "fuzz_common.h"

static const char *const commands[] = {
	"show version", "show interface", "show interface status", "show interface capabilities",
	"show interface breakout", "show interface transceiver", "show interface transceiver details",
	"show interface fec", "show interface priority-flow-control", "show queuing interface",
	"show lldp neighbors", "show lldp neighbors detail", "show ip access-lists",
	"show policy-map system type network-qos",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	fuzz_adapter("nxos", commands[data[0] % (sizeof(commands) / sizeof(commands[0]))], "text", data + 1, size - 1);
	return 0;
}
