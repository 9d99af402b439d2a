/* SPDX-License-Identifier: MIT */
/* EOS `show interfaces` as CLI text (a capture saved by another tool, or a session without
 * `| json`), into the same per-port values as its JSON model (eos_state.c):
 *   Ethernet1 is up, line protocol is up (connected)
 *     Hardware is Ethernet, address is 0800.27dc.5443 (bia 0800.27dc.5443)
 *     Description: to host1
 *     IP MTU 1500 bytes , BW 10000000 kbit          (routed: the IP MTU)
 *     Ethernet MTU 9214 bytes, BW 100000000 kbit    (switched: the largest frame)
 *     Full-duplex, 10Gb/s, auto negotiation: off, uni-link: unknown
 *     1 link status changes since last clear
 *        0 runts, 0 giants
 *        0 input errors, 0 CRC, 0 alignment, 0 symbol, 0 input discards
 * Lines of rates, packet counts and addresses are EOS's and not what a rule reads: skipped by
 * their form. Any other line of a fabric port is listed as not understood. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vendors/eos/eos.h"

struct tx {
	struct fc_parse_ctx *c;
	struct eos_port *p;      /* the fabric port being read; NULL in another interface's block */
	const char *line;
	size_t len;
	unsigned no;
};

static struct fc_src here(const struct tx *t)
{
	return fc_src_at(t->c->file, t->no);
}

/* The number before `word` in the line ("0 CRC", "1 link status"), -1 when absent. */
static int64_t count_before(const char *l, const char *word)
{
	const char *w = strstr(l, word), *b;

	if (!w || w == l)
		return -1;
	b = w - 1;
	while (b > l && *b == ' ')
		b--;
	if (!isdigit((unsigned char)*b))
		return -1;
	while (b > l && isdigit((unsigned char)b[-1]))
		b--;
	if (w - b > 19)
		return -1;
	return strtoll(b, NULL, 10);
}

/* The first byte first: every body line is tried against some thirty forms */
static inline bool starts(const char *l, const char *p)
{
	return l[0] == p[0] && !strncmp(l, p, strlen(p));
}

/* "Ethernet1 is up, line protocol is up (connected)" */
static enum fc_rc header(struct tx *t, const char *l)
{
	const char *is = strstr(l, " is "), *lp = strstr(l, ", line protocol is ");
	char name[128];
	struct eos_state *s;
	const char *admin, *oper;

	t->p = NULL;
	if (!is || (size_t)(is - l) >= sizeof(name))
		return FC_OK;
	snprintf(name, sizeof(name), "%.*s", (int)(is - l), l);
	if (strncmp(name, "Ethernet", 8) && strncmp(name, "Port-Channel", 12))
		return FC_OK;   /* management, loopback, VLAN: not fabric ports */
	if (!(s = eos_state(t->c)) || !(t->p = eos_port_of(t->c, s, name)))
		return FC_ERR_NOMEM;
	if (!lp)
		return fc_dev_add_unparsed(t->c->m, t->c->dev, here(t), t->line, t->len);
	admin = starts(is + 4, "administratively down") ? "down" : "up";
	oper = starts(is + 4, "up,") && starts(lp + 19, "up") ? "up" : "down";
	fc_set_str(t->c->m, &t->p->sh.admin, admin, here(t));
	fc_set_str(t->c->m, &t->p->ifc->oper_state, oper, here(t));
	return FC_OK;
}

static void mtu_bw(struct tx *t, const char *l)
{
	bool ip = starts(l, "IP MTU ");
	const char *n = l + (ip ? 7 : 13), *bw = strstr(l, "BW ");
	long long v = strtoll(n, NULL, 10);

	if (v >= 68 && v <= 65535) {
		fc_set_int(&t->p->sh.mtu, ip ? v + 18 : v, here(t));
		if (ip)
			t->p->sh.mtu.m.why = "a routed port: IP MTU + 14 bytes of Ethernet header and 4 of tag";
	}
	if (bw && (v = strtoll(bw + 3, NULL, 10)) >= 1000 && v <= 10000000000LL)
		fc_set_int(&t->p->sh.speed_mbps, v / 1000, here(t));
}

/* "Full-duplex, 10Gb/s, auto negotiation: off, uni-link: unknown" */
static void duplex(struct tx *t, const char *l)
{
	const char *an = strstr(l, "auto negotiation: ");

	fc_set_str(t->c->m, &t->p->ifc->duplex, starts(l, "Full") ? "full" : "half", here(t));
	if (an && (starts(an + 18, "on") || starts(an + 18, "off")))
		fc_set_bool(&t->p->sh.autoneg, starts(an + 18, "on"), here(t));
}

