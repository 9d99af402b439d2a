/* SPDX-License-Identifier: MIT */
/* NX-OS show commands: show version and show interface (NX-API JSON), show interface (CLI text),
 * show lldp neighbors detail and show interface transceiver details (CLI text). */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nxos/nxos.h"
#include "util/str.h"

const char *nxos_ifname(const char *in, size_t len, char *buf, size_t size)
{
	while (len && isspace((unsigned char)in[len - 1]))
		len--;
	while (len && isspace((unsigned char)*in))
		in++, len--;
	if (len > 3 && (!strncmp(in, "Eth", 3) || !strncmp(in, "eth", 3)) &&
	    isdigit((unsigned char)in[3]))
		snprintf(buf, size, "Ethernet%.*s", (int)(len - 3), in + 3);
	else
		snprintf(buf, size, "%.*s", (int)len, in);
	return buf;
}

/* "100 Gb/s", "25000 Mb/s", "1000 Mb/s", "auto-speed" */
bool nxos_speed_text(const char *s, int64_t *mbps)
{
	double v;
	char unit[8];

	if (sscanf(s, "%lf %7s", &v, unit) != 2 || v <= 0 || v > 1600000)
		return false;
	if (!strncmp(unit, "Gb", 2))
		*mbps = (int64_t)(v * 1000.0);
	else if (!strncmp(unit, "Mb", 2))
		*mbps = (int64_t)v;
	else
		return false;
	return true;
}

