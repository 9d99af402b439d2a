/* SPDX-License-Identifier: MIT */
/* SONiC CLI state outputs. sonic-utilities prints them with Python's tabulate ("simple" format): a
 * header line, a line of dash runs (one per column, separated by spaces), then one line per row,
 * each cell under its column's dashes. The columns are found by their header names (not by
 * position: releases add columns), each cell by its column's span. Lines before the header (a
 * legend, a prompt) and after the table (a rule of dashes, "Total entries displayed") are known;
 * any other line is listed as not understood.
 *   show interfaces status       oper and admin state, operational speed, MTU, configured FEC
 *   show interfaces fec status   the active FEC (FEC Oper)
 *   show lldp table              each port's LLDP neighbour: system name and port
 *   show pfc priority            each port's lossless priorities (CONFIG_DB as it runs)
 *   pfcwd show config            each watched port's watchdog action and times
 *   show pfc counters            PFC frames per priority, received and sent (two tables)
 *   show pfc counters --history  per priority, pause transitions received and the time paused (us)
 *   show interfaces counters     frames OK, errors, drops, overruns, received and sent
 *   show queue counters          per queue, packets and bytes sent and dropped
 *   show acl rule                per ACL rule, the packets it matched */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter/cfgtext.h"
#include "vendors/sonic/sonic.h"
#include "util/str.h"

#define MAX_COLS 32

struct col {
	size_t start, end;      /* the dash run: [start, end) */
	char name[64];
};

struct table {
	struct col c[MAX_COLS];
	size_t n;
};

static bool dash_line(const char *s, size_t n)
{
	size_t i, dashes = 0;

	for (i = 0; i < n; i++) {
		if (s[i] == '-')
			dashes++;
		else if (s[i] != ' ')
			return false;
	}
	return dashes > 0;
}

/* The columns from the dash line, named from the header line above it. */
static bool columns(struct table *t, const char *hdr, size_t hn, const char *dl, size_t dn)
{
	size_t i = 0;

	t->n = 0;
	while (i < dn) {
		size_t s, e, a, b;

		while (i < dn && dl[i] == ' ')
			i++;
		if (i >= dn)
			break;
		s = i;
		while (i < dn && dl[i] == '-')
			i++;
		e = i;
		if (t->n == MAX_COLS)
			return false;
		a = s < hn ? s : hn;
		b = e < hn ? e : hn;
		while (a < b && hdr[a] == ' ')
			a++;
		while (b > a && hdr[b - 1] == ' ')
			b--;
		fc_copy_n(t->c[t->n].name, sizeof(t->c[t->n].name), hdr + a, b - a);
		t->c[t->n].start = s;
		t->c[t->n].end = e;
		t->n++;
	}
	return t->n > 0;
}

static int col_of(const struct table *t, const char *name)
{
	size_t i;

	for (i = 0; i < t->n; i++)   /* the first byte first: read per cell of every row */
		if (t->c[i].name[0] == name[0] && !strcmp(t->c[i].name, name))
			return (int)i;
	return -1;
}

/* Cell k of row line l (trimmed), into buf; "" when the line is short. Right-aligned cells may start
 * before their dash run (tabulate aligns numbers right): a cell is what lies between the previous
 * column's end and the next column's start, trimmed. */
static const char *cell(const struct table *t, int k, const char *l, size_t n, char *buf, size_t size)
{
	size_t a, b;

	buf[0] = '\0';
	if (k < 0)
		return buf;
	a = k ? t->c[k - 1].end : 0;
	b = (size_t)k + 1 < t->n ? t->c[k + 1].start : n;
	if (a > n)
		return buf;
	if (b > n)
		b = n;
	while (a < b && l[a] == ' ')
		a++;
	while (b > a && l[b - 1] == ' ')
		b--;
	return fc_copy_n(buf, size, l + a, b - a);
}

typedef enum fc_rc row_fn(struct fc_parse_ctx *c, const struct table *t, const char *l, size_t n, unsigned lineno);

/* tabulate sizes each column to its widest value and puts two spaces between columns: a row with
 * anything but blanks in a gap has a value wider than its column (an edited or pasted table), and
 * cutting it at the columns would read a wrong port name or value: such a row is not read. */
static bool row_fits(const struct table *t, const char *l, size_t n)
{
	size_t k, i;

	for (k = 0; k + 1 < t->n; k++)
		for (i = t->c[k].end; i < t->c[k + 1].start && i < n; i++)
			if (l[i] != ' ' && l[i] != '\t')
				return false;
	return true;
}

