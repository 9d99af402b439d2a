/* SPDX-License-Identifier: MIT */
/* NVUE's configuration, in each form NVUE writes it:
 *   YAML: /etc/nvue.d/startup.yaml and `nv config show` (-o yaml): a list of `- header:` (model,
 *         version) and `- set:` documents, the set tree under the second;
 *   JSON: `nv config show -o json` (the same list) and the REST API's applied revision (GET
 *         /nvue_v1/?rev=applied: the set tree itself);
 *   commands: `nv config show -o commands`, one `nv set PATH VALUE` (or `nv unset PATH`) a line,
 *         built into the same tree (the value a key of its own, as the YAML writes a collection).
 * In the tree a scalar is either `key: value` or `key: {value: {}}` (a collection of one), a
 * range of interfaces one key ("swp1-32,swp49", "swp1s0-3"). Read (nvue.h): interface (type,
 * description, link speed/mtu/fec/lanes/auto-negotiate/state/duplex/breakout, ip address, bond
 * member, qos profiles, pfc-watchdog, acl bindings), qos (roce, mapping, pfc, link-pause,
 * congestion-control, egress-queue-mapping, egress-scheduler, remark, traffic-pool), acl (rules of
 * ipv4 and ipv6 ACLs), system hostname. Subtrees that decide nothing fabcheck checks (routing,
 * bridging, services) are skipped by name; any other key is listed as not understood at its line. */
#include "vendors/nvue/nvue_cfg.h"

/* "<path> <key>[: <value>]" at line, listed as not understood. */
enum fc_rc nvue_unparsed(struct nvue_cfg *g, unsigned line, const char *path, const char *key,
				   const struct doc_node *v, const char *why)
{
	const char *val = v && v->type != DOC_MAP && v->type != DOC_SEQ ? v->str : NULL;
	char *t = fc_sprintf(g->c->m->arena, "%s%s%s%s%s%s%s", path, *path ? " " : "", key, val ? ": " : "", val ? val : "",
			     why ? " -- " : "", why ? why : "");

	if (!t)
		return FC_ERR_NOMEM;
	return fc_dev_add_unparsed(g->c->m, g->c->dev, at(g, line), t, strlen(t));
}

/* --- interfaces -------------------------------------------------------------------------------- */

static enum fc_rc link_key(struct nvue_cfg *g, struct nvue_port *p, const char *path, const char *k, const struct doc_node *v,
			   unsigned line)
{
	static const struct fc_spelling fecs[] = {
		{ "auto", FC_FEC_AUTO }, { "driver-auto", FC_FEC_AUTO }, { "baser", FC_FEC_BASER }, { "rs", FC_FEC_RS },
		{ "off", FC_FEC_OFF }, { NULL, 0 },
	};
	struct fc_model *m = g->c->m;
	struct fc_iface *ifc = p->ifc;
	const char *w = word(v);
	int64_t x, lanes;
	bool on;
	int f;

	if (!strcmp(k, "speed")) {
		if (w && !strcmp(w, "auto")) {
			fc_set_bool(&ifc->autoneg, true, at(g, line));
			return FC_OK;
		}
		if (!w || !fc_speed_parse(w, &x, &lanes))
			return nvue_unparsed(g, line, path, k, v, "expected a speed (100G) or auto");
		fc_set_int(&ifc->speed_mbps, x, at(g, line));
	} else if (!strcmp(k, "mtu")) {
		if (!int_of(w, 552, 65535, &x))
			return nvue_unparsed(g, line, path, k, v, "expected an MTU 552-9216");
		fc_set_int(&p->ip_mtu, x, at(g, line));
		fc_set_int(&ifc->mtu, x + 18, at(g, line));
		ifc->mtu.m.why = "NVUE's link mtu is the Linux (IP) MTU: + 14 bytes of Ethernet header and 4 of VLAN tag";
	} else if (!strcmp(k, "fec")) {
		if (!w || (f = fc_spelling_find(fecs, w, false)) < 0)
			return nvue_unparsed(g, line, path, k, v, "expected auto, baser, rs, off or driver-auto");
		fc_set_fec(&ifc->fec_config, (enum fc_fec)f, at(g, line));
	} else if (!strcmp(k, "lanes")) {
		if (!int_of(w, 1, 16, &x))
			return nvue_unparsed(g, line, path, k, v, "expected a lane count");
		fc_set_int(&ifc->lanes, x, at(g, line));
	} else if (!strcmp(k, "auto-negotiate")) {
		if (!w || !nvue_onoff(w, &on))
			return nvue_unparsed(g, line, path, k, v, "expected on or off");
		fc_set_bool(&ifc->autoneg, on, at(g, line));
	} else if (!strcmp(k, "state")) {
		if (!w || (strcmp(w, "up") && strcmp(w, "down")))
			return nvue_unparsed(g, line, path, k, v, "expected up or down");
		fc_set_str(m, &ifc->admin_state, w, at(g, line));
	} else if (!strcmp(k, "duplex")) {
		if (!w || (strcmp(w, "full") && strcmp(w, "half")))
			return nvue_unparsed(g, line, path, k, v, "expected full or half");
		fc_set_str(m, &ifc->duplex, w, at(g, line));
	} else if (!strcmp(k, "breakout")) {
		struct fc_swport *sw = fc_swport_mut(m, ifc);

		if (!sw)
			return FC_ERR_NOMEM;
		if (!w)
			return nvue_unparsed(g, line, path, k, v, "expected a breakout (4x, 2x, disabled)");
		fc_set_str(m, &sw->breakout, w, at(g, line));
	} else if (in_list(k, (const char *const[]){ "flap-protection", "signal-integrity", "dot1x", "mac-address",
						      "protodown", "protodown-reason", NULL })) {
		return FC_OK;
	} else
		return nvue_unparsed(g, line, path, k, v, NULL);
	return FC_OK;
}

