/* SPDX-License-Identifier: MIT */
/* Agentless host state: the probe's kernel queries answered from the outputs of the standard
 * tools, as an SSH collection stores them under /.fabcheck-outputs/ (one file per command,
 * spaces replaced by '_': "ethtool_-S_ens1f0"). The probe's document builder runs unchanged on
 * top, so a host gives the same model whether it ran `fabcheck probe` or was read over SSH.
 *
 *   ethtool IF                              link settings (speed, lanes, duplex, autoneg, port, modes)
 *   ethtool -i IF                           driver, version, firmware, bus
 *   ethtool -a IF                           802.3x pause
 *   ethtool --show-fec IF                   FEC configured and active
 *   ethtool -S IF                           statistics by name
 *   ethtool -m IF                           the module EEPROM, decoded (module.c)
 *   ethtool --get-tunable IF pfc-prevention-tout
 *   dcb -j pfc|app|buffer show dev IF       DCB as dcbnl has it (dcb_json.c): PFC, delay, APP, buffers
 *   mlnx_qos -i IF                          DCB where no dcb output was captured: trust, dscp2prio,
 *                                           cable length, PFC, buffers
 *   ibv_devinfo                             active MTU of each RDMA port
 *   ip -j addr show dev IF                  addresses (ip addr show dev IF, text, without -j)
 *   nft -j list ruleset                     the ruleset, as the live probe gets it from libnftables
 *   lldpcli -f json0 show neighbors details the LLDP neighbour per interface (lldp.c)
 *   iptables-legacy-save -t filter          the legacy filter table (iptables.c evaluates it)
 *
 * The text parsers are public (probe.h) for the fuzz harness: each takes a NUL-terminated
 * output, fills its result and returns FC_OK, FC_ERR_UNSUPPORTED when the tool said the device
 * does not support the query, or FC_ERR_INPUT with the line and what was expected in err (which
 * names no file: the agentless ops below add the stored output's, or the capture's file and line). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "doc/doc.h"
#include "probe/fs.h"
#include "probe/probe.h"
#include "util/buf.h"
#include "util/cli_text.h"
#include "util/str.h"

#define OUT_MAX (64u * 1024u * 1024u)

/* Where the output of command is stored: /.fabcheck-outputs/<command, ' ' and '/' as '_'>. */
static const char *stored_path(const char *command, char *path, size_t size)
{
	char name[512];
	size_t i;

	snprintf(name, sizeof(name), "%s", command);
	for (i = 0; name[i]; i++)
		if (name[i] == ' ' || name[i] == '/')
			name[i] = '_';
	snprintf(path, size, "/.fabcheck-outputs/%s", name);
	return path;
}

/* The stored output of command (NUL-terminated, malloc'd into *text), from the fs (fs.h) the
 * probe reads: ctx. */
static enum fc_rc output(const void *ctx, const char *command, char **text, struct fc_err *err)
{
	char path[600];
	struct fc_buf b, clean;
	struct fc_err r;

	fc_err_clear(&r);
	if (!fc_fs_read(ctx, stored_path(command, path, sizeof(path)), OUT_MAX, &b, &r))
		return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "no stored output of '%s' (%s)", command, r.msg);
	/* outputs saved from a terminal carry its noise (prompt, CR LF, pager): removed as for switches */
	if (fc_cli_clean(command, b.data, b.len, &clean) != FC_OK) {
		fc_buf_free(&b);
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
	}
	if (!clean.data) {
		*text = b.data;   /* nothing to remove */
		return FC_OK;
	}
	fc_buf_free(&b);
	*text = clean.data;
	return FC_OK;
}

/* A line as a NUL-terminated copy without the trailing blanks; false (err says so) when it is
 * longer than any line the tool prints: refused, never cut. */
static bool line_copy(const struct fc_lines *it, char *buf, size_t size, struct fc_err *err)
{
	size_t n = it->len;

	if (n >= size) {
		fc_err_set(err, FC_ERR_INPUT, NULL, it->lineno, "longer than %zu characters", size - 1);
		return false;
	}
	memcpy(buf, it->line, n);
	while (n && isspace((unsigned char)buf[n - 1]))
		n--;
	buf[n] = '\0';
	return true;
}

