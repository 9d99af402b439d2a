/* SPDX-License-Identifier: MIT */
/* Model construction: devices, interfaces, value setters. */
#include "model/model.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/hmap.h"
#include "util/text.h"

#define INDEX_BUCKETS 4096u

struct dev_entry {
	struct dev_entry *next;
	struct fc_device *dev;
};

struct fc_dev_index {
	struct dev_entry *b[INDEX_BUCKETS];
};

static unsigned hname(const char *s)
{
	unsigned h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* Clean strings are interned from their second sight: a fleet's values repeat ("up",
 * "100000baseCR4/Full", a firmware version on 100,000 NICs), and a copy each was a tenth of a
 * 1,000-leaf model; those that never repeat (GIDs, MACs, serial numbers) are copied and stay out
 * of the intern table. Model strings are compared by content, never by pointer. */
char *fc_model_str_own(struct fc_model *m, const char *s)
{
	size_t n;

	if (!s)
		return NULL;
	n = strlen(s);
	if (fc_text_is_clean(s, n))
		return fc_strndup(m->arena, s, n);
	return fc_text_clean(m->arena, s, n, NULL);
}

const char *fc_model_strn(struct fc_model *m, const char *s, size_t n)
{
	if (!s)
		return NULL;
	if (fc_text_is_clean(s, n))   /* no NUL either: a control character is not clean */
		return fc_intern_repeated(m->arena, s, n);
	return fc_text_clean(m->arena, s, n, NULL);
}

const char *fc_model_str(struct fc_model *m, const char *s)
{
	return s ? fc_model_strn(m, s, strlen(s)) : NULL;
}

enum fc_rc fc_strlist_add(struct fc_model *m, struct fc_strlist *l, const char *v, struct fc_src src)
{
	const char *s = fc_model_str(m, v);

	if (!s)
		return FC_ERR_NOMEM;
	if (l->n == l->cap) {   /* doubling: n additions cost O(n), not O(n^2) */
		size_t cap = l->cap ? 2 * l->cap : 4;
		const char **nv = fc_alloc(m->arena, cap * sizeof(*nv));

		if (!nv)
			return FC_ERR_NOMEM;
		if (l->n)
			memcpy(nv, l->v, l->n * sizeof(*nv));
		l->v = nv;
		l->cap = cap;
	}
	l->v[l->n++] = s;
	l->m.known = true;
	l->m.src = src;
	l->m.why = NULL;
	return FC_OK;
}

struct fc_model *fc_model_new(void)
{
	struct fc_arena *a = fc_arena_new();
	struct fc_model *m;

	if (!a)
		return NULL;
	m = fc_alloc(a, sizeof(*m));
	if (!m || !(m->index = fc_alloc(a, sizeof(*m->index)))) {
		fc_arena_free(&a);
		return NULL;
	}
	m->arena = a;
	return m;
}

void fc_model_free(struct fc_model **m)
{
	struct fc_arena *a;

	if (!m || !*m)
		return;
	fc_arena_free(&(*m)->parse_arena);
	a = (*m)->arena;
	fc_arena_free(&a);
	*m = NULL;
}

struct fc_device *fc_model_find_device(const struct fc_model *m, const char *name)
{
	struct dev_entry *e;

	for (e = m->index->b[hname(name) % INDEX_BUCKETS]; e; e = e->next)
		if (strcmp(e->dev->name, name) == 0)
			return e->dev;
	return NULL;
}

enum fc_rc fc_model_add_device(struct fc_model *m, const char *name, enum fc_devkind kind,
			       struct fc_device **out, struct fc_err *err)
{
	struct fc_device *d;
	struct dev_entry *e;
	unsigned b = hname(name) % INDEX_BUCKETS;

