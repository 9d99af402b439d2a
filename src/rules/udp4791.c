/* SPDX-License-Identifier: MIT */
/* UDP4791-SWITCH-ACL: no IP ACL on a switch port of a RoCE link denies RoCEv2 (UDP 4791, source
 * ports 49152-65535), explicitly or by the implicit deny at the end. UDP4791-HOST-FW: a host
 * firewall only matters for soft-RoCE (rxe/siw); hardware RoCE bypasses the kernel. */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

#define ROCE_PORT 4791
#define SPORT_LO 49152
#define SPORT_HI 65535
#define MAX_IPS 16

/* The RoCE packets one ACL direction sees: addresses a set (any, or listed hosts). */
struct pktset {
	bool src_any, dst_any;
	uint32_t src[MAX_IPS], dst[MAX_IPS];
	size_t nsrc, ndst;
};

enum cover { C_NONE, C_SOME, C_ALL };

static enum cover addr_cover(const struct fc_addrmatch *a, bool any, const uint32_t *ips, size_t n)
{
	size_t i, hit = 0;

	if (a->v6)
		return C_NONE;
	if (a->any)
		return C_ALL;
	if (any)
		return C_SOME;
	for (i = 0; i < n; i++)
		hit += (ips[i] & a->mask) == a->net;
	return hit == 0 ? C_NONE : hit == n ? C_ALL : C_SOME;
}

static enum cover port_cover(const struct fc_portmatch *p, unsigned lo, unsigned hi)
{
	unsigned a, b;

	switch (p->op) {
	case FC_PORT_ANY: return C_ALL;
	case FC_PORT_EQ: a = b = p->lo; break;
	case FC_PORT_NEQ:
		if (p->lo < lo || p->lo > hi)
			return C_ALL;
		return lo == hi ? C_NONE : C_SOME;
	case FC_PORT_LT: a = 0; b = p->lo ? p->lo - 1u : 0; if (!p->lo) return C_NONE; break;
	case FC_PORT_GT: a = p->lo + 1u; b = 65535; if (p->lo == 65535) return C_NONE; break;
	case FC_PORT_RANGE: a = p->lo; b = p->hi; break;
	default: return C_NONE;
	}
	if (b < lo || a > hi)
		return C_NONE;
	return a <= lo && b >= hi ? C_ALL : C_SOME;
}

static enum cover min_cover(enum cover x, enum cover y)
{
	return x < y ? x : y;
}

static enum cover ace_cover(const struct fc_ace *e, const struct pktset *s)
{
	enum cover c = C_ALL;

	if (e->proto != -1 && e->proto != 17)
		return C_NONE;
	c = min_cover(c, addr_cover(&e->src, s->src_any, s->src, s->nsrc));
	c = min_cover(c, addr_cover(&e->dst, s->dst_any, s->dst, s->ndst));
	c = min_cover(c, port_cover(&e->sport, SPORT_LO, SPORT_HI));
	c = min_cover(c, port_cover(&e->dport, ROCE_PORT, ROCE_PORT));
	if (c != C_NONE && e->dscp >= 0)
		c = C_SOME;   /* matches only the packets with that DSCP */
	return c;
}

enum acl_verdict { A_PERMIT, A_DENY, A_IMPLICIT_DENY, A_MISSING };

static enum acl_verdict eval(const struct fc_acl *acl, const struct pktset *s, const struct fc_ace **hit)
{
	size_t i;

	*hit = NULL;
	for (i = 0; i < acl->n; i++) {
		const struct fc_ace *e = &acl->aces[i];
		enum cover cv;

		if (e->remark)
			continue;
		cv = ace_cover(e, s);
		if (cv == C_NONE)
			continue;
		if (!e->permit) {
			*hit = e;
			return A_DENY;
		}
		if (cv == C_ALL) {
			*hit = e;
			return A_PERMIT;
		}
	}
	return A_IMPLICIT_DENY;
}

/* Checks one ACL direction of a switch port or subinterface (name, as evidence names it, on
 * device d); returns false on a failure. */