static enum fc_rc iface_keys(struct nvue_cfg *g, struct nvue_port *p, const char *path, const struct doc_node *e)
{
	struct fc_model *m = g->c->m;
	struct fc_iface *ifc = p->ifc;
	size_t j, i;
	enum fc_rc rc = FC_OK;

	for (j = 0; j < e->n && rc == FC_OK; j++) {
		const char *k = e->keys[j];
		const struct doc_node *v = e->items[j];
		unsigned l = e->key_lines[j];
		char sub[300];

		snprintf(sub, sizeof(sub), "%s %s", path, k);
		if (!strcmp(k, "type"))
			continue;
		if (!strcmp(k, "description")) {
			if (word(v))
				fc_set_str(m, &ifc->description, word(v), at(g, l));
		} else if (!strcmp(k, "link")) {
			for (i = 0; v && v->type == DOC_MAP && i < v->n && rc == FC_OK; i++)
				rc = link_key(g, p, sub, v->keys[i], v->items[i], v->key_lines[i]);
		} else if (!strcmp(k, "ip")) {
			for (i = 0; v && v->type == DOC_MAP && i < v->n && rc == FC_OK; i++) {
				const struct doc_node *a = v->items[i];
				size_t q;

				if (!strcmp(v->keys[i], "address") && a && a->type == DOC_MAP) {
					for (q = 0; q < a->n && rc == FC_OK; q++)
						rc = fc_strlist_add(m, &ifc->addresses, a->keys[q], at(g, a->key_lines[q]));
				} else if (!strcmp(v->keys[i], "address") && word(a)) {
					rc = fc_strlist_add(m, &ifc->addresses, word(a), at(g, v->key_lines[i]));
				} else if (!in_list(v->keys[i], (const char *const[]){ "vrf", "igmp", "neighbor-discovery", "vrr",
											"ipv4", "ipv6", "gateway", "forward",
											"pim", "address-virtual", NULL }))
					rc = nvue_unparsed(g, v->key_lines[i], sub, v->keys[i], a, NULL);
			}
		} else if (!strcmp(k, "bond")) {
			const struct doc_node *mem = v && v->type == DOC_MAP ? doc_get(v, "member") : NULL;

			for (i = 0; mem && mem->type == DOC_MAP && i < mem->n && rc == FC_OK; i++) {
				const char **names;
				const char *why;
				size_t n, q;

				if (!fc_iflist(m, mem->keys[i], nvue_ifname_canon, false, &names, &n, &why)) {
					rc = nvue_unparsed(g, mem->key_lines[i], sub, mem->keys[i], NULL, why);
					continue;
				}
				for (q = 0; q < n; q++) {
					struct nvue_port *mp = nvue_port_of(g->c, g->s, names[q]);
					struct fc_swport *sw = mp ? fc_swport_mut(m, mp->ifc) : NULL;

					if (!sw)
						return FC_ERR_NOMEM;
					mp->data = true;
					fc_set_str(m, &sw->lag, ifc->name, at(g, mem->key_lines[i]));
				}
			}
		} else if (!strcmp(k, "qos")) {
			for (i = 0; v && v->type == DOC_MAP && i < v->n && rc == FC_OK; i++) {
				const char *qk = v->keys[i];
				const struct doc_node *x = v->items[i];
				int kind;

				for (kind = 0; kind < NP_KINDS && strcmp(qk, nvue_pkind_name((enum nvue_pkind)kind)); kind++)
					;
				if (kind < NP_KINDS && x && x->type == DOC_MAP && word(doc_get(x, "profile")))
					fc_set_str(m, &p->prof[kind], word(doc_get(x, "profile")), at(g, doc_key_line(x, "profile")));
				else if (!strcmp(qk, "pfc-watchdog")) {
					bool on = true;

					if (word(x) && !nvue_onoff(word(x), &on))
						rc = nvue_unparsed(g, v->key_lines[i], sub, qk, x, "expected enable or disable");
					fc_set_bool(&p->pfc_wd, on, at(g, v->key_lines[i]));
				} else if (!strcmp(qk, "egress-shaper") || !strcmp(qk, "roce"))
					continue;
				else
					rc = nvue_unparsed(g, v->key_lines[i], sub, qk, x, NULL);
			}
		} else if (!strcmp(k, "acl")) {
			for (i = 0; v && v->type == DOC_MAP && i < v->n && rc == FC_OK; i++) {
				const struct doc_node *x = v->items[i];
				struct fc_swport *sw = fc_swport_mut(m, ifc);

				if (!sw)
					return FC_ERR_NOMEM;
				if (x && x->type == DOC_MAP && doc_get(x, "inbound"))
					fc_set_str(m, &sw->acl_in, v->keys[i], at(g, doc_key_line(x, "inbound")));
				if (x && x->type == DOC_MAP && doc_get(x, "outbound"))
					fc_set_str(m, &sw->acl_out, v->keys[i], at(g, doc_key_line(x, "outbound")));
				if (!x || x->type != DOC_MAP || (!doc_get(x, "inbound") && !doc_get(x, "outbound")))
					rc = nvue_unparsed(g, v->key_lines[i], sub, v->keys[i], x, "expected inbound or outbound");
			}
		} else if (!in_list(k, (const char *const[]){ "lldp", "router", "evpn", "ptp", "synce", "packet-trim",
							     "bridge", "neighbor", "vlan", "base-interface", "tunnel",
							     "hostname", "ipv6", "pim", "mlag", "sflow", "counters", NULL }))
			rc = nvue_unparsed(g, l, path, k, v, NULL);
	}
	return rc;
}

