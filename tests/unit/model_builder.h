/* SPDX-License-Identifier: MIT */
/* A small model builder for rule tests: switches, ports and their resolved QoS path (struct
 * fc_hop) built directly, with no vendor text, and a runner that applies one rule as validate
 * does. A port starts with a complete, passing RoCE and CNP path (system-wide classifier, no-drop
 * class, strict CNP queue, ECN from 20 to 40 KB, ingress buffer); a test changes what its case
 * needs. Sources name "sw.cfg" with a line per field, so evidence can be asserted. */
#ifndef FC_MODEL_BUILDER_H
#define FC_MODEL_BUILDER_H

#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "model/model.h"
#include "rules/rules.h"

static inline struct fc_src mb_at(struct fc_model *m, unsigned line)
{
	return fc_src_make(m, "sw.cfg", line);
}

/* A model whose fabric declares RoCE DSCP 26 on priority 3, CNP DSCP 48, MTU 9000. */
static inline struct fc_model *mb_fabric(void)
{
	struct fc_model *m = fc_model_new();
	struct fc_src s;

	assert_non_null(m);
	s = fc_src_make(m, "inventory.yaml", 3);
	fc_set_int(&m->intent.roce_dscp, 26, s);
	fc_set_int(&m->intent.roce_prio, 3, s);
	fc_set_int(&m->intent.cnp_dscp, 48, s);
	fc_set_int(&m->intent.mtu, 9000, s);
	return m;
}

static inline struct fc_device *mb_switch(struct fc_model *m, const char *name)
{
	struct fc_device *d;
	struct fc_err err;

	fc_err_clear(&err);
	assert_int_equal(fc_model_add_device(m, name, FC_DEV_SWITCH, &d, &err), FC_OK);
	d->platform = "test";
	d->caps = FC_CAP_QOS_PATH | FC_CAP_CONFIG | FC_CAP_PG_BUFFERS;
	d->status = FC_DEV_OK;
	return d;
}

static inline void mb_hop(struct fc_model *m, struct fc_hop *h, enum fc_tclass t)
{
	bool cnp = t == FC_TC_CNP;

	memset(h, 0, sizeof(*h));
	fc_set_str(m, &h->classifier, "AI-QOS-IN", mb_at(m, 40));
	fc_set_bool(&h->per_port, false, mb_at(m, 40));
	fc_set_trust(&h->trust, FC_TRUST_DSCP, mb_at(m, 5));
	fc_set_str(m, &h->match, cnp ? "CNP" : "RDMA", mb_at(m, cnp ? 8 : 6));
	fc_set_int(&h->tc, cnp ? 7 : 3, mb_at(m, cnp ? 9 : 7));
	fc_set_int(&h->dscp_out, cnp ? 48 : 26, mb_at(m, cnp ? 8 : 6));
	h->dscp_out.m.why = "not re-marked";
	fc_set_unknown(&h->pcp_strict.m, "the classifier does not read the PCP");
	fc_set_str(m, &h->tc_name, cnp ? "c-8q-nq7" : "c-8q-nq3", mb_at(m, 20));
	fc_set_int(&h->pfc_cos, cnp ? 0 : 1 << 3, mb_at(m, 22));
	fc_set_int(&h->mtu, 9216, mb_at(m, 21));
	fc_set_str(m, &h->queue, cnp ? "c-out-8q-q7" : "c-out-8q-q3", mb_at(m, cnp ? 12 : 14));
	fc_set_bool(&h->queue_per_port, false, mb_at(m, 41));
	fc_set_int(&h->strict, cnp ? 1 : 0, mb_at(m, 13));
	fc_set_int(&h->bw_percent, 60, mb_at(m, 15));
	fc_set_bool(&h->ecn, !cnp, mb_at(m, 16));
	fc_set_int(&h->kmin, 20480, mb_at(m, 16));
	fc_set_int(&h->kmax, 40960, mb_at(m, 16));
	fc_set_int(&h->prob, 7, mb_at(m, 16));
	fc_set_int(&h->weight, 0, mb_at(m, 16));
	fc_set_int(&h->buf.size, 103360, mb_at(m, 23));
	fc_set_int(&h->buf.xoff, 43680, mb_at(m, 23));
	fc_set_int(&h->buf.xon, 24320, mb_at(m, 23));
	fc_set_bool(&h->buf_per_port, false, mb_at(m, 23));
	fc_set_bool(&h->buf_dynamic, false, mb_at(m, 23));
}

