/* SPDX-License-Identifier: MIT */
/* The resolved QoS path of every SONiC port (struct fc_hop), from CONFIG_DB, with SONiC's rules:
 *   classification  PORT_QOS_MAP|<port> dscp_to_tc_map, else PORT_QOS_MAP|global's; no map bound:
 *                   every packet in traffic class 0 (the SAI default); a DSCP the map lacks: 0;
 *   no-drop         priority p is paused on the port when p is in its pfc_enable; the class of
 *                   traffic class t pauses priority t (SONiC's PFC priority is the traffic class);
 *   pause           pfc_to_queue_map (MAP_PFC_PRIORITY_TO_QUEUE): the queue a pause for priority t
 *                   stops; BUFFER_QUEUE|<port>|<queues>: the queue's egress profile, whose pool is
 *                   the lossless or the lossy one;
 *   egress queue    tc_to_queue_map (the port's, else global); QUEUE|<port>|<q> names the
 *                   SCHEDULER (STRICT, or DWRR/WRR with a weight: the share is the weight over the
 *                   port's weighted queues) and the WRED_PROFILE (ECN unless ecn is ecn_none;
 *                   green thresholds and drop probability); no profile: no marking;
 *   ingress buffer  tc_to_pg_map; BUFFER_PG|<port>|<pgs> names the BUFFER_PROFILE: size, xon, and
 *                   xoff, which is the headroom itself; dynamic_th: the pause threshold follows
 *                   the shared buffer. Under the dynamic buffer model (DEVICE_METADATA
 *                   buffer_model dynamic) a lossless PG's profile is computed at run time and is
 *                   not in CONFIG_DB: it is read from APPL_DB's BUFFER_PG_TABLE and
 *                   BUFFER_PROFILE_TABLE when they were collected, else unknown with that reason.
 *   re-marking      tc_to_dscp_map (the port's, else global): the DSCP the packet leaves with.
 * References are read in both formats ("[TABLE|name]" and "name"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vendors/sonic/sonic.h"
#include "util/str.h"

struct walk {
	struct fc_model *m;
	const struct sonic_state *s;
	const struct fc_iface *ifc;
	const struct sonic_obj *pqm, *global;   /* PORT_QOS_MAP of the port, and global */
	bool dynamic;
	struct fc_src dyn_src;
	/* the BUFFER_PG and APPL_BUFFER_PG objects by table and key (malloc'd, freed by sonic_qos_path):
	 * a port's are found by a binary search, where a scan of every object for every port grew with
	 * the product of ports and objects (ACL rules included) */
	const struct sonic_obj **pgs;
	size_t npgs;
};

static bool through(struct walk *w, const char *field, const char *table, int64_t key, int64_t max, int64_t *out,
		    struct fc_src *src, const char **why);
static const struct sonic_obj *buffer_pg(const struct walk *w, const char *table, int64_t pg);

/* o's field name, an integer from 0 to max, into x (known from its line): true. Absent: false, x
 * left as it is. Present but not such an integer: false, x unknown saying so (never a value the
 * rules would judge, never a silent gap). */
static bool int_field(struct walk *w, const struct sonic_obj *o, const char *table, const char *name, int64_t max,
		      struct fc_int *x)
{
	const struct sonic_field *f = sonic_field(o, name);
	int64_t v;

	if (!f)
		return false;
	if (!fc_parse_i64(f->value, 0, max, &v)) {
		fc_set_unknown(&x->m, fc_sprintf(w->m->arena, "%s %s: %s is not an integer from 0 to %lld", table, o->key,
						 name, (long long)max));
		x->m.src = f->src;
		return false;
	}
	fc_set_int(x, v, f->src);
	return true;
}

/* The map field of the port's PORT_QOS_MAP, else of global; *per_port says which. */
static const struct sonic_field *port_map(const struct walk *w, const char *field, bool *per_port)
{
	const struct sonic_field *f = sonic_field(w->pqm, field);

	*per_port = f != NULL;
	return f ? f : sonic_field(w->global, field);
}

