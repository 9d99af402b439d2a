/* SPDX-License-Identifier: MIT */
/* Switch API simulator for tests and benchmarks: serves NX-API (JSON-RPC POST /ins), Arista
 * eAPI (JSON-RPC runCmds, POST /command-api) and NVIDIA's NVUE REST API (GET /nvue_v1/<path>?rev=
 * operational: the recorded `nv show <path>` JSON; ?rev=applied: the recorded `nv config show`
 * YAML's set tree as JSON, read with fabcheck's own YAML loader) over HTTPS (libmicrohttpd with
 * GnuTLS) from a snapshot directory. Many switches share one port: the local
 * address a connection arrived on (127.0.0.x) selects the device. Faults and latency can be
 * injected per address. Each request is logged on stdout as
 *   REQ <addr> <device> auth=<basic|cookie|none> cmds=<n> status=<http status>
 *
 *   nxapi_sim --snapshot DIR --port N --cert PEM --key PEM --user U --password-env VAR
 *             [--map ADDR=DEVICE]... [--default DEVICE] [--latency-ms N]
 *             [--fault ADDR=401|500|500once|hang|truncate|garbage|samesid|cyclesid|noeoc|trickle|badid]... [--chunk-bytes N]
 * Besides JSON-RPC it answers ins_api requests, in chunk mode ("chunk": "1") too: the output is
 * cut into N-byte pieces, each reply naming the sid of the next one, the last one "eoc". */
#include <arpa/inet.h>
#include <json-c/json.h>
#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "doc/doc.h"

#define MAX_MAP 8192
#define MAX_BODY (1u << 20)

struct map {
	char addr[64];
	char device[128];
	char fault[16];
	int served;
};

struct sim {
	const char *snapshot, *user, *password, *fallback;
	json_object *manifest;
	struct map maps[MAX_MAP];
	int nmaps;
	unsigned latency_ms;
	size_t chunk_bytes;
	pthread_mutex_t lock;
};

struct req {
	char *body;
	size_t len;
	bool too_big;
};

/* Only the signal handler's flag is global: everything else travels in struct sim. */
static volatile sig_atomic_t stop_flag;

static void on_signal(int sig)
{
	(void)sig;
	stop_flag = 1;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	if (buf) {
		buf[n] = '\0';
		if (len)
			*len = (size_t)n;
	}
	return buf;
}

static struct map *find_map(struct sim *S, const char *addr)
{
	int i;

	for (i = 0; i < S->nmaps; i++)
		if (!strcmp(S->maps[i].addr, addr))
			return &S->maps[i];
	if (S->fallback && S->nmaps < MAX_MAP) {
		struct map *m;

		pthread_mutex_lock(&S->lock);
		m = &S->maps[S->nmaps++];
		snprintf(m->addr, sizeof(m->addr), "%s", addr);
		snprintf(m->device, sizeof(m->device), "%s", S->fallback);
		pthread_mutex_unlock(&S->lock);
		return m;
	}
	return NULL;
}

/* The recorded file of device's command in encoding, into path; false when none. */
static bool recorded(struct sim *S, const char *device, const char *cmd, const char *encoding, char *path, size_t size)
{
	json_object *devs, *d, *outs;
	size_t i, j;

	if (!json_object_object_get_ex(S->manifest, "devices", &devs))
		return false;
	for (i = 0; i < json_object_array_length(devs); i++) {
		json_object *name;

		d = json_object_array_get_idx(devs, i);
		if (!json_object_object_get_ex(d, "name", &name) || strcmp(json_object_get_string(name), device) ||
		    !json_object_object_get_ex(d, "outputs", &outs))
			continue;
		for (j = 0; j < json_object_array_length(outs); j++) {
			json_object *o = json_object_array_get_idx(outs, j), *c, *f, *enc;

			if (json_object_object_get_ex(o, "command", &c) && !strcmp(json_object_get_string(c), cmd) &&
			    json_object_object_get_ex(o, "encoding", &enc) && !strcmp(json_object_get_string(enc), encoding) &&
			    json_object_object_get_ex(o, "file", &f))
				return (size_t)snprintf(path, size, "%s/%s", S->snapshot, json_object_get_string(f)) < size;
		}
	}
	return false;
}

