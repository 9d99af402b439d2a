/* SPDX-License-Identifier: MIT */
/* Would the legacy iptables filter table (x_tables, which runs beside nftables where both are in
 * use) accept a new inbound RoCEv2 packet (UDP to 4791, source port 49152-65535, IPv4, to a local
 * address) on a given interface? The table is read as iptables-save prints it: the live probe
 * renders what libiptc returns in that syntax (ipt_live.c), a recorded host keeps it as a reply,
 * and an agentless capture stores `iptables-legacy-save -t filter`. One evaluator reads all three.
 *
 * The INPUT chain is walked in order, following -j/-g into user chains. Each rule's matches are
 * true, false or "depends" (a source address fabcheck does not know, a match it does not
 * evaluate); a verdict reached through "depends" makes the answer unknown with the reason, the
 * way the nftables evaluator (nft.c) does. Matches understood: -i/-o (with + wildcards), -p,
 * -s/-d, udp/tcp --sport/--dport, multiport, state/conntrack --state/--ctstate, comment; targets
 * ACCEPT, DROP, REJECT, RETURN, user chains, and the non-terminating LOG family. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/probe.h"
#include "util/str.h"

#define ROCE_DPORT 4791
#define SPORT_LO 49152
#define SPORT_HI 65535
#define MAX_RULES 4096
#define MAX_CHAINS 256
#define MAX_TOKENS 96

enum tri { T_FALSE, T_TRUE, T_DEPENDS };
enum verdict { V_NONE, V_ACCEPT, V_DROP, V_RETURN, V_UNKNOWN };

struct ipt_rule {
	const char *chain;
	char *text;          /* the rule after "-A CHAIN " (owned by the table's copy) */
	unsigned line, index;
};

struct ipt_table {
	char *copy;          /* the input, cut into lines */
	struct ipt_rule rules[MAX_RULES];
	size_t nrules;
	const char *chains[MAX_CHAINS], *policy[MAX_CHAINS];
	size_t nchains;
};

struct ipt_ev {
	const struct ipt_table *t;
	const char *ifname;
	char why[256], where[160];
};

static int chain_index(const struct ipt_table *t, const char *name)
{
	size_t i;

	for (i = 0; i < t->nchains; i++)
		if (!strcmp(t->chains[i], name))
			return (int)i;
	return -1;
}

/* Splits a rule into tokens; "quoted strings" (comments) stay one token. */
static size_t tokens(char *s, char **tok, size_t max)
{
	size_t n = 0;

	while (*s && n < max) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			break;
		if (*s == '"') {
			tok[n++] = ++s;
			while (*s && *s != '"')
				s += s[0] == '\\' && s[1] ? 2 : 1;
		} else {
			tok[n++] = s;
			while (*s && *s != ' ' && *s != '\t')
				s++;
		}
		if (*s)
			*s++ = '\0';
	}
	return n;
}

/* An interface pattern: "eth+" matches every name starting with eth. */
static bool if_match(const char *pat, const char *name)
{
	size_t n = strlen(pat);

	if (n && pat[n - 1] == '+')
		return !strncmp(pat, name, n - 1);
	return !strcmp(pat, name);
}

static bool port_range(const char *s, long *lo, long *hi)
{
	char *end;

	*lo = strtol(s, &end, 10);
	if (end == s || *lo < 0 || *lo > 65535)
		return false;
	*hi = *lo;
	if (*end == ':') {
		const char *h = end + 1;

		*hi = *h ? strtol(h, &end, 10) : 65535;
		if ((*h && end == h) || *hi < *lo || *hi > 65535)
			return false;
	}
	return *end == '\0';
}

/* Does the list "4791,5000:6000" cover all of [lo, hi]? -1: not a port list. */
static int ports_cover(const char *list, long lo, long hi)
{
	char *buf = strdup(list), *save = NULL, *p;
	bool all = false, some = false;

	if (!buf)
		return -1;
	for (p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
		long a, b;

		if (!port_range(p, &a, &b)) {
			free(buf);
			return -1;
		}
		if (a <= lo && b >= hi)
			all = true;
		else if (a <= hi && b >= lo)
			some = true;
	}
	free(buf);
	return all ? 1 : some ? 2 : 0;
}

