/* SPDX-License-Identifier: MIT */
/* Would this host's nftables ruleset accept a new inbound RoCEv2 packet (UDP to 4791, source port
 * 49152-65535, IPv4) on a given interface? The ruleset is the JSON of "nft -j list ruleset"
 * (libnftables live, or a recorded reply). Base chains of families ip and inet at the prerouting
 * and input hooks, and netdev ingress chains on the interface, are walked in hook and priority
 * order, following jump/goto into regular chains and looking members up in named and anonymous
 * sets. Each match is true, false or "depends" (an address fabcheck does not know); a verdict
 * reached through "depends", or an expression the evaluator does not know, makes the answer
 * unknown with the reason. Nothing is guessed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/doc.h"
#include "probe/probe.h"
#include "util/str.h"

#define ROCE_DPORT 4791
#define SPORT_LO 49152
#define SPORT_HI 65535

enum tri { T_FALSE, T_TRUE, T_DEPENDS };

struct ev {
	const struct doc *d;
	const char *ifname;
	char why[256];            /* first reason the verdict is unknown */
	const char *verdict_rule; /* "table/chain handle N" of the deciding rule */
	char where[128];
};

static const struct doc_node *ruleset_items(const struct doc *d)
{
	return doc_get(d->root, "nftables");
}

/* The object of a given kind ("chain", "set", ...) with family/table/name. */
static const struct doc_node *find_obj(const struct ev *e, const char *kind, const char *family, const char *table,
				       const char *name)
{
	const struct doc_node *items = ruleset_items(e->d);
	size_t i;

	for (i = 0; items && i < items->n; i++) {
		const struct doc_node *o = doc_get(items->items[i], kind);
		const struct doc_node *f = doc_get(o, "family"), *t = doc_get(o, "table"), *n = doc_get(o, "name");

		if (o && f && t && n && f->str && t->str && n->str && !strcmp(f->str, family) && !strcmp(t->str, table) &&
		    !strcmp(n->str, name))
			return o;
	}
	return NULL;
}

static bool num_of(const struct doc_node *n, int64_t *v)
{
	return n && (n->type == DOC_NUM || (n->type == DOC_STR && n->plain)) && fc_parse_i64(n->str, INT64_MIN, INT64_MAX, v);
}

/* Does the value set "right" (a number, a range, a set, a named set @x) contain every value of
 * [lo,hi] (T_TRUE), none (T_FALSE), or some (T_DEPENDS)? depth bounds sets that name sets (a
 * hostile ruleset can name a set inside itself). */
static enum tri contains_d(struct ev *e, const char *family, const char *table, const struct doc_node *right,
			   int64_t lo, int64_t hi, int depth);

static enum tri contains(struct ev *e, const char *family, const char *table, const struct doc_node *right, int64_t lo,
			 int64_t hi)
{
	return contains_d(e, family, table, right, lo, hi, 0);
}

static enum tri contains_d(struct ev *e, const char *family, const char *table, const struct doc_node *right,
			   int64_t lo, int64_t hi, int depth)
{
	int64_t v, a, b;
	const struct doc_node *r, *s;
	size_t i;
	bool all = false, some = false;

	if (depth > 8) {
		snprintf(e->why, sizeof(e->why), "sets nested deeper than 8 levels");
		return T_DEPENDS;
	}
	if (num_of(right, &v))
		return v == lo && v == hi ? T_TRUE : (v >= lo && v <= hi) ? T_DEPENDS : T_FALSE;
	if (right->type == DOC_STR && right->str && right->str[0] == '@') {
		const struct doc_node *set = find_obj(e, "set", family, table, right->str + 1);

		return set ? contains_d(e, family, table, doc_get(set, "elem") ? doc_get(set, "elem") : right, lo, hi, depth + 1)
			   : T_DEPENDS;
	}
	if ((r = doc_get(right, "range")) && r->type == DOC_SEQ && r->n == 2 && num_of(r->items[0], &a) &&
	    num_of(r->items[1], &b))
		return a <= lo && b >= hi ? T_TRUE : (b < lo || a > hi) ? T_FALSE : T_DEPENDS;
	s = doc_get(right, "set");
	if (!s && right->type == DOC_SEQ)
		s = right;
	if (s && s->type == DOC_SEQ) {
		for (i = 0; i < s->n; i++) {
			enum tri t = contains_d(e, family, table, s->items[i], lo, hi, depth + 1);

			all |= t == T_TRUE;
			some |= t != T_FALSE;
		}
		return all ? T_TRUE : some ? T_DEPENDS : T_FALSE;
	}
	if ((s = doc_get(right, "elem")))   /* {"elem": {"val": N, ...}} inside named sets */
		return contains_d(e, family, table, doc_get(s, "val") ? doc_get(s, "val") : s, lo, hi, depth + 1);
	return T_DEPENDS;
}

