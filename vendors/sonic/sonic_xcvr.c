/* SPDX-License-Identifier: MIT */
/* `show interfaces transceiver eeprom --dom` (also `sfputil show eeprom --dom`, the same printer in
 * sonic-utilities' sfputil/sfpshow): one block per port,
 *
 *   Ethernet0: SFP EEPROM detected            (or "SFP EEPROM Not detected", "... not applicable ...")
 *           Identifier: QSFP28 or later       (8 spaces: a field of the module)
 *           Specification compliance:         (a field with no value opens a section, 16 spaces)
 *                   Extended Specification Compliance: 100GBASE-CR4, 25GBASE-CR CA-L
 *           ChannelMonitorValues:             RX<n>Power, TX<n>Bias, TX<n>Power per lane
 *           ChannelThresholdValues:           Rx/TxPower and TxBias alarm and warning limits
 *           ModuleMonitorValues:              Temperature, Vcc
 *           ModuleThresholdValues:            their limits
 *
 * Into the model: presence, the module's type (its most specific compliance: the extended
 * specification compliance of SFF-8636/8472, else another compliance code, else a CMIS module's
 * first advertised media interface, else its media type), vendor, part, serial, nominal bit rate,
 * cable length, and DOM: lanes 1..n (Rx, Tx, bias) and lane 0 (temperature, voltage), each with
 * the module's own limits. A field it does not know is listed as not understood. */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vendors/sonic/sonic.h"
#include "util/str.h"

#define MAXLANE 16

/* Fields of a module that hold nothing a rule reads (identification, firmware, CMIS bookkeeping). */
static const char *const ignored[] = {
	"Vendor OUI", "Vendor Rev", "Vendor Date Code(YYYY-MM-DD Lot)", "Connector", "Encoding",
	"Extended Identifier", "Extended RateSelect Compliance", "CMIS Rev", "Host Lane Count", "Media Lane Count",
	"Module Hardware Rev", "Hardware Rev", "Active Firmware", "Inactive Firmware", "dom_capability", "is_replaceable",
	"Supported Max Laser Frequency", "Supported Max TX Power", "Supported Min Laser Frequency",
	"Supported Min TX Power", "E1 Active Firmware", "E1 Inactive Firmware", "E1 Server Firmware",
	"E2 Active Firmware", "E2 Inactive Firmware", "E2 Server Firmware", "Wavelength", "Type", "Type Of Transceiver",
	"Power Class", "Media Interface Code", "Host Electrical Interface", "Application Advertisement", NULL,
};

enum section { S_NONE, S_SPEC, S_CHMON, S_CHTHR, S_MODMON, S_MODTHR, S_OTHER };

struct thr {
	bool hi_a, lo_a, hi_w, lo_w;
	double v[4];   /* high alarm, low alarm, high warning, low warning */
};

/* One module being read. */
struct mod {
	struct fc_iface *ifc;
	struct fc_src type_src, spec_src, app_src;
	char ext[160], code[160], app[160], spec[160];
	struct thr rx, tx, bias, temp, vcc;
	bool sections;  /* a DOM section was printed */
	bool monitor;   /* and held a value */
	struct fc_src dom_src;
};

static bool is_ignored(const char *k)
{
	const char *const *p;

	for (p = ignored; *p; p++)
		if (!strcmp(*p, k))
			return true;
	return !strncmp(k, "Active application selected code", 32) || !strncmp(k, "Length", 6);
}

/* "0.3802dBm", "6.7500mA", "30.9258C", "3.2824Volts" -> the number; false for N/A or garbage. */
static bool num_unit(const char *s, const char *unit, double *v)
{
	char *end;

	*v = strtod(s, &end);
	return end != s && !strcmp(end, unit) && *v > -1e6 && *v < 1e6;   /* finite, as a sensor reads */
}

static bool useful(const char *v)
{
	return *v && strcmp(v, "N/A") && strcmp(v, "Unknown") && strcmp(v, "Unspecified") &&
	       strncmp(v, "Not supported", 13) && strcmp(v, "0");
}

/* ChannelMonitorValues: RX3Power, TX3Bias, TX3Power (RXPower, TXBias, TXPower on one-lane modules). */
static enum fc_rc channel(struct fc_model *m, struct mod *md, const char *k, const char *v, struct fc_src s, bool *ok)
{
	const char *what;
	char *end;
	long lane = 0;
	double x;
	struct fc_dom_lane *L;
	const char *unit;

