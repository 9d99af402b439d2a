/* SPDX-License-Identifier: MIT */
/* EOS state outputs in JSON (eAPI's models; `| json` on the CLI), bare or as eAPI's reply:
 *   show version                 modelName, version
 *   show interfaces              {"interfaces": {name: {interfaceStatus, lineProtocolStatus, description,
 *                                bandwidth (b/s), lanes, duplex, autoNegotiate, mtu, l2Mtu,
 *                                forwardingModel, physicalAddress, interfaceCounters}}}
 *   show interfaces transceiver  {"interfaces": {name: {mediaType, vendorSn, rxPower, txPower (dBm),
 *                                txBias (mA), temperature (C), voltage (V)}}}: one set of values per
 *                                interface (EOS names a module's lanes as interfaces)
 *   show interfaces transceiver dom thresholds
 *                                {"interfaces": {name: {mediaType, vendorSn, parameters: {rxPower:
 *                                {unit, channels: {"1": v, ...} or {"-": v}, threshold: {lowAlarm,
 *                                lowWarn, highAlarm, highWarn}}, txPower, txBias, temperature, voltage}}}}
 *   show priority-flow-control counters
 *                                {"interfaceCounters": {name: {rxFrames, txFrames}}}
 *   show interfaces description  {"interfaceDescriptions": {name: {description, interfaceStatus,
 *                                lineProtocolStatus}}}
 *   show qos interfaces ecn counters queue, show interfaces counters queue drops: per queue
 *                                counters into the port's stats
 *   show interfaces phy detail   {"interfacePhyStatuses": {name: {"phyStatuses": [{description:
 *                                {location}, fec: {correctedCodewords, uncorrectedCodewords}}]}}}
 * Values that set what the running-config also sets (admin state, description, speed, lanes, MTU,
 * autonegotiation) are kept per port and win over the config in eos_finalize; the rest go to the
 * model here. Management, loopback, VLAN and tunnel interfaces are not fabric ports: skipped by
 * name. A value of an unexpected type is an error at its line; a value not understood is listed. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "doc/doc.h"
#include "vendors/eos/eos.h"

static bool fabric_port(const char *name)
{
	return !strncmp(name, "Ethernet", 8) || !strncmp(name, "Port-Channel", 12);
}

static enum fc_rc unparsed(struct fc_parse_ctx *c, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static enum fc_rc unparsed(struct fc_parse_ctx *c, unsigned line, const char *fmt, ...)
{
	char msg[400];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return fc_dev_add_unparsed(c->m, c->dev, fc_src_at(c->file, line), msg,
				   n < 0 ? 0 : (size_t)n < sizeof(msg) ? (size_t)n : sizeof(msg) - 1);
}

/* A number under key (absent: *have false); anything but a finite number is an error. */
static enum fc_rc num(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *map, const char *key,
		      double *v, bool *have, unsigned *line)
{
	const struct doc_node *n = map && map->type == DOC_MAP ? doc_get(map, key) : NULL;

	*have = false;
	if (!n || n->type == DOC_NULL)
		return FC_OK;
	if (n->type != DOC_NUM || doc_as_double(d, n, key, v, c->err) != FC_OK || !isfinite(*v))
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, n->line, "%s: expected a number", key);
	*have = true;
	if (line)
		*line = n->line;
	return FC_OK;
}

static enum fc_rc text(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *map, const char *key,
		       const char **v, unsigned *line)
{
	const struct doc_node *n = map && map->type == DOC_MAP ? doc_get(map, key) : NULL;

	*v = NULL;
	if (!n || n->type == DOC_NULL)
		return FC_OK;
	if (n->type != DOC_STR)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, n->line, "%s: expected a string, found %s", key,
				  doc_type_name(n->type));
	*v = n->str;
	if (line)
		*line = n->line;
	return FC_OK;
}

/* The map under key of an output's body: each reader's top-level table. NULL, with the error
 * naming the command, when it is not there. */
