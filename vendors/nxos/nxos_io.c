/* SPDX-License-Identifier: MIT */
/* NX-OS adapter: Plumbing every NX-OS reader shares: NX-API JSON rows and fields, CLI text lines and tables,
 * the words NX-OS prints for FEC and port modes. */
#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/str.h"
#include "vendors/nxos/nxos.h"

/* What show interface, show interface fec and NX-API print as a FEC state (any case). */
const struct fc_spelling nxos_fec_shown[] = {
	{ "off", FC_FEC_OFF }, { "none", FC_FEC_OFF }, { "disabled", FC_FEC_OFF }, { "auto", FC_FEC_AUTO },
	{ "fc-fec", FC_FEC_BASER }, { "cl74", FC_FEC_BASER }, { "fc", FC_FEC_BASER },
	{ "kp-fec", FC_FEC_RS544 }, { "rs544", FC_FEC_RS544 },
	{ "rs-fec", FC_FEC_RS }, { "cl91", FC_FEC_RS528 }, { "rs-ieee", FC_FEC_RS528 }, { "rs-cons16", FC_FEC_RS528 },
	{ "rs", FC_FEC_RS },
	{ NULL, 0 },
};

/* NX-API's eth_mode and portmode */
const struct fc_spelling nxos_port_modes[] = {
	{ "access", FC_PORT_MODE_ACCESS }, { "trunk", FC_PORT_MODE_TRUNK }, { "routed", FC_PORT_MODE_ROUTED },
	{ "fex-fabric", FC_PORT_MODE_FEX_FABRIC }, { "dot1q-tunnel", FC_PORT_MODE_DOT1Q_TUNNEL },
	{ "fabricpath", FC_PORT_MODE_FABRICPATH },
	{ NULL, 0 },
};

enum fc_fec nxos_fec_norm(const char *s)
{
	return fc_spelling_find(nxos_fec_shown, s, true);
}

size_t nxos_rows(const struct doc_node *body, const char *table, const char *row, const struct doc_node *const **out,
		 const struct doc_node **one)
{
	const struct doc_node *r = doc_get(doc_get(body, table), row);

	if (!r)
		return 0;
	if (r->type == DOC_SEQ) {
		*out = (const struct doc_node *const *)r->items;
		return r->n;
	}
	*one = r;
	*out = one;
	return 1;
}

enum fc_rc nxos_field(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *row, const char *key,
		      const char **out)
{
	const struct doc_node *n = doc_get(row, key);

	*out = NULL;
	if (!n)
		return FC_OK;
	if (n->type == DOC_STR || n->type == DOC_NUM) {
		*out = n->str;
		return FC_OK;
	}
	return fc_err_set(c->err, FC_ERR_INPUT, d->file, n->line, "%s: expected a string or number, found %s", key,
			  doc_type_name(n->type));
}

enum fc_rc nxos_field_int(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *row, const char *key,
			  int64_t min, int64_t max, const char *const *na, int64_t *out, bool *have)
{
	const char *v;
	enum fc_rc rc;

	*have = false;
	if ((rc = nxos_field(c, d, row, key, &v)) != FC_OK || !v)
		return rc;
	for (; na && *na; na++)
		if (!strcmp(v, *na))
			return FC_OK;
	if (!fc_parse_i64(v, min, max, out))
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, doc_key_line(row, key),
				  "%s: expected an integer from %lld to %lld", key, (long long)min, (long long)max);
	*have = true;
	return FC_OK;
}

/* True when text has something besides white space. */
bool nxos_has_content(const char *text)
{
	for (; *text; text++)
		if (!isspace((unsigned char)*text))
			return true;
	return false;
}

/* The interface of a JSON row; NULL with an error set for a name fabcheck cannot hold, NULL
 * alone when out of memory (iface_rc tells them apart). */
struct fc_iface *nxos_json_iface(struct fc_parse_ctx *c, const char *name, size_t len)
{
	char nb[NXOS_IFNAME_MAX];

	if (!nxos_ifname(name, len, nb, sizeof(nb))) {
		fc_err_set(c->err, FC_ERR_INPUT, c->file, 0, "an interface name of more than %d characters",
			   NXOS_IFNAME_MAX - 1);
		return NULL;
	}
	return fc_dev_iface(c->m, c->dev, nb);
}

enum fc_rc nxos_json_iface_rc(struct fc_parse_ctx *c)
{
	return c->err->rc != FC_OK ? c->err->rc : FC_ERR_NOMEM;
}

