/* SPDX-License-Identifier: MIT */
/* Junos state as XML RPC replies (`| display xml` over SSH, or NETCONF's <rpc-reply>), libxml2, each
 * value with its XML line. Elements are matched by their local name (the replies carry a
 * version-stamped namespace).
 *   get-interface-information (show interfaces [extensive]): per physical interface of the fabric:
 *     admin-status, oper-status, mtu (the media MTU), speed, link-mode (duplex),
 *     if-auto-negotiation, current-physical-address, description, input-errors, framing-errors
 *     (CRC), the flap count where given, the FEC in use (enabled_fec_mode: FEC91 RS(528,514),
 *     FEC119 RS(544,514), FEC74 BASE-R, NONE)
 *   get-lldp-neighbors-information (show lldp neighbors): the local port, the neighbour's system
 *     name (else its chassis id) and port (its id, else its description)
 *   get-software-information (show version): host-name, product-model, junos-version
 *   get-chassis-inventory (show chassis hardware): the chassis's description (the model), and each
 *     FPC > PIC > Xcvr module (description, part, serial) onto the port of that number
 *   get-cos-interface-map-information (show class-of-service interface): the bindings that run on each
 *     port (scheduler map, congestion notification profile, DSCP classifier), which stand over the
 *     configuration's where they differ (junos_cos.c)
 *   get-interface-optics-diagnostics-information (show interfaces diagnostics optics): per port the
 *     module's temperature and voltage, per lane (optics-diagnostics-lane-values, lane-index from 0;
 *     a one-lane module's readings are lane 1) bias, Tx and Rx power in dBm, and the module's alarm
 *     and warning thresholds onto every lane's reading of their kind
 * Sources: Juniper Networks, "Junos XML API Operational Developer Reference" (these RPCs and their
 * elements). An element not read is not an error; a value not understood is listed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter/cfgtext.h"
#include "util/str.h"
#include "util/xml.h"
#include "vendors/junos/junos.h"
#include "util/dl_xml.h"

/* The element's text, trimmed, in buf; NULL when it has none. */
static const char *text(const xmlNode *n, char *buf, size_t size)
{
	const xmlNode *k;
	const char *s = NULL;
	size_t len;

	for (k = n ? n->children : NULL; k && !s; k = k->next)
		if (k->type == XML_TEXT_NODE && k->content)
			s = fc_xml_str(k->content);
	if (!s)
		return NULL;
	s += strspn(s, " \t\r\n");
	len = strlen(s);
	while (len && strchr(" \t\r\n", s[len - 1]))
		len--;
	if (!len)
		return NULL;
	snprintf(buf, size, "%.*s", (int)len, s);
	return buf;
}

static const char *ctext(const xmlNode *n, const char *name, char *buf, size_t size)
{
	return text(fc_xml_child(n, name), buf, size);
}

/* The first element named name anywhere under n (depth first). */
static const xmlNode *find(const xmlNode *n, const char *name)
{
	const xmlNode *k, *r;

	for (k = n; k; k = k->next) {
		if (fc_xml_is(k, name))
			return k;
		if (k->type == XML_ELEMENT_NODE && (r = find(k->children, name)))
			return r;
	}
	return NULL;
}

static enum fc_rc load(struct fc_parse_ctx *c, const char *text_in, const char *what, xmlDoc **out,
		       const xmlNode **el)
{
	size_t len = strlen(text_in);
	const xmlError *e;
	struct fc_err le = { 0 };

	if (len > (size_t)INT32_MAX)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "an XML reply over 2 GB");
	if (fc_dynlib_load(FC_LIB_XML2, &le) != FC_OK)
		return fc_err_set(c->err, FC_ERR_UNSUPPORTED, c->file, 1, "%s", le.msg);
	*out = fc_xml()->xmlReadMemory(text_in, (int)len, c->file, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (!*out) {
		e = fc_xml()->xmlGetLastError();
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, e && e->line > 0 ? (unsigned)e->line : 1,
				  "expected the XML reply <%s>: %s", what, e && e->message ? e->message : "not well-formed");
	}
	if (!(*el = find(fc_xml()->xmlDocGetRootElement(*out), what))) {
		const xmlNode *r = fc_xml()->xmlDocGetRootElement(*out);
		const xmlNode *err = find(r, "xnm:error") ? find(r, "xnm:error") : find(r, "rpc-error");

		fc_xml()->xmlFreeDoc(*out);
		*out = NULL;
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, r ? (unsigned)fc_xml()->xmlGetLineNo(r) : 1,
				  err ? "the reply is an error, not <%s>" : "expected <%s> in the reply", what);
	}
	return FC_OK;
}

