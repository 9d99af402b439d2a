/* SPDX-License-Identifier: MIT */
/* The pluggable module behind a port: the EEPROM as the kernel returns it (ETHTOOL_GMODULEEEPROM)
 * decoded for SFF-8472 (SFP/SFP28), SFF-8636 (QSFP+/QSFP28) and CMIS (QSFP-DD/OSFP: page 00h, and
 * the lane monitors and thresholds of pages 01h, 02h and 11h where they were read),
 * and the same facts read from the text `ethtool -m` prints (agentless). Both give one
 * fc_module_info, with the compliance in one spelling ("100GBASE-CR4") so they compare.
 *
 * Byte offsets: SFF-8636 rev 2.10a tables 6-1..6-18 (lower page, upper page 00h; page 03h
 * thresholds at dump offset 512, the 640-byte layout ethtool uses); SFF-8472 rev 12.4 tables
 * 4-1 and 9-5 (A0h, then A2h at dump offset 256); SFF-8024 table 4-4 (extended compliance);
 * CMIS 5.2 tables 8-9 and 8-28..8-32, and for pages 01h, 02h and 11h the offsets ethtool's cmis.h
 * uses (monitor advertisement 01h:160, thresholds 02h:128.., lane monitors 11h:154..). Power readings are in 0.1 uW, so 0 mW is recorded as
 * -40 dBm, the floor of the reading's resolution. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/probe.h"
#include "util/str.h"

static double dbm(double mw)
{
	return mw <= 0.0001 ? -40.0 : 10.0 * log10(mw);
}

static unsigned u16be(const uint8_t *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

static double temp_of(const uint8_t *p)
{
	return (double)(int16_t)u16be(p) / 256.0;
}

/* fixed-width space-padded ASCII field */
static void field(const uint8_t *p, size_t n, char *out, size_t size)
{
	size_t i, k = 0;

	for (i = 0; i < n && k + 1 < size; i++)
		out[k++] = p[i] >= 0x20 && p[i] < 0x7f ? (char)p[i] : '?';
	while (k && out[k - 1] == ' ')
		k--;
	out[k] = '\0';
}

static const char *ext_compliance(unsigned code)
{
	switch (code) {
	case 0x01: return "100G AOC";
	case 0x02: return "100GBASE-SR4";
	case 0x03: return "100GBASE-LR4";
	case 0x04: return "100GBASE-ER4";
	case 0x05: return "100GBASE-SR10";
	case 0x06: return "100G CWDM4";
	case 0x07: return "100G PSM4";
	case 0x08: return "100G ACC";
	case 0x0b: return "100GBASE-CR4";
	case 0x0c: return "25GBASE-CR CA-S";
	case 0x0d: return "25GBASE-CR CA-N";
	case 0x10: return "40GBASE-ER4";
	case 0x11: return "4x10GBASE-SR";
	case 0x12: return "40G PSM4";
	case 0x16: return "10GBASE-T";
	case 0x17: return "100G CLR4";
	case 0x18: return "100G AOC";
	case 0x19: return "100G ACC";
	case 0x40: return "50GBASE-CR";
	case 0x41: return "50GBASE-SR";
	default: return NULL;
	}
}

/* SFF-8024 table 4-4 rows name the QSFP and the SFP reading ("100GBASE-SR4 or 25GBASE-SR"):
 * on an SFP the 25G one applies. */
static const char *ext_compliance_sfp(unsigned code)
{
	switch (code) {
	case 0x02: return "25GBASE-SR";
	case 0x03: return "25GBASE-LR";
	case 0x04: return "25GBASE-ER";
	case 0x0b: return "25GBASE-CR CA-L";
	default: return ext_compliance(code);
	}
}

/* SFF-8636 byte 147 upper nibble (transmitter technology) -> cable class */
static const char *qsfp_cable(unsigned tech)
{
	tech >>= 4;
	if (tech == 0xa || tech == 0xb)
		return "passive copper";
	if (tech >= 0xc)
		return "active copper";
	return "optical";
}

static void th_read(struct fc_module_th *t, const uint8_t *p, bool power, bool temp, double scale)
{
	double v[4];
	int i;

	for (i = 0; i < 4; i++) {
		v[i] = temp ? temp_of(p + 2 * i) : u16be(p + 2 * i) * scale;
		if (power)
			v[i] = dbm(v[i]);
	}
	t->set = true;
	t->hi_alarm = v[0], t->lo_alarm = v[1], t->hi_warn = v[2], t->lo_warn = v[3];
}

