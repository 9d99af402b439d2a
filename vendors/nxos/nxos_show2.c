/* SPDX-License-Identifier: MIT */
/* NX-OS show commands as NX-API JSON beyond show interface and show version: interface brief,
 * LLDP, inventory, transceiver and counters (the text tables are in nxos_tables.c). */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vendors/nxos/nxos.h"
#include "util/str.h"

/* The interface of a JSON row; NULL with an error set for a name fabcheck cannot hold, NULL
 * alone when out of memory (iface_rc tells them apart). */
static struct fc_iface *iface(struct fc_parse_ctx *c, const char *name, size_t len)
{
	char nb[NXOS_IFNAME_MAX];

	if (!nxos_ifname(name, len, nb, sizeof(nb))) {
		fc_err_set(c->err, FC_ERR_INPUT, c->file, 0, "an interface name of more than %d characters",
			   NXOS_IFNAME_MAX - 1);
		return NULL;
	}
	return fc_dev_iface(c->m, c->dev, nb);
}

static enum fc_rc iface_rc(struct fc_parse_ctx *c)
{
	return c->err->rc != FC_OK ? c->err->rc : FC_ERR_NOMEM;
}


/* ---- JSON ------------------------------------------------------------------------------------- */

#define ROWS(body, t, r)                                                                                  \
	const struct doc_node *const *rows = NULL, *one = NULL;                                           \
	size_t nrows = nxos_rows(body, t, r, &rows, &one), i

enum fc_rc nxos_parse_brief_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body)
{
	ROWS(body, "TABLE_interface", "ROW_interface");
	enum fc_rc rc;

	if (!nrows)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, body->line, "show interface brief: no ROW_interface");
	for (i = 0; i < nrows; i++) {
		static const char *const speed_na[] = { "auto", "--", NULL };   /* not fixed: not the speed */
		const char *name, *state = NULL, *mode = NULL;
		struct fc_iface *ifc;
		int64_t v;
		bool speed;

		if ((rc = doc_req_str(d, rows[i], "interface", &name, c->err)) != FC_OK ||
		    (rc = nxos_field(c, d, rows[i], "state", &state)) != FC_OK ||
		    (rc = nxos_field_int(c, d, rows[i], "speed", 1, 1600000, speed_na, &v, &speed)) != FC_OK ||
		    (rc = nxos_field(c, d, rows[i], "portmode", &mode)) != FC_OK)
			return rc;
		if (!(ifc = iface(c, name, strlen(name))))
			return iface_rc(c);
		if (state && !ifc->oper_state.m.known)
			fc_set_str(c->m, &ifc->oper_state, state, fc_src_make(c->m, d->file, doc_key_line(rows[i], "state")));
		if (speed && !ifc->speed_mbps.m.known)
			fc_set_int(&ifc->speed_mbps, v, fc_src_make(c->m, d->file, doc_key_line(rows[i], "speed")));
		if (mode && !ifc->port_mode.m.known) {
			enum fc_port_mode pm = fc_spelling_find(nxos_port_modes, mode, false);
			struct fc_src s = fc_src_make(c->m, d->file, doc_key_line(rows[i], "portmode"));

			if (pm)
				fc_set_port_mode(&ifc->port_mode, pm, s);
			else {   /* "--" on a loopback or mgmt0 */
				fc_set_unknown(&ifc->port_mode.m, fc_sprintf(c->m->arena, "portmode '%s' names no forwarding mode", mode));
				ifc->port_mode.m.src = s;
			}
		}
	}
	return FC_OK;
}

/* show lldp neighbors [detail] | json: TABLE_nbor[_detail].ROW_nbor[_detail] */
enum fc_rc nxos_parse_lldp_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body)
{
	const struct doc_node *const *rows = NULL, *one = NULL;
	size_t nrows = nxos_rows(body, "TABLE_nbor", "ROW_nbor", &rows, &one), i;
	enum fc_rc rc;

	if (!nrows)
		nrows = nxos_rows(body, "TABLE_nbor_detail", "ROW_nbor_detail", &rows, &one);
	if (!nrows && !doc_get(body, "neigh_hdr") && !doc_get(body, "neigh_count"))
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, body->line, "show lldp neighbors: no ROW_nbor");
	for (i = 0; i < nrows; i++) {
		const char *local, *port = NULL, *sys = NULL;
		const char *syskey = doc_get(rows[i], "sys_name") ? "sys_name" : "chassis_id";
		struct fc_iface *ifc;

		if ((rc = doc_req_str(d, rows[i], "l_port_id", &local, c->err)) != FC_OK ||
		    (rc = nxos_field(c, d, rows[i], "port_id", &port)) != FC_OK ||
		    (rc = nxos_field(c, d, rows[i], syskey, &sys)) != FC_OK)
			return rc;
		if (!(ifc = iface(c, local, strlen(local))))
			return iface_rc(c);
		if (sys)
			fc_set_str(c->m, &ifc->lldp_sysname, sys, fc_src_make(c->m, d->file, doc_key_line(rows[i], syskey)));
		if (port)   /* the neighbour's own spelling: the topology reads it with its platform */
			fc_set_str(c->m, &ifc->lldp_port, port, fc_src_make(c->m, d->file, doc_key_line(rows[i], "port_id")));
	}
	return FC_OK;
}

