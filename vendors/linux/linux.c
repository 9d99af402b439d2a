/* SPDX-License-Identifier: MIT */
/* Reads the fabcheck host document. Any value may be replaced by {"unknown": "reason"}, which is
 * how the probe says it could not read something; a missing key is unknown too. Unknown keys and
 * wrong types are errors with file:line, so a typo never reads as "not configured". */
#include "vendors/linux/linux.h"
#include "vendors/linux/linux_capture.h"
#include "vendors/linux/linux_ip.h"
#include "vendors/linux/linux_notes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/str.h"

struct hp {
	struct fc_parse_ctx *c;
	const struct doc *d;
	const struct doc_node *gone;   /* the last section read when it was {"unknown": why}: its fields take the reason */
	bool lineless;                 /* an agentless capture: cite the file, not a line of the derived document */
};

static const char *const root_keys[] = { "format", "format_version", "hostname", "collected_at", "probe_version",
					 "interfaces", "rdma", "firewall", "memlock", "pcie_aspm_policy", "warnings",
					 "not_understood", NULL };
static const char *const intent_keys[] = { "hostname", "interfaces", "rdma", "firewall", "memlock", "pcie_aspm_policy",
					   NULL };
static const char *const if_keys[] = { "name", "mac", "mtu", "operstate", "addresses", "driver", "pci", "link",
				       "fec", "pause", "dcb", "ecn", "lldp", "sysctl", "stats", "pfc_prevention_tout", "module",
				       NULL };
static const char *const module_keys[] = { "identifier", "spec", "vendor", "part", "serial", "compliance", "cable",
					   "length_m", "dom", "temp_c", "voltage_v", "lanes", "thresholds", NULL };
static const char *const mlane_keys[] = { "lane", "bias_ma", "tx_dbm", "rx_dbm", NULL };
static const char *const th_keys[] = { "hi_alarm", "lo_alarm", "hi_warn", "lo_warn", NULL };
static const char *const ths_keys[] = { "temp_c", "voltage_v", "bias_ma", "tx_dbm", "rx_dbm", NULL };
static const char *const pfcprev_keys[] = { "ms", "auto", NULL };
static const char *const sysctl_keys[] = { "arp_ignore", "arp_announce", "all_arp_ignore", "all_arp_announce", NULL };
static const char *const drv_keys[] = { "name", "version", "firmware", NULL };
static const char *const pci_keys[] = { "address", "current_link_speed", "current_link_width", "max_link_speed",
					"max_link_width", "numa_node", "upstream", NULL };
static const char *const pciup_keys[] = { "address", "current_link_speed", "current_link_width", "max_link_speed",
					  "max_link_width", NULL };
static const char *const link_keys[] = { "speed_mbps", "lanes", "duplex", "autoneg", "port", "supported",
					 "advertised", "partner", "active_mode", NULL };
static const char *const fec_keys[] = { "configured", "active", NULL };
static const char *const pause_keys[] = { "autoneg", "rx", "tx", NULL };
static const char *const dcb_keys[] = { "pfc_enabled", "pfc_delay_m", "trust", "dscp_prio", "buffer", NULL };
static const char *const buf_keys[] = { "prio_buffer", "buffer_size", NULL };
static const char *const ecn_keys[] = { "roce_np_enabled", "roce_rp_enabled", "cnp_dscp", "cnp_prio", NULL };
static const char *const lldp_keys[] = { "system_name", "port_id", NULL };
static const char *const rdma_keys[] = { "devices", NULL };
static const char *const rdev_keys[] = { "name", "kind", "fw_ver", "board_id", "hca_type", "ports", NULL };
static const char *const port_keys[] = { "port", "state", "phys_state", "link_layer", "active_mtu", "netdev",
					 "roce_mode", "roce_tos", "gids", "rate", "hw_counters", NULL };
static const char *const rate_keys[] = { "text", "mbps", "width", NULL };
static const char *const gid_keys[] = { "index", "gid", "type", "netdev", NULL };
static const char *const fw_keys[] = { "udp_4791", "backend", "interfaces", NULL };
static const char *const memlock_keys[] = { "bytes", "user", "source", NULL };

static struct fc_src src_of(struct hp *h, const struct doc_node *n)
{
	/* the document is parsed under the context's file name, interned once by the caller */
	return fc_src_at(h->c->file, n && !h->lineless ? n->line : 0);
}

/* Returns true when n is {"unknown": "reason"}: records the reason on meta. */
static bool take_unknown(struct hp *h, const struct doc_node *n, struct fc_meta *meta, enum fc_rc *rc)
{
	const struct doc_node *u;
	const char *why;

	*rc = FC_OK;
	if (!n) {
		fc_set_unknown(meta, "absent from the host document");
		return true;
	}
	if (n->type != DOC_MAP || !(u = doc_get(n, "unknown")))
		return false;
	if ((*rc = doc_as_str(h->d, u, "unknown", &why, h->c->err)) != FC_OK)
		return true;
	fc_set_unknown(meta, fc_model_str(h->c->m, why));
	meta->src = src_of(h, n);
	return true;
}

static enum fc_rc get_int(struct hp *h, const struct doc_node *map, const char *key, int64_t min, int64_t max,
			  struct fc_int *out)
{
	const struct doc_node *n = map ? doc_get(map, key) : h->gone;
	enum fc_rc rc;
	int64_t v;

	if (take_unknown(h, n, &out->m, &rc))
		return rc;
	if ((rc = doc_as_int(h->d, n, key, min, max, &v, h->c->err)) != FC_OK)
		return rc;
	fc_set_int(out, v, src_of(h, n));
	return FC_OK;
}

static enum fc_rc get_str(struct hp *h, const struct doc_node *map, const char *key, struct fc_str *out)
{
	const struct doc_node *n = map ? doc_get(map, key) : h->gone;
	enum fc_rc rc;
	const char *v;

	if (take_unknown(h, n, &out->m, &rc))
		return rc;
	if ((rc = doc_as_str(h->d, n, key, &v, h->c->err)) != FC_OK)
		return rc;
	fc_set_str(h->c->m, out, v, src_of(h, n));
	return FC_OK;
}

/* A word of a vocabulary (t: its spellings, expect: them in words) into *v and meta; a word not in
 * t is refused at its line, naming what was expected. */
