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

struct fc_parse_ctx {
	struct fc_model *m;
	struct fc_device *dev;
	const char *file;      /* the output's path as evidence shows it (relative to the base dir) */
	struct fc_err *err;    /* parse errors name ctx->file and the line */
};

struct fc_adapter_cmd {
	const char *command;   /* as typed on the device, e.g. "show interface" */
	const char *encoding;  /* "json" or "text" */
	const char *filename;  /* file name inside the device's snapshot folder */
	bool large;            /* output can be very large: transports fetch it in chunks where they can */
	const char *remote;    /* optional: what a CLI transport sends instead of command (a script) */
	bool optional;         /* its failure is a warning, not an error: another output gives what it
				* gives, or only some configurations need it */
	bool counters;         /* carries the counters the counter rules compare: of an earlier snapshot
				* (validate --baseline) only these are read, where a platform marks any */
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
	/* required: the outputs `collect` gathers, ended by an entry with command == NULL */
	const struct fc_adapter_cmd *commands;
	/* what a saved configuration named by the inventory's config: is (its command and encoding);
	 * command NULL: the platform takes none */
	struct fc_adapter_cmd saved_config;
	/* optional: what a CLI transport collects instead when the first command is not installed
	 * on the device (exit status 127), ended like commands */
	const struct fc_adapter_cmd *fallback;
	/* optional: text outputs that are no terminal capture (a structured capture of its own),
	 * taken as they are; every other text output has its terminal noise removed first
	 * (util/cli_text.h). NULL-terminated; NULL when there are none */
	const char *const *verbatim;
	/* optional: appended to a JSON command on a CLI session (NX-OS " | json"); NULL when the
	 * command is sent as it is written */
	const char *cli_json_suffix;
	/* required: whether parse takes this command in this encoding ("json" or "text"): how a
	 * directory of outputs saved by other tools is read (transport file) */
	bool (*reads)(const char *command, const char *encoding);
	/* required: parses one raw output into ctx->dev. FC_ERR_UNSUPPORTED for a command or
	 * encoding it has no parser for; FC_ERR_INPUT with ctx->file:line on malformed input. */
	enum fc_rc (*parse)(struct fc_parse_ctx *ctx, const char *command, const char *encoding,
			    const char *text, size_t len);
	/* required: derives per-port effective values once every output is parsed
	 * (fc_adapter_no_finalize when there is nothing to derive) */
	enum fc_rc (*finalize)(struct fc_parse_ctx *ctx);
	/* optional (a switch platform without it gets no QoS path: every QoS rule is UNKNOWN there):
	 * resolves every port's struct fc_hop for the fabric's traffic classes (m->intent), after
	 * finalize, with the platform's precedence */
	enum fc_rc (*qos_path)(struct fc_model *m, struct fc_device *dev);
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
void fc_iface_link_mode(struct fc_model *m, struct fc_iface *ifc, struct fc_src src);

/* ace.c: an ACL entry's words (split at white space) in the syntax NX-OS and EOS share, into ace
 * (text and loc left to the caller); the sequence number is prev_seq + 10 where the entry has none.
 * false when the entry is not understood. */
bool fc_ace_words(char **w, size_t n, int64_t prev_seq, struct fc_ace *ace);

enum fc_rc fc_adapter_no_finalize(struct fc_parse_ctx *ctx);

/* Once every output of dev is parsed: its adapter's finalize, then what every platform derives the
 * same way from the values it gave (a DAC's class from its module's type). FC_ERR_INPUT with err's
 * file:line where the adapter refused what it found. */
enum fc_rc fc_adapter_finalize(struct fc_model *m, struct fc_device *dev, struct fc_err *err);
/* Once the fabric's intent is known: the hops of every port of dev (struct fc_hop) as its adapter
 * resolves them; nothing for a platform that resolves none. FC_ERR_NOMEM. */
enum fc_rc fc_adapter_qos_path(struct fc_model *m, struct fc_device *dev);
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