static const struct doc_node *table(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b,
				    const char *key, const char *command)
{
	const struct doc_node *t = doc_get(b, key);

	if (!t || t->type != DOC_MAP) {
		fc_err_set(c->err, FC_ERR_INPUT, d->file, b->line, "expected {\"%s\": {...}} (%s)", key, command);
		return NULL;
	}
	return t;
}

enum fc_rc eos_json_version(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b)
{
	const char *model, *ver;
	unsigned lm = 0, lv = 0;
	enum fc_rc rc;

	if ((rc = text(c, d, b, "modelName", &model, &lm)) != FC_OK || (rc = text(c, d, b, "version", &ver, &lv)) != FC_OK)
		return rc;
	if (!model && !ver)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, b->line, "expected modelName and version (show version)");
	if (model)
		fc_set_str(c->m, &c->dev->hw_model, model, fc_src_at(c->file, lm));
	if (ver)
		fc_set_str(c->m, &c->dev->os_version, ver, fc_src_at(c->file, lv));
	return FC_OK;
}

bool eos_status(const char *st, const char **admin, const char **oper)
{
	static const struct { const char *st, *admin, *oper; } map[] = {
		{ "connected", "up", "up" }, { "up", "up", "up" }, { "notconnect", "up", "down" },
		{ "down", "up", "down" }, { "errdisabled", "up", "down" }, { "disabled", "down", "down" },
		{ "adminDown", "down", "down" }, { "inactive", "up", "down" }, { "monitoring", "up", "up" },
	};
	size_t k;

	for (k = 0; k < sizeof(map) / sizeof(map[0]); k++)
		if (!strcmp(st, map[k].st)) {
			*admin = map[k].admin, *oper = map[k].oper;
			return true;
		}
	return false;
}

static enum fc_rc counters(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *cnt, struct fc_iface *ifc)
{
	static const struct { const char *sect, *key; size_t off; } map[] = {
		{ "inputErrorsDetail", "fcsErrors", offsetof(struct fc_swport, cnt_crc) },
		{ "inputErrorsDetail", "giantFrames", offsetof(struct fc_swport, cnt_giants) },
		{ NULL, "totalInErrors", offsetof(struct fc_swport, cnt_in_errors) },
		{ NULL, "linkStatusChanges", offsetof(struct fc_swport, cnt_resets) },
	};
	size_t k;
	enum fc_rc rc;

	for (k = 0; k < sizeof(map) / sizeof(map[0]); k++) {
		const struct doc_node *in = map[k].sect ? doc_get(cnt, map[k].sect) : cnt;
		double v;
		bool have;
		unsigned line = 0;

		if ((rc = num(c, d, in, map[k].key, &v, &have, &line)) != FC_OK)
			return rc;
		if (have && v >= 0 && v < 9.2e18)
			fc_set_int((struct fc_int *)(void *)((char *)ifc->sw + map[k].off), (int64_t)v, fc_src_at(c->file, line));
	}
	return FC_OK;
}

static enum fc_rc one_interface(struct fc_parse_ctx *c, const struct doc *d, const char *name, const struct doc_node *x)
{
	struct eos_state *s = eos_state(c);
	struct eos_port *p = s ? eos_port_of(c, s, name) : NULL;
	struct fc_iface *ifc;
	const char *st, *lp, *desc, *dup, *an, *fwd, *mac, *admin, *oper;
	unsigned l_st = 0, l_desc = 0, l_dup = 0, l_an = 0, l_fwd = 0, l_mac = 0, l, l_mtu = 0;
	double v, mtu;
	bool have, have_mtu;
	const struct doc_node *cnt;
	enum fc_rc rc;