static enum fc_rc get_word(struct hp *h, const struct doc_node *map, const char *key, const struct fc_spelling *t,
			   const char *expect, struct fc_meta *meta, int *v)
{
	const struct doc_node *n = map ? doc_get(map, key) : h->gone;
	enum fc_rc rc;
	const char *s;

	if (take_unknown(h, n, meta, &rc))
		return rc;
	if ((rc = doc_as_str(h->d, n, key, &s, h->c->err)) != FC_OK)
		return rc;
	if (!(*v = fc_spelling_find(t, s, true)))
		return fc_err_set(h->c->err, FC_ERR_INPUT, h->d->file, h->lineless ? 0 : n->line,
				  "%s: expected %s, found '%s'", key, expect, s);
	meta->known = true;
	meta->src = src_of(h, n);
	meta->why = NULL;
	return FC_OK;
}

static enum fc_rc get_bool(struct hp *h, const struct doc_node *map, const char *key, struct fc_bool *out)
{
	const struct doc_node *n = map ? doc_get(map, key) : h->gone;
	enum fc_rc rc;
	bool v;

	if (take_unknown(h, n, &out->m, &rc))
		return rc;
	if ((rc = doc_as_bool(h->d, n, key, &v, h->c->err)) != FC_OK)
		return rc;
	fc_set_bool(out, v, src_of(h, n));
	return FC_OK;
}

/* [3, 4] -> bitmask of priorities */
static enum fc_rc get_prios(struct hp *h, const struct doc_node *map, const char *key, struct fc_int *out)
{
	const struct doc_node *n = map ? doc_get(map, key) : h->gone;
	enum fc_rc rc;
	int64_t v, mask = 0;
	size_t i;

	if (take_unknown(h, n, &out->m, &rc))
		return rc;
	if ((rc = doc_expect(h->d, n, DOC_SEQ, key, h->c->err)) != FC_OK)
		return rc;
	for (i = 0; i < n->n; i++) {
		if ((rc = doc_as_int(h->d, n->items[i], key, 0, 7, &v, h->c->err)) != FC_OK)
			return rc;
		mask |= (int64_t)1 << v;
	}
	fc_set_int(out, mask, src_of(h, n));
	return FC_OK;
}

static enum fc_rc get_strlist(struct hp *h, const struct doc_node *map, const char *key, struct fc_strlist *out)
{
	const struct doc_node *n = map ? doc_get(map, key) : h->gone;
	enum fc_rc rc;
	size_t i;

	if (take_unknown(h, n, &out->m, &rc))
		return rc;
	if ((rc = doc_expect(h->d, n, DOC_SEQ, key, h->c->err)) != FC_OK)
		return rc;
	out->v = fc_alloc(h->c->m->arena, (n->n + 1) * sizeof(*out->v));
	if (!out->v)
		return FC_ERR_NOMEM;
	for (i = 0; i < n->n; i++) {
		const char *v;

		/* The document is freed after parsing: the model keeps its own copy. */
		if ((rc = doc_as_str(h->d, n->items[i], key, &v, h->c->err)) != FC_OK)
			return rc;
		if (!(out->v[i] = fc_model_str(h->c->m, v)))
			return FC_ERR_NOMEM;
	}
	out->n = n->n;
	out->cap = n->n + 1;
	out->m.known = true;
	out->m.src = src_of(h, n);
	return FC_OK;
}

/* Opens an optional sub-object: *obj NULL (and metas unknown) when absent or unknown. */
static enum fc_rc section(struct hp *h, const struct doc_node *map, const char *key, const char *const *keys,
			  const struct doc_node **obj)
{
	const struct doc_node *n = map ? doc_get(map, key) : h->gone;

	*obj = NULL;
	h->gone = n && n->type == DOC_MAP && doc_get(n, "unknown") ? n : NULL;
	if (!n || h->gone)
		return FC_OK;
	if (doc_check_keys(h->d, n, keys, key, h->c->err) != FC_OK)
		return FC_ERR_INPUT;
	*obj = n;
	return FC_OK;
}

/* ethtool --show-fec's encodings (ETHTOOL_LINK_MODE_FEC_*_BIT names, any case), and the model's own */
static const struct fc_spelling fec_words[] = {
	{ "None", FC_FEC_OFF }, { "off", FC_FEC_OFF }, { "RS", FC_FEC_RS }, { "BaseR", FC_FEC_BASER },
	{ "Auto", FC_FEC_AUTO }, { "LLRS", FC_FEC_LLRS }, { "rs544", FC_FEC_RS544 },
	{ NULL, 0 },
};

static enum fc_rc fec_field(struct hp *h, const struct doc_node *map, const char *key, struct fc_fec_val *out)
{
	int v;
	enum fc_rc rc = get_word(h, map, key, fec_words, "None, RS, BaseR, LLRS or Auto", &out->m, &v);

	out->v = (enum fc_fec)v;
	return rc;
}

static enum fc_rc medium(struct hp *h, struct fc_iface *ifc, const struct doc_node *link)
{
	struct fc_str port;
	enum fc_rc rc;

	memset(&port, 0, sizeof(port));
	if ((rc = get_str(h, link, "port", &port)) != FC_OK)
		return rc;
	if (!port.m.known) {
		ifc->medium.m = port.m;
		return FC_OK;
	}
	if (!strcmp(port.v, "Direct Attach Copper") || !strcmp(port.v, "DA"))
		fc_set_medium(&ifc->medium, FC_MEDIUM_DAC, port.m.src);
	else if (!strcmp(port.v, "FIBRE"))
		fc_set_medium(&ifc->medium, FC_MEDIUM_FIBRE, port.m.src);
	else if (!strcmp(port.v, "Twisted Pair") || !strcmp(port.v, "TP"))
		fc_set_medium(&ifc->medium, FC_MEDIUM_TWISTED_PAIR, port.m.src);
	else
		fc_set_unknown(&ifc->medium.m, "ethtool port type names no medium (e.g. Other, None)");
	return FC_OK;
}

/* Every priority's receive buffer unknown, with why. */
static enum fc_rc pg_unknown(struct hp *h, struct fc_iface *ifc, const char *why)
{
	return fc_iface_pg_unknown(h->c->m, ifc, why) ? FC_OK : FC_ERR_NOMEM;
}

static enum fc_rc dcb(struct hp *h, struct fc_iface *ifc, const struct doc_node *map)
{
	static const struct fc_spelling trusts[] = { { "dscp", FC_TRUST_DSCP }, { "pcp", FC_TRUST_PCP }, { NULL, 0 } };
	const struct doc_node *o, *dp, *b;
	enum fc_rc rc;
	size_t i;
	int p, v;

