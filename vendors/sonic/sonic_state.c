/* SPDX-License-Identifier: MIT */
/* SONiC state outputs other than tables (sonic_show.c) and the EEPROM (sonic_xcvr.c):
 *   show version, show platform summary    "Key: value" lines: the image, the SKU, the ASIC vendor
 *   docker exec lldp lldpcli -f json0 show neighbors details (also -f json): each port's neighbour
 *   ecnconfig -l                           "Profile: NAME", a rule, "field value" rows, a rule
 * and the merge of what the state outputs show into CONFIG_DB's objects at finalize: `show pfc
 * priority`, `pfcwd show config` and `ecnconfig -l` print CONFIG_DB as the switch runs it, so where
 * they were collected their value is the one used, and a saved config_db.json that says otherwise is
 * listed (the configuration changed between the two reads, or the file is not what runs). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/lldpcli.h"
#include "vendors/sonic/sonic.h"
#include "util/str.h"

/* --- show version / show platform summary ---------------------------------------------------- */

/* Keys that say nothing a rule reads. */
static const char *const version_known[] = {
	"SONiC OS Version", "Distribution", "Kernel", "Build commit", "Build date", "Built by", "ASIC Count",
	"Serial Number", "Model Number", "Hardware Revision", "Uptime", "Date", "Switch Type", "Platform", NULL,
};

static bool listed(const char *const *l, const char *s)
{
	for (; *l; l++)
		if (!strcmp(*l, s))
			return true;
	return false;
}

enum fc_rc sonic_parse_version(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	bool docker = false, any = false;
	enum fc_rc rc = FC_OK;

	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		const char *l = it.line, *colon;
		size_t n = it.len;
		struct fc_src s = fc_src_at(c->file, it.lineno);
		char key[64], val[256];

		while (n && (l[n - 1] == ' ' || l[n - 1] == '\r'))
			n--;
		if (!n || docker)
			continue;   /* the docker image table closes the output: images are not modelled */
		if (n == 14 && !memcmp(l, "Docker images:", 14)) {
			docker = true;
			continue;
		}
		colon = memchr(l, ':', n);
		if (!colon || (size_t)(colon - l) >= sizeof(key) || n - (size_t)(colon - l) > sizeof(val)) {
			rc = fc_dev_add_unparsed(c->m, c->dev, s, l, n);
			continue;
		}
		snprintf(key, sizeof(key), "%.*s", (int)(colon - l), l);
		snprintf(val, sizeof(val), "%.*s", (int)(n - (size_t)(colon - l) - 1), colon + 1);
		{
			char *v = val + strspn(val, " ");

			any = true;
			if (!strcmp(key, "SONiC Software Version"))
				fc_set_str(c->m, &c->dev->os_version, v, s);
			else if (!strcmp(key, "HwSKU"))
				fc_set_str(c->m, &c->dev->hw_model, v, s);
			else if (!strcmp(key, "ASIC"))
				fc_set_str(c->m, &c->dev->asic, v, s);   /* the ASIC's vendor: broadcom, mellanox, ... */
			else if (!listed(version_known, key))
				rc = fc_dev_add_unparsed(c->m, c->dev, s, l, n);
		}
	}
	if (rc == FC_OK && !any)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "expected 'Key: value' lines (show version)");
	return rc;
}

/* --- lldpcli ----------------------------------------------------------------------------------- */

/* One interface's neighbour (doc/lldpcli.h); eth0, the management port, is not on the fabric. */
static enum fc_rc lldp_nb(void *ctx, const struct fc_lldpcli_nb *nb)
{
	struct fc_parse_ctx *c = ctx;
	const char *sys = nb->sysname ? nb->sysname : nb->chassis_id;
	struct fc_src s = fc_src_at(c->file, nb->line);
	struct fc_iface *ifc;

	if (strncmp(nb->ifname, "Ethernet", 8))
		return FC_OK;
	if (!sys)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, nb->line, "the LLDP neighbour on %s has no system name or "
									 "chassis id", nb->ifname);
	if (!(ifc = fc_dev_iface(c->m, c->dev, nb->ifname)))
		return FC_ERR_NOMEM;
	fc_set_str(c->m, &ifc->lldp_sysname, sys, s);
	fc_set_str(c->m, &ifc->lldp_port, nb->port_id, s);
	return FC_OK;
}

enum fc_rc sonic_parse_lldpcli(struct fc_parse_ctx *c, const struct doc *d)
{
	return fc_lldpcli_walk(d, lldp_nb, c, c->err);
}

/* --- ecnconfig -l ------------------------------------------------------------------------------ */

static const char *const wred_fields[] = {
	"ecn", "wred_green_enable", "wred_yellow_enable", "wred_red_enable", "green_min_threshold",
	"green_max_threshold", "green_drop_probability", "yellow_min_threshold", "yellow_max_threshold",
	"yellow_drop_probability", "red_min_threshold", "red_max_threshold", "red_drop_probability", NULL,
};

