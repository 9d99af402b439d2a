/* SPDX-License-Identifier: MIT */
/* Juniper Junos / Junos Evolved adapter: the configuration in the forms Junos prints it, brought to
 * one list of statements as `show configuration | display set` prints them (the path of words from
 * the top), then into the model. */
#ifndef FC_JUNOS_H
#define FC_JUNOS_H

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
	bool inherited;      /* from a group by apply-groups: an explicit statement of the same path wins */
};

/* The configuration: statements in the order they stand, then the inherited ones. Owned by the
 * model's arena (words and all). */
struct junos_conf {
	struct junos_stmt *s;
	size_t n, cap;
};

struct junos_state {
	struct junos_conf conf;
	struct fc_src config;            /* the configuration output (file, line 1); file NULL when none */
	bool have_config;
};

struct junos_state *junos_state(struct fc_parse_ctx *c);

/* junos_conf.c: the configuration as text (curly braces) or `| display set` lines, into s->conf
 * with groups applied and interface ranges expanded. */
fc_text_reader junos_text_config;
/* Appends a statement of n words (copied into the model's arena) at line; FC_ERR_NOMEM. */
enum fc_rc junos_conf_add(struct fc_model *m, struct junos_conf *cf, const char *const *w, size_t n, unsigned line,
			  bool inactive, bool inherited);
/* apply-groups (with <wildcard> names matched against what the configuration names) and
 * interface-range members, once every statement is read. */
enum fc_rc junos_conf_expand(struct fc_parse_ctx *c, struct junos_conf *cf);

/* junos_model.c: interfaces, their units and filters, firewall filters, the system's name. */
enum fc_rc junos_finalize(struct fc_parse_ctx *c);

/* junos.c: et-0/0/0, et-0/0/0:1, xe-0/0/1, ae0 as they are; other spellings in Junos's. */
const char *junos_ifname(const char *in, char *buf, size_t size);
/* Whether a word is a fabric port's name (et-, xe-, ge-, mge-, ae). */
bool junos_is_port(const char *name);

#endif