	if ((rc = section(h, map, "dcb", dcb_keys, &o)) != FC_OK)
		return rc;
	if (!o) {
		/* the probe's own reason where it gave one (driver without DCB, agentless capture) */
		const struct doc_node *u = doc_get(doc_get(map, "dcb"), "unknown");
		const char *why = u && u->str ? fc_model_str(h->c->m, u->str) : "no DCB data in the host document";

		if (!why)
			return FC_ERR_NOMEM;
		fc_set_unknown(&ifc->pfc_prios.m, why);
		fc_set_unknown(&ifc->trust.m, why);
		fc_set_unknown(&ifc->cable_model_m.m, why);
		return pg_unknown(h, ifc, why);
	}
	if ((rc = get_prios(h, o, "pfc_enabled", &ifc->pfc_prios)) != FC_OK ||
	    (rc = get_int(h, o, "pfc_delay_m", 0, 100000, &ifc->cable_model_m)) != FC_OK ||
	    (rc = get_word(h, o, "trust", trusts, "dscp or pcp", &ifc->trust.m, &v)) != FC_OK)
		return rc;
	ifc->trust.v = (enum fc_trust)v;
	if ((dp = doc_get(o, "dscp_prio")) && !doc_get(dp, "unknown")) {
		if ((rc = doc_expect(h->d, dp, DOC_MAP, "dscp_prio", h->c->err)) != FC_OK)
			return rc;
		for (i = 0; i < dp->n; i++) {
			int64_t d, pr;

			if (!fc_parse_i64(dp->keys[i], 0, 63, &d))
				return fc_err_set(h->c->err, FC_ERR_INPUT, h->d->file, dp->key_lines[i],
						  "dscp_prio: key '%s' is not a DSCP value 0-63", dp->keys[i]);
			if ((rc = doc_as_int(h->d, dp->items[i], "dscp_prio", 0, 7, &pr, h->c->err)) != FC_OK)
				return rc;
			ifc->dscp_map.has |= (uint64_t)1 << d;
			ifc->dscp_map.prio[d] = (uint8_t)pr;
		}
		ifc->dscp_map.m.known = true;
		ifc->dscp_map.m.src = src_of(h, dp);
	} else {
		fc_set_unknown(&ifc->dscp_map.m, "no DSCP-to-priority table in the host document");
	}
	if ((rc = section(h, o, "buffer", buf_keys, &b)) != FC_OK)
		return rc;
	if (!b) {
		return pg_unknown(h, ifc, "the driver reports no receive buffer layout");
	}
	{
		const struct doc_node *pb = doc_get(b, "prio_buffer"), *bs = doc_get(b, "buffer_size");
		int64_t idx, size;

		if ((rc = doc_expect(h->d, pb, DOC_SEQ, "prio_buffer", h->c->err)) != FC_OK ||
		    (rc = doc_expect(h->d, bs, DOC_SEQ, "buffer_size", h->c->err)) != FC_OK)
			return rc;
		if (pb->n != FC_PRIO_COUNT)
			return fc_err_set(h->c->err, FC_ERR_INPUT, h->d->file, pb->line,
					  "prio_buffer: expected 8 entries (one per priority), found %zu", pb->n);
		for (p = 0; p < FC_PRIO_COUNT; p++) {
			if ((rc = doc_as_int(h->d, pb->items[p], "prio_buffer", 0, (int64_t)bs->n - 1, &idx,
					     h->c->err)) != FC_OK)
				return rc;
			if ((rc = doc_as_int(h->d, bs->items[idx], "buffer_size", 0, INT64_C(1) << 32, &size,
					     h->c->err)) != FC_OK)
				return rc;
			if (!fc_iface_pg_set(h->c->m, ifc, p, FC_PG_SIZE, size, 0, 0, src_of(h, bs->items[idx])))
				return FC_ERR_NOMEM;
		}
	}
	return FC_OK;
}

/* The kernel applies the higher of conf/all/KEY and conf/IF/KEY: known only when both are. */
static enum fc_rc effective_sysctl(struct hp *h, const struct doc_node *o, const char *key, int64_t max,
				   struct fc_int *out)
{
	struct fc_int own, all;
	char allkey[64];
	enum fc_rc rc;

	memset(&own, 0, sizeof(own));
	memset(&all, 0, sizeof(all));
	snprintf(allkey, sizeof(allkey), "all_%s", key);
	if ((rc = get_int(h, o, key, 0, max, &own)) != FC_OK || (rc = get_int(h, o, allkey, 0, max, &all)) != FC_OK)
		return rc;
	if (!own.m.known)
		*out = own;
	else if (!all.m.known)
		*out = all;
	else
		*out = own.v >= all.v ? own : all;
	return FC_OK;
}

/* A DOM reading with the module's thresholds for it (thresholds[key]), into the model. */
static enum fc_rc dom_val(struct hp *h, const struct doc_node *map, const char *key, const struct doc_node *ths,
			  struct fc_dom_val *out)
{
	const struct doc_node *n = doc_get(map, key), *t = doc_get(ths, key);
	double v[4];
	enum fc_rc rc;
	int i;

	if (take_unknown(h, n, &out->m, &rc))
		return rc;
	if ((rc = doc_as_double(h->d, n, key, &out->v, h->c->err)) != FC_OK)
		return rc;
	out->m.known = true;
	out->m.src = src_of(h, n);
	if (!t)
		return FC_OK;
	if ((rc = doc_check_keys(h->d, t, th_keys, key, h->c->err)) != FC_OK)
		return rc;
	for (i = 0; i < 4; i++)
		if ((rc = doc_as_double(h->d, doc_get(t, th_keys[i]), th_keys[i], &v[i], h->c->err)) != FC_OK)
			return rc;
	out->thresholds = true;
	out->hi_alarm = v[0], out->lo_alarm = v[1], out->hi_warn = v[2], out->lo_warn = v[3];
	return FC_OK;
}

/* "module": the decoded EEPROM into the port's transceiver. Lane 0 holds the module-wide
 * temperature and voltage, lanes 1..n the per-lane bias and optical power (as NX-OS gives them). */
static enum fc_rc module(struct hp *h, struct fc_iface *ifc, const struct doc_node *map)
{
	const struct doc_node *n = doc_get(map, "module"), *ths, *ls;
	struct fc_xcvr *x = fc_xcvr_mut(h->c->m, ifc);
	struct fc_str cable;
	enum fc_rc rc;
	size_t i;

