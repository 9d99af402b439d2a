/* SPDX-License-Identifier: MIT */
/* CONFIG_DB objects into the model: the device (DEVICE_METADATA), each port (PORT, BREAKOUT_CFG,
 * PORT_QOS_MAP pfc_enable, PFC_WD, CABLE_LENGTH) and the data-plane ACLs (ACL_TABLE, ACL_RULE).
 * SONiC's conventions become the model's, each with a note where a convention decides a value:
 *   MTU       PORT mtu is the IP MTU; orchagent programs the port with 14 bytes of Ethernet header
 *             and 4 of VLAN tag more (and the FCS), so the model's L2 MTU is mtu + 18;
 *   FEC       rs -> rs, fc -> baser, none -> off: the configured FEC (the active one is an
 *             operational state CONFIG_DB does not hold);
 *   ACLs      rules are matched by PRIORITY, highest first; a packet no rule matches is forwarded
 *             (no implicit deny: the model gets a final permit saying so). */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "vendors/sonic/sonic.h"
#include "util/hmap.h"
#include "util/str.h"

static bool int_of(const struct sonic_field *f, int64_t min, int64_t max, int64_t *v)
{
	return f && fc_parse_i64(f->value, min, max, v);
}

/* A not-understood value: one entry at the field's line. */
static enum fc_rc bad_value(struct fc_parse_ctx *c, const struct sonic_obj *o, const struct sonic_field *f,
			    const char *what)
{
	char msg[300];

	snprintf(msg, sizeof(msg), "%s|%s %s '%.60s': %s", o->table, o->key, f->name, f->value, what);
	return fc_dev_add_unparsed(c->m, c->dev, f->src, msg, strlen(msg));
}

/* "3,4" (or "3-4") as a bitmask of priorities; false on anything else. */
static bool prio_list(const char *s, int64_t *mask)
{
	*mask = 0;
	while (*s) {
		char *end;
		long a = strtol(s, &end, 10), b = a;

		if (end == s || a < 0 || a > 7)
			return false;
		if (*end == '-') {
			s = end + 1;
			b = strtol(s, &end, 10);
			if (end == s || b < a || b > 7)
				return false;
		}
		for (; a <= b; a++)
			*mask |= (int64_t)1 << a;
		s = end;
		if (*s == ',')
			s++;
		else if (*s)
			return false;
	}
	return true;
}

const struct fc_spelling sonic_fec_words[] = {
	{ "rs", FC_FEC_RS }, { "fc", FC_FEC_BASER }, { "none", FC_FEC_OFF }, { "auto", FC_FEC_AUTO },
	{ NULL, 0 },
};

/* The medium from the module (show interfaces transceiver eeprom), and the link mode from the speed,
 * the port's serdes lanes and the module. */
static void phy(struct fc_model *m, struct fc_iface *ifc)
{
	enum fc_medium med;

	if (fc_xcvr(ifc)->type.m.known && (med = fc_medium_of(fc_xcvr(ifc)->type.v)))
		fc_set_medium(&ifc->medium, med, fc_xcvr(ifc)->type.m.src);
	else if (fc_xcvr(ifc)->type.m.known)
		fc_set_unknown(&ifc->medium.m, "the module's compliance does not name its medium");
	else
		fc_set_unknown(&ifc->medium.m, "no transceiver EEPROM for the port (show interfaces transceiver eeprom)");
	if (ifc->lanes.m.known)
		fc_iface_link_mode(m, ifc, ifc->lanes.m.src);
}

/* Each port's cable length: its field in the first CABLE_LENGTH object (in the order read) that
 * has one (a config has one object, "AZURE"). Indexed once by port name, so neither many ports nor
 * many objects make the lookup a scan. */
struct cable_tables {
	struct fc_hmap *by_port;    /* port name -> const struct cable_at * (in the model's arena) */
};

struct cable_at {
	const struct sonic_obj *o;
	const struct sonic_field *f;
};