/* A value into a field of the result; false (err says so) when it does not fit. */
static bool put_field(char *dst, size_t size, const char *key, const char *val, unsigned lineno, struct fc_err *err)
{
	if (strlen(val) >= size) {
		fc_err_set(err, FC_ERR_INPUT, NULL, lineno, "%s: longer than %zu characters", key, size - 1);
		return false;
	}
	memcpy(dst, val, strlen(val) + 1);
	return true;
}

/* "  Key: value" -> key and value (both trimmed); false when the line has no ':'. */
static bool key_value(char *line, char **key, char **val)
{
	char *c = strchr(line, ':'), *k = line;
	size_t n;

	if (!c)
		return false;
	*c = '\0';
	while (isspace((unsigned char)*k))
		k++;
	n = strlen(k);
	while (n && isspace((unsigned char)k[n - 1]))
		k[--n] = '\0';
	*val = c + 1;
	while (isspace((unsigned char)**val))
		(*val)++;
	*key = k;
	return true;
}

/* ethtool prints errors on the output it gives ("Cannot get device settings: Operation not
 * supported", "pfc-prevention-tout: Cannot get tunable"); such an output is the query failing. */
static bool not_supported(const char *text)
{
	return strstr(text, "Operation not supported") || strstr(text, "No such device") ||
	       strstr(text, "Cannot get");
}

/* FC_ERR_UNSUPPORTED with the tool's own first (non-empty) line as the reason, or FC_ERR_INPUT with
 * what was expected (at line, 0 when no line is to blame). */
static enum fc_rc failed(const char *text, unsigned line, const char *expected, struct fc_err *err)
{
	if (not_supported(text)) {
		text += strspn(text, "\n");   /* dcb -j prints an empty JSON line before its error */
		return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "%.*s", (int)strcspn(text, "\n"), text);
	}
	return fc_err_set(err, FC_ERR_INPUT, NULL, line, "%s", expected);
}

/* The link modes of a value ("100000baseCR4/Full 100000baseSR4/Full"); false (err) when there are
 * more than FC_MAX_MODES or a name longer than 39: refused, never cut. */
static bool add_modes(char *val, char (*out)[40], size_t *n, unsigned lineno, struct fc_err *err)
{
	char *save = NULL, *w;

	if (!strcmp(val, "Not reported"))
		return true;
	for (w = strtok_r(val, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		if (!strchr(w, '/'))
			continue;
		if (*n >= FC_MAX_MODES || strlen(w) >= 40) {
			fc_err_set(err, FC_ERR_INPUT, NULL, lineno,
				   "more than %d link modes, or a name of more than 39 characters", FC_MAX_MODES);
			return false;
		}
		memcpy(out[(*n)++], w, strlen(w) + 1);
	}
	return true;
}

static uint8_t port_code(const char *v)
{
	static const struct { const char *name; uint8_t code; } p[] = {
		{ "Twisted Pair", 0x00 }, { "AUI", 0x01 }, { "BNC", 0x02 }, { "MII", 0x03 }, { "FIBRE", 0x04 },
		{ "Direct Attach Copper", 0x05 }, { "None", 0xef }, { "Other", 0xff },
	};
	size_t i;

	for (i = 0; i < sizeof(p) / sizeof(p[0]); i++)
		if (!strcmp(v, p[i].name))
			return p[i].code;
	return FC_PORT_UNREPORTED;
}

enum fc_rc fc_ethtool_settings_text(const char *text, struct fc_link_info *out, struct fc_err *err)
{
	struct fc_lines it;
	char line[2048], *key, *val;
	char (*list)[40] = NULL;
	size_t *nlist = NULL;
	bool header = false;
	int64_t v;

	memset(out, 0, sizeof(*out));
	out->duplex = 0xff;
	out->port = FC_PORT_UNREPORTED;
	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		if (!line_copy(&it, line, sizeof(line), err))
			return FC_ERR_INPUT;
		if (!line[0])
			continue;
		if (!strncmp(line, "Settings for ", 13)) {
			header = true;
			continue;
		}
		if (!key_value(line, &key, &val)) {
			/* a continuation of the link-mode list above (or of the message level) */
			if (list && !add_modes(line, list, nlist, it.lineno, err))
				return FC_ERR_INPUT;
			continue;
		}
		list = NULL;
		if (!strcmp(key, "Supported link modes")) {
			list = out->supported, nlist = &out->nsupported;
		} else if (!strcmp(key, "Advertised link modes")) {
			list = out->advertised, nlist = &out->nadvertised;
		} else if (!strcmp(key, "Link partner advertised link modes")) {
			list = out->partner, nlist = &out->npartner;
		} else if (!strcmp(key, "Speed")) {
			if (!strcmp(val, "Unknown!"))
				out->speed_mbps = 0;
			else if (strlen(val) > 4 && !strcmp(val + strlen(val) - 4, "Mb/s") &&
				 fc_parse_i64n(val, strlen(val) - 4, 1, 10000000, &v))
				out->speed_mbps = (uint32_t)v;
			else
				goto bad;
		} else if (!strcmp(key, "Duplex")) {
			out->duplex = !strcmp(val, "Full") ? 1 : !strcmp(val, "Half") ? 0 : 0xff;
		} else if (!strcmp(key, "Auto-negotiation")) {
			if (strcmp(val, "on") && strcmp(val, "off"))
				goto bad;
			out->autoneg = !strcmp(val, "on");
		} else if (!strcmp(key, "Port")) {
			out->port = port_code(val);
		} else if (!strcmp(key, "Lanes")) {
			if (!fc_parse_i64(val, 1, 8, &v))
				goto bad;
			out->lanes = (int)v;
		}
		if (list && !add_modes(val, list, nlist, it.lineno, err))
			return FC_ERR_INPUT;
	}
	if (!header)
		return failed(text, 1, "expected 'Settings for IF:'", err);
	return FC_OK;
bad:
	return fc_err_set(err, FC_ERR_INPUT, NULL, it.lineno, "'%s' is not a %s value ethtool prints", val, key);
}

