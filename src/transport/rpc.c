/* SPDX-License-Identifier: MIT */
/* JSON-RPC over HTTPS for switch APIs (rpc.h): the libcurl multi loop, authentication, retries,
 * TLS and the errors a switch as a whole can give. */
#include "transport/rpc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double fc_rpc_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static size_t on_data(char *p, size_t size, size_t n, void *ud)
{
	struct fc_rpc_dev *d = ud;

	if (fc_buf_add(&d->reply, p, size * n) != FC_OK)
		return 0;   /* over the cap: curl fails the transfer */
	return size * n;
}

static void finish(struct fc_rpc_dev *d, fc_job_done_fn *done, void *ctx)
{
	d->done = true;
	fc_secret_wipe(&d->secret);
	done(ctx, d->job);
}

/* Parses the reply and hands it to the protocol; false when the reply as a whole is unusable. */
static bool take_reply(struct fc_rpc_dev *d, bool *more, size_t *advance)
{
	enum json_tokener_error jerr = json_tokener_success;
	json_object *root = json_tokener_parse_verbose(d->reply.data ? d->reply.data : "", &jerr);
	char preview[48];
	bool ok;

	*more = false;
	*advance = 0;
	if (!root) {
		size_t k;

		snprintf(preview, sizeof(preview), "%.40s", d->reply.data ? d->reply.data : "");
		for (k = 0; preview[k]; k++)
			if ((unsigned char)preview[k] < 0x20 || (unsigned char)preview[k] > 0x7e)
				preview[k] = '.';
		fc_job_error(d->job, "%s reply is not JSON (%s; %zu bytes, starting '%s')", d->proto->name,
			     json_tokener_error_desc(jerr), d->reply.len, preview);
		return false;
	}
	ok = d->proto->take(d, root, more, advance);
	json_object_put(root);
	return ok;
}

static bool setup(struct fc_rpc_dev *d, const struct fc_collect_opts *o)
{
	const char *addr = d->job->iv->address;
	char h[160];

	d->h = fc_curl()->curl_easy_init();
	if (!d->h)
		return false;
	snprintf(d->url, sizeof(d->url), "https://%s%s", addr, d->proto->path);
	snprintf(h, sizeof(h), "%s: %s", d->proto->get ? "Accept" : "Content-Type", d->proto->ctype);
	d->hdrs = fc_curl()->curl_slist_append(NULL, h);
	if (d->proto->ctype_alt) {
		snprintf(h, sizeof(h), "Content-Type: %s", d->proto->ctype_alt);
		d->hdrs_alt = fc_curl()->curl_slist_append(NULL, h);
	}
	fc_buf_init(&d->chunks, FC_RPC_MAX_REPLY);
	d->cmd_deadline_s = (double)(o->timeout_ms ? o->timeout_ms : 30000) / 1000.0 * 10;
	fc_curl()->curl_easy_setopt(d->h, CURLOPT_URL, d->url);
	fc_curl()->curl_easy_setopt(d->h, CURLOPT_WRITEFUNCTION, on_data);
	fc_curl()->curl_easy_setopt(d->h, CURLOPT_WRITEDATA, d);
	fc_curl()->curl_easy_setopt(d->h, CURLOPT_ERRORBUFFER, d->errbuf);
	fc_curl()->curl_easy_setopt(d->h, CURLOPT_PRIVATE, d);
	fc_curl()->curl_easy_setopt(d->h, CURLOPT_TIMEOUT_MS, (long)(o->timeout_ms ? o->timeout_ms : 30000));
	fc_curl()->curl_easy_setopt(d->h, CURLOPT_CONNECTTIMEOUT_MS, (long)(o->timeout_ms ? o->timeout_ms : 30000));
	fc_curl()->curl_easy_setopt(d->h, CURLOPT_NOSIGNAL, 1L);
	fc_curl()->curl_easy_setopt(d->h, CURLOPT_COOKIEFILE, "");      /* in-memory cookie engine: the session cookie */
	fc_curl()->curl_easy_setopt(d->h, CURLOPT_PROTOCOLS_STR, "https");
	fc_curl()->curl_easy_setopt(d->h, CURLOPT_NOPROXY, "*");
	if (o->ca_file)
		fc_curl()->curl_easy_setopt(d->h, CURLOPT_CAINFO, o->ca_file);
	if (o->insecure) {
		fc_curl()->curl_easy_setopt(d->h, CURLOPT_SSL_VERIFYPEER, 0L);
		fc_curl()->curl_easy_setopt(d->h, CURLOPT_SSL_VERIFYHOST, 0L);
		fc_job_warning(d->job, "TLS certificate verification disabled (--insecure)");
	}
	fc_curl()->curl_easy_setopt(d->h, CURLOPT_HTTPAUTH, (long)CURLAUTH_BASIC);
	fc_curl()->curl_easy_setopt(d->h, CURLOPT_USERNAME, d->secret.user);
	fc_curl()->curl_easy_setopt(d->h, CURLOPT_PASSWORD, d->secret.password);
	return true;
}

