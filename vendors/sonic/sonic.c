/* SPDX-License-Identifier: MIT */
/* SONiC adapter: the command table and the parse entry. It reads CONFIG_DB (a saved config_db.json,
 * `show runningconfiguration all`, `sonic-cfggen -d --print-data`, a redis dump), APPL_DB's buffer
 * tables, and three state outputs (interfaces status, FEC status, the LLDP table); transceiver DOM
 * and counters are not read yet, so what only they give is UNKNOWN on SONiC switches. */
#include <string.h>

#include "sonic/sonic.h"

#define CONFIG_DB "show runningconfiguration all"
#define APPL_DB "redis-dump -d 0 -k BUFFER_P*_TABLE:*"
#define XCVR "show interfaces transceiver eeprom --dom"

static const struct fc_vendor_cmd sonic_commands[] = {
	{ CONFIG_DB, "json", "config_db.json", true, NULL },
	{ APPL_DB, "json", "appl_db_buffers.json", false, NULL },
	{ "show interfaces status", "text", "show_interfaces_status.txt", false, NULL },
	{ "show interfaces fec status", "text", "show_interfaces_fec_status.txt", false, NULL },
	{ "show lldp table", "text", "show_lldp_table.txt", false, NULL },
	{ XCVR, "text", "show_interfaces_transceiver_eeprom_--dom.txt", true, NULL },
	{ NULL, NULL, NULL, false, NULL },
};

static bool is_appl(const char *command)
{
	return !strcmp(command, APPL_DB) || !strcmp(command, "sonic-db-dump -n APPL_DB");
}

static bool is_xcvr(const char *command)
{
	return !strcmp(command, XCVR) || !strcmp(command, "show interfaces transceiver eeprom -d") ||
	       !strcmp(command, "sfputil show eeprom --dom") || !strcmp(command, "sfputil show eeprom -d");
}

static bool is_show(const char *command)
{
	return !strcmp(command, "show interfaces status") || !strcmp(command, "show interfaces fec status") ||
	       !strcmp(command, "show lldp table");
}

static bool sonic_reads(const char *command, const char *encoding)
{
	if (!strcmp(encoding, "text"))
		return is_show(command) || is_xcvr(command);
	return (!strcmp(command, CONFIG_DB) || !strcmp(command, "sonic-cfggen -d --print-data") || is_appl(command)) &&
	       !strcmp(encoding, "json");
}

static enum fc_rc sonic_parse(struct fc_parse_ctx *c, const char *command, const char *encoding, const char *text,
			      size_t len)
{
	struct doc *d = NULL;
	enum fc_rc rc;

	if (!sonic_reads(command, encoding))
		return FC_ERR_UNSUPPORTED;
	if (!strcmp(encoding, "text"))
		return is_xcvr(command) ? sonic_parse_xcvr(c, text) : sonic_parse_show(c, command, text);
	if ((rc = doc_parse_json(c->file, text, len, &d, c->err)) != FC_OK)
		return rc;
	rc = is_appl(command) ? sonic_parse_appl_db(c, d) : sonic_parse_config_db(c, d);
	doc_free(&d);
	return rc;
}

const struct fc_vendor fc_vendor_sonic = {
	.platform = "sonic",
	.title = "SONiC (CONFIG_DB: config_db.json, show runningconfiguration all)",
	.kind = FC_DEV_SWITCH,
	.caps = FC_CAP_QOS_PATH | FC_CAP_CONFIG | FC_CAP_PG_BUFFERS | FC_CAP_ACL | FC_CAP_LLDP,
	.commands = sonic_commands,
	.saved_config = { CONFIG_DB, "json", "config_db.json", false, NULL },
	.reads = sonic_reads,
	.parse = sonic_parse,
	.finalize = sonic_finalize,
	.qos_path = sonic_qos_path,
	.intent = fc_vendor_no_intent,
};