	if (!p)
		return FC_ERR_NOMEM;
	ifc = p->ifc;
	if (x->type != DOC_MAP)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, x->line, "%s: expected an object", name);
	if ((rc = text(c, d, x, "interfaceStatus", &st, &l_st)) != FC_OK ||
	    (rc = text(c, d, x, "lineProtocolStatus", &lp, NULL)) != FC_OK ||
	    (rc = text(c, d, x, "description", &desc, &l_desc)) != FC_OK ||
	    (rc = text(c, d, x, "duplex", &dup, &l_dup)) != FC_OK ||
	    (rc = text(c, d, x, "autoNegotiate", &an, &l_an)) != FC_OK ||
	    (rc = text(c, d, x, "forwardingModel", &fwd, &l_fwd)) != FC_OK ||
	    (rc = text(c, d, x, "physicalAddress", &mac, &l_mac)) != FC_OK)
		return rc;
	if (st && eos_status(st, &admin, &oper)) {
		fc_set_str(c->m, &p->sh.admin, admin, fc_src_at(c->file, l_st));
		/* "connected" with the line protocol down (lowerLayerDown, dormant) carries no traffic */
		fc_set_str(c->m, &ifc->oper_state, lp && strcmp(lp, "up") ? "down" : oper, fc_src_at(c->file, l_st));
	} else if (st && (rc = unparsed(c, l_st, "%s: interfaceStatus '%.60s' not understood", name, st)) != FC_OK) {
		return rc;
	}
	if (desc)
		fc_set_str(c->m, &p->sh.description, desc, fc_src_at(c->file, l_desc));
	if (dup && (!strcmp(dup, "duplexFull") || !strcmp(dup, "duplexHalf")))
		fc_set_str(c->m, &ifc->duplex, !strcmp(dup, "duplexFull") ? "full" : "half", fc_src_at(c->file, l_dup));
	if (an && (!strcmp(an, "off") || !strcmp(an, "success")))
		fc_set_bool(&p->sh.autoneg, !strcmp(an, "success"), fc_src_at(c->file, l_an));
	if (mac && *mac)
		fc_set_str(c->m, &ifc->mac, mac, fc_src_at(c->file, l_mac));
	if ((rc = num(c, d, x, "bandwidth", &v, &have, &l)) != FC_OK)
		return rc;
	if (have && v >= 1e6 && v <= 1e13)
		fc_set_int(&p->sh.speed_mbps, (int64_t)(v / 1e6), fc_src_at(c->file, l));
	if ((rc = num(c, d, x, "lanes", &v, &have, &l)) != FC_OK)
		return rc;
	if (have && v >= 1 && v <= 16)   /* 0: EOS does not say */
		fc_set_int(&p->sh.lanes, (int64_t)v, fc_src_at(c->file, l));
	/* MTU: a routed port's mtu is the IP MTU (+ 18 bytes of header and tag); a switched one's is the
	 * Ethernet MTU its text form prints ("Ethernet MTU 9214 bytes"), the largest frame; l2Mtu, where
	 * the model has it, says that directly */
	if ((rc = num(c, d, x, "mtu", &mtu, &have_mtu, &l_mtu)) != FC_OK || (rc = num(c, d, x, "l2Mtu", &v, &have, &l)) != FC_OK)
		return rc;
	if (fwd && !strcmp(fwd, "routed") && have_mtu && mtu >= 68 && mtu <= 65535) {
		fc_set_int(&p->sh.mtu, (int64_t)mtu + 18, fc_src_at(c->file, l_mtu));
		p->sh.mtu.m.why = "a routed port: show interfaces' mtu is the IP MTU, + 14 bytes of Ethernet header and 4 of tag";
	} else if (have && v >= 68 && v <= 65535) {
		fc_set_int(&p->sh.mtu, (int64_t)v, fc_src_at(c->file, l));
	} else if (fwd && (!strcmp(fwd, "bridged") || !strcmp(fwd, "dataLink")) && have_mtu && mtu >= 68 && mtu <= 65535) {
		fc_set_int(&p->sh.mtu, (int64_t)mtu, fc_src_at(c->file, l_mtu));
		p->sh.mtu.m.why = "a switched port: show interfaces' mtu is its Ethernet MTU, the largest frame";
	}
	if (fwd && !strcmp(fwd, "routed"))
		fc_set_port_mode(&ifc->port_mode, FC_PORT_MODE_ROUTED, fc_src_at(c->file, l_fwd));
	if ((cnt = doc_get(x, "interfaceCounters")) && cnt->type == DOC_MAP)
		return counters(c, d, cnt, ifc);
	return FC_OK;
}

