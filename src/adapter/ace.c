/* SPDX-License-Identifier: MIT */
/* An access-list entry in the syntax NX-OS and Arista EOS share:
 *   [SEQ] permit|deny ip|udp|tcp|icmp|N SRC [PORTS] DST [PORTS] [dscp D|NAME] [log] [established]
 *   [SEQ] remark TEXT
 * with SRC/DST any | host A | A/len | A WILDCARD (IPv6 forms recorded, never matching IPv4) and
 * PORTS eq|neq|lt|gt P | range P Q (numbers or the service names the two CLIs take); and a
 * standard ACL's [SEQ] permit|deny SRC [log]. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "adapter/adapter.h"
#include "util/str.h"

static bool parse_ipv4(const char *s, uint32_t *out)
{
	unsigned a, b, c, d;
	char tail;

	if (sscanf(s, "%u.%u.%u.%u%c", &a, &b, &c, &d, &tail) != 4 || a > 255 || b > 255 || c > 255 || d > 255)
		return false;
	*out = (a << 24) | (b << 16) | (c << 8) | d;
	return true;
}

/* any | host A | A/len | A WILDCARD | IPv6 forms (recorded as never matching IPv4) */
static bool parse_addr(char **w, size_t n, size_t *i, struct fc_addrmatch *a)
{
	char buf[64], *slash;
	int64_t len;
	uint32_t wc;

	memset(a, 0, sizeof(*a));
	if (*i >= n || strlen(w[*i]) >= sizeof(buf))
		return false;
	if (!strcmp(w[*i], "any")) {
		a->any = true;
		(*i)++;
		return true;
	}
	if (!strcmp(w[*i], "host") && *i + 1 < n) {
		if (strchr(w[*i + 1], ':')) {
			a->v6 = true;
		} else if (!parse_ipv4(w[*i + 1], &a->net)) {
			return false;
		}
		a->mask = 0xffffffffu;
		*i += 2;
		return true;
	}
	if (strchr(w[*i], ':')) {
		a->v6 = true;
		(*i)++;
		return true;
	}
	snprintf(buf, sizeof(buf), "%s", w[*i]);
	slash = strchr(buf, '/');
	if (slash) {
		*slash = '\0';
		if (!parse_ipv4(buf, &a->net) || !fc_parse_i64(slash + 1, 0, 32, &len))
			return false;
		a->mask = len ? 0xffffffffu << (32 - len) : 0;
		a->net &= a->mask;
		(*i)++;
		return true;
	}
	if (!parse_ipv4(buf, &a->net) || *i + 1 >= n || !parse_ipv4(w[*i + 1], &wc))
		return false;
	a->mask = ~wc;
	a->net &= a->mask;
	*i += 2;
	return true;
}

static bool port_value(const char *s, uint16_t *out)
{
	/* the names NX-OS and EOS take for eq/neq/lt/gt/range (their CLI's port keywords; one number
	 * where TCP and UDP name a port differently: cmd and syslog are both 514) */
	static const struct { const char *name; uint16_t port; } names[] = {
		{ "echo", 7 }, { "discard", 9 }, { "daytime", 13 }, { "chargen", 19 }, { "ftp-data", 20 }, { "ftp", 21 },
		{ "ssh", 22 }, { "telnet", 23 }, { "smtp", 25 }, { "time", 37 }, { "nameserver", 42 }, { "whois", 43 },
		{ "tacacs", 49 }, { "domain", 53 }, { "bootps", 67 }, { "bootpc", 68 }, { "tftp", 69 }, { "gopher", 70 },
		{ "finger", 79 }, { "www", 80 }, { "http", 80 }, { "hostname", 101 }, { "pop2", 109 }, { "pop3", 110 },
		{ "sunrpc", 111 }, { "ident", 113 }, { "nntp", 119 }, { "ntp", 123 }, { "netbios-ns", 137 },
		{ "netbios-dgm", 138 }, { "netbios-ss", 139 }, { "imap", 143 }, { "snmp", 161 }, { "snmptrap", 162 },
		{ "xdmcp", 177 }, { "bgp", 179 }, { "irc", 194 }, { "ldap", 389 }, { "mobile-ip", 434 }, { "https", 443 },
		{ "pim-auto-rp", 496 }, { "isakmp", 500 }, { "biff", 512 }, { "exec", 512 }, { "login", 513 },
		{ "who", 513 }, { "cmd", 514 }, { "syslog", 514 }, { "lpd", 515 }, { "talk", 517 }, { "rip", 520 },
		{ "uucp", 540 }, { "klogin", 543 }, { "kshell", 544 }, { "ldaps", 636 }, { "drip", 3949 },
		{ "radius", 1812 }, { "radius-acct", 1813 }, { "nfs", 2049 }, { "gtp-c", 2123 }, { "gtp-u", 2152 },
		{ "bfd", 3784 }, { "bfd-echo", 3785 }, { "mlag", 4432 }, { "nat-t", 4500 }, { "multihop-bfd", 4784 },
		{ "vxlan", 4789 }, { "micro-bfd", 6784 }, { "non500-isakmp", 4500 },
	};
	int64_t v;
	size_t k;

	if (fc_parse_i64(s, 0, 65535, &v)) {
		*out = (uint16_t)v;
		return true;
	}
	for (k = 0; k < sizeof(names) / sizeof(names[0]); k++)
		if (!strcmp(s, names[k].name)) {
			*out = names[k].port;
			return true;
		}
	return false;
}

