/* SPDX-License-Identifier: MIT */
/* The adapter registry: every adapter fabcheck has, in one array. */
#include "adapter/adapter.h"

#include <ctype.h>
#include <limits.h>
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "vendors/eos/eos.h"
#include "vendors/junos/junos.h"
#include "vendors/linux/linux.h"
#include "vendors/nvue/nvue.h"
#include "vendors/nxos/nxos.h"
#include "vendors/sonic/sonic.h"
#include "util/buf.h"
#include "util/cli_text.h"
#include "util/str.h"
#include "util/text.h"

static const struct fc_adapter *const registry[] = {
	&fc_adapter_nxos,
	&fc_adapter_sonic,
	&fc_adapter_eos,
	&fc_adapter_nvue,
	&fc_adapter_junos,
	&fc_adapter_linux,
	NULL,
};

const struct fc_adapter *const *fc_adapter_list(void)
{
	return registry;
}

const struct fc_adapter *fc_adapter_find(const char *platform)
{
	const struct fc_adapter *const *v;

	for (v = registry; *v; v++)
		if (strcmp((*v)->platform, platform) == 0)
			return *v;
	return NULL;
}

bool fc_adapter_counter_output(const struct fc_adapter *v, const char *command)
{
	const struct fc_reader *r;
	bool marks = false;

	if (!v)
		return true;
	for (r = v->readers; r->command; r++) {
		if (r->counters && strcmp(r->command, command) == 0)
			return true;
		marks |= r->counters;
	}
	return !marks;
}

const struct fc_reader *fc_adapter_reader(const struct fc_adapter *a, const char *command, const char *encoding)
{
	const struct fc_reader *r;

	for (r = a->readers; r->command; r++)
		if (!strcmp(r->command, command) && !strcmp(r->encoding, encoding))
			return r;
	for (r = a->readers; r->command; r++) {
		const char *const *p;

		for (p = r->spellings; p && *p; p++)
			if (!strcmp(r->encoding, encoding) && fnmatch(*p, command, 0) == 0)
				return r;
	}
	return NULL;
}

const struct fc_reader *fc_adapter_saved_config(const struct fc_adapter *a)
{
	const struct fc_reader *r;

	for (r = a->readers; r->command; r++)
		if (r->saved_config)
			return r;
	return NULL;
}

unsigned fc_adapter_rank(const struct fc_adapter *a, const char *command, const char *encoding)
{
	const struct fc_reader *r = a ? fc_adapter_reader(a, command, encoding) : NULL, *cfg;

	if (!r)
		return UINT_MAX;
	cfg = fc_adapter_saved_config(a);
	if (r->saved_config || (cfg && ((r->text && r->text == cfg->text) || (r->json && r->json == cfg->json))))
		return FC_RANK_CONFIG;
	return 1 + (unsigned)(r - a->readers);
}

bool fc_adapter_collected(const struct fc_adapter *a, bool fallback, struct fc_arena *arena,
			  const struct fc_reader *const **out, size_t *n)
{
	const struct fc_reader *r, **v;
	size_t k = 0;

	for (r = a->readers; r->command; r++)
		k += r->file && r->fallback == fallback;
	if (!(v = fc_alloc(arena, (k + 1) * sizeof(*v))))
		return false;
	*n = 0;
	for (r = a->readers; r->command; r++)
		if (r->file && r->fallback == fallback)
			v[(*n)++] = r;
	v[*n] = NULL;
	*out = v;
	return true;
}

struct fc_iface *fc_adapter_find_iface(const struct fc_device *d, const char *name)
{
	const struct fc_adapter *v = d->platform ? fc_adapter_find(d->platform) : NULL;
	struct fc_iface *ifc = fc_dev_find_iface(d, name);
	char buf[256];

	if (ifc || !v || !v->ifname)
		return ifc;
	return fc_dev_find_iface(d, v->ifname(name, buf, sizeof(buf)));
}

void fc_adapter_lag_acls(struct fc_device *dev)
{
	size_t i;

	for (i = 0; i < dev->nifaces; i++) {
		struct fc_iface *ifc = dev->ifaces[i];
		const struct fc_iface *lag;
		struct fc_swport *mine = ifc->sw;

		if (!mine || !mine->lag.m.known || !(lag = fc_adapter_find_iface(dev, mine->lag.v)) || !lag->sw)
			continue;
		if (!mine->acl_in.m.known && lag->sw->acl_in.m.known)
			mine->acl_in = lag->sw->acl_in;
		if (!mine->acl_out.m.known && lag->sw->acl_out.m.known)
			mine->acl_out = lag->sw->acl_out;
	}
}

