/* SPDX-License-Identifier: MIT */
/* CONFIG_DB into the adapter's object table: every object of every table with the line of each
 * field. The tables the adapter models are interpreted by sonic_model.c and sonic_qos_path.c;
 * tables that decide nothing fabcheck checks (management, telemetry, routing daemons) are known
 * and skipped by name; any other table is listed as not understood, at its line. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "vendors/sonic/sonic.h"
#include "util/buf.h"
#include "util/hmap.h"

/* Read and interpreted (sonic_model.c, sonic_qos_path.c). Every other table that is not skipped
 * below is one not-understood entry: read but not interpreted yet (PFC_PRIORITY_TO_PRIORITY_GROUP_MAP,
 * ...) says so, as an unknown one does. */
static const char *const modelled[] = {
	"DEVICE_METADATA", "PORT", "BREAKOUT_CFG", "PORT_QOS_MAP", "DSCP_TO_TC_MAP", "DOT1P_TO_TC_MAP",
	"TC_TO_PRIORITY_GROUP_MAP", "TC_TO_QUEUE_MAP", "TC_TO_DSCP_MAP", "QUEUE", "SCHEDULER", "WRED_PROFILE",
	"BUFFER_PROFILE", "BUFFER_PG", "CABLE_LENGTH", "PFC_WD", "ACL_TABLE", "ACL_RULE", "PORTCHANNEL_MEMBER", "INTERFACE",
	"DEVICE_NEIGHBOR", "BUFFER_POOL", "BUFFER_QUEUE", "MAP_PFC_PRIORITY_TO_QUEUE", "PORTCHANNEL", NULL,
};

/* Known to decide nothing the rules check: read and deliberately skipped. */
static const char *const skipped[] = {
	"AAA", "BGP_NEIGHBOR", "BGP_PEER_RANGE", "BGP_MONITORS", "BGP_DEVICE_GLOBAL", "BGP_GLOBALS", "CRM",
	"DHCP_SERVER", "DHCP_RELAY", "DNS_NAMESERVER", "FEATURE", "FLEX_COUNTER_TABLE", "KDUMP", "KUBERNETES_MASTER",
	"LOOPBACK_INTERFACE", "MGMT_INTERFACE", "MGMT_PORT", "MGMT_VRF_CONFIG", "NTP", "NTP_SERVER", "RESTAPI",
	"SFLOW", "SFLOW_COLLECTOR", "SNMP", "SNMP_COMMUNITY", "SNMP_AGENT_ADDRESS_CONFIG", "SNMP_USER", "SSH_SERVER",
	"SYSLOG_SERVER", "SYSLOG_CONFIG", "SYSLOG_CONFIG_FEATURE", "TACPLUS", "TACPLUS_SERVER", "RADIUS",
	"RADIUS_SERVER", "TELEMETRY", "GNMI", "VERSIONS", "CONSOLE_PORT", "CONSOLE_SWITCH", "AUTO_TECHSUPPORT",
	"AUTO_TECHSUPPORT_FEATURE", "LOGGER", "PASSW_HARDENING", "SYSTEM_DEFAULTS", "WATERMARK_TABLE", "POLICER",
	"MIRROR_SESSION", "VLAN", "VLAN_INTERFACE", "VLAN_MEMBER", "VLAN_SUB_INTERFACE", "VRF", "VXLAN_TUNNEL",
	"VXLAN_TUNNEL_MAP", "VXLAN_EVPN_NVO", "XCVRD_LOG", "STATIC_ROUTE", "ROUTE_REDISTRIBUTE", "PREFIX_SET",
	"ROUTE_MAP", "BGP_ALLOWED_PREFIXES", "DEBUG_COUNTER", "NAT_GLOBAL", "SUPPRESS_ASIC_SDK_HEALTH_EVENT",
	"PEER_SWITCH", "MUX_CABLE", "TUNNEL", "DHCP_SERVER_IPV4", "DEVICE_NEIGHBOR_METADATA_EXT", "SYSTEM_PORT",
	"MACSEC_PROFILE", "MCLAG_DOMAIN", "MCLAG_INTERFACE", "KDUMP_CONFIG", "HARDWARE", "NVGRE_TUNNEL", NULL,
};

static bool in(const char *const *list, const char *s)
{
	for (; *list; list++)
		if (!strcmp(*list, s))
			return true;
	return false;
}

struct sonic_state *sonic_state(struct fc_parse_ctx *c)
{
	struct sonic_state *s = c->dev->adapter_state;

	if (!s && (s = fc_alloc(c->m->arena, sizeof(*s)))) {
		if (!(s->index = fc_hmap_new(c->m->arena, 256)))
			return NULL;
		c->dev->adapter_state = s;
	}
	return s;
}