static void decode_8636(const uint8_t *ee, size_t len, struct fc_module_info *o)
{
	int i;

	snprintf(o->spec, sizeof(o->spec), "SFF-8636");
	field(ee + 148, 16, o->vendor, sizeof(o->vendor));
	field(ee + 168, 16, o->part, sizeof(o->part));
	field(ee + 196, 16, o->serial, sizeof(o->serial));
	if ((ee[131] & 0x80) && ext_compliance(ee[192]))
		snprintf(o->compliance, sizeof(o->compliance), "%s", ext_compliance(ee[192]));
	else if (ee[131] & 0x08)
		snprintf(o->compliance, sizeof(o->compliance), "40GBASE-CR4");
	else if (ee[131] & 0x04)
		snprintf(o->compliance, sizeof(o->compliance), "40GBASE-SR4");
	else if (ee[131] & 0x02)
		snprintf(o->compliance, sizeof(o->compliance), "40GBASE-LR4");
	else if (ee[131] & 0x80)
		snprintf(o->compliance, sizeof(o->compliance), "extended compliance 0x%02x", ee[192]);
	snprintf(o->cable, sizeof(o->cable), "%s", qsfp_cable(ee[147]));
	if (strcmp(o->cable, "optical")) {
		o->has_length = true;
		o->length_m = ee[146];
	}
	o->dom = !strcmp(o->cable, "optical") || !strcmp(o->cable, "active copper");
	if (!o->dom)
		return;
	o->has_temp = o->has_volt = true;
	o->temp_c = temp_of(ee + 22);
	o->volt_v = u16be(ee + 26) * 0.0001;
	o->nlanes = 4;
	for (i = 0; i < 4; i++) {
		o->lane[i].rx_dbm = dbm(u16be(ee + 34 + 2 * i) * 0.0001);
		o->lane[i].bias_ma = u16be(ee + 42 + 2 * i) * 0.002;
		o->lane[i].tx_dbm = dbm(u16be(ee + 50 + 2 * i) * 0.0001);
		o->lane[i].has = true;
	}
	if (len >= 640 && !(ee[2] & 0x04)) {   /* paged memory with page 03h in the dump */
		const uint8_t *p3 = ee + 512 - 128;   /* page 03h byte b is at 512 + (b - 128) */

		th_read(&o->th_temp, p3 + 128, false, true, 0);
		th_read(&o->th_volt, p3 + 144, false, false, 0.0001);
		th_read(&o->th_rx, p3 + 176, true, false, 0.0001);
		th_read(&o->th_bias, p3 + 184, false, false, 0.002);
		th_read(&o->th_tx, p3 + 192, true, false, 0.0001);
	}
}

static void decode_8472(const uint8_t *ee, size_t len, struct fc_module_info *o)
{
	const uint8_t *a2 = ee + 256;

	snprintf(o->spec, sizeof(o->spec), "SFF-8472");
	field(ee + 20, 16, o->vendor, sizeof(o->vendor));
	field(ee + 40, 16, o->part, sizeof(o->part));
	field(ee + 68, 16, o->serial, sizeof(o->serial));
	if (ext_compliance_sfp(ee[36]))
		snprintf(o->compliance, sizeof(o->compliance), "%s", ext_compliance_sfp(ee[36]));
	else if (ee[3] & 0x10)
		snprintf(o->compliance, sizeof(o->compliance), "10GBASE-SR");
	else if (ee[3] & 0x20)
		snprintf(o->compliance, sizeof(o->compliance), "10GBASE-LR");
	snprintf(o->cable, sizeof(o->cable), "%s",
		 ee[8] & 0x04 ? "passive copper" : ee[8] & 0x08 ? "active copper" : "optical");
	if (strcmp(o->cable, "optical")) {
		o->has_length = true;
		o->length_m = ee[18];
	}
	/* byte 92: bit 6 DDM implemented, bit 5 internally calibrated */
	o->dom = len >= 512 && (ee[92] & 0x40) && (ee[92] & 0x20);
	if (!o->dom)
		return;
	o->has_temp = o->has_volt = true;
	o->temp_c = temp_of(a2 + 96);
	o->volt_v = u16be(a2 + 98) * 0.0001;
	o->nlanes = 1;
	o->lane[0].bias_ma = u16be(a2 + 100) * 0.002;
	o->lane[0].tx_dbm = dbm(u16be(a2 + 102) * 0.0001);
	o->lane[0].rx_dbm = dbm(u16be(a2 + 104) * 0.0001);
	o->lane[0].has = true;
	th_read(&o->th_temp, a2 + 0, false, true, 0);
	th_read(&o->th_volt, a2 + 8, false, false, 0.0001);
	th_read(&o->th_bias, a2 + 16, false, false, 0.002);
	th_read(&o->th_tx, a2 + 24, true, false, 0.0001);
	th_read(&o->th_rx, a2 + 32, true, false, 0.0001);
}

