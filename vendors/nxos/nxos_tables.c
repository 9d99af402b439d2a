/* SPDX-License-Identifier: MIT */
/* NX-OS outputs that are tables or key/value lists, as CLI text: show interface capabilities,
 * status, breakout and fec, show lldp neighbors, show version, and the QoS and ACL views with no
 * public capture (show interface priority-flow-control, show queuing interface, show ip
 * access-lists: formats from Cisco's documentation; fixtures in tests/fixtures/nxos say so).
 * Lines are split into words with no limit on their number or length; a row is recognised by
 * its port (any NX-OS spelling, at any indentation), and a line that is no row, no header and no
 * rule of dashes is recorded as not understood. */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "vendors/nxos/nxos.h"
#include "util/str.h"

static struct fc_src at(struct fc_parse_ctx *c, unsigned line)
{
	return fc_src_at(c->file, line);
}

static enum fc_rc no_rows(struct fc_parse_ctx *c, const char *what)
{
	return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "%s: no rows found; not the output of this command?", what);
}

/* The interface a row names, or NULL: *rc FC_ERR_NOMEM when out of memory, else the word is no
 * interface name (the caller decides whether that is a line not understood). */
static struct fc_iface *port(struct fc_parse_ctx *c, const char *w, enum fc_rc *rc)
{
	char nb[NXOS_IFNAME_MAX];
	struct fc_iface *ifc;

	*rc = FC_OK;
	if (!nxos_ifname_canon(w, strlen(w), nb, sizeof(nb)))
		return NULL;
	/* a switch's port: its switch values are written here (fc_swport_mut), so made with it */
	if (!(ifc = fc_dev_iface(c->m, c->dev, nb)) || !fc_swport_mut(c->m, ifc)) {
		*rc = FC_ERR_NOMEM;
		return NULL;
	}
	return ifc;
}

static enum fc_rc finish(struct fc_parse_ctx *c, struct fc_words *ws, enum fc_rc rc, unsigned lineno)
{
	fc_words_free(ws);
	if (rc == FC_ERR_NOMEM)
		return fc_err_set(c->err, rc, c->file, lineno, "out of memory");
	return rc;
}

/* A rule of dashes or equals signs under or around a table header */
static bool dashes(const char *s)
{
	return (s[0] == '-' && strspn(s, "-") == strlen(s)) || (s[0] == '=' && strspn(s, "=") == strlen(s));
}

/* ---- show interface capabilities ------------------------------------------------------------ */

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
		struct fc_src s = at(c, l.lineno);

		if (!l.n)
			continue;
		/* "Ethernet1/1" alone on its line opens a port's capabilities */
		if (!memchr(l.s, ' ', l.n) && nxos_line_str(&lb, l.s, l.n) && (h = port(c, lb.b, &rc))) {
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
		return no_rows(c, "show interface capabilities");
	return FC_OK;
}

/* ---- show interface status ------------------------------------------------------------------ */

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

/* "100", "1000", "10G", "a-10G", "100G", "auto" */
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
	while (rc == FC_OK && fc_lines_next(&it)) {
		char **w, *name = NULL, *type = NULL;
		size_t n, st;
		struct fc_iface *ifc;
		struct fc_src s = at(c, it.lineno);
		struct nxos_line l = { it.line, it.len, 0, it.lineno };
		bool full;
		int64_t v;

		if (!fc_words_split(&ws, it.line, it.len)) {
			rc = FC_ERR_NOMEM;
			break;
		}
		w = ws.w;
		n = ws.n;
		if (!n || dashes(w[0]))
			continue;
		if (n >= 7 && !strcmp(w[0], "Port") && !strcmp(w[1], "Name") && !strcmp(w[2], "Status")) {
			have = true;   /* the header, first and where a pager repeats it */
			continue;
		}
		/* a row: PORT, the free-text NAME (may run into the status), STATUS, then VLAN DUPLEX SPEED
		 * TYPE on switch ports, a reason on tunnels; at any indentation */
		for (st = 1; st < n && !is_status(w[st]); st++)
			;
		if (!have || st == n || !(ifc = port(c, w[0], &rc))) {
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
		if (type && strcmp(type, "--") && !ifc->xcvr.type.m.known)
			fc_set_str(c->m, &ifc->xcvr.type, type, s);
	}
	if ((rc = finish(c, &ws, rc, it.lineno)) != FC_OK)
		return rc;
	if (!rows && nxos_has_content(text))
		return no_rows(c, "show interface status");
	return FC_OK;
}

