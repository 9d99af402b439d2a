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
#include <sys/mman.h>
#include <unistd.h>

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
 * characters), then optionally a blank. Returns its length, 0 when the line does not start with one.
 * A line that starts with '<' is an XML tag (`</rpc-reply>` ends in '>'), never a prompt. */
static size_t prompt(const char *s, size_t n)
{
	size_t i;

	if (n && s[0] == '<')
		return 0;
	for (i = 0; i < n && i < 100 && !isspace((unsigned char)s[i]); i++)
		if ((s[i] == '#' || s[i] == '>' || s[i] == '$') && i > 0)
			return i + 1 + (i + 1 < n && s[i + 1] == ' ');
	return 0;
}

/* Whether s[0..n) holds a byte the terminal renders (CR, BS, tab, ESC): one pass, no call per
 * byte class. */
static bool has_control(const char *s, size_t n)
{
	size_t i = 0;

	/* eight bytes at a time: a word with no byte below 0x20 has none of them (most lines) */
	for (; i + 8 <= n; i += 8) {
		uint64_t x;

		memcpy(&x, s + i, 8);
		if ((x - UINT64_C(0x2020202020202020)) & ~x & UINT64_C(0x8080808080808080))
			break;
	}
	for (; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 && (c == '\r' || c == '\b' || c == '\t' || c == 0x1b))
			return true;
	}
	return false;
}

struct span {
	size_t off, len;    /* of the cleaned line in the output */
};

/* Whether the first line with something on it is a prompt echoing command, or the last one (another
 * line) a bare prompt: what only the general path removes. */
static bool echo_or_prompt(const char *command, const char *first, size_t first_n, const char *last,
			   size_t last_n)
{
	size_t w = command ? strcspn(command, " ") : 0, k;

	if (!w)
		return false;
	k = prompt(first, first_n);
	while (k < first_n && first[k] == ' ')
		k++;
	if (k && first_n - k >= 2 && !strncmp(first + k, command, w < 2 ? w : 2))
		return true;
	return last != first && (k = prompt(last, last_n)) && k >= last_n;
}

/* Whether text needs nothing removed: no CR, BS, tab or ESC, no blank at a line's end, no pager
 * prompt, a line at column 0, no prompt line first or last. One pass; the common case for saved
 * and collected outputs, which are then parsed as they are. */
static bool already_clean(const char *command, const char *text, size_t len)
{
	const char *p = text, *end = text + len, *first = NULL, *last = NULL;
	size_t first_n = 0, last_n = 0;
	bool col0 = false;

	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t n = e ? (size_t)(e - p) : (size_t)(end - p);

		if (n) {
			if (p[n - 1] == ' ' || has_control(p, n) || pager(p, n))
				return false;
			col0 |= p[0] != ' ';
			if (!first)
				first = p, first_n = n;
			last = p, last_n = n;
		}
		p = e ? e + 1 : end;
	}
	if (!first)
		return true;
	if (!col0)
		return false;
	return !echo_or_prompt(command, first, first_n, last, last_n);
}

/* The first and the last line with something on it, as the general path sees them (trailing
 * blanks and CRs cut): for the echoed command and the prompt. */
static void edge_lines(const char *text, size_t len, const char **first, size_t *first_n, const char **last,
		       size_t *last_n)
{
	const char *p = text, *end = text + len, *e;
	size_t n;

	*first = *last = NULL;
	*first_n = *last_n = 0;
	for (; p < end && !*first; p = e ? e + 1 : end) {
		e = memchr(p, '\n', (size_t)(end - p));
		n = e ? (size_t)(e - p) : (size_t)(end - p);
		while (n && (p[n - 1] == ' ' || p[n - 1] == '\r'))
			n--;
		if (n)
			*first = p, *first_n = n;
	}
	/* backwards from the end for the last */
	e = end;
	while (e > text) {
		const char *s = e;

		while (s > text && s[-1] != '\n')
			s--;
		n = (size_t)(e - s);
		while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
			n--;
		if (n) {
			*last = s, *last_n = n;
			return;
		}
		e = s > text ? s - 1 : text;
	}
}

/* Exact byte masks (high bit of each byte that matches), no carry between bytes: the zero bytes
 * of y, and the bytes of x below 0x20. */
static inline uint64_t zero_bytes(uint64_t y)
{
	const uint64_t low7 = UINT64_C(0x7f7f7f7f7f7f7f7f);

	return ~(((y & low7) + low7) | y) & ~low7;
}

static inline uint64_t below_space(uint64_t x)
{
	const uint64_t low7 = UINT64_C(0x7f7f7f7f7f7f7f7f);

	return ~(((x & low7) + UINT64_C(0x6060606060606060)) | x) & ~low7;
}