	if (fc_model_find_device(m, name))
		return fc_err_set(err, FC_ERR_INPUT, NULL, 0, "device '%s' defined twice", name);
	d = fc_alloc(m->arena, sizeof(*d));
	e = fc_alloc(m->arena, sizeof(*e));
	m->devs = fc_grow(m->arena, m->devs, m->ndevs, &m->devs_cap, sizeof(*m->devs));
	if (!d || !e || !m->devs || !(d->name = fc_model_str(m, name)))
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
	d->kind = kind;
	d->status = FC_DEV_NODATA;
	e->dev = d;
	e->next = m->index->b[b];
	m->index->b[b] = e;
	m->devs[m->ndevs++] = d;
	if (out)
		*out = d;
	return FC_OK;
}

/* A device with more interfaces than this gets a hash index (fleet scale: 40,000 ports took
 * seconds to look up linearly); fewer are scanned. */
#define INDEX_FROM 16

struct fc_iface *fc_dev_find_iface(const struct fc_device *d, const char *name)
{
	size_t i;

	if (d->iface_index)
		return fc_hmap_get(d->iface_index, name, strlen(name));
	for (i = 0; i < d->nifaces; i++)
		if (strcmp(d->ifaces[i]->name, name) == 0)
			return d->ifaces[i];
	return NULL;
}

static bool index_iface(struct fc_model *m, struct fc_device *d, struct fc_iface *ifc)
{
	int failed = 0;
	size_t i;

	if (!d->iface_index) {
		if (d->nifaces < INDEX_FROM)
			return true;
		if (!(d->iface_index = fc_hmap_new(m->arena, 2 * d->nifaces)))
			return false;
		for (i = 0; i < d->nifaces; i++)
			if (fc_hmap_put(d->iface_index, d->ifaces[i]->name, strlen(d->ifaces[i]->name), d->ifaces[i], &failed),
			    failed)
				return false;
		return true;
	}
	fc_hmap_put(d->iface_index, ifc->name, strlen(ifc->name), ifc, &failed);
	return !failed;
}

struct fc_iface *fc_dev_iface(struct fc_model *m, struct fc_device *d, const char *name)
{
	struct fc_iface *ifc = fc_dev_find_iface(d, name);

	if (ifc)
		return ifc;
	ifc = fc_alloc(m->arena, sizeof(*ifc));
	d->ifaces = fc_grow(m->arena, d->ifaces, d->nifaces, &d->ifaces_cap, sizeof(*d->ifaces));
	if (!ifc || !d->ifaces || !(ifc->name = fc_model_str(m, name)))
		return NULL;
	/* a switch's port has its switch values from the start: adapters write ifc->sw */
	if (d->kind == FC_DEV_SWITCH && !fc_swport_mut(m, ifc))
		return NULL;
	ifc->dev = d;
	d->ifaces[d->nifaces++] = ifc;
	return index_iface(m, d, ifc) ? ifc : NULL;
}

const struct fc_acl *fc_dev_find_acl(const struct fc_device *d, const char *name)
{
	size_t i = d->acl_index ? (size_t)(uintptr_t)fc_hmap_get(d->acl_index, name, strlen(name)) : 0;

	return i ? &d->acls[i - 1] : NULL;
}

struct fc_acl *fc_dev_acl(struct fc_model *m, struct fc_device *d, const char *name, struct fc_src src, bool *created)
{
	size_t i = d->acl_index ? (size_t)(uintptr_t)fc_hmap_get(d->acl_index, name, strlen(name)) : 0;
	struct fc_acl *acl;
	int failed = 0;

	*created = !i;
	if (i)
		return &d->acls[i - 1];
	if (!d->acl_index && !(d->acl_index = fc_hmap_new(m->arena, 16)))
		return NULL;
	d->acls = fc_grow(m->arena, d->acls, d->nacls, &d->acls_cap, sizeof(*d->acls));
	if (!d->acls)
		return NULL;
	acl = &d->acls[d->nacls];
	memset(acl, 0, sizeof(*acl));
	if (!(acl->name = fc_model_str(m, name)))
		return NULL;
	acl->src = src;
	fc_hmap_put(d->acl_index, acl->name, strlen(acl->name), (void *)(uintptr_t)(d->nacls + 1), &failed);
	if (failed)
		return NULL;
	d->nacls++;
	return acl;
}