static bool check_dir(struct fc_rctx *c, struct fc_finding *f, const struct fc_device *d, const char *name,
		      const struct fc_str *aclname, const char *dir, const struct pktset *s, bool *unknown)
{
	const struct fc_acl *acl;
	const struct fc_ace *hit;

	if (!aclname->m.known) {
		if (d->config_m.known) {
			fc_ev(c, f, name, dir, &d->config_m.src, "no ACL applied %s in the configuration", dir);
			return true;
		}
		fc_ev(c, f, name, dir, NULL, "unknown: no configuration was read for the device");
		*unknown = true;
		return true;
	}
	acl = fc_dev_find_acl(d, aclname->v);
	if (!acl) {
		fc_ev(c, f, name, dir, &aclname->m.src, "unknown: the ACL %s applied %s is not defined, or not understood",
		      aclname->v, dir);
		*unknown = true;
		return true;
	}
	switch (eval(acl, s, &hit)) {
	case A_PERMIT:
		fc_ev(c, f, name, dir, &hit->loc, "%s permits UDP %d: %s", acl->name, ROCE_PORT, hit->text);
		return true;
	case A_DENY:
		fc_ev(c, f, name, dir, &hit->loc, "%s denies UDP %d: %s", acl->name, ROCE_PORT, hit->text);
		fc_ev(c, f, name, "applied", &aclname->m.src, "ACL %s applied %s", acl->name, dir);
		if (!f->cause)
			fc_finding_cause(c, f, d, "ACL %s (%s) denies UDP %d: %s", acl->name, dir, ROCE_PORT, hit->text);
		return false;
	case A_IMPLICIT_DENY:
	case A_MISSING:
		break;
	}
	fc_ev(c, f, name, dir, &acl->src, "%s has no permit for UDP %d: dropped by the implicit deny", acl->name,
	      ROCE_PORT);
	fc_ev(c, f, name, "applied", &aclname->m.src, "ACL %s applied %s", acl->name, dir);
	if (!f->cause)
		fc_finding_cause(c, f, d, "ACL %s (%s) has no permit for UDP %d", acl->name, dir, ROCE_PORT);
	return false;
}

/* Whether name is a subinterface of port: PORT.N, the model's name for one (docs/model.md). */
static bool sub_of(const char *name, const char *port)
{
	size_t n = strlen(port);

	return !strncmp(name, port, n) && name[n] == '.' && name[n + 1] &&
	       strspn(name + n + 1, "0123456789") == strlen(name + n + 1);
}

/* The ACLs of the subinterfaces of a link's switch port (or of its port-channel): each carries a
 * VLAN of the link's traffic. Which VLAN RoCE rides no output says, so a drop there is a warning
 * naming the subinterface, not the link's failure. false when one drops RoCE. */
static bool check_subs(struct fc_rctx *c, struct fc_finding *f, const struct fc_endpoint *sw, const struct pktset *in,
		       const struct pktset *out, bool *unknown)
{
	const struct fc_device *d = sw->dev;
	const struct fc_str *lag = &fc_swport(sw->ifc)->lag;
	bool ok = true;
	size_t i;

	for (i = 0; i < d->nifaces; i++) {
		const struct fc_iface *s = d->ifaces[i];
		const struct fc_swport *ssw = fc_swport(s);
		const char *name;

		if ((!ssw->acl_in.m.known && !ssw->acl_out.m.known) ||
		    !(sub_of(s->name, sw->ifc->name) || (lag->m.known && sub_of(s->name, lag->v))))
			continue;
		name = fc_rstr(c, "%s:%s", d->name, s->name);
		if (ssw->acl_in.m.known)
			ok &= check_dir(c, f, d, name, &ssw->acl_in, "in", in, unknown);
		if (ssw->acl_out.m.known)
			ok &= check_dir(c, f, d, name, &ssw->acl_out, "out", out, unknown);
	}
	return ok;
}

static void acl_run(struct fc_rctx *c)
{
	const struct fc_link *l = c->link;
	const struct fc_endpoint *e[2] = { &l->a, &l->b };
	struct fc_finding *f = NULL;
	bool ok = true, sub_ok = true, unknown = false, any_switch = false;
	int k;

	for (k = 0; k < 2; k++) {
		const struct fc_endpoint *sw = e[k], *peer = e[1 - k];
		struct pktset in, out;

		if (!fc_is_switch(sw))
			continue;
		any_switch = true;
		if (!f && !(f = fc_finding_new(c, FC_PASS, fc_link_subject(c, l), "-")))
			return;
		if (!sw->ifc) {
			fc_ev(c, f, fc_end_name(c, sw), "port", NULL, "unknown: no data for the port");
			unknown = true;
			continue;
		}
		memset(&in, 0, sizeof(in));
		memset(&out, 0, sizeof(out));
		in.nsrc = fc_iface_ipv4(fc_is_host(peer) ? peer->ifc : NULL, in.src, MAX_IPS);
		in.src_any = in.nsrc == 0;
		in.dst_any = true;
		out.ndst = in.nsrc;
		memcpy(out.dst, in.src, sizeof(in.src));
		out.dst_any = out.ndst == 0;
		out.src_any = true;
		ok &= check_dir(c, f, sw->dev, fc_end_name(c, sw), &fc_swport(sw->ifc)->acl_in, "in", &in, &unknown);
		ok &= check_dir(c, f, sw->dev, fc_end_name(c, sw), &fc_swport(sw->ifc)->acl_out, "out", &out, &unknown);
		sub_ok &= check_subs(c, f, sw, &in, &out, &unknown);
		/* The other end: which RoCE packets the ACLs were evaluated for. */
		if (fc_is_host(peer) && peer->ifc && peer->ifc->addresses.m.known && in.nsrc)
			fc_ev(c, f, fc_end_name(c, peer), "RoCE packets", &peer->ifc->addresses.m.src,
			      "UDP %d from/to %s (%zu IPv4 address%s), source ports %d-%d", ROCE_PORT,
			      peer->ifc->addresses.v[0], in.nsrc, in.nsrc > 1 ? "es" : "", SPORT_LO, SPORT_HI);
		else
			fc_ev(c, f, fc_end_name(c, peer), "RoCE packets", NULL,
			      "UDP %d from/to any address (the peer's addresses are unknown), source ports %d-%d",
			      ROCE_PORT, SPORT_LO, SPORT_HI);
	}
	if (!any_switch)
		return;
	if (!ok) {
		f->status = FC_FAIL;
		fc_finding_set_message(c, f, "an ACL on the path drops RoCEv2 (UDP %d): RDMA connections on this link "
					     "will hang",
				       ROCE_PORT);
	} else if (!sub_ok) {
		f->status = FC_WARN;
		fc_finding_set_message(c, f, "an ACL on a subinterface of this link's port drops RoCEv2 (UDP %d): RDMA "
					     "on that subinterface's VLAN will hang",
				       ROCE_PORT);
	} else if (unknown) {
		f->status = FC_UNKNOWN;
		fc_finding_set_message(c, f, "the ACLs on this link could not all be evaluated");
	} else {
		fc_finding_set_message(c, f, "no ACL on the switch ports of this link drops UDP %d", ROCE_PORT);
	}
}

