/* SPDX-License-Identifier: MIT */
/* The model values that changed between two snapshots of one fabric: device software and
 * hardware, each port's L1, FEC, MTU, PFC, trust, LLDP neighbour, transceiver, host NIC firmware
 * and ECN settings, the RoCE and CNP classes' resolved path (class, queue, ECN thresholds, ingress
 * buffer), and the cabling (links added or removed). Values are compared as rendered, an unknown
 * one as "unknown" (its reason is not a change). Devices and ports present on one side only are
 * one line each. */
#include <stdio.h>
#include <string.h>

#include "diff/diff.h"
#include "util/hmap.h"

#define VAL 160

static void s_str(char *b, const struct fc_str *v) { snprintf(b, VAL, "%s", v->m.known ? v->v : "unknown"); }
static void s_fec(char *b, const struct fc_fec_val *v) { snprintf(b, VAL, "%s", v->m.known ? fc_fec_name(v->v) : "unknown"); }
static void s_trust(char *b, const struct fc_trust_val *v) { snprintf(b, VAL, "%s", v->m.known ? fc_trust_name(v->v) : "unknown"); }
/* an attachment (ACL, policy): not set is "none" */
static void s_att(char *b, const struct fc_str *v) { snprintf(b, VAL, "%s", v->m.known ? v->v : v->m.why ? "unknown" : "none"); }
static void s_int(char *b, const struct fc_int *v)
{
	if (v->m.known)
		snprintf(b, VAL, "%lld", (long long)v->v);
	else
		snprintf(b, VAL, "unknown");
}
static void s_bool(char *b, const struct fc_bool *v) { snprintf(b, VAL, "%s", !v->m.known ? "unknown" : v->v ? "on" : "off"); }
static void s_prios(char *b, const struct fc_int *v)
{
	size_t n = 0;
	int p;

	if (!v->m.known) {
		snprintf(b, VAL, "unknown");
		return;
	}
	b[0] = '\0';
	for (p = 0; p < FC_PRIO_COUNT; p++)
		if (v->v & (1 << p))
			n += (size_t)snprintf(b + n, VAL - n, "%s%d", n ? "," : "", p);
	if (!n)
		snprintf(b, VAL, "none");
}

static void s_list(char *b, const struct fc_strlist *v)
{
	size_t i, n = 0;

	if (!v->m.known) {
		snprintf(b, VAL, "unknown");
		return;
	}
	b[0] = '\0';
	for (i = 0; i < v->n && n < VAL; i++)
		n += (size_t)snprintf(b + n, VAL - n, "%s%s", i ? " " : "", v->v[i]);
	if (!v->n)
		snprintf(b, VAL, "none");
}

struct vdiff {
	struct fc_diff *d;
	size_t cap;
	enum fc_rc rc;
};

static void add(struct vdiff *x, const char *subject, const char *field, const char *before, const char *after)
{
	struct fc_dvalue *v;

	if (x->rc != FC_OK || !strcmp(before, after))
		return;
	if (!(x->d->v = fc_grow(x->d->a, x->d->v, x->d->nv, &x->cap, sizeof(*x->d->v)))) {
		x->rc = FC_ERR_NOMEM;
		return;
	}
	v = &x->d->v[x->d->nv];
	v->subject = fc_strdup(x->d->a, subject);
	v->field = field;
	v->before = fc_strdup(x->d->a, before);
	v->after = fc_strdup(x->d->a, after);
	if (!v->subject || !v->before || !v->after)
		x->rc = FC_ERR_NOMEM;
	else
		x->d->nv++;
}

/* One field of two objects: render both, add when they differ. */
#define CMP(kind, field_name, a, b)                                                              \
	do {                                                                                     \
		kind(va, a);                                                                     \
		kind(vb, b);                                                                     \
		add(x, subject, field_name, va, vb);                                             \
	} while (0)