static bool start(struct fc_rpc_dev *d, CURLM *multi, unsigned batch)
{
	free(d->body);
	d->alt_hdrs = false;
	d->body = d->proto->build(d, batch);
	if (!d->body)
		return false;
	fc_buf_free(&d->reply);
	fc_buf_init(&d->reply, FC_RPC_MAX_REPLY);
	d->errbuf[0] = '\0';
	fc_curl()->curl_easy_setopt(d->h, CURLOPT_HTTPHEADER, d->alt_hdrs && d->hdrs_alt ? d->hdrs_alt : d->hdrs);
	if (d->proto->get) {   /* a REST API: the body is the resource's path and query */
		snprintf(d->url, sizeof(d->url), "https://%s%s", d->job->iv->address, d->body);
		fc_curl()->curl_easy_setopt(d->h, CURLOPT_URL, d->url);
		fc_curl()->curl_easy_setopt(d->h, CURLOPT_HTTPGET, 1L);
	} else {
		fc_curl()->curl_easy_setopt(d->h, CURLOPT_POSTFIELDS, d->body);
		fc_curl()->curl_easy_setopt(d->h, CURLOPT_POSTFIELDSIZE, (long)strlen(d->body));
	}
	fc_curl()->curl_multi_add_handle(multi, d->h);
	d->active = true;
	return true;
}

/* After a reply carrying the session cookie, later requests authenticate with it alone. */
static void note_cookie(struct fc_rpc_dev *d)
{
	struct curl_slist *cookies = NULL, *c;
	char needle[80];

	if (d->cookie || !d->proto->cookie || fc_curl()->curl_easy_getinfo(d->h, CURLINFO_COOKIELIST, &cookies) != CURLE_OK)
		return;
	snprintf(needle, sizeof(needle), "\t%s\t", d->proto->cookie);
	for (c = cookies; c; c = c->next)
		if (strstr(c->data, needle)) {
			d->cookie = true;
			fc_curl()->curl_easy_setopt(d->h, CURLOPT_HTTPAUTH, (long)CURLAUTH_NONE);
			fc_curl()->curl_easy_setopt(d->h, CURLOPT_USERNAME, NULL);
			fc_curl()->curl_easy_setopt(d->h, CURLOPT_PASSWORD, NULL);
		}
	fc_curl()->curl_slist_free_all(cookies);
}

static void completed(struct fc_rpc_dev *d, CURLcode res, const struct fc_collect_opts *o, fc_job_done_fn *done,
		      void *ctx)
{
	const char *api = d->proto->name;
	long code = 0;
	unsigned retries = o->retries;
	bool retry = false;

	fc_curl()->curl_easy_getinfo(d->h, CURLINFO_RESPONSE_CODE, &code);
	d->active = false;
	if (res == CURLE_OK && code == 200) {
		bool more = false;
		size_t advance = 0;

		note_cookie(d);
		if (!take_reply(d, &more, &advance)) {
			finish(d, done, ctx);
			return;
		}
		d->attempt = 0;
		if (more)
			return;   /* the same command goes on in another request */
		if (!advance) {
			fc_job_error(d->job, "%s reply took none of the commands sent: given up", api);
			finish(d, done, ctx);
			return;
		}
		d->next += advance;
		if (d->next >= d->ncmds)
			finish(d, done, ctx);
		return;
	}
	if (res == CURLE_OK && d->proto->get && code >= 400 && code < 500 && code != 401 && code != 403) {
		/* a REST API's resource the switch does not have: that command alone */
		const struct fc_reader *c = d->job->cmds[d->next];
		char msg[700];

		if (c->optional) {
			snprintf(msg, sizeof(msg), "%s: %s HTTP %ld for %s (optional: collected without it)", c->command, api,
				 code, d->url);
			fc_job_warning(d->job, msg);
		} else
			fc_job_error(d->job, "%s: %s HTTP %ld for %s", c->command, api, code, d->url);
		d->attempt = 0;
		if (++d->next >= d->ncmds)
			finish(d, done, ctx);
		return;
	}
	if (res == CURLE_OPERATION_TIMEDOUT || (res == CURLE_OK && code >= 500))
		retry = d->attempt < retries;
	if (retry) {
		d->attempt++;
		d->retry_at = fc_rpc_now() + 0.25 * (double)(1u << d->attempt);
		return;
	}
	if (res == CURLE_OK && (code == 401 || code == 403))
		fc_job_error(d->job, "%s authentication failed (HTTP %ld) for user %s: check the credential", api, code,
			     d->secret.user);
	else if (res == CURLE_OK)
		fc_job_error(d->job, "%s HTTP %ld from %s%s", api, code, d->url, d->attempt ? " (after retries)" : "");
	else if (res == CURLE_PEER_FAILED_VERIFICATION || res == CURLE_SSL_CACERT_BADFILE ||
		 res == CURLE_SSL_CONNECT_ERROR)
		fc_job_error(d->job, "TLS with %s failed: %s (trust its CA with --ca-file; --insecure only if you must)",
			     d->url, d->errbuf[0] ? d->errbuf : fc_curl()->curl_easy_strerror(res));
	else if (res == CURLE_OPERATION_TIMEDOUT)
		fc_job_error(d->job, "%s request to %s timed out after %u attempt(s)", api, d->url, d->attempt + 1);
	else
		fc_job_error(d->job, "%s request to %s failed: %s", api, d->url,
			     d->errbuf[0] ? d->errbuf : fc_curl()->curl_easy_strerror(res));
	finish(d, done, ctx);
}

