/* SPDX-License-Identifier: MIT */
/* SONiC adapter: CONFIG_DB (config_db.json as saved, `show runningconfiguration all`,
 * `sonic-cfggen -d --print-data`, or a redis dump of it) into the model. */
#ifndef FC_SONIC_H
#define FC_SONIC_H

#include "adapter/adapter.h"

extern const struct fc_adapter fc_adapter_sonic;

/* One field of a CONFIG_DB object: its value as text (a list is its items joined by ','), and
 * the line of the key. */
struct sonic_field {
	const char *name, *value;
	struct fc_src src;
};

/* One object, TABLE|KEY. */
struct sonic_obj {
	const char *table, *key;
	struct fc_src src;
	struct sonic_field *f;
	size_t n, cap;
	struct fc_hmap *fidx;         /* field name -> 1 + index in f, once the object has over 16
				       * fields (CABLE_LENGTH, the maps): lookups stay O(1) */
};

/* The adapter's state on a device (in the model's arena). */
struct sonic_state {
	struct sonic_obj *objs;
	size_t n, cap;
	struct fc_hmap *index;        /* "TABLE|KEY" -> 1 + index in objs */
	struct fc_src config;         /* the CONFIG_DB file: where platform defaults are read from */
	bool have_config;
	bool have_appl;               /* APPL_DB's buffer tables were read (objects APPL_BUFFER_*) */
	const char *pg_platform, *pg_sku;   /* the platform and SKU folders pg_profile_lookup.ini was
					     * read from, where its command names them (else NULL) */
	struct fc_src pg_src;
};

struct sonic_state *sonic_state(struct fc_parse_ctx *c);
/* sonic_db.c: reads a CONFIG_DB document, nested ({"TABLE": {"KEY": {...}}}) or flat
 * ({"TABLE|KEY": {...}}, also redis-dump's {"TABLE|KEY": {"type": "hash", "value": {...}}}). */
enum fc_rc sonic_parse_config_db(struct fc_parse_ctx *c, const struct doc *d);
/* A redis dump of APPL_DB's BUFFER_PG_TABLE and BUFFER_PROFILE_TABLE (the dynamic buffer
 * model's computed profiles), as objects APPL_BUFFER_PG|<port>|<pgs> and APPL_BUFFER_PROFILE|<name>. */
enum fc_rc sonic_parse_appl_db(struct fc_parse_ctx *c, const struct doc *d);
/* Sets field of TABLE|KEY to value (making the object at osrc if needed), read at fsrc: for what a
 * state output shows (objects SHOW_*), merged into CONFIG_DB's at finalize. */
enum fc_rc sonic_put(struct fc_parse_ctx *c, struct sonic_state *s, const char *table, const char *key, struct fc_src osrc,
		     const char *field, const char *value, struct fc_src fsrc);
/* The object TABLE|KEY, or NULL. */
const struct sonic_obj *sonic_get(const struct sonic_state *s, const char *table, const char *key);
/* The value of field name of o, or NULL (o may be NULL). */
const struct sonic_field *sonic_field(const struct sonic_obj *o, const char *name);
/* A reference as SONiC writes it, old ("[TABLE|name]", APPL_DB's "[TABLE:name]") or new ("name"):
 * the name, copied into buf, which it returns. */
const char *sonic_ref(const char *v, char *buf, size_t size);

/* sonic_show.c: the tabulate tables of the show commands (text), one reader each. */
fc_text_reader sonic_show_status, sonic_show_fec, sonic_show_lldp, sonic_show_pfc, sonic_show_pfcwd,
	sonic_show_pfc_counters, sonic_show_counters, sonic_show_pfc_history, sonic_show_queue_counters,
	sonic_show_acl_rule;

/* sonic_xcvr.c: show interfaces transceiver eeprom --dom (sfputil show eeprom --dom). */
enum fc_rc sonic_parse_xcvr(struct fc_parse_ctx *c, const char *text);

/* sonic_state.c: show version / show platform summary, lldpcli JSON, ecnconfig -l; and the merge
 * of the SHOW_* objects the state outputs make into CONFIG_DB's (their value wins, a difference
 * is listed). */
enum fc_rc sonic_parse_version(struct fc_parse_ctx *c, const char *text);
enum fc_rc sonic_parse_lldpcli(struct fc_parse_ctx *c, const struct doc *d);
enum fc_rc sonic_parse_ecnconfig(struct fc_parse_ctx *c, const char *text);
/* pg_profile_lookup.ini: the SKU's headroom table, into the device's (struct fc_hr_row). */
enum fc_rc sonic_parse_pg_lookup(struct fc_parse_ctx *c, const char *text);
enum fc_rc sonic_merge_shown(struct fc_parse_ctx *c, struct sonic_state *s);

/* sonic_schema.c: lists, as not understood at its line, a field of a modelled CONFIG_DB table that the
 * table does not have and an enumerated value the switch does not take. */
enum fc_rc sonic_check_schema(struct fc_parse_ctx *c, const struct sonic_state *s);
/* value is one of words (NULL-ended), compared as the switch does (icase: without case). */
bool sonic_word_ok(const char *const *words, const char *value, bool icase);

/* sonic_model.c: device, ports, ACLs and neighbours into the model once everything is read. */
enum fc_rc sonic_finalize(struct fc_parse_ctx *c);
/* sonic_model.c: FEC as CONFIG_DB's PORT fec and show interfaces [fec] status write it (rs, fc, none,
 * auto; lower case: orchagent's fec_mode_map). */
extern const struct fc_spelling sonic_fec_words[];
/* sonic_qos_path.c: every port's hops. */
extern const struct fc_qos_resolver sonic_qos;

#endif