static enum fc_rc port(struct fc_parse_ctx *c, struct sonic_state *s, const struct sonic_obj *o,
		       const struct cable_tables *ct)
{
	struct fc_iface *ifc = fc_dev_iface(c->m, c->dev, o->key);
	const struct sonic_field *f;
	const struct sonic_obj *q;
	int64_t v;
	enum fc_rc rc;

	if (!ifc)
		return FC_ERR_NOMEM;
	/* a state output read before (show interfaces status, fec status) says what runs: it stays */
	if (int_of(f = sonic_field(o, "speed"), 1, 10000000, &v)) {
		if (!ifc->speed_mbps.m.known)
			fc_set_int(&ifc->speed_mbps, v, f->src);
	}
	else if (f && (rc = bad_value(c, o, f, "expected a speed in Mb/s")) != FC_OK)
		return rc;
	if ((f = sonic_field(o, "lanes"))) {
		const char *p;

		for (v = 1, p = f->value; *p; p++)
			v += *p == ',';
		fc_set_int(&ifc->lanes, v, f->src);
	}
	phy(c->m, ifc);
	if (int_of(f = sonic_field(o, "mtu"), 68, 65535, &v)) {
		if (!ifc->mtu.m.known) {
			fc_set_int(&ifc->mtu, v + 18, f->src);
			ifc->mtu.m.why = "SONiC's PORT mtu is the IP MTU: + 14 bytes of Ethernet header and 4 of VLAN tag";
		}
	} else if (f && (rc = bad_value(c, o, f, "expected an MTU from 68 to 65535")) != FC_OK)
		return rc;
	if ((f = sonic_field(o, "fec"))) {
		enum fc_fec n = fc_spelling_find(sonic_fec_words, f->value, false);

		if (n) {
			fc_set_fec(&ifc->fec_config, n, f->src);
			if (!ifc->fec_active.m.known)
				fc_set_unknown(&ifc->fec_active.m, "CONFIG_DB holds the configured FEC; the active one is in "
								   "show interfaces fec status, not collected");
		} else if ((rc = bad_value(c, o, f, "expected rs, fc, none or auto")) != FC_OK)
			return rc;
	}
	/* words the switch does not take are listed by sonic_check_schema: unknown here, not guessed */
	if ((f = sonic_field(o, "autoneg"))) {
		if (!strcmp(f->value, "on") || !strcmp(f->value, "off"))
			fc_set_bool(&ifc->autoneg, !strcmp(f->value, "on"), f->src);
		else
			fc_set_unknown(&ifc->autoneg.m, "PORT autoneg is neither on nor off");
	}
	if (ifc->admin_state.m.known)
		;
	else if ((f = sonic_field(o, "admin_status"))) {
		if (!strcmp(f->value, "up") || !strcmp(f->value, "down"))
			fc_set_str(c->m, &ifc->admin_state, f->value, f->src);
		else
			fc_set_unknown(&ifc->admin_state.m, "PORT admin_status is neither up nor down");
	} else {
		fc_set_str(c->m, &ifc->admin_state, "down", o->src);
		ifc->admin_state.m.why = "no admin_status: SONiC's default, down";
	}
	if ((f = sonic_field(o, "description")))
		fc_set_str(c->m, &ifc->description, f->value, f->src);
	if ((f = sonic_field(o, "alias")))
		fc_set_str(c->m, &ifc->sw->alias, f->value, f->src);
	if ((f = sonic_field(sonic_get(s, "BREAKOUT_CFG", o->key), "brkout_mode")))
		fc_set_str(c->m, &ifc->sw->breakout, f->value, f->src);
	/* PFC: the port's PORT_QOS_MAP; no entry or no pfc_enable: PFC off */
	q = sonic_get(s, "PORT_QOS_MAP", o->key);
	if ((f = sonic_field(q, "pfc_enable"))) {
		if (!prio_list(f->value, &v)) {
			if ((rc = bad_value(c, q, f, "expected priorities 0-7, comma-separated")) != FC_OK)
				return rc;
		} else {
			fc_set_int(&ifc->pfc_prios, v, f->src);
			fc_set_str(c->m, &ifc->pfc_mode, v ? "on" : "off", f->src);
		}
	} else {
		fc_set_int(&ifc->pfc_prios, 0, q ? q->src : s->config);
		ifc->pfc_prios.m.why = "no pfc_enable in PORT_QOS_MAP: PFC off";
		fc_set_str(c->m, &ifc->pfc_mode, "off", q ? q->src : s->config);
	}
	if ((f = sonic_field(q, "dscp_to_tc_map")) || (f = sonic_field(sonic_get(s, "PORT_QOS_MAP", "global"), "dscp_to_tc_map")))
		fc_set_trust(&ifc->trust, FC_TRUST_DSCP, f->src);
	else if ((f = sonic_field(q, "dot1p_to_tc_map")))
		fc_set_trust(&ifc->trust, FC_TRUST_PCP, f->src);
	/* no 802.3x pause unless configured (SONiC has no CONFIG_DB field for it: the SAI default, off) */
	fc_set_bool(&ifc->pause_rx, false, s->config);
	fc_set_bool(&ifc->pause_tx, false, s->config);
	ifc->pause_rx.m.why = ifc->pause_tx.m.why = "SONiC configures no 802.3x pause";
	if ((f = sonic_field(sonic_get(s, "PFC_WD", o->key), "action"))) {
		static const char *const actions[] = { "drop", "forward", "alert", NULL };

		if (sonic_word_ok(actions, f->value, false))
			fc_set_bool(&ifc->sw->pfc_watchdog, true, f->src);
		else   /* pfcwdorch refuses the entry: the port is not watched */
			fc_set_unknown(&ifc->sw->pfc_watchdog.m, "PFC_WD action is not drop, forward or alert: the "
								  "watchdog refuses the entry");
	} else {
		fc_set_bool(&ifc->sw->pfc_watchdog, false, s->config);
		ifc->sw->pfc_watchdog.m.why = "no PFC_WD entry for the port: the watchdog does not run on it";
	}
	{
		const struct cable_at *at = fc_hmap_get(ct->by_port, o->key, strlen(o->key));
		const struct sonic_obj *cl = at ? at->o : NULL;

		if ((f = at ? at->f : NULL)) {
			double m;
			char *end;

			m = strtod(f->value, &end);
			if (end != f->value && !strcmp(end, "m") && m >= 0 && m < 100000)
				fc_set_int(&ifc->cable_model_m, (int64_t)m, f->src);
			else if ((rc = bad_value(c, cl, f, "expected a length in metres, e.g. 5m")) != FC_OK)
				return rc;
		}
	}
	return FC_OK;
}

