/* SPDX-License-Identifier: MIT */
/* Model serialisation for fabcheck parse: every field of a device, so other tools and the tests
 * can compare all of what a parser gave. The _Static_asserts below fail the build when a struct
 * of the model grows: a new field is added here too, and the size updated with it. */
#include "model/model_json.h"

#include <math.h>
#include <stdio.h>

/* Sizes on x86-64 (LP64) as of the last field printed here. */
#if defined(__x86_64__) && defined(__LP64__)
_Static_assert(sizeof(struct fc_iface) == 1400, "struct fc_iface changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_nic) == 672, "struct fc_nic changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_swport) == 448, "struct fc_swport changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_hop) == 864, "struct fc_hop changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_xcvr) == 312, "struct fc_xcvr changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_dom_lane) == 368, "struct fc_dom_lane changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_device) == 600, "struct fc_device changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_ace) == 120, "struct fc_ace changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_rdma_port) == 416, "struct fc_rdma_port changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_rdma_dev) == 160, "struct fc_rdma_dev changed: print the new field in model_json.c");
#endif

static json_object *meta(const struct fc_meta *m, json_object *v)
{
	json_object *o = json_object_new_object();
	char buf[600];

	if (!m->known) {
		json_object_put(v);
		json_object_object_add(o, "unknown", json_object_new_string(fc_why(m)));
		return o;
	}
	json_object_object_add(o, "value", v);
	if (m->why)   /* how a known value was decided, e.g. a platform default */
		json_object_object_add(o, "note", json_object_new_string(m->why));
	if (m->src.file)
		json_object_object_add(o, "source", json_object_new_string(fc_src_str(&m->src, buf, sizeof(buf))));
	return o;
}

static json_object *src_json(const struct fc_src *s)
{
	char buf[600];

	return json_object_new_string(fc_src_str(s, buf, sizeof(buf)));
}

