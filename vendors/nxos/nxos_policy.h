/* SPDX-License-Identifier: MIT */
/* NX-OS's policy tree as the running-config states it (class-maps, policy-maps of type qos,
 * network-qos and queuing, system qos, the PFC watchdog and TCAM carving) and what NX-OS alone
 * says of a port (its service policies, show interface capabilities, operational PFC): the
 * adapter's state, from which it resolves every port's QoS path. The neutral model never holds it;
 * `fabcheck parse` shows it through the adapter's dump. */
#ifndef FC_NXOS_POLICY_H
#define FC_NXOS_POLICY_H

#include <json-c/json.h>

#include "adapter/adapter.h"

enum nxos_qtype { NXOS_Q_QOS, NXOS_Q_NQ, NXOS_Q_QUEUING };

struct nxos_class_map {
	const char *name;
	enum nxos_qtype type;
	struct fc_src src;
	bool match_all;                      /* match-all (vs match-any) */
	uint64_t dscp;                       /* bit d: match dscp d */
	uint8_t cos;                         /* bit c: match cos c */
	uint8_t qos_group;                   /* bit g: match qos-group g */
	const char *acl;                     /* match access-group name */
};

struct nxos_pclass {
	const char *name;
	struct fc_src src;
	struct fc_int set_qos_group, set_dscp, set_cos;
	struct fc_int pause_cos;             /* bitmask from pause pfc-cos */
	struct fc_int mtu;
	struct fc_pg pg;                     /* pause buffer-size / pause-threshold / resume-threshold */
	struct fc_int wred_min, wred_max, wred_prob, wred_weight; /* bytes, bytes, %, weight */
	struct fc_bool wred_ecn;
	struct fc_int priority_level, bw_remaining;
};

struct nxos_policy_map {
	const char *name;
	enum nxos_qtype type;
	struct fc_src src;
	struct nxos_pclass *classes;
	size_t n, cap;
};

struct nxos_qos {
	struct nxos_class_map *cmaps;
	size_t ncmaps, cmaps_cap;
	struct nxos_policy_map *pmaps;
	size_t npmaps, pmaps_cap;
	struct fc_hmap *map_index;           /* "c|p" type name -> 1 + index: the first definition */
	struct fc_str sys_nq, sys_qos_in, sys_queuing_out, sys_queuing_in;
	struct fc_bool pfc_wd;
	struct fc_int pfc_wd_interval_ms;
	struct fc_int pfc_wd_shutdown_mult, pfc_wd_auto_restore_mult, pfc_wd_fixed_restore_mult;
	struct fc_int tcam_ing_racl, tcam_egr_racl, tcam_ing_qos;   /* hardware access-list tcam region sizes */
};

/* What NX-OS alone says of a port, kept beside the model's port. */
struct nxos_port {
	const struct fc_iface *ifc;
	struct fc_str qos_in, queuing_out, queuing_in;   /* service-policy names attached here */
	struct fc_strlist speeds_capable;    /* show interface capabilities: Mb/s as printed, "auto" */
	struct fc_str cap_type;              /* the module class the port takes, e.g. QSFP-100G-CR4 */
	struct fc_bool pfc_capable;
	struct fc_str fec_capable;
	struct fc_int pfc_oper_prios;        /* show interface priority-flow-control: bit p operational */
	struct fc_src cfg;                   /* the running-config's interface line; file NULL: none */
};

/* A new class-map / policy-map (zeroed but for type, name and src), indexed for the finds below
 * (the first of a name is the one found). NULL when out of memory. Pointers into the arrays move
 * when another is added. */
struct nxos_class_map *nxos_qos_add_cmap(struct fc_model *m, struct nxos_qos *q, enum nxos_qtype t, const char *name,
					 struct fc_src src);
struct nxos_policy_map *nxos_qos_add_pmap(struct fc_model *m, struct nxos_qos *q, enum nxos_qtype t, const char *name,
					  struct fc_src src);
/* The policy-map / class-map of that type and name, or NULL (also for a NULL name). */
const struct nxos_policy_map *nxos_qos_find_pmap(const struct nxos_qos *q, enum nxos_qtype t, const char *name);
const struct nxos_class_map *nxos_qos_find_cmap(const struct nxos_qos *q, enum nxos_qtype t, const char *name);

/* The adapter's dump op: the policy tree and the ports' NX-OS values as JSON. */
json_object *nxos_dump(const struct fc_device *dev);

#endif