static bool ip_prefix(const char *s, struct fc_addrmatch *a)
{
	char buf[64];
	const char *slash = strchr(s, '/');
	long len = 32;
	struct in_addr in;

	memset(a, 0, sizeof(*a));
	if (strchr(s, ':')) {
		a->v6 = true;
		return true;
	}
	snprintf(buf, sizeof(buf), "%.*s", slash ? (int)(slash - s) : (int)strlen(s), s);
	if (inet_pton(AF_INET, buf, &in) != 1)
		return false;
	if (slash) {
		char *end;

		len = strtol(slash + 1, &end, 10);
		if (*end || len < 0 || len > 32)
			return false;
	}
	a->mask = len ? 0xffffffffu << (32 - len) : 0;
	a->net = ntohl(in.s_addr) & a->mask;
	return true;
}

static bool port_match(const struct sonic_field *one, const struct sonic_field *range, struct fc_portmatch *p)
{
	int64_t a, b;
	const char *dash;

	p->op = FC_PORT_ANY;
	if (one) {
		if (!fc_parse_i64(one->value, 0, 65535, &a))
			return false;
		p->op = FC_PORT_EQ;
		p->lo = p->hi = (uint16_t)a;
	} else if (range) {
		if (!(dash = strchr(range->value, '-')) || !fc_parse_i64n(range->value, (size_t)(dash - range->value), 0, 65535, &a) ||
		    !fc_parse_i64(dash + 1, a, 65535, &b))
			return false;
		p->op = FC_PORT_RANGE;
		p->lo = (uint16_t)a;
		p->hi = (uint16_t)b;
	}
	return true;
}

struct rule_ref {
	const struct sonic_obj *o;
	int64_t prio;
};

static int by_prio(const void *pa, const void *pb)
{
	const struct rule_ref *a = pa, *b = pb;

	return a->prio < b->prio ? 1 : a->prio > b->prio ? -1 : strcmp(a->o->key, b->o->key);
}

/* The fields of an ACL rule the model holds (upper-cased as read, as orchagent does); a rule with any
 * other (ETHER_TYPE, TCP_FLAGS, ICMP_TYPE, IN_PORTS, VLAN_ID, ...) matches less than the model would
 * say, so it is not modelled. */
static const char *const rule_fields[] = {
	"PRIORITY", "PACKET_ACTION", "IP_PROTOCOL", "SRC_IP", "DST_IP", "SRC_IPV6", "DST_IPV6", "L4_SRC_PORT",
	"L4_DST_PORT", "L4_SRC_PORT_RANGE", "L4_DST_PORT_RANGE", "DSCP", "IP_TYPE", "POLICY_DESC", "DESCRIPTION", NULL,
};

static bool word_in(const char *w, const char *const *list)
{
	for (; *list; list++)
		if (!strcasecmp(w, *list))
			return true;
	return false;
}