const char *const eos_interfaces_rows[] = { "interfaces", NULL };

enum fc_rc eos_json_interface_row(struct fc_parse_ctx *c, const struct doc *d, const char *name,
				  const struct doc_node *x)
{
	return name && fabric_port(name) ? one_interface(c, d, name, x) : FC_OK;
}

/* The interfaces were streamed (eos_json_interface_row): here the table's presence is checked. */
enum fc_rc eos_json_interfaces(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b)
{
	const struct doc_node *its = table(c, d, b, "interfaces", "show interfaces");
	size_t i;
	enum fc_rc rc;

	if (its && c->rows_read)
		return FC_OK;
	if (!its)
		return FC_ERR_INPUT;
	for (i = 0; i < its->n; i++)
		if (fabric_port(its->keys[i]) && (rc = one_interface(c, d, its->keys[i], its->items[i])) != FC_OK)
			return rc;
	return FC_OK;
}

static const struct dom_param {
	const char *key, *unit;
	size_t off;
} dom_params[] = {
	{ "rxPower", "dBm", offsetof(struct fc_dom_lane, rx_dbm) },
	{ "txPower", "dBm", offsetof(struct fc_dom_lane, tx_dbm) },
	{ "txBias", "mA", offsetof(struct fc_dom_lane, bias_ma) },
	{ "temperature", "C", offsetof(struct fc_dom_lane, temp_c) },
	{ "voltage", "V", offsetof(struct fc_dom_lane, volt_v) },
};

static struct fc_dom_val *dom_at(struct fc_dom_lane *ln, const struct dom_param *p)
{
	return (struct fc_dom_val *)(void *)((char *)ln + p->off);
}

/* mediaType and vendorSn: a module is present when EOS names its type */
static enum fc_rc module_id(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *x, struct fc_iface *ifc,
			    bool *present)
{
	const char *type, *sn;
	unsigned lt = 0, ls = 0;
	enum fc_rc rc;

	*present = false;
	if ((rc = text(c, d, x, "mediaType", &type, &lt)) != FC_OK || (rc = text(c, d, x, "vendorSn", &sn, &ls)) != FC_OK)
		return rc;
	if (((type && *type && strcmp(type, "Not Present")) || (sn && *sn)) && !fc_xcvr_mut(c->m, ifc))
		return FC_ERR_NOMEM;
	if (type && *type && strcmp(type, "Not Present")) {
		enum fc_medium med = fc_medium_of(type);

		fc_set_bool(&ifc->xcvr->present, true, fc_src_at(c->file, lt));
		fc_set_str(c->m, &ifc->xcvr->type, type, fc_src_at(c->file, lt));
		if (med && !ifc->medium.m.known)
			fc_set_medium(&ifc->medium, med, fc_src_at(c->file, lt));
		*present = true;
	}
	if (sn && *sn)
		fc_set_str(c->m, &ifc->xcvr->serial, sn, fc_src_at(c->file, ls));
	return FC_OK;
}

/* show interfaces transceiver: one set of values per interface. */
enum fc_rc eos_json_transceiver(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b)
{
	const struct doc_node *its = table(c, d, b, "interfaces", "show interfaces transceiver");
	size_t i, k;
	enum fc_rc rc;

