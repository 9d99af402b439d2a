/* SPDX-License-Identifier: MIT */
/* NX-API transport: JSON-RPC 2.0 over HTTPS (POST /ins), several commands per request ("cli" for
 * JSON output, "cli_ascii" for text); the nxapi_auth cookie after the first request (rpc.c does the
 * HTTPS, authentication, retries and concurrency). Commands whose output can be very large are
 * fetched with NX-API's chunk mode (ins_api with "chunk": "1", following "sid" until "eoc"). Each
 * command's output is written to its own file: the JSON body, or the text exactly as the switch
 * printed it. */
#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transport/rpc.h"

/* Chunk mode is the switch's loop to end ("eoc"): bounded here by the bytes (FC_RPC_MAX_REPLY), by
 * session ids that must never come again (any earlier one, not only the last), by chunks that must carry data, and by time
 * (10 times the per-request timeout per command). */
#define MAX_EMPTY_CHUNKS 3
#define MAX_REPLY FC_RPC_MAX_REPLY
#define now_s fc_rpc_now

/* The command sent k-th: the commands that fit a batch first, in table order, then the large ones
 * (each its own chunk-mode exchange), so that the small ones share as few requests as can be. */
static size_t cmd_at(const struct fc_rpc_dev *d, size_t k)
{
	const struct fc_reader *const *c = d->job->cmds;
	size_t i, seen = 0;
	int large;

	for (large = 0; large < 2; large++)
		for (i = 0; i < d->ncmds; i++)
			if ((int)c[i]->large == large && seen++ == k)
				return i;
	return d->ncmds;
}

/* Where command idx is sent (the inverse of cmd_at). */
static size_t pos_of(const struct fc_rpc_dev *d, size_t idx)
{
	size_t k;

	for (k = 0; k < d->ncmds; k++)
		if (cmd_at(d, k) == idx)
			return k;
	return d->ncmds;
}

/* One chunk of a large command: {"ins_api": {"type": "cli_show[_ascii]", "chunk": "1", "sid": ...}} */
static char *build_chunk_request(struct fc_rpc_dev *d)
{
	const struct fc_reader *c = d->job->cmds[cmd_at(d, d->next)];
	json_object *o = json_object_new_object(), *ins = json_object_new_object();
	char *s;

	json_object_object_add(ins, "version", json_object_new_string("1.0"));
	json_object_object_add(ins, "type", json_object_new_string(strcmp(c->encoding, "json") ? "cli_show_ascii"
												: "cli_show"));
	json_object_object_add(ins, "chunk", json_object_new_string("1"));
	json_object_object_add(ins, "sid", json_object_new_string(d->sid[0] ? d->sid : "1"));
	if (!d->cmd_started)
		d->cmd_started = now_s();
	json_object_object_add(ins, "input", json_object_new_string(c->command));
	json_object_object_add(ins, "output_format", json_object_new_string("json"));
	json_object_object_add(o, "ins_api", ins);
	s = strdup(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN));
	json_object_put(o);
	d->chunking = true;
	d->alt_hdrs = true;
	d->batch_n = 1;
	return s;
}

static char *build_body(struct fc_rpc_dev *d, size_t batch)
{
	const struct fc_reader *const *cmds = d->job->cmds;
	json_object *arr;
	char *s;
	size_t k;

	if (cmds[cmd_at(d, d->next)]->large)
		return build_chunk_request(d);
	d->chunking = false;
	arr = json_object_new_array();
	d->batch_n = 0;
	for (k = d->next; k < d->ncmds && d->batch_n < batch && !cmds[cmd_at(d, k)]->large; k++, d->batch_n++) {
		json_object *o = json_object_new_object(), *p = json_object_new_object();
		size_t i = cmd_at(d, k);

		json_object_object_add(o, "jsonrpc", json_object_new_string("2.0"));
		json_object_object_add(o, "method", json_object_new_string(strcmp(cmds[i]->encoding, "json") ? "cli_ascii"
													       : "cli"));
		json_object_object_add(p, "cmd", json_object_new_string(cmds[i]->command));
		json_object_object_add(p, "version", json_object_new_int(1));
		json_object_object_add(o, "params", p);
		json_object_object_add(o, "id", json_object_new_int((int)i + 1));
		json_object_array_add(arr, o);
	}
	s = strdup(json_object_to_json_string_ext(arr, JSON_C_TO_STRING_PLAIN));
	json_object_put(arr);
	return s;
}

