/* SPDX-License-Identifier: MIT */
/* NX-OS adapter: The port tables: show interface brief (JSON), status, breakout, capabilities and fec (CLI
 * text), show interface counters detailed (JSON). */
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
		if (!(ifc = nxos_json_iface(c, name, strlen(name))))
			return nxos_json_iface_rc(c);
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

/* The error and reset counters of a ROW_interface (show interface, show interface counters
 * detailed) and where the model keeps them. */
static const struct { const char *key; size_t off; } row_counter_map[] = {
	{ "eth_crc", offsetof(struct fc_swport, cnt_crc) },
	{ "eth_inerr", offsetof(struct fc_swport, cnt_in_errors) },
	{ "eth_giants", offsetof(struct fc_swport, cnt_giants) },
	{ "eth_reset_cntr", offsetof(struct fc_swport, cnt_resets) },
};

/* What an earlier snapshot's read keeps of show interface (fc_reader.counters_keep): of each
 * ROW_interface its name and the counters nxos_row_counters reads; the envelope whole. */
bool nxos_interface_counters_keep(const struct fc_parse_ctx *c, const char *const *keys, unsigned depth)
{
	unsigned i;
	size_t k;

	(void)c;
	for (i = 0; i + 1 < depth; i++)
		if (keys[i] && !strcmp(keys[i], "ROW_interface"))
			break;
	if (i + 1 >= depth || !strcmp(keys[depth - 1], "interface"))
		return true;   /* not inside a row, or the row's name */
	for (k = 0; k < sizeof(row_counter_map) / sizeof(row_counter_map[0]); k++)
		if (!strcmp(keys[depth - 1], row_counter_map[k].key))
			return true;
	return false;
}

/* One ROW_interface's error and reset counters, into the port's switch record. */
enum fc_rc nxos_row_counters(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *row, struct fc_iface *ifc)
{
	struct fc_swport *sp = fc_swport_mut(c->m, ifc);
	enum fc_rc rc;
	size_t k;

	if (!sp)
		return FC_ERR_NOMEM;
	for (k = 0; k < sizeof(row_counter_map) / sizeof(row_counter_map[0]); k++) {
		int64_t n;
		bool have;

		if ((rc = nxos_field_int(c, d, row, row_counter_map[k].key, 0, INT64_MAX, NULL, &n, &have)) != FC_OK)
			return rc;
		if (have)
			fc_set_int((struct fc_int *)(void *)((char *)sp + row_counter_map[k].off), n,
				   fc_src_make(c->m, d->file, doc_key_line(row, row_counter_map[k].key)));
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
		if (!(ifc = nxos_json_iface(c, name, strlen(name))))
			return nxos_json_iface_rc(c);
		if ((rc = nxos_row_counters(c, d, rows[i], ifc)) != FC_OK)
			return rc;
	}
	return FC_OK;
}

enum fc_rc nxos_parse_capabilities_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct nxos_line l;
	struct nxos_linebuf lb = { NULL, 0 };
	struct fc_iface *ifc = NULL;
	struct nxos_port *np;
	size_t blocks = 0;
	enum fc_rc rc = FC_OK;

	fc_lines_init(&it, text);
	while (rc == FC_OK && nxos_line_next(&it, &l)) {
		const char *colon, *val;
		size_t kl, vl;
		struct fc_iface *h;
		struct fc_src s = nxos_at(c, l.lineno);

		if (!l.n)
			continue;
		/* "Ethernet1/1" alone on its line opens a port's capabilities */
		if (!memchr(l.s, ' ', l.n) && nxos_line_str(&lb, l.s, l.n) && (h = nxos_tbl_port(c, lb.b, &rc))) {
			ifc = h;
			blocks++;
			continue;
		}
		if (rc != FC_OK)
			break;
		colon = memchr(l.s, ':', l.n);
		if (!ifc || !colon) {
			rc = nxos_not_understood(c, &l);
			continue;
		}
		/* "Key:   value" */
		kl = (size_t)(colon - l.s);
		while (kl && l.s[kl - 1] == ' ')
			kl--;
		val = colon + 1;
		while (val < l.s + l.n && *val == ' ')
			val++;
		vl = (size_t)(l.s + l.n - val);
		if (!(np = nxos_port(c, ifc))) {
			rc = FC_ERR_NOMEM;
			break;
		}
		if (kl >= 4 && !strncmp(l.s, "Type", 4)) {
			if (!(vl == 2 && !memcmp(val, "--", 2)))
				fc_set_str(c->m, &np->cap_type, fc_model_strn(c->m, val, vl), s);
		} else if (kl == 5 && !strncmp(l.s, "Speed", 5)) {
			const char *p = val, *end = val + vl;

			np->speeds_capable.n = 0;
			np->speeds_capable.m.known = true;
			np->speeds_capable.m.src = s;
			while (p < end && rc == FC_OK) {
				const char *comma = memchr(p, ',', (size_t)(end - p));
				size_t tl = (size_t)((comma ? comma : end) - p);

				if (tl && nxos_line_str(&lb, p, tl))
					rc = fc_strlist_add(c->m, &np->speeds_capable, lb.b, s);
				p = comma ? comma + 1 : end;
			}
		} else if (kl == 11 && !strncmp(l.s, "PFC capable", 11)) {
			fc_set_bool(&np->pfc_capable, vl == 3 && !memcmp(val, "yes", 3), s);
		} else if (kl == 11 && !strncmp(l.s, "FEC capable", 11)) {
			fc_set_str(c->m, &np->fec_capable, fc_model_strn(c->m, val, vl), s);
		}
		/* the other capabilities (Duplex, Trunk encap. type, Channel, ...): read and left */
	}
	free(lb.b);
	if (rc != FC_OK)
		return rc == FC_ERR_NOMEM ? fc_err_set(c->err, rc, c->file, l.lineno, "out of memory") : rc;
	if (!blocks && nxos_has_content(text))
		return nxos_no_rows(c, "show interface capabilities");
	return FC_OK;
}

