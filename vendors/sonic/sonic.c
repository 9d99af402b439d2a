/* SPDX-License-Identifier: MIT */
/* SONiC adapter: the command table and the parse entry. It reads CONFIG_DB (a saved config_db.json,
 * `show runningconfiguration all`, `sonic-cfggen -d --print-data`, a redis dump), APPL_DB's buffer
 * tables, and the state outputs: version and platform, interfaces and FEC status, the LLDP table and
 * lldpcli's JSON, the transceiver EEPROM with DOM, PFC priorities, the PFC watchdog and the ECN
 * profiles as they run, PFC frames and pause time per priority, the interface counters. */
#include <string.h>

#include "vendors/sonic/sonic.h"

#define CONFIG_DB "show runningconfiguration all"
#define APPL_DB "redis-dump -d 0 -k BUFFER_P*_TABLE:*"
#define XCVR "show interfaces transceiver eeprom --dom"
#define LLDPCLI "docker exec lldp lldpcli -f json0 show neighbors details"
/* the SKU's headroom table, where the platform's files are (an SKU without one: optional) */
#define PGLOOKUP "cat pg_profile_lookup.ini"
#define PGLOOKUP_REMOTE                                                                                    \
	"cat \"/usr/share/sonic/device/$(sonic-cfggen -d -v DEVICE_METADATA.localhost.platform)/"            \
	"$(sonic-cfggen -d -v DEVICE_METADATA.localhost.hwsku)/pg_profile_lookup.ini\""

/* What collect runs. The APPL_DB dump matters only under the dynamic buffer model, and lldpcli (in
 * the lldp container) is refused where the user may not run docker: both optional (show lldp
 * table gives the neighbours; without APPL_DB a dynamic headroom is UNKNOWN, saying so). */
static const struct fc_adapter_cmd sonic_commands[] = {
	{ CONFIG_DB, "json", "config_db.json", true, NULL, false, false },
	{ "show version", "text", "show_version.txt", false, NULL, false, false },
	{ "show platform summary", "text", "show_platform_summary.txt", false, NULL, true, false },
	{ APPL_DB, "json", "appl_db_buffers.json", false, "redis-dump -d 0 -k 'BUFFER_P*_TABLE:*'", true, false },
	{ "show interfaces status", "text", "show_interfaces_status.txt", false, NULL, false, false },
	{ "show interfaces fec status", "text", "show_interfaces_fec_status.txt", false, NULL, false, false },
	{ "show lldp table", "text", "show_lldp_table.txt", false, NULL, false, false },
	{ LLDPCLI, "json", "lldpcli_neighbors.json", false, NULL, true, false },
	{ XCVR, "text", "show_interfaces_transceiver_eeprom_--dom.txt", true, NULL, false, false },
	{ "show pfc priority", "text", "show_pfc_priority.txt", false, NULL, false, false },
	{ "pfcwd show config", "text", "pfcwd_show_config.txt", false, NULL, true, false },
	{ "ecnconfig -l", "text", "ecnconfig_-l.txt", false, NULL, false, false },
	{ "show pfc counters", "text", "show_pfc_counters.txt", false, NULL, false, false },
	{ "show pfc counters --history", "text", "show_pfc_counters_--history.txt", false, NULL, true, false },
	{ "show interfaces counters", "text", "show_interfaces_counters.txt", false, NULL, false, false },
	{ "show queue counters", "text", "show_queue_counters.txt", false, NULL, false, false },
	{ "show acl rule", "text", "show_acl_rule.txt", false, NULL, true, false },
	{ PGLOOKUP, "text", "pg_profile_lookup.ini", false, PGLOOKUP_REMOTE, true, false },
	{ NULL, NULL, NULL, false, NULL, false, false },
};

enum kind { K_CONFIG, K_APPL, K_LLDPCLI, K_SHOW, K_XCVR, K_VERSION, K_ECN, K_PGLOOKUP };

