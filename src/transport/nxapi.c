/* SPDX-License-Identifier: MIT */
/* NX-API transport: JSON-RPC 2.0 over HTTPS (POST /ins), several commands per request ("cli" for
 * JSON output, "cli_ascii" for text), basic auth on the first request and the nxapi_auth cookie
 * after that, a per-request timeout, bounded retries with exponential backoff on timeouts and
 * HTTP 5xx, and at most `concurrency` switches in flight on one libcurl multi handle. TLS is
 * verified unless --insecure, which is recorded as a warning. Commands whose output can be very
 * large are fetched with NX-API's chunk mode (ins_api with "chunk": "1", following "sid" until
 * "eoc"). Each command's output is written to its own file: the JSON body, or the text exactly as
 * the switch printed it. */
#include <curl/curl.h>
#include <json-c/json.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "transport/cred.h"
#include "transport/job.h"
#include "util/buf.h"

#define MAX_REPLY (256u * 1024u * 1024u)
/* Chunk mode is the switch's loop to end ("eoc"): bounded here by the bytes (MAX_REPLY), by a
 * session id that must change with every chunk, by chunks that must carry data, and by time. */
#define MAX_EMPTY_CHUNKS 3
#define COMMAND_DEADLINE_FACTOR 10   /* per command: 10 times the per-request timeout */

