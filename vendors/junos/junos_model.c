/* SPDX-License-Identifier: MIT */
/* Junos: the statements (junos_conf.c) into the model, once every output is read.
 *   system host-name
 *   interfaces X: description, mtu (Junos's media MTU: the largest frame without FCS, Ethernet
 *     header included: the model's MTU as it is), speed, number-of-sub-ports (the cage's
 *     breakout: it carries no traffic itself), disable, gigether-options/ether-options 802.3ad
 *     aeN (the bundle), fec (fec91 RS-528, fec119 and kp4 RS-544, fec74 BASE-R, none),
 *     auto-negotiation, unit N family inet|inet6 address, filter input|output
 *   firewall family inet|inet6 filter F term T from protocol, source-/destination-address,
 *     source-/destination-port (numbers, ranges a-b, names), dscp; then accept, discard, reject
 *     (the filter ends in Junos's implicit discard)
 *   chassis fpc F pic M port P (or port-range A B) speed S: the port's speed; channel-speed S: the
 *     cage is broken out (4 channels of 10g, 25g or 100g; 2 of 50g or 200g), each channel F/M/P:n at
 *     S, the cage carrying no traffic itself; aggregated-devices and fpc traffic-manager (bundle
 *     count, buffer monitoring) decide nothing fabcheck checks
 * Statements of hierarchies that decide nothing fabcheck checks (routing, protocols, policy,
 * services, security) are skipped by name; class-of-service goes to junos_cos.c; any other
 * statement is listed as not understood at its line. An inactive statement is not applied; an inherited one (apply-groups) does not replace
 * an explicit one. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter/cfgtext.h"
#include "util/str.h"
#include "vendors/junos/junos.h"

static const char *const skipped_top[] = {
	"version", "system", "security", "routing-options", "routing-instances", "protocols", "policy-options",
	"snmp", "forwarding-options", "event-options", "services", "access", "applications", "poe", "vlans",
	"switch-options", "multi-chassis", "virtual-chassis", "groups", "apply-groups", "apply-groups-except",
	"bridge-domains", "access-profile", "ethernet-switching-options", "firewall-authentication", NULL,
};

static bool in(const char *w, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(w, *list))
			return true;
	return false;
}

static enum fc_rc not_understood(struct fc_parse_ctx *c, const struct junos_stmt *s, const char *why)
{
	char buf[512];
	size_t o = 0, k;

	for (k = 0; k < s->n && o + 2 < sizeof(buf); k++) {
		int n = snprintf(buf + o, sizeof(buf) - o, "%s%s", k ? " " : "", s->w[k]);

		o = n < 0 ? o : o + (size_t)n;
		if (o >= sizeof(buf))
			o = sizeof(buf) - 1;
	}
	if (why && o + 4 < sizeof(buf))
		snprintf(buf + o, sizeof(buf) - o, " -- %s", why);
	return fc_dev_add_unparsed(c->m, c->dev, fc_src_at(c->file, s->line), buf, strlen(buf));
}

bool junos_is_port(const char *n)
{
	return (!strncmp(n, "et-", 3) || !strncmp(n, "xe-", 3) || !strncmp(n, "ge-", 3) || !strncmp(n, "mge-", 4) ||
		(!strncmp(n, "ae", 2) && isdigit((unsigned char)n[2]))) && !strchr(n, '*');
}

/* Whether a value may be set from statement s: an explicit statement always, an inherited one where
 * nothing set it. */
#define MAY(s, meta) (!(s)->inherited || !(meta).known)

static enum fc_rc mark(struct fc_hmap *h, const char *name)
{
	int failed = 0;

	fc_hmap_put(h, name, strlen(name), (void *)1, &failed);
	return failed ? FC_ERR_NOMEM : FC_OK;
}

