/* SPDX-License-Identifier: MIT */
/* Inventory loading and validation. */
#include "inventory/inventory.h"

#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter/adapter.h"
#include "transport/transport.h"
#include "util/addr.h"
#include "util/buf.h"
#include "util/hmap.h"
#include "util/str.h"

static const char *const top_keys[] = { "version", "fabric", "devices", "groups", "credentials", "links", NULL };
static const char *const fabric_keys[] = { "name", "profile", "roce", NULL };
static const char *const roce_keys[] = { "priority", "dscp", "cnp_dscp", "mtu", NULL };
static const char *const dev_keys[] = { "name", "role", "platform", "address", "transport", "credential",
					"config", "intent", NULL };
static const char *const cred_keys[] = { "username", "password_env", "password_file", "key_file", NULL };
static const char *const link_keys[] = { "a", "b", "cable", "length_m", "speed", NULL };

static const char *const profiles[] = { "lossless_dcqcn", "pfc_only", "lossy_ecn", NULL };

/* The platforms and transports an inventory may name are the adapter and transport registries'
 * (no second list): their names, NULL-terminated, into out[max]. */
static const char *const *platform_names(const char **out, size_t max)
{
	const struct fc_adapter *const *v;
	size_t n = 0;

	for (v = fc_adapter_list(); *v && n + 1 < max; v++)
		out[n++] = (*v)->platform;
	out[n] = NULL;
	return out;
}

static const char *const *transport_names(const char **out, size_t max)
{
	const struct fc_transport *t;
	size_t n = 0;

	for (t = fc_transport_list(); t->name && n + 1 < max; t++)
		out[n++] = t->name;
	out[n] = NULL;
	return out;
}

static bool one_of(const char *v, const char *const *set)
{
	for (; *set; set++)
		if (strcmp(v, *set) == 0)
			return true;
	return false;
}

static enum fc_rc check_enum(const struct doc *d, const struct doc_node *map, const char *key, const char *v,
			     const char *const *set, struct fc_err *err)
{
	char list[256];
	size_t used = 0;
	const char *const *s;

	if (!v || one_of(v, set))
		return FC_OK;
	list[0] = '\0';
	for (s = set; *s && used < sizeof(list); s++) {
		int n = snprintf(list + used, sizeof(list) - used, "%s%s", *s, s[1] ? ", " : "");

		if (n < 0)
			break;
		used += (size_t)n;
	}
	return fc_err_set(err, FC_ERR_INPUT, d->file, doc_key_line(map, key), "%s: '%s' is not one of %s", key,
			  v, list);
}

bool fc_split_endpoint(const char *s, char *dev, size_t devsz, const char **ifname)
{
	const char *c = strchr(s, ':');

	if (!c || c == s || !c[1] || (size_t)(c - s) >= devsz)
		return false;
	memcpy(dev, s, (size_t)(c - s));
	dev[c - s] = '\0';
	*ifname = c + 1;
	return true;
}

/* Speeds as people write them: 100G, 25g, 400000 (Mb/s). */
static bool parse_speed(const char *s, int64_t *mbps)
{
	size_t n = strlen(s);
	int64_t v;

	if (n > 1 && (s[n - 1] == 'G' || s[n - 1] == 'g')) {
		if (!fc_parse_i64n(s, n - 1, 1, 1600, &v))
			return false;
		*mbps = v * 1000;
		return true;
	}
	return fc_parse_i64(s, 1000, 1600000, mbps);
}

static enum fc_rc load_fabric(struct fc_inventory *inv, const struct doc_node *f, struct fc_err *err)
{
	const struct doc *d = inv->doc;
	const struct doc_node *roce;
	enum fc_rc rc;

	if ((rc = doc_check_keys(d, f, fabric_keys, "fabric", err)) != FC_OK)
		return rc;
	if ((rc = doc_opt_str(d, f, "name", &inv->fabric_name, err)) != FC_OK ||
	    (rc = doc_opt_str(d, f, "profile", &inv->profile, err)) != FC_OK ||
	    (rc = check_enum(d, f, "profile", inv->profile, profiles, err)) != FC_OK)
		return rc;
	inv->profile_line = doc_key_line(f, "profile");
	roce = doc_get(f, "roce");
	if (!roce)
		return FC_OK;
	inv->intent_line = roce->line;
	if ((rc = doc_check_keys(d, roce, roce_keys, "fabric.roce", err)) != FC_OK ||
	    (rc = doc_opt_int(d, roce, "priority", 0, 7, &inv->roce_prio, NULL, err)) != FC_OK ||
	    (rc = doc_opt_int(d, roce, "dscp", 0, 63, &inv->roce_dscp, NULL, err)) != FC_OK ||
	    (rc = doc_opt_int(d, roce, "cnp_dscp", 0, 63, &inv->cnp_dscp, NULL, err)) != FC_OK ||
	    (rc = doc_opt_int(d, roce, "mtu", 576, 9216, &inv->mtu, NULL, err)) != FC_OK)
		return rc;
	return FC_OK;
}