/* The recorded output of device/command, as a JSON-RPC result object; NULL when unknown. A recording
 * in the other encoding is not an answer (a text output has no JSON model). */
static json_object *result_for(struct sim *S, const char *device, const char *method, const char *cmd)
{
	char path[4096], *text;
	json_object *res;

	if (!recorded(S, device, cmd, strcmp(method, "cli_ascii") ? "json" : "text", path, sizeof(path)) ||
	    !(text = slurp(path, NULL)))
		return NULL;
	res = json_object_new_object();
	if (!strcmp(method, "cli_ascii")) {
		json_object_object_add(res, "msg", json_object_new_string(text));
	} else {
		json_object *j2 = json_tokener_parse(text), *x, *body = j2;

		/* recorded files may hold an ins_api or JSON-RPC envelope, or the bare body */
		if (j2 && json_object_object_get_ex(j2, "ins_api", &x) && json_object_object_get_ex(x, "outputs", &x) &&
		    json_object_object_get_ex(x, "output", &x) && json_object_object_get_ex(x, "body", &x))
			body = x;
		else if (j2 && json_object_object_get_ex(j2, "result", &x) && json_object_object_get_ex(x, "body", &x))
			body = x;
		json_object_object_add(res, "body", body ? json_object_get(body) : json_object_new_object());
		json_object_put(j2);
	}
	free(text);
	return res;
}

static json_object *answer(struct sim *S, const char *device, json_object *reqel, int *ncmds)
{
	json_object *el = json_object_new_object(), *m, *p, *c, *id = NULL, *res;

	json_object_object_add(el, "jsonrpc", json_object_new_string("2.0"));
	json_object_object_get_ex(reqel, "id", &id);
	(*ncmds)++;
	if (json_object_object_get_ex(reqel, "method", &m) && json_object_object_get_ex(reqel, "params", &p) &&
	    json_object_object_get_ex(p, "cmd", &c) &&
	    (res = result_for(S, device, json_object_get_string(m), json_object_get_string(c)))) {
		json_object_object_add(el, "result", res);
	} else {
		json_object *e = json_object_new_object(), *data = json_object_new_object();

		json_object_object_add(e, "code", json_object_new_int(-32602));
		json_object_object_add(e, "message", json_object_new_string("Invalid params"));
		json_object_object_add(data, "msg", json_object_new_string("% Invalid command"));
		json_object_object_add(e, "data", data);
		json_object_object_add(el, "error", e);
	}
	json_object_object_add(el, "id", id ? json_object_get(id) : json_object_new_int(1));
	return el;
}

/* eAPI runCmds: every command's recorded output in order (the JSON model, or {"output": text});
 * at the first command without a recording, EOS's error: code 1002, the outputs before it and
 * that command's "errors" in "data". */
static json_object *eapi_answer(struct sim *S, const char *device, json_object *in, int *ncmds)
{
	json_object *out = json_object_new_object(), *params = NULL, *cmds = NULL, *fmt = NULL, *id = NULL;
	json_object *results = json_object_new_array();
	bool text;
	size_t i, n;

	json_object_object_add(out, "jsonrpc", json_object_new_string("2.0"));
	json_object_object_get_ex(in, "id", &id);
	json_object_object_add(out, "id", id ? json_object_get(id) : NULL);
	json_object_object_get_ex(in, "params", &params);
	if (params) {
		json_object_object_get_ex(params, "cmds", &cmds);
		json_object_object_get_ex(params, "format", &fmt);
	}
	text = fmt && !strcmp(json_object_get_string(fmt), "text");
	n = cmds && json_object_is_type(cmds, json_type_array) ? json_object_array_length(cmds) : 0;
	for (i = 0; i < n; i++) {
		json_object *c = json_object_array_get_idx(cmds, i), *cc = c, *res, *b;
		const char *cmd;

		if (json_object_is_type(c, json_type_object))
			json_object_object_get_ex(c, "cmd", &cc);
		cmd = cc ? json_object_get_string(cc) : "";
		(*ncmds)++;
		res = result_for(S, device, text ? "cli_ascii" : "cli", cmd);
		if (!res) {
			json_object *e = json_object_new_object(), *errs = json_object_new_array(), *el = json_object_new_object();
			char msg[512];

			snprintf(msg, sizeof(msg), "CLI command %zu of %zu '%s' failed: invalid command", i + 1, n, cmd);
			json_object_object_add(e, "code", json_object_new_int(1002));
			json_object_object_add(e, "message", json_object_new_string(msg));
			json_object_array_add(errs, json_object_new_string("Invalid input (at token 1)"));
			json_object_object_add(el, "errors", errs);
			json_object_array_add(results, el);
			json_object_object_add(e, "data", results);
			json_object_object_add(out, "error", e);
			return out;
		}
		if (text) {
			json_object *o = json_object_new_object();

			json_object_object_get_ex(res, "msg", &b);
			json_object_object_add(o, "output", b ? json_object_get(b) : json_object_new_string(""));
			json_object_array_add(results, o);
		} else {
			json_object_object_get_ex(res, "body", &b);
			json_object_array_add(results, b ? json_object_get(b) : json_object_new_object());
		}
		json_object_put(res);
	}
	json_object_object_add(out, "result", results);
	return out;
}