static enum fc_rc iface_stmt(struct fc_parse_ctx *c, struct junos_state *js, const struct junos_stmt *s,
			     const char *file)
{
	struct fc_model *m = c->m;
	struct fc_src at = fc_src_at(file, s->line);
	const char *const *w = s->w;
	size_t n = s->n;
	struct fc_iface *ifc;
	struct fc_swport *sw;
	int64_t x, lanes;

	if (n < 3)
		return not_understood(c, s, NULL);
	if (!junos_is_port(w[1]))
		return FC_OK;   /* lo0, em0, irb, vme, re0:mgmt-0, the interface ranges: off the data path */
	if (!(ifc = fc_dev_iface(m, c->dev, w[1])) || !(sw = fc_swport_mut(m, ifc)))
		return FC_ERR_NOMEM;
	if (n == 4 && !strcmp(w[2], "description")) {
		if (MAY(s, ifc->description.m))
			fc_set_str(m, &ifc->description, w[3], at);
	} else if (n == 4 && !strcmp(w[2], "mtu") && fc_parse_i64(w[3], 256, 65535, &x)) {
		if (MAY(s, ifc->mtu.m)) {
			fc_set_int(&ifc->mtu, x, at);
			ifc->mtu.m.why = "Junos's media MTU: the largest frame without FCS, the Ethernet header included";
		}
	} else if (n == 4 && !strcmp(w[2], "speed") && fc_speed_parse(w[3], &x, &lanes)) {
		if (MAY(s, ifc->speed_mbps.m))
			fc_set_int(&ifc->speed_mbps, x, at);
	} else if (n == 4 && !strcmp(w[2], "number-of-sub-ports") && fc_parse_i64(w[3], 1, 8, &x)) {
		fc_set_str(m, &sw->breakout, fc_sprintf(m->arena, "%lldx", (long long)x), at);
		return x > 1 ? mark(js->cages, w[1]) : FC_OK;
	} else if (n == 3 && !strcmp(w[2], "disable")) {
		fc_set_str(m, &ifc->admin_state, "down", at);
	} else if (n == 5 && (!strcmp(w[2], "gigether-options") || !strcmp(w[2], "ether-options")) &&
		   !strcmp(w[3], "802.3ad")) {
		fc_set_str(m, &sw->lag, w[4], at);
		return mark(js->carries, w[1]);
	} else if (n == 5 && (!strcmp(w[2], "gigether-options") || !strcmp(w[2], "ether-options")) &&
		   !strcmp(w[3], "fec")) {
		static const struct fc_spelling fecs[] = {
			{ "fec91", FC_FEC_RS528 }, { "fec119", FC_FEC_RS544 }, { "kp4", FC_FEC_RS544 },
			{ "fec74", FC_FEC_BASER }, { "none", FC_FEC_OFF }, { NULL, 0 },
		};
		int f = fc_spelling_find(fecs, w[4], false);

		if (f < 0)
			return not_understood(c, s, "expected fec91, fec119, kp4, fec74 or none");
		if (MAY(s, ifc->fec_config.m))
			fc_set_fec(&ifc->fec_config, (enum fc_fec)f, at);
	} else if (n == 4 && (!strcmp(w[2], "gigether-options") || !strcmp(w[2], "ether-options")) &&
		   (!strcmp(w[3], "auto-negotiation") || !strcmp(w[3], "no-auto-negotiation"))) {
		fc_set_bool(&ifc->autoneg, !strcmp(w[3], "auto-negotiation"), at);
	} else if (n >= 7 && !strcmp(w[2], "unit") && !strcmp(w[4], "family") &&
		   (!strcmp(w[5], "inet") || !strcmp(w[5], "inet6"))) {
		if (n == 8 && !strcmp(w[6], "address"))
			return mark(js->carries, w[1]) == FC_OK ? fc_strlist_add(m, &ifc->addresses, w[7], at) : FC_ERR_NOMEM;
		if (n == 9 && !strcmp(w[6], "filter") && (!strcmp(w[7], "input") || !strcmp(w[7], "output"))) {
			if (strcmp(w[5], "inet"))
				return FC_OK;   /* an IPv6 filter matches no IPv4 RoCE traffic */
			fc_set_str(m, !strcmp(w[7], "input") ? &sw->acl_in : &sw->acl_out, w[8], at);
			return FC_OK;
		}
		if (n == 8 && !strcmp(w[6], "mtu"))
			return FC_OK;   /* the IP MTU: the media MTU bounds the frame */
		return not_understood(c, s, NULL);
	} else if (n >= 4 && !strcmp(w[2], "unit") && (n == 4 || in(w[4], (const char *const[]){ "description", "vlan-id",
											     "family", NULL }))) {
		if (n >= 6 && !strcmp(w[4], "family") && !strcmp(w[5], "ethernet-switching"))
			return mark(js->carries, w[1]);
		return n <= 6 ? FC_OK : not_understood(c, s, NULL);
	} else if (in(w[2], (const char *const[]){ "aggregated-ether-options", "flexible-vlan-tagging", "vlan-tagging",
						 "encapsulation", "native-vlan-id", "hold-time", "damping", "esi", NULL })) {
		return FC_OK;
	} else
		return not_understood(c, s, NULL);
	return FC_OK;
}