/* CMIS byte 212 (page 00h 0xD4), media interface technology: 0x0a..0x0f are copper */
static const char *cmis_cable(unsigned tech)
{
	if (tech == 0x0a || tech == 0x0b)
		return "passive copper";   /* unequalized, passive equalized */
	if (tech >= 0x0c && tech <= 0x0f)
		return "active copper";
	return "optical";
}

/* The lane monitors and thresholds of a paged CMIS module, from the layout FC_CMIS_DUMP_LEN
 * describes: page 01h at 256 (byte b of the page at 256 + b - 128), 02h at 384, 11h at 512. */
static void decode_cmis_pages(const uint8_t *ee, struct fc_module_info *o)
{
	const uint8_t *p1 = ee + 256 - 128, *p2 = ee + 384 - 128, *p11 = ee + 512 - 128;
	/* page 01h byte 160: bit 0 Tx bias, bit 1 Tx power, bit 2 Rx power monitored; bits 4-3
	 * the bias multiplier (x1, x2, x4; CMIS gives the bias in 2 uA units times it).
	 * ethtool 6.1 divides by it instead, so its text differs where a module sets it. */
	unsigned adv = p1[160], mult = 1u << ((adv >> 3) & 3);
	int i;

	if (mult > 4)
		mult = 1;
	if (!(adv & 0x07)) {
		snprintf(o->lanes_why, sizeof(o->lanes_why), "the module advertises no lane monitors (page 01h byte 160)");
		return;
	}
	o->nlanes = 8;
	for (i = 0; i < 8; i++) {
		o->lane[i].tx_dbm = dbm(u16be(p11 + 154 + 2 * i) * 0.0001);
		o->lane[i].bias_ma = u16be(p11 + 170 + 2 * i) * 0.002 * mult;
		o->lane[i].rx_dbm = dbm(u16be(p11 + 186 + 2 * i) * 0.0001);
		o->lane[i].has = true;
	}
	th_read(&o->th_temp, p2 + 128, false, true, 0);
	th_read(&o->th_volt, p2 + 136, false, false, 0.0001);
	th_read(&o->th_tx, p2 + 176, true, false, 0.0001);
	th_read(&o->th_bias, p2 + 184, false, false, 0.002 * mult);
	th_read(&o->th_rx, p2 + 192, true, false, 0.0001);
}

static void decode_cmis(const uint8_t *ee, size_t len, struct fc_module_info *o)
{
	unsigned mult = ee[202] >> 6, base = ee[202] & 0x3f;
	static const double m[] = { 0.1, 1, 10, 100 };
	bool flat = ee[2] & 0x80;   /* flat memory: no pages beyond 00h, no monitors */

	snprintf(o->spec, sizeof(o->spec), "CMIS");
	field(ee + 129, 16, o->vendor, sizeof(o->vendor));
	field(ee + 148, 16, o->part, sizeof(o->part));
	field(ee + 166, 16, o->serial, sizeof(o->serial));
	snprintf(o->cable, sizeof(o->cable), "%s", cmis_cable(ee[212]));
	if (strcmp(o->cable, "optical") && ee[202] != 0xff) {
		o->has_length = true;
		o->length_m = base * m[mult];
	}
	o->dom = !flat;
	if (flat)
		return;
	o->has_temp = o->has_volt = true;
	o->temp_c = temp_of(ee + 14);
	o->volt_v = u16be(ee + 16) * 0.0001;
	if (len >= FC_CMIS_DUMP_LEN)
		decode_cmis_pages(ee, o);
	else
		snprintf(o->lanes_why, sizeof(o->lanes_why),
			 "CMIS lane monitors are in pages 01h, 02h and 11h; only %zu bytes were read", len);
}