/* ins_api: {"ins_api": {"type", "chunk", "sid", "input"}}; *chunk_at is the offset served or -1. */
static json_object *ins_answer(struct sim *S, const char *device, const char *fault, json_object *ins, long *chunk_at)
{
	json_object *type = NULL, *input = NULL, *chunk = NULL, *sid = NULL, *res, *out, *o, *r, *b;
	const char *t, *cmd;
	bool ascii;

	json_object_object_get_ex(ins, "type", &type);
	json_object_object_get_ex(ins, "input", &input);
	json_object_object_get_ex(ins, "chunk", &chunk);
	json_object_object_get_ex(ins, "sid", &sid);
	t = type ? json_object_get_string(type) : "cli_show";
	cmd = input ? json_object_get_string(input) : "";
	ascii = !strcmp(t, "cli_show_ascii");
	out = json_object_new_object();
	o = json_object_new_object();
	json_object_object_add(o, "input", json_object_new_string(cmd));
	*chunk_at = -1;
	res = result_for(S, device, ascii ? "cli_ascii" : "cli", cmd);
	if (!res) {
		json_object_object_add(o, "code", json_object_new_string("400"));
		json_object_object_add(o, "msg", json_object_new_string("Input CLI command error"));
		json_object_object_add(out, "sid", json_object_new_string("eoc"));
	} else if (chunk && !strcmp(json_object_get_string(chunk), "1")) {
		const char *full = json_object_object_get_ex(res, "msg", &b) ? json_object_get_string(b)
				 : json_object_object_get_ex(res, "body", &b) ? json_object_to_json_string_ext(b, JSON_C_TO_STRING_PLAIN)
				 : "";
		size_t len = strlen(full), at = 0, n, req = 0;
		const char *sv = sid ? json_object_get_string(sid) : "";
		char next[64];

		if (!strncmp(sv, "sim-", 4))
			req = at = (size_t)strtoul(sv + 4, NULL, 10);
		if (at > len)
			at = len;
		n = len - at < S->chunk_bytes ? len - at : S->chunk_bytes;
		if (!strcmp(fault, "trickle"))
			full = "x", at = 0, n = 1;   /* one byte per chunk, for ever */
		json_object_object_add(o, "body", json_object_new_string_len(full + at, (int)n));
		json_object_object_add(o, "code", json_object_new_string("200"));
		json_object_object_add(o, "msg", json_object_new_string("Success"));
		if (!strcmp(fault, "samesid"))
			snprintf(next, sizeof(next), "sim-stuck");   /* a switch that keeps naming one chunk */
		else if (!strcmp(fault, "cyclesid"))   /* two chunks named in turn, each with data, for ever */
			snprintf(next, sizeof(next), "sim-%zu", req == 1 ? (size_t)2 : (size_t)1);
		else if (!strcmp(fault, "trickle"))
			snprintf(next, sizeof(next), "sim-%zu", req + 1);
		else if (!strcmp(fault, "noeoc") && at + n >= len)
			snprintf(next, sizeof(next), "sim-%zu", (req > len ? req : len) + 1);   /* empty chunks, no "eoc" */
		else if (at + n < len)
			snprintf(next, sizeof(next), "sim-%zu", at + n);
		else
			snprintf(next, sizeof(next), "eoc");
		json_object_object_add(out, "sid", json_object_new_string(next));
		*chunk_at = (long)at;
	} else {
		json_object_object_get_ex(res, ascii ? "msg" : "body", &b);
		json_object_object_add(o, "body", b ? json_object_get(b) : json_object_new_object());
		json_object_object_add(o, "code", json_object_new_string("200"));
		json_object_object_add(o, "msg", json_object_new_string("Success"));
		json_object_object_add(out, "sid", json_object_new_string("eoc"));
	}
	if (res)
		json_object_put(res);
	json_object_object_add(out, "type", json_object_new_string(t));
	json_object_object_add(out, "version", json_object_new_string("1.0"));
	r = json_object_new_object();
	json_object_object_add(r, "output", o);
	json_object_object_add(out, "outputs", r);
	r = json_object_new_object();
	json_object_object_add(r, "ins_api", out);
	return r;
}

