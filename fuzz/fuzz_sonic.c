/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: SONiC CONFIG_DB (nested, flat "TABLE|key", redis dump) through the adapter's
 * parse, finalize (ports, PFC, ACLs) and QoS path (maps, queues, schedulers, WRED, buffers); and the
 * same input as a redis dump of APPL_DB's buffer tables and as each state output (tabulate tables). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_adapter("sonic", "show runningconfiguration all", "json", data, size);
	fuzz_adapter("sonic", "redis-dump -d 0 -k BUFFER_P*_TABLE:*", "json", data, size);
	fuzz_adapter("sonic", "show interfaces status", "text", data, size);
	fuzz_adapter("sonic", "show interfaces fec status", "text", data, size);
	fuzz_adapter("sonic", "show lldp table", "text", data, size);
	return 0;
}
