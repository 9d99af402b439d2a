/* SPDX-License-Identifier: MIT */
/* NX-OS's policy tree and port values (nxos_policy.h): the adapter's own state, its lookups, and
 * its dump for `fabcheck parse`. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "model/model_json.h"
#include "util/hmap.h"
#include "vendors/nxos/nxos.h"

static size_t map_key(char *key, size_t size, char kind, enum nxos_qtype t, const char *name)
{
	size_t n = strlen(name);

	if (n + 3 > size)
		return 0;
	key[0] = kind;
	key[1] = (char)('0' + (int)t);
	memcpy(key + 2, name, n + 1);
	return n + 2;
}

static bool map_index(struct fc_model *m, struct nxos_qos *q, char kind, enum nxos_qtype t, const char *name, size_t i)
{
	char key[512];
	size_t n = map_key(key, sizeof(key), kind, t, name);
	int failed = 0;

	if (!q->map_index && !(q->map_index = fc_hmap_new(m->arena, 64)))
		return false;
	if (n)   /* a name too long for the key is found by scanning */
		fc_hmap_put(q->map_index, key, n, (void *)(uintptr_t)(i + 1), &failed);
	return !failed;
}

struct nxos_class_map *nxos_qos_add_cmap(struct fc_model *m, struct nxos_qos *q, enum nxos_qtype t, const char *name,
				     struct fc_src src)
{
	struct nxos_class_map *cm;

	q->cmaps = fc_grow(m->arena, q->cmaps, q->ncmaps, &q->cmaps_cap, sizeof(*q->cmaps));
	if (!q->cmaps)
		return NULL;
	cm = &q->cmaps[q->ncmaps];
	memset(cm, 0, sizeof(*cm));
	cm->type = t;
	cm->src = src;
	if (!(cm->name = fc_model_str(m, name)) || !map_index(m, q, 'c', t, cm->name, q->ncmaps))
		return NULL;
	q->ncmaps++;
	return cm;
}

struct nxos_policy_map *nxos_qos_add_pmap(struct fc_model *m, struct nxos_qos *q, enum nxos_qtype t, const char *name,
				      struct fc_src src)
{
	struct nxos_policy_map *pm;

	q->pmaps = fc_grow(m->arena, q->pmaps, q->npmaps, &q->pmaps_cap, sizeof(*q->pmaps));
	if (!q->pmaps)
		return NULL;
	pm = &q->pmaps[q->npmaps];
	memset(pm, 0, sizeof(*pm));
	pm->type = t;
	pm->src = src;
	if (!(pm->name = fc_model_str(m, name)) || !map_index(m, q, 'p', t, pm->name, q->npmaps))
		return NULL;
	q->npmaps++;
	return pm;
}

/* The index's answer; SIZE_MAX when the name is one the index cannot hold (then scan). */
static size_t map_find(const struct nxos_qos *q, char kind, enum nxos_qtype t, const char *name)
{
	char key[512];
	size_t n = map_key(key, sizeof(key), kind, t, name);

	if (!n || !q->map_index)
		return q->map_index || (kind == 'c' ? q->ncmaps : q->npmaps) ? SIZE_MAX : 0;
	return (size_t)(uintptr_t)fc_hmap_get(q->map_index, key, n);
}

const struct nxos_policy_map *nxos_qos_find_pmap(const struct nxos_qos *q, enum nxos_qtype t, const char *name)
{
	size_t i;

	if (!name)
		return NULL;
	if ((i = map_find(q, 'p', t, name)) != SIZE_MAX)
		return i ? &q->pmaps[i - 1] : NULL;
	for (i = 0; i < q->npmaps; i++)
		if (q->pmaps[i].type == t && !strcmp(q->pmaps[i].name, name))
			return &q->pmaps[i];
	return NULL;
}

