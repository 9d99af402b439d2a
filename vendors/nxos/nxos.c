/* SPDX-License-Identifier: MIT */
/* Cisco NX-OS adapter: command table, NX-API reply unwrapping, and the derivation of per-port
 * effective values (lanes, medium, PFC priorities, headroom, trust) once all outputs are in. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vendors/nxos/nxos.h"
#include "util/str.h"

struct nxos_state *nxos_state(struct fc_parse_ctx *c)
{
	if (!c->dev->adapter_state)
		c->dev->adapter_state = fc_alloc(c->m->arena, sizeof(struct nxos_state));
	return c->dev->adapter_state;
}

/* NX-API replies come as ins_api ({"ins_api":{"outputs":{"output":{"body":…}}}}), as JSON-RPC
 * ({"jsonrpc":"2.0","result":{"body":…}}), or as the bare body from "| json" on the CLI. */
static enum fc_rc unwrap(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node **body)
{
	const struct doc_node *r = d->root, *o, *e;
	const char *code = NULL, *msg = NULL;

	if (r->type == DOC_SEQ && r->n == 1)
		r = r->items[0];
	if ((o = doc_get(doc_get(doc_get(r, "ins_api"), "outputs"), "output"))) {
		if (o->type == DOC_SEQ) {
			if (o->n != 1)
				return fc_err_set(c->err, FC_ERR_INPUT, d->file, o->line,
						  "ins_api reply holds %zu outputs; a snapshot file holds one command", o->n);
			o = o->items[0];
		}
		doc_opt_str(d, o, "code", &code, c->err);
		doc_opt_str(d, o, "msg", &msg, c->err);
		if (code && strcmp(code, "200"))
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, doc_key_line(o, "code"),
					  "NX-API reported code %s: %s", code, msg ? msg : "");
		*body = doc_get(o, "body");
		if (!*body)
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, o->line, "ins_api output without a body");
		return FC_OK;
	}
	if (doc_get(r, "jsonrpc")) {
		if ((e = doc_get(r, "error"))) {
			doc_opt_str(d, e, "message", &msg, c->err);
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, e->line, "NX-API JSON-RPC error: %s",
					  msg ? msg : "(no message)");
		}
		*body = doc_get(doc_get(r, "result"), "body");
		if (!*body)
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, r->line, "JSON-RPC reply without result.body");
		return FC_OK;
	}
	*body = r;
	return FC_OK;
}

static enum fc_rc json_body(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node **body)
{
	enum fc_rc rc = unwrap(c, d, body);

	if (rc == FC_OK && (!*body || (*body)->type != DOC_MAP))
		rc = fc_err_set(c->err, FC_ERR_INPUT, d->file, *body ? (*body)->line : d->root->line,
				"%s: expected a JSON object as the body", c->reader->command);
	return rc;
}

/* show running-config: the configuration the QoS path and the rules' defaults are read from */
static enum fc_rc running_config(struct fc_parse_ctx *c, const char *text)
{
	c->dev->config_m.known = true;
	c->dev->config_m.src = fc_src_make(c->m, c->file, 0);
	return nxos_parse_running_config(c, text);
}

/* Every command the adapter reads, in each encoding it reads it; the rows with a file are what
 * collect gathers, in this order (show interface carries the counters --baseline compares). */
