/* SPDX-License-Identifier: MIT */
/* NVUE's RoCE status as `nv show` prints it (NVIDIA Cumulus Linux user guide, "RDMA over Converged
 * Ethernet - RoCE": `nv show qos roce`, `nv show interface <if> qos roce status|counters`), and a
 * port's module as `ethtool -m` prints it on the switch.
 *
 * The status is a table of keys with an operational and an applied column, grouped in sections
 * (pfc, congestion-control, trust, lldp-app-tlv), then tables each under a title underlined with
 * `=`: the PCP/DSCP to switch priority map, the switch priority to traffic class map with each
 * class's scheduling, the buffer pools. The operational column is what runs and is read (the
 * applied one where a row has no operational value); the same keys in JSON (`-o json`) go through
 * nvue_roce_section. A key or table this reader does not know is listed as not understood once. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter/cfgtext.h"
#include "probe/probe.h"
#include "util/hmap.h"
#include "util/str.h"
#include "vendors/nvue/nvue_cfg.h"

/* A set of numbers as the status prints it ("0,3"), or none ("none", "-"). */
static bool numset(const char *w, int64_t max, uint64_t *mask)
{
	if (!strcmp(w, "none") || !strcmp(w, "-")) {
		*mask = 0;
		return true;
	}
	return numset_str(w, max, mask);
}

/* One value of the status: section ("" at the top), key, value; *known false for a key this
 * reader does not know (or a value not of its form). */
static void roce_value(struct fc_model *m, struct nvue_roce_shown *sh, const char *sec, const char *key, const char *v,
		       struct fc_src at, bool *known)
{
	int64_t x;
	uint64_t set;
	bool on;

	*known = true;
	if (!*sec && !strcmp(key, "mode") && *v)
		fc_set_str(m, &sh->mode, v, at);
	else if (!*sec && !strcmp(key, "enable") && nvue_onoff(v, &on)) {
		if (!on)
			fc_set_str(m, &sh->mode, "off", at);
	} else if ((!*sec || !strcmp(sec, "pfc")) && !strcmp(key, "cable-length") && fc_parse_i64(v, 1, 100000, &x))
		fc_set_int(&sh->cable_m, x, at);
	else if (!strcmp(sec, "pfc") && (!strcmp(key, "pfc-priority") || !strcmp(key, "switch-priority")) &&
		 numset(v, 7, &set))
		fc_set_int(&sh->pfc_prios, (int64_t)set, at);
	else if (!strcmp(sec, "pfc") && (!strcmp(key, "rx-enabled") || !strcmp(key, "tx-enabled")) && nvue_onoff(v, &on))
		fc_set_bool(!strcmp(key, "rx-enabled") ? &sh->pfc_rx : &sh->pfc_tx, on, at);
	else if (!strcmp(sec, "congestion-control") && !strcmp(key, "congestion-mode"))
		;   /* ECN, RED: the per-class ECN is what enabled-tc says */
	else if (!strcmp(sec, "congestion-control") && !strcmp(key, "enabled-tc") && numset(v, 7, &set))
		fc_set_int(&sh->ecn_tcs, (int64_t)set, at);
	else if (!strcmp(sec, "congestion-control") && (!strcmp(key, "min-threshold") || !strcmp(key, "max-threshold")) &&
		 bytes_of(v, &x))
		fc_set_int(!strcmp(key, "min-threshold") ? &sh->kmin : &sh->kmax, x, at);
	else if (!strcmp(sec, "congestion-control") && !strcmp(key, "probability") && fc_parse_i64(v, 0, 100, &x))
		fc_set_int(&sh->prob, x, at);
	else if (!strcmp(sec, "trust") && !strcmp(key, "trust-mode") &&
		 (!strcmp(v, "pcp,dscp") || !strcmp(v, "dscp,pcp") || !strcmp(v, "dscp") || !strcmp(v, "pcp") ||
		  !strcmp(v, "both") || !strcmp(v, "l2") || !strcmp(v, "l3") || !strcmp(v, "port")))
		fc_set_str(m, &sh->trust, !strcmp(v, "dscp") || !strcmp(v, "l3") ? "l3" : !strcmp(v, "pcp") || !strcmp(v, "l2")
			   ? "l2" : !strcmp(v, "port") ? "port" : "both", at);
	else if (!strcmp(sec, "lldp-app-tlv") && (!strcmp(key, "priority") || !strcmp(key, "protocol-id") ||
						  !strcmp(key, "selector")))
		;   /* what the switch advertises to hosts (DCBX): no port value of the model */
	else
		*known = false;
}

