/* SPDX-License-Identifier: MIT */
/* NX-OS configuration, the QoS part: class-maps, policy-maps of type qos, network-qos and
 * queuing with their classes, and the policies under system qos. */
#include <stdio.h>
#include <string.h>

#include "vendors/nxos/nxos_cfg.h"

/* --- QoS --------------------------------------------------------------------------------- */

enum nxos_qtype nxos_cfg_qtype(const char *t, bool *ok)
{
	*ok = true;
	if (!strcmp(t, "qos"))
		return NXOS_Q_QOS;
	if (!strcmp(t, "network-qos"))
		return NXOS_Q_NQ;
	if (!strcmp(t, "queuing"))
		return NXOS_Q_QUEUING;
	*ok = false;
	return NXOS_Q_QOS;
}

enum fc_rc nxos_cfg_sysqos_line(struct cfg *g, char **w, size_t n)
{
	struct fc_model *m = g->c->m;
	struct nxos_qos *q = &g->st->qos;
	struct fc_src s = here(g);

	struct fc_str *slot = NULL;

	/* service-policy type network-qos NAME | service-policy type qos|queuing input|output NAME */
	if (n == 4 && !strcmp(w[0], "service-policy") && !strcmp(w[1], "type") && !strcmp(w[2], "network-qos"))
		slot = &q->sys_nq;
	else if (n == 5 && !strcmp(w[0], "service-policy") && !strcmp(w[1], "type") && !strcmp(w[2], "qos") &&
		 !strcmp(w[3], "input"))
		slot = &q->sys_qos_in;
	else if (n == 5 && !strcmp(w[0], "service-policy") && !strcmp(w[1], "type") && !strcmp(w[2], "queuing"))
		slot = !strcmp(w[3], "output") ? &q->sys_queuing_out : !strcmp(w[3], "input") ? &q->sys_queuing_in : NULL;
	if (!slot)
		return not_understood(g);
	fc_set_str(m, slot, w[n - 1], s);
	return FC_OK;
}

enum fc_rc nxos_cfg_cmap_line(struct cfg *g, char **w, size_t n)
{
	struct nxos_class_map *cm = g->cmap;
	uint64_t mask;

	if (!strcmp(w[0], "description"))
		return FC_OK;
	if (n >= 3 && !strcmp(w[0], "match") && !strcmp(w[1], "not"))
		return not_understood(g);
	if (n == 3 && !strcmp(w[0], "match") && !strcmp(w[1], "dscp")) {
		if (!fc_num_set(&w[2], 1, 63, &mask))
			return not_understood(g);
		cm->dscp |= mask;
	} else if (n == 3 && !strcmp(w[0], "match") && !strcmp(w[1], "cos")) {
		if (!fc_num_set(&w[2], 1, 7, &mask))
			return not_understood(g);
		cm->cos |= (uint8_t)mask;
	} else if (n == 3 && !strcmp(w[0], "match") && !strcmp(w[1], "qos-group")) {
		if (!fc_num_set(&w[2], 1, 7, &mask))
			return not_understood(g);
		cm->qos_group |= (uint8_t)mask;
	} else if (n >= 4 && !strcmp(w[0], "match") && !strcmp(w[1], "access-group") && !strcmp(w[2], "name")) {
		cm->acl = fc_model_str(g->c->m, w[3]);
	} else {
		return not_understood(g);
	}
	return FC_OK;
}

/* pause [pfc-cos L] [buffer-size B pause-threshold X resume-threshold Y] [no-drop], any order */
static enum fc_rc pause_line(struct cfg *g, char **w, size_t n, struct fc_src s)
{
	struct nxos_pclass *pc = g->pclass;
	size_t i;
	int64_t v;
	uint64_t mask;

	for (i = 1; i < n; i++) {
		if (!strcmp(w[i], "no-drop"))
			continue;
		if (i + 1 >= n)
			return not_understood(g);
		if (!strcmp(w[i], "pfc-cos") && fc_num_set(&w[i + 1], 1, 7, &mask))
			fc_set_int(&pc->pause_cos, (int64_t)mask, s);
		else if (!strcmp(w[i], "buffer-size") && num(w[i + 1], 0, INT64_C(1) << 32, &v))
			fc_set_int(&pc->pg.size, v, s);
		else if (!strcmp(w[i], "pause-threshold") && num(w[i + 1], 0, INT64_C(1) << 32, &v))
			fc_set_int(&pc->pg.xoff, v, s);
		else if (!strcmp(w[i], "resume-threshold") && num(w[i + 1], 0, INT64_C(1) << 32, &v))
			fc_set_int(&pc->pg.xon, v, s);
		else
			return not_understood(g);
		i++;
	}
	return FC_OK;
}

static enum fc_rc wred_line(struct cfg *g, char **w, size_t n, struct fc_src s)
{
	struct nxos_pclass *pc = g->pclass;
	size_t i;
	int64_t v;
	bool ecn = false;

