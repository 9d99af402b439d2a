/* SPDX-License-Identifier: MIT */
/* Junos configuration, in the forms `show configuration` prints it, into one list of statements as
 * `| display set` prints them (junos.h; `| display xml` and `| display json`: junos_xml.c):
 *   text   curly braces: `keyword args { ... }` blocks and `keyword args;` statements, `[ a b ]`
 *          lists (one statement a value), "quoted strings", slash-star comments and # comments
 *          (annotations, `## SECRET-DATA`), the `inactive:` prefix (the statement or the block
 *          is configured and not applied), `protect:` and `replace:` (no effect on the values);
 *   set    `set PATH` lines, `deactivate PATH` (every statement under PATH inactive), `activate
 *          PATH`, `delete PATH`.
 * Then (junos_conf_expand) what Junos applies itself: `apply-groups` at any level (the group's
 * statements under that level, <wildcard> names matched against the names the configuration
 * gives there; an explicit statement wins over an inherited one), `apply-groups-except`, and
 * `interfaces interface-range` (member and member-range) onto each member. Errors name the line;
 * a line that is no statement is listed as not understood. */
#include <ctype.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/str.h"
#include "vendors/junos/junos.h"

#define MAX_DEPTH 64

struct junos_state *junos_state(struct fc_parse_ctx *c)
{
	struct junos_state *s = c->dev->adapter_state;

	if (!s && (s = fc_alloc(c->m->arena, sizeof(*s))))
		c->dev->adapter_state = s;
	return s;
}

enum fc_rc junos_conf_add(struct fc_model *m, struct junos_conf *cf, const char *const *w, size_t n, unsigned line,
			  bool inactive, bool inherited)
{
	struct junos_stmt *st;
	size_t k;

	if (!(cf->s = fc_grow(m->arena, cf->s, cf->n, &cf->cap, sizeof(*cf->s))))
		return FC_ERR_NOMEM;
	st = &cf->s[cf->n];
	if (!(st->w = fc_alloc(m->arena, (n ? n : 1) * sizeof(*st->w))))
		return FC_ERR_NOMEM;
	for (k = 0; k < n; k++)
		if (!(st->w[k] = fc_model_str(m, w[k])))
			return FC_ERR_NOMEM;
	st->n = n;
	st->line = line;
	st->inactive = inactive;
	st->inherited = inherited;
	st->ranged = false;
	cf->n++;
	return FC_OK;
}

/* --- text: curly braces ------------------------------------------------------------------------ */

struct tok {
	const char *p;
	unsigned line;
	char *buf;            /* the current word, unquoted */
	size_t cap;
};

enum tk { T_END, T_WORD, T_OPEN, T_CLOSE, T_SEMI, T_LBRACK, T_RBRACK, T_BAD, T_NOMEM };

static enum tk next(struct tok *t, unsigned *line)
{
	for (;;) {
		while (*t->p == ' ' || *t->p == '\t' || *t->p == '\r' || *t->p == '\n')
			if (*t->p++ == '\n')
				t->line++;
		if (t->p[0] == '/' && t->p[1] == '*') {
			const char *e = strstr(t->p + 2, "*/");

			for (; *t->p && (!e || t->p < e + 2); t->p++)
				if (*t->p == '\n')
					t->line++;
			if (!e)
				return T_BAD;
			continue;
		}
		if (*t->p == '#') {
			while (*t->p && *t->p != '\n')
				t->p++;
			continue;
		}
		break;
	}
	*line = t->line;
	switch (*t->p) {
	case '\0': return T_END;
	case '{': t->p++; return T_OPEN;
	case '}': t->p++; return T_CLOSE;
	case ';': t->p++; return T_SEMI;
	case '[': t->p++; return T_LBRACK;
	case ']': t->p++; return T_RBRACK;
	default: break;
	}
	{
		size_t o = 0;
		bool q = *t->p == '"';

		if (q)
			t->p++;
		while (*t->p && (q ? *t->p != '"' : !strchr(" \t\r\n{};[]\"", *t->p))) {
			if (q && *t->p == '\\' && t->p[1])
				t->p++;
			if (*t->p == '\n')
				t->line++;
			if (o + 2 > t->cap) {
				char *nb = realloc(t->buf, t->cap ? t->cap * 2 : 64);

				if (!nb)
					return T_NOMEM;
				t->buf = nb;
				t->cap = t->cap ? t->cap * 2 : 64;
			}
			t->buf[o++] = *t->p++;
		}
		if (q) {
			if (*t->p != '"')
				return T_BAD;
			t->p++;
		}
		if (!t->buf && !(t->buf = malloc(t->cap = 64)))
			return T_NOMEM;
		t->buf[o] = '\0';
	}
	return T_WORD;
}

