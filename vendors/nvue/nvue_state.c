/* SPDX-License-Identifier: MIT */
/* NVUE's state in JSON: `nv show ... -o json` over SSH and the REST API's operational revision
 * (GET /nvue_v1/<path>?rev=operational answers the same document). The documents' key names follow
 * the rows `nv show` prints (NVIDIA Cumulus Linux user guide, "NVUE CLI"); a key this reader does
 * not know is listed as not understood once per output, at its line, and its value is not used.
 *   nv show system                 hostname, build (the version)
 *   nv show platform               product-name / part-number (the hardware model), asic
 *   nv show interface              per interface: type, link state (oper), admin-status, speed,
 *                                  mtu (the Linux MTU), fec, lanes, auto-negotiate, duplex,
 *                                  breakout, stats; ip address
 *   nv show qos roce               enable, mode (what runs: a mode the configuration gives
 *                                  differently is a conflict, the running one judged)
 *   nv show platform transceiver   identifier, compliance, vendor, part, serial, cable length,
 *                                  temperature, voltage, per channel rx/tx power and bias, each
 *                                  with the module's alarm and warning thresholds
 *   lldpctl -f json                lldpd's neighbours (doc/lldpcli.h) */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter/cfgtext.h"
#include "doc/lldpcli.h"
#include "util/hmap.h"
#include "util/str.h"
#include "vendors/nvue/nvue_cfg.h"

/* The keys of one output listed once each. */
struct seen {
	struct fc_parse_ctx *c;
	struct fc_hmap *keys;
};

static enum fc_rc unknown_key(struct seen *sn, const char *path, const char *key, unsigned line)
{
	char buf[256];
	int n = snprintf(buf, sizeof(buf), "%s %s", path, key);
	int failed = 0;

	if (n < 0 || (size_t)n >= sizeof(buf))
		n = (int)sizeof(buf) - 1;
	if (fc_hmap_put(sn->keys, buf, (size_t)n, (void *)1, &failed))
		return FC_OK;
	if (failed)
		return FC_ERR_NOMEM;
	return fc_dev_add_unparsed(sn->c->m, sn->c->dev, fc_src_at(sn->c->file, line), buf, (size_t)n);
}

static bool seen_init(struct seen *sn, struct fc_parse_ctx *c)
{
	sn->c = c;
	return (sn->keys = fc_hmap_new(c->m->arena, 16)) != NULL;
}

static enum fc_rc expect_map(struct fc_parse_ctx *c, const struct doc_node *n, const char *what)
{
	if (n && n->type == DOC_MAP)
		return FC_OK;
	return fc_err_set(c->err, FC_ERR_INPUT, c->file, n ? n->line : 1, "expected %s", what);
}

/* --- nv show system / platform ----------------------------------------------------------------- */

enum fc_rc nvue_json_system(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b)
{
	struct seen sn;
	size_t i;
	enum fc_rc rc = expect_map(c, b, "the object of nv show system -o json");

	(void)d;
	if (rc != FC_OK)
		return rc;
	if (!seen_init(&sn, c))
		return FC_ERR_NOMEM;
	for (i = 0; i < b->n && rc == FC_OK; i++) {
		const char *k = b->keys[i], *v = word(b->items[i]);
		struct fc_src s = fc_src_at(c->file, b->key_lines[i]);

		if (!strcmp(k, "hostname") && v)
			fc_set_str(c->m, &c->dev->hostname, v, s);
		else if ((!strcmp(k, "build") || !strcmp(k, "version")) && v)
			fc_set_str(c->m, &c->dev->os_version, v, s);
		else if (!in_list(k, (const char *const[]){ "uptime", "timezone", "product-name", "product-release",
							   "platform", "health", "date-time", "message", "reboot",
							   "status", "build-date", "system-memory", "cpu", NULL }))
			rc = unknown_key(&sn, "nv show system", k, b->key_lines[i]);
	}
	return rc;
}

enum fc_rc nvue_json_platform(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b)
{
	struct seen sn;
	size_t i;
	enum fc_rc rc = expect_map(c, b, "the object of nv show platform -o json");

