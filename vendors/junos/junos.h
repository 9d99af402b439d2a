/* SPDX-License-Identifier: MIT */
/* Juniper Junos / Junos Evolved adapter: the configuration in the forms Junos prints it, brought to
 * one list of statements as `show configuration | display set` prints them (the path of words from
 * the top), then into the model. */
#ifndef FC_JUNOS_H
#define FC_JUNOS_H

#include <stdint.h>

#include "adapter/adapter.h"
#include "util/hmap.h"

extern const struct fc_adapter fc_adapter_junos;

/* One statement: its words from the top of the hierarchy ("interfaces", "et-0/0/0", "unit", "0",
 * "family", "inet", "address", "10.0.0.1/31"), one value of a list each ([ 55 90 ] is two), and
 * where it stands. */
struct junos_stmt {
	const char **w;
	size_t n;
	unsigned line;
	bool inactive;       /* inactive: (text), deactivate (set): configured and not applied */
	bool inherited;      /* from a group by apply-groups, or an interface range onto a member: an explicit
			      * statement of the same path wins */
	bool ranged;         /* from an interface range: the member counts as configured (a group's
			      * wildcard matches it) */
};

/* The configuration: statements in the order they stand, then the inherited ones. Owned by the
 * model's arena (words and all). */
struct junos_conf {
	struct junos_stmt *s;
	size_t n, cap;
};

/* A named class-of-service object; the fields it uses are its list's (struct junos_cos). */
struct junos_named {
	const char *name;
	struct fc_src src;
	/* classifier: code point -> forwarding class */
	const char *map[64];
	unsigned map_line[64];
	bool import_default;
	/* forwarding class */
	int queue, pfc_prio;
	bool has_queue, no_loss, has_pfc_prio;
	unsigned queue_line, no_loss_line;
	/* drop profile: interpolate fill-level / drop-probability, percent */
	int fill[8], prob[8], nfill, nprob;
	/* scheduler: priority, transmit-rate percent, explicit-congestion-notification, drop profile,
	 * buffer-size (buf_kind: its form as written; buf_us > 0: temporal, microseconds at the port's
	 * speed) */
	const char *prio, *dp, *buf_kind;
	int bw;
	int64_t buf_us;
	bool has_bw, ecn;
	unsigned prio_line, bw_line, ecn_line, dp_line, buf_line;
	/* scheduler map: forwarding class -> scheduler (kids[i].sched) */
	struct junos_named *kids;
	size_t n_kids, cap_kids;
	const char *sched;
	/* congestion notification profile: input PFC (dscp code points, ieee-802.1 priorities), output
	 * priority -> flow-control-queue + 1 (0: none), pfc-watchdog */
	uint64_t pfc_dscp;
	unsigned pfc_pcp, pfc_line;
	int out_queue[8];
	unsigned out_line[8];
	bool watchdog;
	unsigned watchdog_line;
	/* interface binding (class-of-service interfaces X|pattern [unit N|*]) */
	const char *dscp_c, *pcp_c, *smap, *cnp;
	bool rewrite;
	unsigned dscp_c_line, pcp_c_line, smap_line, cnp_line, rewrite_line;
};

struct junos_cos {
	struct junos_named *dscp_cls, *pcp_cls, *fcs, *dps, *scheds, *smaps, *cnps, *ifs;
	size_t n_dscp_cls, n_pcp_cls, n_fcs, n_dps, n_scheds, n_smaps, n_cnps, n_ifs;
	size_t cap_dscp_cls, cap_pcp_cls, cap_fcs, cap_dps, cap_scheds, cap_smaps, cap_cnps, cap_ifs;
};

/* A module get-chassis-inventory lists: FPC f, PIC p, Xcvr n (the port f/p/n of any speed prefix). */
struct junos_xcvr {
	int fpc, pic, port;
	const char *type, *part, *serial;
	struct fc_src src;
};

