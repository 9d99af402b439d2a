/* SPDX-License-Identifier: MIT */
/* NVUE REST API transport (NVIDIA Cumulus Linux): GET https://<switch>:8765/nvue_v1/<path> with
 * basic auth, one resource a request (rpc.c does the HTTPS, retries, timeouts and concurrency).
 * A command maps onto its resource the way NVUE's CLI maps onto the API (NVIDIA Cumulus Linux user
 * guide, "NVUE API"): `nv show a b c` is GET /nvue_v1/a/b/c?rev=operational, what runs; `nv config
 * show` is GET /nvue_v1/?rev=applied&filled=false, the configuration applied, as written (the set
 * tree in JSON, which the configuration reader takes as it takes the YAML). A command with no
 * resource (lldpd's lldpctl) is not collected over the API: a warning when the row is optional (the
 * SSH transport collects it), an error otherwise. The address names the port: NVUE serves the API
 * on 8765 by default. */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transport/rpc.h"

/* The resource of a command into out; false when it has none. */
static bool resource(const char *cmd, char *out, size_t size)
{
	size_t o, i;
	int n;

	if (!strcmp(cmd, "nv config show"))
		return (size_t)snprintf(out, size, "/nvue_v1/?rev=applied&filled=false") < size;
	if (strncmp(cmd, "nv show ", 8))
		return false;
	n = snprintf(out, size, "/nvue_v1/");
	if (n < 0 || (size_t)n >= size)
		return false;
	o = (size_t)n;
	for (i = 8; cmd[i] && o + 1 < size; i++) {
		char ch = cmd[i];

		if (ch == ' ')
			ch = '/';
		else if (!(ch >= 'a' && ch <= 'z') && !(ch >= '0' && ch <= '9') && ch != '-' && ch != '_')
			return false;   /* options and arguments have no resource */
		out[o++] = ch;
	}
	out[o] = '\0';
	return (size_t)snprintf(out + o, size - o, "?rev=operational") < size - o;
}

static char *nv_build(struct fc_rpc_dev *d, size_t batch)
{
	char path[512];

	(void)batch;
	d->batch_n = 1;
	if (!resource(d->job->cmds[d->next]->command, path, sizeof(path)))
		snprintf(path, sizeof(path), "/nvue_v1/");   /* filtered out before (fc_nvue_collect) */
	return strdup(path);
}

static bool nv_take(struct fc_rpc_dev *d, json_object *root, bool *more, size_t *advance)
{
	const struct fc_reader *c = d->job->cmds[d->next];
	const char *txt;

	*more = false;
	*advance = 1;
	if (!json_object_is_type(root, json_type_object)) {
		fc_job_error(d->job, "%s: NVUE API reply is not an object", c->command);
		return true;
	}
	txt = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
	fc_job_write(d->job, c, txt, strlen(txt));
	return true;
}

static const struct fc_rpc_proto nvue = {
	.name = "NVUE API",
	.path = "",
	.get = true,
	.ctype = "application/json",
	.ctype_alt = NULL,
	.cookie = NULL,
	.build = nv_build,
	.take = nv_take,
};

enum fc_rc fc_nvue_collect(struct fc_collect_job **jobs, size_t n, const struct fc_collect_opts *o,
			   fc_job_done_fn *done, void *ctx)
{
	size_t i, k;

	/* the commands the API has a resource for; the others said once, here */
	for (i = 0; i < n; i++) {
		struct fc_collect_job *j = jobs[i];
		const struct fc_reader **keep = fc_alloc(j->a, (j->ncmds + 1) * sizeof(*keep));
		size_t m = 0;
		char path[512], msg[300];

		if (!keep)
			return FC_ERR_NOMEM;
		for (k = 0; k < j->ncmds; k++) {
			if (resource(j->cmds[k]->command, path, sizeof(path))) {
				keep[m++] = j->cmds[k];
				continue;
			}
			if (j->cmds[k]->optional) {
				snprintf(msg, sizeof(msg), "%s: no resource in the NVUE API (optional: collected without it; "
							   "transport ssh collects it)", j->cmds[k]->command);
				fc_job_warning(j, msg);
			} else
				fc_job_error(j, "%s: no resource in the NVUE API: use transport ssh", j->cmds[k]->command);
		}
		j->cmds = keep;
		j->ncmds = m;
	}
	return fc_rpc_collect(&nvue, jobs, n, o, done, ctx);
}