/* ---- show interface breakout ---------------------------------------------------------------- */

/* "Eth1/2   50g-2x   Eth1/2/1-2": the parent port, its map and the ports it gives. */
enum fc_rc nxos_parse_breakout_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct fc_words ws = { 0 };
	size_t rows = 0;
	enum fc_rc rc = FC_OK;

	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		struct fc_iface *ifc;
		const char *slash, *map;
		int64_t lo, hi, k;
		char base[NXOS_IFNAME_MAX], nm[NXOS_IFNAME_MAX + 8];

		if (!fc_words_split(&ws, it.line, it.len)) {
			rc = FC_ERR_NOMEM;
			break;
		}
		if (ws.n < 3 || !strchr(ws.w[1], '-') || !(ifc = port(c, ws.w[0], &rc)))
			continue;   /* the headers ("Interface  Breakout Map ..."), or not a row */
		map = ws.w[1];
		rows++;
		fc_set_str(c->m, &ifc->sw->breakout, map, at(c, it.lineno));
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
			if ((sub = port(c, nm, &rc)))
				fc_set_str(c->m, &sub->sw->breakout, map, at(c, it.lineno));
		}
	}
	if ((rc = finish(c, &ws, rc, it.lineno)) != FC_OK)
		return rc;
	if (!rows && nxos_has_content(text) && !strstr(text, "Breakout"))
		return no_rows(c, "show interface breakout");
	return FC_OK;
}

/* ---- show lldp neighbors -------------------------------------------------------------------- */

/* "Device ID  Local Intf  Hold-time  Capability  Port ID": the port id is read from the column
 * the header puts it in (it may hold blanks: "PCI-E Slot 1, Port 2"); a long device id stands
 * alone on its line and the rest of the row follows on the next. */
enum fc_rc nxos_parse_lldp_table_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct fc_words ws = { 0 };
	char *pending = NULL;
	unsigned pending_line = 0;
	size_t port_col = 0;
	bool header = false;
	enum fc_rc rc = FC_OK;

	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		struct nxos_line l = { it.line, it.len, 0, it.lineno };
		struct fc_iface *ifc;
		const char *dev, *pid;
		size_t n, off, pl;
		unsigned dl;

		if (!fc_words_split(&ws, it.line, it.len)) {
			rc = FC_ERR_NOMEM;
			break;
		}
		n = ws.n;
		if (!header) {
			const char *p = memmem(it.line, it.len, "Port ID", 7);

			header = memmem(it.line, it.len, "Local Intf", 10) && p;
			if (header)
				port_col = (size_t)(p - it.line);
			continue;   /* the capability legend before it */
		}
		if (!n)
			continue;
		if (n >= 3 && !strcmp(ws.w[0], "Total"))
			break;
		if (n == 1 && !isspace((unsigned char)it.line[0])) {
			free(pending);
			if (!(pending = strdup(ws.w[0]))) {
				rc = FC_ERR_NOMEM;
				break;
			}
			pending_line = it.lineno;
			continue;
		}
		off = pending ? 0 : 1;   /* where Local Intf is among the words */
		if (n < off + 3 || !(ifc = port(c, ws.w[off], &rc))) {
			if (rc == FC_OK)
				rc = nxos_not_understood(c, &l);
			continue;
		}
		dev = pending ? pending : ws.w[0];
		dl = pending ? pending_line : it.lineno;
		/* the port id: from its column to the end of the line */
		pid = it.len > port_col ? it.line + port_col : "";
		pl = it.len > port_col ? it.len - port_col : 0;
		while (pl && isspace((unsigned char)*pid))
			pid++, pl--;
		while (pl && isspace((unsigned char)pid[pl - 1]))
			pl--;
		if (!pl || pid < it.line + (ws.w[off] - ws.buf)) {   /* a row narrower than the header */
			pid = ws.w[n - 1];
			pl = strlen(pid);
		}
		fc_set_str(c->m, &ifc->lldp_sysname, dev, at(c, dl));
		fc_set_str(c->m, &ifc->lldp_port, fc_model_strn(c->m, pid, pl), at(c, it.lineno));
		free(pending);
		pending = NULL;
	}
	free(pending);
	if ((rc = finish(c, &ws, rc, it.lineno)) != FC_OK)
		return rc;
	if (!header && nxos_has_content(text))
		return no_rows(c, "show lldp neighbors");
	return FC_OK;
}