const struct nxos_class_map *nxos_qos_find_cmap(const struct nxos_qos *q, enum nxos_qtype t, const char *name)
{
	size_t i;

	if (!name)
		return NULL;
	if ((i = map_find(q, 'c', t, name)) != SIZE_MAX)
		return i ? &q->cmaps[i - 1] : NULL;
	for (i = 0; i < q->ncmaps; i++)
		if (q->cmaps[i].type == t && !strcmp(q->cmaps[i].name, name))
			return &q->cmaps[i];
	return NULL;
}

static const char *qtype(enum nxos_qtype t)
{
	switch (t) {
	case NXOS_Q_QOS: return "qos";
	case NXOS_Q_NQ: return "network-qos";
	case NXOS_Q_QUEUING: return "queuing";
	}
	return "?";
}

static json_object *pclass(const struct nxos_pclass *c)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "name", json_object_new_string(c->name));
	json_object_object_add(o, "source", fc_json_src(&c->src));
	json_object_object_add(o, "set_qos_group", fc_json_int(&c->set_qos_group));
	json_object_object_add(o, "set_dscp", fc_json_int(&c->set_dscp));
	json_object_object_add(o, "set_cos", fc_json_int(&c->set_cos));
	json_object_object_add(o, "pause_cos_mask", fc_json_int(&c->pause_cos));
	json_object_object_add(o, "mtu", fc_json_int(&c->mtu));
	json_object_object_add(o, "pause_buffer", fc_json_pg(&c->pg));
	json_object_object_add(o, "wred_min_bytes", fc_json_int(&c->wred_min));
	json_object_object_add(o, "wred_max_bytes", fc_json_int(&c->wred_max));
	json_object_object_add(o, "wred_drop_probability", fc_json_int(&c->wred_prob));
	json_object_object_add(o, "wred_weight", fc_json_int(&c->wred_weight));
	json_object_object_add(o, "wred_ecn", fc_json_bool(&c->wred_ecn));
	json_object_object_add(o, "priority_level", fc_json_int(&c->priority_level));
	json_object_object_add(o, "bandwidth_remaining_percent", fc_json_int(&c->bw_remaining));
	return o;
}

static json_object *qos(const struct nxos_qos *q)
{
	json_object *o = json_object_new_object(), *cms = json_object_new_array(), *pms = json_object_new_array();
	size_t i, j;

	for (i = 0; i < q->ncmaps; i++) {
		const struct nxos_class_map *c = &q->cmaps[i];
		json_object *x = json_object_new_object();

		json_object_object_add(x, "name", json_object_new_string(c->name));
		json_object_object_add(x, "type", json_object_new_string(qtype(c->type)));
		json_object_object_add(x, "source", fc_json_src(&c->src));
		json_object_object_add(x, "match", json_object_new_string(c->match_all ? "all" : "any"));
		json_object_object_add(x, "dscp", fc_json_bits(c->dscp, 64));
		json_object_object_add(x, "cos", fc_json_bits(c->cos, 8));
		json_object_object_add(x, "qos_group", fc_json_bits(c->qos_group, 8));
		if (c->acl)
			json_object_object_add(x, "access_group", json_object_new_string(c->acl));
		json_object_array_add(cms, x);
	}
	for (i = 0; i < q->npmaps; i++) {
		const struct nxos_policy_map *p = &q->pmaps[i];
		json_object *x = json_object_new_object(), *cl = json_object_new_array();

		json_object_object_add(x, "name", json_object_new_string(p->name));
		json_object_object_add(x, "type", json_object_new_string(qtype(p->type)));
		json_object_object_add(x, "source", fc_json_src(&p->src));
		for (j = 0; j < p->n; j++)
			json_object_array_add(cl, pclass(&p->classes[j]));
		json_object_object_add(x, "classes", cl);
		json_object_array_add(pms, x);
	}
	json_object_object_add(o, "class_maps", cms);
	json_object_object_add(o, "policy_maps", pms);
	json_object_object_add(o, "system_network_qos", fc_json_str(&q->sys_nq));
	json_object_object_add(o, "system_qos_input", fc_json_str(&q->sys_qos_in));
	json_object_object_add(o, "system_queuing_output", fc_json_str(&q->sys_queuing_out));
	json_object_object_add(o, "system_queuing_input", fc_json_str(&q->sys_queuing_in));
	json_object_object_add(o, "pfc_watchdog", fc_json_bool(&q->pfc_wd));
	json_object_object_add(o, "pfc_watchdog_interval_ms", fc_json_int(&q->pfc_wd_interval_ms));
	json_object_object_add(o, "pfc_watchdog_shutdown_multiplier", fc_json_int(&q->pfc_wd_shutdown_mult));
	json_object_object_add(o, "pfc_watchdog_auto_restore_multiplier", fc_json_int(&q->pfc_wd_auto_restore_mult));
	json_object_object_add(o, "pfc_watchdog_fixed_restore_multiplier", fc_json_int(&q->pfc_wd_fixed_restore_mult));
	json_object_object_add(o, "tcam_ing_racl", fc_json_int(&q->tcam_ing_racl));
	json_object_object_add(o, "tcam_egr_racl", fc_json_int(&q->tcam_egr_racl));
	json_object_object_add(o, "tcam_ing_qos", fc_json_int(&q->tcam_ing_qos));
	return o;
}

