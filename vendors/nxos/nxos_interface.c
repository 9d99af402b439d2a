/* SPDX-License-Identifier: MIT */
/* NX-OS adapter: show interface, in NX-API JSON and as CLI text: a port's state, speed, MTU, FEC, pause,
 * description, addresses and counters. */
#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/str.h"
#include "vendors/nxos/nxos.h"

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
	if (m->counters_only)   /* an earlier snapshot (--baseline): the counters are what is compared */
		return FC_OK;
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

const char *const nxos_interface_rows[] = { "TABLE_interface", "ROW_interface", NULL };

enum fc_rc nxos_show_interface_row(struct fc_parse_ctx *c, const struct doc *d, const char *key,
				   const struct doc_node *row)
{
	(void)key;
	return one_interface(c, d, row);
}

/* The rows were streamed (nxos_show_interface_row) where ROW_interface is a list; one row alone is
 * an object, read here. */
enum fc_rc nxos_parse_show_interface_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body)
{
	const struct doc_node *const *r = NULL, *one = NULL;
	size_t i, n = nxos_rows(body, "TABLE_interface", "ROW_interface", &r, &one);
	enum fc_rc rc;

	if (c->rows_read)
		return FC_OK;
	if (!n)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, body ? body->line : 1,
				  "show interface: expected TABLE_interface.ROW_interface");
	for (i = 0; i < n; i++)
		if ((rc = one_interface(c, d, r[i])) != FC_OK)
			return rc;
	return FC_OK;
}

#define NXOS_KNOWN(list, s, n) nxos_known_word(list, sizeof(list) / sizeof(list[0]), s, n)

/* Lines of show interface blocks that fabcheck reads and does not model, by their first word
 * (from NX-OS 6.0 to 10.x, N3K to N9K, and Cisco's documentation), in strcmp order. */
static const char *const if_known[] = {
	",", "ARP", "Active", "Admin", "Auto-Negotiation", "Auto-mdix", "Beacon", "Belongs", "Bound", "Configured",
	"Current", "Dedicated", "Delay", "Description:", "EEE", "Encapsulation", "EtherType", "Ha", "Hardware",
	"Hardware:", "IPv6", "Input", "Interface", "Internet", "Keepalive", "L2", "L3", "Last", "Link", "Load-Interval",
	"MTU", "Management", "Members", "No", "Output", "Port", "RX", "Rate", "Receive", "Routing", "Rx", "Secondary",
	"Switchport", "TX", "Transport", "Trunk", "Tunnel", "Tx", "VFC", "Virtual", "admin", "auto-duplex,", "bcast:",
	"full-duplex,", "half-duplex,", "input", "input:", "last", "mcast:", "output", "output:", "reliability", "snmp",
	"ucast:", "vPC",
};

static bool has_digit(const char *s, size_t n)
{
	while (n--)
		if (isdigit((unsigned char)*s++))
			return true;
	return false;
}

/* "Hardware: ..., address: X (bia Y)" or, on SVIs, "Hardware is EtherSVI, address is  X" */
static void hw_address(struct fc_model *m, struct fc_iface *ifc, const char *l, size_t n, struct fc_src s)
{
	const char *a = memmem(l, n, "address: ", 9), *end = l + n;
	size_t k;

	if (a)
		a += 9;
	else if ((a = memmem(l, n, "address is ", 11)))
		a += 11;
	else
		return;
	while (a < end && *a == ' ')
		a++;
	for (k = 0; a + k < end && a[k] != ' ' && a[k] != ','; k++)
		;
	if (k)
		fc_set_str(m, &ifc->mac, fc_model_strn(m, a, k), s);
}

/* "Internet Address is 10.1.1.1/24" and "Secondary address 10.1.2.1/24": the address after at. */
static enum fc_rc address(struct fc_parse_ctx *c, struct fc_iface *ifc, const char *at, const char *end,
			  struct nxos_linebuf *lb, struct fc_src s)
{
	const char *a = nxos_word(lb, at, end, " ,");