static enum tri ports_tri(const char *list, long lo, long hi, bool neg, bool *bad)
{
	int c = ports_cover(list, lo, hi);

	if (c < 0) {
		*bad = true;
		return T_DEPENDS;
	}
	if (c == 2)
		return T_DEPENDS;   /* part of the source port range */
	return (c == 1) != neg ? T_TRUE : T_FALSE;
}

/* NEW is the state of a first RoCEv2 packet. */
static enum tri state_tri(const char *list, bool neg)
{
	char *buf = strdup(list), *save = NULL, *p;
	bool has_new = false;

	if (!buf)
		return T_DEPENDS;
	for (p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save))
		has_new |= !strcmp(p, "NEW");
	free(buf);
	return has_new != neg ? T_TRUE : T_FALSE;
}

static bool non_terminating(const char *target)
{
	static const char *const t[] = { "LOG", "NFLOG", "ULOG", "MARK", "CONNMARK", "CT", "TRACE", "AUDIT",
					 "CLASSIFY", "DSCP", "TOS", "SET", "NOTRACK", "CHECKSUM", "TCPMSS", NULL };
	size_t i;

	for (i = 0; t[i]; i++)
		if (!strcmp(t[i], target))
			return true;
	return false;
}

static enum verdict walk(struct ipt_ev *e, const char *chain, int depth, bool *go);

static void note(struct ipt_ev *e, const struct ipt_rule *r, const char *what)
{
	if (!e->why[0])
		snprintf(e->why, sizeof(e->why), "iptables-legacy: %s, rule %u of chain %s (line %u)", what, r->index,
			 r->chain, r->line);
}

/* One rule: the verdict it gives the packet, V_NONE when it does not match or does not decide. */
static enum verdict rule(struct ipt_ev *e, const struct ipt_rule *r, int depth, bool *go)
{
	char copy[2048], *tok[MAX_TOKENS];
	size_t n, i;
	bool neg = false, depends = false, bad = false, is_goto = false;
	const char *target = NULL;
	enum tri t;

