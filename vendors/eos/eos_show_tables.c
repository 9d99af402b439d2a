/* SPDX-License-Identifier: MIT */
/* EOS state outputs as CLI text (a session without `| json`, or captures saved by other tools),
 * into the same values as their JSON models (eos_state.c):
 *   show interfaces status                  Port Name Status Vlan Duplex Speed Type [Flags Encapsulation]
 *   show interfaces transceiver             Port Temp Voltage Bias TxPower RxPower LastUpdate
 *   show interfaces transceiver detail      a table per parameter: Port value HighAlarm HighWarn LowAlarm LowWarn
 *   show interfaces transceiver hardware    "Name: Et1" / "Media type: 100GBASE-SR4" blocks
 *   show lldp neighbors detail              "Interface Ethernet1 detected 1 LLDP neighbors:" blocks
 * EOS abbreviates ports (Et3/1/1, Po49); they are named in full. The status table's Name column is
 * cut to its width, so the description is taken from elsewhere. A row of a fabric port that does
 * not read is listed as not understood; legend and header lines are skipped by their form. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/str.h"
#include "vendors/eos/eos.h"

struct line {
	struct fc_parse_ctx *c;
	const char *text;        /* the line as captured, for the not-understood list */
	size_t len;
	unsigned no;
	struct fc_words ws;      /* its words, as many as it has */
};

static struct fc_src here(const struct line *l)
{
	return fc_src_at(l->c->file, l->no);
}

/* Where needle is in the line (not past its end), or NULL. */
static const char *in_line(const struct line *l, const char *needle)
{
	return memmem(l->text, l->len, needle, strlen(needle));
}

static enum fc_rc not_understood(struct line *l)
{
	return fc_dev_add_unparsed(l->c->m, l->c->dev, here(l), l->text, l->len);
}

/* Splits the line into words (l->ws); false when out of memory. */
static bool words(struct line *l)
{
	return fc_words_split(&l->ws, l->text, l->len);
}

typedef enum fc_rc (*line_fn)(struct line *l, void *st);

/* Calls fn for every line (CR and trailing blanks removed). */
static enum fc_rc each_line(struct fc_parse_ctx *c, const char *text, line_fn fn, void *st)
{
	struct line l = { .c = c };
	const char *p = text;
	enum fc_rc rc = FC_OK;

	while (*p && rc == FC_OK) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);

		l.no++;
		l.text = p, l.len = n;
		while (l.len && (p[l.len - 1] == '\r' || p[l.len - 1] == ' ' || p[l.len - 1] == '\t'))
			l.len--;
		if (l.len)
			rc = fn(&l, st);
		p = e ? e + 1 : p + n;
	}
	fc_words_free(&l.ws);
	return rc;
}

/* "Et3/1/1" -> "Ethernet3/1/1", "Po49" -> "Port-Channel49"; NULL for a port that is not on the
 * fabric (Ma1, Vl10, Lo0) or a word that is no port. */
static const char *port_name(const char *w, char *buf, size_t size)
{
	const char *n = eos_ifname(w, buf, size);
	size_t p = strncmp(n, "Ethernet", 8) ? strncmp(n, "Port-Channel", 12) ? 0 : 12 : 8;

	return p && isdigit((unsigned char)n[p]) && strspn(n + p, "0123456789/.") == strlen(n + p) ? n : NULL;
}

static bool looks_like_port(const char *w)
{
	return isalpha((unsigned char)w[0]) && isdigit((unsigned char)w[strcspn(w, "0123456789")]) &&
	       w[strcspn(w, "0123456789")] && strspn(w + strcspn(w, "0123456789"), "0123456789/.") ==
						      strlen(w + strcspn(w, "0123456789"));
}

/* A number, or "N/A" (false). */
static bool number(const char *w, double *v)
{
	char *end;

	*v = strtod(w, &end);
	return end != w && !*end && isfinite(*v);
}

/* ---- show interfaces status ------------------------------------------------------------------ */

struct status_st {
	bool header;
	size_t flags_col;        /* where the Flags column starts; 0 without one */
};

static enum fc_rc status_line(struct line *l, void *vst)
{
	struct status_st *st = vst;
	struct eos_state *s;
	struct eos_port *p;
	const char *admin = NULL, *oper = NULL, *name;
	char full[128], type[256] = "";
	size_t i, k, at;
	int64_t sp;

