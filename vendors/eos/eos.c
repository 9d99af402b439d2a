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

/* The running-config first: the state outputs after it show what runs (eos_finalize applies
 * them over the config whatever the order a directory of saved outputs gives). */
static const struct fc_adapter_cmd eos_commands[] = {
	{ RUNNING, "text", "show_running-config.txt", true, NULL, false, false },
	{ "show version", "json", "show_version.json", false, NULL, false, false },
	{ INTERFACES, "json", "show_interfaces.json", true, NULL, false, true },
	{ "show interfaces transceiver dom thresholds", "json", "show_interfaces_transceiver_dom_thresholds.json", false,
	  NULL, true, false },
	{ "show interfaces phy detail", "json", "show_interfaces_phy_detail.json", false, NULL, true, false },
	{ "show priority-flow-control counters", "json", "show_priority-flow-control_counters.json", false, NULL, true, false },
	{ "show qos interfaces ecn counters queue", "json", "show_qos_interfaces_ecn_counters_queue.json", false, NULL, true, false },
	{ LLDP, "json", "show_lldp_neighbors_detail.json", false, NULL, false, false },
	{ NULL, NULL, NULL, false, NULL, false, false },
};

static bool eos_reads(const char *command, const char *encoding)
{
	size_t k;

	static const char *const text_cmds[] = {
		RUNNING, INTERFACES, "show interfaces status", "show interfaces transceiver", "show interfaces transceiver detail",
		"show interfaces transceiver hardware", LLDP,
	};

	if (!strcmp(encoding, "text")) {
		for (k = 0; k < sizeof(text_cmds) / sizeof(text_cmds[0]); k++)
			if (!strcmp(command, text_cmds[k]))
				return true;
		return false;
	}
	for (k = 1; eos_commands[k].command; k++)
		if (!strcmp(command, eos_commands[k].command))
			return !strcmp(encoding, "json");
	/* outputs other tools save: values without limits (napalm's get_optics), state and queue
	 * drops (ANTA) */
	return (!strcmp(command, "show interfaces transceiver") || !strcmp(command, "show interfaces description") ||
		!strcmp(command, "show interfaces counters queue drops")) &&
	       !strcmp(encoding, "json");
}

static enum fc_rc eos_parse(struct fc_parse_ctx *c, const char *command, const char *encoding, const char *text,
			    size_t len)
{
	struct doc *d = NULL;
	enum fc_rc rc;

	if (!eos_reads(command, encoding))
		return FC_ERR_UNSUPPORTED;
	if (!strcmp(encoding, "text"))
		return !strcmp(command, RUNNING) ? eos_parse_config(c, text)
		       : !strcmp(command, INTERFACES) ? eos_parse_interfaces_text(c, text)
						       : eos_parse_table_text(c, command, text);
	if ((rc = doc_parse_json(c->file, text, len, &d, c->err)) != FC_OK)
		return rc;
	rc = !strcmp(command, LLDP) ? eos_parse_lldp_json(c, d) : eos_parse_state_json(c, command, d);
	doc_free(&d);
	return rc;
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
	.caps = FC_CAP_QOS_PATH | FC_CAP_CONFIG | FC_CAP_ACL | FC_CAP_LLDP | FC_CAP_DOM | FC_CAP_COUNTERS,
	.commands = eos_commands,
	.saved_config = { RUNNING, "text", "show_running-config.txt", true, NULL, false, false },
	.reads = eos_reads,
	.parse = eos_parse,
	.finalize = eos_finalize,
	.qos_path = eos_qos_path,
	.ifname = eos_ifname,
	.intent = fc_adapter_no_intent,
	.cli_json_suffix = " | json",
};