	if (!a)
		return FC_ERR_NOMEM;
	return strchr(a, '/') ? fc_strlist_add(c->m, &ifc->addresses, a, s) : FC_OK;
}

/* One line of an interface's block: true when it is one fabcheck reads (the value set). */
static bool if_field(struct fc_parse_ctx *c, struct fc_iface *ifc, const char *l, size_t n, struct fc_src s,
		     struct nxos_linebuf *lb, enum fc_rc *rc)
{
	struct fc_model *m = c->m;
	const char *r, *end = l + n, *w;
	int64_t v;

	if (nxos_starts(l, n, "admin state is ", &r) || nxos_starts(l, n, "Admin State: ", &r)) {
		fc_set_str(m, &ifc->admin_state, !strncmp(r, "up", 2) ? "up" : "down", s);
	} else if (nxos_starts(l, n, "admin fec state is ", &r)) {
		const char *o = memmem(l, n, "oper fec state is ", 18);

		if ((w = nxos_word(lb, r, end, ",")) && nxos_fec_norm(w))
			fc_set_fec(&ifc->fec_config, nxos_fec_norm(w), s);
		if (o && (w = nxos_word(lb, o + 18, end, ", ")) && nxos_fec_norm(w))
			fc_set_fec(&ifc->fec_active, nxos_fec_norm(w), s);
	} else if ((l[0] == 'f' || l[0] == 'h' || l[0] == 'a') && (r = memmem(l, n, "-duplex, ", 9))) {
		/* "full-duplex, 100 Gb/s", "auto-duplex, auto-speed" */
		if ((w = nxos_word(lb, r + 9, end, ",")) && fc_speed_parse(w, &v, NULL))
			fc_set_int(&ifc->speed_mbps, v, s);
	} else if (nxos_starts(l, n, "Auto-Negotiation is turned ", &r)) {
		const char *f = memmem(l, n, "FEC mode is ", 12);

		fc_set_bool(&ifc->autoneg, !strncmp(r, "on", 2), s);
		/* the FEC mode configured (Auto included); the one in use is "oper fec state" */
		if (f && (w = nxos_word(lb, f + 12, end, " \t")) && nxos_fec_norm(w))
			fc_set_fec(&ifc->fec_config, nxos_fec_norm(w), s);
	} else if (nxos_starts(l, n, "MTU ", &r)) {
		if (fc_parse_i64n(r, strcspn(r, " "), 64, 65535, &v))
			fc_set_int(&ifc->mtu, v, s);
	} else if (nxos_starts(l, n, "Hardware", &r)) {
		hw_address(m, ifc, l, n, s);
	} else if (nxos_starts(l, n, "Input flow-control is ", &r)) {
		const char *o = memmem(l, n, "output flow-control is ", 23);

		fc_set_bool(&ifc->pause_rx, !strncmp(r, "on", 2), s);
		if (o)
			fc_set_bool(&ifc->pause_tx, !strncmp(o + 23, "on", 2), s);
	} else if (nxos_starts(l, n, "Description: ", &r) || nxos_starts(l, n, "Port description is ", &r)) {
		/* the rest of this line; some releases glue the next field onto it ("Description: x
		 * MTU 9216 bytes, ...", "Description: x Internet Address is 10.1.1.1/24"), read on its own */
		const char *glued = NULL, *g = r;
		size_t dl;

		while ((g = memmem(g, (size_t)(end - g), " MTU ", 5))) {
			if (isdigit((unsigned char)g[5]) && memmem(g, (size_t)(end - g), " bytes", 6)) {
				glued = g;
				break;
			}
			g += 5;
		}
		if ((g = memmem(r, (size_t)(end - r), " Internet Address is ", 21)) && (!glued || g < glued))
			glued = g;
		dl = (size_t)((glued ? glued : end) - r);
		while (dl && isspace((unsigned char)r[dl - 1]))
			dl--;
		fc_set_str(m, &ifc->description, fc_model_strn(m, r, dl), s);
		if (glued && (g = memmem(glued, (size_t)(end - glued), "MTU ", 4)) &&
		    fc_parse_i64n(g + 4, strcspn(g + 4, " "), 64, 65535, &v))
			fc_set_int(&ifc->mtu, v, s);
		if (glued && (g = memmem(glued, (size_t)(end - glued), "Internet Address is ", 20)))
			*rc = address(c, ifc, g + 20, end, lb, s);
	} else if (nxos_starts(l, n, "Internet Address is ", &r) || nxos_starts(l, n, "Secondary address ", &r)) {
		*rc = address(c, ifc, r, end, lb, s);
	} else {
		return false;
	}
	return true;
}

