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
extern const struct fc_rule fc_rule_data_conflict;
extern const struct fc_rule fc_rule_waiver_expired;

/* The registry: every rule fabcheck has, NULL-terminated, in report order (rules.c). */
const struct fc_rule *const *fc_rule_list(void);
/* fc_rules_find on the registry. */
const struct fc_rule *fc_rule_find(const char *id);

/* The parameter list of a rule that has none. */
extern const struct fc_rule_param fc_no_params[];

/* mlx5 receive-buffer xoff (drivers/net/ethernet/mellanox/mlx5/core/en/port_buffer.c):
 * (301 + 2.16 * cable_m) * speed_gbps + 2.72 * mtu, speed floored at 40G. */
double fc_mlx5_xoff_bytes(double speed_gbps, double cable_m, double mtu);
/* IEEE 802.1Qbb style headroom, the formula of buffer_headroom_mellanox.lua:
 * 2 x MTU + round-trip bytes on the cable (2 x len x rate / 198,000,000 m/s) + the peer's
 * response time (pause quanta of IEEE 802.3 Annex 31B x 512 bits). 0 for unknown speeds. */
double fc_ieee_headroom_bytes(double speed_gbps, double cable_m, double mtu);

/* A switch port's headroom requirement (headroom_asic.c). */
struct fc_hr_need {
	const char *model;       /* ieee, spectrum1, spectrum4, tomahawk, trident2; platform: its own table */
	const char *source;      /* where the figure comes from */
	double bytes;            /* required headroom (xoff) */
	double bucket_m;         /* tables: the cable bucket used; 0 for the formula */
	const char *why;         /* when not known */
	struct fc_src row;       /* platform: the row of the switch's table (file:line) */
};
/* The requirement for device d's port at gbps over cable_m with mtu, by the model override names
 * ("auto" or empty: by the platform); false with out->why when the model has no figure. */
bool fc_switch_headroom(const struct fc_device *d, const char *override, double gbps, double cable_m, double mtu,
			struct fc_hr_need *out);

/* IPv4 addresses of an interface ("a.b.c.d/len" entries), host order; returns the count. */
size_t fc_iface_ipv4(const struct fc_iface *ifc, uint32_t *out, size_t max);
bool fc_is_switch(const struct fc_endpoint *e);
bool fc_is_host(const struct fc_endpoint *e);

/* --- the resolved QoS path (hop.c) --- */
/* Whether a switch port carries RoCE: it has a resolved path and is cabled (plan or LLDP), has
 * PFC on the RoCE priority, or has a QoS policy of its own. */
bool fc_sw_roce_port(const struct fc_model *m, const struct fc_iface *ifc);
/* Whether the device's adapter resolved a QoS path for any of its ports. */
bool fc_has_qos_path(const struct fc_device *d);
/* Tri-state of one port: 1 yes, 0 no, -1 not known (why says what is missing). */
struct fc_tri {
	int v;
	const char *why;
	const struct fc_src *src;
	const char *text;
};
/* RoCE is no-drop through the switch port: PFC on the priority there and RoCE's class pauses it. */
struct fc_tri fc_hop_nodrop(const struct fc_iface *ifc, int64_t prio);
/* RoCE's egress queue on the switch port marks ECN. */
struct fc_tri fc_hop_marks(const struct fc_iface *ifc);

/* Per-port verdicts of a device rule, grouped: the ports with the same status and message are one
 * finding, naming them ("Ethernet1/1-31, Ethernet1/33"). Evidence is the first port's. */
struct fc_pgroup {
	enum fc_status st;
	const char *msg;                 /* interned (fc_rstr) */
	const struct fc_iface **ports;
	size_t n, cap;
};
struct fc_pgroups {
	struct fc_pgroup *g;
	size_t n, cap, nports;
	bool oom;
};
typedef void fc_port_ev_fn(struct fc_rctx *c, struct fc_finding *f, const struct fc_iface *ifc, void *arg);
void fc_pgroups_add(struct fc_rctx *c, struct fc_pgroups *gs, const struct fc_iface *ifc, enum fc_status st,
		    const char *msg);
