/* SPDX-License-Identifier: MIT */
/* Model serialisation for fabcheck parse: every field of a device, so other tools and the tests
 * can compare all of what a parser gave. Written as it goes (no tree: a device of 30 MB of
 * outputs is millions of values), each value on one line with its source as [file, line] into the
 * device's file table, so the output stays a few times its input. The _Static_asserts below fail
 * the build when a struct of the model grows: a new field is added here too, and the size updated
 * with it. */
#include "model/model_json.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/hmap.h"
#include "util/jw.h"

/* Sizes on x86-64 (LP64) as of the last field printed here. */
#if defined(__x86_64__) && defined(__LP64__)
/* fc_iface's last change: the transceiver out of line (xcvr, a pointer; printed as before) */
_Static_assert(sizeof(struct fc_iface) == 1104, "struct fc_iface changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_nic) == 672, "struct fc_nic changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_swport) == 448, "struct fc_swport changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_hop) == 864, "struct fc_hop changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_xcvr) == 312, "struct fc_xcvr changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_dom_lane) == 368, "struct fc_dom_lane changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_device) == 600, "struct fc_device changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_ace) == 120, "struct fc_ace changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_rdma_port) == 416, "struct fc_rdma_port changed: print the new field in model_json.c");
_Static_assert(sizeof(struct fc_rdma_dev) == 160, "struct fc_rdma_dev changed: print the new field in model_json.c");
#endif


/* ---- the json-c helpers for an adapter's dump (small trees: a platform's policy) ------------- */

static json_object *meta(const struct fc_meta *m, json_object *v)
{
	json_object *o = json_object_new_object();
	char buf[600];

	if (!m->known) {
		json_object_put(v);
		json_object_object_add(o, "unknown", json_object_new_string(fc_why(m)));
		return o;
	}
	json_object_object_add(o, "value", v);
	if (m->why)   /* how a known value was decided, e.g. a platform default */
		json_object_object_add(o, "note", json_object_new_string(m->why));
	if (m->src.file)
		json_object_object_add(o, "source", json_object_new_string(fc_src_str(&m->src, buf, sizeof(buf))));
	return o;
}

static json_object *strlist_json(const struct fc_strlist *l)
{
	json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; l->m.known && i < l->n; i++)
		json_object_array_add(a, json_object_new_string(l->v[i]));
	return meta(&l->m, a);
}

static json_object *pg_json(const struct fc_pg *p)
{
	json_object *g = json_object_new_object();

	json_object_object_add(g, "size", fc_json_int(&p->size));
	json_object_object_add(g, "xoff", fc_json_int(&p->xoff));
	json_object_object_add(g, "xon", fc_json_int(&p->xon));
	json_object_object_add(g, "headroom", fc_json_int(&p->headroom));
	return g;
}

json_object *fc_json_int(const struct fc_int *x)
{
	return meta(&x->m, json_object_new_int64(x->v));
}

json_object *fc_json_str(const struct fc_str *x)
{
	return meta(&x->m, json_object_new_string(x->v ? x->v : ""));
}

json_object *fc_json_bool(const struct fc_bool *x)
{
	return meta(&x->m, json_object_new_boolean(x->v));
}

json_object *fc_json_strlist(const struct fc_strlist *l)
{
	return strlist_json(l);
}

json_object *fc_json_pg(const struct fc_pg *p)
{
	return pg_json(p);
}

json_object *fc_json_src(const struct fc_src *s)
{
	char buf[600];

	return json_object_new_string(fc_src_str(s, buf, sizeof(buf)));
}

json_object *fc_json_bits(uint64_t mask, int n)
{
	json_object *a = json_object_new_array();
	int k;

	for (k = 0; k < n; k++)
		if ((mask >> k) & 1)
			json_object_array_add(a, json_object_new_int(k));
	return a;
}

/* ---- the writer ------------------------------------------------------------------------------ */

#define MJ_DEPTH 32