enum fc_rc sonic_parse_ecnconfig(struct fc_parse_ctx *c, const char *text)
{
	struct sonic_state *s = sonic_state(c);
	struct fc_lines it;
	char profile[128] = "";
	struct fc_src psrc = { NULL, 0 };
	size_t profiles = 0;
	enum fc_rc rc = FC_OK;

	if (!s)
		return FC_ERR_NOMEM;
	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		const char *l = it.line;
		size_t n = it.len, k;
		struct fc_src src = fc_src_at(c->file, it.lineno);
		char f[64], v[64];

		while (n && (l[n - 1] == ' ' || l[n - 1] == '\r'))
			n--;
		if (!n || strspn(l, "- ") >= n || (n > 15 && !memcmp(l, "Total profiles:", 15)))
			continue;   /* blank, the rules around a profile's rows, the count -vv prints */
		if (n > 9 && !memcmp(l, "Profile: ", 9) && n - 9 < sizeof(profile)) {
			snprintf(profile, sizeof(profile), "%.*s", (int)(n - 9), l + 9);
			psrc = src;
			profiles++;
			continue;
		}
		k = strcspn(l, " ");
		if (!profile[0] || k >= n || k >= sizeof(f) || n - k > sizeof(v)) {
			rc = fc_dev_add_unparsed(c->m, c->dev, src, l, n);
			continue;
		}
		snprintf(f, sizeof(f), "%.*s", (int)k, l);
		snprintf(v, sizeof(v), "%.*s", (int)(n - k - strspn(l + k, " ")), l + k + strspn(l + k, " "));
		if (!listed(wred_fields, f) || !*v)
			rc = fc_dev_add_unparsed(c->m, c->dev, src, l, n);
		else
			rc = sonic_put(c, s, "SHOW_WRED_PROFILE", profile, psrc, f, v, src);
	}
	if (rc == FC_OK && !profiles)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "expected 'Profile: NAME' blocks (ecnconfig -l)");
	return rc;
}

/* --- pg_profile_lookup.ini ------------------------------------------------------------------------ */

/* The SKU's lossless profile table (device/<vendor>/<platform>/<hwsku>/pg_profile_lookup.ini), from
 * which buffermgrd makes pg_lossless_<speed>_<cable>_profile under the traditional buffer model:
 *   # speed cable size    xon  xoff threshold xon_offset
 *     100000   5m 133120  19456  113664     0
 * Columns found by the header comment's names (speed, cable, xoff required); rows into the
 * device's own headroom table. */
/* The platform and SKU folders of "cat [\"']/usr/share/sonic/device/<platform>/<hwsku>/pg_profile_lookup.ini",
 * kept to be compared with DEVICE_METADATA at finalize (a folder the shell expands is no name). */
static enum fc_rc pg_folders(struct fc_parse_ctx *c)
{
	struct sonic_state *s = sonic_state(c);
	const char *p = c->command ? strstr(c->command, "/device/") : NULL, *a, *b, *e;

	if (!s)
		return FC_ERR_NOMEM;
	if (!p)
		return FC_OK;
	a = p + strlen("/device/");
	if (!(b = strchr(a, '/')) || !(e = strchr(b + 1, '/')) || strncmp(e, "/pg_profile_lookup.ini", 22) ||
	    memchr(a, '$', (size_t)(e - a)) || memchr(a, '*', (size_t)(e - a)))
		return FC_OK;
	s->pg_platform = fc_strndup(c->m->arena, a, (size_t)(b - a));
	s->pg_sku = fc_strndup(c->m->arena, b + 1, (size_t)(e - b - 1));
	s->pg_src = fc_src_at(c->file, 0);
	return s->pg_platform && s->pg_sku ? FC_OK : FC_ERR_NOMEM;
}