const struct fc_rule fc_rule_udp4791_acl = {
	.id = "UDP4791-SWITCH-ACL",
	.aspect = FC_ASPECT_ACL,
	.severity = FC_SEV_CRITICAL,
	.scope = FC_SCOPE_LINK,
	.inputs = "switch port: acl_in, acl_out and those ACLs' entries, and those of its subinterfaces (PORT.N); "
		  "host: the port's IP addresses",
	.reads_switch = FC_CAP_ACL,
	.reads_host = FC_CAP_ADDRESS,
	.params = fc_no_params,
	.needs_switch = FC_CAP_ACL,
	.run = acl_run,
};

static void hostfw_run(struct fc_rctx *c)
{
	const struct fc_device *d = c->dev;
	struct fc_finding *f;
	const struct fc_rdma_dev *soft = NULL;
	size_t i;

	if (d->kind != FC_DEV_HOST)
		return;
	if (!d->rdma_m.known) {
		f = fc_finding_new(c, FC_UNKNOWN, d->name, "the RDMA devices of the host are not known");
		fc_ev_unknown(c, f, d->name, "RDMA devices", &d->rdma_m);
		return;
	}
	for (i = 0; i < d->nrdma && !soft; i++)
		if (d->rdma[i].kind.m.known && strcmp(d->rdma[i].kind.v, "hw"))
			soft = &d->rdma[i];
	if (!soft) {
		f = fc_finding_new(c, FC_PASS, d->name,
				   "hardware RoCE only: the NIC bypasses the host firewall, which cannot drop RoCE data");
		for (i = 0; i < d->nrdma; i++)
			if (d->rdma[i].kind.m.known)
				fc_ev(c, f, d->name, "RDMA device", &d->rdma[i].kind.m.src, "%s (%s)", d->rdma[i].name,
				      d->rdma[i].kind.v);
		return;
	}
	if (!d->fw_udp4791.m.known) {
		f = fc_finding_new(c, FC_UNKNOWN, d->name, "soft-RoCE device %s present, firewall verdict unknown", soft->name);
		fc_ev(c, f, d->name, "RDMA device", &soft->kind.m.src, "%s (%s)", soft->name, soft->kind.v);
		fc_ev_unknown(c, f, d->name, "firewall UDP 4791", &d->fw_udp4791.m);
		return;
	}
	f = fc_finding_new(c, strcmp(d->fw_udp4791.v, "drop") ? FC_PASS : FC_FAIL, d->name,
			   strcmp(d->fw_udp4791.v, "drop") ? "soft-RoCE device %s and the host firewall accepts UDP 4791"
							  : "soft-RoCE device %s but the host firewall drops UDP 4791",
			   soft->name);
	fc_ev(c, f, d->name, "RDMA device", &soft->kind.m.src, "%s (%s)", soft->name, soft->kind.v);
	fc_ev(c, f, d->name, "firewall UDP 4791", &d->fw_udp4791.m.src, "%s", d->fw_udp4791.v);
}

const struct fc_rule fc_rule_udp4791_hostfw = {
	.id = "UDP4791-HOST-FW",
	.aspect = FC_ASPECT_ACL,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "host: RDMA device kinds (hw, rxe, siw); fw_udp4791 (the firewall's verdict on UDP 4791)",
	.reads_switch = 0,
	.reads_host = FC_CAP_FIREWALL | FC_CAP_RDMA,
	.params = fc_no_params,
	.run = hostfw_run,
};