bool nxos_line_next(struct fc_lines *it, struct nxos_line *l)
{
	if (!fc_lines_next(it))
		return false;
	l->s = it->line;
	l->n = it->len;
	l->lineno = it->lineno;
	l->indent = 0;
	while (l->n && isspace((unsigned char)*l->s))
		l->s++, l->n--, l->indent++;
	while (l->n && isspace((unsigned char)l->s[l->n - 1]))
		l->n--;
	return true;
}

enum fc_rc nxos_not_understood(struct fc_parse_ctx *c, const struct nxos_line *l)
{
	return fc_dev_add_unparsed(c->m, c->dev, fc_src_at(c->file, l->lineno), l->s, l->n);
}

/* The text of a line as a NUL-terminated string in lb (grown as needed: no line is cut). */
const char *nxos_line_str(struct nxos_linebuf *lb, const char *s, size_t n)
{
	if (n + 1 > lb->cap) {
		size_t nc = lb->cap ? lb->cap : 256;
		char *nb;

		while (nc < n + 1)
			nc *= 2;
		if (!(nb = realloc(lb->b, nc)))
			return NULL;
		lb->b = nb;
		lb->cap = nc;
	}
	memcpy(lb->b, s, n);
	lb->b[n] = '\0';
	return lb->b;
}

bool nxos_has(const char *s, size_t n, const char *needle)
{
	return memmem(s, n, needle, strlen(needle)) != NULL;
}

/* The word at r (up to end or one of stops), NUL-terminated in lb. */
const char *nxos_word(struct nxos_linebuf *lb, const char *r, const char *end, const char *stops)
{
	size_t k = 0;

	while (r + k < end && !strchr(stops, r[k]))
		k++;
	return nxos_line_str(lb, r, k);
}

/* Whether the first word of s is in the sorted list (a known line of an output that fabcheck
 * reads and does not model: counters' titles, attributes nothing checks). */
bool nxos_known_word(const char *const *list, size_t n, const char *s, size_t len)
{
	size_t wl = 0, lo = 0, hi = n;

	while (wl < len && !isspace((unsigned char)s[wl]))
		wl++;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(list[mid], s, wl);

		if (!c && list[mid][wl] == '\0')
			return true;
		if (c < 0 || (!c && list[mid][wl] == '\0'))
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

struct fc_src nxos_at(struct fc_parse_ctx *c, unsigned line)
{
	return fc_src_at(c->file, line);
}

enum fc_rc nxos_no_rows(struct fc_parse_ctx *c, const char *what)
{
	return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "%s: no rows found; not the output of this command?", what);
}

/* The interface a row names, or NULL: *rc FC_ERR_NOMEM when out of memory, else the word is no
 * interface name (the caller decides whether that is a line not understood). */
struct fc_iface *nxos_tbl_port(struct fc_parse_ctx *c, const char *w, enum fc_rc *rc)
{
	char nb[NXOS_IFNAME_MAX];
	struct fc_iface *ifc;

	*rc = FC_OK;
	if (!nxos_ifname_canon(w, strlen(w), nb, sizeof(nb)))
		return NULL;
	/* a switch's port: its switch values are written here (fc_swport_mut), so made with it */
	if (!(ifc = fc_dev_iface(c->m, c->dev, nb)) || !fc_swport_mut(c->m, ifc)) {
		*rc = FC_ERR_NOMEM;
		return NULL;
	}
	return ifc;
}

enum fc_rc nxos_tbl_finish(struct fc_parse_ctx *c, struct fc_words *ws, enum fc_rc rc, unsigned lineno)
{
	fc_words_free(ws);
	if (rc == FC_ERR_NOMEM)
		return fc_err_set(c->err, rc, c->file, lineno, "out of memory");
	return rc;
}

/* A rule of dashes or equals signs under or around a table header */
bool nxos_dashes(const char *s)
{
	return (s[0] == '-' && strspn(s, "-") == strlen(s)) || (s[0] == '=' && strspn(s, "=") == strlen(s));
}

/* A line these outputs print that carries no words: a counter or table row, a rule of dashes,
 * the DOM flag legend ("++  high-alarm; ..."). */
bool nxos_wordless(const char *s, size_t n)
{
	return n && (isdigit((unsigned char)s[0]) || s[0] == '-' || s[0] == '+');
}


/* The first word of a line and whether it is an NX-OS interface name (canonical into buf). */
bool nxos_first_iface(const char *s, size_t n, char *buf, size_t size, size_t *wl)
{
	*wl = 0;
	while (*wl < n && !isspace((unsigned char)s[*wl]))
		(*wl)++;
	return nxos_ifname_canon(s, *wl, buf, size);
}