enum fc_rc sonic_parse_pg_lookup(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	int col_speed = 0, col_cable = 1, col_xoff = 4, ncols = 0;
	size_t rows = 0;
	enum fc_rc rc = pg_folders(c);

	if (rc != FC_OK)
		return rc;
	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		const char *l = it.line, *w[16];
		size_t n = it.len, wl[16], k = 0, i = 0;
		struct fc_src src = fc_src_at(c->file, it.lineno);
		int64_t mbps, xoff;
		double cable;
		char *end, buf[32];

		while (n && (l[n - 1] == ' ' || l[n - 1] == '\r'))
			n--;
		while (i < n && k < 16) {
			while (i < n && (l[i] == ' ' || l[i] == '\t'))
				i++;
			if (i >= n)
				break;
			w[k] = l + i;
			while (i < n && l[i] != ' ' && l[i] != '\t')
				i++;
			wl[k] = (size_t)(l + i - w[k]);
			k++;
		}
		if (!k)
			continue;
		if (w[0][0] == '#') {
			/* "# speed cable size xon xoff threshold": the header names the columns */
			size_t j, first = wl[0] == 1 ? 1 : 0;
			bool hdr = false;

			for (j = first; j < k; j++) {
				const char *x = w[j] + (j == 0);
				size_t xl = wl[j] - (j == 0);
				int col = (int)(j - first);

				if (xl == 5 && !memcmp(x, "speed", 5))
					col_speed = col, hdr = true;
				else if (xl == 5 && !memcmp(x, "cable", 5))
					col_cable = col;
				else if (xl == 4 && !memcmp(x, "xoff", 4))
					col_xoff = col;
			}
			if (hdr)
				ncols = (int)(k - first);
			continue;   /* a comment */
		}
		if ((ncols && (int)k != ncols) || (int)k <= col_xoff || (int)k <= col_speed || (int)k <= col_cable ||
		    !fc_parse_i64n(w[col_speed], wl[col_speed], 1, 10000000, &mbps) ||
		    !fc_parse_i64n(w[col_xoff], wl[col_xoff], 0, INT64_MAX / 2, &xoff) || wl[col_cable] >= sizeof(buf)) {
			rc = fc_dev_add_unparsed(c->m, c->dev, src, l, n);
			continue;
		}
		snprintf(buf, sizeof(buf), "%.*s", (int)wl[col_cable], w[col_cable]);
		cable = strtod(buf, &end);
		if (end == buf || strcmp(end, "m") || !(cable >= 0 && cable < 100000)) {
			rc = fc_dev_add_unparsed(c->m, c->dev, src, l, n);
			continue;
		}
		c->dev->hr_rows = fc_grow(c->m->arena, c->dev->hr_rows, c->dev->nhr, &c->dev->hr_cap, sizeof(*c->dev->hr_rows));
		if (!c->dev->hr_rows)
			return FC_ERR_NOMEM;
		c->dev->hr_rows[c->dev->nhr].mbps = mbps;
		c->dev->hr_rows[c->dev->nhr].cable_m = cable;
		c->dev->hr_rows[c->dev->nhr].xoff = xoff;
		c->dev->hr_rows[c->dev->nhr].src = src;
		c->dev->nhr++;
		rows++;
	}
	(void)rows;   /* an SKU may ship the file with no row (Arista-7060X6-64PE): no table, said nowhere else */
	return rc;
}

/* --- what the state outputs show, into CONFIG_DB ------------------------------------------------- */

static const struct {
	const char *shown, *table, *by;
} merges[] = {
	{ "SHOW_WRED_PROFILE", "WRED_PROFILE", "ecnconfig -l" },
	{ "SHOW_PORT_QOS_MAP", "PORT_QOS_MAP", "show pfc priority" },
	{ "SHOW_PFC_WD", "PFC_WD", "pfcwd show config" },
};

enum fc_rc sonic_merge_shown(struct fc_parse_ctx *c, struct sonic_state *s)
{
	size_t i, j, k, n = s->n;
	enum fc_rc rc;

	for (i = 0; i < n; i++) {
		const struct sonic_obj *o = &s->objs[i];

		for (k = 0; k < sizeof(merges) / sizeof(merges[0]) && strcmp(o->table, merges[k].shown); k++)
			;
		if (k == sizeof(merges) / sizeof(merges[0]))
			continue;
		if (strcmp(merges[k].table, "WRED_PROFILE") && !sonic_get(s, "PORT", o->key)) {
			/* a port CONFIG_DB does not have: nothing to merge into, said rather than dropped */
			const char *msg = fc_sprintf(c->m->arena, "%s shows port %s, which CONFIG_DB's PORT table does not have",
						     merges[k].by, o->key);

			if (!msg || fc_dev_add_unparsed(c->m, c->dev, o->src, msg, strlen(msg)) != FC_OK)
				return FC_ERR_NOMEM;
			continue;
		}
		for (j = 0; j < o->n; j++) {
			const struct sonic_obj *cfg = sonic_get(s, merges[k].table, o->key);
			const struct sonic_field *was = sonic_field(cfg, o->f[j].name);
			/* sonic_put may grow s->objs: copy what is needed first */
			const char *name = o->f[j].name, *value = o->f[j].value, *key = o->key;
			struct fc_src fsrc = o->f[j].src, osrc = o->src;

			if (!was && !*value && cfg)
				continue;   /* shown empty ("N/A"), absent from CONFIG_DB: the same */
			/* the running value is used; the configuration's is a conflict of the device */
			if (was && strcmp(was->value, value) &&
			    fc_dev_add_conflict(c->m, c->dev, strcmp(merges[k].table, "WRED_PROFILE") ? key : NULL,
						strcmp(merges[k].table, "WRED_PROFILE")
						? fc_sprintf(c->m->arena, "%s %s", merges[k].table, name)
						: fc_sprintf(c->m->arena, "%s|%s %s", merges[k].table, key, name), value, fsrc, was->value,
						was->src) != FC_OK)
				return FC_ERR_NOMEM;
			if ((!was || strcmp(was->value, value)) &&
			    (rc = sonic_put(c, s, merges[k].table, key, osrc, name, value, fsrc)) != FC_OK)
				return rc;
			o = &s->objs[i];
		}
	}
	return FC_OK;
}
