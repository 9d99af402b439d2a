/* SPDX-License-Identifier: MIT */
/* fabcheck probe --check: this host probed and judged on what needs only itself and the fabric's
 * intent, for a scheduler's node health check (Slurm's HealthCheckProgram, a prolog,
 * node-problem-detector). The first line of its output is the reason, at most 256 bytes. */
#ifndef FC_CHECK_H
#define FC_CHECK_H

#include <stdbool.h>
#include <stdio.h>

#include "probe/probe.h"

struct fc_check_opts {
	const struct fc_probe_opts *probe;   /* what to probe, and where (a recorded root) */
	const char *inventory;               /* the fabric's inventory: its fabric intent and profile */
	bool intent_only;                    /* inventory is an intent file: devices may be left out */
	const char *device;                  /* the host's name in the inventory (NULL: the probe's hostname),
					      * whose declared intent (speed, lanes, FEC) is compared too */
	const char *rules_dir;
	const char *format;                  /* text (NULL), json, prometheus */
};

/* Exit code: 0 healthy, 1 a problem, 2 unknown (a check could not tell, or an error: said on the
 * first line of out and on errf). */
int fc_probe_check(const struct fc_check_opts *o, FILE *out, FILE *errf);
/* The formats probe --check writes: text, json, prometheus. */
bool fc_check_format_known(const char *name);

#endif