/* One ACL rule into *e; *ok false (and a not-understood entry) when it cannot be read. */
static enum fc_rc ace(struct fc_parse_ctx *c, struct fc_ace *out, const struct rule_ref *r, bool *ok)
{
	const struct sonic_obj *o = r->o;
	const struct sonic_field *act = sonic_field(o, "PACKET_ACTION"), *f;
	struct fc_ace e;
	int64_t v;
	size_t i;

	memset(&e, 0, sizeof(e));
	*ok = false;
	for (i = 0; i < o->n; i++) {
		size_t k;

		for (k = 0; rule_fields[k] && strcmp(rule_fields[k], o->f[i].name); k++)
			;
		if (!rule_fields[k])
			return bad_value(c, o, &o->f[i], "a match field fabcheck does not model: the rule, and so its ACL, "
							 "are not judged");
	}
	e.seq = r->prio;
	e.proto = -1;
	e.dscp = -1;
	e.src.any = e.dst.any = true;
	/* where a report points: the field that decides whether the rule takes RoCEv2 (its destination
	 * port, else its protocol), which is the line a change to it edits; else the rule's key */
	e.loc = (f = sonic_field(o, "L4_DST_PORT")) || (f = sonic_field(o, "L4_DST_PORT_RANGE")) ||
		(f = sonic_field(o, "IP_PROTOCOL")) ? f->src : o->src;
	e.text = fc_model_str(c->m, o->key);
	/* orchagent upper-cases the action and the IP type before it looks them up (aclorch.cpp) */
	if (!act || (strcasecmp(act->value, "FORWARD") && strcasecmp(act->value, "DROP") && strcasecmp(act->value, "ACCEPT")))
		return act ? bad_value(c, o, act, "a packet action fabcheck does not model (FORWARD, ACCEPT or DROP)")
			   : fc_dev_add_unparsed(c->m, c->dev, o->src, "ACL rule without PACKET_ACTION", 30);
	e.permit = strcasecmp(act->value, "DROP") != 0;
	if ((f = sonic_field(o, "IP_PROTOCOL"))) {
		if (!fc_parse_i64(f->value, 0, 255, &v))
			return bad_value(c, o, f, "expected an IP protocol number");
		e.proto = (int)v;
	}
	if (((f = sonic_field(o, "SRC_IP")) || (f = sonic_field(o, "SRC_IPV6"))) && !ip_prefix(f->value, &e.src))
		return bad_value(c, o, f, "expected an address prefix");
	if (((f = sonic_field(o, "DST_IP")) || (f = sonic_field(o, "DST_IPV6"))) && !ip_prefix(f->value, &e.dst))
		return bad_value(c, o, f, "expected an address prefix");
	e.src.any = !sonic_field(o, "SRC_IP") && !sonic_field(o, "SRC_IPV6");
	e.dst.any = !sonic_field(o, "DST_IP") && !sonic_field(o, "DST_IPV6");
	if ((f = sonic_field(o, "IP_TYPE"))) {
		static const char *const not_v4[] = { "IPV6", "IPV6ANY", "NON_IP", "NON_IPV4", "ARP", "ARP_REQUEST",
						      "ARP_REPLY", NULL };
		static const char *const v4[] = { "ANY", "IP", "IPV4", "IPV4ANY", "NON_IPV6", NULL };

		if (word_in(f->value, not_v4)) {   /* never IPv4 traffic */
			e.src.v6 = true;
			e.src.any = false;
		} else if (!word_in(f->value, v4))
			return bad_value(c, o, f, "an IP_TYPE orchagent does not take (ANY, IP, NON_IP, IPV4, IPV4ANY, NON_IPV4, IPV6, IPV6ANY, NON_IPV6, ARP, ARP_REQUEST, ARP_REPLY)");
	}
	if (!port_match(sonic_field(o, "L4_SRC_PORT"), sonic_field(o, "L4_SRC_PORT_RANGE"), &e.sport))
		return bad_value(c, o, sonic_field(o, "L4_SRC_PORT") ? sonic_field(o, "L4_SRC_PORT")
				 : sonic_field(o, "L4_SRC_PORT_RANGE"), "expected a port or a range a-b");
	if (!port_match(sonic_field(o, "L4_DST_PORT"), sonic_field(o, "L4_DST_PORT_RANGE"), &e.dport))
		return bad_value(c, o, sonic_field(o, "L4_DST_PORT") ? sonic_field(o, "L4_DST_PORT")
				 : sonic_field(o, "L4_DST_PORT_RANGE"), "expected a port or a range a-b");
	if ((f = sonic_field(o, "DSCP"))) {
		if (!fc_parse_i64(f->value, 0, 63, &v))
			return bad_value(c, o, f, "expected a DSCP from 0 to 63");
		e.dscp = (int)v;
	}
	*out = e;
	*ok = true;
	return FC_OK;
}