	(void)d;
	if (rc != FC_OK)
		return rc;
	if (!seen_init(&sn, c))
		return FC_ERR_NOMEM;
	for (i = 0; i < b->n && rc == FC_OK; i++) {
		const char *k = b->keys[i], *v = word(b->items[i]);
		struct fc_src s = fc_src_at(c->file, b->key_lines[i]);

		if ((!strcmp(k, "product-name") || !strcmp(k, "part-number") || !strcmp(k, "model")) && v) {
			if (!c->dev->hw_model.m.known || !strcmp(k, "product-name"))
				fc_set_str(c->m, &c->dev->hw_model, v, s);
		} else if (!strcmp(k, "asic-model") && v) {
			/* NVUE names the ASIC ("Spectrum-4"): its family, whatever the model's name says */
			char fam[32];
			size_t o = 0, q;
			enum fc_asic a;

			fc_set_str(c->m, &c->dev->asic, v, s);
			for (q = 0; v[q] && o + 1 < sizeof(fam); q++)
				if (v[q] != '-' && v[q] != ' ')
					fam[o++] = (char)tolower((unsigned char)v[q]);
			fam[o] = '\0';
			if (!strcmp(fam, "spectrum"))
				snprintf(fam, sizeof(fam), "spectrum1");
			if (fc_asic_parse(fam, &a))
				fc_set_asic(&c->dev->asic_family, a, s);
		}
		else if (!in_list(k, (const char *const[]){ "base-mac", "manufacturer", "serial-number", "system-mac",
							   "cpu", "memory", "disk-size", "port-layout", "asic-count",
							   "hardware", "software", "environment", "capabilities",
							   "transceiver", "os", "onie-version", "mac-address", NULL }))
			rc = unknown_key(&sn, "nv show platform", k, b->key_lines[i]);
	}
	return rc;
}

/* --- nv show interface ------------------------------------------------------------------------- */

static const char *const stats_known[] = {
	"carrier-transitions", "in-bytes", "in-drops", "in-errors", "in-pkts", "out-bytes", "out-drops", "out-errors",
	"out-pkts", "in-broadcast-pkts", "in-multicast-pkts", "out-broadcast-pkts", "out-multicast-pkts", NULL,
};

static enum fc_rc iface_link(struct fc_parse_ctx *c, struct seen *sn, struct fc_iface *ifc, const struct doc_node *l)
{
	static const struct fc_spelling fecs[] = {
		{ "auto", FC_FEC_AUTO }, { "driver-auto", FC_FEC_AUTO }, { "baser", FC_FEC_BASER }, { "rs", FC_FEC_RS },
		{ "off", FC_FEC_OFF }, { "none", FC_FEC_OFF }, { NULL, 0 },
	};
	struct fc_model *m = c->m;
	size_t i;
	enum fc_rc rc = FC_OK;