const struct sonic_obj *sonic_get(const struct sonic_state *s, const char *table, const char *key)
{
	char k[512];
	int n;
	void *v;

	if (!s)
		return NULL;
	n = snprintf(k, sizeof(k), "%s|%s", table, key);
	if (n < 0 || (size_t)n >= sizeof(k))
		return NULL;
	v = fc_hmap_get(s->index, k, (size_t)n);
	return v ? &s->objs[(uintptr_t)v - 1] : NULL;
}

#define FIELDS_INDEXED 16

const struct sonic_field *sonic_field(const struct sonic_obj *o, const char *name)
{
	size_t i;
	void *v;

	if (o && o->fidx) {
		v = fc_hmap_get(o->fidx, name, strlen(name));
		return v ? &o->f[(uintptr_t)v - 1] : NULL;
	}
	for (i = 0; o && i < o->n; i++)
		if (!strcmp(o->f[i].name, name))
			return &o->f[i];
	return NULL;
}

/* The field name[0..len) of o, appended (value NULL) when absent; NULL when out of memory. An
 * object past FIELDS_INDEXED fields gets an index, so that filling and reading it stay linear. */
static struct sonic_field *field_slot(struct fc_parse_ctx *c, struct sonic_obj *o, const char *name, size_t len)
{
	struct sonic_field *f;
	int failed = 0;
	size_t i;
	void *v;

	if (o->fidx) {
		if ((v = fc_hmap_get(o->fidx, name, len)))
			return &o->f[(uintptr_t)v - 1];
	} else {
		for (i = 0; i < o->n; i++)
			if (!strncmp(o->f[i].name, name, len) && !o->f[i].name[len])
				return &o->f[i];
	}
	if (!(o->f = fc_grow(c->m->arena, o->f, o->n, &o->cap, sizeof(*o->f))))
		return NULL;
	f = &o->f[o->n];
	memset(f, 0, sizeof(*f));
	if (!(f->name = fc_model_strn(c->m, name, len)))
		return NULL;
	o->n++;
	if (!o->fidx && o->n > FIELDS_INDEXED) {
		if (!(o->fidx = fc_hmap_new(c->m->arena, 2 * o->n)))
			return NULL;
		for (i = 0; i < o->n && !failed; i++)
			fc_hmap_put(o->fidx, o->f[i].name, strlen(o->f[i].name), (void *)(uintptr_t)(i + 1), &failed);
	} else if (o->fidx) {
		fc_hmap_put(o->fidx, f->name, len, (void *)(uintptr_t)o->n, &failed);
	}
	return failed ? NULL : f;
}

const char *sonic_ref(const char *v, char *buf, size_t size)
{
	const char *sep;
	size_t n = strlen(v);

	if (n >= 2 && v[0] == '[' && v[n - 1] == ']') {
		sep = memchr(v, '|', n);
		if (!sep)
			sep = memchr(v, ':', n);   /* APPL_DB: [BUFFER_PROFILE_TABLE:name] */
		v = sep ? sep + 1 : v + 1;
		n = strlen(v) - 1;
	}
	snprintf(buf, size, "%.*s", (int)n, v);
	return buf;
}

/* A field's value as text: a scalar as it is, a list as its scalar items joined by ','. */
static enum fc_rc value_of(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *n, const char **out)
{
	struct fc_buf b;
	size_t i;

	if (n->type == DOC_STR || n->type == DOC_NUM || n->type == DOC_BOOL) {
		*out = fc_model_str(c->m, n->type == DOC_BOOL ? (n->b ? "true" : "false") : n->str);
		return *out ? FC_OK : FC_ERR_NOMEM;
	}
	if (n->type != DOC_SEQ)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, n->line, "expected a string or a list of strings, found %s",
				  doc_type_name(n->type));
	fc_buf_init(&b, 1u << 24);
	for (i = 0; i < n->n; i++) {
		if (n->items[i]->type != DOC_STR && n->items[i]->type != DOC_NUM) {
			fc_buf_free(&b);
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, n->items[i]->line, "expected a string in the list, found %s",
					  doc_type_name(n->items[i]->type));
		}
		fc_buf_addf(&b, "%s%s", i ? "," : "", n->items[i]->str);
	}
	*out = fc_model_str(c->m, b.data ? b.data : "");
	fc_buf_free(&b);
	return *out ? FC_OK : FC_ERR_NOMEM;
}

/* The object TABLE|KEY, made (at src) when it does not exist yet; NULL when out of memory or the key
 * is too long (*too_long says which). */
static struct sonic_obj *obj_at(struct fc_parse_ctx *c, struct sonic_state *s, const char *table, const char *key,
				struct fc_src src, bool *too_long)
{
	struct sonic_obj *o;
	char k[1024];
	int n, failed = 0;
	void *old;

