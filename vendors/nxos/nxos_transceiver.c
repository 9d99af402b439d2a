/* SPDX-License-Identifier: MIT */
/* NX-OS adapter: Transceivers: show interface transceiver [details] in NX-API JSON and as CLI text, the
 * module's identity and its DOM lanes with their thresholds and flags. */
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
		if (!(ifc = nxos_json_iface(c, name, strlen(name))))
			return nxos_json_iface_rc(c);
		if (!(x = fc_xcvr_mut(c->m, ifc)))
			return FC_ERR_NOMEM;
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

/* Lines of transceiver blocks read and not modelled (SFF-8472/8636 and CMIS attributes, the DOM
 * table's titles), in strcmp order. */
static const char *const xcvr_known[] = {
	"Advertising", "Alarms", "CMIS", "Cisco", "Common", "Current", "DOM", "FC", "High", "Host", "Lane", "Laser",
	"Link", "Manufacturer's", "Measurement", "Media", "Module", "Name", "Network", "No", "Nominal", "Note:",
	"Optical", "Revision", "Rx", "SFP", "Serial", "Supported", "Temperature", "Transmission", "Transmit", "Tx",
	"Voltage", "Wave", "Wavelength", "cable", "cisco", "clei", "date", "far-end", "firmware", "host", "max",
	"media", "min", "module", "name", "near-end", "nominal", "number", "part", "power", "revision", "serial",
	"transceiver", "type", "vendor",
};

static bool num_after(const char *s, size_t n, double *v, char **end)
{
	char tmp[64];

	if (!n || n >= sizeof(tmp))
		return false;
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	*v = strtod(tmp, end);
	return *end != tmp;
}

/* "Temperature   40.44 C   74.00 C  -4.00 C  70.00 C  0.00 C" (value, then high/low alarm, high/low
 * warning, each with its unit, a flag "++ + -- -" after the value where out of range), or
 * "... N/A ..." where the module reports none. */
static bool dom_row(const char *line, size_t n, const char *label, struct fc_dom_val *dv, struct fc_src s,
		    struct nxos_linebuf *lb)
{
	double vals[5];
	size_t k = strlen(label), got = 0;
	const char *p, *end = line + n;
	bool na = false;
	char flag[4] = "";

	if (n <= k || memcmp(line, label, k) || !isspace((unsigned char)line[k]))
		return false;
	for (p = line + k; p < end && got < 5;) {
		size_t wl;
		const char *w;
		char *e;

		while (p < end && isspace((unsigned char)*p))
			p++;
		wl = 0;
		while (p + wl < end && !isspace((unsigned char)p[wl]))
			wl++;
		if (!wl)
			break;
		w = p;
		p += wl;
		if (got == 0 && wl == 3 && !memcmp(w, "N/A", 3)) {
			na = true;
			got++;
			continue;
		}
		if (got == 1 && !na && wl <= 2 && strspn(w, "+-") >= wl && strcspn(w, "+-") == 0) {
			snprintf(flag, sizeof(flag), "%.*s", (int)wl, w);
			continue;   /* the out-of-range flag after the value */
		}
		if (!nxos_line_str(lb, w, wl))
			return false;
		if (num_after(w, wl, &vals[got], &e) && !*e)
			got++;
		/* else a unit (C, V, mA, dBm): skipped */
	}
	if (got < 1)
		return false;
	if (na) {
		fc_set_unknown(&dv->m, "module reports N/A");
	} else {
		dv->v = vals[0];
		dv->m.known = true;
		dv->m.src = s;
		dv->m.why = NULL;
		memcpy(dv->flag, flag, sizeof(dv->flag));
	}
	if (got == 5) {
		dv->thresholds = true;
		dv->hi_alarm = vals[1], dv->lo_alarm = vals[2], dv->hi_warn = vals[3], dv->lo_warn = vals[4];
	}
	return true;
}

/* "key is VALUE" lines of a module, the whole rest of the line each. */
static const struct {
	const char *key;
	size_t off;   /* of the struct fc_str in struct fc_xcvr */
} xcvr_keys[] = {
	{ "type is ", offsetof(struct fc_xcvr, type) },
	{ "name is ", offsetof(struct fc_xcvr, vendor) },
	{ "Name is ", offsetof(struct fc_xcvr, vendor) },
	{ "part number is ", offsetof(struct fc_xcvr, part) },
	{ "Manufacturer's part number is ", offsetof(struct fc_xcvr, part) },
	{ "serial number is ", offsetof(struct fc_xcvr, serial) },
	{ "Serial number is ", offsetof(struct fc_xcvr, serial) },
};

/* 1: the line was a module field, taken; 0: it is not one; -1: it names one whose value does not
 * read (a bitrate or a length that is not a number), to be listed as not understood. */