/* A pager prompt at the line starting at p (the general path's pager()). */
static bool pager_at(const char *p, const char *end)
{
	while (p < end && *p == ' ')
		p++;
	return end - p >= 8 && !memcmp(p, "--More--", 8);
}

enum cut { CUT_DONE, CUT_GENERAL, CUT_NOMEM };

/* Room for the whole text in out, its pages faulted in at once (MADV_POPULATE_WRITE: one call
 * instead of a fault every 4 KiB as the copy reaches them; best effort, kernels before 5.14
 * refuse). */
static bool room(struct fc_buf *out, size_t len)
{
	uintptr_t a, b;
	long page = sysconf(_SC_PAGESIZE);

	if (fc_buf_add(out, "", 0) != FC_OK || fc_buf_reserve(out, len + 1) != FC_OK)
		return false;
	if (page > 0 && len >= (64u << 10)) {
		a = ((uintptr_t)out->data + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
		b = ((uintptr_t)out->data + len) & ~((uintptr_t)page - 1);
		if (b > a)
			(void)madvise((void *)a, b - a, MADV_POPULATE_WRITE);
	}
	return true;
}

/* The common noise alone, in one pass: blanks and CRs at the ends of lines (a capture's padding,
 * CR LF, CR CR LF) cut where they are and the rest copied a run of lines at a time; out->data
 * stays NULL when there was nothing to cut. CUT_GENERAL (out released) when the text holds what
 * only the general path renders: a BS, tab or ESC, a CR inside a line, a pager prompt, no line at
 * column 0, an echoed command or a prompt line. Bytes are looked at eight at a time (exact SWAR
 * masks): only those below 0x20 ('\n' among them) one by one. */
static enum cut cut_line_ends(const char *command, const char *text, size_t len, bool ends_kept,
			      struct fc_buf *out)
{
	const uint64_t nl = UINT64_C(0x0a0a0a0a0a0a0a0a);
	const char *end = text + len, *first, *last;
	size_t i = 0, run = 0, first_n, last_n, w;
	bool col0 = false;
	const char *p;

	/* a line at column 0 (looked for from the top, where it almost always is at once), then the
	 * first and last lines for an echoed command and a prompt */
	for (p = text; p < end && !col0;) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t n = e ? (size_t)(e - p) : (size_t)(end - p);

		while (n && (p[n - 1] == ' ' || p[n - 1] == '\r' || p[n - 1] == '\t'))
			n--;
		col0 = n && p[0] != ' ';
		p = e ? e + 1 : end;
	}
	if (!col0 || pager_at(text, end))
		return CUT_GENERAL;
	edge_lines(text, len, &first, &first_n, &last, &last_n);
	if (first && echo_or_prompt(command, first, first_n, last, last_n))
		return CUT_GENERAL;
	while (i < len) {
		uint64_t x, m;

		if (len - i < 8) {
			m = 0;
			for (w = 0; w < len - i; w++)
				if ((unsigned char)text[i + w] < 0x20)
					m |= UINT64_C(0x80) << (8 * w);
		} else {
			memcpy(&x, text + i, 8);
			m = below_space(x) | zero_bytes(x ^ nl);
		}
		for (; m; m &= m - 1) {
			size_t at = i + (size_t)__builtin_ctzll(m) / 8, e;
			char c = text[at];

			if (c == '\b' || c == '\t' || c == 0x1b) {
				fc_buf_free(out);
				return CUT_GENERAL;
			}
			if (c == '\r') {   /* only among a line's trailing blanks */
				for (e = at; e < len && (text[e] == '\r' || text[e] == ' '); e++)
					;
				if (e < len && text[e] != '\n') {
					fc_buf_free(out);
					return CUT_GENERAL;
				}
				continue;
			}
			if (c != '\n')
				continue;   /* another control byte: kept as it is, as the general path does */
			if (pager_at(text + at + 1, end)) {
				fc_buf_free(out);
				return CUT_GENERAL;
			}
			if (!at || (text[at - 1] != ' ' && text[at - 1] != '\r'))
				continue;
			if (ends_kept)
				continue;   /* the reader drops them itself */
			for (e = at; e > run && (text[e - 1] == ' ' || text[e - 1] == '\r'); e--)
				;
			if (!out->data && !room(out, len))
				return CUT_NOMEM;
			if (fc_buf_add(out, text + run, e - run) != FC_OK)
				return CUT_NOMEM;
			run = at;   /* the '\n' starts the next run */
		}
		i += 8;
	}
	if (ends_kept)
		return CUT_DONE;
	/* the rest; its last line, when no '\n' ends the text, loses its trailing blanks too */
	i = len;
	if (len && text[len - 1] != '\n') {
		const char *nl_at = memrchr(text + run, '\n', len - run);
		size_t from = nl_at ? (size_t)(nl_at - text) + 1 : run;

		while (i > from && (text[i - 1] == ' ' || text[i - 1] == '\r'))
			i--;
	}
	if (!out->data && i == len)
		return CUT_DONE;   /* nothing cut: the text as it is */
	if (!out->data && !room(out, len))
		return CUT_NOMEM;
	return fc_buf_add(out, text + run, i - run) == FC_OK ? CUT_DONE : CUT_NOMEM;
}