enum fc_rc fc_dev_add_error(struct fc_model *m, struct fc_device *d, const char *msg)
{
	d->errors = fc_grow(m->arena, d->errors, d->nerrors, &d->errors_cap, sizeof(*d->errors));
	if (!d->errors)
		return FC_ERR_NOMEM;
	d->errors[d->nerrors] = fc_model_str(m, msg);
	if (!d->errors[d->nerrors])
		return FC_ERR_NOMEM;
	d->nerrors++;
	return FC_OK;
}

enum fc_rc fc_dev_add_warning(struct fc_model *m, struct fc_device *d, const char *msg)
{
	d->warnings = fc_grow(m->arena, d->warnings, d->nwarnings, &d->warnings_cap, sizeof(*d->warnings));
	if (!d->warnings || !(d->warnings[d->nwarnings] = fc_model_str(m, msg)))
		return FC_ERR_NOMEM;
	d->nwarnings++;
	return FC_OK;
}

enum fc_rc fc_dev_add_conflict(struct fc_model *m, struct fc_device *d, const char *subject, const char *field,
			       const char *used, struct fc_src used_src, const char *other, struct fc_src other_src)
{
	struct fc_conflict *x;

	d->conflicts = fc_grow(m->arena, d->conflicts, d->nconflicts, &d->conflicts_cap, sizeof(*d->conflicts));
	if (!d->conflicts)
		return FC_ERR_NOMEM;
	x = &d->conflicts[d->nconflicts];
	x->subject = subject ? fc_model_str(m, subject) : NULL;
	x->field = fc_model_str(m, field);
	x->used = fc_model_str(m, used);
	x->other = fc_model_str(m, other);
	x->used_src = used_src;
	x->other_src = other_src;
	if ((subject && !x->subject) || !x->field || !x->used || !x->other)
		return FC_ERR_NOMEM;
	d->nconflicts++;
	return FC_OK;
}

enum fc_rc fc_dev_add_unparsed(struct fc_model *m, struct fc_device *d, struct fc_src src, const char *text,
			       size_t len)
{
	struct fc_unparsed *u;

	d->unparsed = fc_grow(m->arena, d->unparsed, d->nunparsed, &d->unparsed_cap, sizeof(*d->unparsed));
	if (!d->unparsed)
		return FC_ERR_NOMEM;
	u = &d->unparsed[d->nunparsed];
	u->src = src;
	/* reports show the start of the line (file:line says where the rest is), escaped */
	text = fc_model_strn(m, text, len);
	if (text && (len = strlen(text)) > FC_UNPARSED_SHOWN) {
		size_t cut = FC_UNPARSED_SHOWN;

		while (cut > 0 && ((unsigned char)text[cut] & 0xc0) == 0x80)
			cut--;   /* not inside a UTF-8 sequence */
		text = fc_sprintf(m->arena, "%.*s\u2026", (int)cut, text);
	}
	u->text = text;
	if (!u->text)
		return FC_ERR_NOMEM;
	d->nunparsed++;
	return FC_OK;
}

struct fc_src fc_src_make(struct fc_model *m, const char *file, unsigned line)
{
	struct fc_src s;

	s.line = line;
	if (file && m->src_last && strcmp(m->src_last, file) == 0) {
		s.file = m->src_last;   /* clean, as it was interned: the same bytes are */
		return s;
	}
	s.file = file && !fc_text_is_clean(file, strlen(file)) ? fc_intern(m->arena, fc_model_str(m, file))
								: fc_intern(m->arena, file);
	if (file && s.file && strcmp(s.file, file) == 0)
		m->src_last = s.file;
	return s;
}

void fc_set_int(struct fc_int *x, int64_t v, struct fc_src src)
{
	x->v = v;
	x->m.known = true;
	x->m.src = src;
	x->m.why = NULL;
}

void fc_set_dbl(struct fc_dbl *x, double v, struct fc_src src)
{
	x->v = v;
	x->m.known = true;
	x->m.src = src;
	x->m.why = NULL;
}

void fc_set_bool(struct fc_bool *x, bool v, struct fc_src src)
{
	x->v = v;
	x->m.known = true;
	x->m.src = src;
	x->m.why = NULL;
}

