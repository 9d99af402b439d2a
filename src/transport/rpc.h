/* SPDX-License-Identifier: MIT */
/* JSON-RPC and REST over HTTPS for switch APIs (NX-API, eAPI, NVUE): one libcurl multi handle, at most
 * `concurrency` switches in flight, batches of commands per request, basic auth on the first
 * request and the API's session cookie after it, a per-request timeout, bounded retries with
 * exponential backoff on timeouts and HTTP 5xx, TLS verified unless --insecure (then a warning).
 * A protocol (struct fc_rpc_proto) builds each request body and takes each reply apart; this file
 * does everything else. */
#ifndef FC_RPC_H
#define FC_RPC_H

#include "util/dl_curl.h"
#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

#include "transport/cred.h"
#include "transport/job.h"
#include "util/buf.h"
#include "util/hmap.h"

#define FC_RPC_MAX_REPLY (256u * 1024u * 1024u)

/* One switch being collected. The protocol owns the fields under "protocol's". */
struct fc_rpc_dev {
	struct fc_collect_job *job;
	const struct fc_rpc_proto *proto;
	CURL *h;
	struct curl_slist *hdrs, *hdrs_alt;
	struct fc_secret secret;
	struct fc_buf reply;
	char *body;              /* request body of the batch in flight */
	size_t ncmds, next, batch_n;
	unsigned attempt;
	double retry_at;
	bool active, done, cookie, alt_hdrs;
	char url[600];
	char errbuf[CURL_ERROR_SIZE];
	/* protocol's: NX-API chunk mode */
	struct fc_buf chunks;    /* output of the chunked command so far */
	char sid[64];            /* session id of the next chunk; "" before the first */
	struct fc_arena *sids_arena;     /* every session id of the command so far, in sids: any one */
	struct fc_hmap *sids;            /* given again is a cycle (A, B, A, ...) that would never end */
	bool chunking;           /* the request in flight is a chunk request */
	unsigned empty_chunks;   /* chunks in a row that carried no data */
	double cmd_started;      /* when the chunked command's first chunk was asked for; 0 before */
	double cmd_deadline_s;   /* how long one chunked command may take in all */
};

struct fc_rpc_proto {
	const char *name;        /* in messages: "NX-API", "eAPI" */
	const char *path;        /* "/ins", "/command-api"; "" for a REST API (get) */
	bool get;                /* a REST API: one command a request, a GET of the path and query build
				  * returns (the body of a JSON-RPC API otherwise); a 4xx other than 401
				  * and 403 fails that command alone (a warning when it is optional) */
	const char *ctype;       /* Content-Type of a request */
	const char *ctype_alt;   /* the other Content-Type a request may need (alt_hdrs); NULL if none */
	const char *cookie;      /* the session cookie's name; NULL: basic auth on every request */
	/* The body of the next request from d->next (at most batch commands); sets d->batch_n.
	 * Returns malloc'd text, NULL when out of memory. */
	char *(*build)(struct fc_rpc_dev *d, size_t batch);
	/* Writes the outputs a parsed reply carries. Sets *more when the same commands continue in
	 * another request (a chunk); *advance to how many commands are done with (answered or
	 * failed). False when the reply as a whole is unusable (the switch is given up). */
	bool (*take)(struct fc_rpc_dev *d, json_object *root, bool *more, size_t *advance);
};

double fc_rpc_now(void);
/* Collects every job with protocol p (a fc_transport_fn's body). */
enum fc_rc fc_rpc_collect(const struct fc_rpc_proto *p, struct fc_collect_job **jobs, size_t n,
			  const struct fc_collect_opts *o, fc_job_done_fn *done, void *ctx);

#endif