enum fc_rc fc_module_decode(const uint8_t *ee, size_t len, struct fc_module_info *out, struct fc_err *err)
{
	memset(out, 0, sizeof(*out));
	if (len < 256) {
		return fc_err_set(err, FC_ERR_INPUT, NULL, 0, "module EEPROM: %zu bytes, at least 256 expected", len);
	}
	switch (ee[0]) {
	case 0x03:
		snprintf(out->identifier, sizeof(out->identifier), "SFP");
		decode_8472(ee, len, out);
		break;
	case 0x0c: case 0x0d: case 0x11:
		snprintf(out->identifier, sizeof(out->identifier), "%s",
			 ee[0] == 0x0c ? "QSFP" : ee[0] == 0x0d ? "QSFP+" : "QSFP28");
		decode_8636(ee, len, out);
		break;
	case 0x18: case 0x19: case 0x1e:
		snprintf(out->identifier, sizeof(out->identifier), "%s",
			 ee[0] == 0x18 ? "QSFP-DD" : ee[0] == 0x19 ? "OSFP" : "QSFP+ CMIS");
		decode_cmis(ee, len, out);
		break;
	default:
		return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0,
				  "module EEPROM: identifier 0x%02x is not SFP, QSFP or CMIS", ee[0]);
	}
	return FC_OK;
}

/* --- ethtool -m text ------------------------------------------------------------------------ */

/* "100G Ethernet: 100G Base-CR4 or 25G Base-CR CA-L" -> "100GBASE-CR4"; false when the name does
 * not fit out (never cut) */
static bool compliance_of(const char *val, bool sfp, char *out, size_t size)
{
	const char *c = strstr(val, "Ethernet: "), *b, *e;
	char *buf;
	size_t n;
	bool ok;

	if (!c)
		c = strstr(val, "Extended: ");   /* SFP: same length as "Ethernet: " */
	c = c ? c + 10 : val;
	e = strstr(c, " or ");
	if (e && sfp)   /* the second reading is the SFP one (SFF-8024 table 4-4) */
		c = e + 4, e = NULL;
	n = e ? (size_t)(e - c) : strlen(c);
	if (!(buf = malloc(n + 16)))
		return false;
	/* "100G Base-CR4", "25GBase-SR" -> "100GBASE-CR4", "25GBASE-SR" */
	if (((b = strstr(c, "G Base-")) || (b = strstr(c, "GBase-"))) && b < c + n) {
		const char *tail = strchr(b, '-') + 1;

		snprintf(buf, n + 16, "%.*sGBASE-%.*s", (int)(b - c), c, (int)(c + n - tail), tail);
	} else {
		snprintf(buf, n + 16, "%.*s", (int)n, c);
	}
	ok = strlen(buf) < size;
	if (ok)
		memcpy(out, buf, strlen(buf) + 1);
	free(buf);
	return ok;
}

static bool num_before(const char *val, const char *unit, double *out)
{
	char *end;
	double v = strtod(val, &end);

	if (end == val)
		return false;
	while (*end == ' ')
		end++;
	if (strncmp(end, unit, strlen(unit)))
		return false;
	*out = v;
	return true;
}

/* "Laser rx power low alarm threshold" and friends -> the threshold set and slot */
static bool threshold_row(struct fc_module_info *o, const char *key, const char *val)
{
	static const struct { const char *prefix; size_t off; const char *unit; bool power; } t[] = {
		{ "Laser bias current", offsetof(struct fc_module_info, th_bias), "mA", false },
		{ "Laser output power", offsetof(struct fc_module_info, th_tx), "mW", true },
		{ "Module temperature", offsetof(struct fc_module_info, th_temp), "degrees C", false },
		{ "Module voltage", offsetof(struct fc_module_info, th_volt), "V", false },
		{ "Laser rx power", offsetof(struct fc_module_info, th_rx), "mW", true },
	};
	size_t i;
	double v;

	if (strlen(key) < 10 || strcmp(key + strlen(key) - 10, " threshold"))
		return false;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct fc_module_th *th = (struct fc_module_th *)(void *)((char *)o + t[i].off);

		if (strncmp(key, t[i].prefix, strlen(t[i].prefix)) || !num_before(val, t[i].unit, &v))
			continue;
		if (t[i].power)
			v = dbm(v);
		key += strlen(t[i].prefix);
		th->set = true;
		if (strstr(key, "high alarm"))
			th->hi_alarm = v;
		else if (strstr(key, "low alarm"))
			th->lo_alarm = v;
		else if (strstr(key, "high warning"))
			th->hi_warn = v;
		else if (strstr(key, "low warning"))
			th->lo_warn = v;
		return true;
	}
	return false;
}

