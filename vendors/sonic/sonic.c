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

/* the table as users save it: by its path on the switch, quoted or not (device/<platform>/<hwsku>/,
 * or the hwsku folder the containers mount) */
static const char *const pg_lookup_paths[] = {
	"cat */pg_profile_lookup.ini", "cat \"*/pg_profile_lookup.ini\"", "cat '*/pg_profile_lookup.ini'", NULL,
};

static enum fc_rc config_db(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body)
{
	(void)body;
	return sonic_parse_config_db(c, d);
}

static enum fc_rc appl_db(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body)
{
	(void)body;
	return sonic_parse_appl_db(c, d);
}

static enum fc_rc lldpcli(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body)
{
	(void)body;
	return sonic_parse_lldpcli(c, d);
}

/* Every command the adapter reads, with the spellings users save outputs under; the rows with a
 * file are what collect runs. The APPL_DB dump matters only under the dynamic buffer model, and
 * lldpcli (in the lldp container) is refused where the user may not run docker: both optional
 * (show lldp table gives the neighbours; without APPL_DB a dynamic headroom is UNKNOWN, saying so). */
static const struct fc_reader sonic_readers[] = {
	{ .command = CONFIG_DB, .encoding = "json", .json = config_db, .file = "config_db.json", .large = true,
	  .saved_config = true },
	{ .command = "show version", .encoding = "text", .text = sonic_parse_version, .file = "show_version.txt" },
	{ .command = "show platform summary", .encoding = "text", .text = sonic_parse_version,
	  .file = "show_platform_summary.txt", .optional = true },
	{ .command = APPL_DB, .encoding = "json", .json = appl_db, .file = "appl_db_buffers.json",
	  .remote = "redis-dump -d 0 -k 'BUFFER_P*_TABLE:*'", .optional = true },
	{ .command = "show interfaces status", .encoding = "text", .text = sonic_show_status,
	  .file = "show_interfaces_status.txt" },
	{ .command = "show interfaces fec status", .encoding = "text", .text = sonic_show_fec,
	  .file = "show_interfaces_fec_status.txt" },
	{ .command = "show lldp table", .encoding = "text", .text = sonic_show_lldp, .file = "show_lldp_table.txt" },
	{ .command = LLDPCLI, .encoding = "json", .json = lldpcli, .file = "lldpcli_neighbors.json", .optional = true },
	{ .command = XCVR, .encoding = "text", .text = sonic_parse_xcvr,
	  .file = "show_interfaces_transceiver_eeprom_--dom.txt", .large = true },
	{ .command = "show pfc priority", .encoding = "text", .text = sonic_show_pfc, .file = "show_pfc_priority.txt" },
	{ .command = "pfcwd show config", .encoding = "text", .text = sonic_show_pfcwd, .file = "pfcwd_show_config.txt",
	  .optional = true },
	{ .command = "ecnconfig -l", .encoding = "text", .text = sonic_parse_ecnconfig, .file = "ecnconfig_-l.txt" },
	{ .command = "show pfc counters", .encoding = "text", .text = sonic_show_pfc_counters,
	  .file = "show_pfc_counters.txt" },
	{ .command = "show pfc counters --history", .encoding = "text", .text = sonic_show_pfc_history,
	  .file = "show_pfc_counters_--history.txt", .optional = true },
	{ .command = "show interfaces counters", .encoding = "text", .text = sonic_show_counters,
	  .file = "show_interfaces_counters.txt", .counters = true },
	{ .command = "show queue counters", .encoding = "text", .text = sonic_show_queue_counters,
	  .file = "show_queue_counters.txt" },
	{ .command = "show acl rule", .encoding = "text", .text = sonic_show_acl_rule, .file = "show_acl_rule.txt",
	  .optional = true },
	{ .command = PGLOOKUP, .encoding = "text", .text = sonic_parse_pg_lookup, .file = "pg_profile_lookup.ini",
	  .remote = PGLOOKUP_REMOTE, .optional = true, .spellings = pg_lookup_paths },
	/* the same outputs under the spellings users save them with */
	{ .command = "sonic-cfggen -d --print-data", .encoding = "json", .json = config_db },
	{ .command = "sonic-db-dump -n APPL_DB", .encoding = "json", .json = appl_db },
	{ .command = "docker exec lldp lldpcli -f json show neighbors", .encoding = "json", .json = lldpcli },
	{ .command = "lldpcli -f json0 show neighbors details", .encoding = "json", .json = lldpcli },
	{ .command = "lldpcli -f json show neighbors", .encoding = "json", .json = lldpcli },
	{ .command = "show interfaces transceiver eeprom -d", .encoding = "text", .text = sonic_parse_xcvr },
	{ .command = "sfputil show eeprom --dom", .encoding = "text", .text = sonic_parse_xcvr },
	{ .command = "sfputil show eeprom -d", .encoding = "text", .text = sonic_parse_xcvr },
	{ .command = NULL },
};

const struct fc_adapter fc_adapter_sonic = {
	.platform = "sonic",
	.title = "SONiC (CONFIG_DB: config_db.json, show runningconfiguration all)",
	.kind = FC_DEV_SWITCH,
	.caps = FC_CAP_QOS_PATH | FC_CAP_CONFIG | FC_CAP_PG_BUFFERS | FC_CAP_ACL | FC_CAP_LLDP | FC_CAP_DOM |
		FC_CAP_COUNTERS | FC_CAP_ASIC | FC_CAP_LINK | FC_CAP_PFC | FC_CAP_MTU | FC_CAP_ADDRESS | FC_CAP_CLASSIFY,
	.readers = sonic_readers,
	.finalize = sonic_finalize,
	.qos = &sonic_qos,
	.intent = fc_adapter_no_intent,
};
