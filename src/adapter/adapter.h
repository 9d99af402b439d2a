/* SPDX-License-Identifier: MIT */
/* The adapter interface: one adapter per platform turns raw outputs (as captured, in a
 * snapshot) into the fabric model. Adapters never touch the network. */
#ifndef FC_ADAPTER_H
#define FC_ADAPTER_H

#include <stdbool.h>
#include <stddef.h>

#include "doc/doc.h"
#include "model/model.h"
#include "util/err.h"

struct json_object;
struct fc_reader;

struct fc_parse_ctx {
	struct fc_model *m;
	struct fc_device *dev;
	const char *file;      /* the output's path as evidence shows it (relative to the base dir) */
	struct fc_err *err;    /* parse errors name ctx->file and the line */
	const struct fc_reader *reader;   /* the row being read; NULL in finalize and intent */
	const char *command;   /* the command the output was saved under (a row's spelling may name a
				* path in it); NULL in finalize and intent */
	size_t rows_read;      /* json_rows: the rows json_row was handed (the json reader then sees
				* their sequence empty) */
	void *row_state;       /* json_row's own, kept from one row of an output to the next (NULL at
				* its first; in the model's arena) */
};

/* Reads one output into c->dev: text, NUL-terminated, cleaned of terminal noise unless the row is
 * verbatim; or a JSON document and the body the adapter's json_body found in it. FC_ERR_INPUT with
 * c->file:line on what it refuses; FC_ERR_NOMEM. */
typedef enum fc_rc fc_text_reader(struct fc_parse_ctx *c, const char *text);
typedef enum fc_rc fc_json_reader(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body);
/* One streamed row (fc_reader.json_rows): key is the map key it is the value of, NULL for an item
 * of a sequence. */
typedef enum fc_rc fc_json_row_reader(struct fc_parse_ctx *c, const struct doc *d, const char *key,
				      const struct doc_node *row);

/* One output an adapter reads: a row of its table. Adding a command is adding a row: collection's
 * command list, what a directory of saved outputs is read for, the parse dispatch, `fabcheck parse
 * --platform P --command C` and the fuzz harness all come from the table. */
struct fc_reader {
	const char *command;   /* required: as typed on the device, e.g. "show interface" */
	const char *encoding;  /* required: "json" or "text" */
	fc_text_reader *text;  /* required for "text" rows, NULL for "json" ones */
	fc_json_reader *json;  /* required for "json" rows, NULL for "text" ones */
	const char *file;      /* collect gathers the output into this file of the device's folder; NULL
				* for a command or spelling the adapter reads but does not collect (what
				* other tools save) */
	bool large;            /* can be very large: transports fetch it in chunks where they can */
	const char *remote;    /* optional: what a CLI transport sends instead of command (a script, or a
				* program of its own), as written: no cli_json_suffix */
	const char *rpc;       /* optional: the NETCONF operation a NETCONF transport sends for it (the XML
				* inside <rpc>, e.g. "<get-software-information/>"); its reply, the whole
				* <rpc-reply>, is what the reader reads. NULL: not collected over NETCONF */
	bool optional;         /* its failure is a warning, not an error: another output gives what it
				* gives, or only some configurations need it */
	bool counters;         /* carries the counters the counter rules compare: of an earlier snapshot
				* (validate --baseline) only these are read, where a platform marks any */
	/* json: what a counters-only read (an earlier snapshot, fc_model.counters_only) keeps of the
	 * document, asked for each map member (doc_parse_json_keep: keys[0..depth-1] lead to it);
	 * the rest is checked as JSON and dropped unread. NULL: all of it. */
	bool (*counters_keep)(const struct fc_parse_ctx *c, const char *const *keys, unsigned depth);
	bool verbatim;         /* a text that is no terminal capture (a structured stream of its own):
				* read as it is; every other text has its terminal noise removed first
				* (util/cli_text.h) */
	const char *const *json_rows;   /* json: the map keys (NULL terminated) that end at a sequence or
					 * map of rows read one at a time by json_row as the document is
					 * parsed, so that a large output's document never holds them all
					 * (doc_parse_json_rows); json then reads the rest */
	bool json_rows_map;            /* json_rows are a map's members (keyed by name), not a sequence's
					* items */
	fc_json_row_reader *json_row;  /* required with json_rows: one row */
	bool ends_kept;        /* text: the reader drops the blanks and CRs at the end of each line itself,
				* so a capture whose only noise they are is read as it is, without a
				* copy (fc_cli_clean_for); tests/cli/perturb.py (CLI text) and
				* tests/cli/xml_noise.py (XML replies) hold the readers to that */
	bool fallback;         /* collected over a CLI instead of the other rows when the first collected
				* command is not installed on the device (exit status 127) */
	bool saved_config;     /* what an inventory's config: file is (one row at most) */
	const char *const *spellings;   /* optional: fnmatch(3) patterns of the other commands users save
					 * this output under, where the command names a path
					 * (a cat of .../device/PLATFORM/SKU/pg_profile_lookup.ini), NULL-terminated; an
					 * exact command of any row wins over a pattern */
};