static const struct fc_reader nxos_readers[] = {
	{ .command = "show version", .encoding = "json", .json = nxos_parse_show_version_json,
	  .file = "show_version.json" },
	{ .command = "show interface", .encoding = "json", .json = nxos_parse_show_interface_json,
	  .json_rows = nxos_interface_rows, .json_row = nxos_show_interface_row,
	  .counters_keep = nxos_interface_counters_keep,
	  .file = "show_interface.json", .large = true, .counters = true },
	{ .command = "show interface transceiver details", .encoding = "text", .text = nxos_parse_transceiver_text,
	  .file = "show_interface_transceiver_details.txt", .ends_kept = true },
	{ .command = "show lldp neighbors detail", .encoding = "text", .text = nxos_parse_lldp_text,
	  .file = "show_lldp_neighbors_detail.txt" },
	{ .command = "show interface capabilities", .encoding = "text", .text = nxos_parse_capabilities_text,
	  .file = "show_interface_capabilities.txt" },
	{ .command = "show interface fec", .encoding = "text", .text = nxos_parse_fec_text,
	  .file = "show_interface_fec.txt" },
	{ .command = "show interface priority-flow-control", .encoding = "text", .text = nxos_parse_pfc_text,
	  .file = "show_interface_priority-flow-control.txt" },
	{ .command = "show queuing interface", .encoding = "text", .text = nxos_parse_queuing_text,
	  .file = "show_queuing_interface.txt" },
	{ .command = "show policy-map system type network-qos", .encoding = "text", .text = nxos_parse_nq_policy_text,
	  .file = "show_policy-map_system_type_network-qos.txt" },
	{ .command = "show ip access-lists", .encoding = "text", .text = nxos_parse_acl_text,
	  .file = "show_ip_access-lists.txt" },
	{ .command = "show running-config", .encoding = "text", .text = running_config,
	  .file = "show_running-config.txt", .large = true, .saved_config = true },
	/* what other tools save (ntc-templates, napalm, SuzieQ), read but not collected */
	{ .command = "show version", .encoding = "text", .text = nxos_parse_version_text, .ends_kept = true },
	{ .command = "show inventory", .encoding = "json", .json = nxos_parse_inventory_json },
	{ .command = "show interface", .encoding = "text", .text = nxos_parse_show_interface_text, .ends_kept = true },
	{ .command = "show interface brief", .encoding = "json", .json = nxos_parse_brief_json },
	{ .command = "show interface status", .encoding = "text", .text = nxos_parse_status_text },
	{ .command = "show interface breakout", .encoding = "text", .text = nxos_parse_breakout_text },
	{ .command = "show interface transceiver", .encoding = "text", .text = nxos_parse_transceiver_text,
	  .ends_kept = true },
	{ .command = "show interface transceiver", .encoding = "json", .json = nxos_parse_transceiver_json },
	{ .command = "show interface transceiver details", .encoding = "json", .json = nxos_parse_transceiver_json },
	{ .command = "show interface counters detailed", .encoding = "json", .json = nxos_parse_counters_json },
	{ .command = "show lldp neighbors", .encoding = "text", .text = nxos_parse_lldp_table_text },
	{ .command = "show lldp neighbors", .encoding = "json", .json = nxos_parse_lldp_json },
	{ .command = "show lldp neighbors detail", .encoding = "json", .json = nxos_parse_lldp_json },
	{ .command = NULL },
};

/* ---- derivations --------------------------------------------------------------------------- */

static int lane_gbps_from_bitrate(int64_t mbps)
{
	if (mbps >= 100000)
		return 100;
	if (mbps >= 50000)
		return 50;
	if (mbps >= 25000)
		return 25;
	if (mbps >= 10000)
		return 10;
	return 0;
}

/* Lane rate of a breakout parent port: 40G = 4x10G, 100G = 4x25G NRZ, 200G = 4x50G PAM4,
 * 400G = 8x50G PAM4 (QSFP-DD), 800G = 8x100G. */
static int lane_gbps_from_breakout(const char *map)
{
	int speed, count;

	if (sscanf(map, "%dg-%dx", &speed, &count) != 2 || speed <= 0 || count <= 0)
		return 0;
	switch (speed * count) {
	case 40: return 10;
	case 100: return 25;
	case 200: case 400: return 50;
	case 800: return 100;
	default: return speed <= 25 ? speed : 0;
	}
}

