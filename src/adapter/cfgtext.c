/* SPDX-License-Identifier: MIT */
/* Configuration and output text every switch OS shares (cfgtext.h): keyword lists, number sets,
 * units, speeds, interface ranges, ACL entries, port-channel membership. */
#include "adapter/cfgtext.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter/adapter.h"
#include "util/hmap.h"
#include "util/str.h"

bool fc_cfg_words_prefix(const char *s, size_t len, const char *p)
{
	size_t n = strlen(p);

	return len >= n && !memcmp(s, p, n) && (len == n || s[n] == ' ');
}

bool fc_cfg_in_list(const char *s, size_t len, const char *const *list)
{
	static const char *const negations[] = { "no ", "default " };
	const char *const *p;
	size_t k;

	for (p = list; *p; p++)
		if (fc_cfg_words_prefix(s, len, *p))
			return true;
	/* the negation of a statement that decides nothing decides nothing either */
	for (k = 0; k < sizeof(negations) / sizeof(negations[0]); k++) {
		size_t nl = strlen(negations[k]);

		if (len > nl && !memcmp(s, negations[k], nl))
			for (p = list; *p; p++)
				if (fc_cfg_words_prefix(s + nl, len - nl, *p))
					return true;
	}
	return false;
}

/* One item of a number set: "3" or "24-26", n bytes at s. */
static bool num_item(const char *s, size_t n, int64_t max, uint64_t *mask)
{
	const char *dash = memchr(s, '-', n);
	int64_t lo, hi, k;

	if (dash) {
		if (!fc_parse_i64n(s, (size_t)(dash - s), 0, max, &lo) ||
		    !fc_parse_i64n(dash + 1, n - (size_t)(dash - s) - 1, 0, max, &hi) || hi < lo)
			return false;
	} else if (!fc_parse_i64n(s, n, 0, max, &lo)) {
		return false;
	} else {
		hi = lo;
	}
	for (k = lo; k <= hi; k++)
		*mask |= (uint64_t)1 << k;
	return true;
}

bool fc_num_set(char *const *w, size_t n, int64_t max, uint64_t *mask)
{
	size_t i;

	*mask = 0;
	if (max < 0 || max > 63)
		return false;
	for (i = 0; i < n; i++) {
		const char *p = w[i];

		for (;;) {
			size_t len = strcspn(p, ",");

			if (!num_item(p, len, max, mask))
				return false;
			if (!p[len])
				break;
			p += len + 1;
		}
	}
	return n > 0;
}

struct unit {
	const char *unit;
	int64_t mul;
};

/* v in the unit named by unit, one of units[0..n), scaled to the base unit; false for another
 * unit or a product past 2^62. */
static bool scale(const struct unit *units, size_t n, int64_t v, const char *unit, int64_t *out)
{
	size_t i;

	for (i = 0; unit && i < n; i++)
		if (!strcmp(unit, units[i].unit)) {
			if (v < 0 || v > (INT64_C(1) << 62) / units[i].mul)
				return false;
			*out = v * units[i].mul;
			return true;
		}
	return false;
}

bool fc_unit_bytes(int64_t v, const char *unit, int64_t *bytes)
{
	static const struct unit units[] = {
		{ "bytes", 1 }, { "kbytes", INT64_C(1) << 10 }, { "mbytes", INT64_C(1) << 20 }, { "gbytes", INT64_C(1) << 30 },
	};

	return scale(units, sizeof(units) / sizeof(units[0]), v, unit, bytes);
}

bool fc_unit_bytes_words(const char *v, const char *unit, int64_t *bytes)
{
	int64_t n;

	return v && fc_parse_i64(v, 0, INT64_C(1) << 40, &n) && fc_unit_bytes(n, unit, bytes);
}

bool fc_unit_usec(int64_t v, const char *unit, int64_t *usec)
{
	static const struct unit units[] = {
		{ "microseconds", 1 }, { "milliseconds", 1000 }, { "seconds", 1000000 },
	};

	return scale(units, sizeof(units) / sizeof(units[0]), v, unit, usec);
}