static bool known_extra(const char *s, size_t n)
{
	return (n >= 23 && !strncmp(s, "Total entries displayed", 23)) || (n >= 17 && !strncmp(s, "Capability codes:", 17)) ||
	       (n >= 27 && !strncmp(s, "Changed polling interval to", 27)) || (n >= 14 && !strncmp(s, "BIG_RED_SWITCH", 14));
}

/* After a blank line in a table: whether rows follow (the next non-blank line is neither a rule nor
 * the header of another table, i.e. not followed by a rule). */
static bool continues(const struct fc_lines *at)
{
	struct fc_lines it = *at;
	bool row = false;

	while (fc_lines_next(&it)) {
		size_t n = it.len;

		while (n && (it.line[n - 1] == ' ' || it.line[n - 1] == '\r'))
			n--;
		if (!n)
			continue;
		if (row)
			return !dash_line(it.line, n);   /* a header is followed by its rule */
		if (dash_line(it.line, n))
			return false;
		row = true;
	}
	return row;
}

static bool has_all(const struct table *t, const char *const *need)
{
	size_t k;

	for (k = 0; need && need[k]; k++)
		if (col_of(t, need[k]) < 0)
			return false;
	return need != NULL;
}

/* Walks the output: finds every table whose header has the columns of need or of need2 (an output
 * may hold several tables: show pfc counters prints Rx then Tx), and calls row for each row. */
static enum fc_rc walk2(struct fc_parse_ctx *c, const char *text, const char *const *need, const char *const *need2,
			row_fn *row)
{
	struct fc_lines it;
	struct table t;
	const char *prev = NULL;
	size_t prevn = 0;
	unsigned prevno = 0;
	bool in = false, found = false;
	enum fc_rc rc;

	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		const char *l = it.line;
		size_t n = it.len;

		while (n && (l[n - 1] == ' ' || l[n - 1] == '\r'))
			n--;
		if (!in && prev && dash_line(l, n) && columns(&t, prev, prevn, l, n)) {
			if (has_all(&t, need) || has_all(&t, need2)) {
				in = found = true;
				prev = NULL;   /* the header */
				continue;
			}
		}
		if (in) {
			if (!n && continues(&it)) {
				continue;   /* a blank line between groups of rows (pfcstat --history) */
			}
			if (!n || dash_line(l, n)) {
				in = false;   /* the table ends at a blank line or a rule */
				continue;
			}
			if (!row_fits(&t, l, n)) {
				char msg[160];

				snprintf(msg, sizeof(msg), "a value runs into the gap between two columns of the table: the row "
							   "is not read (%.60s)", l);
				if ((rc = fc_dev_add_unparsed(c->m, c->dev, fc_src_at(c->file, it.lineno), msg, strlen(msg))) != FC_OK)
					return rc;
				continue;
			}
			if ((rc = row(c, &t, l, n, it.lineno)) != FC_OK)
				return rc;
			continue;
		}
		if (prev && prevn && !known_extra(prev, prevn) && !dash_line(prev, prevn) &&
		    (rc = fc_dev_add_unparsed(c->m, c->dev, fc_src_at(c->file, prevno), prev, prevn)) != FC_OK)
			return rc;
		prev = l;
		prevn = n;
		prevno = it.lineno;
	}
	if (prev && prevn && !known_extra(prev, prevn) && !dash_line(prev, prevn) &&
	    (rc = fc_dev_add_unparsed(c->m, c->dev, fc_src_at(c->file, prevno), prev, prevn)) != FC_OK)
		return rc;
	if (!found)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "expected a table with the columns %s%s%s%s%s", need[0],
				  need[1] ? ", " : "", need[1] ? need[1] : "", need[1] && need[2] ? ", " : "",
				  need[1] && need[2] ? need[2] : "");
	return FC_OK;
}

static enum fc_rc walk(struct fc_parse_ctx *c, const char *text, const char *const *need, row_fn *row)
{
	return walk2(c, text, need, NULL, row);
}

/* "100G" / "40G" / "400G" / "N/A" -> Mb/s; false when not a speed. */
static enum fc_fec fec_name(const char *s)
{
	return fc_spelling_find(sonic_fec_words, s, false);
}

static enum fc_rc status_row(struct fc_parse_ctx *c, const struct table *t, const char *l, size_t n, unsigned lineno)
{
	char name[128], v[128];
	struct fc_iface *ifc;
	struct fc_src src = fc_src_at(c->file, lineno);
	int64_t x;