/* Lists "<what>: <text>" at line once per distinct text (a table's every row says the same). */
static enum fc_rc once(struct fc_parse_ctx *c, struct fc_hmap **seen, unsigned line, const char *text)
{
	int failed = 0;

	if (!*seen && !(*seen = fc_hmap_new(c->m->arena, 16)))
		return FC_ERR_NOMEM;
	if (fc_hmap_put(*seen, text, strlen(text), (void *)1, &failed))
		return FC_OK;
	if (failed)
		return FC_ERR_NOMEM;
	return fc_dev_add_unparsed(c->m, c->dev, fc_src_at(c->file, line), text, strlen(text));
}

enum fc_rc nvue_roce_section(struct fc_parse_ctx *c, struct nvue_roce_shown *sh, const char *section,
			     const struct doc_node *n, struct fc_hmap **seen)
{
	size_t i;
	enum fc_rc rc = FC_OK;

	for (i = 0; i < n->n && rc == FC_OK; i++) {
		const struct doc_node *v = n->items[i];
		char text[160];
		bool known = false;

		if (v->type == DOC_STR || v->type == DOC_NUM || v->type == DOC_BOOL)
			roce_value(c->m, sh, section, n->keys[i], v->str, fc_src_at(c->file, n->key_lines[i]), &known);
		if (!known) {
			snprintf(text, sizeof(text), "nv show qos roce %s %s", section, n->keys[i]);
			rc = once(c, seen, n->key_lines[i], text);
		}
	}
	return rc;
}

/* --- the text form ----------------------------------------------------------------------------- */

struct table {
	enum { T_NONE, T_MAP, T_TC, T_POOL, T_OTHER } kind;
	struct fc_words hdr;      /* the header's column names (the row index column has none) */
	bool header;              /* the header line was read */
};

static int colof(const struct table *t, const char *name)
{
	size_t k;

	for (k = 0; k < t->hdr.n; k++)
		if (!strcmp(t->hdr.w[k], name))
			return (int)k;
	return -1;
}

/* A row of a table: its cells by the header's names (the first word is the row's index). */
static enum fc_rc table_row(struct fc_parse_ctx *c, struct nvue_roce_shown *sh, const struct table *t, char **w, size_t n,
			    unsigned line, struct fc_hmap **seen)
{
	struct fc_src at = fc_src_at(c->file, line);
	int sp = colof(t, "switch-prio"), dscp = colof(t, "dscp"), tc = colof(t, "traffic-class"),
	    wgt = colof(t, "scheduler-weight");
	int64_t s, x;
	uint64_t set;
	int d;

	if (n != t->hdr.n + 1)
		return once(c, seen, line, "nv show qos roce: a table row whose cells do not match its header");
	w++;   /* the row index */
	if (t->kind == T_MAP && sp >= 0 && dscp >= 0 && fc_parse_i64(w[sp], 0, 7, &s) && numset(w[dscp], 63, &set)) {
		for (d = 0; d < 64; d++)
			if ((set >> d) & 1)
				fc_set_int(&sh->dscp_sp[d], s, at);
		return FC_OK;
	}
	if (t->kind == T_TC && sp >= 0 && tc >= 0 && fc_parse_i64(w[sp], 0, 7, &s) && fc_parse_i64(w[tc], 0, 7, &x)) {
		fc_set_int(&sh->sp_tc[s], x, at);
		if (wgt >= 0) {
			int64_t pct;

			if (!strncasecmp(w[wgt], "strict", 6))
				fc_set_bool(&sh->strict[x], true, at);
			else if (!strncasecmp(w[wgt], "DWRR-", 5) && fc_parse_i64n(w[wgt] + 5, strcspn(w[wgt] + 5, "%"), 0, 100,
											&pct)) {
				fc_set_bool(&sh->strict[x], false, at);
				fc_set_int(&sh->bw[x], pct, at);
			} else
				return once(c, seen, line, "nv show qos roce: a scheduler-weight not understood");
		}
		return FC_OK;
	}
	if (t->kind == T_POOL)
		return FC_OK;   /* buffer pools: Spectrum sizes them; the lossless one follows the mode */
	return once(c, seen, line, "nv show qos roce: a table row not understood");
}

