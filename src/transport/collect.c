/* SPDX-License-Identifier: MIT */
/* Collection driver: decides each device's transport, runs them, and writes the snapshot. The
 * snapshot is built in <out>.partial.<pid> and renamed into place only when the manifest is
 * written, so a run killed midway leaves no directory that validates as if whole. */
#include "transport/collect.h"

#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "probe/probe.h"
#include "transport/job.h"
#include "util/buf.h"

static enum fc_rc copy_file(const char *from, const char *to, struct fc_err *err)
{
	struct fc_buf b;
	enum fc_rc rc = fc_read_file(from, FC_MAX_INPUT_FILE, &b, err);

	if (rc != FC_OK)
		return rc;
	rc = fc_write_file_atomic(to, b.data, b.len, err);
	fc_buf_free(&b);
	return rc;
}

static void *append(struct fc_arena *a, void *items, size_t n, size_t elem, const void *item)
{
	char *nv = fc_alloc(a, (n + 1) * elem);

	if (!nv)
		return items;
	if (n)
		memcpy(nv, items, n * elem);
	memcpy(nv + n * elem, item, elem);
	return nv;
}

enum fc_rc fc_job_write(struct fc_collect_job *j, const struct fc_vendor_cmd *c, const void *data, size_t len)
{
	struct fc_snap_output out;
	struct fc_err err;
	char rel[1024], path[4096];

	fc_err_clear(&err);
	if (!fc_pathf(rel, sizeof(rel), "devices/%s/%s", j->iv->name, c->filename) ||
	    !fc_pathf(path, sizeof(path), "%s/%s", j->root, rel) ||
	    fc_write_file(path, data, len, &err) != FC_OK) {
		fc_job_error(j, "%s: cannot write the output: %s", c->command, err.msg[0] ? err.msg : "path too long");
		return FC_ERR_IO;
	}
	out.command = c->command;
	out.encoding = c->encoding;
	out.file = fc_strdup(j->a, rel);
	j->sd->outputs = append(j->a, j->sd->outputs, j->sd->noutputs, sizeof(out), &out);
	j->sd->noutputs++;
	return FC_OK;
}

void fc_job_error(struct fc_collect_job *j, const char *fmt, ...)
{
	char buf[1024];
	const char *s;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	s = fc_strdup(j->a, buf);
	j->sd->errors = append(j->a, j->sd->errors, j->sd->nerrors, sizeof(s), &s);
	j->sd->nerrors++;
}

void fc_job_warning(struct fc_collect_job *j, const char *msg)
{
	const char *s = fc_strdup(j->a, msg);

	j->warnings = append(j->a, j->warnings, j->nwarnings, sizeof(s), &s);
	j->nwarnings++;
}

struct progress {
	FILE *f;
	size_t done, total, failed;
};

static void settle(struct fc_collect_job *j)
{
	j->sd->status = !j->sd->nerrors ? "ok" : j->sd->noutputs ? "partial" : "failed";
	j->sd->warnings = j->warnings;
	j->sd->nwarnings = j->nwarnings;
}

static void job_done(void *ctx, struct fc_collect_job *j)
{
	struct progress *p = ctx;

	settle(j);
	p->done++;
	p->failed += strcmp(j->sd->status, "ok") != 0;
	if (p->f)
		fprintf(p->f, "\rcollect: %zu/%zu devices, %zu with errors ", p->done, p->total, p->failed);
}

/* transport: probe — this machine is the host: the probe runs in-process (no command spawned)
 * and its document is stored as the adapter's "fabcheck probe" output. An address is a root
 * prefix (a recorded host or an agentless capture), as `fabcheck probe --root` takes it. */