	if (!*cell(t, col_of(t, "Interface"), l, n, name, sizeof(name)))
		return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
	if (!(ifc = fc_dev_iface(c->m, c->dev, name)))
		return FC_ERR_NOMEM;
	if (*cell(t, col_of(t, "Oper"), l, n, v, sizeof(v)) && strcmp(v, "N/A"))
		fc_set_str(c->m, &ifc->oper_state, v, src);
	if (*cell(t, col_of(t, "Admin"), l, n, v, sizeof(v)) && strcmp(v, "N/A"))
		fc_set_str(c->m, &ifc->admin_state, v, src);
	if (fc_speed_parse(cell(t, col_of(t, "Speed"), l, n, v, sizeof(v)), &x, NULL))
		fc_set_int(&ifc->speed_mbps, x, src);
	if (fc_parse_i64(cell(t, col_of(t, "MTU"), l, n, v, sizeof(v)), 68, 65535, &x)) {
		fc_set_int(&ifc->mtu, x + 18, src);
		ifc->mtu.m.why = "SONiC's MTU is the IP MTU: + 14 bytes of Ethernet header and 4 of VLAN tag";
	}
	if (fec_name(cell(t, col_of(t, "FEC"), l, n, v, sizeof(v))))
		fc_set_fec(&ifc->fec_config, fec_name(v), src);
	return FC_OK;
}

static enum fc_rc fec_row(struct fc_parse_ctx *c, const struct table *t, const char *l, size_t n, unsigned lineno)
{
	char name[128], v[128];
	struct fc_iface *ifc;
	struct fc_src src = fc_src_at(c->file, lineno);

	if (!*cell(t, col_of(t, "Interface"), l, n, name, sizeof(name)))
		return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
	if (!(ifc = fc_dev_iface(c->m, c->dev, name)))
		return FC_ERR_NOMEM;
	if (fec_name(cell(t, col_of(t, "FEC Oper"), l, n, v, sizeof(v))))
		fc_set_fec(&ifc->fec_active, fec_name(v), src);
	else if (strcmp(v, "N/A"))
		return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
	if (fec_name(cell(t, col_of(t, "FEC Admin"), l, n, v, sizeof(v))))
		fc_set_fec(&ifc->fec_config, fec_name(v), src);
	return FC_OK;
}

static enum fc_rc lldp_row(struct fc_parse_ctx *c, const struct table *t, const char *l, size_t n, unsigned lineno)
{
	char port[128], sys[256], rport[128];
	struct fc_iface *ifc;
	struct fc_src src = fc_src_at(c->file, lineno);

	if (!*cell(t, col_of(t, "LocalPort"), l, n, port, sizeof(port)) ||
	    !*cell(t, col_of(t, "RemoteDevice"), l, n, sys, sizeof(sys)) ||
	    !*cell(t, col_of(t, "RemotePortID"), l, n, rport, sizeof(rport)))
		return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
	if (strncmp(port, "Ethernet", 8))
		return FC_OK;   /* eth0, the management port: not on the fabric */
	if (!(ifc = fc_dev_iface(c->m, c->dev, port)))
		return FC_ERR_NOMEM;
	fc_set_str(c->m, &ifc->lldp_sysname, sys, src);
	fc_set_str(c->m, &ifc->lldp_port, rport, src);
	return FC_OK;
}

/* show pfc priority: "Interface  Lossless priorities" (3,4, or N/A where PFC is off). */
static enum fc_rc pfc_row(struct fc_parse_ctx *c, const struct table *t, const char *l, size_t n, unsigned lineno)
{
	char name[128], v[128];
	struct fc_src src = fc_src_at(c->file, lineno);
	struct sonic_state *s = sonic_state(c);

	if (!s)
		return FC_ERR_NOMEM;
	if (!*cell(t, col_of(t, "Interface"), l, n, name, sizeof(name)) || strncmp(name, "Ethernet", 8))
		return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
	cell(t, col_of(t, "Lossless priorities"), l, n, v, sizeof(v));
	if (strspn(v, "01234567,") != strlen(v) && strcmp(v, "N/A"))
		return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
	return sonic_put(c, s, "SHOW_PORT_QOS_MAP", name, src, "pfc_enable", strcmp(v, "N/A") ? v : "", src);
}

