/* SPDX-License-Identifier: MIT */
/* EOS running-config. Blocks open at indentation 0 and hold sub-commands indented by 3 (a tx-queue
 * block inside an interface or a qos profile by 6). Read into the adapter's state (eos.h):
 *   interface EthernetN[/M[/K]] (and ranges, Port-ChannelN): description, mtu, l2 mtu, speed,
 *     error-correction encoding, shutdown, switchport, ip address, channel-group, flowcontrol,
 *     priority-flow-control, qos trust, service-policy, service-profile, ip access-group, tx-queue
 *   qos profile NAME: the same QoS sub-commands, applied with service-profile
 *   qos map dscp|cos ... to traffic-class, traffic-class ... to tx-queue|dscp; qos rewrite dscp
 *   priority-flow-control all off; ip access-list NAME (entries in the syntax NX-OS shares)
 * Statements known to decide nothing fabcheck checks are skipped by name; any other line is listed
 * as not understood at its line (a block once, at its first line). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vendors/eos/eos.h"
#include "util/str.h"

static const char *const ignored_top[] = {
	"end", "version", "username", "aaa", "no aaa", "ntp", "logging", "snmp-server", "spanning-tree", "vlan",
	"router", "management", "daemon", "transceiver", "service", "ip routing", "ipv6 unicast-routing", "ip route",
	"ipv6 route", "dns", "ip name-server", "ip domain", "ip domain-name", "clock", "banner", "alias",
	"event-handler", "mac address-table", "lldp", "sflow", "tacacs-server", "radius-server", "enable", "terminal",
	"prompt", "mlag", "route-map", "ip prefix-list", "ipv6 prefix-list", "peer-filter", "monitor", "errdisable",
	"load-interval", "queue-monitor", "agent", "boot", "switchport default", "vrf", "ip virtual-router",
	"ip igmp", "ipv6 access-list", "mac access-list", "ip community-list", "ip as-path", "tap", "tcam",
	"ip ftp", "ip tftp", "ip http", "ip ssh", "ip telnet", "ip icmp", "system", "ptp", "cvx", "peer", "email",
	"schedule", "ip dhcp", "ipv6 dhcp", "ip multicast-routing", "bfd", "mpls", "ip security", "dot1x", "policy-map type pbr",
	"class-map type pbr", "no ip", "hardware counter", "interface defaults", "ip load-sharing", "arp", "link tracking",
	"ip igmp snooping", "qos random-detect ecn allow", "ip address virtual", "ip radius", "ip tacacs", "flow tracking",
	"port-channel load-balance", "lacp", "ip hardware", "mac security", "vmtracer", "event-monitor", "hostname",
	"dhcp relay", "router-id",
	/* table and TCAM carving, forwarding and LAG modes: what fits in the tables, not how a packet is
	 * queued, paused or marked (the MMU queue profiles and the sand traffic-class maps are read) */
	"hardware tcam", "hardware access-list", "platform trident forwarding-table", "platform trident l3",
	"platform sand forwarding", "platform sand lag", "platform sand multicast", "platform sand mdb",
	"platform sand fap", "platform sfe", NULL,
};

/* Interface sub-commands that decide nothing fabcheck checks. */
static const char *const ignored_if[] = {
	"switchport mode", "switchport access", "switchport trunk", "switchport backup", "switchport port-security",
	"switchport dot1q", "switchport vlan", "spanning-tree", "storm-control", "ipv6", "tcp mss", "load-interval",
	"logging event", "lldp", "no lldp", "snmp", "no snmp", "mac", "link-debounce", "ip igmp", "multicast",
	"bfd", "ip ospf", "ip pim", "isis", "vrf", "ip helper-address", "arp", "ptp", "dot1x", "sflow", "mpls", "evpn",
	"link tracking", "transceiver", "ip verify", "ip proxy-arp", "pim", "qos cos", "qos dscp", "shape",
	"ip attached-host", "mlag", "ip nat", "vmtracer", "traffic-engineering", "comment", "ip local-proxy-arp",
	"ip virtual-router", "no ip", "bgp", "ip address virtual", "dhcp", "l2 mtu", "lacp", "port-channel",
	"ip dhcp", "ip routing", "hardware", "counter", "encapsulation", "no logging", "vrrp", "no vrrp", "switchport",
	"client", "no sflow", "designated-forwarder", "route-target", "poe", "l2 mru", "no mpls", "no isis",
	"l2-protocol", "vlan id", "identifier", "redundancy", "no dot1x", "evpn", "no switchport vlan", "ntp", NULL,
};

