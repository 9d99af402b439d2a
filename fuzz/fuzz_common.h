/* SPDX-License-Identifier: MIT */
/* Shared by the harnesses: feed one input to one adapter command through the same entry the
 * snapshot loader uses. */
#ifndef FC_FUZZ_COMMON_H
#define FC_FUZZ_COMMON_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "adapter/adapter.h"

/* pre (a fixed output read first as pre_cmd, as a snapshot would hold it; NULL for none), then the
 * input as command, then finalize and the QoS path. */
static inline void fuzz_adapter_after(const char *platform, const char *pre_cmd, const char *pre_enc, const char *pre,
				      const char *command, const char *enc, const uint8_t *data, size_t size)
{
	const struct fc_adapter *v = fc_adapter_find(platform);
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	struct fc_err err;
	char *text = malloc(size + 1);

	fc_err_clear(&err);
	if (!m || !text || fc_model_add_device(m, "f", v->kind, &d, &err) != FC_OK)
		abort();
	d->platform = v->platform;
	memcpy(text, data, size);
	text[size] = '\0';
	if (pre && fc_adapter_parse(m, d, v, "pre", pre, strlen(pre), pre_cmd, pre_enc, &err) != FC_OK)
		abort();   /* the fixed output always parses */
	/* NUL, invalid UTF-8 and terminal noise handled as for a snapshot's file */
	if (fc_adapter_parse(m, d, v, "fuzz", text, size, command, enc, &err) == FC_OK) {
		fc_adapter_finalize(m, d, &err);
		/* the QoS path the rules read, for the fabric's usual classes */
		fc_set_int(&m->intent.roce_dscp, 26, fc_src_at(NULL, 0));
		fc_set_int(&m->intent.roce_prio, 3, fc_src_at(NULL, 0));
		fc_set_int(&m->intent.cnp_dscp, 48, fc_src_at(NULL, 0));
		fc_adapter_qos_path(m, d);
	}
	free(text);
	fc_model_free(&m);
}

static inline void fuzz_adapter(const char *platform, const char *command, const char *enc, const uint8_t *data,
				size_t size)
{
	fuzz_adapter_after(platform, NULL, NULL, NULL, command, enc, data, size);
}

#endif
