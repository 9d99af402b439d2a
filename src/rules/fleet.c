/* SPDX-License-Identifier: MIT */
/* Consistency across hosts, rule catalog §6 and §10:
 *   HOST-FW-CONSISTENCY  one firmware per (HCA type, board id) across the fleet;
 *   MTU-FLEET            one netdev MTU on every RoCE interface;
 *   MTU-ROCE-ACTIVE      each RoCE port's active MTU is the intended one (4096). */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

/* A value and how many times it was seen; small tables, linear search (groups are few). */
struct tally {
	const char *key;
	size_t n;
};

static size_t tally_add(struct fc_rctx *c, struct tally **t, size_t *n, size_t *cap, const char *key)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (!strcmp((*t)[i].key, key)) {
			(*t)[i].n++;
			return i;
		}
	*t = fc_grow(c->eng->arena, *t, *n, cap, sizeof(**t));
	if (!*t) {
		c->eng->oom = true;
		return 0;
	}
	(*t)[*n].key = key;
	(*t)[*n].n = 1;
	return (*n)++;
}

static const char *majority(const struct tally *t, size_t n)
{
	size_t i, best = 0;

	for (i = 1; i < n; i++)
		if (t[i].n > t[best].n)
			best = i;
	return n ? t[best].key : NULL;
}

/* --- HOST-FW-CONSISTENCY ------------------------------------------------------------------------ */

/* One hardware RDMA device with its group: "hca_type/board_id", interned (equal keys, equal pointers). */
struct hca {
	const struct fc_device *dev;
	const struct fc_rdma_dev *rd;
	const char *key;
};

static void fw_group(struct fc_rctx *c, const struct hca *h, size_t nh, const struct tally *grp)
{
	struct tally *vers = NULL;
	size_t nv = 0, vcap = 0, odd = 0, unknown = 0, i;
	const char *main, *subj = fc_rstr(c, "firmware %s", grp->key);
	struct fc_finding *f;

	for (i = 0; i < nh; i++)
		if (h[i].key == grp->key) {
			if (h[i].rd->fw_ver.m.known)
				tally_add(c, &vers, &nv, &vcap, h[i].rd->fw_ver.v);
			else
				unknown++;
		}
	main = majority(vers, nv);
	for (i = 0; i < nv; i++)
		odd += strcmp(vers[i].key, main) ? vers[i].n : 0;
	if (!main) {
		fc_finding_new(c, FC_UNKNOWN, subj, "no firmware version read for the %zu HCA(s) of this type", grp->n);
		return;
	}
	if (odd)
		f = fc_finding_new(c, FC_WARN, subj, "%zu of %zu HCA(s) of this type run other firmware than the fleet's %s",
				   odd, grp->n, main);
	else
		f = fc_finding_new(c, FC_PASS, subj, "all %zu HCA(s) of this type run %s%s", grp->n - unknown, main,
				   unknown ? fc_rstr(c, " (%zu not read)", unknown) : "");
	for (i = 0; i < nh; i++)
		if (h[i].key == grp->key && h[i].rd->fw_ver.m.known && strcmp(h[i].rd->fw_ver.v, main))
			fc_ev(c, f, fc_rstr(c, "%s:%s", h[i].dev->name, h[i].rd->name), "fw_ver", &h[i].rd->fw_ver.m.src,
			      "%s", h[i].rd->fw_ver.v);
}

static void fw_run(struct fc_rctx *c)
{
	const struct fc_model *m = c->m;
	struct tally *groups = NULL;
	struct hca *h = NULL;
	size_t ng = 0, gcap = 0, nh = 0, hcap = 0, i, k;

	for (i = 0; i < m->ndevs; i++)
		for (k = 0; k < m->devs[i]->nrdma; k++) {
			const struct fc_rdma_dev *rd = &m->devs[i]->rdma[k];

			if (!rd->hca_type.m.known || (rd->kind.m.known && strcmp(rd->kind.v, "hw")))
				continue;   /* soft-RoCE devices have no firmware of their own */
			if (!(h = fc_grow(c->eng->arena, h, nh, &hcap, sizeof(*h)))) {
				c->eng->oom = true;
				return;
			}
			h[nh].dev = m->devs[i];
			h[nh].rd = rd;
			h[nh].key = fc_rstr(c, "%s/%s", rd->hca_type.v, rd->board_id.m.known ? rd->board_id.v : "?");
			tally_add(c, &groups, &ng, &gcap, h[nh++].key);
		}
	for (i = 0; i < ng && !c->eng->oom; i++)
		fw_group(c, h, nh, &groups[i]);
}

/* --- MTU-FLEET ------------------------------------------------------------------------------------ */

/* Calls fn for every RoCE netdev of every host: the interfaces RDMA ports name. */
static void each_roce_iface(struct fc_rctx *c, void (*fn)(struct fc_rctx *, const struct fc_device *,
							 const struct fc_iface *, void *),
			    void *arg)
{
	size_t i, j, k;

	for (i = 0; i < c->m->ndevs; i++) {
		const struct fc_device *d = c->m->devs[i];

		for (j = 0; j < d->nifaces; j++) {
			bool roce = false;

			for (k = 0; k < d->nrdma && !roce; k++) {
				size_t p;

				for (p = 0; p < d->rdma[k].nports; p++)
					roce |= d->rdma[k].ports[p].netdev.m.known &&
						!strcmp(d->rdma[k].ports[p].netdev.v, d->ifaces[j]->name);
			}
			if (roce)
				fn(c, d, d->ifaces[j], arg);
		}
	}
}

struct mtu_pass {
	struct tally *t;
	size_t n, cap;
	const char *main;
	struct fc_finding *f;
	size_t odd;
};