/* Strings written once per device and referred to by their index: the files values come from,
 * and the reasons and notes that repeat on every port. */
struct table {
	struct fc_hmap *index;     /* string -> index + 1 */
	const char **v;            /* in order of first use (malloc'd) */
	size_t n, cap;
};

struct mj {
	FILE *o;
	int depth;                 /* nesting, for the indentation */
	int inl;                   /* > 0: inside an object written on one line */
	bool first[MJ_DEPTH];      /* per level: nothing written at it yet */
	struct fc_arena *a;        /* the tables' maps */
	struct table files, texts;
	bool oom;
};

/* A new line indented to the writer's level, in one write */
static void newline(struct mj *w)
{
	static const char nl[] = "\n                                                                ";
	size_t n = 1 + 2 * (size_t)w->depth;
	int i;

	if (n <= sizeof(nl) - 1) {
		fc_jw_raw(w->o, nl, n);
		return;
	}
	fputc_unlocked('\n', w->o);
	for (i = 0; i < w->depth; i++)
		FC_JW_LIT(w->o, "  ");
}

/* The comma, and a new line indented to the level (a space inside a one-line object). */
static void sep(struct mj *w)
{
	int d = w->depth < MJ_DEPTH ? w->depth : MJ_DEPTH - 1;

	if (!w->first[d])
		fputc_unlocked(',', w->o);
	if (w->inl) {
		if (!w->first[d])
			fputc_unlocked(' ', w->o);
	} else if (w->depth || !w->first[d]) {   /* the document's first character: no new line */
		newline(w);
	}
	w->first[d] = false;
}

/* "k": (or, k NULL, an array element) */
static void key(struct mj *w, const char *k)
{
	sep(w);
	if (k) {
		fc_jw_str(w->o, k);
		FC_JW_LIT(w->o, ": ");
	}
}

static void open_(struct mj *w, const char *k, char c)
{
	key(w, k);
	fputc_unlocked(c, w->o);
	w->depth++;
	if (w->depth < MJ_DEPTH)
		w->first[w->depth] = true;
}

/* An object or array on one line (its key placed as any other, then everything in it inline). */
static void open1(struct mj *w, const char *k, char c)
{
	key(w, k);
	w->inl++;
	fputc_unlocked(c, w->o);
	w->depth++;
	if (w->depth < MJ_DEPTH)
		w->first[w->depth] = true;
}

static void close_(struct mj *w, char c)
{
	bool empty = w->depth >= MJ_DEPTH || w->first[w->depth];

	w->depth--;
	if (!w->inl && !empty)
		newline(w);
	fputc_unlocked(c, w->o);
}

static void close1(struct mj *w, char c)
{
	close_(w, c);
	w->inl--;
}

static void kstr(struct mj *w, const char *k, const char *v)
{
	key(w, k);
	fc_jw_str(w->o, v);
}

static void kint(struct mj *w, const char *k, long long v)
{
	key(w, k);
	fc_jw_int(w->o, v);
}

static void kbool(struct mj *w, const char *k, bool v)
{
	key(w, k);
	if (v)
		FC_JW_LIT(w->o, "true");
	else
		FC_JW_LIT(w->o, "false");
}

static void kdbl(struct mj *w, const char *k, double v)
{
	key(w, k);
	fc_jw_dbl(w->o, v);
}

/* s's index in t, added on first use; -1 out of memory (the writer then fails). */
static long intern(struct mj *w, struct table *t, const char *s)
{
	size_t len = strlen(s);
	void *at;
	int failed = 0;

	if (t->index && (at = fc_hmap_get(t->index, s, len)))
		return (long)((uintptr_t)at - 1);
	if ((!t->index && !(t->index = fc_hmap_new(w->a, 64))) || t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		const char **v = t->index ? realloc(t->v, cap * sizeof(*v)) : NULL;

		if (!v) {
			w->oom = true;
			return -1;
		}
		t->v = v;
		t->cap = cap;
	}
	fc_hmap_put(t->index, s, len, (void *)(uintptr_t)(t->n + 1), &failed);
	if (failed) {
		w->oom = true;
		return -1;
	}
	t->v[t->n] = s;
	return (long)t->n++;
}

