/* SPDX-License-Identifier: MIT */
/* The transport registry: every way `collect` reaches a device, in one array that the inventory
 * checks, --help and the man page list, and collect dispatches on (transport.c). */
#ifndef FC_TRANSPORT_H
#define FC_TRANSPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "transport/collect.h"
#include "util/err.h"

#define FC_MAX_TRANSPORTS 8

struct fc_collect_job;
typedef void fc_job_done_fn(void *ctx, struct fc_collect_job *j);
/* Collects every job given (all at once: a transport runs them in parallel where it can), calling
 * done for each when it is finished. An error return is one that stops the whole run. */
typedef enum fc_rc fc_transport_fn(struct fc_collect_job **jobs, size_t n, const struct fc_collect_opts *o,
				   fc_job_done_fn *done, void *ctx);

struct fc_transport {
	const char *name;          /* as inventories write it */
	const char *desc;          /* one line for --help and the man page */
	bool address;              /* a device needs an address (host[:port]) and a credential */
	fc_transport_fn *collect;  /* NULL: nothing is collected (a saved config or intent only) */
};

/* The registry, ended by an entry with name == NULL. */
const struct fc_transport *fc_transport_list(void);
const struct fc_transport *fc_transport_find(const char *name);

#endif
