/* SPDX-License-Identifier: MIT */
/* Collection driver: decides each device's transport, runs them, and writes the snapshot. The
 * snapshot is built in <out>.partial.<pid> and renamed into place only when the manifest is
 * written, so a run killed midway leaves no directory that validates as if whole. */
#include "transport/collect.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "probe/fs.h"
#include "probe/probe.h"
#include "transport/job.h"
#include "transport/transport.h"
#include "util/buf.h"
#include "util/path.h"
#include "util/str.h"
#include "util/text.h"

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

/* Appends item to the array *items of *n (capacity *cap, doubling: a file transport may warn about
 * a hundred thousand files). false, with nothing changed, when out of memory. */
static bool append(struct fc_arena *a, void *items, size_t *n, size_t *cap, size_t elem, const void *item)
{
	char *nv = fc_grow(a, *(void **)items, *n, cap, elem);

	if (!nv)
		return false;
	memcpy(nv + *n * elem, item, elem);
	*(void **)items = nv;
	(*n)++;
	return true;
}

enum fc_rc fc_job_write(struct fc_collect_job *j, const struct fc_reader *c, const void *data, size_t len)
{
	struct fc_snap_output out;
	struct fc_err err;
	char rel[1024], path[4096];

	fc_err_clear(&err);
	if (!fc_pathf(rel, sizeof(rel), "devices/%s/%s", j->iv->name, c->file) ||
	    !fc_pathf(path, sizeof(path), "%s/%s", j->root, rel) ||
	    fc_write_file(path, data, len, &err) != FC_OK) {
		char msg[sizeof(err.file) + sizeof(err.msg) + 16];

		fc_job_error(j, "%s: cannot write the output: %s", c->command,
			     err.msg[0] ? fc_err_str(&err, msg, sizeof(msg)) : "path too long");
		return FC_ERR_IO;
	}
	out.command = c->command;
	out.encoding = c->encoding;
	out.file = fc_strdup(j->a, rel);
	if (!append(j->a, &j->sd->outputs, &j->sd->noutputs, &j->sd->outputs_cap, sizeof(out), &out)) {
		fc_job_error(j, "%s: out of memory", c->command);
		return FC_ERR_NOMEM;
	}
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
	/* device messages in the manifest are escaped: validate refuses control characters there */
	s = fc_text_clean(j->a, buf, strlen(buf), NULL);
	if (!s || !append(j->a, &j->sd->errors, &j->sd->nerrors, &j->sd->errors_cap, sizeof(s), &s))
		j->lost_error = true;   /* out of memory: at least the device does not pass as collected */
}

bool fc_jobs_load(enum fc_dynlib lib, struct fc_collect_job **jobs, size_t n, fc_job_done_fn *done, void *ctx)
{
	struct fc_err err = { 0 };
	size_t i;

	if (fc_dynlib_load(lib, &err) == FC_OK)
		return true;
	for (i = 0; i < n; i++) {
		fc_job_error(jobs[i], "%s", err.msg);
		done(ctx, jobs[i]);
	}
	return false;
}

void fc_job_warning(struct fc_collect_job *j, const char *msg)
{
	const char *s = fc_text_clean(j->a, msg, strlen(msg), NULL);

	if (s)
		(void)append(j->a, &j->warnings, &j->nwarnings, &j->warnings_cap, sizeof(s), &s);
}

struct progress {
	FILE *f;
	size_t done, total, failed;
};

