/* SPDX-License-Identifier: MIT */
/* eAPI transport (Arista EOS): JSON-RPC 2.0 over HTTPS, POST /command-api, method runCmds with
 * several commands per request, all of one format ("json", or "text" for outputs without a JSON
 * model such as the running-config); the Session cookie after the first request when the switch
 * sets one (rpc.c does the HTTPS, authentication, retries and concurrency).
 *
 * EOS runs a request's commands in order and stops at the first that fails: the error's "data"
 * holds the outputs of those before it and, for the failed one, its "errors". Those outputs are
 * written, the failed command is recorded (a warning when the command is optional), and the rest
 * are sent again in the next request. */
#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transport/rpc.h"

static char *ea_build(struct fc_rpc_dev *d, size_t batch)
{
	const struct fc_reader *const *cmds = d->job->cmds;
	const char *enc = cmds[d->next]->encoding;
	json_object *o = json_object_new_object(), *p = json_object_new_object(), *arr = json_object_new_array();
	char id[32];
	char *s;
	size_t i;

	d->batch_n = 0;
	for (i = d->next; i < d->ncmds && d->batch_n < batch && !strcmp(cmds[i]->encoding, enc); i++, d->batch_n++)
		json_object_array_add(arr, json_object_new_string(cmds[i]->command));
	json_object_object_add(o, "jsonrpc", json_object_new_string("2.0"));
	json_object_object_add(o, "method", json_object_new_string("runCmds"));
	/* the models the readers were checked against: ANTA (Arista's own) asks for the latest */
	json_object_object_add(p, "version", json_object_new_string("latest"));
	json_object_object_add(p, "cmds", arr);
	json_object_object_add(p, "format", json_object_new_string(strcmp(enc, "json") ? "text" : "json"));
	json_object_object_add(o, "params", p);
	snprintf(id, sizeof(id), "fabcheck-%zu", d->next);
	json_object_object_add(o, "id", json_object_new_string(id));
	s = strdup(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN));
	json_object_put(o);
	return s;
}

/* One command's output: the JSON model, or {"output": text} in format text. */
static void put_output(struct fc_rpc_dev *d, const struct fc_reader *c, json_object *r)
{
	json_object *out;

	if (!json_object_is_type(r, json_type_object)) {
		fc_job_error(d->job, "%s: eAPI result is not an object", c->command);
	} else if (strcmp(c->encoding, "json")) {
		if (json_object_object_get_ex(r, "output", &out) && json_object_is_type(out, json_type_string))
			fc_job_write(d->job, c, json_object_get_string(out), (size_t)json_object_get_string_len(out));
		else
			fc_job_error(d->job, "%s: eAPI text result has no output", c->command);
	} else {
		const char *txt = json_object_to_json_string_ext(r, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);

		fc_job_write(d->job, c, txt, strlen(txt));
	}
}

/* The device's words for a failed command: its "errors" list, else the error's message. */
static void failed(struct fc_rpc_dev *d, const struct fc_reader *c, json_object *errs, const char *message,
		   int code)
{
	char why[400] = "", msg[600];
	size_t i, at = 0;

	if (errs && json_object_is_type(errs, json_type_array))
		for (i = 0; i < json_object_array_length(errs) && at < sizeof(why) - 1; i++) {
			int w = snprintf(why + at, sizeof(why) - at, "%s%s", i ? "; " : "",
					 json_object_get_string(json_object_array_get_idx(errs, i)));

			at = w < 0 ? at : at + (size_t)w;
			if (at >= sizeof(why))
				at = sizeof(why) - 1;
		}
	if (c->optional) {
		snprintf(msg, sizeof(msg), "%s: eAPI error %d: %.300s (optional: collected without it)", c->command, code,
			 why[0] ? why : message);
		fc_job_warning(d->job, msg);
	} else {
		fc_job_error(d->job, "%s: eAPI error %d: %.300s", c->command, code, why[0] ? why : message);
	}
}

static bool ea_take(struct fc_rpc_dev *d, json_object *root, bool *more, size_t *advance)
{
	const struct fc_reader *const *cmds = d->job->cmds + d->next;
	json_object *id, *res, *err, *data = NULL, *m = NULL, *code = NULL;
	char want[32];
	size_t i, n;

	*more = false;
	*advance = 0;
	snprintf(want, sizeof(want), "fabcheck-%zu", d->next);
	if (!json_object_is_type(root, json_type_object) || !json_object_object_get_ex(root, "id", &id) ||
	    !json_object_is_type(id, json_type_string) || strcmp(json_object_get_string(id), want)) {
		fc_job_error(d->job, "eAPI reply does not answer the request sent (id '%s' expected)", want);
		return false;
	}
	if (json_object_object_get_ex(root, "result", &res) && json_object_is_type(res, json_type_array)) {
		n = json_object_array_length(res);
		for (i = 0; i < d->batch_n && i < n; i++)
			put_output(d, cmds[i], json_object_array_get_idx(res, i));
		if (n != d->batch_n)
			fc_job_error(d->job, "eAPI reply answers %zu of %zu commands sent", n < d->batch_n ? n : d->batch_n,
				     d->batch_n);
		*advance = d->batch_n;
		return n > 0;
	}
	if (!json_object_object_get_ex(root, "error", &err) || !json_object_is_type(err, json_type_object)) {
		fc_job_error(d->job, "eAPI reply has neither a result list nor an error");
		return false;
	}
	json_object_object_get_ex(err, "message", &m);
	json_object_object_get_ex(err, "code", &code);
	json_object_object_get_ex(err, "data", &data);
	n = data && json_object_is_type(data, json_type_array) ? json_object_array_length(data) : 0;
	for (i = 0; i < n && i < d->batch_n; i++) {
		json_object *el = json_object_array_get_idx(data, i), *errs;

		if (json_object_is_type(el, json_type_object) && json_object_object_get_ex(el, "errors", &errs)) {
			failed(d, cmds[i], errs, m ? json_object_get_string(m) : "(no message)",
			       code ? json_object_get_int(code) : 0);
			*advance = i + 1;   /* the commands after it did not run: sent again */
			return true;
		}
		put_output(d, cmds[i], el);
	}
	/* no command named as the failed one: the request as a whole was refused */
	for (i = n; i < d->batch_n; i++)
		failed(d, cmds[i], NULL, m ? json_object_get_string(m) : "(no message)", code ? json_object_get_int(code) : 0);
	*advance = d->batch_n;
	return n > 0 || d->batch_n > 0;
}

static const struct fc_rpc_proto eapi = {
	.name = "eAPI",
	.path = "/command-api",
	.ctype = "application/json",
	.ctype_alt = NULL,
	.cookie = "Session",
	.build = ea_build,
	.take = ea_take,
};

enum fc_rc fc_eapi_collect(struct fc_collect_job **jobs, size_t n, const struct fc_collect_opts *o,
			   fc_job_done_fn *done, void *ctx)
{
	return fc_rpc_collect(&eapi, jobs, n, o, done, ctx);
}
