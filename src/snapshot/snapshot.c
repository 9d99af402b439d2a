/* SPDX-License-Identifier: MIT */
/* Snapshot manifest and fabric loading. */
#include "snapshot/snapshot.h"

#include <json-c/json.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/buf.h"
#include "util/path.h"
#include "util/str.h"
#include "adapter/adapter.h"

static const char *const manifest_keys[] = { "format", "format_version", "created", "tool_version", "inventory",
					     "devices", NULL };
static const char *const mdev_keys[] = { "name", "platform", "status", "errors", "warnings", "outputs", "transport",
					 NULL };
static const char *const mout_keys[] = { "command", "encoding", "file", "captured_at", NULL };

static bool is_dir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Records a parse failure on the device without stopping the run. */
static void device_error(struct fc_model *m, struct fc_device *dev, struct fc_err *perr)
{
	char buf[2048];

	fc_dev_add_error(m, dev, fc_err_str(perr, buf, sizeof(buf)));
	dev->status = FC_DEV_PARSE_ERROR;
	m->input_errors++;
	fc_err_clear(perr);
}

static enum fc_rc create_devices(struct fc_model *m, const struct fc_inventory *inv, struct fc_err *err)
{
	size_t i;
	enum fc_rc rc;

	for (i = 0; i < inv->ndevices; i++) {
		const struct fc_inv_device *iv = &inv->devices[i];
		const struct fc_adapter *v = fc_adapter_find(iv->platform);
		struct fc_device *d;

		if (!v)
			return fc_err_set(err, FC_ERR_INPUT, inv->path, iv->line, "no adapter for platform '%s'",
					  iv->platform);
		if ((rc = fc_model_add_device(m, iv->name, v->kind, &d, err)) != FC_OK)
			return rc;
		d->platform = v->platform;
		d->caps = v->caps;
		d->role = iv->role ? fc_strdup(m->arena, iv->role) : NULL;
		d->address = iv->address ? fc_strdup(m->arena, iv->address) : NULL;
	}
	return FC_OK;
}

/* Reads a file an input names and parses it as the output of command. A file that resolves
 * outside what the input may read, or that is no regular file or too large, refuses the whole
 * input (FC_ERR_INPUT naming where the path was given); one that is missing or unreadable is
 * recorded on the device. */
static enum fc_rc read_and_parse(struct fc_model *m, struct fc_device *dev, const struct fc_roots *roots,
				 const char *dir, const char *file, const char *command, const char *encoding,
				 const char *given_in, unsigned given_line, const char *key, struct fc_err *err)
{
	const struct fc_adapter *v = fc_adapter_find(dev->platform);
	char path[4096];
	struct fc_input in;
	struct fc_err perr, rerr;
	enum fc_rc rc;

	fc_err_clear(&perr);
	fc_err_clear(&rerr);
	/* the reader's error names the file read; the input that named the path is where it is fixed */
	rc = fc_input_inside(roots, dir, file, FC_MAX_INPUT_FILE, &in, &rerr);
	if (rc == FC_ERR_INPUT)
		return fc_err_set(err, FC_ERR_INPUT, given_in, given_line, "%s: '%s' %s", key, file, rerr.msg);
	if (rc != FC_OK) {
		fc_err_set(&perr, FC_ERR_INPUT, given_in, given_line, "%s '%s': %s", key, file, rerr.msg);
		device_error(m, dev, &perr);
		return FC_OK;
	}
	if (file[0] == '/' || !strcmp(dir, "."))   /* evidence names the file as the inventory does */
		fc_pathf(path, sizeof(path), "%s", file);
	else
		fc_pathf(path, sizeof(path), "%s/%s", dir, file);
	if (fc_adapter_parse(m, dev, v, path, in.data, in.len, command, encoding, &perr) != FC_OK)
		device_error(m, dev, &perr);
	else if (dev->status == FC_DEV_NODATA)
		dev->status = FC_DEV_OK;
	fc_input_free(&in);
	return FC_OK;
}