enum fc_rc nxos_parse_inventory_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body)
{
	ROWS(body, "TABLE_inv", "ROW_inv");
	enum fc_rc rc;

	if (!nrows)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, body->line, "show inventory: no ROW_inv");
	for (i = 0; i < nrows; i++) {
		const char *name = NULL, *pid = NULL;

		if ((rc = nxos_field(c, d, rows[i], "name", &name)) != FC_OK ||
		    (rc = nxos_field(c, d, rows[i], "productid", &pid)) != FC_OK)
			return rc;
		if (name && pid && strstr(name, "Chassis") && !c->dev->hw_model.m.known)
			fc_set_str(c->m, &c->dev->hw_model, pid, fc_src_make(c->m, d->file, doc_key_line(rows[i], "productid")));
	}
	return FC_OK;
}

/* "N/A" or "--": the module reports no such value. */
static bool lane_na(const char *v)
{
	return !strcmp(v, "N/A") || !strcmp(v, "--");
}

/* One reading of a ROW_lane: key holds the value, pfx_alrm_hi .. pfx_warn_lo its thresholds and
 * pfx_flag the out-of-range mark ("temperature" / "temp_alrm_hi", "voltage" / "volt_alrm_hi",
 * "current", "tx_pwr", "rx_pwr"), as NX-API names them. Absent: unknown; N/A: unknown with that
 * reason; anything else that is not a number: refused at its line. */
static enum fc_rc lane_val(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *row, const char *key,
			   const char *pfx, struct fc_dom_val *dv)
{
	static const char *const th[4] = { "alrm_hi", "alrm_lo", "warn_hi", "warn_lo" };
	const struct doc_node *fl;
	const char *v = NULL, *t[4];
	double x, tv[4];
	char k[64];
	int i, nt = 0;
	enum fc_rc rc;

	if ((rc = nxos_field(c, d, row, key, &v)) != FC_OK || !v)
		return rc;
	if (lane_na(v)) {
		fc_set_unknown(&dv->m, "module reports N/A");
		return FC_OK;
	}
	if (!fc_parse_double(v, &x))
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, doc_key_line(row, key),
				  "ROW_lane %s: expected a number or N/A", key);
	fc_dom_set(dv, x, fc_src_make(c->m, d->file, doc_key_line(row, key)));
	for (i = 0; i < 4; i++) {
		snprintf(k, sizeof(k), "%s_%s", pfx, th[i]);
		if ((rc = nxos_field(c, d, row, k, &t[i])) != FC_OK)
			return rc;
		if (!t[i] || lane_na(t[i]))
			continue;
		if (!fc_parse_double(t[i], &tv[i]))
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, doc_key_line(row, k),
					  "ROW_lane %s: expected a number or N/A", k);
		nt++;
	}
	if (nt == 4) {
		dv->thresholds = true;
		dv->hi_alarm = tv[0], dv->lo_alarm = tv[1], dv->hi_warn = tv[2], dv->lo_warn = tv[3];
	}
	/* "temp_flag": null when in range, "++" / "+" / "-" / "--" when out of it */
	snprintf(k, sizeof(k), "%s_flag", pfx);
	fl = doc_get(row, k);
	if (fl && fl->type == DOC_STR && fl->str[0]) {
		size_t n = strlen(fl->str);

		if (n > 2 || strspn(fl->str, "+-") != n || (n == 2 && fl->str[0] != fl->str[1]))
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, fl->line,
					  "ROW_lane %s: expected ++, +, - or --", k);
		memcpy(dv->flag, fl->str, n + 1);
	}
	return FC_OK;
}

enum fc_rc nxos_parse_transceiver_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body)
{
	ROWS(body, "TABLE_interface", "ROW_interface");
	enum fc_rc rc;

