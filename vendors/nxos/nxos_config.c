/* SPDX-License-Identifier: MIT */
/* NX-OS running-config: interfaces, breakout, QoS (class-maps, policy-maps of type qos,
 * network-qos and queuing, system qos), PFC and its watchdog, IP ACLs. Lines inside the blocks
 * fabcheck reads that it does not understand are recorded as "not understood". */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "util/buf.h"

#include "vendors/nxos/nxos.h"
#include "vendors/nxos/nxos_cfg.h"
#include "util/str.h"

/* Top-level statements outside what fabcheck models: read, known, and deliberately ignored. */
static const char *const ignored_top[] = {
	"version", "hostname", "feature", "username", "role", "vrf", "router", "snmp-server", "ntp",
	"logging", "boot", "line", "vlan", "spanning-tree", "cfs", "copp", "rmon", "ip domain-lookup",
	"ip domain-name", "ip name-server", "ip route", "ipv6 route", "ip pim", "ip igmp", "no ip",
	"password", "ssh", "fips", "banner", "clock", "aaa", "tacacs-server", "radius-server",
	"callhome", "vpc", "evpn", "nv", "fabric", "route-map", "ip prefix-list", "ipv6 prefix-list",
	"key", "track", "system default", "system jumbomtu", "policy-map type control-plane",
	"class-map type control-plane", "control-plane", "service", "ntp", "nxapi", "license",
	"no feature", "no password", "event", "install", "terminal", "cli alias", "mac", "port-channel",
	"hardware profile", "system routing", "system vlan", "power", "errdisable", "lldp", "cdp",
	"icam", "telemetry", "sflow", "monitor", "ip sla", "object-group", "ipv6 access-list",
	"mac access-list", "ip community-list", "ip as-path", "vdc", "limit-resource", "system",
	"bfd", "xml", "virtual-service", "ip tcp", "ip arp", "ipv6 nd", "udld", "errdisable",
	"track", "switchname", "license", "snmp", "interface breakout", NULL,
};

/* Interface sub-commands outside what fabcheck models. */
static const char *const ignored_if[] = {
	"ip router", "ip ospf", "ip pim", "ipv6", "bfd", "vpc", "spanning-tree",
	"storm-control", "lldp", "cdp", "load-interval", "no ip redirects", "ip redirects",
	"link debounce", "beacon", "medium", "ip unnumbered", "mac-address", "udld", "evpn",
	"fabric forwarding", "vrf member", "no lldp", "no cdp", "ip dhcp", "ip arp", "ip proxy-arp",
	"ip igmp", "hsrp", "vrrp", "ip port", "switchport trunk", "switchport access", "no ipv6",
	"management", "ip verify", "encapsulation", "errdisable", "delay", "bandwidth", "no bfd",
	"member", "source-interface", "host-reachability", "ip forward", "no autostate", "autostate",
	"snmp", "dot1x", NULL,
};

/* The line as not understood, saying why where the reason is more than that (a list over its
 * cap). */
enum fc_rc nxos_cfg_not_read(struct cfg *g, const char *why)
{
	const char *t;

	if (!why || !strstr(why, "more than"))
		return nxos_cfg_not_understood(g);
	if (!(t = fc_sprintf(g->c->m->arena, "%.*s  (not read: %s)", (int)g->len, g->line, why)))
		return FC_ERR_NOMEM;
	return fc_dev_add_unparsed(g->c->m, g->c->dev, nxos_cfg_here(g), t, strlen(t));
}

struct fc_src nxos_cfg_here(struct cfg *g)
{
	return fc_src_make(g->c->m, g->c->file, g->lineno);
}

enum fc_rc nxos_cfg_not_understood(struct cfg *g)
{
	if (g->mute)
		return FC_OK;
	return fc_dev_add_unparsed(g->c->m, g->c->dev, nxos_cfg_here(g), g->line, g->len);
}

bool nxos_cfg_num(const char *w, int64_t min, int64_t max, int64_t *out)
{
	return w && fc_parse_i64(w, min, max, out);
}