void fc_set_str(struct fc_model *m, struct fc_str *x, const char *v, struct fc_src src)
{
	x->v = fc_model_str(m, v);
	x->m.known = x->v != NULL;
	x->m.src = src;
	x->m.why = x->v ? NULL : "out of memory";
}

static void set_known(struct fc_meta *m, struct fc_src src)
{
	m->known = true;
	m->managed = false;
	m->src = src;
	m->why = NULL;
}

void fc_set_fec(struct fc_fec_val *x, enum fc_fec v, struct fc_src src)
{
	x->v = v;
	set_known(&x->m, src);
}

void fc_set_medium(struct fc_medium_val *x, enum fc_medium v, struct fc_src src)
{
	x->v = v;
	set_known(&x->m, src);
}

void fc_set_cable(struct fc_cable_val *x, enum fc_cable v, struct fc_src src)
{
	x->v = v;
	set_known(&x->m, src);
}

void fc_set_cable_class(struct fc_cable_class_val *x, enum fc_cable_class v, struct fc_src src)
{
	x->v = v;
	set_known(&x->m, src);
}

void fc_set_trust(struct fc_trust_val *x, enum fc_trust v, struct fc_src src)
{
	x->v = v;
	set_known(&x->m, src);
}

void fc_set_port_mode(struct fc_port_mode_val *x, enum fc_port_mode v, struct fc_src src)
{
	x->v = v;
	set_known(&x->m, src);
}

void fc_set_link_layer(struct fc_link_layer_val *x, enum fc_link_layer v, struct fc_src src)
{
	x->v = v;
	set_known(&x->m, src);
}

void fc_set_asic(struct fc_asic_val *x, enum fc_asic v, struct fc_src src)
{
	x->v = v;
	set_known(&x->m, src);
}

void fc_set_unknown(struct fc_meta *x, const char *why)
{
	x->known = false;
	x->managed = false;
	x->why = why;
}

void fc_set_managed(struct fc_meta *x, const char *why)
{
	fc_set_unknown(x, why);
	x->managed = true;
}

const char *fc_cap_names(unsigned caps, char *buf, size_t size)
{
	static const char *const names[] = {
		"the QoS path", "the configuration", "per-priority buffers", "counters", "the ASIC family",
		"LLDP neighbours", "transceiver diagnostics", "IP ACLs", "the link", "PFC", "the MTU",
		"IP addresses", "classification", "RDMA devices", "NIC settings", "the host firewall",
		"host limits",
	};
	_Static_assert(sizeof(names) / sizeof(names[0]) == FC_CAP_COUNT, "a name for every capability");
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < FC_CAP_COUNT && n < size; i++)
		if (caps & (1u << i))
			n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? ", " : "", names[i]);
	return buf;
}

static bool iface_fills(const struct fc_iface *f, unsigned cap)
{
	const struct fc_swport *sw = fc_swport(f);
	const struct fc_xcvr *x = fc_xcvr(f);
	struct fc_pg tmp;
	int p;

	switch (cap) {
	case FC_CAP_QOS_PATH:
		return f->hops != NULL;
	case FC_CAP_CONFIG:
		return sw->pfc_watchdog.m.known || f->port_mode.m.known || sw->breakout.m.known;
	case FC_CAP_PG_BUFFERS:
		for (p = 0; p < FC_PRIO_COUNT; p++)
			if (fc_iface_pg(f, p, &tmp)->size.m.known)
				return true;
		return f->cable_model_m.m.known ||
		       (f->hops && (f->hops[FC_TC_ROCE].buf.size.m.known || f->hops[FC_TC_ROCE].buf.headroom.m.known));
	case FC_CAP_COUNTERS:
		return f->stats_m.known || sw->cnt_crc.m.known || sw->cnt_in_errors.m.known || sw->cnt_resets.m.known ||
		       sw->cnt_rx_ppp.m.known || sw->cnt_tx_ppp.m.known;
	case FC_CAP_LLDP:
		return f->lldp_sysname.m.known || f->lldp_port.m.known;
	case FC_CAP_DOM:
		return x->type.m.known || x->nlanes > 0;
	case FC_CAP_ACL:
		return sw->acl_in.m.known || sw->acl_out.m.known;
	case FC_CAP_LINK:
		return f->speed_mbps.m.known || f->fec_active.m.known || f->link_mode.m.known || f->oper_state.m.known;
	case FC_CAP_PFC:
		return f->pfc_prios.m.known || f->pause_rx.m.known || f->pause_tx.m.known;
	case FC_CAP_MTU:
		return f->mtu.m.known;
	case FC_CAP_ADDRESS:
		return f->addresses.m.known;
	case FC_CAP_CLASSIFY:
		return f->trust.m.known || f->dscp_map.m.known;
	case FC_CAP_NIC:
		return f->nic != NULL;
	}
	return false;
}