static struct fc_src at(const struct fc_parse_ctx *c, const xmlNode *n)
{
	return fc_src_at(c->file, (unsigned)fc_xml()->xmlGetLineNo(n));
}

/* "1000mbps", "100Gbps", "400Gbps", "Auto", "Unspecified" */
static bool speed_of(const char *s, int64_t *mbps)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || v <= 0)
		return false;
	if (!strcasecmp(end, "mbps"))
		*mbps = (int64_t)v;
	else if (!strcasecmp(end, "gbps"))
		*mbps = (int64_t)(v * 1000);
	else
		return false;
	return *mbps <= FC_SPEED_MAX_MBPS;
}

static enum fc_rc unparsed(struct fc_parse_ctx *c, const xmlNode *n, const char *port, const char *what,
			   const char *value)
{
	char msg[300];

	snprintf(msg, sizeof(msg), "%.100s: %.100s '%.60s' not understood", port, what, value);
	return fc_dev_add_unparsed(c->m, c->dev, at(c, n), msg, strlen(msg));
}

/* One <physical-interface> of show interfaces extensive. */
static enum fc_rc one_physical(struct fc_parse_ctx *c, const xmlNode *p)
{
	enum fc_rc rc = FC_OK;
	char name[128], v[256];
	const xmlNode *e;
	struct fc_iface *ifc;
	struct fc_swport *sw;
	int64_t n;

