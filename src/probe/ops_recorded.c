/* SPDX-License-Identifier: MIT */
/* Recorded kernel replies for the probe, read from /.fabcheck-replies/<ifname>.json of its fs:
 *   {"link": {"speed_mbps", "duplex", "port", "autoneg", "lanes", "supported": [...], ...},
 *    "drvinfo": {"driver", "version", "firmware", "bus"}, "pause": {"autoneg", "rx", "tx"},
 *    "fec": {"configured", "active"}, "addresses": [...], "stats": {"name": value},
 *    "pfc_prevention_tout": ms}
 * A query given as {"error": "Operation not supported"} fails the way the kernel would. This is
 * how tests feed the same probe code what this kernel cannot create (ConnectX ports, FEC). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/doc.h"
#include "probe/fs.h"
#include "probe/probe.h"
#include "util/buf.h"
#include "util/str.h"

/* A recorded JSON file of the fs (fs.h) in ctx into *d; false with the reason in err (absent:
 * FC_ERR_IO naming the path; not JSON: FC_ERR_INPUT at the path's line). */
static bool load(const void *ctx, const char *path, struct doc **d, struct fc_err *err)
{
	struct fc_buf b;
	bool ok;

	if (!fc_fs_read(ctx, path, FC_MAX_INPUT_FILE, &b, err))
		return false;
	ok = doc_parse_json(path, b.data, b.len, d, err) == FC_OK;
	fc_buf_free(&b);
	return ok;
}

static const struct doc_node *reply(struct doc **d, const void *ctx, const char *ifname, const char *what,
				    struct fc_err *err, enum fc_rc *rc)
{
	char path[600], prefix[64];
	const struct doc_node *n, *e;

	snprintf(path, sizeof(path), "/.fabcheck-replies/%s.json", ifname);
	*rc = FC_ERR_UNSUPPORTED;
	if (!load(ctx, path, d, err)) {
		fc_err_prefix(err, "no recorded reply: ");
		*rc = err->rc;
		return NULL;
	}
	/* a reason reads like the source's own: "ethtool fec: ...", "dcbnl dcb: ...", lldpd's whole */
	if (!strcmp(what, "lldp"))
		prefix[0] = '\0';
	else
		snprintf(prefix, sizeof(prefix), "%s %s: ", strcmp(what, "dcb") ? "ethtool" : "dcbnl", what);
	n = doc_get((*d)->root, what);
	if (!n) {
		fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "%s%s", prefix,
			   prefix[0] ? "Operation not supported" : "lldpd is not running (none recorded)");
		return NULL;
	}
	if ((e = doc_get(n, "error"))) {
		fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "%s%s", prefix, e->str ? e->str : "error");
		return NULL;
	}
	*rc = FC_OK;
	return n;
}

static const char *s(const struct doc_node *n, const char *k)
{
	const struct doc_node *v = doc_get(n, k);

	return v && v->str ? v->str : "";
}

static long num(const struct doc_node *n, const char *k)
{
	return strtol(s(n, k), NULL, 10);
}

static bool flag(const struct doc_node *n, const char *k)
{
	const struct doc_node *v = doc_get(n, k);

	return v && v->type == DOC_BOOL && v->b;
}

static void list(const struct doc_node *n, const char *k, char (*out)[40], size_t *cnt)
{
	const struct doc_node *l = doc_get(n, k);
	size_t i;

	*cnt = 0;
	for (i = 0; l && l->type == DOC_SEQ && i < l->n && *cnt < FC_MAX_MODES; i++)
		if (l->items[i]->str)
			snprintf(out[(*cnt)++], 40, "%s", l->items[i]->str);
}

static enum fc_rc rec_link(void *ctx, const char *ifname, struct fc_link_info *out, struct fc_err *err)
{
	struct doc *d = NULL;
	enum fc_rc rc;
	const struct doc_node *n = reply(&d, ctx, ifname, "link", err, &rc);