/* --- interfaces ------------------------------------------------------------------------ */

/* fec KEYWORD (NX-OS 9.3+ interface configuration) */
static const struct fc_spelling fec_words[] = {
	{ "rs-fec", FC_FEC_RS }, { "rs-ieee", FC_FEC_RS528 }, { "rs-cons16", FC_FEC_RS528 }, { "fc-fec", FC_FEC_BASER },
	{ "kp-fec", FC_FEC_RS544 }, { "off", FC_FEC_OFF }, { "auto", FC_FEC_AUTO },
	{ NULL, 0 },
};

/* switchport mode KEYWORD */
static const struct fc_spelling port_modes[] = {
	{ "access", FC_PORT_MODE_ACCESS }, { "trunk", FC_PORT_MODE_TRUNK }, { "dot1q-tunnel", FC_PORT_MODE_DOT1Q_TUNNEL },
	{ "fex-fabric", FC_PORT_MODE_FEX_FABRIC }, { "fabricpath", FC_PORT_MODE_FABRICPATH },
	{ NULL, 0 },
};

static enum fc_rc iface_line(struct cfg *g, char **w, size_t n)
{
	struct fc_model *m = g->c->m;
	struct fc_iface *ifc = g->ifc;
	struct fc_swport *sp = fc_swport_mut(m, ifc);
	struct nxos_port *np = nxos_port(g->c, ifc);
	struct fc_src s = here(g);
	int64_t v;