	if (!nrows)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, body->line, "show interface transceiver: no ROW_interface");
	for (i = 0; i < nrows; i++) {
		const struct doc_node *r = rows[i];
		static const char *const rate_na[] = { "N/A", "--", NULL };
		const char *name, *sfp = NULL, *type = NULL, *vendor = NULL, *part = NULL, *serial = NULL;
		struct fc_iface *ifc;
		struct fc_xcvr *x;
		int64_t v;
		bool rate;

		if ((rc = doc_req_str(d, r, "interface", &name, c->err)) != FC_OK ||
		    (rc = nxos_field(c, d, r, "sfp", &sfp)) != FC_OK || (rc = nxos_field(c, d, r, "type", &type)) != FC_OK ||
		    (rc = nxos_field(c, d, r, "name", &vendor)) != FC_OK ||
		    (rc = nxos_field(c, d, r, "partnum", &part)) != FC_OK ||
		    (rc = nxos_field(c, d, r, "serialnum", &serial)) != FC_OK ||
		    (rc = nxos_field_int(c, d, r, "nom_bitrate", 1, 10000000, rate_na, &v, &rate)) != FC_OK)
			return rc;
		if (!(ifc = iface(c, name, strlen(name))))
			return iface_rc(c);
		x = &ifc->xcvr;
#define SRC(k) fc_src_make(c->m, d->file, doc_key_line(r, k))
		if (sfp)
			fc_set_bool(&x->present, !strcmp(sfp, "present"), SRC("sfp"));
		if (type)
			fc_set_str(c->m, &x->type, type, SRC("type"));
		if (vendor)
			fc_set_str(c->m, &x->vendor, vendor, SRC("name"));
		if (part)
			fc_set_str(c->m, &x->part, part, SRC("partnum"));
		if (serial)
			fc_set_str(c->m, &x->serial, serial, SRC("serialnum"));
		if (rate)
			fc_set_int(&x->bitrate_mbps, v, SRC("nom_bitrate"));
#undef SRC
		{
			const struct doc_node *const *lanes = NULL, *lone = NULL;
			size_t nl = nxos_rows(r, "TABLE_lane", "ROW_lane", &lanes, &lone), k;

			if (!fc_xcvr_reserve(c->m, x, nl))
				return FC_ERR_NOMEM;
			for (k = 0; k < nl; k++) {
				struct fc_dom_lane *L;
				int64_t lnum;
				bool have;

				/* a lane without its number, or with one given twice, would put readings on the
				 * wrong lane or hide one: refused at its line */
				if ((rc = nxos_field_int(c, d, lanes[k], "lane_number", 1, 64, NULL, &lnum, &have)) != FC_OK)
					return rc;
				if (!have)
					return fc_err_set(c->err, FC_ERR_INPUT, d->file, lanes[k]->line,
							  "ROW_lane: no lane_number (expected 1-64)");
				if (fc_xcvr_find_lane(x, (int)lnum))
					return fc_err_set(c->err, FC_ERR_INPUT, d->file, doc_key_line(lanes[k], "lane_number"),
							  "ROW_lane: lane %d given twice in one module", (int)lnum);
				L = &x->lanes[x->nlanes++];   /* reserved above, zeroed */
				L->lane = (int)lnum;
				if ((rc = lane_val(c, d, lanes[k], "temperature", "temp", &L->temp_c)) != FC_OK ||
				    (rc = lane_val(c, d, lanes[k], "voltage", "volt", &L->volt_v)) != FC_OK ||
				    (rc = lane_val(c, d, lanes[k], "current", "current", &L->bias_ma)) != FC_OK ||
				    (rc = lane_val(c, d, lanes[k], "tx_pwr", "tx_pwr", &L->tx_dbm)) != FC_OK ||
				    (rc = lane_val(c, d, lanes[k], "rx_pwr", "rx_pwr", &L->rx_dbm)) != FC_OK)
					return rc;
			}
			if (nl)
				fc_set_bool(&x->dom_supported, true, fc_src_make(c->m, d->file, lanes[0]->line));
		}
	}
	return FC_OK;
}

/* The error and reset counters of one ROW_interface (show interface, show interface counters
 * detailed): eth_crc, eth_inerr, eth_giants, eth_reset_cntr. */
enum fc_rc nxos_row_counters(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *row, struct fc_iface *ifc)
{
	static const struct { const char *key; size_t off; } map[] = {
		{ "eth_crc", offsetof(struct fc_swport, cnt_crc) },
		{ "eth_inerr", offsetof(struct fc_swport, cnt_in_errors) },
		{ "eth_giants", offsetof(struct fc_swport, cnt_giants) },
		{ "eth_reset_cntr", offsetof(struct fc_swport, cnt_resets) },
	};
	struct fc_swport *sp = fc_swport_mut(c->m, ifc);
	enum fc_rc rc;
	size_t k;

	if (!sp)
		return FC_ERR_NOMEM;
	for (k = 0; k < sizeof(map) / sizeof(map[0]); k++) {
		int64_t n;
		bool have;

		if ((rc = nxos_field_int(c, d, row, map[k].key, 0, INT64_MAX, NULL, &n, &have)) != FC_OK)
			return rc;
		if (have)
			fc_set_int((struct fc_int *)(void *)((char *)sp + map[k].off), n,
				   fc_src_make(c->m, d->file, doc_key_line(row, map[k].key)));
	}
	return FC_OK;
}

enum fc_rc nxos_parse_counters_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body)
{
	ROWS(body, "TABLE_interface", "ROW_interface");
	enum fc_rc rc;

	if (!nrows)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, body->line, "counters: no ROW_interface");
	for (i = 0; i < nrows; i++) {
		const char *name;
		struct fc_iface *ifc;

		if ((rc = doc_req_str(d, rows[i], "interface", &name, c->err)) != FC_OK)
			return rc;
		if (!(ifc = iface(c, name, strlen(name))))
			return iface_rc(c);
		if ((rc = nxos_row_counters(c, d, rows[i], ifc)) != FC_OK)
			return rc;
	}
	return FC_OK;
}
