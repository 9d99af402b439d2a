/* SPDX-License-Identifier: MIT */
/* Collection driver: decides each device's transport, runs them, and writes the snapshot. The
 * snapshot is built in <out>.partial.<pid> and renamed into place only when the manifest is
 * written, so a run killed midway leaves no directory that validates as if whole. */
#include "transport/collect.h"

#include <ctype.h>
#include <curl/curl.h>
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

/* transport: probe — this machine is the host: the probe runs in-process (no command spawned)
 * and its document is stored as the adapter's "fabcheck probe" output. An address is a recorded
 * host or an agentless capture, as `fabcheck probe --root` takes it, and must lie inside what the
 * inventory may name (its reads then stay inside it: fs.h). */
static void probe_transport(struct fc_collect_job *j, const struct fc_roots *roots)
{
	const struct fc_vendor_cmd *c = j->v->commands;
	struct fc_probe_opts po;
	struct fc_err err;
	struct fc_fs fs;
	char *json = NULL, why[1024], real[4096];
	bool usable = false;
	enum fc_rc rc;

	while (c->command && strcmp(c->command, "fabcheck probe"))
		c++;
	if (!c->command) {
		fc_job_error(j, "transport probe: platform '%s' takes no probe document", j->iv->platform);
		return;
	}
	if (j->iv->address && !fc_dir_inside(roots, j->inv->dir, j->iv->address, real, sizeof(real), why, sizeof(why))) {
		fc_job_error(j, "%s:%u: address: '%s' %s", j->inv->path, j->iv->address_line, j->iv->address, why);
		return;
	}
	if (!fc_fs_open_disk(&fs, j->iv->address ? real : "", why, sizeof(why))) {
		fc_job_error(j, "transport probe: %s", why);
		return;
	}
	memset(&po, 0, sizeof(po));
	po.fs = &fs;
	fc_err_clear(&err);
	rc = fc_probe_run(&po, &json, &usable, &err);
	fc_fs_close(&fs);
	if (rc != FC_OK) {
		fc_job_error(j, "transport probe: %s", err.msg);
		return;
	}
	if (!usable)
		fc_job_error(j, "transport probe: nothing usable was read (the reasons are in the document)");
	fc_job_write(j, c, json, strlen(json));
	free(json);
}

/* The command a saved file is the output of: the adapter's own file name (show_interface.json),
 * else its name as other tools write it (show_interface.txt, show interface.txt, the
 * ntc-templates cisco_nxos_show_interface.raw): extension and platform prefix dropped, '_' read as
 * a blank. NULL-terminated command in out. */
static void command_of(const struct fc_vendor *v, const char *name, char *out, size_t size)
{
	static const char *const exts[] = { ".txt", ".json", ".raw", ".out", ".log", NULL };
	static const char *const prefixes[] = { "cisco_nxos_", "nxos_", "linux_", NULL };
	const struct fc_vendor_cmd *lists[2] = { v->commands, v->fallback }, *c;
	const char *const *e;
	size_t n = strlen(name), k, i;

	for (k = 0; k < 2; k++)
		for (c = lists[k]; c && c->command; c++)
			if (!strcmp(c->filename, name)) {
				snprintf(out, size, "%s", c->command);
				return;
			}
	for (e = exts; *e; e++)
		if (n > strlen(*e) && !strcmp(name + n - strlen(*e), *e)) {
			n -= strlen(*e);
			break;
		}
	for (e = prefixes; *e; e++)
		if (!strncmp(name, *e, strlen(*e)) && n > strlen(*e)) {
			name += strlen(*e);
			n -= strlen(*e);
			break;
		}
	snprintf(out, size, "%.*s", (int)n, name);
	for (i = 0; out[i]; i++)
		if (out[i] == '_')
			out[i] = ' ';
}

/* JSON when the first thing in it is an object or an array, text otherwise. */
static const char *encoding_of(const struct fc_buf *b)
{
	size_t i = 0;

	while (i < b->len && isspace((unsigned char)b->data[i]))
		i++;
	return i < b->len && (b->data[i] == '{' || b->data[i] == '[') ? "json" : "text";
}

/* Outputs saved in the device's address directory, by fabcheck or by other tools: every file is
 * taken as the output of the command its name says, in the encoding its content says; one output
 * per command (JSON before text); a file that is no output the adapter reads is a warning in the
 * manifest, never skipped without a word. */