	if (!sp || !np)
		return FC_ERR_NOMEM;
	if (!strcmp(w[0], "description") && n >= 2) {
		/* the rest of this line only: g->line points into the whole output */
		const char *d = strstr(g->line, "description") + 12;
		size_t len = g->len - (size_t)(d - g->line);

		while (len && (d[len - 1] == ' ' || d[len - 1] == '\r'))
			len--;
		fc_set_str(m, &ifc->description, fc_model_strn(m, d, len), s);
	} else if (!strcmp(w[0], "shutdown") && n == 1) {
		fc_set_str(m, &ifc->admin_state, "down", s);
	} else if (!strcmp(w[0], "no") && n == 2 && !strcmp(w[1], "shutdown")) {
		fc_set_str(m, &ifc->admin_state, "up", s);
	} else if (!strcmp(w[0], "mtu") && n == 2 && num(w[1], 576, 9216, &v)) {
		fc_set_int(&ifc->mtu, v, s);
	} else if (!strcmp(w[0], "speed") && n == 2) {
		if (!strcmp(w[1], "auto"))
			fc_set_unknown(&ifc->speed_mbps.m, "speed auto in the running-config; no operational output");
		else if (num(w[1], 10, 1600000, &v))
			fc_set_int(&ifc->speed_mbps, v, s);
		else
			return not_understood(g);
	} else if (!strcmp(w[0], "duplex") && n == 2 &&
		   (!strcmp(w[1], "full") || !strcmp(w[1], "half") || !strcmp(w[1], "auto"))) {
		fc_set_str(m, &ifc->duplex, w[1], s);
	} else if (!strcmp(w[0], "negotiate") && n == 2 && !strcmp(w[1], "auto")) {
		fc_set_bool(&ifc->autoneg, true, s);
	} else if (!strcmp(w[0], "no") && n == 3 && !strcmp(w[1], "negotiate") && !strcmp(w[2], "auto")) {
		fc_set_bool(&ifc->autoneg, false, s);
	} else if (!strcmp(w[0], "fec") && n == 2) {
		enum fc_fec f = fc_spelling_find(fec_words, w[1], false);

		if (!f)
			return not_understood(g);
		fc_set_fec(&ifc->fec_config, f, s);
	} else if (!strcmp(w[0], "priority-flow-control") && n == 3 && !strcmp(w[1], "mode") &&
		   (!strcmp(w[2], "on") || !strcmp(w[2], "off") || !strcmp(w[2], "auto"))) {
		fc_set_str(m, &ifc->pfc_mode, w[2], s);
	} else if (!strcmp(w[0], "priority-flow-control") && n == 3 && !strcmp(w[1], "watch-dog-interval")) {
		fc_set_bool(&sp->pfc_watchdog, !strcmp(w[2], "on"), s);
	} else if (!strcmp(w[0], "flowcontrol") && n == 3 && (!strcmp(w[2], "on") || !strcmp(w[2], "off"))) {
		if (!strcmp(w[1], "receive"))
			fc_set_bool(&ifc->pause_rx, !strcmp(w[2], "on"), s);
		else if (!strcmp(w[1], "send"))
			fc_set_bool(&ifc->pause_tx, !strcmp(w[2], "on"), s);
		else
			return not_understood(g);
	} else if (!strcmp(w[0], "service-policy")) {
		/* service-policy [type qos|queuing] input|output NAME */
		bool typed = n == 5 && !strcmp(w[1], "type");
		const char *type = typed ? w[2] : "qos";
		const char *dir = typed ? w[3] : (n == 3 ? w[1] : NULL);
		const char *name = typed ? w[4] : (n == 3 ? w[2] : NULL);

		if (!dir)
			return not_understood(g);
		if (!strcmp(type, "qos") && !strcmp(dir, "input"))
			fc_set_str(m, &np->qos_in, name, s);
		else if (!strcmp(type, "queuing") && !strcmp(dir, "output"))
			fc_set_str(m, &np->queuing_out, name, s);
		else if (!strcmp(type, "queuing") && !strcmp(dir, "input"))
			fc_set_str(m, &np->queuing_in, name, s);
		else
			return not_understood(g);
	} else if (!strcmp(w[0], "ip") && n == 4 && !strcmp(w[1], "access-group")) {
		if (!strcmp(w[3], "in"))
			fc_set_str(m, &sp->acl_in, w[2], s);
		else if (!strcmp(w[3], "out"))
			fc_set_str(m, &sp->acl_out, w[2], s);
		else
			return not_understood(g);
	} else if (!strcmp(w[0], "ip") && n >= 3 && !strcmp(w[1], "address")) {
		if (fc_strlist_add(m, &ifc->addresses, w[2], s) != FC_OK)
			return FC_ERR_NOMEM;
	} else if (!strcmp(w[0], "channel-group")) {
		/* channel-group N [force] [mode active|passive|on]: a member of port-channelN, whose
		 * configuration (ACLs, service policies, MTU) it takes on (nxos_finalize) */
		char lag[48];
		int64_t num;

		if (!fc_channel_group(w, n, &num))
			return not_understood(g);
		snprintf(lag, sizeof(lag), "port-channel%lld", (long long)num);
		fc_set_str(m, &sp->lag, lag, s);
	} else if (!strcmp(w[0], "no") && n == 2 && !strcmp(w[1], "switchport")) {
		fc_set_port_mode(&ifc->port_mode, FC_PORT_MODE_ROUTED, s);
	} else if (!strcmp(w[0], "switchport") && n == 3 && !strcmp(w[1], "mode")) {
		enum fc_port_mode pm = fc_spelling_find(port_modes, w[2], false);

		if (!pm)
			return not_understood(g);
		fc_set_port_mode(&ifc->port_mode, pm, s);
	} else if (!strcmp(w[0], "switchport") && n == 1) {
		fc_set_port_mode(&ifc->port_mode, FC_PORT_MODE_ACCESS, s);
	} else if (fc_cfg_in_list(g->line + g->indent, g->len - (size_t)g->indent, ignored_if)) {
		return FC_OK;
	} else {
		return not_understood(g);
	}
	return FC_OK;
}

/* --- ACLs -------------------------------------------------------------------------------- */

static enum fc_rc acl_line(struct cfg *g, char **w, size_t n)
{
	bool understood;
	enum fc_rc rc;

	if (!strcmp(w[0], "statistics") || !strcmp(w[0], "fragments"))
		return FC_OK;
	rc = fc_acl_append(g->c->m, g->acl, w, n, g->line + g->indent, g->len - (size_t)g->indent, here(g), &understood);
	return rc != FC_OK || understood ? rc : not_understood(g);
}