/* --- firewall filters -------------------------------------------------------------------------- */

struct term {
	const char *filter, *name;
	unsigned line;
	const char *protos[4];
	size_t nprotos;
	const char *saddr, *daddr, *dscp;
	const char *sports[16], *dports[16], *ports[16];
	unsigned dport_line[16];    /* the line that names each destination port: the entry's evidence */
	size_t nsports, ndports, nports;
	int action;          /* 0 none, 1 accept, 2 discard/reject */
	unsigned action_line;
	bool next_term;      /* then next term: the next term decides (a term without an action accepts) */
	bool bad;            /* a condition not understood: the term is not read */
};

struct terms {
	struct term *t;
	size_t n, cap;
};

static struct term *term_of(struct fc_model *m, struct terms *ts, const char *filter, const char *name, unsigned line)
{
	size_t i;

	for (i = ts->n; i-- > 0;)
		if (!strcmp(ts->t[i].filter, filter) && !strcmp(ts->t[i].name, name))
			return &ts->t[i];
	if (!(ts->t = fc_grow(m->arena, ts->t, ts->n, &ts->cap, sizeof(*ts->t))))
		return NULL;
	memset(&ts->t[ts->n], 0, sizeof(ts->t[0]));
	ts->t[ts->n].filter = filter, ts->t[ts->n].name = name, ts->t[ts->n].line = line;
	return &ts->t[ts->n++];
}

static enum fc_rc filter_stmt(struct fc_parse_ctx *c, struct terms *ts, const struct junos_stmt *s)
{
	const char *const *w = s->w;
	size_t n = s->n;
	struct term *t;

	/* firewall family inet filter F term T from|then ...; firewall filter F (family inet implied) */
	size_t at = n >= 2 && !strcmp(w[1], "family") ? 3 : 1;   /* where "filter" stands */

	if (at == 3 && (n < 3 || strcmp(w[2], "inet")))
		return FC_OK;   /* inet6, ethernet-switching, any: no IPv4 RoCE traffic */
	if (at == 1 && n >= 2 && !strcmp(w[1], "policer"))
		return FC_OK;   /* a rate, which a term's then policer names: no verdict on a packet */
	if (n < at + 2 || strcmp(w[at], "filter"))
		return not_understood(c, s, NULL);
	if (n == at + 3 && in(w[at + 2], (const char *const[]){ "interface-specific", "physical-interface-filter",
								  NULL }))
		return FC_OK;
	if (n < at + 6 || strcmp(w[at + 2], "term"))
		return not_understood(c, s, NULL);
	if (!(t = term_of(c->m, ts, w[at + 1], w[at + 3], s->line)))
		return FC_ERR_NOMEM;
	w += at + 4, n -= at + 4;   /* from ... | then ... */
	if (!strcmp(w[0], "from") && n == 3) {
		if (!strcmp(w[1], "protocol") && t->nprotos < 4)
			t->protos[t->nprotos++] = w[2];
		else if (!strcmp(w[1], "destination-port") && t->ndports < 16)
			t->dport_line[t->ndports] = s->line, t->dports[t->ndports++] = w[2];
		else if (!strcmp(w[1], "source-port") && t->nsports < 16)
			t->sports[t->nsports++] = w[2];
		else if (!strcmp(w[1], "port") && t->nports < 16)
			t->ports[t->nports++] = w[2];   /* either port */
		else if (!strcmp(w[1], "source-address"))
			t->saddr = w[2];
		else if (!strcmp(w[1], "destination-address"))
			t->daddr = w[2];
		else if (!strcmp(w[1], "dscp"))
			t->dscp = w[2];
		else {
			t->bad = true;
			return not_understood(c, s, "a condition not read: the term is not read");
		}
	} else if (!strcmp(w[0], "then") && n >= 2) {
		if (n == 3 && !strcmp(w[1], "next") && !strcmp(w[2], "term"))
			t->next_term = true;
		else if (!strcmp(w[1], "accept"))
			t->action = 1, t->action_line = s->line;
		else if (!strcmp(w[1], "discard") || !strcmp(w[1], "reject"))
			t->action = 2, t->action_line = s->line;
		else if (!in(w[1], (const char *const[]){ "count", "log", "syslog", "sample", "policer", "loss-priority",
							  "forwarding-class", "dscp", NULL }))
			return not_understood(c, s, NULL);
	} else
		return not_understood(c, s, NULL);
	return FC_OK;
}

