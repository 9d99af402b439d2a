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
#include <stdint.h>
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

/* Copies n bytes of s into a field of size bytes; false when they do not fit. */
static bool field(char *dst, size_t size, const char *s, size_t n)
{
	if (n >= size)
		return false;
	memcpy(dst, s, n);
	dst[n] = '\0';
	return true;
}

static enum fc_rc header(const char *l, unsigned lineno, struct fc_ip_iface *o, struct fc_err *err)
{
	char *end, w[64];
	long idx = strtol(l, &end, 10);
	const char *name, *flags, *fe, *what = "'N: NAME: <FLAGS> mtu M ...'";
	size_t nl, at;

	memset(o, 0, sizeof(*o));
	o->mtu = -1;
	o->line = lineno;
	if (end == l || idx < 0 || idx > INT32_MAX || strncmp(end, ": ", 2))
		goto bad;
	o->ifindex = (int)idx;
	name = end + 2;
	nl = strcspn(name, ":");
	/* "eth0@if5" (veth, vlan): the name is before the @ */
	at = strcspn(name, "@") < nl ? strcspn(name, "@") : nl;
	if (!name[nl] || nl == 0 || !field(o->name, sizeof(o->name), name, at)) {
		what = "a name of 1 to 15 characters";
		goto bad;
	}
	flags = strchr(name + nl, '<');
	fe = flags ? strchr(flags, '>') : NULL;
	if (!flags || !fe || !field(o->flags, sizeof(o->flags), flags + 1, (size_t)(fe - flags - 1)))
		goto bad;
	if (word_after(fe, "mtu", w, sizeof(w))) {
		int64_t v;

		if (!fc_parse_i64(w, 0, 1 << 20, &v))
			goto bad;
		o->mtu = (int)v;
	}
	if ((word_after(fe, "state", w, sizeof(w)) && !field(o->state, sizeof(o->state), w, strlen(w))) ||
	    (word_after(fe, "master", w, sizeof(w)) && !field(o->master, sizeof(o->master), w, strlen(w)))) {
		what = "a state and master of at most 15 characters";
		goto bad;
	}
	return FC_OK;
bad:
	return fc_err_set(err, FC_ERR_INPUT, NULL, lineno, "expected %s, found '%.60s'", what, l);
}

void fc_ip_free(struct fc_ip_iface *ifs, size_t n)
{
	size_t i;

	for (i = 0; ifs && i < n; i++) {
		free(ifs[i].addrs);
		free(ifs[i].addr_line);
	}
	free(ifs);
}

static enum fc_rc add_addr(struct fc_ip_iface *cur, const char *a, size_t al, unsigned lineno, struct fc_err *err)
{
	if (cur->naddrs == cur->addr_cap) {
		size_t nc = cur->addr_cap ? cur->addr_cap * 2 : 8;
		char (*na)[64] = realloc(cur->addrs, nc * sizeof(*na));
		unsigned *nl = na ? realloc(cur->addr_line, nc * sizeof(*nl)) : NULL;

		if (na)
			cur->addrs = na;
		if (!na || !nl) {
			return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		}
		cur->addr_line = nl;
		cur->addr_cap = nc;
	}
	if (!memchr(a, '/', al) || !field(cur->addrs[cur->naddrs], sizeof(cur->addrs[0]), a, al)) {
		return fc_err_set(err, FC_ERR_INPUT, NULL, lineno,
				  "expected ADDRESS/PREFIX (at most 63 characters), found '%.*s'",
				  (int)(al < 80 ? al : 80), a);
	}
	cur->addr_line[cur->naddrs++] = lineno;
	return FC_OK;
}

enum fc_rc fc_ip_text(const char *text, struct fc_ip_iface **out, size_t *n, struct fc_err *err)
{
	struct fc_lines it;
	struct fc_ip_iface *ifs = NULL;
	size_t cap = 0;
	enum fc_rc rc = FC_OK;
	char *line = NULL;

	*n = 0;
	*out = NULL;
	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		char *l;
		size_t len = it.len;

		free(line);
		if (!(line = strndup(it.line, it.len))) {
			rc = FC_ERR_NOMEM;
			break;
		}
		while (len && isspace((unsigned char)line[len - 1]))
			line[--len] = '\0';
		if (!len)
			continue;
		if (isdigit((unsigned char)line[0])) {
			if (*n == cap) {
				struct fc_ip_iface *ni = realloc(ifs, (cap = cap ? cap * 2 : 8) * sizeof(*ni));

				if (!ni) {
					rc = FC_ERR_NOMEM;
					break;
				}
				ifs = ni;
			}
			rc = header(line, it.lineno, &ifs[*n], err);
			(*n)++;
			continue;
		}
		if (!*n) {
			/* a tool's error ("Device "x" does not exist.", "Option "-j" is unknown") */
			bool tool = strstr(line, "does not exist") || strstr(line, "is unknown");

			rc = fc_err_set(err, tool ? FC_ERR_UNSUPPORTED : FC_ERR_INPUT, NULL, it.lineno,
					"expected 'N: NAME: <FLAGS> ...', found '%.60s'", line);
			break;
		}
		for (l = line; *l == ' ' || *l == '\t'; l++)
			;
		if (!strncmp(l, "link/", 5)) {
			struct fc_ip_iface *cur = &ifs[*n - 1];
			const char *t = l + 5, *mac = t + strcspn(t, " ");
			size_t ml;

			mac += strspn(mac, " ");
			ml = strcspn(mac, " ");
			if (!field(cur->type, sizeof(cur->type), t, strcspn(t, " ")) ||
			    (strcmp(cur->type, "none") && ml && !field(cur->mac, sizeof(cur->mac), mac, ml))) {
				rc = fc_err_set(err, FC_ERR_INPUT, NULL, it.lineno,
						"expected 'link/TYPE ADDRESS' of at most 31 and 63 characters");
				break;
			}
			if (cur->mac[0])
				cur->mac_line = it.lineno;
		} else if (!strncmp(l, "inet ", 5) || !strncmp(l, "inet6 ", 6)) {
			const char *a = l + (l[4] == '6' ? 6 : 5);

			rc = add_addr(&ifs[*n - 1], a, strcspn(a, " "), it.lineno, err);
		}
	}
	free(line);
	if (rc == FC_ERR_NOMEM)
		fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
	if (rc == FC_OK && !*n)
		rc = fc_err_set(err, FC_ERR_INPUT, NULL, 1, "expected 'N: NAME: <FLAGS> ...'");
	if (rc != FC_OK) {
		fc_ip_free(ifs, *n);
		*n = 0;
		return rc;
	}
	*out = ifs;
	return FC_OK;
}

bool fc_addr_push(char (*out)[64], size_t max, size_t *n, const char *addr, size_t len, struct fc_err *err)
{
	if (*n >= max) {
		fc_err_set(err, FC_ERR_INPUT, NULL, 0,
			   "more than %zu addresses on the interface: none taken rather than some", max);
		return false;
	}
	if (len >= 64) {
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "address '%.80s' longer than 63 characters", addr);
		return false;
	}
	memcpy(out[*n], addr, len);
	out[(*n)++][len] = '\0';
	return true;
}