	if (!ctext(p, "name", name, sizeof(name)) || !junos_is_port(name))
		return FC_OK;
	if (!(ifc = fc_dev_iface(c->m, c->dev, name)) || !(sw = fc_swport_mut(c->m, ifc)))
		return FC_ERR_NOMEM;
	if ((e = fc_xml_child(p, "admin-status")) && text(e, v, sizeof(v))) {
		if (!strcmp(v, "up") || !strcmp(v, "down"))
			fc_set_str(c->m, &ifc->admin_state, v, at(c, e));
		else
			rc = unparsed(c, e, name, "admin-status", v);
	}
	if (rc == FC_OK && (e = fc_xml_child(p, "oper-status")) && text(e, v, sizeof(v))) {
		if (!strcmp(v, "up") || !strcmp(v, "down"))
			fc_set_str(c->m, &ifc->oper_state, v, at(c, e));
		else
			rc = unparsed(c, e, name, "oper-status", v);
	}
	if (rc == FC_OK && (e = fc_xml_child(p, "mtu")) && text(e, v, sizeof(v))) {
		if (fc_parse_i64(v, 256, 65535, &n)) {
			fc_set_int(&ifc->mtu, n, at(c, e));
			ifc->mtu.m.why = "Junos's media MTU: the largest frame without FCS, the Ethernet header included";
		} else if (strcmp(v, "Unlimited"))
			rc = unparsed(c, e, name, "mtu", v);
	}
	if (rc == FC_OK && (e = fc_xml_child(p, "speed")) && text(e, v, sizeof(v))) {
		if (speed_of(v, &n))
			fc_set_int(&ifc->speed_mbps, n, at(c, e));
		else if (strcmp(v, "Auto") && strcmp(v, "Unspecified") && strcmp(v, "Unlimited"))
			rc = unparsed(c, e, name, "speed", v);
	}
	if (rc == FC_OK && (e = fc_xml_child(p, "link-mode")) && text(e, v, sizeof(v)))
		fc_set_str(c->m, &ifc->duplex, !strcmp(v, "Full-duplex") ? "full" : !strcmp(v, "Half-duplex") ? "half"
			   : "auto", at(c, e));
	if (rc == FC_OK && (e = fc_xml_child(p, "if-auto-negotiation")) && text(e, v, sizeof(v)))
		fc_set_bool(&ifc->autoneg, !strcmp(v, "enabled"), at(c, e));
	if (rc == FC_OK && (e = fc_xml_child(p, "current-physical-address")) && text(e, v, sizeof(v)))
		fc_set_str(c->m, &ifc->mac, v, at(c, e));
	if (rc == FC_OK && (e = fc_xml_child(p, "description")) && text(e, v, sizeof(v)))
		fc_set_str(c->m, &ifc->description, v, at(c, e));
	if (rc == FC_OK && (e = fc_xml_child(fc_xml_child(p, "input-error-list"), "input-errors")) && text(e, v, sizeof(v)) &&
	    fc_parse_i64(v, 0, INT64_MAX, &n))
		fc_set_int(&sw->cnt_in_errors, n, at(c, e));
	if (rc == FC_OK && (e = fc_xml_child(fc_xml_child(p, "input-error-list"), "framing-errors")) && text(e, v, sizeof(v)) &&
	    fc_parse_i64(v, 0, INT64_MAX, &n))
		fc_set_int(&sw->cnt_crc, n, at(c, e));
	/* the FEC in use: ethernet-fec-mode (newer releases) or ethernet-fec-statistics; empty where
	 * the port has none to report */
	if (rc == FC_OK && ((e = fc_xml_child(fc_xml_child(p, "ethernet-fec-mode"), "enabled_fec_mode")) ||
			    (e = fc_xml_child(fc_xml_child(p, "ethernet-fec-statistics"), "enabled_fec_mode"))) &&
	    text(e, v, sizeof(v))) {
		static const struct {
			const char *name;
			enum fc_fec fec;
		} modes[] = { { "FEC91", FC_FEC_RS528 }, { "FEC119", FC_FEC_RS544 }, { "FEC-KP4", FC_FEC_RS544 },
			      { "KP4", FC_FEC_RS544 }, { "FEC74", FC_FEC_BASER }, { "NONE", FC_FEC_OFF } };
		size_t k;

		for (k = 0; k < sizeof(modes) / sizeof(modes[0]) && strcasecmp(v, modes[k].name); k++)
			;
		if (k < sizeof(modes) / sizeof(modes[0]))
			fc_set_fec(&ifc->fec_active, modes[k].fec, at(c, e));
		else
			rc = unparsed(c, e, name, "enabled_fec_mode", v);
	}
	return rc;
}

/* show interfaces extensive | display xml: read with libxml2's streaming reader, one
 * <physical-interface> expanded at a time (a chassis's reply is tens of MB: as one tree it took ten
 * times its size), the rest of the reply checked as it passes. */
enum fc_rc junos_xml_interfaces(struct fc_parse_ctx *c, const char *in)
{
	const struct fc_xml_api *x;
	size_t len = strlen(in);
	struct fc_err le = { 0 };
	xmlTextReaderPtr r;
	bool info = false, error = false;
	unsigned first = 0;
	enum fc_rc rc = FC_OK;
	int ret;

	if (len > (size_t)INT32_MAX)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "an XML reply over 2 GB");
	if (fc_dynlib_load(FC_LIB_XML2, &le) != FC_OK)
		return fc_err_set(c->err, FC_ERR_UNSUPPORTED, c->file, 1, "%s", le.msg);
	x = fc_xml();
	if (!(r = x->xmlReaderForMemory(in, (int)len, c->file, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING)))
		return fc_err_set(c->err, FC_ERR_NOMEM, c->file, 0, "out of memory");
	ret = x->xmlTextReaderRead(r);
	while (ret == 1 && rc == FC_OK) {
		const char *name = (const char *)x->xmlTextReaderConstLocalName(r);

		if (x->xmlTextReaderNodeType(r) != XML_READER_TYPE_ELEMENT || !name) {
			ret = x->xmlTextReaderRead(r);
			continue;
		}
		if (!info) {
			bool is_error = !strcmp(name, "error") || !strcmp(name, "rpc-error");

			info = !strcmp(name, "interface-information");
			if (!first || (is_error && !error))   /* the reply's first element, or its error */
				first = (unsigned)x->xmlGetLineNo(x->xmlTextReaderCurrentNode(r));
			error = error || is_error;
		} else if (!strcmp(name, "physical-interface")) {
			const xmlNode *p = x->xmlTextReaderExpand(r);

			if (!p) {
				ret = -1;
				break;
			}
			rc = one_physical(c, p);
			ret = x->xmlTextReaderNext(r);   /* past it: the reader frees what it has passed */
			continue;
		}
		ret = x->xmlTextReaderRead(r);
	}
	x->xmlFreeTextReader(r);
	if (rc != FC_OK)
		return rc;
	if (ret < 0) {
		const xmlError *e = x->xmlGetLastError();

		const char *msg = e && e->message ? e->message : "not well-formed";

		return fc_err_set(c->err, FC_ERR_INPUT, c->file, e && e->line > 0 ? (unsigned)e->line : 1,
				  "expected the XML reply <interface-information>: %.*s", (int)strcspn(msg, "\n"), msg);
	}
	if (!info)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, first ? first : 1,
				  error ? "the reply is an error, not <%s>" : "expected <%s> in the reply", "interface-information");
	return FC_OK;
}

