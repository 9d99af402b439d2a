/* SPDX-License-Identifier: MIT */
/* NX-OS configuration as people write it in config repositories (the CI-gate case), beside what
 * show running-config prints: interface ranges and lists, keywords abbreviated to a prefix NX-OS
 * takes, multi-line banners. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vendors/nxos/nxos.h"

#define MAX_RANGE 4096   /* ports one interface line may name: more is refused as not understood */

/* One item: "Ethernet1/1", "Ethernet1/1-4", "Ethernet 1/17-1/32", "Ethernet1/49/1-4",
 * "port-channel10-12". Appends the canonical names to *v. */
static bool item(struct fc_model *m, const char *s, size_t len, const char ***v, size_t *n, size_t *cap)
{
	char left[NXOS_IFNAME_MAX], name[NXOS_IFNAME_MAX];
	const char *dash = NULL, *p;
	long lo, hi, k;
	size_t plen, i;

	while (len && isspace((unsigned char)*s))
		s++, len--;
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	for (p = s; p < s + len; p++)   /* the range dash follows a digit: port-channel's own does not */
		if (*p == '-' && p > s && isdigit((unsigned char)p[-1]))
			dash = p;
	if (!dash) {
		if (!nxos_ifname_canon(s, len, name, sizeof(name)))
			return false;
		lo = hi = -1;
	} else {
		const char *r = dash + 1, *rl;
		char *end;

		if ((size_t)(dash - s) >= sizeof(left) || !nxos_ifname_canon(s, (size_t)(dash - s), left, sizeof(left)))
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
		if (end != s + len || hi < lo || hi - lo >= MAX_RANGE)
			return false;
	}
	for (k = lo; k <= hi; k++) {
		if (dash) {
			if ((size_t)snprintf(name, sizeof(name), "%.*s%ld", (int)plen, left, k) >= sizeof(name))
				return false;
		}
		if (*n == *cap) {
			size_t nc = *cap ? 2 * *cap : 8;
			const char **nv = fc_alloc(m->arena, nc * sizeof(*nv));

			if (!nv)
				return false;
			if (*n)
				memcpy(nv, *v, *n * sizeof(*nv));
			*v = nv;
			*cap = nc;
		}
		if (!((*v)[(*n)++] = fc_model_str(m, name)))
			return false;
		for (i = 0; i + 1 < *n; i++)   /* a port named twice is one port */
			if (!strcmp((*v)[i], (*v)[*n - 1])) {
				(*n)--;
				break;
			}
		if (!dash)
			break;
	}
	return *n <= MAX_RANGE;
}

const char **nxos_iflist(struct fc_model *m, const char *spec, size_t *n)
{
	const char **v = NULL;
	size_t cap = 0;
	const char *p = spec;

	*n = 0;
	for (;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);

		if (!item(m, p, len, &v, n, &cap))
			return NULL;
		if (!comma)
			break;
		p = comma + 1;
	}
	return *n ? v : NULL;
}

/* Keywords NX-OS takes abbreviated to any prefix that is unique where they stand; the shortest
 * prefix accepted here keeps clear of the other commands of that mode. */
static const struct abbrev {
	const char *full;
	size_t min;
} top_words[] = {
	{ "interface", 3 }, { "hostname", 5 }, { NULL, 0 },
}, if_words[] = {
	{ "description", 4 }, { "shutdown", 4 }, { "service-policy", 7 }, { "priority-flow-control", 8 },
	{ "switchport", 6 }, { "channel-group", 7 }, { NULL, 0 },
}, if_no_words[] = {   /* the word after "no" */
	{ "shutdown", 4 }, { "switchport", 6 }, { NULL, 0 },
}, ip_words[] = {      /* the word after "ip" */
	{ "address", 3 }, { "access-group", 8 }, { NULL, 0 },
}, dir_words[] = {     /* the direction of service-policy */
	{ "input", 2 }, { "output", 3 }, { NULL, 0 },
};

static const char *expand(const char *w, const struct abbrev *t)
{
	size_t len = strlen(w);

	for (; t->full; t++)
		if (len >= t->min && len < strlen(t->full) && !strncmp(w, t->full, len))
			return t->full;
	return NULL;
}

const char *nxos_cfg_expand(const char *line, size_t len, char *const *w, size_t n, bool in_iface,
			    struct fc_buf *out)
{
	const char *full[8] = { NULL };
	size_t i, k;
	bool any = false;

	if (!n)
		return NULL;
	if (!in_iface) {
		full[0] = expand(w[0], top_words);
	} else {
		full[0] = expand(w[0], if_words);
		if (n >= 2 && !strcmp(w[0], "no"))
			full[1] = expand(w[1], if_no_words);
		if (n >= 2 && !strcmp(w[0], "ip"))
			full[1] = expand(w[1], ip_words);
		if (!strcmp(full[0] ? full[0] : w[0], "service-policy"))
			for (i = 1; i < n && i < 4; i++)
				if (!full[i] && (full[i] = expand(w[i], dir_words)))
					break;
	}
	for (i = 0; i < 8; i++)
		any |= full[i] != NULL;
	if (!any)
		return NULL;
	/* the line again with the words written in full, keeping its indentation */
	out->len = 0;
	for (k = 0; k < len && line[k] == ' '; k++)
		;
	if (fc_buf_add(out, line, k) != FC_OK)
		return NULL;
	for (i = 0; i < n; i++) {
		const char *x = i < 8 && full[i] ? full[i] : w[i];

		if ((i && fc_buf_add(out, " ", 1) != FC_OK) || fc_buf_add(out, x, strlen(x)) != FC_OK)
			return NULL;
	}
	return out->data;
}

bool nxos_banner_open(char *const *w, size_t n, const char *line, size_t len, char *delim)
{
	const char *kw, *d, *rest;

	if (n < 3 || strcmp(w[0], "banner") || (strcmp(w[1], "motd") && strcmp(w[1], "exec")))
		return false;
	*delim = w[2][0];
	/* the text starts after the delimiter; the banner closes on the line holding it again */
	kw = memmem(line, len, w[1], strlen(w[1]));
	kw = kw ? kw + strlen(w[1]) : line;
	d = memchr(kw, *delim, (size_t)(line + len - kw));
	rest = d ? d + 1 : line + len;
	return !memchr(rest, *delim, (size_t)(line + len - rest));
}
