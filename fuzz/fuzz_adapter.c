/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: every reader of every adapter, through the adapters' own tables, so a command
 * added to a table is fuzzed without a line here. Byte 0 picks the adapter (the registry's order),
 * byte 1 the row of its reader table; the rest is the output. It is read alone, as `fabcheck parse
 * --platform P --command C` reads it; and where it holds a line FUZZ_NEXT, the part before is read
 * first as the adapter's saved configuration and the part after by the row's reader, as a snapshot
 * holds them, so that finalize merges what the state output shows over the configuration. Both end
 * with finalize and the QoS path. A row that carries counters (or keeps part of its document for them)
 * is also read as an earlier snapshot's output is under validate --baseline: counters only, then
 * copied out as the counter rules read it.
 * FABCHECK_FUZZ_LIST=1 in the environment: prints "adapter row platform encoding command" for every
 * row and exits (fuzz/run.sh builds the seeds' selector bytes from it). */
#include <stdio.h>

#include "fuzz_common.h"
#include "model/counters.h"

#define FUZZ_NEXT "\n#fabcheck-fuzz-next-output\n"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const struct fc_adapter *const *a;
	const char *list = getenv("FABCHECK_FUZZ_LIST");
	size_t i, k;

	(void)argc, (void)argv;
	if (!list || strcmp(list, "1"))
		return 0;
	for (i = 0, a = fc_adapter_list(); a[i]; i++)
		for (k = 0; a[i]->readers[k].command; k++)
			printf("%zu %zu %s %s %s\n", i, k, a[i]->platform, a[i]->readers[k].encoding, a[i]->readers[k].command);
	exit(0);
}

/* The output as an earlier snapshot's (fc_load_opts.counters_only), a few named counters kept. */
static void fuzz_counters(const struct fc_adapter *v, const struct fc_reader *r, const uint8_t *data, size_t size)
{
	static const char *const kept[] = { "link_down_events_phy", "np_cnp_sent", "rx_bits_phy", NULL };
	struct fc_counters *c = NULL;
	struct fc_device *d;
	struct fc_model *m = fuzz_model(v, &d);
	struct fc_err err;

	fc_err_clear(&err);
	m->counters_only = true;
	fc_model_keep_counters(m, kept);
	fuzz_parse(m, d, v, "fuzz", r->command, r->encoding, data, size);
	if (fc_counters_take(&m, &c, &err) != FC_OK || m)
		abort();
	fc_counters_free(&c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct fc_adapter *const *list = fc_adapter_list();
	const struct fc_adapter *a;
	const struct fc_reader *r, *cfg;
	const uint8_t *next;
	size_t na = 0, nr = 0;

	if (size < 2)
		return 0;
	while (list[na])
		na++;
	a = list[data[0] % na];
	while (a->readers[nr].command)
		nr++;
	r = &a->readers[data[1] % nr];
	data += 2, size -= 2;
	fuzz_adapter(a->platform, r->command, r->encoding, data, size);
	if (r->counters || r->counters_keep)
		fuzz_counters(a, r, data, size);
	cfg = fc_adapter_saved_config(a);
	next = memmem(data, size, FUZZ_NEXT, sizeof(FUZZ_NEXT) - 1);
	if (cfg && next) {
		size_t pre = (size_t)(next - data), skip = pre + sizeof(FUZZ_NEXT) - 1;

		fuzz_adapter_pair(a->platform, cfg->command, cfg->encoding, data, pre, r->command, r->encoding, data + skip,
				  size - skip);
	}
	return 0;
}