static void file_transport(struct fc_collect_job *j, const struct fc_roots *roots)
{
	struct fc_buf b;
	char real[4096], why[1024], cmd[512], path[8192], msg[1400];
	const char **taken = NULL;   /* commands written, parallel to j->sd->outputs */
	size_t found = 0, i, n = 0;
	char **names;
	struct fc_fs fs;

	if (!j->iv->address) {
		fc_job_error(j, "transport file needs an address: the directory of saved outputs");
		return;
	}
	if (!fc_dir_inside(roots, j->inv->dir, j->iv->address, real, sizeof(real), why, sizeof(why))) {
		fc_job_error(j, "%s:%u: address: '%s' %s", j->inv->path, j->iv->address_line, j->iv->address, why);
		return;
	}
	if (!fc_fs_open_disk(&fs, "", why, sizeof(why)) || !(names = fc_fs_list(&fs, real, &n))) {
		fc_job_error(j, "transport file: '%s' is no directory that can be read", j->iv->address);
		return;
	}
	taken = fc_alloc(j->a, (n + 1) * sizeof(*taken));
	/* two passes: JSON outputs first, so a command saved both ways is taken as JSON */
	for (int pass = 0; pass < 2 && taken; pass++)
		for (i = 0; i < n; i++) {
			struct fc_vendor_cmd c;
			const char *enc;
			size_t k;
			enum fc_rc rc;

			if (!fc_pathf(path, sizeof(path), "%s/%s", real, names[i]) || !names[i][0])
				continue;
			rc = fc_read_inside(roots, j->inv->dir, path, FC_MAX_INPUT_FILE, &b, why, sizeof(why));
			if (rc != FC_OK) {
				if (pass == 0 && rc != FC_ERR_IO)   /* a directory in it is no output: IO */
					fc_job_error(j, "saved output '%s': %s", names[i], why);
				continue;
			}
			enc = encoding_of(&b);
			command_of(j->v, names[i], cmd, sizeof(cmd));
			if ((pass == 0) != !strcmp(enc, "json")) {
				fc_buf_free(&b);
				continue;
			}
			if (!j->v->reads(cmd, enc)) {
				snprintf(msg, sizeof(msg), "saved file '%s' not used: platform %s reads no '%s' (%s)", names[i],
					 j->v->platform, cmd, enc);
				fc_job_warning(j, msg);
				fc_buf_free(&b);
				continue;
			}
			for (k = 0; k < found && strcmp(taken[k], cmd); k++)
				;
			if (k < found) {
				snprintf(msg, sizeof(msg), "saved file '%s' not used: '%s' is taken from another file", names[i], cmd);
				fc_job_warning(j, msg);
				fc_buf_free(&b);
				continue;
			}
			c.command = fc_strdup(j->a, cmd);
			c.encoding = enc;
			c.filename = fc_sprintf(j->a, "%s", names[i]);
			c.large = false;
			c.remote = NULL;
			if (c.command && c.filename && fc_job_write(j, &c, b.data, b.len) == FC_OK)
				taken[found++] = c.command;
			fc_buf_free(&b);
		}
	fc_fs_list_free(names, n);
	fc_fs_close(&fs);
	if (!found)
		fc_job_error(j, "transport file: no saved outputs in '%s'", j->iv->address);
}

static void saved_config(struct fc_collect_job *j, const struct fc_roots *roots)
{
	static const struct fc_vendor_cmd rc = { "show running-config", "text", "show_running-config.txt", true, NULL };
	struct fc_buf b;
	char why[1024];

	if (fc_read_inside(roots, j->inv->dir, j->iv->config, FC_MAX_INPUT_FILE, &b, why, sizeof(why)) != FC_OK) {
		fc_job_error(j, "%s:%u: config '%s': %s", j->inv->path, j->iv->config_line, j->iv->config, why);
		return;
	}
	fc_job_write(j, &rc, b.data, b.len);
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
	struct fc_collect_job *jobs = NULL, **nx = NULL, **sh = NULL;
	struct progress prog = { o->progress, 0, 0, 0 };
	struct fc_roots roots;
	char tmp[4096] = "", path[4096], out_dir[4096];
	const char *ext;
	size_t i, ndev = 0, nnx = 0, nsh = 0, n;
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
		if ((rc = fc_roots_add(&roots, o->allow_outside[i], "--allow-outside", err)) != FC_OK)
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
			saved_config(j, &roots);
		if (!strcmp(tr, "nxapi")) {
			nx[nnx++] = j;
			continue;
		}
		if (!strcmp(tr, "ssh")) {
			sh[nsh++] = j;
			continue;
		}
		if (!strcmp(tr, "file"))
			file_transport(j, &roots);
		else if (!strcmp(tr, "probe"))
			probe_transport(j, &roots);
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