static void probe_transport(struct fc_collect_job *j)
{
	const struct fc_vendor_cmd *c = j->v->commands;
	struct fc_probe_opts po;
	struct fc_err err;
	char *json = NULL;
	bool usable = false;

	while (c->command && strcmp(c->command, "fabcheck probe"))
		c++;
	if (!c->command) {
		fc_job_error(j, "transport probe: platform '%s' takes no probe document", j->iv->platform);
		return;
	}
	memset(&po, 0, sizeof(po));
	po.root = j->iv->address ? j->iv->address : "";
	po.ops = fc_probe_ops_for(po.root);
	po.ops_ctx = (void *)(uintptr_t)po.root;
	fc_err_clear(&err);
	if (fc_probe_run(&po, &json, &usable, &err) != FC_OK) {
		fc_job_error(j, "transport probe: %s", err.msg);
		return;
	}
	if (!usable)
		fc_job_error(j, "transport probe: nothing usable was read (the reasons are in the document)");
	fc_job_write(j, c, json, strlen(json));
	free(json);
}

/* Outputs saved by other tools in the device's address directory, named as the adapter names them. */
static void file_transport(struct fc_collect_job *j)
{
	const struct fc_vendor_cmd *c;
	struct fc_err err;
	struct fc_buf b;
	size_t found = 0;
	char src[4096];

	for (c = j->v->commands; c->command; c++) {
		struct stat st;

		if (!fc_pathf(src, sizeof(src), "%s/%s", j->iv->address ? j->iv->address : "", c->filename) ||
		    stat(src, &st) != 0)
			continue;
		fc_err_clear(&err);
		if (fc_read_file(src, FC_MAX_INPUT_FILE, &b, &err) != FC_OK) {
			fc_job_error(j, "%s", err.msg);
			continue;
		}
		if (fc_job_write(j, c, b.data, b.len) == FC_OK)
			found++;
		fc_buf_free(&b);
	}
	if (!found)
		fc_job_error(j, "transport file: no saved outputs in '%s'", j->iv->address ? j->iv->address : "(no address)");
}

static void saved_config(struct fc_collect_job *j)
{
	static const struct fc_vendor_cmd rc = { "show running-config", "text", "show_running-config.txt", true, NULL };
	struct fc_err err;
	struct fc_buf b;
	char src[4096];

	fc_err_clear(&err);
	if (!fc_pathf(src, sizeof(src), "%s/%s", j->inv->dir, j->iv->config) ||
	    fc_read_file(src, FC_MAX_INPUT_FILE, &b, &err) != FC_OK) {
		fc_job_error(j, "config '%s': %s", j->iv->config, err.msg);
		return;
	}
	fc_job_write(j, &rc, b.data, b.len);
	fc_buf_free(&b);
}

enum fc_rc fc_collect(const struct fc_collect_opts *o, int *incomplete, struct fc_err *err)
{
	struct fc_inventory *inv = NULL;
	struct fc_arena *a = fc_arena_new();
	struct fc_snap_device *devs = NULL;
	struct fc_collect_job *jobs = NULL, **nx = NULL, **sh = NULL;
	struct progress prog = { o->progress, 0, 0, 0 };
	char tmp[4096], path[4096];
	const char *ext;
	size_t i, ndev = 0, nnx = 0, nsh = 0;
	enum fc_rc rc;
	struct stat st;