/* ACL_TABLE types that filter no forwarded traffic (mirror sessions, the PFC watchdog, control
 * plane services, telemetry, MCLAG and MUX internals): skipped by name. orchagent upper-cases the
 * type and the stage before it reads them (aclorch.cpp), so they are compared without case. */
static const char *const acl_other_types[] = {
	"MIRROR", "MIRRORV6", "MIRROR_DSCP", "PFCWD", "CTRLPLANE", "DTEL_FLOW_WATCHLIST", "DTEL_DROP_WATCHLIST",
	"MCLAG", "MUX", NULL,
};


/* ACL_RULE|<table>|<rule> by table name, then by priority (highest first). */
static int by_table_prio(const void *pa, const void *pb)
{
	const struct rule_ref *a = pa, *b = pb;
	size_t la = strcspn(a->o->key, "|"), lb = strcspn(b->o->key, "|");
	int r = strncmp(a->o->key, b->o->key, la < lb ? la : lb);

	if (r || la != lb)
		return r ? r : la < lb ? -1 : 1;
	return by_prio(pa, pb);
}

/* The first rule of table name (len bytes) in the sorted rules, or n. */
static size_t first_rule(const struct rule_ref *v, size_t n, const char *name, size_t len)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2, l = strcspn(v[mid].o->key, "|");
		int r = strncmp(v[mid].o->key, name, l < len ? l : len);

		if (r < 0 || (!r && l < len))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Each data-plane ACL_TABLE with its rules by priority, bound to its ports. A table with a rule
 * that cannot be read, a type or a stage not understood, is not created: its ports name an ACL the
 * model does not have, which the rules report as UNKNOWN (the value is listed as not understood),
 * never as a pass. Linear: the rules are sorted once and each table finds its own. */
static enum fc_rc acls(struct fc_parse_ctx *c, struct sonic_state *s)
{
	struct rule_ref *all;
	size_t i, k, nall = 0;
	enum fc_rc rc = FC_OK;

	for (i = 0; i < s->n; i++)
		nall += !strcmp(s->objs[i].table, "ACL_RULE");
	if (!(all = calloc(nall + 1, sizeof(*all))))
		return FC_ERR_NOMEM;
	for (i = 0, nall = 0; i < s->n; i++)
		if (!strcmp(s->objs[i].table, "ACL_RULE")) {
			int64_t p = 0;

			int_of(sonic_field(&s->objs[i], "PRIORITY"), 0, INT32_MAX, &p);
			all[nall++] = (struct rule_ref){ &s->objs[i], p };
		}
	qsort(all, nall, sizeof(*all), by_table_prio);
	for (i = 0; i < s->n && rc == FC_OK; i++) {
		const struct sonic_obj *t = &s->objs[i];
		const struct sonic_field *type, *stage, *ports;
		const struct rule_ref *rules;
		struct fc_ace *aces;
		struct fc_acl *acl;
		bool created, ok = true, egress = false, model = true;
		size_t len = strlen(t->key), nr, k0;

		if (strcmp(t->table, "ACL_TABLE"))
			continue;
		type = sonic_field(t, "type");
		if (type && word_in(type->value, acl_other_types))
			continue;   /* not on the data path */
		if (type && strcasecmp(type->value, "L3") && strcasecmp(type->value, "L3V6") &&
		    strcasecmp(type->value, "L3V4V6")) {   /* a custom ACL_TABLE_TYPE, or a word not known */
			if ((rc = bad_value(c, t, type, "an ACL table type fabcheck does not model (L3, L3V6, L3V4V6 are): "
						    "its ports' ACL is unknown")) != FC_OK)
				break;
			model = false;
		}
		stage = sonic_field(t, "stage");
		if (stage && !strcasecmp(stage->value, "egress"))
			egress = true;
		else if (stage && strcasecmp(stage->value, "ingress")) {
			if ((rc = bad_value(c, t, stage, "expected ingress or egress: the table's direction is unknown")) != FC_OK)
				break;
			model = false;
		}
		k0 = first_rule(all, nall, t->key, len);
		for (k = k0; k < nall && strcspn(all[k].o->key, "|") == len && !strncmp(all[k].o->key, t->key, len);)
			k++;
		rules = &all[k0];
		nr = k - k0;
		if (model) {
			if (!(aces = calloc(nr + 1, sizeof(*aces)))) {
				rc = FC_ERR_NOMEM;
				break;
			}
			for (k = 0; k < nr && ok && rc == FC_OK; k++)
				rc = ace(c, &aces[k], &rules[k], &ok);
			if (rc == FC_OK && ok) {
				/* no rule matched: forwarded */
				struct fc_ace *end = &aces[nr];

				end->seq = -1;
				end->permit = true;
				end->proto = -1;
				end->dscp = -1;
				end->src.any = end->dst.any = true;
				end->loc = t->src;
				end->text = "no rule matches: SONiC forwards the packet";
				if (!(acl = fc_dev_acl(c->m, c->dev, t->key, t->src, &created)) ||
				    !(acl->aces = fc_alloc(c->m->arena, (nr + 1) * sizeof(*acl->aces))))
					rc = FC_ERR_NOMEM;
				else {
					memcpy(acl->aces, aces, (nr + 1) * sizeof(*aces));
					acl->n = acl->cap = nr + 1;
				}
			}
			free(aces);
			if (rc != FC_OK)
				break;
		}
		if ((ports = sonic_field(t, "ports"))) {
			char buf[128];
			const char *p = ports->value;

			while (*p) {
				size_t n = strcspn(p, ",");
				struct fc_iface *ifc;

				snprintf(buf, sizeof(buf), "%.*s", (int)n, p);
				if (!(ifc = fc_dev_iface(c->m, c->dev, buf))) {
					rc = FC_ERR_NOMEM;
					break;
				}
				fc_set_str(c->m, egress ? &ifc->sw->acl_out : &ifc->sw->acl_in, t->key, ports->src);
				p += n + (p[n] == ',');
			}
		}
	}
	free(all);
	return rc;
}