	for (i = 0; i < l->n && rc == FC_OK; i++) {
		const char *k = l->keys[i], *v = word(l->items[i]);
		struct fc_src s = fc_src_at(c->file, l->key_lines[i]);
		int64_t x, lanes;
		bool on;
		int f;

		if ((!strcmp(k, "state") || !strcmp(k, "oper-status")) && v && (!strcmp(v, "up") || !strcmp(v, "down")))
			fc_set_str(m, &ifc->oper_state, v, s);
		else if (!strcmp(k, "admin-status") && v && (!strcmp(v, "up") || !strcmp(v, "down")))
			fc_set_str(m, &ifc->admin_state, v, s);
		else if (!strcmp(k, "speed") && v) {
			if (fc_speed_parse(v, &x, &lanes))
				fc_set_int(&ifc->speed_mbps, x, s);
			else if (!ifc->speed_mbps.m.known)
				fc_set_unknown(&ifc->speed_mbps.m, fc_sprintf(m->arena, "nv show interface gives speed %s", v));
		} else if (!strcmp(k, "mtu") && v && fc_parse_i64(v, 552, 65535, &x)) {
			fc_set_int(&ifc->mtu, x + 18, s);
			ifc->mtu.m.why = "NVUE's mtu is the Linux (IP) MTU: + 14 bytes of Ethernet header and 4 of VLAN tag";
		} else if (!strcmp(k, "fec") && v && (f = fc_spelling_find(fecs, v, false)) >= 0) {
			if (f == FC_FEC_AUTO)
				continue;   /* the configured policy, not what runs */
			fc_set_fec(&ifc->fec_active, (enum fc_fec)f, s);
		} else if (!strcmp(k, "lanes") && v && fc_parse_i64(v, 1, 16, &x))
			fc_set_int(&ifc->lanes, x, s);
		else if (!strcmp(k, "auto-negotiate") && v && nvue_onoff(v, &on))
			fc_set_bool(&ifc->autoneg, on, s);
		else if (!strcmp(k, "duplex") && v && (!strcmp(v, "full") || !strcmp(v, "half")))
			fc_set_str(m, &ifc->duplex, v, s);
		else if (!strcmp(k, "mac-address") && v)
			fc_set_str(m, &ifc->mac, v, s);
		else if (!strcmp(k, "breakout") && v) {
			struct fc_swport *sw = fc_swport_mut(m, ifc);

			if (!sw)
				return FC_ERR_NOMEM;
			fc_set_str(m, &sw->breakout, v, s);
		} else if (!strcmp(k, "stats") && l->items[i]->type == DOC_MAP) {
			const struct doc_node *st = l->items[i];
			size_t j;

			for (j = 0; j < st->n && rc == FC_OK; j++) {
				struct fc_swport *sw;

				if (!word(st->items[j]) || !fc_parse_i64(word(st->items[j]), 0, INT64_MAX, &x) ||
				    !in_list(st->keys[j], stats_known)) {
					rc = unknown_key(sn, "nv show interface link stats", st->keys[j], st->key_lines[j]);
					continue;
				}
				if (!(sw = fc_swport_mut(m, ifc)))
					return FC_ERR_NOMEM;
				if (!strcmp(st->keys[j], "in-errors"))
					fc_set_int(&sw->cnt_in_errors, x, fc_src_at(c->file, st->key_lines[j]));
				else if (!strcmp(st->keys[j], "carrier-transitions"))   /* link flaps, as EOS's linkStatusChanges */
					fc_set_int(&sw->cnt_resets, x, fc_src_at(c->file, st->key_lines[j]));
			}
		} else if (!in_list(k, (const char *const[]){ "protodown", "protodown-reason", "flap-protection",
							     "signal-integrity", "dot1x", "carrier-transitions",
							     "oper-status-last-change", "tx-queue-len", NULL }))
			rc = unknown_key(sn, "nv show interface link", k, l->key_lines[i]);
	}
	return rc;
}

/* acl NAME inbound|outbound: the ACLs bound to the port, as they run. */
static enum fc_rc acl_bindings(struct fc_parse_ctx *c, struct seen *sn, struct fc_iface *ifc, const struct doc_node *a)
{
	struct fc_swport *sw = fc_swport_mut(c->m, ifc);
	size_t i, j;
	enum fc_rc rc = FC_OK;

	if (!sw)
		return FC_ERR_NOMEM;
	for (i = 0; i < a->n && rc == FC_OK; i++) {
		const struct doc_node *x = a->items[i];

		for (j = 0; x->type == DOC_MAP && j < x->n && rc == FC_OK; j++) {
			if (!strcmp(x->keys[j], "inbound") || !strcmp(x->keys[j], "outbound")) {
				struct fc_str *f = !strcmp(x->keys[j], "inbound") ? &sw->acl_in : &sw->acl_out;
				struct fc_src at = fc_src_at(c->file, x->key_lines[j]);

				/* bound otherwise than configured: what runs is judged, and said */
				if (f->m.known && strcmp(f->v, a->keys[i]) &&
				    (rc = fc_dev_add_conflict(c->m, c->dev, ifc->name, !strcmp(x->keys[j], "inbound") ? "acl_in"
							      : "acl_out", a->keys[i], at, f->v, f->m.src)) != FC_OK)
					return rc;
				fc_set_str(c->m, f, a->keys[i], at);
			} else
				rc = unknown_key(sn, "nv show interface acl", x->keys[j], x->key_lines[j]);
		}
	}
	return rc;
}