static void hop(struct vdiff *x, const char *subject, const struct fc_hop *a, const struct fc_hop *b, const char *tc)
{
	char va[VAL], vb[VAL], f[7][48];

	snprintf(f[0], sizeof(f[0]), "%s classifier", tc);
	snprintf(f[1], sizeof(f[1]), "%s traffic class", tc);
	snprintf(f[2], sizeof(f[2]), "%s no-drop priorities", tc);
	snprintf(f[3], sizeof(f[3]), "%s queue", tc);
	snprintf(f[4], sizeof(f[4]), "%s ECN", tc);
	snprintf(f[5], sizeof(f[5]), "%s ECN thresholds", tc);
	snprintf(f[6], sizeof(f[6]), "%s ingress buffer", tc);
	/* the field names must outlive this call: interned in the diff's arena */
	CMP(s_str, fc_intern(x->d->a, f[0]), &a->classifier, &b->classifier);
	CMP(s_int, fc_intern(x->d->a, f[1]), &a->tc, &b->tc);
	CMP(s_prios, fc_intern(x->d->a, f[2]), &a->pfc_cos, &b->pfc_cos);
	CMP(s_str, fc_intern(x->d->a, f[3]), &a->queue, &b->queue);
	CMP(s_bool, fc_intern(x->d->a, f[4]), &a->ecn, &b->ecn);
	{
		char ka[VAL], kb[VAL], xa[VAL], xb[VAL], pa[VAL], pb[VAL], ca[4 * VAL], cb[4 * VAL];

		s_int(ka, &a->kmin); s_int(xa, &a->kmax); s_int(pa, &a->prob);
		s_int(kb, &b->kmin); s_int(xb, &b->kmax); s_int(pb, &b->prob);
		snprintf(ca, sizeof(ca), "min %s B, max %s B, %s%%", ka, xa, pa);
		snprintf(cb, sizeof(cb), "min %s B, max %s B, %s%%", kb, xb, pb);
		add(x, subject, fc_intern(x->d->a, f[5]), ca, cb);
		s_int(ka, &a->buf.size); s_int(xa, &a->buf.xoff); s_int(pa, &a->buf.xon);
		s_int(kb, &b->buf.size); s_int(xb, &b->buf.xoff); s_int(pb, &b->buf.xon);
		snprintf(ca, sizeof(ca), "size %s B, xoff %s B, xon %s B", ka, xa, pa);
		snprintf(cb, sizeof(cb), "size %s B, xoff %s B, xon %s B", kb, xb, pb);
		add(x, subject, fc_intern(x->d->a, f[6]), ca, cb);
	}
}