/* value of map TABLE|<ref of f> at key; NULL with *why when it cannot be read. */
static const struct sonic_field *map_entry(const struct walk *w, const char *table, const struct sonic_field *f,
					   const char *key, const struct sonic_obj **map, const char **why)
{
	char ref[256];

	*map = sonic_get(w->s, table, sonic_ref(f->value, ref, sizeof(ref)));
	if (!*map) {
		*why = fc_sprintf(w->m->arena, "%s %s is attached but not defined", table, ref);
		return NULL;
	}
	return sonic_field(*map, key);
}

static void classify(struct walk *w, struct fc_hop *h, int64_t dscp)
{
	const struct sonic_field *f, *e;
	const struct sonic_obj *map;
	const char *why = NULL;
	char key[8];
	bool per_port;
	int64_t tc;

	fc_set_unknown(&h->pcp_strict.m, "the classifier reads the DSCP, not the PCP");
	if (!(f = port_map(w, "dscp_to_tc_map", &per_port))) {
		fc_set_str(w->m, &h->classifier, "none", w->pqm ? w->pqm->src : w->s->config);
		fc_set_bool(&h->per_port, false, w->s->config);
		fc_set_trust(&h->trust, FC_TRUST_NONE, w->pqm ? w->pqm->src : w->s->config);
		fc_set_int(&h->tc, 0, w->pqm ? w->pqm->src : w->s->config);
		h->tc.m.why = "no dscp_to_tc_map bound: SONiC puts every packet in traffic class 0";
		return;
	}
	fc_set_str(w->m, &h->classifier, f->value, f->src);
	fc_set_bool(&h->per_port, per_port, f->src);
	fc_set_trust(&h->trust, FC_TRUST_DSCP, f->src);
	snprintf(key, sizeof(key), "%lld", (long long)dscp);
	e = map_entry(w, "DSCP_TO_TC_MAP", f, key, &map, &why);
	if (!map) {
		fc_set_unknown(&h->tc.m, why);
		return;
	}
	fc_set_str(w->m, &h->match, fc_sprintf(w->m->arena, "DSCP %lld", (long long)dscp), e ? e->src : map->src);
	if (!e) {
		fc_set_int(&h->tc, 0, map->src);
		h->tc.m.why = fc_sprintf(w->m->arena, "DSCP %lld is not in DSCP_TO_TC_MAP %s: traffic class 0", (long long)dscp,
					 map->key);
		return;
	}
	if (!fc_parse_i64(e->value, 0, 15, &tc)) {
		fc_set_unknown(&h->tc.m, fc_sprintf(w->m->arena, "DSCP_TO_TC_MAP %s maps DSCP %lld to '%s', no traffic class",
						    map->key, (long long)dscp, e->value));
		return;
	}
	fc_set_int(&h->tc, tc, e->src);
}

/* The DSCP the packet leaves with: re-marked by a tc_to_dscp_map bound to the port (or global),
 * else its own. */
static void remark(struct walk *w, struct fc_hop *h, int64_t dscp)
{
	const struct sonic_field *f;
	const char *why = NULL;
	struct fc_src src;
	int64_t out;
	bool per_port;

	if (!(f = port_map(w, "tc_to_dscp_map", &per_port))) {
		fc_set_int(&h->dscp_out, dscp, w->pqm ? w->pqm->src : w->s->config);
		h->dscp_out.m.why = "not re-marked: no tc_to_dscp_map bound";
		return;
	}
	if (!through(w, "tc_to_dscp_map", "TC_TO_DSCP_MAP", h->tc.v, 63, &out, &src, &why))
		fc_set_unknown(&h->dscp_out.m, why);
	else
		fc_set_int(&h->dscp_out, out, src);   /* re-marked (no note: the rules show it as such) */
}

static void traffic_class(struct walk *w, struct fc_hop *h)
{
	const struct fc_iface *ifc = w->ifc;
	int64_t tc = h->tc.v;

	fc_set_str(w->m, &h->tc_name, fc_sprintf(w->m->arena, "traffic class %lld", (long long)tc), h->tc.m.src);
	if (!ifc->pfc_prios.m.known)
		fc_set_unknown(&h->pfc_cos.m, ifc->pfc_prios.m.why);
	else {
		fc_set_int(&h->pfc_cos, tc < 8 ? ifc->pfc_prios.v & ((int64_t)1 << tc) : 0, ifc->pfc_prios.m.src);
		h->pfc_cos.m.why = "SONiC pauses priority t for traffic class t when t is in the port's pfc_enable";
	}
	if (ifc->mtu.m.known) {
		fc_set_int(&h->mtu, ifc->mtu.v, ifc->mtu.m.src);
		h->mtu.m.why = "SONiC has no per-class MTU: the port's";
	} else
		fc_set_unknown(&h->mtu.m, ifc->mtu.m.why);
}

