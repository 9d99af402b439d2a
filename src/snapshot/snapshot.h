/* SPDX-License-Identifier: MIT */
/* Snapshots (docs/snapshot-format.md): raw outputs as captured plus a manifest. Loading builds
 * the model from a snapshot directory, or from an inventory alone (saved configs and host intent,
 * the CI-gate case). Validation needs nothing else. */
#ifndef FC_SNAPSHOT_H
#define FC_SNAPSHOT_H

#include "inventory/inventory.h"
#include "model/model.h"

#define FC_SNAPSHOT_FORMAT "fabcheck-snapshot"
#define FC_SNAPSHOT_FORMAT_VERSION 1

struct fc_load_opts {
	const char *const *allow_outside;   /* directories an inventory's config: may name besides its own */
	size_t nallow;
	/* an earlier snapshot for validate --baseline: only the outputs that carry counters are parsed
	 * (fc_adapter_counter_output; the manifest is checked whole) and no QoS path is resolved */
	bool counters_only;
	const char *const *counters_kept;   /* and of the named counters, only these (sorted, NULL-terminated;
					     * NULL: all): what the rules comparing two snapshots read */
};

/* target: a snapshot directory (holding manifest.json) or an inventory file; o may be NULL. On
 * success the caller owns *inv and *model. Output parse errors do not fail the load: they are
 * recorded on the device and counted in model->input_errors. A path the snapshot or inventory
 * names that resolves outside it (docs/security.md) fails the load, naming file:line. */
enum fc_rc fc_fabric_load(const char *target, const struct fc_load_opts *o, struct fc_inventory **inv,
			  struct fc_model **model, struct fc_err *err);

/* The fabric's intent (profile, RoCE priority and DSCPs, MTU) from inv into m, each known with
 * the inventory's line or left unknown. */
void fc_model_intent_from_inventory(struct fc_model *m, const struct fc_inventory *inv);

struct fc_snap_output {
	const char *command, *encoding, *file;   /* file relative to the snapshot root */
};

struct fc_snap_device {
	const char *name, *platform, *status;    /* status: ok, partial, failed */
	const char *transport;
	const char **errors;
	size_t nerrors, errors_cap;
	const char **warnings;                   /* e.g. TLS verification disabled */
	size_t nwarnings;
	struct fc_snap_output *outputs;
	size_t noutputs, outputs_cap;
};

/* Writes dir/manifest.json for the devices given. */
enum fc_rc fc_manifest_write(const char *dir, const char *inventory_file, const struct fc_snap_device *devs,
			     size_t n, struct fc_err *err);

#endif