/* A port value as ace.c's words: "4791", "4791-4800" (a range), a name ("bgp"). */
static size_t port_words(const char *p, char **w, char *lo, char *hi, size_t size)
{
	static char range[] = "range", eq[] = "eq";   /* read only: ace.c's words are char * */
	/* Junos's port names that the syntax ace.c reads spells otherwise */
	static const struct { const char *junos, *port; } names[] = { { "dhcp", "67" }, { "ldp", "646" },
								      { "radacct", "1813" }, { "http-alt", "8080" } };
	const char *dash = strchr(p, '-');
	size_t k;

	for (k = 0; k < sizeof(names) / sizeof(names[0]); k++)
		if (!strcmp(p, names[k].junos))
			p = names[k].port;
	if (dash && isdigit((unsigned char)p[0])) {
		snprintf(lo, size, "%.*s", (int)(dash - p), p);
		snprintf(hi, size, "%s", dash + 1);
		w[0] = range, w[1] = lo, w[2] = hi;
		return 3;
	}
	snprintf(lo, size, "%s", p);
	w[0] = eq, w[1] = lo;
	return 2;
}

static enum fc_rc build_filters(struct fc_parse_ctx *c, const struct terms *ts)
{
	struct fc_model *m = c->m;
	size_t i;

	for (i = 0; i < ts->n; i++) {
		const struct term *t = &ts->t[i];
		bool created;
		struct fc_acl *acl = fc_dev_acl(m, c->dev, t->filter, fc_src_at(c->file, t->line), &created);
		size_t np = t->nprotos ? t->nprotos : 1, ns = t->nsports ? t->nsports : 1, nd = t->ndports ? t->ndports : 1;
		size_t a, b, d, e, ne = t->nports ? 2 * t->nports : 1;

		if (!acl)
			return FC_ERR_NOMEM;
		/* a term without a then, or whose then has no action, accepts; next term lets the next decide */
		int action = t->action ? t->action : !t->next_term ? 1 : 0;

		if (t->bad || !action)
			continue;   /* said where it stands (a condition not read); next term: the next decides */
		for (a = 0; a < np; a++)
			for (b = 0; b < ns; b++)
				for (d = 0; d < nd; d++)
				for (e = 0; e < ne; e++) {
					/* from port P: P as the source, then as the destination */
					const char *sp = t->nports && e % 2 == 0 ? t->ports[e / 2] : t->nsports ? t->sports[b] : NULL;
					const char *dp = t->nports && e % 2 == 1 ? t->ports[e / 2] : t->ndports ? t->dports[d] : NULL;
					char *w[20], seq[16], sl[16], sh[16], dl[16], dh[16], text[300];
					char proto[16], saddr[64], daddr[64], dscp[16], act[8], dscpw[8] = "dscp";
					size_t n = 0;
					bool understood;
					enum fc_rc rc;

					snprintf(seq, sizeof(seq), "%zu", acl->n + 1);
					snprintf(proto, sizeof(proto), "%s", t->nprotos ? t->protos[a] : "ip");
					snprintf(saddr, sizeof(saddr), "%s", t->saddr ? t->saddr : "any");
					snprintf(daddr, sizeof(daddr), "%s", t->daddr ? t->daddr : "any");
					w[n++] = seq;
					snprintf(act, sizeof(act), "%s", action == 1 ? "permit" : "deny");
					w[n++] = act;
					w[n++] = proto;
					w[n++] = saddr;
					if (sp)
						n += port_words(sp, w + n, sl, sh, sizeof(sl));
					w[n++] = daddr;
					if (dp)
						n += port_words(dp, w + n, dl, dh, sizeof(dl));
					if (t->dscp) {
						snprintf(dscp, sizeof(dscp), "%s", t->dscp);
						w[n++] = dscpw;
						w[n++] = dscp;
					}
					snprintf(text, sizeof(text), "term %s: %s%s%s%s%s%s then %s", t->name, proto,
						 dp ? " destination-port " : "", dp ? dp : "", sp ? " source-port " : "",
						 sp ? sp : "", t->saddr ? " (source address)" : "", action == 1 ? "accept" : "discard");
					/* at the line naming the destination port, else the term's first */
					rc = fc_acl_append(m, acl, w, n, text, strlen(text),
							   fc_src_at(c->file, dp && t->ndports && !t->nports ? t->dport_line[d]
								     : t->line), &understood);
					if (rc != FC_OK)
						return rc;
					if (!understood) {
						const char msg[] = "a firewall term not understood: the term is not read";

						if ((rc = fc_dev_add_unparsed(m, c->dev, fc_src_at(c->file, t->line), msg,
									      sizeof(msg) - 1)) != FC_OK)
							return rc;
					}
				}
	}
	return FC_OK;
}