enum fc_rc junos_xml_lldp(struct fc_parse_ctx *c, const char *in)
{
	xmlDoc *doc;
	const xmlNode *info, *n;
	enum fc_rc rc = load(c, in, "lldp-neighbors-information", &doc, &info);

	if (rc != FC_OK)
		return rc;
	for (n = info->children; n && rc == FC_OK; n = n->next) {
		char port[128], sys[256], rport[256];
		struct fc_iface *ifc;

		if (!fc_xml_is(n, "lldp-neighbor-information"))
			continue;
		if (!ctext(n, "lldp-local-port-id", port, sizeof(port)) && !ctext(n, "lldp-local-interface", port, sizeof(port))) {
			rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, (unsigned)fc_xml()->xmlGetLineNo(n),
					"an LLDP neighbour without its local port (lldp-local-port-id)");
			break;
		}
		if (!junos_is_port(port))
			continue;
		if (!ctext(n, "lldp-remote-system-name", sys, sizeof(sys)) && !ctext(n, "lldp-remote-chassis-id", sys, sizeof(sys))) {
			rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, (unsigned)fc_xml()->xmlGetLineNo(n),
					"the LLDP neighbour on %s has no system name or chassis id", port);
			break;
		}
		if (!(ifc = fc_dev_iface(c->m, c->dev, port))) {
			rc = FC_ERR_NOMEM;
			break;
		}
		fc_set_str(c->m, &ifc->lldp_sysname, sys, at(c, n));
		if (ctext(n, "lldp-remote-port-id", rport, sizeof(rport)) ||
		    ctext(n, "lldp-remote-port-description", rport, sizeof(rport)))
			fc_set_str(c->m, &ifc->lldp_port, rport, at(c, n));
	}
	fc_xml()->xmlFreeDoc(doc);
	return rc;
}

enum fc_rc junos_xml_version(struct fc_parse_ctx *c, const char *in)
{
	xmlDoc *doc;
	const xmlNode *info, *e;
	char v[256];
	enum fc_rc rc = load(c, in, "software-information", &doc, &info);

	if (rc != FC_OK)
		return rc;
	if ((e = fc_xml_child(info, "host-name")) && text(e, v, sizeof(v)))
		fc_set_str(c->m, &c->dev->hostname, v, at(c, e));
	if ((e = fc_xml_child(info, "product-model")) && text(e, v, sizeof(v)))
		fc_set_str(c->m, &c->dev->hw_model, v, at(c, e));
	if ((e = fc_xml_child(info, "junos-version")) && text(e, v, sizeof(v)))
		fc_set_str(c->m, &c->dev->os_version, v, at(c, e));
	fc_xml()->xmlFreeDoc(doc);
	return FC_OK;
}

/* A DOM reading: "45 degrees C / 113 degrees F" (the Celsius part), "-3.42", "- Inf" (no light: -40
 * dBm, the floor of the power scale SFF-8472 and CMIS give, 0.1 uW); false when not understood. */