/* chassis fpc F pic M port P (port-range A B) speed | channel-speed S */
struct junos_chan {
	int fpc, pic, lo, hi;
	int64_t mbps;
	int channels;            /* 0: the port's speed; else the cage's channels, each at mbps */
	struct fc_src src;
};

/* What show class-of-service interface says runs on a port (the names; NULL: none or the default). */
struct junos_run {
	const char *port;
	const char *dscp_c, *smap, *cnp;
	bool has_dscp, has_smap, has_cnp;   /* the reply states it */
	struct fc_src dscp_src, smap_src, cnp_src;
};

struct junos_state {
	struct junos_conf conf;
	struct junos_run *runs;          /* show class-of-service interface: what runs stands */
	size_t nruns, runs_cap;
	struct junos_chan *chans;
	size_t nchans, chans_cap;
	struct junos_xcvr *xcvrs;        /* applied to the ports in junos_finalize, whatever the order read */
	size_t nxcvrs, xcvrs_cap;
	struct junos_cos cos;
	struct fc_hmap *carries;         /* port name -> 1: it has an address, is a bundle member or switches
					  * (ethernet-switching): it can carry the fabric's traffic */
	struct fc_hmap *cages;           /* port name -> 1: broken out (number-of-sub-ports): no traffic of its own */
	struct fc_src config;            /* the configuration output (file, line 1); file NULL when none */
	bool have_config;
};

struct junos_state *junos_state(struct fc_parse_ctx *c);

/* junos_conf.c: the configuration as text (curly braces) or `| display set` lines, into s->conf
 * with groups applied and interface ranges expanded. */
fc_text_reader junos_text_config;
/* junos_xml.c: the same from `| display xml` (libxml2) and `| display json`, before expansion. */
enum fc_rc junos_xml_config(struct fc_parse_ctx *c, struct junos_conf *cf, const char *text, size_t len);
enum fc_rc junos_json_config(struct fc_parse_ctx *c, struct junos_conf *cf, const char *text, size_t len);
/* Appends a statement of n words (copied into the model's arena) at line; FC_ERR_NOMEM. */
enum fc_rc junos_conf_add(struct fc_model *m, struct junos_conf *cf, const char *const *w, size_t n, unsigned line,
			  bool inactive, bool inherited);
/* apply-groups (with <wildcard> names matched against what the configuration names) and
 * interface-range members, once every statement is read. */
enum fc_rc junos_conf_expand(struct fc_parse_ctx *c, struct junos_conf *cf);

/* junos_model.c: interfaces, their units and filters, firewall filters, the system's name. */
enum fc_rc junos_finalize(struct fc_parse_ctx *c);

/* junos_cos.c: one class-of-service statement into cos (*known false: not understood); the port's
 * bindings (its own over a wildcard's, field by field); each port's trust, PFC and watchdog; the
 * QoS-path resolver. */
enum fc_rc junos_cos_stmt(struct fc_parse_ctx *c, struct junos_cos *cos, const struct junos_stmt *s, bool *known);
void junos_cos_port(const struct junos_cos *cos, const char *port, struct junos_named *out);
enum fc_rc junos_cos_ports(struct fc_parse_ctx *c, const struct junos_state *s);
extern const struct fc_qos_resolver junos_qos;

/* junos_show.c: state as XML RPC replies: get-interface-information, get-lldp-neighbors-information,
 * get-software-information, get-chassis-inventory. */
fc_text_reader junos_xml_interfaces, junos_xml_lldp, junos_xml_version, junos_xml_chassis, junos_xml_optics,
	junos_xml_cos_interfaces;
/* The modules get-chassis-inventory listed onto the ports of their numbers (once every output is read). */
enum fc_rc junos_xcvrs_apply(struct fc_parse_ctx *c, const struct junos_state *s);

/* junos.c: et-0/0/0, et-0/0/0:1, xe-0/0/1, ae0 as they are; other spellings in Junos's. */
const char *junos_ifname(const char *in, char *buf, size_t size);
/* Whether a word is a fabric port's name (et-, xe-, ge-, mge-, ae). */
bool junos_is_port(const char *name);

#endif
