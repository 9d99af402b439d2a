/* SPDX-License-Identifier: MIT */
/* NX-OS show commands beyond the core set: interface capabilities, status and breakout tables,
 * LLDP (JSON and the summary table), version (text), inventory, transceiver and counters (JSON),
 * and the QoS views with no public capture: show interface fec, show interface
 * priority-flow-control, show queuing interface, show ip access-lists (formats from Cisco's
 * documentation; fixtures in tests/fixtures/nxos say so). */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nxos/nxos.h"
#include "util/str.h"

#define MAXW 64

static struct fc_iface *iface(struct fc_parse_ctx *c, const char *name, size_t len)
{
	char nb[160];

	return fc_dev_iface(c->m, c->dev, nxos_ifname(name, len, nb, sizeof(nb)));
}

static struct fc_src at(struct fc_parse_ctx *c, unsigned line)
{
	return fc_src_make(c->m, c->file, line);
}

static enum fc_rc no_rows(struct fc_parse_ctx *c, const char *what)
{
	return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "%s: no rows found; not the output of this command?", what);
}

/* Status column values to up/down. */
static const char *status_norm(const char *s)
{
	if (!strcmp(s, "connected") || !strcmp(s, "up"))
		return "up";
	return "down";
}

/* "100", "1000", "10G", "a-10G", "100G", "auto" */
static bool status_speed(const char *s, int64_t *mbps)
{
	int64_t v;
	size_t n;

	if (!strncmp(s, "a-", 2))
		s += 2;
	n = strlen(s);
	if (n > 1 && (s[n - 1] == 'G' || s[n - 1] == 'g') && fc_parse_i64n(s, n - 1, 1, 1600, &v)) {
		*mbps = v * 1000;
		return true;
	}
	return fc_parse_i64(s, 1, 1600000, mbps);
}

/* ---- show interface capabilities (text) -------------------------------------------------- */

enum fc_rc nxos_parse_capabilities_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct fc_iface *ifc = NULL;
	size_t blocks = 0;
	char line[1024], key[128], val[512];

	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		snprintf(line, sizeof(line), "%.*s", (int)it.len, it.line);
		if (it.len && !isspace((unsigned char)line[0])) {
			if (strchr(line, ':'))
				continue;
			ifc = iface(c, line, strlen(line));
			if (!ifc)
				return FC_ERR_NOMEM;
			blocks++;
			continue;
		}
		if (!ifc || sscanf(line, " %127[^:]: %511[^\n]", key, val) != 2)
			continue;
		while (strlen(val) && isspace((unsigned char)val[strlen(val) - 1]))
			val[strlen(val) - 1] = '\0';
		if (!strncmp(key, "Type", 4)) {
			if (strcmp(val, "--"))
				fc_set_str(c->m, &ifc->cap_type, val, at(c, it.lineno));
		} else if (!strcmp(key, "Speed")) {
			char *save = NULL, *tok;

			ifc->speeds_capable.n = 0;
			for (tok = strtok_r(val, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
				fc_strlist_add(c->m, &ifc->speeds_capable, tok, at(c, it.lineno));
		} else if (!strcmp(key, "PFC capable")) {
			fc_set_bool(&ifc->pfc_capable, !strcmp(val, "yes"), at(c, it.lineno));
		} else if (!strcmp(key, "FEC capable")) {
			fc_set_str(c->m, &ifc->fec_capable, val, at(c, it.lineno));
		}
	}
	if (!blocks && nxos_has_content(text))
		return no_rows(c, "show interface capabilities");
	return FC_OK;
}