enum fc_rc fc_adapter_no_finalize(struct fc_parse_ctx *ctx)
{
	(void)ctx;
	return FC_OK;
}

enum fc_rc fc_adapter_no_intent(struct fc_parse_ctx *ctx, const struct doc *d, const struct doc_node *n)
{
	return fc_err_set(ctx->err, FC_ERR_INPUT, d->file, n->line, "platform of '%s' takes no intent",
			  ctx->dev->name);
}

/* A DAC's class from its module's type or compliance, for every platform alike. */
static void dac_class(struct fc_iface *ifc)
{
	struct fc_xcvr *x = ifc->xcvr;   /* none: fc_xcvr() says the type is not known */
	enum fc_cable_class cls;

	if (!x)
		return;
	if (!x->type.m.known)
		fc_set_unknown(&x->dac_class.m, "the module's type is not known");
	else if ((cls = fc_dac_class_of(x->type.v)))
		fc_set_cable_class(&x->dac_class, cls, x->type.m.src);
	else
		fc_set_unknown(&x->dac_class.m, "the module's type names no DAC class (CA-L, CA-S, CA-N)");
}

enum fc_rc fc_adapter_finalize(struct fc_model *m, struct fc_device *dev, struct fc_err *err)
{
	struct fc_parse_ctx ctx = { .m = m, .dev = dev, .err = err };
	const struct fc_adapter *a = fc_adapter_find(dev->platform);
	enum fc_rc rc;
	size_t i;

	if (!a)
		return fc_err_set(err, FC_ERR_INTERNAL, NULL, 0, "%s: no adapter for platform %s", dev->name, dev->platform);
	if ((rc = a->finalize(&ctx)) != FC_OK)
		return rc;
	if (!dev->asic_family.m.known && dev->hw_model.m.known) {
		enum fc_asic asic = fc_asic_of(dev->hw_model.v);

		if (asic)
			fc_set_asic(&dev->asic_family, asic, dev->hw_model.m.src);
		else
			fc_set_unknown(&dev->asic_family.m, "the hardware model names no ASIC family fabcheck knows");
	}
	for (i = 0; i < dev->nifaces; i++)
		dac_class(dev->ifaces[i]);
	return FC_OK;
}

/* The hops of one port: each class the fabric declares, classified, then followed when the
 * classification found its traffic class. */
static void port_hops(struct fc_qos_walk *w, const struct fc_qos_resolver *q, struct fc_iface *ifc)
{
	const struct fc_intent *in = &w->m->intent;
	int t;

	for (t = 0; t < FC_TC_COUNT; t++) {
		struct fc_hop *h = &ifc->hops[t];
		const struct fc_int *dscp = t == FC_TC_ROCE ? &in->roce_dscp : &in->cnp_dscp;

		if (w->unavailable) {
			fc_hop_unknown(h, w->unavailable);
			continue;
		}
		if (!dscp->m.known || dscp->v < 0 || dscp->v > 63) {
			fc_hop_unknown(h, t == FC_TC_ROCE ? "the fabric's RoCE DSCP is not declared (fabric.roce.dscp)"
						       : "the fabric's CNP DSCP is not declared (fabric.roce.cnp_dscp)");
			continue;
		}
		q->classify(w, ifc, (enum fc_tclass)t, dscp->v, h);
		if (!h->tc.m.known) {   /* the rest of the path follows the class: unknown with its reason */
			fc_hop_unknown_rest(h, fc_why(&h->tc.m));
			continue;
		}
		q->resolve(w, ifc, (enum fc_tclass)t, dscp->v, h);
		/* what the platform's resolver does not give is unknown, saying so (never a silent gap) */
		fc_hop_unknown_rest(h, "the platform's configuration does not state it");
	}
}

enum fc_rc fc_qos_walk_begin(struct fc_qos_walk *qw, bool have_config, size_t size, void **state)
{
	*state = NULL;
	if (!have_config) {
		qw->none = true;
		return FC_OK;
	}
	if (!(*state = fc_alloc(qw->m->arena, size)))
		return FC_ERR_NOMEM;
	qw->state = *state;
	return FC_OK;
}

enum fc_rc fc_adapter_qos_path(struct fc_model *m, struct fc_device *dev)
{
	const struct fc_adapter *a = fc_adapter_find(dev->platform);
	const struct fc_qos_resolver *q = a ? a->qos : NULL;
	struct fc_qos_walk w = { m, dev, NULL, false, NULL };
	enum fc_rc rc = FC_OK;
	size_t i;