enum fc_rc fc_ethtool_drvinfo_text(const char *text, struct fc_drv_info *out, struct fc_err *err)
{
	struct fc_lines it;
	char line[1024], *key, *val;
	bool driver = false;

	memset(out, 0, sizeof(*out));
	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		if (!line_copy(&it, line, sizeof(line), err))
			return FC_ERR_INPUT;
		if (!key_value(line, &key, &val))
			continue;
		char *dst = !strcmp(key, "driver") ? out->driver : !strcmp(key, "version") ? out->version
			    : !strcmp(key, "firmware-version") ? out->firmware : !strcmp(key, "bus-info") ? out->bus : NULL;
		size_t size = dst == out->driver ? sizeof(out->driver) : dst == out->version ? sizeof(out->version)
			    : dst == out->firmware ? sizeof(out->firmware) : sizeof(out->bus);

		if (dst && !put_field(dst, size, key, val, it.lineno, err))
			return FC_ERR_INPUT;
		driver |= dst == out->driver;
	}
	if (!driver)
		return failed(text, 1, "expected 'driver: NAME'", err);
	return FC_OK;
}

static int on_off(const char *v)
{
	return !strcmp(v, "on") ? 1 : !strcmp(v, "off") ? 0 : -1;
}

enum fc_rc fc_ethtool_pause_text(const char *text, struct fc_pause_info *out, struct fc_err *err)
{
	struct fc_lines it;
	char line[512], *key, *val;
	int seen = 0, b;

	memset(out, 0, sizeof(*out));
	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		if (!line_copy(&it, line, sizeof(line), err))
			return FC_ERR_INPUT;
		if (!key_value(line, &key, &val) || strncmp(line, "Pause parameters", 16) == 0)
			continue;
		if (strcmp(key, "Autonegotiate") && strcmp(key, "RX") && strcmp(key, "TX"))
			continue;   /* "RX negotiated", "TX negotiated" */
		if ((b = on_off(val)) < 0) {
			return fc_err_set(err, FC_ERR_INPUT, NULL, it.lineno, "%s: expected on or off, found '%s'", key,
					  val);
		}
		if (!strcmp(key, "Autonegotiate"))
			out->autoneg = b;
		else if (!strcmp(key, "RX"))
			out->rx = b;
		else
			out->tx = b;
		seen++;
	}
	if (seen < 3)
		return failed(text, 0, "expected Autonegotiate, RX and TX lines", err);
	return FC_OK;
}

