/* SPDX-License-Identifier: MIT */
/* The transports that read what is already on this machine: probe (the host itself, a recorded
 * tree or an agentless capture) and file (outputs saved in a directory). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/fs.h"
#include "probe/probe.h"
#include "transport/job.h"
#include "util/buf.h"
#include "util/path.h"
#include "util/str.h"
#include "util/text.h"

/* transport: probe — this machine is the host: the probe runs in-process (no command spawned)
 * and its document is stored as the adapter's "fabcheck probe" output. An address is a recorded
 * host or an agentless capture, as `fabcheck probe --root` takes it, and must lie inside what the
 * inventory may name (its reads then stay inside it: fs.h). */
static void probe_transport(struct fc_collect_job *j, const struct fc_roots *roots)
{
	const struct fc_reader *c = fc_adapter_reader(j->v, "fabcheck probe", "json");
	struct fc_probe_opts po;
	struct fc_err err;
	struct fc_fs fs;
	char *json = NULL, real[4096];
	struct fc_err rerr;
	bool usable = false;
	enum fc_rc rc;

	if (!c || !c->file) {
		fc_job_error(j, "transport probe: platform '%s' takes no probe document", j->iv->platform);
		return;
	}
	fc_err_clear(&rerr);
	if (j->iv->address && !fc_dir_inside(roots, j->inv->dir, j->iv->address, real, sizeof(real), &rerr)) {
		fc_job_error(j, "%s:%u: address: '%s' %s", j->inv->path, j->iv->address_line, j->iv->address, rerr.msg);
		return;
	}
	if (!fc_fs_open_disk(&fs, j->iv->address ? real : "", &rerr)) {
		fc_job_error(j, "transport probe: %s", rerr.msg);
		return;
	}
	memset(&po, 0, sizeof(po));
	po.fs = &fs;
	fc_err_clear(&err);
	rc = fc_probe_run(&po, &json, &usable, &err);
	fc_fs_close(&fs);
	if (rc != FC_OK) {
		char msg[sizeof(err.file) + sizeof(err.msg) + 16];

		fc_job_error(j, "transport probe: %s", fc_err_str(&err, msg, sizeof(msg)));
		return;
	}
	if (!usable)
		fc_job_error(j, "transport probe: nothing usable was read (the reasons are in the document)");
	fc_job_write(j, c, json, strlen(json));
	free(json);
}

/* The command a saved file is the output of: the adapter's own file name (show_interface.json),
 * else its name as other tools write it (show_interface.txt, show interface.txt, the
 * ntc-templates cisco_nxos_show_interface.raw): extension and the adapter's file prefixes dropped,
 * '_' read as a blank. NULL-terminated command in out. */
static void command_of(const struct fc_adapter *v, const char *name, char *out, size_t size)
{
	static const char *const exts[] = { ".txt", ".json", ".raw", ".out", ".log", NULL };
	const struct fc_reader *c;
	const char *const *e;
	size_t n = strlen(name), i;

	for (c = v->readers; c->command; c++)
		if (c->file && !strcmp(c->file, name)) {
			snprintf(out, size, "%s", c->command);
			return;
		}
	for (e = exts; *e; e++)
		if (n > strlen(*e) && !strcmp(name + n - strlen(*e), *e)) {
			n -= strlen(*e);
			break;
		}
	for (e = v->file_prefixes; e && *e; e++)
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
	char real[4096], cmd[512], path[8192], msg[1400];
	struct fc_err rerr;
	const char **taken = NULL;   /* commands written, parallel to j->sd->outputs */
	size_t found = 0, i, n = 0;
	char **names;
	struct fc_fs fs;

	if (!j->iv->address) {
		fc_job_error(j, "transport file needs an address: the directory of saved outputs");
		return;
	}
	fc_err_clear(&rerr);
	if (!fc_dir_inside(roots, j->inv->dir, j->iv->address, real, sizeof(real), &rerr)) {
		fc_job_error(j, "%s:%u: address: '%s' %s", j->inv->path, j->iv->address_line, j->iv->address, rerr.msg);
		return;
	}
	if (!fc_fs_open_disk(&fs, "", &rerr) || !(names = fc_fs_list(&fs, real, &n))) {
		fc_job_error(j, "transport file: '%s' is no directory that can be read", j->iv->address);
		return;
	}
	taken = fc_alloc(j->a, (n + 1) * sizeof(*taken));
	/* two passes: JSON outputs first, so a command saved both ways is taken as JSON */
	for (int pass = 0; pass < 2 && taken; pass++)
		for (i = 0; i < n; i++) {
			struct fc_reader c;
			const char *enc;
			size_t k;
			enum fc_rc rc;

			if (!fc_pathf(path, sizeof(path), "%s/%s", real, names[i]) || !names[i][0])
				continue;
			fc_err_clear(&rerr);
			rc = fc_read_inside(roots, j->inv->dir, path, FC_MAX_INPUT_FILE, &b, &rerr);
			if (rc != FC_OK) {
				if (pass == 0 && rc != FC_ERR_IO)   /* a directory in it is no output: IO */
					fc_job_error(j, "saved output '%s': %s", names[i], rerr.msg);
				continue;
			}
			enc = encoding_of(&b);
			command_of(j->v, names[i], cmd, sizeof(cmd));
			if ((pass == 0) != !strcmp(enc, "json")) {
				fc_buf_free(&b);
				continue;
			}
			if (!fc_adapter_reader(j->v, cmd, enc)) {
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
			memset(&c, 0, sizeof(c));
			c.command = fc_strdup(j->a, cmd);
			c.encoding = enc;
			c.file = fc_sprintf(j->a, "%s", names[i]);
			if (c.command && c.file && fc_job_write(j, &c, b.data, b.len) == FC_OK)
				taken[found++] = c.command;
			fc_buf_free(&b);
		}
	fc_fs_list_free(names, n);
	fc_fs_close(&fs);
	if (!found)
		fc_job_error(j, "transport file: no saved outputs in '%s'", j->iv->address);
}

enum fc_rc fc_probe_collect(struct fc_collect_job **jobs, size_t n, const struct fc_collect_opts *o,
			    fc_job_done_fn *done, void *ctx)
{
	size_t i;

	(void)o;
	for (i = 0; i < n; i++) {
		probe_transport(jobs[i], jobs[i]->roots);
		done(ctx, jobs[i]);
	}
	return FC_OK;
}

enum fc_rc fc_file_collect(struct fc_collect_job **jobs, size_t n, const struct fc_collect_opts *o,
			   fc_job_done_fn *done, void *ctx)
{
	size_t i;

	(void)o;
	for (i = 0; i < n; i++) {
		file_transport(jobs[i], jobs[i]->roots);
		done(ctx, jobs[i]);
	}
	return FC_OK;
}