/* "k": n, the index of s in the device's texts */
static void ktext(struct mj *w, const char *k, const char *s)
{
	key(w, k);
	fc_jw_int(w->o, intern(w, &w->texts, s));
}

/* "k": [file, line] (line 0: the file has no lines), null when there is no source */
static void ksrc(struct mj *w, const char *k, const struct fc_src *s)
{
	long f = s->file ? intern(w, &w->files, s->file) : -1;

	key(w, k);
	if (f < 0) {
		FC_JW_LIT(w->o, "null");
		return;
	}
	fputc_unlocked('[', w->o);
	fc_jw_int(w->o, f);
	FC_JW_LIT(w->o, ", ");
	fc_jw_int(w->o, s->line);
	fputc_unlocked(']', w->o);
}

/* A value: {"value": v, "note": how, "source": [file, line]} or {"unknown": why}. meta_open
 * writes up to the value and says whether there is one to write; meta_close ends it. One line
 * unless big (a value that is a list of objects). */
static bool meta_open(struct mj *w, const char *k, const struct fc_meta *m, bool one_line)
{
	/* unknown for the common reason, no output reporting it: left out (docs/parse.md), which is
	 * most of a sparse configuration's fields */
	if (!m->known && !m->why)
		return false;
	if (one_line)
		open1(w, k, '{');
	else
		open_(w, k, '{');
	if (!m->known) {
		ktext(w, "unknown", fc_why(m));
		if (one_line)
			close1(w, '}');
		else
			close_(w, '}');
		return false;
	}
	key(w, "value");
	return true;
}

static void meta_close(struct mj *w, const struct fc_meta *m, bool one_line)
{
	if (m->why)   /* how a known value was decided, e.g. a platform default */
		ktext(w, "note", m->why);
	if (m->src.file)
		ksrc(w, "source", &m->src);
	if (one_line)
		close1(w, '}');
	else
		close_(w, '}');
}

static void I(struct mj *w, const char *k, const struct fc_int *x)
{
	if (meta_open(w, k, &x->m, true)) {
		fc_jw_int(w->o, x->v);
		meta_close(w, &x->m, true);
	}
}

static void S(struct mj *w, const char *k, const struct fc_str *x)
{
	if (meta_open(w, k, &x->m, true)) {
		fc_jw_str(w->o, x->v ? x->v : "");
		meta_close(w, &x->m, true);
	}
}

static void B(struct mj *w, const char *k, const struct fc_bool *x)
{
	if (meta_open(w, k, &x->m, true)) {
		if (x->v)
			FC_JW_LIT(w->o, "true");
		else
			FC_JW_LIT(w->o, "false");
		meta_close(w, &x->m, true);
	}
}

static void D(struct mj *w, const char *k, const struct fc_dbl *x)
{
	if (meta_open(w, k, &x->m, true)) {
		fc_jw_dbl(w->o, x->v);
		meta_close(w, &x->m, true);
	}
}

/* a vocabulary value by its name: E(w, "fec_active", &f->fec_active, fc_fec_name(f->fec_active.v)) */
static void E(struct mj *w, const char *k, const struct fc_meta *m, const char *name)
{
	if (meta_open(w, k, m, true)) {
		fc_jw_str(w->o, m->known && name ? name : "");
		meta_close(w, m, true);
	}
}
#define EN(w, k, x, kind) E((w), (k), &(x).m, (x).m.known ? fc_##kind##_name((x).v) : "")

static void strlist(struct mj *w, const char *k, const struct fc_strlist *l)
{
	size_t i;

	if (!meta_open(w, k, &l->m, true))
		return;
	fputc_unlocked('[', w->o);
	for (i = 0; i < l->n; i++) {
		if (i)
			FC_JW_LIT(w->o, ", ");
		fc_jw_str(w->o, l->v[i]);
	}
	fputc_unlocked(']', w->o);
	meta_close(w, &l->m, true);
}