bool fc_cap_filled(const struct fc_device *d, unsigned cap)
{
	size_t i, k;

	switch (cap) {
	case FC_CAP_ASIC:
		return d->asic_family.m.known;
	case FC_CAP_ACL:
		if (d->nacls)
			return true;
		break;
	case FC_CAP_COUNTERS:
		for (i = 0; i < d->nrdma; i++)
			for (k = 0; k < d->rdma[i].nports; k++)
				if (d->rdma[i].ports[k].hw_counters_m.known)
					return true;
		break;
	case FC_CAP_RDMA:
		return d->nrdma > 0;
	case FC_CAP_FIREWALL:
		return d->fw_udp4791.m.known;
	case FC_CAP_SYSTEM:
		return d->memlock_bytes.m.known || d->pcie_aspm_policy.m.known;
	case FC_CAP_CONFIG:
		if (d->config_m.known)
			return true;
		break;
	}
	for (i = 0; i < d->nifaces; i++)
		if (iface_fills(d->ifaces[i], cap))
			return true;
	return false;
}

const char *fc_tclass_name(enum fc_tclass t)
{
	return t == FC_TC_ROCE ? "RoCE" : t == FC_TC_CNP ? "CNP" : "?";
}

const char *fc_why(const struct fc_meta *x)
{
	return x->why ? x->why : "no collected output reports it";
}

/* a == b, inline: a port's statistics are a hundred names that mostly differ within their first
 * bytes, looked up a few times for each rule; a library call each cost more than the comparing */
static bool same_name(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

const struct fc_counter *fc_counter_find(const struct fc_counter *v, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i].name[0] == name[0] && same_name(v[i].name, name))
			return &v[i];
	return NULL;
}

static int by_name(const void *key, const void *item)
{
	return strcmp(key, *(const char *const *)item);
}

void fc_model_keep_counters(struct fc_model *m, const char *const *kept)
{
	m->counters_kept = kept;
	for (m->ncounters_kept = 0; kept && kept[m->ncounters_kept]; m->ncounters_kept++)
		;
}

bool fc_counter_kept(const struct fc_model *m, const char *name)
{
	if (!m->counters_only || !m->counters_kept)
		return true;
	return bsearch(name, m->counters_kept, m->ncounters_kept, sizeof(*m->counters_kept), by_name) != NULL;
}

/* "p", the type and the name: the key of a map in the index */
/* "c0NAME": kind, type digit, name (no printf: every port's QoS path looks maps up) */
const char *fc_devstatus_name(enum fc_devstatus s)
{
	switch (s) {
	case FC_DEV_OK: return "ok";
	case FC_DEV_NODATA: return "no-data";
	case FC_DEV_COLLECT_FAILED: return "collect-failed";
	case FC_DEV_PARSE_ERROR: return "parse-error";
	case FC_DEV_INTENT: return "intent";
	}
	return "?";
}

const char *fc_src_str(const struct fc_src *s, char *buf, size_t size)
{
	if (!s->file)
		snprintf(buf, size, "%s", "");
	else if (s->line)
		snprintf(buf, size, "%s:%u", s->file, s->line);
	else
		snprintf(buf, size, "%s", s->file);
	return buf;
}

