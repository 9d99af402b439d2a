/* SPDX-License-Identifier: MIT */
/* One device being collected: where its outputs go and what the manifest will say of it.
 * Transports fill jobs; collect.c writes the manifest. */
#ifndef FC_JOB_H
#define FC_JOB_H

#include <stdbool.h>
#include <stdio.h>

#include "inventory/inventory.h"
#include "snapshot/snapshot.h"
#include "transport/collect.h"
#include "adapter/adapter.h"

struct fc_collect_job {
	const struct fc_inventory *inv;
	const struct fc_inv_device *iv;
	const struct fc_vendor *v;
	struct fc_snap_device *sd;   /* the manifest entry being filled */
	struct fc_arena *a;          /* owns manifest strings */
	const char *root;            /* the snapshot directory being written */
	const char **warnings;       /* e.g. TLS verification disabled */
	size_t nwarnings, warnings_cap;
	bool lost_error;             /* an error could not be recorded (out of memory): the device failed */
};

/* Writes devices/<name>/<filename> under the snapshot and records it as an output. */
enum fc_rc fc_job_write(struct fc_collect_job *j, const struct fc_vendor_cmd *c, const void *data, size_t len);
/* Records an error (status becomes partial when outputs exist, failed otherwise). Never pass a secret. */
void fc_job_error(struct fc_collect_job *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void fc_job_warning(struct fc_collect_job *j, const char *msg);

/* Called by transports when a device is finished. */
typedef void fc_job_done_fn(void *ctx, struct fc_collect_job *j);

/* NX-API (JSON-RPC over HTTPS with libcurl's multi interface), all jobs at once. */
enum fc_rc fc_nxapi_collect(struct fc_collect_job **jobs, size_t n, const struct fc_collect_opts *o,
			    fc_job_done_fn *done, void *ctx);

/* SSH (libssh), a bounded pool of worker threads. */
enum fc_rc fc_ssh_collect(struct fc_collect_job **jobs, size_t n, const struct fc_collect_opts *o,
			  fc_job_done_fn *done, void *ctx);

#endif