/* A device name becomes a directory of the snapshot (devices/NAME) and a word in reports. */
static enum fc_rc check_name(const struct doc *d, const struct doc_node *n, const char *name, struct fc_err *err)
{
	const char *p;

	if (!name[0] || !strcmp(name, ".") || !strcmp(name, "..") || strlen(name) > 128)
		return fc_err_set(err, FC_ERR_INPUT, d->file, doc_key_line(n, "name"),
				  "name: expected 1 to 128 characters, not '.' or '..'");
	for (p = name; *p; p++)
		if (*p == '/' || *p == ':' || (unsigned char)*p < 0x20 || *p == 0x7f)
			return fc_err_set(err, FC_ERR_INPUT, d->file, doc_key_line(n, "name"),
					  "name: no '/', ':' or control characters in a device name");
	return FC_OK;
}

static enum fc_rc load_devices(struct fc_inventory *inv, const struct doc_node *seq, struct fc_err *err)
{
	const struct doc *d = inv->doc;
	size_t i;
	enum fc_rc rc;

	if ((rc = doc_expect(d, seq, DOC_SEQ, "devices", err)) != FC_OK)
		return rc;
	inv->devices = fc_alloc(d->arena, (seq->n + 1) * sizeof(*inv->devices));
	inv->dev_index = fc_hmap_new(d->arena, seq->n + 16);
	if (!inv->devices || !inv->dev_index)
		return fc_err_set(err, FC_ERR_NOMEM, d->file, 0, "out of memory");
	for (i = 0; i < seq->n; i++) {
		const struct doc_node *n = seq->items[i];
		struct fc_inv_device *dv = &inv->devices[i];
		const char *names[32];

		if ((rc = doc_check_keys(d, n, dev_keys, "device", err)) != FC_OK ||
		    (rc = doc_req_str(d, n, "name", &dv->name, err)) != FC_OK ||
		    (rc = doc_req_str(d, n, "platform", &dv->platform, err)) != FC_OK ||
		    (rc = check_enum(d, n, "platform", dv->platform, platform_names(names, 32), err)) != FC_OK ||
		    (rc = doc_opt_str(d, n, "role", &dv->role, err)) != FC_OK ||
		    (rc = doc_opt_str(d, n, "address", &dv->address, err)) != FC_OK ||
		    (rc = doc_opt_str(d, n, "transport", &dv->transport, err)) != FC_OK ||
		    (rc = check_enum(d, n, "transport", dv->transport, transport_names(names, 32), err)) != FC_OK ||
		    (rc = doc_opt_str(d, n, "credential", &dv->credential, err)) != FC_OK ||
		    (rc = doc_opt_str(d, n, "config", &dv->config, err)) != FC_OK)
			return rc;
		dv->line = n->line;
		dv->config_line = doc_key_line(n, "config");
		dv->address_line = doc_key_line(n, "address");
		dv->intent = doc_get(n, "intent");
		if (dv->intent && (rc = doc_expect(d, dv->intent, DOC_MAP, "intent", err)) != FC_OK)
			return rc;
		if (dv->intent && fc_adapter_find(dv->platform)->intent == fc_adapter_no_intent)
			return fc_err_set(err, FC_ERR_INPUT, d->file, dv->intent->line,
					  "intent: platform %s takes no intent (hosts do)", dv->platform);
		if ((rc = check_name(d, n, dv->name, err)) != FC_OK)
			return rc;
		if (dv->address && dv->transport && fc_transport_find(dv->transport)->address) {
			struct fc_addr a;

			if (!fc_addr_parse(dv->address, &a, err)) {
				fc_err_prefix(err, "address: ");
				fc_err_locate(err, d->file, doc_key_line(n, "address"));
				return err->rc;
			}
		}
		{
			int failed = 0;
			const struct fc_inv_device *prev = fc_hmap_put(inv->dev_index, dv->name, strlen(dv->name), dv, &failed);

			if (failed)
				return fc_err_set(err, FC_ERR_NOMEM, d->file, n->line, "out of memory");
			if (prev)
				return fc_err_set(err, FC_ERR_INPUT, d->file, n->line,
						  "device '%s' defined twice (first on line %u)", dv->name, prev->line);
		}
		inv->ndevices++;
	}
	return FC_OK;
}