enum fc_rc nxos_parse_show_interface_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_model *m = c->m;
	struct fc_lines it;
	struct nxos_line l;
	struct nxos_linebuf lb = { NULL, 0 };
	struct fc_iface *ifc = NULL;
	size_t blocks = 0;
	bool skipping = false;   /* in the block of an interface kind fabcheck does not know */
	enum fc_rc rc = FC_OK;

	fc_lines_init(&it, text);
	while (rc == FC_OK && nxos_line_next(&it, &l)) {
		struct fc_src s = fc_src_at(c->file, l.lineno);
		char name[NXOS_IFNAME_MAX];
		size_t wl;
		const char *is;

		if (!l.n)
			continue;
		if (isdigit((unsigned char)l.s[0])) {
			if (!ifc && !skipping)
				rc = nxos_not_understood(c, &l);
			continue;   /* counters: most of the output, not modelled; no header starts with a digit */
		}
		/* "NAME is STATE[,| (reason)]..." opens an interface, at any indentation: the first word
		 * is a name only when " is " follows it (asked first: it is cheap) */
		for (wl = 0; wl < l.n && !isspace((unsigned char)l.s[wl]);)
			wl++;
		is = l.n >= wl + 4 && !memcmp(l.s + wl, " is ", 4) ? l.s + wl : NULL;
		if (is && nxos_first_iface(l.s, l.n, name, sizeof(name), &wl)) {
			const char *st = is + 4, *e = st;

			while (e < l.s + l.n && !isspace((unsigned char)*e) && *e != ',')
				e++;
			if (e == st)
				goto other;
			if (!(ifc = fc_dev_iface(m, c->dev, name)))
				return FC_ERR_NOMEM;
			fc_set_str(m, &ifc->oper_state, fc_model_strn(m, st, (size_t)(e - st)), s);
			/* A shut port says so here: "is down (Administratively down)"; an "admin state is"
			 * line further down, where printed, takes over. */
			fc_set_str(m, &ifc->admin_state, memmem(l.s, l.n, "(Administratively down)", 23) ? "down" : "up", s);
			skipping = false;
			blocks++;
			continue;
		}
		/* "sup-fc0 is up": a header at column 0 for a kind of interface fabcheck does not know.
		 * Said once; its lines are not taken for the interface before it. */
		if (!l.indent && is && has_digit(l.s, wl)) {
			rc = nxos_not_understood(c, &l);
			ifc = NULL;
			skipping = true;
			continue;
		}
other:
		if (!ifc) {
			if (!skipping)
				rc = nxos_not_understood(c, &l);
			continue;
		}
		if (!if_field(c, ifc, l.s, l.n, s, &lb, &rc) && !NXOS_KNOWN(if_known, l.s, l.n))
			rc = nxos_not_understood(c, &l);
	}
	free(lb.b);
	if (rc != FC_OK)
		return rc;
	if (!blocks && nxos_has_content(text))
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1,
				  "show interface: no 'NAME is up|down' block found; not the output of this command?");
	return FC_OK;
}