/* PORTCHANNEL|<lag>: the LAG's interface (admin_status, mtu, description); PORTCHANNEL_MEMBER|<lag>|<port>:
 * the port's LAG, and the ACLs bound to the LAG apply to it. */
static enum fc_rc members(struct fc_parse_ctx *c, struct sonic_state *s)
{
	size_t i;
	int64_t v;

	for (i = 0; i < s->n; i++) {
		const struct sonic_obj *o = &s->objs[i];
		const struct sonic_field *f;
		struct fc_iface *lag;

		if (strcmp(o->table, "PORTCHANNEL"))
			continue;
		if (!(lag = fc_dev_iface(c->m, c->dev, o->key)) || !fc_swport_mut(c->m, lag))
			return FC_ERR_NOMEM;
		if ((f = sonic_field(o, "admin_status")))
			fc_set_str(c->m, &lag->admin_state, f->value, f->src);
		if ((f = sonic_field(o, "description")))
			fc_set_str(c->m, &lag->description, f->value, f->src);
		if (int_of(f = sonic_field(o, "mtu"), 68, 65535, &v)) {
			fc_set_int(&lag->mtu, v + 18, f->src);
			lag->mtu.m.why = "SONiC's PORTCHANNEL mtu is the IP MTU: + 14 bytes of Ethernet header and 4 of VLAN tag";
		}
	}
	for (i = 0; i < s->n; i++) {
		const struct sonic_obj *o = &s->objs[i];
		const char *bar = strchr(o->key, '|');
		struct fc_iface *ifc;
		char name[128];

		if (strcmp(o->table, "PORTCHANNEL_MEMBER"))
			continue;
		if (!bar) {
			const char msg[] = "PORTCHANNEL_MEMBER key without '|': expected PortChannelN|EthernetM";

			if (fc_dev_add_unparsed(c->m, c->dev, o->src, msg, sizeof(msg) - 1) != FC_OK)
				return FC_ERR_NOMEM;
			continue;
		}
		snprintf(name, sizeof(name), "%.*s", (int)(bar - o->key), o->key);
		if (!(ifc = fc_dev_iface(c->m, c->dev, bar + 1)))
			return FC_ERR_NOMEM;
		fc_set_str(c->m, &ifc->sw->lag, name, o->src);
	}
	fc_adapter_lag_acls(c->dev);   /* the ACLs bound to the LAG apply to its members */
	return FC_OK;
}

/* INTERFACE|<port>|<prefix>: the port's addresses (INTERFACE|<port> alone only makes it routed).
 * DEVICE_NEIGHBOR|<port> {name, port}: the neighbour the switch declares, which the topology checks
 * against the cabling plan and LLDP. */
