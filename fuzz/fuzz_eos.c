/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: Arista EOS's readers on the input. The running-config through the adapter's
 * parse (interfaces and ranges, qos profiles, maps, tx-queues, ACLs), finalize (each port's own
 * settings over its profile's) and QoS path; and show lldp neighbors detail in JSON (bare or as
 * eAPI's reply). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_adapter("eos", "show running-config", "text", data, size);
	fuzz_adapter("eos", "show lldp neighbors detail", "json", data, size);
	return 0;
}
