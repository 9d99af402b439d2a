/* SPDX-License-Identifier: MIT */
/* Parse throughput of one adapter command on one input file, in-process:
 *   bench_parse FILE COMMAND [SECONDS [PLATFORM [ENCODING]]]     (default nxos, text)
 * Repeats the parse (fresh model each time) for about SECONDS and prints
 *   bytes=<n> runs=<n> seconds=<s> mb_per_s=<x> ms_per_parse=<x> interfaces=<n>
 * With a platform given, each run also derives the ports (finalize) and resolves their QoS path,
 * as loading a snapshot does. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/buf.h"
#include "adapter/adapter.h"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	const struct fc_adapter *v = fc_adapter_find(argc > 4 ? argv[4] : "nxos");
	const char *enc = argc > 5 ? argv[5] : "text";
	bool whole = argc > 4;
	struct fc_buf b;
	struct fc_err err;
	double budget = argc > 3 ? strtod(argv[3], NULL) : 3.0, t0, t;
	size_t runs = 0, ifaces = 0;

	if (argc < 3 || !v) {
		fprintf(stderr, "usage: bench_parse FILE COMMAND [SECONDS [PLATFORM [ENCODING]]]\n");
		return 2;
	}
	fc_err_clear(&err);
	if (fc_read_file(argv[1], FC_MAX_INPUT_FILE, &b, &err) != FC_OK) {
		fprintf(stderr, "%s: %s\n", argv[1], err.msg);
		return 1;
	}
	t0 = now_s();
	do {
		struct fc_model *m = fc_model_new();
		struct fc_device *d;

		if (!m || fc_model_add_device(m, "bench", FC_DEV_SWITCH, &d, &err) != FC_OK)
			return 1;
		d->platform = v->platform;
		/* the entry a snapshot's file goes through: UTF-8 check and terminal-noise cleaning too */
		if (fc_adapter_parse(m, d, v, argv[1], b.data, b.len, argv[2], enc, &err) != FC_OK) {
			fprintf(stderr, "parse failed: %s:%u: %s\n", err.file, err.line, err.msg);
			return 1;
		}
		if (whole) {
			fc_set_int(&m->intent.roce_dscp, 26, fc_src_at(NULL, 0));
			fc_set_int(&m->intent.roce_prio, 3, fc_src_at(NULL, 0));
			fc_set_int(&m->intent.cnp_dscp, 48, fc_src_at(NULL, 0));
			if (fc_adapter_finalize(m, d, &err) != FC_OK || fc_adapter_qos_path(m, d) != FC_OK) {
				fprintf(stderr, "finalize failed: %s\n", err.msg);
				return 1;
			}
		}
		ifaces = d->nifaces;
		fc_model_free(&m);
		runs++;
		t = now_s() - t0;
	} while (t < budget);
	printf("bytes=%zu runs=%zu seconds=%.3f mb_per_s=%.1f ms_per_parse=%.3f interfaces=%zu\n", b.len, runs, t,
	       (double)b.len * (double)runs / t / 1e6, t * 1e3 / (double)runs, ifaces);
	fc_buf_free(&b);
	return 0;
}
