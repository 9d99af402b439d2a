/* SPDX-License-Identifier: MIT */
/* Every rule fabcheck has (registered in rules.c) and the formulas they share. */
#ifndef FC_RULES_H
#define FC_RULES_H

#include "engine/engine.h"

extern const struct fc_rule fc_rule_l1_lanes;
extern const struct fc_rule fc_rule_l1_cr_kr;
extern const struct fc_rule fc_rule_l1_speed;
extern const struct fc_rule fc_rule_l1_an;
extern const struct fc_rule fc_rule_fec_match;
extern const struct fc_rule fc_rule_llfc_off;
extern const struct fc_rule fc_rule_pfc_prio;
extern const struct fc_rule fc_rule_pfc_trust;
extern const struct fc_rule fc_rule_hr_cable_len;
extern const struct fc_rule fc_rule_mtu_host_switch;
extern const struct fc_rule fc_rule_hr_size;
extern const struct fc_rule fc_rule_gid_dup;
extern const struct fc_rule fc_rule_udp4791_acl;
extern const struct fc_rule fc_rule_udp4791_hostfw;
extern const struct fc_rule fc_rule_cable_lldp;
extern const struct fc_rule fc_rule_host_pcie;
extern const struct fc_rule fc_rule_host_roce_mode;
extern const struct fc_rule fc_rule_host_memlock;
extern const struct fc_rule fc_rule_host_aspm;
extern const struct fc_rule fc_rule_ecn_host;
extern const struct fc_rule fc_rule_ecn_switch;
extern const struct fc_rule fc_rule_ecn_before_pfc;
extern const struct fc_rule fc_rule_pfcwd_host;
extern const struct fc_rule fc_rule_gid_v2;
extern const struct fc_rule fc_rule_gid_arpflux;
extern const struct fc_rule fc_rule_fw_consistency;
extern const struct fc_rule fc_rule_mtu_fleet;
extern const struct fc_rule fc_rule_mtu_roce_active;
extern const struct fc_rule fc_rule_ddm_thresh;
extern const struct fc_rule fc_rule_pfcwd_switch;
extern const struct fc_rule fc_rule_pfc_noqos;
extern const struct fc_rule fc_rule_pfc_dscp_map;
extern const struct fc_rule fc_rule_cnp_prio;
extern const struct fc_rule fc_rule_pfc_every_hop;
extern const struct fc_rule fc_rule_ecn_anti;
extern const struct fc_rule fc_rule_ddm_budget;
extern const struct fc_rule fc_rule_fec_cable_class;
extern const struct fc_rule fc_rule_l1_flap;
extern const struct fc_rule fc_rule_fec_ber;
extern const struct fc_rule fc_rule_pfc_runtime;
extern const struct fc_rule fc_rule_ecn_runtime;
extern const struct fc_rule fc_rule_waiver_expired;

/* The parameter list of a rule that has none. */
extern const struct fc_rule_param fc_no_params[];

/* mlx5 receive-buffer xoff (drivers/net/ethernet/mellanox/mlx5/core/en/port_buffer.c):
 * (301 + 2.16 * cable_m) * speed_gbps + 2.72 * mtu, speed floored at 40G. */
double fc_mlx5_xoff_bytes(double speed_gbps, double cable_m, double mtu);
/* IEEE 802.1Qbb style headroom as SONiC computes it (buffer_headroom_mellanox.lua):
 * 2 x MTU + round-trip bytes on the cable (2 x len x rate / 198,000,000 m/s) + the peer's
 * response time (pause quanta of IEEE 802.3 Annex 31B x 512 bits). 0 for unknown speeds. */
double fc_ieee_headroom_bytes(double speed_gbps, double cable_m, double mtu);

/* A switch port's headroom requirement (headroom_asic.c). */
struct fc_hr_need {
	const char *model;       /* ieee, spectrum1, spectrum4, tomahawk, trident2 */
	const char *source;      /* where the figure comes from */
	double bytes;            /* required headroom (xoff) */
	double bucket_m;         /* tables: the cable bucket used; 0 for the formula */
	const char *why;         /* when not known */
};
/* The requirement for device d's port at gbps over cable_m with mtu, by the model override names
 * ("auto" or empty: by the platform); false with out->why when the model has no figure. */
bool fc_switch_headroom(const struct fc_device *d, const char *override, double gbps, double cable_m, double mtu,
			struct fc_hr_need *out);

/* IPv4 addresses of an interface ("a.b.c.d/len" entries), host order; returns the count. */
size_t fc_iface_ipv4(const struct fc_iface *ifc, uint32_t *out, size_t max);
bool fc_is_switch(const struct fc_endpoint *e);
bool fc_sw_is_nxos(const struct fc_device *d);
bool fc_is_host(const struct fc_endpoint *e);

/* One DSCP followed through an NX-OS switch's QoS (switch_qos.c). Pointers into the device's
 * model; NULL where the policy or class does not exist. */
struct fc_sw_class {
	const struct fc_policy_map *qos;     /* the type qos input policy followed */
	const struct fc_policy_map *nq;      /* system network-qos */
	const struct fc_policy_map *queuing; /* system queuing output */
	const struct fc_pclass *in;          /* the first qos class whose class-map matches the DSCP */
	int64_t group;                       /* its set qos-group; -1 when none */
	const struct fc_pclass *nqc;         /* c-8q-nqG (or c-nqG) of the network-qos policy */
	const struct fc_pclass *outq;        /* c-out-8q-qG (or c-out-qG) of the queuing policy */
};
/* The egress class of queuing policy p for qos-group group (c-out-8q-qG or c-out-qG), or NULL. */
const struct fc_pclass *fc_sw_queue_class(const struct fc_policy_map *p, int64_t group);
/* Follows dscp through the type qos policy called qos_in and the system network-qos and queuing. */
void fc_sw_follow_dscp(const struct fc_qos *q, const struct fc_str *qos_in, int64_t dscp, struct fc_sw_class *out);

/* Gb/s per lane of a port; 0 when its speed or lane count is not known. */
int64_t fc_lane_gbps(const struct fc_iface *ifc);
/* The FEC a port with a known fec_active decodes: Linux prints RS(528,514) and RS(544,514) alike
 * as "rs"; on PAM4 lanes (50G and up) that is rs544. */
const char *fc_fec_effective(const struct fc_iface *ifc);
/* Whether a link end is down (oper state known and not up). */
bool fc_iface_down(const struct fc_iface *ifc);

/* The RDMA port whose netdev is ifc (*rd, if not NULL, its device), or NULL. */
const struct fc_rdma_port *fc_rdma_port_of(const struct fc_device *d, const struct fc_iface *ifc,
					   const struct fc_rdma_dev **rd);
/* The same, only for an Ethernet (RoCE) port: link layer Ethernet or not reported. */
const struct fc_rdma_port *fc_roce_port(const struct fc_device *d, const struct fc_iface *ifc,
					const struct fc_rdma_dev **rd);
/* Runs fn on every RoCE netdev of a host (an Ethernet RDMA port names it); nothing on a switch. */
void fc_per_roce_iface(struct fc_rctx *c, void (*fn)(struct fc_rctx *, const struct fc_iface *,
						     const struct fc_rdma_dev *, const struct fc_rdma_port *));

#endif