/* ethtool's FEC names (Off, None, Auto, BaseR, RS, LLRS) in the probe's spelling; false when they
 * do not fit out. */
static bool fec_words(const char *val, char *out, size_t size)
{
	size_t o = 0;

	out[0] = '\0';
	while (*val) {
		size_t n;
		const char *w;

		val += strspn(val, " \t");
		if (!(n = strcspn(val, " \t")))
			break;
		w = (n == 3 && !strncasecmp(val, "Off", 3)) || (n == 4 && !strncasecmp(val, "None", 4)) ? "None" : val;
		if (w != val)
			n = 4;
		if (o + n + 2 > size)
			return false;
		if (o)
			out[o++] = ' ';
		memcpy(out + o, w, n);
		o += n;
		out[o] = '\0';
		val += strcspn(val, " \t");
	}
	return true;
}

enum fc_rc fc_ethtool_fec_text(const char *text, struct fc_fec_info *out, struct fc_err *err)
{
	struct fc_lines it;
	char line[512], *key, *val;
	bool conf = false;

	memset(out, 0, sizeof(*out));
	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		if (!line_copy(&it, line, sizeof(line), err))
			return FC_ERR_INPUT;
		if (!key_value(line, &key, &val))
			continue;
		/* "Configured FEC encodings" (ethtool < 5.x), "Supported/Configured FEC encodings" */
		if (strstr(key, "Configured FEC encodings")) {
			if (!fec_words(val, out->configured, sizeof(out->configured)))
				goto toolong;
			conf = true;
		} else if (!strcmp(key, "Active FEC encoding")) {
			if (!fec_words(val, out->active, sizeof(out->active)))
				goto toolong;
		}
	}
	if (!conf)
		return failed(text, 0, "expected a 'Configured FEC encodings' line", err);
	return FC_OK;
toolong:
	return fc_err_set(err, FC_ERR_INPUT, NULL, it.lineno, "%s: more FEC names than fabcheck knows", key);
}

enum fc_rc fc_ethtool_stats_text(const char *text, struct fc_stats *out, struct fc_err *err)
{
	struct fc_lines it;
	char line[512];
	size_t cap = 0;
	bool header = false;

	memset(out, 0, sizeof(*out));
	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		char *c;
		int64_t v;

		if (!line_copy(&it, line, sizeof(line), err)) {
			fc_stats_free(out);
			return FC_ERR_INPUT;
		}
		if (!line[0])
			continue;
		if (!strcmp(line, "NIC statistics:")) {
			header = true;
			continue;
		}
		/* "     name: value"; names may hold spaces, dots and colons: the value is after the last ": " */
		if (!header)
			continue;   /* a "# ethtool -S IF" banner or the like before the table */
		if (!(c = strrchr(line, ':')) || c[1] != ' ' || !fc_parse_i64(c + 2, 0, INT64_MAX, &v)) {
			fc_err_set(err, FC_ERR_INPUT, NULL, it.lineno, "expected 'name: value', found '%.80s'", line);
			fc_stats_free(out);
			return FC_ERR_INPUT;
		}
		*c = '\0';
		if (out->n == cap) {
			size_t ncap = cap ? cap * 2 : 64;
			char (*nn)[33] = realloc(out->names, ncap * sizeof(*nn));
			uint64_t *nv;

			if (nn)
				out->names = nn;
			nv = nn ? realloc(out->values, ncap * sizeof(*nv)) : NULL;
			if (!nn || !nv) {
				fc_stats_free(out);
				return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
			}
			out->values = nv;
			cap = ncap;
		}
		{
			const char *name = line;

			while (isspace((unsigned char)*name))
				name++;
			/* ETH_GSTRING_LEN: the kernel's names are at most 32 bytes */
			if (!put_field(out->names[out->n], sizeof(out->names[0]), "statistic name", name, it.lineno,
				       err)) {
				fc_stats_free(out);
				return FC_ERR_INPUT;
			}
		}
		out->values[out->n++] = (uint64_t)v;
	}
	if (!header)
		return failed(text, 1, "expected 'NIC statistics:'", err);
	return FC_OK;
}