static void counters(struct mj *w, const char *k, const struct fc_meta *m, const struct fc_counter *v, size_t n)
{
	size_t i;

	if (!meta_open(w, k, m, false))
		return;
	fputc_unlocked('{', w->o);
	w->depth++;
	w->first[w->depth < MJ_DEPTH ? w->depth : MJ_DEPTH - 1] = true;
	for (i = 0; i < n; i++)
		kint(w, v[i].name, v[i].value);
	close_(w, '}');
	meta_close(w, m, false);
}

static void pg(struct mj *w, const char *k, const struct fc_pg *p)
{
	open1(w, k, '{');
	I(w, "size", &p->size);
	I(w, "xoff", &p->xoff);
	I(w, "xon", &p->xon);
	I(w, "headroom", &p->headroom);
	close1(w, '}');
}

/* A DOM value, its flag and the module's own thresholds (a side with no limit: null). */
static void dom(struct mj *w, const char *k, const struct fc_dom_val *v)
{
	if (!meta_open(w, k, &v->m, true))
		return;
	fc_jw_dbl(w->o, v->v);
	if (v->flag[0])
		kstr(w, "flag", v->flag);
	if (v->thresholds) {
		open_(w, "thresholds", '{');
		kdbl(w, "high_alarm", v->hi_alarm);
		kdbl(w, "low_alarm", v->lo_alarm);
		kdbl(w, "high_warning", v->hi_warn);
		kdbl(w, "low_warning", v->lo_warn);
		close_(w, '}');
	}
	meta_close(w, &v->m, true);
}

static void xcvr(struct mj *w, const struct fc_xcvr *x)
{
	size_t l;

	open_(w, "transceiver", '{');
	B(w, "present", &x->present);
	S(w, "type", &x->type);
	S(w, "vendor", &x->vendor);
	S(w, "part", &x->part);
	S(w, "serial", &x->serial);
	I(w, "bitrate_mbps", &x->bitrate_mbps);
	D(w, "cable_len_m", &x->cable_len_m);
	EN(w, "dac_class", x->dac_class, cable_class);
	B(w, "dom_supported", &x->dom_supported);
	open_(w, "dom_lanes", '[');
	for (l = 0; l < x->nlanes; l++) {
		const struct fc_dom_lane *L = &x->lanes[l];

		open_(w, NULL, '{');
		kint(w, "lane", L->lane);
		dom(w, "temp_c", &L->temp_c);
		dom(w, "volt_v", &L->volt_v);
		dom(w, "bias_ma", &L->bias_ma);
		dom(w, "tx_dbm", &L->tx_dbm);
		dom(w, "rx_dbm", &L->rx_dbm);
		close_(w, '}');
	}
	close_(w, ']');
	close_(w, '}');
}

static void dscp_map(struct mj *w, const struct fc_dscp_map *d)
{
	int k;
	bool first = true;

	if (!meta_open(w, "dscp_map", &d->m, true))
		return;
	fputc_unlocked('{', w->o);
	for (k = 0; k < 64; k++)
		if ((d->has >> k) & 1) {
			if (!first)
				FC_JW_LIT(w->o, ", ");
			first = false;
			fputc_unlocked('"', w->o);
			fc_jw_int(w->o, k);
			FC_JW_LIT(w->o, "\": ");
			fc_jw_int(w->o, d->prio[k]);
		}
	fputc_unlocked('}', w->o);
	meta_close(w, &d->m, true);
}