enum blk { B_NONE, B_SKIP, B_UNKNOWN, B_IFACE, B_PROFILE, B_ACL };

struct cfg {
	struct fc_parse_ctx *c;
	struct eos_state *s;
	enum blk blk;
	struct eos_port **ports;         /* the interface block's ports */
	size_t nports, ports_cap;
	size_t profile;                  /* index into s->profiles */
	struct fc_acl *acl;
	int txq;                         /* the tx-queue block (-1: none) */
	bool comment;                    /* inside a comment's text, which ends at a line EOF */
	unsigned comment_line;
	const char *line;
	size_t len, indent;
	unsigned lineno;
};

static struct fc_src here(const struct cfg *g)
{
	return fc_src_at(g->c->file, g->lineno);
}

static enum fc_rc not_understood(struct cfg *g)
{
	return fc_dev_add_unparsed(g->c->m, g->c->dev, here(g), g->line, g->len);
}

struct eos_state *eos_state(struct fc_parse_ctx *c)
{
	struct eos_state *s = c->dev->adapter_state;

	if (!s && (s = fc_alloc(c->m->arena, sizeof(*s)))) {
		if (!(s->port_index = fc_hmap_new(c->m->arena, 64)) || !(s->prof_index = fc_hmap_new(c->m->arena, 16)))
			return NULL;
		c->dev->adapter_state = s;
	}
	return s;
}

/* Ports and profiles are found by index, not by a scan: a chassis' thousands of interfaces, each
 * named by several outputs, made lookups quadratic (40,000 interfaces took 7.7 s). */
struct eos_port *eos_port_of(struct fc_parse_ctx *c, struct eos_state *s, const char *name)
{
	struct fc_iface *ifc = fc_dev_iface(c->m, c->dev, name);
	void *v;
	size_t i;
	int failed = 0;

	if (!ifc)
		return NULL;
	if ((v = fc_hmap_get(s->port_index, &ifc, sizeof(ifc))))
		return s->ports[(uintptr_t)v - 1];
	i = s->nports;
	if (!(s->ports = fc_grow(c->m->arena, s->ports, s->nports, &s->ports_cap, sizeof(*s->ports))) ||
	    !(s->ports[i] = fc_alloc(c->m->arena, sizeof(*s->ports[i]))))
		return NULL;
	s->ports[i]->ifc = ifc;
	s->nports++;
	fc_hmap_put(s->port_index, &ifc, sizeof(ifc), (void *)(uintptr_t)s->nports, &failed);
	return failed ? NULL : s->ports[i];
}

struct eos_qos *eos_port_qos(struct fc_parse_ctx *c, struct eos_port *p)
{
	if (!p->q)
		p->q = fc_alloc(c->m->arena, sizeof(*p->q));
	return p->q;
}

const struct eos_profile *eos_profile(const struct eos_state *s, const char *name)
{
	void *v = s ? fc_hmap_get(s->prof_index, name, strlen(name)) : NULL;

	return v ? s->profiles[(uintptr_t)v - 1] : NULL;
}

/* qos map dscp|cos L... to traffic-class T [drop-precedence D]; traffic-class L... to tx-queue|dscp V */
static enum fc_rc qos_map(struct cfg *g, char **w, size_t n)
{
	struct eos_state *s = g->s;
	size_t to;
	uint64_t mask;
	int64_t v, k;
	struct fc_int *dst;
	int64_t max_from, max_to;

