/* SPDX-License-Identifier: MIT */
/* A line is rendered as a terminal would show it (CR returns to column 0, BS steps back one,
 * printable bytes overwrite, ESC[K erases to the end, other ESC sequences are dropped, tabs go to
 * the next 8-column stop), then cut of its trailing blanks; a pager prompt left at its start is
 * removed. Lines without CR, BS, ESC or tab are copied as they are, which is almost all of them. */
#include "util/cli_text.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct line {
	char *b;
	size_t len, cap;
};

static bool put(struct line *l, size_t at, char c)
{
	if (at >= l->cap) {
		size_t nc = l->cap ? l->cap * 2 : 256;
		char *nb;

		while (nc <= at)
			nc *= 2;
		if (!(nb = realloc(l->b, nc)))
			return false;
		l->b = nb;
		l->cap = nc;
	}
	while (l->len < at)
		l->b[l->len++] = ' ';   /* a cursor moved past the end leaves blanks */
	l->b[at] = c;
	if (at == l->len)
		l->len++;
	return true;
}

/* Renders s[0..n) into l as a terminal shows it. */
static bool render(const char *s, size_t n, struct line *l)
{
	size_t i, cur = 0;

	l->len = 0;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\r') {
			cur = 0;
		} else if (c == '\b') {
			cur -= cur > 0;
		} else if (c == '\t') {
			do {
				if (!put(l, cur++, ' '))
					return false;
			} while (cur % 8);
		} else if (c == 0x1b && i + 1 < n && s[i + 1] == '[') {
			/* CSI: parameters, then a final byte in 0x40..0x7e; K erases to the end */
			size_t j = i + 2;

			while (j < n && ((unsigned char)s[j] < 0x40 || (unsigned char)s[j] > 0x7e))
				j++;
			if (j < n && s[j] == 'K' && cur < l->len)
				l->len = cur;
			i = j;
		} else if (c == 0x1b) {
			i++;   /* a two-byte escape: dropped */
		} else if (!put(l, cur++, (char)c)) {
			return false;
		}
	}
	return true;
}

/* "--More--" at the start of a line (after blanks), with the blank after it: the pager's prompt
 * that a log kept. Returns how many bytes to drop. */
static size_t pager(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && s[i] == ' ')
		i++;
	if (n - i < 8 || memcmp(s + i, "--More--", 8))
		return 0;
	i += 8;
	if (i < n && s[i] == ' ')
		i++;
	return i;
}

/* A prompt: a host name or other word without blanks, ending in '#', '>' or '$' (at most 100
 * characters), then optionally a blank. Returns its length, 0 when the line does not start with one. */
static size_t prompt(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && i < 100 && !isspace((unsigned char)s[i]); i++)
		if ((s[i] == '#' || s[i] == '>' || s[i] == '$') && i > 0)
			return i + 1 + (i + 1 < n && s[i + 1] == ' ');
	return 0;
}

struct span {
	size_t off, len;    /* of the cleaned line in the output */
};

enum fc_rc fc_cli_clean(const char *command, const char *text, size_t len, struct fc_buf *out)
{
	struct line l = { NULL, 0, 0 };
	struct span *sp = NULL;
	size_t nl = 0, cap = 0, i, indent = SIZE_MAX, first = SIZE_MAX, last = SIZE_MAX;
	const char *p = text, *end = text + len;
	struct fc_buf tmp;
	enum fc_rc rc = FC_ERR_NOMEM;

	/* a tab becomes up to 8 blanks */
	fc_buf_init(out, 8 * len + 64);
	fc_buf_init(&tmp, 8 * len + 64);
	if (fc_buf_add(&tmp, "", 0) != FC_OK)
		goto out;
	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t n = e ? (size_t)(e - p) : (size_t)(end - p), k;
		const char *s = p;

		if (nl == cap) {
			struct span *ns = realloc(sp, (cap = cap ? cap * 2 : 1024) * sizeof(*ns));

			if (!ns)
				goto out;
			sp = ns;
		}
		/* blanks and CRs at the end first: "text\r   " is "text", not blanks written over it */
		while (n && (s[n - 1] == ' ' || s[n - 1] == '\r' || s[n - 1] == '\t'))
			n--;
		if (memchr(s, '\r', n) || memchr(s, '\b', n) || memchr(s, '\t', n) || memchr(s, 0x1b, n)) {
			/* CR LF and CR CR LF end in CRs that return to column 0 and overwrite nothing */
			if (!render(s, n, &l))
				goto out;
			s = l.b;
			n = l.len;
		}
		k = pager(s, n);
		s += k;
		n -= k;
		while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
			n--;
		sp[nl].off = tmp.len;
		sp[nl].len = n;
		if (fc_buf_add(&tmp, s, n) != FC_OK)
			goto out;
		if (n) {
			size_t lead = 0;

			while (lead < n && s[lead] == ' ')
				lead++;
			indent = lead < indent ? lead : indent;
			last = nl;
			if (first == SIZE_MAX)
				first = nl;
		}
		nl++;
		p = e ? e + 1 : end;
	}
	if (indent == SIZE_MAX)
		indent = 0;
	/* the echoed command above the output and the prompt below it */
	if (first != SIZE_MAX && command && command[0]) {
		const char *s = tmp.data + sp[first].off + indent;
		size_t n = sp[first].len - indent, k = prompt(s, n), w = strcspn(command, " ");

		while (k < n && s[k] == ' ')
			k++;
		if (k && n - k >= 2 && !strncmp(s + k, command, w < 2 ? w : 2))
			sp[first].len = 0;
		s = tmp.data + sp[last].off + indent;
		n = sp[last].len - indent;
		if (last != first && (k = prompt(s, n)) && k >= n)
			sp[last].len = 0;
	}
	for (i = 0; i < nl; i++) {
		size_t cut = sp[i].len ? indent : 0;

		if (fc_buf_add(out, tmp.data + sp[i].off + cut, sp[i].len - cut) != FC_OK ||
		    ((i + 1 < nl || (len && text[len - 1] == '\n')) && fc_buf_add(out, "\n", 1) != FC_OK))
			goto out;
	}
	if (fc_buf_add(out, "", 0) != FC_OK)
		goto out;
	rc = FC_OK;
out:
	free(l.b);
	free(sp);
	fc_buf_free(&tmp);
	if (rc != FC_OK)
		fc_buf_free(out);
	return rc;
}