	snprintf(copy, sizeof(copy), "%s", r->text);
	n = tokens(copy, tok, MAX_TOKENS);
	for (i = 0; i < n; i++) {
		const char *o = tok[i], *v = i + 1 < n ? tok[i + 1] : NULL;

		if (!strcmp(o, "!")) {
			neg = true;
			continue;
		}
		t = T_TRUE;
		if (!strcmp(o, "-j") || !strcmp(o, "-g")) {
			if (!v)
				goto malformed;
			is_goto = o[1] == 'g';
			target = v;
			break;   /* what follows are the target's options */
		} else if ((!strcmp(o, "-i") || !strcmp(o, "-o")) && v) {
			/* INPUT has no output interface: "-o X" never matches there */
			t = o[1] == 'i' ? (if_match(v, e->ifname) != neg ? T_TRUE : T_FALSE) : (neg ? T_TRUE : T_FALSE);
			i++;
		} else if (!strcmp(o, "-p") && v) {
			bool udp = !strcasecmp(v, "udp") || !strcmp(v, "17");
			bool all = !strcasecmp(v, "all") || !strcmp(v, "0");

			t = all ? (neg ? T_FALSE : T_TRUE) : udp != neg ? T_TRUE : T_FALSE;
			i++;
		} else if ((!strcmp(o, "-s") || !strcmp(o, "-d")) && v) {
			if (strcmp(v, "0.0.0.0/0") && strcmp(v, "0.0.0.0/0.0.0.0")) {
				t = T_DEPENDS;
				note(e, r, o[1] == 's' ? "the source address decides" : "the destination address decides");
			}
			i++;
		} else if (!strcmp(o, "-m") && v) {
			static const char *const known[] = { "udp", "tcp", "multiport", "state", "conntrack", "comment", NULL };
			size_t k;

			for (k = 0; known[k] && strcmp(known[k], v); k++)
				;
			if (!known[k]) {
				char w[96];

				snprintf(w, sizeof(w), "match '%.40s' is not evaluated", v);
				note(e, r, w);
				t = T_DEPENDS;
			}
			i++;
		} else if ((!strcmp(o, "--dport") || !strcmp(o, "--destination-port") || !strcmp(o, "--dports") ||
			    !strcmp(o, "--destination-ports")) && v) {
			t = ports_tri(v, ROCE_DPORT, ROCE_DPORT, neg, &bad);
			i++;
		} else if ((!strcmp(o, "--sport") || !strcmp(o, "--source-port") || !strcmp(o, "--sports") ||
			    !strcmp(o, "--source-ports")) && v) {
			t = ports_tri(v, SPORT_LO, SPORT_HI, neg, &bad);
			if (t == T_DEPENDS && !bad)
				note(e, r, "the UDP source port decides");
			i++;
		} else if (!strcmp(o, "--ports") && v) {
			/* either port: true when 4791 is in the list, else it depends on the source port */
			t = ports_tri(v, ROCE_DPORT, ROCE_DPORT, neg, &bad);
			if (t == T_FALSE && !neg)
				t = ports_tri(v, SPORT_LO, SPORT_HI, false, &bad);
			i++;
		} else if ((!strcmp(o, "--state") || !strcmp(o, "--ctstate")) && v) {
			t = state_tri(v, neg);
			i++;
		} else if (!strcmp(o, "--comment") && v) {
			i++;
		} else if (o[0] == '-') {
			char w[96];

			snprintf(w, sizeof(w), "option '%.40s' is not evaluated", o);
			note(e, r, w);
			t = T_DEPENDS;
			if (v && v[0] != '-' && strcmp(v, "!"))
				i++;
		} else {
			goto malformed;
		}
		if (bad)
			goto malformed;
		neg = false;
		if (t == T_FALSE)
			return V_NONE;
		depends |= t == T_DEPENDS;
	}
	if (!target)
		return V_NONE;   /* a counting rule */
	if (non_terminating(target))
		return V_NONE;
	if (depends) {
		note(e, r, "the verdict depends on the packet");
		return V_UNKNOWN;
	}
	snprintf(e->where, sizeof(e->where), "iptables-legacy filter %s rule %u", r->chain, r->index);
	if (!strcmp(target, "ACCEPT"))
		return V_ACCEPT;
	if (!strcmp(target, "DROP") || !strcmp(target, "REJECT"))
		return V_DROP;
	if (!strcmp(target, "RETURN"))
		return V_RETURN;
	if (chain_index(e->t, target) >= 0) {
		enum verdict v;
		bool inner_go = false;

		v = walk(e, target, depth + 1, &inner_go);
		if (is_goto) {
			*go = true;   /* -g: when the chain returns, this chain is done too */
			return v == V_NONE ? V_RETURN : v;
		}
		return v == V_RETURN ? V_NONE : v;
	}
	{
		char w[96];

		snprintf(w, sizeof(w), "target '%.40s' is not evaluated", target);
		note(e, r, w);
	}
	return V_UNKNOWN;
malformed:
	note(e, r, "not understood");
	return V_UNKNOWN;
}

static enum verdict walk(struct ipt_ev *e, const char *chain, int depth, bool *go)
{
	size_t i;

	if (depth > 32) {
		snprintf(e->why, sizeof(e->why), "iptables-legacy: chain %s: jumps nested deeper than 32", chain);
		return V_UNKNOWN;
	}
	for (i = 0; i < e->t->nrules; i++) {
		const struct ipt_rule *r = &e->t->rules[i];
		enum verdict v;

		if (strcmp(r->chain, chain))
			continue;
		v = rule(e, r, depth, go);
		if (v != V_NONE)
			return v;
	}
	return V_NONE;
}