	if (!its)
		return FC_ERR_INPUT;
	for (i = 0; i < its->n; i++) {
		const struct doc_node *x = its->items[i];
		struct fc_iface *ifc;
		struct fc_dom_lane *ln;
		bool present, any = false;

		if (!fabric_port(its->keys[i]))
			continue;
		if (x->type != DOC_MAP)
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, x->line, "%s: expected an object", its->keys[i]);
		if (!(ifc = fc_dev_iface(c->m, c->dev, its->keys[i])))
			return FC_ERR_NOMEM;
		if ((rc = module_id(c, d, x, ifc, &present)) != FC_OK)
			return rc;
		if (!(ln = fc_xcvr_lane(c->m, fc_xcvr_mut(c->m, ifc), 0)))
			return FC_ERR_NOMEM;
		for (k = 0; k < sizeof(dom_params) / sizeof(dom_params[0]); k++) {
			double v;
			bool have;
			unsigned line = 0;

			if ((rc = num(c, d, x, dom_params[k].key, &v, &have, &line)) != FC_OK)
				return rc;
			if (have)
				fc_dom_set(dom_at(ln, &dom_params[k]), v, fc_src_at(c->file, line)), any = true;
		}
		if (any)
			fc_set_bool(&ifc->xcvr->dom_supported, true, fc_src_at(c->file, x->line));
	}
	return FC_OK;
}

static enum fc_rc thresholds(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *t, struct fc_dom_val *dv)
{
	static const char *const keys[] = { "highAlarm", "lowAlarm", "highWarn", "lowWarn" };
	double v[4];
	bool have[4];
	size_t k;
	enum fc_rc rc;

	for (k = 0; k < 4; k++)
		if ((rc = num(c, d, t, keys[k], &v[k], &have[k], NULL)) != FC_OK)
			return rc;
	/* a side EOS does not give is no limit on that side */
	dv->hi_alarm = have[0] ? v[0] : (double)INFINITY, dv->lo_alarm = have[1] ? v[1] : -(double)INFINITY;
	dv->hi_warn = have[2] ? v[2] : (double)INFINITY, dv->lo_warn = have[3] ? v[3] : -(double)INFINITY;
	dv->thresholds = have[0] || have[1] || have[2] || have[3];
	return FC_OK;
}

static enum fc_rc dom_param(struct fc_parse_ctx *c, const struct doc *d, const char *name, const struct doc_node *pn,
			    const struct dom_param *p, struct fc_iface *ifc)
{
	const struct doc_node *ch = doc_get(pn, "channels"), *thr = doc_get(pn, "threshold");
	const char *unit;
	unsigned lu = 0;
	size_t j;
	enum fc_rc rc;

	if ((rc = text(c, d, pn, "unit", &unit, &lu)) != FC_OK)
		return rc;
	if (unit && strcmp(unit, p->unit))
		return unparsed(c, lu, "%s: DOM values in '%.20s', not the unit read: skipped", name, unit);
	if (!ch || ch->type != DOC_MAP)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, pn->line, "%s %s: expected channels", name, p->key);
	for (j = 0; j < ch->n; j++) {
		const char *k = ch->keys[j];
		int lane = !strcmp(k, "-") ? 0 : (k[0] >= '1' && k[0] <= '9' && (!k[1] || (k[1] >= '0' && k[1] <= '6' && !k[2])))
						   ? (int)strtol(k, NULL, 10) : -1;
		struct fc_dom_lane *ln;
		struct fc_dom_val *dv;
		double v;

		if (lane < 0) {
			if ((rc = unparsed(c, ch->items[j]->line, "%s: DOM channel '%.20s' not understood", name, k)) != FC_OK)
				return rc;
			continue;
		}
		if (ch->items[j]->type != DOC_NUM || doc_as_double(d, ch->items[j], k, &v, c->err) != FC_OK || !isfinite(v))
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, ch->items[j]->line, "%s %s channel %s: expected a number",
					  name, p->key, k);
		if (!(ln = fc_xcvr_lane(c->m, fc_xcvr_mut(c->m, ifc), lane)))
			return FC_ERR_NOMEM;
		dv = dom_at(ln, p);
		fc_dom_set(dv, v, fc_src_at(c->file, ch->items[j]->line));
		if (thr && thr->type == DOC_MAP && (rc = thresholds(c, d, thr, dv)) != FC_OK)
			return rc;
	}
	return FC_OK;
}

/* show interfaces transceiver dom thresholds: per channel values and the module's limits. */
enum fc_rc eos_json_dom_thresholds(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b)
{
	const struct doc_node *its = table(c, d, b, "interfaces", "show interfaces transceiver dom thresholds");
	size_t i, k;
	enum fc_rc rc;