	if (n) {
		memset(out, 0, sizeof(*out));
		out->speed_mbps = (uint32_t)num(n, "speed_mbps");
		out->duplex = (uint8_t)num(n, "duplex");
		out->port = (uint8_t)num(n, "port");
		out->autoneg = flag(n, "autoneg");
		out->lanes = (int)num(n, "lanes");
		list(n, "supported", out->supported, &out->nsupported);
		list(n, "advertised", out->advertised, &out->nadvertised);
		list(n, "partner", out->partner, &out->npartner);
	}
	doc_free(&d);
	return rc;
}

static enum fc_rc rec_drvinfo(void *ctx, const char *ifname, struct fc_drv_info *out, struct fc_err *err)
{
	struct doc *d = NULL;
	enum fc_rc rc;
	const struct doc_node *n = reply(&d, ctx, ifname, "drvinfo", err, &rc);

	if (n) {
		snprintf(out->driver, sizeof(out->driver), "%s", s(n, "driver"));
		snprintf(out->version, sizeof(out->version), "%s", s(n, "version"));
		snprintf(out->firmware, sizeof(out->firmware), "%s", s(n, "firmware"));
		snprintf(out->bus, sizeof(out->bus), "%s", s(n, "bus"));
	}
	doc_free(&d);
	return rc;
}

static enum fc_rc rec_pause(void *ctx, const char *ifname, struct fc_pause_info *out, struct fc_err *err)
{
	struct doc *d = NULL;
	enum fc_rc rc;
	const struct doc_node *n = reply(&d, ctx, ifname, "pause", err, &rc);

	if (n) {
		out->autoneg = flag(n, "autoneg");
		out->rx = flag(n, "rx");
		out->tx = flag(n, "tx");
	}
	doc_free(&d);
	return rc;
}

/* "stats": {"name": value, ...} */
static enum fc_rc rec_stats(void *ctx, const char *ifname, struct fc_stats *out, struct fc_err *err)
{
	struct doc *d = NULL;
	enum fc_rc rc;
	const struct doc_node *n = reply(&d, ctx, ifname, "stats", err, &rc);
	size_t i;

	memset(out, 0, sizeof(*out));
	if (n && n->type == DOC_MAP && n->n) {
		out->names = calloc(n->n, sizeof(*out->names));
		out->values = calloc(n->n, sizeof(*out->values));
		if (!out->names || !out->values) {
			fc_stats_free(out);
			rc = fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		}
		for (i = 0; rc == FC_OK && i < n->n; i++) {
			snprintf(out->names[out->n], sizeof(out->names[0]), "%s", n->keys[i]);
			out->values[out->n++] = strtoull(n->items[i]->str ? n->items[i]->str : "0", NULL, 10);
		}
	} else if (n) {
		rc = fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "ethtool GSTATS: the driver reports no statistics");
	}
	doc_free(&d);
	return rc;
}

/* "module_eeprom": the bytes GMODULEEEPROM returned, as hex */
static enum fc_rc rec_module(void *ctx, const char *ifname, struct fc_module_info *out, struct fc_err *err)
{
	struct doc *d = NULL;
	enum fc_rc rc;
	const struct doc_node *n = reply(&d, ctx, ifname, "module_eeprom", err, &rc);
	uint8_t *bytes = NULL;
	size_t len, i;

	if (n) {
		len = n->str ? strlen(n->str) / 2 : 0;
		bytes = calloc(1, len + 1);
		for (i = 0; bytes && i < len; i++) {
			unsigned b;

			if (sscanf(n->str + 2 * i, "%2x", &b) != 1)
				break;
			bytes[i] = (uint8_t)b;
		}
		rc = bytes && i == len ? fc_module_decode(bytes, len, out, err)
				       : fc_err_set(err, FC_ERR_INPUT, NULL, 0, "recorded module_eeprom is not hex");
		free(bytes);
	}
	doc_free(&d);
	return rc;
}