/* The number in map ref's entry key, through the port's (else global's) map field. */
static bool through(struct walk *w, const char *field, const char *table, int64_t key, int64_t max, int64_t *out,
		    struct fc_src *src, const char **why)
{
	const struct sonic_field *f, *e;
	const struct sonic_obj *map;
	char k[24];
	bool per_port;

	if (!(f = port_map(w, field, &per_port))) {
		*out = key;   /* no map: SONiC's identity default */
		*src = w->pqm ? w->pqm->src : w->s->config;
		return true;
	}
	snprintf(k, sizeof(k), "%lld", (long long)key);
	e = map_entry(w, table, f, k, &map, why);
	if (!map)
		return false;
	if (!e || !fc_parse_i64(e->value, 0, max, out)) {
		*why = fc_sprintf(w->m->arena, "%s %s has no entry for %lld", table, map->key, (long long)key);
		return false;
	}
	*src = e->src;
	return true;
}

/* QUEUE|<port>|<queues> of queue q, a range ("0-2") as orchagent reads it, or a single queue. */
static const struct sonic_obj *queue_obj(const struct walk *w, int64_t q)
{
	return buffer_pg(w, "QUEUE", q);
}

/* Which queue a pause for the class's priority stops: MAP_PFC_PRIORITY_TO_QUEUE through the port's
 * (else global) pfc_to_queue_map; SONiC's PFC priority of traffic class t is t. */
static void pause_queue(struct walk *w, struct fc_hop *h)
{
	const char *why = NULL;
	struct fc_src src;
	bool per_port;
	int64_t q;

	if (!port_map(w, "pfc_to_queue_map", &per_port)) {
		fc_set_unknown(&h->pause_queue.m, "no pfc_to_queue_map bound: which queue a pause stops is the ASIC's default");
		return;
	}
	if (!through(w, "pfc_to_queue_map", "MAP_PFC_PRIORITY_TO_QUEUE", h->tc.v, 15, &q, &src, &why))
		fc_set_unknown(&h->pause_queue.m, why);
	else
		fc_set_str(w->m, &h->pause_queue, fc_sprintf(w->m->arena, "%lld", (long long)q), src);
}

/* Whether queue q's egress buffer is lossless: BUFFER_QUEUE|<port>|<queues> names the profile, whose
 * pool is SONiC's egress_lossless_pool or egress_lossy_pool (the names buffermgrd and the SKU
 * templates give the two egress pools). */
static void queue_buffer(struct walk *w, struct fc_hop *h, int64_t q)
{
	const struct sonic_obj *bq = buffer_pg(w, "BUFFER_QUEUE", q), *prof, *pool;
	const struct sonic_field *f = sonic_field(bq, "profile"), *pf;
	char ref[256], pref[256];

	if (!bq || !f) {
		fc_set_unknown(&h->queue_lossless.m, fc_sprintf(w->m->arena, "no BUFFER_QUEUE for queue %lld of the port",
								(long long)q));
		return;
	}
	sonic_ref(f->value, ref, sizeof(ref));
	if (!(prof = sonic_get(w->s, "BUFFER_PROFILE", ref))) {
		fc_set_unknown(&h->queue_lossless.m, fc_sprintf(w->m->arena, "BUFFER_PROFILE %s is attached but not defined", ref));
		h->queue_lossless.m.src = f->src;
		return;
	}
	if (!(pf = sonic_field(prof, "pool"))) {
		fc_set_unknown(&h->queue_lossless.m, fc_sprintf(w->m->arena, "BUFFER_PROFILE %s names no pool", ref));
		h->queue_lossless.m.src = prof->src;
		return;
	}
	sonic_ref(pf->value, pref, sizeof(pref));
	pool = sonic_get(w->s, "BUFFER_POOL", pref);
	/* the port's BUFFER_QUEUE entry is the line that decides (and that a fix changes) */
	if (strstr(pref, "lossless"))
		fc_set_bool(&h->queue_lossless, true, f->src);
	else if (strstr(pref, "lossy"))
		fc_set_bool(&h->queue_lossless, false, f->src);
	else {
		fc_set_unknown(&h->queue_lossless.m, fc_sprintf(w->m->arena, "BUFFER_POOL %s is neither SONiC's lossless nor "
								"its lossy egress pool", pref));
		h->queue_lossless.m.src = pf->src;
		return;
	}
	h->queue_lossless.m.why = fc_sprintf(w->m->arena, "BUFFER_QUEUE %s: profile %s, pool %s%s", bq->key, ref, pref,
					     pool ? "" : " (not defined)");
}

