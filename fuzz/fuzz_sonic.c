/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: SONiC's JSON readers on the input. CONFIG_DB (nested, flat "TABLE|key", redis
 * dump) through the adapter's parse, finalize (ports, PFC, ACLs, neighbours) and QoS path (maps,
 * queues, schedulers, WRED, buffers); the input as a redis dump of APPL_DB's buffer tables and as
 * lldpcli's JSON. The text state outputs have their own harness (fuzz_sonic_state.c). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_adapter("sonic", "show runningconfiguration all", "json", data, size);
	fuzz_adapter("sonic", "redis-dump -d 0 -k BUFFER_P*_TABLE:*", "json", data, size);
	fuzz_adapter("sonic", "docker exec lldp lldpcli -f json0 show neighbors details", "json", data, size);
	return 0;
}