/* Every field of a hop; unset_only: those no stage of the path set, known or unknown. */
static void hop_unknown(struct fc_hop *h, const char *why, bool unset_only)
{
	struct fc_meta *ms[] = { &h->classifier.m, &h->per_port.m, &h->trust.m, &h->match.m, &h->tc.m,
				 &h->dscp_out.m, &h->pcp_strict.m, &h->tc_name.m, &h->pfc_cos.m, &h->mtu.m, &h->queue.m,
				 &h->queue_per_port.m, &h->strict.m, &h->bw_percent.m, &h->ecn.m, &h->kmin.m,
				 &h->kmax.m, &h->prob.m, &h->weight.m, &h->pause_queue.m, &h->queue_lossless.m, &h->buf.size.m, &h->buf.xoff.m,
				 &h->buf.xon.m, &h->buf.headroom.m, &h->buf_per_port.m, &h->buf_dynamic.m };
	size_t i;

	for (i = 0; i < sizeof(ms) / sizeof(ms[0]); i++)
		if (!unset_only || (!ms[i]->known && !ms[i]->why))
			fc_set_unknown(ms[i], why);
}

void fc_hop_unknown(struct fc_hop *h, const char *why)
{
	hop_unknown(h, why, false);
}

void fc_hop_unknown_rest(struct fc_hop *h, const char *why)
{
	hop_unknown(h, why, true);
}

void fc_dom_set(struct fc_dom_val *d, double v, struct fc_src src)
{
	d->v = v;
	d->m.known = true;
	d->m.src = src;
	d->m.why = NULL;
}

enum fc_rc fc_iface_add_stats(struct fc_model *m, struct fc_iface *ifc, const struct fc_counter *add, size_t n,
			      struct fc_src src)
{
	struct fc_counter *v = ifc->stats;
	size_t i, cap = ifc->stats_cap;

	/* grown in place while the counters are the arena's newest allocation (the rows of one port
	 * follow each other: a queue each), else room doubled: outputs that give a port's counters a
	 * row at a time had copied them all on every row, quadratic in time and in arena left behind */
	if (ifc->nstats + n > cap && fc_arena_extend(m->arena, v, (cap ? cap : ifc->nstats) * sizeof(*v),
						     (ifc->nstats + n) * sizeof(*v))) {
		ifc->stats_cap = cap = ifc->nstats + n;
	} else if (ifc->nstats + n > cap) {
		cap = cap ? cap : 8;
		while (cap < ifc->nstats + n)
			cap *= 2;
		if (!(v = fc_alloc(m->arena, cap * sizeof(*v))))
			return FC_ERR_NOMEM;
		if (ifc->nstats)
			memcpy(v, ifc->stats, ifc->nstats * sizeof(*v));
		ifc->stats_cap = cap;
	}
	for (i = 0; i < n; i++) {
		v[ifc->nstats + i].value = add[i].value;
		if (!(v[ifc->nstats + i].name = fc_model_str(m, add[i].name)))
			return FC_ERR_NOMEM;
	}
	ifc->stats = v;
	ifc->nstats += n;
	if (!ifc->stats_m.known) {
		ifc->stats_m.known = true;
		ifc->stats_m.src = src;
		ifc->stats_m.why = NULL;
	}
	return FC_OK;
}

const struct fc_nic *fc_nic(const struct fc_iface *i)
{
	static const struct fc_nic none;   /* zero: every value unknown, no reason (nothing gave one) */

	return i->nic ? i->nic : &none;
}

struct fc_nic *fc_nic_mut(struct fc_model *m, struct fc_iface *i)
{
	if (!i->nic)
		i->nic = fc_alloc(m->arena, sizeof(*i->nic));
	return i->nic;
}

const struct fc_xcvr *fc_xcvr(const struct fc_iface *i)
{
	/* zero: every value unknown, no reason; the DAC class's as fc_adapter_finalize gives it */
	static const struct fc_xcvr none = { .dac_class.m.why = "the module's type is not known" };

	return i->xcvr ? i->xcvr : &none;
}