/* Saved running-config or host intent named in the inventory. */
static enum fc_rc load_from_inventory(struct fc_model *m, const struct fc_inventory *inv, const struct fc_roots *cfg,
				      struct fc_device *dev, struct fc_err *err)
{
	const struct fc_inv_device *iv = fc_inventory_device(inv, dev->name);
	const struct fc_adapter *v = fc_adapter_find(dev->platform);
	const struct fc_reader *sc = fc_adapter_saved_config(v);
	struct fc_err perr;

	fc_err_clear(&perr);
	if (iv->config && !sc) {
		fc_dev_add_error(m, dev, "config: the platform takes no saved configuration");
		dev->status = FC_DEV_PARSE_ERROR;
	} else if (iv->config && read_and_parse(m, dev, cfg, inv->dir, iv->config, sc->command, sc->encoding, inv->path,
						iv->config_line, "config", err) != FC_OK)
		return err->rc;
	if (iv->intent && dev->status == FC_DEV_NODATA) {
		struct fc_parse_ctx ctx = { .m = m, .dev = dev, .file = inv->path, .err = &perr };

		if (v->intent(&ctx, inv->doc, iv->intent) != FC_OK)
			device_error(m, dev, &perr);
		else
			dev->status = FC_DEV_INTENT;
	}
	return FC_OK;
}

/* An output the manifest names, read and parsed once the manifest is checked whole. */
struct job {
	struct fc_device *dev;
	const char *cmd, *enc, *file;   /* in the manifest's document */
	unsigned line;
	unsigned rank;                  /* fc_adapter_rank: where the device reads it */
	bool live;                      /* collected from the running device: not transport none's
					 * saved configuration, copied as it was */
};

/* A device's outputs together, each device's in the order its adapter reads them (configuration
 * first), ties by file: the same order whatever order the manifest lists them in. */
static int by_device_rank(const void *pa, const void *pb)
{
	const struct job *a = pa, *b = pb;
	int c = strcmp(a->dev->name, b->dev->name);

	if (c)
		return c;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	return strcmp(a->file, b->file);
}

/* Phase 1: the manifest checked, its devices' errors and statuses set, their outputs listed. */
static enum fc_rc load_manifest(struct fc_model *m, struct doc *md, struct job **jobs, size_t *njobs,
				struct fc_err *err)
{
	const struct doc_node *devs = doc_get(md->root, "devices");
	size_t i, j, cap = 0;
	enum fc_rc rc;

