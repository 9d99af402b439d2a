/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: SONiC's text state outputs. The first byte selects the reader (tabulate tables:
 * interfaces status, FEC status, LLDP table, PFC priorities, PFC watchdog, PFC counters and their
 * history, interface and queue counters, ACL rule counts; the transceiver EEPROM; show version; ecnconfig -l; pg_profile_lookup.ini), the rest is its output. The input is read
 * beside a fixed CONFIG_DB, as a snapshot holds them, so that finalize merges what a state output
 * shows into CONFIG_DB's objects and the QoS path then resolves every port on the result. */
#include "fuzz_common.h"

static const char base_config[] =
	"{\"PORT\": {\"Ethernet0\": {\"speed\": \"100000\", \"lanes\": \"0,1,2,3\", \"mtu\": \"9100\"}},"
	" \"PORT_QOS_MAP\": {\"Ethernet0\": {\"pfc_enable\": \"3\", \"dscp_to_tc_map\": \"AZURE\"}},"
	" \"DSCP_TO_TC_MAP\": {\"AZURE\": {\"26\": \"3\"}},"
	" \"CABLE_LENGTH\": {\"AZURE\": {\"Ethernet0\": \"5m\"}},"
	" \"QUEUE\": {\"Ethernet0|3\": {\"wred_profile\": \"AZURE_LOSSLESS\"}},"
	" \"WRED_PROFILE\": {\"AZURE_LOSSLESS\": {\"ecn\": \"ecn_all\", \"green_min_threshold\": \"1\"}},"
	" \"PFC_WD\": {\"Ethernet0\": {\"action\": \"drop\"}}}";

static const char *const commands[] = {
	"show interfaces status", "show interfaces fec status", "show lldp table", "show pfc priority",
	"pfcwd show config", "show interfaces transceiver eeprom --dom", "show version", "ecnconfig -l",
	"cat pg_profile_lookup.ini", "show pfc counters", "show pfc counters --history", "show interfaces counters",
	"show queue counters", "show acl rule",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *command;

	if (!size)
		return 0;
	command = commands[data[0] % (sizeof(commands) / sizeof(commands[0]))];
	data++, size--;
	fuzz_adapter("sonic", command, "text", data, size);   /* alone, as `fabcheck parse` reads it */
	fuzz_adapter_after("sonic", "show runningconfiguration all", "json", base_config, command, "text", data, size);
	return 0;
}
