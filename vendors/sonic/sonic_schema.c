/* SPDX-License-Identifier: MIT */
/* The fields of the CONFIG_DB tables the adapter models, and the words their enumerated values
 * take: a field no table has (a typo such as "xof" or "pfc_enabel", which the switch ignores as
 * well) or a word the switch does not take is listed as not understood at its line, never skipped.
 * Words are compared as the daemon that reads them does: exactly, except where it upper-cases
 * first (orchagent's aclorch, whose tables sonic_db.c stores in one case already). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "vendors/sonic/sonic.h"
#include "util/str.h"

/* A field and, when enumerated, the words it takes (NULL: any value; its reader checks it). */
struct field_def {
	const char *name;
	const char *const *words;
};

enum keys_kind {
	FIELDS,      /* named fields, listed */
	NUMBERS,     /* a map: field names are code points or classes, values numbers */
	PORTS,       /* CABLE_LENGTH: field names are ports (checked by the port's reader) */
};

struct table_def {
	const char *table;
	enum keys_kind kind;
	const struct field_def *fields;    /* FIELDS: ended by { NULL } */
	bool icase;                        /* words compared without case */
};

static const char *const up_down[] = { "up", "down", NULL };
static const char *const on_off[] = { "on", "off", NULL };
static const char *const enable_disable[] = { "enable", "disable", NULL };
static const char *const true_false[] = { "true", "false", NULL };

/* portsorch: fec_mode_map (rs, fc, none; auto from 202305) */
static const char *const fec_words[] = { "rs", "fc", "none", "auto", NULL };
/* qosorch: scheduler_type_map */
static const char *const sched_words[] = { "DWRR", "WRR", "STRICT", NULL };
/* qosorch: ecn_map */
static const char *const ecn_words[] = { "ecn_none", "ecn_green", "ecn_yellow", "ecn_red", "ecn_green_yellow",
					 "ecn_green_red", "ecn_yellow_red", "ecn_all", NULL };
/* buffermgrd: buffer_model */
static const char *const buffer_models[] = { "traditional", "dynamic", NULL };
static const char *const pool_types[] = { "ingress", "egress", "both", NULL };
static const char *const pool_modes[] = { "static", "dynamic", NULL };
/* pfcwdorch: the storm action */
static const char *const wd_actions[] = { "drop", "forward", "alert", NULL };

static const struct field_def device_metadata[] = {
	{ "hostname", NULL }, { "hwsku", NULL }, { "platform", NULL }, { "buffer_model", buffer_models },
	{ "mac", NULL }, { "type", NULL }, { "bgp_asn", NULL }, { "default_bgp_status", up_down },
	{ "default_pfcwd_status", enable_disable }, { "deployment_id", NULL }, { "docker_routing_config_mode", NULL },
	{ "synchronous_mode", NULL }, { "create_only_config_db_buffers", true_false }, { "cloudtype", NULL },
	{ "region", NULL }, { "peer_switch", NULL }, { "suppress-fib-pending", NULL }, { "asic_id", NULL },
	{ "asic_name", NULL }, { "sub_role", NULL }, { "downstream_subrole", NULL }, { "switch_type", NULL },
	{ "switch_id", NULL }, { "max_cores", NULL }, { "timezone", NULL }, { "yang_config_validation", NULL },
	{ "frr_mgmt_framework_config", NULL }, { "subtype", NULL }, { "cluster", NULL }, { "resource_type", NULL },
	{ "bgp_router_id", NULL }, { "storage_device", NULL }, { "rack_mgmt_map", NULL }, { "nexthop_group", NULL },
	{ "orch_northbond_route_zmq_enabled", NULL }, { "chassis_hostname", NULL }, { "slice_type", NULL },
	{ NULL, NULL },
};

/* interface_type, adv_speeds, adv_interface_types and link_training decide how the link comes up
 * and are not interpreted yet: they are listed, not known */
static const struct field_def port[] = {
	{ "alias", NULL }, { "lanes", NULL }, { "speed", NULL }, { "mtu", NULL }, { "admin_status", up_down },
	{ "fec", fec_words }, { "autoneg", on_off }, { "description", NULL }, { "index", NULL }, { "pfc_asym", on_off },
	{ "tpid", NULL }, { "mode", NULL }, { "dhcp_rate_limit", NULL }, { "role", NULL }, { "asic_port_name", NULL },
	{ "subport", NULL }, { "parent_port", NULL }, { "coreid", NULL }, { "core_port_id", NULL }, { "num_voq", NULL },
	{ NULL, NULL },
};