	*ok = false;
	if (strncmp(k, "RX", 2) && strncmp(k, "TX", 2))
		return FC_OK;
	what = k + 2;
	if (isdigit((unsigned char)*what)) {
		lane = strtol(what, &end, 10);
		what = end;
		if (lane < 1 || lane > MAXLANE)
			return FC_OK;
	}
	if (strcmp(what, "Power") && !(k[0] == 'T' && !strcmp(what, "Bias")))
		return FC_OK;
	unit = !strcmp(what, "Bias") ? "mA" : "dBm";
	*ok = true;
	if (!strcmp(v, "N/A"))
		return FC_OK;   /* the module does not report it: the value stays unknown */
	if (!num_unit(v, unit, &x)) {
		*ok = false;
		return FC_OK;
	}
	if (!(L = fc_xcvr_lane(m, md->ifc->xcvr, lane ? (int)lane : 1)))
		return FC_ERR_NOMEM;
	fc_dom_set(k[0] == 'R' ? &L->rx_dbm : !strcmp(what, "Bias") ? &L->bias_ma : &L->tx_dbm, x, s);
	if (!md->monitor)
		md->dom_src = s;
	md->monitor = true;
	return FC_OK;
}

/* "RxPowerHighAlarm", "TxBiasLowWarning", "TempHighAlarm", "VccLowWarning" -> the limit. */
static bool threshold(struct mod *md, const char *k, const char *v)
{
	static const struct {
		const char *pre, *unit;
		size_t off;
	} q[] = {
		{ "RxPower", "dBm", offsetof(struct mod, rx) }, { "TxPower", "dBm", offsetof(struct mod, tx) },
		{ "TxBias", "mA", offsetof(struct mod, bias) }, { "Temp", "C", offsetof(struct mod, temp) },
		{ "Vcc", "Volts", offsetof(struct mod, vcc) },
	};
	static const char *const kinds[] = { "HighAlarm", "LowAlarm", "HighWarning", "LowWarning" };
	size_t i, j, n;
	double x;

	for (i = 0; i < sizeof(q) / sizeof(q[0]); i++) {
		n = strlen(q[i].pre);
		if (strncmp(k, q[i].pre, n))
			continue;
		for (j = 0; j < 4; j++)
			if (!strcmp(k + n, kinds[j])) {
				struct thr *t = (struct thr *)(void *)((char *)md + q[i].off);

				if (!strcmp(v, "N/A"))
					return true;
				if (!num_unit(v, q[i].unit, &x))
					return false;
				t->v[j] = x;
				*(j == 0 ? &t->hi_a : j == 1 ? &t->lo_a : j == 2 ? &t->hi_w : &t->lo_w) = true;
				return true;
			}
	}
	return false;
}

static void apply_thr(struct fc_dom_val *d, const struct thr *t)
{
	if (!d->m.known || !t->hi_a || !t->lo_a || !t->hi_w || !t->lo_w)
		return;
	d->thresholds = true;
	d->hi_alarm = t->v[0], d->lo_alarm = t->v[1], d->hi_warn = t->v[2], d->lo_warn = t->v[3];
}

/* The module's block is over: its type, and the limits on every lane. */
static void finish(struct fc_model *m, struct mod *md)
{
	struct fc_xcvr *x;
	size_t i;

	if (!md->ifc)
		return;
	x = md->ifc->xcvr;
	if (md->ext[0])
		fc_set_str(m, &x->type, md->ext, md->type_src);
	else if (md->code[0])
		fc_set_str(m, &x->type, md->code, md->type_src);
	else if (md->app[0])
		fc_set_str(m, &x->type, md->app, md->app_src);
	else if (md->spec[0])
		fc_set_str(m, &x->type, md->spec, md->spec_src);
	if (md->monitor || md->sections) {
		fc_set_bool(&x->dom_supported, md->monitor, md->dom_src);
		if (!md->monitor)
			x->dom_supported.m.why = "the module's monitor sections hold no value";
	}
	for (i = 0; i < x->nlanes; i++) {
		apply_thr(&x->lanes[i].rx_dbm, &md->rx);
		apply_thr(&x->lanes[i].tx_dbm, &md->tx);
		apply_thr(&x->lanes[i].bias_ma, &md->bias);
		apply_thr(&x->lanes[i].temp_c, &md->temp);
		apply_thr(&x->lanes[i].volt_v, &md->vcc);
	}
	memset(md, 0, sizeof(*md));
}