	if (!its)
		return FC_ERR_INPUT;
	for (i = 0; i < its->n; i++) {
		const struct doc_node *x = its->items[i], *params;
		struct fc_iface *ifc;
		bool present;

		if (!fabric_port(its->keys[i]))
			continue;
		if (x->type != DOC_MAP)
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, x->line, "%s: expected an object", its->keys[i]);
		if (!(ifc = fc_dev_iface(c->m, c->dev, its->keys[i])))
			return FC_ERR_NOMEM;
		if ((rc = module_id(c, d, x, ifc, &present)) != FC_OK)
			return rc;
		if (!(params = doc_get(x, "parameters")))
			continue;   /* no module, or one without diagnostics */
		if (params->type != DOC_MAP)
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, params->line, "%s: parameters: expected an object",
					  its->keys[i]);
		if (!fc_xcvr_mut(c->m, ifc))
			return FC_ERR_NOMEM;
		fc_set_bool(&ifc->xcvr->dom_supported, true, fc_src_at(c->file, params->line));
		for (k = 0; k < params->n; k++) {
			const struct dom_param *p = NULL;
			size_t q;

			for (q = 0; q < sizeof(dom_params) / sizeof(dom_params[0]); q++)
				if (!strcmp(params->keys[k], dom_params[q].key))
					p = &dom_params[q];
			if (!p || params->items[k]->type != DOC_MAP) {
				if ((rc = unparsed(c, params->items[k]->line, "%s: DOM parameter '%.40s' not read", its->keys[i],
						   params->keys[k])) != FC_OK)
					return rc;
				continue;
			}
			if ((rc = dom_param(c, d, its->keys[i], params->items[k], p, ifc)) != FC_OK)
				return rc;
		}
	}
	return FC_OK;
}

enum fc_rc eos_json_pfc_counters(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b)
{
	const struct doc_node *its = table(c, d, b, "interfaceCounters", "show priority-flow-control counters");
	size_t i;
	enum fc_rc rc;

	if (!its)
		return FC_ERR_INPUT;
	for (i = 0; i < its->n; i++) {
		struct fc_iface *ifc;
		double rx, tx;
		bool hrx, htx;
		unsigned lrx = 0, ltx = 0;

		if (!fabric_port(its->keys[i]))
			continue;
		if ((rc = num(c, d, its->items[i], "rxFrames", &rx, &hrx, &lrx)) != FC_OK ||
		    (rc = num(c, d, its->items[i], "txFrames", &tx, &htx, &ltx)) != FC_OK)
			return rc;
		if (!(ifc = fc_dev_iface(c->m, c->dev, its->keys[i])))
			return FC_ERR_NOMEM;
		if (hrx && rx >= 0 && rx < 9.2e18)
			fc_set_int(&ifc->sw->cnt_rx_ppp, (int64_t)rx, fc_src_at(c->file, lrx));
		if (htx && tx >= 0 && tx < 9.2e18)
			fc_set_int(&ifc->sw->cnt_tx_ppp, (int64_t)tx, fc_src_at(c->file, ltx));
	}
	return FC_OK;
}

/* show interfaces phy detail: the line side's FEC. Codeword counters are RS-FEC's (IEEE 802.3
 * clause 91 counts codewords; clause 74's BASE-R FEC counts blocks): a line-side PHY that counts
 * codewords runs Reed-Solomon, RS(528) or RS(544) by lane rate (the rules tell them apart). A PHY
 * without FEC counters says nothing of the FEC: unknown, not off. */
enum fc_rc eos_json_phy_detail(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b)
{
	const struct doc_node *its = table(c, d, b, "interfacePhyStatuses", "show interfaces phy detail");
	size_t i, k;