static enum fc_rc addresses_and_neighbours(struct fc_parse_ctx *c, struct sonic_state *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		const struct sonic_obj *o = &s->objs[i];
		const char *bar = strchr(o->key, '|');
		const struct sonic_field *n, *p;
		struct fc_iface *ifc;
		char name[128];

		if (!strcmp(o->table, "INTERFACE") && bar) {
			snprintf(name, sizeof(name), "%.*s", (int)(bar - o->key), o->key);
			if (!(ifc = fc_dev_iface(c->m, c->dev, name)))
				return FC_ERR_NOMEM;
			if (!strchr(bar + 1, '/')) {
				const char msg[] = "INTERFACE address without a prefix length";

				if (fc_dev_add_unparsed(c->m, c->dev, o->src, msg, sizeof(msg) - 1) != FC_OK)
					return FC_ERR_NOMEM;
				continue;
			}
			if (fc_strlist_add(c->m, &ifc->addresses, bar + 1, o->src) != FC_OK)
				return FC_ERR_NOMEM;
		} else if (!strcmp(o->table, "DEVICE_NEIGHBOR")) {
			n = sonic_field(o, "name");
			p = sonic_field(o, "port");
			if (!n || !p || bar) {
				const char msg[] = "DEVICE_NEIGHBOR entry without name and port";

				if (fc_dev_add_unparsed(c->m, c->dev, o->src, msg, sizeof(msg) - 1) != FC_OK)
					return FC_ERR_NOMEM;
				continue;
			}
			if (!(ifc = fc_dev_iface(c->m, c->dev, o->key)))
				return FC_ERR_NOMEM;
			fc_set_str(c->m, &ifc->sw->decl_peer, n->value, n->src);
			fc_set_str(c->m, &ifc->sw->decl_peer_port, p->value, p->src);
		}
	}
	return FC_OK;
}

/* BUFFER_PROFILE's pool must be a BUFFER_POOL: a profile on a pool that does not exist is not
 * programmed (bufferorch refuses it), so its headroom is not there; say so at the profile. */
static enum fc_rc pools(struct fc_parse_ctx *c, struct sonic_state *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		const struct sonic_obj *o = &s->objs[i];
		const struct sonic_field *f;
		char ref[128];
		const char *msg;

		if (strcmp(o->table, "BUFFER_PROFILE") || !(f = sonic_field(o, "pool")) ||
		    sonic_get(s, "BUFFER_POOL", sonic_ref(f->value, ref, sizeof(ref))))
			continue;
		msg = fc_sprintf(c->m->arena, "BUFFER_PROFILE %s names pool %s, which BUFFER_POOL does not define", o->key,
				 ref);
		if (!msg || fc_dev_add_unparsed(c->m, c->dev, f->src, msg, strlen(msg)) != FC_OK)
			return FC_ERR_NOMEM;
	}
	return FC_OK;
}

/* show acl rule's counts (SHOW_ACL_RULE|TABLE|RULE) into the ACL entries (text TABLE|RULE). */
struct ace_at {
	const char *text;   /* TABLE|RULE */
	struct fc_ace *ace;
};

static int by_ace_text(const void *pa, const void *pb)
{
	const struct ace_at *a = pa, *b = pb;

	return strcmp(a->text, b->text);
}

static enum fc_rc acl_hits(struct fc_parse_ctx *c, struct sonic_state *s)
{
	struct ace_at *v, key;
	size_t i, j, n = 0, total = 0;
	enum fc_rc rc = FC_OK;

	/* every modelled entry once, sorted by its TABLE|RULE: a count finds its entries by binary
	 * search, not by a scan of every entry of every ACL (100,000 rules took minutes) */
	for (j = 0; j < c->dev->nacls; j++)
		total += c->dev->acls[j].n;
	if (!(v = malloc((total + 1) * sizeof(*v))))
		return FC_ERR_NOMEM;
	for (j = 0; j < c->dev->nacls; j++)
		for (i = 0; i < c->dev->acls[j].n; i++)
			if (c->dev->acls[j].aces[i].text)
				v[n++] = (struct ace_at){ c->dev->acls[j].aces[i].text, &c->dev->acls[j].aces[i] };
	qsort(v, n, sizeof(*v), by_ace_text);
	for (i = 0; i < s->n && rc == FC_OK; i++) {
		const struct sonic_obj *o = &s->objs[i];
		const struct sonic_field *f = sonic_field(o, "packets");
		const struct ace_at *hit;
		int64_t cnt;

		if (strcmp(o->table, "SHOW_ACL_RULE") || !f || !strchr(o->key, '|') || !fc_parse_i64(f->value, 0, INT64_MAX, &cnt))
			continue;
		key.text = o->key;
		hit = n ? bsearch(&key, v, n, sizeof(*v), by_ace_text) : NULL;
		if (hit) {
			while (hit > v && !strcmp(hit[-1].text, o->key))
				hit--;
			for (; hit < v + n && !strcmp(hit->text, o->key); hit++)
				fc_set_int(&hit->ace->hits, cnt, f->src);
		} else {
			const char *msg = fc_sprintf(c->m->arena, "show acl rule counts %s, a rule CONFIG_DB's ACLs do not "
								  "have (or whose ACL is not modelled)", o->key);

			if (!msg || fc_dev_add_unparsed(c->m, c->dev, f->src, msg, strlen(msg)) != FC_OK)
				rc = FC_ERR_NOMEM;
		}
	}
	free(v);
	return rc;
}