/* pfcwd show config: "PORT  ACTION  DETECTION TIME  RESTORATION TIME" per watched port. */
static enum fc_rc pfcwd_row(struct fc_parse_ctx *c, const struct table *t, const char *l, size_t n, unsigned lineno)
{
	static const char *const cols[][2] = {
		{ "ACTION", "action" }, { "DETECTION TIME", "detection_time" }, { "RESTORATION TIME", "restoration_time" },
	};
	char name[128], v[128];
	struct fc_src src = fc_src_at(c->file, lineno);
	struct sonic_state *s = sonic_state(c);
	size_t k;
	enum fc_rc rc;

	if (!s)
		return FC_ERR_NOMEM;
	if (!*cell(t, col_of(t, "PORT"), l, n, name, sizeof(name)) || strncmp(name, "Ethernet", 8))
		return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
	for (k = 0; k < sizeof(cols) / sizeof(cols[0]); k++)
		if (*cell(t, col_of(t, cols[k][0]), l, n, v, sizeof(v)) && strcmp(v, "N/A") &&
		    (rc = sonic_put(c, s, "SHOW_PFC_WD", name, src, cols[k][1], v, src)) != FC_OK)
			return rc;
	return FC_OK;
}

/* A counter as sonic-utilities prints it: "12,000,000", or N/A (unknown: false). */
static bool count_of(const char *s, int64_t *v)
{
	char digits[32];
	size_t n = 0;

	for (; *s && n + 1 < sizeof(digits); s++)
		if (*s != ',')
			digits[n++] = *s;
	digits[n] = '\0';
	return !*s && fc_parse_i64(digits, 0, INT64_MAX, v);
}

/* show pfc counters: a "Port Rx" table and a "Port Tx" table, PFC0..PFC7 frames per port. Into the
 * port's stats (rx_pfcN_frames, tx_pfcN_frames) and its PFC frame totals. */
static enum fc_rc pfccnt_row(struct fc_parse_ctx *c, const struct table *t, const char *l, size_t n, unsigned lineno)
{
	bool rx = col_of(t, "Port Rx") >= 0;
	char name[128], v[64], key[32], names[8][24];
	struct fc_src src = fc_src_at(c->file, lineno);
	struct fc_counter add[8];
	struct fc_iface *ifc;
	int64_t x, total = 0;
	size_t k, got = 0;

	if (!*cell(t, col_of(t, rx ? "Port Rx" : "Port Tx"), l, n, name, sizeof(name)) || strncmp(name, "Ethernet", 8))
		return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
	for (k = 0; k < 8; k++) {
		snprintf(key, sizeof(key), "PFC%zu", k);
		if (!*cell(t, col_of(t, key), l, n, v, sizeof(v)) || !strcmp(v, "N/A"))
			continue;
		if (!count_of(v, &x))
			return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
		snprintf(names[got], sizeof(names[got]), "%s_pfc%zu_frames", rx ? "rx" : "tx", k);
		add[got].name = names[got];
		add[got++].value = x;
		total += x;
	}
	if (!(ifc = fc_dev_iface(c->m, c->dev, name)))
		return FC_ERR_NOMEM;
	if (got == 8)
		fc_set_int(rx ? &ifc->sw->cnt_rx_ppp : &ifc->sw->cnt_tx_ppp, total, src);
	return got ? fc_iface_add_stats(c->m, ifc, add, got, src) : FC_OK;
}

/* show pfc counters --history: per port and priority, the pause transitions received and the total
 * time paused (us): stats rx_pfcN_pause_transitions, rx_pfcN_pause_us. */
static enum fc_rc pfchist_row(struct fc_parse_ctx *c, const struct table *t, const char *l, size_t n, unsigned lineno)
{
	char name[128], prio[16], a[64], b[64], names[2][40];
	struct fc_src src = fc_src_at(c->file, lineno);
	struct fc_counter add[2];
	struct fc_iface *ifc;
	int64_t p;

	size_t got = 0;