const char *nxos_fec_norm(const char *s)
{
	if (!strcasecmp(s, "off") || !strcasecmp(s, "none") || !strcasecmp(s, "disabled"))
		return "off";
	if (!strcasecmp(s, "auto"))
		return "auto";
	if (!strcasecmp(s, "fc-fec") || !strcasecmp(s, "cl74") || !strcasecmp(s, "fc"))
		return "baser";
	if (!strcasecmp(s, "kp-fec") || !strcasecmp(s, "rs544"))
		return "rs544";
	if (!strcasecmp(s, "rs-fec") || !strcasecmp(s, "cl91") || !strcasecmp(s, "rs-ieee") ||
	    !strcasecmp(s, "rs-cons16") || !strcasecmp(s, "rs"))
		return "rs";
	return NULL;
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

/* NX-API ROW_interface keys read as they are: strings, or "on"/"off" flags. */
enum field_kind { F_STR, F_ON, F_FEC };

static const struct {
	const char *key;
	enum field_kind kind;
	size_t off;          /* of the struct fc_str / fc_bool in struct fc_iface */
} row_fields[] = {
	{ "state", F_STR, offsetof(struct fc_iface, oper_state) },
	{ "admin_state", F_STR, offsetof(struct fc_iface, admin_state) },
	{ "eth_hw_addr", F_STR, offsetof(struct fc_iface, mac) },
	{ "eth_mode", F_STR, offsetof(struct fc_iface, port_mode) },
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
	char nb[128];
	int64_t i;
	size_t k;
	enum fc_rc rc;

	if ((rc = doc_expect(d, row, DOC_MAP, "ROW_interface", c->err)) != FC_OK)
		return rc;
	if ((rc = doc_req_str(d, row, "interface", &name, c->err)) != FC_OK)
		return rc;
	ifc = fc_dev_iface(m, c->dev, nxos_ifname(name, strlen(name), nb, sizeof(nb)));
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
		case F_FEC:
			if (nxos_fec_norm(v))
				fc_set_str(m, (struct fc_str *)(void *)slot, nxos_fec_norm(v), s);
			else
				fc_set_unknown(&((struct fc_str *)(void *)slot)->m, "FEC state not understood");
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
	if (v && nxos_speed_text(v, &i))
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

/* ---- show interface (CLI text) ------------------------------------------------------------ */

static bool line_has(const struct fc_lines *it, const char *needle, const char **at)
{
	const char *p = memmem(it->line, it->len, needle, strlen(needle));

	if (at)
		*at = p ? p + strlen(needle) : NULL;
	return p != NULL;
}

static void copy_line(const struct fc_lines *it, char *buf, size_t size)
{
	snprintf(buf, size, "%.*s", (int)it->len, it->line);
}

static bool prefix(const char *l, size_t n, const char *p, const char **rest)
{
	size_t k = strlen(p);

	if (n < k || memcmp(l, p, k))
		return false;
	*rest = l + k;
	return true;
}

/* "Hardware: ..., address: X (bia Y)" or, on SVIs, "Hardware is EtherSVI, address is  X" */
static void hw_address(struct fc_model *m, struct fc_iface *ifc, const char *l, size_t n, struct fc_src s)
{
	const char *a = memmem(l, n, "address: ", 9), *end = l + n;
	char mac[32];
	size_t k;

	if (a)
		a += 9;
	else if ((a = memmem(l, n, "address is ", 11)))
		a += 11;
	else
		return;
	while (a < end && *a == ' ')
		a++;
	for (k = 0; a + k < end && a[k] != ' ' && a[k] != ',' && k < sizeof(mac) - 1; k++)
		mac[k] = a[k];
	mac[k] = '\0';
	if (k)
		fc_set_str(m, &ifc->mac, mac, s);
}

/* Copies from r up to end or the first of stops into out (never sscanf on a pointer into the
 * whole output: glibc measures the rest of the string first, which makes parsing quadratic). */
static const char *take(const char *r, const char *end, const char *stops, char *out, size_t size)
{
	size_t k = 0;

	while (r < end && !strchr(stops, *r) && k + 1 < size)
		out[k++] = *r++;
	out[k] = '\0';
	return out;
}

/* Lines are dispatched on their first non-blank character: most of the output is counters,
 * which start with a digit and are skipped without a scan. The file name in c->file is interned
 * already, so sources cost nothing. */
enum fc_rc nxos_parse_show_interface_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_model *m = c->m;
	struct fc_lines it;
	struct fc_iface *ifc = NULL;
	size_t blocks = 0;
	int64_t v;

	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		const char *l = it.line, *r, *end = it.line + it.len;
		size_t n = it.len, k = 0;
		struct fc_src s = fc_src_at(c->file, it.lineno);

		if (!n)
			continue;
		if (!isspace((unsigned char)l[0])) {
			/* "NAME is STATE[,| (reason)]..." opens an interface */
			const char *is = memmem(l, n, " is ", 4);
			char name[128], state[64], nb[128];
			size_t sl = 0;

			if (!is || is == l || (size_t)(is - l) >= sizeof(name) || memchr(l, ' ', (size_t)(is - l)))
				goto field;   /* e.g. "admin state is up," which some releases print at column 0 */
			memcpy(name, l, (size_t)(is - l));
			name[is - l] = '\0';
			for (r = is + 4; r < end && !isspace((unsigned char)*r) && *r != ',' && sl < sizeof(state) - 1; r++)
				state[sl++] = *r;
			state[sl] = '\0';
			if (!sl || !(ifc = fc_dev_iface(m, c->dev, nxos_ifname(name, strlen(name), nb, sizeof(nb)))))
				return sl ? FC_ERR_NOMEM : FC_OK;
			fc_set_str(m, &ifc->oper_state, state, s);
			/* A shut port says so here: "is down (Administratively down)"; an "admin state is"
			 * line further down, where printed, takes over. */
			fc_set_str(m, &ifc->admin_state, memmem(l, n, "(Administratively down)", 23) ? "down" : "up", s);
			blocks++;
			continue;
		}
field:
		if (!ifc)
			continue;
		while (k < n && isspace((unsigned char)l[k]))
			k++;
		if (k == n || isdigit((unsigned char)l[k]))
			continue;
		l += k;
		n -= k;
		switch (l[0]) {
		case 'a':
			if (prefix(l, n, "admin state is ", &r) && r < end) {
				fc_set_str(m, &ifc->admin_state, !strncmp(r, "up", 2) ? "up" : "down", s);
			} else if (prefix(l, n, "admin fec state is ", &r)) {
				char f[32];
				const char *o = memmem(l, n, "oper fec state is ", 18);

				if (nxos_fec_norm(take(r, end, ",", f, sizeof(f))))
					fc_set_str(m, &ifc->fec_config, nxos_fec_norm(f), s);
				if (o && nxos_fec_norm(take(o + 18, end, ", ", f, sizeof(f))))
					fc_set_str(m, &ifc->fec_active, nxos_fec_norm(f), s);
			} else if ((r = memmem(l, n, "-duplex, ", 9))) {
				char sp[64];

				if (nxos_speed_text(take(r + 9, end, ",", sp, sizeof(sp)), &v))
					fc_set_int(&ifc->speed_mbps, v, s);
			}
			break;
		case 'f':
		case 'h':
			if ((r = memmem(l, n, "-duplex, ", 9))) {
				char sp[64];

				if (nxos_speed_text(take(r + 9, end, ",", sp, sizeof(sp)), &v))
					fc_set_int(&ifc->speed_mbps, v, s);
			}
			break;
		case 'A':
			if (prefix(l, n, "Admin State: ", &r) && r < end) {
				fc_set_str(m, &ifc->admin_state, !strncmp(r, "up", 2) ? "up" : "down", s);
			} else if (prefix(l, n, "Auto-Negotiation is turned ", &r)) {
				const char *f = memmem(l, n, "FEC mode is ", 12);
				char fm[32];

				fc_set_bool(&ifc->autoneg, !strncmp(r, "on", 2), s);
				if (f && nxos_fec_norm(take(f + 12, end, " \t", fm, sizeof(fm))))
					fc_set_str(m, &ifc->fec_active, nxos_fec_norm(fm), s);
			}
			break;
		case 'M':
			if (prefix(l, n, "MTU ", &r) && fc_parse_i64n(r, strcspn(r, " "), 64, 65535, &v))
				fc_set_int(&ifc->mtu, v, s);
			break;
		case 'H':
			if (prefix(l, n, "Hardware", &r))
				hw_address(m, ifc, l, n, s);
			break;
		case 'I':
			if (prefix(l, n, "Input flow-control is ", &r)) {
				const char *o = memmem(l, n, "output flow-control is ", 23);

				fc_set_bool(&ifc->pause_rx, !strncmp(r, "on", 2), s);
				if (o)
					fc_set_bool(&ifc->pause_tx, !strncmp(o + 23, "on", 2), s);
			}
			break;
		case 'D':
		case 'P':
			if (prefix(l, n, "Description: ", &r) || prefix(l, n, "Port description is ", &r)) {
				/* the rest of this line; some releases glue the next field onto it
				 * ("Description: x  MTU 9216 bytes, ..."), which is read on its own */
				char d[512];
				size_t dl = (size_t)(end - r);
				const char *glued = memmem(r, dl, "  MTU ", 6), *g;

				if (!glued)
					glued = memmem(r, dl, "  Internet Address is ", 22);
				if (glued)
					dl = (size_t)(glued - r);
				while (dl && isspace((unsigned char)r[dl - 1]))
					dl--;
				snprintf(d, sizeof(d), "%.*s", (int)dl, r);
				fc_set_str(m, &ifc->description, d, s);
				if (glued && (g = memmem(glued, (size_t)(end - glued), "MTU ", 4)) &&
				    fc_parse_i64n(g + 4, strcspn(g + 4, " "), 64, 65535, &v))
					fc_set_int(&ifc->mtu, v, s);
			}
			break;
		default:
			break;
		}
	}
	if (!blocks && nxos_has_content(text))
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1,
				  "show interface: no 'NAME is up|down' block found; not the output of this command?");
	return FC_OK;
}