static enum fc_rc load_creds(struct fc_inventory *inv, const struct doc_node *map, struct fc_err *err)
{
	const struct doc *d = inv->doc;
	size_t i;
	enum fc_rc rc;

	if ((rc = doc_expect(d, map, DOC_MAP, "credentials", err)) != FC_OK)
		return rc;
	inv->creds = fc_alloc(d->arena, (map->n + 1) * sizeof(*inv->creds));
	if (!inv->creds)
		return FC_ERR_NOMEM;
	for (i = 0; i < map->n; i++) {
		const struct doc_node *n = map->items[i];
		struct fc_inv_credential *c = &inv->creds[i];

		c->name = map->keys[i];
		c->line = map->key_lines[i];
		if ((rc = doc_check_keys(d, n, cred_keys, "credential", err)) != FC_OK ||
		    (rc = doc_opt_str(d, n, "username", &c->username, err)) != FC_OK ||
		    (rc = doc_opt_str(d, n, "password_env", &c->password_env, err)) != FC_OK ||
		    (rc = doc_opt_str(d, n, "password_file", &c->password_file, err)) != FC_OK ||
		    (rc = doc_opt_str(d, n, "key_file", &c->key_file, err)) != FC_OK)
			return rc;
		inv->ncreds++;
	}
	return FC_OK;
}

static enum fc_rc load_groups(struct fc_inventory *inv, const struct doc_node *map, struct fc_err *err)
{
	const struct doc *d = inv->doc;
	size_t i, j;
	enum fc_rc rc;

	if ((rc = doc_expect(d, map, DOC_MAP, "groups", err)) != FC_OK)
		return rc;
	inv->groups = fc_alloc(d->arena, (map->n + 1) * sizeof(*inv->groups));
	if (!inv->groups)
		return FC_ERR_NOMEM;
	for (i = 0; i < map->n; i++) {
		const struct doc_node *seq = map->items[i];
		struct fc_inv_group *g = &inv->groups[i];

		g->name = map->keys[i];
		g->line = map->key_lines[i];
		if ((rc = doc_expect(d, seq, DOC_SEQ, g->name, err)) != FC_OK)
			return rc;
		g->members = fc_alloc(d->arena, (seq->n + 1) * sizeof(*g->members));
		if (!g->members)
			return FC_ERR_NOMEM;
		for (j = 0; j < seq->n; j++) {
			if ((rc = doc_as_str(d, seq->items[j], "group member", &g->members[j], err)) != FC_OK)
				return rc;
			if (!fc_inventory_device(inv, g->members[j]))
				return fc_err_set(err, FC_ERR_INPUT, d->file, seq->items[j]->line,
						  "group '%s' names unknown device '%s'", g->name, g->members[j]);
		}
		g->n = seq->n;
		inv->ngroups++;
	}
	return FC_OK;
}

static enum fc_rc endpoint(struct fc_inventory *inv, const struct doc_node *n, const char *key,
			   const char **dev, const char **ifn, struct fc_err *err)
{
	const struct doc *d = inv->doc;
	const char *s;
	char name[256];
	enum fc_rc rc;

	if ((rc = doc_req_str(d, n, key, &s, err)) != FC_OK)
		return rc;
	if (!fc_split_endpoint(s, name, sizeof(name), ifn))
		return fc_err_set(err, FC_ERR_INPUT, d->file, doc_key_line(n, key),
				  "%s: expected DEVICE:INTERFACE, found '%s'", key, s);
	if (!fc_inventory_device(inv, name))
		return fc_err_set(err, FC_ERR_INPUT, d->file, doc_key_line(n, key),
				  "%s: cabling plan names unknown device '%s'", key, name);
	*dev = fc_strdup(d->arena, name);
	return *dev ? FC_OK : FC_ERR_NOMEM;
}