	if ((rc = doc_expect(md, devs, DOC_SEQ, "devices", err)) != FC_OK)
		return rc;
	for (i = 0; i < devs->n; i++) {
		const struct doc_node *n = devs->items[i], *outs, *errs;
		const char *name, *status, *transport = NULL;
		struct fc_device *dev;

		if ((rc = doc_check_keys(md, n, mdev_keys, "manifest device", err)) != FC_OK ||
		    (rc = doc_opt_str(md, n, "transport", &transport, err)) != FC_OK ||
		    (rc = doc_req_str(md, n, "name", &name, err)) != FC_OK ||
		    (rc = doc_req_str(md, n, "status", &status, err)) != FC_OK)
			return rc;
		dev = fc_model_find_device(m, name);
		if (!dev)
			return fc_err_set(err, FC_ERR_INPUT, md->file, n->line,
					  "manifest names device '%s', which the inventory does not have", name);
		{
			const char *plat = NULL;

			if ((rc = doc_opt_str(md, n, "platform", &plat, err)) != FC_OK)
				return rc;
			if (plat && strcmp(plat, dev->platform))
				return fc_err_set(err, FC_ERR_INPUT, md->file, doc_key_line(n, "platform"),
						  "platform: '%s' differs from the inventory's '%s' for device '%s'", plat,
						  dev->platform, name);
		}
		if ((errs = doc_get(n, "errors"))) {
			if ((rc = doc_expect(md, errs, DOC_SEQ, "errors", err)) != FC_OK)
				return rc;
			for (j = 0; j < errs->n; j++) {
				const char *e;

				if ((rc = doc_as_str(md, errs->items[j], "errors", &e, err)) != FC_OK)
					return rc;
				fc_dev_add_error(m, dev, e);
			}
		}
		if ((errs = doc_get(n, "warnings"))) {
			if ((rc = doc_expect(md, errs, DOC_SEQ, "warnings", err)) != FC_OK)
				return rc;
			for (j = 0; j < errs->n; j++) {
				const char *w;

				if ((rc = doc_as_str(md, errs->items[j], "warnings", &w, err)) != FC_OK)
					return rc;
				fc_dev_add_warning(m, dev, w);
			}
		}
		if (strcmp(status, "ok") && strcmp(status, "failed") && strcmp(status, "partial"))
			return fc_err_set(err, FC_ERR_INPUT, md->file, doc_key_line(n, "status"),
					  "status: expected ok, partial or failed, found '%s'", status);
		outs = doc_get(n, "outputs");
		if (outs && (rc = doc_expect(md, outs, DOC_SEQ, "outputs", err)) != FC_OK)
			return rc;
		dev->status = !strcmp(status, "ok") ? FC_DEV_OK : FC_DEV_COLLECT_FAILED;
		for (j = 0; outs && j < outs->n; j++) {
			const struct doc_node *o = outs->items[j];
			const char *cmd, *enc, *file;

			if ((rc = doc_check_keys(md, o, mout_keys, "output", err)) != FC_OK ||
			    (rc = doc_req_str(md, o, "command", &cmd, err)) != FC_OK ||
			    (rc = doc_req_str(md, o, "encoding", &enc, err)) != FC_OK ||
			    (rc = doc_req_str(md, o, "file", &file, err)) != FC_OK)
				return rc;
			if (file[0] == '/')
				return fc_err_set(err, FC_ERR_INPUT, md->file, doc_key_line(o, "file"),
						  "file: '%s' must be a path inside the snapshot", file);
			if (m->counters_only && !fc_adapter_counter_output(fc_adapter_find(dev->platform), cmd)) {
				m->outputs_not_read++;
				continue;
			}
			if (!(*jobs = fc_grow(m->arena, *jobs, *njobs, &cap, sizeof(**jobs))))
				return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
			(*jobs)[(*njobs)++] = (struct job){ dev, cmd, enc, file, doc_key_line(o, "file"),
							    fc_adapter_rank(fc_adapter_find(dev->platform), cmd, enc),
							    !transport || strcmp(transport, "none") };
		}
	}
	if (*njobs > 1)
		qsort(*jobs, *njobs, sizeof(**jobs), by_device_rank);
	return FC_OK;
}

/* A device read: its adapter derives what its outputs give together (fc_adapter_finalize; one that
 * failed leaves what it gives unknown, the device's other outputs are still derived: its ports'
 * aliases, what LLDP on its neighbours names), then each port's QoS path is resolved for the
 * fabric's traffic classes (m->intent, set before), unless only counters are read (no rule of an
 * earlier snapshot reads a QoS path). No adapter reads another device, so devices finish apart. */
static enum fc_rc finish_device(struct fc_model *m, struct fc_device *d, struct fc_err *err)
{
	struct fc_err perr;
	enum fc_rc rc;

	fc_err_clear(&perr);
	if (d->status != FC_DEV_NODATA && fc_adapter_finalize(m, d, &perr) != FC_OK)
		device_error(m, d, &perr);
	if (!m->counters_only && d->status != FC_DEV_NODATA && (rc = fc_adapter_qos_path(m, d)) != FC_OK)
		return fc_err_set(err, rc, NULL, 0, "%s: out of memory resolving the QoS path", d->name);
	return FC_OK;
}