/* Whether the line starting at p is a rule of '=' (a table's title is the line above it). */
static bool next_is_rule(const char *p)
{
	size_t n = 0;

	p += strspn(p, " ");
	while (p[n] == '=')
		n++;
	return n > 2 && (p[n] == '\n' || p[n] == '\r' || !p[n] || p[n] == ' ');
}

/* The status text into sh. */
static enum fc_rc roce_text(struct fc_parse_ctx *c, struct nvue_roce_shown *sh, const char *text)
{
	struct fc_lines it;
	struct fc_hmap *seen = NULL;
	char section[64] = "", prev[200] = "";
	size_t op_col = 0, ap_col = 0;
	struct fc_words row = { 0 };
	struct table t;
	unsigned prev_line = 0;
	bool any = false;
	enum fc_rc rc = FC_OK;

	memset(&t, 0, sizeof(t));
	sh->src = fc_src_at(c->file, 1);
	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		const char *l = it.line;
		size_t len = it.len, ind = strspn(l, " ");

		while (len && (l[len - 1] == ' ' || l[len - 1] == '\r'))
			len--;
		if (ind >= len) {   /* a blank line ends a table */
			t.kind = T_NONE;
			t.header = false;
			continue;
		}
		if (next_is_rule(it.p)) {   /* a table's title: read with its rule, next */
			fc_copy_n(prev, sizeof(prev), l + ind, len - ind);
			prev_line = it.lineno;
			continue;
		}
		if (strspn(l + ind, "=") == len - ind) {   /* a table's title above */
			t.kind = strstr(prev, "DSCP->SP") ? T_MAP : strstr(prev, "SP->TC") ? T_TC
			       : strstr(prev, "pool") ? T_POOL : T_OTHER;
			t.header = false;
			if (t.kind == T_OTHER)
				rc = once(c, &seen, prev_line, "nv show qos roce: a table not understood");
			continue;
		}
		if (strspn(l + ind, "- ") == len - ind)
			continue;
		fc_copy_n(prev, sizeof(prev), l + ind, len - ind);
		prev_line = it.lineno;
		if (!op_col && strstr(prev, "operational")) {   /* the columns' header */
			op_col = (size_t)(strstr(l, "operational") - l);
			ap_col = strstr(l, "applied") ? (size_t)(strstr(l, "applied") - l) : 0;
			continue;
		}
		if (t.kind != T_NONE) {
			if (!t.header) {   /* the table's column names */
				if (!fc_words_split(&t.hdr, l, len))
					rc = FC_ERR_NOMEM;
				t.header = true;
				continue;
			}
			if (t.kind == T_OTHER)
				continue;
			if (!fc_words_split(&row, l, len)) {
				rc = FC_ERR_NOMEM;
				continue;
			}
			rc = table_row(c, sh, &t, row.w, row.n, it.lineno, &seen);
			any = true;
			continue;
		}
		/* a key line: "<key>  <operational>  <applied>", or a section's name alone */
		{
			size_t kend = ind;

			while (kend < len && l[kend] != ' ')
				kend++;
			char key[64], val[128] = "";
			bool known;

			fc_copy_n(key, sizeof(key), l + ind, kend - ind);
			if (op_col && len > op_col) {
				size_t end = ap_col > op_col && len > ap_col ? ap_col : len;

				fc_copy_n(val, sizeof(val), l + op_col, end - op_col);
				if (!*val || strspn(val, " ") == strlen(val))   /* no operational value: the applied one */
					snprintf(val, sizeof(val), "%.*s", ap_col && len > ap_col ? (int)(len - ap_col) : 0,
						 ap_col ? l + ap_col : "");
			} else if (!op_col && kend < len)
				fc_copy_n(val, sizeof(val), l + kend, len - kend);
			{   /* trim */
				char *p = val + strspn(val, " ");
				size_t k = strlen(p);

				while (k && p[k - 1] == ' ')
					p[--k] = '\0';
				memmove(val, p, k + 1);
			}
			if (!*val && !ind) {   /* a section */
				snprintf(section, sizeof(section), "%s", key);
				continue;
			}
			if (!*val)
				continue;   /* nothing running there (a lossy mode's PFC rows) */
			if (!ind)
				section[0] = '\0';
			roce_value(c->m, sh, section, key, val, fc_src_at(c->file, it.lineno), &known);
			any = true;
			if (!known) {
				char msg[200];

				snprintf(msg, sizeof(msg), "nv show qos roce %s%s%s: %s", section, *section ? " " : "", key, val);
				rc = once(c, &seen, it.lineno, msg);
			}
		}
	}
	if (rc == FC_OK && !any)
		rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "expected nv show qos roce's table of keys and values");
	fc_words_free(&row);
	fc_words_free(&t.hdr);
	return rc;
}