/* Whether NVUE gives an interface named so, without a type, a type off the data path fabcheck
 * checks (NVIDIA Cumulus Linux user guide, "Interface Configuration and Management": lo the
 * loopback, ethN the management ports, vlanN an SVI). */
static bool typed_by_name(const char *n)
{
	const char *d = NULL;

	if (!strcmp(n, "lo") || !strcmp(n, "mgmt"))
		return true;
	if (!strncmp(n, "eth", 3))
		d = n + 3;
	else if (!strncmp(n, "vlan", 4))
		d = n + 4;
	return d && *d && strspn(d, "0123456789") == strlen(d);
}

static enum fc_rc interfaces(struct nvue_cfg *g, const struct doc_node *v, unsigned line)
{
	struct fc_model *m = g->c->m;
	size_t i, q;
	enum fc_rc rc = FC_OK;

	if (!v || v->type != DOC_MAP)
		return nvue_unparsed(g, line, "", "interface", v, "expected interfaces by name");
	for (i = 0; i < v->n && rc == FC_OK; i++) {
		const struct doc_node *e = v->items[i];
		const char *type = e && e->type == DOC_MAP ? word(doc_get(e, "type")) : NULL;
		const char **names;
		const char *why;
		size_t n;
		bool bond;

		if (e && e->type != DOC_MAP && e->type != DOC_NULL) {
			rc = nvue_unparsed(g, v->key_lines[i], "interface", v->keys[i], e, "expected the interface's settings");
			continue;
		}
		if (type && in_list(type, (const char *const[]){ "loopback", "eth", "svi", "vxlan", "peerlink",
								 "tunnel", NULL }))
			continue;   /* not a front-panel port, subinterface or bond: off the fabric's data path */
		if (type && strcmp(type, "swp") && strcmp(type, "bond") && strcmp(type, "sub")) {
			rc = nvue_unparsed(g, doc_key_line(e, "type"), fc_sprintf(m->arena, "interface %s", v->keys[i]), "type",
					    doc_get(e, "type"), NULL);
			continue;
		}
		bond = (type && !strcmp(type, "bond")) || (e && e->type == DOC_MAP && doc_get(e, "bond"));
		/* a subinterface (NAME.VLAN) is an interface of its own, as NX-OS's and EOS's are */
		if (!type && !bond && !strchr(v->keys[i], '.') &&
		    (strncmp(v->keys[i], "swp", 3) || v->keys[i][3] < '0' || v->keys[i][3] > '9')) {
			if (!typed_by_name(v->keys[i]))
				rc = nvue_unparsed(g, v->key_lines[i], "interface", v->keys[i], NULL,
						   "expected swpN, NAME.VLAN, a bond, or lo, ethN, vlanN (no type given)");
			continue;   /* lo, eth0, vlanN, ... written without a type: off the data path */
		}
		if (!fc_iflist(m, v->keys[i], nvue_ifname_canon, false, &names, &n, &why)) {
			rc = nvue_unparsed(g, v->key_lines[i], "interface", v->keys[i], NULL, why);
			continue;
		}
		for (q = 0; q < n && rc == FC_OK; q++) {
			struct nvue_port *p = nvue_port_of(g->c, g->s, names[q]);

			if (!p)
				return FC_ERR_NOMEM;
			p->data = true;
			if (e && e->type == DOC_MAP)
				rc = iface_keys(g, p, fc_sprintf(m->arena, "interface %s", v->keys[i]), e);
		}
	}
	return rc;
}