static enum fc_rc load_links(struct fc_inventory *inv, const struct doc_node *seq, struct fc_err *err)
{
	const struct doc *d = inv->doc;
	struct fc_hmap *ports;
	size_t i, j;
	enum fc_rc rc;

	if ((rc = doc_expect(d, seq, DOC_SEQ, "links", err)) != FC_OK)
		return rc;
	inv->links = fc_alloc(d->arena, (seq->n + 1) * sizeof(*inv->links));
	ports = fc_hmap_new(d->arena, 2 * seq->n + 16);
	if (!inv->links || !ports)
		return FC_ERR_NOMEM;
	for (i = 0; i < seq->n; i++) {
		const struct doc_node *n = seq->items[i], *len;
		struct fc_inv_link *l = &inv->links[i];
		const char *speed = NULL, *cable = NULL;

		if ((rc = doc_check_keys(d, n, link_keys, "link", err)) != FC_OK ||
		    (rc = endpoint(inv, n, "a", &l->a_dev, &l->a_if, err)) != FC_OK ||
		    (rc = endpoint(inv, n, "b", &l->b_dev, &l->b_if, err)) != FC_OK ||
		    (rc = doc_opt_str(d, n, "cable", &cable, err)) != FC_OK ||
		    (rc = doc_opt_str(d, n, "speed", &speed, err)) != FC_OK)
			return rc;
		if (cable && !fc_cable_parse(cable, &l->cable)) {
			const char *names[FC_CABLE_COUNT];
			int c;

			for (c = 1; c < FC_CABLE_COUNT; c++)
				names[c - 1] = fc_cable_name((enum fc_cable)c);
			names[FC_CABLE_COUNT - 1] = NULL;
			return check_enum(d, n, "cable", cable, names, err);
		}
		l->line = n->line;
		l->length_m = -1;
		if ((len = doc_get(n, "length_m"))) {
			if ((rc = doc_as_double(d, len, "length_m", &l->length_m, err)) != FC_OK)
				return rc;
			if (l->length_m <= 0 || l->length_m > 100000)
				return fc_err_set(err, FC_ERR_INPUT, d->file, len->line,
						  "length_m: expected a length in metres above 0, found %s", len->str);
		}
		if (speed && !parse_speed(speed, &l->speed_mbps))
			return fc_err_set(err, FC_ERR_INPUT, d->file, doc_key_line(n, "speed"),
					  "speed: expected e.g. 100G or a number of Mb/s, found '%s'", speed);
		if (strcmp(l->a_dev, l->b_dev) == 0 && strcmp(l->a_if, l->b_if) == 0)
			return fc_err_set(err, FC_ERR_INPUT, d->file, n->line, "link connects %s:%s to itself",
					  l->a_dev, l->a_if);
		/* each port is cabled once: one hash entry per end, "device\0interface" */
		for (j = 0; j < 2; j++) {
			char key[512];
			int failed = 0, klen = snprintf(key, sizeof(key), "%s%c%s", j ? l->b_dev : l->a_dev, 0,
							j ? l->b_if : l->a_if);
			const struct fc_inv_link *o;

			if (klen < 0 || (size_t)klen >= sizeof(key))
				return fc_err_set(err, FC_ERR_INPUT, d->file, n->line, "link: a port name is too long");
			o = fc_hmap_put(ports, key, (size_t)klen, l, &failed);
			if (failed)
				return fc_err_set(err, FC_ERR_NOMEM, d->file, n->line, "out of memory");
			if (o)
				return fc_err_set(err, FC_ERR_INPUT, d->file, n->line,
						  "a port of this link is already cabled on line %u", o->line);
		}
		inv->nlinks++;
	}
	return FC_OK;
}

static enum fc_rc parse(const char *path, const char *text, size_t len, bool intent_only, struct fc_inventory **out,
			struct fc_err *err);

static enum fc_rc load(const char *path, bool intent_only, struct fc_inventory **out, struct fc_err *err)
{
	struct fc_buf b;
	enum fc_rc rc;

	*out = NULL;
	if ((rc = fc_read_file(path, FC_MAX_INPUT_FILE, &b, err)) != FC_OK)
		return rc;
	rc = parse(path, b.data, b.len, intent_only, out, err);
	fc_buf_free(&b);
	return rc;
}

enum fc_rc fc_inventory_load(const char *path, struct fc_inventory **out, struct fc_err *err)
{
	return load(path, false, out, err);
}