static bool dom_number(const xmlNode *e, const char *text_in, bool dbm, double *out)
{
	xmlChar *celsius = fc_xml()->xmlGetProp(e, (const xmlChar *)"celsius");
	const char *s = celsius ? fc_xml_str(celsius) : text_in;
	char *end;
	bool ok;

	if (dbm && (!strcmp(s, "- Inf") || !strcmp(s, "-Inf") || !strcmp(s, "-inf"))) {
		*out = -40.0;
		(*fc_xml()->xmlFree)(celsius);
		return true;
	}
	*out = strtod(s, &end);
	ok = end != s && isfinite(*out) && (!*end || !strncmp(end, " degrees C", 10));
	(*fc_xml()->xmlFree)(celsius);
	return ok;
}

/* The optics-diagnostics elements read, each into lane 0 (the module) or the lane's value, its
 * thresholds into every lane's value of that kind. */
enum dom_kind { DOM_TEMP, DOM_VOLT, DOM_BIAS, DOM_TX, DOM_RX, DOM_NKINDS };

static struct fc_dom_val *dom_slot(struct fc_dom_lane *L, enum dom_kind k)
{
	struct fc_dom_val *v[] = { &L->temp_c, &L->volt_v, &L->bias_ma, &L->tx_dbm, &L->rx_dbm };

	return v[k];
}

static const struct {
	const char *name;   /* the reading; its thresholds are name-{high,low}-{alarm,warn}-threshold[-dbm] */
	const char *thr;
	enum dom_kind kind;
	bool dbm, module;
} dom_elems[] = {
	{ "module-temperature", "module-temperature", DOM_TEMP, false, true },
	{ "module-voltage", "module-voltage", DOM_VOLT, false, true },
	{ "laser-bias-current", "laser-bias-current", DOM_BIAS, false, false },
	{ "laser-output-power-dbm", "laser-tx-power", DOM_TX, true, false },
	{ "rx-signal-avg-optical-power-dbm", "laser-rx-power", DOM_RX, true, false },
	{ "laser-rx-optical-power-dbm", "laser-rx-power", DOM_RX, true, false },
};

/* What optics-diagnostics carries that the DOM rule does not need: the milliwatt twins of the dBm
 * readings, the module's own alarm and warning flags (its thresholds are judged instead), and
 * readings of other kinds (laser temperature, wavelength on tunable optics). */
static bool dom_skipped(const char *n)
{
	static const char *const names[] = { "laser-output-power", "rx-signal-avg-optical-power", "laser-rx-optical-power",
					     "laser-temperature", "lane-index", "optics-diagnostics-lane-values",
					     "module-not-ready", "wavelength", "frequency", NULL };
	size_t k, len = strlen(n);

	for (k = 0; names[k]; k++)
		if (!strcmp(n, names[k]))
			return true;
	if ((len > 6 && !strcmp(n + len - 6, "-alarm")) || (len > 5 && !strcmp(n + len - 5, "-warn")))
		return true;
	/* a threshold in milliwatts beside its dBm twin */
	return len > 10 && !strcmp(n + len - 10, "-threshold") && !strncmp(n, "laser-", 6) && strstr(n, "power");
}

struct dom_thr {
	double v[DOM_NKINDS][4];   /* high alarm, low alarm, high warn, low warn; NAN: not given */
	struct fc_src src[DOM_NKINDS];
};

/* diag's readings: the module's (temperature, voltage) into mod, a lane's into L; its thresholds
 * into t where t is not NULL. */
static enum fc_rc dom_read(struct fc_parse_ctx *c, const char *port, const xmlNode *diag, struct fc_dom_lane *mod,
			   struct fc_dom_lane *L, struct dom_thr *t)
{
	static const char *const sides[] = { "high-alarm", "low-alarm", "high-warn", "low-warn" };
	const xmlNode *e;
	enum fc_rc rc = FC_OK;

