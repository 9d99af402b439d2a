/* SPDX-License-Identifier: MIT */
/* Internal to the NX-OS configuration reader (nxos_config.c, nxos_cfg_qos.c): its state and the
 * helpers both halves use. */
#ifndef FC_NXOS_CFG_H
#define FC_NXOS_CFG_H

#include <stdbool.h>
#include <stdint.h>

#include "adapter/cfgtext.h"
#include "vendors/nxos/nxos.h"

enum block {
	B_NONE,          /* top level */
	B_IGNORED,       /* a block fabcheck does not model (router, vrf, line, ...) */
	B_INTERFACE,
	B_SYSQOS,
	B_CMAP,
	B_PMAP,
	B_PCLASS,
	B_ACL,
};

struct cfg {
	struct fc_parse_ctx *c;
	struct nxos_state *st;       /* the adapter's state: the policy tree, the ports' NX-OS values */
	enum block blk;
	struct fc_iface *ifc;
	struct fc_iface **ifcs;      /* an interface block may configure a range or a list */
	size_t nifcs;
	bool mute;                   /* a line seen for the 2nd..nth port of a range: recorded once */
	struct nxos_class_map *cmap;
	struct nxos_policy_map *pmap;
	struct nxos_pclass *pclass;
	struct fc_acl *acl;
	unsigned lineno;
	const char *line;
	size_t len;
	int indent, pclass_indent;
};

/* Short names inside the reader. */
#define here nxos_cfg_here
#define not_understood nxos_cfg_not_understood
#define num nxos_cfg_num

/* The current line as a source. */
struct fc_src nxos_cfg_here(struct cfg *g);
/* Records the current line as not understood (once for a range of ports). */
enum fc_rc nxos_cfg_not_understood(struct cfg *g);
/* The same, with why appended where it says more (a list over its cap). */
enum fc_rc nxos_cfg_not_read(struct cfg *g, const char *why);
bool nxos_cfg_num(const char *w, int64_t min, int64_t max, int64_t *out);

/* nxos_cfg_qos.c: class-maps, policy-maps, system qos. */
enum nxos_qtype nxos_cfg_qtype(const char *t, bool *ok);
enum fc_rc nxos_cfg_sysqos_line(struct cfg *g, char **w, size_t n);
enum fc_rc nxos_cfg_cmap_line(struct cfg *g, char **w, size_t n);
enum fc_rc nxos_cfg_pmap_line(struct cfg *g, char **w, size_t n);
enum fc_rc nxos_cfg_pclass_line(struct cfg *g, char **w, size_t n);

#endif