/* ---- show version --------------------------------------------------------------------------- */

enum fc_rc nxos_parse_version_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct nxos_line l;
	bool seen = false;

	fc_lines_init(&it, text);
	while (nxos_line_next(&it, &l)) {
		const char *v, *e = l.s + l.n;

		/* "NXOS: version 9.3(5)", "system:    version 7.0(3)I7(2)": the word after "version" */
		if ((l.n > 5 && (!strncmp(l.s, "NXOS:", 5) || !strncmp(l.s, "system:", 7))) &&
		    (v = memmem(l.s, l.n, "version ", 8))) {
			v += 8;
			while (v < e && *v == ' ')
				v++;
			fc_set_str(c->m, &c->dev->os_version, fc_model_strn(c->m, v, strcspn(v, " \n") < (size_t)(e - v)
									    ? strcspn(v, " \n") : (size_t)(e - v)),
				   at(c, l.lineno));
			seen = true;
		} else if (l.n > 6 && !strncmp(l.s, "cisco ", 6) && memmem(l.s, l.n, "Chassis", 7)) {
			fc_set_str(c->m, &c->dev->hw_model, fc_model_strn(c->m, l.s + 6, l.n - 6), at(c, l.lineno));
		} else if (l.n > 13 && !strncmp(l.s, "Device name: ", 13)) {
			fc_set_str(c->m, &c->dev->hostname, fc_model_strn(c->m, l.s + 13, l.n - 13), at(c, l.lineno));
		}
		/* the rest of show version (uptime, memory, plugins, ...) is not modelled */
	}
	if (!seen && nxos_has_content(text))
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "show version: no 'NXOS: version' line found");
	return FC_OK;
}

/* ---- commands without public captures (formats from Cisco's documentation) -------------------- */

/* Name Ifindex Admin-fec Oper-fec Status Speed Type */
enum fc_rc nxos_parse_fec_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct fc_words ws = { 0 };
	bool header = false;
	size_t rows = 0;
	enum fc_rc rc = FC_OK;

	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		struct nxos_line l = { it.line, it.len, 0, it.lineno };
		struct fc_iface *ifc;
		char **w;

		if (!fc_words_split(&ws, it.line, it.len)) {
			rc = FC_ERR_NOMEM;
			break;
		}
		w = ws.w;
		if (!ws.n || dashes(w[0]))
			continue;
		if (ws.n >= 4 && !strcmp(w[0], "Name") && !strcmp(w[2], "Admin-fec")) {
			header = true;
			continue;
		}
		if (!header || ws.n < 4 || !(ifc = port(c, w[0], &rc))) {
			if (rc == FC_OK)
				rc = nxos_not_understood(c, &l);
			continue;
		}
		rows++;
		if (nxos_fec_norm(w[2]))
			fc_set_fec(&ifc->fec_config, nxos_fec_norm(w[2]), at(c, it.lineno));
		if (nxos_fec_norm(w[3]))
			fc_set_fec(&ifc->fec_active, nxos_fec_norm(w[3]), at(c, it.lineno));
		else
			fc_set_unknown(&ifc->fec_active.m, "show interface fec prints an operational FEC fabcheck does not know");
	}
	if ((rc = finish(c, &ws, rc, it.lineno)) != FC_OK)
		return rc;
	if (!rows && nxos_has_content(text))
		return no_rows(c, "show interface fec");
	return FC_OK;
}

/* "(18)": the VL bitmap in hex, priorities 3 and 4 */
static bool hex_bmap(const char *w, int64_t *out)
{
	char *end;
	long v;

	if (w[0] != '(' || !isxdigit((unsigned char)w[1]))
		return false;
	v = strtol(w + 1, &end, 16);
	if (strcmp(end, ")") || v < 0 || v > 0xff)
		return false;
	*out = v;
	return true;
}