/* ---- show lldp neighbors detail ----------------------------------------------------------- */

enum fc_rc nxos_parse_lldp_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_model *m = c->m;
	struct fc_lines it;
	char port[128] = "", sys[256] = "", local[128] = "", nb[128];
	unsigned port_line = 0, sys_line = 0;
	bool in_rec = false;

	if (nxos_has_content(text) && !strstr(text, "Chassis id:") && !strstr(text, "Total entries displayed") &&
	    !strstr(text, "Capability codes"))
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1,
				  "show lldp neighbors detail: no 'Chassis id:' record and no LLDP header found");
	fc_lines_init(&it, text);
	for (;;) {
		bool more = fc_lines_next(&it);
		char line[1024];

		if (more)
			copy_line(&it, line, sizeof(line));
		if (!more || !strncmp(line, "Chassis id:", 11)) {
			if (in_rec && local[0]) {
				struct fc_iface *ifc = fc_dev_iface(m, c->dev, nxos_ifname(local, strlen(local), nb, sizeof(nb)));

				if (!ifc)
					return FC_ERR_NOMEM;
				if (sys[0])
					fc_set_str(m, &ifc->lldp_sysname, sys, fc_src_make(m, c->file, sys_line));
				if (port[0])
					fc_set_str(m, &ifc->lldp_port, nxos_ifname(port, strlen(port), nb, sizeof(nb)),
						   fc_src_make(m, c->file, port_line));
			}
			if (!more)
				break;
			in_rec = true;
			port[0] = sys[0] = local[0] = '\0';
			continue;
		}
		if (!in_rec)
			continue;
		if (sscanf(line, "Port id: %127s", port) == 1)
			port_line = it.lineno;
		else if (sscanf(line, "Local Port id: %127s", local) == 1)
			;
		else if (!strncmp(line, "System Name: ", 13)) {
			snprintf(sys, sizeof(sys), "%.255s", line + 13);
			sys_line = it.lineno;
		}
	}
	return FC_OK;
}