enum fc_rc nvue_text_roce(struct fc_parse_ctx *c, const char *text)
{
	struct nvue_state *s = nvue_state(c);

	return s ? roce_text(c, &s->shown, text) : FC_ERR_NOMEM;
}

/* The port a per-port command names: "nv show interface swp1 qos roce status" -> swp1. */
static struct nvue_port *port_of_command(struct fc_parse_ctx *c, struct nvue_state *s)
{
	const char *p = c->command ? strstr(c->command, "interface ") : NULL;
	char name[FC_IFLIST_NAME], buf[FC_IFLIST_NAME];
	size_t n;

	if (!p)
		return NULL;
	p += 10;
	p += strspn(p, " ");
	n = strcspn(p, " ");
	if (!n || n >= sizeof(name))
		return NULL;
	snprintf(name, sizeof(name), "%.*s", (int)n, p);
	if (!nvue_ifname_canon(name, n, buf, sizeof(buf)))
		return NULL;
	return nvue_port_of(c, s, buf);
}

static const char *port_missing = "expected the port in the command the output was saved under "
				  "(nv show interface <port> qos roce ...)";

enum fc_rc nvue_text_port_roce_status(struct fc_parse_ctx *c, const char *text)
{
	struct nvue_state *s = nvue_state(c);
	struct nvue_port *p;

	if (!s)
		return FC_ERR_NOMEM;
	if (!(p = port_of_command(c, s)))
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "%s", port_missing);
	p->data = true;
	if (!p->shown && !(p->shown = fc_alloc(c->m->arena, sizeof(*p->shown))))
		return FC_ERR_NOMEM;
	return roce_text(c, p->shown, text);
}

/* Counters: "<name>  <value>" rows under sections; PFC pause frames received and sent into the
 * port's rx_ppp and tx_ppp (summed over priorities), every row into its counters by its name. */