/* chassis fpc F pic M port P | port-range A B  speed S | channel-speed S */
static enum fc_rc chassis_stmt(struct fc_parse_ctx *c, const struct junos_stmt *st)
{
	struct junos_state *s = c->dev->adapter_state;
	const char *const *w = st->w;
	int64_t f, m, a, b, mbps, lanes;
	size_t k = 6;
	struct junos_chan *ch;

	if (st->n >= 2 && (!strcmp(w[1], "aggregated-devices") ||
			   (st->n >= 4 && !strcmp(w[1], "fpc") && !strcmp(w[3], "traffic-manager"))))
		return FC_OK;   /* the bundle count, buffer monitoring: nothing fabcheck checks */
	if (st->n < 8 || strcmp(w[1], "fpc") || !fc_parse_i64(w[2], 0, 255, &f) || strcmp(w[3], "pic") ||
	    !fc_parse_i64(w[4], 0, 255, &m))
		return not_understood(c, st, NULL);
	if (!strcmp(w[5], "port") && fc_parse_i64(w[6], 0, 4095, &a))
		b = a, k = 7;
	else if (!strcmp(w[5], "port-range") && st->n >= 9 && fc_parse_i64(w[6], 0, 4095, &a) &&
		 fc_parse_i64(w[7], a, 4095, &b))
		k = 8;
	else
		return not_understood(c, st, NULL);
	if (st->n != k + 2 || (strcmp(w[k], "speed") && strcmp(w[k], "channel-speed")) ||
	    !fc_speed_parse(w[k + 1], &mbps, &lanes))
		return not_understood(c, st, NULL);
	if (!(s->chans = fc_grow(c->m->arena, s->chans, s->nchans, &s->chans_cap, sizeof(*s->chans))))
		return FC_ERR_NOMEM;
	ch = &s->chans[s->nchans++];
	ch->fpc = (int)f, ch->pic = (int)m, ch->lo = (int)a, ch->hi = (int)b;
	ch->mbps = mbps;
	ch->channels = strcmp(w[k], "channel-speed") ? 0 : mbps == 50000 || mbps == 200000 ? 2 : 4;
	ch->src = fc_src_at(c->file, st->line);
	return FC_OK;
}

/* The chassis's port speeds and breakouts onto the ports the configuration and the state name:
 * <type>-F/M/P a cage or a port, <type>-F/M/P:n a channel. What an interface states of itself wins. */
static enum fc_rc chassis_apply(struct fc_parse_ctx *c, struct junos_state *s)
{
	size_t i, k;