	if (!q)
		return FC_OK;
	if (q->begin && (rc = q->begin(&w)) != FC_OK)
		return rc;
	for (i = 0; !w.none && i < dev->nifaces; i++) {
		struct fc_iface *ifc = dev->ifaces[i];

		if (!q->port(&w, ifc))
			continue;
		if (!(ifc->hops = fc_alloc(m->arena, FC_TC_COUNT * sizeof(*ifc->hops)))) {
			rc = FC_ERR_NOMEM;
			break;
		}
		port_hops(&w, q, ifc);
		/* a switch port's trust is what its classifier reads for RoCE, where its adapter says no more */
		if (!ifc->trust.m.known && !ifc->trust.m.why)
			ifc->trust = ifc->hops[FC_TC_ROCE].trust;
		if (q->port_done)
			q->port_done(&w, ifc);
	}
	if (q->end)
		q->end(&w);
	return rc;
}

struct bad_lines {
	unsigned line[16];
	size_t bytes[16], n, more;
};

static void note_bad(void *ctx, unsigned line, size_t bytes)
{
	struct bad_lines *b = ctx;

	if (b->n == 16) {
		b->more++;
		return;
	}
	b->line[b->n] = line;
	b->bytes[b->n++] = bytes;
}

/* Records each line where invalid UTF-8 was replaced as not understood, with what it now reads. */
static enum fc_rc record_bad(struct fc_model *m, struct fc_device *dev, const char *file, const struct fc_buf *b,
			     const struct bad_lines *bad)
{
	struct fc_lines it;
	size_t k = 0;
	char msg[64];

	fc_lines_init(&it, b->data);
	while (k < bad->n && fc_lines_next(&it)) {
		char *text;

		if (it.lineno != bad->line[k])
			continue;
		snprintf(msg, sizeof(msg), "invalid UTF-8 (%zu byte%s) replaced by U+FFFD: ", bad->bytes[k],
			 bad->bytes[k] > 1 ? "s" : "");
		text = fc_sprintf(m->arena, "%s%.*s", msg, (int)it.len, it.line);
		if (!text || fc_dev_add_unparsed(m, dev, fc_src_make(m, file, it.lineno), text, strlen(text)) != FC_OK)
			return FC_ERR_NOMEM;
		k++;
	}
	if (bad->more) {
		snprintf(msg, sizeof(msg), "invalid UTF-8 replaced on %zu more line(s)", bad->more);
		return fc_dev_add_unparsed(m, dev, fc_src_make(m, file, 0), msg, strlen(msg));
	}
	return FC_OK;
}

/* A pager's prompt on a line of its own (after blanks, CRs or backspaces the terminal redrew):
 * inside JSON it can only sit between tokens, for a raw line break never occurs in a string. */