/* ---- tables with a header row ---------------------------------------------------------------- */

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
	bool have = false;
	size_t rows = 0;
	enum fc_rc rc = FC_OK;
	char *buf = NULL;
	size_t bufsz = 0;

	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		char *w[MAXW], *name = NULL, *type = NULL, nb[160];
		size_t n, st;
		struct fc_iface *ifc;
		struct fc_src s = at(c, it.lineno);
		struct nxos_line l = { it.line, it.len, 0, it.lineno };
		bool full;
		int64_t v;

		if (it.len + 1 > bufsz) {
			char *nbuf = realloc(buf, bufsz = it.len + 1);

			if (!nbuf) {
				rc = FC_ERR_NOMEM;
				break;
			}
			buf = nbuf;
		}
		n = fc_split_words(it.line, it.len, buf, bufsz, w, MAXW);
		if (!n || w[0][0] == '-')
			continue;
		if (!have) {
			have = n >= 7 && !strcmp(w[0], "Port") && !strcmp(w[1], "Name") && !strcmp(w[2], "Status");
			if (!have)
				rc = nxos_not_understood(c, &l);
			continue;
		}
		/* a row: PORT, the free-text NAME (may run into the status), STATUS, then VLAN DUPLEX SPEED
		 * TYPE on switch ports, a reason on tunnels; at any indentation */
		for (st = 1; st < n && !is_status(w[st]); st++)
			;
		if (st == n || !nxos_ifname_canon(w[0], strlen(w[0]), nb, sizeof(nb))) {
			if (!(n >= 3 && !strcmp(w[0], "Port") && !strcmp(w[1], "Name")))   /* a repeated header */
				rc = nxos_not_understood(c, &l);
			continue;
		}
		if (!(ifc = fc_dev_iface(c->m, c->dev, nb))) {
			rc = FC_ERR_NOMEM;
			break;
		}
		rows++;
		/* the words of the name and of the type, joined by one blank */
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
			fc_set_str(c->m, &ifc->port_mode, !strcmp(w[st + 1], "routed") ? "routed"
							   : !strcmp(w[st + 1], "trunk") ? "trunk" : "access", s);
		if (!ifc->speed_mbps.m.known && status_speed(w[st + 3], &v))
			fc_set_int(&ifc->speed_mbps, v, s);
		if (type && strcmp(type, "--") && !ifc->xcvr.type.m.known)
			fc_set_str(c->m, &ifc->xcvr.type, type, s);
	}
	free(buf);
	if (rc != FC_OK)
		return rc == FC_ERR_NOMEM ? fc_err_set(c->err, rc, c->file, it.lineno, "out of memory") : rc;
	if (!rows && nxos_has_content(text))
		return no_rows(c, "show interface status");
	return FC_OK;
}

enum fc_rc nxos_parse_breakout_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	size_t rows = 0;

	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		char parent[64], map[32], ports[96], base[96], *slash, line[512];
		int lo, hi, k;
		struct fc_iface *ifc;

		/* sscanf only on a copy of the line: on the whole output it would measure all of it */
		snprintf(line, sizeof(line), "%.*s", (int)it.len, it.line);
		if (sscanf(line, "%63s %31s %95s", parent, map, ports) != 3 || strncmp(parent, "Eth", 3) ||
		    !strchr(map, '-'))
			continue;
		rows++;
		if (!(ifc = iface(c, parent, strlen(parent))))
			return FC_ERR_NOMEM;
		fc_set_str(c->m, &ifc->breakout, map, at(c, it.lineno));
		/* Eth1/2/1-4 -> Eth1/2/1 .. Eth1/2/4 */
		slash = strrchr(ports, '/');
		if (!slash || sscanf(slash + 1, "%d-%d", &lo, &hi) != 2 || lo < 1 || hi < lo || hi > 16)
			continue;
		snprintf(base, sizeof(base), "%.*s", (int)(slash - ports), ports);
		for (k = lo; k <= hi; k++) {
			char nm[128];
			struct fc_iface *sub;

			snprintf(nm, sizeof(nm), "%s/%d", base, k);
			if (!(sub = iface(c, nm, strlen(nm))))
				return FC_ERR_NOMEM;
			fc_set_str(c->m, &sub->breakout, map, at(c, it.lineno));
		}
	}
	if (!rows && nxos_has_content(text) && !strstr(text, "Breakout"))
		return no_rows(c, "show interface breakout");
	return FC_OK;
}

/* "show lldp neighbors": Device ID, Local Intf, Hold-time, Capability, Port ID. A long device id
 * stands alone on its line and the rest of the row follows on the next. */