	if (!x)
		return FC_ERR_NOMEM;
	if (take_unknown(h, n, &x->present.m, &rc))
		return rc;
	if ((rc = doc_expect(h->d, n, DOC_MAP, "module", h->c->err)) != FC_OK ||
	    (rc = doc_check_keys(h->d, n, module_keys, "module", h->c->err)) != FC_OK)
		return rc;
	fc_set_bool(&x->present, true, src_of(h, n));
	memset(&cable, 0, sizeof(cable));
	if ((rc = get_str(h, n, "compliance", &x->type)) != FC_OK || (rc = get_str(h, n, "vendor", &x->vendor)) != FC_OK ||
	    (rc = get_str(h, n, "part", &x->part)) != FC_OK || (rc = get_str(h, n, "serial", &x->serial)) != FC_OK ||
	    (rc = get_bool(h, n, "dom", &x->dom_supported)) != FC_OK || (rc = get_str(h, n, "cable", &cable)) != FC_OK)
		return rc;
	{
		const struct doc_node *l = doc_get(n, "length_m");

		if (!take_unknown(h, l, &x->cable_len_m.m, &rc)) {
			if ((rc = doc_as_double(h->d, l, "length_m", &x->cable_len_m.v, h->c->err)) != FC_OK)
				return rc;
			fc_set_dbl(&x->cable_len_m, x->cable_len_m.v, src_of(h, l));
		} else if (rc != FC_OK) {
			return rc;
		}
	}
	if (!x->dom_supported.m.known || !x->dom_supported.v)
		return FC_OK;
	ths = doc_get(n, "thresholds");
	if (ths && (rc = doc_check_keys(h->d, ths, ths_keys, "thresholds", h->c->err)) != FC_OK)
		return rc;
	ls = doc_get(n, "lanes");
	if (ls && ls->type == DOC_SEQ && ls->n > 8)
		return fc_err_set(h->c->err, FC_ERR_INPUT, h->d->file, ls->line,
				  "lanes: %zu entries, a module has at most 8 (one per lane 1-8)", ls->n);
	/* the module's own values, then one per lane: exactly as many as there are */
	if (!fc_xcvr_reserve(h->c->m, x, 1 + (ls && ls->type == DOC_SEQ ? ls->n : 0)))
		return FC_ERR_NOMEM;
	x->nlanes = 1;
	if ((rc = dom_val(h, n, "temp_c", ths, &x->lanes[0].temp_c)) != FC_OK ||
	    (rc = dom_val(h, n, "voltage_v", ths, &x->lanes[0].volt_v)) != FC_OK)
		return rc;
	if (ls && ls->type == DOC_MAP && doc_get(ls, "unknown")) {
		/* the probe could not read the lane monitors: the module-level entry says why */
		struct fc_dom_lane *L = &x->lanes[0];

		if (take_unknown(h, ls, &L->bias_ma.m, &rc) && rc != FC_OK)
			return rc;
		L->tx_dbm.m = L->rx_dbm.m = L->bias_ma.m;
		return FC_OK;
	}
	if (ls && (rc = doc_expect(h->d, ls, DOC_SEQ, "lanes", h->c->err)) != FC_OK)
		return rc;
	for (i = 0; ls && i < ls->n; i++) {
		struct fc_dom_lane *L = &x->lanes[x->nlanes];
		const struct doc_node *li = ls->items[i];
		int64_t lane = 0;
		bool have = false;

		if ((rc = doc_check_keys(h->d, li, mlane_keys, "module lane", h->c->err)) != FC_OK ||
		    (rc = doc_opt_int(h->d, li, "lane", 1, 8, &lane, &have, h->c->err)) != FC_OK)
			return rc;
		/* a lane without its number, or a number given twice, would put readings on the wrong
		 * lane (or hide one): refused at its line */
		if (!have)
			return fc_err_set(h->c->err, FC_ERR_INPUT, h->d->file, li->line,
					  "module lane: no \"lane\" (expected its number, 1-8)");
		if (fc_xcvr_find_lane(x, (int)lane))
			return fc_err_set(h->c->err, FC_ERR_INPUT, h->d->file, doc_key_line(li, "lane"),
					  "module lane %d: given twice in one module", (int)lane);
		if ((rc = dom_val(h, li, "bias_ma", ths, &L->bias_ma)) != FC_OK ||
		    (rc = dom_val(h, li, "tx_dbm", ths, &L->tx_dbm)) != FC_OK ||
		    (rc = dom_val(h, li, "rx_dbm", ths, &L->rx_dbm)) != FC_OK)
			return rc;
		L->lane = (int)lane;
		x->nlanes++;
	}
	return FC_OK;
}

/* pfc-prevention-tout: {"ms": N} (0: off) or {"auto": true}; the model keeps -1 for auto. */
static enum fc_rc pfc_prevention(struct hp *h, struct fc_iface *ifc, const struct doc_node *n)
{
	struct fc_nic *nic = fc_nic_mut(h->c->m, ifc);
	const struct doc_node *a;
	enum fc_rc rc;
	bool on;

	if (!nic)
		return FC_ERR_NOMEM;
	if (take_unknown(h, n, &nic->pfc_prev_tout_ms.m, &rc))
		return rc;
	if ((rc = doc_expect(h->d, n, DOC_MAP, "pfc_prevention_tout", h->c->err)) != FC_OK ||
	    (rc = doc_check_keys(h->d, n, pfcprev_keys, "pfc_prevention_tout", h->c->err)) != FC_OK)
		return rc;
	if ((a = doc_get(n, "auto"))) {
		if ((rc = doc_as_bool(h->d, a, "auto", &on, h->c->err)) != FC_OK)
			return rc;
		if (on) {
			fc_set_int(&nic->pfc_prev_tout_ms, -1, src_of(h, a));
			return FC_OK;
		}
	}
	if (!doc_get(n, "ms"))
		return fc_err_set(h->c->err, FC_ERR_INPUT, h->d->file, n->line,
				  "pfc_prevention_tout: expected \"ms\" or \"auto\": true");
	return get_int(h, n, "ms", 0, 65534, &nic->pfc_prev_tout_ms);
}

/* Counters (RDMA hw_counters, ethtool -S): name -> non-negative integer, or unknown with the
 * probe's reason; of an earlier snapshot, those kept (fc_counter_kept). */
static enum fc_rc counters(struct hp *h, const struct doc_node *map, const char *key, struct fc_meta *m,
			   struct fc_counter **out, size_t *nout)
{
	const struct doc_node *n = map ? doc_get(map, key) : h->gone;
	enum fc_rc rc;
	size_t i, k = 0;