enum fc_rc nxos_acl_entry(struct fc_parse_ctx *c, struct fc_acl *acl, const char *line, size_t len, unsigned lineno)
{
	struct cfg g;
	struct fc_words ws = { 0 };
	const char *m;
	enum fc_rc rc = FC_OK;

	memset(&g, 0, sizeof(g));
	g.c = c;
	g.acl = acl;
	g.blk = B_ACL;
	g.lineno = lineno;
	g.line = line;
	g.len = len;
	while ((size_t)g.indent < len && line[g.indent] == ' ')
		g.indent++;
	/* show ip access-lists appends hit counts: [match=123] */
	m = memmem(line, len, " [match=", 8);
	if (m)
		g.len = (size_t)(m - line);
	if (!fc_words_split(&ws, line, g.len))
		rc = FC_ERR_NOMEM;
	else if (ws.n)
		rc = acl_line(&g, ws.w, ws.n);
	fc_words_free(&ws);
	return rc;
}

/* --- top level --------------------------------------------------------------------------- */

static enum fc_rc breakout_line(struct cfg *g, char **w, size_t n)
{
	/* interface breakout module M port P[-Q] map MAP */
	struct nxos_state *st = nxos_state(g->c);
	struct nxos_breakout *b;
	int64_t mod, lo, hi;

	char pb[32], *dash;

	/* w: interface breakout module M port P map MAP -> 8 words */
	if (n != 8 || strcmp(w[2], "module") || strcmp(w[4], "port") || strcmp(w[6], "map") ||
	    !num(w[3], 1, 64, &mod) || strlen(w[5]) >= sizeof(pb))
		return not_understood(g);
	snprintf(pb, sizeof(pb), "%s", w[5]);
	dash = strchr(pb, '-');
	if (dash) {
		*dash = '\0';
		if (!num(pb, 1, 1024, &lo) || !num(dash + 1, 1, 1024, &hi) || hi < lo)
			return not_understood(g);
	} else if (!num(pb, 1, 1024, &lo)) {
		return not_understood(g);
	} else {
		hi = lo;
	}
	if (!st)
		return FC_ERR_NOMEM;
	st->bo = fc_grow(g->c->m->arena, st->bo, st->nbo, &st->bo_cap, sizeof(*st->bo));
	if (!st->bo)
		return FC_ERR_NOMEM;
	b = &st->bo[st->nbo++];
	b->module = (int)mod;
	b->port_lo = (int)lo;
	b->port_hi = (int)hi;
	b->map = fc_model_str(g->c->m, w[7]);
	b->src = here(g);
	return FC_OK;
}

/* priority-flow-control watch-dog-interval on|off
 * priority-flow-control watch-dog interval MS | shutdown-multiplier N | auto-restore-multiplier N |
 *                                             fixed-restore-multiplier N */
static enum fc_rc global_pfc_line(struct cfg *g, char **w, size_t n)
{
	struct nxos_qos *q = &g->st->qos;
	struct fc_int *slot = NULL;
	int64_t v;

	if (n == 3 && !strcmp(w[1], "watch-dog-interval") && (!strcmp(w[2], "on") || !strcmp(w[2], "off"))) {
		fc_set_bool(&q->pfc_wd, !strcmp(w[2], "on"), here(g));
		return FC_OK;
	}
	if (n == 4 && !strcmp(w[1], "watch-dog")) {
		if (!strcmp(w[2], "interval"))
			slot = &q->pfc_wd_interval_ms;
		else if (!strcmp(w[2], "shutdown-multiplier"))
			slot = &q->pfc_wd_shutdown_mult;
		else if (!strcmp(w[2], "auto-restore-multiplier"))
			slot = &q->pfc_wd_auto_restore_mult;
		else if (!strcmp(w[2], "fixed-restore-multiplier"))
			slot = &q->pfc_wd_fixed_restore_mult;
	}
	if (!slot || !num(w[3], 0, 100000, &v))
		return not_understood(g);
	fc_set_int(slot, v, here(g));
	return FC_OK;
}