static bool pager_line(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while ((p = memmem(p, (size_t)(end - p), "--More--", 8))) {
		const char *q = p;

		while (q > text && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\r' || q[-1] == '\b'))
			q--;
		if (q == text || q[-1] == '\n')
			return true;
		p += 8;
	}
	return false;
}

/* Text from a CLI session is cleaned of terminal noise; JSON only when something surrounds it
 * (the prompt and command of "show x | json" typed at a terminal) or a pager's prompt sits in it. */
static bool needs_cleaning(const struct fc_reader *r, const char *encoding, const char *text, size_t len)
{
	size_t a = 0, b = len;

	if (!strcmp(encoding, "json")) {
		while (a < len && isspace((unsigned char)text[a]))
			a++;
		while (b > a && isspace((unsigned char)text[b - 1]))
			b--;
		return (a < b && !((text[a] == '{' && text[b - 1] == '}') || (text[a] == '[' && text[b - 1] == ']'))) ||
		       pager_line(text, len);
	}
	return !(r && r->verbatim);
}

/* doc_parse_json_rows' callback: one streamed row to the reader's json_row. */
static enum fc_rc json_row(void *ctx, const struct doc *d, const char *key, const struct doc_node *row)
{
	struct fc_parse_ctx *c = ctx;

	return c->reader->json_row(c, d, key, row);
}

/* doc_parse_json_keep's question, to the reader's counters_keep. */
static bool counters_keep(void *ctx, const char *const *keys, unsigned depth)
{
	const struct fc_parse_ctx *c = ctx;

	return c->reader->counters_keep(c, keys, depth);
}

/* The row's reader on the output: text as it is, JSON parsed and its body found. */
static enum fc_rc read_output(struct fc_parse_ctx *c, const struct fc_adapter *a, const char *text, size_t len)
{
	const struct fc_reader *r = c->reader;
	const struct doc_node *body;
	struct doc *d = NULL;
	enum fc_rc rc;

	if (!strcmp(r->encoding, "text"))
		return r->text(c, text);
	if (r->json_rows) {
		struct doc_rows rows = { r->json_rows, r->json_rows_map, json_row, c, 0 };

		rc = doc_parse_json_keep(c->file, text, len, &rows, c->m->counters_only && r->counters_keep ? counters_keep : NULL,
					 c, &d, c->err);
		c->rows_read = rows.n;
	} else {
		rc = doc_parse_json_keep(c->file, text, len, NULL,
					 c->m->counters_only && r->counters_keep ? counters_keep : NULL, c, &d, c->err);
	}
	if (rc != FC_OK)
		return rc;
	body = d->root;
	if (!a->json_body || (rc = a->json_body(c, d, &body)) == FC_OK)
		rc = r->json(c, d, body);
	doc_free(&d);
	return rc;
}

enum fc_rc fc_adapter_parse(struct fc_model *m, struct fc_device *dev, const struct fc_adapter *v, const char *file,
			   const char *text, size_t len, const char *command, const char *encoding, struct fc_err *err)
{
	struct fc_parse_ctx ctx;
	struct fc_buf fixed;
	struct bad_lines bad;
	size_t nul;
	enum fc_text_kind kind = fc_text_check(text, len, &nul);   /* one pass for both questions */
	enum fc_rc rc;

	ctx.m = m;
	ctx.dev = dev;
	ctx.file = fc_src_make(m, file, 0).file;
	ctx.err = err;
	ctx.reader = fc_adapter_reader(v, command, encoding);
	ctx.command = command;
	ctx.rows_read = 0;
	ctx.row_state = NULL;
	if (!ctx.file)
		return fc_err_set(err, FC_ERR_NOMEM, file, 0, "out of memory");
	if (kind == FC_TEXT_NUL) {
		unsigned line = 1;
		const char *p;

		for (p = text; p < text + nul; p++)
			line += *p == '\n';
		return fc_err_set(err, FC_ERR_INPUT, ctx.file, line, "NUL byte: binary data, not the output of '%s'",
				  command);
	}
	/* invalid UTF-8 is replaced here, once for every adapter, and said where */
	fc_buf_init(&fixed, len * 3 + 16);
	if (kind == FC_TEXT_BAD_UTF8) {
		memset(&bad, 0, sizeof(bad));
		if (fc_buf_add(&fixed, text, len) != FC_OK || fc_utf8_fix(&fixed, note_bad, &bad) != FC_OK ||
		    record_bad(m, dev, ctx.file, &fixed, &bad) != FC_OK) {
			fc_buf_free(&fixed);
			return fc_err_set(err, FC_ERR_NOMEM, ctx.file, 0, "out of memory");
		}
		text = fixed.data;
		len = fixed.len;
	}
	if (needs_cleaning(ctx.reader, encoding, text, len)) {
		struct fc_buf clean;

		if (fc_cli_clean_for(command, text, len, ctx.reader && ctx.reader->ends_kept, &clean) != FC_OK) {
			fc_buf_free(&fixed);
			return fc_err_set(err, FC_ERR_NOMEM, ctx.file, 0, "out of memory");
		}
		if (clean.data) {   /* NULL: nothing to remove */
			fc_buf_free(&fixed);
			fixed = clean;
			text = fixed.data;
			len = fixed.len;
		}
	}
	if (ctx.reader)
		rc = read_output(&ctx, v, text, len);
	else
		rc = fc_err_set(err, FC_ERR_INPUT, ctx.file, 0, "platform %s has no parser for '%s' (%s)", v->platform,
				command, encoding);
	fc_buf_free(&fixed);
	return rc;
}

enum fc_rc fc_adapter_parse_file(struct fc_model *m, struct fc_device *dev, const struct fc_adapter *v,
				const char *base_dir, const char *rel, const char *command,
				const char *encoding, struct fc_err *err)
{
	char path[4096];
	struct fc_input in;
	enum fc_rc rc;

	/* the path as the user gave it when it is relative to the current directory ("./x": "x") */
	if (rel[0] == '/' || !strcmp(base_dir, ".") ? !fc_pathf(path, sizeof(path), "%s", rel)
						   : !fc_pathf(path, sizeof(path), "%s/%s", base_dir, rel))
		return fc_err_set(err, FC_ERR_INPUT, rel, 0, "path too long");
	rc = fc_input_file(path, FC_MAX_INPUT_FILE, &in, err);
	if (rc != FC_OK)
		return rc;
	rc = fc_adapter_parse(m, dev, v, path, in.data, in.len, command, encoding, err);
	fc_input_free(&in);
	return rc;
}
