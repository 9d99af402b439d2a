/* SPDX-License-Identifier: MIT */
/* NX-OS configuration as people write it in config repositories (the CI-gate case), beside what
 * show running-config prints: keywords abbreviated to a prefix NX-OS takes, multi-line banners
 * (interface ranges and lists: fc_iflist, with nxos_ifname_canon). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vendors/nxos/nxos.h"


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