enum fc_rc nvue_text_port_roce_counters(struct fc_parse_ctx *c, const char *text)
{
	struct nvue_state *s = nvue_state(c);
	struct nvue_port *p;
	struct fc_swport *sw;
	struct fc_lines it;
	char section[64] = "";
	int64_t rx = 0, tx = 0;
	bool any_rx = false, any_tx = false, any = false;
	enum fc_rc rc = FC_OK;
	unsigned rx_line = 0, tx_line = 0;
	struct fc_words ws = { 0 };

	if (!s)
		return FC_ERR_NOMEM;
	if (!(p = port_of_command(c, s)))
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "%s", port_missing);
	p->data = true;
	if (!(sw = fc_swport_mut(c->m, p->ifc)))
		return FC_ERR_NOMEM;
	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next_words(&it, &ws, &rc)) {
		char **w = ws.w, name[160];
		size_t n = ws.n, ind = strspn(it.line, " ");
		int64_t v;

		if (!n || strspn(w[0], "-=") == strlen(w[0]) || !strcmp(w[0], "operational"))
			continue;
		if (n == 1 && !ind) {
			snprintf(section, sizeof(section), "%s", w[0]);
			continue;
		}
		if (n != 2 || !fc_parse_i64(w[1], 0, INT64_MAX, &v)) {
			rc = fc_dev_add_unparsed(c->m, c->dev, fc_src_at(c->file, it.lineno), it.line, it.len);
			continue;
		}
		snprintf(name, sizeof(name), "%s%s%s", ind ? section : "", ind && *section ? "." : "", w[0]);
		{
			struct fc_counter one = { fc_model_str(c->m, name), v };

			if (!one.name || fc_iface_add_stats(c->m, p->ifc, &one, 1, fc_src_at(c->file, it.lineno)) != FC_OK) {
				fc_words_free(&ws);
				return FC_ERR_NOMEM;
			}
		}
		any = true;
		if (strstr(name, "pause") && strstr(name, "rx"))
			rx += v, any_rx = true, rx_line = rx_line ? rx_line : it.lineno;
		else if (strstr(name, "pause") && strstr(name, "tx"))
			tx += v, any_tx = true, tx_line = tx_line ? tx_line : it.lineno;
	}
	fc_words_free(&ws);
	if (rc == FC_OK && !any)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "expected counters, one '<name> <value>' a line");
	if (any_rx)
		fc_set_int(&sw->cnt_rx_ppp, rx, fc_src_at(c->file, rx_line));
	if (any_tx)
		fc_set_int(&sw->cnt_tx_ppp, tx, fc_src_at(c->file, tx_line));
	return rc;
}

/* A reading and the module's own limits, where it states them. */
static void dom(struct fc_dom_val *d, double v, const struct fc_module_th *th, struct fc_src at)
{
	fc_dom_set(d, v, at);
	if (!th->set)
		return;
	d->hi_alarm = th->hi_alarm, d->lo_alarm = th->lo_alarm, d->hi_warn = th->hi_warn, d->lo_warn = th->lo_warn;
	d->thresholds = true;
}

/* `ethtool -m swpN` on the switch (saved as "sudo ethtool -m swp1"): the module's type, vendor,
 * lengths and monitors with their thresholds, through the decoder the host probe uses. */
enum fc_rc nvue_text_ethtool_module(struct fc_parse_ctx *c, const char *text)
{
	struct nvue_state *s = nvue_state(c);
	const char *arg = c->command ? strrchr(c->command, ' ') : NULL;
	struct fc_module_info mi;
	struct fc_err e;
	struct fc_src at = fc_src_at(c->file, 1);
	struct nvue_port *p;
	struct fc_xcvr *x;
	char buf[FC_IFLIST_NAME];
	int k;