/* The words of the statement being read: the levels above it, then its own. */
struct words {
	char **w;
	size_t n, cap;
};

static bool push(struct words *ws, const char *w)
{
	if (ws->n == ws->cap) {
		char **nw = realloc(ws->w, (ws->cap ? ws->cap * 2 : 32) * sizeof(*nw));

		if (!nw)
			return false;
		ws->w = nw;
		ws->cap = ws->cap ? ws->cap * 2 : 32;
	}
	return (ws->w[ws->n++] = strdup(w)) != NULL;
}

static void drop_to(struct words *ws, size_t n)
{
	while (ws->n > n)
		free(ws->w[--ws->n]);
}

static enum fc_rc curly(struct fc_parse_ctx *c, struct junos_conf *cf, const char *text)
{
	struct tok t = { text, 1, NULL, 0 };
	struct words ws = { NULL, 0, 0 };
	size_t level_at[MAX_DEPTH], depth = 0, stmt_at = 0, list_at = 0;
	bool level_off[MAX_DEPTH], off = false, in_list = false, listed = false, any = false;
	unsigned line = 1, first = 0;
	enum fc_rc rc = FC_OK;
	enum tk k;

	level_off[0] = false;
	level_at[0] = 0;
	while (rc == FC_OK && (k = next(&t, &line)) != T_END) {
		bool inact = depth ? level_off[depth - 1] : false;

		/* a list is a statement's last words: "members [ a b ];" (a block, a word or a second
		 * list after it would leave the list's place in the words stale) */
		if (listed && k != T_SEMI && k != T_BAD && k != T_NOMEM) {
			rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, line, "expected ';' after ']'");
			break;
		}
		switch (k) {
		case T_WORD:
			if (ws.n == stmt_at && !in_list && (!strcmp(t.buf, "inactive:") || !strcmp(t.buf, "protect:") ||
							  !strcmp(t.buf, "replace:"))) {
				off = off || !strcmp(t.buf, "inactive:");
				break;
			}
			if (ws.n == stmt_at)
				first = line;
			if (!push(&ws, t.buf))
				rc = FC_ERR_NOMEM;
			break;
		case T_LBRACK:
			if (in_list || ws.n == stmt_at) {
				rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, line, "expected a keyword before '['");
				break;
			}
			in_list = true;
			list_at = ws.n;
			break;
		case T_RBRACK:
			if (!in_list)
				rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, line, "']' without '['");
			else if (ws.n == list_at)
				rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, line, "expected a value in '[ ]'");
			in_list = false;
			listed = true;
			break;
		case T_SEMI:
			if (in_list) {
				rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, line, "expected ']' before ';'");
				break;
			}
			if (ws.n == stmt_at) {
				rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, line, "';' without a statement");
				break;
			}
			if (list_at > stmt_at) {   /* [ a b ]: a statement a value */
				size_t v, nv = ws.n - list_at;
				char **vals = ws.w + list_at;

				for (v = 0; v < nv && rc == FC_OK; v++) {
					char *save = ws.w[list_at];

					ws.w[list_at] = vals[v];
					rc = junos_conf_add(c->m, cf, (const char *const *)ws.w, list_at + 1, first, inact || off,
							    false);
					ws.w[list_at] = save;
				}
			} else
				rc = junos_conf_add(c->m, cf, (const char *const *)ws.w, ws.n, first, inact || off, false);
			any = true;
			drop_to(&ws, stmt_at);
			off = false;
			list_at = 0;
			listed = false;
			break;
		case T_OPEN:
			if (in_list || ws.n == stmt_at || depth + 1 >= MAX_DEPTH) {
				rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, line, depth + 1 >= MAX_DEPTH
						? "blocks nested too deep" : "expected a keyword before '{'");
				break;
			}
			level_at[depth] = stmt_at;
			level_off[depth] = inact || off;
			depth++;
			stmt_at = ws.n;
			off = false;
			any = true;
			break;
		case T_CLOSE:
			if (!depth || ws.n != stmt_at || in_list) {
				rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, line, !depth ? "'}' without '{'"
						: "expected ';' before '}'");
				break;
			}
			depth--;
			stmt_at = level_at[depth];
			drop_to(&ws, stmt_at);
			break;
		case T_BAD:
			rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, line, "a comment or string not closed");
			break;
		case T_NOMEM:
			rc = FC_ERR_NOMEM;
			break;
		case T_END:
			break;
		}
	}
	if (rc == FC_OK && (depth || ws.n))
		rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, line, depth ? "expected '}': a block is not closed"
									  : "expected ';' at the end");
	if (rc == FC_OK && !any)
		rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "expected Junos configuration statements");
	drop_to(&ws, 0);
	free(ws.w);
	free(t.buf);
	return rc;
}