/* ---- show interface transceiver details --------------------------------------------------- */

static bool dom_row(const char *line, const char *label, struct fc_dom_val *dv, struct fc_src s)
{
	char unit[8], f1[4] = "", rest[256];
	double v, ha, la, hw, lw;
	const char *p;
	size_t n = strlen(label);

	for (p = line; *p == ' '; p++)
		;
	if (strncmp(p, label, n))
		return false;
	p += n;
	if (sscanf(p, " N/A %255[^\n]", rest) == 1) {
		fc_set_unknown(&dv->m, "module reports N/A");
		if (sscanf(rest, "%lf %*s %lf %*s %lf %*s %lf", &ha, &la, &hw, &lw) == 4) {
			dv->thresholds = true;
			dv->hi_alarm = ha, dv->lo_alarm = la, dv->hi_warn = hw, dv->lo_warn = lw;
		}
		return true;
	}
	if (sscanf(p, " %lf %7s %255[^\n]", &v, unit, rest) < 2)
		return false;
	dv->v = v;
	dv->m.known = true;
	dv->m.src = s;
	if (sscanf(rest, "%3[+-] %255[^\n]", f1, rest) == 2)
		snprintf(dv->flag, sizeof(dv->flag), "%s", f1);
	if (sscanf(rest, "%lf %*s %lf %*s %lf %*s %lf", &ha, &la, &hw, &lw) == 4) {
		dv->thresholds = true;
		dv->hi_alarm = ha, dv->lo_alarm = la, dv->hi_warn = hw, dv->lo_warn = lw;
	}
	return true;
}

static struct fc_dom_lane *lane_of(struct fc_model *m, struct fc_xcvr *x, int lane)
{
	size_t i;

	for (i = 0; i < x->nlanes; i++)
		if (x->lanes[i].lane == lane)
			return &x->lanes[i];
	x->lanes = fc_grow(m->arena, x->lanes, x->nlanes, &x->lanes_cap, sizeof(*x->lanes));
	if (!x->lanes)
		return NULL;
	memset(&x->lanes[x->nlanes], 0, sizeof(x->lanes[0]));
	x->lanes[x->nlanes].lane = lane;
	return &x->lanes[x->nlanes++];
}