/* The fabric's traffic classes through a switch port, as its adapter resolved them. */
static void hops(struct mj *w, const struct fc_hop *hv)
{
	int t;

	open_(w, "qos_path", '{');
	for (t = 0; t < FC_TC_COUNT; t++) {
		const struct fc_hop *h = &hv[t];

		open_(w, fc_tclass_name((enum fc_tclass)t), '{');
		S(w, "classifier", &h->classifier);
		B(w, "classifier_per_port", &h->per_port);
		EN(w, "trust", h->trust, trust);
		S(w, "match", &h->match);
		I(w, "traffic_class", &h->tc);
		I(w, "dscp_out", &h->dscp_out);
		I(w, "pcp_strict_mask", &h->pcp_strict);
		S(w, "class", &h->tc_name);
		I(w, "pfc_cos_mask", &h->pfc_cos);
		I(w, "mtu", &h->mtu);
		S(w, "queue", &h->queue);
		B(w, "queue_per_port", &h->queue_per_port);
		I(w, "strict_level", &h->strict);
		I(w, "bandwidth_percent", &h->bw_percent);
		B(w, "ecn", &h->ecn);
		I(w, "kmin_bytes", &h->kmin);
		I(w, "kmax_bytes", &h->kmax);
		I(w, "probability_percent", &h->prob);
		I(w, "weight", &h->weight);
		S(w, "pause_stops_queue", &h->pause_queue);
		B(w, "queue_lossless", &h->queue_lossless);
		pg(w, "buffer", &h->buf);
		B(w, "buffer_per_port", &h->buf_per_port);
		B(w, "buffer_dynamic", &h->buf_dynamic);
		close_(w, '}');
	}
	close_(w, '}');
}

static void iface(struct mj *w, const struct fc_iface *f)
{
	struct fc_pg tmp;
	int p;

	open_(w, NULL, '{');
	kstr(w, "name", f->name);
	S(w, "admin_state", &f->admin_state);
	S(w, "oper_state", &f->oper_state);
	S(w, "description", &f->description);
	S(w, "mac", &f->mac);
	EN(w, "port_mode", f->port_mode, port_mode);
	strlist(w, "addresses", &f->addresses);
	I(w, "speed_mbps", &f->speed_mbps);
	I(w, "lanes", &f->lanes);
	I(w, "mtu", &f->mtu);
	S(w, "duplex", &f->duplex);
	B(w, "autoneg", &f->autoneg);
	EN(w, "medium", f->medium, medium);
	strlist(w, "modes_supported", &f->modes_supported);
	strlist(w, "modes_advertised", &f->modes_advertised);
	strlist(w, "modes_partner", &f->modes_partner);
	S(w, "link_mode", &f->link_mode);
	EN(w, "fec_config", f->fec_config, fec);
	EN(w, "fec_active", f->fec_active, fec);
	B(w, "pause_rx", &f->pause_rx);
	B(w, "pause_tx", &f->pause_tx);
	S(w, "breakout", &fc_swport(f)->breakout);
	S(w, "pfc_mode", &f->pfc_mode);
	I(w, "pfc_prios_mask", &f->pfc_prios);
	B(w, "pfc_watchdog", &fc_swport(f)->pfc_watchdog);
	EN(w, "trust", f->trust, trust);
	dscp_map(w, &f->dscp_map);
	open_(w, "buffers_by_priority", '[');
	for (p = 0; p < FC_PRIO_COUNT; p++)
		pg(w, NULL, fc_iface_pg(f, p, &tmp));
	close_(w, ']');
	I(w, "cable_model_m", &f->cable_model_m);
	S(w, "acl_in", &fc_swport(f)->acl_in);
	S(w, "acl_out", &fc_swport(f)->acl_out);
	S(w, "lag", &fc_swport(f)->lag);
	S(w, "driver", &fc_nic(f)->driver);
	S(w, "driver_version", &fc_nic(f)->driver_version);
	S(w, "firmware", &fc_nic(f)->firmware);
	S(w, "pci_address", &fc_nic(f)->pci_addr);
	S(w, "pci_speed", &fc_nic(f)->pci_cur_speed);
	I(w, "pci_width", &fc_nic(f)->pci_cur_width);
	S(w, "pci_max_speed", &fc_nic(f)->pci_max_speed);
	I(w, "pci_max_width", &fc_nic(f)->pci_max_width);
	I(w, "numa_node", &fc_nic(f)->numa_node);
	S(w, "pci_upstream_address", &fc_nic(f)->pci_up_addr);
	S(w, "pci_upstream_speed", &fc_nic(f)->pci_up_cur_speed);
	I(w, "pci_upstream_width", &fc_nic(f)->pci_up_cur_width);
	S(w, "pci_upstream_max_speed", &fc_nic(f)->pci_up_max_speed);
	I(w, "pci_upstream_max_width", &fc_nic(f)->pci_up_max_width);
	I(w, "ecn_np_prios_mask", &fc_nic(f)->ecn_np_prios);
	I(w, "ecn_rp_prios_mask", &fc_nic(f)->ecn_rp_prios);
	I(w, "cnp_dscp", &fc_nic(f)->cnp_dscp);
	I(w, "cnp_prio", &fc_nic(f)->cnp_prio);
	I(w, "pfc_prevention_tout_ms", &fc_nic(f)->pfc_prev_tout_ms);
	counters(w, "stats", &f->stats_m, f->stats, f->nstats);
	I(w, "arp_ignore", &fc_nic(f)->arp_ignore);
	I(w, "arp_announce", &fc_nic(f)->arp_announce);
	S(w, "alias", &fc_swport(f)->alias);
	S(w, "declared_neighbour", &fc_swport(f)->decl_peer);
	S(w, "declared_neighbour_port", &fc_swport(f)->decl_peer_port);
	xcvr(w, fc_xcvr(f));
	I(w, "crc_errors", &fc_swport(f)->cnt_crc);
	I(w, "input_errors", &fc_swport(f)->cnt_in_errors);
	I(w, "giants", &fc_swport(f)->cnt_giants);
	I(w, "resets", &fc_swport(f)->cnt_resets);
	I(w, "rx_ppp", &fc_swport(f)->cnt_rx_ppp);
	I(w, "tx_ppp", &fc_swport(f)->cnt_tx_ppp);
	S(w, "lldp_system_name", &f->lldp_sysname);
	S(w, "lldp_port", &f->lldp_port);
	kbool(w, "linked", f->linked);
	if (f->hops)
		hops(w, f->hops);
	close_(w, '}');
}