	if (take_unknown(h, n, m, &rc))
		return rc;
	if ((rc = doc_expect(h->d, n, DOC_MAP, key, h->c->err)) != FC_OK)
		return rc;
	*out = fc_alloc(h->c->m->arena, (n->n + 1) * sizeof(**out));
	if (!*out)
		return FC_ERR_NOMEM;
	for (i = 0; i < n->n; i++) {
		int64_t v;

		if ((rc = doc_as_int(h->d, n->items[i], n->keys[i], 0, INT64_MAX, &v, h->c->err)) != FC_OK)
			return rc;
		if (!fc_counter_kept(h->c->m, n->keys[i]))
			continue;
		if (!((*out)[k].name = fc_model_str(h->c->m, n->keys[i])))
			return FC_ERR_NOMEM;
		(*out)[k++].value = v;
	}
	*nout = k;
	m->known = true;
	m->src = src_of(h, n);
	return FC_OK;
}

static enum fc_rc one_iface(struct hp *h, const struct doc_node *n)
{
	struct fc_model *m = h->c->m;
	struct fc_iface *ifc;
	struct fc_nic *nic;
	const struct doc_node *o;
	const char *name;
	enum fc_rc rc;

	if ((rc = doc_check_keys(h->d, n, if_keys, "interface", h->c->err)) != FC_OK ||
	    (rc = doc_req_str(h->d, n, "name", &name, h->c->err)) != FC_OK)
		return rc;
	if (fc_dev_find_iface(h->c->dev, name))
		return fc_err_set(h->c->err, FC_ERR_INPUT, h->d->file, n->line, "interface '%s' listed twice", name);
	if (!(ifc = fc_dev_iface(m, h->c->dev, name)))
		return FC_ERR_NOMEM;
	if (m->counters_only)   /* an earlier snapshot for --baseline: its statistics are what is compared */
		return counters(h, n, "stats", &ifc->stats_m, &ifc->stats, &ifc->nstats);
	if (!(nic = fc_nic_mut(m, ifc)))
		return FC_ERR_NOMEM;
	if ((rc = get_str(h, n, "mac", &ifc->mac)) != FC_OK || (rc = get_int(h, n, "mtu", 68, 65535, &ifc->mtu)) != FC_OK ||
	    (rc = get_str(h, n, "operstate", &ifc->oper_state)) != FC_OK ||
	    (rc = get_strlist(h, n, "addresses", &ifc->addresses)) != FC_OK)
		return rc;
	if ((rc = section(h, n, "driver", drv_keys, &o)) != FC_OK)
		return rc;
	if ((rc = get_str(h, o, "name", &nic->driver)) != FC_OK || (rc = get_str(h, o, "version", &nic->driver_version)) != FC_OK ||
	    (rc = get_str(h, o, "firmware", &nic->firmware)) != FC_OK)
		return rc;
	if ((rc = section(h, n, "pci", pci_keys, &o)) != FC_OK)
		return rc;
	if ((rc = get_str(h, o, "address", &nic->pci_addr)) != FC_OK ||
	    (rc = get_str(h, o, "current_link_speed", &nic->pci_cur_speed)) != FC_OK ||
	    (rc = get_str(h, o, "max_link_speed", &nic->pci_max_speed)) != FC_OK ||
	    (rc = get_int(h, o, "current_link_width", 0, 32, &nic->pci_cur_width)) != FC_OK ||
	    (rc = get_int(h, o, "max_link_width", 0, 32, &nic->pci_max_width)) != FC_OK ||
	    (rc = get_int(h, o, "numa_node", -1, 1024, &nic->numa_node)) != FC_OK)
		return rc;
	{
		const struct doc_node *u;

		if ((rc = section(h, o, "upstream", pciup_keys, &u)) != FC_OK)
			return rc;
		if (!u) {
			/* the probe's reason where it gave one */
			const struct doc_node *r = doc_get(doc_get(o, "upstream"), "unknown");

			fc_set_unknown(&nic->pci_up_addr.m, r && r->str ? fc_model_str(h->c->m, r->str)
								   : "absent from the host document");
			nic->pci_up_cur_speed.m = nic->pci_up_max_speed.m = nic->pci_up_addr.m;
			nic->pci_up_cur_width.m = nic->pci_up_max_width.m = nic->pci_up_addr.m;
		} else if ((rc = get_str(h, u, "address", &nic->pci_up_addr)) != FC_OK ||
			   (rc = get_str(h, u, "current_link_speed", &nic->pci_up_cur_speed)) != FC_OK ||
			   (rc = get_str(h, u, "max_link_speed", &nic->pci_up_max_speed)) != FC_OK ||
			   (rc = get_int(h, u, "current_link_width", 0, 32, &nic->pci_up_cur_width)) != FC_OK ||
			   (rc = get_int(h, u, "max_link_width", 0, 32, &nic->pci_up_max_width)) != FC_OK) {
			return rc;
		}
	}
	if ((rc = section(h, n, "link", link_keys, &o)) != FC_OK)
		return rc;
	if ((rc = get_int(h, o, "speed_mbps", 0, 1600000, &ifc->speed_mbps)) != FC_OK ||
	    (rc = get_int(h, o, "lanes", 1, 8, &ifc->lanes)) != FC_OK ||
	    (rc = get_bool(h, o, "autoneg", &ifc->autoneg)) != FC_OK || (rc = medium(h, ifc, o)) != FC_OK ||
	    (rc = get_strlist(h, o, "supported", &ifc->modes_supported)) != FC_OK ||
	    (rc = get_strlist(h, o, "advertised", &ifc->modes_advertised)) != FC_OK ||
	    (rc = get_strlist(h, o, "partner", &ifc->modes_partner)) != FC_OK ||
	    (rc = get_str(h, o, "active_mode", &ifc->link_mode)) != FC_OK)
		return rc;
	if ((rc = section(h, n, "fec", fec_keys, &o)) != FC_OK)
		return rc;
	if ((rc = fec_field(h, o, "configured", &ifc->fec_config)) != FC_OK ||
	    (rc = fec_field(h, o, "active", &ifc->fec_active)) != FC_OK)
		return rc;
	if ((rc = section(h, n, "pause", pause_keys, &o)) != FC_OK)
		return rc;
	if ((rc = get_bool(h, o, "rx", &ifc->pause_rx)) != FC_OK || (rc = get_bool(h, o, "tx", &ifc->pause_tx)) != FC_OK)
		return rc;
	if ((rc = counters(h, n, "stats", &ifc->stats_m, &ifc->stats, &ifc->nstats)) != FC_OK)
		return rc;
	if ((rc = pfc_prevention(h, ifc, doc_get(n, "pfc_prevention_tout"))) != FC_OK)
		return rc;
	if ((rc = module(h, ifc, n)) != FC_OK)
		return rc;
	if ((rc = dcb(h, ifc, n)) != FC_OK)
		return rc;
	if ((rc = section(h, n, "ecn", ecn_keys, &o)) != FC_OK)
		return rc;
	if ((rc = get_prios(h, o, "roce_np_enabled", &nic->ecn_np_prios)) != FC_OK ||
	    (rc = get_prios(h, o, "roce_rp_enabled", &nic->ecn_rp_prios)) != FC_OK ||
	    (rc = get_int(h, o, "cnp_dscp", 0, 63, &nic->cnp_dscp)) != FC_OK ||
	    (rc = get_int(h, o, "cnp_prio", 0, 7, &nic->cnp_prio)) != FC_OK)
		return rc;
	if ((rc = section(h, n, "lldp", lldp_keys, &o)) != FC_OK)
		return rc;
	if ((rc = get_str(h, o, "system_name", &ifc->lldp_sysname)) != FC_OK ||
	    (rc = get_str(h, o, "port_id", &ifc->lldp_port)) != FC_OK)
		return rc;
	if ((rc = section(h, n, "sysctl", sysctl_keys, &o)) != FC_OK)
		return rc;
	if ((rc = effective_sysctl(h, o, "arp_ignore", 8, &nic->arp_ignore)) != FC_OK)
		return rc;
	return effective_sysctl(h, o, "arp_announce", 2, &nic->arp_announce);
}