/* Status words NX-OS prints; long ones are cut to the 9-character column ("notconnec"). */
static bool is_status(const char *w)
{
	static const char *const st[] = { "connected", "notconnect", "disabled", "xcvrAbsent", "sfpAbsent",
					  "noOperMembers", "down", "inactive", "err-disabled", "suspended", "suspnd",
					  "linkFlapErrDisabled", "monitor", "channelDown", "sfpInvalid", "up",
					  "adminDown", "xcvrInvalid", NULL };
	const char *const *p;
	size_t n = strlen(w);

	for (p = st; *p; p++)
		if (!strcmp(w, *p) || (n >= 9 && !strncmp(w, *p, n)))
			return true;
	return false;
}

static bool is_vlan(const char *w)
{
	int64_t v;

	return !strcmp(w, "routed") || !strcmp(w, "trunk") || !strcmp(w, "f-path") || fc_parse_i64(w, 1, 4094, &v);
}

/* Status column values to up/down. */
static const char *status_norm(const char *s)
{
	return !strcmp(s, "connected") || !strcmp(s, "up") ? "up" : "down";
}

/* Words w[from..to) joined by one blank, in the arena. */
static char *join(struct fc_arena *a, char *const *w, size_t from, size_t to)
{
	size_t len = 0, i;
	char *s, *p;

	for (i = from; i < to; i++)
		len += strlen(w[i]) + 1;
	if (!(s = p = fc_alloc(a, len + 1)))
		return NULL;
	for (i = from; i < to; i++)
		p += snprintf(p, len + 1 - (size_t)(p - s), "%s%s", i > from ? " " : "", w[i]);
	return s;
}

/* "Port Name Status Vlan Duplex Speed Type": the free-text Name may run into Status, and tunnel
 * rows carry a reason instead of vlan/duplex/speed, so rows are read by words around the status
 * word rather than by header positions. */
enum fc_rc nxos_parse_status_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct fc_words ws = { 0 };
	bool have = false;
	size_t rows = 0;
	enum fc_rc rc = FC_OK;

	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next_words(&it, &ws, &rc)) {
		char **w, *name = NULL, *type = NULL;
		size_t n, st;
		struct fc_iface *ifc;
		struct fc_src s = nxos_at(c, it.lineno);
		struct nxos_line l = { it.line, it.len, 0, it.lineno };
		bool full;
		int64_t v;

		w = ws.w;
		n = ws.n;
		if (!n || nxos_dashes(w[0]))
			continue;
		if (n >= 7 && !strcmp(w[0], "Port") && !strcmp(w[1], "Name") && !strcmp(w[2], "Status")) {
			have = true;   /* the header, first and where a pager repeats it */
			continue;
		}
		/* a row: PORT, the free-text NAME (may run into the status), STATUS, then VLAN DUPLEX SPEED
		 * TYPE on switch ports, a reason on tunnels; at any indentation */
		for (st = 1; st < n && !is_status(w[st]); st++)
			;
		if (!have || st == n || !(ifc = nxos_tbl_port(c, w[0], &rc))) {
			if (rc == FC_OK)
				rc = nxos_not_understood(c, &l);
			continue;
		}
		rows++;
		full = st + 3 < n && is_vlan(w[st + 1]);
		if ((st > 1 && !(name = join(c->m->arena, w, 1, st))) ||
		    (full && st + 4 < n && !(type = join(c->m->arena, w, st + 4, n)))) {
			rc = FC_ERR_NOMEM;
			break;
		}
		if (name && strcmp(name, "--") && !ifc->description.m.known)
			fc_set_str(c->m, &ifc->description, name, s);
		if (!ifc->oper_state.m.known)
			fc_set_str(c->m, &ifc->oper_state, status_norm(w[st]), s);
		if (!full)
			continue;
		if (!ifc->port_mode.m.known)
			fc_set_port_mode(&ifc->port_mode, !strcmp(w[st + 1], "routed") ? FC_PORT_MODE_ROUTED
							  : !strcmp(w[st + 1], "trunk") ? FC_PORT_MODE_TRUNK : FC_PORT_MODE_ACCESS, s);
		if (!ifc->speed_mbps.m.known && fc_speed_parse(w[st + 3], &v, NULL))
			fc_set_int(&ifc->speed_mbps, v, s);
		if (type && strcmp(type, "--") && !fc_xcvr(ifc)->type.m.known) {
			if (!fc_xcvr_mut(c->m, ifc))
				return FC_ERR_NOMEM;
			fc_set_str(c->m, &ifc->xcvr->type, type, s);
		}
	}
	if ((rc = nxos_tbl_finish(c, &ws, rc, it.lineno)) != FC_OK)
		return rc;
	if (!rows && nxos_has_content(text))
		return nxos_no_rows(c, "show interface status");
	return FC_OK;
}

