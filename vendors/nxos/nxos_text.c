/* SPDX-License-Identifier: MIT */
/* NX-OS block outputs as CLI text: show interface, show lldp neighbors detail, show interface
 * transceiver [details]. Each is a series of objects that open with a header line. A header is
 * recognised by what it says (an interface name of a known kind, "Chassis id:"), never by its
 * column alone, so an indented header or one after a pager remnant still opens its object and
 * the lines after it are attributed to it. Lines that belong to no object, and lines of a shape
 * none of these outputs has, are recorded as not understood with their line; lines of a known
 * shape that fabcheck does not model (counters, "X is Y" attributes) are read and left. */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vendors/nxos/nxos.h"
#include "util/str.h"

/* ---- lines ----------------------------------------------------------------------------------- */

bool nxos_line_next(struct fc_lines *it, struct nxos_line *l)
{
	if (!fc_lines_next(it))
		return false;
	l->s = it->line;
	l->n = it->len;
	l->lineno = it->lineno;
	l->indent = 0;
	while (l->n && isspace((unsigned char)*l->s))
		l->s++, l->n--, l->indent++;
	while (l->n && isspace((unsigned char)l->s[l->n - 1]))
		l->n--;
	return true;
}

enum fc_rc nxos_not_understood(struct fc_parse_ctx *c, const struct nxos_line *l)
{
	return fc_dev_add_unparsed(c->m, c->dev, fc_src_at(c->file, l->lineno), l->s, l->n);
}

/* The text of a line as a NUL-terminated string in lb (grown as needed: no line is cut). */
const char *nxos_line_str(struct nxos_linebuf *lb, const char *s, size_t n)
{
	if (n + 1 > lb->cap) {
		size_t nc = lb->cap ? lb->cap : 256;
		char *nb;

		while (nc < n + 1)
			nc *= 2;
		if (!(nb = realloc(lb->b, nc)))
			return NULL;
		lb->b = nb;
		lb->cap = nc;
	}
	memcpy(lb->b, s, n);
	lb->b[n] = '\0';
	return lb->b;
}

static bool has(const char *s, size_t n, const char *needle)
{
	return memmem(s, n, needle, strlen(needle)) != NULL;
}

static bool starts(const char *s, size_t n, const char *p, const char **rest)
{
	size_t k = strlen(p);

	if (n < k || memcmp(s, p, k))
		return false;
	if (rest)
		*rest = s + k;
	return true;
}

/* Whether the first word of s is in the sorted list (a known line of an output that fabcheck
 * reads and does not model: counters' titles, attributes nothing checks). */
