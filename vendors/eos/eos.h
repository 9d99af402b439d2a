/* SPDX-License-Identifier: MIT */
/* Arista EOS adapter: the running-config (`show running-config`, or a saved config for the CI gate)
 * into the model and the resolved QoS path. */
#ifndef FC_EOS_H
#define FC_EOS_H

#include "adapter/adapter.h"
#include "util/hmap.h"
#include "adapter/cfgtext.h"

extern const struct fc_adapter fc_adapter_eos;

/* A tx-queue block (of an interface or a qos profile). */
struct eos_txq {
	struct fc_src src;               /* the block; file NULL when not configured */
	struct fc_bool strict;           /* "priority strict" true, "no priority" false */
	struct fc_int bw;                /* bandwidth percent */
	struct fc_bool ecn;              /* random-detect: ecn (true) or drop (false) */
	struct fc_int kmin, kmax, prob, weight;
	const char *unit_note;           /* how a segment or a millisecond was taken, when used */
};

/* What an interface or a qos profile sets; each field known where a line sets it. */
struct eos_qos {
	struct fc_trust_val trust;       /* qos trust dscp|cos, no qos trust (none) */
	struct fc_str policy;            /* service-policy type qos input: classification by a policy-map */
	struct fc_bool pfc_on;
	struct fc_int nodrop;            /* bit p: priority p no-drop; known once a priority line is seen */
	struct fc_int drop;              /* bit p: priority p explicitly drop */
	struct fc_bool watchdog;
	struct eos_txq txq[8];
};

struct eos_profile {
	const char *name;
	struct fc_src src;
	struct eos_qos q;
};

/* What a state output shows of a port, applied over the running-config's values in
 * eos_finalize (a running value wins, whichever file was read first). */
struct eos_shown {
	struct fc_str admin, description;
	struct fc_int speed_mbps, lanes, mtu;
	struct fc_bool autoneg;
};

struct eos_port {
	struct fc_iface *ifc;
	struct eos_shown sh;
	struct eos_qos *q;               /* NULL until the configuration sets any of it (eos_port_qos):
					  * 2.2 KB a port, and most ports of a state output have none */
	struct fc_str profile;           /* service-profile */
	struct fc_bool routed;           /* no switchport */
	struct fc_int ip_mtu, l2_mtu;
};

struct eos_state {
	struct fc_int dscp_tc[64];       /* qos map dscp D to traffic-class T */
	struct fc_int cos_tc[8];         /* qos map cos C to traffic-class T */
	struct fc_int tc_queue[8];       /* qos map traffic-class T to tx-queue Q */
	struct fc_int tc_dscp[8];        /* qos map traffic-class T to dscp D (used with qos rewrite dscp) */
	struct fc_bool rewrite_dscp;     /* qos rewrite dscp */
	struct fc_bool pfc_all_off;      /* priority-flow-control all off */
	struct eos_profile **profiles;   /* each allocated once, as ports (2.3 KB each: a doubling array
					  * of them was a third of parsing a configuration of 1,800) */
	size_t nprof, prof_cap;
	struct eos_port **ports;         /* each allocated once (a port is 2.5 KB: a doubling array of them
					  * left 440 KB behind per switch) */
	size_t nports, ports_cap;
	struct fc_hmap *port_index;      /* the port's struct fc_iface * -> 1 + index in ports */
	struct fc_hmap *prof_index;      /* a profile's name -> 1 + index in profiles */
	struct fc_src config;
	bool have_config;
};

struct eos_state *eos_state(struct fc_parse_ctx *c);
/* The port named, made when new; NULL when out of memory. Ports move as they grow: do not keep it. */
struct eos_port *eos_port_of(struct fc_parse_ctx *c, struct eos_state *s, const char *name);
const struct eos_profile *eos_profile(const struct eos_state *s, const char *name);
/* The port's own QoS settings, made (all unset) when it has none; NULL when out of memory. */
struct eos_qos *eos_port_qos(struct fc_parse_ctx *c, struct eos_port *p);

/* eos_config.c: show running-config (text). */
enum fc_rc eos_parse_config(struct fc_parse_ctx *c, const char *text);
/* eos_show.c: show lldp neighbors detail (JSON: eAPI's reply or | json). */
fc_json_reader eos_parse_lldp_json;
/* eos_state.c: state outputs in JSON (eAPI, | json), one reader each: show version, show interfaces,
 * show interfaces transceiver [dom thresholds], show priority-flow-control counters, show interfaces
 * phy detail, description, show qos interfaces ecn counters queue, show interfaces counters queue
 * drops. */
fc_json_row_reader eos_json_interface_row;       /* one streamed member of interfaces */
extern const char *const eos_interfaces_rows[];  /* its path */
fc_json_reader eos_json_version, eos_json_interfaces, eos_json_transceiver, eos_json_dom_thresholds,
	eos_json_pfc_counters, eos_json_phy_detail, eos_json_descriptions, eos_json_ecn_counters, eos_json_queue_drops;
/* eos_show_text.c: show interfaces as text (a CLI capture). */
enum fc_rc eos_parse_interfaces_text(struct fc_parse_ctx *c, const char *text);
/* eos_state.c: the admin and operational state an interface status word means ("connected",
 * "notconnect", "disabled", "adminDown", ...), in JSON and CLI alike; false when not understood. */
bool eos_status(const char *st, const char **admin, const char **oper);
/* eos.c: "Et1/1", "Eth1/1", "ethernet1/1" -> "Ethernet1/1"; "Po10" -> "Port-Channel10"; other
 * names as they are. */
const char *eos_ifname(const char *in, char *buf, size_t size);
/* The same for the ports on the fabric's data path (Ethernet, Port-Channel), n bytes at in, into buf
 * (fc_ifname_canon_fn); false for another interface or what is no name. */
bool eos_ifname_canon(const char *in, size_t len, char *buf, size_t size);
/* eos_show_tables.c: show interfaces status, transceiver [detail|hardware] and lldp neighbors
 * detail as CLI text, one reader each. */
fc_text_reader eos_text_status, eos_text_transceiver, eos_text_transceiver_detail, eos_text_transceiver_hardware,
	eos_text_lldp;
/* eos_show.c: the command's body, eAPI's result[0] or the document itself (the adapter's json_body). */
enum fc_rc eos_body(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node **body);
/* eos_model.c: each port's settings (its own over its service-profile's) into the model. */
enum fc_rc eos_finalize(struct fc_parse_ctx *c);
/* The effective settings of port p: its own, else its profile's, field by field. */
void eos_effective(const struct eos_state *s, const struct eos_port *p, struct eos_qos *out);
/* eos_qos_path.c: every configured port's hops. */
extern const struct fc_qos_resolver eos_qos;

#endif