/* --- the tree ---------------------------------------------------------------------------------- */

static enum fc_rc set_tree(struct nvue_cfg *g, const struct doc_node *set)
{
	size_t i;
	enum fc_rc rc = FC_OK;

	for (i = 0; i < set->n && rc == FC_OK; i++) {
		const char *k = set->keys[i];
		const struct doc_node *v = set->items[i];
		unsigned l = set->key_lines[i];

		if (!strcmp(k, "interface"))
			rc = interfaces(g, v, l);
		else if (!strcmp(k, "qos"))
			rc = nvue_cfg_qos(g, v, l);
		else if (!strcmp(k, "acl"))
			rc = nvue_cfg_acls(g, v, l);
		else if (!strcmp(k, "system")) {
			const char *h = v && v->type == DOC_MAP ? word(doc_get(v, "hostname")) : NULL;

			if (h)
				fc_set_str(g->c->m, &g->c->dev->hostname, h, at(g, doc_key_line(v, "hostname")));
		} else if (!in_list(k, (const char *const[]){ "router", "vrf", "bridge", "evpn", "nve", "mlag", "service",
							     "platform", "ptp", "maintenance", "system", "vrrp", "nve",
							     "bgp", NULL }))
			rc = nvue_unparsed(g, l, "", k, v, NULL);
	}
	return rc;
}

static void header(struct nvue_cfg *g, const struct doc_node *h)
{
	const char *model = word(doc_get(h, "model")), *ver = word(doc_get(h, "version"));

	if (model)
		fc_set_str(g->c->m, &g->s->header_model, model, at(g, doc_key_line(h, "model")));
	if (ver)
		fc_set_str(g->c->m, &g->s->header_version, ver, at(g, doc_key_line(h, "version")));
}

static enum fc_rc walk_root(struct nvue_cfg *g, const struct doc *d)
{
	const struct doc_node *r = d->root;
	size_t i, j;
	enum fc_rc rc = FC_OK;