static enum tri str_match(const struct doc_node *right, const char *value)
{
	size_t i;
	const struct doc_node *s = doc_get(right, "set");

	if (right->type == DOC_STR && right->str) {
		size_t n = strlen(right->str);

		/* "roce*" wildcards */
		if (n && right->str[n - 1] == '*')
			return !strncmp(right->str, value, n - 1) ? T_TRUE : T_FALSE;
		return !strcmp(right->str, value) ? T_TRUE : T_FALSE;
	}
	if (!s && right->type == DOC_SEQ)
		s = right;
	for (i = 0; s && s->type == DOC_SEQ && i < s->n; i++)
		if (str_match(s->items[i], value) == T_TRUE)
			return T_TRUE;
	return s ? T_FALSE : T_DEPENDS;
}

static enum tri negate(enum tri t, const char *op)
{
	if (!strcmp(op, "!="))
		return t == T_TRUE ? T_FALSE : t == T_FALSE ? T_TRUE : T_DEPENDS;
	return t;
}

/* One {"match": {...}} for the RoCE packet. */
static enum tri match(struct ev *e, const char *family, const char *table, const struct doc_node *m)
{
	const struct doc_node *left = doc_get(m, "left"), *right = doc_get(m, "right"), *op = doc_get(m, "op"), *x;
	const char *o = op && op->str ? op->str : "==";

	if (!left || !right)
		return T_DEPENDS;
	if (strcmp(o, "==") && strcmp(o, "!=") && strcmp(o, "in")) {
		snprintf(e->why, sizeof(e->why), "match operator '%s' is not evaluated", o);
		return T_DEPENDS;
	}
	if ((x = doc_get(left, "payload"))) {
		const struct doc_node *proto = doc_get(x, "protocol"), *field = doc_get(x, "field");
		const char *p = proto && proto->str ? proto->str : "", *f = field && field->str ? field->str : "";

		if ((!strcmp(p, "udp") || !strcmp(p, "th")) && !strcmp(f, "dport"))
			return negate(contains(e, family, table, right, ROCE_DPORT, ROCE_DPORT), o);
		if ((!strcmp(p, "udp") || !strcmp(p, "th")) && !strcmp(f, "sport"))
			return negate(contains(e, family, table, right, SPORT_LO, SPORT_HI), o);
		if (!strcmp(p, "tcp") || !strcmp(p, "icmp") || !strcmp(p, "icmpv6") || !strcmp(p, "ip6"))
			return negate(T_FALSE, o);   /* a TCP/ICMP/IPv6 header match never holds for RoCEv2/IPv4 */
		if (!strcmp(p, "ip") && !strcmp(f, "protocol"))
			return negate(right->str && !strcmp(right->str, "udp") ? T_TRUE : str_match(right, "udp"), o);
		if (!strcmp(p, "ip") && (!strcmp(f, "saddr") || !strcmp(f, "daddr"))) {
			snprintf(e->why, sizeof(e->why), "a rule matches ip %s, and the peers' addresses are not known here", f);
			return T_DEPENDS;
		}
		if (!strcmp(p, "ip") && !strcmp(f, "dscp")) {
			snprintf(e->why, sizeof(e->why), "a rule matches the DSCP of the packet");
			return T_DEPENDS;
		}
	}
	if ((x = doc_get(left, "meta"))) {
		const struct doc_node *k = doc_get(x, "key");
		const char *key = k && k->str ? k->str : "";

		if (!strcmp(key, "l4proto"))
			return negate(str_match(right, "udp"), o);
		if (!strcmp(key, "nfproto"))
			return negate(str_match(right, "ipv4"), o);
		if (!strcmp(key, "iifname") || !strcmp(key, "iif"))
			return negate(str_match(right, e->ifname), o);
		if (!strcmp(key, "pkttype"))
			return negate(str_match(right, "host"), o);
	}
	if ((x = doc_get(left, "ct")) && doc_get(x, "key") && doc_get(x, "key")->str &&
	    !strcmp(doc_get(x, "key")->str, "state"))
		return negate(str_match(right, "new"), o);   /* the first packet of a RoCE flow */
	snprintf(e->why, sizeof(e->why), "an nftables match the evaluator does not know");
	return T_DEPENDS;
}

