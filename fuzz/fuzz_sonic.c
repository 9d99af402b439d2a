/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: SONiC CONFIG_DB (nested, flat "TABLE|key", redis dump) through the adapter's
 * parse, finalize (ports, PFC, ACLs) and QoS path (maps, queues, schedulers, WRED, buffers). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_adapter("sonic", "show runningconfiguration all", "json", data, size);
	return 0;
}