static void egress(struct walk *w, struct fc_hop *h)
{
	const struct sonic_obj *qo, *sch, *wred;
	const struct sonic_field *f;
	struct fc_src src;
	const char *why = NULL;
	char ref[256];
	int64_t q, v, sum = 0, k;

	if (!through(w, "tc_to_queue_map", "TC_TO_QUEUE_MAP", h->tc.v, 15, &q, &src, &why)) {
		fc_set_unknown(&h->queue.m, why);
		fc_set_unknown(&h->ecn.m, why);
		return;
	}
	fc_set_str(w->m, &h->queue, fc_sprintf(w->m->arena, "%lld", (long long)q), src);
	pause_queue(w, h);
	queue_buffer(w, h, q);
	qo = queue_obj(w, q);
	fc_set_bool(&h->queue_per_port, true, qo ? qo->src : src);
	sch = (f = sonic_field(qo, "scheduler")) ? sonic_get(w->s, "SCHEDULER", sonic_ref(f->value, ref, sizeof(ref))) : NULL;
	if (f && !sch) {
		fc_set_unknown(&h->strict.m, fc_sprintf(w->m->arena, "SCHEDULER %s is attached but not defined", ref));
	} else if (!sch) {
		fc_set_int(&h->strict, 0, qo ? qo->src : w->s->config);
		h->strict.m.why = "no scheduler on the queue: SONiC's default weighted round robin";
	} else if ((f = sonic_field(sch, "type")) && !strcmp(f->value, "STRICT")) {
		fc_set_int(&h->strict, 1, f->src);
	} else if (f && strcmp(f->value, "DWRR") && strcmp(f->value, "WRR")) {
		/* qosorch takes DWRR, WRR and STRICT as written, and refuses the scheduler otherwise */
		fc_set_unknown(&h->strict.m, fc_sprintf(w->m->arena, "SCHEDULER %s type is not DWRR, WRR or STRICT: qosorch "
								     "refuses the scheduler", sch->key));
	} else {
		const struct sonic_obj *bad = NULL;   /* a weighted scheduler whose weight does not read */

		fc_set_int(&h->strict, 0, f ? f->src : sch->src);
		/* the share: its weight over the weights of the port's weighted queues */
		for (k = 0; k < 16; k++) {
			const struct sonic_obj *o = queue_obj(w, k), *ks;
			const struct sonic_field *kf = sonic_field(o, "scheduler"), *wt, *ty;
			char r2[256];

			if (!kf || !(ks = sonic_get(w->s, "SCHEDULER", sonic_ref(kf->value, r2, sizeof(r2)))))
				continue;
			ty = sonic_field(ks, "type");
			if ((!ty || strcmp(ty->value, "STRICT")) && (wt = sonic_field(ks, "weight"))) {
				if (fc_parse_i64(wt->value, 0, 1000000, &v))
					sum += v;
				else if (!bad)
					bad = ks;
			}
		}
		if (bad)   /* a share computed without it would be too large: not a value to judge */
			fc_set_unknown(&h->bw_percent.m, fc_sprintf(w->m->arena, "SCHEDULER %s: weight is not an integer "
										  "from 0 to 1000000", bad->key));
		else if ((f = sonic_field(sch, "weight")) && fc_parse_i64(f->value, 0, 1000000, &v) && sum > 0)
			fc_set_int(&h->bw_percent, v * 100 / sum, f->src);
	}
	wred = (f = sonic_field(qo, "wred_profile")) ? sonic_get(w->s, "WRED_PROFILE", sonic_ref(f->value, ref, sizeof(ref)))
						    : NULL;
	if (f && !wred) {
		fc_set_unknown(&h->ecn.m, fc_sprintf(w->m->arena, "WRED_PROFILE %s is attached but not defined", ref));
		return;
	}
	if (!wred) {
		fc_set_bool(&h->ecn, false, qo ? qo->src : src);
		h->ecn.m.why = "no wred_profile on the queue: no marking";
		return;
	}
	/* ecn names the colours it marks; RoCE traffic is green (no policer colours it), so only a word
	 * with green marks it; a word qosorch does not take makes it refuse the profile */
	f = sonic_field(wred, "ecn");
	if (!f) {
		fc_set_bool(&h->ecn, false, wred->src);
		h->ecn.m.why = "WRED_PROFILE without ecn: WRED drops, does not mark";
	} else if (!strcmp(f->value, "ecn_green") || !strcmp(f->value, "ecn_green_yellow") ||
		   !strcmp(f->value, "ecn_green_red") || !strcmp(f->value, "ecn_all")) {
		fc_set_bool(&h->ecn, true, f->src);
	} else if (!strcmp(f->value, "ecn_none") || !strcmp(f->value, "ecn_yellow") || !strcmp(f->value, "ecn_red") ||
		   !strcmp(f->value, "ecn_yellow_red")) {
		fc_set_bool(&h->ecn, false, f->src);
		if (strcmp(f->value, "ecn_none"))
			h->ecn.m.why = "the profile marks yellow or red packets only: RoCE traffic is green";
	} else {
		fc_set_unknown(&h->ecn.m, fc_sprintf(w->m->arena, "WRED_PROFILE %s ecn is not a word qosorch takes: it "
								   "refuses the profile", wred->key));
		return;
	}
	int_field(w, wred, "WRED_PROFILE", "green_min_threshold", INT64_MAX / 2, &h->kmin);
	int_field(w, wred, "WRED_PROFILE", "green_max_threshold", INT64_MAX / 2, &h->kmax);
	int_field(w, wred, "WRED_PROFILE", "green_drop_probability", 100, &h->prob);
	fc_set_unknown(&h->weight.m, "SONiC's WRED_PROFILE has no averaging weight");
}