/* One interface of nv show interface: name, its object e (at line). */
static enum fc_rc one_iface(struct fc_parse_ctx *c, struct nvue_state *s, struct seen *sn, const char *name,
			    unsigned line, const struct doc_node *e)
{
	const char *type = e && e->type == DOC_MAP ? word(doc_get(e, "type")) : NULL;
	char buf[FC_IFLIST_NAME];
	struct nvue_port *p;
	enum fc_rc rc = FC_OK;
	size_t j;

	if (!e || e->type != DOC_MAP)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, line, "expected interface %s's object", name);
	if (type ? strcmp(type, "swp") && strcmp(type, "bond") && strcmp(type, "sub") : strncmp(name, "swp", 3) &&
							 !strchr(name, '.'))
		return FC_OK;   /* lo, eth0, vlans, the bridge: off the fabric's data path */
	if (!nvue_ifname_canon(name, strlen(name), buf, sizeof(buf)))
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, line, "expected an interface name, not '%s'", name);
	if (!(p = nvue_port_of(c, s, buf)))
		return FC_ERR_NOMEM;
	p->data = true;
	for (j = 0; j < e->n && rc == FC_OK; j++) {
		const char *k = e->keys[j];
		const struct doc_node *v = e->items[j];

		if (!strcmp(k, "link") && v->type == DOC_MAP)
			rc = iface_link(c, sn, p->ifc, v);
		else if (!strcmp(k, "description") && word(v))
			fc_set_str(c->m, &p->ifc->description, word(v), fc_src_at(c->file, e->key_lines[j]));
		else if (!strcmp(k, "ip") && v->type == DOC_MAP) {
			const struct doc_node *a = doc_get(v, "address");
			size_t q;

			for (q = 0; a && a->type == DOC_MAP && q < a->n && rc == FC_OK; q++)
				rc = fc_strlist_add(c->m, &p->ifc->addresses, a->keys[q], fc_src_at(c->file, a->key_lines[q]));
		} else if (!strcmp(k, "acl") && v->type == DOC_MAP) {
			rc = acl_bindings(c, sn, p->ifc, v);
		} else if (in_list(k, (const char *const[]){ "bridge", "router", "evpn", NULL })) {
			continue;   /* forwarding: decides nothing fabcheck checks */
		} else if (!in_list(k, (const char *const[]){ "type", "ifindex", NULL }))
			/* lldp, bond, qos and the rest: not read from this output (lldpd's JSON gives the
			 * neighbour, the configuration the bond and the profiles): said once */
			rc = unknown_key(sn, "nv show interface", k, e->key_lines[j]);
	}
	return rc;
}

const char *const nvue_interface_rows[] = { NULL };   /* the top-level object: interfaces by name */

/* One interface as the document is read (json_rows); what was said once stays said across rows. */
enum fc_rc nvue_json_interface_row(struct fc_parse_ctx *c, const struct doc *d, const char *name,
				   const struct doc_node *e)
{
	struct nvue_state *s = nvue_state(c);
	struct seen *sn = c->row_state;

	(void)d;
	if (!s)
		return FC_ERR_NOMEM;
	if (!sn) {
		if (!(sn = fc_alloc(c->m->arena, sizeof(*sn))) || !seen_init(sn, c))
			return FC_ERR_NOMEM;
		c->row_state = sn;
	}
	return one_iface(c, s, sn, name, e->line, e);
}

/* The interfaces were streamed (nvue_json_interface_row) unless the object is not one. */
enum fc_rc nvue_json_interfaces(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b)
{
	struct nvue_state *s = nvue_state(c);
	struct seen sn;
	size_t i;
	enum fc_rc rc = expect_map(c, b, "the object of nv show interface -o json: interfaces by name");