	if (!words(l))
		return FC_ERR_NOMEM;
	if (!l->ws.n)
		return FC_OK;
	if (!strcmp(l->ws.w[0], "Port") && l->ws.n > 2) {
		const char *f = memmem(l->text, l->len, "Flags", 5);

		st->header = true;
		st->flags_col = f ? (size_t)(f - l->text) : 0;
		return FC_OK;
	}
	if (!st->header || !looks_like_port(l->ws.w[0]))
		return FC_OK;   /* a prompt or a legend */
	if (!(name = port_name(l->ws.w[0], full, sizeof(full))))
		return FC_OK;   /* Ma1: not a fabric port */
	for (i = 1; i < l->ws.n && !eos_status(l->ws.w[i], &admin, &oper); i++)
		;
	k = i + 1;
	if (k < l->ws.n && !strcmp(l->ws.w[k], "in"))
		k++;   /* "in Po49": a LAG member */
	k++;       /* the VLAN column */
	if (i >= l->ws.n || k + 2 > l->ws.n)
		return not_understood(l);
	if (!(s = eos_state(l->c)) || !(p = eos_port_of(l->c, s, name)))
		return FC_ERR_NOMEM;
	fc_set_str(l->c->m, &p->sh.admin, admin, here(l));
	fc_set_str(l->c->m, &p->ifc->oper_state, oper, here(l));
	if (strstr(l->ws.w[k], "full") || strstr(l->ws.w[k], "half"))
		fc_set_str(l->c->m, &p->ifc->duplex, strstr(l->ws.w[k], "full") ? "full" : "half", here(l));
	if (fc_speed_parse(l->ws.w[k + 1], &sp, NULL))
		fc_set_int(&p->sh.speed_mbps, sp, here(l));
	/* the type: the rest of the line, up to the Flags column of an aligned table */
	for (i = k + 2, at = 0; i < l->ws.n && at < sizeof(type) - 1; i++) {
		if (st->flags_col && l->ws.at[i] >= st->flags_col)
			break;
		at += (size_t)snprintf(type + at, sizeof(type) - at, "%s%s", at ? " " : "", l->ws.w[i]);
		if (at >= sizeof(type))
			at = sizeof(type) - 1;
	}
	if (type[0] && strcmp(type, "N/A") && !fc_xcvr_mut(l->c->m, p->ifc))
		return FC_ERR_NOMEM;
	if (!strcmp(type, "Not Present")) {
		fc_set_bool(&p->ifc->xcvr->present, false, here(l));
	} else if (type[0] && strcmp(type, "N/A")) {
		enum fc_medium med = fc_medium_of(type);

		fc_set_str(l->c->m, &p->ifc->xcvr->type, type, here(l));
		if (med) {
			fc_set_bool(&p->ifc->xcvr->present, true, here(l));
			if (!p->ifc->medium.m.known)
				fc_set_medium(&p->ifc->medium, med, here(l));
		}
	}
	return FC_OK;
}

/* ---- show interfaces transceiver [detail] ---------------------------------------------------- */

struct xcvr_st {
	int param;               /* detail: which table (0 temperature .. 4 rx power), -1 before one */
};

static struct fc_dom_val *dom_of(struct fc_dom_lane *ln, int param)
{
	switch (param) {
	case 0: return &ln->temp_c;
	case 1: return &ln->volt_v;
	case 2: return &ln->bias_ma;
	case 3: return &ln->tx_dbm;
	default: return &ln->rx_dbm;
	}
}

static struct fc_dom_lane *lane_of(struct line *l, const char *name)
{
	struct fc_iface *ifc = fc_dev_iface(l->c->m, l->c->dev, name);

	if (!ifc || !fc_xcvr_mut(l->c->m, ifc))
		return NULL;
	fc_set_bool(&ifc->xcvr->dom_supported, true, here(l));
	return fc_xcvr_lane(l->c->m, ifc->xcvr, 0);
}

/* Port Temp Voltage Bias Tx Rx LastUpdate: "N/A" is no value */
static enum fc_rc values_line(struct line *l, void *vst)
{
	char full[128];
	const char *name;
	struct fc_dom_lane *ln;
	double v;
	int k;

