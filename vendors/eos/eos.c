/* SPDX-License-Identifier: MIT */
/* Arista EOS adapter: the command table and the parse entry. It reads the running-config (`show
 * running-config`, or a saved config given as `config:` for the CI gate) into ports, ACLs and the
 * resolved QoS path (eos_config.c, eos_model.c, eos_qos_path.c), and `show lldp neighbors detail` in
 * JSON (eos_show.c). The eAPI transport and the other state outputs (interfaces, transceivers, PFC,
 * QoS maps) are not read yet (docs/eos.md). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "doc/doc.h"
#include "eos/eos.h"

#define RUNNING "show running-config"

#define LLDP "show lldp neighbors detail"

static const struct fc_vendor_cmd eos_commands[] = {
	{ RUNNING, "text", "show_running-config.txt", true, NULL, false },
	{ LLDP, "json", "show_lldp_neighbors_detail.json", false, NULL, false },
	{ NULL, NULL, NULL, false, NULL, false },
};

static bool eos_reads(const char *command, const char *encoding)
{
	return (!strcmp(command, RUNNING) && !strcmp(encoding, "text")) || (!strcmp(command, LLDP) && !strcmp(encoding, "json"));
}

static enum fc_rc eos_parse(struct fc_parse_ctx *c, const char *command, const char *encoding, const char *text,
			    size_t len)
{
	struct doc *d = NULL;
	enum fc_rc rc;

	if (!eos_reads(command, encoding))
		return FC_ERR_UNSUPPORTED;
	if (!strcmp(encoding, "text"))
		return eos_parse_config(c, text);
	if ((rc = doc_parse_json(c->file, text, len, &d, c->err)) != FC_OK)
		return rc;
	rc = eos_parse_lldp_json(c, d);
	doc_free(&d);
	return rc;
}

/* "Et1/1", "Eth1/1", "ethernet1/1" -> "Ethernet1/1"; "Po10" -> "Port-Channel10". */
static const char *eos_ifname(const char *in, char *buf, size_t size)
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

const struct fc_vendor fc_vendor_eos = {
	.platform = "eos",
	.title = "Arista EOS (running-config)",
	.kind = FC_DEV_SWITCH,
	.caps = FC_CAP_QOS_PATH | FC_CAP_CONFIG | FC_CAP_ACL | FC_CAP_LLDP,
	.commands = eos_commands,
	.saved_config = { RUNNING, "text", "show_running-config.txt", true, NULL, false },
	.reads = eos_reads,
	.parse = eos_parse,
	.finalize = eos_finalize,
	.qos_path = eos_qos_path,
	.ifname = eos_ifname,
	.intent = fc_vendor_no_intent,
};