/* --- set lines --------------------------------------------------------------------------------- */

/* The words of a line, quotes taken off; false when a quote is not closed. */
static bool line_words(const char *l, size_t len, struct words *ws)
{
	size_t i = 0;
	char *buf = malloc(len + 1);

	if (!buf)
		return false;
	while (i < len) {
		size_t o = 0;
		char q = 0;

		while (i < len && isspace((unsigned char)l[i]))
			i++;
		if (i >= len)
			break;
		while (i < len && (q || !isspace((unsigned char)l[i]))) {
			if (!q && l[i] == '"')
				q = '"';
			else if (q && l[i] == '\\' && i + 1 < len)
				buf[o++] = l[++i];
			else if (q && l[i] == '"')
				q = 0;
			else
				buf[o++] = l[i];
			i++;
		}
		buf[o] = '\0';
		if (q || !push(ws, buf)) {
			free(buf);
			return false;
		}
	}
	free(buf);
	return true;
}

static bool under(const struct junos_stmt *s, char *const *p, size_t n)
{
	size_t k;

	if (s->n < n)
		return false;
	for (k = 0; k < n; k++)
		if (strcmp(s->w[k], p[k]))
			return false;
	return true;
}

static enum fc_rc set_lines(struct fc_parse_ctx *c, struct junos_conf *cf, const char *text)
{
	struct fc_lines it;
	struct words ws = { NULL, 0, 0 };
	enum fc_rc rc = FC_OK;
	size_t k;

	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		const char *l = it.line + strspn(it.line, " \t");
		size_t len = it.len - (size_t)(l - it.line);

		drop_to(&ws, 0);
		if (!len || *l == '#' || (len >= 2 && l[0] == '/' && l[1] == '*'))
			continue;
		if (!line_words(l, len, &ws)) {
			rc = fc_dev_add_unparsed(c->m, c->dev, fc_src_at(c->file, it.lineno), it.line, it.len);
			continue;
		}
		if (ws.n >= 2 && !strcmp(ws.w[0], "set"))
			rc = junos_conf_add(c->m, cf, (const char *const *)ws.w + 1, ws.n - 1, it.lineno, false, false);
		else if (ws.n >= 2 && (!strcmp(ws.w[0], "deactivate") || !strcmp(ws.w[0], "activate"))) {
			for (k = 0; k < cf->n; k++)
				if (under(&cf->s[k], ws.w + 1, ws.n - 1))
					cf->s[k].inactive = !strcmp(ws.w[0], "deactivate");
		} else if (ws.n >= 2 && !strcmp(ws.w[0], "delete")) {
			size_t o = 0;

			for (k = 0; k < cf->n; k++)
				if (!under(&cf->s[k], ws.w + 1, ws.n - 1))
					cf->s[o++] = cf->s[k];
			cf->n = o;
		} else
			rc = fc_dev_add_unparsed(c->m, c->dev, fc_src_at(c->file, it.lineno), it.line, it.len);
	}
	drop_to(&ws, 0);
	free(ws.w);
	return rc;
}