	(void)vst;
	if (!words(l))
		return FC_ERR_NOMEM;
	if (!l->ws.n || !looks_like_port(l->ws.w[0]) || !(name = port_name(l->ws.w[0], full, sizeof(full))))
		return FC_OK;
	if (l->ws.n < 6)
		return not_understood(l);
	if (!(ln = lane_of(l, name)))
		return FC_ERR_NOMEM;
	for (k = 0; k < 5; k++) {
		if (number(l->ws.w[1 + k], &v))
			fc_dom_set(dom_of(ln, k), v, here(l));
		else if (strcmp(l->ws.w[1 + k], "N/A") && strcmp(l->ws.w[1 + k], "NA"))
			return not_understood(l);
	}
	return FC_OK;
}

static enum fc_rc detail_line(struct line *l, void *vst)
{
	static const char *const labels[] = { "Temperature", "Voltage", "Current", "Tx Power", "Rx Power" };
	struct xcvr_st *st = vst;
	char full[128];
	const char *name;
	struct fc_dom_lane *ln;
	struct fc_dom_val *dv;
	double v[5];
	size_t i, nv = 0;
	int k;

	for (k = 0; k < 5; k++) {
		if (in_line(l, labels[k]) && in_line(l, "Threshold")) {
			st->param = k;
			return FC_OK;
		}
	}
	if (!words(l))
		return FC_ERR_NOMEM;
	if (!l->ws.n || !looks_like_port(l->ws.w[0]) || !(name = port_name(l->ws.w[0], full, sizeof(full))))
		return FC_OK;
	if (st->param < 0)
		return not_understood(l);
	/* the value and four limits; a flag (++, -) and an A2D readout in parentheses are skipped */
	for (i = 1; i < l->ws.n && nv < 5; i++) {
		if (l->ws.w[i][0] == '(' || strspn(l->ws.w[i], "+-") == strlen(l->ws.w[i]))
			continue;
		if (!number(l->ws.w[i], &v[nv])) {
			if (strcmp(l->ws.w[i], "N/A") && strcmp(l->ws.w[i], "NA"))
				return not_understood(l);
			v[nv] = (double)NAN;
		}
		nv++;
	}
	if (nv < 5)
		return not_understood(l);
	if (!(ln = lane_of(l, name)))
		return FC_ERR_NOMEM;
	dv = dom_of(ln, st->param);
	if (!isnan(v[0]))
		fc_dom_set(dv, v[0], here(l));
	/* columns: high alarm, high warn, low alarm, low warn */
	dv->hi_alarm = isnan(v[1]) ? (double)INFINITY : v[1];
	dv->hi_warn = isnan(v[2]) ? (double)INFINITY : v[2];
	dv->lo_alarm = isnan(v[3]) ? -(double)INFINITY : v[3];
	dv->lo_warn = isnan(v[4]) ? -(double)INFINITY : v[4];
	dv->thresholds = !isnan(v[1]) || !isnan(v[2]) || !isnan(v[3]) || !isnan(v[4]);
	return FC_OK;
}

/* ---- show interfaces transceiver hardware ---------------------------------------------------- */

struct hw_st {
	struct fc_iface *ifc;    /* the block's port; NULL outside a fabric port's block */
};

static enum fc_rc hardware_line(struct line *l, void *vst)
{
	struct hw_st *st = vst;
	char full[128], val[256];
	const char *name, *colon = memchr(l->text, ':', l->len);

	if (!colon)
		return FC_OK;
	snprintf(val, sizeof(val), "%.*s", (int)(l->len - (size_t)(colon + 1 - l->text)), colon + 1);
	memmove(val, val + strspn(val, " "), strlen(val + strspn(val, " ")) + 1);
	if (!strncmp(l->text, "Name:", 5)) {
		st->ifc = (name = port_name(val, full, sizeof(full))) ? fc_dev_iface(l->c->m, l->c->dev, name) : NULL;
		return name && !st->ifc ? FC_ERR_NOMEM : FC_OK;
	}
	if (!st->ifc)
		return FC_OK;
	if (!strncmp(l->text, "Media type:", 11)) {
		enum fc_medium med = fc_medium_of(val);

		if (!fc_xcvr_mut(l->c->m, st->ifc))
			return FC_ERR_NOMEM;
		fc_set_str(l->c->m, &st->ifc->xcvr->type, val, here(l));
		if (med) {
			fc_set_bool(&st->ifc->xcvr->present, true, here(l));
			if (!st->ifc->medium.m.known)
				fc_set_medium(&st->ifc->medium, med, here(l));
		}
	} else if (!strncmp(l->text, "Module presence:", 16) && strstr(val, "not detected")) {
		if (!fc_xcvr_mut(l->c->m, st->ifc))
			return FC_ERR_NOMEM;
		fc_set_bool(&st->ifc->xcvr->present, false, here(l));
	}
	return FC_OK;   /* power, wavelength, cable type: nothing a rule reads */
}