/* hardware access-list tcam region ing-racl|egr-racl|ing-qos SIZE: where ACLs and QoS
 * classification get TCAM; a region of 0 cannot hold the ACL an access-group applies. */
static enum fc_rc tcam_line(struct cfg *g, char **w, size_t n)
{
	struct nxos_qos *q = &g->st->qos;
	struct fc_int *slot = NULL;
	int64_t v;

	if (n == 6 && !strcmp(w[2], "tcam") && !strcmp(w[3], "region")) {
		if (!strcmp(w[4], "ing-racl"))
			slot = &q->tcam_ing_racl;
		else if (!strcmp(w[4], "egr-racl"))
			slot = &q->tcam_egr_racl;
		else if (!strcmp(w[4], "ing-qos"))
			slot = &q->tcam_ing_qos;
		else
			return FC_OK;   /* other regions (vacl, span, ...) do not bear on RoCE */
	}
	if (!slot || !num(w[5], 0, 1 << 20, &v))
		return not_understood(g);
	fc_set_int(slot, v, here(g));
	return FC_OK;
}

static enum fc_rc top_line(struct cfg *g, char **w, size_t n)
{
	struct fc_model *m = g->c->m;
	struct fc_device *d = g->c->dev;
	bool ok;

	g->blk = B_NONE;
	if (!strcmp(w[0], "interface") && n >= 2 && strcmp(w[1], "breakout")) {
		/* "interface port-channel5", "interface ethernet 1/1", "interface Ethernet1/1-4, Ethernet1/7":
		 * in the spelling show interface uses, so that what is configured here lands on the port
		 * every other output names */
		const char **names, *why;
		char *spec, *p;
		size_t k, len = 0;

		/* the words after the keyword ("ethernet 1/1", "Ethernet1/1-4, Ethernet1/7") */
		for (k = 1; k < n; k++)
			len += strlen(w[k]) + 1;
		if (!(spec = p = fc_alloc(m->arena, len)))
			return FC_ERR_NOMEM;
		for (k = 1; k < n; k++) {
			if (k > 1)
				*p++ = ' ';
			memcpy(p, w[k], strlen(w[k]) + 1);
			p += strlen(w[k]);
		}
		if (!fc_iflist(m, spec, nxos_ifname_canon, false, &names, &g->nifcs, &why)) {
			g->blk = B_IGNORED;
			return nxos_cfg_not_read(g, why);
		}
		if (!(g->ifcs = fc_alloc(m->arena, g->nifcs * sizeof(*g->ifcs))))
			return FC_ERR_NOMEM;
		for (k = 0; k < g->nifcs; k++) {
			struct nxos_port *np;

			if (!(g->ifcs[k] = fc_dev_iface(m, d, names[k])) || !(np = nxos_port(g->c, g->ifcs[k])))
				return FC_ERR_NOMEM;
			if (!np->cfg.file)   /* the first block of the port: where its defaults are said */
				np->cfg = here(g);
		}
		g->ifc = g->ifcs[0];
		g->blk = B_INTERFACE;
		return FC_OK;
	}
	if (!strcmp(w[0], "interface") && n >= 2)
		return breakout_line(g, w, n);
	if (!strcmp(w[0], "hostname") && n == 2) {
		fc_set_str(m, &d->hostname, w[1], here(g));
		return FC_OK;
	}
	if (!strcmp(w[0], "system") && n == 2 && !strcmp(w[1], "qos")) {
		g->blk = B_SYSQOS;
		return FC_OK;
	}
	if (!strcmp(w[0], "class-map") && n >= 2) {
		/* class-map [type T] [match-any|match-all] NAME: no type is type qos, no match kind match-all
		 * (NX-OS's defaults) */
		struct nxos_qos *q = &g->st->qos;
		struct nxos_class_map *cm;
		bool typed = n >= 3 && !strcmp(w[1], "type");
		enum nxos_qtype t = typed ? nxos_cfg_qtype(w[2], &ok) : (ok = true, NXOS_Q_QOS);
		size_t k = typed ? 3 : 1;
		bool any = k < n && !strcmp(w[k], "match-any"), all = k < n && !strcmp(w[k], "match-all");

		if (!ok) {   /* CoPP does not bear on RoCE; another type fabcheck does not know is said */
			g->blk = B_IGNORED;
			return !strcmp(w[2], "control-plane") ? FC_OK : not_understood(g);
		}
		k += any || all;
		if (k + 1 != n) {
			g->blk = B_IGNORED;
			return not_understood(g);
		}
		if (!(cm = nxos_qos_add_cmap(m, q, t, w[k], here(g))))
			return FC_ERR_NOMEM;
		cm->match_all = !any;
		g->cmap = cm;
		g->blk = B_CMAP;
		return FC_OK;
	}