	(void)d;
	if (rc != FC_OK || c->rows_read)
		return rc;
	if (!s || !seen_init(&sn, c))
		return FC_ERR_NOMEM;
	for (i = 0; i < b->n && rc == FC_OK; i++)
		rc = one_iface(c, s, &sn, b->keys[i], b->key_lines[i], b->items[i]);
	return rc;
}

/* --- nv show qos roce -------------------------------------------------------------------------- */

enum fc_rc nvue_json_roce(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b)
{
	struct nvue_state *s = nvue_state(c);
	struct seen sn;
	size_t i;
	enum fc_rc rc = expect_map(c, b, "the object of nv show qos roce -o json");

	(void)d;
	if (rc != FC_OK)
		return rc;
	if (!s || !seen_init(&sn, c))
		return FC_ERR_NOMEM;
	s->shown.src = fc_src_at(c->file, b->line);
	for (i = 0; i < b->n && rc == FC_OK; i++) {
		const char *k = b->keys[i], *v = word(b->items[i]);
		struct fc_src at = fc_src_at(c->file, b->key_lines[i]);
		bool on;

		if (!strcmp(k, "enable") && v && nvue_onoff(v, &on)) {
			if (!on)
				fc_set_str(c->m, &s->shown.mode, "off", at);
		} else if (!strcmp(k, "mode") && v) {
			if (!s->shown.mode.m.known || strcmp(s->shown.mode.v, "off"))
				fc_set_str(c->m, &s->shown.mode, v, at);
		}
		else if (b->items[i]->type == DOC_MAP && !word(b->items[i]))
			rc = nvue_roce_section(c, &s->shown, k, b->items[i], &sn.keys);
		else
			rc = unknown_key(&sn, "nv show qos roce", k, b->key_lines[i]);
	}
	return rc;
}

/* --- nv show platform transceiver -------------------------------------------------------------- */

/* The number before unit in a value NVUE prints ("35.20 C", "0.86 mW / -0.64 dBm", "6.50 mA"). */
static bool value_in(const char *v, const char *unit, double *out)
{
	const char *u = v ? strstr(v, unit) : NULL;
	const char *p;
	char *end;

	if (!v)
		return false;
	if (!u) {   /* a bare number */
		*out = strtod(v, &end);
		return end != v && !*end && isfinite(*out);
	}
	for (p = u; p > v && (p[-1] == ' '); p--)
		;
	while (p > v && (strchr("0123456789.+-eE", p[-1])))
		p--;
	*out = strtod(p, &end);
	return end != p && isfinite(*out);
}

static enum fc_rc dom_value(struct fc_parse_ctx *c, struct seen *sn, const struct doc_node *n, unsigned line,
			    const char *unit, struct fc_dom_val *dv)
{
	static const char *const th[] = { "high-alarm-threshold", "low-alarm-threshold", "high-warning-threshold",
					  "low-warning-threshold", NULL };
	double x;
	size_t i;
	enum fc_rc rc = FC_OK;

	if (word(n)) {
		if (value_in(word(n), unit, &x))
			fc_dom_set(dv, x, fc_src_at(c->file, line));
		return FC_OK;
	}
	if (!n || n->type != DOC_MAP)
		return FC_OK;
	dv->hi_alarm = dv->hi_warn = HUGE_VAL;
	dv->lo_alarm = dv->lo_warn = -HUGE_VAL;
	for (i = 0; i < n->n && rc == FC_OK; i++) {
		const char *k = n->keys[i], *v = word(n->items[i]);
		size_t t;

		for (t = 0; th[t] && strcmp(k, th[t]); t++)
			;
		if (th[t] && v && value_in(v, unit, &x)) {
			double *slot[] = { &dv->hi_alarm, &dv->lo_alarm, &dv->hi_warn, &dv->lo_warn };

			*slot[t] = x;
			dv->thresholds = true;
		} else if (in_list(k, (const char *const[]){ "value", "temperature", "voltage", "power", "current", NULL }) && v &&
			   value_in(v, unit, &x)) {
			double keep[4] = { dv->hi_alarm, dv->lo_alarm, dv->hi_warn, dv->lo_warn };
			bool had = dv->thresholds;

			fc_dom_set(dv, x, fc_src_at(c->file, n->key_lines[i]));
			dv->hi_alarm = keep[0], dv->lo_alarm = keep[1], dv->hi_warn = keep[2], dv->lo_warn = keep[3];
			dv->thresholds = had;
		} else if (!in_list(k, (const char *const[]){ "alarm", "warning", "status", "state", NULL }))
			rc = unknown_key(sn, "nv show platform transceiver (diagnostic)", k, n->key_lines[i]);
	}
	return rc;
}