static void iface(struct vdiff *x, const char *subject, const struct fc_iface *a, const struct fc_iface *b)
{
	char va[VAL], vb[VAL];
	size_t k;

	CMP(s_str, "oper state", &a->oper_state, &b->oper_state);
	CMP(s_list, "addresses", &a->addresses, &b->addresses);
	CMP(s_int, "speed (Mb/s)", &a->speed_mbps, &b->speed_mbps);
	CMP(s_int, "lanes", &a->lanes, &b->lanes);
	CMP(s_str, "link mode", &a->link_mode, &b->link_mode);
	CMP(s_bool, "autonegotiation", &a->autoneg, &b->autoneg);
	CMP(s_fec, "FEC configured", &a->fec_config, &b->fec_config);
	CMP(s_fec, "FEC active", &a->fec_active, &b->fec_active);
	CMP(s_int, "MTU", &a->mtu, &b->mtu);
	CMP(s_str, "PFC mode", &a->pfc_mode, &b->pfc_mode);
	CMP(s_prios, "PFC priorities", &a->pfc_prios, &b->pfc_prios);
	CMP(s_bool, "PFC watchdog", &fc_swport(a)->pfc_watchdog, &fc_swport(b)->pfc_watchdog);
	CMP(s_bool, "802.3x pause rx", &a->pause_rx, &b->pause_rx);
	CMP(s_bool, "802.3x pause tx", &a->pause_tx, &b->pause_tx);
	CMP(s_trust, "trust", &a->trust, &b->trust);
	CMP(s_int, "cable length for headroom (m)", &a->cable_model_m, &b->cable_model_m);
	CMP(s_att, "input ACL", &fc_swport(a)->acl_in, &fc_swport(b)->acl_in);
	CMP(s_att, "output ACL", &fc_swport(a)->acl_out, &fc_swport(b)->acl_out);
	CMP(s_str, "LLDP neighbour", &a->lldp_sysname, &b->lldp_sysname);
	CMP(s_str, "LLDP neighbour port", &a->lldp_port, &b->lldp_port);
	CMP(s_str, "transceiver", &fc_xcvr(a)->type, &fc_xcvr(b)->type);
	CMP(s_str, "transceiver serial", &fc_xcvr(a)->serial, &fc_xcvr(b)->serial);
	CMP(s_str, "driver", &fc_nic(a)->driver, &fc_nic(b)->driver);
	CMP(s_str, "NIC firmware", &fc_nic(a)->firmware, &fc_nic(b)->firmware);
	CMP(s_prios, "ECN NP priorities", &fc_nic(a)->ecn_np_prios, &fc_nic(b)->ecn_np_prios);
	CMP(s_prios, "ECN RP priorities", &fc_nic(a)->ecn_rp_prios, &fc_nic(b)->ecn_rp_prios);
	CMP(s_int, "CNP DSCP", &fc_nic(a)->cnp_dscp, &fc_nic(b)->cnp_dscp);
	for (k = 0; k < FC_PRIO_COUNT; k++) {
		static const char *const names[FC_PRIO_COUNT] = {
			"priority 0 buffer", "priority 1 buffer", "priority 2 buffer", "priority 3 buffer",
			"priority 4 buffer", "priority 5 buffer", "priority 6 buffer", "priority 7 buffer" };
		struct fc_pg pa, pb;

		CMP(s_int, names[k], &fc_iface_pg(a, (int)k, &pa)->size, &fc_iface_pg(b, (int)k, &pb)->size);
	}
	if (a->hops && b->hops) {
		hop(x, subject, &a->hops[FC_TC_ROCE], &b->hops[FC_TC_ROCE], "RoCE");
		hop(x, subject, &a->hops[FC_TC_CNP], &b->hops[FC_TC_CNP], "CNP");
	}
}

/* The RoCE v2 GIDs of a port, in table order. */
static void s_gids(char *b, size_t size, const struct fc_rdma_port *p)
{
	size_t i, n = 0;

	if (!p->gids_m.known) {
		snprintf(b, size, "unknown");
		return;
	}
	b[0] = '\0';
	for (i = 0; i < p->ngids && n < size; i++)
		if (!strcmp(p->gids[i].type, "RoCE v2") && strncmp(p->gids[i].gid, "fe80:", 5))
			n += (size_t)snprintf(b + n, size - n, "%s%s", n ? " " : "", p->gids[i].gid);
	if (!n)
		snprintf(b, size, "none");
}

static void rdma(struct vdiff *x, const struct fc_device *a, const struct fc_device *b)
{
	char va[VAL], vb[VAL], ga[2048], gb[2048], subject[512];
	size_t i, k, q;

	for (i = 0; i < b->nrdma; i++) {
		const struct fc_rdma_dev *rb = &b->rdma[i], *ra = NULL;

		for (k = 0; k < a->nrdma && !ra; k++)
			if (!strcmp(a->rdma[k].name, rb->name))
				ra = &a->rdma[k];
		snprintf(subject, sizeof(subject), "%s:%s", b->name, rb->name);
		if (!ra) {
			add(x, subject, "RDMA device", "absent", "present");
			continue;
		}
		CMP(s_str, "HCA firmware", &ra->fw_ver, &rb->fw_ver);
		for (k = 0; k < rb->nports; k++) {
			const struct fc_rdma_port *pb = &rb->ports[k], *pa = NULL;

			for (q = 0; q < ra->nports && !pa; q++)
				if (ra->ports[q].num == pb->num)
					pa = &ra->ports[q];
			if (!pa)
				continue;
			snprintf(subject, sizeof(subject), "%s:%s/%d", b->name, rb->name, pb->num);
			CMP(s_str, "RoCE mode", &pa->roce_mode, &pb->roce_mode);
			CMP(s_int, "active MTU", &pa->active_mtu, &pb->active_mtu);
			CMP(s_int, "RoCE ToS", &pa->roce_tos, &pb->roce_tos);
			s_gids(ga, sizeof(ga), pa);
			s_gids(gb, sizeof(gb), pb);
			add(x, subject, "RoCE v2 GIDs", ga, gb);
		}
	}
}