static enum fc_rc run(const struct fc_rpc_proto *p, struct fc_collect_job **jobs, size_t n,
		      const struct fc_collect_opts *o, fc_job_done_fn *done, void *ctx)
{
	struct fc_rpc_dev *devs;
	CURLM *multi;
	unsigned conc = o->concurrency ? o->concurrency : 32, batch = o->batch ? o->batch : 8;
	size_t i, remaining = n, active = 0;

	if (!n)
		return FC_OK;
	devs = calloc(n, sizeof(*devs));
	multi = fc_curl()->curl_multi_init();
	if (!devs || !multi) {
		free(devs);
		if (multi)
			fc_curl()->curl_multi_cleanup(multi);
		return FC_ERR_NOMEM;
	}
	for (i = 0; i < n; i++) {
		struct fc_err err;

		devs[i].job = jobs[i];
		devs[i].proto = p;
		devs[i].ncmds = jobs[i]->ncmds;
		fc_err_clear(&err);
		if (!jobs[i]->iv->address) {
			fc_job_error(jobs[i], "transport %s needs an address", jobs[i]->iv->transport);
			finish(&devs[i], done, ctx);
		} else if (fc_secret_load(jobs[i]->inv, jobs[i]->iv, &devs[i].secret, &err) != FC_OK) {
			char msg[sizeof(err.file) + sizeof(err.msg) + 16];

			fc_job_error(jobs[i], "%s", fc_err_str(&err, msg, sizeof(msg)));
			finish(&devs[i], done, ctx);
		} else if (!setup(&devs[i], o)) {
			fc_job_error(jobs[i], "cannot create a transfer handle");
			finish(&devs[i], done, ctx);
		}
		if (devs[i].done)
			remaining--;
	}
	while (remaining) {
		double t = fc_rpc_now(), wait = 0.2;
		int running, msgs;
		CURLMsg *msg;

		for (i = 0; i < n && active < conc; i++) {
			struct fc_rpc_dev *d = &devs[i];

			if (d->done || d->active)
				continue;
			if (d->retry_at > t) {
				if (d->retry_at - t < wait)
					wait = d->retry_at - t;
				continue;
			}
			if (!start(d, multi, batch)) {
				fc_job_error(d->job, "out of memory building a request");
				finish(d, done, ctx);
				remaining--;
				continue;
			}
			active++;
		}
		fc_curl()->curl_multi_perform(multi, &running);
		while ((msg = fc_curl()->curl_multi_info_read(multi, &msgs))) {
			struct fc_rpc_dev *d = NULL;

			if (msg->msg != CURLMSG_DONE)
				continue;
			fc_curl()->curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, (char **)&d);
			fc_curl()->curl_multi_remove_handle(multi, msg->easy_handle);
			active--;
			completed(d, msg->data.result, o, done, ctx);
			if (d->done)
				remaining--;
		}
		if (remaining)
			fc_curl()->curl_multi_poll(multi, NULL, 0, (int)(wait * 1000) + 1, NULL);
	}
	for (i = 0; i < n; i++) {
		if (devs[i].h)
			fc_curl()->curl_easy_cleanup(devs[i].h);
		fc_curl()->curl_slist_free_all(devs[i].hdrs);
		fc_curl()->curl_slist_free_all(devs[i].hdrs_alt);
		fc_buf_free(&devs[i].chunks);
		fc_arena_free(&devs[i].sids_arena);
		free(devs[i].body);
		fc_buf_free(&devs[i].reply);
		fc_secret_wipe(&devs[i].secret);
	}
	fc_curl()->curl_multi_cleanup(multi);
	free(devs);
	return FC_OK;
}

enum fc_rc fc_rpc_collect(const struct fc_rpc_proto *p, struct fc_collect_job **jobs, size_t n,
			  const struct fc_collect_opts *o, fc_job_done_fn *done, void *ctx)
{
	enum fc_rc rc;

	if (!fc_jobs_load(FC_LIB_CURL, jobs, n, done, ctx))
		return FC_OK;
	if (fc_curl()->curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
		return FC_ERR_NOMEM;
	rc = run(p, jobs, n, o, done, ctx);
	fc_curl()->curl_global_cleanup();
	return rc;
}