static enum fc_rc transceiver(struct fc_parse_ctx *c, struct seen *sn, struct fc_iface *ifc, const struct doc_node *e)
{
	struct fc_model *m = c->m;
	struct fc_xcvr *x = fc_xcvr_mut(m, ifc);
	const char *ident = NULL, *compliance = NULL, *cable = NULL;
	struct fc_src tsrc = { 0 };
	size_t i, j;
	enum fc_rc rc = FC_OK;
	struct fc_dom_lane *mod;

	if (!x)
		return FC_ERR_NOMEM;

	for (i = 0; i < e->n && rc == FC_OK; i++) {
		const char *k = e->keys[i], *v = word(e->items[i]);
		struct fc_src s = fc_src_at(c->file, e->key_lines[i]);
		double len;

		if (!strcmp(k, "identifier") && v)
			ident = v, tsrc = tsrc.file ? tsrc : s;
		else if ((!strcmp(k, "ethernet-compliance-code") || !strcmp(k, "media-interface") ||
			  !strcmp(k, "compliance-code")) && v)
			compliance = v, tsrc = s;
		else if (!strcmp(k, "cable-type") && v)
			cable = v;
		else if (!strcmp(k, "vendor-name") && v)
			fc_set_str(m, &x->vendor, v, s);
		else if (!strcmp(k, "vendor-pn") && v)
			fc_set_str(m, &x->part, v, s);
		else if (!strcmp(k, "vendor-sn") && v)
			fc_set_str(m, &x->serial, v, s);
		else if (!strcmp(k, "cable-length") && v && value_in(v, "m", &len) && len > 0)
			fc_set_dbl(&x->cable_len_m, len, s);
		else if (!strcmp(k, "status") && v)
			fc_set_bool(&x->present, !strcmp(v, "plugged") || !strcmp(v, "present"), s);
		else if (!strcmp(k, "temperature") || !strcmp(k, "voltage")) {
			if (!(mod = fc_xcvr_lane(m, x, 0)))
				return FC_ERR_NOMEM;
			rc = dom_value(c, sn, e->items[i], e->key_lines[i], !strcmp(k, "temperature") ? "C" : "V",
				       !strcmp(k, "temperature") ? &mod->temp_c : &mod->volt_v);
			fc_set_bool(&x->dom_supported, true, s);
		} else if (!strcmp(k, "channel") && e->items[i]->type == DOC_MAP) {
			const struct doc_node *ch = e->items[i];

			for (j = 0; j < ch->n && rc == FC_OK; j++) {
				const struct doc_node *cn = ch->items[j];
				long lane = strtol(ch->keys[j] + strcspn(ch->keys[j], "0123456789"), NULL, 10);
				struct fc_dom_lane *dl;
				size_t q;

				if (lane < 1 || lane > 16 || cn->type != DOC_MAP) {
					rc = unknown_key(sn, "nv show platform transceiver channel", ch->keys[j], ch->key_lines[j]);
					continue;
				}
				if (!(dl = fc_xcvr_lane(m, x, (int)lane)))
					return FC_ERR_NOMEM;
				for (q = 0; q < cn->n && rc == FC_OK; q++) {
					const char *ck = cn->keys[q];

					if (!strcmp(ck, "rx-power"))
						rc = dom_value(c, sn, cn->items[q], cn->key_lines[q], "dBm", &dl->rx_dbm);
					else if (!strcmp(ck, "tx-power"))
						rc = dom_value(c, sn, cn->items[q], cn->key_lines[q], "dBm", &dl->tx_dbm);
					else if (!strcmp(ck, "tx-bias-current"))
						rc = dom_value(c, sn, cn->items[q], cn->key_lines[q], "mA", &dl->bias_ma);
					else if (!in_list(ck, (const char *const[]){ "rx-los", "tx-fault", "tx-los", "rx-cdr-lol",
										    "tx-cdr-lol", NULL }))
						rc = unknown_key(sn, "nv show platform transceiver channel", ck, cn->key_lines[q]);
				}
			}
			fc_set_bool(&x->dom_supported, true, fc_src_at(c->file, e->key_lines[i]));
		} else if (!in_list(k, (const char *const[]){ "vendor-rev", "vendor-oui", "vendor-date", "date-code",
							     "connector-type", "revision-compliance", "module-state",
							     "data-path-state", "error-status", "vendor-date-code",
							     "supported-cable-length", "port", "fw-version", NULL }))
			rc = unknown_key(sn, "nv show platform transceiver", k, e->key_lines[i]);
	}
	if (rc == FC_OK && (compliance || ident)) {
		const char *type = compliance ? compliance : ident;

		if (cable && !compliance)
			type = fc_sprintf(m->arena, "%s %s", ident, cable);
		fc_set_str(m, &x->type, type, tsrc);
		if (!x->present.m.known)
			fc_set_bool(&x->present, true, tsrc);
		if (fc_medium_of(x->type.v))
			fc_set_medium(&ifc->medium, fc_medium_of(x->type.v), tsrc);
	}
	return rc;
}

