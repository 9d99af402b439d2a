/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: Arista EOS's state outputs. The first byte selects the reader (in eAPI's
 * JSON: show version, show interfaces, show interfaces transceiver, its dom thresholds, show
 * priority-flow-control counters, show interfaces phy detail, description, ECN and queue-drop
 * counters; as CLI text: show interfaces, its
 * status table, the transceiver tables (values, detail, hardware), show lldp neighbors detail),
 * the rest is its output. Each is read alone, as `fabcheck parse` reads it, and after a fixed
 * running-config, as a snapshot holds them, so that finalize applies what the output shows over
 * the config and the QoS path resolves every port on the result. */
#include "fuzz_common.h"

static const char base_config[] =
	"hostname l1\nqos map dscp 26 to traffic-class 3\nqos profile AI\n   qos trust dscp\n"
	"   priority-flow-control on\n   priority-flow-control priority 3 no-drop\n   tx-queue 3\n"
	"      random-detect ecn minimum-threshold 20 kbytes maximum-threshold 40 kbytes\n!\n"
	"interface Ethernet1\n   mtu 9198\n   no switchport\n   error-correction encoding reed-solomon\n"
	"   service-profile AI\n!\ninterface Ethernet49/1\n   speed forced 100gfull\n!\n";

static const struct {
	const char *command, *enc;
} readers[] = {
	{ "show version", "json" },
	{ "show interfaces", "json" },
	{ "show interfaces transceiver", "json" },
	{ "show interfaces transceiver dom thresholds", "json" },
	{ "show priority-flow-control counters", "json" },
	{ "show interfaces phy detail", "json" },
	{ "show interfaces description", "json" },
	{ "show qos interfaces ecn counters queue", "json" },
	{ "show interfaces counters queue drops", "json" },
	{ "show interfaces", "text" },
	{ "show interfaces status", "text" },
	{ "show interfaces transceiver", "text" },
	{ "show interfaces transceiver detail", "text" },
	{ "show interfaces transceiver hardware", "text" },
	{ "show lldp neighbors detail", "text" },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t k;

	if (!size)
		return 0;
	k = data[0] % (sizeof(readers) / sizeof(readers[0]));
	data++, size--;
	fuzz_adapter("eos", readers[k].command, readers[k].enc, data, size);
	fuzz_adapter_after("eos", "show running-config", "text", base_config, readers[k].command, readers[k].enc, data,
			   size);
	return 0;
}
