/* SPDX-License-Identifier: MIT */
/* NX-OS adapter: QoS as the switch runs it: show interface priority-flow-control (operational PFC and pause
 * frames), show queuing interface (ingress buffers per qos-group), show ip access-lists (entries and
 * their hits). */
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
	while (rc == FC_OK && fc_lines_next_words(&it, &ws, &rc)) {
		struct nxos_line l = { it.line, it.len, 0, it.lineno };
		struct fc_iface *ifc;
		struct nxos_port *np;
		struct fc_src s = nxos_at(c, it.lineno);
		int64_t rx, tx, bmap = 0;
		size_t n, oper_words;
		char **w;

		w = ws.w;
		n = ws.n;
		if (!n || nxos_dashes(w[0]) || !strcmp(w[0], "Port") || !strcmp(w[0], "Global") || !strcmp(w[0], "slot"))
			continue;   /* blank, rules, the header, "Global PFC ...", "slot  1" */
		/* port, mode, oper ("Off", or "On (8)"), RxPPP, TxPPP */
		oper_words = n == 6 && w[3][0] == '(' ? 2 : 1;
		if (n != 4 + oper_words || !fc_parse_i64(w[n - 2], 0, INT64_MAX, &rx) ||
		    !fc_parse_i64(w[n - 1], 0, INT64_MAX, &tx) ||
		    (oper_words == 2 && !hex_bmap(w[3], &bmap)) ||
		    !(ifc = nxos_tbl_port(c, w[0], &rc))) {
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
	if ((rc = nxos_tbl_finish(c, &ws, rc, it.lineno)) != FC_OK)
		return rc;
	if (!rows && nxos_has_content(text))
		return nxos_no_rows(c, "show interface priority-flow-control");
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
	while (rc == FC_OK && fc_lines_next_words(&it, &ws, &rc)) {
		struct nxos_line l = { it.line, it.len, 0, it.lineno };
		int64_t g, size, xoff, xon;
		char **w;

		w = ws.w;
		if (ws.n >= 4 && (!strcmp(w[0], "Ingress") || !strcmp(w[0], "Egress")) && !strcmp(w[1], "Queuing") &&
		    !strcmp(w[2], "for")) {
			table = !strcmp(w[0], "Ingress");
			if (!(ifc = nxos_tbl_port(c, w[3], &rc)) && rc == FC_OK)
				rc = nxos_not_understood(c, &l);
			sections++;
			continue;
		}
		if (!table || !ifc || !ws.n || (ws.n == 1 && nxos_dashes(w[0])) || queuing_header(w, ws.n))
			continue;
		if (memmem(it.line, it.len, "Statistics", 10)) {
			table = false;   /* "Per Port Ingress Statistics", "PFC Statistics": not modelled */
			continue;
		}
		if (ws.n == 4 && fc_parse_i64(w[0], 0, 7, &g) && !strcmp(w[1], "-") && !strcmp(w[2], "-") && !strcmp(w[3], "-")) {
			/* no pause buffer for the group in the hardware */
			if (!fc_iface_pg_set(c->m, ifc, (int)g, FC_PG_SIZE, 0, 0, 0, nxos_at(c, it.lineno)))
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
				     nxos_at(c, it.lineno)))
			rc = FC_ERR_NOMEM;
	}
	if ((rc = nxos_tbl_finish(c, &ws, rc, it.lineno)) != FC_OK)
		return rc;
	if (!sections && nxos_has_content(text))
		return nxos_no_rows(c, "show queuing interface");
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
			    !(acl = fc_dev_acl(c->m, c->dev, name, nxos_at(c, l.lineno), &created))) {
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
		return nxos_no_rows(c, "show ip access-lists");
	return FC_OK;
}