	for (to = 3; to < n && strcmp(w[to], "to"); to++)
		;
	if (to + 2 >= n)
		return not_understood(g);
	if (!strcmp(w[2], "dscp") && !strcmp(w[to + 1], "traffic-class"))
		dst = s->dscp_tc, max_from = 63, max_to = 7;
	else if (!strcmp(w[2], "cos") && !strcmp(w[to + 1], "traffic-class"))
		dst = s->cos_tc, max_from = 7, max_to = 7;
	else if (!strcmp(w[2], "traffic-class") && !strcmp(w[to + 1], "tx-queue"))
		dst = s->tc_queue, max_from = 7, max_to = 7;
	else if (!strcmp(w[2], "traffic-class") && !strcmp(w[to + 1], "dscp"))
		dst = s->tc_dscp, max_from = 7, max_to = 63;
	else if (!strcmp(w[2], "traffic-class") && !strcmp(w[to + 1], "cos"))
		return FC_OK;   /* the CoS a frame leaves with: not judged */
	else if (!strcmp(w[2], "exp"))
		return FC_OK;   /* MPLS */
	else
		return not_understood(g);
	if (!fc_num_set(w + 3, to - 3, max_from, &mask) || !fc_parse_i64(w[to + 2], 0, max_to, &v))
		return not_understood(g);
	/* "drop-precedence D" may follow a dscp map: the drop order within the class, not judged */
	if (to + 3 < n && !(to + 5 == n && !strcmp(w[to + 3], "drop-precedence")))
		return not_understood(g);
	for (k = 0; k <= max_from; k++)
		if (mask & ((uint64_t)1 << k))
			fc_set_int(&dst[k], v, here(g));
	return FC_OK;
}

/* random-detect ecn|drop [drop-precedence N] minimum-threshold A U maximum-threshold B U
 *   [max-mark-probability|drop-probability P] [weight W]: bytes, kbytes, mbytes, segments (taken as
 *   208-byte buffer cells), milliseconds (at the port's speed, later: kept as negative µs here). */
static bool threshold(struct eos_txq *q, char **w, size_t n, size_t *i, struct fc_int *out, struct fc_src s)
{
	int64_t v, x;
	const char *u;

	if (*i + 1 >= n || !fc_parse_i64(w[*i], 0, INT64_C(1) << 40, &v))
		return false;
	u = w[*i + 1];
	*i += 2;
	if (fc_unit_bytes(v, u, &x))
		fc_set_int(out, x, s);
	else if (!strcmp(u, "segments")) {
		fc_set_int(out, v * 208, s);
		q->unit_note = "a segment taken as a 208-byte buffer cell (Trident/Tomahawk MMU); other ASICs differ";
	} else if (strcmp(u, "seconds") && fc_unit_usec(v, u, &x)) {
		/* bytes depend on the port's speed: resolved with it (eos_qos_path.c) */
		fc_set_int(out, -x, s);
		q->unit_note = "a time threshold: bytes the port sends in that time at its speed";
	} else
		return false;
	return true;
}

static bool random_detect(struct eos_txq *q, char **w, size_t n, struct fc_src s)
{
	size_t i = 2;
	int64_t v;
	bool ecn = !strcmp(w[1], "ecn");

	if (!ecn && strcmp(w[1], "drop"))
		return false;
	if (i + 1 < n && !strcmp(w[i], "drop-precedence"))
		i += 2;
	if (i >= n || strcmp(w[i], "minimum-threshold"))
		return false;
	i++;
	if (!threshold(q, w, n, &i, &q->kmin, s) || i >= n || strcmp(w[i++], "maximum-threshold") ||
	    !threshold(q, w, n, &i, &q->kmax, s))
		return false;
	while (i < n) {
		if ((!strcmp(w[i], "max-mark-probability") || !strcmp(w[i], "drop-probability")) && i + 1 < n &&
		    fc_parse_i64(w[i + 1], 0, 100, &v))
			fc_set_int(&q->prob, v, s);
		else if (!strcmp(w[i], "weight") && i + 1 < n && fc_parse_i64(w[i + 1], 0, 15, &v))
			fc_set_int(&q->weight, v, s);
		else
			return false;
		i += 2;
	}
	fc_set_bool(&q->ecn, ecn, s);
	return true;
}

/* A sub-command of a tx-queue block. */
static enum fc_rc txq_line(struct cfg *g, struct eos_txq *q, char **w, size_t n)
{
	int64_t v;