	for (e = diag->children; e && rc == FC_OK; e = e->next) {
		char v[128], name[160];
		size_t k, q;
		double d;
		bool done = false;

		if (e->type != XML_ELEMENT_NODE)
			continue;
		for (k = 0; k < sizeof(dom_elems) / sizeof(dom_elems[0]) && !done; k++) {
			if (!strcmp(fc_xml_str(e->name), dom_elems[k].name)) {
				done = true;
				if (!text(e, v, sizeof(v)))
					continue;
				if (dom_number(e, v, dom_elems[k].dbm, &d))
					fc_dom_set(dom_slot(dom_elems[k].module ? mod : L, dom_elems[k].kind), d, at(c, e));
				else
					rc = unparsed(c, e, port, dom_elems[k].name, v);
				continue;
			}
			for (q = 0; q < 4 && t && !done; q++) {
				snprintf(name, sizeof(name), "%s-%s-threshold%s", dom_elems[k].thr, sides[q],
					 dom_elems[k].dbm ? "-dbm" : "");
				if (strcmp(fc_xml_str(e->name), name))
					continue;
				done = true;
				if (text(e, v, sizeof(v)) && dom_number(e, v, dom_elems[k].dbm, &d)) {
					t->v[dom_elems[k].kind][q] = d;
					t->src[dom_elems[k].kind] = at(c, e);
				} else if (text(e, v, sizeof(v))) {
					rc = unparsed(c, e, port, name, v);
				}
			}
		}
		if (!done && !dom_skipped(fc_xml_str(e->name))) {
			snprintf(v, sizeof(v), "%s", fc_xml_str(e->name));
			rc = unparsed(c, e, port, "optics element", v);
		}
	}
	return rc;
}

/* The module's thresholds onto a reading: both sides of a window, or none. */
static void dom_limits(struct fc_dom_val *dv, const double th[4])
{
	if (!dv->m.known || isnan(th[0]) || isnan(th[1]))
		return;
	dv->hi_alarm = th[0], dv->lo_alarm = th[1];
	dv->hi_warn = isnan(th[2]) ? th[0] : th[2];
	dv->lo_warn = isnan(th[3]) ? th[1] : th[3];
	dv->thresholds = true;
}

enum fc_rc junos_xml_optics(struct fc_parse_ctx *c, const char *in)
{
	xmlDoc *doc;
	const xmlNode *info, *p;
	enum fc_rc rc = load(c, in, "interface-information", &doc, &info);

	if (rc != FC_OK)
		return rc;
	for (p = info->children; p && rc == FC_OK; p = p->next) {
		char name[128];
		const xmlNode *diag, *ln;
		struct fc_iface *ifc;
		struct fc_xcvr *xc;
		struct fc_dom_lane *mod, *L;
		struct dom_thr t;
		size_t i, k;
		bool lanes;

		if (!fc_xml_is(p, "physical-interface") || !ctext(p, "name", name, sizeof(name)) || !junos_is_port(name) ||
		    !(diag = fc_xml_child(p, "optics-diagnostics")))
			continue;
		if (!(ifc = fc_dev_iface(c->m, c->dev, name)) || !(xc = fc_xcvr_mut(c->m, ifc)))
			return FC_ERR_NOMEM;
		if (fc_xml_child(diag, "optic-diagnostics-not-available")) {
			fc_set_bool(&xc->dom_supported, false, at(c, diag));
			continue;
		}
		for (i = 0; i < DOM_NKINDS; i++)
			for (k = 0; k < 4; k++)
				t.v[i][k] = (double)NAN;
		fc_set_bool(&xc->present, true, at(c, diag));
		fc_set_bool(&xc->dom_supported, true, at(c, diag));
		/* the module's own values and thresholds; a module without lane values (one lane) gives its
		 * lane's readings here too: lane 1 */
		lanes = fc_xml_child(diag, "optics-diagnostics-lane-values") != NULL;
		if (!fc_xcvr_lane(c->m, xc, 0) || (!lanes && !fc_xcvr_lane(c->m, xc, 1)))
			return FC_ERR_NOMEM;
		mod = fc_xcvr_find_lane(xc, 0);   /* both made: neither moves now */
		if ((rc = dom_read(c, name, diag, mod, lanes ? mod : fc_xcvr_find_lane(xc, 1), &t)) != FC_OK)
			break;
		for (ln = diag->children; ln && rc == FC_OK; ln = ln->next) {
			char v[32];
			int64_t idx;

			if (!fc_xml_is(ln, "optics-diagnostics-lane-values"))
				continue;
			if (!ctext(ln, "lane-index", v, sizeof(v)) || !fc_parse_i64(v, 0, 15, &idx)) {
				rc = unparsed(c, ln, name, "lane-index", v[0] ? v : "(none)");
				continue;
			}
			if (!(L = fc_xcvr_lane(c->m, xc, (int)idx + 1)))
				return FC_ERR_NOMEM;
			rc = dom_read(c, name, ln, L, L, NULL);
		}
		for (i = 0; i < xc->nlanes; i++) {
			struct fc_dom_lane *D = &xc->lanes[i];

			for (k = 0; k < DOM_NKINDS; k++)
				dom_limits(dom_slot(D, (enum dom_kind)k), t.v[k]);
		}
	}
	fc_xml()->xmlFreeDoc(doc);
	return rc;
}

