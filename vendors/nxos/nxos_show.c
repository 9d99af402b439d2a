/* SPDX-License-Identifier: MIT */
/* NX-OS show commands: show version and show interface (NX-API JSON), show interface (CLI text),
 * and the helpers every NX-OS parser shares (the CLI text block outputs are in nxos_text.c). */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vendors/nxos/nxos.h"
#include "util/str.h"

/* What show interface, show interface fec and NX-API print as a FEC state (any case). */
const struct fc_spelling nxos_fec_shown[] = {
	{ "off", FC_FEC_OFF }, { "none", FC_FEC_OFF }, { "disabled", FC_FEC_OFF }, { "auto", FC_FEC_AUTO },
	{ "fc-fec", FC_FEC_BASER }, { "cl74", FC_FEC_BASER }, { "fc", FC_FEC_BASER },
	{ "kp-fec", FC_FEC_RS544 }, { "rs544", FC_FEC_RS544 },
	{ "rs-fec", FC_FEC_RS }, { "cl91", FC_FEC_RS }, { "rs-ieee", FC_FEC_RS }, { "rs-cons16", FC_FEC_RS },
	{ "rs", FC_FEC_RS },
	{ NULL, 0 },
};

/* NX-API's eth_mode and portmode */
const struct fc_spelling nxos_port_modes[] = {
	{ "access", FC_PORT_MODE_ACCESS }, { "trunk", FC_PORT_MODE_TRUNK }, { "routed", FC_PORT_MODE_ROUTED },
	{ "fex-fabric", FC_PORT_MODE_FEX_FABRIC }, { "dot1q-tunnel", FC_PORT_MODE_DOT1Q_TUNNEL },
	{ "fabricpath", FC_PORT_MODE_FABRICPATH },
	{ NULL, 0 },
};

enum fc_fec nxos_fec_norm(const char *s)
{
	return fc_spelling_find(nxos_fec_shown, s, true);
}

/* ---- JSON --------------------------------------------------------------------------------- */

size_t nxos_rows(const struct doc_node *body, const char *table, const char *row, const struct doc_node *const **out,
		 const struct doc_node **one)
{
	const struct doc_node *r = doc_get(doc_get(body, table), row);

	if (!r)
		return 0;
	if (r->type == DOC_SEQ) {
		*out = (const struct doc_node *const *)r->items;
		return r->n;
	}
	*one = r;
	*out = one;
	return 1;
}

enum fc_rc nxos_field(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *row, const char *key,
		      const char **out)
{
	const struct doc_node *n = doc_get(row, key);

	*out = NULL;
	if (!n)
		return FC_OK;
	if (n->type == DOC_STR || n->type == DOC_NUM) {
		*out = n->str;
		return FC_OK;
	}
	return fc_err_set(c->err, FC_ERR_INPUT, d->file, n->line, "%s: expected a string or number, found %s", key,
			  doc_type_name(n->type));
}

enum fc_rc nxos_field_int(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *row, const char *key,
			  int64_t min, int64_t max, const char *const *na, int64_t *out, bool *have)
{
	const char *v;
	enum fc_rc rc;

	*have = false;
	if ((rc = nxos_field(c, d, row, key, &v)) != FC_OK || !v)
		return rc;
	for (; na && *na; na++)
		if (!strcmp(v, *na))
			return FC_OK;
	if (!fc_parse_i64(v, min, max, out))
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, doc_key_line(row, key),
				  "%s: expected an integer from %lld to %lld", key, (long long)min, (long long)max);
	*have = true;
	return FC_OK;
}

/* NX-API ROW_interface keys read as they are: strings, or "on"/"off" flags. */
enum field_kind { F_STR, F_ON, F_FEC, F_MODE };   /* fc_str, fc_bool, fc_fec_val, fc_port_mode_val */

static const struct {
	const char *key;
	enum field_kind kind;
	size_t off;          /* of the struct fc_str / fc_bool in struct fc_iface */
} row_fields[] = {
	{ "state", F_STR, offsetof(struct fc_iface, oper_state) },
	{ "admin_state", F_STR, offsetof(struct fc_iface, admin_state) },
	{ "eth_hw_addr", F_STR, offsetof(struct fc_iface, mac) },
	{ "eth_mode", F_MODE, offsetof(struct fc_iface, port_mode) },
	{ "desc", F_STR, offsetof(struct fc_iface, description) },
	{ "eth_autoneg", F_ON, offsetof(struct fc_iface, autoneg) },
	{ "eth_in_flowctrl", F_ON, offsetof(struct fc_iface, pause_rx) },
	{ "eth_out_flowctrl", F_ON, offsetof(struct fc_iface, pause_tx) },
	{ "eth_admin_fec_state", F_FEC, offsetof(struct fc_iface, fec_config) },
	{ "eth_oper_fec_state", F_FEC, offsetof(struct fc_iface, fec_active) },
	/* SVIs (VlanN) report under svi_* keys */
	{ "svi_admin_state", F_STR, offsetof(struct fc_iface, admin_state) },
	{ "svi_line_proto", F_STR, offsetof(struct fc_iface, oper_state) },
	{ "svi_mac", F_STR, offsetof(struct fc_iface, mac) },
	{ "svi_desc", F_STR, offsetof(struct fc_iface, description) },
};