	if (!*cell(t, col_of(t, "Port"), l, n, name, sizeof(name)) || strncmp(name, "Ethernet", 8) ||
	    !*cell(t, col_of(t, "Priority"), l, n, prio, sizeof(prio)) || strncmp(prio, "PFC", 3) ||
	    !fc_parse_i64(prio + 3, 0, 7, &p))
		return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
	cell(t, col_of(t, "RX Pause Transitions"), l, n, a, sizeof(a));
	cell(t, col_of(t, "Total RX Pause Time US"), l, n, b, sizeof(b));
	/* N/A: never paused since the counters exist; nothing to say */
	if ((strcmp(a, "N/A") && !count_of(a, &add[0].value)) || (strcmp(b, "N/A") && !count_of(b, &add[1].value)))
		return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
	if (strcmp(a, "N/A")) {
		snprintf(names[got], sizeof(names[got]), "rx_pfc%lld_pause_transitions", (long long)p);
		add[got].name = names[got], add[got].value = add[0].value, got++;
	}
	if (strcmp(b, "N/A")) {
		int64_t us = add[1].value;

		snprintf(names[got], sizeof(names[got]), "rx_pfc%lld_pause_us", (long long)p);
		add[got].name = names[got], add[got].value = us, got++;
	}
	if (!(ifc = fc_dev_iface(c->m, c->dev, name)))
		return FC_ERR_NOMEM;
	return got ? fc_iface_add_stats(c->m, ifc, add, got, src) : FC_OK;
}

/* show queue counters: per port and queue (UC0.., MC8..), packets and bytes sent and dropped: stats
 * uc3_pkts, uc3_bytes, uc3_drop_pkts, uc3_drop_bytes. */
static enum fc_rc queue_row(struct fc_parse_ctx *c, const struct table *t, const char *l, size_t n, unsigned lineno)
{
	static const char *const cols[][2] = {
		{ "Counter/pkts", "pkts" }, { "Counter/bytes", "bytes" }, { "Drop/pkts", "drop_pkts" }, { "Drop/bytes", "drop_bytes" },
	};
	char name[128], q[16], v[64], names[4][48];
	struct fc_src src = fc_src_at(c->file, lineno);
	struct fc_counter add[4];
	struct fc_iface *ifc;
	size_t k, got = 0, i;
	int64_t qn;

	if (!*cell(t, col_of(t, "Port"), l, n, name, sizeof(name)) || strncmp(name, "Ethernet", 8) ||
	    !*cell(t, col_of(t, "TxQ"), l, n, q, sizeof(q)) || (strncmp(q, "UC", 2) && strncmp(q, "MC", 2) && strncmp(q, "ALL", 3)) ||
	    !fc_parse_i64(q + (q[0] == 'A' ? 3 : 2), 0, 63, &qn))
		return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
	for (k = 0; k < sizeof(cols) / sizeof(cols[0]); k++) {
		if (!*cell(t, col_of(t, cols[k][0]), l, n, v, sizeof(v)) || !strcmp(v, "N/A"))
			continue;
		if (!count_of(v, &add[got].value))
			return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
		/* q lower-cased, '_', the counter: q is at most 15 bytes, the suffix 10 */
		for (i = 0; q[i]; i++)
			names[got][i] = (char)(q[i] >= 'A' && q[i] <= 'Z' ? q[i] - 'A' + 'a' : q[i]);
		names[got][i++] = '_';
		fc_copy_n(names[got] + i, sizeof(names[got]) - i, cols[k][1], strlen(cols[k][1]));
		add[got].name = names[got];
		got++;
	}
	if (!(ifc = fc_dev_iface(c->m, c->dev, name)))
		return FC_ERR_NOMEM;
	return got ? fc_iface_add_stats(c->m, ifc, add, got, src) : FC_OK;
}

/* show acl rule: per rule, the packets it matched (into the ACL entry at finalize: SHOW_ACL_RULE). */
static enum fc_rc aclrule_row(struct fc_parse_ctx *c, const struct table *t, const char *l, size_t n, unsigned lineno)
{
	char rule[128], table[128], v[64], key[300];
	struct fc_src src = fc_src_at(c->file, lineno);
	struct sonic_state *s = sonic_state(c);
	int64_t x;

	if (!s)
		return FC_ERR_NOMEM;
	if (!*cell(t, col_of(t, "RULE NAME"), l, n, rule, sizeof(rule)) ||
	    !*cell(t, col_of(t, "TABLE NAME"), l, n, table, sizeof(table)))
		return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
	cell(t, col_of(t, "PACKETS COUNT"), l, n, v, sizeof(v));
	if (!strcmp(v, "N/A"))
		return FC_OK;   /* no counter for the rule */
	if (!count_of(v, &x))
		return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
	snprintf(key, sizeof(key), "%s|%s", table, rule);
	snprintf(v, sizeof(v), "%lld", (long long)x);   /* without the thousands separators */
	return sonic_put(c, s, "SHOW_ACL_RULE", key, src, "packets", v, src);
}