enum fc_rc fc_intent_load(const char *path, struct fc_inventory **out, struct fc_err *err)
{
	return load(path, true, out, err);
}

enum fc_rc fc_inventory_parse(const char *path, const char *text, size_t len, struct fc_inventory **out,
			      struct fc_err *err)
{
	return parse(path, text, len, false, out, err);
}

enum fc_rc fc_intent_parse(const char *path, const char *text, size_t len, struct fc_inventory **out,
			   struct fc_err *err)
{
	return parse(path, text, len, true, out, err);
}

static enum fc_rc parse(const char *path, const char *text, size_t len, bool intent_only, struct fc_inventory **out,
			struct fc_err *err)
{
	struct doc *doc = NULL;
	struct fc_inventory *inv;
	const struct doc_node *r, *n;
	int64_t version;
	enum fc_rc rc;
	size_t i;
	char *tmp;

	*out = NULL;
	if ((rc = doc_parse(path, text, len, &doc, err)) != FC_OK)
		return rc;
	if ((rc = doc_check_text(doc, err)) != FC_OK) {
		doc_free(&doc);
		return rc;
	}
	inv = fc_alloc(doc->arena, sizeof(*inv));
	tmp = fc_strdup(doc->arena, path);
	if (!inv || !tmp) {
		doc_free(&doc);
		return fc_err_set(err, FC_ERR_NOMEM, path, 0, "out of memory");
	}
	inv->doc = doc;
	inv->path = doc->file;
	inv->dir = fc_strdup(doc->arena, dirname(tmp));
	inv->roce_prio = inv->roce_dscp = inv->cnp_dscp = inv->mtu = -1;
	r = doc->root;
	if ((rc = doc_check_keys(doc, r, top_keys, "inventory", err)) != FC_OK)
		goto out;
	if (!doc_get(r, "version")) {
		rc = fc_err_set(err, FC_ERR_INPUT, path, r->line, "missing required key 'version' (use version: 1)");
		goto out;
	}
	if ((rc = doc_opt_int(doc, r, "version", 1, 1, &version, NULL, err)) != FC_OK)
		goto out;
	if ((n = doc_get(r, "fabric")) && (rc = load_fabric(inv, n, err)) != FC_OK)
		goto out;
	if (!(n = doc_get(r, "devices")) && !intent_only) {
		rc = fc_err_set(err, FC_ERR_INPUT, path, r->line, "missing required key 'devices'");
		goto out;
	}
	if (intent_only && !doc_get(r, "fabric")) {
		rc = fc_err_set(err, FC_ERR_INPUT, path, r->line, "missing required key 'fabric' (the fabric's intent)");
		goto out;
	}
	if (n && (rc = load_devices(inv, n, err)) != FC_OK)
		goto out;
	if ((n = doc_get(r, "credentials")) && (rc = load_creds(inv, n, err)) != FC_OK)
		goto out;
	if ((n = doc_get(r, "groups")) && (rc = load_groups(inv, n, err)) != FC_OK)
		goto out;
	if ((n = doc_get(r, "links")) && (rc = load_links(inv, n, err)) != FC_OK)
		goto out;
	for (i = 0; i < inv->ndevices; i++) {
		const struct fc_inv_device *dv = &inv->devices[i];
		size_t c;

		if (!dv->credential)
			continue;
		for (c = 0; c < inv->ncreds; c++)
			if (strcmp(inv->creds[c].name, dv->credential) == 0)
				break;
		if (c == inv->ncreds) {
			rc = fc_err_set(err, FC_ERR_INPUT, path, dv->line,
					"device '%s' names unknown credential '%s'", dv->name, dv->credential);
			goto out;
		}
	}
out:
	if (rc != FC_OK) {
		if (err->rc == FC_OK)
			fc_err_set(err, rc, path, 0, "out of memory");
		doc_free(&doc);
		return rc;
	}
	*out = inv;
	return FC_OK;
}

void fc_inventory_free(struct fc_inventory **inv)
{
	struct doc *d;

	if (!inv || !*inv)
		return;
	d = (*inv)->doc;
	doc_free(&d);
	*inv = NULL;
}

const struct fc_inv_device *fc_inventory_device(const struct fc_inventory *inv, const char *name)
{
	return inv->dev_index ? fc_hmap_get(inv->dev_index, name, strlen(name)) : NULL;
}
