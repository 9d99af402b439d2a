/* SPDX-License-Identifier: MIT */
/* Model serialisation for fabcheck parse. */
#include "model/model_json.h"

#include <stdio.h>

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
	if (m->src.file)
		json_object_object_add(o, "source", json_object_new_string(fc_src_str(&m->src, buf, sizeof(buf))));
	return o;
}

#define I(obj, name, x) json_object_object_add(obj, name, meta(&(x).m, json_object_new_int64((x).v)))
#define S(obj, name, x) json_object_object_add(obj, name, meta(&(x).m, json_object_new_string((x).v ? (x).v : "")))
#define B(obj, name, x) json_object_object_add(obj, name, meta(&(x).m, json_object_new_boolean((x).v)))
#define D(obj, name, x) json_object_object_add(obj, name, meta(&(x).m, json_object_new_double((x).v)))

static json_object *strlist(const struct fc_strlist *l)
{
	json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; l->m.known && i < l->n; i++)
		json_object_array_add(a, json_object_new_string(l->v[i]));
	return meta(&l->m, a);
}

static json_object *iface(const struct fc_iface *f)
{
	json_object *o = json_object_new_object(), *pgs = json_object_new_array(), *x = json_object_new_object();
	int p;

	json_object_object_add(o, "name", json_object_new_string(f->name));
	S(o, "admin_state", f->admin_state);
	S(o, "oper_state", f->oper_state);
	S(o, "description", f->description);
	S(o, "mac", f->mac);
	S(o, "port_mode", f->port_mode);
	json_object_object_add(o, "addresses", strlist(&f->addresses));
	I(o, "speed_mbps", f->speed_mbps);
	I(o, "lanes", f->lanes);
	I(o, "mtu", f->mtu);
	S(o, "duplex", f->duplex);
	B(o, "autoneg", f->autoneg);
	S(o, "medium", f->medium);
	json_object_object_add(o, "modes_advertised", strlist(&f->modes_advertised));
	S(o, "link_mode", f->link_mode);
	S(o, "fec_config", f->fec_config);
	S(o, "fec_active", f->fec_active);
	B(o, "pause_rx", f->pause_rx);
	B(o, "pause_tx", f->pause_tx);
	S(o, "breakout", f->breakout);
	S(o, "pfc_mode", f->pfc_mode);
	I(o, "pfc_prios_mask", f->pfc_prios);
	B(o, "pfc_watchdog", f->pfc_watchdog);
	S(o, "trust", f->trust);
	for (p = 0; p < FC_PRIO_COUNT; p++) {
		json_object *g = json_object_new_object();

		I(g, "size", f->pg[p].size);
		I(g, "xoff", f->pg[p].xoff);
		I(g, "xon", f->pg[p].xon);
		json_object_array_add(pgs, g);
	}
	json_object_object_add(o, "buffers_by_priority", pgs);
	I(o, "cable_model_m", f->cable_model_m);
	S(o, "qos_in", f->qos_in);
	S(o, "queuing_out", f->queuing_out);
	S(o, "acl_in", f->acl_in);
	S(o, "acl_out", f->acl_out);
	S(o, "driver", f->driver);
	S(o, "firmware", f->firmware);
	S(o, "pci_address", f->pci_addr);
	S(o, "pci_speed", f->pci_cur_speed);
	I(o, "pci_width", f->pci_cur_width);
	S(o, "pci_max_speed", f->pci_max_speed);
	I(o, "pci_max_width", f->pci_max_width);
	I(o, "numa_node", f->numa_node);
	S(o, "pci_upstream_address", f->pci_up_addr);
	S(o, "pci_upstream_speed", f->pci_up_cur_speed);
	I(o, "pci_upstream_width", f->pci_up_cur_width);
	I(o, "ecn_np_prios_mask", f->ecn_np_prios);
	I(o, "ecn_rp_prios_mask", f->ecn_rp_prios);
	I(o, "cnp_dscp", f->cnp_dscp);
	I(o, "cnp_prio", f->cnp_prio);
	I(o, "pfc_prevention_tout_ms", f->pfc_prev_tout_ms);
	{
		json_object *st = json_object_new_object();
		size_t k;

		for (k = 0; k < f->nstats; k++)
			json_object_object_add(st, f->stats[k].name, json_object_new_int64(f->stats[k].value));
		json_object_object_add(o, "stats", meta(&f->stats_m, st));
	}
	I(o, "arp_ignore", f->arp_ignore);
	I(o, "arp_announce", f->arp_announce);
	B(x, "present", f->xcvr.present);
	S(x, "type", f->xcvr.type);
	S(x, "vendor", f->xcvr.vendor);
	S(x, "part", f->xcvr.part);
	S(x, "serial", f->xcvr.serial);
	I(x, "bitrate_mbps", f->xcvr.bitrate_mbps);
	D(x, "cable_len_m", f->xcvr.cable_len_m);
	B(x, "dom_supported", f->xcvr.dom_supported);
	{
		json_object *lanes = json_object_new_array();
		size_t l;

		for (l = 0; l < f->xcvr.nlanes; l++) {
			const struct fc_dom_lane *L = &f->xcvr.lanes[l];
			json_object *lo = json_object_new_object();

			json_object_object_add(lo, "lane", json_object_new_int(L->lane));
			D(lo, "temp_c", L->temp_c);
			D(lo, "bias_ma", L->bias_ma);
			D(lo, "tx_dbm", L->tx_dbm);
			D(lo, "rx_dbm", L->rx_dbm);
			json_object_array_add(lanes, lo);
		}
		json_object_object_add(x, "dom_lanes", lanes);
	}
	json_object_object_add(o, "transceiver", x);
	json_object_object_add(o, "speeds_capable", strlist(&f->speeds_capable));
	S(o, "cap_type", f->cap_type);
	B(o, "pfc_capable", f->pfc_capable);
	I(o, "pfc_oper_prios_mask", f->pfc_oper_prios);
	I(o, "crc_errors", f->cnt_crc);
	I(o, "input_errors", f->cnt_in_errors);
	I(o, "rx_ppp", f->cnt_rx_ppp);
	I(o, "tx_ppp", f->cnt_tx_ppp);
	S(o, "lldp_system_name", f->lldp_sysname);
	S(o, "lldp_port", f->lldp_port);
	return o;
}