/* A YAML node as NVUE's API writes it in JSON: numbers and booleans typed, {} for an empty map. */
static json_object *to_json(const struct doc_node *n)
{
	json_object *o;
	size_t i;

	switch (n->type) {
	case DOC_MAP:
		o = json_object_new_object();
		for (i = 0; i < n->n; i++)
			json_object_object_add(o, n->keys[i], to_json(n->items[i]));
		return o;
	case DOC_SEQ:
		o = json_object_new_array();
		for (i = 0; i < n->n; i++)
			json_object_array_add(o, to_json(n->items[i]));
		return o;
	case DOC_BOOL:
		return json_object_new_boolean(n->b);
	case DOC_NUM:
		return strchr(n->str, '.') ? json_object_new_double(strtod(n->str, NULL))
					   : json_object_new_int64(strtoll(n->str, NULL, 10));
	case DOC_NULL:
		return json_object_new_object();
	case DOC_STR:
		break;
	}
	return json_object_new_string(n->str);
}

/* GET /nvue_v1/<path>: the body (malloc'd) and *status; NULL with 404 when nothing is recorded. */
static char *nvue_answer(struct sim *S, const char *device, const char *url, const char *rev, unsigned *status)
{
	char cmd[600], path[4096], *text;
	size_t o = 0, i;

	*status = 404;
	if (rev && !strcmp(rev, "applied") && (!strcmp(url, "/nvue_v1/") || !strcmp(url, "/nvue_v1"))) {
		struct doc *d = NULL;
		struct fc_err err;
		size_t len, k;
		char *out = NULL;

		if (!recorded(S, device, "nv config show", "text", path, sizeof(path)) || !(text = slurp(path, &len)))
			return NULL;
		fc_err_clear(&err);
		if (doc_parse_yaml(path, text, len, &d, &err) == FC_OK && d->root && d->root->type == DOC_SEQ)
			for (k = 0; k < d->root->n && !out; k++)
				if (d->root->items[k]->type == DOC_MAP && doc_get(d->root->items[k], "set")) {
					json_object *j = to_json(doc_get(d->root->items[k], "set"));

					out = strdup(json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN));
					json_object_put(j);
				}
		doc_free(&d);
		free(text);
		if (out)
			*status = 200;
		return out;
	}
	if (!rev || strcmp(rev, "operational") || strncmp(url, "/nvue_v1/", 9))
		return NULL;
	o = (size_t)snprintf(cmd, sizeof(cmd), "nv show ");
	for (i = 9; url[i] && o + 1 < sizeof(cmd); i++)
		cmd[o++] = url[i] == '/' ? ' ' : url[i];
	while (o > 8 && cmd[o - 1] == ' ')
		o--;
	cmd[o] = '\0';
	if (!recorded(S, device, cmd, "json", path, sizeof(path)) || !(text = slurp(path, NULL)))
		return NULL;
	*status = 200;
	return text;
}

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status, const char *body, size_t len,
				 const char *cookie)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(len, (void *)(uintptr_t)body, MHD_RESPMEM_MUST_COPY);
	enum MHD_Result ret;

	MHD_add_response_header(r, "Content-Type", "application/json-rpc");
	if (cookie)
		MHD_add_response_header(r, "Set-Cookie", cookie);
	if (status == 401)
		MHD_add_response_header(r, "WWW-Authenticate", "Basic realm=\"nxapi\"");
	ret = MHD_queue_response(c, status, r);
	MHD_destroy_response(r);
	return ret;
}