static enum fc_rc gid(struct hp *h, struct fc_rdma_port *p, const struct doc_node *n)
{
	struct fc_gid *g;
	int64_t idx;
	const char *s;
	char *lc;
	enum fc_rc rc;

	p->gids = fc_grow(h->c->m->arena, p->gids, p->ngids, &p->gids_cap, sizeof(*p->gids));
	if (!p->gids)
		return FC_ERR_NOMEM;
	g = &p->gids[p->ngids];
	memset(g, 0, sizeof(*g));
	if ((rc = doc_check_keys(h->d, n, gid_keys, "gid", h->c->err)) != FC_OK ||
	    (rc = doc_opt_int(h->d, n, "index", 0, 65535, &idx, NULL, h->c->err)) != FC_OK ||
	    (rc = doc_req_str(h->d, n, "gid", &s, h->c->err)) != FC_OK)
		return rc;
	if (!doc_get(n, "index"))
		return fc_err_set(h->c->err, FC_ERR_INPUT, h->d->file, n->line, "gid: missing required key 'index'");
	g->index = (int)idx;
	if (!(lc = fc_model_str_own(h->c->m, s)))   /* a GID is unique to its port: no intern lookup */
		return FC_ERR_NOMEM;
	for (char *q = lc; *q; q++)   /* canonical: lower case */
		if (*q >= 'A' && *q <= 'F')
			*q = (char)(*q - 'A' + 'a');
	g->gid = lc;
	if ((rc = doc_req_str(h->d, n, "type", &g->type, h->c->err)) != FC_OK)
		return rc;
	if (strcmp(g->type, "RoCE v2") && strcmp(g->type, "IB/RoCE v1"))
		return fc_err_set(h->c->err, FC_ERR_INPUT, h->d->file, doc_key_line(n, "type"),
				  "type: expected 'RoCE v2' or 'IB/RoCE v1', found '%s'", g->type);
	if ((rc = doc_opt_str(h->d, n, "netdev", &g->netdev, h->c->err)) != FC_OK)
		return rc;
	g->type = fc_intern(h->c->m->arena, g->type);
	g->netdev = fc_intern(h->c->m->arena, fc_model_str(h->c->m, g->netdev));
	g->src = src_of(h, n);
	p->ngids++;
	return FC_OK;
}

static enum fc_rc rdma_port(struct hp *h, struct fc_rdma_dev *rd, const struct doc_node *n)
{
	/* /sys/class/infiniband/<dev>/ports/<n>/link_layer (drivers/infiniband/core/sysfs.c) */
	static const struct fc_spelling link_layers[] = {
		{ "Ethernet", FC_LINK_LAYER_ETHERNET }, { "InfiniBand", FC_LINK_LAYER_INFINIBAND }, { "Unknown", -1 },
		{ NULL, 0 },
	};
	struct fc_rdma_port *p;
	const struct doc_node *g;
	int64_t num;
	enum fc_rc rc;
	size_t i;
	int ll = 0;

	rd->ports = fc_grow(h->c->m->arena, rd->ports, rd->nports, &rd->ports_cap, sizeof(*rd->ports));
	if (!rd->ports)
		return FC_ERR_NOMEM;
	p = &rd->ports[rd->nports];
	memset(p, 0, sizeof(*p));
	if ((rc = doc_check_keys(h->d, n, port_keys, "rdma port", h->c->err)) != FC_OK ||
	    (rc = doc_opt_int(h->d, n, "port", 1, 255, &num, NULL, h->c->err)) != FC_OK)
		return rc;
	if (!doc_get(n, "port"))
		return fc_err_set(h->c->err, FC_ERR_INPUT, h->d->file, n->line, "rdma port: missing required key 'port'");
	p->num = (int)num;
	if (h->c->m->counters_only) {   /* --baseline: the hw_counters are what is compared */
		if ((rc = counters(h, n, "hw_counters", &p->hw_counters_m, &p->hw_counters, &p->nhw_counters)) == FC_OK)
			rd->nports++;
		return rc;
	}
	if ((rc = get_str(h, n, "state", &p->state)) != FC_OK || (rc = get_str(h, n, "phys_state", &p->phys_state)) != FC_OK ||
	    (rc = get_word(h, n, "link_layer", link_layers, "Ethernet, InfiniBand or Unknown", &p->link_layer.m, &ll)) != FC_OK ||
	    (rc = get_str(h, n, "netdev", &p->netdev)) != FC_OK ||
	    (rc = get_str(h, n, "roce_mode", &p->roce_mode)) != FC_OK ||
	    (rc = get_int(h, n, "active_mtu", 256, 4096, &p->active_mtu)) != FC_OK ||
	    (rc = get_int(h, n, "roce_tos", 0, 255, &p->roce_tos)) != FC_OK)
		return rc;
	if (ll > 0)
		p->link_layer.v = (enum fc_link_layer)ll;
	else if (ll < 0)
		fc_set_unknown(&p->link_layer.m, "the kernel reports the port's link layer as Unknown");
	if ((rc = section(h, n, "rate", rate_keys, &g)) != FC_OK)
		return rc;
	if (!g) {
		take_unknown(h, doc_get(n, "rate"), &p->rate.m, &rc);
		if (rc != FC_OK)
			return rc;
		p->rate_mbps.m = p->width.m = p->rate.m;
	} else if ((rc = get_str(h, g, "text", &p->rate)) != FC_OK ||
		   (rc = get_int(h, g, "mbps", 0, 100000000, &p->rate_mbps)) != FC_OK ||
		   (rc = get_int(h, g, "width", 1, 32, &p->width)) != FC_OK) {
		return rc;
	}
	if ((rc = counters(h, n, "hw_counters", &p->hw_counters_m, &p->hw_counters, &p->nhw_counters)) != FC_OK)
		return rc;
	g = doc_get(n, "gids");
	if (take_unknown(h, g, &p->gids_m, &rc)) {
		if (rc != FC_OK)
			return rc;
	} else {
		if ((rc = doc_expect(h->d, g, DOC_SEQ, "gids", h->c->err)) != FC_OK)
			return rc;
		for (i = 0; i < g->n; i++)
			if ((rc = gid(h, p, g->items[i])) != FC_OK)
				return rc;
		p->gids_m.known = true;
		p->gids_m.src = src_of(h, g);
	}
	if (!p->netdev.m.known && p->ngids) {   /* the kernel fills a port's RoCE GIDs from its netdev */
		const struct fc_gid *first = NULL;
		bool one = true;

		for (i = 0; i < p->ngids; i++)
			if (p->gids[i].netdev) {
				if (!first)
					first = &p->gids[i];
				else if (strcmp(first->netdev, p->gids[i].netdev))
					one = false;
			}
		if (first && one) {
			fc_set_str(h->c->m, &p->netdev, first->netdev, first->src);
			p->netdev.m.why = "the netdev its GIDs name (gid_attrs/ndevs)";
		}
	}
	rd->nports++;
	return FC_OK;
}

