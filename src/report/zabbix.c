/* SPDX-License-Identifier: MIT */
/* Zabbix export (--format zabbix=FILE): one file a Zabbix agent serves through two UserParameters
 * (docs/monitoring.md). Each line is KEY, a tab, VALUE:
 *   discovery.links / discovery.devices / discovery.rules   low-level discovery JSON ({"data":[...]})
 *   link.compliant.LINK, link.fail.LINK, link.warn.LINK, link.unknown.LINK
 *   device.ok.DEVICE, device.fail.DEVICE, device.warn.DEVICE, device.unknown.DEVICE,
 *   device.not_understood.DEVICE (input lines no reader understood; device.ok is 0 with any)
 *   rule.pass.RULE, rule.fail.RULE, rule.warn.RULE, rule.unknown.RULE, rule.waived.RULE, rule.na.RULE
 *   run.exit_code, run.timestamp, run.pass, run.fail, run.warn, run.unknown, run.waived, run.na,
 *   run.devices, run.devices_incomplete, run.not_understood
 * LINK is "DEV:PORT--DEV:PORT" and DEVICE a device name, each with every character Zabbix refuses in
 * a user parameter (with UnsafeUserParameters=0) or that is not [A-Za-z0-9:/._-] written as '_',
 * made unique with a suffix; the discovery carries the real names ({#NAME}, {#DEVICE}, ...) as JSON
 * strings (json-c escapes them). */
#include <json-c/json.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report/report.h"
#include "util/hmap.h"

enum { C_PASS, C_FAIL, C_WARN, C_UNKNOWN, C_WAIVED, C_NA, C_N };
static const char *const cname[C_N] = { "pass", "fail", "warn", "unknown", "waived", "na" };

struct zbx {
	FILE *out;
	const struct fc_report_run *run;
	const struct fc_rule *const *rules;
	size_t nrules;
	size_t (*by_rule)[C_N];
	size_t (*by_link)[C_N];
	size_t (*by_dev)[C_N];
	struct fc_arena *a;
	struct fc_hmap *dev_idx, *keys, *next;   /* next: a key's base -> its last suffix */
	const char **link_key, **dev_key;
	bool err;
};

static int cat(const struct fc_finding *f)
{
	if (f->waived)
		return C_WAIVED;
	return f->status == FC_PASS ? C_PASS : f->status == FC_FAIL ? C_FAIL : f->status == FC_WARN ? C_WARN
	       : f->status == FC_NA ? C_NA : C_UNKNOWN;
}

/* s with every character outside [A-Za-z0-9:/._-] as '_', cut to KEY_BASE bytes, unique among the
 * keys made so far: a base met before takes the next suffix after the last one it was given
 * (z->next), so names that sanitise alike cost one lookup each, not one per earlier twin, and the
 * suffix always has room. */