/* A headroom table read from another SKU's or platform's folder than DEVICE_METADATA names is not
 * this switch's: not read, and said so. */
static enum fc_rc pg_table_of_sku(struct fc_parse_ctx *c, struct sonic_state *s, const struct sonic_obj *md)
{
	const struct sonic_field *sku = sonic_field(md, "hwsku"), *plat = sonic_field(md, "platform");
	const struct sonic_field *by = NULL;
	const char *path = NULL;
	char *text;

	if (s->pg_sku && sku && strcmp(s->pg_sku, sku->value))
		by = sku, path = s->pg_sku;
	else if (s->pg_platform && plat && strcmp(s->pg_platform, plat->value))
		by = plat, path = s->pg_platform;
	if (!by)
		return FC_OK;
	c->dev->nhr = 0;
	text = fc_sprintf(c->m->arena, "pg_profile_lookup.ini was read from the folder of %s %s, and DEVICE_METADATA "
			  "names %s %s (%s:%u): the table is another switch's and is not used",
			  by->name, path, by->name, by->value, by->src.file, by->src.line);
	return text ? fc_dev_add_unparsed(c->m, c->dev, s->pg_src, text, strlen(text)) : FC_ERR_NOMEM;
}

enum fc_rc sonic_finalize(struct fc_parse_ctx *c)
{
	struct sonic_state *s = sonic_state(c);
	const struct sonic_obj *md;
	const struct sonic_field *f;
	struct cable_tables ct = { NULL };
	size_t i;
	enum fc_rc rc;

	if (!s || !s->have_config)
		return FC_OK;
	c->dev->config_m.known = true;
	c->dev->config_m.src = s->config;
	if ((rc = sonic_check_schema(c, s)) != FC_OK || (rc = sonic_merge_shown(c, s)) != FC_OK)
		return rc;
	md = sonic_get(s, "DEVICE_METADATA", "localhost");
	if ((f = sonic_field(md, "hostname")))
		fc_set_str(c->m, &c->dev->hostname, f->value, f->src);
	if ((f = sonic_field(md, "hwsku")) && !c->dev->hw_model.m.known)
		fc_set_str(c->m, &c->dev->hw_model, f->value, f->src);
	if ((rc = pg_table_of_sku(c, s, md)) != FC_OK)
		return rc;
	if (!c->dev->asic.m.known)
		fc_set_unknown(&c->dev->asic.m, "CONFIG_DB does not name the ASIC: show version or show platform summary does");
	if (!(ct.by_port = fc_hmap_new(c->m->arena, 64)))
		return FC_ERR_NOMEM;
	for (i = 0; i < s->n; i++) {
		const struct sonic_obj *o = &s->objs[i];
		size_t k;

		for (k = 0; !strcmp(o->table, "CABLE_LENGTH") && k < o->n; k++) {
			struct cable_at *at;
			int failed = 0;

			if (fc_hmap_get(ct.by_port, o->f[k].name, strlen(o->f[k].name)))
				continue;   /* an earlier object gave the port its length */
			if (!(at = fc_alloc(c->m->arena, sizeof(*at))))
				return FC_ERR_NOMEM;
			at->o = o;
			at->f = &o->f[k];
			fc_hmap_put(ct.by_port, o->f[k].name, strlen(o->f[k].name), at, &failed);
			if (failed)
				return FC_ERR_NOMEM;
		}
	}
	for (i = 0, rc = FC_OK; i < s->n && rc == FC_OK; i++)
		if (!strcmp(s->objs[i].table, "PORT"))
			rc = port(c, s, &s->objs[i], &ct);
	if (rc != FC_OK)
		return rc;
	if ((rc = acls(c, s)) != FC_OK || (rc = addresses_and_neighbours(c, s)) != FC_OK || (rc = pools(c, s)) != FC_OK)
		return rc;
	if ((rc = acl_hits(c, s)) != FC_OK)
		return rc;
	return members(c, s);
}
