/* SPDX-License-Identifier: MIT */
/* The legacy iptables filter table of this network namespace, read with libip4tc (the library
 * iptables-legacy itself uses) and written in iptables-save syntax for the evaluator in
 * iptables.c. Only what the evaluator understands is rendered precisely: interfaces, protocol,
 * addresses, udp/tcp ports, multiport, state/conntrack states, comments; any other match is
 * written as "-m NAME" so the evaluator reports it as not evaluated instead of ignoring it.
 * Reading needs CAP_NET_ADMIN; the caller checks /proc/net/ip_tables_names first, so a host
 * whose legacy filter table was never instantiated is not given one by looking. */
#include <arpa/inet.h>
#include <errno.h>
#include <stdarg.h>
#include "util/dl_iptc.h"   /* libiptc.h before the xt_ headers, as it needs */
#include <linux/netfilter/xt_conntrack.h>
#include <linux/netfilter/xt_multiport.h>
#include <linux/netfilter/xt_state.h>
#include <linux/netfilter/xt_tcpudp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/probe.h"
#include "util/buf.h"

#define CT_NEW_BIT (1u << 3)   /* XT_STATE_BIT(IP_CT_NEW) */
#define SAVE_MAX (16u * 1024u * 1024u)

struct out {
	struct fc_buf b;
	bool failed;
};

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct out *o, const char *fmt, ...)
{
	char tmp[512];
	va_list ap;
	int n;

	if (o->failed)
		return;
	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n < 0 || fc_buf_add(&o->b, tmp, strlen(tmp)) != FC_OK)
		o->failed = true;
}

static void states(struct out *o, unsigned mask)
{
	static const struct { unsigned bit; const char *name; } s[] = {
		{ 1u << 0, "INVALID" }, { 1u << 1, "ESTABLISHED" }, { 1u << 2, "RELATED" }, { CT_NEW_BIT, "NEW" },
		{ 1u << 4, "UNTRACKED" },
	};
	size_t i;
	bool first = true;

	for (i = 0; i < sizeof(s) / sizeof(s[0]); i++)
		if (mask & s[i].bit) {
			put(o, "%s%s", first ? "" : ",", s[i].name);
			first = false;
		}
	if (first)
		put(o, "NONE");
}

static void port_range(struct out *o, const char *opt, const uint16_t r[2], bool inv)
{
	if (r[0] == 0 && r[1] == 0xffff)
		return;
	put(o, "%s %s ", inv ? " !" : "", opt);
	if (r[0] == r[1])
		put(o, "%u", r[0]);
	else
		put(o, "%u:%u", r[0], r[1]);
}

static void match(struct out *o, const struct xt_entry_match *m)
{
	const char *name = m->u.user.name;
	size_t dlen = m->u.match_size > sizeof(*m) ? m->u.match_size - sizeof(*m) : 0;

	if ((!strcmp(name, "udp") || !strcmp(name, "tcp")) && dlen >= sizeof(struct xt_udp)) {
		const struct xt_udp *u = (const void *)m->data;   /* xt_tcp starts with the same ports */

		put(o, " -m %s", name);
		port_range(o, "--sport", u->spts, u->invflags & XT_UDP_INV_SRCPT);
		port_range(o, "--dport", u->dpts, u->invflags & XT_UDP_INV_DSTPT);
	} else if (!strcmp(name, "multiport") && m->u.user.revision == 1 && dlen >= sizeof(struct xt_multiport_v1)) {
		const struct xt_multiport_v1 *mp = (const void *)m->data;
		unsigned i;

		put(o, " -m multiport%s %s ", mp->invert ? " !" : "",
			      mp->flags == XT_MULTIPORT_SOURCE ? "--sports" : mp->flags == XT_MULTIPORT_DESTINATION ? "--dports"
												 : "--ports");
		for (i = 0; i < mp->count && i < XT_MULTI_PORTS; i++) {
			put(o, "%s%u", i ? "," : "", mp->ports[i]);
			if (mp->pflags[i] && i + 1 < mp->count)
				put(o, ":%u", mp->ports[++i]);
		}
	} else if (!strcmp(name, "state") && dlen >= sizeof(struct xt_state_info)) {
		put(o, " -m state --state ");
		states(o, ((const struct xt_state_info *)(const void *)m->data)->statemask);
	} else if (!strcmp(name, "conntrack") && m->u.user.revision >= 1 && m->u.user.revision <= 3 &&
		   dlen >= sizeof(struct xt_conntrack_mtinfo1)) {
		unsigned flags, inv, mask;

		if (m->u.user.revision == 1) {
			const struct xt_conntrack_mtinfo1 *c = (const void *)m->data;

			flags = c->match_flags, inv = c->invert_flags, mask = c->state_mask;
		} else {
			const struct xt_conntrack_mtinfo2 *c = (const void *)m->data;   /* v3 starts alike */

			flags = c->match_flags, inv = c->invert_flags, mask = c->state_mask;
		}
		if (flags == XT_CONNTRACK_STATE) {
			put(o, " -m conntrack%s --ctstate ", inv & XT_CONNTRACK_STATE ? " !" : "");
			states(o, mask);
		} else {
			put(o, " -m conntrack --fabcheck-unrendered");
		}
	} else if (!strcmp(name, "comment")) {
		put(o, " -m comment");
	} else {
		put(o, " -m %.30s", name);
	}
}