/* "pfc-prevention-tout: 100" (the tunable's name, a colon, the value) */
enum fc_rc fc_ethtool_tunable_text(const char *text, unsigned *ms, struct fc_err *err)
{
	struct fc_lines it;
	char line[256], *key, *val;
	int64_t v;

	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		if (!line_copy(&it, line, sizeof(line), err))
			return FC_ERR_INPUT;
		if (!key_value(line, &key, &val) || strcmp(key, "pfc-prevention-tout"))
			continue;
		if (!fc_parse_i64(val, 0, 65535, &v)) {
			if (not_supported(text))
				return failed(text, 0, "", err);
			return fc_err_set(err, FC_ERR_INPUT, NULL, it.lineno,
					  "pfc-prevention-tout: expected 0..65535, found '%.40s'", val);
		}
		*ms = (unsigned)v;
		return FC_OK;
	}
	return failed(text, 0, "expected 'pfc-prevention-tout: N'", err);
}

/* "130944,156096,0,0,0,0,0,0," or "0   0   0   1   0   0   0   0" -> v[0..8) */
static bool eight(const char *s, uint32_t *v)
{
	int i;

	for (i = 0; i < 8; i++) {
		char *end;
		unsigned long x;

		while (*s == ' ' || *s == '\t' || *s == ',')
			s++;
		x = strtoul(s, &end, 10);
		if (end == s || x > UINT32_MAX)
			return false;
		v[i] = (uint32_t)x;
		s = end;
	}
	return true;
}

enum fc_rc fc_mlnx_qos_text(const char *text, struct fc_dcb_info *out, struct fc_err *err)
{
	struct fc_lines it;
	char line[512];
	bool seen = false, prio_row = false, sizes = false, map = false;
	uint32_t v[8];
	int i;

	memset(out, 0, sizeof(*out));
	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		const char *l;
		int prio;

		if (!line_copy(&it, line, sizeof(line), err))
			return FC_ERR_INPUT;
		for (l = line; isspace((unsigned char)*l); l++)
			;
		if (fc_starts_with(l, "Priority trust state:")) {
			const char *t = l + 21;

			while (*t == ' ')
				t++;
			if (strcmp(t, "dscp") && strcmp(t, "pcp"))
				goto bad;
			snprintf(out->trust, sizeof(out->trust), "%s", t);
			seen = true;
		} else if (fc_starts_with(l, "dscp2prio mapping:")) {
			map = true;
		} else if (map && sscanf(l, "prio:%d", &prio) == 1) {
			/* sscanf matches "prio:N" whatever follows: the " dscp:" list is checked here */
			const char *d = strstr(l, " dscp:");

			if (!d || prio < 0 || prio > 7)
				goto bad;
			d += 6;
			out->app = true;
			while (*d) {
				char *end;
				unsigned long x = strtoul(d, &end, 10);

				if (end == d || x > 63)
					goto bad;
				out->dscp_has |= (uint64_t)1 << x;
				out->dscp_prio[x] = (uint8_t)prio;
				d = end;
				while (*d == ',' || *d == ' ')
					d++;
			}
		} else if (fc_starts_with(l, "Cable len:")) {
			int64_t m;

			if (!fc_parse_i64(l + 10 + strspn(l + 10, " "), 0, 255, &m))
				goto bad;
			out->delay = (uint8_t)m;
		} else if (fc_starts_with(l, "priority ") && !strchr(l, ':')) {
			prio_row = true;   /* the header of the PFC table */
		} else if (prio_row && fc_starts_with(l, "enabled ")) {
			if (!eight(l + 8, v))
				goto bad;
			out->pfc = true;
			for (i = 0; i < 8; i++)
				out->pfc_en |= (uint8_t)((v[i] ? 1u : 0u) << i);
		} else if (prio_row && fc_starts_with(l, "buffer ")) {
			if (!eight(l + 7, v))
				goto bad;
			for (i = 0; i < 8; i++)
				out->prio2buffer[i] = (uint8_t)(v[i] & 7);
		} else if (fc_starts_with(l, "Receive buffer size (bytes):")) {
			if (!eight(l + 28, out->buffer_size))
				goto bad;
			sizes = true;
		}
	}
	if (!seen)
		return failed(text, 0, "expected 'Priority trust state: dscp|pcp'", err);
	out->buffer = sizes;
	if (!strcmp(out->trust, "pcp"))
		out->app = false, out->dscp_has = 0;   /* a leftover map does not apply */
	return FC_OK;