/* --- groups and interface ranges --------------------------------------------------------------- */

/* The statements by their words (joined with a unit separator), so that an inherited statement
 * is checked against the explicit ones in one lookup, not a scan of the whole configuration. */
static const char *joined(struct fc_arena *a, const char *const *w, size_t n, size_t *len)
{
	size_t k, o = 0, total = 0;
	char *buf;

	for (k = 0; k < n; k++)
		total += strlen(w[k]) + 1;
	if (!(buf = fc_alloc(a, total + 1)))
		return NULL;
	for (k = 0; k < n; k++) {
		size_t l = strlen(w[k]);

		memcpy(buf + o, w[k], l);
		o += l;
		buf[o++] = '\x1f';
	}
	buf[o] = '\0';
	*len = o;
	return buf;
}

/* Whether the statement of words w is in the index; added to it when not (add). -1 when out of
 * memory. */
static int has_stmt(struct fc_arena *a, struct fc_hmap *idx, const char *const *w, size_t n, bool add)
{
	size_t len;
	const char *key = joined(a, w, n, &len);
	int failed = 0;

	if (!key)
		return -1;
	if (fc_hmap_get(idx, key, len))
		return 1;
	if (add)
		fc_hmap_put(idx, key, len, (void *)1, &failed);
	return failed ? -1 : 0;
}

/* The names a Junos <wildcard> (shell-style, fnmatch) or an interface-range member may mean: the
 * explicit (or ranged) active statements outside groups, as a tree of their words. The node of a
 * path of leading words holds the distinct words that follow it, in the order the statements give
 * them, so a wildcard looks its names up instead of scanning every statement (a configuration
 * with many apply-groups scanned them all once per wildcard of each). */
struct wnode {
	const char **next;
	size_t n, cap;
};

struct wtree {
	struct fc_arena *a;
	struct fc_hmap *kids;   /* the node's address and a word -> the node of the path one longer */
	struct wnode root;
	char *key;              /* room for the key of the longest word added (wt_key) */
	size_t keycap;
};

/* The key of (node, word) in t's buffer; NULL when the word is longer than any in the tree (so no
 * path has it). */
static const char *wt_key(const struct wtree *t, const struct wnode *node, const char *w, size_t *len)
{
	size_t wl = strlen(w);

	if (sizeof(node) + wl > t->keycap)
		return NULL;
	memcpy(t->key, &node, sizeof(node));
	memcpy(t->key + sizeof(node), w, wl);
	*len = sizeof(node) + wl;
	return t->key;
}

/* Adds the statement's words as paths; false when out of memory. */
static bool wt_add(struct wtree *t, const struct junos_stmt *s)
{
	struct wnode *node = &t->root;
	size_t k, len = 0;

	for (k = 0; k < s->n; k++) {
		size_t need = sizeof(node) + strlen(s->w[k]);
		const char *key;
		struct wnode *kid;
		int failed = 0;

		if (need > t->keycap) {
			if (!(t->key = fc_alloc(t->a, 2 * need)))
				return false;
			t->keycap = 2 * need;
		}
		key = wt_key(t, node, s->w[k], &len);
		if (!(kid = fc_hmap_get(t->kids, key, len))) {
			if (!(kid = fc_alloc(t->a, sizeof(*kid))) ||
			    !(node->next = fc_grow(t->a, node->next, node->n, &node->cap, sizeof(*node->next))))
				return false;
			node->next[node->n++] = s->w[k];
			fc_hmap_put(t->kids, key, len, kid, &failed);
			if (failed)
				return false;
		}
		node = kid;
	}
	return true;
}

/* A statement's words, when it is one a wildcard may name; false when out of memory. */
static bool wt_names_add(struct wtree *t, const struct junos_stmt *s)
{
	if ((s->inherited && !s->ranged) || s->inactive || !s->n || !strcmp(s->w[0], "groups"))
		return true;
	return wt_add(t, s);
}