static enum fc_rc one_interface(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *row)
{
	struct fc_model *m = c->m;
	struct fc_iface *ifc;
	const char *name, *v;
	char nb[NXOS_IFNAME_MAX];
	int64_t i;
	size_t k;
	enum fc_rc rc;

	if ((rc = doc_expect(d, row, DOC_MAP, "ROW_interface", c->err)) != FC_OK)
		return rc;
	if ((rc = doc_req_str(d, row, "interface", &name, c->err)) != FC_OK)
		return rc;
	if (!nxos_ifname(name, strlen(name), nb, sizeof(nb)))
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, doc_key_line(row, "interface"),
				  "interface: a name of more than %d characters", NXOS_IFNAME_MAX - 1);
	ifc = fc_dev_iface(m, c->dev, nb);
	if (!ifc)
		return FC_ERR_NOMEM;
	if ((rc = nxos_row_counters(c, d, row, ifc)) != FC_OK)
		return rc;
	for (k = 0; k < sizeof(row_fields) / sizeof(row_fields[0]); k++) {
		struct fc_src s = fc_src_make(m, d->file, doc_key_line(row, row_fields[k].key));
		char *slot = (char *)ifc + row_fields[k].off;

		if ((rc = nxos_field(c, d, row, row_fields[k].key, &v)) != FC_OK)
			return rc;
		if (!v)
			continue;
		switch (row_fields[k].kind) {
		case F_STR:
			fc_set_str(m, (struct fc_str *)(void *)slot, v, s);
			break;
		case F_ON:
			fc_set_bool((struct fc_bool *)(void *)slot, !strcmp(v, "on"), s);
			break;
		case F_MODE:
			if (fc_spelling_find(nxos_port_modes, v, false))
				fc_set_port_mode((struct fc_port_mode_val *)(void *)slot, fc_spelling_find(nxos_port_modes, v, false), s);
			else
				fc_set_unknown(&((struct fc_port_mode_val *)(void *)slot)->m,
					       fc_sprintf(m->arena, "eth_mode '%s' names no forwarding mode", v));
			break;
		case F_FEC:
			if (nxos_fec_norm(v))
				fc_set_fec((struct fc_fec_val *)(void *)slot, nxos_fec_norm(v), s);
			else
				fc_set_unknown(&((struct fc_fec_val *)(void *)slot)->m, "FEC state not understood");
			break;
		}
	}
	for (k = 0; k < 2; k++) {
		const char *key = k ? "svi_mtu" : "eth_mtu";

		if ((rc = nxos_field(c, d, row, key, &v)) != FC_OK)
			return rc;
		if (!v)
			continue;
		if (!fc_parse_i64(v, 64, 65535, &i))
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, doc_key_line(row, key),
					  "%s: expected a number of bytes, found '%s'", key, v);
		fc_set_int(&ifc->mtu, i, fc_src_make(m, d->file, doc_key_line(row, key)));
	}
	if ((rc = nxos_field(c, d, row, "eth_speed", &v)) != FC_OK)
		return rc;
	if (v && fc_speed_parse(v, &i, NULL))
		fc_set_int(&ifc->speed_mbps, i, fc_src_make(m, d->file, doc_key_line(row, "eth_speed")));
	else if (v)
		fc_set_unknown(&ifc->speed_mbps.m, "show interface reports no fixed speed (auto-speed, link down)");
	return FC_OK;
}

enum fc_rc nxos_parse_show_interface_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body)
{
	const struct doc_node *const *r = NULL, *one = NULL;
	size_t i, n = nxos_rows(body, "TABLE_interface", "ROW_interface", &r, &one);
	enum fc_rc rc;

	if (!n)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, body ? body->line : 1,
				  "show interface: expected TABLE_interface.ROW_interface");
	for (i = 0; i < n; i++)
		if ((rc = one_interface(c, d, r[i])) != FC_OK)
			return rc;
	return FC_OK;
}

enum fc_rc nxos_parse_show_version_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body)
{
	const char *v = NULL;
	enum fc_rc rc;

	if ((rc = doc_expect(d, body, DOC_MAP, "show version", c->err)) != FC_OK)
		return rc;
	if ((rc = nxos_field(c, d, body, "nxos_ver_str", &v)) != FC_OK)
		return rc;
	if (!v && (rc = nxos_field(c, d, body, "kickstart_ver_str", &v)) != FC_OK)
		return rc;
	if (v)
		fc_set_str(c->m, &c->dev->os_version, v,
			   fc_src_make(c->m, d->file, doc_key_line(body, doc_get(body, "nxos_ver_str") ? "nxos_ver_str" : "kickstart_ver_str")));
	if ((rc = nxos_field(c, d, body, "chassis_id", &v)) != FC_OK)
		return rc;
	if (v)
		fc_set_str(c->m, &c->dev->hw_model, v, fc_src_make(c->m, d->file, doc_key_line(body, "chassis_id")));
	if ((rc = nxos_field(c, d, body, "host_name", &v)) != FC_OK)
		return rc;
	if (v)
		fc_set_str(c->m, &c->dev->hostname, v, fc_src_make(c->m, d->file, doc_key_line(body, "host_name")));
	return FC_OK;
}

/* True when text has something besides white space. */
bool nxos_has_content(const char *text)
{
	for (; *text; text++)
		if (!isspace((unsigned char)*text))
			return true;
	return false;
}