/* Port  Mode  Oper(VL bmap)  RxPPP  TxPPP;  "Ethernet1/1  On  On (8)  0  0" */
enum fc_rc nxos_parse_pfc_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct fc_words ws = { 0 };
	size_t rows = 0;
	enum fc_rc rc = FC_OK;

	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		struct nxos_line l = { it.line, it.len, 0, it.lineno };
		struct fc_iface *ifc;
		struct nxos_port *np;
		struct fc_src s = at(c, it.lineno);
		int64_t rx, tx, bmap = 0;
		size_t n, oper_words;
		char **w;

		if (!fc_words_split(&ws, it.line, it.len)) {
			rc = FC_ERR_NOMEM;
			break;
		}
		w = ws.w;
		n = ws.n;
		if (!n || dashes(w[0]) || !strcmp(w[0], "Port") || !strcmp(w[0], "Global") || !strcmp(w[0], "slot"))
			continue;   /* blank, rules, the header, "Global PFC ...", "slot  1" */
		/* port, mode, oper ("Off", or "On (8)"), RxPPP, TxPPP */
		oper_words = n == 6 && w[3][0] == '(' ? 2 : 1;
		if (n != 4 + oper_words || !fc_parse_i64(w[n - 2], 0, INT64_MAX, &rx) ||
		    !fc_parse_i64(w[n - 1], 0, INT64_MAX, &tx) ||
		    (oper_words == 2 && !hex_bmap(w[3], &bmap)) ||
		    !(ifc = port(c, w[0], &rc))) {
			if (rc == FC_OK)
				rc = nxos_not_understood(c, &l);
			continue;
		}
		rows++;
		if (!ifc->pfc_mode.m.known) {
			const char *mode = !strcasecmp(w[1], "on") ? "on" : !strcasecmp(w[1], "off") ? "off"
					   : !strcasecmp(w[1], "auto") ? "auto" : NULL;

			if (mode)
				fc_set_str(c->m, &ifc->pfc_mode, mode, s);
		}
		if (!(np = nxos_port(c, ifc))) {
			rc = FC_ERR_NOMEM;
			break;
		}
		fc_set_int(&np->pfc_oper_prios, !strcasecmp(w[2], "On") ? bmap & 0xff : 0, s);
		fc_set_int(&ifc->sw->cnt_rx_ppp, rx, s);
		fc_set_int(&ifc->sw->cnt_tx_ppp, tx, s);
	}
	if ((rc = finish(c, &ws, rc, it.lineno)) != FC_OK)
		return rc;
	if (!rows && nxos_has_content(text))
		return no_rows(c, "show interface priority-flow-control");
	return FC_OK;
}

/* The ingress pause table of "show queuing interface" (Nexus 9000 cloud-scale):
 *   Ingress Queuing for Ethernet1/1
 *   -----------------------------------------------------
 *   QoS-Group#                 Pause
 *              Buff Size       Pause Th      Resume Th
 *   -----------------------------------------------------
 *         7              -            -            -
 *         3       103360            43680      24320
 *   Per Port Ingress Statistics
 * gives the operational per-priority-group buffer, which wins over the configuration; a group
 * shown with "-" has no pause buffer in the hardware (a buffer of 0 bytes, whatever the
 * configuration says). A line of the table that is neither its rules, its header nor such a row
 * is listed as not understood. The statistics after it and the egress tables are read and left. */
/* The words of the table's two header lines. */
static bool queuing_header(char **w, size_t n)
{
	static const char *const words[] = { "QoS-Group#", "Pause", "Buff", "Size", "Th", "Resume" };
	size_t i, k;

	for (i = 0; i < n; i++) {
		for (k = 0; k < sizeof(words) / sizeof(words[0]) && strcmp(w[i], words[k]); k++)
			;
		if (k == sizeof(words) / sizeof(words[0]))
			return false;
	}
	return n > 0;
}