static int by_table_key(const void *pa, const void *pb)
{
	const struct sonic_obj *a = *(const struct sonic_obj *const *)pa, *b = *(const struct sonic_obj *const *)pb;
	int r = strcmp(a->table, b->table);

	return r ? r : strcmp(a->key, b->key);
}

/* w->pgs: the objects of BUFFER_PG, APPL_BUFFER_PG, BUFFER_QUEUE and QUEUE, sorted by table and key. */
static enum fc_rc pg_index(struct walk *w)
{
	size_t i;

	if (!(w->pgs = malloc((w->s->n + 1) * sizeof(*w->pgs))))
		return FC_ERR_NOMEM;
	for (i = 0; i < w->s->n; i++)
		if (!strcmp(w->s->objs[i].table, "BUFFER_PG") || !strcmp(w->s->objs[i].table, "APPL_BUFFER_PG") ||
		    !strcmp(w->s->objs[i].table, "BUFFER_QUEUE") || !strcmp(w->s->objs[i].table, "QUEUE"))
			w->pgs[w->npgs++] = &w->s->objs[i];
	qsort(w->pgs, w->npgs, sizeof(*w->pgs), by_table_key);
	return FC_OK;
}

/* The table's (BUFFER_PG, APPL_BUFFER_PG, BUFFER_QUEUE, QUEUE) object of the port whose PG (queue) range
 * holds pg; of several
 * (overlapping ranges), the one read first. The port's keys ("Ethernet0|3-4") are one run of the
 * sorted index: every key that starts with "Ethernet0|" sorts together. */
