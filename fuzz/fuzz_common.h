/* SPDX-License-Identifier: MIT */
/* Shared by the harnesses: feed one input to one adapter command through the same entry the
 * snapshot loader uses. */
#ifndef FC_FUZZ_COMMON_H
#define FC_FUZZ_COMMON_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vendor/vendor.h"

static inline void fuzz_adapter(const char *platform, const char *command, const char *enc, const uint8_t *data,
				size_t size)
{
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	struct fc_err err;
	struct fc_parse_ctx ctx;
	char *text = malloc(size + 1);

	fc_err_clear(&err);
	if (!m || !text || fc_model_add_device(m, "f", FC_DEV_SWITCH, &d, &err) != FC_OK)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	ctx.m = m, ctx.dev = d, ctx.file = "fuzz", ctx.err = &err;
	if (fc_vendor_find(platform)->parse(&ctx, command, enc, text, size) == FC_OK)
		fc_vendor_find(platform)->finalize(&ctx);
	free(text);
	fc_model_free(&m);
}

#endif