#define KEY_BASE 480
static const char *key(struct zbx *z, const char *s)
{
	char buf[KEY_BASE + 24], *k;
	size_t n, i;
	int failed = 0;

	snprintf(buf, KEY_BASE + 1, "%s", s);
	for (i = 0; buf[i]; i++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:/._-", buf[i]))
			buf[i] = '_';
	n = strlen(buf);
	if (fc_hmap_get(z->keys, buf, n)) {
		unsigned long *last = fc_hmap_get(z->next, buf, n);   /* the base's last suffix, in z->a */

		if (!last) {
			if (!(last = fc_alloc(z->a, sizeof(*last))))
				return NULL;
			*last = 1;
			fc_hmap_put(z->next, buf, n, last, &failed);
		}
		do
			snprintf(buf + n, sizeof(buf) - n, "_%lu", ++*last);
		while (fc_hmap_get(z->keys, buf, strlen(buf)));
	}
	if (failed || !(k = fc_strdup(z->a, buf)))
		return NULL;
	fc_hmap_put(z->keys, k, strlen(k), k, &failed);
	return failed ? NULL : k;
}

static void zbx_free(struct zbx *z)
{
	free(z->by_rule);
	free(z->by_link);
	free(z->by_dev);
	free(z->link_key);
	free(z->dev_key);
	fc_arena_free(&z->a);
	free(z);
}

static enum fc_rc zbx_begin(FILE *out, const struct fc_report_run *run, void **st)
{
	struct zbx *z = calloc(1, sizeof(*z));
	const struct fc_model *m = run->m;
	char name[600];
	size_t i;
	int failed = 0;

	if (!z)
		return FC_ERR_NOMEM;
	*st = z;
	z->out = out;
	z->run = run;
	z->rules = fc_policy_rules(run->policy);
	while (z->rules[z->nrules])
		z->nrules++;
	z->by_rule = calloc(z->nrules + 1, sizeof(*z->by_rule));
	z->by_link = calloc(m->nlinks + 1, sizeof(*z->by_link));
	z->by_dev = calloc(m->ndevs + 1, sizeof(*z->by_dev));
	z->link_key = calloc(m->nlinks + 1, sizeof(*z->link_key));
	z->dev_key = calloc(m->ndevs + 1, sizeof(*z->dev_key));
	if (!z->by_rule || !z->by_link || !z->by_dev || !z->link_key || !z->dev_key || !(z->a = fc_arena_new()) ||
	    !(z->dev_idx = fc_hmap_new(z->a, m->ndevs + 1)) || !(z->keys = fc_hmap_new(z->a, m->ndevs + m->nlinks + 1)) ||
	    !(z->next = fc_hmap_new(z->a, 64)))
		failed = 1;
	for (i = 0; i < m->ndevs && !failed; i++) {
		fc_hmap_put(z->dev_idx, &m->devs[i], sizeof(m->devs[i]), (void *)(uintptr_t)(i + 1), &failed);
		failed |= !(z->dev_key[i] = key(z, m->devs[i]->name));
	}
	for (i = 0; i < m->nlinks && !failed; i++) {
		const struct fc_link *l = &m->links[i];

		snprintf(name, sizeof(name), "%s:%s--%s:%s", l->a.dev_name, l->a.if_name, l->b.dev_name, l->b.if_name);
		failed |= !(z->link_key[i] = key(z, name));
	}
	if (failed) {
		zbx_free(z);
		*st = NULL;
		return FC_ERR_NOMEM;
	}
	return FC_OK;
}

static enum fc_rc zbx_device(void *st, const struct fc_device *d)
{
	(void)st;
	(void)d;
	return FC_OK;
}

static void count_dev(struct zbx *z, const struct fc_device *d, int c)
{
	void *v = d ? fc_hmap_get(z->dev_idx, &d, sizeof(d)) : NULL;

	if (v)
		z->by_dev[(uintptr_t)v - 1][c]++;
}

static enum fc_rc zbx_finding(void *st, const struct fc_finding *f)
{
	struct zbx *z = st;
	const struct fc_model *m = z->run->m;
	int c = cat(f);
	size_t r;

	for (r = 0; r < z->nrules && z->rules[r] != f->rule; r++)
		;
	z->by_rule[r][c]++;
	if (f->link && f->link >= m->links && f->link < m->links + m->nlinks) {
		z->by_link[f->link - m->links][c]++;
		count_dev(z, f->link->a.dev, c);
		if (f->link->b.dev != f->link->a.dev)
			count_dev(z, f->link->b.dev, c);
	} else if (f->dev)
		count_dev(z, f->dev, c);
	return FC_OK;
}

static void line(struct zbx *z, const char *k1, const char *k2, long long v)
{
	if (fprintf(z->out, "%s%s%s\t%lld\n", k1, k2 ? "." : "", k2 ? k2 : "", v) < 0)
		z->err = true;
}

static void add_str(json_object *o, const char *k, const char *v)
{
	json_object_object_add(o, k, json_object_new_string(v ? v : ""));
}

static void discovery(struct zbx *z, const char *what, json_object *data)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "data", data);
	/* one line: json-c escapes control characters, so no tab or newline can end the value */
	if (fprintf(z->out, "discovery.%s\t%s\n", what, json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
										  JSON_C_TO_STRING_NOSLASHESCAPE)) < 0)
		z->err = true;
	json_object_put(o);
}