static const struct sonic_obj *buffer_pg(const struct walk *w, const char *table, int64_t pg)
{
	size_t lo = 0, hi = w->npgs, n = strlen(w->ifc->name);
	const struct sonic_obj *best = NULL;

	while (lo < hi) {   /* the first object not before (table, "<port>|") */
		size_t mid = lo + (hi - lo) / 2;
		const struct sonic_obj *o = w->pgs[mid];
		int r = strcmp(o->table, table);

		if (!r && !(r = strncmp(o->key, w->ifc->name, n)))
			r = o->key[n] < '|' ? -1 : o->key[n] > '|';
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < w->npgs; lo++) {
		const struct sonic_obj *o = w->pgs[lo];
		long a, b;
		char *end;

		if (strcmp(o->table, table) || strncmp(o->key, w->ifc->name, n) || o->key[n] != '|')
			break;
		a = strtol(o->key + n + 1, &end, 10);
		b = *end == '-' ? strtol(end + 1, &end, 10) : a;
		if (!*end && pg >= a && pg <= b && (!best || o < best))
			best = o;
	}
	return best;
}

/* The traditional model's buffermgrd gives a PFC port without a lossless BUFFER_PG the profile
 * pg_lossless_<speed>_<cable>_profile from the SKU's pg_profile_lookup.ini: the row of the port's
 * speed and CABLE_LENGTH, exactly (no row, no profile: buffermgrd logs it and the PG stays lossy). */
static bool from_table(struct walk *w, struct fc_hop *h, int64_t pg)
{
	const struct fc_iface *ifc = w->ifc;
	const struct fc_device *d = ifc->dev;
	size_t i;

	if (!d->nhr || !ifc->speed_mbps.m.known || !ifc->cable_model_m.m.known || !ifc->pfc_prios.m.known ||
	    !((ifc->pfc_prios.v >> pg) & 1))
		return false;
	for (i = 0; i < d->nhr; i++) {
		const struct fc_hr_row *r = &d->hr_rows[i];

		if (r->mbps == ifc->speed_mbps.v && r->cable_m == (double)ifc->cable_model_m.v) {
			fc_set_int(&h->buf.headroom, r->xoff, r->src);
			h->buf.headroom.m.why = fc_sprintf(w->m->arena, "no BUFFER_PG in CONFIG_DB: buffermgrd makes "
							   "pg_lossless_%lld_%lldm_profile from pg_profile_lookup.ini",
							   (long long)ifc->speed_mbps.v, (long long)ifc->cable_model_m.v);
			fc_set_unknown(&h->buf.size.m, "pg_profile_lookup.ini's size is the profile's, not read");
			fc_set_unknown(&h->buf.xoff.m, "the profile's threshold is dynamic (pg_profile_lookup.ini)");
			fc_set_bool(&h->buf_per_port, true, r->src);
			return true;
		}
	}
	return false;
}