static void local_addr(struct MHD_Connection *c, char *buf, size_t size)
{
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
	struct sockaddr_in sa;
	socklen_t sl = sizeof(sa);

	snprintf(buf, size, "?");
	if (ci && getsockname(ci->connect_fd, (struct sockaddr *)&sa, &sl) == 0)
		inet_ntop(AF_INET, &sa.sin_addr, buf, (socklen_t)size);
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url, const char *method,
			      const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
	struct req *rq = *con_cls;
	char addr[64], cookie[256];
	const char *auth = "none", *tok;
	char *user = NULL, *pass = NULL;
	struct map *mp;
	json_object *in, *out, *ins;
	char chunkinfo[48] = "";
	int ncmds = 0;
	unsigned status = 200;
	enum MHD_Result ret;
	const char *txt;
	bool eapi;

	struct sim *S = cls;

	(void)version;
	if (!rq) {
		rq = calloc(1, sizeof(*rq));
		*con_cls = rq;
		return rq ? MHD_YES : MHD_NO;
	}
	if (*upload_size) {
		if (rq->len + *upload_size > MAX_BODY) {
			rq->too_big = true;
		} else {
			char *nb = realloc(rq->body, rq->len + *upload_size + 1);

			if (!nb)
				return MHD_NO;
			rq->body = nb;
			memcpy(rq->body + rq->len, upload, *upload_size);
			rq->len += *upload_size;
			rq->body[rq->len] = '\0';
		}
		*upload_size = 0;
		return MHD_YES;
	}
	local_addr(c, addr, sizeof(addr));
	mp = find_map(S, addr);
	if (mp && !strcmp(method, "GET") && !strncmp(url, "/nvue_v1", 8)) {   /* NVUE: basic auth on every request */
		char *body = NULL;

		user = MHD_basic_auth_get_username_password(c, &pass);
		auth = user ? "basic" : "none";
		if (!user || !pass || strcmp(user, S->user) || strcmp(pass, S->password) || !strcmp(mp->fault, "401"))
			status = 401;
		MHD_free(user);
		MHD_free(pass);
		if (S->latency_ms)
			usleep(S->latency_ms * 1000u);
		if (!strcmp(mp->fault, "hang"))
			for (int k = 0; k < 600 && !stop_flag; k++)
				usleep(100000);
		if (!strcmp(mp->fault, "500") || (!strcmp(mp->fault, "500once") && mp->served++ == 0))
			status = 500;
		if (status == 200)
			body = nvue_answer(S, mp->device, url,
					   MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "rev"), &status);
		printf("REQ %s %s auth=%s cmds=%d status=%u\n", addr, mp->device, auth, status == 200, status);
		fflush(stdout);
		if (status != 200) {
			ret = send_text(c, status, "{\"title\":\"sim\"}", 15, NULL);
		} else if (!strcmp(mp->fault, "garbage")) {
			ret = send_text(c, 200, "<html><body>502 Bad Gateway</body></html>", 41, NULL);
		} else {
			size_t n = strlen(body);

			ret = send_text(c, 200, body, !strcmp(mp->fault, "truncate") ? n / 2 : n, NULL);
		}
		free(body);
		return ret;
	}
	eapi = !strcmp(url, "/command-api");
	if (strcmp(method, "POST") || (strcmp(url, "/ins") && !eapi) || !mp || rq->too_big || !rq->body) {
		ret = send_text(c, mp ? 400 : 404, "{}", 2, NULL);
		printf("REQ %s %s auth=none cmds=0 status=%u\n", addr, mp ? mp->device : "-", mp ? 400u : 404u);
		fflush(stdout);
		return ret;
	}
	snprintf(cookie, sizeof(cookie), "%s=sim-%s; Secure; HttpOnly", eapi ? "Session" : "nxapi_auth", mp->device);
	tok = MHD_lookup_connection_value(c, MHD_COOKIE_KIND, eapi ? "Session" : "nxapi_auth");
	if (tok && !strncmp(tok, "sim-", 4) && !strcmp(tok + 4, mp->device)) {
		auth = "cookie";
	} else {
		user = MHD_basic_auth_get_username_password(c, &pass);
		auth = user ? "basic" : "none";
		if (!user || !pass || strcmp(user, S->user) || strcmp(pass, S->password))
			status = 401;
		MHD_free(user);
		MHD_free(pass);
	}
	if (!strcmp(mp->fault, "401"))
		status = 401;
	if (S->latency_ms)
		usleep(S->latency_ms * 1000u);
	if (!strcmp(mp->fault, "hang")) {
		int i;

		for (i = 0; i < 600 && !stop_flag; i++)
			usleep(100000);
	}
	if (!strcmp(mp->fault, "500") || (!strcmp(mp->fault, "500once") && mp->served++ == 0))
		status = 500;
	if (status != 200) {
		printf("REQ %s %s auth=%s cmds=0 status=%u\n", addr, mp->device, auth, status);
		fflush(stdout);
		return send_text(c, status, "{\"error\":\"sim\"}", 15, NULL);
	}
	in = json_tokener_parse(rq->body);
	if (!in) {
		printf("REQ %s %s auth=%s cmds=0 status=400\n", addr, mp->device, auth);
		fflush(stdout);
		return send_text(c, 400, "{}", 2, NULL);
	}
	if (eapi) {
		out = eapi_answer(S, mp->device, in, &ncmds);
		if (!strcmp(mp->fault, "badid"))
			json_object_object_add(out, "id", json_object_new_string("someone-else"));
	} else if (json_object_is_type(in, json_type_object) && json_object_object_get_ex(in, "ins_api", &ins)) {
		long at;

		out = ins_answer(S, mp->device, mp->fault, ins, &at);
		ncmds = 1;
		if (at >= 0)
			snprintf(chunkinfo, sizeof(chunkinfo), " chunk=%ld", at);
	} else if (json_object_is_type(in, json_type_array)) {
		size_t i;

		out = json_object_new_array();
		for (i = 0; i < json_object_array_length(in); i++) {
			json_object *a = answer(S, mp->device, json_object_array_get_idx(in, i), &ncmds);

			/* ids no request had: the smallest int64 (1 less overflows), a string */
			if (!strcmp(mp->fault, "badid"))
				json_object_object_add(a, "id", i % 2 ? json_object_new_string("1")
								       : json_object_new_int64(INT64_MIN));
			json_object_array_add(out, a);
		}
	} else {
		out = answer(S, mp->device, in, &ncmds);
	}
	txt = json_object_to_json_string_ext(out, JSON_C_TO_STRING_PLAIN);
	printf("REQ %s %s auth=%s cmds=%d%s status=200\n", addr, mp->device, auth, ncmds, chunkinfo);
	fflush(stdout);
	if (!strcmp(mp->fault, "garbage"))
		ret = send_text(c, 200, "<html><body>502 Bad Gateway</body></html>", 41, cookie);
	else if (!strcmp(mp->fault, "truncate"))
		ret = send_text(c, 200, txt, strlen(txt) / 2, cookie);
	else
		ret = send_text(c, 200, txt, strlen(txt), cookie);
	json_object_put(in);
	json_object_put(out);
	return ret;
}