struct nxdev {
	struct fc_collect_job *job;
	CURL *h;
	struct curl_slist *hdrs_rpc, *hdrs_ins;
	struct fc_buf chunks;    /* output of the chunked command so far */
	char sid[64];            /* session id of the next chunk; "" before the first */
	bool chunking;           /* the request in flight is a chunk request */
	unsigned empty_chunks;   /* chunks in a row that carried no data */
	double cmd_started;      /* when the chunked command's first chunk was asked for; 0 before */
	double cmd_deadline_s;   /* how long one chunked command may take in all */
	struct fc_secret secret;
	struct fc_buf reply;
	char *body;              /* request body of the batch in flight */
	size_t ncmds, next, batch_n;
	unsigned attempt;
	double retry_at;
	bool active, done, cookie;
	char url[600];
	char errbuf[CURL_ERROR_SIZE];
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static size_t on_data(char *p, size_t size, size_t n, void *ud)
{
	struct nxdev *d = ud;

	if (fc_buf_add(&d->reply, p, size * n) != FC_OK)
		return 0;   /* over the cap: curl fails the transfer */
	return size * n;
}

static size_t count_cmds(const struct fc_vendor_cmd *c)
{
	size_t n = 0;

	while (c[n].command)
		n++;
	return n;
}

/* One chunk of a large command: {"ins_api": {"type": "cli_show[_ascii]", "chunk": "1", "sid": ...}} */
static char *build_chunk_request(struct nxdev *d)
{
	const struct fc_vendor_cmd *c = &d->job->v->commands[d->next];
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
	d->batch_n = 1;
	return s;
}

static char *build_body(struct nxdev *d, size_t batch)
{
	const struct fc_vendor_cmd *cmds = d->job->v->commands;
	json_object *arr;
	char *s;
	size_t i;

	if (cmds[d->next].large)
		return build_chunk_request(d);
	d->chunking = false;
	arr = json_object_new_array();
	d->batch_n = 0;
	for (i = d->next; i < d->ncmds && d->batch_n < batch && !cmds[i].large; i++, d->batch_n++) {
		json_object *o = json_object_new_object(), *p = json_object_new_object();

		json_object_object_add(o, "jsonrpc", json_object_new_string("2.0"));
		json_object_object_add(o, "method", json_object_new_string(strcmp(cmds[i].encoding, "json") ? "cli_ascii"
													       : "cli"));
		json_object_object_add(p, "cmd", json_object_new_string(cmds[i].command));
		json_object_object_add(p, "version", json_object_new_int(1));
		json_object_object_add(o, "params", p);
		json_object_object_add(o, "id", json_object_new_int((int)i + 1));
		json_object_array_add(arr, o);
	}
	s = strdup(json_object_to_json_string_ext(arr, JSON_C_TO_STRING_PLAIN));
	json_object_put(arr);
	return s;
}

static void finish(struct nxdev *d, fc_job_done_fn *done, void *ctx)
{
	d->done = true;
	fc_secret_wipe(&d->secret);
	done(ctx, d->job);
}

static void chunks_reset(struct nxdev *d)
{
	fc_buf_free(&d->chunks);
	fc_buf_init(&d->chunks, MAX_REPLY);
	d->sid[0] = '\0';
	d->empty_chunks = 0;
	d->cmd_started = 0;
}

/* One chunk reply: appends the body, and writes the output once the switch says "eoc".
 * *more is set when another chunk is to be fetched. A chunked command that cannot end (the same
 * session id again, chunks without data, over the size or the time allowed) is an error for that
 * command, never a truncated file. */
static bool take_chunk(struct nxdev *d, json_object *root, bool *more)
{
	const struct fc_vendor_cmd *c = &d->job->v->commands[d->next];
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
		if (d->sid[0] && !strcmp(d->sid, sidv)) {
			fc_job_error(d->job, "%s: the switch repeated chunk session id '%.40s': it would never end",
				     c->command, sidv);
			chunks_reset(d);
			return true;
		}
		if (strlen(sidv) >= sizeof(d->sid)) {
			fc_job_error(d->job, "%s: chunk session id longer than %zu characters", c->command, sizeof(d->sid) - 1);
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
static bool take_reply(struct nxdev *d, bool *more)
{
	const struct fc_vendor_cmd *cmds = d->job->v->commands;
	enum json_tokener_error jerr = json_tokener_success;
	json_object *root = json_tokener_parse_verbose(d->reply.data ? d->reply.data : "", &jerr);
	size_t i, n, answered = 0;
	char preview[48];

	if (!root) {
		size_t k;

		snprintf(preview, sizeof(preview), "%.40s", d->reply.data ? d->reply.data : "");
		for (k = 0; preview[k]; k++)
			if ((unsigned char)preview[k] < 0x20 || (unsigned char)preview[k] > 0x7e)
				preview[k] = '.';
		fc_job_error(d->job, "NX-API reply is not JSON (%s; %zu bytes, starting '%s')",
			     json_tokener_error_desc(jerr), d->reply.len, preview);
		return false;
	}
	*more = false;
	if (d->chunking) {
		bool ok = take_chunk(d, root, more);

		json_object_put(root);
		return ok;
	}
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
		if (idx < d->next || idx >= d->next + d->batch_n)
			continue;
		answered++;
		if (json_object_object_get_ex(el, "error", &e)) {
			json_object *m = NULL, *data = NULL, *dm = NULL;

			json_object_object_get_ex(e, "message", &m);
			json_object_object_get_ex(e, "data", &data);
			if (data)
				json_object_object_get_ex(data, "msg", &dm);
			fc_job_error(d->job, "%s: NX-API error: %s%s%s", cmds[idx].command,
				     m ? json_object_get_string(m) : "(no message)", dm ? ": " : "",
				     dm ? json_object_get_string(dm) : "");
			continue;
		}
		if (!json_object_object_get_ex(el, "result", &res) || !res) {
			fc_job_error(d->job, "%s: NX-API reply without a result (command not supported here?)",
				     cmds[idx].command);
			continue;
		}
		if (!strcmp(cmds[idx].encoding, "json") && json_object_object_get_ex(res, "body", &body)) {
			const char *txt = json_object_to_json_string_ext(body, JSON_C_TO_STRING_PRETTY |
									   JSON_C_TO_STRING_NOSLASHESCAPE);

			fc_job_write(d->job, &cmds[idx], txt, strlen(txt));
		} else if (strcmp(cmds[idx].encoding, "json") && json_object_object_get_ex(res, "msg", &msg) &&
			   json_object_is_type(msg, json_type_string)) {
			fc_job_write(d->job, &cmds[idx], json_object_get_string(msg), (size_t)json_object_get_string_len(msg));
		} else {
			fc_job_error(d->job, "%s: NX-API result has no %s", cmds[idx].command,
				     strcmp(cmds[idx].encoding, "json") ? "msg text" : "body");
		}
	}
	json_object_put(root);
	if (answered < d->batch_n) {
		fc_job_error(d->job, "NX-API reply answers %zu of %zu commands sent", answered, d->batch_n);
		return answered > 0;
	}
	return true;
}

static bool setup(struct nxdev *d, const struct fc_collect_opts *o)
{
	const char *addr = d->job->iv->address;

	d->h = curl_easy_init();
	if (!d->h)
		return false;
	snprintf(d->url, sizeof(d->url), "https://%s/ins", addr);
	d->hdrs_rpc = curl_slist_append(NULL, "Content-Type: application/json-rpc");
	d->hdrs_ins = curl_slist_append(NULL, "Content-Type: application/json");
	fc_buf_init(&d->chunks, MAX_REPLY);
	d->cmd_deadline_s = (double)(o->timeout_ms ? o->timeout_ms : 30000) / 1000.0 * COMMAND_DEADLINE_FACTOR;
	curl_easy_setopt(d->h, CURLOPT_URL, d->url);
	curl_easy_setopt(d->h, CURLOPT_WRITEFUNCTION, on_data);
	curl_easy_setopt(d->h, CURLOPT_WRITEDATA, d);
	curl_easy_setopt(d->h, CURLOPT_ERRORBUFFER, d->errbuf);
	curl_easy_setopt(d->h, CURLOPT_PRIVATE, d);
	curl_easy_setopt(d->h, CURLOPT_TIMEOUT_MS, (long)(o->timeout_ms ? o->timeout_ms : 30000));
	curl_easy_setopt(d->h, CURLOPT_CONNECTTIMEOUT_MS, (long)(o->timeout_ms ? o->timeout_ms : 30000));
	curl_easy_setopt(d->h, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(d->h, CURLOPT_COOKIEFILE, "");      /* in-memory cookie engine: nxapi_auth */
	curl_easy_setopt(d->h, CURLOPT_PROTOCOLS_STR, "https");
	curl_easy_setopt(d->h, CURLOPT_NOPROXY, "*");
	if (o->ca_file)
		curl_easy_setopt(d->h, CURLOPT_CAINFO, o->ca_file);
	if (o->insecure) {
		curl_easy_setopt(d->h, CURLOPT_SSL_VERIFYPEER, 0L);
		curl_easy_setopt(d->h, CURLOPT_SSL_VERIFYHOST, 0L);
		fc_job_warning(d->job, "TLS certificate verification disabled (--insecure)");
	}
	curl_easy_setopt(d->h, CURLOPT_HTTPAUTH, (long)CURLAUTH_BASIC);
	curl_easy_setopt(d->h, CURLOPT_USERNAME, d->secret.user);
	curl_easy_setopt(d->h, CURLOPT_PASSWORD, d->secret.password);
	return true;
}

static void start(struct nxdev *d, CURLM *multi, unsigned batch)
{
	free(d->body);
	d->body = build_body(d, batch);
	fc_buf_free(&d->reply);
	fc_buf_init(&d->reply, MAX_REPLY);
	d->errbuf[0] = '\0';
	curl_easy_setopt(d->h, CURLOPT_HTTPHEADER, d->chunking ? d->hdrs_ins : d->hdrs_rpc);
	curl_easy_setopt(d->h, CURLOPT_POSTFIELDS, d->body);
	curl_easy_setopt(d->h, CURLOPT_POSTFIELDSIZE, (long)strlen(d->body));
	curl_multi_add_handle(multi, d->h);
	d->active = true;
}

/* After a reply carrying the session cookie, later requests authenticate with it alone. */
static void note_cookie(struct nxdev *d)
{
	struct curl_slist *cookies = NULL, *c;

	if (d->cookie || curl_easy_getinfo(d->h, CURLINFO_COOKIELIST, &cookies) != CURLE_OK)
		return;
	for (c = cookies; c; c = c->next)
		if (strstr(c->data, "\tnxapi_auth\t")) {
			d->cookie = true;
			curl_easy_setopt(d->h, CURLOPT_HTTPAUTH, (long)CURLAUTH_NONE);
			curl_easy_setopt(d->h, CURLOPT_USERNAME, NULL);
			curl_easy_setopt(d->h, CURLOPT_PASSWORD, NULL);
		}
	curl_slist_free_all(cookies);
}

static void completed(struct nxdev *d, CURLcode res, const struct fc_collect_opts *o, fc_job_done_fn *done,
		      void *ctx)
{
	long code = 0;
	unsigned retries = o->retries;
	bool retry = false;

	curl_easy_getinfo(d->h, CURLINFO_RESPONSE_CODE, &code);
	d->active = false;
	if (res == CURLE_OK && code == 200) {
		bool more = false;

		note_cookie(d);
		if (!take_reply(d, &more)) {
			finish(d, done, ctx);
			return;
		}
		d->attempt = 0;
		if (more)
			return;   /* the next chunk of the same command */
		d->next += d->batch_n;
		d->attempt = 0;
		if (d->next >= d->ncmds)
			finish(d, done, ctx);
		return;
	}
	if (res == CURLE_OPERATION_TIMEDOUT || (res == CURLE_OK && code >= 500))
		retry = d->attempt < retries;
	if (retry) {
		d->attempt++;
		d->retry_at = now_s() + 0.25 * (double)(1u << d->attempt);
		return;
	}
	if (res == CURLE_OK && (code == 401 || code == 403))
		fc_job_error(d->job, "NX-API authentication failed (HTTP %ld) for user %s: check the credential", code,
			     d->secret.user);
	else if (res == CURLE_OK)
		fc_job_error(d->job, "NX-API HTTP %ld from %s%s", code, d->url,
			     d->attempt ? " (after retries)" : "");
	else if (res == CURLE_PEER_FAILED_VERIFICATION || res == CURLE_SSL_CACERT_BADFILE ||
		 res == CURLE_SSL_CONNECT_ERROR)
		fc_job_error(d->job, "TLS with %s failed: %s (trust its CA with --ca-file; --insecure only if you must)",
			     d->url, d->errbuf[0] ? d->errbuf : curl_easy_strerror(res));
	else if (res == CURLE_OPERATION_TIMEDOUT)
		fc_job_error(d->job, "NX-API request to %s timed out after %u attempt(s)", d->url, d->attempt + 1);
	else
		fc_job_error(d->job, "NX-API request to %s failed: %s", d->url,
			     d->errbuf[0] ? d->errbuf : curl_easy_strerror(res));
	finish(d, done, ctx);
}

static enum fc_rc nxapi_run(struct fc_collect_job **jobs, size_t n, const struct fc_collect_opts *o,
			    fc_job_done_fn *done, void *ctx)
{
	struct nxdev *devs;
	CURLM *multi;
	unsigned conc = o->concurrency ? o->concurrency : 32, batch = o->batch ? o->batch : 8;
	size_t i, remaining = n, active = 0;

	if (!n)
		return FC_OK;
	devs = calloc(n, sizeof(*devs));
	multi = curl_multi_init();
	if (!devs || !multi) {
		free(devs);
		if (multi)
			curl_multi_cleanup(multi);
		return FC_ERR_NOMEM;
	}
	for (i = 0; i < n; i++) {
		struct fc_err err;

		devs[i].job = jobs[i];
		devs[i].ncmds = count_cmds(jobs[i]->v->commands);
		fc_err_clear(&err);
		if (!jobs[i]->iv->address) {
			fc_job_error(jobs[i], "transport nxapi needs an address");
			finish(&devs[i], done, ctx);
		} else if (fc_secret_load(jobs[i]->inv, jobs[i]->iv, &devs[i].secret, &err) != FC_OK) {
			fc_job_error(jobs[i], "%s", err.msg);
			finish(&devs[i], done, ctx);
		} else if (!setup(&devs[i], o)) {
			fc_job_error(jobs[i], "cannot create a transfer handle");
			finish(&devs[i], done, ctx);
		}
		if (devs[i].done)
			remaining--;
	}
	while (remaining) {
		double t = now_s(), wait = 0.2;
		int running, msgs;
		CURLMsg *msg;

		for (i = 0; i < n && active < conc; i++) {
			struct nxdev *d = &devs[i];

			if (d->done || d->active)
				continue;
			if (d->retry_at > t) {
				if (d->retry_at - t < wait)
					wait = d->retry_at - t;
				continue;
			}
			start(d, multi, batch);
			active++;
		}
		curl_multi_perform(multi, &running);
		while ((msg = curl_multi_info_read(multi, &msgs))) {
			struct nxdev *d = NULL;

			if (msg->msg != CURLMSG_DONE)
				continue;
			curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, (char **)&d);
			curl_multi_remove_handle(multi, msg->easy_handle);
			active--;
			completed(d, msg->data.result, o, done, ctx);
			if (d->done)
				remaining--;
		}
		if (remaining)
			curl_multi_poll(multi, NULL, 0, (int)(wait * 1000) + 1, NULL);
	}
	for (i = 0; i < n; i++) {
		if (devs[i].h)
			curl_easy_cleanup(devs[i].h);
		curl_slist_free_all(devs[i].hdrs_rpc);
		curl_slist_free_all(devs[i].hdrs_ins);
		fc_buf_free(&devs[i].chunks);
		free(devs[i].body);
		fc_buf_free(&devs[i].reply);
		fc_secret_wipe(&devs[i].secret);
	}
	curl_multi_cleanup(multi);
	free(devs);
	return FC_OK;
}

enum fc_rc fc_nxapi_collect(struct fc_collect_job **jobs, size_t n, const struct fc_collect_opts *o,
			    fc_job_done_fn *done, void *ctx)
{
	enum fc_rc rc;

	if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
		return FC_ERR_NOMEM;
	rc = nxapi_run(jobs, n, o, done, ctx);
	curl_global_cleanup();
	return rc;
}