enum fc_rc nxos_parse_lldp_table_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	char pending[256] = "";
	unsigned pending_line = 0;
	bool header = false;

	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		char buf[1024], *w[9];   /* one spare: a pending device id is shifted in front */
		size_t n = fc_split_words(it.line, it.len, buf, sizeof(buf), w, 8);
		struct fc_iface *ifc;
		const char *dev;
		unsigned dl;

		if (!header) {
			header = memmem(it.line, it.len, "Local Intf", 10) != NULL;
			continue;
		}
		if (n == 1 && !isspace((unsigned char)it.line[0])) {
			snprintf(pending, sizeof(pending), "%s", w[0]);
			pending_line = it.lineno;
			continue;
		}
		if (n >= 3 && !strcmp(w[0], "Total"))
			break;
		if (pending[0] && n >= 4) {
			dev = pending;
			dl = pending_line;
			memmove(w + 1, w, n * sizeof(*w));
			n++;
		} else if (n >= 5) {
			dev = w[0];
			dl = it.lineno;
		} else {
			continue;
		}
		if (!(ifc = iface(c, w[1], strlen(w[1]))))
			return FC_ERR_NOMEM;
		fc_set_str(c->m, &ifc->lldp_sysname, dev, at(c, dl));
		{
			char nb[128];

			fc_set_str(c->m, &ifc->lldp_port, nxos_ifname(w[n - 1], strlen(w[n - 1]), nb, sizeof(nb)),
				   at(c, it.lineno));
		}
		pending[0] = '\0';
	}
	if (!header && nxos_has_content(text))
		return no_rows(c, "show lldp neighbors");
	return FC_OK;
}

enum fc_rc nxos_parse_version_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	bool seen = false;

	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		char line[512], v[256];

		snprintf(line, sizeof(line), "%.*s", (int)it.len, it.line);
		if (sscanf(line, " NXOS: version %255s", v) == 1 || sscanf(line, " system: version %255s", v) == 1 ||
		    sscanf(line, " system:    version %255s", v) == 1) {
			fc_set_str(c->m, &c->dev->os_version, v, at(c, it.lineno));
			seen = true;
		} else if (sscanf(line, " cisco %255[^\n]", v) == 1 && strstr(v, "Chassis")) {
			fc_set_str(c->m, &c->dev->hw_model, v, at(c, it.lineno));
		} else if (sscanf(line, " Device name: %255s", v) == 1) {
			fc_set_str(c->m, &c->dev->hostname, v, at(c, it.lineno));
		}
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
	bool header = false;
	size_t rows = 0;

	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		char buf[1024], *w[MAXW];
		size_t n = fc_split_words(it.line, it.len, buf, sizeof(buf), w, MAXW);
		struct fc_iface *ifc;

		if (!header) {
			header = n >= 4 && !strcmp(w[0], "Name") && !strcmp(w[2], "Admin-fec");
			continue;
		}
		if (n < 4 || w[0][0] == '-')
			continue;
		if (!(ifc = iface(c, w[0], strlen(w[0]))))
			return FC_ERR_NOMEM;
		rows++;
		if (nxos_fec_norm(w[2]))
			fc_set_str(c->m, &ifc->fec_config, nxos_fec_norm(w[2]), at(c, it.lineno));
		if (nxos_fec_norm(w[3]))
			fc_set_str(c->m, &ifc->fec_active, nxos_fec_norm(w[3]), at(c, it.lineno));
		else
			fc_set_unknown(&ifc->fec_active.m, "show interface fec prints an operational FEC fabcheck does not know");
	}
	if (!rows && nxos_has_content(text))
		return no_rows(c, "show interface fec");
	return FC_OK;
}

