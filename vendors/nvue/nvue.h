/* SPDX-License-Identifier: MIT */
/* NVIDIA Cumulus Linux (NVUE) adapter: the configuration as NVUE saves and prints it (startup.yaml,
 * `nv config show` in YAML, JSON and commands), the state outputs of `nv show` (JSON and text), and
 * the resolved QoS path of every port: the RoCE mode's defaults under the explicit qos settings. */
#ifndef FC_NVUE_H
#define FC_NVUE_H

#include "adapter/adapter.h"
#include "util/hmap.h"

extern const struct fc_adapter fc_adapter_nvue;

#define NVUE_GLOBAL "default-global"

/* The kinds of qos profile a port takes (`nv set interface X qos <kind> profile P`). */
enum nvue_pkind { NP_MAPPING, NP_PFC, NP_CC, NP_SCHED, NP_REMARK, NP_PAUSE, NP_KINDS };

/* One traffic class of a congestion-control profile. */
struct nvue_cc_tc {
	struct fc_src src;               /* the class's first setting; file NULL when none */
	struct fc_bool ecn, red;         /* ecn enable|disable, red enable|disable */
	struct fc_int kmin, kmax, prob;  /* bytes, bytes, percent */
};

/* One traffic class of an egress-scheduler profile. */
struct nvue_sched_tc {
	struct fc_src src;
	struct fc_bool strict;           /* mode strict (true) or dwrr (false) */
	struct fc_int bw;                /* bw-percent */
};

/* A qos profile of one kind: each field known where a line sets it. */
struct nvue_profile {
	enum nvue_pkind kind;
	const char *name;
	struct fc_src src;
	/* mapping */
	struct fc_str trust;             /* l2, l3, both, port */
	struct fc_int dscp_sp[64], pcp_sp[8], port_sp;
	/* pfc and link-pause */
	struct fc_int prios;             /* pfc: bit p for switch-priority p */
	struct fc_bool tx, rx;
	struct fc_int cable_m, port_buffer, xoff, xon;
	/* congestion-control */
	struct nvue_cc_tc cc[8];
	/* egress-scheduler */
	struct nvue_sched_tc sched[8];
	/* remark */
	struct fc_str rewrite;           /* l2, l3, both */
	struct fc_int sp_dscp[8];
};

/* What the configuration says of a port beyond the neutral model. */
struct nvue_port {
	struct fc_iface *ifc;
	struct fc_str prof[NP_KINDS];    /* interface qos <kind> profile P */
	struct fc_int ip_mtu;            /* link mtu (the Linux MTU) */
	struct fc_bool pfc_wd;           /* interface qos pfc-watchdog */
	struct nvue_roce_shown *shown;   /* nv show interface X qos roce status; NULL when not read */
	bool data;                       /* a front-panel port (swp) or a bond: on the data path */
};

/* What `nv show qos roce` (the switch) or `nv show interface X qos roce status` (a port) shows as
 * running, in its operational column, applied over the configuration's values (what runs is
 * judged; a difference is a conflict of the device). */
struct nvue_roce_shown {
	struct fc_src src;               /* the output; file NULL when none was read */
	struct fc_str mode;              /* the mode running, "off" when RoCE is not enabled */
	struct fc_str trust;             /* l2, l3, both (from pcp, dscp, pcp,dscp) */
	struct fc_int pfc_prios;         /* bit p: switch priority p paused */
	struct fc_bool pfc_rx, pfc_tx;
	struct fc_int cable_m;
	struct fc_int ecn_tcs;           /* bit t: ECN on traffic class t */
	struct fc_int kmin, kmax, prob;  /* bytes, bytes, percent */
	struct fc_int dscp_sp[64], sp_tc[8];
	struct fc_bool strict[8];        /* by traffic class */
	struct fc_int bw[8];             /* by traffic class: DWRR percent */
};

struct nvue_state {
	struct fc_src config;            /* the configuration output (file, line 1); file NULL when none */
	bool have_config;
	bool commands;                   /* the configuration was `nv config show -o commands` */
	struct fc_bool roce;             /* qos roce set (enable on) */
	struct fc_str roce_mode;         /* lossless (NVUE's default), lossy, lossless-single-ipool, lossy-multi-tc */
	struct fc_int sp_tc[8];          /* qos egress-queue-mapping default-global */
	struct fc_int lossless_pool;     /* traffic-pool roce-lossless / default-lossless switch-priority */
	struct fc_str header_model, header_version;
	struct nvue_profile **profs;
	size_t nprof, prof_cap;
	struct fc_hmap *prof_index;      /* "<kind>\t<name>" -> struct nvue_profile * */
	struct nvue_port **ports;
	size_t nports, ports_cap;
	struct fc_hmap *port_index;      /* struct fc_iface * -> struct nvue_port * */
	struct nvue_roce_shown shown;
};