static void derive_phy(struct fc_model *m, struct nxos_state *st, struct fc_iface *ifc)
{
	int mod, port, sub;
	size_t i;
	int lane_gbps = 0;
	struct fc_src lsrc = { NULL, 0 };
	enum fc_medium med;

	if (sscanf(ifc->name, "Ethernet%d/%d/%d", &mod, &port, &sub) == 3 && st) {
		for (i = 0; i < st->nbo; i++)
			if (st->bo[i].module == mod && port >= st->bo[i].port_lo && port <= st->bo[i].port_hi) {
				fc_set_str(m, &ifc->sw->breakout, st->bo[i].map, st->bo[i].src);
				break;
			}
	}
	if (fc_xcvr(ifc)->type.m.known && (med = fc_medium_of(fc_xcvr(ifc)->type.v)))
		fc_set_medium(&ifc->medium, med, fc_xcvr(ifc)->type.m.src);
	else if (fc_xcvr(ifc)->type.m.known)
		fc_set_unknown(&ifc->medium.m, "transceiver type does not name its medium");
	else
		fc_set_unknown(&ifc->medium.m, "no transceiver data for the port");
	if (!ifc->speed_mbps.m.known) {
		fc_set_unknown(&ifc->lanes.m, "lane count needs the port speed, which is unknown");
		return;
	}
	if (fc_xcvr(ifc)->bitrate_mbps.m.known && (lane_gbps = lane_gbps_from_bitrate(fc_xcvr(ifc)->bitrate_mbps.v)))
		lsrc = fc_xcvr(ifc)->bitrate_mbps.m.src;
	else if (ifc->sw->breakout.m.known && (lane_gbps = lane_gbps_from_breakout(ifc->sw->breakout.v)))
		lsrc = ifc->sw->breakout.m.src;
	if (!lane_gbps) {
		fc_set_unknown(&ifc->lanes.m, "lane count not derivable: no breakout map and no transceiver bitrate");
		return;
	}
	fc_set_int(&ifc->lanes, ifc->speed_mbps.v / 1000 / lane_gbps ? ifc->speed_mbps.v / 1000 / lane_gbps : 1, lsrc);
	fc_iface_link_mode(m, ifc, lsrc);
}

static void derive_pfc(const struct nxos_qos *q, struct fc_iface *ifc)
{
	const struct nxos_policy_map *nq = q->sys_nq.m.known ? nxos_qos_find_pmap(q, NXOS_Q_NQ, q->sys_nq.v) : NULL;
	uint64_t mask = 0;
	size_t i;

	/* ifc->pg holds what show queuing interface reports; the configured buffers are on the
	 * resolved path (nxos_qos_path.c), where an operational value wins over them */
	if (!ifc->pfc_mode.m.known) {
		fc_set_unknown(&ifc->pfc_prios.m,
			       "no priority-flow-control mode configured (NX-OS default 'auto' depends on DCBX)");
		return;
	}
	if (!strcmp(ifc->pfc_mode.v, "auto")) {
		fc_set_unknown(&ifc->pfc_prios.m, "priority-flow-control mode auto: PFC only after DCBX agrees");
		return;
	}
	if (!strcmp(ifc->pfc_mode.v, "off") || !nq) {
		fc_set_int(&ifc->pfc_prios, 0, ifc->pfc_mode.m.src);
		return;
	}
	for (i = 0; i < nq->n; i++) {
		const struct nxos_pclass *pc = &nq->classes[i];

		if (pc->pause_cos.m.known)
			mask |= (uint64_t)pc->pause_cos.v;
	}
	fc_set_int(&ifc->pfc_prios, (int64_t)mask, ifc->pfc_mode.m.src);
}

/* A port-channel member takes on what is configured on the port-channel: NX-OS applies a service
 * policy, the MTU and the PFC mode of the port-channel to its members (and refuses most of them on
 * a member itself), and its ACLs (fc_adapter_lag_acls, as every platform). Each value keeps the
 * port-channel's source line. */
static void inherit(struct fc_str *mine, const struct fc_str *theirs)
{
	if (!mine->m.known && theirs->m.known)
		*mine = *theirs;
}

static enum fc_rc inherit_lag(struct fc_parse_ctx *c, struct fc_iface *ifc)
{
	const struct fc_iface *lag = ifc->sw->lag.m.known ? fc_dev_find_iface(c->dev, ifc->sw->lag.v) : NULL;
	const struct nxos_port *theirs;
	struct nxos_port *mine;