static void addr(struct mj *w, const char *k, const struct fc_addrmatch *a)
{
	char buf[48];

	if (a->any || a->v6) {
		kstr(w, k, a->any ? "any" : "ipv6");
		return;
	}
	snprintf(buf, sizeof(buf), "%u.%u.%u.%u/%d", a->net >> 24, (a->net >> 16) & 255, (a->net >> 8) & 255, a->net & 255,
		 __builtin_popcount(a->mask));
	kstr(w, k, buf);
}

static void portmatch(struct mj *w, const char *k, const struct fc_portmatch *p)
{
	static const char *const ops[] = { "any", "eq", "neq", "lt", "gt", "range" };

	open1(w, k, '{');
	kstr(w, "op", ops[p->op]);
	if (p->op != FC_PORT_ANY) {
		kint(w, "lo", p->lo);
		kint(w, "hi", p->hi);
	}
	close1(w, '}');
}

static void acl(struct mj *w, const struct fc_acl *a)
{
	size_t j;

	open_(w, NULL, '{');
	kstr(w, "name", a->name);
	ksrc(w, "source", &a->src);
	kbool(w, "standard", a->standard);
	open_(w, "entries", '[');
	for (j = 0; j < a->n; j++) {
		const struct fc_ace *e = &a->aces[j];

		open_(w, NULL, '{');
		kstr(w, "text", e->text);
		ksrc(w, "source", &e->loc);
		kint(w, "seq", e->seq);
		if (e->hits.m.known)
			I(w, "hits", &e->hits);
		if (e->remark) {
			kbool(w, "remark", true);
		} else {
			kstr(w, "action", e->permit ? "permit" : "deny");
			kint(w, "protocol", e->proto);
			addr(w, "src", &e->src);
			portmatch(w, "src_port", &e->sport);
			addr(w, "dst", &e->dst);
			portmatch(w, "dst_port", &e->dport);
			kint(w, "dscp", e->dscp);
		}
		close_(w, '}');
	}
	close_(w, ']');
	close_(w, '}');
}