enum fc_rc nvue_json_transceivers(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b)
{
	struct nvue_state *s = nvue_state(c);
	struct seen sn;
	size_t i;
	enum fc_rc rc = expect_map(c, b, "the object of nv show platform transceiver -o json: ports by name");

	(void)d;
	if (rc != FC_OK)
		return rc;
	if (!s || !seen_init(&sn, c))
		return FC_ERR_NOMEM;
	for (i = 0; i < b->n && rc == FC_OK; i++) {
		char buf[FC_IFLIST_NAME];
		struct nvue_port *p;

		if (strncmp(b->keys[i], "swp", 3))
			continue;
		if (!b->items[i] || b->items[i]->type != DOC_MAP ||
		    !nvue_ifname_canon(b->keys[i], strlen(b->keys[i]), buf, sizeof(buf)))
			return fc_err_set(c->err, FC_ERR_INPUT, c->file, b->key_lines[i], "expected port %s's transceiver object",
					  b->keys[i]);
		if (!(p = nvue_port_of(c, s, buf)))
			return FC_ERR_NOMEM;
		p->data = true;
		rc = transceiver(c, &sn, p->ifc, b->items[i]);
	}
	return rc;
}

/* `nv show platform transceiver <port>` as text: "key : value" rows, a section's rows indented under
 * its "key:" line; read as the JSON document of the same keys (transceiver above). */
static enum fc_rc kv_tree(struct fc_parse_ctx *c, struct fc_arena *a, const char *text, struct doc_node **out)
{
	struct doc_node *stack[16];
	size_t ind_at[16], caps[16], depth = 0;
	struct fc_lines it;
	bool any = false;

	if (!(stack[0] = fc_alloc(a, sizeof(*stack[0]))))
		return FC_ERR_NOMEM;
	stack[0]->type = DOC_MAP;
	stack[0]->line = 1;
	ind_at[0] = 0, caps[0] = 0;
	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		const char *l = it.line, *colon;
		size_t len = it.len, ind = strspn(l, " ");
		struct doc_node *n;
		char *key, *val;