enum verdict { V_NONE, V_ACCEPT, V_DROP, V_UNKNOWN, V_RETURN };

static enum verdict chain(struct ev *e, const char *family, const char *table, const char *name, int depth);

/* Applies a rule: V_NONE when it does not match (continue). */
static enum verdict rule(struct ev *e, const char *family, const char *table, const struct doc_node *r, int depth)
{
	const struct doc_node *exprs = doc_get(r, "expr"), *h = doc_get(r, "handle");
	bool depends = false;
	size_t i;

	for (i = 0; exprs && exprs->type == DOC_SEQ && i < exprs->n; i++) {
		const struct doc_node *x = exprs->items[i], *m, *j;
		enum verdict v = V_NONE;

		if ((m = doc_get(x, "match"))) {
			enum tri t = match(e, family, table, m);

			if (t == T_FALSE)
				return V_NONE;
			depends |= t == T_DEPENDS;
			continue;
		}
		if (doc_get(x, "counter") || doc_get(x, "log") || doc_get(x, "notrack") || doc_get(x, "mangle"))
			continue;
		if (doc_get(x, "accept"))
			v = V_ACCEPT;
		else if (doc_get(x, "drop") || doc_get(x, "reject"))
			v = V_DROP;
		else if (doc_get(x, "return"))
			v = V_RETURN;
		else if (((j = doc_get(x, "jump")) || (j = doc_get(x, "goto"))) && doc_get(j, "target") &&
			 doc_get(j, "target")->str) {
			v = chain(e, family, table, doc_get(j, "target")->str, depth + 1);
			if (v == V_RETURN || v == V_NONE)
				v = doc_get(x, "goto") ? V_RETURN : V_NONE;
		} else {
			snprintf(e->why, sizeof(e->why), "a rule statement the evaluator does not know");
			depends = true;
			v = V_UNKNOWN;
		}
		if (v == V_NONE)
			continue;
		if (depends && v != V_UNKNOWN) {
			v = V_UNKNOWN;   /* the verdict holds only for some RoCE packets */
		}
		snprintf(e->where, sizeof(e->where), "%s %s, rule handle %s", family, table, h && h->str ? h->str : "?");
		return v;
	}
	return V_NONE;
}

static enum verdict chain(struct ev *e, const char *family, const char *table, const char *name, int depth)
{
	const struct doc_node *items = ruleset_items(e->d);
	size_t i;