	if (!its)
		return FC_ERR_INPUT;
	for (i = 0; i < its->n; i++) {
		const struct doc_node *ps = doc_get(its->items[i], "phyStatuses");
		struct fc_iface *ifc;

		if (!fabric_port(its->keys[i]) || !ps)
			continue;
		if (ps->type != DOC_SEQ)
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, ps->line, "%s: phyStatuses: expected a list", its->keys[i]);
		for (k = 0; k < ps->n; k++) {
			const struct doc_node *fec = doc_get(ps->items[k], "fec"), *cw;
			const char *loc = NULL;

			if (text(c, d, doc_get(ps->items[k], "description"), "location", &loc, NULL) != FC_OK)
				return FC_ERR_INPUT;
			if (loc && strcmp(loc, "line"))
				continue;   /* the system side (toward the ASIC) of a retimer */
			if (!fec || fec->type != DOC_MAP || !(cw = doc_get(fec, "correctedCodewords")))
				continue;
			if (!(ifc = fc_dev_iface(c->m, c->dev, its->keys[i])))
				return FC_ERR_NOMEM;
			fc_set_fec(&ifc->fec_active, FC_FEC_RS, fc_src_at(c->file, cw->line));
			ifc->fec_active.m.why = "the line-side PHY counts RS codewords (corrected/uncorrected): Reed-Solomon";
			break;
		}
	}
	return FC_OK;
}

/* show interfaces description: {"interfaceDescriptions": {name: {description, interfaceStatus
 * (up, down, adminDown), lineProtocolStatus}}} */
enum fc_rc eos_json_descriptions(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b)
{
	const struct doc_node *its = table(c, d, b, "interfaceDescriptions", "show interfaces description");
	struct eos_state *s = eos_state(c);
	size_t i;
	enum fc_rc rc;

	if (!its)
		return FC_ERR_INPUT;
	for (i = 0; i < its->n; i++) {
		const char *desc, *st, *lp, *admin, *oper;
		unsigned ld = 0, ls = 0;
		struct eos_port *p;

		if (!fabric_port(its->keys[i]))
			continue;
		if (!s || !(p = eos_port_of(c, s, its->keys[i])))
			return FC_ERR_NOMEM;
		if ((rc = text(c, d, its->items[i], "description", &desc, &ld)) != FC_OK ||
		    (rc = text(c, d, its->items[i], "interfaceStatus", &st, &ls)) != FC_OK ||
		    (rc = text(c, d, its->items[i], "lineProtocolStatus", &lp, NULL)) != FC_OK)
			return rc;
		if (desc)
			fc_set_str(c->m, &p->sh.description, desc, fc_src_at(c->file, ld));
		if (st && eos_status(st, &admin, &oper)) {
			fc_set_str(c->m, &p->sh.admin, admin, fc_src_at(c->file, ls));
			fc_set_str(c->m, &p->ifc->oper_state, lp && strcmp(lp, "up") ? "down" : oper, fc_src_at(c->file, ls));
		} else if (st && (rc = unparsed(c, ls, "%s: interfaceStatus '%.60s' not understood", its->keys[i], st)) != FC_OK) {
			return rc;
		}
	}
	return FC_OK;
}

/* One named counter onto a port's stats. */
static enum fc_rc add_stat(struct fc_parse_ctx *c, struct fc_iface *ifc, const char *name, int64_t v, unsigned line)
{
	struct fc_counter one = { name, v };

	return fc_iface_add_stats(c->m, ifc, &one, 1, fc_src_at(c->file, line));
}

/* A counter: a number, or its digits as a string (EOS prints some so). */
static bool counter_of(const struct doc_node *n, int64_t *v)
{
	char *end;
	double x;

	if (n->type == DOC_NUM || n->type == DOC_STR) {
		x = strtod(n->str, &end);
		if (end != n->str && !*end && x >= 0 && x < 9.2e18) {
			*v = (int64_t)x;
			return true;
		}
	}
	return false;
}

/* show qos interfaces ecn counters queue: {"intfQueueCounters": {name: {"queueCounters": {q: n}}}}
 * -> stats tx_queueQ_ecn_marked */