/* --- ports ---------------------------------------------------------------------------------------- */

struct nxos_port *nxos_port(struct fc_parse_ctx *c, const struct fc_iface *ifc)
{
	struct nxos_state *st = nxos_state(c);
	struct nxos_port *p;
	int failed = 0;

	if (!st)
		return NULL;
	if (!st->port_index && !(st->port_index = fc_hmap_new(c->m->arena, 64)))
		return NULL;
	if ((p = fc_hmap_get(st->port_index, &ifc, sizeof(ifc))))
		return p;
	if (!(p = fc_alloc(c->m->arena, sizeof(*p))) ||
	    !(st->ports = fc_grow(c->m->arena, st->ports, st->nports, &st->ports_cap, sizeof(*st->ports))))
		return NULL;
	p->ifc = ifc;
	fc_hmap_put(st->port_index, &ifc, sizeof(ifc), p, &failed);
	if (failed)
		return NULL;
	st->ports[st->nports++] = p;
	return p;
}

const struct nxos_port *nxos_port_of(const struct fc_device *dev, const struct fc_iface *ifc)
{
	static const struct nxos_port none;
	const struct nxos_state *st = dev->adapter_state;
	const struct nxos_port *p = st && st->port_index ? fc_hmap_get(st->port_index, &ifc, sizeof(ifc)) : NULL;

	return p ? p : &none;
}

json_object *nxos_dump(const struct fc_device *dev)
{
	static const struct nxos_qos none;
	const struct nxos_state *st = dev->adapter_state;
	json_object *o = json_object_new_object(), *ports = json_object_new_object();
	size_t i;

	json_object_object_add(o, "qos", qos(st ? &st->qos : &none));
	for (i = 0; st && i < st->nports; i++) {
		const struct nxos_port *p = st->ports[i];
		json_object *x = json_object_new_object();

		json_object_object_add(x, "qos_in", fc_json_str(&p->qos_in));
		json_object_object_add(x, "queuing_out", fc_json_str(&p->queuing_out));
		json_object_object_add(x, "queuing_in", fc_json_str(&p->queuing_in));
		json_object_object_add(x, "speeds_capable", fc_json_strlist(&p->speeds_capable));
		json_object_object_add(x, "cap_type", fc_json_str(&p->cap_type));
		json_object_object_add(x, "pfc_capable", fc_json_bool(&p->pfc_capable));
		json_object_object_add(x, "fec_capable", fc_json_str(&p->fec_capable));
		json_object_object_add(x, "pfc_oper_prios_mask", fc_json_int(&p->pfc_oper_prios));
		json_object_object_add(ports, p->ifc->name, x);
	}
	json_object_object_add(o, "ports", ports);
	return o;
}