	*incomplete = 0;
	if (!a)
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
	if ((rc = fc_inventory_load(o->inventory, &inv, err)) != FC_OK)
		goto out;
	if (stat(o->out_dir, &st) == 0) {
		rc = fc_err_set(err, FC_ERR_USAGE, o->out_dir, 0, "already exists; collect writes a new snapshot");
		goto out;
	}
	if (!fc_pathf(tmp, sizeof(tmp), "%s.partial.%ld", o->out_dir, (long)getpid()) || mkdir(tmp, 0755) != 0 ||
	    !fc_pathf(path, sizeof(path), "%s/devices", tmp) || mkdir(path, 0755) != 0) {
		rc = fc_err_set(err, FC_ERR_IO, tmp, 0, "cannot create: %s", strerror(errno));
		goto out;
	}
	ext = strrchr(o->inventory, '.');
	ext = ext && (!strcmp(ext, ".json") || !strcmp(ext, ".yml")) ? ext : ".yaml";
	fc_pathf(path, sizeof(path), "%s/inventory%s", tmp, ext);
	if ((rc = copy_file(o->inventory, path, err)) != FC_OK)
		goto out;
	devs = fc_alloc(a, (inv->ndevices + 1) * sizeof(*devs));
	jobs = fc_alloc(a, (inv->ndevices + 1) * sizeof(*jobs));
	nx = fc_alloc(a, (inv->ndevices + 1) * sizeof(*nx));
	sh = fc_alloc(a, (inv->ndevices + 1) * sizeof(*sh));
	if (!devs || !jobs || !nx || !sh) {
		rc = fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	for (i = 0; i < inv->ndevices; i++) {
		const struct fc_inv_device *iv = &inv->devices[i];
		const char *tr = iv->transport ? iv->transport : "none";
		struct fc_collect_job *j = &jobs[ndev];

		if (!strcmp(tr, "none") && !iv->config)
			continue;   /* described by intent, or not collected: no manifest entry */
		j->inv = inv;
		j->iv = iv;
		j->v = fc_vendor_find(iv->platform);
		j->sd = &devs[ndev++];
		j->a = a;
		j->root = tmp;
		j->sd->name = iv->name;
		j->sd->platform = iv->platform;
		j->sd->transport = tr;
		if (!fc_pathf(path, sizeof(path), "%s/devices/%s", tmp, iv->name) || mkdir(path, 0755) != 0) {
			rc = fc_err_set(err, FC_ERR_IO, path, 0, "cannot create: %s", strerror(errno));
			goto out;
		}
		prog.total++;
		if (iv->config)
			saved_config(j);
		if (!strcmp(tr, "nxapi")) {
			nx[nnx++] = j;
			continue;
		}
		if (!strcmp(tr, "ssh")) {
			sh[nsh++] = j;
			continue;
		}
		if (!strcmp(tr, "file"))
			file_transport(j);
		else if (!strcmp(tr, "probe"))
			probe_transport(j);
		else if (strcmp(tr, "none"))
			fc_job_error(j, "transport '%s' is not available in fabcheck %s", tr, FABCHECK_VERSION);
		job_done(&prog, j);
	}
	if (nnx) {
		curl_global_init(CURL_GLOBAL_DEFAULT);
		rc = fc_nxapi_collect(nx, nnx, o, job_done, &prog);
		curl_global_cleanup();
		if (rc != FC_OK) {
			rc = fc_err_set(err, rc, NULL, 0, "NX-API collection could not run");
			goto out;
		}
	}
	if (nsh && (rc = fc_ssh_collect(sh, nsh, o, job_done, &prog)) != FC_OK) {
		rc = fc_err_set(err, rc, NULL, 0, "SSH collection could not run");
		goto out;
	}
	if (o->progress)
		fprintf(o->progress, "\n");
	for (i = 0; i < ndev; i++)
		*incomplete += strcmp(devs[i].status, "ok") != 0;
	/* outputs were written without fsync: one filesystem sync before the manifest and the
	 * rename that publishes the snapshot */
	{
		int dfd = open(tmp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

		if (dfd < 0 || syncfs(dfd) != 0) {
			rc = fc_err_set(err, FC_ERR_IO, tmp, 0, "cannot sync the snapshot to disk: %s", strerror(errno));
			if (dfd >= 0)
				close(dfd);
			goto out;
		}
		close(dfd);
	}
	fc_pathf(path, sizeof(path), "inventory%s", ext);
	if ((rc = fc_manifest_write(tmp, path, devs, ndev, err)) != FC_OK)
		goto out;
	if (rename(tmp, o->out_dir) != 0)
		rc = fc_err_set(err, FC_ERR_IO, o->out_dir, 0, "cannot move the snapshot into place: %s", strerror(errno));
out:
	fc_inventory_free(&inv);
	fc_arena_free(&a);
	return rc;
}