	for (i = 1; i < n; i++) {
		if (!strcmp(w[i], "ecn")) {
			ecn = true;
		} else if (!strcmp(w[i], "minimum-threshold") && i + 2 < n && fc_unit_bytes_words(w[i + 1], w[i + 2], &v)) {
			fc_set_int(&pc->wred_min, v, s);
			i += 2;
		} else if (!strcmp(w[i], "maximum-threshold") && i + 2 < n && fc_unit_bytes_words(w[i + 1], w[i + 2], &v)) {
			fc_set_int(&pc->wred_max, v, s);
			i += 2;
		} else if (!strcmp(w[i], "drop-probability") && i + 1 < n && num(w[i + 1], 0, 100, &v)) {
			fc_set_int(&pc->wred_prob, v, s);
			i++;
		} else if (!strcmp(w[i], "weight") && i + 1 < n && num(w[i + 1], 0, 15, &v)) {
			fc_set_int(&pc->wred_weight, v, s);
			i++;
		} else {
			return not_understood(g);
		}
	}
	fc_set_bool(&pc->wred_ecn, ecn, s);
	return FC_OK;
}

enum fc_rc nxos_cfg_pclass_line(struct cfg *g, char **w, size_t n)
{
	struct nxos_pclass *pc = g->pclass;
	struct fc_src s = here(g);
	int64_t v;

	if (!strcmp(w[0], "set") && n == 3 && !strcmp(w[1], "qos-group") && num(w[2], 0, 7, &v))
		fc_set_int(&pc->set_qos_group, v, s);
	else if (!strcmp(w[0], "set") && n == 3 && !strcmp(w[1], "dscp") && num(w[2], 0, 63, &v))
		fc_set_int(&pc->set_dscp, v, s);
	else if (!strcmp(w[0], "set") && n == 3 && !strcmp(w[1], "cos") && num(w[2], 0, 7, &v))
		fc_set_int(&pc->set_cos, v, s);
	else if (!strcmp(w[0], "mtu") && n == 2 && num(w[1], 576, 9216, &v))
		fc_set_int(&pc->mtu, v, s);
	else if (!strcmp(w[0], "pause"))
		return pause_line(g, w, n, s);
	else if (!strcmp(w[0], "no") && n == 2 && !strcmp(w[1], "pause"))
		fc_set_int(&pc->pause_cos, 0, s);   /* a drop class, said explicitly */
	else if (!strcmp(w[0], "congestion-control") && n == 2 && !strcmp(w[1], "tail-drop"))
		fc_set_bool(&pc->wred_ecn, false, s);   /* tail drop: no WRED, no marking */
	else if (!strcmp(w[0], "no") && n == 3 && !strcmp(w[1], "congestion-control") && !strcmp(w[2], "random-detect"))
		fc_set_bool(&pc->wred_ecn, false, s);
	else if (!strcmp(w[0], "random-detect"))
		return wred_line(g, w, n, s);
	else if (!strcmp(w[0], "congestion-control") && n >= 2 && !strcmp(w[1], "random-detect"))
		return wred_line(g, w + 1, n - 1, s);
	else if (!strcmp(w[0], "match") && n == 3 && (!strcmp(w[1], "qos-group") || !strcmp(w[1], "cos")) &&
		 num(w[2], 0, 7, &v))
		;   /* show policy-map prints the class's match under it: the class-map has it */
	else if (!strcmp(w[0], "priority") && n == 1)
		fc_set_int(&pc->priority_level, 1, s);
	else if (!strcmp(w[0], "priority") && n == 3 && !strcmp(w[1], "level") && num(w[2], 1, 8, &v))
		fc_set_int(&pc->priority_level, v, s);
	else if (!strcmp(w[0], "bandwidth") && n == 4 && !strcmp(w[1], "remaining") && !strcmp(w[2], "percent") &&
		 num(w[3], 0, 100, &v))
		fc_set_int(&pc->bw_remaining, v, s);
	else if (!strcmp(w[0], "bandwidth") && n == 3 && !strcmp(w[1], "percent") && num(w[2], 0, 100, &v))
		fc_set_int(&pc->bw_remaining, v, s);
	else
		return not_understood(g);
	return FC_OK;
}

enum fc_rc nxos_cfg_pmap_line(struct cfg *g, char **w, size_t n)
{
	struct fc_model *m = g->c->m;
	struct nxos_policy_map *pm = g->pmap;
	struct nxos_pclass *pc;
	const char *name;

	if (!strcmp(w[0], "description"))
		return FC_OK;   /* the policy's description: read, nothing to model */
	if (strcmp(w[0], "class"))
		return not_understood(g);
	/* class NAME | class type T NAME */
	if (n == 2)
		name = w[1];
	else if (n == 4 && !strcmp(w[1], "type"))
		name = w[3];
	else
		return not_understood(g);
	pm->classes = fc_grow(m->arena, pm->classes, pm->n, &pm->cap, sizeof(*pm->classes));
	if (!pm->classes)
		return FC_ERR_NOMEM;
	pc = &pm->classes[pm->n++];
	memset(pc, 0, sizeof(*pc));
	pc->name = fc_model_str(m, name);
	pc->src = here(g);
	g->pclass = pc;
	g->pclass_indent = g->indent;
	g->blk = B_PCLASS;
	return FC_OK;
}

