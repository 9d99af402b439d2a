/* SPDX-License-Identifier: MIT */
/* NX-OS adapter: LLDP neighbours: show lldp neighbors [detail] in NX-API JSON and as CLI text. */
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
		if (!(ifc = nxos_json_iface(c, local, strlen(local))))
			return nxos_json_iface_rc(c);
		if (sys)
			fc_set_str(c->m, &ifc->lldp_sysname, sys, fc_src_make(c->m, d->file, doc_key_line(rows[i], syskey)));
		if (port)   /* the neighbour's own spelling: the topology reads it with its platform */
			fc_set_str(c->m, &ifc->lldp_port, port, fc_src_make(c->m, d->file, doc_key_line(rows[i], "port_id")));
	}
	return FC_OK;
}

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
	while (rc == FC_OK && fc_lines_next_words(&it, &ws, &rc)) {
		struct nxos_line l = { it.line, it.len, 0, it.lineno };
		struct fc_iface *ifc;
		const char *dev, *pid;
		size_t n, off, pl;
		unsigned dl;

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
		if (n < off + 3 || !(ifc = nxos_tbl_port(c, ws.w[off], &rc))) {
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
		fc_set_str(c->m, &ifc->lldp_sysname, dev, nxos_at(c, dl));
		fc_set_str(c->m, &ifc->lldp_port, fc_model_strn(c->m, pid, pl), nxos_at(c, it.lineno));
		free(pending);
		pending = NULL;
	}
	free(pending);
	if ((rc = nxos_tbl_finish(c, &ws, rc, it.lineno)) != FC_OK)
		return rc;
	if (!header && nxos_has_content(text))
		return nxos_no_rows(c, "show lldp neighbors");
	return FC_OK;
}

/* Keys of a neighbour record, and what precedes the first one. */
static const char *const lldp_keys[] = {
	"Chassis id:", "Port id:", "Local Port id:", "Port Description:", "System Name:", "System Description:",
	"Time remaining:", "System Capabilities:", "Enabled Capabilities:", "Management Address:",
	"Management Address IPV6:", "Vlan ID:", "Total entries displayed:", NULL,
};

static const char *const lldp_preamble[] = { "Capability codes:", "(R)", "(W)", "(V)", "(D)", "(T)", "(S)", "Device ID",
					     "Total entries displayed:", NULL };

static const char *key_of(const char *s, size_t n, const char *const *keys, const char **rest)
{
	const char *const *k;

	for (k = keys; *k; k++)
		if (nxos_starts(s, n, *k, rest))
			return *k;
	return NULL;
}

struct lldp_rec {
	const char *local, *port, *sys;     /* into the text */
	size_t local_n, port_n, sys_n;
	unsigned port_line, sys_line, line;
};

static enum fc_rc lldp_record(struct fc_parse_ctx *c, const struct lldp_rec *r)
{
	struct fc_model *m = c->m;
	struct fc_iface *ifc;
	char nb[NXOS_IFNAME_MAX];

	if (!r->local_n) {
		struct nxos_line l = { "Chassis id: (a record without Local Port id)", 45, 0, r->line };

		return nxos_not_understood(c, &l);
	}
	if (!nxos_ifname(r->local, r->local_n, nb, sizeof(nb))) {
		struct nxos_line l = { r->local, r->local_n, 0, r->line };

		return nxos_not_understood(c, &l);
	}
	if (!(ifc = fc_dev_iface(m, c->dev, nb)))
		return FC_ERR_NOMEM;
	if (r->sys_n)
		fc_set_str(m, &ifc->lldp_sysname, fc_model_strn(m, r->sys, r->sys_n), fc_src_at(c->file, r->sys_line));
	/* the neighbour's own spelling of its port ("PCI-E Slot 1, Port 2" too): the topology reads it
	 * with the neighbour's platform */
	if (r->port_n)
		fc_set_str(m, &ifc->lldp_port, fc_model_strn(m, r->port, r->port_n), fc_src_at(c->file, r->port_line));
	return FC_OK;
}

enum fc_rc nxos_parse_lldp_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct nxos_line l;
	struct lldp_rec r;
	bool in_rec = false, in_desc = false, any = false;
	enum fc_rc rc = FC_OK;

	memset(&r, 0, sizeof(r));
	fc_lines_init(&it, text);
	while (rc == FC_OK && nxos_line_next(&it, &l)) {
		const char *rest, *key;

		if (!l.n) {
			in_desc = false;
			continue;
		}
		key = key_of(l.s, l.n, lldp_keys, &rest);
		if (key && !strcmp(key, "Chassis id:")) {
			if (in_rec && (rc = lldp_record(c, &r)) != FC_OK)
				break;
			memset(&r, 0, sizeof(r));
			r.line = l.lineno;
			in_rec = any = true;
			in_desc = false;
			continue;
		}
		if (!in_rec) {
			if (key && !strcmp(key, "Total entries displayed:"))
				any = true;
			else if (key_of(l.s, l.n, lldp_preamble, NULL))
				any = true;
			else
				rc = nxos_not_understood(c, &l);
			continue;
		}
		if (!key) {
			/* the System Description goes on over lines of its own ("TAC support: ...") */
			if (!in_desc)
				rc = nxos_not_understood(c, &l);
			continue;
		}
		while (*rest == ' ')
			rest++;
		in_desc = !strcmp(key, "System Description:");
		if (!strcmp(key, "Local Port id:")) {
			r.local = rest;
			r.local_n = (size_t)(l.s + l.n - rest);
		} else if (!strcmp(key, "Port id:")) {
			r.port = rest;
			r.port_n = (size_t)(l.s + l.n - rest);
			r.port_line = l.lineno;
		} else if (!strcmp(key, "System Name:")) {
			r.sys = rest;
			r.sys_n = (size_t)(l.s + l.n - rest);
			r.sys_line = l.lineno;
		} else if (!strcmp(key, "Total entries displayed:")) {
			rc = lldp_record(c, &r);
			in_rec = false;
		}
	}
	if (rc == FC_OK && in_rec)
		rc = lldp_record(c, &r);
	if (rc != FC_OK)
		return rc;
	if (!any && nxos_has_content(text))
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1,
				  "show lldp neighbors detail: no 'Chassis id:' record and no LLDP header found");
	return FC_OK;
}