/* One switch's QoS path being resolved by the shared driver (fc_adapter_qos_path). */
struct fc_qos_walk {
	struct fc_model *m;
	struct fc_device *dev;
	void *state;             /* the resolver's own: begin makes it, end frees it */
	bool none;               /* begin: no port of the device gets a path (no configuration read) */
	const char *unavailable; /* begin: every hop of every port is unknown with this reason */
};

/* How a switch platform resolves the fabric's traffic classes through a port, hop field by hop
 * field (struct fc_hop): known with the line that decided it, a platform default known with a
 * note, or unknown with why. The driver loops over ports and classes, says once what the intent
 * lacks, and sets every field after the classification unknown with the class's reason when the
 * classification finds no traffic class. */
struct fc_qos_resolver {
	/* optional: the device's setup (state, none, unavailable); FC_ERR_NOMEM */
	enum fc_rc (*begin)(struct fc_qos_walk *w);
	/* required: whether the port carries the fabric's classes; sets up the port's state */
	bool (*port)(struct fc_qos_walk *w, const struct fc_iface *ifc);
	/* required: the classification of a packet with this DSCP (t's, from the intent): classifier,
	 * per_port, trust, match, tc, pcp_strict, and dscp_out where the classifier re-marks */
	void (*classify)(struct fc_qos_walk *w, const struct fc_iface *ifc, enum fc_tclass t, int64_t dscp,
			 struct fc_hop *h);
	/* required: the rest once h->tc is known: dscp_out, the class, egress, the ingress buffer */
	void (*resolve)(struct fc_qos_walk *w, const struct fc_iface *ifc, enum fc_tclass t, int64_t dscp,
			struct fc_hop *h);
	/* optional: after a port's hops (values of the port that follow from them) */
	void (*port_done)(struct fc_qos_walk *w, struct fc_iface *ifc);
	/* optional: frees what begin made */
	void (*end)(struct fc_qos_walk *w);
};

struct fc_adapter {
	/* required: the platform id used in inventories and snapshots */
	const char *platform;
	/* required: one-line description */
	const char *title;
	/* required: switch or host */
	enum fc_devkind kind;
	/* required: what it provides (FC_CAP_*); a rule needing more reads UNKNOWN on its devices */
	unsigned caps;
	/* required: every output it reads, ended by a row with command NULL; the rows with a file are
	 * what collect gathers, in this order */
	const struct fc_reader *readers;
	/* optional: the body of a JSON reply (NX-API's ins_api or JSON-RPC envelope, eAPI's result);
	 * NULL: the document's root. FC_ERR_INPUT on an error reply. */
	enum fc_rc (*json_body)(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node **body);
	/* optional: appended to a JSON command on a CLI session (NX-OS " | json"); NULL when the
	 * command is sent as it is written */
	const char *cli_json_suffix;
	/* optional: the prefixes other tools put before a command in a saved file's name
	 * ("cisco_nxos_show_interface.raw"), NULL-terminated */
	const char *const *file_prefixes;
	/* required: derives per-port effective values once every output is parsed
	 * (fc_adapter_no_finalize when there is nothing to derive) */
	enum fc_rc (*finalize)(struct fc_parse_ctx *ctx);
	/* optional (a switch platform without it gets no QoS path: every QoS rule is UNKNOWN there):
	 * resolves every port's struct fc_hop for the fabric's traffic classes (m->intent) */
	const struct fc_qos_resolver *qos;
	/* optional: what the adapter keeps of a device beyond the neutral model (a platform's policy
	 * tree), as JSON for `fabcheck parse`; NULL when it keeps nothing worth showing */
	struct json_object *(*dump)(const struct fc_device *dev);
	/* optional: the one spelling of an interface name the platform's outputs use ("Eth1/1" ->
	 * "Ethernet1/1"), for names that come from elsewhere (the cabling plan, a neighbour's LLDP);
	 * NULL where names have one spelling (Linux) */
	const char *(*ifname)(const char *in, char *buf, size_t size);
	/* required: reads inventory intent for a device without collected data
	 * (fc_adapter_no_intent for platforms that take none) */
	enum fc_rc (*intent)(struct fc_parse_ctx *ctx, const struct doc *d, const struct doc_node *n);
};

const struct fc_adapter *fc_adapter_find(const char *platform);
/* Whether an earlier snapshot's output of command is read for --baseline: it carries counters, or
 * the platform marks no command as carrying them (then every output is read). */
bool fc_adapter_counter_output(const struct fc_adapter *v, const char *command);
/* The row that reads command in encoding, or NULL: whether the adapter reads it. A row's command
 * as written wins; then the first row one of whose spellings matches. */
const struct fc_reader *fc_adapter_reader(const struct fc_adapter *a, const char *command, const char *encoding);
/* The row an inventory's config: file is read with, or NULL when the platform takes none. */
const struct fc_reader *fc_adapter_saved_config(const struct fc_adapter *a);
/* Where an output is read in a device's order, whatever order a manifest lists it in: the
 * configuration first (the saved_config row, or a row with its reader), then the other rows in the
 * table's order, a command no row reads last. State read after configuration stands over it, and no
 * verdict depends on the manifest. */
