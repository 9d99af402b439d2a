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
#include "transport/transport.h"
#include "util/dynlib.h"
#include "util/path.h"
#include "adapter/adapter.h"

struct fc_collect_job {
	const struct fc_inventory *inv;
	const struct fc_inv_device *iv;
	const struct fc_adapter *v;
	const struct fc_reader *const *cmds;     /* what the adapter collects, in its table's order */
	size_t ncmds;
	const struct fc_reader *const *fallback; /* what it collects instead over a CLI (fc_reader.fallback) */
	size_t nfallback;
	struct fc_snap_device *sd;   /* the manifest entry being filled */
	struct fc_arena *a;          /* owns manifest strings */
	const char *root;            /* the snapshot directory being written */
	const struct fc_roots *roots;/* where the inventory may name files (file and probe addresses) */
	const char **warnings;       /* e.g. TLS verification disabled */
	size_t nwarnings, warnings_cap;
	bool lost_error;             /* an error could not be recorded (out of memory): the device failed */
};

/* Writes devices/<name>/<filename> under the snapshot and records it as an output. */
enum fc_rc fc_job_write(struct fc_collect_job *j, const struct fc_reader *c, const void *data, size_t len);
/* Records an error (status becomes partial when outputs exist, failed otherwise). Never pass a secret. */
void fc_job_error(struct fc_collect_job *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void fc_job_warning(struct fc_collect_job *j, const char *msg);
/* Loads lib for a transport (dynlib.h): true, or every job fails with what is missing and is done. */
bool fc_jobs_load(enum fc_dynlib lib, struct fc_collect_job **jobs, size_t n, fc_job_done_fn *done, void *ctx);

/* The transports (registered in transport.c), each fc_transport_fn. NX-API: JSON-RPC over HTTPS
 * with libcurl's multi interface, all jobs at once. */
fc_transport_fn fc_nxapi_collect;
/* eAPI (Arista EOS): JSON-RPC runCmds over HTTPS, the same engine (rpc.c). */
fc_transport_fn fc_eapi_collect;
/* NVUE's REST API (NVIDIA Cumulus Linux): GET over HTTPS, the same engine (rpc.c, nvue.c). */
fc_transport_fn fc_nvue_collect;
/* SSH (libssh), a bounded pool of worker threads. */
fc_transport_fn fc_ssh_collect;
/* NETCONF over SSH (netconf.c): the ssh pool, the netconf subsystem. */
fc_transport_fn fc_netconf_collect;
/* local.c: saved outputs in a directory; the probe, in-process. */
fc_transport_fn fc_file_collect;
fc_transport_fn fc_probe_collect;

#endif
