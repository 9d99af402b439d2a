/* SPDX-License-Identifier: MIT */
/* Collection: runs each device's transport and writes a snapshot directory. Collecting never
 * parses. The snapshot appears under its final name only when complete (rename of a temporary
 * directory), so a killed run leaves no half-written snapshot. */
#ifndef FC_COLLECT_H
#define FC_COLLECT_H

#include <stdbool.h>
#include <stdio.h>

#include "util/err.h"

struct fc_collect_opts {
	const char *inventory, *out_dir;
	const char *ca_file, *known_hosts;
	bool insecure, accept_new;
	unsigned concurrency;    /* devices in flight at once (0 = default 32) */
	unsigned timeout_ms;     /* per request (0 = default 30 s) */
	unsigned retries;        /* extra attempts on timeouts and HTTP 5xx (default 2) */
	unsigned batch;          /* commands per NX-API request (0 = default 8) */
	FILE *progress;          /* NULL: no progress lines */
	const char *const *allow_outside;   /* directories the inventory may name files in besides its own */
	size_t nallow;
};

/* *incomplete is set when any device failed; the snapshot is still written. */
enum fc_rc fc_collect(const struct fc_collect_opts *o, int *incomplete, struct fc_err *err);

#endif
