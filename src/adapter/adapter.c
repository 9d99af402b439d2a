/* SPDX-License-Identifier: MIT */
/* The adapter registry: every adapter fabcheck has, in one array. */
#include "adapter/adapter.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "vendors/eos/eos.h"
#include "vendors/linux/linux.h"
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
	const struct fc_adapter_cmd *c;
	bool marks = false;

	if (!v)
		return true;
	for (c = v->commands; c->command; c++) {
		if (c->counters && strcmp(c->command, command) == 0)
			return true;
		marks |= c->counters;
	}
	return !marks;
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
	struct fc_xcvr *x = &ifc->xcvr;
	enum fc_cable_class cls;

	if (!x->type.m.known)
		fc_set_unknown(&x->dac_class.m, "the module's type is not known");
	else if ((cls = fc_dac_class_of(x->type.v)))
		fc_set_cable_class(&x->dac_class, cls, x->type.m.src);
	else
		fc_set_unknown(&x->dac_class.m, "the module's type names no DAC class (CA-L, CA-S, CA-N)");
}

enum fc_rc fc_adapter_finalize(struct fc_model *m, struct fc_device *dev, struct fc_err *err)
{
	struct fc_parse_ctx ctx = { m, dev, NULL, err };
	const struct fc_adapter *a = fc_adapter_find(dev->platform);
	enum fc_rc rc;
	size_t i;

	if (!a)
		return fc_err_set(err, FC_ERR_INTERNAL, NULL, 0, "%s: no adapter for platform %s", dev->name, dev->platform);
	if ((rc = a->finalize(&ctx)) != FC_OK)
		return rc;
	for (i = 0; i < dev->nifaces; i++)
		dac_class(dev->ifaces[i]);
	return FC_OK;
}

enum fc_rc fc_adapter_qos_path(struct fc_model *m, struct fc_device *dev)
{
	const struct fc_adapter *a = fc_adapter_find(dev->platform);

	return a && a->qos_path ? a->qos_path(m, dev) : FC_OK;
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

/* Text from a CLI session is cleaned of terminal noise; JSON only when something surrounds it
 * (the prompt and command of "show x | json" typed at a terminal). */
static bool needs_cleaning(const struct fc_adapter *v, const char *command, const char *encoding, const char *text,
			   size_t len)
{
	const char *const *c;
	size_t a = 0, b = len;

	if (!strcmp(encoding, "json")) {
		while (a < len && isspace((unsigned char)text[a]))
			a++;
		while (b > a && isspace((unsigned char)text[b - 1]))
			b--;
		return a < b && !((text[a] == '{' && text[b - 1] == '}') || (text[a] == '[' && text[b - 1] == ']'));
	}
	for (c = v->verbatim; c && *c; c++)
		if (!strcmp(*c, command))
			return false;
	return true;
}

enum fc_rc fc_adapter_parse(struct fc_model *m, struct fc_device *dev, const struct fc_adapter *v, const char *file,
			   const char *text, size_t len, const char *command, const char *encoding, struct fc_err *err)
{
	struct fc_parse_ctx ctx;
	struct fc_buf fixed;
	struct bad_lines bad;
	const char *nul = memchr(text, '\0', len);
	enum fc_rc rc;

	ctx.m = m;
	ctx.dev = dev;
	ctx.file = fc_src_make(m, file, 0).file;
	ctx.err = err;
	if (!ctx.file)
		return fc_err_set(err, FC_ERR_NOMEM, file, 0, "out of memory");
	if (nul) {
		unsigned line = 1;
		const char *p;

		for (p = text; p < nul; p++)
			line += *p == '\n';
		return fc_err_set(err, FC_ERR_INPUT, ctx.file, line, "NUL byte: binary data, not the output of '%s'",
				  command);
	}
	/* invalid UTF-8 is replaced here, once for every adapter, and said where */
	fc_buf_init(&fixed, len * 3 + 16);
	if (!fc_utf8_valid(text, len)) {
		memset(&bad, 0, sizeof(bad));
		if (fc_buf_add(&fixed, text, len) != FC_OK || fc_utf8_fix(&fixed, note_bad, &bad) != FC_OK ||
		    record_bad(m, dev, ctx.file, &fixed, &bad) != FC_OK) {
			fc_buf_free(&fixed);
			return fc_err_set(err, FC_ERR_NOMEM, ctx.file, 0, "out of memory");
		}
		text = fixed.data;
		len = fixed.len;
	}
	if (needs_cleaning(v, command, encoding, text, len)) {
		struct fc_buf clean;

		if (fc_cli_clean(command, text, len, &clean) != FC_OK) {
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
	rc = v->parse(&ctx, command, encoding, text, len);
	fc_buf_free(&fixed);
	if (rc == FC_ERR_UNSUPPORTED && err->rc == FC_OK)
		fc_err_set(err, FC_ERR_INPUT, ctx.file, 0, "platform %s has no parser for '%s' (%s)", v->platform, command,
			   encoding);
	return rc == FC_ERR_UNSUPPORTED ? FC_ERR_INPUT : rc;
}

enum fc_rc fc_adapter_parse_file(struct fc_model *m, struct fc_device *dev, const struct fc_adapter *v,
				const char *base_dir, const char *rel, const char *command,
				const char *encoding, struct fc_err *err)
{
	char path[4096];
	struct fc_buf b;
	enum fc_rc rc;

	if (rel[0] == '/' ? !fc_pathf(path, sizeof(path), "%s", rel)
			  : !fc_pathf(path, sizeof(path), "%s/%s", base_dir, rel))
		return fc_err_set(err, FC_ERR_INPUT, rel, 0, "path too long");
	rc = fc_read_file(path, FC_MAX_INPUT_FILE, &b, err);
	if (rc != FC_OK)
		return rc;
	rc = fc_adapter_parse(m, dev, v, path, b.data, b.len, command, encoding, err);
	fc_buf_free(&b);
	return rc;
}