enum fc_rc eos_json_ecn_counters(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b)
{
	const struct doc_node *its = table(c, d, b, "intfQueueCounters", "show qos interfaces ecn counters queue");
	size_t i, k;
	enum fc_rc rc;

	if (!its)
		return FC_ERR_INPUT;
	for (i = 0; i < its->n; i++) {
		const struct doc_node *q = doc_get(its->items[i], "queueCounters");
		struct fc_iface *ifc;

		if (!fabric_port(its->keys[i]) || !q)
			continue;
		if (q->type != DOC_MAP)
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, q->line, "%s: queueCounters: expected an object",
					  its->keys[i]);
		if (!(ifc = fc_dev_iface(c->m, c->dev, its->keys[i])))
			return FC_ERR_NOMEM;
		for (k = 0; k < q->n; k++) {
			char name[48];
			int64_t v;

			if (q->items[k]->type == DOC_STR && !strcmp(q->items[k]->str, "-"))
				continue;   /* EOS's "no counter" (ECN not configured on the queue) */
			if (strspn(q->keys[k], "0123456789") != strlen(q->keys[k]) || strlen(q->keys[k]) > 2 ||
			    !counter_of(q->items[k], &v)) {
				if ((rc = unparsed(c, q->items[k]->line, "%s: ECN counter of queue '%.20s' not understood",
						   its->keys[i], q->keys[k])) != FC_OK)
					return rc;
				continue;
			}
			snprintf(name, sizeof(name), "tx_queue%s_ecn_marked", q->keys[k]);
			if ((rc = add_stat(c, ifc, name, v, q->items[k]->line)) != FC_OK)
				return rc;
		}
	}
	return FC_OK;
}

/* show interfaces counters queue drops: {"egressQueueCounters": {"interfaces": {name: {ucastQueues |
 * mcastQueues: {"trafficClasses": {"TC3": {"dropPrecedences": {"DP0": {"droppedPackets": n}}}}}}}}}
 * -> stats tx_{ucast,mcast}_TC3_DP0_dropped (a range as EOS names it: TC0-2) */
enum fc_rc eos_json_queue_drops(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b)
{
	const struct doc_node *eq = doc_get(b, "egressQueueCounters"), *its = eq ? doc_get(eq, "interfaces") : NULL;
	static const char *const kinds[] = { "ucastQueues", "mcastQueues" };
	size_t i, k, t, p;
	enum fc_rc rc;

	if (!its || its->type != DOC_MAP)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, b->line,
				  "expected {\"egressQueueCounters\": {\"interfaces\": {...}}} (show interfaces counters queue drops)");
	for (i = 0; i < its->n; i++) {
		struct fc_iface *ifc;

		if (!fabric_port(its->keys[i]))
			continue;
		if (!(ifc = fc_dev_iface(c->m, c->dev, its->keys[i])))
			return FC_ERR_NOMEM;
		for (k = 0; k < 2; k++) {
			const struct doc_node *tcs = doc_get(doc_get(its->items[i], kinds[k]), "trafficClasses");

			for (t = 0; tcs && tcs->type == DOC_MAP && t < tcs->n; t++) {
				const struct doc_node *dps = doc_get(tcs->items[t], "dropPrecedences");

				for (p = 0; dps && dps->type == DOC_MAP && p < dps->n; p++) {
					const struct doc_node *n = doc_get(dps->items[p], "droppedPackets");
					char name[96];
					int64_t v;

					if (!n || !counter_of(n, &v)) {
						if ((rc = unparsed(c, dps->items[p]->line, "%s: %s %s %s: droppedPackets not understood",
								   its->keys[i], kinds[k], tcs->keys[t], dps->keys[p])) != FC_OK)
							return rc;
						continue;
					}
					snprintf(name, sizeof(name), "tx_%s_%.20s_%.20s_dropped", k ? "mcast" : "ucast", tcs->keys[t],
						 dps->keys[p]);
					if ((rc = add_stat(c, ifc, name, v, n->line)) != FC_OK)
						return rc;
				}
			}
		}
	}
	return FC_OK;
}