	if (n == 2 && !strcmp(w[0], "priority") && !strcmp(w[1], "strict"))
		fc_set_bool(&q->strict, true, here(g));
	else if (n == 2 && !strcmp(w[0], "no") && !strcmp(w[1], "priority"))
		fc_set_bool(&q->strict, false, here(g));
	else if (n == 3 && !strcmp(w[0], "bandwidth") && !strcmp(w[1], "percent") && fc_parse_i64(w[2], 0, 100, &v))
		fc_set_int(&q->bw, v, here(g));
	else if (!strcmp(w[0], "bandwidth") || !strcmp(w[0], "shape") || !strncmp(w[0], "!!", 2))
		;   /* a guaranteed minimum, a shaper: not judged */
	else if (!strcmp(w[0], "random-detect") && n >= 2 && random_detect(q, w, n, here(g)))
		;
	else if (n == 3 && !strcmp(w[0], "random-detect") && !strcmp(w[2], "count"))
		;   /* counts the marks: not judged */
	else
		return not_understood(g);
	return FC_OK;
}

/* A QoS sub-command of an interface or a qos profile; *known false when it is none. */
static enum fc_rc qos_line(struct cfg *g, struct eos_qos *q, char **w, size_t n, bool *known)
{
	struct fc_src s = here(g);
	int64_t v;

	*known = true;
	if (n >= 2 && !strcmp(w[0], "qos") && !strcmp(w[1], "trust")) {
		static const struct fc_spelling trusts[] = { { "dscp", FC_TRUST_DSCP }, { "cos", FC_TRUST_PCP }, { NULL, 0 } };
		enum fc_trust t = n == 3 ? fc_spelling_find(trusts, w[2], false) : 0;

		if (!t)
			return not_understood(g);
		fc_set_trust(&q->trust, t, s);
	} else if (n == 3 && !strcmp(w[0], "no") && !strcmp(w[1], "qos") && !strcmp(w[2], "trust")) {
		fc_set_trust(&q->trust, FC_TRUST_NONE, s);
	} else if (n == 5 && !strcmp(w[0], "service-policy") && !strcmp(w[1], "type") && !strcmp(w[2], "qos") &&
		   !strcmp(w[3], "input")) {
		fc_set_str(g->c->m, &q->policy, w[4], s);
	} else if (n == 2 && !strcmp(w[0], "priority-flow-control") && (!strcmp(w[1], "on") || !strcmp(w[1], "off"))) {
		fc_set_bool(&q->pfc_on, !strcmp(w[1], "on"), s);
	} else if (n == 2 && !strcmp(w[0], "no") && !strcmp(w[1], "priority-flow-control")) {
		fc_set_bool(&q->pfc_on, false, s);
	} else if (n == 4 && !strcmp(w[0], "priority-flow-control") && !strcmp(w[1], "priority") &&
		   fc_parse_i64(w[2], 0, 7, &v) && (!strcmp(w[3], "no-drop") || !strcmp(w[3], "drop"))) {
		struct fc_int *set = !strcmp(w[3], "no-drop") ? &q->nodrop : &q->drop, *other = set == &q->nodrop ? &q->drop
														      : &q->nodrop;

		fc_set_int(set, (set->m.known ? set->v : 0) | ((int64_t)1 << v), s);
		if (other->m.known)
			other->v &= ~((int64_t)1 << v);
		if (!q->nodrop.m.known)
			fc_set_int(&q->nodrop, 0, s);
	} else if (n >= 3 && !strcmp(w[0], "priority-flow-control") && !strcmp(w[1], "pause") && !strcmp(w[2], "watchdog")) {
		if (n == 3)
			fc_set_bool(&q->watchdog, true, s);   /* the rest tunes it (action, timer) */
	} else {
		*known = false;
	}
	return FC_OK;
}

static struct eos_port *port(struct cfg *g, size_t k)
{
	return g->ports[k];
}

/* Whether qos_line may take the line (its first words): only then are a port's QoS settings made. */
static bool qos_words(char **w, size_t n)
{
	const char *a = !strcmp(w[0], "no") && n > 1 ? w[1] : w[0];

	return !strcmp(a, "qos") || !strcmp(a, "service-policy") || !strcmp(a, "priority-flow-control");
}