struct fc_xcvr *fc_xcvr_mut(struct fc_model *m, struct fc_iface *i)
{
	if (!i->xcvr)
		i->xcvr = fc_alloc(m->arena, sizeof(*i->xcvr));
	return i->xcvr;
}

const struct fc_swport *fc_swport(const struct fc_iface *i)
{
	static const struct fc_swport none;   /* zero: every value unknown, no reason */

	return i->sw ? i->sw : &none;
}

struct fc_swport *fc_swport_mut(struct fc_model *m, struct fc_iface *i)
{
	if (!i->sw)
		i->sw = fc_alloc(m->arena, sizeof(*i->sw));
	return i->sw;
}

const struct fc_pg *fc_iface_pg(const struct fc_iface *i, int p, struct fc_pg *tmp)
{
	const struct fc_pg_row *r = i->pg ? &i->pg[p] : NULL;

	memset(tmp, 0, sizeof(*tmp));
	if (!r)
		return tmp;
	if (!r->m.known) {
		tmp->size.m = r->m;   /* why the buffer is not known */
		return tmp;
	}
	if (r->have & FC_PG_SIZE)
		tmp->size.m = r->m, tmp->size.v = r->size;
	if (r->have & FC_PG_XOFF)
		tmp->xoff.m = r->m, tmp->xoff.v = r->xoff;
	if (r->have & FC_PG_XON)
		tmp->xon.m = r->m, tmp->xon.v = r->xon;
	return tmp;
}

static bool pg_rows(struct fc_model *m, struct fc_iface *i)
{
	return i->pg || (i->pg = fc_alloc(m->arena, FC_PRIO_COUNT * sizeof(*i->pg)));
}

bool fc_iface_pg_set(struct fc_model *m, struct fc_iface *i, int p, unsigned have, int64_t size, int64_t xoff,
		     int64_t xon, struct fc_src src)
{
	struct fc_pg_row *r;

	if (!pg_rows(m, i))
		return false;
	r = &i->pg[p];
	memset(r, 0, sizeof(*r));
	r->m.known = true;
	r->m.src = src;
	r->size = size, r->xoff = xoff, r->xon = xon;
	r->have = (uint8_t)have;
	return true;
}

bool fc_iface_pg_unknown(struct fc_model *m, struct fc_iface *i, const char *why)
{
	int p;

	if (!pg_rows(m, i))
		return false;
	for (p = 0; p < FC_PRIO_COUNT; p++)
		fc_set_unknown(&i->pg[p].m, why);
	return true;
}

bool fc_xcvr_reserve(struct fc_model *m, struct fc_xcvr *x, size_t more)
{
	struct fc_dom_lane *n;

	if (x->lanes_cap - x->nlanes >= more)
		return true;
	if (!(n = fc_alloc(m->arena, (x->nlanes + more) * sizeof(*n))))
		return false;
	if (x->nlanes)
		memcpy(n, x->lanes, x->nlanes * sizeof(*n));
	x->lanes = n;
	x->lanes_cap = x->nlanes + more;
	return true;
}

struct fc_dom_lane *fc_xcvr_find_lane(struct fc_xcvr *x, int lane)
{
	size_t i;

	for (i = 0; i < x->nlanes; i++)
		if (x->lanes[i].lane == lane)
			return &x->lanes[i];
	return NULL;
}

struct fc_dom_lane *fc_xcvr_lane(struct fc_model *m, struct fc_xcvr *x, int lane)
{
	struct fc_dom_lane *L;

	if (!x)   /* fc_xcvr_mut out of memory */
		return NULL;
	if ((L = fc_xcvr_find_lane(x, lane)))
		return L;
	/* in place while the lanes are the arena's newest allocation (a module's table is read in one go) */
	x->lanes = fc_grow_tail(m->arena, x->lanes, x->nlanes, &x->lanes_cap, sizeof(*x->lanes));
	if (!x->lanes)
		return NULL;
	memset(&x->lanes[x->nlanes], 0, sizeof(x->lanes[0]));
	x->lanes[x->nlanes].lane = lane;
	return &x->lanes[x->nlanes++];
}