enum fc_rc nxos_parse_queuing_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct fc_words ws = { 0 };
	struct fc_iface *ifc = NULL;
	bool table = false;   /* in an ingress pause table (not the statistics after it) */
	size_t sections = 0;
	enum fc_rc rc = FC_OK;

	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		struct nxos_line l = { it.line, it.len, 0, it.lineno };
		int64_t g, size, xoff, xon;
		char **w;

		if (!fc_words_split(&ws, it.line, it.len)) {
			rc = FC_ERR_NOMEM;
			break;
		}
		w = ws.w;
		if (ws.n >= 4 && (!strcmp(w[0], "Ingress") || !strcmp(w[0], "Egress")) && !strcmp(w[1], "Queuing") &&
		    !strcmp(w[2], "for")) {
			table = !strcmp(w[0], "Ingress");
			if (!(ifc = port(c, w[3], &rc)) && rc == FC_OK)
				rc = nxos_not_understood(c, &l);
			sections++;
			continue;
		}
		if (!table || !ifc || !ws.n || (ws.n == 1 && dashes(w[0])) || queuing_header(w, ws.n))
			continue;
		if (memmem(it.line, it.len, "Statistics", 10)) {
			table = false;   /* "Per Port Ingress Statistics", "PFC Statistics": not modelled */
			continue;
		}
		if (ws.n == 4 && fc_parse_i64(w[0], 0, 7, &g) && !strcmp(w[1], "-") && !strcmp(w[2], "-") && !strcmp(w[3], "-")) {
			/* no pause buffer for the group in the hardware */
			if (!fc_iface_pg_set(c->m, ifc, (int)g, FC_PG_SIZE, 0, 0, 0, at(c, it.lineno)))
				rc = FC_ERR_NOMEM;
			continue;
		}
		if (ws.n != 4 || !fc_parse_i64(w[0], 0, 7, &g) || !fc_parse_i64(w[1], 0, INT64_C(1) << 32, &size) ||
		    !fc_parse_i64(w[2], 0, INT64_C(1) << 32, &xoff) || !fc_parse_i64(w[3], 0, INT64_C(1) << 32, &xon)) {
			rc = nxos_not_understood(c, &l);
			continue;
		}
		/* qos-group g carries the no-drop CoS g (Cisco pairs them) */
		if (!fc_iface_pg_set(c->m, ifc, (int)g, FC_PG_SIZE | FC_PG_XOFF | FC_PG_XON, size, xoff, xon,
				     at(c, it.lineno)))
			rc = FC_ERR_NOMEM;
	}
	if ((rc = finish(c, &ws, rc, it.lineno)) != FC_OK)
		return rc;
	if (!sections && nxos_has_content(text))
		return no_rows(c, "show queuing interface");
	return FC_OK;
}

/* "IP access list NAME" then its entries, with [match=N] hit counts. The running-config has the
 * entries where it was collected too; an ACL only here is taken from here. "IPv6 access list" and
 * "MAC access list" open lists fabcheck does not model: their entries are never taken for the
 * IPv4 list before them. */
enum fc_rc nxos_parse_acl_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct nxos_line l;
	struct nxos_linebuf lb = { NULL, 0 };
	struct fc_acl *acl = NULL;
	size_t lists = 0;
	bool other = false;   /* in a list of another family */
	enum fc_rc rc = FC_OK;

	fc_lines_init(&it, text);
	while (rc == FC_OK && nxos_line_next(&it, &l)) {
		const char *name;
		bool created;

		if (!l.n)
			continue;
		if (l.n > 15 && !strncmp(l.s, "IP access list ", 15)) {
			if (!(name = nxos_line_str(&lb, l.s + 15, l.n - 15)) ||
			    !(acl = fc_dev_acl(c->m, c->dev, name, at(c, l.lineno), &created))) {
				rc = FC_ERR_NOMEM;
				break;
			}
			if (!created)
				acl = NULL;   /* the running-config has it: its entries come from there */
			other = false;
			lists++;
			continue;
		}
		if (memmem(l.s, l.n, "access list ", 12) && !l.indent) {
			acl = NULL;   /* IPv6, MAC, ARP lists */
			other = true;
			lists++;
			continue;
		}
		if (other || (!acl && lists))
			continue;
		if (!acl) {
			rc = nxos_not_understood(c, &l);
			continue;
		}
		rc = nxos_acl_entry(c, acl, l.s, l.n, l.lineno);
	}
	free(lb.b);
	if (rc != FC_OK)
		return rc == FC_ERR_NOMEM ? fc_err_set(c->err, rc, c->file, l.lineno, "out of memory") : rc;
	if (!lists && nxos_has_content(text))
		return no_rows(c, "show ip access-lists");
	return FC_OK;
}