static enum fc_rc rdma(struct hp *h, const struct doc_node *root)
{
	struct fc_device *dev = h->c->dev;
	const struct doc_node *o, *devs;
	enum fc_rc rc;
	size_t i, j;

	if ((rc = section(h, root, "rdma", rdma_keys, &o)) != FC_OK)
		return rc;
	if (!o) {
		take_unknown(h, doc_get(root, "rdma"), &dev->rdma_m, &rc);
		return rc;
	}
	devs = doc_get(o, "devices");
	if ((rc = doc_expect(h->d, devs, DOC_SEQ, "rdma.devices", h->c->err)) != FC_OK)
		return rc;
	for (i = 0; i < devs->n; i++) {
		const struct doc_node *n = devs->items[i], *ports;
		struct fc_rdma_dev *rd;
		const char *name;

		if ((rc = doc_check_keys(h->d, n, rdev_keys, "rdma device", h->c->err)) != FC_OK ||
		    (rc = doc_req_str(h->d, n, "name", &name, h->c->err)) != FC_OK)
			return rc;
		dev->rdma = fc_grow(h->c->m->arena, dev->rdma, dev->nrdma, &dev->rdma_cap, sizeof(*dev->rdma));
		if (!dev->rdma)
			return FC_ERR_NOMEM;
		rd = &dev->rdma[dev->nrdma];
		memset(rd, 0, sizeof(*rd));
		rd->name = fc_model_str(h->c->m, name);
		if ((rc = get_str(h, n, "kind", &rd->kind)) != FC_OK || (rc = get_str(h, n, "fw_ver", &rd->fw_ver)) != FC_OK ||
		    (rc = get_str(h, n, "board_id", &rd->board_id)) != FC_OK ||
		    (rc = get_str(h, n, "hca_type", &rd->hca_type)) != FC_OK)
			return rc;
		if (rd->kind.m.known && strcmp(rd->kind.v, "hw") && strcmp(rd->kind.v, "rxe") && strcmp(rd->kind.v, "siw"))
			return fc_err_set(h->c->err, FC_ERR_INPUT, h->d->file, rd->kind.m.src.line,
					  "kind: expected hw, rxe or siw, found '%s'", rd->kind.v);
		ports = doc_get(n, "ports");
		if ((rc = doc_expect(h->d, ports, DOC_SEQ, "ports", h->c->err)) != FC_OK)
			return rc;
		/* exactly as many ports as listed: a port is 512 bytes, and most devices have one */
		rd->ports = fc_alloc(h->c->m->arena, (ports->n ? ports->n : 1) * sizeof(*rd->ports));
		if (!rd->ports)
			return FC_ERR_NOMEM;
		rd->ports_cap = ports->n ? ports->n : 1;
		for (j = 0; j < ports->n; j++)
			if ((rc = rdma_port(h, rd, ports->items[j])) != FC_OK)
				return rc;
		dev->nrdma++;
	}
	dev->rdma_m.known = true;
	dev->rdma_m.src = src_of(h, o);
	return FC_OK;
}

static enum fc_rc host_body(struct hp *h, const struct doc_node *root)
{
	struct fc_device *dev = h->c->dev;
	const struct doc_node *ifs, *o;
	enum fc_rc rc;
	size_t i;

	if ((rc = get_str(h, root, "hostname", &dev->hostname)) != FC_OK)
		return rc;
	{
		struct fc_str at;
		int64_t t;

		memset(&at, 0, sizeof(at));
		if ((rc = get_str(h, root, "collected_at", &at)) != FC_OK)
			return rc;
		if (at.m.known && !fc_parse_utc(at.v, &t))
			return fc_err_set(h->c->err, FC_ERR_INPUT, h->d->file, at.m.src.line,
					  "collected_at: expected a UTC time YYYY-MM-DDTHH:MM:SSZ, found '%s'", at.v);
		/* a document built from an agentless capture is stamped when it was built (at validation):
		 * the capture's own time is the snapshot's */
		if (h->lineless)
			fc_set_unknown(&dev->taken_at.m, "an agentless capture carries no time of its own: the snapshot's "
							  "created time stands in");
		else if (at.m.known)
			fc_set_int(&dev->taken_at, t, at.m.src);
	}
	ifs = doc_get(root, "interfaces");
	if (!ifs)
		return fc_err_set(h->c->err, FC_ERR_INPUT, h->d->file, root->line, "missing required key 'interfaces'");
	if ((rc = doc_expect(h->d, ifs, DOC_SEQ, "interfaces", h->c->err)) != FC_OK)
		return rc;
	for (i = 0; i < ifs->n; i++)
		if ((rc = one_iface(h, ifs->items[i])) != FC_OK)
			return rc;
	if ((rc = rdma(h, root)) != FC_OK)
		return rc;
	if ((rc = section(h, root, "firewall", fw_keys, &o)) != FC_OK)
		return rc;
	if ((rc = get_str(h, o, "udp_4791", &dev->fw_udp4791)) != FC_OK)
		return rc;
	if (dev->fw_udp4791.m.known && strcmp(dev->fw_udp4791.v, "accept") && strcmp(dev->fw_udp4791.v, "drop"))
		return fc_err_set(h->c->err, FC_ERR_INPUT, h->d->file, dev->fw_udp4791.m.src.line,
				  "udp_4791: expected accept or drop, found '%s'", dev->fw_udp4791.v);
	if ((rc = section(h, root, "memlock", memlock_keys, &o)) != FC_OK)
		return rc;
	if ((rc = get_int(h, o, "bytes", -1, INT64_MAX, &dev->memlock_bytes)) != FC_OK)
		return rc;
	return get_str(h, root, "pcie_aspm_policy", &dev->pcie_aspm_policy);
}