static void done_cb(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
	struct req *rq = *con_cls;

	(void)cls;
	(void)c;
	(void)toe;
	if (rq) {
		free(rq->body);
		free(rq);
	}
	*con_cls = NULL;
}

static int usage(void)
{
	fprintf(stderr, "usage: nxapi_sim --snapshot DIR --port N --cert PEM --key PEM --user U --password-env VAR\n"
			"       [--map ADDR=DEVICE]... [--default DEVICE] [--latency-ms N] [--fault ADDR=KIND]...\n"
			"       [--chunk-bytes N]\n");
	return 2;
}

int main(int argc, char **argv)
{
	static struct sim S;
	const char *cert = NULL, *key = NULL, *pwenv = NULL;
	char *cert_pem, *key_pem, path[4096];
	struct MHD_Daemon *d;
	struct sockaddr_in sa;
	unsigned port = 0;
	int i;

	pthread_mutex_init(&S.lock, NULL);
	S.chunk_bytes = 65536;
	for (i = 1; i + 1 < argc; i += 2) {
		const char *a = argv[i], *v = argv[i + 1];
		char *eq = strchr(v, '=');

		if (!strcmp(a, "--snapshot"))
			S.snapshot = v;
		else if (!strcmp(a, "--port"))
			port = (unsigned)strtoul(v, NULL, 10);
		else if (!strcmp(a, "--cert"))
			cert = v;
		else if (!strcmp(a, "--key"))
			key = v;
		else if (!strcmp(a, "--user"))
			S.user = v;
		else if (!strcmp(a, "--password-env"))
			pwenv = v;
		else if (!strcmp(a, "--default"))
			S.fallback = v;
		else if (!strcmp(a, "--latency-ms"))
			S.latency_ms = (unsigned)strtoul(v, NULL, 10);
		else if (!strcmp(a, "--chunk-bytes"))
			S.chunk_bytes = (size_t)strtoul(v, NULL, 10);
		else if ((!strcmp(a, "--map") || !strcmp(a, "--fault")) && eq && S.nmaps < MAX_MAP) {
			struct map *m = NULL;
			int k;

			*eq = '\0';
			for (k = 0; k < S.nmaps; k++)
				if (!strcmp(S.maps[k].addr, v))
					m = &S.maps[k];
			if (!m) {
				m = &S.maps[S.nmaps++];
				snprintf(m->addr, sizeof(m->addr), "%s", v);
				if (S.fallback)
					snprintf(m->device, sizeof(m->device), "%s", S.fallback);
			}
			if (!strcmp(a, "--map"))
				snprintf(m->device, sizeof(m->device), "%s", eq + 1);
			else
				snprintf(m->fault, sizeof(m->fault), "%s", eq + 1);
		} else {
			return usage();
		}
	}
	if (!S.snapshot || !port || !cert || !key || !S.user || !pwenv || !(S.password = getenv(pwenv)))
		return usage();
	for (i = 0; i < S.nmaps; i++)
		if (!S.maps[i].device[0] && S.fallback)
			snprintf(S.maps[i].device, sizeof(S.maps[i].device), "%s", S.fallback);
	snprintf(path, sizeof(path), "%s/manifest.json", S.snapshot);
	S.manifest = json_object_from_file(path);
	cert_pem = slurp(cert, NULL);
	key_pem = slurp(key, NULL);
	if (!S.manifest || !cert_pem || !key_pem) {
		fprintf(stderr, "nxapi_sim: cannot read %s, the certificate or the key\n", path);
		return 1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)port);
	sa.sin_addr.s_addr = htonl(INADDR_ANY);
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	signal(SIGPIPE, SIG_IGN);
	d = MHD_start_daemon(MHD_USE_TLS | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION |
				     MHD_USE_ERROR_LOG,
			     (uint16_t)port, NULL, NULL, handle, &S, MHD_OPTION_HTTPS_MEM_KEY, key_pem,
			     MHD_OPTION_HTTPS_MEM_CERT, cert_pem, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
			     MHD_OPTION_NOTIFY_COMPLETED, done_cb, NULL, MHD_OPTION_CONNECTION_TIMEOUT, 120u,
			     MHD_OPTION_END);
	if (!d) {
		fprintf(stderr, "nxapi_sim: cannot listen on port %u\n", port);
		return 1;
	}
	printf("READY %u\n", port);
	fflush(stdout);
	while (!stop_flag)
		usleep(100000);
	MHD_stop_daemon(d);
	json_object_put(S.manifest);
	free(cert_pem);
	free(key_pem);
	return 0;
}
