/* SPDX-License-Identifier: MIT */
/* The vendor registry: every adapter fabcheck has, in one array. */
#include "vendor/vendor.h"

#include <stdio.h>
#include <string.h>

#include "linux/linux.h"
#include "nxos/nxos.h"
#include "util/buf.h"

static const struct fc_vendor *const registry[] = {
	&fc_vendor_nxos,
	&fc_vendor_linux,
	NULL,
};

const struct fc_vendor *const *fc_vendor_list(void)
{
	return registry;
}

const struct fc_vendor *fc_vendor_find(const char *platform)
{
	const struct fc_vendor *const *v;

	for (v = registry; *v; v++)
		if (strcmp((*v)->platform, platform) == 0)
			return *v;
	return NULL;
}

enum fc_rc fc_vendor_no_finalize(struct fc_parse_ctx *ctx)
{
	(void)ctx;
	return FC_OK;
}

enum fc_rc fc_vendor_no_intent(struct fc_parse_ctx *ctx, const struct doc *d, const struct doc_node *n)
{
	return fc_err_set(ctx->err, FC_ERR_INPUT, d->file, n->line, "platform of '%s' takes no intent",
			  ctx->dev->name);
}

enum fc_rc fc_vendor_parse(struct fc_model *m, struct fc_device *dev, const struct fc_vendor *v, const char *file,
			   const char *text, size_t len, const char *command, const char *encoding, struct fc_err *err)
{
	struct fc_parse_ctx ctx;
	enum fc_rc rc;

	ctx.m = m;
	ctx.dev = dev;
	ctx.file = fc_intern(m->arena, file);
	ctx.err = err;
	if (!ctx.file)
		return fc_err_set(err, FC_ERR_NOMEM, file, 0, "out of memory");
	rc = v->parse(&ctx, command, encoding, text, len);
	if (rc == FC_ERR_UNSUPPORTED && err->rc == FC_OK)
		fc_err_set(err, FC_ERR_INPUT, file, 0, "platform %s has no parser for '%s' (%s)", v->platform, command,
			   encoding);
	return rc == FC_ERR_UNSUPPORTED ? FC_ERR_INPUT : rc;
}

enum fc_rc fc_vendor_parse_file(struct fc_model *m, struct fc_device *dev, const struct fc_vendor *v,
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
	rc = fc_vendor_parse(m, dev, v, path, b.data, b.len, command, encoding, err);
	fc_buf_free(&b);
	return rc;
}