static void mtu_count(struct fc_rctx *c, const struct fc_device *d, const struct fc_iface *ifc, void *arg)
{
	struct mtu_pass *s = arg;

	(void)d;
	if (ifc->mtu.m.known)
		tally_add(c, &s->t, &s->n, &s->cap, fc_rstr(c, "%lld", (long long)ifc->mtu.v));
}

static void mtu_outlier(struct fc_rctx *c, const struct fc_device *d, const struct fc_iface *ifc, void *arg)
{
	struct mtu_pass *s = arg;

	if (ifc->mtu.m.known && strcmp(fc_rstr(c, "%lld", (long long)ifc->mtu.v), s->main))
		fc_ev(c, s->f, fc_rstr(c, "%s:%s", d->name, ifc->name), "MTU", &ifc->mtu.m.src, "%lld",
		      (long long)ifc->mtu.v);
}

static void mtu_fleet_run(struct fc_rctx *c)
{
	struct mtu_pass s;
	size_t i, total = 0;

	memset(&s, 0, sizeof(s));
	each_roce_iface(c, mtu_count, &s);
	if (!s.n)
		return;   /* no RoCE interfaces with a known MTU: nothing to compare */
	s.main = majority(s.t, s.n);
	for (i = 0; i < s.n; i++) {
		total += s.t[i].n;
		s.odd += strcmp(s.t[i].key, s.main) ? s.t[i].n : 0;
	}
	if (s.odd) {
		s.f = fc_finding_new(c, FC_WARN, "netdev MTU of the RoCE interfaces",
				     "%zu of %zu RoCE interfaces differ from the fleet's MTU %s", s.odd, total, s.main);
		each_roce_iface(c, mtu_outlier, &s);
	} else {
		fc_finding_new(c, FC_PASS, "netdev MTU of the RoCE interfaces", "all %zu RoCE interfaces at MTU %s", total,
			       s.main);
	}
}

/* --- MTU-ROCE-ACTIVE ------------------------------------------------------------------------------ */

static const struct fc_rule_param active_params[] = {
	{ "expected", FC_PARAM_INT, "4096", "the RoCE active MTU the fabric intends: 4096 needs a netdev MTU of 4200 or more (Linux include/rdma/ib_addr.h)", .choices = "256 512 1024 2048 4096" },
	{ .key = NULL },
};

static void active_run(struct fc_rctx *c)
{
	const struct fc_device *d = c->dev;
	size_t i, k;
	bool set;
	int64_t want = fc_param_int(c, "expected", &set);

	if (d->kind != FC_DEV_HOST)
		return;
	for (i = 0; i < d->nrdma; i++)
		for (k = 0; k < d->rdma[i].nports; k++) {
			const struct fc_rdma_port *p = &d->rdma[i].ports[k];
			const char *subj = fc_rstr(c, "%s:%s/%d", d->name, d->rdma[i].name, p->num);
			const struct fc_iface *nd = p->netdev.m.known ? fc_dev_find_iface(d, p->netdev.v) : NULL;
			struct fc_finding *f;

			if (p->link_layer.m.known && p->link_layer.v != FC_LINK_LAYER_ETHERNET)
				continue;
			if (!p->active_mtu.m.known) {
				f = fc_finding_new(c, FC_UNKNOWN, subj, "the active MTU of %s port %d is not known",
						   d->rdma[i].name, p->num);
				fc_ev_unknown(c, f, subj, "active MTU", &p->active_mtu.m);
				continue;
			}
			if (p->active_mtu.v < want)
				f = fc_finding_new(c, FC_WARN, subj, "RoCE active MTU %lld, not %lld%s: every message is cut into "
								     "smaller packets",
						   (long long)p->active_mtu.v, (long long)want,
						   nd && nd->mtu.m.known && nd->mtu.v < want + 104
							   ? fc_rstr(c, " (netdev %s MTU %lld is too small for it)",
									nd->name, (long long)nd->mtu.v)
							   : "");
			else
				f = fc_finding_new(c, FC_PASS, subj, "RoCE active MTU %lld", (long long)p->active_mtu.v);
			fc_ev(c, f, subj, "active MTU", &p->active_mtu.m.src, "%lld", (long long)p->active_mtu.v);
			if (nd && nd->mtu.m.known)
				fc_ev(c, f, fc_rstr(c, "%s:%s", d->name, nd->name), "netdev MTU", &nd->mtu.m.src,
				      "%lld", (long long)nd->mtu.v);
		}
}

const struct fc_rule fc_rule_fw_consistency = {
	.id = "HOST-FW-CONSISTENCY",
	.severity = FC_SEV_MEDIUM,
	.scope = FC_SCOPE_FLEET,
	.inputs = "host RDMA devices: fw_ver, hca_type, board_id",
	.reads_switch = 0,
	.reads_host = FC_CAP_RDMA,
	.params = fc_no_params,
	.run = fw_run,
};

const struct fc_rule fc_rule_mtu_fleet = {
	.id = "MTU-FLEET",
	.aspect = FC_ASPECT_MTU,
	.severity = FC_SEV_MEDIUM,
	.scope = FC_SCOPE_FLEET,
	.inputs = "host: the mtu of the interfaces the RDMA ports name (netdev)",
	.reads_switch = 0,
	.reads_host = FC_CAP_MTU | FC_CAP_RDMA,
	.params = fc_no_params,
	.run = mtu_fleet_run,
};

const struct fc_rule fc_rule_mtu_roce_active = {
	.id = "MTU-ROCE-ACTIVE",
	.live = true,
	.aspect = FC_ASPECT_MTU,
	.severity = FC_SEV_MEDIUM,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "host RDMA port: active_mtu; its netdev's mtu",
	.reads_switch = 0,
	.reads_host = FC_CAP_MTU | FC_CAP_RDMA,
	.params = active_params,
	.run = active_run,
};