/* One finding per group ("what" names the ports: "RoCE"); subject the device when one group, else
 * device:first port, each followed by tail (e.g. " CNP DSCP 48", or ""). */
void fc_pgroups_emit(struct fc_rctx *c, struct fc_pgroups *gs, const char *what, const char *tail, fc_port_ev_fn *ev,
		     void *arg);
/* The port's path for t as evidence lines (switch_qos.c). */
void fc_hop_ev(struct fc_rctx *c, struct fc_finding *f, const struct fc_iface *ifc, enum fc_tclass t);
/* A device rule on switch QoS can judge c->dev: a switch whose adapter resolved a QoS path, and
 * the fabric declares RoCE's DSCP and priority; else false, with an UNKNOWN finding on subj for a
 * switch. */
bool fc_sw_qos_ready(struct fc_rctx *c, const char *subj);
void fc_pgroups_free(struct fc_pgroups *gs);

/* Gb/s per lane of a port; 0 when its speed or lane count is not known. */
int64_t fc_lane_gbps(const struct fc_iface *ifc);
/* The FEC a port with a known fec_active decodes: Linux prints RS(528,514) and RS(544,514) alike
 * as "rs"; on PAM4 lanes (50G and up) that is rs544, on NRZ lanes rs528. */
enum fc_fec fc_fec_effective(const struct fc_iface *ifc);
/* The code an FEC setting v means at gbps per lane (0: not known): rs is rs544 on PAM4 lanes and
 * rs528 on NRZ ones, as every platform's single Reed-Solomon word is. */
enum fc_fec fc_fec_at(enum fc_fec v, int64_t gbps);

/* offer.c: what one end of a link offers its physical layer (the link rules judge a down or
 * not-yet-cabled link from it): */
enum fc_offer_basis {
	FC_OFFER_NONE,     /* neither state nor configuration says */
	FC_OFFER_RUNS,     /* up: the speed (and lanes) it runs */
	FC_OFFER_SET,      /* not up, or no state: the speed its configuration or declared intent sets */
	FC_OFFER_FORCED,   /* autonegotiation off: the one mode it advertises, which it is forced to */
	FC_OFFER_MODES,    /* the link modes it advertises, any of which it may train to */
};
struct fc_offer {
	enum fc_offer_basis basis;
	const struct fc_iface *ifc;
	int64_t speed, lanes;             /* RUNS, SET, FORCED; lanes 0 when not known */
	enum fc_pmd pmd;                  /* of the mode in use or forced; 0 when not known */
	const char *mode;                 /* FORCED: the mode */
	const struct fc_strlist *modes;   /* MODES */
	const struct fc_src *speed_src, *lanes_src;
};
void fc_offer_of(const struct fc_iface *ifc, struct fc_offer *o);
/* One speed (RUNS, SET, FORCED), not a set of modes. */
bool fc_offer_single(const struct fc_offer *o);
/* Both ends run (are up with a known speed). */
bool fc_offer_running(const struct fc_offer *a, const struct fc_offer *b);
/* The mode (or "" for a single offer without one) of o at speed with lanes and pmd (0: any), or
 * NULL when o offers none. */
const char *fc_offer_has(const struct fc_offer *o, int64_t speed, int64_t lanes, enum fc_pmd pmd);
/* The highest speed of a's advertised modes that b offers too; 0 when none. */
int64_t fc_offer_top_common(const struct fc_offer *a, const struct fc_offer *b);
/* "runs 100G x4", "is set to 100G x4", "is forced to 50000baseKR2/Full (...)", "advertises 25G x1, 50G x2". */
const char *fc_offer_desc(struct fc_rctx *c, const struct fc_offer *o);
/* The offer as evidence lines of end. */
void fc_offer_ev(struct fc_rctx *c, struct fc_finding *f, const char *end, const struct fc_offer *o);
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