enum fc_rc fc_cli_clean(const char *command, const char *text, size_t len, struct fc_buf *out)
{
	return fc_cli_clean_for(command, text, len, false, out);
}

enum fc_rc fc_cli_clean_for(const char *command, const char *text, size_t len, bool ends_kept, struct fc_buf *out)
{
	fc_buf_init(out, 8 * len + 64);
	switch (cut_line_ends(command, text, len, ends_kept, out)) {
	case CUT_DONE:
		return FC_OK;
	case CUT_NOMEM:
		fc_buf_free(out);
		return FC_ERR_NOMEM;
	case CUT_GENERAL:
		break;
	}
	return fc_cli_clean_general(command, text, len, out);
}

enum fc_rc fc_cli_clean_general(const char *command, const char *text, size_t len, struct fc_buf *out)
{
	struct line l = { NULL, 0, 0 };
	struct span *sp = NULL;
	size_t nl = 0, cap = 0, i, o, indent = SIZE_MAX, first = SIZE_MAX, last = SIZE_MAX;
	const char *p = text, *end = text + len;
	enum fc_rc rc = FC_ERR_NOMEM;
	bool final_nl = len && text[len - 1] == '\n';

	/* a tab becomes up to 8 blanks; the output is sized for the text as it is and grows only
	 * when tabs or redraws need it */
	fc_buf_init(out, 8 * len + 64);
	if (already_clean(command, text, len))
		return FC_OK;   /* out->data NULL: the text as it is */
	if (fc_buf_add(out, "", 0) != FC_OK || fc_buf_reserve(out, len + 1) != FC_OK)
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
		if (has_control(s, n)) {
			/* CR LF and CR CR LF end in CRs that return to column 0 and overwrite nothing */
			if (!render(s, n, &l))
				goto out;
			s = l.b ? l.b : "";   /* a line that renders to nothing */
			n = l.len;
		}
		k = pager(s, n);
		s += k;
		n -= k;
		while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
			n--;
		sp[nl].off = out->len;
		sp[nl].len = n;
		if (fc_buf_add(out, s, n) != FC_OK || ((e || final_nl) && fc_buf_add(out, "\n", 1) != FC_OK))
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
		const char *s = out->data + sp[first].off + indent;
		size_t n = sp[first].len - indent, k = prompt(s, n), w = strcspn(command, " ");

		while (k < n && s[k] == ' ')
			k++;
		if (k && n - k >= 2 && !strncmp(s + k, command, w < 2 ? w : 2)) {
			sp[first].len = 0;
			indent = SIZE_MAX;   /* measured again without it */
		}
		s = out->data + sp[last].off + (indent == SIZE_MAX ? 0 : indent);
		n = sp[last].len - (indent == SIZE_MAX ? 0 : indent);
		if (last != first && (k = prompt(s, n)) && k >= n) {
			sp[last].len = 0;
			indent = SIZE_MAX;
		}
		if (indent == SIZE_MAX)
			for (i = 0; i < nl; i++) {
				size_t lead = 0;

				while (lead < sp[i].len && out->data[sp[i].off + lead] == ' ')
					lead++;
				if (sp[i].len)
					indent = lead < indent ? lead : indent;
			}
		if (indent == SIZE_MAX)
			indent = 0;
	}
	/* an indentation the whole output shares, and blanked prompts: compacted in place (the text
	 * only shrinks, so each line moves to or before where it was) */
	for (i = 0, o = 0; i < nl; i++) {
		size_t cut = sp[i].len ? indent : 0, n = sp[i].len - cut;

		if (o != sp[i].off + cut)
			memmove(out->data + o, out->data + sp[i].off + cut, n);
		o += n;
		if (i + 1 < nl || final_nl)
			out->data[o++] = '\n';
	}
	out->len = o;
	out->data[o] = '\0';
	rc = FC_OK;
out:
	free(l.b);
	free(sp);
	if (rc != FC_OK)
		fc_buf_free(out);
	return rc;
}