/* A module's field at the first level. */
static enum fc_rc field(struct fc_parse_ctx *c, struct mod *md, const char *k, const char *v, struct fc_src s,
			enum section *sec, bool *ok)
{
	struct fc_xcvr *x = md->ifc->xcvr;
	double d;
	int64_t n;

	*ok = true;
	*sec = S_NONE;
	if (!*v) {
		*sec = !strcmp(k, "Specification compliance") ? S_SPEC : !strcmp(k, "ChannelMonitorValues") ? S_CHMON
		     : !strcmp(k, "ChannelThresholdValues") ? S_CHTHR : !strcmp(k, "ModuleMonitorValues") ? S_MODMON
		     : !strcmp(k, "ModuleThresholdValues") ? S_MODTHR : S_OTHER;
		if (*sec == S_CHMON || *sec == S_MODMON) {
			if (!md->sections && !md->monitor)
				md->dom_src = s;
			md->sections = true;
		}
		*ok = *sec != S_OTHER || !strncmp(k, "ELS", 3) || is_ignored(k);
		return FC_OK;
	}
	if (!strcmp(k, "Vendor Name"))
		fc_set_str(c->m, &x->vendor, v, s);
	else if (!strcmp(k, "Vendor PN"))
		fc_set_str(c->m, &x->part, v, s);
	else if (!strcmp(k, "Vendor SN"))
		fc_set_str(c->m, &x->serial, v, s);
	else if (!strcmp(k, "Identifier"))
		;   /* the form factor: QSFP28, QSFP-DD, OSFP */
	else if (!strcmp(k, "Nominal Bit Rate(100Mbs)")) {
		/* SFF-8636: 255 says "above 25.4 Gb/s, see the extended rate"; 0 or text: not stated */
		if (fc_parse_i64(v, 1, 254, &n))
			fc_set_int(&x->bitrate_mbps, n * 100, s);
	} else if (!strcmp(k, "Length Cable Assembly(m)")) {
		char *end;

		d = strtod(v, &end);
		if (end != v && !*end && d > 0 && d < 1000)
			fc_set_dbl(&x->cable_len_m, d, s);
	} else if (!strcmp(k, "Specification compliance")) {
		if (useful(v))
			snprintf(md->spec, sizeof(md->spec), "%s", v), md->spec_src = s;
	} else if (!strcmp(k, "Media Interface Technology")) {
		if (!md->spec[0] && useful(v))
			snprintf(md->spec, sizeof(md->spec), "%s", v), md->spec_src = s;
	} else if (!strcmp(k, "Application Advertisement")) {
		/* "400GAUI-8 C2M (Annex 120E) - Host Assign (0x1) - 400GBASE-DR4 (Cl 124) - Media Assign (0x1)":
		 * the first application's media interface */
		const char *a = strstr(v, " - "), *b = a ? strstr(a + 3, " - ") : NULL, *e;

		if (b && (e = strstr(b + 3, " - ")) && !md->app[0]) {
			enum fc_medium med = fc_medium_of(fc_model_strn(c->m, b + 3, (size_t)(e - b - 3)));

			/* a copper cable's media side says only that: its host side names the PMD (400G CR8) */
			if (med && med != FC_MEDIUM_DAC)
				snprintf(md->app, sizeof(md->app), "%.*s", (int)(e - b - 3), b + 3);
			else
				snprintf(md->app, sizeof(md->app), "%.*s, %.*s", (int)(a - v), v, (int)(e - b - 3), b + 3);
			md->app_src = s;
		}
	} else {
		*ok = is_ignored(k);
	}
	return FC_OK;
}

/* "Ethernet0: SFP EEPROM detected" and the other first lines of a port's block. */
static int port_line(const char *l, char *port, size_t size, const char **rest)
{
	const char *colon = strstr(l, ": ");

	if (!colon || strncmp(l, "Ethernet", 8) || (size_t)(colon - l) >= size || strchr(l, ' ') < colon)
		return 0;
	snprintf(port, size, "%.*s", (int)(colon - l), l);
	*rest = colon + 2;
	return 1;
}