static void chunks_reset(struct fc_rpc_dev *d)
{
	fc_buf_free(&d->chunks);
	fc_buf_init(&d->chunks, MAX_REPLY);
	d->sid[0] = '\0';
	d->empty_chunks = 0;
	d->cmd_started = 0;
	fc_arena_free(&d->sids_arena);
	d->sids = NULL;
}

/* Remembers sid among the command's session ids; false when it was given before (or no memory). */
static bool sid_new(struct fc_rpc_dev *d, const char *sid, bool *oom)
{
	int failed = 0;

	*oom = false;
	if (!d->sids && (!(d->sids_arena = fc_arena_new()) || !(d->sids = fc_hmap_new(d->sids_arena, 64)))) {
		*oom = true;
		return false;
	}
	if (fc_hmap_put(d->sids, sid, strlen(sid), (void *)1, &failed))
		return false;
	*oom = failed != 0;
	return !failed;
}

/* One chunk reply: appends the body, and writes the output once the switch says "eoc".
 * *more is set when another chunk is to be fetched. A chunked command that cannot end (the same
 * session id again, chunks without data, over the size or the time allowed) is an error for that
 * command, never a truncated file. */
static bool take_chunk(struct fc_rpc_dev *d, json_object *root, bool *more)
{
	const struct fc_reader *c = d->job->cmds[cmd_at(d, d->next)];
	json_object *ins, *sid = NULL, *out = NULL, *code = NULL, *msg = NULL, *body = NULL;
	const char *sidv;
	size_t before = d->chunks.len;
	enum fc_rc rc = FC_OK;

	*more = false;
	if (!json_object_object_get_ex(root, "ins_api", &ins) || !json_object_object_get_ex(ins, "outputs", &out) ||
	    !json_object_object_get_ex(out, "output", &out)) {
		fc_job_error(d->job, "%s: chunked NX-API reply without ins_api.outputs.output", c->command);
		chunks_reset(d);
		return true;
	}
	json_object_object_get_ex(out, "code", &code);
	json_object_object_get_ex(out, "msg", &msg);
	if (code && strcmp(json_object_get_string(code), "200")) {
		fc_job_error(d->job, "%s: NX-API code %s: %s", c->command, json_object_get_string(code),
			     msg ? json_object_get_string(msg) : "");
		chunks_reset(d);
		return true;
	}
	json_object_object_get_ex(out, "body", &body);
	json_object_object_get_ex(ins, "sid", &sid);
	if (body && json_object_is_type(body, json_type_string)) {
		rc = fc_buf_add(&d->chunks, json_object_get_string(body), (size_t)json_object_get_string_len(body));
	} else if (body) {
		/* the switch did not chunk this one: the whole body in one reply */
		const char *txt = json_object_to_json_string_ext(body, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);

		rc = fc_buf_add(&d->chunks, txt, strlen(txt));
		sid = NULL;
	}
	if (rc != FC_OK) {
		fc_job_error(d->job, "%s: output over %u MiB: not saved (a truncated output would validate as if whole)",
			     c->command, MAX_REPLY >> 20);
		chunks_reset(d);
		return true;
	}
	sidv = sid ? json_object_get_string(sid) : "eoc";
	if (strcmp(sidv, "eoc")) {
		bool oom;

		if (strlen(sidv) >= sizeof(d->sid)) {
			fc_job_error(d->job, "%s: chunk session id longer than %zu characters", c->command, sizeof(d->sid) - 1);
			chunks_reset(d);
			return true;
		}
		/* any id given before, not only the last one: a cycle (A, B, A, B ...) never ends either */
		if (!sid_new(d, sidv, &oom)) {
			if (oom)
				fc_job_error(d->job, "%s: out of memory following the chunks", c->command);
			else
				fc_job_error(d->job, "%s: the switch repeated chunk session id '%.40s': it would never end",
					     c->command, sidv);
			chunks_reset(d);
			return true;
		}
		d->empty_chunks = d->chunks.len == before ? d->empty_chunks + 1 : 0;
		if (d->empty_chunks >= MAX_EMPTY_CHUNKS) {
			fc_job_error(d->job, "%s: %d chunks in a row without data and no end of chunks ('eoc')",
				     c->command, MAX_EMPTY_CHUNKS);
			chunks_reset(d);
			return true;
		}
		if (now_s() - d->cmd_started > d->cmd_deadline_s) {
			fc_job_error(d->job, "%s: chunked output not complete after %.0f s (%zu bytes so far): given up",
				     c->command, d->cmd_deadline_s, d->chunks.len);
			chunks_reset(d);
			return true;
		}
		snprintf(d->sid, sizeof(d->sid), "%s", sidv);
		*more = true;
		return true;
	}
	fc_job_write(d->job, c, d->chunks.data ? d->chunks.data : "", d->chunks.len);
	chunks_reset(d);
	return true;
}