/* Phase 2: the outputs read and parsed, a device's in its adapter's order (by_device_rank: the
 * configuration, then state; never the manifest's), by two threads where there are two cores. A
 * device's outputs are parsed by one thread, into its device only; what its configuration gave is
 * kept and settled against its state once all are read (fc_adapter_config_settle), and the device
 * is finished (finish_device) by the same thread: what the adapter adds goes where the device's
 * tables are (an index grows from the arena it was made in). The second thread allocates from an
 * arena of its own (a copy of the model that differs only in that), which the model keeps. What
 * refuses the whole input is the first such output in that order, whichever thread met it: devices
 * are taken in order, so every output before it was parsed. */
struct parse_run {
	const struct fc_roots *snap;
	const char *dir, *mfile;
	const struct job *jobs;
	const size_t *group;   /* group[k]: the first job of the k-th device; group[ngroups] = njobs */
	size_t ngroups;
	atomic_size_t next;    /* the next group to claim */
	atomic_bool stop;      /* an output refused the input: claim no more */
};

struct parse_thread {
	struct parse_run *run;
	struct fc_model *m;    /* the model, or the second thread's copy of it */
	size_t bad;            /* the first job that refused the input; SIZE_MAX: none */
	struct fc_err err;
};

static void *parse_work(void *arg)
{
	struct parse_thread *t = arg;
	struct parse_run *r = t->run;
	size_t k, j;

	while (!atomic_load(&r->stop) && (k = atomic_fetch_add(&r->next, 1)) < r->ngroups) {
		struct fc_config_kept *kept = NULL;

		for (j = r->group[k]; j < r->group[k + 1]; j++) {
			const struct job *b = &r->jobs[j];

			if (b->live)   /* a snapshot's output collected from the running device; transport
					* none's is the saved configuration the inventory named, as validating
					* the inventory reads it */
				b->dev->live = true;
			if (read_and_parse(t->m, b->dev, r->snap, r->dir, b->file, b->cmd, b->enc, r->mfile, b->line,
					   "file", &t->err) != FC_OK)
				goto bad;
			/* the configuration read, state to come: keep what it gave to compare */
			if (b->rank == FC_RANK_CONFIG && j + 1 < r->group[k + 1] && b[1].rank != FC_RANK_CONFIG &&
			    fc_adapter_config_kept(b->dev, &kept) != FC_OK)
				goto nomem;
		}
		if (kept && fc_adapter_config_settle(t->m, r->jobs[r->group[k]].dev, &kept) != FC_OK)
			goto nomem;
		if (finish_device(t->m, r->jobs[r->group[k]].dev, &t->err) != FC_OK) {
			t->bad = r->group[k + 1] - 1;
			atomic_store(&r->stop, true);
			return NULL;
		}
		continue;
nomem:
		fc_err_set(&t->err, FC_ERR_NOMEM, NULL, 0, "out of memory");
bad:
		fc_adapter_config_settle(t->m, r->jobs[r->group[k]].dev, &kept);
		t->bad = j < r->group[k + 1] ? j : r->group[k + 1] - 1;
		atomic_store(&r->stop, true);
		return NULL;
	}
	return NULL;
}

static int cmp_ptr(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(const void *const *)a, y = (uintptr_t)*(const void *const *)b;

	return x < y ? -1 : x > y;
}

/* True when no device has outputs in two places of the manifest (then one thread takes each). */
static bool devices_once(const struct job *jobs, const size_t *group, size_t ngroups)
{
	const void **d = malloc(ngroups * sizeof(*d));
	size_t k;
	bool once = d != NULL;

	for (k = 0; once && k < ngroups; k++)
		d[k] = jobs[group[k]].dev;
	if (once)
		qsort(d, ngroups, sizeof(*d), cmp_ptr);
	for (k = 1; once && k < ngroups; k++)
		once = d[k] != d[k - 1];
	free(d);
	return once;
}