static enum fc_rc iface_line(struct cfg *g, char **w, size_t n)
{
	struct fc_model *m = g->c->m;
	struct fc_src s = here(g);
	size_t k;
	int64_t v, lanes;
	bool known;
	enum fc_rc rc;

	for (k = 0; k < g->nports; k++) {
		struct eos_port *p = port(g, k);
		struct fc_iface *ifc = p->ifc;

		known = false;
		if (qos_words(w, n)) {
			struct eos_qos *q = eos_port_qos(g->c, p);

			if (!q)
				return FC_ERR_NOMEM;
			if ((rc = qos_line(g, q, w, n, &known)) != FC_OK)
				return rc;
		}
		if (known)
			continue;
		if (!strcmp(w[0], "description") && n > 1) {
			const char *d = g->line + g->indent + strlen("description ");

			fc_set_str(m, &ifc->description, fc_model_strn(m, d, g->len - (size_t)(d - g->line)), s);
		} else if (n == 2 && !strcmp(w[0], "mtu") && fc_parse_i64(w[1], 68, 65535, &v)) {
			fc_set_int(&p->ip_mtu, v, s);
		} else if (n == 3 && !strcmp(w[0], "l2") && !strcmp(w[1], "mtu") && fc_parse_i64(w[2], 68, 65535, &v)) {
			fc_set_int(&p->l2_mtu, v, s);
		} else if (!strcmp(w[0], "speed") && n >= 2) {
			const char *sp = n == 3 && !strcmp(w[1], "forced") ? w[2] : w[1];

			if (n == 2 && !strcmp(w[1], "auto")) {
				fc_set_bool(&ifc->autoneg, true, s);
			} else if ((n == 2 || (n == 3 && !strcmp(w[1], "forced"))) && fc_speed_parse(sp, &v, &lanes)) {
				fc_set_int(&ifc->speed_mbps, v, s);
				fc_set_bool(&ifc->autoneg, false, s);
				if (lanes)
					fc_set_int(&ifc->lanes, lanes, s);
			} else if (n == 3 && !strcmp(w[1], "auto") && fc_speed_parse(w[2], &v, &lanes)) {
				fc_set_bool(&ifc->autoneg, true, s);   /* auto, advertising one speed */
				fc_set_int(&ifc->speed_mbps, v, s);
			} else {
				return not_understood(g);
			}
		} else if (n == 3 && !strcmp(w[0], "error-correction") && !strcmp(w[1], "encoding")) {
			static const struct fc_spelling encodings[] = {
				{ "reed-solomon", FC_FEC_RS }, { "fire-code", FC_FEC_BASER }, { NULL, 0 },
			};
			enum fc_fec f = fc_spelling_find(encodings, w[2], false);

			if (!f)
				return not_understood(g);
			/* both lines: either may be negotiated */
			fc_set_fec(&ifc->fec_config, ifc->fec_config.m.known && ifc->fec_config.v != f &&
						     ifc->fec_config.v != FC_FEC_OFF ? FC_FEC_AUTO : f, s);
		} else if (n == 3 && !strcmp(w[0], "no") && !strcmp(w[1], "error-correction") && !strcmp(w[2], "encoding")) {
			fc_set_fec(&ifc->fec_config, FC_FEC_OFF, s);
		} else if (n == 1 && !strcmp(w[0], "shutdown")) {
			fc_set_str(m, &ifc->admin_state, "down", s);
		} else if (n == 2 && !strcmp(w[0], "no") && !strcmp(w[1], "shutdown")) {
			fc_set_str(m, &ifc->admin_state, "up", s);
		} else if (n == 1 && !strcmp(w[0], "switchport")) {
			fc_set_bool(&p->routed, false, s);
			if (!ifc->port_mode.m.known)
				fc_set_port_mode(&ifc->port_mode, FC_PORT_MODE_ACCESS, s);
		} else if (n == 2 && !strcmp(w[0], "no") && !strcmp(w[1], "switchport")) {
			fc_set_bool(&p->routed, true, s);
			fc_set_port_mode(&ifc->port_mode, FC_PORT_MODE_ROUTED, s);
		} else if (n == 3 && !strcmp(w[0], "switchport") && !strcmp(w[1], "mode")) {
			static const struct fc_spelling modes[] = {
				{ "access", FC_PORT_MODE_ACCESS }, { "trunk", FC_PORT_MODE_TRUNK },
				{ "dot1q-tunnel", FC_PORT_MODE_DOT1Q_TUNNEL }, { "tap", FC_PORT_MODE_TAP },
				{ "tool", FC_PORT_MODE_TOOL }, { NULL, 0 },
			};
			enum fc_port_mode pm = fc_spelling_find(modes, w[2], false);

			if (!pm)
				return not_understood(g);
			fc_set_port_mode(&ifc->port_mode, pm, s);
		} else if (n >= 3 && !strcmp(w[0], "ip") && !strcmp(w[1], "address") && strchr(w[2], '/')) {
			if ((rc = fc_strlist_add(m, &ifc->addresses, w[2], s)) != FC_OK)
				return rc;
		} else if (n == 4 && !strcmp(w[0], "ip") && !strcmp(w[1], "access-group") &&
			   (!strcmp(w[3], "in") || !strcmp(w[3], "out"))) {
			fc_set_str(m, !strcmp(w[3], "in") ? &ifc->sw->acl_in : &ifc->sw->acl_out, w[2], s);
		} else if (n == 2 && !strcmp(w[0], "service-profile")) {
			fc_set_str(m, &p->profile, w[1], s);
		} else if (n >= 4 && !strcmp(w[2], "mode") && fc_channel_group(w, n, &v)) {
			fc_set_str(m, &ifc->sw->lag, fc_sprintf(m->arena, "Port-Channel%lld", (long long)v), s);
		} else if (n == 3 && !strcmp(w[0], "flowcontrol") && (!strcmp(w[1], "receive") || !strcmp(w[1], "send")) &&
			   (!strcmp(w[2], "on") || !strcmp(w[2], "off"))) {
			fc_set_bool(!strcmp(w[1], "receive") ? &ifc->pause_rx : &ifc->pause_tx, !strcmp(w[2], "on"), s);
		} else if (fc_cfg_in_list(g->line + g->indent, g->len - g->indent, ignored_if) || !strncmp(w[0], "!", 1)) {
			;
		} else {
			return not_understood(g);
		}
	}
	return FC_OK;
}

