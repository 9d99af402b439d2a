/* SPDX-License-Identifier: MIT */
/* Snapshot writing and the transports of this release: saved running-configs named in the
 * inventory and the "file" transport (outputs saved by other tools in a directory). NX-API and
 * SSH transports plug in here. */
#include "transport/collect.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "inventory/inventory.h"
#include "snapshot/snapshot.h"
#include "util/buf.h"
#include "vendor/vendor.h"

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

static void add_output(struct fc_arena *a, struct fc_snap_device *sd, const char *cmd, const char *enc,
		       const char *file)
{
	struct fc_snap_output *n = fc_alloc(a, (sd->noutputs + 1) * sizeof(*n));

	if (!n)
		return;
	if (sd->noutputs)
		memcpy(n, sd->outputs, sd->noutputs * sizeof(*n));
	n[sd->noutputs].command = cmd;
	n[sd->noutputs].encoding = enc;
	n[sd->noutputs].file = fc_strdup(a, file);
	sd->outputs = n;
	sd->noutputs++;
}

static void add_error(struct fc_arena *a, struct fc_snap_device *sd, const char *msg)
{
	const char **n = fc_alloc(a, (sd->nerrors + 1) * sizeof(*n));

	if (!n)
		return;
	if (sd->nerrors)
		memcpy(n, sd->errors, sd->nerrors * sizeof(*n));
	n[sd->nerrors++] = fc_strdup(a, msg);
	sd->errors = n;
	sd->status = "failed";
}

enum fc_rc fc_collect(const struct fc_collect_opts *o, int *incomplete, struct fc_err *err)
{
	struct fc_inventory *inv = NULL;
	struct fc_arena *a = fc_arena_new();
	struct fc_snap_device *devs;
	char tmp[4096], path[4096], src[4096];
	const char *ext;
	size_t i, ndev = 0;
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
	fc_pathf(tmp, sizeof(tmp), "%s.partial.%ld", o->out_dir, (long)getpid());
	if (mkdir(tmp, 0755) != 0 || (fc_pathf(path, sizeof(path), "%s/devices", tmp), mkdir(path, 0755)) != 0) {
		rc = fc_err_set(err, FC_ERR_IO, tmp, 0, "cannot create: %s", strerror(errno));
		goto out;
	}
	ext = strrchr(o->inventory, '.');
	ext = ext && (!strcmp(ext, ".json") || !strcmp(ext, ".yml")) ? ext : ".yaml";
	fc_pathf(path, sizeof(path), "%s/inventory%s", tmp, ext);
	if ((rc = copy_file(o->inventory, path, err)) != FC_OK)
		goto out;
	devs = fc_alloc(a, (inv->ndevices + 1) * sizeof(*devs));
	if (!devs) {
		rc = fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	for (i = 0; i < inv->ndevices; i++) {
		const struct fc_inv_device *iv = &inv->devices[i];
		const struct fc_vendor *v = fc_vendor_find(iv->platform);
		struct fc_snap_device *sd = &devs[ndev];
		const char *tr = iv->transport ? iv->transport : "none";
		const struct fc_vendor_cmd *c;
		struct fc_err e2;
		char rel[1024];

		if (!strcmp(tr, "none") && !iv->config)
			continue;   /* described by intent or not collected: no manifest entry */
		ndev++;
		sd->name = iv->name;
		sd->platform = iv->platform;
		sd->status = "ok";
		fc_pathf(path, sizeof(path), "%s/devices/%s", tmp, iv->name);
		if (mkdir(path, 0755) != 0) {
			rc = fc_err_set(err, FC_ERR_IO, path, 0, "cannot create: %s", strerror(errno));
			goto out;
		}
		if (iv->config) {
			fc_pathf(src, sizeof(src), "%s/%s", inv->dir, iv->config);
			fc_pathf(rel, sizeof(rel), "devices/%s/show_running-config.txt", iv->name);
			fc_pathf(path, sizeof(path), "%s/%s", tmp, rel);
			fc_err_clear(&e2);
			if (copy_file(src, path, &e2) == FC_OK)
				add_output(a, sd, "show running-config", "text", rel);
			else
				add_error(a, sd, e2.msg);
		}
		if (!strcmp(tr, "file")) {
			size_t found = 0;

			for (c = v->commands; c->command; c++) {
				fc_pathf(src, sizeof(src), "%s/%s", iv->address ? iv->address : "", c->filename);
				if (stat(src, &st) != 0)
					continue;
				fc_pathf(rel, sizeof(rel), "devices/%s/%s", iv->name, c->filename);
				fc_pathf(path, sizeof(path), "%s/%s", tmp, rel);
				fc_err_clear(&e2);
				if (copy_file(src, path, &e2) == FC_OK) {
					add_output(a, sd, c->command, c->encoding, rel);
					found++;
				} else {
					add_error(a, sd, e2.msg);
				}
			}
			if (!found) {
				fc_pathf(src, sizeof(src), "transport file: no saved outputs in '%s'",
					 iv->address ? iv->address : "(no address)");
				add_error(a, sd, src);
			}
		} else if (strcmp(tr, "none")) {
			fc_pathf(src, sizeof(src), "transport '%s' is not available in fabcheck %s", tr, FABCHECK_VERSION);
			add_error(a, sd, src);
		}
		if (!strcmp(sd->status, "failed"))
			(*incomplete)++;
		if (o->progress)
			fprintf(o->progress, "\rcollect: %zu/%zu devices, %d with errors", i + 1, inv->ndevices, *incomplete);
	}
	if (o->progress)
		fprintf(o->progress, "\n");
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