enum fc_rc nxos_parse_transceiver_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_model *m = c->m;
	struct fc_lines it;
	struct fc_iface *ifc = NULL;
	struct fc_dom_lane *lane = NULL;
	char line[1024], nb[128], val[256];
	const char *at;
	double d;
	int64_t v;
	size_t blocks = 0;

	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		struct fc_src s = fc_src_make(m, c->file, it.lineno);
		struct fc_xcvr *x;
		int ln;

		copy_line(&it, line, sizeof(line));
		/* "Lane Number:2 Network Lane" or "Lane Number : 1 Network Lane", at column 0 or indented */
		if (ifc && sscanf(line, " Lane Number %*[:] %d", &ln) == 1) {
			lane = lane_of(m, &ifc->xcvr, ln);
			if (!lane)
				return FC_ERR_NOMEM;
			continue;
		}
		if (it.len && !isspace((unsigned char)line[0])) {
			/* "Ethernet1/1", or "fc1/48 sfp is present" on Fibre Channel ports */
			size_t wl = strcspn(line, " \t");

			if (isalpha((unsigned char)line[0]) && memchr(line, '/', wl)) {
				ifc = fc_dev_iface(m, c->dev, nxos_ifname(line, wl, nb, sizeof(nb)));
				if (!ifc)
					return FC_ERR_NOMEM;
				lane = NULL;
				blocks++;
				if (strstr(line, "not present"))
					fc_set_bool(&ifc->xcvr.present, false, s);
				else if (strstr(line, "is present"))
					fc_set_bool(&ifc->xcvr.present, true, s);
			}
			continue;
		}
		if (!ifc)
			continue;
		x = &ifc->xcvr;
		/* values are padded to a fixed width: drop the trailing blanks */
		{
			size_t k = strlen(line);

			while (k && isspace((unsigned char)line[k - 1]))
				line[--k] = '\0';
		}
		if (strstr(line, "transceiver is not present")) {
			fc_set_bool(&x->present, false, s);
		} else if (strstr(line, "transceiver is present")) {
			fc_set_bool(&x->present, true, s);
		} else if (sscanf(line, " type is %255[^\n]", val) == 1) {
			fc_set_str(m, &x->type, val, s);
		} else if (sscanf(line, " name is %255[^\n]", val) == 1 || sscanf(line, " Name is %255[^\n]", val) == 1) {
			fc_set_str(m, &x->vendor, val, s);
		} else if (sscanf(line, " part number is %255[^\n]", val) == 1 ||
			   sscanf(line, " Manufacturer's part number is %255[^\n]", val) == 1) {
			fc_set_str(m, &x->part, val, s);
		} else if (sscanf(line, " serial number is %255[^\n]", val) == 1 ||
			   sscanf(line, " Serial number is %255[^\n]", val) == 1) {
			fc_set_str(m, &x->serial, val, s);
		} else if (line_has(&it, "nominal bitrate is ", &at) && fc_parse_i64n(at, strcspn(at, " "), 1, 1000000, &v)) {
			fc_set_int(&x->bitrate_mbps, v, s);
		} else if ((line_has(&it, "Cable Length is ", &at) || line_has(&it, "Link length supported for copper is ", &at) ||
			    line_has(&it, "cable length is ", &at)) && sscanf(at, "%lf", &d) == 1) {
			fc_set_dbl(&x->cable_len_m, d, s);
		} else if (strstr(line, "DOM is not supported")) {
			fc_set_bool(&x->dom_supported, false, s);
		} else {
			struct fc_dom_lane tmp;
			struct fc_dom_lane *L;

			memset(&tmp, 0, sizeof(tmp));
			L = lane ? lane : &tmp;
			if (dom_row(line, "Temperature", &L->temp_c, s) || dom_row(line, "Voltage", &L->volt_v, s) ||
			    dom_row(line, "Current", &L->bias_ma, s) || dom_row(line, "Tx Power", &L->tx_dbm, s) ||
			    dom_row(line, "Rx Power", &L->rx_dbm, s)) {
				fc_set_bool(&x->dom_supported, true, s);
				if (!lane) {
					lane = lane_of(m, x, 0);
					if (!lane)
						return FC_ERR_NOMEM;
					*lane = tmp;
				}
			}
		}
	}
	if (!blocks && nxos_has_content(text))
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1,
				  "show interface transceiver details: no 'EthernetN/M' block found");
	return FC_OK;
}