static void device(struct vdiff *x, const struct fc_device *a, const struct fc_device *b)
{
	char va[VAL], vb[VAL], port[512];
	size_t i;

	{
		const char *subject = a->name;   /* CMP's name */

		CMP(s_str, "OS version", &a->os_version, &b->os_version);
		CMP(s_str, "hardware model", &a->hw_model, &b->hw_model);
		CMP(s_str, "ASIC", &a->asic, &b->asic);
		snprintf(va, VAL, "%s", fc_devstatus_name(a->status));
		snprintf(vb, VAL, "%s", fc_devstatus_name(b->status));
		add(x, subject, "collection", va, vb);
	}
	rdma(x, a, b);
	for (i = 0; i < b->nifaces; i++) {
		const struct fc_iface *ib = b->ifaces[i], *ia = fc_dev_find_iface(a, ib->name);

		snprintf(port, sizeof(port), "%s:%s", b->name, ib->name);
		if (ia)
			iface(x, port, ia, ib);
		else if (ib->linked)
			add(x, port, "port", "absent", "present");
	}
	for (i = 0; i < a->nifaces; i++)
		if (a->ifaces[i]->linked && !fc_dev_find_iface(b, a->ifaces[i]->name)) {
			snprintf(port, sizeof(port), "%s:%s", a->name, a->ifaces[i]->name);
			add(x, port, "port", "present", "absent");
		}
}

static void link_name(const struct fc_link *l, char *b, size_t size)
{
	snprintf(b, size, "%s:%s <-> %s:%s", l->a.dev_name, l->a.if_name, l->b.dev_name, l->b.if_name);
}

/* Links as sets of their subjects: added ones, removed ones. */
static void cabling(struct vdiff *x, const struct fc_model *a, const struct fc_model *b)
{
	struct fc_hmap *ha = fc_hmap_new(x->d->a, a->nlinks + 1), *hb = fc_hmap_new(x->d->a, b->nlinks + 1);
	char name[600];
	size_t i;
	int failed = 0;

	if (!ha || !hb) {
		x->rc = FC_ERR_NOMEM;
		return;
	}
	for (i = 0; i < a->nlinks && !failed; i++) {
		link_name(&a->links[i], name, sizeof(name));
		fc_hmap_put(ha, name, strlen(name), (void *)1, &failed);
	}
	for (i = 0; i < b->nlinks && !failed; i++) {
		link_name(&b->links[i], name, sizeof(name));
		fc_hmap_put(hb, name, strlen(name), (void *)1, &failed);
		if (!fc_hmap_get(ha, name, strlen(name)))
			add(x, name, "cabling", "no link", "linked");
	}
	for (i = 0; i < a->nlinks && !failed; i++) {
		link_name(&a->links[i], name, sizeof(name));
		if (!fc_hmap_get(hb, name, strlen(name)))
			add(x, name, "cabling", "linked", "no link");
	}
	if (failed)
		x->rc = FC_ERR_NOMEM;
}

enum fc_rc fc_diff_values(struct fc_diff *d, const struct fc_model *old, const struct fc_model *cur)
{
	struct vdiff x = { d, 0, FC_OK };
	size_t i;

	for (i = 0; i < cur->ndevs && x.rc == FC_OK; i++) {
		const struct fc_device *b = cur->devs[i], *a = fc_model_find_device(old, b->name);

		if (a)
			device(&x, a, b);
		else
			add(&x, b->name, "device", "absent", "present");
	}
	for (i = 0; i < old->ndevs && x.rc == FC_OK; i++)
		if (!fc_model_find_device(cur, old->devs[i]->name))
			add(&x, old->devs[i]->name, "device", "present", "absent");
	if (x.rc == FC_OK)
		cabling(&x, old, cur);
	return x.rc;
}