static const struct field_def breakout_cfg[] = { { "brkout_mode", NULL }, { NULL, NULL } };

static const struct field_def port_qos_map[] = {
	{ "dscp_to_tc_map", NULL }, { "dot1p_to_tc_map", NULL }, { "tc_to_queue_map", NULL }, { "tc_to_pg_map", NULL },
	{ "pfc_to_queue_map", NULL }, { "pfc_enable", NULL }, { "pfcwd_sw_enable", NULL }, { "tc_to_dscp_map", NULL },
	{ "scheduler", NULL }, { NULL, NULL },
};

static const struct field_def queue[] = { { "scheduler", NULL }, { "wred_profile", NULL }, { NULL, NULL } };

static const struct field_def scheduler[] = {
	{ "type", sched_words }, { "weight", NULL }, { "priority", NULL }, { "meter_type", NULL }, { "cir", NULL },
	{ "cbs", NULL }, { "pir", NULL }, { "pbs", NULL }, { NULL, NULL },
};

static const struct field_def wred_profile[] = {
	{ "ecn", ecn_words }, { "green_min_threshold", NULL }, { "green_max_threshold", NULL },
	{ "green_drop_probability", NULL }, { "yellow_min_threshold", NULL }, { "yellow_max_threshold", NULL },
	{ "yellow_drop_probability", NULL }, { "red_min_threshold", NULL }, { "red_max_threshold", NULL },
	{ "red_drop_probability", NULL }, { "wred_green_enable", true_false }, { "wred_yellow_enable", true_false },
	{ "wred_red_enable", true_false }, { NULL, NULL },
};

static const struct field_def buffer_profile[] = {
	{ "pool", NULL }, { "size", NULL }, { "dynamic_th", NULL }, { "static_th", NULL }, { "xon", NULL },
	{ "xoff", NULL }, { "xon_offset", NULL }, { "headroom_type", NULL }, { "packet_discard_action", NULL },
	{ "mode", NULL }, { NULL, NULL },
};

static const struct field_def profile_only[] = { { "profile", NULL }, { NULL, NULL } };

static const struct field_def buffer_pool[] = {
	{ "type", pool_types }, { "mode", pool_modes }, { "size", NULL }, { "xoff", NULL }, { "percentage", NULL },
	{ NULL, NULL },
};

static const struct field_def pfc_wd[] = {
	{ "action", wd_actions }, { "detection_time", NULL }, { "restoration_time", NULL },
	{ "pfc_stat_history", enable_disable }, { "POLL_INTERVAL", NULL }, { "BIG_RED_SWITCH", enable_disable },
	{ NULL, NULL },
};

/* sonic_db.c lower-cases ACL_TABLE's names (orchagent upper-cases them); the type and stage are
 * judged by the ACL reader, which lists a word it does not take */
static const struct field_def acl_table[] = {
	{ "policy_desc", NULL }, { "type", NULL }, { "ports", NULL }, { "stage", NULL }, { "services", NULL },
	{ NULL, NULL },
};

static const struct field_def null_only[] = { { "NULL", NULL }, { NULL, NULL } };

static const struct field_def interface[] = {
	{ "NULL", NULL }, { "vrf_name", NULL }, { "ipv6_use_link_local_only", NULL }, { "vnet_name", NULL },
	{ "loopback_action", NULL }, { "nat_zone", NULL }, { "mpls", NULL }, { "proxy_arp", NULL }, { NULL, NULL },
};

static const struct field_def device_neighbor[] = {
	{ "name", NULL }, { "port", NULL }, { "local_port", NULL }, { NULL, NULL },
};

static const struct field_def portchannel[] = {
	{ "admin_status", up_down }, { "members", NULL }, { "min_links", NULL }, { "mtu", NULL }, { "tpid", NULL },
	{ "system_mac", NULL }, { "lacp_key", NULL }, { "fast_rate", true_false }, { "fallback", true_false },
	{ "static", true_false }, { "description", NULL }, { "mode", NULL }, { NULL, NULL },
};