static bool known_word(const char *const *list, size_t n, const char *s, size_t len)
{
	size_t wl = 0, lo = 0, hi = n;

	while (wl < len && !isspace((unsigned char)s[wl]))
		wl++;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(list[mid], s, wl);

		if (!c && list[mid][wl] == '\0')
			return true;
		if (c < 0 || (!c && list[mid][wl] == '\0'))
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

#define KNOWN(list, s, n) known_word(list, sizeof(list) / sizeof(list[0]), s, n)

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

/* A line these outputs print that carries no words: a counter or table row, a rule of dashes,
 * the DOM flag legend ("++  high-alarm; ..."). */
static bool wordless(const char *s, size_t n)
{
	return n && (isdigit((unsigned char)s[0]) || s[0] == '-' || s[0] == '+');
}

/* The first word of a line and whether it is an NX-OS interface name (canonical into buf). */
static bool first_iface(const char *s, size_t n, char *buf, size_t size, size_t *wl)
{
	*wl = 0;
	while (*wl < n && !isspace((unsigned char)s[*wl]))
		(*wl)++;
	return nxos_ifname_canon(s, *wl, buf, size);
}

/* ---- show interface -------------------------------------------------------------------------- */

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

/* The word at r (up to end or one of stops), NUL-terminated in lb. */
static const char *word(struct nxos_linebuf *lb, const char *r, const char *end, const char *stops)
{
	size_t k = 0;

	while (r + k < end && !strchr(stops, r[k]))
		k++;
	return nxos_line_str(lb, r, k);
}

/* "Internet Address is 10.1.1.1/24" and "Secondary address 10.1.2.1/24": the address after at. */
static enum fc_rc address(struct fc_parse_ctx *c, struct fc_iface *ifc, const char *at, const char *end,
			  struct nxos_linebuf *lb, struct fc_src s)
{
	const char *a = word(lb, at, end, " ,");

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

	if (starts(l, n, "admin state is ", &r) || starts(l, n, "Admin State: ", &r)) {
		fc_set_str(m, &ifc->admin_state, !strncmp(r, "up", 2) ? "up" : "down", s);
	} else if (starts(l, n, "admin fec state is ", &r)) {
		const char *o = memmem(l, n, "oper fec state is ", 18);

		if ((w = word(lb, r, end, ",")) && nxos_fec_norm(w))
			fc_set_fec(&ifc->fec_config, nxos_fec_norm(w), s);
		if (o && (w = word(lb, o + 18, end, ", ")) && nxos_fec_norm(w))
			fc_set_fec(&ifc->fec_active, nxos_fec_norm(w), s);
	} else if ((l[0] == 'f' || l[0] == 'h' || l[0] == 'a') && (r = memmem(l, n, "-duplex, ", 9))) {
		/* "full-duplex, 100 Gb/s", "auto-duplex, auto-speed" */
		if ((w = word(lb, r + 9, end, ",")) && fc_speed_parse(w, &v, NULL))
			fc_set_int(&ifc->speed_mbps, v, s);
	} else if (starts(l, n, "Auto-Negotiation is turned ", &r)) {
		const char *f = memmem(l, n, "FEC mode is ", 12);

		fc_set_bool(&ifc->autoneg, !strncmp(r, "on", 2), s);
		/* the FEC mode configured (Auto included); the one in use is "oper fec state" */
		if (f && (w = word(lb, f + 12, end, " \t")) && nxos_fec_norm(w))
			fc_set_fec(&ifc->fec_config, nxos_fec_norm(w), s);
	} else if (starts(l, n, "MTU ", &r)) {
		if (fc_parse_i64n(r, strcspn(r, " "), 64, 65535, &v))
			fc_set_int(&ifc->mtu, v, s);
	} else if (starts(l, n, "Hardware", &r)) {
		hw_address(m, ifc, l, n, s);
	} else if (starts(l, n, "Input flow-control is ", &r)) {
		const char *o = memmem(l, n, "output flow-control is ", 23);

		fc_set_bool(&ifc->pause_rx, !strncmp(r, "on", 2), s);
		if (o)
			fc_set_bool(&ifc->pause_tx, !strncmp(o + 23, "on", 2), s);
	} else if (starts(l, n, "Description: ", &r) || starts(l, n, "Port description is ", &r)) {
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
	} else if (starts(l, n, "Internet Address is ", &r) || starts(l, n, "Secondary address ", &r)) {
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
		if (is && first_iface(l.s, l.n, name, sizeof(name), &wl)) {
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
		if (!if_field(c, ifc, l.s, l.n, s, &lb, &rc) && !KNOWN(if_known, l.s, l.n))
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

/* ---- show lldp neighbors detail -------------------------------------------------------------- */

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
		if (starts(s, n, *k, rest))
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

/* ---- show interface transceiver [details] ------------------------------------------------------ */

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
		if (starts(l, n, xcvr_keys[k].key, &r)) {
			fc_set_str(m, (struct fc_str *)(void *)((char *)x + xcvr_keys[k].off),
				   fc_model_strn(m, r, (size_t)(end - r)), s);
			return 1;
		}
	if (has(l, n, "transceiver is not present") || has(l, n, "sfp is not present")) {
		fc_set_bool(&x->present, false, s);
	} else if (has(l, n, "transceiver is present") || has(l, n, "sfp is present")) {
		fc_set_bool(&x->present, true, s);
	} else if (starts(l, n, "nominal bitrate is ", &r)) {
		if (!fc_parse_i64n(r, strcspn(r, " "), 1, 1000000, &v))
			return -1;
		fc_set_int(&x->bitrate_mbps, v, s);
	} else if (((r = memmem(l, n, "Cable Length is ", 16)) && (r += 16)) ||
		   ((r = memmem(l, n, "cable length is ", 16)) && (r += 16)) ||
		   ((r = memmem(l, n, "Link length supported for copper is ", 36)) && (r += 36))) {
		if (!num_after(r, strcspn(r, " "), &d, &e))
			return -1;
		fc_set_dbl(&x->cable_len_m, d, s);
	} else if (starts(l, n, "DOM is not supported", NULL)) {
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
		if (first_iface(l.s, l.n, name, sizeof(name), &wl) && (wl == l.n || has(l.s, l.n, " is "))) {
			if (!(ifc = fc_dev_iface(m, c->dev, name)))
				return FC_ERR_NOMEM;
			lane = NULL;
			blocks++;
			if (xcvr_field(m, &ifc->xcvr, l.s + wl, l.n - wl, s) < 0)
				rc = nxos_not_understood(c, &l);
			continue;
		}
		if (!ifc) {
			rc = nxos_not_understood(c, &l);
			continue;
		}
		/* "Lane Number:2 Network Lane" or "Lane Number : 1 Network Lane" */
		if (starts(l.s, l.n, "Lane Number", &r)) {
			while (*r == ' ' || *r == ':')
				r++;
			if (!fc_parse_i64n(r, strcspn(r, " "), 0, 64, &ln)) {
				rc = nxos_not_understood(c, &l);
				continue;
			}
			if (!(lane = fc_xcvr_lane(m, &ifc->xcvr, (int)ln)))
				return FC_ERR_NOMEM;
			continue;
		}
		if ((k = xcvr_field(m, &ifc->xcvr, l.s, l.n, s)) != 0) {
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
				fc_set_bool(&ifc->xcvr.dom_supported, true, s);
				if (!lane) {
					if (!(lane = fc_xcvr_lane(m, &ifc->xcvr, 0)))
						return FC_ERR_NOMEM;
					*lane = tmp;
				}
				continue;
			}
		}
		if (!wordless(l.s, l.n) && !KNOWN(xcvr_known, l.s, l.n))
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