	g->s->have_config = true;
	g->s->config = at(g, 1);
	if (r && r->type == DOC_MAP && !doc_get(r, "set") && !doc_get(r, "header"))
		return set_tree(g, r);   /* the REST API's applied revision */
	if (!r || (r->type != DOC_SEQ && r->type != DOC_MAP))
		return fc_err_set(g->c->err, FC_ERR_INPUT, g->c->file, r ? r->line : 1,
				  "expected NVUE's configuration: a list of '- header:' and '- set:' documents, or the set "
				  "tree of the REST API");
	for (i = 0; i < (r->type == DOC_SEQ ? r->n : 1) && rc == FC_OK; i++) {
		const struct doc_node *e = r->type == DOC_SEQ ? r->items[i] : r;

		if (!e || e->type != DOC_MAP)
			return fc_err_set(g->c->err, FC_ERR_INPUT, g->c->file, e ? e->line : r->line,
					  "expected a '- header:' or '- set:' document");
		for (j = 0; j < e->n && rc == FC_OK; j++) {
			const struct doc_node *v = e->items[j];

			if (!strcmp(e->keys[j], "header") && v && v->type == DOC_MAP)
				header(g, v);
			else if (!strcmp(e->keys[j], "set") && v && v->type == DOC_MAP)
				rc = set_tree(g, v);
			else if (!strcmp(e->keys[j], "set") && v && v->type == DOC_NULL)
				continue;
			else
				rc = nvue_unparsed(g, e->key_lines[j], "", e->keys[j], v,
						    !strcmp(e->keys[j], "unset") ? "an unset document is not applied" : NULL);
		}
	}
	return rc;
}

/* --- nv set commands --------------------------------------------------------------------------- */

/* The words of a command, quotes ("..." and '...') taken off; NULL-terminated into w (at most
 * max), *n of them; false when a quote is not closed or there are more. */
static bool cmd_words(struct fc_arena *a, const char *line, size_t len, char **w, size_t max, size_t *n)
{
	size_t i = 0;

	*n = 0;
	while (i < len) {
		char q = 0, *out;
		size_t o = 0;

		while (i < len && (line[i] == ' ' || line[i] == '\t'))
			i++;
		if (i >= len)
			break;
		if (*n + 1 >= max || !(out = fc_alloc(a, len - i + 1)))
			return false;
		while (i < len && (q || (line[i] != ' ' && line[i] != '\t'))) {
			if (!q && (line[i] == '"' || line[i] == '\''))
				q = line[i];
			else if (q && line[i] == q)
				q = 0;
			else
				out[o++] = line[i];
			i++;
		}
		if (q)
			return false;
		out[o] = '\0';
		w[(*n)++] = out;
	}
	w[*n] = NULL;
	return true;
}

/* The tree the commands build: children found by (parent, key) in an index while no `nv unset`
 * took a node out; after one, by a scan of the parent (an unset is rare: `nv config show -o
 * commands` writes none). */
struct ctree {
	struct fc_arena *a;
	struct fc_hmap *index;
	bool scan;
};

static size_t map_cap(size_t n)
{
	size_t cap = n ? 8 : 0;

	while (cap && cap < n)
		cap *= 2;
	return cap;   /* what fc_grow's doubling from 8 reached for n items */
}

static struct doc_node *child(struct ctree *t, struct doc_node *map, const char *key, unsigned line)
{
	struct doc_node *n;
	size_t k, cap = map_cap(map->n), klen = strlen(key);
	char buf[512], *ik = buf;
	int failed = 0;

	if (klen + sizeof(map) > sizeof(buf) && !(ik = fc_alloc(t->a, klen + sizeof(map))))
		return NULL;
	memcpy(ik, &map, sizeof(map));
	memcpy(ik + sizeof(map), key, klen);
	if (!t->scan && (n = fc_hmap_get(t->index, ik, klen + sizeof(map))))
		return n;
	for (k = 0; t->scan && k < map->n; k++)
		if (!strcmp(map->keys[k], key))
			return map->items[k];
	if (!(n = fc_alloc(t->a, sizeof(*n))))
		return NULL;
	n->type = DOC_MAP;
	n->line = line;
	if (doc_add_child(t->a, map, &cap, n, key, line) != FC_OK)
		return NULL;
	if (!t->scan)
		fc_hmap_put(t->index, ik, klen + sizeof(map), n, &failed);
	return failed ? NULL : n;
}

static void unset(struct doc_node *map, char **w, size_t n)
{
	size_t k;

	for (k = 0; k < map->n; k++)
		if (!strcmp(map->keys[k], w[0])) {
			if (n > 1 && map->items[k]->type == DOC_MAP && map->items[k]->n)
				unset(map->items[k], w + 1, n - 1);
			else if (n == 1) {
				memmove(&map->keys[k], &map->keys[k + 1], (map->n - k - 1) * sizeof(*map->keys));
				memmove(&map->items[k], &map->items[k + 1], (map->n - k - 1) * sizeof(*map->items));
				memmove(&map->key_lines[k], &map->key_lines[k + 1], (map->n - k - 1) * sizeof(*map->key_lines));
				map->n--;
			}
			return;
		}
}