bad:
	return fc_err_set(err, FC_ERR_INPUT, NULL, it.lineno, "'%.80s' is not what mlnx_qos prints", line);
}

/* ibv_devinfo: "hca_id:\tmlx5_0" ... "\t\tport:\t1" ... "\t\t\tactive_mtu:\t\t4096 (5)" */
enum fc_rc fc_ibv_devinfo_mtu(const char *text, const char *dev, int port, int *mtu, struct fc_err *err)
{
	struct fc_lines it;
	char line[512], *key, *val;
	bool in_dev = false, in_port = false, any = false;
	int64_t v;

	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		if (!line_copy(&it, line, sizeof(line), err))
			return FC_ERR_INPUT;
		if (!key_value(line, &key, &val))
			continue;
		if (!strcmp(key, "hca_id")) {
			in_dev = !strcmp(val, dev);
			in_port = false;
			any = true;
		} else if (!strcmp(key, "port") && in_dev) {
			in_port = fc_parse_i64(val, 1, 255, &v) && v == port;
		} else if (!strcmp(key, "active_mtu") && in_port) {
			if (!fc_parse_i64n(val, strcspn(val, " "), 256, 4096, &v)) {
				return fc_err_set(err, FC_ERR_INPUT, NULL, it.lineno,
						  "active_mtu: expected 256..4096, found '%.40s'", val);
			}
			*mtu = (int)v;
			return FC_OK;
		}
	}
	if (!any)
		return failed(text, 1, "expected 'hca_id: DEVICE'", err);
	return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "ibv_devinfo: no active_mtu for %s port %d", dev, port);
}

/* ip -j addr show dev IF: [{"ifname": IF, "addr_info": [{"family", "local", "prefixlen"}]}] */
enum fc_rc fc_ip_addr_json(const char *text, const char *ifname, char (*out)[64], size_t max, size_t *n,
			   struct fc_err *err)
{
	struct doc *d = NULL;
	size_t i, j;
	bool found = false;

	*n = 0;
	if (doc_parse_json("ip -j addr", text, strlen(text), &d, err) != FC_OK) {
		err->file[0] = '\0';   /* the document's name is the command: the caller knows the file */
		return err->rc;
	}
	for (i = 0; d->root->type == DOC_SEQ && i < d->root->n; i++) {
		const struct doc_node *l = d->root->items[i], *name = doc_get(l, "ifname"), *ai = doc_get(l, "addr_info");

		if (!name || !name->str || strcmp(name->str, ifname))
			continue;
		found = true;
		for (j = 0; ai && ai->type == DOC_SEQ && j < ai->n; j++) {
			const struct doc_node *loc = doc_get(ai->items[j], "local"), *pl = doc_get(ai->items[j], "prefixlen");
			char one[200];
			int k;

			if (!loc || !loc->str || !pl || !pl->str)
				continue;
			k = snprintf(one, sizeof(one), "%.100s/%.20s", loc->str, pl->str);
			if (!fc_addr_push(out, max, n, one, (size_t)k, err)) {
				doc_free(&d);
				return FC_ERR_INPUT;
			}
		}
	}
	doc_free(&d);
	if (!found) {
		return fc_err_set(err, FC_ERR_INPUT, NULL, 0, "ip -j addr: no entry for %s", ifname);
	}
	return FC_OK;
}

/* An error in the stored output of command gets its file and line: the stored file's, or, in a
 * capture unpacked in memory, the capture's own. */
static void locate(const void *ctx, const char *command, struct fc_err *err)
{
	char path[600], where[600];
	unsigned first;
	const char *file = fc_fs_origin(ctx, stored_path(command, path, sizeof(path)), where, sizeof(where), &first);

	fc_err_locate(err, file, first);
}