static bool parse_port(char **w, size_t n, size_t *i, struct fc_portmatch *p)
{
	memset(p, 0, sizeof(*p));
	if (*i >= n)
		return true;
	if (!strcmp(w[*i], "eq") || !strcmp(w[*i], "neq") || !strcmp(w[*i], "lt") || !strcmp(w[*i], "gt")) {
		p->op = !strcmp(w[*i], "eq") ? FC_PORT_EQ : !strcmp(w[*i], "neq") ? FC_PORT_NEQ
		      : !strcmp(w[*i], "lt") ? FC_PORT_LT : FC_PORT_GT;
		if (*i + 1 >= n || !port_value(w[*i + 1], &p->lo))
			return false;
		p->hi = p->lo;
		*i += 2;
	} else if (!strcmp(w[*i], "range")) {
		p->op = FC_PORT_RANGE;
		if (*i + 2 >= n || !port_value(w[*i + 1], &p->lo) || !port_value(w[*i + 2], &p->hi) || p->hi < p->lo)
			return false;
		*i += 3;
	}
	return true;
}

/* DSCP by number or by its PHB name (ef, af11..af43, cs0..cs7, default). */
static bool dscp_value(const char *s, int64_t *v)
{
	static const struct { const char *name; int dscp; } names[] = {
		{ "default", 0 }, { "ef", 46 }, { "af11", 10 }, { "af12", 12 }, { "af13", 14 }, { "af21", 18 },
		{ "af22", 20 }, { "af23", 22 }, { "af31", 26 }, { "af32", 28 }, { "af33", 30 }, { "af41", 34 },
		{ "af42", 36 }, { "af43", 38 }, { "cs0", 0 }, { "cs1", 8 }, { "cs2", 16 }, { "cs3", 24 }, { "cs4", 32 },
		{ "cs5", 40 }, { "cs6", 48 }, { "cs7", 56 },
	};
	size_t k;

	if (fc_parse_i64(s, 0, 63, v))
		return true;
	for (k = 0; k < sizeof(names) / sizeof(names[0]); k++)
		if (!strcmp(s, names[k].name)) {
			*v = names[k].dscp;
			return true;
		}
	return false;
}

bool fc_ace_words(char **w, size_t n, int64_t prev_seq, bool standard, struct fc_ace *ace)
{
	size_t i = 0;
	int64_t v;

	memset(ace, 0, sizeof(*ace));
	ace->dscp = -1;
	if (!n)
		return false;
	if (fc_parse_i64(w[0], 1, 4294967295LL, &v)) {
		ace->seq = v;
		i++;
	} else {
		ace->seq = prev_seq + 10;
	}
	if (i >= n)
		return false;
	if (!strcmp(w[i], "remark")) {
		ace->remark = true;
		return true;
	}
	if (strcmp(w[i], "permit") && strcmp(w[i], "deny"))
		return false;
	ace->permit = !strcmp(w[i], "permit");
	if (++i >= n)
		return false;
	if (standard) {   /* the source only: every protocol, to anywhere */
		ace->proto = -1;
		ace->dst.any = true;
		if (!parse_addr(w, n, &i, &ace->src))
			return false;
		if (i < n && !strcmp(w[i], "log"))
			i++;
		return i == n;
	}
	if (!strcmp(w[i], "ip"))
		ace->proto = -1;
	else if (!strcmp(w[i], "udp"))
		ace->proto = 17;
	else if (!strcmp(w[i], "tcp"))
		ace->proto = 6;
	else if (!strcmp(w[i], "icmp"))
		ace->proto = 1;
	else if (fc_parse_i64(w[i], 0, 255, &v))
		ace->proto = (int)v;
	else
		return false;
	i++;
	if (!parse_addr(w, n, &i, &ace->src) || !parse_port(w, n, &i, &ace->sport) || !parse_addr(w, n, &i, &ace->dst) ||
	    !parse_port(w, n, &i, &ace->dport))
		return false;
	while (i < n) {
		if (!strcmp(w[i], "dscp") && i + 1 < n && dscp_value(w[i + 1], &v)) {
			ace->dscp = (int)v;
			i += 2;
		} else if (!strcmp(w[i], "log") || !strcmp(w[i], "established")) {
			i++;
		} else {
			return false;
		}
	}
	return true;
}