	for (i = 0; i < c->dev->nifaces; i++) {
		struct fc_iface *ifc = c->dev->ifaces[i];
		const char *dash = strchr(ifc->name, '-');
		int f, m, p, n = -1, used = 0;

		if (!dash || !ifc->sw || (sscanf(dash + 1, "%d/%d/%d%n:%d", &f, &m, &p, &used, &n) < 3))
			continue;
		for (k = 0; k < s->nchans; k++) {
			const struct junos_chan *ch = &s->chans[k];

			if (ch->fpc != f || ch->pic != m || p < ch->lo || p > ch->hi)
				continue;
			if (ch->channels && dash[1 + used] == '\0') {   /* the cage */
				if (!ifc->sw->breakout.m.known)
					fc_set_str(c->m, &ifc->sw->breakout, fc_sprintf(c->m->arena, "%dx", ch->channels),
						   ch->src);
				if (mark(s->cages, ifc->name) != FC_OK)
					return FC_ERR_NOMEM;
			} else if (ch->channels ? dash[1 + used] == ':' : dash[1 + used] == '\0') {
				if (!ifc->speed_mbps.m.known)
					fc_set_int(&ifc->speed_mbps, ch->mbps, ch->src);
			}
		}
	}
	return FC_OK;
}

enum fc_rc junos_finalize(struct fc_parse_ctx *c)
{
	struct junos_state *s = c->dev->adapter_state;
	struct terms ts = { NULL, 0, 0 };
	size_t i;
	enum fc_rc rc = FC_OK;

	if (!s)
		return FC_OK;
	if (!s->have_config)
		return junos_xcvrs_apply(c, s);
	if (!(s->carries = fc_hmap_new(c->m->arena, 64)) || !(s->cages = fc_hmap_new(c->m->arena, 16)))
		return FC_ERR_NOMEM;
	c->dev->config_m.known = true;
	c->dev->config_m.src = s->config;
	c->file = s->config.file;   /* every statement's line is the configuration's */
	for (i = 0; i < s->conf.n && rc == FC_OK; i++) {
		const struct junos_stmt *st = &s->conf.s[i];
		const char *w0 = st->w[0];

		if (st->inactive)
			continue;
		if (!strcmp(w0, "interfaces"))
			rc = iface_stmt(c, s, st, c->file);
		else if (!strcmp(w0, "firewall"))
			rc = filter_stmt(c, &ts, st);
		else if (!strcmp(w0, "system") && st->n == 3 && !strcmp(st->w[1], "host-name"))
			fc_set_str(c->m, &c->dev->hostname, st->w[2], fc_src_at(c->file, st->line));
		else if (!strcmp(w0, "class-of-service")) {
			bool known;

			if ((rc = junos_cos_stmt(c, &s->cos, st, &known)) == FC_OK && !known)
				rc = not_understood(c, st, NULL);
		}
		else if (!strcmp(w0, "chassis"))
			rc = chassis_stmt(c, st);
		else if (!in(w0, skipped_top))
			rc = not_understood(c, st, NULL);
	}
	if (rc == FC_OK)
		rc = build_filters(c, &ts);
	if (rc != FC_OK)
		return rc;
	for (i = 0; i < c->dev->nifaces; i++) {
		struct fc_iface *ifc = c->dev->ifaces[i];

		if (!ifc->admin_state.m.known) {
			fc_set_str(c->m, &ifc->admin_state, "up", s->config);
			ifc->admin_state.m.why = "no disable: Junos's default, up";
		}
		if (!ifc->fec_config.m.known) {
			fc_set_fec(&ifc->fec_config, FC_FEC_AUTO, s->config);
			ifc->fec_config.m.why = "no fec: Junos's default for the port's speed and module";
		}
		if (!ifc->mtu.m.known) {
			fc_set_int(&ifc->mtu, 1514, s->config);
			ifc->mtu.m.why = "no mtu: Junos's default media MTU, 1514";
		}
		/* an encoding the configuration forces is the one a port that is up runs */
		if (!ifc->fec_active.m.known && ifc->fec_config.v != FC_FEC_AUTO && ifc->oper_state.m.known &&
		    !strcmp(ifc->oper_state.v, "up")) {
			fc_set_fec(&ifc->fec_active, ifc->fec_config.v, ifc->fec_config.m.src);
			ifc->fec_active.m.why = "the encoding the configuration forces, on a port the interfaces show up";
		} else if (!ifc->fec_active.m.known)
			fc_set_unknown(&ifc->fec_active.m, "no fec in the configuration (Junos chooses by module) and no state "
							   "output of the FEC in use read");
	}
	fc_adapter_lag_acls(c->dev);   /* a filter on an ae bundle filters its members */
	if ((rc = chassis_apply(c, s)) != FC_OK || (rc = junos_xcvrs_apply(c, s)) != FC_OK)
		return rc;
	return junos_cos_ports(c, s);
}