static int xcvr_field(struct fc_model *m, struct fc_xcvr *x, const char *l, size_t n, struct fc_src s)
{
	const char *r, *end = l + n;
	size_t k;
	int64_t v;
	double d;
	char *e;

	/* every field line below says " is " (a module has twenty DOM rows for each such line) */
	if (!memmem(l, n, " is ", 4))
		return 0;
	for (k = 0; k < sizeof(xcvr_keys) / sizeof(xcvr_keys[0]); k++)
		if (nxos_starts(l, n, xcvr_keys[k].key, &r)) {
			fc_set_str(m, (struct fc_str *)(void *)((char *)x + xcvr_keys[k].off),
				   fc_model_strn(m, r, (size_t)(end - r)), s);
			return 1;
		}
	if (nxos_has(l, n, "transceiver is not present") || nxos_has(l, n, "sfp is not present")) {
		fc_set_bool(&x->present, false, s);
	} else if (nxos_has(l, n, "transceiver is present") || nxos_has(l, n, "sfp is present")) {
		fc_set_bool(&x->present, true, s);
	} else if (nxos_starts(l, n, "nominal bitrate is ", &r)) {
		if (!fc_parse_i64n(r, strcspn(r, " "), 1, 1000000, &v))
			return -1;
		fc_set_int(&x->bitrate_mbps, v, s);
	} else if (((r = memmem(l, n, "Cable Length is ", 16)) && (r += 16)) ||
		   ((r = memmem(l, n, "cable length is ", 16)) && (r += 16)) ||
		   ((r = memmem(l, n, "Link length supported for copper is ", 36)) && (r += 36))) {
		if (!num_after(r, strcspn(r, " "), &d, &e))
			return -1;
		fc_set_dbl(&x->cable_len_m, d, s);
	} else if (nxos_starts(l, n, "DOM is not supported", NULL)) {
		fc_set_bool(&x->dom_supported, false, s);
	} else {
		return 0;
	}
	return 1;
}

enum fc_rc nxos_parse_transceiver_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_model *m = c->m;
	struct fc_lines it;
	struct nxos_line l;
	struct nxos_linebuf lb = { NULL, 0 };
	struct fc_iface *ifc = NULL;
	struct fc_dom_lane *lane = NULL;
	size_t blocks = 0;
	enum fc_rc rc = FC_OK;

	fc_lines_init(&it, text);
	while (rc == FC_OK && nxos_line_next(&it, &l)) {
		struct fc_src s = fc_src_at(c->file, l.lineno);
		char name[NXOS_IFNAME_MAX];
		size_t wl;
		const char *r;
		int64_t ln;
		int k;

		if (!l.n)
			continue;
		/* "Ethernet1/1" alone, or "fc1/48 sfp is present": a module's block, at any indentation */
		if (nxos_first_iface(l.s, l.n, name, sizeof(name), &wl) && (wl == l.n || nxos_has(l.s, l.n, " is "))) {
			/* the port's transceiver made with its block: ifc->xcvr is there from here on */
			if (!(ifc = fc_dev_iface(m, c->dev, name)) || !fc_xcvr_mut(m, ifc))
				return FC_ERR_NOMEM;
			lane = NULL;
			blocks++;
			if (xcvr_field(m, ifc->xcvr, l.s + wl, l.n - wl, s) < 0)
				rc = nxos_not_understood(c, &l);
			continue;
		}
		if (!ifc) {
			rc = nxos_not_understood(c, &l);
			continue;
		}
		/* "Lane Number:2 Network Lane" or "Lane Number : 1 Network Lane" */
		if (nxos_starts(l.s, l.n, "Lane Number", &r)) {
			while (*r == ' ' || *r == ':')
				r++;
			if (!fc_parse_i64n(r, strcspn(r, " "), 0, 64, &ln)) {
				rc = nxos_not_understood(c, &l);
				continue;
			}
			if (!(lane = fc_xcvr_lane(m, ifc->xcvr, (int)ln)))
				return FC_ERR_NOMEM;
			continue;
		}
		if ((k = xcvr_field(m, ifc->xcvr, l.s, l.n, s)) != 0) {
			if (k < 0)
				rc = nxos_not_understood(c, &l);
			continue;
		}
		{
			struct fc_dom_lane tmp, *L;

			memset(&tmp, 0, sizeof(tmp));
			L = lane ? lane : &tmp;
			if (dom_row(l.s, l.n, "Temperature", &L->temp_c, s, &lb) || dom_row(l.s, l.n, "Voltage", &L->volt_v, s, &lb) ||
			    dom_row(l.s, l.n, "Current", &L->bias_ma, s, &lb) || dom_row(l.s, l.n, "Tx Power", &L->tx_dbm, s, &lb) ||
			    dom_row(l.s, l.n, "Rx Power", &L->rx_dbm, s, &lb)) {
				fc_set_bool(&ifc->xcvr->dom_supported, true, s);
				if (!lane) {
					if (!(lane = fc_xcvr_lane(m, ifc->xcvr, 0)))
						return FC_ERR_NOMEM;
					*lane = tmp;
				}
				continue;
			}
		}
		if (!nxos_wordless(l.s, l.n) && !NXOS_KNOWN(xcvr_known, l.s, l.n))
			rc = nxos_not_understood(c, &l);
	}
	free(lb.b);
	if (rc != FC_OK)
		return rc;
	if (!blocks && nxos_has_content(text))
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1,
				  "show interface transceiver details: no 'EthernetN/M' block found");
	return FC_OK;
}