/* `nv set a b c v` lines into the set tree {a: {b: {c: {v: {}}}}}; `nv unset a b` removes that
 * subtree. Other lines (nv config apply, comments) decide nothing; a line that is not a command is
 * listed as not understood. */
static enum fc_rc commands(struct nvue_cfg *g, const char *text)
{
	struct doc d = { 0 };
	struct ctree t = { 0 };
	struct doc_node *root;
	struct fc_lines it;
	char *w[64];
	enum fc_rc rc = FC_OK;

	if (!(d.arena = fc_arena_new()))
		return FC_ERR_NOMEM;
	d.file = g->c->file;
	t.a = d.arena;
	if (!(root = fc_alloc(d.arena, sizeof(*root))) || !(t.index = fc_hmap_new(d.arena, 256))) {
		fc_arena_free(&d.arena);
		return FC_ERR_NOMEM;
	}
	root->type = DOC_MAP;
	root->line = 1;
	d.root = root;
	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		size_t n, k;
		struct doc_node *at_ = root;

		if (!cmd_words(d.arena, it.line, it.len, w, sizeof(w) / sizeof(w[0]), &n)) {
			rc = fc_dev_add_unparsed(g->c->m, g->c->dev, at(g, it.lineno), it.line, it.len);
			continue;
		}
		if (!n || w[0][0] == '#' || (n >= 3 && !strcmp(w[0], "nv") && !strcmp(w[1], "config")))
			continue;
		if (n < 3 || strcmp(w[0], "nv") || (strcmp(w[1], "set") && strcmp(w[1], "unset"))) {
			rc = fc_dev_add_unparsed(g->c->m, g->c->dev, at(g, it.lineno), it.line, it.len);
			continue;
		}
		if (!strcmp(w[1], "unset")) {
			unset(root, w + 2, n - 2);
			t.scan = true;
			continue;
		}
		for (k = 2; k < n && at_; k++)
			at_ = child(&t, at_, w[k], it.lineno);
		if (!at_)
			rc = FC_ERR_NOMEM;
	}
	if (rc == FC_OK) {
		struct doc_node *seq = fc_alloc(d.arena, sizeof(*seq)), *set = fc_alloc(d.arena, sizeof(*set));
		size_t cap = 0, cap2 = 0;

		if (!seq || !set)
			rc = FC_ERR_NOMEM;
		else {
			seq->type = DOC_SEQ, seq->line = 1, set->type = DOC_MAP, set->line = 1;
			if (doc_add_child(d.arena, set, &cap2, root, "set", 1) != FC_OK ||
			    doc_add_child(d.arena, seq, &cap, set, NULL, 1) != FC_OK)
				rc = FC_ERR_NOMEM;
			d.root = seq;
			if (rc == FC_OK)
				rc = walk_root(g, &d);
		}
	}
	fc_arena_free(&d.arena);
	return rc;
}

/* --- entry points ------------------------------------------------------------------------------ */

enum fc_rc nvue_text_config(struct fc_parse_ctx *c, const char *text)
{
	struct nvue_cfg g = { c, nvue_state(c) };
	const char *p = text + strspn(text, " \t\r\n");
	struct doc *d = NULL;
	enum fc_rc rc;

	if (!g.s)
		return FC_ERR_NOMEM;
	if (!strncmp(p, "nv ", 3) || !strncmp(p, "#", 1)) {
		const char *q = p;

		while (*q == '#') {   /* comments first: commands or YAML after them */
			q = strchr(q, '\n');
			q = q ? q + strspn(q, " \t\r\n") : "";
		}
		if (!strncmp(q, "nv ", 3)) {
			g.s->commands = true;
			g.s->have_config = true;
			g.s->config = fc_src_at(c->file, 1);
			return commands(&g, text);
		}
	}
	rc = (*p == '{' || *p == '[') ? doc_parse_json(c->file, text, strlen(text), &d, c->err)
				      : doc_parse_yaml(c->file, text, strlen(text), &d, c->err);
	if (rc != FC_OK)
		return rc;
	rc = walk_root(&g, d);
	doc_free(&d);
	return rc;
}