static bool is_cmis(const struct fc_module_info *o)
{
	return !strcmp(o->identifier, "QSFP-DD") || !strcmp(o->identifier, "OSFP") ||
	       !strcmp(o->identifier, "QSFP+ CMIS");
}

/* "(Channel 3)" -> 2; single-channel SFP rows -> 0 */
static int channel_of(const char *key)
{
	const char *c = strstr(key, "(Channel ");
	int ch;

	if (!c)
		return 0;
	return sscanf(c + 9, "%d", &ch) == 1 && ch >= 1 && ch <= 8 ? ch - 1 : -1;
}

enum fc_rc fc_module_text(const char *text, struct fc_module_info *o, struct fc_err *err)
{
	struct fc_lines it;
	char *line = NULL;
	bool ident = false, ethernet = false;
	double v;
	enum fc_rc rc = FC_OK;

	memset(o, 0, sizeof(*o));
	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		char *key, *val, *c, *k;
		size_t n = it.len;
		int ch;

		free(line);
		if (!(line = strndup(it.line, it.len))) {
			return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		}
		while (n && isspace((unsigned char)line[n - 1]))
			line[--n] = '\0';
		/* "Key   : value": the separator is the first " : " (keys hold no colon, values may) */
		if (!(c = strstr(line, " : ")) && !(c = strstr(line, "\t: ")))
			continue;
		*c = '\0';
		val = c + 3;
		while (isspace((unsigned char)*val))
			val++;
		for (k = line; isspace((unsigned char)*k); k++)
			;
		key = k;
		for (n = strlen(key); n && isspace((unsigned char)key[n - 1]);)
			key[--n] = '\0';
		if (!strcmp(key, "Identifier")) {
			const char *p = strchr(val, '('), *e = p ? strchr(p, ')') : NULL;

			if (!p || !e || (e - p - 1 >= (long)sizeof(o->identifier) && !strstr(p, "QSFP-DD") &&
					 !strstr(p, "OSFP") && !strstr(p, "CMIS"))) {
				rc = fc_err_set(err, FC_ERR_INPUT, NULL, it.lineno,
						"Identifier: expected '0xNN (name)'");
				break;
			}
			/* CMIS modules print long names: "(QSFP-DD Double Density 8X Pluggable Transceiver)" */
			if (!strncmp(p + 1, "QSFP-DD", 7) || !strncmp(p + 1, "OSFP", 4))
				snprintf(o->identifier, sizeof(o->identifier), "%.*s", (int)strcspn(p + 1, " )"), p + 1);
			else if (strstr(p, "CMIS"))
				snprintf(o->identifier, sizeof(o->identifier), "QSFP+ CMIS");
			else
				snprintf(o->identifier, sizeof(o->identifier), "%.*s", (int)(e - p - 1), p + 1);
			ident = true;
		} else if (!strcmp(key, "Transceiver type")) {
			/* SFF-8636 modules print a line per compliance bit ("40G Ethernet: 40G Base-SR4",
			 * "FC: Multimode, 50um (M5)", ...): the first Ethernet one names the module; another
			 * kind never replaces it */
			bool eth = strstr(val, "Ethernet: ") || strstr(val, "Extended: ");

			if (ethernet || (o->compliance[0] && !eth))
				goto cable;
			ethernet = eth;
			if (!compliance_of(val, !strcmp(o->identifier, "SFP"), o->compliance, sizeof(o->compliance))) {
				rc = fc_err_set(err, FC_ERR_INPUT, NULL, it.lineno,
						"Transceiver type: a name longer than %zu characters",
						sizeof(o->compliance) - 1);
				break;
			}
cable:
			if (strstr(val, "Passive Cable"))
				snprintf(o->cable, sizeof(o->cable), "passive copper");
			else if (strstr(val, "Active Cable"))
				snprintf(o->cable, sizeof(o->cable), "active copper");
		} else if (!strcmp(key, "Transmitter technology")) {
			unsigned tech = (unsigned)strtoul(val, NULL, 16);

			snprintf(o->cable, sizeof(o->cable), "%s",
				 is_cmis(o) ? cmis_cable(tech) : qsfp_cable(tech));
		} else if ((!strncmp(key, "Length (Copper", 14) || !strcmp(key, "Cable assembly length")) &&
			   num_before(val, "m", &v)) {
			o->has_length = true;
			o->length_m = v;
		} else if (!strcmp(key, "Vendor name") || !strcmp(key, "Vendor PN") || !strcmp(key, "Vendor SN")) {
			/* 16 bytes in the EEPROM (SFF-8472, SFF-8636, CMIS): a longer text is no module's */
			char *dst = key[7] == 'n' ? o->vendor : key[7] == 'P' ? o->part : o->serial;

			if (strlen(val) >= sizeof(o->vendor)) {
				rc = fc_err_set(err, FC_ERR_INPUT, NULL, it.lineno,
						"%s: longer than the 16 characters a module holds", key);
				break;
			}
			memcpy(dst, val, strlen(val) + 1);
		} else if (!strcmp(key, "Revision Compliance")) {
			snprintf(o->spec, sizeof(o->spec), "%.*s", (int)strcspn(val, " "), val);
		} else if (!strcmp(key, "Revision compliance") && is_cmis(o)) {   /* CMIS: "Rev. 5.0" */
			snprintf(o->spec, sizeof(o->spec), "CMIS");
		} else if (!strcmp(key, "Module temperature") && num_before(val, "degrees C", &v)) {
			o->has_temp = true;
			o->temp_c = v;
		} else if (!strcmp(key, "Module voltage") && num_before(val, "V", &v)) {
			o->has_volt = true;
			o->volt_v = v;
		} else if (threshold_row(o, key, val)) {
			continue;
		} else if ((ch = channel_of(key)) >= 0 &&
			   (fc_starts_with(key, "Laser tx bias current") || !strcmp(key, "Laser bias current")) &&
			   num_before(val, "mA", &v)) {
			o->lane[ch].bias_ma = v, o->lane[ch].has = true;
			o->nlanes = ch + 1 > o->nlanes ? ch + 1 : o->nlanes;
		} else if ((ch = channel_of(key)) >= 0 &&
			   (fc_starts_with(key, "Transmit avg optical power") || !strcmp(key, "Laser output power")) &&
			   num_before(val, "mW", &v)) {
			o->lane[ch].tx_dbm = dbm(v), o->lane[ch].has = true;
			o->nlanes = ch + 1 > o->nlanes ? ch + 1 : o->nlanes;
		} else if ((ch = channel_of(key)) >= 0 &&
			   (fc_starts_with(key, "Rcvr signal avg optical power") ||
			    !strcmp(key, "Receiver signal average optical power")) &&
			   num_before(val, "mW", &v)) {
			o->lane[ch].rx_dbm = dbm(v), o->lane[ch].has = true;
			o->nlanes = ch + 1 > o->nlanes ? ch + 1 : o->nlanes;
		}
	}
	free(line);
	if (rc != FC_OK)
		return rc;
	if (!ident)
		return fc_err_set(err, strstr(text, "not supported") ? FC_ERR_UNSUPPORTED : FC_ERR_INPUT, NULL, 1,
				  "expected 'Identifier : 0xNN (name)'");
	/* SFF-8636 "Revision Compliance: SFF-8636 Rev 2.5" names the spec; SFP prints none */
	if (!o->spec[0] && !strcmp(o->identifier, "SFP"))
		snprintf(o->spec, sizeof(o->spec), "SFF-8472");
	/* the decoder's rules: the length is the cable assembly's (optical modules print the
	 * fibre reach there); a passive cable has no monitors, whatever zeros the tool printed */
	if (!strcmp(o->cable, "optical"))
		o->has_length = false;
	o->dom = strcmp(o->cable, "passive copper") && (o->has_temp || o->nlanes);
	if (o->dom && !o->nlanes && is_cmis(o))
		snprintf(o->lanes_why, sizeof(o->lanes_why),
			 "ethtool -m printed no CMIS lane monitors (an ethtool without netlink reads page 00h only)");
	if (!o->dom) {
		o->has_temp = o->has_volt = false;
		o->nlanes = 0;
		memset(o->lane, 0, sizeof(o->lane));
	}
	return FC_OK;
}