static bool skipped(const char *l)
{
	static const char *const forms[] = {
		"Internet address", "Broadcast address", "Address determined", "Up ", "Down ", "Last clearing",
		"IPv6", "No IPv6", "No Internet", "Member of", "Members in this channel", "Active members",
		"Fallback", "Minimum links", "Current address", "Virtual MAC", "Maximum Transmission", "Inactive",
		"Passive", "LACP", "...", "Loopback Mode", "Received", "Sent", "Hardware is", "Description:",
	};
	size_t k;

	if (isdigit((unsigned char)*l))
		return true;   /* rates and counters: "5 minutes input rate", "292 packets input" */
	for (k = 0; k < sizeof(forms) / sizeof(forms[0]); k++)
		if (starts(l, forms[k]))
			return true;
	return false;
}

static enum fc_rc body(struct tx *t, const char *l)
{
	struct fc_model *m = t->c->m;
	struct fc_iface *ifc = t->p->ifc;
	int64_t v;

	if (isdigit((unsigned char)*l)) {
		/* counters: told apart by the word after the first number */
		const char *w = l + strspn(l, "0123456789");

		w += strspn(w, " ");
		if (starts(w, "link status changes") && (v = count_before(l, "link status changes")) >= 0)
			fc_set_int(&ifc->sw->cnt_resets, v, here(t));
		else if (starts(w, "runts,") && (v = count_before(l, "giants")) >= 0)
			fc_set_int(&ifc->sw->cnt_giants, v, here(t));
		else if (starts(w, "input errors")) {
			if ((v = count_before(l, "input errors")) >= 0)
				fc_set_int(&ifc->sw->cnt_in_errors, v, here(t));
			if ((v = count_before(l, "CRC")) >= 0)
				fc_set_int(&ifc->sw->cnt_crc, v, here(t));
		}
		return FC_OK;   /* rates and packet counts */
	}
	if (starts(l, "Hardware is ")) {
		const char *a = strstr(l, "address is ");

		if (a) {
			size_t n = strcspn(a + 11, " ");

			fc_set_str(m, &ifc->mac, fc_model_strn(m, a + 11, n), here(t));
		}
	} else if (starts(l, "Description: ")) {
		const char *d = l + 13;
		size_t n = strlen(d);

		if (n >= 2 && d[0] == '"' && d[n - 1] == '"')   /* some releases quote it */
			d++, n -= 2;
		fc_set_str(m, &t->p->sh.description, fc_model_strn(m, d, n), here(t));
	} else if (starts(l, "IP MTU ") || starts(l, "Ethernet MTU ")) {
		mtu_bw(t, l);
	} else if (starts(l, "Full-duplex") || starts(l, "Half-duplex")) {
		duplex(t, l);
	} else if (!skipped(l)) {
		return fc_dev_add_unparsed(m, t->c->dev, here(t), t->line, t->len);
	}
	return FC_OK;
}

enum fc_rc eos_parse_interfaces_text(struct fc_parse_ctx *c, const char *text)
{
	struct tx t = { .c = c };
	const char *p = text, *end = text + strlen(text);
	enum fc_rc rc;
	unsigned headers = 0;

	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p)), *l;
		size_t n = e ? (size_t)(e - p) : (size_t)(end - p);

		t.no++;
		t.line = p, t.len = n;
		while (t.len && (p[t.len - 1] == '\r' || p[t.len - 1] == ' '))
			t.len--;
		for (l = p; l < p + t.len && (*l == ' ' || *l == '\t'); l++)
			;
		if (l < p + t.len) {
			char buf[512];
			size_t bn = t.len - (size_t)(l - p);

			if (bn >= sizeof(buf))
				bn = sizeof(buf) - 1;
			memcpy(buf, l, bn);
			buf[bn] = '\0';
			if (l == p) {
				if ((rc = header(&t, buf)) != FC_OK)
					return rc;
				headers += strstr(buf, ", line protocol is ") != NULL;
			} else if (t.p && (rc = body(&t, buf)) != FC_OK) {
				return rc;
			}
		}
		p = e ? e + 1 : p + n;
	}
	if (!headers && t.no > 1)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1,
				  "expected interface blocks ('Ethernet1 is up, line protocol is up'), found none");
	return FC_OK;
}