/* Runs one parser on the stored output of command; what it did not understand names the stored
 * output's file and line. */
#define FROM_OUTPUT(ctx, cmdfmt, ifname, call)                                                       \
	do {                                                                                           \
		char cmd_[256], *text_ = NULL;                                                         \
		enum fc_rc rc_;                                                                        \
                                                                                                       \
		snprintf(cmd_, sizeof(cmd_), cmdfmt, ifname);                                          \
		if ((rc_ = output(ctx, cmd_, &text_, err)) != FC_OK)                                  \
			return rc_;                                                                    \
		rc_ = call;                                                                            \
		if (rc_ == FC_ERR_INPUT) {                                                             \
			fc_err_prefix(err, "'%s' not understood: ", cmd_);                             \
			locate(ctx, cmd_, err);                                                        \
		}                                                                                      \
		free(text_);                                                                           \
		return rc_;                                                                            \
	} while (0)

static enum fc_rc txt_link(void *ctx, const char *ifname, struct fc_link_info *out, struct fc_err *err)
{
	FROM_OUTPUT(ctx, "ethtool %s", ifname, fc_ethtool_settings_text(text_, out, err));
}

static enum fc_rc txt_drvinfo(void *ctx, const char *ifname, struct fc_drv_info *out, struct fc_err *err)
{
	FROM_OUTPUT(ctx, "ethtool -i %s", ifname, fc_ethtool_drvinfo_text(text_, out, err));
}

static enum fc_rc txt_pause(void *ctx, const char *ifname, struct fc_pause_info *out, struct fc_err *err)
{
	FROM_OUTPUT(ctx, "ethtool -a %s", ifname, fc_ethtool_pause_text(text_, out, err));
}

static enum fc_rc txt_fec(void *ctx, const char *ifname, struct fc_fec_info *out, struct fc_err *err)
{
	FROM_OUTPUT(ctx, "ethtool --show-fec %s", ifname, fc_ethtool_fec_text(text_, out, err));
}

static enum fc_rc txt_stats(void *ctx, const char *ifname, struct fc_stats *out, struct fc_err *err)
{
	FROM_OUTPUT(ctx, "ethtool -S %s", ifname, fc_ethtool_stats_text(text_, out, err));
}

static enum fc_rc txt_module(void *ctx, const char *ifname, struct fc_module_info *out, struct fc_err *err)
{
	FROM_OUTPUT(ctx, "ethtool -m %s", ifname, fc_module_text(text_, out, err));
}

static enum fc_rc txt_pfc_prevention(void *ctx, const char *ifname, unsigned *ms, struct fc_err *err)
{
	FROM_OUTPUT(ctx, "ethtool --get-tunable %s pfc-prevention-tout", ifname,
		    fc_ethtool_tunable_text(text_, ms, err));
}

/* ip address show text: the fallback for an iproute2 without -j (before 4.13) */
static enum fc_rc addr_text(const char *text, const char *ifname, char (*out)[64], size_t max, size_t *n,
			    struct fc_err *err)
{
	struct fc_ip_iface *ifs = NULL;
	size_t nifs = 0, i, j;
	enum fc_rc rc = fc_ip_text(text, &ifs, &nifs, err);

	for (i = 0; rc == FC_OK && i < nifs; i++)
		if (!strcmp(ifs[i].name, ifname))
			for (j = 0; rc == FC_OK && j < ifs[i].naddrs; j++)
				if (!fc_addr_push(out, max, n, ifs[i].addrs[j], strlen(ifs[i].addrs[j]), err))
					rc = FC_ERR_INPUT;
	fc_ip_free(ifs, nifs);
	return rc;
}

static enum fc_rc txt_addresses(void *ctx, const char *ifname, char (*out)[64], size_t max, size_t *n,
				struct fc_err *err)
{
	char cmd[128], *text = NULL;

	*n = 0;
	snprintf(cmd, sizeof(cmd), "ip -j addr show dev %s", ifname);
	if (output(ctx, cmd, &text, NULL) == FC_OK && strstr(text, "is unknown")) {
		free(text);   /* "Option "-j" is unknown": an iproute2 older than 4.13 */
		text = NULL;
	}
	if (text) {
		free(text);
		FROM_OUTPUT(ctx, "ip -j addr show dev %s", ifname, fc_ip_addr_json(text_, ifname, out, max, n, err));
	}
	FROM_OUTPUT(ctx, "ip addr show dev %s", ifname, addr_text(text_, ifname, out, max, n, err));
}