static void emit(struct zbx *z, const struct fc_summary *s)
{
	const struct fc_model *m = z->run->m;
	json_object *links = json_object_new_array(), *devs = json_object_new_array(), *rules = json_object_new_array();
	char name[600];
	size_t i;
	int c;

	for (i = 0; i < m->nlinks; i++) {
		const struct fc_link *l = &m->links[i];
		json_object *o = json_object_new_object();

		snprintf(name, sizeof(name), "%s:%s <-> %s:%s", l->a.dev_name, l->a.if_name, l->b.dev_name, l->b.if_name);
		add_str(o, "{#LINK}", z->link_key[i]);
		add_str(o, "{#NAME}", name);
		add_str(o, "{#DEVICE}", l->a.dev_name);
		add_str(o, "{#PORT}", l->a.if_name);
		add_str(o, "{#PEER_DEVICE}", l->b.dev_name);
		add_str(o, "{#PEER_PORT}", l->b.if_name);
		json_object_array_add(links, o);
	}
	for (i = 0; i < m->ndevs; i++) {
		json_object *o = json_object_new_object();

		add_str(o, "{#DEVKEY}", z->dev_key[i]);
		add_str(o, "{#DEVICE}", m->devs[i]->name);
		add_str(o, "{#KIND}", m->devs[i]->kind == FC_DEV_HOST ? "host" : "switch");
		add_str(o, "{#PLATFORM}", m->devs[i]->platform);
		json_object_array_add(devs, o);
	}
	for (i = 0; i < z->nrules; i++) {
		json_object *o;

		if (!fc_policy_enabled(z->run->policy, z->rules[i]))
			continue;
		o = json_object_new_object();
		add_str(o, "{#RULE}", z->rules[i]->id);
		add_str(o, "{#TITLE}", fc_rule_title(z->run->docs, z->rules[i]));
		add_str(o, "{#SEVERITY}", fc_sev_name(fc_policy_severity(z->run->policy, z->rules[i])));
		json_object_array_add(rules, o);
	}
	discovery(z, "links", links);
	discovery(z, "devices", devs);
	discovery(z, "rules", rules);
	for (i = 0; i < m->nlinks; i++) {
		const size_t *n = z->by_link[i];

		line(z, "link.compliant", z->link_key[i], !n[C_FAIL]);
		for (c = C_FAIL; c <= C_UNKNOWN; c++) {
			snprintf(name, sizeof(name), "link.%s", cname[c]);
			line(z, name, z->link_key[i], (long long)n[c]);
		}
	}
	for (i = 0; i < m->ndevs; i++) {
		const struct fc_device *d = m->devs[i];

		line(z, "device.ok", z->dev_key[i], (d->status == FC_DEV_OK || d->status == FC_DEV_INTENT) && !d->nunparsed);
		line(z, "device.not_understood", z->dev_key[i], (long long)d->nunparsed);
		for (c = C_FAIL; c <= C_UNKNOWN; c++) {
			snprintf(name, sizeof(name), "device.%s", cname[c]);
			line(z, name, z->dev_key[i], (long long)z->by_dev[i][c]);
		}
	}
	for (i = 0; i < z->nrules; i++) {
		if (!fc_policy_enabled(z->run->policy, z->rules[i]))
			continue;
		for (c = 0; c < C_N; c++) {
			snprintf(name, sizeof(name), "rule.%s", cname[c]);
			line(z, name, z->rules[i]->id, (long long)z->by_rule[i][c]);
		}
	}
	line(z, "run.exit_code", NULL, s->exit_code);
	line(z, "run.timestamp", NULL, (long long)time(NULL));
	line(z, "run.pass", NULL, (long long)s->pass);
	line(z, "run.fail", NULL, (long long)s->fail);
	line(z, "run.warn", NULL, (long long)s->warn);
	line(z, "run.unknown", NULL, (long long)s->unknown);
	line(z, "run.waived", NULL, (long long)s->waived);
	line(z, "run.na", NULL, (long long)s->na);
	line(z, "run.devices", NULL, (long long)s->devices);
	line(z, "run.devices_incomplete", NULL, (long long)s->devices_incomplete);
	line(z, "run.not_understood", NULL, (long long)s->not_understood);
}

static enum fc_rc zbx_end(void *st, const struct fc_summary *s)
{
	struct zbx *z = st;
	enum fc_rc rc;

	emit(z, s);
	rc = z->err ? FC_ERR_IO : FC_OK;
	zbx_free(z);
	return rc;
}

const struct fc_reporter fc_reporter_zabbix = {
	.name = "zabbix",
	.desc = "Zabbix: low-level discovery of links, devices and rules and their values, one file for two UserParameters",
	.begin = zbx_begin,
	.device = zbx_device,
	.finding = zbx_finding,
	.end = zbx_end,
};