/* "Eth1/2   50g-2x   Eth1/2/1-2": the parent port, its map and the ports it gives. */
enum fc_rc nxos_parse_breakout_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct fc_words ws = { 0 };
	size_t rows = 0;
	enum fc_rc rc = FC_OK;

	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next_words(&it, &ws, &rc)) {
		struct fc_iface *ifc;
		const char *slash, *map;
		int64_t lo, hi, k;
		char base[NXOS_IFNAME_MAX], nm[NXOS_IFNAME_MAX + 8];

		if (ws.n < 3 || !strchr(ws.w[1], '-') || !(ifc = nxos_tbl_port(c, ws.w[0], &rc)))
			continue;   /* the headers ("Interface  Breakout Map ..."), or not a row */
		map = ws.w[1];
		rows++;
		fc_set_str(c->m, &ifc->sw->breakout, map, nxos_at(c, it.lineno));
		/* Eth1/2/1-4 -> Eth1/2/1 .. Eth1/2/4 */
		slash = strrchr(ws.w[2], '/');
		if (!slash || strlen(ws.w[2]) >= sizeof(base) || !strchr(slash, '-') ||
		    !fc_parse_i64n(slash + 1, strcspn(slash + 1, "-"), 1, 16, &lo) ||
		    !fc_parse_i64(strchr(slash, '-') + 1, lo, 16, &hi)) {
			struct nxos_line l = { it.line, it.len, 0, it.lineno };

			rc = nxos_not_understood(c, &l);
			continue;
		}
		snprintf(base, sizeof(base), "%.*s", (int)(slash - ws.w[2]), ws.w[2]);
		for (k = lo; k <= hi && rc == FC_OK; k++) {
			struct fc_iface *sub;

			snprintf(nm, sizeof(nm), "%s/%lld", base, (long long)k);
			if ((sub = nxos_tbl_port(c, nm, &rc)))
				fc_set_str(c->m, &sub->sw->breakout, map, nxos_at(c, it.lineno));
		}
	}
	if ((rc = nxos_tbl_finish(c, &ws, rc, it.lineno)) != FC_OK)
		return rc;
	if (!rows && nxos_has_content(text) && !strstr(text, "Breakout"))
		return nxos_no_rows(c, "show interface breakout");
	return FC_OK;
}

/* Name Ifindex Admin-fec Oper-fec Status Speed Type */
enum fc_rc nxos_parse_fec_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct fc_words ws = { 0 };
	bool header = false;
	size_t rows = 0;
	enum fc_rc rc = FC_OK;

	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next_words(&it, &ws, &rc)) {
		struct nxos_line l = { it.line, it.len, 0, it.lineno };
		struct fc_iface *ifc;
		char **w;

		w = ws.w;
		if (!ws.n || nxos_dashes(w[0]))
			continue;
		if (ws.n >= 4 && !strcmp(w[0], "Name") && !strcmp(w[2], "Admin-fec")) {
			header = true;
			continue;
		}
		if (!header || ws.n < 4 || !(ifc = nxos_tbl_port(c, w[0], &rc))) {
			if (rc == FC_OK)
				rc = nxos_not_understood(c, &l);
			continue;
		}
		rows++;
		if (nxos_fec_norm(w[2]))
			fc_set_fec(&ifc->fec_config, nxos_fec_norm(w[2]), nxos_at(c, it.lineno));
		if (nxos_fec_norm(w[3]))
			fc_set_fec(&ifc->fec_active, nxos_fec_norm(w[3]), nxos_at(c, it.lineno));
		else
			fc_set_unknown(&ifc->fec_active.m, "show interface fec prints an operational FEC fabcheck does not know");
	}
	if ((rc = nxos_tbl_finish(c, &ws, rc, it.lineno)) != FC_OK)
		return rc;
	if (!rows && nxos_has_content(text))
		return nxos_no_rows(c, "show interface fec");
	return FC_OK;
}
