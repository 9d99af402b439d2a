/* SPDX-License-Identifier: MIT */
/* `ip link show` and `ip address show` as text (iproute2 and busybox), for hosts whose iproute2
 * predates `-j` (4.13) and for saved outputs. Each interface opens with
 *
 *   2: eth0@if5: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc noqueue master br0 state UP ...
 *       link/ether 52:54:00:8c:62:44 brd ff:ff:ff:ff:ff:ff
 *       inet 192.168.121.241/24 brd 192.168.121.255 scope global dynamic eth0
 *       inet6 fe80::5054:ff:fe8c:6244/64 scope link
 *
 * and every value keeps the line it was read from. Lines inside a block that are neither of
 * these (valid_lft, altname, alias, vf ...) carry nothing fabcheck models and are skipped;
 * anything before the first header is an error. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/probe.h"
#include "util/str.h"

/* The word after key in a header line ("mtu 1500" -> "1500"), or NULL. */
static const char *word_after(const char *line, const char *key, char *buf, size_t size)
{
	const char *p = line;
	size_t kl = strlen(key);

	while ((p = strstr(p, key))) {
		if ((p == line || p[-1] == ' ') && p[kl] == ' ') {
			p += kl + 1;
			snprintf(buf, size, "%.*s", (int)strcspn(p, " "), p);
			return buf;
		}
		p += kl;
	}
	return NULL;
}

static enum fc_rc header(const char *l, unsigned lineno, struct fc_ip_iface *o, char *why, size_t whysz)
{
	char *end, w[64];
	long idx = strtol(l, &end, 10);
	const char *name, *flags, *fe;
	size_t nl;

	memset(o, 0, sizeof(*o));
	o->mtu = -1;
	o->line = lineno;
	if (end == l || idx < 0 || strncmp(end, ": ", 2))
		goto bad;
	o->ifindex = (int)idx;
	name = end + 2;
	nl = strcspn(name, ":");
	if (!name[nl] || nl == 0 || nl >= sizeof(o->name) + 16)
		goto bad;
	/* "eth0@if5" (veth, vlan): the name is before the @ */
	snprintf(o->name, sizeof(o->name), "%.*s", (int)(strcspn(name, "@") < nl ? strcspn(name, "@") : nl), name);
	flags = strchr(name + nl, '<');
	fe = flags ? strchr(flags, '>') : NULL;
	if (!flags || !fe)
		goto bad;
	snprintf(o->flags, sizeof(o->flags), "%.*s", (int)(fe - flags - 1), flags + 1);
	if (word_after(fe, "mtu", w, sizeof(w))) {
		int64_t v;

		if (!fc_parse_i64(w, 0, 1 << 20, &v))
			goto bad;
		o->mtu = (int)v;
	}
	if (word_after(fe, "state", w, sizeof(w)))
		snprintf(o->state, sizeof(o->state), "%.15s", w);
	if (word_after(fe, "master", w, sizeof(w)))
		snprintf(o->master, sizeof(o->master), "%.31s", w);
	return FC_OK;
bad:
	snprintf(why, whysz, "line %u: expected 'N: NAME: <FLAGS> mtu M ...', found '%.60s'", lineno, l);
	return FC_ERR_INPUT;
}

enum fc_rc fc_ip_text(const char *text, struct fc_ip_iface *out, size_t max, size_t *n, char *why, size_t whysz)
{
	struct fc_lines it;
	struct fc_ip_iface *cur = NULL;
	enum fc_rc rc;

	*n = 0;
	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		char line[512], *l;
		size_t len = it.len < sizeof(line) - 1 ? it.len : sizeof(line) - 1;

		memcpy(line, it.line, len);
		line[len] = '\0';
		while (len && isspace((unsigned char)line[len - 1]))
			line[--len] = '\0';
		if (!len)
			continue;
		if (isdigit((unsigned char)line[0])) {
			if (*n >= max) {
				snprintf(why, whysz, "line %u: more than %zu interfaces", it.lineno, max);
				return FC_ERR_INPUT;
			}
			cur = &out[(*n)++];
			if ((rc = header(line, it.lineno, cur, why, whysz)) != FC_OK)
				return rc;
			continue;
		}
		if (!cur) {
			/* a tool's error ("Device "x" does not exist.", "Option "-j" is unknown") */
			snprintf(why, whysz, "line %u: expected 'N: NAME: <FLAGS> ...', found '%.60s'", it.lineno, line);
			return strstr(line, "does not exist") || strstr(line, "is unknown") ? FC_ERR_UNSUPPORTED : FC_ERR_INPUT;
		}
		for (l = line; *l == ' ' || *l == '\t'; l++)
			;
		if (!strncmp(l, "link/", 5)) {
			char type[32], mac[64];

			if (sscanf(l + 5, "%31s %63s", type, mac) < 1)
				continue;
			snprintf(cur->type, sizeof(cur->type), "%s", type);
			if (strcmp(type, "none") && sscanf(l + 5, "%*s %63s", mac) == 1) {
				snprintf(cur->mac, sizeof(cur->mac), "%s", mac);
				cur->mac_line = it.lineno;
			}
		} else if ((!strncmp(l, "inet ", 5) || !strncmp(l, "inet6 ", 6)) && cur->naddrs < FC_IP_MAX_ADDRS) {
			const char *a = l + (l[4] == '6' ? 6 : 5);
			size_t al = strcspn(a, " ");

			if (!memchr(a, '/', al)) {
				snprintf(why, whysz, "line %u: expected ADDRESS/PREFIX after '%.5s'", it.lineno, l);
				return FC_ERR_INPUT;
			}
			snprintf(cur->addrs[cur->naddrs], sizeof(cur->addrs[0]), "%.*s", (int)al, a);
			cur->addr_line[cur->naddrs++] = it.lineno;
		}
	}
	if (!*n) {
		snprintf(why, whysz, "line 1: expected 'N: NAME: <FLAGS> ...'");
		return FC_ERR_INPUT;
	}
	return FC_OK;
}