#define I(obj, name, x) json_object_object_add(obj, name, meta(&(x).m, json_object_new_int64((x).v)))
#define S(obj, name, x) json_object_object_add(obj, name, meta(&(x).m, json_object_new_string((x).v ? (x).v : "")))
#define B(obj, name, x) json_object_object_add(obj, name, meta(&(x).m, json_object_new_boolean((x).v)))
/* a vocabulary value by its name: E(o, "fec_active", f->fec_active, fec) */
#define E(obj, name, x, kind) \
	json_object_object_add(obj, name, meta(&(x).m, json_object_new_string((x).m.known ? fc_##kind##_name((x).v) : "")))
#define D(obj, name, x) json_object_object_add(obj, name, meta(&(x).m, json_object_new_double((x).v)))

static json_object *strlist(const struct fc_strlist *l)
{
	json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; l->m.known && i < l->n; i++)
		json_object_array_add(a, json_object_new_string(l->v[i]));
	return meta(&l->m, a);
}

static json_object *counters(const struct fc_meta *m, const struct fc_counter *v, size_t n)
{
	json_object *o = json_object_new_object();
	size_t k;

	for (k = 0; k < n; k++)
		json_object_object_add(o, v[k].name, json_object_new_int64(v[k].value));
	return meta(m, o);
}

static json_object *pg(const struct fc_pg *p)
{
	json_object *g = json_object_new_object();

	I(g, "size", p->size);
	I(g, "xoff", p->xoff);
	I(g, "xon", p->xon);
	I(g, "headroom", p->headroom);
	return g;
}

/* A DOM value, its flag and the module's own thresholds. */
static json_object *dom(const struct fc_dom_val *v)
{
	json_object *o = meta(&v->m, json_object_new_double(v->v));

	if (v->flag[0])
		json_object_object_add(o, "flag", json_object_new_string(v->flag));
	if (v->thresholds) {
		json_object *t = json_object_new_object();

		/* a side the module gives no limit for is infinite: null here */
		json_object_object_add(t, "high_alarm", isfinite(v->hi_alarm) ? json_object_new_double(v->hi_alarm) : NULL);
		json_object_object_add(t, "low_alarm", isfinite(v->lo_alarm) ? json_object_new_double(v->lo_alarm) : NULL);
		json_object_object_add(t, "high_warning", isfinite(v->hi_warn) ? json_object_new_double(v->hi_warn) : NULL);
		json_object_object_add(t, "low_warning", isfinite(v->lo_warn) ? json_object_new_double(v->lo_warn) : NULL);
		json_object_object_add(o, "thresholds", t);
	}
	return o;
}

static json_object *xcvr(const struct fc_xcvr *x)
{
	json_object *o = json_object_new_object(), *lanes = json_object_new_array();
	size_t l;

	B(o, "present", x->present);
	S(o, "type", x->type);
	S(o, "vendor", x->vendor);
	S(o, "part", x->part);
	S(o, "serial", x->serial);
	I(o, "bitrate_mbps", x->bitrate_mbps);
	D(o, "cable_len_m", x->cable_len_m);
	E(o, "dac_class", x->dac_class, cable_class);
	B(o, "dom_supported", x->dom_supported);
	for (l = 0; l < x->nlanes; l++) {
		const struct fc_dom_lane *L = &x->lanes[l];
		json_object *lo = json_object_new_object();

		json_object_object_add(lo, "lane", json_object_new_int(L->lane));
		json_object_object_add(lo, "temp_c", dom(&L->temp_c));
		json_object_object_add(lo, "volt_v", dom(&L->volt_v));
		json_object_object_add(lo, "bias_ma", dom(&L->bias_ma));
		json_object_object_add(lo, "tx_dbm", dom(&L->tx_dbm));
		json_object_object_add(lo, "rx_dbm", dom(&L->rx_dbm));
		json_object_array_add(lanes, lo);
	}
	json_object_object_add(o, "dom_lanes", lanes);
	return o;
}

static json_object *dscp_map(const struct fc_dscp_map *d)
{
	json_object *o = json_object_new_object();
	int k;

	for (k = 0; k < 64; k++)
		if ((d->has >> k) & 1) {
			char key[8];

			snprintf(key, sizeof(key), "%d", k);
			json_object_object_add(o, key, json_object_new_int(d->prio[k]));
		}
	return meta(&d->m, o);
}

/* The fabric's traffic classes through a switch port, as its adapter resolved them. */
json_object *fc_json_int(const struct fc_int *x)
{
	return meta(&x->m, json_object_new_int64(x->v));
}

json_object *fc_json_str(const struct fc_str *x)
{
	return meta(&x->m, json_object_new_string(x->v ? x->v : ""));
}

json_object *fc_json_bool(const struct fc_bool *x)
{
	return meta(&x->m, json_object_new_boolean(x->v));
}

json_object *fc_json_strlist(const struct fc_strlist *l)
{
	return strlist(l);
}

json_object *fc_json_pg(const struct fc_pg *p)
{
	return pg(p);
}

json_object *fc_json_src(const struct fc_src *s)
{
	return src_json(s);
}

json_object *fc_json_bits(uint64_t mask, int n)
{
	json_object *a = json_object_new_array();
	int k;

	for (k = 0; k < n; k++)
		if ((mask >> k) & 1)
			json_object_array_add(a, json_object_new_int(k));
	return a;
}

static json_object *hops(const struct fc_hop *hv)
{
	json_object *o = json_object_new_object();
	int t;

	for (t = 0; t < FC_TC_COUNT; t++) {
		const struct fc_hop *h = &hv[t];
		json_object *j = json_object_new_object();

		S(j, "classifier", h->classifier);
		B(j, "classifier_per_port", h->per_port);
		E(j, "trust", h->trust, trust);
		S(j, "match", h->match);
		I(j, "traffic_class", h->tc);
		I(j, "dscp_out", h->dscp_out);
		I(j, "pcp_strict_mask", h->pcp_strict);
		S(j, "class", h->tc_name);
		I(j, "pfc_cos_mask", h->pfc_cos);
		I(j, "mtu", h->mtu);
		S(j, "queue", h->queue);
		B(j, "queue_per_port", h->queue_per_port);
		I(j, "strict_level", h->strict);
		I(j, "bandwidth_percent", h->bw_percent);
		B(j, "ecn", h->ecn);
		I(j, "kmin_bytes", h->kmin);
		I(j, "kmax_bytes", h->kmax);
		I(j, "probability_percent", h->prob);
		I(j, "weight", h->weight);
		S(j, "pause_stops_queue", h->pause_queue);
		B(j, "queue_lossless", h->queue_lossless);
		json_object_object_add(j, "buffer", pg(&h->buf));
		B(j, "buffer_per_port", h->buf_per_port);
		B(j, "buffer_dynamic", h->buf_dynamic);
		json_object_object_add(o, fc_tclass_name((enum fc_tclass)t), j);
	}
	return o;
}

static json_object *iface(const struct fc_iface *f)
{
	json_object *o = json_object_new_object(), *pgs = json_object_new_array();
	struct fc_pg tmp;
	int p;

	json_object_object_add(o, "name", json_object_new_string(f->name));
	S(o, "admin_state", f->admin_state);
	S(o, "oper_state", f->oper_state);
	S(o, "description", f->description);
	S(o, "mac", f->mac);
	E(o, "port_mode", f->port_mode, port_mode);
	json_object_object_add(o, "addresses", strlist(&f->addresses));
	I(o, "speed_mbps", f->speed_mbps);
	I(o, "lanes", f->lanes);
	I(o, "mtu", f->mtu);
	S(o, "duplex", f->duplex);
	B(o, "autoneg", f->autoneg);
	E(o, "medium", f->medium, medium);
	json_object_object_add(o, "modes_supported", strlist(&f->modes_supported));
	json_object_object_add(o, "modes_advertised", strlist(&f->modes_advertised));
	json_object_object_add(o, "modes_partner", strlist(&f->modes_partner));
	S(o, "link_mode", f->link_mode);
	E(o, "fec_config", f->fec_config, fec);
	E(o, "fec_active", f->fec_active, fec);
	B(o, "pause_rx", f->pause_rx);
	B(o, "pause_tx", f->pause_tx);
	S(o, "breakout", fc_swport(f)->breakout);
	S(o, "pfc_mode", f->pfc_mode);
	I(o, "pfc_prios_mask", f->pfc_prios);
	B(o, "pfc_watchdog", fc_swport(f)->pfc_watchdog);
	E(o, "trust", f->trust, trust);
	json_object_object_add(o, "dscp_map", dscp_map(&f->dscp_map));
	for (p = 0; p < FC_PRIO_COUNT; p++)
		json_object_array_add(pgs, pg(fc_iface_pg(f, p, &tmp)));
	json_object_object_add(o, "buffers_by_priority", pgs);
	I(o, "cable_model_m", f->cable_model_m);
	S(o, "acl_in", fc_swport(f)->acl_in);
	S(o, "acl_out", fc_swport(f)->acl_out);
	S(o, "lag", fc_swport(f)->lag);
	S(o, "driver", fc_nic(f)->driver);
	S(o, "driver_version", fc_nic(f)->driver_version);
	S(o, "firmware", fc_nic(f)->firmware);
	S(o, "pci_address", fc_nic(f)->pci_addr);
	S(o, "pci_speed", fc_nic(f)->pci_cur_speed);
	I(o, "pci_width", fc_nic(f)->pci_cur_width);
	S(o, "pci_max_speed", fc_nic(f)->pci_max_speed);
	I(o, "pci_max_width", fc_nic(f)->pci_max_width);
	I(o, "numa_node", fc_nic(f)->numa_node);
	S(o, "pci_upstream_address", fc_nic(f)->pci_up_addr);
	S(o, "pci_upstream_speed", fc_nic(f)->pci_up_cur_speed);
	I(o, "pci_upstream_width", fc_nic(f)->pci_up_cur_width);
	S(o, "pci_upstream_max_speed", fc_nic(f)->pci_up_max_speed);
	I(o, "pci_upstream_max_width", fc_nic(f)->pci_up_max_width);
	I(o, "ecn_np_prios_mask", fc_nic(f)->ecn_np_prios);
	I(o, "ecn_rp_prios_mask", fc_nic(f)->ecn_rp_prios);
	I(o, "cnp_dscp", fc_nic(f)->cnp_dscp);
	I(o, "cnp_prio", fc_nic(f)->cnp_prio);
	I(o, "pfc_prevention_tout_ms", fc_nic(f)->pfc_prev_tout_ms);
	json_object_object_add(o, "stats", counters(&f->stats_m, f->stats, f->nstats));
	I(o, "arp_ignore", fc_nic(f)->arp_ignore);
	I(o, "arp_announce", fc_nic(f)->arp_announce);
	S(o, "alias", fc_swport(f)->alias);
	S(o, "declared_neighbour", fc_swport(f)->decl_peer);
	S(o, "declared_neighbour_port", fc_swport(f)->decl_peer_port);
	json_object_object_add(o, "transceiver", xcvr(&f->xcvr));
	I(o, "crc_errors", fc_swport(f)->cnt_crc);
	I(o, "input_errors", fc_swport(f)->cnt_in_errors);
	I(o, "giants", fc_swport(f)->cnt_giants);
	I(o, "resets", fc_swport(f)->cnt_resets);
	I(o, "rx_ppp", fc_swport(f)->cnt_rx_ppp);
	I(o, "tx_ppp", fc_swport(f)->cnt_tx_ppp);
	S(o, "lldp_system_name", f->lldp_sysname);
	S(o, "lldp_port", f->lldp_port);
	json_object_object_add(o, "linked", json_object_new_boolean(f->linked));
	if (f->hops)
		json_object_object_add(o, "qos_path", hops(f->hops));
	return o;
}


static json_object *addr(const struct fc_addrmatch *a)
{
	char buf[48];

	if (a->any)
		return json_object_new_string("any");
	if (a->v6)
		return json_object_new_string("ipv6");
	snprintf(buf, sizeof(buf), "%u.%u.%u.%u/%d", a->net >> 24, (a->net >> 16) & 255, (a->net >> 8) & 255, a->net & 255,
		 __builtin_popcount(a->mask));
	return json_object_new_string(buf);
}

static json_object *portmatch(const struct fc_portmatch *p)
{
	static const char *const ops[] = { "any", "eq", "neq", "lt", "gt", "range" };
	json_object *o = json_object_new_object();

	json_object_object_add(o, "op", json_object_new_string(ops[p->op]));
	if (p->op != FC_PORT_ANY) {
		json_object_object_add(o, "lo", json_object_new_int(p->lo));
		json_object_object_add(o, "hi", json_object_new_int(p->hi));
	}
	return o;
}

static json_object *acl(const struct fc_acl *a)
{
	json_object *o = json_object_new_object(), *es = json_object_new_array();
	size_t j;

	json_object_object_add(o, "name", json_object_new_string(a->name));
	json_object_object_add(o, "source", src_json(&a->src));
	json_object_object_add(o, "standard", json_object_new_boolean(a->standard));
	for (j = 0; j < a->n; j++) {
		const struct fc_ace *e = &a->aces[j];
		json_object *x = json_object_new_object();

		json_object_object_add(x, "text", json_object_new_string(e->text));
		json_object_object_add(x, "source", src_json(&e->loc));
		json_object_object_add(x, "seq", json_object_new_int64(e->seq));
		if (e->hits.m.known)
			I(x, "hits", e->hits);
		if (e->remark) {
			json_object_object_add(x, "remark", json_object_new_boolean(1));
		} else {
			json_object_object_add(x, "action", json_object_new_string(e->permit ? "permit" : "deny"));
			json_object_object_add(x, "protocol", json_object_new_int(e->proto));
			json_object_object_add(x, "src", addr(&e->src));
			json_object_object_add(x, "src_port", portmatch(&e->sport));
			json_object_object_add(x, "dst", addr(&e->dst));
			json_object_object_add(x, "dst_port", portmatch(&e->dport));
			json_object_object_add(x, "dscp", json_object_new_int(e->dscp));
		}
		json_object_array_add(es, x);
	}
	json_object_object_add(o, "entries", es);
	return o;
}

static json_object *rdma_port(const struct fc_rdma_port *p)
{
	json_object *po = json_object_new_object(), *gs = json_object_new_array();
	size_t k;

	json_object_object_add(po, "port", json_object_new_int(p->num));
	S(po, "state", p->state);
	S(po, "phys_state", p->phys_state);
	E(po, "link_layer", p->link_layer, link_layer);
	S(po, "netdev", p->netdev);
	S(po, "roce_mode", p->roce_mode);
	I(po, "active_mtu", p->active_mtu);
	I(po, "roce_tos", p->roce_tos);
	S(po, "rate", p->rate);
	I(po, "rate_mbps", p->rate_mbps);
	I(po, "width", p->width);
	json_object_object_add(po, "hw_counters", counters(&p->hw_counters_m, p->hw_counters, p->nhw_counters));
	for (k = 0; k < p->ngids; k++) {
		const struct fc_gid *g = &p->gids[k];
		json_object *x = json_object_new_object();

		json_object_object_add(x, "index", json_object_new_int(g->index));
		json_object_object_add(x, "gid", json_object_new_string(g->gid));
		json_object_object_add(x, "type", json_object_new_string(g->type));
		if (g->netdev)
			json_object_object_add(x, "netdev", json_object_new_string(g->netdev));
		json_object_object_add(x, "source", src_json(&g->src));
		json_object_array_add(gs, x);
	}
	json_object_object_add(po, "gids", meta(&p->gids_m, gs));
	return po;
}

static json_object *strings(const char *const *v, size_t n)
{
	json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; i < n; i++)
		json_object_array_add(a, json_object_new_string(v[i]));
	return a;
}

json_object *fc_device_to_json(const struct fc_device *d)
{
	json_object *o = json_object_new_object(), *ifs = json_object_new_array(), *nu = json_object_new_array();
	json_object *acls = json_object_new_array(), *rd = json_object_new_array();
	char buf[600];
	size_t i, j;

	json_object_object_add(o, "name", json_object_new_string(d->name));
	if (d->platform)
		json_object_object_add(o, "platform", json_object_new_string(d->platform));
	{
		char caps[512];
		unsigned holds = 0, c;

		json_object_object_add(o, "adapter_provides", json_object_new_string(fc_cap_names(d->caps, caps,
											    sizeof(caps))));
		for (c = 0; c < FC_CAP_COUNT; c++)
			holds |= fc_cap_filled(d, 1u << c) ? 1u << c : 0;
		json_object_object_add(o, "model_holds", json_object_new_string(fc_cap_names(holds, caps, sizeof(caps))));
	}
	json_object_object_add(o, "kind", json_object_new_string(d->kind == FC_DEV_HOST ? "host" : "switch"));
	json_object_object_add(o, "status", json_object_new_string(fc_devstatus_name(d->status)));
	if (d->role)
		json_object_object_add(o, "role", json_object_new_string(d->role));
	if (d->address)
		json_object_object_add(o, "address", json_object_new_string(d->address));
	json_object_object_add(o, "errors", strings(d->errors, d->nerrors));
	json_object_object_add(o, "warnings", strings(d->warnings, d->nwarnings));
	S(o, "hostname", d->hostname);
	S(o, "os_version", d->os_version);
	S(o, "hw_model", d->hw_model);
	S(o, "asic", d->asic);
	E(o, "asic_family", d->asic_family, asic);
	I(o, "taken_at", d->taken_at);
	for (i = 0; i < d->nifaces; i++)
		json_object_array_add(ifs, iface(d->ifaces[i]));
	json_object_object_add(o, "interfaces", ifs);
	for (i = 0; i < d->nacls; i++)
		json_object_array_add(acls, acl(&d->acls[i]));
	json_object_object_add(o, "acls", acls);
	json_object_object_add(o, "running_config", meta(&d->config_m, json_object_new_boolean(1)));
	{
		json_object *t = json_object_new_array();

		for (i = 0; i < d->nhr; i++) {
			json_object *r = json_object_new_object();

			json_object_object_add(r, "speed_mbps", json_object_new_int64(d->hr_rows[i].mbps));
			json_object_object_add(r, "cable_m", json_object_new_double(d->hr_rows[i].cable_m));
			json_object_object_add(r, "xoff", json_object_new_int64(d->hr_rows[i].xoff));
			json_object_object_add(r, "source", src_json(&d->hr_rows[i].src));
			json_object_array_add(t, r);
		}
		json_object_object_add(o, "headroom_table", t);
	}
	for (i = 0; i < d->nrdma; i++) {
		json_object *r = json_object_new_object(), *ps = json_object_new_array();

		json_object_object_add(r, "name", json_object_new_string(d->rdma[i].name));
		S(r, "kind", d->rdma[i].kind);
		S(r, "fw_ver", d->rdma[i].fw_ver);
		S(r, "board_id", d->rdma[i].board_id);
		S(r, "hca_type", d->rdma[i].hca_type);
		for (j = 0; j < d->rdma[i].nports; j++)
			json_object_array_add(ps, rdma_port(&d->rdma[i].ports[j]));
		json_object_object_add(r, "ports", ps);
		json_object_array_add(rd, r);
	}
	json_object_object_add(o, "rdma", meta(&d->rdma_m, rd));
	S(o, "firewall_udp_4791", d->fw_udp4791);
	I(o, "memlock_bytes", d->memlock_bytes);
	S(o, "pcie_aspm_policy", d->pcie_aspm_policy);
	for (i = 0; i < d->nunparsed; i++) {
		json_object *u = json_object_new_object();

		json_object_object_add(u, "source", json_object_new_string(fc_src_str(&d->unparsed[i].src, buf, sizeof(buf))));
		json_object_object_add(u, "text", json_object_new_string(d->unparsed[i].text));
		json_object_array_add(nu, u);
	}
	json_object_object_add(o, "not_understood", nu);
	nu = json_object_new_array();
	for (i = 0; i < d->nconflicts; i++) {
		const struct fc_conflict *x = &d->conflicts[i];
		json_object *u = json_object_new_object();

		if (x->subject)
			json_object_object_add(u, "port", json_object_new_string(x->subject));
		json_object_object_add(u, "field", json_object_new_string(x->field));
		json_object_object_add(u, "used", json_object_new_string(x->used));
		json_object_object_add(u, "used_source", json_object_new_string(fc_src_str(&x->used_src, buf, sizeof(buf))));
		json_object_object_add(u, "other", json_object_new_string(x->other));
		json_object_object_add(u, "other_source", json_object_new_string(fc_src_str(&x->other_src, buf, sizeof(buf))));
		json_object_array_add(nu, u);
	}
	json_object_object_add(o, "conflicts", nu);
	return o;
}