static enum fc_rc parse_outputs(struct fc_model *m, const char *dir, const struct fc_roots *snap, const char *mfile,
				const struct job *jobs, size_t njobs, struct fc_err *err)
{
	struct parse_run r = { snap, dir, mfile, jobs, NULL, 0, 0, false };
	struct parse_thread me = { &r, m, SIZE_MAX, { 0 } }, other = { &r, NULL, SIZE_MAX, { 0 } };
	struct fc_model copy;
	size_t *group, j;
	pthread_t t;
	bool threaded = false;

	if (!(group = malloc((njobs + 1) * sizeof(*group))))
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
	for (j = 0; j < njobs; j++)
		if (!j || jobs[j].dev != jobs[j - 1].dev)
			group[r.ngroups++] = j;
	group[r.ngroups] = njobs;
	r.group = group;
	fc_err_clear(&me.err);
	fc_err_clear(&other.err);
	if (r.ngroups > 1 && sysconf(_SC_NPROCESSORS_ONLN) > 1 && devices_once(jobs, group, r.ngroups)) {
		copy = *m;
		copy.src_last = NULL;
		copy.input_errors = 0;
		if ((copy.arena = fc_arena_new())) {
			other.m = &copy;
			threaded = pthread_create(&t, NULL, parse_work, &other) == 0;
			if (!threaded)
				fc_arena_free(&copy.arena);
		}
	}
	parse_work(&me);
	if (threaded) {
		pthread_join(t, NULL);
		m->input_errors += copy.input_errors;
		m->parse_arena = copy.arena;   /* what the second thread's devices hold */
	}
	free(group);
	if (me.bad == SIZE_MAX && other.bad == SIZE_MAX)
		return FC_OK;
	*err = me.bad < other.bad ? me.err : other.err;
	return err->rc;
}

void fc_model_intent_from_inventory(struct fc_model *m, const struct fc_inventory *inv)
{
	struct fc_src s = fc_src_make(m, inv->path, inv->intent_line);
	struct fc_intent *in = &m->intent;

	if (inv->profile)
		fc_set_str(m, &in->profile, inv->profile, fc_src_make(m, inv->path, inv->profile_line));
	else
		fc_set_unknown(&in->profile.m, "the inventory declares no fabric profile");
	if (inv->roce_prio >= 0)
		fc_set_int(&in->roce_prio, inv->roce_prio, s);
	if (inv->roce_dscp >= 0)
		fc_set_int(&in->roce_dscp, inv->roce_dscp, s);
	if (inv->cnp_dscp >= 0)
		fc_set_int(&in->cnp_dscp, inv->cnp_dscp, s);
	if (inv->mtu >= 0)
		fc_set_int(&in->mtu, inv->mtu, s);
}

/* The manifest and inventory of a snapshot, read inside it. */
static enum fc_rc read_snapshot_doc(const struct fc_roots *snap, const char *dir, const char *rel, const char *given_in,
				    unsigned given_line, struct fc_buf *b, char *path, size_t pathsz, struct fc_err *err)
{
	struct fc_err rerr;
	enum fc_rc rc;

	fc_err_clear(&rerr);
	fc_pathf(path, pathsz, "%s/%s", dir, rel);
	rc = fc_read_inside(snap, dir, rel, FC_MAX_INPUT_FILE, b, &rerr);
	if (rc == FC_OK)
		return FC_OK;
	if (given_in)
		return fc_err_set(err, rc == FC_ERR_IO ? FC_ERR_IO : FC_ERR_INPUT, given_in, given_line, "inventory: '%s' %s",
				  rel, rerr.msg);
	return fc_err_set(err, rc == FC_ERR_IO ? FC_ERR_IO : FC_ERR_INPUT, path, 0, "%s", rerr.msg);
}

enum fc_rc fc_fabric_load(const char *target, const struct fc_load_opts *o, struct fc_inventory **inv_out,
			  struct fc_model **model_out, struct fc_err *err)
{
	struct fc_inventory *inv = NULL;
	struct fc_model *m = NULL;
	struct doc *md = NULL;
	struct fc_roots snap, cfg;
	struct fc_buf b;
	char path[4096];
	const char *invfile;
	enum fc_rc rc;
	size_t i, njobs = 0;
	struct job *jobs = NULL;