/* "Ethernet1-4,6", "Ethernet1/1-4", "Ethernet3/1/1-2", "Port-Channel10": the ports, into g->ports. */
static enum fc_rc iface_block(struct cfg *g, const char *spec)
{
	const char **names, *why, *t;
	size_t k, nn, letters = strcspn(spec, "0123456789");
	char kind[FC_IFLIST_NAME], canon[FC_IFLIST_NAME];

	g->nports = 0;
	/* the kind the first name's letters say: Loopback, Management, Vlan, Vxlan are not on the
	 * fabric's data path */
	if (letters && letters + 2 <= sizeof(kind)) {
		snprintf(kind, sizeof(kind), "%.*s1", (int)letters, spec);
		if (!eos_ifname_canon(kind, letters + 1, canon, sizeof(canon))) {
			g->blk = B_SKIP;
			return FC_OK;
		}
	}
	if (!fc_iflist(g->c->m, spec, eos_ifname_canon, true, &names, &nn, &why)) {
		g->blk = B_UNKNOWN;
		if (!strstr(why, "more than"))
			return not_understood(g);
		if (!(t = fc_sprintf(g->c->m->arena, "%.*s  (not read: %s)", (int)g->len, g->line, why)))
			return FC_ERR_NOMEM;
		return fc_dev_add_unparsed(g->c->m, g->c->dev, here(g), t, strlen(t));
	}
	for (k = 0; k < nn; k++) {
		struct eos_port *pp;

		if (!(pp = eos_port_of(g->c, g->s, names[k])))
			return FC_ERR_NOMEM;
		if (!(g->ports = fc_grow(g->c->m->arena, g->ports, g->nports, &g->ports_cap, sizeof(*g->ports))))
			return FC_ERR_NOMEM;
		g->ports[g->nports++] = pp;
	}
	g->blk = B_IFACE;
	return FC_OK;
}

static enum fc_rc top_line(struct cfg *g, char **w, size_t n)
{
	struct eos_state *s = g->s;
	struct fc_model *m = g->c->m;
	bool created;
	size_t i;