/* "pfc_prevention_tout": ms (65535 = auto) */
static enum fc_rc rec_pfc_prevention(void *ctx, const char *ifname, unsigned *ms, struct fc_err *err)
{
	struct doc *d = NULL;
	enum fc_rc rc;
	const struct doc_node *n = reply(&d, ctx, ifname, "pfc_prevention_tout", err, &rc);

	if (n)
		*ms = (unsigned)strtoul(n->str ? n->str : "0", NULL, 10);
	doc_free(&d);
	return rc;
}

static enum fc_rc rec_fec(void *ctx, const char *ifname, struct fc_fec_info *out, struct fc_err *err)
{
	struct doc *d = NULL;
	enum fc_rc rc;
	const struct doc_node *n = reply(&d, ctx, ifname, "fec", err, &rc);

	if (n) {
		snprintf(out->configured, sizeof(out->configured), "%s", s(n, "configured"));
		snprintf(out->active, sizeof(out->active), "%s", s(n, "active"));
	}
	doc_free(&d);
	return rc;
}

/* "dcb": {"pfc_enabled": [3], "delay": 7, "dscp_prio": {"26": 3}, "prio_buffer": [8], "buffer_size": [8],
 *         "total_size": N} */
static enum fc_rc rec_dcb(void *ctx, const char *ifname, struct fc_dcb_info *out, struct fc_err *err)
{
	struct doc *d = NULL;
	enum fc_rc rc;
	const struct doc_node *n = reply(&d, ctx, ifname, "dcb", err, &rc), *l;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (n && (l = doc_get(n, "pfc_enabled")) && l->type == DOC_SEQ) {
		out->pfc = true;
		for (i = 0; i < l->n; i++) {
			int64_t prio;

			if (l->items[i]->str && fc_parse_i64(l->items[i]->str, 0, 7, &prio))
				out->pfc_en |= (uint8_t)(1u << prio);
		}
		out->delay = (uint8_t)num(n, "delay");
	}
	if (n && (l = doc_get(n, "dscp_prio")) && l->type == DOC_MAP) {
		out->app = true;
		for (i = 0; i < l->n; i++) {
			long dscp = strtol(l->keys[i], NULL, 10), prio = l->items[i]->str ? strtol(l->items[i]->str, NULL, 10) : -1;

			if (dscp >= 0 && dscp < 64 && prio >= 0 && prio < 8) {
				out->dscp_has |= (uint64_t)1 << dscp;
				out->dscp_prio[dscp] = (uint8_t)prio;
			}
		}
	}
	if (n && (l = doc_get(n, "prio_buffer")) && l->type == DOC_SEQ && l->n == 8) {
		const struct doc_node *bs = doc_get(n, "buffer_size");

		out->buffer = bs && bs->type == DOC_SEQ && bs->n == 8;
		for (i = 0; out->buffer && i < 8; i++) {
			out->prio2buffer[i] = (uint8_t)strtoul(l->items[i]->str ? l->items[i]->str : "0", NULL, 10);
			out->buffer_size[i] = (uint32_t)strtoul(bs->items[i]->str ? bs->items[i]->str : "0", NULL, 10);
		}
		out->total_size = (uint32_t)num(n, "total_size");
	}
	doc_free(&d);
	return rc;
}

static enum fc_rc rec_addresses(void *ctx, const char *ifname, char (*out)[64], size_t max, size_t *cnt,
				struct fc_err *err)
{
	struct doc *d = NULL;
	enum fc_rc rc;
	const struct doc_node *n = reply(&d, ctx, ifname, "addresses", err, &rc);
	size_t i;

	*cnt = 0;
	for (i = 0; n && n->type == DOC_SEQ && i < n->n; i++)
		if (n->items[i]->str && !fc_addr_push(out, max, cnt, n->items[i]->str, strlen(n->items[i]->str), err)) {
			rc = FC_ERR_INPUT;
			break;
		}
	doc_free(&d);
	return rc;
}