/* Port  Mode  Oper(VL bmap)  RxPPP  TxPPP;  "Ethernet1/1  On  On (8)  0  0" */
enum fc_rc nxos_parse_pfc_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	size_t rows = 0;

	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		char buf[1024], *w[MAXW], mode[8];
		size_t n = fc_split_words(it.line, it.len, buf, sizeof(buf), w, MAXW), k;
		struct fc_iface *ifc;
		struct fc_src s = at(c, it.lineno);
		int64_t rx, tx, bmap = 0;
		size_t oper_words;

		if (n < 5 || strncmp(w[0], "Eth", 3))
			continue;
		/* port, mode, oper ("Off", or "On (8)"), RxPPP, TxPPP */
		oper_words = n == 6 && w[3][0] == '(' ? 2 : 1;
		if (n != 4 + oper_words)
			continue;
		if (!fc_parse_i64(w[n - 2], 0, INT64_MAX, &rx) || !fc_parse_i64(w[n - 1], 0, INT64_MAX, &tx))
			continue;
		if (!(ifc = iface(c, w[0], strlen(w[0]))))
			return FC_ERR_NOMEM;
		rows++;
		for (k = 0; w[1][k] && k < sizeof(mode) - 1; k++)
			mode[k] = (char)tolower((unsigned char)w[1][k]);
		mode[k] = '\0';
		if (!ifc->pfc_mode.m.known && (!strcmp(mode, "on") || !strcmp(mode, "off") || !strcmp(mode, "auto")))
			fc_set_str(c->m, &ifc->pfc_mode, mode, s);
		if (oper_words == 2) {
			char hex[16];

			snprintf(hex, sizeof(hex), "%.*s", (int)strcspn(w[3] + 1, ")"), w[3] + 1);
			bmap = strtol(hex, NULL, 16);
		}
		fc_set_int(&ifc->pfc_oper_prios, !strcasecmp(w[2], "On") ? bmap & 0xff : 0, s);
		fc_set_int(&ifc->cnt_rx_ppp, rx, s);
		fc_set_int(&ifc->cnt_tx_ppp, tx, s);
	}
	if (!rows && nxos_has_content(text))
		return no_rows(c, "show interface priority-flow-control");
	return FC_OK;
}

/* The ingress pause table of "show queuing interface" (Nexus 9000 cloud-scale):
 *   Ingress Queuing for Ethernet1/1
 *   QoS-Group#   Pause Buff Size   Pause Th   Resume Th
 *        3       103360            43680      24320
 * gives the operational per-priority-group buffer, which wins over the configuration. */
enum fc_rc nxos_parse_queuing_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct fc_iface *ifc = NULL;
	bool ingress = false;
	size_t sections = 0;

	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		char buf[1024], *w[MAXW];
		size_t n = fc_split_words(it.line, it.len, buf, sizeof(buf), w, MAXW);
		int64_t g, size, xoff, xon;

		if (n >= 4 && (!strcmp(w[0], "Ingress") || !strcmp(w[0], "Egress")) && !strcmp(w[1], "Queuing") &&
		    !strcmp(w[2], "for")) {
			ingress = !strcmp(w[0], "Ingress");
			if (!(ifc = iface(c, w[3], strlen(w[3]))))
				return FC_ERR_NOMEM;
			sections++;
			continue;
		}
		if (!ifc || !ingress || n != 4 || !fc_parse_i64(w[0], 0, 7, &g) ||
		    !fc_parse_i64(w[1], 0, INT64_C(1) << 32, &size) || !fc_parse_i64(w[2], 0, INT64_C(1) << 32, &xoff) ||
		    !fc_parse_i64(w[3], 0, INT64_C(1) << 32, &xon))
			continue;
		/* qos-group g carries the no-drop CoS g (Cisco pairs them) */
		fc_set_int(&ifc->pg[g].size, size, at(c, it.lineno));
		fc_set_int(&ifc->pg[g].xoff, xoff, at(c, it.lineno));
		fc_set_int(&ifc->pg[g].xon, xon, at(c, it.lineno));
	}
	if (!sections && nxos_has_content(text))
		return no_rows(c, "show queuing interface");
	return FC_OK;
}

