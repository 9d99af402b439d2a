/* SPDX-License-Identifier: MIT */
/* Cisco NX-OS adapter: NX-API JSON, CLI text and saved running-config into the model. */
#ifndef FC_NXOS_H
#define FC_NXOS_H

#include "util/buf.h"
#include "util/str.h"
#include "adapter/adapter.h"
#include "adapter/cfgtext.h"
#include "vendors/nxos/nxos_policy.h"

extern const struct fc_adapter fc_adapter_nxos;

/* Internal to the adapter (one file per output family). */
enum fc_rc nxos_parse_running_config(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_show_interface_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body);
enum fc_rc nxos_parse_show_interface_text(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_show_version_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body);
enum fc_rc nxos_parse_lldp_text(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_transceiver_text(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_finalize(struct fc_parse_ctx *c);
/* nxos_qos_path.c: every Ethernet port's hops, once the fabric's intent is known. */
extern const struct fc_qos_resolver nxos_qos;
/* One ACL entry line (running-config or show ip access-lists) into acl. */
enum fc_rc nxos_acl_entry(struct fc_parse_ctx *c, struct fc_acl *acl, const char *line, size_t len, unsigned lineno);

/* nxos_show2.c */
enum fc_rc nxos_parse_capabilities_text(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_status_text(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_breakout_text(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_lldp_table_text(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_version_text(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_fec_text(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_pfc_text(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_queuing_text(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_acl_text(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_nq_policy_text(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_brief_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body);
enum fc_rc nxos_parse_lldp_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body);
enum fc_rc nxos_parse_inventory_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body);
enum fc_rc nxos_parse_transceiver_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body);
enum fc_rc nxos_row_counters(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *row,
			     struct fc_iface *ifc);
enum fc_rc nxos_parse_counters_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body);

/* nxos_text.c: lines of a CLI text output, left and right trimmed, with their indentation */
struct nxos_line {
	const char *s;       /* into the whole output: not NUL-terminated */
	size_t n, indent;
	unsigned lineno;
};
struct nxos_linebuf {   /* a line as a C string, grown as needed (free b) */
	char *b;
	size_t cap;
};
bool nxos_line_next(struct fc_lines *it, struct nxos_line *l);
const char *nxos_line_str(struct nxos_linebuf *lb, const char *s, size_t n);
/* Records the line as not understood on the device. */
enum fc_rc nxos_not_understood(struct fc_parse_ctx *c, const struct nxos_line *l);

/* Shared helpers (nxos_show.c) */
bool nxos_has_content(const char *text);
/* A FEC state as NX-OS prints it (any case), 0 when not one. */
enum fc_fec nxos_fec_norm(const char *s);
extern const struct fc_spelling nxos_port_modes[];
/* The rows of TABLE_x.ROW_x as a list (NX-API gives one row as an object). Returns the count. */
size_t nxos_rows(const struct doc_node *body, const char *table, const char *row, const struct doc_node *const **out,
		 const struct doc_node **one);
/* A row's string or number field; NULL when absent. Error on other types. */
enum fc_rc nxos_field(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *row, const char *key,
		      const char **out);
/* A row's integer field in [min, max]: *have false when absent or when it is one of the words in
 * na (NULL-terminated; e.g. "auto"); any other value that is not such an integer is refused at
 * its line. */
enum fc_rc nxos_field_int(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *row, const char *key,
			  int64_t min, int64_t max, const char *const *na, int64_t *out, bool *have);
/* nxos_ifname.c: "Eth1/1", "e1/1", "ethernet 1/1" -> "Ethernet1/1"; "Po5", "Port-channel5" ->
 * "port-channel5"; "Lo0" -> "loopback0"; "vlan10" -> "Vlan10". nxos_ifname_canon is false for what
 * is no NX-OS interface name; nxos_ifname gives it back trimmed. Both write into buf; a name that
 * does not fit gives false and NULL. */
#define NXOS_IFNAME_MAX 256   /* longer names are refused: no NX-OS interface has one */
bool nxos_ifname_canon(const char *in, size_t len, char *buf, size_t size);
const char *nxos_ifname(const char *in, size_t len, char *buf, size_t size);
const char *nxos_ifname_op(const char *in, char *buf, size_t size);

/* nxos_cfg_syntax.c: configuration as config repositories hold it. */
/* The line with abbreviated keywords written in full ("int e1/1", "desc x", "no shut",
 * "service-policy type qos in P") in out; NULL when there is none to expand (or out of memory). */
const char *nxos_cfg_expand(const char *line, size_t len, char *const *w, size_t n, bool in_iface,
			    struct fc_buf *out);
/* Whether a line opens a multi-line banner ("banner motd #" without the closing #): *delim is
 * the character that closes it. */
bool nxos_banner_open(char *const *w, size_t n, const char *line, size_t len, char *delim);

/* Breakout maps recorded from the running-config, applied by finalize. */
struct nxos_breakout {
	int module, port_lo, port_hi;
	const char *map;
	struct fc_src src;
};
struct nxos_state {
	struct nxos_breakout *bo;
	size_t nbo, bo_cap;
	struct nxos_qos qos;                 /* the policy tree (nxos_policy.h) */
	struct nxos_port **ports;            /* what NX-OS alone says of each port, as outputs give it */
	size_t nports, ports_cap;
	struct fc_hmap *port_index;          /* struct fc_iface * -> struct nxos_port * */
};
/* The device's state, made at the first call; NULL when out of memory. */
struct nxos_state *nxos_state(struct fc_parse_ctx *c);
/* nxos_policy.c: the port's NX-OS values, made when new (NULL when out of memory); to read, every
 * one unknown for a port no output described. */
struct nxos_port *nxos_port(struct fc_parse_ctx *c, const struct fc_iface *ifc);
const struct nxos_port *nxos_port_of(const struct fc_device *dev, const struct fc_iface *ifc);

#endif