enum fc_rc sonic_parse_xcvr(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct mod md;
	enum section sec = S_NONE;
	size_t blocks = 0;
	enum fc_rc rc = FC_OK;

	memset(&md, 0, sizeof(md));
	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		char buf[512], port[64], *k, *v, *colon;
		const char *l = it.line, *rest;
		size_t n = it.len, ind = 0;
		struct fc_src s = fc_src_at(c->file, it.lineno);
		bool ok = false;

		while (n && (l[n - 1] == ' ' || l[n - 1] == '\r'))
			n--;
		if (!n)
			continue;
		if (n >= sizeof(buf)) {
			rc = fc_dev_add_unparsed(c->m, c->dev, s, l, n);
			continue;
		}
		while (ind < n && l[ind] == ' ')
			ind++;
		snprintf(buf, sizeof(buf), "%.*s", (int)(n - ind), l + ind);
		if (!ind && port_line(buf, port, sizeof(port), &rest)) {
			finish(c->m, &md);
			sec = S_NONE;
			/* the port's transceiver made with its block: md.ifc->xcvr is there from here on */
			if (!(md.ifc = fc_dev_iface(c->m, c->dev, port)) || !fc_xcvr_mut(c->m, md.ifc))
				return FC_ERR_NOMEM;
			blocks++;
			if (!strcmp(rest, "SFP EEPROM detected"))
				fc_set_bool(&md.ifc->xcvr->present, true, s);
			else if (!strcmp(rest, "SFP EEPROM Not detected"))
				fc_set_bool(&md.ifc->xcvr->present, false, s);
			else if (strstr(rest, "not applicable"))
				md.ifc = NULL;   /* an RJ45 port: no module to read */
			else
				rc = fc_dev_add_unparsed(c->m, c->dev, s, l, n);
			continue;
		}
		if (!md.ifc || !ind) {
			rc = fc_dev_add_unparsed(c->m, c->dev, s, l, n);
			continue;
		}
		/* "Key: value", "Key  : value" (thresholds are padded), "Key:" (a section) */
		if (!(colon = strchr(buf, ':'))) {
			/* an Application Advertisement continues on lines of its own, aligned under it */
			if (ind > 16 && sec == S_NONE)
				continue;
			rc = fc_dev_add_unparsed(c->m, c->dev, s, l, n);
			continue;
		}
		*colon = '\0';
		k = buf;
		v = colon + 1;
		while (*v == ' ')
			v++;
		for (char *e = colon; e > k && e[-1] == ' ';)
			*--e = '\0';
		if (ind <= 8) {
			rc = field(c, &md, k, v, s, &sec, &ok);
		} else if (sec == S_SPEC) {
			ok = true;
			if (useful(v) && !strcmp(k, "Extended Specification Compliance") && !md.ext[0])
				snprintf(md.ext, sizeof(md.ext), "%s", v), md.type_src = s;
			else if (useful(v) && !md.code[0] && strcmp(v, "Extended") && strstr(k, "thernet"))
				snprintf(md.code, sizeof(md.code), "%s", v), md.type_src = md.ext[0] ? md.type_src : s;
		} else if (sec == S_CHMON) {
			rc = channel(c->m, &md, k, v, s, &ok);
		} else if (sec == S_CHTHR || sec == S_MODTHR) {
			ok = threshold(&md, k, v);
		} else if (sec == S_MODMON) {
			struct fc_dom_lane *L;
			double x;
			bool t = !strcmp(k, "Temperature"), vcc = !strcmp(k, "Vcc");

			ok = true;
			if ((t && num_unit(v, "C", &x)) || (vcc && num_unit(v, "Volts", &x))) {
				if (!(L = fc_xcvr_lane(c->m, md.ifc->xcvr, 0)))
					return FC_ERR_NOMEM;
				fc_dom_set(t ? &L->temp_c : &L->volt_v, x, s);
				if (!md.monitor)
					md.dom_src = s;
				md.monitor = true;
			} else if (t || vcc) {
				ok = !strcmp(v, "N/A");
			} else {
				ok = false;   /* laser frequency, requested Tx power: not modelled */
			}
		} else if (sec == S_OTHER) {
			ok = false;
		} else if (ind > 16) {
			ok = true;   /* an Application Advertisement's next line (with a ':' in it) */
		}
		if (rc == FC_OK && !ok)
			rc = fc_dev_add_unparsed(c->m, c->dev, s, l, n);
	}
	if (rc == FC_OK)
		finish(c->m, &md);
	if (rc == FC_OK && !blocks)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1,
				  "expected 'EthernetN: SFP EEPROM detected' blocks (show interfaces transceiver eeprom --dom)");
	return rc;
}