/* ACL_RULE is not here: its reader lists a rule with a field it does not model (sonic_model.c). */
static const struct table_def tables[] = {
	{ "DEVICE_METADATA", FIELDS, device_metadata, false },
	{ "PORT", FIELDS, port, false },
	{ "BREAKOUT_CFG", FIELDS, breakout_cfg, false },
	{ "PORT_QOS_MAP", FIELDS, port_qos_map, false },
	{ "QUEUE", FIELDS, queue, false },
	{ "SCHEDULER", FIELDS, scheduler, false },
	{ "WRED_PROFILE", FIELDS, wred_profile, false },
	{ "BUFFER_PROFILE", FIELDS, buffer_profile, false },
	{ "BUFFER_PG", FIELDS, profile_only, false },
	{ "BUFFER_QUEUE", FIELDS, profile_only, false },
	{ "BUFFER_POOL", FIELDS, buffer_pool, false },
	{ "PFC_WD", FIELDS, pfc_wd, false },
	{ "ACL_TABLE", FIELDS, acl_table, false },
	{ "PORTCHANNEL_MEMBER", FIELDS, null_only, false },
	{ "INTERFACE", FIELDS, interface, false },
	{ "DEVICE_NEIGHBOR", FIELDS, device_neighbor, false },
	{ "PORTCHANNEL", FIELDS, portchannel, false },
	{ "DSCP_TO_TC_MAP", NUMBERS, NULL, false },
	{ "DOT1P_TO_TC_MAP", NUMBERS, NULL, false },
	{ "TC_TO_PRIORITY_GROUP_MAP", NUMBERS, NULL, false },
	{ "TC_TO_QUEUE_MAP", NUMBERS, NULL, false },
	{ "TC_TO_DSCP_MAP", NUMBERS, NULL, false },
	{ "MAP_PFC_PRIORITY_TO_QUEUE", NUMBERS, NULL, false },
	{ "CABLE_LENGTH", PORTS, NULL, false },
};

bool sonic_word_ok(const char *const *words, const char *value, bool icase)
{
	for (; *words; words++)
		if (icase ? !strcasecmp(*words, value) : !strcmp(*words, value))
			return true;
	return false;
}

/* "a, b or c" of a word list, into buf. */
static const char *word_list(const char *const *words, char *buf, size_t size)
{
	size_t k = 0;

	buf[0] = '\0';
	for (size_t i = 0; words[i] && k < size; i++)
		k += (size_t)snprintf(buf + k, size - k, "%s%s", i ? (words[i + 1] ? ", " : " or ") : "", words[i]);
	return buf;
}

static enum fc_rc listed(struct fc_parse_ctx *c, const struct sonic_obj *o, const struct sonic_field *f, const char *what)
{
	char msg[640];

	snprintf(msg, sizeof(msg), "%.60s|%.60s %.60s '%.60s': %.300s", o->table, o->key, f->name, f->value, what);
	return fc_dev_add_unparsed(c->m, c->dev, f->src, msg, strlen(msg));
}

static const struct table_def *table_of(const char *name)
{
	for (size_t i = 0; i < sizeof(tables) / sizeof(tables[0]); i++)
		if (!strcmp(tables[i].table, name))
			return &tables[i];
	return NULL;
}

enum fc_rc sonic_check_schema(struct fc_parse_ctx *c, const struct sonic_state *s)
{
	char buf[300];
	size_t i, j, k;
	int64_t v;
	enum fc_rc rc;

	for (i = 0; i < s->n; i++) {
		const struct sonic_obj *o = &s->objs[i];
		const struct table_def *t = table_of(o->table);

		if (!t || t->kind == PORTS)
			continue;
		for (j = 0; j < o->n; j++) {
			const struct sonic_field *f = &o->f[j];

			if (t->kind == NUMBERS) {
				if (!fc_parse_i64(f->name, 0, 63, &v))
					rc = listed(c, o, f, "a map's key is a code point, priority or class from 0 to 63");
				else if (!fc_parse_i64(f->value, 0, 63, &v))
					rc = listed(c, o, f, "a map's value is a class, group, queue or code point from 0 to 63");
				else
					rc = FC_OK;
				if (rc != FC_OK)
					return rc;
				continue;
			}
			for (k = 0; t->fields[k].name && strcmp(t->fields[k].name, f->name); k++)
				;
			if (!t->fields[k].name) {
				snprintf(buf, sizeof(buf), "not a field fabcheck knows in %s (a misspelt field is ignored "
							   "by the switch as well)", o->table);
				rc = listed(c, o, f, buf);
			} else if (t->fields[k].words && !sonic_word_ok(t->fields[k].words, f->value, t->icase)) {
				char words[160];

				snprintf(buf, sizeof(buf), "not a value the switch takes (%s)",
					 word_list(t->fields[k].words, words, sizeof(words)));
				rc = listed(c, o, f, buf);
			} else {
				rc = FC_OK;
			}
			if (rc != FC_OK)
				return rc;
		}
	}
	return FC_OK;
}