/* /.fabcheck-replies/verbs.json: {"mlx5_0/1": {"active_mtu": 4096}} */
static enum fc_rc rec_verbs_mtu(void *ctx, const char *dev, int port, int *active_mtu, struct fc_err *err)
{
	char key[128];
	struct doc *d = NULL;
	const struct doc_node *n;
	struct fc_err r;
	int64_t v;
	enum fc_rc rc = FC_ERR_UNSUPPORTED;

	snprintf(key, sizeof(key), "%s/%d", dev, port);
	fc_err_clear(&r);
	if (!load(ctx, "/.fabcheck-replies/verbs.json", &d, &r))
		return fc_err_set(err, rc, r.file, r.line, "no recorded libibverbs reply (%s)", r.msg);
	n = doc_get(doc_get(d->root, key), "active_mtu");
	if (n && n->str && fc_parse_i64(n->str, 256, 4096, &v)) {
		*active_mtu = (int)v;
		rc = FC_OK;
	} else {
		fc_err_set(err, rc, NULL, 0, "libibverbs: no recorded active_mtu for %s", key);
	}
	doc_free(&d);
	return rc;
}

/* A whole recorded reply file /.fabcheck-replies/<name> into *text (malloc'd): the recorded
 * "nft -j list ruleset" (nftables.json), the legacy filter table (iptables-legacy.txt). */
static enum fc_rc rec_text(const void *ctx, const char *name, const char *what, char **text, struct fc_err *err)
{
	char path[600];
	struct fc_buf b;
	struct fc_err r;

	*text = NULL;
	snprintf(path, sizeof(path), "/.fabcheck-replies/%s", name);
	fc_err_clear(&r);
	if (!fc_fs_read(ctx, path, FC_MAX_INPUT_FILE, &b, &r))
		return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "no recorded %s (%s)", what, r.msg);
	*text = b.data;   /* the buffer's memory becomes the caller's */
	return FC_OK;
}

static enum fc_rc rec_nft(void *ctx, char **json, struct fc_err *err)
{
	return rec_text(ctx, "nftables.json", "nftables ruleset", json, err);
}

/* "lldp": {"system_name": "leaf1", "port_id": "Ethernet1/2", "port_id_type": "ifname"} */
static enum fc_rc rec_lldp(void *ctx, const char *socket, const char *ifname, struct fc_lldp_info *out,
			   struct fc_err *err)
{
	struct doc *d = NULL;
	enum fc_rc rc;
	const struct doc_node *n = reply(&d, ctx, ifname, "lldp", err, &rc);

	(void)socket;
	memset(out, 0, sizeof(*out));
	if (n) {
		snprintf(out->system_name, sizeof(out->system_name), "%s", s(n, "system_name"));
		snprintf(out->port_id, sizeof(out->port_id), "%s", s(n, "port_id"));
		snprintf(out->port_id_type, sizeof(out->port_id_type), "%s", s(n, "port_id_type"));
	}
	doc_free(&d);
	return rc;
}

/* <root>/.fabcheck-replies/iptables-legacy.txt: the legacy filter table in iptables-save syntax */
static enum fc_rc rec_ipt(void *ctx, char **text, struct fc_err *err)
{
	return rec_text(ctx, "iptables-legacy.txt", "iptables-legacy filter table", text, err);
}

const struct fc_probe_ops fc_probe_recorded_ops = {
	.link = rec_link,
	.drvinfo = rec_drvinfo,
	.pause = rec_pause,
	.fec = rec_fec,
	.stats = rec_stats,
	.module = rec_module,
	.pfc_prevention = rec_pfc_prevention,
	.dcb = rec_dcb,
	.verbs_mtu = rec_verbs_mtu,
	.nft_ruleset = rec_nft,
	.ipt_save = rec_ipt,
	.addresses = rec_addresses,
	.lldp = rec_lldp,
};