bool fc_speed_parse(const char *s, int64_t *mbps, int64_t *lanes)
{
	static const struct { const char *unit; double mul; } units[] = {
		{ "Gb/s", 1000 }, { "Gbps", 1000 }, { "G", 1000 }, { "g", 1000 },
		{ "Mb/s", 1 }, { "Mbps", 1 }, { "M", 1 }, { "m", 1 }, { "", 1 },
	};
	const char *u;
	char *end;
	double v;
	size_t i, n;

	if (lanes)
		*lanes = 0;
	if (!strncmp(s, "a-", 2))   /* autonegotiated at this speed */
		s += 2;
	if (!isdigit((unsigned char)*s))
		return false;   /* no sign, no "nan", no "inf", no blank */
	v = strtod(s, &end);
	if (end == s || !isfinite(v) || v <= 0)
		return false;
	u = end + (*end == ' ');
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		n = strlen(units[i].unit);
		if (strncmp(u, units[i].unit, n))
			continue;
		if (v * units[i].mul > FC_SPEED_MAX_MBPS || v * units[i].mul < 1)
			return false;
		u += n;
		if (!strcmp(u, "full") || !*u)
			break;
		if (*u == '-' && n == 1 && isalpha((unsigned char)units[i].unit[0]))
			break;   /* "100g-4": lanes follow */
		return false;
	}
	if (i == sizeof(units) / sizeof(units[0]) || (!units[i].unit[0] && u != end))
		return false;   /* a blank before no unit */
	*mbps = (int64_t)(v * units[i].mul);
	if (*u == '-') {
		int64_t l;

		if (!fc_parse_i64(u + 1, 1, 16, &l))
			return false;
		if (lanes)
			*lanes = l;
	}
	return true;
}

/* --- interface lists -------------------------------------------------------------------------- */

struct ifl {
	struct fc_model *m;
	fc_ifname_canon_fn *canon;
	const char **v;
	size_t n, cap;
	struct fc_hmap *seen;   /* the names in v, once there are more than SEEN_SCAN (most lists name
				 * one port: a map per list was 600 bytes of a configuration's model each) */
	char letters[64];   /* the previous item's name letters, for a bare number ("Ethernet1-4,6") */
	const char *why;
};

#define SEEN_SCAN 16

static bool add_name(struct ifl *l, const char *name)
{
	const char *s = fc_model_str(l->m, name);
	int failed = 0;
	size_t i;

	if (!s)
		return false;
	/* a port named twice is one port */
	if (!l->seen && l->n < SEEN_SCAN) {
		for (i = 0; i < l->n; i++)
			if (!strcmp(l->v[i], s))
				return true;
	} else {
		if (!l->seen) {
			if (!(l->seen = fc_hmap_new(l->m->arena, 2 * SEEN_SCAN)))
				return false;
			for (i = 0; i < l->n && !failed; i++)
				fc_hmap_put(l->seen, l->v[i], strlen(l->v[i]), l, &failed);
			if (failed)
				return false;
		}
		if (fc_hmap_put(l->seen, s, strlen(s), l, &failed) || failed)
			return !failed;
	}
	if (l->n == FC_IFLIST_MAX) {
		l->why = "the list names more than 4096 ports";
		return false;
	}
	if (!(l->v = fc_grow(l->m->arena, l->v, l->n, &l->cap, sizeof(*l->v))))
		return false;
	l->v[l->n++] = s;
	return true;
}

/* One item: "Ethernet1/1", "Ethernet1/1-4", "Ethernet 1/17-1/32", "Ethernet1/49/1-4",
 * "port-channel10-12", or (bare) "6", "7-8". */
