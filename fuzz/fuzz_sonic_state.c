/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: SONiC's text state outputs. The first byte selects the reader (tabulate tables:
 * interfaces status, FEC status, LLDP table, PFC priorities, PFC watchdog, PFC counters and their
 * history, interface counters; the transceiver EEPROM; show version; ecnconfig -l; pg_profile_lookup.ini), the rest is its output. The input is read
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
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct fc_vendor *v = fc_vendor_find("sonic");
	struct fc_model *m;
	struct fc_device *d;
	struct fc_err err;
	struct fc_parse_ctx ctx;
	const char *command;
	char *text;

	if (!size)
		return 0;
	command = commands[data[0] % (sizeof(commands) / sizeof(commands[0]))];
	data++, size--;
	fuzz_adapter("sonic", command, "text", data, size);   /* alone, as `fabcheck parse` reads it */
	m = fc_model_new();
	text = malloc(size + 1);
	fc_err_clear(&err);
	if (!m || !text || fc_model_add_device(m, "f", v->kind, &d, &err) != FC_OK)
		abort();
	d->platform = v->platform;
	memcpy(text, data, size);
	text[size] = '\0';
	if (fc_vendor_parse(m, d, v, "config_db.json", base_config, sizeof(base_config) - 1,
			    "show runningconfiguration all", "json", &err) != FC_OK)
		abort();   /* the fixed CONFIG_DB always parses */
	if (fc_vendor_parse(m, d, v, "fuzz", text, size, command, "text", &err) == FC_OK) {
		ctx.m = m, ctx.dev = d, ctx.file = "fuzz", ctx.err = &err;
		v->finalize(&ctx);
		fc_set_int(&m->intent.roce_dscp, 26, fc_src_at(NULL, 0));
		fc_set_int(&m->intent.roce_prio, 3, fc_src_at(NULL, 0));
		fc_set_int(&m->intent.cnp_dscp, 48, fc_src_at(NULL, 0));
		v->qos_path(m, d);
	}
	free(text);
	fc_model_free(&m);
	return 0;
}