/* The names after w[0..pos) that match pattern, into out (model strings); their count. */
static size_t wt_names(const struct wtree *t, const char *const *w, size_t pos, const char *pattern, const char **out,
		       size_t max)
{
	const struct wnode *node = &t->root;
	size_t k, len, n = 0;

	for (k = 0; k < pos && node; k++) {
		const char *key = wt_key(t, node, w[k], &len);

		node = key ? fc_hmap_get(t->kids, key, len) : NULL;
	}
	for (k = 0; node && k < node->n && n < max; k++)
		if (!fnmatch(pattern, node->next[k], 0))
			out[n++] = node->next[k];
	return n;
}

/* One group statement (rest: its words after "groups G") applied: each <wildcard> word expanded
 * against the configuration's names at that position, then added unless explicit. */
static enum fc_rc apply_one(struct fc_parse_ctx *c, struct junos_conf *cf, struct fc_hmap *idx, const struct wtree *t,
			    const char **w, size_t n, size_t from, unsigned line, bool inactive)
{
	size_t k;

	for (k = from; k < n; k++)
		if (w[k][0] == '<' && w[k][strlen(w[k]) - 1] == '>' && strlen(w[k]) > 2) {
			char pat[256];
			const char *names[512];
			const char *save = w[k];
			size_t nn, j;
			enum fc_rc rc = FC_OK;

			snprintf(pat, sizeof(pat), "%.*s", (int)strlen(w[k]) - 2, w[k] + 1);
			nn = wt_names(t, w, k, pat, names, sizeof(names) / sizeof(names[0]));
			for (j = 0; j < nn && rc == FC_OK; j++) {
				w[k] = names[j];
				rc = apply_one(c, cf, idx, t, w, n, k + 1, line, inactive);
			}
			w[k] = save;
			return rc;
		}
	switch (has_stmt(c->m->arena, idx, w, n, true)) {
	case 1: return FC_OK;   /* explicit, or inherited already */
	case 0: return junos_conf_add(c->m, cf, w, n, line, inactive, true);
	default: return FC_ERR_NOMEM;
	}
}

/* interface-range NAME member X | member-range A to B: the members' names. */
static size_t range_members(const struct junos_conf *cf, size_t top, const struct wtree *t, const char *name,
			    const char **out, size_t max, struct fc_model *m)
{
	size_t i, n = 0;

	for (i = 0; i < top && n < max; i++) {
		const struct junos_stmt *s = &cf->s[i];

		if (s->n < 5 || strcmp(s->w[0], "interfaces") || strcmp(s->w[1], "interface-range") || strcmp(s->w[2], name))
			continue;
		if (s->n == 5 && !strcmp(s->w[3], "member"))
			n += wt_names(t, (const char *const[]){ "interfaces" }, 1, s->w[4], out + n, max - n);
		else if (s->n == 7 && !strcmp(s->w[3], "member-range") && !strcmp(s->w[5], "to")) {
			const char *a = s->w[4], *b = s->w[6], *la = strrchr(a, '/'), *lb = strrchr(b, '/');
			long lo, hi, v;

			if (!la || !lb || la - a != lb - b || strncmp(a, b, (size_t)(la - a)))
				continue;
			lo = strtol(la + 1, NULL, 10), hi = strtol(lb + 1, NULL, 10);
			for (v = lo; v <= hi && v - lo < 1024 && n < max; v++)
				out[n++] = fc_sprintf(m->arena, "%.*s/%ld", (int)(la - a), a, v);
		}
	}
	return n;
}

enum fc_rc junos_conf_expand(struct fc_parse_ctx *c, struct junos_conf *cf)
{
	struct wtree t = { NULL, NULL, { NULL, 0, 0 }, NULL, 0 };
	size_t top = cf->n, i, j, k;
	struct fc_hmap *idx = fc_hmap_new(c->m->arena, cf->n + 16);
	enum fc_rc rc = FC_OK;

	if (!idx)
		return FC_ERR_NOMEM;
	for (i = 0; i < cf->n; i++)
		if (has_stmt(c->m->arena, idx, cf->s[i].w, cf->s[i].n, true) < 0)
			return FC_ERR_NOMEM;