	g->blk = B_SKIP;
	g->txq = -1;
	if (w[0][0] == '!')
		return FC_OK;
	if (n == 2 && !strcmp(w[0], "hostname")) {
		fc_set_str(m, &g->c->dev->hostname, w[1], here(g));
		return FC_OK;
	}
	if (n >= 2 && !strcmp(w[0], "interface")) {
		size_t used = 0;
		char *spec;

		for (i = 1; i < n; i++)
			used += strlen(w[i]);
		if (!(spec = fc_alloc(m->arena, used + 1)))
			return FC_ERR_NOMEM;
		for (i = 1, used = 0; i < n; i++) {   /* "interface Ethernet1 - 4" is "Ethernet1-4" */
			memcpy(spec + used, w[i], strlen(w[i]));
			used += strlen(w[i]);
		}
		spec[used] = '\0';
		return iface_block(g, spec);
	}
	if (n == 3 && !strcmp(w[0], "qos") && !strcmp(w[1], "profile")) {
		const char *name = fc_model_str(m, w[2]);   /* as the model keeps it, as service-profile names it */
		void *v = name ? fc_hmap_get(s->prof_index, name, strlen(name)) : NULL;

		if (!name)
			return FC_ERR_NOMEM;
		i = v ? (uintptr_t)v - 1 : s->nprof;
		if (i == s->nprof) {
			int failed = 0;

			if (!(s->profiles = fc_grow(m->arena, s->profiles, s->nprof, &s->prof_cap, sizeof(*s->profiles))) ||
			    !(s->profiles[i] = fc_alloc(m->arena, sizeof(*s->profiles[i]))))
				return FC_ERR_NOMEM;
			s->profiles[i]->name = name;
			s->profiles[i]->src = here(g);
			s->nprof++;
			fc_hmap_put(s->prof_index, name, strlen(name), (void *)(uintptr_t)s->nprof, &failed);
			if (failed)
				return FC_ERR_NOMEM;
		}
		g->profile = i;
		g->blk = B_PROFILE;
		return FC_OK;
	}
	if (n >= 6 && !strcmp(w[0], "qos") && !strcmp(w[1], "map"))
		return qos_map(g, w, n);
	if (n == 3 && !strcmp(w[0], "qos") && !strcmp(w[1], "rewrite") && !strcmp(w[2], "dscp")) {
		fc_set_bool(&s->rewrite_dscp, true, here(g));
		return FC_OK;
	}
	if (n == 3 && !strcmp(w[0], "priority-flow-control") && !strcmp(w[1], "all") && !strcmp(w[2], "off")) {
		fc_set_bool(&s->pfc_all_off, true, here(g));
		return FC_OK;
	}
	if (n >= 3 && !strcmp(w[0], "priority-flow-control") && !strcmp(w[1], "pause") && !strcmp(w[2], "watchdog"))
		return FC_OK;   /* the watchdog's defaults; a port runs it with its own statement */
	if ((n == 3 || (n == 4 && !strcmp(w[2], "standard"))) && !strcmp(w[0], "ip") && !strcmp(w[1], "access-list")) {
		/* a standard ACL matches the source address only: every protocol of it */
		if (!(g->acl = fc_dev_acl(m, g->c->dev, w[n - 1], here(g), &created)))
			return FC_ERR_NOMEM;
		g->acl->standard = n == 4;
		g->blk = B_ACL;
		return FC_OK;
	}
	if (fc_cfg_in_list(g->line, g->len, ignored_top))
		return FC_OK;
	g->blk = B_UNKNOWN;
	return not_understood(g);
}

static enum fc_rc sub_line(struct cfg *g, char **w, size_t n)
{
	struct eos_qos *q = g->blk == B_PROFILE ? &g->s->profiles[g->profile]->q : NULL;
	int64_t v;
	bool known;
	size_t k;
	enum fc_rc rc;

