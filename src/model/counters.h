/* SPDX-License-Identifier: MIT */
/* What the counter rules (src/rules/runtime.c) read of an earlier snapshot (validate --baseline):
 * each device's name and collection time, each port's counters (its statistics, a switch port's
 * CRC errors and resets) and each RDMA port's hw_counters, every value with where it was read.
 * fc_counters_take builds it from a model loaded for its counters (fc_load_opts.counters_only)
 * and frees that model: the earlier snapshot costs its counters, not a second model of the fabric
 * held beside the first. Everything is allocated in the structure's own arena; fc_counters_free
 * gives it back. */
#ifndef FC_COUNTERS_H
#define FC_COUNTERS_H

#include "model/model.h"

struct fc_cport {
	const char *name;
	struct fc_meta stats_m;            /* whether the port's statistics were read, and where */
	const struct fc_counter *stats;
	size_t nstats;
	struct fc_int crc, resets;         /* a switch port's CRC errors and interface resets */
};

struct fc_crdma {                          /* one RDMA device's port */
	const char *dev;
	int num;
	struct fc_meta hw_m;               /* whether its hw_counters were read, and where */
	const struct fc_counter *hw;
	size_t nhw;
};

struct fc_cdev {
	const char *name;
	struct fc_int taken_at;            /* its own collection time (a host document's), if known */
	struct fc_cport *ports;            /* sorted by name */
	size_t nports;
	struct fc_crdma *rdma;
	size_t nrdma;
};

struct fc_counters {
	struct fc_arena *arena;
	struct fc_int taken_at;            /* the snapshot's time (its manifest's created) */
	struct fc_cdev *devs;              /* sorted by name */
	size_t ndevs;
};

/* Copies what the counter rules read of *m into a new structure (*out) and frees *m (NULL after,
 * whatever the result). FC_ERR_NOMEM when memory runs out (then *out is NULL). */
enum fc_rc fc_counters_take(struct fc_model **m, struct fc_counters **out, struct fc_err *err);
/* Frees c and sets *c to NULL. Accepts NULL. */
void fc_counters_free(struct fc_counters **c);
/* The device, the port and the RDMA port of that name (and number); NULL when it has none. */
const struct fc_cdev *fc_counters_device(const struct fc_counters *c, const char *name);
const struct fc_cport *fc_cdev_port(const struct fc_cdev *d, const char *name);
const struct fc_crdma *fc_cdev_rdma(const struct fc_cdev *d, const char *dev, int num);

#endif
