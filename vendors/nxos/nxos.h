/* SPDX-License-Identifier: MIT */
/* Cisco NX-OS adapter: NX-API JSON, CLI text and saved running-config into the model. */
#ifndef FC_NXOS_H
#define FC_NXOS_H

#include "vendor/vendor.h"

extern const struct fc_vendor fc_vendor_nxos;

/* Internal to the adapter (one file per output family). */
enum fc_rc nxos_parse_running_config(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_show_interface_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body);
enum fc_rc nxos_parse_show_interface_text(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_show_version_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body);
enum fc_rc nxos_parse_lldp_text(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_transceiver_text(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_finalize(struct fc_parse_ctx *c);
/* "Eth1/1" -> "Ethernet1/1"; other names unchanged. Writes into buf. */
const char *nxos_ifname(const char *in, size_t len, char *buf, size_t size);

/* Breakout maps recorded from the running-config, applied by finalize. */
struct nxos_breakout {
	int module, port_lo, port_hi;
	const char *map;
	struct fc_src src;
};
struct nxos_state {
	struct nxos_breakout *bo;
	size_t nbo, bo_cap;
};
struct nxos_state *nxos_state(struct fc_parse_ctx *c);

#endif