	*too_long = false;
	n = snprintf(k, sizeof(k), "%s|%s", table, key);
	if (n < 0 || (size_t)n >= sizeof(k)) {
		*too_long = true;
		return NULL;
	}
	if ((old = fc_hmap_get(s->index, k, (size_t)n)))
		return &s->objs[(uintptr_t)old - 1];   /* the same object twice (a merged dump): later fields win */
	if (!(s->objs = fc_grow(c->m->arena, s->objs, s->n, &s->cap, sizeof(*s->objs))))
		return NULL;
	o = &s->objs[s->n];
	memset(o, 0, sizeof(*o));
	if (!(o->table = fc_model_str(c->m, table)) || !(o->key = fc_model_str(c->m, key)))
		return NULL;
	o->src = src;
	fc_hmap_put(s->index, k, (size_t)n, (void *)(uintptr_t)(s->n + 1), &failed);
	if (failed)
		return NULL;
	s->n++;
	return o;
}

enum fc_rc sonic_put(struct fc_parse_ctx *c, struct sonic_state *s, const char *table, const char *key, struct fc_src osrc,
		     const char *field, const char *value, struct fc_src fsrc)
{
	bool too_long;
	struct sonic_obj *o = obj_at(c, s, table, key, osrc, &too_long);
	struct sonic_field *f;

	if (!o)
		return too_long ? fc_err_set(c->err, FC_ERR_INPUT, fsrc.file, fsrc.line, "a key over 1,000 bytes") : FC_ERR_NOMEM;
	if (!(f = field_slot(c, o, field, strlen(field))) || !(f->value = fc_model_str(c->m, value)))
		return FC_ERR_NOMEM;
	f->src = fsrc;
	return FC_OK;
}

/* The tables whose field names the switch reads without case (orchagent's aclorch upper-cases
 * every ACL_TABLE and ACL_RULE attribute name before it compares): stored in the case fabcheck
 * reads them in, lower for the table, upper for the rule. */
static void name_case(const char *table, char *name)
{
	int upper;

	if (!strcmp(table, "ACL_TABLE"))
		upper = 0;
	else if (!strcmp(table, "ACL_RULE"))
		upper = 1;
	else
		return;
	for (; *name; name++)
		*name = (char)(upper ? toupper((unsigned char)*name) : tolower((unsigned char)*name));
}

static enum fc_rc add_obj(struct fc_parse_ctx *c, struct sonic_state *s, const struct doc *d, const char *table,
			  const char *key, unsigned line, const struct doc_node *fields)
{
	struct sonic_obj *o;
	size_t i;
	bool too_long;

	if (fields->type == DOC_MAP && doc_get(fields, "value") && doc_get(fields, "type") &&
	    doc_get(fields, "value")->type == DOC_MAP)
		fields = doc_get(fields, "value");   /* redis-dump: {"type": "hash", "value": {...}, "ttl": ...} */
	if (fields->type != DOC_MAP)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, fields->line, "%s|%s: expected an object of fields, found %s",
				  table, key, doc_type_name(fields->type));
	if (!(o = obj_at(c, s, table, key, fc_src_at(c->file, line), &too_long)))
		return too_long ? fc_err_set(c->err, FC_ERR_INPUT, d->file, line, "a CONFIG_DB key over 1,000 bytes")
				: FC_ERR_NOMEM;
	for (i = 0; i < fields->n; i++) {
		struct sonic_field *f;
		const char *v = NULL;
		size_t kl = strlen(fields->keys[i]);
		char name[256];
		enum fc_rc rc;

		if ((rc = value_of(c, d, fields->items[i], &v)) != FC_OK)
			return rc;
		/* redis marks a list field with a trailing '@' ("ports@": "a,b") */
		if (kl > 1 && fields->keys[i][kl - 1] == '@')
			kl--;
		if (kl >= sizeof(name))
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, fields->key_lines[i], "%s|%s: a field name over %zu bytes",
					  table, key, sizeof(name) - 1);
		memcpy(name, fields->keys[i], kl);
		name[kl] = '\0';
		name_case(table, name);
		if (!(f = field_slot(c, o, name, kl)))
			return FC_ERR_NOMEM;
		f->value = v;
		f->src = fc_src_at(c->file, fields->key_lines[i]);
	}
	return FC_OK;
}

/* A table the adapter does not know: one not-understood entry at its line. */
static enum fc_rc unknown_table(struct fc_parse_ctx *c, const char *table, unsigned line)
{
	char msg[200];

	snprintf(msg, sizeof(msg), "CONFIG_DB table %.120s: not interpreted by fabcheck", table);
	return fc_dev_add_unparsed(c->m, c->dev, fc_src_at(c->file, line), msg, strlen(msg));
}

static enum fc_rc read_tables(struct fc_parse_ctx *c, struct sonic_state *s, const struct doc *d,
			      const struct doc_node *r, struct fc_hmap *reported);