static void rdma_port(struct mj *w, const struct fc_rdma_port *p)
{
	size_t k;

	open_(w, NULL, '{');
	kint(w, "port", p->num);
	S(w, "state", &p->state);
	S(w, "phys_state", &p->phys_state);
	EN(w, "link_layer", p->link_layer, link_layer);
	S(w, "netdev", &p->netdev);
	S(w, "roce_mode", &p->roce_mode);
	I(w, "active_mtu", &p->active_mtu);
	I(w, "roce_tos", &p->roce_tos);
	S(w, "rate", &p->rate);
	I(w, "rate_mbps", &p->rate_mbps);
	I(w, "width", &p->width);
	counters(w, "hw_counters", &p->hw_counters_m, p->hw_counters, p->nhw_counters);
	if (meta_open(w, "gids", &p->gids_m, false)) {
		fputc_unlocked('[', w->o);
		w->depth++;
		w->first[w->depth < MJ_DEPTH ? w->depth : MJ_DEPTH - 1] = true;
		for (k = 0; k < p->ngids; k++) {
			const struct fc_gid *g = &p->gids[k];

			open1(w, NULL, '{');
			kint(w, "index", g->index);
			kstr(w, "gid", g->gid);
			kstr(w, "type", g->type);
			if (g->netdev)
				kstr(w, "netdev", g->netdev);
			ksrc(w, "source", &g->src);
			close1(w, '}');
		}
		close_(w, ']');
		meta_close(w, &p->gids_m, false);
	}
	close_(w, '}');
}

static void strings(struct mj *w, const char *k, const char *const *v, size_t n)
{
	size_t i;

	open_(w, k, '[');
	for (i = 0; i < n; i++)
		kstr(w, NULL, v[i]);
	close_(w, ']');
}