/* "IP access list NAME" then entries, with [match=N] hit counts. */
enum fc_rc nxos_parse_acl_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct fc_acl *acl = NULL;
	struct fc_device *d = c->dev;
	size_t lists = 0;
	enum fc_rc rc;

	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		char name[256], line[512];

		snprintf(line, sizeof(line), "%.*s", (int)it.len, it.line);
		if (sscanf(line, "IP access list %255s", name) == 1) {
			size_t i;

			acl = NULL;
			for (i = 0; i < d->nacls; i++)
				if (!strcmp(d->acls[i].name, name))
					acl = &d->acls[i];   /* the running-config already has it */
			if (!acl) {
				d->acls = fc_grow(c->m->arena, d->acls, d->nacls, &d->acls_cap, sizeof(*d->acls));
				if (!d->acls)
					return FC_ERR_NOMEM;
				acl = &d->acls[d->nacls++];
				memset(acl, 0, sizeof(*acl));
				acl->name = fc_model_str(c->m, name);
				acl->src = at(c, it.lineno);
				lists++;
				continue;
			}
			acl = NULL;  /* entries come from the configuration; counts are not modelled yet */
			lists++;
			continue;
		}
		if (!acl || !it.len || !isspace((unsigned char)it.line[0]))
			continue;
		if ((rc = nxos_acl_entry(c, acl, it.line, it.len, it.lineno)) != FC_OK)
			return rc;
	}
	if (!lists && nxos_has_content(text))
		return no_rows(c, "show ip access-lists");
	return FC_OK;
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
		const char *name, *state = NULL, *speed = NULL, *mode = NULL;
		struct fc_iface *ifc;
		int64_t v;

		if ((rc = doc_req_str(d, rows[i], "interface", &name, c->err)) != FC_OK ||
		    (rc = nxos_field(c, d, rows[i], "state", &state)) != FC_OK ||
		    (rc = nxos_field(c, d, rows[i], "speed", &speed)) != FC_OK ||
		    (rc = nxos_field(c, d, rows[i], "portmode", &mode)) != FC_OK)
			return rc;
		if (!(ifc = iface(c, name, strlen(name))))
			return FC_ERR_NOMEM;
		if (state && !ifc->oper_state.m.known)
			fc_set_str(c->m, &ifc->oper_state, state, fc_src_make(c->m, d->file, doc_key_line(rows[i], "state")));
		if (speed && !ifc->speed_mbps.m.known && fc_parse_i64(speed, 1, 1600000, &v))
			fc_set_int(&ifc->speed_mbps, v, fc_src_make(c->m, d->file, doc_key_line(rows[i], "speed")));
		if (mode && !ifc->port_mode.m.known)
			fc_set_str(c->m, &ifc->port_mode, mode, fc_src_make(c->m, d->file, doc_key_line(rows[i], "portmode")));
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
		char nb[128];

		if ((rc = doc_req_str(d, rows[i], "l_port_id", &local, c->err)) != FC_OK ||
		    (rc = nxos_field(c, d, rows[i], "port_id", &port)) != FC_OK ||
		    (rc = nxos_field(c, d, rows[i], syskey, &sys)) != FC_OK)
			return rc;
		if (!(ifc = iface(c, local, strlen(local))))
			return FC_ERR_NOMEM;
		if (sys)
			fc_set_str(c->m, &ifc->lldp_sysname, sys, fc_src_make(c->m, d->file, doc_key_line(rows[i], syskey)));
		if (port)
			fc_set_str(c->m, &ifc->lldp_port, nxos_ifname(port, strlen(port), nb, sizeof(nb)),
				   fc_src_make(c->m, d->file, doc_key_line(rows[i], "port_id")));
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

static void lane_val(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *row, const char *key,
		     struct fc_dom_val *dv)
{
	const char *v = NULL, *ha = NULL, *la = NULL, *hw = NULL, *lw = NULL;
	char k[64];
	double x;

	if (nxos_field(c, d, row, key, &v) != FC_OK || !v || !fc_parse_double(v, &x))
		return;
	dv->v = x;
	dv->m.known = true;
	dv->m.src = fc_src_make(c->m, d->file, doc_key_line(row, key));
	snprintf(k, sizeof(k), "%s_alrm_hi", key);
	nxos_field(c, d, row, k, &ha);
	snprintf(k, sizeof(k), "%s_alrm_lo", key);
	nxos_field(c, d, row, k, &la);
	snprintf(k, sizeof(k), "%s_warn_hi", key);
	nxos_field(c, d, row, k, &hw);
	snprintf(k, sizeof(k), "%s_warn_lo", key);
	nxos_field(c, d, row, k, &lw);
	if (ha && la && hw && lw && fc_parse_double(ha, &dv->hi_alarm) && fc_parse_double(la, &dv->lo_alarm) &&
	    fc_parse_double(hw, &dv->hi_warn) && fc_parse_double(lw, &dv->lo_warn))
		dv->thresholds = true;
}