struct nvue_state *nvue_state(struct fc_parse_ctx *c);
/* The port named (canonical, from nvue_ifname), made when new; NULL when out of memory. */
struct nvue_port *nvue_port_of(struct fc_parse_ctx *c, struct nvue_state *s, const char *name);
struct nvue_port *nvue_port_find(const struct nvue_state *s, const struct fc_iface *ifc);
/* The profile of kind called name, made (at src) when new and make is set; NULL otherwise. */
struct nvue_profile *nvue_profile(struct fc_parse_ctx *c, struct nvue_state *s, enum nvue_pkind kind,
				  const char *name, struct fc_src src, bool make);
const struct nvue_profile *nvue_profile_find(const struct nvue_state *s, enum nvue_pkind kind, const char *name);
/* "mapping", "pfc", ... as NVUE names the kind in `qos <kind>`. */
const char *nvue_pkind_name(enum nvue_pkind k);

/* nvue_config.c: the configuration, `- header:`/`- set:` documents (YAML: startup.yaml, nv config
 * show; JSON: nv config show -o json, the REST API's applied revision) or `nv set` commands
 * (nv config show -o commands). */
fc_text_reader nvue_text_config;
/* nvue_state.c: the state outputs in JSON (nv show ... -o json, the REST API's operational
 * revision): interfaces, qos roce, transceivers, system and platform. */
fc_json_row_reader nvue_json_interface_row;       /* one streamed interface of nv show interface */
extern const char *const nvue_interface_rows[];  /* its path: the top-level object */
fc_json_reader nvue_json_interfaces, nvue_json_roce, nvue_json_transceivers, nvue_json_system, nvue_json_platform,
	nvue_json_lldpctl, nvue_json_acl;
/* nvue_state.c: nv show platform transceiver <port> as text ("key : value" rows). */
fc_text_reader nvue_text_transceiver;
/* nvue_show.c: nv show qos roce, nv show interface X qos roce status and counters as text (the
 * operational column), the port's ethtool -m. */
fc_text_reader nvue_text_roce, nvue_text_port_roce_status, nvue_text_port_roce_counters, nvue_text_ethtool_module,
	nvue_text_interfaces;
/* The keys of one section of nv show qos roce -o json into sh; a key not known listed once (seen). */
enum fc_rc nvue_roce_section(struct fc_parse_ctx *c, struct nvue_roce_shown *sh, const char *section,
			     const struct doc_node *n, struct fc_hmap **seen);

/* nvue_model.c: each port's settings into the model once every output is read. */
enum fc_rc nvue_finalize(struct fc_parse_ctx *c);

/* A port's QoS as NVUE applies it: the RoCE mode's defaults (known, with why, from the `qos roce`
 * line), under the default-global profiles, under the port's own; each field from the line that
 * decided it. */
struct nvue_eff {
	const char *mode;                /* the RoCE mode in force; NULL when qos roce is not enabled */
	struct fc_src mode_src;          /* its line (qos roce, or mode) */
	const struct nvue_profile *prof[NP_KINDS];   /* the profile of each kind that applies, or NULL */
	bool own[NP_KINDS];              /* it is the port's own (else default-global) */
	struct fc_str trust;             /* l2, l3, both, port */
	struct fc_int dscp_sp[64], pcp_sp[8], port_sp;
	struct fc_int sp_tc[8];
	struct fc_int pfc_prios;         /* bit p: switch priority p paused */
	struct fc_bool pfc_rx, pfc_tx, pause_rx, pause_tx;
	struct fc_int cable_m;           /* the PFC cable length Spectrum sizes headroom for */
	struct nvue_cc_tc cc[8];
	struct nvue_sched_tc sched[8];
	struct fc_str rewrite;
	struct fc_int sp_dscp[8];
	struct fc_int lossless;          /* bit p: switch priority p in the lossless buffer pool */
};
/* e for port p of s (p NULL: a port without profiles of its own): the configuration's values, then
 * what nv show qos roce (or the port's status) shows running over them unless shown is false.
 * Profile names the port refers to that do not exist are left to nvue_finalize to report. */
void nvue_effective(struct fc_model *m, const struct nvue_state *s, const struct nvue_port *p, bool shown,
		    struct nvue_eff *e);
/* nvue_qos_path.c */
extern const struct fc_qos_resolver nvue_qos;

/* nvue.c: "swp1", "swp1s0", "bond1" as they are; other spellings the cabling plan may use
 * ("Swp1") in NVUE's. */
const char *nvue_ifname(const char *in, char *buf, size_t size);
/* The name of a port on the data path (swpN, swpNsM, a bond), n bytes at in, into buf
 * (fc_ifname_canon_fn); false for another interface or what is no name. */
bool nvue_ifname_canon(const char *in, size_t len, char *buf, size_t size);
/* Whether a word is NVUE's "on" (on, enable, enabled, yes, true) or "off": false when neither. */
bool nvue_onoff(const char *w, bool *on);

#endif
