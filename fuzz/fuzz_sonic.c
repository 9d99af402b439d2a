/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: every SONiC reader on the same input. CONFIG_DB (nested, flat "TABLE|key", redis
 * dump) through the adapter's parse, finalize (ports, PFC, ACLs, neighbours) and QoS path (maps,
 * queues, schedulers, WRED, buffers); the input as a redis dump of APPL_DB's buffer tables, as
 * lldpcli's JSON, and as each state output (tabulate tables, the transceiver EEPROM, show version,
 * ecnconfig -l). Then a fixed CONFIG_DB with the input as each state output that merges into it
 * (show pfc priority, pfcwd show config, ecnconfig -l), so the merge at finalize runs on it too. */
#include "fuzz_common.h"

static const char base_config[] =
	"{\"PORT\": {\"Ethernet0\": {\"speed\": \"100000\", \"lanes\": \"0,1,2,3\", \"mtu\": \"9100\"}},"
	" \"PORT_QOS_MAP\": {\"Ethernet0\": {\"pfc_enable\": \"3\", \"dscp_to_tc_map\": \"AZURE\"}},"
	" \"DSCP_TO_TC_MAP\": {\"AZURE\": {\"26\": \"3\"}},"
	" \"QUEUE\": {\"Ethernet0|3\": {\"wred_profile\": \"AZURE_LOSSLESS\"}},"
	" \"WRED_PROFILE\": {\"AZURE_LOSSLESS\": {\"ecn\": \"ecn_all\", \"green_min_threshold\": \"1\"}},"
	" \"PFC_WD\": {\"Ethernet0\": {\"action\": \"drop\"}}}";

/* CONFIG_DB, then the input as command: the order a snapshot's manifest gives them. */
static void with_config(const char *command, const uint8_t *data, size_t size)
{
	const struct fc_vendor *v = fc_vendor_find("sonic");
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	struct fc_err err;
	struct fc_parse_ctx ctx;
	char *text = malloc(size + 1);

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
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const text[] = {
		"show interfaces status", "show interfaces fec status", "show lldp table",
		"show interfaces transceiver eeprom --dom", "show version", "show pfc priority", "pfcwd show config",
		"ecnconfig -l",
	};
	size_t i;

	fuzz_adapter("sonic", "show runningconfiguration all", "json", data, size);
	fuzz_adapter("sonic", "redis-dump -d 0 -k BUFFER_P*_TABLE:*", "json", data, size);
	fuzz_adapter("sonic", "docker exec lldp lldpcli -f json0 show neighbors details", "json", data, size);
	for (i = 0; i < sizeof(text) / sizeof(text[0]); i++)
		fuzz_adapter("sonic", text[i], "text", data, size);
	with_config("show pfc priority", data, size);
	with_config("pfcwd show config", data, size);
	with_config("ecnconfig -l", data, size);
	return 0;
}