/* show interfaces counters: RX_OK RX_ERR RX_DRP RX_OVR TX_OK TX_ERR TX_DRP TX_OVR per port (the rates and
 * utilisations beside them are a moment's, not counters). RX_ERR is the model's input errors. */
static enum fc_rc ifcnt_row(struct fc_parse_ctx *c, const struct table *t, const char *l, size_t n, unsigned lineno)
{
	static const char *const cols[][2] = {
		{ "RX_OK", "rx_ok" }, { "RX_ERR", "rx_err" }, { "RX_DRP", "rx_drp" }, { "RX_OVR", "rx_ovr" },
		{ "TX_OK", "tx_ok" }, { "TX_ERR", "tx_err" }, { "TX_DRP", "tx_drp" }, { "TX_OVR", "tx_ovr" },
	};
	char name[128], v[64];
	struct fc_src src = fc_src_at(c->file, lineno);
	struct fc_counter add[8];
	struct fc_iface *ifc;
	int64_t x;
	size_t k, got = 0;

	if (!*cell(t, col_of(t, "IFACE"), l, n, name, sizeof(name)) || strncmp(name, "Ethernet", 8))
		return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
	if (!(ifc = fc_dev_iface(c->m, c->dev, name)))
		return FC_ERR_NOMEM;
	for (k = 0; k < sizeof(cols) / sizeof(cols[0]); k++) {
		if (!*cell(t, col_of(t, cols[k][0]), l, n, v, sizeof(v)) || !strcmp(v, "N/A"))
			continue;
		if (!count_of(v, &x))
			return fc_dev_add_unparsed(c->m, c->dev, src, l, n);
		add[got].name = cols[k][1];
		add[got++].value = x;
		if (k == 1)
			fc_set_int(&ifc->sw->cnt_in_errors, x, src);
	}
	return got ? fc_iface_add_stats(c->m, ifc, add, got, src) : FC_OK;
}

enum fc_rc sonic_show_status(struct fc_parse_ctx *c, const char *text)
{
	static const char *const cols[] = { "Interface", "Speed", "Oper", NULL };

	return walk(c, text, cols, status_row);
}

enum fc_rc sonic_show_fec(struct fc_parse_ctx *c, const char *text)
{
	static const char *const cols[] = { "Interface", "FEC Oper", NULL };

	return walk(c, text, cols, fec_row);
}

enum fc_rc sonic_show_lldp(struct fc_parse_ctx *c, const char *text)
{
	static const char *const cols[] = { "LocalPort", "RemoteDevice", "RemotePortID", NULL };

	return walk(c, text, cols, lldp_row);
}

enum fc_rc sonic_show_pfc(struct fc_parse_ctx *c, const char *text)
{
	static const char *const cols[] = { "Interface", "Lossless priorities", NULL };

	return walk(c, text, cols, pfc_row);
}

enum fc_rc sonic_show_pfcwd(struct fc_parse_ctx *c, const char *text)
{
	static const char *const cols[] = { "PORT", "ACTION", "DETECTION TIME", NULL };

	return walk(c, text, cols, pfcwd_row);
}

enum fc_rc sonic_show_pfc_counters(struct fc_parse_ctx *c, const char *text)
{
	static const char *const rx[] = { "Port Rx", "PFC3", NULL };
	static const char *const tx[] = { "Port Tx", "PFC3", NULL };

	return walk2(c, text, rx, tx, pfccnt_row);
}

enum fc_rc sonic_show_counters(struct fc_parse_ctx *c, const char *text)
{
	static const char *const cols[] = { "IFACE", "RX_OK", "RX_ERR", NULL };

	return walk(c, text, cols, ifcnt_row);
}

enum fc_rc sonic_show_pfc_history(struct fc_parse_ctx *c, const char *text)
{
	static const char *const cols[] = { "Port", "Priority", "Total RX Pause Time US", NULL };

	return walk(c, text, cols, pfchist_row);
}

enum fc_rc sonic_show_queue_counters(struct fc_parse_ctx *c, const char *text)
{
	static const char *const cols[] = { "Port", "TxQ", "Counter/pkts", NULL };

	return walk(c, text, cols, queue_row);
}

enum fc_rc sonic_show_acl_rule(struct fc_parse_ctx *c, const char *text)
{
	static const char *const cols[] = { "RULE NAME", "TABLE NAME", "PACKETS COUNT", NULL };

	return walk(c, text, cols, aclrule_row);
}