	*inv_out = NULL;
	*model_out = NULL;
	fc_roots_init(&snap);
	fc_roots_init(&cfg);
	fc_buf_init(&b, 0);
	if (is_dir(target)) {
		const char *fmt;
		int64_t ver;

		if ((rc = fc_roots_add(&snap, target, "the snapshot", err)) != FC_OK ||
		    (rc = read_snapshot_doc(&snap, target, "manifest.json", NULL, 0, &b, path, sizeof(path), err)) != FC_OK ||
		    (rc = doc_parse_json(path, b.data, b.len, &md, err)) != FC_OK || (rc = doc_check_text(md, err)) != FC_OK)
			goto out;
		fc_buf_free(&b);
		if ((rc = doc_check_keys(md, md->root, manifest_keys, "manifest", err)) != FC_OK ||
		    (rc = doc_req_str(md, md->root, "format", &fmt, err)) != FC_OK)
			goto out;
		if (strcmp(fmt, FC_SNAPSHOT_FORMAT)) {
			rc = fc_err_set(err, FC_ERR_INPUT, path, doc_key_line(md->root, "format"),
					"format: expected '%s', found '%s'", FC_SNAPSHOT_FORMAT, fmt);
			goto out;
		}
		if ((rc = doc_opt_int(md, md->root, "format_version", 1, FC_SNAPSHOT_FORMAT_VERSION, &ver, NULL, err)) != FC_OK ||
		    (rc = doc_req_str(md, md->root, "inventory", &invfile, err)) != FC_OK ||
		    (rc = read_snapshot_doc(&snap, target, invfile, md->file, doc_key_line(md->root, "inventory"), &b, path,
					    sizeof(path), err)) != FC_OK ||
		    (rc = fc_inventory_parse(path, b.data, b.len, &inv, err)) != FC_OK ||
		    (rc = fc_roots_add(&cfg, target, "the snapshot", err)) != FC_OK)
			goto out;
	} else {
		if ((rc = fc_inventory_load(target, &inv, err)) != FC_OK ||
		    (rc = fc_roots_add(&cfg, inv->dir, "the inventory's directory", err)) != FC_OK)
			goto out;
	}
	for (i = 0; o && i < o->nallow; i++)
		if ((rc = fc_roots_add(&cfg, o->allow_outside[i], "--allow-outside", err)) != FC_OK ||
		    (rc = fc_roots_allow_links(&cfg, o->allow_outside[i], err)) != FC_OK ||
		    (is_dir(target) && (rc = fc_roots_allow_links(&snap, o->allow_outside[i], err)) != FC_OK))
			goto out;
	if (!(m = fc_model_new())) {
		rc = fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	m->base_dir = fc_strdup(m->arena, md ? target : inv->dir);
	m->counters_only = o && o->counters_only;
	fc_model_keep_counters(m, m->counters_only ? o->counters_kept : NULL);
	if ((rc = create_devices(m, inv, err)) != FC_OK)
		goto out;
	fc_model_intent_from_inventory(m, inv);   /* before any device's QoS path is resolved */
	if (md && ((rc = load_manifest(m, md, &jobs, &njobs, err)) != FC_OK ||
		   (rc = parse_outputs(m, target, &snap, md->file, jobs, njobs, err)) != FC_OK))
		goto out;
	if (md) {
		const char *created = NULL;
		int64_t t;

		if ((rc = doc_opt_str(md, md->root, "created", &created, err)) != FC_OK)
			goto out;
		if (created && !fc_parse_utc(created, &t)) {
			rc = fc_err_set(err, FC_ERR_INPUT, md->file, doc_key_line(md->root, "created"),
					"created: expected a UTC time YYYY-MM-DDTHH:MM:SSZ, found '%s'", created);
			goto out;
		}
		if (created)
			fc_set_int(&m->taken_at, t, fc_src_make(m, "manifest.json", doc_key_line(md->root, "created")));
		else
			fc_set_unknown(&m->taken_at.m, "the manifest has no created time");
	}
	/* the devices no output of a snapshot gave (every one, from an inventory): a saved configuration
	 * or intent the inventory names, if any; the others were finished as they were parsed (a device
	 * with an output in the manifest has left FC_DEV_NODATA, whether it parsed or not) */
	for (i = 0; i < m->ndevs; i++) {
		struct fc_device *d = m->devs[i];

		if (d->status != FC_DEV_NODATA)
			continue;
		if ((rc = load_from_inventory(m, inv, &cfg, d, err)) != FC_OK || (rc = finish_device(m, d, err)) != FC_OK)
			goto out;
		if (d->status == FC_DEV_NODATA)
			fc_dev_add_error(m, d, "no collected data, saved config or intent for this device");
	}
out:
	doc_free(&md);
	fc_buf_free(&b);
	fc_roots_free(&snap);
	fc_roots_free(&cfg);
	if (rc != FC_OK) {
		fc_model_free(&m);
		fc_inventory_free(&inv);
		return rc;
	}
	*inv_out = inv;
	*model_out = m;
	return FC_OK;
}

enum fc_rc fc_manifest_write(const char *dir, const char *inventory_file, const struct fc_snap_device *devs,
			     size_t n, struct fc_err *err)
{
	json_object *root = json_object_new_object(), *arr = json_object_new_array();
	char path[4096], now[32];
	time_t t = time(NULL);
	struct tm tm;
	const char *txt;
	size_t i, j;
	enum fc_rc rc;

	gmtime_r(&t, &tm);
	strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", &tm);
	json_object_object_add(root, "format", json_object_new_string(FC_SNAPSHOT_FORMAT));
	json_object_object_add(root, "format_version", json_object_new_int(FC_SNAPSHOT_FORMAT_VERSION));
	json_object_object_add(root, "created", json_object_new_string(now));
	json_object_object_add(root, "tool_version", json_object_new_string(FABCHECK_VERSION));
	json_object_object_add(root, "inventory", json_object_new_string(inventory_file));
	for (i = 0; i < n; i++) {
		json_object *d = json_object_new_object(), *errs = json_object_new_array(), *outs = json_object_new_array();
		json_object *warns = json_object_new_array();

		json_object_object_add(d, "name", json_object_new_string(devs[i].name));
		json_object_object_add(d, "platform", json_object_new_string(devs[i].platform));
		if (devs[i].transport)
			json_object_object_add(d, "transport", json_object_new_string(devs[i].transport));
		json_object_object_add(d, "status", json_object_new_string(devs[i].status));
		for (j = 0; j < devs[i].nerrors; j++)
			json_object_array_add(errs, json_object_new_string(devs[i].errors[j]));
		for (j = 0; j < devs[i].nwarnings; j++)
			json_object_array_add(warns, json_object_new_string(devs[i].warnings[j]));
		json_object_object_add(d, "warnings", warns);
		for (j = 0; j < devs[i].noutputs; j++) {
			json_object *o = json_object_new_object();

			json_object_object_add(o, "command", json_object_new_string(devs[i].outputs[j].command));
			json_object_object_add(o, "encoding", json_object_new_string(devs[i].outputs[j].encoding));
			json_object_object_add(o, "file", json_object_new_string(devs[i].outputs[j].file));
			json_object_array_add(outs, o);
		}
		json_object_object_add(d, "errors", errs);
		json_object_object_add(d, "outputs", outs);
		json_object_array_add(arr, d);
	}
	json_object_object_add(root, "devices", arr);
	txt = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
	snprintf(path, sizeof(path), "%s/manifest.json", dir);
	rc = fc_write_file_atomic(path, txt, strlen(txt), err);
	json_object_put(root);
	return rc;
}