static bool item(struct ifl *l, const char *s, size_t len, bool bare)
{
	char in[FC_IFLIST_NAME], left[FC_IFLIST_NAME], name[FC_IFLIST_NAME];
	const char *dash = NULL, *p, *rl, *r;
	size_t plen;
	long lo, hi, k;
	char *end;

	while (len && isspace((unsigned char)*s))
		s++, len--;
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	if (bare && len && isdigit((unsigned char)*s) && l->letters[0]) {   /* the previous name's letters */
		if ((size_t)snprintf(in, sizeof(in), "%s%.*s", l->letters, (int)len, s) >= sizeof(in))
			return false;
		s = in;
		len = strlen(in);
	}
	for (p = s; p < s + len; p++)   /* the range dash follows a digit: port-channel's own does not */
		if (*p == '-' && p > s && isdigit((unsigned char)p[-1]))
			dash = p;
	if (!dash) {
		if (len >= sizeof(left) || !l->canon(s, len, name, sizeof(name)))
			return false;
		lo = hi = -1;
	} else {
		r = dash + 1;
		if ((size_t)(dash - s) >= sizeof(left) || !l->canon(s, (size_t)(dash - s), left, sizeof(left)))
			return false;
		plen = strlen(left);
		while (plen && isdigit((unsigned char)left[plen - 1]))
			plen--;
		lo = strtol(left + plen, NULL, 10);
		/* the right end is a number, or the whole numeric path again ("1/32" after "1/17") */
		rl = r;
		for (p = r; p < s + len; p++)
			if (*p == '/')
				rl = p + 1;
		if (rl != r) {
			const char *lp = left + plen;   /* the left's numeric path before its last number */
			size_t pathlen = (size_t)(rl - r);

			while (lp > left && (isdigit((unsigned char)lp[-1]) || lp[-1] == '/'))
				lp--;
			if ((size_t)(left + plen - lp) != pathlen || memcmp(lp, r, pathlen))
				return false;
		}
		if (!isdigit((unsigned char)*rl))
			return false;
		hi = strtol(rl, &end, 10);
		if (end != s + len || hi < lo)
			return false;
		if (hi - lo >= FC_IFLIST_MAX) {
			l->why = "the list names more than 4096 ports";
			return false;
		}
	}
	/* the letters of the name, for a bare item after it */
	p = dash ? left : name;
	snprintf(l->letters, sizeof(l->letters), "%.*s", (int)strcspn(p, "0123456789"), p);
	if (!dash)
		return add_name(l, name);
	for (k = lo; k <= hi; k++) {
		if ((size_t)snprintf(name, sizeof(name), "%.*s%ld", (int)plen, left, k) >= sizeof(name) || !add_name(l, name))
			return false;
	}
	return true;
}

bool fc_iflist(struct fc_model *m, const char *spec, fc_ifname_canon_fn *canon, bool bare, const char ***v, size_t *n,
	       const char **why)
{
	struct ifl l;
	const char *p = spec;

	memset(&l, 0, sizeof(l));
	l.m = m;
	l.canon = canon;
	*v = NULL;
	*n = 0;
	*why = "an item is no interface name or range of one";
	for (;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);

		if (!item(&l, p, len, bare)) {
			if (l.why)
				*why = l.why;
			return false;
		}
		if (!comma)
			break;
		p = comma + 1;
	}
	if (!l.n)
		return false;
	*v = l.v;
	*n = l.n;
	return true;
}

/* --- ACL entries, port-channels ----------------------------------------------------------------- */

enum fc_rc fc_acl_append(struct fc_model *m, struct fc_acl *acl, char **w, size_t n, const char *text, size_t tlen,
			 struct fc_src loc, bool *understood)
{
	struct fc_ace ace;

	*understood = fc_ace_words(w, n, acl->n ? acl->aces[acl->n - 1].seq : 0, acl->standard, &ace);
	if (!*understood)
		return FC_OK;
	ace.text = fc_model_strn(m, text, tlen);
	ace.loc = loc;
	/* in place while the entries are the arena's newest allocation, else doubled from one: most
	 * ACLs of a configuration have a few entries, and fc_grow's first eight were 960 bytes */
	acl->aces = fc_grow_tail(m->arena, acl->aces, acl->n, &acl->cap, sizeof(*acl->aces));
	if (!acl->aces || !ace.text)
		return FC_ERR_NOMEM;
	acl->aces[acl->n++] = ace;
	return FC_OK;
}

bool fc_channel_group(char *const *w, size_t n, int64_t *num)
{
	size_t k;

	if (n < 2 || strcmp(w[0], "channel-group") || !fc_parse_i64(w[1], 1, 4096, num))
		return false;
	for (k = 2; k < n; k++)
		if (strcmp(w[k], "force") && strcmp(w[k], "mode") && strcmp(w[k], "active") && strcmp(w[k], "passive") &&
		    strcmp(w[k], "on"))
			return false;
	return true;
}