	t.a = c->m->arena;
	if (!(t.kids = fc_hmap_new(c->m->arena, top + 16)))
		return FC_ERR_NOMEM;
	for (i = 0; i < top; i++)
		if (!wt_names_add(&t, &cf->s[i]))
			return FC_ERR_NOMEM;
	/* interface ranges first: a group may name their members */
	for (i = 0; i < top && rc == FC_OK; i++) {
		const struct junos_stmt *s = &cf->s[i];
		const char *members[1024];
		size_t nm;

		if (s->n < 4 || strcmp(s->w[0], "interfaces") || strcmp(s->w[1], "interface-range") ||
		    !strcmp(s->w[3], "member") || !strcmp(s->w[3], "member-range"))
			continue;
		nm = range_members(cf, top, &t, s->w[2], members, sizeof(members) / sizeof(members[0]), c->m);
		for (j = 0; j < nm && rc == FC_OK; j++) {
			const char **w = fc_alloc(c->m->arena, (s->n - 1) * sizeof(*w));
			struct junos_stmt cur = cf->s[i];

			if (!w)
				return FC_ERR_NOMEM;
			w[0] = "interfaces";
			w[1] = members[j];
			for (k = 3; k < cur.n; k++)
				w[k - 1] = cur.w[k];
			switch (has_stmt(c->m->arena, idx, w, cur.n - 1, true)) {
			case 0:
				if ((rc = junos_conf_add(c->m, cf, w, cur.n - 1, cur.line, cur.inactive, true)) == FC_OK)
					cf->s[cf->n - 1].ranged = true;
				break;
			case 1: break;
			default: return FC_ERR_NOMEM;
			}
		}
	}
	/* a group's wildcards may also mean the ranges' members */
	for (i = top; i < cf->n; i++)
		if (!wt_names_add(&t, &cf->s[i]))
			return FC_ERR_NOMEM;
	top = cf->n;
	/* apply-groups at any level: path ... apply-groups G */
	for (i = 0; i < top && rc == FC_OK; i++) {
		const struct junos_stmt a = cf->s[i];
		size_t at;

		if (a.n < 2 || strcmp(a.w[a.n - 2], "apply-groups") || !strcmp(a.w[0], "groups") || a.inactive)
			continue;
		at = a.n - 2;   /* the level: a.w[0..at) */
		for (j = 0; j < top && rc == FC_OK; j++) {
			const struct junos_stmt g = cf->s[j];
			const char **w;

			if (g.n < 3 + at || strcmp(g.w[0], "groups") || strcmp(g.w[1], a.w[a.n - 1]))
				continue;
			for (k = 0; k < at && (!strcmp(g.w[2 + k], a.w[k]) || (g.w[2 + k][0] == '<' &&
				     !fnmatch(fc_sprintf(c->m->arena, "%.*s", (int)strlen(g.w[2 + k]) - 2, g.w[2 + k] + 1),
					      a.w[k], 0))); k++)
				;
			if (k < at)
				continue;
			if (!(w = fc_alloc(c->m->arena, (g.n - 2) * sizeof(*w))))
				return FC_ERR_NOMEM;
			for (k = 0; k < g.n - 2; k++)
				w[k] = k < at ? a.w[k] : g.w[k + 2];
			rc = apply_one(c, cf, idx, &t, w, g.n - 2, at, g.line, g.inactive);
		}
	}
	return rc;
}

/* --- entry ------------------------------------------------------------------------------------- */

enum fc_rc junos_text_config(struct fc_parse_ctx *c, const char *text)
{
	struct junos_state *s = junos_state(c);
	const char *p = text;
	enum fc_rc rc;

	if (!s)
		return FC_ERR_NOMEM;
	/* the form: `set` lines, or curly braces (comments and blank lines before either) */
	for (;;) {
		p += strspn(p, " \t\r\n");
		if (*p == '#') {
			p += strcspn(p, "\n");
			continue;
		}
		break;
	}
	s->have_config = true;
	s->config = fc_src_at(c->file, 1);
	if (*p == '<')
		rc = junos_xml_config(c, &s->conf, text, strlen(text));
	else if (*p == '{')
		rc = junos_json_config(c, &s->conf, text, strlen(text));
	else if (!strncmp(p, "set ", 4) || !strncmp(p, "deactivate ", 11))
		rc = set_lines(c, &s->conf, text);
	else
		rc = curly(c, &s->conf, text);
	if (rc != FC_OK)
		return rc;
	return junos_conf_expand(c, &s->conf);
}