static void settle(struct fc_collect_job *j)
{
	j->sd->status = j->lost_error ? "failed" : !j->sd->nerrors ? "ok" : j->sd->noutputs ? "partial" : "failed";
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

static void saved_config(struct fc_collect_job *j, const struct fc_roots *roots)
{
	const struct fc_reader *rc = fc_adapter_saved_config(j->v);
	struct fc_buf b;
	struct fc_err rerr;

	fc_err_clear(&rerr);
	if (!rc) {   /* the inventory checked it; not a crash if it did not */
		fc_job_error(j, "%s:%u: config: platform %s takes no saved configuration", j->inv->path, j->iv->config_line,
			     j->v->platform);
		return;
	}

	if (fc_read_inside(roots, j->inv->dir, j->iv->config, FC_MAX_INPUT_FILE, &b, &rerr) != FC_OK) {
		fc_job_error(j, "%s:%u: config '%s': %s", j->inv->path, j->iv->config_line, j->iv->config, rerr.msg);
		return;
	}
	fc_job_write(j, rc, b.data, b.len);
	fc_buf_free(&b);
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

#define MARKER ".fabcheck-collecting"

/* Claims out for this run: the snapshot is written in out.partial, which only one collect can
 * hold (mkdir is atomic), and which names the pid writing it. A partial tree left by a run that
 * no longer exists (killed) is removed; one held by a running collect is an error. */
static enum fc_rc claim(const char *out, char *tmp, size_t tmpsz, struct fc_err *err)
{
	char marker[4200], pidtxt[32];
	struct stat st;
	int attempt;

	if (stat(out, &st) == 0)
		return fc_err_set(err, FC_ERR_USAGE, out, 0, "already exists; collect writes a new snapshot");
	if (!fc_pathf(tmp, tmpsz, "%s.partial", out) || !fc_pathf(marker, sizeof(marker), "%s/" MARKER, tmp))
		return fc_err_set(err, FC_ERR_USAGE, out, 0, "path too long");
	for (attempt = 0; attempt < 2; attempt++) {
		struct fc_buf b;
		struct fc_err e2;
		int64_t pid;

		if (mkdir(tmp, 0755) == 0) {
			snprintf(pidtxt, sizeof(pidtxt), "%ld\n", (long)getpid());
			return fc_write_file(marker, pidtxt, strlen(pidtxt), err);
		}
		if (errno != EEXIST)
			return fc_err_set(err, FC_ERR_IO, tmp, 0, "cannot create: %s", strerror(errno));
		fc_err_clear(&e2);
		if (fc_read_file(marker, 64, &b, &e2) != FC_OK) {
			return fc_err_set(err, FC_ERR_USAGE, tmp, 0,
					  "exists: another fabcheck collect is starting to write %s, or the directory is "
					  "not fabcheck's (remove it if no collect is running)", out);
		}
		b.data[strcspn(b.data, "\n")] = '\0';
		if (!fc_parse_i64(b.data, 1, INT32_MAX, &pid)) {
			fc_buf_free(&b);
			return fc_err_set(err, FC_ERR_USAGE, marker, 1, "expected the pid of a fabcheck collect");
		}
		fc_buf_free(&b);
		if (kill((pid_t)pid, 0) == 0 || errno == EPERM)
			return fc_err_set(err, FC_ERR_USAGE, out, 0,
					  "another fabcheck collect (pid %lld) is writing this snapshot in %s", (long long)pid, tmp);
		/* the run that left it is gone: its tree is incomplete and ours to remove */
		if (nftw(tmp, rm_one, 16, FTW_DEPTH | FTW_PHYS) != 0)
			return fc_err_set(err, FC_ERR_IO, tmp, 0, "left by an interrupted collect (pid %lld) and cannot be "
						"removed: %s", (long long)pid, strerror(errno));
	}
	return fc_err_set(err, FC_ERR_USAGE, tmp, 0, "another fabcheck collect keeps creating it");
}

enum fc_rc fc_collect(const struct fc_collect_opts *o, int *incomplete, struct fc_err *err)
{
	struct fc_inventory *inv = NULL;
	struct fc_arena *a = fc_arena_new();
	struct fc_snap_device *devs = NULL;
	struct fc_collect_job *jobs = NULL, **by[FC_MAX_TRANSPORTS] = { NULL };
	struct progress prog = { o->progress, 0, 0, 0 };
	struct fc_roots roots;
	char tmp[4096] = "", path[4096], out_dir[4096];
	const char *ext;
	size_t i, ndev = 0, nby[FC_MAX_TRANSPORTS] = { 0 }, n, k;
	const struct fc_transport *tl = fc_transport_list();
	enum fc_rc rc;
	bool claimed = false;

	*incomplete = 0;
	fc_roots_init(&roots);
	if (!a)
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
	/* "snap/" names the directory "snap" */
	if (!fc_pathf(out_dir, sizeof(out_dir), "%s", o->out_dir)) {
		rc = fc_err_set(err, FC_ERR_USAGE, o->out_dir, 0, "path too long");
		goto out;
	}
	for (n = strlen(out_dir); n > 1 && out_dir[n - 1] == '/'; n--)
		out_dir[n - 1] = '\0';
	if ((rc = fc_inventory_load(o->inventory, &inv, err)) != FC_OK ||
	    (rc = fc_roots_add(&roots, inv->dir, "the inventory's directory", err)) != FC_OK)
		goto out;
	for (i = 0; i < o->nallow; i++)
		if ((rc = fc_roots_add(&roots, o->allow_outside[i], "--allow-outside", err)) != FC_OK ||
		    (rc = fc_roots_allow_links(&roots, o->allow_outside[i], err)) != FC_OK)
			goto out;
	if ((rc = claim(out_dir, tmp, sizeof(tmp), err)) != FC_OK)
		goto out;
	claimed = true;
	if (!fc_pathf(path, sizeof(path), "%s/devices", tmp) || mkdir(path, 0755) != 0) {
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
	for (k = 0; tl[k].name && devs; k++)
		if (!(by[k] = fc_alloc(a, (inv->ndevices + 1) * sizeof(*by[k]))))
			devs = NULL;
	if (!devs || !jobs) {
		rc = fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	for (i = 0; i < inv->ndevices; i++) {
		const struct fc_inv_device *iv = &inv->devices[i];
		const char *tr = iv->transport ? iv->transport : "none";
		const struct fc_transport *t = fc_transport_find(tr);   /* the inventory checked the name */
		struct fc_collect_job *j = &jobs[ndev];

		if (!t->collect && !iv->config)
			continue;   /* described by intent, or not collected: no manifest entry */
		j->inv = inv;
		j->iv = iv;
		j->v = fc_adapter_find(iv->platform);
		if (!fc_adapter_collected(j->v, false, a, &j->cmds, &j->ncmds) ||
		    !fc_adapter_collected(j->v, true, a, &j->fallback, &j->nfallback)) {
			rc = fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
			goto out;
		}
		j->sd = &devs[ndev++];
		j->a = a;
		j->root = tmp;
		j->roots = &roots;
		j->sd->name = iv->name;
		j->sd->platform = iv->platform;
		j->sd->transport = tr;
		if (!fc_pathf(path, sizeof(path), "%s/devices/%s", tmp, iv->name) || mkdir(path, 0755) != 0) {
			rc = fc_err_set(err, FC_ERR_IO, path, 0, "cannot create: %s", strerror(errno));
			goto out;
		}
		prog.total++;
		if (iv->config)
			saved_config(j, &roots);
		if (t->collect) {
			by[t - tl][nby[t - tl]++] = j;
			continue;
		}
		job_done(&prog, j);   /* a saved config only */
	}
	/* each transport collects its devices at once: NX-API and SSH in parallel inside */
	for (k = 0; tl[k].name; k++)
		if (nby[k] && (rc = tl[k].collect(by[k], nby[k], o, job_done, &prog)) != FC_OK) {
			rc = fc_err_set(err, rc, NULL, 0, "transport %s could not run", tl[k].name);
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
	fc_pathf(path, sizeof(path), "%s/" MARKER, tmp);
	unlink(path);
	/* never onto a directory that appeared meanwhile */
	claimed = false;   /* complete: from here on it is kept, whatever happens */
	if (renameat2(AT_FDCWD, tmp, AT_FDCWD, out_dir, RENAME_NOREPLACE) != 0)
		rc = errno == EEXIST ? fc_err_set(err, FC_ERR_USAGE, out_dir, 0,
						  "appeared while this run collected; its snapshot is left in %s", tmp)
				     : fc_err_set(err, FC_ERR_IO, out_dir, 0, "cannot move the snapshot into place: %s",
						  strerror(errno));
out:
	if (claimed && rc != FC_OK)
		nftw(tmp, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	fc_roots_free(&roots);
	fc_inventory_free(&inv);
	fc_arena_free(&a);
	return rc;
}
