/* SPDX-License-Identifier: MIT */
/* Shared by the harnesses: feed outputs to an adapter through the same entry the snapshot loader
 * uses (NUL, invalid UTF-8 and terminal noise handled as for a snapshot's file), then finalize and
 * the QoS path the rules read, for the fabric's usual classes. */
#ifndef FC_FUZZ_COMMON_H
#define FC_FUZZ_COMMON_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "adapter/adapter.h"

/* One output, a copy of data NUL-terminated as a file read is; false when it is refused. A refusal
 * names its file and says what was expected (the error convention, src/util/err.h): one that does
 * not aborts, as a crash would. */
static inline bool fuzz_parse(struct fc_model *m, struct fc_device *d, const struct fc_adapter *v, const char *file,
			      const char *command, const char *enc, const uint8_t *data, size_t size)
{
	struct fc_err err;
	char *text = malloc(size + 1);
	bool ok;

	if (!text)
		abort();
	fc_err_clear(&err);
	memcpy(text, data, size);
	text[size] = '\0';
	ok = fc_adapter_parse(m, d, v, file, text, size, command, enc, &err) == FC_OK;
	free(text);
	if (!ok && (err.rc == FC_OK || !err.msg[0] || (err.rc != FC_ERR_NOMEM && strcmp(err.file, file))))
		abort();
	return ok;
}

/* A model of one device "f" of v's platform; aborts when it cannot be made. */
static inline struct fc_model *fuzz_model(const struct fc_adapter *v, struct fc_device **d)
{
	struct fc_model *m = fc_model_new();
	struct fc_err err;

	fc_err_clear(&err);
	if (!m || fc_model_add_device(m, "f", v->kind, d, &err) != FC_OK)
		abort();
	(*d)->platform = v->platform;
	return m;
}

/* pre (read first as pre_cmd, as a snapshot holds a configuration beside a state output; NULL for
 * none, and its refusal does not stop the second), then the input as command, then finalize and
 * the QoS path whether or not either was refused. */
static inline void fuzz_adapter_pair(const char *platform, const char *pre_cmd, const char *pre_enc,
				     const uint8_t *pre, size_t pre_size, const char *command, const char *enc,
				     const uint8_t *data, size_t size)
{
	const struct fc_adapter *v = fc_adapter_find(platform);
	struct fc_device *d;
	struct fc_model *m = fuzz_model(v, &d);
	struct fc_err err;

	fc_err_clear(&err);
	if (pre)
		fuzz_parse(m, d, v, "pre", pre_cmd, pre_enc, pre, pre_size);
	/* a refused output leaves the device part read: the snapshot loader still finalizes it and
	 * resolves its path, and so does this */
	fuzz_parse(m, d, v, "fuzz", command, enc, data, size);
	fc_adapter_finalize(m, d, &err);
	fc_set_int(&m->intent.roce_dscp, 26, fc_src_at(NULL, 0));
	fc_set_int(&m->intent.roce_prio, 3, fc_src_at(NULL, 0));
	fc_set_int(&m->intent.cnp_dscp, 48, fc_src_at(NULL, 0));
	fc_adapter_qos_path(m, d);
	fc_model_free(&m);
}

static inline void fuzz_adapter(const char *platform, const char *command, const char *enc, const uint8_t *data,
				size_t size)
{
	fuzz_adapter_pair(platform, NULL, NULL, NULL, 0, command, enc, data, size);
}

#endif