json_object *fc_device_to_json(const struct fc_device *d)
{
	json_object *o = json_object_new_object(), *ifs = json_object_new_array(), *nu = json_object_new_array();
	json_object *acls = json_object_new_array(), *rd = json_object_new_array();
	char buf[600];
	size_t i, j, k;

	json_object_object_add(o, "name", json_object_new_string(d->name));
	S(o, "hostname", d->hostname);
	S(o, "os_version", d->os_version);
	S(o, "hw_model", d->hw_model);
	for (i = 0; i < d->nifaces; i++)
		json_object_array_add(ifs, iface(d->ifaces[i]));
	json_object_object_add(o, "interfaces", ifs);
	for (i = 0; i < d->nacls; i++) {
		json_object *a = json_object_new_object(), *es = json_object_new_array();

		json_object_object_add(a, "name", json_object_new_string(d->acls[i].name));
		for (j = 0; j < d->acls[i].n; j++)
			json_object_array_add(es, json_object_new_string(d->acls[i].aces[j].text));
		json_object_object_add(a, "entries", es);
		json_object_array_add(acls, a);
	}
	json_object_object_add(o, "acls", acls);
	for (i = 0; i < d->nrdma; i++) {
		json_object *r = json_object_new_object(), *ps = json_object_new_array();

		json_object_object_add(r, "name", json_object_new_string(d->rdma[i].name));
		S(r, "kind", d->rdma[i].kind);
		for (j = 0; j < d->rdma[i].nports; j++) {
			const struct fc_rdma_port *p = &d->rdma[i].ports[j];
			json_object *po = json_object_new_object(), *gs = json_object_new_array();

			json_object_object_add(po, "port", json_object_new_int(p->num));
			S(po, "state", p->state);
			S(po, "phys_state", p->phys_state);
			S(po, "link_layer", p->link_layer);
			S(po, "rate", p->rate);
			I(po, "rate_mbps", p->rate_mbps);
			I(po, "width", p->width);
			I(po, "active_mtu", p->active_mtu);
			S(po, "roce_mode", p->roce_mode);
			I(po, "roce_tos", p->roce_tos);
			for (k = 0; k < p->ngids; k++)
				json_object_array_add(gs, json_object_new_string(p->gids[k].gid));
			json_object_object_add(po, "gids", meta(&p->gids_m, gs));
			{
				json_object *hc = json_object_new_object();

				for (k = 0; k < p->nhw_counters; k++)
					json_object_object_add(hc, p->hw_counters[k].name,
							       json_object_new_int64(p->hw_counters[k].value));
				json_object_object_add(po, "hw_counters", meta(&p->hw_counters_m, hc));
			}
			json_object_array_add(ps, po);
		}
		json_object_object_add(r, "ports", ps);
		json_object_array_add(rd, r);
	}
	json_object_object_add(o, "rdma", meta(&d->rdma_m, rd));
	S(o, "firewall_udp_4791", d->fw_udp4791);
	S(o, "pcie_aspm_policy", d->pcie_aspm_policy);
	{
		json_object *q = json_object_new_object();

		S(q, "system_network_qos", d->qos.sys_nq);
		S(q, "system_qos_input", d->qos.sys_qos_in);
		S(q, "system_queuing_output", d->qos.sys_queuing_out);
		B(q, "pfc_watchdog", d->qos.pfc_wd);
		I(q, "pfc_watchdog_interval_ms", d->qos.pfc_wd_interval_ms);
		I(q, "pfc_watchdog_shutdown_multiplier", d->qos.pfc_wd_shutdown_mult);
		I(q, "tcam_ing_racl", d->qos.tcam_ing_racl);
		I(q, "tcam_ing_qos", d->qos.tcam_ing_qos);
		json_object_object_add(o, "qos", q);
	}
	for (i = 0; i < d->nunparsed; i++)
		json_object_array_add(nu, json_object_new_string(fc_src_str(&d->unparsed[i].src, buf, sizeof(buf))));
	json_object_object_add(o, "not_understood", nu);
	return o;
}