	if (!strcmp(w[0], "policy-map") && (n == 2 || (n == 4 && !strcmp(w[1], "type")))) {
		/* policy-map [type T] NAME: no type is type qos */
		struct nxos_qos *q = &g->st->qos;
		struct nxos_policy_map *pm;
		enum nxos_qtype t = n == 4 ? nxos_cfg_qtype(w[2], &ok) : (ok = true, NXOS_Q_QOS);

		if (!ok) {
			g->blk = B_IGNORED;
			return FC_OK;
		}
		if (!(pm = nxos_qos_add_pmap(m, q, t, w[n - 1], here(g))))
			return FC_ERR_NOMEM;
		g->pmap = pm;
		g->blk = B_PMAP;
		return FC_OK;
	}

	if (!strcmp(w[0], "ip") && n == 3 && !strcmp(w[1], "access-list")) {
		struct fc_acl *acl;
		bool created;

		/* the configuration is authoritative: an ACL first seen in show ip access-lists is replaced */
		if (!(acl = fc_dev_acl(m, d, w[2], here(g), &created)))
			return FC_ERR_NOMEM;
		acl->n = 0;
		acl->src = here(g);
		g->acl = acl;
		g->blk = B_ACL;
		return FC_OK;
	}
	if (!strcmp(w[0], "priority-flow-control"))
		return global_pfc_line(g, w, n);
	if (!strcmp(w[0], "hardware") && n >= 2 && !strcmp(w[1], "access-list"))
		return tcam_line(g, w, n);
	if (fc_cfg_in_list(g->line, g->len, ignored_top)) {
		g->blk = B_IGNORED;
		return FC_OK;
	}
	g->blk = B_IGNORED;
	return not_understood(g);
}

/* "show policy-map system type network-qos" prints the attached policy in running-config syntax,
 * indented under a header. Lines keep their numbers: the header becomes blank, the rest is dedented. */
enum fc_rc nxos_parse_nq_policy_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct fc_buf b;
	struct nxos_state *st = nxos_state(c);
	size_t indent = SIZE_MAX, pmaps_before, i;
	enum fc_rc rc;

	if (!st)
		return FC_ERR_NOMEM;
	pmaps_before = st->qos.npmaps;

	fc_buf_init(&b, strlen(text) + 2);
	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		const char *pm = memmem(it.line, it.len, "policy-map type network-qos", 27);
		size_t k = 0;

		if (indent == SIZE_MAX && pm)
			indent = (size_t)(pm - it.line);
		if (indent != SIZE_MAX) {
			while (k < indent && k < it.len && it.line[k] == ' ')
				k++;
			fc_buf_add(&b, it.line + k, it.len - k);
		}
		if (fc_buf_add(&b, "\n", 1) != FC_OK)
			return fc_err_set(c->err, FC_ERR_NOMEM, c->file, it.lineno, "out of memory");
	}
	if (indent == SIZE_MAX) {
		fc_buf_free(&b);
		return nxos_has_content(text) ? fc_err_set(c->err, FC_ERR_INPUT, c->file, 1,
							    "show policy-map: no 'policy-map type network-qos' found")
					     : FC_OK;
	}
	rc = nxos_parse_running_config(c, b.data);
	fc_buf_free(&b);
	/* this is the system policy: the one attached under system qos */
	for (i = pmaps_before; rc == FC_OK && i < st->qos.npmaps; i++)
		if (st->qos.pmaps[i].type == NXOS_Q_NQ && !st->qos.sys_nq.m.known)
			fc_set_str(c->m, &st->qos.sys_nq, st->qos.pmaps[i].name, st->qos.pmaps[i].src);
	return rc;
}

