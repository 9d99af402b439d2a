/* SPDX-License-Identifier: MIT */
/* Cisco NX-OS adapter: NX-API JSON, CLI text and saved running-config into the model. */
#ifndef FC_NXOS_H
#define FC_NXOS_H

#include "util/buf.h"
#include "util/str.h"
#include <string.h>
#include "adapter/adapter.h"
#include "adapter/cfgtext.h"
#include "vendors/nxos/nxos_policy.h"

extern const struct fc_adapter fc_adapter_nxos;

/* Internal to the adapter, one file per subject; each reader is a row of nxos.c's table. */
/* nxos_config.c, nxos_cfg_qos.c, nxos_cfg_syntax.c: the running-config */
enum fc_rc nxos_parse_running_config(struct fc_parse_ctx *c, const char *text);
enum fc_rc nxos_parse_nq_policy_text(struct fc_parse_ctx *c, const char *text);
/* One ACL entry line (running-config or show ip access-lists) into acl. */
enum fc_rc nxos_acl_entry(struct fc_parse_ctx *c, struct fc_acl *acl, const char *line, size_t len, unsigned lineno);
/* nxos_interface.c: show interface */
fc_json_reader nxos_parse_show_interface_json;
fc_json_row_reader nxos_show_interface_row;      /* one streamed ROW_interface */
bool nxos_interface_counters_keep(const struct fc_parse_ctx *c, const char *const *keys, unsigned depth);
extern const char *const nxos_interface_rows[];  /* TABLE_interface.ROW_interface */
fc_text_reader nxos_parse_show_interface_text;
/* nxos_ports.c: the port tables */
fc_json_reader nxos_parse_brief_json, nxos_parse_counters_json;
fc_text_reader nxos_parse_capabilities_text, nxos_parse_status_text, nxos_parse_breakout_text, nxos_parse_fec_text;
enum fc_rc nxos_row_counters(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *row,
			     struct fc_iface *ifc);
/* nxos_lldp.c */
fc_json_reader nxos_parse_lldp_json;
fc_text_reader nxos_parse_lldp_text, nxos_parse_lldp_table_text;
/* nxos_transceiver.c */
fc_json_reader nxos_parse_transceiver_json;
fc_text_reader nxos_parse_transceiver_text;
/* nxos_version.c */
fc_json_reader nxos_parse_show_version_json, nxos_parse_inventory_json;
fc_text_reader nxos_parse_version_text;
/* nxos_qos_state.c: operational PFC, ingress buffers, ACL hits */
fc_text_reader nxos_parse_pfc_text, nxos_parse_queuing_text, nxos_parse_acl_text;
/* nxos.c */
enum fc_rc nxos_finalize(struct fc_parse_ctx *c);
/* nxos_qos_path.c: every Ethernet port's hops, once the fabric's intent is known. */
extern const struct fc_qos_resolver nxos_qos;

/* nxos_io.c: lines of a CLI text output, left and right trimmed, with their indentation */
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

/* nxos_io.c: what every reader shares */
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
/* The rows of TABLE_t.ROW_r of a JSON body as rows[0..nrows), and a loop index i. */
#define ROWS(body, t, r)                                                                                  \
	const struct doc_node *const *rows = NULL, *one = NULL;                                           \
	size_t nrows = nxos_rows(body, t, r, &rows, &one), i
/* The interface a JSON row names; NULL with an error set for a name fabcheck cannot hold, NULL alone
 * when out of memory (nxos_json_iface_rc tells them apart). */
struct fc_iface *nxos_json_iface(struct fc_parse_ctx *c, const char *name, size_t len);
enum fc_rc nxos_json_iface_rc(struct fc_parse_ctx *c);
/* CLI text: whether n bytes at s hold needle; start with p (the rest in *rest); the word at r up to
 * one of stops (in lb); whether s is one of list's n words (sorted, for a binary search). */
bool nxos_has(const char *s, size_t n, const char *needle);
/* Whether s (n bytes) starts with p, *rest then after it. Inline: p is a literal at every call,
 * its length and the comparison fold to a few instructions (a line of show interface is asked
 * for some twenty prefixes). */
static inline bool nxos_starts(const char *s, size_t n, const char *p, const char **rest)
{
	size_t k = strlen(p);

	if (n < k || memcmp(s, p, k))
		return false;
	if (rest)
		*rest = s + k;
	return true;
}
const char *nxos_word(struct nxos_linebuf *lb, const char *r, const char *end, const char *stops);
bool nxos_known_word(const char *const *list, size_t n, const char *s, size_t len);
#define NXOS_KNOWN(list, s, n) nxos_known_word(list, sizeof(list) / sizeof(list[0]), s, n)
/* A line with no word of letters (a rule, a number); the interface name a line starts with, into
 * buf (its length in *wl). */
bool nxos_wordless(const char *s, size_t n);
bool nxos_first_iface(const char *s, size_t n, char *buf, size_t size, size_t *wl);
/* CLI tables: a line as a source; "no rows" for an output without one; the port a row's first word
 * names (NULL and *rc FC_ERR_NOMEM when out of memory, NULL alone for no port name); the end of a
 * table reader (its words freed, out of memory at its line); a rule of dashes or equals signs. */
struct fc_src nxos_at(struct fc_parse_ctx *c, unsigned line);
enum fc_rc nxos_no_rows(struct fc_parse_ctx *c, const char *what);
struct fc_iface *nxos_tbl_port(struct fc_parse_ctx *c, const char *w, enum fc_rc *rc);
enum fc_rc nxos_tbl_finish(struct fc_parse_ctx *c, struct fc_words *ws, enum fc_rc rc, unsigned lineno);
bool nxos_dashes(const char *s);
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