static void table_free(struct ipt_table *t)
{
	free(t->copy);
	free(t);
}

/* Reads the *filter section of iptables-save output into t (NULL and why on a malformed line). */
static struct ipt_table *table_read(const char *save, struct fc_err *err)
{
	struct ipt_table *t = calloc(1, sizeof(*t));
	char *line, *next;
	unsigned lineno = 0;
	bool in_filter = false;

	if (!t || !(t->copy = strdup(save))) {
		free(t);
		fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	for (line = t->copy; line; line = next) {
		size_t len;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		len = strlen(line);
		while (len && isspace((unsigned char)line[len - 1]))
			line[--len] = '\0';
		if (!len || line[0] == '#')
			continue;
		if (line[0] == '*') {
			in_filter = !strcmp(line, "*filter");
			continue;
		}
		if (!in_filter)
			continue;
		if (!strcmp(line, "COMMIT")) {
			in_filter = false;
		} else if (line[0] == ':') {
			char *sp = strchr(line, ' ');

			if (!sp || t->nchains >= MAX_CHAINS)
				goto bad;
			*sp = '\0';
			t->chains[t->nchains] = line + 1;
			t->policy[t->nchains++] = sp + 1;
			sp = strchr(sp + 1, ' ');
			if (sp)
				*sp = '\0';   /* "ACCEPT [0:0]" -> "ACCEPT" */
		} else if (!strncmp(line, "-A ", 3)) {
			char *name = line + 3, *sp = strchr(name, ' ');
			struct ipt_rule *r;
			size_t k;

			if (t->nrules >= MAX_RULES)
				goto bad;
			r = &t->rules[t->nrules];
			if (sp)
				*sp = '\0';
			if (chain_index(t, name) < 0)
				goto bad;
			r->chain = t->chains[chain_index(t, name)];
			r->text = sp ? sp + 1 : name + strlen(name);
			r->line = lineno;
			for (k = 0; k < t->nrules; k++)
				r->index += !strcmp(t->rules[k].chain, r->chain);
			r->index++;
			t->nrules++;
		} else {
			goto bad;
		}
	}
	return t;   /* without a *filter section: no chains, nothing legacy filters */
bad:
	fc_err_set(err, FC_ERR_INPUT, NULL, lineno,
		   "iptables-legacy-save: expected ':CHAIN POLICY', '-A CHAIN ...' or COMMIT, found '%.80s'", line);
	table_free(t);
	return NULL;
}

const char *fc_ipt_roce_verdict(const char *save, const char *ifname, struct fc_err *err, char *where,
				size_t wheresz)
{
	struct ipt_ev e;
	struct ipt_table *t = table_read(save, err);
	enum verdict v;
	const char *out = NULL;
	bool go = false;
	int in;

	if (!t)
		return NULL;
	memset(&e, 0, sizeof(e));
	e.t = t;
	e.ifname = ifname;
	in = chain_index(t, "INPUT");
	if (in < 0) {
		table_free(t);
		snprintf(where, wheresz, "iptables-legacy: no filter table");
		return "accept";
	}
	v = walk(&e, "INPUT", 0, &go);
	if (v == V_NONE || v == V_RETURN) {
		const char *pol = t->policy[in];

		snprintf(e.where, sizeof(e.where), "iptables-legacy filter INPUT policy %s", pol);
		v = !strcmp(pol, "ACCEPT") ? V_ACCEPT : !strcmp(pol, "DROP") ? V_DROP : V_UNKNOWN;
		if (v == V_UNKNOWN)
			snprintf(e.why, sizeof(e.why), "iptables-legacy: INPUT policy '%.40s' not understood", pol);
	}
	if (v == V_ACCEPT)
		out = "accept";
	else if (v == V_DROP)
		out = "drop";
	else
		fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "%s",
			   e.why[0] ? e.why : "iptables-legacy: the verdict depends on the packet");
	snprintf(where, wheresz, "%s", e.where);
	table_free(t);
	return out;
}