static void addr(struct out *o, const char *opt, struct in_addr a, struct in_addr mask, bool inv)
{
	char ip[INET_ADDRSTRLEN];
	int bits = __builtin_popcount(mask.s_addr);

	if (!mask.s_addr)
		return;
	inet_ntop(AF_INET, &a, ip, sizeof(ip));
	put(o, "%s %s %s/%d", inv ? " !" : "", opt, ip, bits);
}

static void entry(struct out *o, const char *chain, const struct ipt_entry *e, struct xtc_handle *h)
{
	const struct ipt_ip *ip = &e->ip;
	size_t off;

	put(o, "-A %s", chain);
	addr(o, "-s", ip->src, ip->smsk, ip->invflags & IPT_INV_SRCIP);
	addr(o, "-d", ip->dst, ip->dmsk, ip->invflags & IPT_INV_DSTIP);
	if (ip->iniface[0])
		put(o, "%s -i %.*s", ip->invflags & IPT_INV_VIA_IN ? " !" : "", IFNAMSIZ, ip->iniface);
	if (ip->outiface[0])
		put(o, "%s -o %.*s", ip->invflags & IPT_INV_VIA_OUT ? " !" : "", IFNAMSIZ, ip->outiface);
	if (ip->proto)
		put(o, "%s -p %u", ip->invflags & XT_INV_PROTO ? " !" : "", ip->proto);
	if (ip->flags & IPT_F_FRAG)
		put(o, "%s -f", ip->invflags & IPT_INV_FRAG ? " !" : "");
	for (off = sizeof(*e); off + sizeof(struct xt_entry_match) <= e->target_offset;) {
		const struct xt_entry_match *m = (const void *)((const char *)e + off);

		if (m->u.match_size < sizeof(*m))
			break;
		match(o, m);
		off += m->u.match_size;
	}
	{
		const char *t = fc_iptc()->iptc_get_target(e, h);

		if (t && t[0])
			put(o, " %s %s", ip->flags & IPT_F_GOTO ? "-g" : "-j", t);
	}
	put(o, "\n");
}

enum fc_rc fc_ipt_save_live(char **text, struct fc_err *err)
{
	struct xtc_handle *h;
	struct out o;
	const char *c;

	*text = NULL;
	if (fc_dynlib_load(FC_LIB_IPTC, err) != FC_OK)
		return FC_ERR_UNSUPPORTED;
	h = fc_iptc()->iptc_init("filter");
	if (!h) {
		int e = errno;

		return fc_err_set(err, e == EPERM || e == EACCES ? FC_ERR_IO : FC_ERR_UNSUPPORTED, NULL, 0,
				  "iptables-legacy (libip4tc): %s", fc_iptc()->iptc_strerror(e));
	}
	memset(&o, 0, sizeof(o));
	fc_buf_init(&o.b, SAVE_MAX);
	put(&o, "*filter\n");
	for (c = fc_iptc()->iptc_first_chain(h); c; c = fc_iptc()->iptc_next_chain(h)) {
		struct xt_counters cnt;
		const char *pol = fc_iptc()->iptc_get_policy(c, &cnt, h);

		put(&o, ":%s %s [0:0]\n", c, pol ? pol : "-");
	}
	for (c = fc_iptc()->iptc_first_chain(h); c; c = fc_iptc()->iptc_next_chain(h)) {
		const struct ipt_entry *e;

		for (e = fc_iptc()->iptc_first_rule(c, h); e; e = fc_iptc()->iptc_next_rule(e, h))
			entry(&o, c, e, h);
	}
	put(&o, "COMMIT\n");
	fc_iptc()->iptc_free(h);
	if (o.failed || !o.b.data) {
		fc_buf_free(&o.b);
		return fc_err_set(err, FC_ERR_IO, NULL, 0, "iptables-legacy: the filter table is larger than %u MiB",
				  SAVE_MAX >> 20);
	}
	*text = o.b.data;   /* the buffer's memory becomes the caller's */
	return FC_OK;
}