/* A switch port with PFC on priority 3 and a complete path for RoCE and CNP. */
static inline struct fc_iface *mb_port(struct fc_model *m, struct fc_device *d, const char *name)
{
	struct fc_iface *ifc = fc_dev_iface(m, d, name);

	assert_non_null(ifc);
	fc_set_str(m, &ifc->pfc_mode, "on", mb_at(m, 50));
	fc_set_int(&ifc->pfc_prios, 1 << 3, mb_at(m, 50));
	ifc->hops = fc_alloc(m->arena, FC_TC_COUNT * sizeof(*ifc->hops));
	assert_non_null(ifc->hops);
	mb_hop(m, &ifc->hops[FC_TC_ROCE], FC_TC_ROCE);
	mb_hop(m, &ifc->hops[FC_TC_CNP], FC_TC_CNP);
	return ifc;
}

/* A planned link between two ports (a DAC of length_m metres), each end marked cabled. */
static inline struct fc_link *mb_link(struct fc_model *m, struct fc_device *da, struct fc_iface *a, struct fc_device *db,
			       struct fc_iface *b, double length_m)
{
	struct fc_link *l;

	m->links = fc_grow(m->arena, m->links, m->nlinks, &m->links_cap, sizeof(*m->links));
	assert_non_null(m->links);
	l = &m->links[m->nlinks++];
	memset(l, 0, sizeof(*l));
	l->a = (struct fc_endpoint){ da->name, a->name, da, a };
	l->b = (struct fc_endpoint){ db->name, b->name, db, b };
	l->origin = FC_LINK_PLAN;
	l->plan_src = fc_src_make(m, "inventory.yaml", 30);
	fc_set_cable(&l->cable, FC_CABLE_DAC, l->plan_src);
	fc_set_dbl(&l->length_m, length_m, l->plan_src);
	a->linked = b->linked = true;
	return l;
}

/* Runs one rule (its id, or an earlier one) on m under the lossless_dcqcn profile. */
static inline void mb_run(struct fc_engine *e, const struct fc_model *m, const char *rule, struct fc_policy **pol)
{
	struct fc_engine_opts o;
	struct fc_err err;
	const char *dir = getenv("FABCHECK_RULES_DIR");

	fc_err_clear(&err);
	memset(e, 0, sizeof(*e));
	memset(&o, 0, sizeof(o));
	o.only_rule = rule;
	o.pass_evidence = true;
	assert_int_equal(fc_policy_load(dir ? dir : "rules", "lossless_dcqcn", NULL, fc_rule_list(), pol, &err), FC_OK);
	assert_int_equal(fc_engine_run(e, m, *pol, &o, &err), FC_OK);
}

/* The finding of the run with this subject; fails the test when there is none. */
static inline const struct fc_finding *mb_finding(const struct fc_engine *e, const char *subject)
{
	size_t i;

	for (i = 0; i < e->n; i++)
		if (!strcmp(e->findings[i]->subject, subject))
			return e->findings[i];
	fail_msg("no finding for %s", subject);
	abort();   /* not reached: fail_msg does not return (and the compiler knows no NULL comes back) */
}

/* Whether the finding has an evidence line whose value contains text, from line of sw.cfg. */
static inline bool mb_has_ev(const struct fc_finding *f, const char *text, unsigned line)
{
	size_t i;

	for (i = 0; i < f->nev; i++)
		if (strstr(f->ev[i].value, text) && (!line || f->ev[i].src.line == line))
			return true;
	return false;
}

#endif