/* Every command the adapter reads, with the spellings users save outputs under. */
static const struct {
	const char *command, *encoding;
	enum kind kind;
} reads[] = {
	{ CONFIG_DB, "json", K_CONFIG },
	{ "sonic-cfggen -d --print-data", "json", K_CONFIG },
	{ APPL_DB, "json", K_APPL },
	{ "sonic-db-dump -n APPL_DB", "json", K_APPL },
	{ LLDPCLI, "json", K_LLDPCLI },
	{ "docker exec lldp lldpcli -f json show neighbors", "json", K_LLDPCLI },
	{ "lldpcli -f json0 show neighbors details", "json", K_LLDPCLI },
	{ "lldpcli -f json show neighbors", "json", K_LLDPCLI },
	{ "show interfaces status", "text", K_SHOW },
	{ "show interfaces fec status", "text", K_SHOW },
	{ "show lldp table", "text", K_SHOW },
	{ "show pfc priority", "text", K_SHOW },
	{ "pfcwd show config", "text", K_SHOW },
	{ "show pfc counters", "text", K_SHOW },
	{ "show pfc counters --history", "text", K_SHOW },
	{ "show interfaces counters", "text", K_SHOW },
	{ "show queue counters", "text", K_SHOW },
	{ "show acl rule", "text", K_SHOW },
	{ XCVR, "text", K_XCVR },
	{ "show interfaces transceiver eeprom -d", "text", K_XCVR },
	{ "sfputil show eeprom --dom", "text", K_XCVR },
	{ "sfputil show eeprom -d", "text", K_XCVR },
	{ "show version", "text", K_VERSION },
	{ "show platform summary", "text", K_VERSION },
	{ "ecnconfig -l", "text", K_ECN },
	{ PGLOOKUP, "text", K_PGLOOKUP },
};

static int kind_of(const char *command, const char *encoding)
{
	size_t i;

	for (i = 0; i < sizeof(reads) / sizeof(reads[0]); i++)
		if (!strcmp(reads[i].command, command) && !strcmp(reads[i].encoding, encoding))
			return (int)reads[i].kind;
	return -1;
}

static bool sonic_reads(const char *command, const char *encoding)
{
	return kind_of(command, encoding) >= 0;
}

static enum fc_rc sonic_parse(struct fc_parse_ctx *c, const char *command, const char *encoding, const char *text,
			      size_t len)
{
	struct doc *d = NULL;
	int k = kind_of(command, encoding);
	enum fc_rc rc;

	switch (k) {
	case K_SHOW:
		return sonic_parse_show(c, command, text);
	case K_XCVR:
		return sonic_parse_xcvr(c, text);
	case K_VERSION:
		return sonic_parse_version(c, text);
	case K_ECN:
		return sonic_parse_ecnconfig(c, text);
	case K_PGLOOKUP:
		return sonic_parse_pg_lookup(c, text);
	case K_CONFIG: case K_APPL: case K_LLDPCLI:
		break;
	default:
		return FC_ERR_UNSUPPORTED;
	}
	if ((rc = doc_parse_json(c->file, text, len, &d, c->err)) != FC_OK)
		return rc;
	rc = k == K_APPL ? sonic_parse_appl_db(c, d) : k == K_LLDPCLI ? sonic_parse_lldpcli(c, d) : sonic_parse_config_db(c, d);
	doc_free(&d);
	return rc;
}

const struct fc_adapter fc_adapter_sonic = {
	.platform = "sonic",
	.title = "SONiC (CONFIG_DB: config_db.json, show runningconfiguration all)",
	.kind = FC_DEV_SWITCH,
	.caps = FC_CAP_QOS_PATH | FC_CAP_CONFIG | FC_CAP_PG_BUFFERS | FC_CAP_ACL | FC_CAP_LLDP | FC_CAP_DOM,
	.commands = sonic_commands,
	.saved_config = { CONFIG_DB, "json", "config_db.json", false, NULL, false, false },
	.reads = sonic_reads,
	.parse = sonic_parse,
	.finalize = sonic_finalize,
	.qos_path = sonic_qos_path,
	.intent = fc_adapter_no_intent,
};