	if (!s)
		return FC_ERR_NOMEM;
	if (!arg || !nvue_ifname_canon(arg + 1, strlen(arg + 1), buf, sizeof(buf)))
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "expected the port in the command the output was saved "
									 "under (ethtool -m swpN)");
	fc_err_clear(&e);
	memset(&mi, 0, sizeof(mi));
	if (fc_module_text(text, &mi, &e) != FC_OK) {
		fc_err_locate(&e, c->file, 1);
		return fc_err_take(c->err, &e);
	}
	if (!(p = nvue_port_of(c, s, buf)))
		return FC_ERR_NOMEM;
	p->data = true;
	if (!(x = fc_xcvr_mut(c->m, p->ifc)))
		return FC_ERR_NOMEM;
	fc_set_bool(&x->present, true, at);
	if (mi.compliance[0] || mi.identifier[0])
		fc_set_str(c->m, &x->type, mi.compliance[0] ? mi.compliance : mi.identifier, at);
	if (mi.vendor[0])
		fc_set_str(c->m, &x->vendor, mi.vendor, at);
	if (mi.part[0])
		fc_set_str(c->m, &x->part, mi.part, at);
	if (mi.serial[0])
		fc_set_str(c->m, &x->serial, mi.serial, at);
	if (mi.has_length)
		fc_set_dbl(&x->cable_len_m, mi.length_m, at);
	if (x->type.m.known && fc_medium_of(x->type.v))
		fc_set_medium(&p->ifc->medium, fc_medium_of(x->type.v), at);
	fc_set_bool(&x->dom_supported, mi.dom, at);
	if (mi.has_temp || mi.has_volt) {
		struct fc_dom_lane *l0 = fc_xcvr_lane(c->m, x, 0);

		if (!l0)
			return FC_ERR_NOMEM;
		if (mi.has_temp)
			dom(&l0->temp_c, mi.temp_c, &mi.th_temp, at);
		if (mi.has_volt)
			dom(&l0->volt_v, mi.volt_v, &mi.th_volt, at);
	}
	for (k = 0; k < mi.nlanes && k < 8; k++) {
		struct fc_dom_lane *l;

		if (!mi.lane[k].has)
			continue;
		if (!(l = fc_xcvr_lane(c->m, x, k + 1)))
			return FC_ERR_NOMEM;
		dom(&l->bias_ma, mi.lane[k].bias_ma, &mi.th_bias, at);
		dom(&l->tx_dbm, mi.lane[k].tx_dbm, &mi.th_tx, at);
		dom(&l->rx_dbm, mi.lane[k].rx_dbm, &mi.th_rx, at);
	}
	return FC_OK;
}

/* --- nv show interface (text) ------------------------------------------------------------------ */

/* The summary table of `nv show interface`: Interface, MTU (Linux), Speed, State (operational),
 * Remote Host and Remote Port (the LLDP neighbour), Type, Summary (one "IP Address: a/len" a line,
 * the interface's further lines with an empty Interface cell). Columns are found by the header's
 * titles; a row's "+ " mark is not part of the name. */
enum col { C_IF, C_MTU, C_SPEED, C_STATE, C_RHOST, C_RPORT, C_TYPE, C_SUMMARY, C_N };

static void cell(const char *l, size_t len, const size_t *at, int k, char *out, size_t size)
{
	size_t a = at[k], b = len;
	int j;

	for (j = k + 1; j < C_N; j++)
		if (at[j] > a) {
			b = at[j] < len ? at[j] : len;
			break;
		}
	if (a >= len || a >= b) {
		*out = '\0';
		return;
	}
	while (a < b && l[a] == ' ')
		a++;
	while (b > a && l[b - 1] == ' ')
		b--;
	fc_copy_n(out, size, l + a, b - a);
}

enum fc_rc nvue_text_interfaces(struct fc_parse_ctx *c, const char *text)
{
	static const char *const titles[C_N] = { "Interface", "MTU", "Speed", "State", "Remote Host", "Remote Port", "Type",
						 "Summary" };
	struct nvue_state *s = nvue_state(c);
	struct fc_lines it;
	size_t at[C_N];
	bool header = false, any = false;
	struct nvue_port *cur = NULL;
	struct fc_hmap *seen = NULL;
	enum fc_rc rc = FC_OK;
	int k;