		while (len && (l[len - 1] == ' ' || l[len - 1] == '\r'))
			len--;
		if (ind >= len || strspn(l + ind, "-= ") == len - ind)
			continue;
		colon = memchr(l + ind, ':', len - ind);
		if (!colon) {
			if (fc_dev_add_unparsed(c->m, c->dev, fc_src_at(c->file, it.lineno), l, len) != FC_OK)
				return FC_ERR_NOMEM;
			continue;
		}
		while (depth && ind <= ind_at[depth])
			depth--;
		if (!(n = fc_alloc(a, sizeof(*n))) || !(key = fc_strndup(a, l + ind, (size_t)(colon - l) - ind)))
			return FC_ERR_NOMEM;
		for (size_t k = strlen(key); k && key[k - 1] == ' '; k--)
			key[k - 1] = '\0';
		val = fc_strndup(a, colon + 1 + strspn(colon + 1, " "), len - (size_t)(colon + 1 + strspn(colon + 1, " ") - l));
		if (!val)
			return FC_ERR_NOMEM;
		n->line = it.lineno;
		n->type = *val ? DOC_STR : DOC_MAP;
		n->str = *val ? val : NULL;
		if (doc_add_child(a, stack[depth], &caps[depth], n, key, it.lineno) != FC_OK)
			return FC_ERR_NOMEM;
		any = true;
		if (!*val && depth + 1 < sizeof(stack) / sizeof(stack[0])) {
			stack[++depth] = n;
			ind_at[depth] = ind;
			caps[depth] = 0;
		}
	}
	if (!any)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "expected 'key : value' rows (nv show platform transceiver)");
	*out = stack[0];
	return FC_OK;
}

enum fc_rc nvue_text_transceiver(struct fc_parse_ctx *c, const char *text)
{
	struct nvue_state *s = nvue_state(c);
	const char *arg = c->command ? strrchr(c->command, ' ') : NULL;
	char buf[FC_IFLIST_NAME];
	struct fc_arena *a;
	struct doc_node *root = NULL;
	struct nvue_port *p;
	struct seen sn;
	enum fc_rc rc;

	if (!s || !seen_init(&sn, c))
		return FC_ERR_NOMEM;
	if (!arg || !nvue_ifname_canon(arg + 1, strlen(arg + 1), buf, sizeof(buf)))
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "expected the port in the command the output was saved "
									 "under (nv show platform transceiver swpN)");
	if (!(a = fc_arena_new()))
		return FC_ERR_NOMEM;
	rc = kv_tree(c, a, text, &root);
	if (rc == FC_OK && !(p = nvue_port_of(c, s, buf)))
		rc = FC_ERR_NOMEM;
	if (rc == FC_OK) {
		p->data = true;
		rc = transceiver(c, &sn, p->ifc, root);
	}
	fc_arena_free(&a);
	return rc;
}

/* --- lldpctl -f json --------------------------------------------------------------------------- */

static enum fc_rc lldp_nb(void *ctx, const struct fc_lldpcli_nb *nb)
{
	struct fc_parse_ctx *c = ctx;
	struct nvue_state *s = nvue_state(c);
	const char *sys = nb->sysname ? nb->sysname : nb->chassis_id;
	struct fc_src at = fc_src_at(c->file, nb->line);
	char buf[FC_IFLIST_NAME];
	struct nvue_port *p;

	if (!s)
		return FC_ERR_NOMEM;
	if (strncmp(nb->ifname, "swp", 3) || !nvue_ifname_canon(nb->ifname, strlen(nb->ifname), buf, sizeof(buf)))
		return FC_OK;   /* eth0, the management port, is not on the fabric */
	if (!sys)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, nb->line, "the LLDP neighbour on %s has no system name or "
									 "chassis id", nb->ifname);
	if (!(p = nvue_port_of(c, s, buf)))
		return FC_ERR_NOMEM;
	p->data = true;
	fc_set_str(c->m, &p->ifc->lldp_sysname, sys, at);
	fc_set_str(c->m, &p->ifc->lldp_port, nb->port_id, at);
	return FC_OK;
}

enum fc_rc nvue_json_lldpctl(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b)
{
	(void)b;
	return fc_lldpcli_walk(d, lldp_nb, c, c->err);
}