/* ---- show lldp neighbors detail -------------------------------------------------------------- */

struct lldp_st {
	struct fc_iface *ifc;    /* the port of the block; NULL when not a fabric port */
	unsigned neighbours;     /* neighbours seen on it so far */
	bool want_port;          /* the next "Port ID" line is the neighbour's port id */
};

static void unquote(char *s)
{
	size_t n = strlen(s);

	if (n >= 2 && s[0] == '"' && s[n - 1] == '"') {
		memmove(s, s + 1, n - 2);
		s[n - 2] = '\0';
	}
}

static enum fc_rc lldp_line(struct line *l, void *vst)
{
	struct lldp_st *st = vst;
	const char *t = l->text, *colon;
	char val[256];
	size_t ind = strspn(t, " ");

	if (!strncmp(t, "Interface ", 10) && in_line(l, " detected ")) {
		char name[128];

		snprintf(name, sizeof(name), "%.*s", (int)strcspn(t + 10, " "), t + 10);
		st->neighbours = 0;
		st->want_port = false;
		st->ifc = port_name(name, val, sizeof(val)) ? fc_dev_iface(l->c->m, l->c->dev, val) : NULL;
		return FC_OK;
	}
	if (!st->ifc)
		return FC_OK;
	if (ind == 2 && !strncmp(t + 2, "Neighbor ", 9)) {
		if (++st->neighbours == 2) {
			const char msg[] = "more than one LLDP neighbour on the port: the first is used";

			return fc_dev_add_unparsed(l->c->m, l->c->dev, here(l), msg, sizeof(msg) - 1);
		}
		return FC_OK;
	}
	if (st->neighbours != 1 || !(colon = memchr(t, ':', l->len)))
		return FC_OK;
	snprintf(val, sizeof(val), "%.*s", (int)(l->len - (size_t)(colon + 1 - t)), colon + 1);
	memmove(val, val + strspn(val, " "), strlen(val + strspn(val, " ")) + 1);
	unquote(val);
	if (in_line(l, "- Port ID type:") && in_line(l, "- Port ID type:") < colon) {
		st->want_port = true;
	} else if (st->want_port && !strncmp(t + ind, "Port ID", 7)) {
		fc_set_str(l->c->m, &st->ifc->lldp_port, val, here(l));
		st->want_port = false;
	} else if (!strncmp(t + ind, "- System Name:", 14) && val[0]) {
		fc_set_str(l->c->m, &st->ifc->lldp_sysname, val, here(l));
		st->ifc->lldp_sysname.m.why = NULL;
	} else if (!strncmp(t + ind, "Chassis ID", 10) && !st->ifc->lldp_sysname.m.known) {
		fc_set_str(l->c->m, &st->ifc->lldp_sysname, val, here(l));   /* until a system name comes */
		st->ifc->lldp_sysname.m.why = "no system name: the chassis id";
	}
	return FC_OK;
}

enum fc_rc eos_text_status(struct fc_parse_ctx *c, const char *text)
{
	struct status_st ss = { false, 0 };

	return each_line(c, text, status_line, &ss);
}

enum fc_rc eos_text_transceiver(struct fc_parse_ctx *c, const char *text)
{
	return each_line(c, text, values_line, NULL);
}

enum fc_rc eos_text_transceiver_detail(struct fc_parse_ctx *c, const char *text)
{
	struct xcvr_st xs = { -1 };

	return each_line(c, text, detail_line, &xs);
}

enum fc_rc eos_text_transceiver_hardware(struct fc_parse_ctx *c, const char *text)
{
	struct hw_st hs = { NULL };

	return each_line(c, text, hardware_line, &hs);
}

enum fc_rc eos_text_lldp(struct fc_parse_ctx *c, const char *text)
{
	struct lldp_st ls = { NULL, 0, false };

	return each_line(c, text, lldp_line, &ls);
}