	if (!s)
		return FC_ERR_NOMEM;
	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		const char *l = it.line;
		size_t len = it.len;
		char v[C_N][128];
		struct fc_src src = fc_src_at(c->file, it.lineno);
		int64_t x, lanes;

		while (len && (l[len - 1] == ' ' || l[len - 1] == '\r'))
			len--;
		if (!header) {
			const char *t = memmem(l, len, "Interface", 9);

			if (!t || !memmem(l, len, "MTU", 3) || !memmem(l, len, "State", 5))
				continue;
			for (k = 0; k < C_N; k++) {
				const char *p = memmem(l, len, titles[k], strlen(titles[k]));

				at[k] = p ? (size_t)(p - l) : (size_t)-1;
			}
			at[C_IF] = 0;   /* a row's "+ " mark sits before the title */
			header = true;
			continue;
		}
		if (!len || strspn(l, "- ") == len)
			continue;
		for (k = 0; k < C_N; k++)
			if (at[k] == (size_t)-1)
				v[k][0] = '\0';
			else
				cell(l, len, at, k, v[k], sizeof(v[k]));
		if (!strncmp(v[C_IF], "+ ", 2))
			memmove(v[C_IF], v[C_IF] + 2, strlen(v[C_IF]) - 1);
		if (v[C_IF][0]) {   /* a new interface */
			char buf[FC_IFLIST_NAME];
			bool data = !strcmp(v[C_TYPE], "swp") || !strcmp(v[C_TYPE], "bond") ||
				    (!v[C_TYPE][0] && !strncmp(v[C_IF], "swp", 3));

			cur = NULL;
			any = true;
			if (!data)
				continue;   /* eth0, lo, vlans, the bridge: off the fabric's data path */
			if (!nvue_ifname_canon(v[C_IF], strlen(v[C_IF]), buf, sizeof(buf))) {
				rc = fc_dev_add_unparsed(c->m, c->dev, src, l, len);
				continue;
			}
			if (!(cur = nvue_port_of(c, s, buf)))
				return FC_ERR_NOMEM;
			cur->data = true;
			if (fc_parse_i64(v[C_MTU], 552, 65535, &x)) {
				fc_set_int(&cur->ifc->mtu, x + 18, src);
				cur->ifc->mtu.m.why = "NVUE's MTU is the Linux (IP) MTU: + 14 bytes of Ethernet header and 4 of VLAN "
						      "tag";
			}
			if (v[C_SPEED][0] && fc_speed_parse(v[C_SPEED], &x, &lanes))
				fc_set_int(&cur->ifc->speed_mbps, x, src);
			if (!strcmp(v[C_STATE], "up") || !strcmp(v[C_STATE], "down"))
				fc_set_str(c->m, &cur->ifc->oper_state, v[C_STATE], src);
			if (v[C_RHOST][0]) {
				fc_set_str(c->m, &cur->ifc->lldp_sysname, v[C_RHOST], src);
				if (v[C_RPORT][0])
					fc_set_str(c->m, &cur->ifc->lldp_port, v[C_RPORT], src);
			}
		}
		if (!cur || !v[C_SUMMARY][0])
			continue;
		if (!strncmp(v[C_SUMMARY], "IP Address:", 11)) {
			const char *a = v[C_SUMMARY] + 11 + strspn(v[C_SUMMARY] + 11, " ");

			rc = fc_strlist_add(c->m, &cur->ifc->addresses, a, src);
		} else {
			char what[80];

			snprintf(what, sizeof(what), "nv show interface: Summary %.*s", (int)strcspn(v[C_SUMMARY], ":"),
				 v[C_SUMMARY]);
			rc = once(c, &seen, it.lineno, what);
		}
	}
	if (rc == FC_OK && !any)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "expected nv show interface's table (Interface, MTU, "
								    "Speed, State, ...)");
	return rc;
}