	if (depth > 16) {
		snprintf(e->why, sizeof(e->why), "jumps nested deeper than 16 chains");
		return V_UNKNOWN;
	}
	for (i = 0; items && i < items->n; i++) {
		const struct doc_node *r = doc_get(items->items[i], "rule"), *f, *t, *c;
		enum verdict v;

		if (!r || !(f = doc_get(r, "family")) || !(t = doc_get(r, "table")) || !(c = doc_get(r, "chain")) || !f->str ||
		    !t->str || !c->str || strcmp(f->str, family) || strcmp(t->str, table) || strcmp(c->str, name))
			continue;
		v = rule(e, family, table, r, depth);
		if (v != V_NONE)
			return v;
	}
	return V_NONE;
}

struct base {
	const struct doc_node *c;
	int hook_rank;   /* ingress 0, prerouting 1, input 2 */
	int64_t prio;
};

static int cmp_base(const void *a, const void *b)
{
	const struct base *x = a, *y = b;

	if (x->hook_rank != y->hook_rank)
		return x->hook_rank - y->hook_rank;
	return x->prio < y->prio ? -1 : x->prio > y->prio;
}

/* "accept", "drop" or NULL (unknown, reason in why), for a new RoCEv2 packet arriving on ifname. */
const char *fc_nft_roce_verdict(const struct doc *d, const char *ifname, struct fc_err *err, char *where,
				size_t wheresz)
{
	const struct doc_node *items = ruleset_items(d);
	struct base bases[64];
	size_t nb = 0, i;
	struct ev e;

	memset(&e, 0, sizeof(e));
	e.d = d;
	e.ifname = ifname;
	if (!items || items->type != DOC_SEQ) {
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "the nftables JSON has no 'nftables' list");
		return NULL;
	}
	for (i = 0; i < items->n && nb < 64; i++) {
		const struct doc_node *c = doc_get(items->items[i], "chain"), *f, *hook, *type, *dev;
		int64_t prio = 0;

		if (!c || !(hook = doc_get(c, "hook")) || !hook->str || !(f = doc_get(c, "family")) || !f->str)
			continue;
		type = doc_get(c, "type");
		if (type && type->str && strcmp(type->str, "filter"))
			continue;
		num_of(doc_get(c, "prio"), &prio);
		if ((!strcmp(f->str, "ip") || !strcmp(f->str, "inet")) &&
		    (!strcmp(hook->str, "input") || !strcmp(hook->str, "prerouting")))
			bases[nb++] = (struct base){ c, !strcmp(hook->str, "input") ? 2 : 1, prio };
		else if (!strcmp(f->str, "netdev") && !strcmp(hook->str, "ingress") && (dev = doc_get(c, "dev")) &&
			 str_match(dev, ifname) == T_TRUE)
			bases[nb++] = (struct base){ c, 0, prio };
	}
	qsort(bases, nb, sizeof(bases[0]), cmp_base);
	/* every base chain on the way must let the packet through; a drop anywhere ends it */
	for (i = 0; i < nb; i++) {
		const struct doc_node *c = bases[i].c, *pol = doc_get(c, "policy");
		const char *fam = doc_get(c, "family")->str, *tab = doc_get(c, "table") ? doc_get(c, "table")->str : "";
		const char *name = doc_get(c, "name") ? doc_get(c, "name")->str : "";
		enum verdict v;

		e.why[0] = '\0';
		v = chain(&e, fam, tab ? tab : "", name ? name : "", 0);
		if (v == V_NONE || v == V_RETURN) {
			v = pol && pol->str && !strcmp(pol->str, "drop") ? V_DROP : V_ACCEPT;
			snprintf(e.where, sizeof(e.where), "%s %s chain %s policy", fam, tab ? tab : "", name ? name : "");
		}
		if (v == V_DROP) {
			snprintf(where, wheresz, "%s", e.where);
			return "drop";
		}
		if (v == V_UNKNOWN) {
			fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "%s (%s)",
				   e.why[0] ? e.why : "the verdict depends on the packet", e.where);
			return NULL;
		}
	}
	snprintf(where, wheresz, "%s", nb ? e.where : "no filter chain on the input path");
	return "accept";
}