unsigned fc_adapter_rank(const struct fc_adapter *a, const char *command, const char *encoding);
#define FC_RANK_CONFIG 0u
/* What the configuration outputs gave a device's ports, kept while its state outputs are read:
 * taken after the last configuration output (fc_adapter_config_kept), settled after the last output
 * (fc_adapter_config_settle): a value state gives differently is a conflict the device records
 * (the state's value stands: it runs), and a value state leaves unknown (a port that is down, a
 * speed "auto") keeps the configuration's. *out is malloc'd; settle frees it. FC_ERR_NOMEM. */
struct fc_config_kept;
enum fc_rc fc_adapter_config_kept(const struct fc_device *dev, struct fc_config_kept **out);
enum fc_rc fc_adapter_config_settle(struct fc_model *m, struct fc_device *dev, struct fc_config_kept **kept);
/* The rows collect gathers (fallback false), or gathers instead over a CLI (fallback true), in the
 * table's order, into a (an array of n pointers, from arena); false when out of memory. */
bool fc_adapter_collected(const struct fc_adapter *a, bool fallback, struct fc_arena *arena,
			  const struct fc_reader *const **out, size_t *n);
/* The device's interface called name in any spelling its platform takes, or NULL. */
struct fc_iface *fc_adapter_find_iface(const struct fc_device *d, const char *name);
/* The registry, ended by NULL. */
const struct fc_adapter *const *fc_adapter_list(void);

/* phy.c: the medium a module's type or compliance text names (0 when none); the PMD it names (SR,
 * LR, ER, DR, FR, CR; CR for any DAC; 0 when none); a DAC's class (CA-L, CA-S, CA-N; 0 when none);
 * and the ethtool-style link mode ("200000baseCR4/Full") of a port whose speed, lanes, medium and
 * module type are known, set from src (nothing when one is unknown). */
enum fc_medium fc_medium_of(const char *type);
enum fc_pmd fc_pmd_of(const char *type, enum fc_medium medium);
enum fc_cable_class fc_dac_class_of(const char *type);
enum fc_asic fc_asic_of(const char *hw_model);
void fc_iface_link_mode(struct fc_model *m, struct fc_iface *ifc, struct fc_src src);

/* ace.c: an ACL entry's words (split at white space) in the syntax NX-OS and EOS share, into ace
 * (text and loc left to the caller); the sequence number is prev_seq + 10 where the entry has none.
 * A standard ACL's entry is [SEQ] permit|deny SRC [log]: every protocol, any destination. false
 * when the entry is not understood. */
bool fc_ace_words(char **w, size_t n, int64_t prev_seq, bool standard, struct fc_ace *ace);

/* A LAG member takes on the IP ACLs bound to its LAG (every platform applies an ACL on a
 * port-channel to the traffic of its members, and takes none on a member itself): for each port
 * of dev whose lag is known, acl_in and acl_out from the LAG's interface where the port states
 * none, each keeping the LAG's line. */
void fc_adapter_lag_acls(struct fc_device *dev);

enum fc_rc fc_adapter_no_finalize(struct fc_parse_ctx *ctx);

/* Once every output of dev is parsed: its adapter's finalize, then what every platform derives the
 * same way from the values it gave (a DAC's class from its module's type). FC_ERR_INPUT with err's
 * file:line where the adapter refused what it found. */
enum fc_rc fc_adapter_finalize(struct fc_model *m, struct fc_device *dev, struct fc_err *err);
/* Once the fabric's intent is known: the hops of every port of dev (struct fc_hop) as its adapter
 * resolves them; nothing for a platform that resolves none. FC_ERR_NOMEM. */
enum fc_rc fc_adapter_qos_path(struct fc_model *m, struct fc_device *dev);
/* A resolver's begin for a platform read from its configuration: without one (have_config false)
 * no port gets a path (qw->none) and *state is NULL; else *state is size zeroed bytes in the model's
 * arena, set as qw->state. FC_ERR_NOMEM. */
enum fc_rc fc_qos_walk_begin(struct fc_qos_walk *qw, bool have_config, size_t size, void **state);
enum fc_rc fc_adapter_no_intent(struct fc_parse_ctx *ctx, const struct doc *d, const struct doc_node *n);

/* Parses one output, already read, with the device's adapter; file names it in the model's
 * sources (and is interned there). */
enum fc_rc fc_adapter_parse(struct fc_model *m, struct fc_device *dev, const struct fc_adapter *v, const char *file,
			   const char *text, size_t len, const char *command, const char *encoding, struct fc_err *err);
/* Reads base_dir/rel (rel when absolute) and parses it: for paths the user gave (fabcheck parse);
 * a snapshot's files are read with containment (snapshot.c). */
enum fc_rc fc_adapter_parse_file(struct fc_model *m, struct fc_device *dev, const struct fc_adapter *v,
				const char *base_dir, const char *rel, const char *command,
				const char *encoding, struct fc_err *err);

#endif
