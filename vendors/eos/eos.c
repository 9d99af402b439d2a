/* SPDX-License-Identifier: MIT */
/* Arista EOS adapter: the command table and the parse entry. It reads the running-config (`show
 * running-config`, or a saved config given as `config:` for the CI gate) into ports, ACLs and the
 * resolved QoS path (eos_config.c, eos_model.c, eos_qos_path.c); the state outputs in JSON (eAPI,
 * or `| json` over SSH): version, interfaces, transceivers and their DOM thresholds, PFC counters
 * (eos_state.c) and LLDP neighbours (eos_show.c); `show interfaces` as CLI text too
 * (eos_show_text.c). docs/eos.md lists what is read and what is not. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "doc/doc.h"
#include "vendors/eos/eos.h"

#define RUNNING "show running-config"
#define LLDP "show lldp neighbors detail"
#define INTERFACES "show interfaces"

/* Every command the adapter reads; the rows with a file are what collect gathers, the
 * running-config first: the state outputs after it show what runs (eos_finalize applies them over
 * the config whatever the order a directory of saved outputs gives). show interfaces carries the
 * counters --baseline compares. */
static const struct fc_reader eos_readers[] = {
	{ .command = RUNNING, .encoding = "text", .text = eos_parse_config, .file = "show_running-config.txt",
	  .large = true, .saved_config = true },
	{ .command = "show version", .encoding = "json", .json = eos_json_version, .file = "show_version.json" },
	{ .command = INTERFACES, .encoding = "json", .json = eos_json_interfaces, .file = "show_interfaces.json",
	  .json_rows = eos_interfaces_rows, .json_rows_map = true, .json_row = eos_json_interface_row,
	  .large = true, .counters = true },
	{ .command = "show interfaces transceiver dom thresholds", .encoding = "json", .json = eos_json_dom_thresholds,
	  .file = "show_interfaces_transceiver_dom_thresholds.json", .optional = true },
	{ .command = "show interfaces phy detail", .encoding = "json", .json = eos_json_phy_detail,
	  .file = "show_interfaces_phy_detail.json", .optional = true },
	{ .command = "show priority-flow-control counters", .encoding = "json", .json = eos_json_pfc_counters,
	  .file = "show_priority-flow-control_counters.json", .optional = true },
	{ .command = "show qos interfaces ecn counters queue", .encoding = "json", .json = eos_json_ecn_counters,
	  .file = "show_qos_interfaces_ecn_counters_queue.json", .optional = true },
	{ .command = LLDP, .encoding = "json", .json = eos_parse_lldp_json, .file = "show_lldp_neighbors_detail.json" },
	/* outputs other tools save: values without limits (napalm's get_optics), state and queue
	 * drops (ANTA), and the CLI text of the same commands */
	{ .command = "show interfaces transceiver", .encoding = "json", .json = eos_json_transceiver },
	{ .command = "show interfaces description", .encoding = "json", .json = eos_json_descriptions },
	{ .command = "show interfaces counters queue drops", .encoding = "json", .json = eos_json_queue_drops },
	{ .command = INTERFACES, .encoding = "text", .text = eos_parse_interfaces_text, .ends_kept = true },
	{ .command = "show interfaces status", .encoding = "text", .text = eos_text_status },
	{ .command = "show interfaces transceiver", .encoding = "text", .text = eos_text_transceiver },
	{ .command = "show interfaces transceiver detail", .encoding = "text", .text = eos_text_transceiver_detail },
	{ .command = "show interfaces transceiver hardware", .encoding = "text", .text = eos_text_transceiver_hardware },
	{ .command = LLDP, .encoding = "text", .text = eos_text_lldp },
	{ .command = NULL },
};

bool eos_ifname_canon(const char *in, size_t len, char *buf, size_t size)
{
	char tmp[FC_IFLIST_NAME];
	const char *n;
	size_t p;

	if (len >= sizeof(tmp))
		return false;
	memcpy(tmp, in, len);
	tmp[len] = '\0';
	n = eos_ifname(tmp, buf, size);
	p = !strncmp(n, "Ethernet", 8) ? 8 : !strncmp(n, "Port-Channel", 12) ? 12 : 0;
	if (!p || !isdigit((unsigned char)n[p]) || strspn(n + p, "0123456789/.") != strlen(n + p))
		return false;
	return n == buf || (size_t)snprintf(buf, size, "%s", n) < size;
}

const char *eos_ifname(const char *in, char *buf, size_t size)
{
	static const struct { const char *abbr, *full; } forms[] = {
		{ "ethernet", "Ethernet" }, { "eth", "Ethernet" }, { "et", "Ethernet" },
		{ "port-channel", "Port-Channel" }, { "po", "Port-Channel" },
	};
	size_t k, n = strcspn(in, "0123456789");

	for (k = 0; k < sizeof(forms) / sizeof(forms[0]); k++)
		if (n == strlen(forms[k].abbr) && !strncasecmp(in, forms[k].abbr, n) && isdigit((unsigned char)in[n])) {
			snprintf(buf, size, "%s%s", forms[k].full, in + n);
			return buf;
		}
	return in;
}

const struct fc_adapter fc_adapter_eos = {
	.platform = "eos",
	.title = "Arista EOS (eAPI, CLI, running-config)",
	.kind = FC_DEV_SWITCH,
	.caps = FC_CAP_QOS_PATH | FC_CAP_CONFIG | FC_CAP_ACL | FC_CAP_LLDP | FC_CAP_DOM | FC_CAP_COUNTERS | FC_CAP_LINK |
		FC_CAP_PFC | FC_CAP_MTU | FC_CAP_ADDRESS | FC_CAP_CLASSIFY,
	.readers = eos_readers,
	.json_body = eos_body,
	.finalize = eos_finalize,
	.qos = &eos_qos,
	.ifname = eos_ifname,
	.intent = fc_adapter_no_intent,
	.cli_json_suffix = " | json",
};