/* A cos-objects element naming a DSCP classifier: the port's running classifier. */
static void dscp_classifier(struct fc_parse_ctx *c, struct junos_run *r, const xmlNode *o)
{
	char type[64], sub[64], name[256];

	if (!fc_xml_is(o, "cos-objects") || !ctext(o, "cos-object-type", type, sizeof(type)) ||
	    !ctext(o, "cos-object-subtype", sub, sizeof(sub)) || strcmp(type, "Classifier") || strcmp(sub, "dscp") ||
	    !ctext(o, "cos-object-name", name, sizeof(name)))
		return;
	r->dscp_c = fc_model_str(c->m, name);
	r->dscp_src = at(c, o);
}

/* show class-of-service interface | display xml (get-cos-interface-map-information): per port
 * (interface-map) the scheduler map ("<default>": none), the congestion notification profile
 * ("Disabled": none) and the DSCP classifier among the objects bound (cos-objects of type
 * Classifier, subtype dscp), on the port or its units. */
enum fc_rc junos_xml_cos_interfaces(struct fc_parse_ctx *c, const char *in)
{
	struct junos_state *s = junos_state(c);
	xmlDoc *doc;
	const xmlNode *info, *im;
	enum fc_rc rc;

	if (!s)
		return FC_ERR_NOMEM;
	if ((rc = load(c, in, "cos-interface-information", &doc, &info)) != FC_OK)
		return rc;
	for (im = info->children; im && rc == FC_OK; im = im->next) {
		char name[128], v[256];
		const xmlNode *e, *u, *o;
		struct junos_run *r;

		if (!fc_xml_is(im, "interface-map") || !ctext(im, "interface-name", name, sizeof(name)) || !junos_is_port(name))
			continue;
		if (!(s->runs = fc_grow(c->m->arena, s->runs, s->nruns, &s->runs_cap, sizeof(*s->runs)))) {
			rc = FC_ERR_NOMEM;
			break;
		}
		r = &s->runs[s->nruns++];
		memset(r, 0, sizeof(*r));
		r->port = fc_model_str(c->m, name);
		if ((e = fc_xml_child(im, "scheduler-map-name")) && text(e, v, sizeof(v))) {
			r->has_smap = true, r->smap_src = at(c, e);
			r->smap = strcmp(v, "<default>") ? fc_model_str(c->m, v) : NULL;
		}
		if ((e = fc_xml_child(im, "interface-congestion-notification-map")) && text(e, v, sizeof(v))) {
			r->has_cnp = true, r->cnp_src = at(c, e);
			r->cnp = strcasecmp(v, "Disabled") ? fc_model_str(c->m, v) : NULL;
		}
		/* the classifier: the objects on the port and on its units (the reply lists every unit; the
		 * fabric's traffic uses unit 0, the last one named stands) */
		r->has_dscp = true, r->dscp_src = at(c, im);
		for (u = im->children; u; u = u->next) {
			if (fc_xml_is(u, "cos-objects"))
				dscp_classifier(c, r, u);
			for (o = fc_xml_is(u, "i-logical-map") ? u->children : NULL; o; o = o->next)
				dscp_classifier(c, r, o);
		}
	}
	fc_xml()->xmlFreeDoc(doc);
	return rc;
}

/* The number after the word in "FPC 0", "PIC 1", "Xcvr 12"; -1 when the name is not word then number. */
static int numbered(const xmlNode *n, const char *word)
{
	char v[64];
	size_t wl = strlen(word);
	int64_t x;

	if (!ctext(n, "name", v, sizeof(v)) || strncmp(v, word, wl) || v[wl] != ' ' || !fc_parse_i64(v + wl + 1, 0, 4095, &x))
		return -1;
	return (int)x;
}