/* APPL_DB tables read, and the names their objects get (beside CONFIG_DB's). */
static const struct { const char *appl, *as; } appl_tables[] = {
	{ "BUFFER_PG_TABLE", "APPL_BUFFER_PG" },
	{ "BUFFER_PROFILE_TABLE", "APPL_BUFFER_PROFILE" },
};

enum fc_rc sonic_parse_appl_db(struct fc_parse_ctx *c, const struct doc *d)
{
	struct sonic_state *s = sonic_state(c);
	const struct doc_node *r = d->root;
	char key[512];
	size_t i, k;
	enum fc_rc rc;

	if (!s)
		return FC_ERR_NOMEM;
	if (r->type != DOC_MAP)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, r->line, "expected a redis dump of APPL_DB (a JSON object), found %s",
				  doc_type_name(r->type));
	for (i = 0; i < r->n; i++) {
		const char *name = r->keys[i], *colon = strchr(name, ':');
		size_t tl = colon ? (size_t)(colon - name) : strlen(name);

		for (k = 0; k < sizeof(appl_tables) / sizeof(appl_tables[0]); k++)
			if (strlen(appl_tables[k].appl) == tl && !strncmp(appl_tables[k].appl, name, tl))
				break;
		if (!colon || k == sizeof(appl_tables) / sizeof(appl_tables[0])) {
			char msg[200];

			snprintf(msg, sizeof(msg), "APPL_DB key %.120s: not read by fabcheck", name);
			if ((rc = fc_dev_add_unparsed(c->m, c->dev, fc_src_at(c->file, r->key_lines[i]), msg, strlen(msg))) != FC_OK)
				return rc;
			continue;
		}
		/* Ethernet0:3-4 -> Ethernet0|3-4, as CONFIG_DB writes its keys */
		snprintf(key, sizeof(key), "%s", colon + 1);
		for (char *p = key; *p; p++)
			if (*p == ':')
				*p = '|';
		if ((rc = add_obj(c, s, d, appl_tables[k].as, key, r->key_lines[i], r->items[i])) != FC_OK)
			return rc;
	}
	s->have_appl = true;
	return FC_OK;
}

enum fc_rc sonic_parse_config_db(struct fc_parse_ctx *c, const struct doc *d)
{
	struct sonic_state *s = sonic_state(c);
	const struct doc_node *r = d->root;
	struct fc_arena *a = fc_arena_new();
	struct fc_hmap *reported = a ? fc_hmap_new(a, 16) : NULL;   /* unknown tables listed once */
	enum fc_rc rc;

	if (!s || !reported) {
		fc_arena_free(&a);
		return FC_ERR_NOMEM;
	}
	rc = read_tables(c, s, d, r, reported);
	fc_arena_free(&a);
	return rc;
}

static enum fc_rc read_tables(struct fc_parse_ctx *c, struct sonic_state *s, const struct doc *d,
			      const struct doc_node *r, struct fc_hmap *reported)
{
	size_t i, k;
	enum fc_rc rc;
	int failed = 0;

	if (r->type != DOC_MAP)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, r->line, "expected CONFIG_DB as a JSON object of tables, found %s",
				  doc_type_name(r->type));
	s->have_config = true;
	s->config = fc_src_at(c->file, 0);
	for (i = 0; i < r->n; i++) {
		const char *name = r->keys[i], *bar = strchr(name, '|');
		char table[128];
		size_t tl = bar ? (size_t)(bar - name) : strlen(name);

		if (tl >= sizeof(table))
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, r->key_lines[i], "a CONFIG_DB table name over %zu bytes",
					  sizeof(table) - 1);
		memcpy(table, name, tl);
		table[tl] = '\0';
		if (!in(modelled, table)) {
			if (!in(skipped, table) && !fc_hmap_put(reported, table, tl, (void *)1, &failed) &&
			    (rc = unknown_table(c, table, r->key_lines[i])) != FC_OK)
				return rc;
			if (failed)
				return FC_ERR_NOMEM;
			continue;
		}
		if (bar) {   /* flat: "TABLE|KEY": {fields} */
			if ((rc = add_obj(c, s, d, table, bar + 1, r->key_lines[i], r->items[i])) != FC_OK)
				return rc;
			continue;
		}
		if (r->items[i]->type != DOC_MAP)
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, r->items[i]->line,
					  "CONFIG_DB table %s: expected an object of keys, found %s", table,
					  doc_type_name(r->items[i]->type));
		for (k = 0; k < r->items[i]->n; k++)
			if ((rc = add_obj(c, s, d, table, r->items[i]->keys[k], r->items[i]->key_lines[k],
					  r->items[i]->items[k])) != FC_OK)
				return rc;
	}
	return FC_OK;
}