	if (g->blk == B_SKIP || g->blk == B_UNKNOWN || w[0][0] == '!')
		return FC_OK;
	if (g->blk == B_NONE)
		return not_understood(g);   /* indented before any block opened */
	if (g->blk == B_ACL) {
		bool understood;

		if (!strcmp(w[0], "counters") || !strcmp(w[0], "statistics"))
			return FC_OK;
		rc = fc_acl_append(g->c->m, g->acl, w, n, g->line + g->indent, g->len - g->indent, here(g), &understood);
		return rc != FC_OK || understood ? rc : not_understood(g);
	}
	/* tx-queue N [...]: a block at the first level; its sub-commands deeper */
	if (g->indent <= 3 && n == 2 && (!strcmp(w[0], "tx-queue") || !strcmp(w[0], "uc-tx-queue")) &&
	    fc_parse_i64(w[1], 0, 7, &v)) {
		g->txq = (int)v;
		if (q)
			q->txq[v].src = here(g);
		for (k = 0; !q && k < g->nports; k++) {
			struct eos_qos *pq = eos_port_qos(g->c, port(g, k));

			if (!pq)
				return FC_ERR_NOMEM;
			pq->txq[v].src = here(g);
		}
		return FC_OK;
	}
	if (g->indent <= 3 && n == 2 && !strcmp(w[0], "mc-tx-queue")) {
		g->txq = 8;   /* multicast queues: not on RoCE's path */
		return FC_OK;
	}
	if (g->indent > 3 && g->txq >= 0) {
		if (g->txq == 8)
			return FC_OK;
		if (q)
			return txq_line(g, &q->txq[g->txq], w, n);
		for (k = 0; k < g->nports; k++) {
			struct eos_qos *pq = eos_port_qos(g->c, port(g, k));

			if (!pq)
				return FC_ERR_NOMEM;
			if ((rc = txq_line(g, &pq->txq[g->txq], w, n)) != FC_OK)
				return rc;
		}
		return FC_OK;
	}
	g->txq = -1;
	if (g->blk == B_IFACE)
		return iface_line(g, w, n);
	if ((rc = qos_line(g, q, w, n, &known)) != FC_OK || known)
		return rc;
	return fc_cfg_in_list(g->line + g->indent, g->len - g->indent, ignored_if) ? FC_OK : not_understood(g);
}

enum fc_rc eos_parse_config(struct fc_parse_ctx *c, const char *text)
{
	struct eos_state *s = eos_state(c);
	struct fc_lines it;
	struct fc_words ws = { 0 };
	struct cfg g;
	size_t lines = 0;
	enum fc_rc rc = FC_OK;

	if (!s)
		return FC_ERR_NOMEM;
	memset(&g, 0, sizeof(g));
	g.c = c;
	g.s = s;
	g.txq = -1;
	s->have_config = true;
	s->config = fc_src_at(c->file, 0);
	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		size_t n = it.len;

		while (n && (it.line[n - 1] == ' ' || it.line[n - 1] == '\r' || it.line[n - 1] == '\t'))
			n--;
		g.line = it.line;
		g.len = n;
		g.lineno = it.lineno;
		for (g.indent = 0; g.indent < n && it.line[g.indent] == ' '; g.indent++)
			;
		if (g.indent == n)
			continue;
		if (!fc_words_split(&ws, it.line, n)) {
			rc = FC_ERR_NOMEM;
			break;
		}
		if (!ws.n)
			continue;   /* white space other than blanks (a form feed): no words */
		lines++;
		/* "comment" opens free text, ended by EOF at the same indentation: no statement */
		if (g.comment) {
			g.comment = !(ws.n == 1 && !strcmp(ws.w[0], "EOF"));
			continue;
		}
		if (ws.n == 1 && !strcmp(ws.w[0], "comment")) {
			g.comment = true;
			g.comment_line = g.lineno;
			continue;
		}
		rc = g.indent ? sub_line(&g, ws.w, ws.n) : top_line(&g, ws.w, ws.n);
	}
	fc_words_free(&ws);
	if (rc == FC_OK && g.comment) {   /* what followed was read as the comment's text: said so */
		static const char msg[] = "comment not ended by EOF: every line after it was taken as its text";

		rc = fc_dev_add_unparsed(c->m, c->dev, fc_src_at(c->file, g.comment_line), msg, sizeof(msg) - 1);
	}
	if (rc == FC_OK && !lines)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "an empty running-config");
	return rc;
}