enum fc_rc junos_xml_chassis(struct fc_parse_ctx *c, const char *in)
{
	struct junos_state *s = junos_state(c);
	xmlDoc *doc;
	const xmlNode *inv, *ch, *e, *fpc, *pic, *x;
	char v[256];
	enum fc_rc rc;

	if (!s)
		return FC_ERR_NOMEM;
	if ((rc = load(c, in, "chassis-inventory", &doc, &inv)) != FC_OK)
		return rc;
	ch = fc_xml_child(inv, "chassis");
	if ((e = fc_xml_child(ch, "description")) && text(e, v, sizeof(v)) && !c->dev->hw_model.m.known)
		fc_set_str(c->m, &c->dev->hw_model, v, at(c, e));
	/* FPC f > PIC p > Xcvr n: the module of port f/p/n */
	for (fpc = ch ? ch->children : NULL; fpc && rc == FC_OK; fpc = fpc->next) {
		int f = fc_xml_is(fpc, "chassis-module") ? numbered(fpc, "FPC") : -1;

		for (pic = f >= 0 ? fpc->children : NULL; pic && rc == FC_OK; pic = pic->next) {
			int p = fc_xml_is(pic, "chassis-sub-module") ? numbered(pic, "PIC") : -1;

			for (x = p >= 0 ? pic->children : NULL; x && rc == FC_OK; x = x->next) {
				int n = fc_xml_is(x, "chassis-sub-sub-module") ? numbered(x, "Xcvr") : -1;
				struct junos_xcvr *j;
				char buf[256];

				if (n < 0)
					continue;
				if (!(s->xcvrs = fc_grow(c->m->arena, s->xcvrs, s->nxcvrs, &s->xcvrs_cap, sizeof(*s->xcvrs)))) {
					rc = FC_ERR_NOMEM;
					break;
				}
				j = &s->xcvrs[s->nxcvrs++];
				memset(j, 0, sizeof(*j));
				j->fpc = f, j->pic = p, j->port = n, j->src = at(c, x);
				j->type = ctext(x, "description", buf, sizeof(buf)) ? fc_model_str(c->m, buf) : NULL;
				j->part = ctext(x, "part-number", buf, sizeof(buf)) ? fc_model_str(c->m, buf) : NULL;
				j->serial = ctext(x, "serial-number", buf, sizeof(buf)) ? fc_model_str(c->m, buf) : NULL;
			}
		}
	}
	fc_xml()->xmlFreeDoc(doc);
	return rc;
}

enum fc_rc junos_xcvrs_apply(struct fc_parse_ctx *c, const struct junos_state *s)
{
	size_t i, k;

	for (i = 0; i < c->dev->nifaces; i++) {
		struct fc_iface *ifc = c->dev->ifaces[i];
		const char *dash = strchr(ifc->name, '-');
		int f, p, n;
		char tail;

		/* et-0/0/48, xe-0/0/1: a port of its own (a channel et-0/0/0:1 shares its cage's module) */
		if (!dash || sscanf(dash + 1, "%d/%d/%d%c", &f, &p, &n, &tail) != 3)
			continue;
		for (k = 0; k < s->nxcvrs; k++) {
			const struct junos_xcvr *j = &s->xcvrs[k];

			if (j->fpc != f || j->pic != p || j->port != n)
				continue;
			if (!fc_xcvr_mut(c->m, ifc))
				return FC_ERR_NOMEM;
			fc_set_bool(&ifc->xcvr->present, true, j->src);
			if (j->type) {
				fc_set_str(c->m, &ifc->xcvr->type, j->type, j->src);
				if (fc_medium_of(j->type))
					fc_set_medium(&ifc->medium, fc_medium_of(j->type), j->src);
			}
			if (j->part)
				fc_set_str(c->m, &ifc->xcvr->part, j->part, j->src);
			if (j->serial)
				fc_set_str(c->m, &ifc->xcvr->serial, j->serial, j->src);
			break;
		}
	}
	return FC_OK;
}