enum fc_rc nxos_parse_transceiver_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body)
{
	ROWS(body, "TABLE_interface", "ROW_interface");
	enum fc_rc rc;

	if (!nrows)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, body->line, "show interface transceiver: no ROW_interface");
	for (i = 0; i < nrows; i++) {
		const struct doc_node *r = rows[i];
		const char *name, *sfp = NULL, *type = NULL, *vendor = NULL, *part = NULL, *serial = NULL, *rate = NULL;
		struct fc_iface *ifc;
		struct fc_xcvr *x;
		int64_t v;

		if ((rc = doc_req_str(d, r, "interface", &name, c->err)) != FC_OK ||
		    (rc = nxos_field(c, d, r, "sfp", &sfp)) != FC_OK || (rc = nxos_field(c, d, r, "type", &type)) != FC_OK ||
		    (rc = nxos_field(c, d, r, "name", &vendor)) != FC_OK ||
		    (rc = nxos_field(c, d, r, "partnum", &part)) != FC_OK ||
		    (rc = nxos_field(c, d, r, "serialnum", &serial)) != FC_OK ||
		    (rc = nxos_field(c, d, r, "nom_bitrate", &rate)) != FC_OK)
			return rc;
		if (!(ifc = iface(c, name, strlen(name))))
			return FC_ERR_NOMEM;
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
		if (rate && fc_parse_i64(rate, 1, 10000000, &v))
			fc_set_int(&x->bitrate_mbps, v, SRC("nom_bitrate"));
#undef SRC
		{
			const struct doc_node *const *lanes = NULL, *lone = NULL;
			size_t nl = nxos_rows(r, "TABLE_lane", "ROW_lane", &lanes, &lone), k;

			for (k = 0; k < nl; k++) {
				struct fc_dom_lane *L;
				const char *ln = NULL;
				int64_t lnum = 0;

				x->lanes = fc_grow(c->m->arena, x->lanes, x->nlanes, &x->lanes_cap, sizeof(*x->lanes));
				if (!x->lanes)
					return FC_ERR_NOMEM;
				L = &x->lanes[x->nlanes++];
				memset(L, 0, sizeof(*L));
				if (nxos_field(c, d, lanes[k], "lane_number", &ln) == FC_OK && ln)
					fc_parse_i64(ln, 0, 64, &lnum);
				L->lane = (int)lnum;
				lane_val(c, d, lanes[k], "temperature", &L->temp_c);
				lane_val(c, d, lanes[k], "voltage", &L->volt_v);
				lane_val(c, d, lanes[k], "current", &L->bias_ma);
				lane_val(c, d, lanes[k], "tx_pwr", &L->tx_dbm);
				lane_val(c, d, lanes[k], "rx_pwr", &L->rx_dbm);
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
		{ "eth_crc", offsetof(struct fc_iface, cnt_crc) },
		{ "eth_inerr", offsetof(struct fc_iface, cnt_in_errors) },
		{ "eth_giants", offsetof(struct fc_iface, cnt_giants) },
		{ "eth_reset_cntr", offsetof(struct fc_iface, cnt_resets) },
	};
	enum fc_rc rc;
	size_t k;

	for (k = 0; k < sizeof(map) / sizeof(map[0]); k++) {
		const char *v = NULL;
		int64_t n;

		if ((rc = nxos_field(c, d, row, map[k].key, &v)) != FC_OK)
			return rc;
		if (v && fc_parse_i64(v, 0, INT64_MAX, &n))
			fc_set_int((struct fc_int *)(void *)((char *)ifc + map[k].off), n,
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
			return FC_ERR_NOMEM;
		if ((rc = nxos_row_counters(c, d, rows[i], ifc)) != FC_OK)
			return rc;
	}
	return FC_OK;
}