	if (!lag)
		return FC_OK;
	theirs = nxos_port_of(c->dev, lag);
	if (!(mine = nxos_port(c, ifc)))
		return FC_ERR_NOMEM;
	inherit(&mine->qos_in, &theirs->qos_in);
	inherit(&mine->queuing_out, &theirs->queuing_out);
	inherit(&mine->queuing_in, &theirs->queuing_in);
	if (!ifc->pfc_mode.m.known && lag->pfc_mode.m.known)
		ifc->pfc_mode = lag->pfc_mode;
	if (!ifc->mtu.m.known && lag->mtu.m.known)
		ifc->mtu = lag->mtu;
	return FC_OK;
}

/* What a port of the running-config runs where its block is silent: NX-OS's defaults, known from the
 * port's interface line with the note of where they come from (Cisco Nexus 9000 Series NX-OS
 * Interfaces Configuration Guide, "Configuring Basic Interface Parameters": flow control off in
 * both directions; FEC auto, the code the speed and the module call for). A port no running-config
 * describes keeps its values unknown. */
static void config_defaults(struct fc_parse_ctx *c, struct fc_iface *ifc)
{
	const struct nxos_port *np = nxos_port_of(c->dev, ifc);

	if (!np->cfg.file)
		return;
	if (!ifc->pause_rx.m.known) {
		fc_set_bool(&ifc->pause_rx, false, np->cfg);
		ifc->pause_rx.m.why = "no flowcontrol receive on: off (NX-OS's default)";
	}
	if (!ifc->pause_tx.m.known) {
		fc_set_bool(&ifc->pause_tx, false, np->cfg);
		ifc->pause_tx.m.why = "no flowcontrol send on: off (NX-OS's default)";
	}
	if (!ifc->fec_config.m.known) {
		fc_set_fec(&ifc->fec_config, FC_FEC_AUTO, np->cfg);
		ifc->fec_config.m.why = "no fec: NX-OS's default, auto (the code the speed and the module call for)";
	}
}

enum fc_rc nxos_finalize(struct fc_parse_ctx *c)
{
	static const struct nxos_qos none;
	struct fc_device *dev = c->dev;
	struct nxos_state *st = dev->adapter_state;
	const struct nxos_qos *q = st ? &st->qos : &none;
	size_t i;

	for (i = 0; i < dev->nifaces; i++) {
		struct fc_iface *ifc = dev->ifaces[i];

		if (strncmp(ifc->name, "Ethernet", 8))
			continue;
		if (!fc_swport_mut(c->m, ifc) || inherit_lag(c, ifc) != FC_OK)   /* every Ethernet port has one from here on */
			return FC_ERR_NOMEM;
		config_defaults(c, ifc);
		derive_phy(c->m, st, ifc);
		derive_pfc(q, ifc);
		if (!ifc->sw->pfc_watchdog.m.known && q->pfc_wd.m.known)
			ifc->sw->pfc_watchdog = q->pfc_wd;
	}
	fc_adapter_lag_acls(dev);
	return FC_OK;
}

static const char *const file_prefixes[] = { "cisco_nxos_", "nxos_", NULL };

const struct fc_adapter fc_adapter_nxos = {
	.platform = "nxos",
	.title = "Cisco Nexus NX-OS (NX-API JSON, CLI text, running-config)",
	.kind = FC_DEV_SWITCH,
	.caps = FC_CAP_QOS_PATH | FC_CAP_CONFIG | FC_CAP_PG_BUFFERS | FC_CAP_COUNTERS | FC_CAP_ASIC | FC_CAP_LLDP |
		FC_CAP_DOM | FC_CAP_ACL | FC_CAP_LINK | FC_CAP_PFC | FC_CAP_MTU | FC_CAP_ADDRESS | FC_CAP_CLASSIFY,
	.readers = nxos_readers,
	.json_body = json_body,
	.cli_json_suffix = " | json",
	.file_prefixes = file_prefixes,
	.finalize = nxos_finalize,
	.qos = &nxos_qos,
	.dump = nxos_dump,
	.ifname = nxos_ifname_op,
	.intent = fc_adapter_no_intent,
};