/* Writes the outputs of one JSON-RPC reply; false when the reply as a whole is unusable. */
static bool nx_take(struct fc_rpc_dev *d, json_object *root, bool *more, size_t *advance)
{
	const struct fc_reader *const *cmds = d->job->cmds;
	size_t i, n, answered = 0;

	if (d->chunking) {
		bool ok = take_chunk(d, root, more);

		*advance = *more ? 0 : 1;
		return ok;
	}
	*advance = d->batch_n;
	n = json_object_is_type(root, json_type_array) ? json_object_array_length(root) : 1;
	for (i = 0; i < n; i++) {
		json_object *el = json_object_is_type(root, json_type_array) ? json_object_array_get_idx(root, i) : root;
		json_object *id, *res, *body, *msg, *e;
		int64_t idv;
		size_t idx;

		/* ids are 1 + the command's index, as sent; anything else (a string, INT64_MIN) is no answer */
		if (!json_object_object_get_ex(el, "id", &id) || !json_object_is_type(id, json_type_int) ||
		    (idv = json_object_get_int64(id)) < 1 || (uint64_t)idv > d->ncmds)
			continue;
		idx = (size_t)(idv - 1);
		if (pos_of(d, idx) < d->next || pos_of(d, idx) >= d->next + d->batch_n)
			continue;
		answered++;
		if (json_object_object_get_ex(el, "error", &e)) {
			json_object *m = NULL, *data = NULL, *dm = NULL;

			json_object_object_get_ex(e, "message", &m);
			json_object_object_get_ex(e, "data", &data);
			if (data)
				json_object_object_get_ex(data, "msg", &dm);
			fc_job_error(d->job, "%s: NX-API error: %s%s%s", cmds[idx]->command,
				     m ? json_object_get_string(m) : "(no message)", dm ? ": " : "",
				     dm ? json_object_get_string(dm) : "");
			continue;
		}
		if (!json_object_object_get_ex(el, "result", &res) || !res) {
			fc_job_error(d->job, "%s: NX-API reply without a result (command not supported here?)",
				     cmds[idx]->command);
			continue;
		}
		if (!strcmp(cmds[idx]->encoding, "json") && json_object_object_get_ex(res, "body", &body)) {
			const char *txt = json_object_to_json_string_ext(body, JSON_C_TO_STRING_PRETTY |
									   JSON_C_TO_STRING_NOSLASHESCAPE);

			fc_job_write(d->job, cmds[idx], txt, strlen(txt));
		} else if (strcmp(cmds[idx]->encoding, "json") && json_object_object_get_ex(res, "msg", &msg) &&
			   json_object_is_type(msg, json_type_string)) {
			fc_job_write(d->job, cmds[idx], json_object_get_string(msg), (size_t)json_object_get_string_len(msg));
		} else {
			fc_job_error(d->job, "%s: NX-API result has no %s", cmds[idx]->command,
				     strcmp(cmds[idx]->encoding, "json") ? "msg text" : "body");
		}
	}
	if (answered < d->batch_n) {
		fc_job_error(d->job, "NX-API reply answers %zu of %zu commands sent", answered, d->batch_n);
		return answered > 0;
	}
	return true;
}

static char *nx_build(struct fc_rpc_dev *d, size_t batch)
{
	return build_body(d, batch);
}

static const struct fc_rpc_proto nxapi = {
	.name = "NX-API",
	.path = "/ins",
	.ctype = "application/json-rpc",
	.ctype_alt = "application/json",   /* ins_api (chunk mode) */
	.cookie = "nxapi_auth",
	.build = nx_build,
	.take = nx_take,
};

enum fc_rc fc_nxapi_collect(struct fc_collect_job **jobs, size_t n, const struct fc_collect_opts *o,
			    fc_job_done_fn *done, void *ctx)
{
	return fc_rpc_collect(&nxapi, jobs, n, o, done, ctx);
}