enum fc_rc nxos_parse_running_config(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct cfg g;
	struct fc_words ws = { 0 };
	struct fc_buf ex;
	char **w;
	size_t n;
	char banner = 0;
	enum fc_rc rc = FC_OK;

	memset(&g, 0, sizeof(g));
	g.c = c;
	if (!(g.st = nxos_state(c)))
		return FC_ERR_NOMEM;
	fc_buf_init(&ex, 1u << 20);
	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		g.lineno = it.lineno;
		g.line = it.line;
		g.len = it.len;
		g.indent = 0;
		if (banner) {   /* a banner's text, up to the line holding its delimiter */
			if (memchr(it.line, banner, it.len))
				banner = 0;
			continue;
		}
		while ((size_t)g.indent < it.len && it.line[g.indent] == ' ')
			g.indent++;
		if ((size_t)g.indent == it.len || it.line[g.indent] == '!' || it.line[g.indent] == '#')
			continue;
		if (!fc_words_split(&ws, it.line, it.len)) {
			rc = FC_ERR_NOMEM;
			break;
		}
		w = ws.w;
		n = ws.n;
		if (n == 0)
			continue;
		if (g.indent == 0 && nxos_banner_open(w, n, it.line, it.len, &banner)) {
			g.blk = B_IGNORED;
			continue;
		}
		{
			const char *x = nxos_cfg_expand(it.line, it.len, w, n, g.indent > 0 && g.blk == B_INTERFACE, &ex);

			if (x) {   /* keywords written in full: the line reads as show running-config prints it */
				g.line = x;
				g.len = ex.len;
				if (!fc_words_split(&ws, x, ex.len)) {
					rc = FC_ERR_NOMEM;
					break;
				}
				w = ws.w;
				n = ws.n;
			}
		}
		if (g.indent == 0) {
			rc = top_line(&g, w, n);
		} else {
			switch (g.blk) {
			case B_NONE:
				rc = not_understood(&g);
				break;
			case B_IGNORED:
				break;
			case B_INTERFACE: {
				size_t k;

				for (k = 0; k < g.nifcs && rc == FC_OK; k++) {
					g.ifc = g.ifcs[k];
					g.mute = k > 0;
					rc = iface_line(&g, w, n);
				}
				g.mute = false;
				break;
			}
			case B_SYSQOS:
				rc = nxos_cfg_sysqos_line(&g, w, n);
				break;
			case B_CMAP:
				rc = nxos_cfg_cmap_line(&g, w, n);
				break;
			case B_PMAP:
				rc = nxos_cfg_pmap_line(&g, w, n);
				break;
			case B_PCLASS:
				if (g.indent <= g.pclass_indent) {
					g.blk = B_PMAP;
					rc = nxos_cfg_pmap_line(&g, w, n);
				} else {
					rc = nxos_cfg_pclass_line(&g, w, n);
				}
				break;
			case B_ACL:
				rc = acl_line(&g, w, n);
				break;
			}
		}
		if (rc != FC_OK)
			break;
	}
	fc_words_free(&ws);
	fc_buf_free(&ex);
	if (rc == FC_OK && banner)
		return fc_dev_add_unparsed(c->m, c->dev, fc_src_at(c->file, it.lineno), "banner: no closing delimiter",
					    strlen("banner: no closing delimiter"));
	return rc == FC_OK ? FC_OK : fc_err_set(c->err, rc, c->file, it.lineno, "out of memory");
}