/* The host document (a parsed one; lineless for one the probe built from an agentless capture). */
static enum fc_rc host_doc(struct fc_parse_ctx *c, const struct doc *d, bool lineless)
{
	struct hp h = { c, d, NULL, lineless };
	const char *fmt;
	int64_t ver;
	enum fc_rc rc;

	if ((rc = doc_check_keys(d, d->root, root_keys, "host document", c->err)) != FC_OK ||
	    (rc = doc_req_str(d, d->root, "format", &fmt, c->err)) != FC_OK)
		return rc;
	if (strcmp(fmt, FC_HOST_FORMAT))
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, doc_key_line(d->root, "format"),
				  "format: expected '%s', found '%s'", FC_HOST_FORMAT, fmt);
	if ((rc = doc_opt_int(d, d->root, "format_version", 1, FC_HOST_FORMAT_VERSION, &ver, NULL, c->err)) != FC_OK ||
	    (rc = fc_linux_doc_notes(c, d)) != FC_OK)
		return rc;
	return host_body(&h, d->root);
}

/* fabcheck probe: the host document */
static enum fc_rc probe_doc(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body)
{
	(void)body;
	return host_doc(c, d, false);
}

/* The agentless capture gives the probe's document; values cite the capture file without a line
 * (`fabcheck probe --root` on the unpacked tree shows the document they come from), what could not
 * be read cites the capture's line. */
static enum fc_rc agentless(struct fc_parse_ctx *c, const char *text)
{
	char *json = NULL;
	struct doc *d = NULL;
	enum fc_rc rc;

	if ((rc = fc_linux_capture_to_doc(c->file, text, strlen(text), &json, c->err)) != FC_OK) {
		fc_err_prefix(c->err, "agentless capture: ");
		return rc;
	}
	if ((rc = doc_parse_json(c->file, json, strlen(json), &d, c->err)) == FC_OK)
		rc = host_doc(c, d, true);
	doc_free(&d);
	free(json);
	return rc;
}

static enum fc_rc ip_addresses(struct fc_parse_ctx *c, const char *text)
{
	return fc_linux_ip_text(c, text, true);
}

static enum fc_rc ip_links(struct fc_parse_ctx *c, const char *text)
{
	return fc_linux_ip_text(c, text, false);
}

static enum fc_rc linux_intent(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *n)
{
	struct hp h = { c, d, NULL, false };
	enum fc_rc rc;

	if ((rc = doc_check_keys(d, n, intent_keys, "intent", c->err)) != FC_OK)
		return rc;
	return host_body(&h, n);
}

/* What an earlier snapshot's read keeps of a host document (fc_reader.counters_keep): the document's
 * top level (its time, the small sections), each interface's name and statistics, each RDMA
 * device's name and ports, each port's number and hw_counters; of the counters, those the counter
 * rules compare. The rest (GIDs, modules, DCB, ...) is checked as JSON and not read. */
static bool host_counters_keep(const struct fc_parse_ctx *c, const char *const *keys, unsigned depth)
{
	const char *k[8];
	unsigned i, n = 0;

	for (i = 0; i < depth; i++)
		if (keys[i]) {
			if (n == sizeof(k) / sizeof(k[0]))
				return true;
			k[n++] = keys[i];
		}
	if (n <= 1)
		return true;
	if (!strcmp(k[0], "interfaces"))
		return n == 2 ? !strcmp(k[1], "name") || !strcmp(k[1], "stats") : n > 3 || fc_counter_kept(c->m, k[2]);
	if (strcmp(k[0], "rdma") || strcmp(k[1], "devices") || n <= 3)
		return true;   /* rdma's own keys; a device's name, kind, firmware, ports */
	if (n == 4)            /* a port's */
		return !strcmp(k[3], "port") || !strcmp(k[3], "hw_counters");
	return n > 5 || fc_counter_kept(c->m, k[4]);   /* its hw_counters' */
}

/* The probe's document, collected by the probe itself or over SSH where fabcheck is installed;
 * where it is not (exit status 127), the standard tools and files, captured by one sh script: a
 * structured stream of its own (linux_capture.c), not a terminal log. */
static const struct fc_reader linux_readers[] = {
	{ .command = "fabcheck probe", .encoding = "json", .json = probe_doc, .file = "probe.json",
	  .counters_keep = host_counters_keep },
	{ .command = "fabcheck agentless capture", .encoding = "text", .text = agentless, .file = "capture.txt",
	  .large = true, .remote = fc_linux_capture_script, .verbatim = true, .fallback = true },
	/* what other tools save */
	{ .command = "ip address show", .encoding = "text", .text = ip_addresses },
	{ .command = "ip addr show", .encoding = "text", .text = ip_addresses },
	{ .command = "ip link show", .encoding = "text", .text = ip_links },
	{ .command = NULL },
};

static const char *const file_prefixes[] = { "linux_", NULL };

const struct fc_adapter fc_adapter_linux = {
	.platform = "linux",
	.title = "Linux host (fabcheck host document from the probe or agentless collection)",
	.kind = FC_DEV_HOST,
	.caps = FC_CAP_PG_BUFFERS | FC_CAP_COUNTERS | FC_CAP_LLDP | FC_CAP_DOM | FC_CAP_LINK | FC_CAP_PFC | FC_CAP_MTU |
		FC_CAP_ADDRESS | FC_CAP_CLASSIFY | FC_CAP_RDMA | FC_CAP_NIC | FC_CAP_FIREWALL | FC_CAP_SYSTEM,
	.readers = linux_readers,
	.file_prefixes = file_prefixes,
	.finalize = fc_adapter_no_finalize,
	.intent = linux_intent,
};