static void ingress(struct walk *w, struct fc_hop *h)
{
	const struct sonic_obj *bpg, *prof;
	const struct sonic_field *f;
	struct fc_src src;
	const char *why = NULL;
	char ref[256];
	int64_t pg;

	if (!through(w, "tc_to_pg_map", "TC_TO_PRIORITY_GROUP_MAP", h->tc.v, 15, &pg, &src, &why)) {
		fc_set_unknown(&h->buf.size.m, why);
		fc_set_unknown(&h->buf.headroom.m, why);
		return;
	}
	bpg = buffer_pg(w, "BUFFER_PG", pg);
	f = sonic_field(bpg, "profile");
	if ((!bpg || !f || !strcmp(sonic_ref(f->value, ref, sizeof(ref)), "NULL")) && w->s->have_appl) {
		/* the dynamic model's profile, as the buffer manager computed it into APPL_DB */
		bpg = buffer_pg(w, "APPL_BUFFER_PG", pg);
		f = sonic_field(bpg, "profile");
	}
	if ((!bpg || !f) && !w->dynamic && from_table(w, h, pg))
		return;
	if (!bpg || !f || !strcmp(sonic_ref(f->value, ref, sizeof(ref)), "NULL")) {
		why = w->dynamic ? fc_sprintf(w->m->arena, "buffer_model dynamic: priority group %lld's profile is computed at run "
					      "time and is not in CONFIG_DB (collect APPL_DB BUFFER_PG_TABLE)", (long long)pg)
				 : fc_sprintf(w->m->arena, "no BUFFER_PG for priority group %lld of the port", (long long)pg);
		fc_set_unknown(&h->buf.size.m, why);
		fc_set_unknown(&h->buf.headroom.m, why);
		fc_set_unknown(&h->buf.xoff.m, why);
		return;
	}
	sonic_ref(f->value, ref, sizeof(ref));
	if (!(prof = sonic_get(w->s, "APPL_BUFFER_PROFILE", ref)) && !(prof = sonic_get(w->s, "BUFFER_PROFILE", ref))) {
		why = fc_sprintf(w->m->arena, "BUFFER_PROFILE %s is attached but not defined", ref);
		fc_set_unknown(&h->buf.size.m, why);
		fc_set_unknown(&h->buf.headroom.m, why);
		return;
	}
	fc_set_bool(&h->buf_per_port, true, bpg->src);
	int_field(w, prof, "BUFFER_PROFILE", "size", INT64_MAX / 2, &h->buf.size);
	int_field(w, prof, "BUFFER_PROFILE", "xon", INT64_MAX / 2, &h->buf.xon);
	if (int_field(w, prof, "BUFFER_PROFILE", "xoff", INT64_MAX / 2, &h->buf.headroom))
		h->buf.headroom.m.why = "SONiC BUFFER_PROFILE xoff";
	else if (!sonic_field(prof, "xoff"))
		fc_set_unknown(&h->buf.headroom.m, fc_sprintf(w->m->arena, "BUFFER_PROFILE %s has no xoff: a lossy profile",
								  prof->key));
	if ((f = sonic_field(prof, "dynamic_th"))) {
		fc_set_bool(&h->buf_dynamic, true, f->src);
		fc_set_unknown(&h->buf.xoff.m, fc_sprintf(w->m->arena, "dynamic_th %s: the pause threshold follows the free "
								       "shared buffer", f->value));
	} else if (int_field(w, prof, "BUFFER_PROFILE", "static_th", INT64_MAX / 2, &h->buf.xoff)) {
		fc_set_bool(&h->buf_dynamic, false, h->buf.xoff.m.src);
	}
}

static enum fc_rc qos_begin(struct fc_qos_walk *qw)
{
	const struct sonic_state *s = qw->dev->adapter_state;
	const struct sonic_field *bm;
	struct walk *w;

	if (!s) {
		qw->none = true;
		return FC_OK;
	}
	if (!(w = calloc(1, sizeof(*w))))
		return FC_ERR_NOMEM;
	w->m = qw->m;
	w->s = s;
	w->global = sonic_get(s, "PORT_QOS_MAP", "global");
	bm = sonic_field(sonic_get(s, "DEVICE_METADATA", "localhost"), "buffer_model");
	w->dynamic = bm && !strcmp(bm->value, "dynamic");
	if (pg_index(w) != FC_OK) {
		free(w->pgs);
		free(w);
		return FC_ERR_NOMEM;
	}
	qw->state = w;
	return FC_OK;
}

static bool qos_port(struct fc_qos_walk *qw, const struct fc_iface *ifc)
{
	struct walk *w = qw->state;

	if (!sonic_get(w->s, "PORT", ifc->name))
		return false;
	w->ifc = ifc;
	w->pqm = sonic_get(w->s, "PORT_QOS_MAP", ifc->name);
	return true;
}

static void qos_classify(struct fc_qos_walk *qw, const struct fc_iface *ifc, enum fc_tclass t, int64_t dscp,
			 struct fc_hop *h)
{
	(void)ifc, (void)t;
	classify(qw->state, h, dscp);
}

static void qos_resolve(struct fc_qos_walk *qw, const struct fc_iface *ifc, enum fc_tclass t, int64_t dscp,
			struct fc_hop *h)
{
	(void)ifc, (void)t;
	remark(qw->state, h, dscp);
	traffic_class(qw->state, h);
	egress(qw->state, h);
	ingress(qw->state, h);
}

static void qos_end(struct fc_qos_walk *qw)
{
	struct walk *w = qw->state;

	if (w)
		free(w->pgs);
	free(w);
}

const struct fc_qos_resolver sonic_qos = {
	.begin = qos_begin,
	.port = qos_port,
	.classify = qos_classify,
	.resolve = qos_resolve,
	.end = qos_end,
};