/* One dcb -j output parsed into out; FC_ERR_UNSUPPORTED when it is absent or the driver said so. */
static enum fc_rc dcb_part(const void *root, const char *object, const char *ifname,
			   enum fc_rc (*parse)(const char *, struct fc_dcb_info *, struct fc_err *),
			   struct fc_dcb_info *out, struct fc_err *err)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "dcb -j %s show dev %s", object, ifname);
	FROM_OUTPUT(root, "%s", cmd, not_supported(text_) ? failed(text_, 0, "", err) : parse(text_, out, err));
}

/* iproute2's dcb where it was captured (the kernel's own dcbnl view, as the probe reads it),
 * mlnx_qos otherwise. The APP table and the buffers are optional parts of the dcb answer. */
static enum fc_rc txt_dcb(void *ctx, const char *ifname, struct fc_dcb_info *out, struct fc_err *err)
{
	enum fc_rc rc;

	memset(out, 0, sizeof(*out));
	rc = dcb_part(ctx, "pfc", ifname, fc_dcb_pfc_json, out, err);
	if (rc == FC_ERR_UNSUPPORTED && strstr(err->msg, "no stored output")) {
		fc_err_clear(err);
		FROM_OUTPUT(ctx, "mlnx_qos -i %s", ifname, fc_mlnx_qos_text(text_, out, err));
	}
	if (rc != FC_OK)
		return rc;
	/* absent or unsupported, the optional parts leave no reason behind; not understood, they do */
	{
		struct fc_err part;

		fc_err_clear(&part);
		if ((rc = dcb_part(ctx, "app", ifname, fc_dcb_app_json, out, &part)) != FC_ERR_INPUT) {
			fc_err_clear(&part);
			rc = dcb_part(ctx, "buffer", ifname, fc_dcb_buffer_json, out, &part);
		}
		if (rc == FC_ERR_INPUT)
			return fc_err_take(err, &part);
	}
	return FC_OK;
}

static enum fc_rc txt_verbs_mtu(void *ctx, const char *dev, int port, int *active_mtu, struct fc_err *err)
{
	FROM_OUTPUT(ctx, "%s", "ibv_devinfo", fc_ibv_devinfo_mtu(text_, dev, port, active_mtu, err));
}

static enum fc_rc txt_nft(void *ctx, char **json, struct fc_err *err)
{
	*json = NULL;
	return output(ctx, "nft -j list ruleset", json, err);
}

static enum fc_rc txt_lldp(void *ctx, const char *socket, const char *ifname, struct fc_lldp_info *out,
			   struct fc_err *err)
{
	(void)socket;
	FROM_OUTPUT(ctx, "%s", "lldpcli -f json0 show neighbors details",
		    fc_lldpcli_json0(text_, ifname, out, err));
}

static enum fc_rc txt_ipt(void *ctx, char **text, struct fc_err *err)
{
	enum fc_rc rc;

	*text = NULL;
	if ((rc = output(ctx, "iptables-legacy-save -t filter", text, err)) != FC_OK)
		return rc;
	if (strstr(*text, "Permission denied") || strstr(*text, "you must be root")) {
		rc = fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "iptables-legacy-save: %.*s",
				(int)strcspn(*text, "\n"),
				*text);
		free(*text);
		*text = NULL;
		return rc;
	}
	return FC_OK;
}

const struct fc_probe_ops fc_probe_text_ops = {
	.link = txt_link,
	.drvinfo = txt_drvinfo,
	.pause = txt_pause,
	.fec = txt_fec,
	.stats = txt_stats,
	.module = txt_module,
	.pfc_prevention = txt_pfc_prevention,
	.dcb = txt_dcb,
	.verbs_mtu = txt_verbs_mtu,
	.nft_ruleset = txt_nft,
	.ipt_save = txt_ipt,
	.addresses = txt_addresses,
	.lldp = txt_lldp,
};