static void device(struct mj *w, const struct fc_device *d, json_object *adapter)
{
	char caps[512];
	unsigned holds = 0, c;
	size_t i, j;

	open_(w, NULL, '{');
	kstr(w, "name", d->name);
	if (d->platform)
		kstr(w, "platform", d->platform);
	kstr(w, "adapter_provides", fc_cap_names(d->caps, caps, sizeof(caps)));
	for (c = 0; c < FC_CAP_COUNT; c++)
		holds |= fc_cap_filled(d, 1u << c) ? 1u << c : 0;
	kstr(w, "model_holds", fc_cap_names(holds, caps, sizeof(caps)));
	kstr(w, "kind", d->kind == FC_DEV_HOST ? "host" : "switch");
	kstr(w, "status", fc_devstatus_name(d->status));
	if (d->role)
		kstr(w, "role", d->role);
	if (d->address)
		kstr(w, "address", d->address);
	strings(w, "errors", d->errors, d->nerrors);
	strings(w, "warnings", d->warnings, d->nwarnings);
	S(w, "hostname", &d->hostname);
	S(w, "os_version", &d->os_version);
	S(w, "hw_model", &d->hw_model);
	S(w, "asic", &d->asic);
	EN(w, "asic_family", d->asic_family, asic);
	I(w, "taken_at", &d->taken_at);
	open_(w, "interfaces", '[');
	for (i = 0; i < d->nifaces; i++)
		iface(w, d->ifaces[i]);
	close_(w, ']');
	open_(w, "acls", '[');
	for (i = 0; i < d->nacls; i++)
		acl(w, &d->acls[i]);
	close_(w, ']');
	if (meta_open(w, "running_config", &d->config_m, true)) {
		FC_JW_LIT(w->o, "true");
		meta_close(w, &d->config_m, true);
	}
	open_(w, "headroom_table", '[');
	for (i = 0; i < d->nhr; i++) {
		open1(w, NULL, '{');
		kint(w, "speed_mbps", d->hr_rows[i].mbps);
		kdbl(w, "cable_m", d->hr_rows[i].cable_m);
		kint(w, "xoff", d->hr_rows[i].xoff);
		ksrc(w, "source", &d->hr_rows[i].src);
		close1(w, '}');
	}
	close_(w, ']');
	if (meta_open(w, "rdma", &d->rdma_m, false)) {
		fputc_unlocked('[', w->o);
		w->depth++;
		w->first[w->depth < MJ_DEPTH ? w->depth : MJ_DEPTH - 1] = true;
		for (i = 0; i < d->nrdma; i++) {
			open_(w, NULL, '{');
			kstr(w, "name", d->rdma[i].name);
			S(w, "kind", &d->rdma[i].kind);
			S(w, "fw_ver", &d->rdma[i].fw_ver);
			S(w, "board_id", &d->rdma[i].board_id);
			S(w, "hca_type", &d->rdma[i].hca_type);
			open_(w, "ports", '[');
			for (j = 0; j < d->rdma[i].nports; j++)
				rdma_port(w, &d->rdma[i].ports[j]);
			close_(w, ']');
			close_(w, '}');
		}
		close_(w, ']');
		meta_close(w, &d->rdma_m, false);
	}
	S(w, "firewall_udp_4791", &d->fw_udp4791);
	I(w, "memlock_bytes", &d->memlock_bytes);
	S(w, "pcie_aspm_policy", &d->pcie_aspm_policy);
	open_(w, "not_understood", '[');
	for (i = 0; i < d->nunparsed; i++) {
		open1(w, NULL, '{');
		ksrc(w, "source", &d->unparsed[i].src);
		kstr(w, "text", d->unparsed[i].text);
		close1(w, '}');
	}
	close_(w, ']');
	open_(w, "conflicts", '[');
	for (i = 0; i < d->nconflicts; i++) {
		const struct fc_conflict *x = &d->conflicts[i];

		open1(w, NULL, '{');
		if (x->subject)
			kstr(w, "port", x->subject);
		kstr(w, "field", x->field);
		kstr(w, "used", x->used);
		ksrc(w, "used_source", &x->used_src);
		kstr(w, "other", x->other);
		ksrc(w, "other_source", &x->other_src);
		close1(w, '}');
	}
	close_(w, ']');
	if (adapter) {
		key(w, "adapter");
		fputs_unlocked(json_object_to_json_string_ext(adapter, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE),
			       w->o);
	}
	/* the tables the values above point into: "source": [file, line], "unknown" and "note" */
	open_(w, "files", '[');
	for (i = 0; i < w->files.n; i++)
		kstr(w, NULL, w->files.v[i]);
	close_(w, ']');
	open_(w, "texts", '[');
	for (i = 0; i < w->texts.n; i++)
		kstr(w, NULL, w->texts.v[i]);
	close_(w, ']');
	close_(w, '}');
}

enum fc_rc fc_device_write_json(FILE *out, const struct fc_device *d, json_object *adapter, int indent,
				struct fc_err *err)
{
	struct mj w;
	enum fc_rc rc = FC_OK;

	memset(&w, 0, sizeof(w));
	w.o = out;
	w.depth = indent;
	w.first[indent < MJ_DEPTH ? indent : MJ_DEPTH - 1] = true;   /* the caller writes the commas */
	if (!(w.a = fc_arena_new()))
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
	device(&w, d, adapter);
	free(w.files.v);
	free(w.texts.v);
	fc_arena_free(&w.a);
	if (w.oom)
		rc = fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory writing the model of %s", d->name);
	else if (ferror(out))
		rc = fc_err_set(err, FC_ERR_IO, NULL, 0, "writing the model of %s failed", d->name);
	return rc;
}
