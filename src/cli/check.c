/* SPDX-License-Identifier: MIT */
/* fabcheck probe --check (check.h): this host probed and judged on what needs only itself and the
 * fabric's declared intent, for a scheduler's node health check. The probe's document goes
 * through the Linux adapter into a model of one host, as validate reads it; the rules run on it
 * (those about this host alone: PCIe, RoCE mode and GIDs, DCQCN, the DSCP map, MTU, pause-storm
 * prevention, firewall, memlock, ASPM, DOM; the fleet rules within the host: duplicate GIDs,
 * firmware, MTU), and beside them what a link rule would compare with the switch end, compared
 * with the intent instead: PFC on the RoCE priority alone (PFC-PRIO-MATCH), DSCP trust
 * (PFC-TRUST), a receive buffer for the RoCE priority (HR-SIZE), the netdev MTU (MTU-HOST-SWITCH).
 * Rules that need two snapshots (counters over time) are not run. Exit codes follow
 * node-problem-detector's plugin convention: 0 healthy, 1 a problem, 2 unknown (and usage). */
#include "cli/check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adapter/adapter.h"
#include "cli/cli.h"
#include "doc/doc.h"
#include "engine/engine.h"
#include "inventory/inventory.h"
#include "probe/probe.h"
#include "util/jw.h"
#include "rules/rules.h"
#include "snapshot/snapshot.h"
#include "topology/topology.h"
#include "util/str.h"

#define REASON_MAX 256   /* a Slurm drain reason, a node condition's message */

/* One judgement: a finding of a rule, or an intent check. */
struct verdict {
	const char *rule, *subject, *message;
	enum fc_status status;
	struct fc_src src;
};

struct check {
	struct fc_model *m;
	struct fc_device *host;
	struct verdict *v;
	size_t n, cap;
	bool oom;
};

static void add(struct check *k, const char *rule, const char *subject, enum fc_status st, struct fc_src src,
		const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static void add(struct check *k, const char *rule, const char *subject, enum fc_status st, struct fc_src src,
		const char *fmt, ...)
{
	va_list ap;
	char *buf = NULL, *msg;
	int n;

	if (k->n == k->cap) {
		size_t cap = k->cap ? 2 * k->cap : 64;
		struct verdict *v = realloc(k->v, cap * sizeof(*v));

		if (!v) {
			k->oom = true;
			return;
		}
		k->v = v;
		k->cap = cap;
	}
	va_start(ap, fmt);
	n = vasprintf(&buf, fmt, ap);
	va_end(ap);
	msg = n < 0 ? NULL : fc_strdup(k->m->arena, buf);
	free(buf);
	if (!msg) {
		k->oom = true;
		return;
	}
	k->v[k->n++] = (struct verdict){ rule, subject, msg, st, src };
}

/* A check in a rule's name runs where the policy runs the rule (a profile without PFC turns
 * PFC-PRIO-MATCH and HR-SIZE off; a user policy may turn any off). */
static bool on(const struct fc_policy *pol, const char *id)
{
	const struct fc_rule *r = fc_rule_find(id);

	return r && fc_policy_enabled(pol, r);
}

/* What a link rule compares with the switch end, compared with the fabric's intent. */
static void intent_checks(struct check *k, const struct fc_policy *pol)
{
	const struct fc_intent *in = &k->m->intent;
	const struct fc_device *d = k->host;
	size_t i;

	for (i = 0; i < d->nifaces; i++) {
		const struct fc_iface *ifc = d->ifaces[i];
		const char *subj;
		struct fc_src none = { 0 };

		if (!fc_roce_port(d, ifc, NULL))
			continue;
		subj = fc_sprintf(k->m->arena, "%s:%s", d->name, ifc->name);
		/* PFC on the RoCE priority alone, as the fabric pauses it */
		if (!on(pol, "PFC-PRIO-MATCH"))
			;
		else if (!in->roce_prio.m.known)
			add(k, "PFC-PRIO-MATCH", subj, FC_UNKNOWN, none, "%s: the fabric's RoCE priority is not declared "
				"(fabric.roce.priority)", ifc->name);
		else if (!ifc->pfc_prios.m.known)
			add(k, "PFC-PRIO-MATCH", subj, FC_UNKNOWN, none, "%s: PFC priorities not known: %s", ifc->name,
			    fc_why(&ifc->pfc_prios.m));
		else {
			int64_t have = ifc->pfc_prios.v;
			char prios[32] = "";
			size_t n = 0;
			int p;

			for (p = 0; p < 8; p++)
				if ((have >> p) & 1)
					n += (size_t)snprintf(prios + n, sizeof(prios) - n, "%s%d", n ? "," : "", p);
			if (have == (int64_t)1 << in->roce_prio.v)
				add(k, "PFC-PRIO-MATCH", subj, FC_PASS, ifc->pfc_prios.m.src, "%s PFC on %s, as the fabric pauses",
				    ifc->name, prios);
			else
				add(k, "PFC-PRIO-MATCH", subj, FC_FAIL, ifc->pfc_prios.m.src, "%s PFC on %s, fabric pauses %lld",
				    ifc->name, n ? prios : "none", (long long)in->roce_prio.v);
		}
		/* RoCE classified by DSCP: a NIC trusting PCP marks by a priority the routed fabric loses */
		if (!on(pol, "PFC-TRUST"))
			;
		else if (!ifc->trust.m.known)
			add(k, "PFC-TRUST", subj, FC_UNKNOWN, none, "%s: trust mode not known: %s", ifc->name,
			    fc_why(&ifc->trust.m));
		else if (ifc->trust.v != FC_TRUST_DSCP)
			add(k, "PFC-TRUST", subj, FC_FAIL, ifc->trust.m.src, "%s trusts %s, the fabric classifies by DSCP",
			    ifc->name, fc_trust_name(ifc->trust.v));
		else
			add(k, "PFC-TRUST", subj, FC_PASS, ifc->trust.m.src, "%s trusts DSCP", ifc->name);
		/* a receive buffer for the RoCE priority: without one its pause threshold is the port's
		 * shared buffer (its size against the cable is HR-SIZE's, in validate) */
		if (in->roce_prio.m.known && on(pol, "HR-SIZE")) {
			struct fc_pg tmp;
			const struct fc_pg *pg = fc_iface_pg(ifc, (int)in->roce_prio.v, &tmp);

			if (pg->size.m.known && pg->size.v == 0)
				add(k, "HR-SIZE", subj, FC_FAIL, pg->size.m.src, "%s has no receive buffer for priority %lld",
				    ifc->name, (long long)in->roce_prio.v);
			else if (pg->size.m.known)
				add(k, "HR-SIZE", subj, FC_PASS, pg->size.m.src, "%s receive buffer for priority %lld: %lld bytes",
				    ifc->name, (long long)in->roce_prio.v, (long long)pg->size.v);
		}
		/* the netdev MTU the fabric is built for */
		if (in->mtu.m.known && ifc->mtu.m.known && on(pol, "MTU-HOST-SWITCH")) {
			if (ifc->mtu.v != in->mtu.v)
				add(k, "MTU-HOST-SWITCH", subj, FC_FAIL, ifc->mtu.m.src, "%s MTU %lld, the fabric's is %lld",
				    ifc->name, (long long)ifc->mtu.v, (long long)in->mtu.v);
			else
				add(k, "MTU-HOST-SWITCH", subj, FC_PASS, ifc->mtu.m.src, "%s MTU %lld", ifc->name,
				    (long long)ifc->mtu.v);
		}
	}
}

/* What the inventory declares for this host itself (its `intent:`, a host document: docs/inventory.md),
 * against what the probe read, port by port: speed, lanes and link mode (L1-SPEED-MATCH), FEC
 * (FEC-MATCH). A host the inventory does not declare has nothing here. */
static enum fc_rc declared_checks(struct check *k, const struct fc_policy *pol, const struct fc_inventory *inv,
				  const char *name, struct fc_err *err)
{
	const struct fc_inv_device *iv = fc_inventory_device(inv, name);
	const struct fc_adapter *v = fc_adapter_find("linux");
	struct fc_model *im;
	struct fc_device *id;
	struct fc_parse_ctx ctx;
	enum fc_rc rc;
	size_t i;

	if (!iv || !iv->intent || !v)
		return FC_OK;
	if (!(im = fc_model_new()))
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
	if ((rc = fc_model_add_device(im, iv->name, FC_DEV_HOST, &id, err)) != FC_OK)
		goto out;
	ctx = (struct fc_parse_ctx){ .m = im, .dev = id, .file = inv->path, .err = err };
	if ((rc = v->intent(&ctx, inv->doc, iv->intent)) != FC_OK)
		goto out;
	for (i = 0; i < id->nifaces; i++) {
		const struct fc_iface *want = id->ifaces[i], *have = fc_dev_find_iface(k->host, want->name);
		const char *subj = fc_sprintf(k->m->arena, "%s:%s", k->host->name, want->name);
		struct fc_src none = { 0 };
		/* the inventory's strings live in its document: the model's arena keeps what outlives it */
		struct fc_src at = { fc_strdup(k->m->arena, inv->path), want->speed_mbps.m.src.line };

		if (!have) {
			add(k, "L1-SPEED-MATCH", subj, FC_FAIL, at, "%s is declared in the inventory but the probe found no such "
				"interface", want->name);
			continue;
		}
		if (want->speed_mbps.m.known && on(pol, "L1-SPEED-MATCH")) {
			if (!have->speed_mbps.m.known)
				add(k, "L1-SPEED-MATCH", subj, FC_UNKNOWN, none, "%s speed not known: %s", want->name,
				    fc_why(&have->speed_mbps.m));
			else if (have->speed_mbps.v != want->speed_mbps.v ||
				 (want->lanes.m.known && have->lanes.m.known && want->lanes.v != have->lanes.v))
				add(k, "L1-SPEED-MATCH", subj, FC_FAIL, have->speed_mbps.m.src, "%s runs %lld Mb/s%s, declared %lld Mb/s%s",
				    want->name, (long long)have->speed_mbps.v,
				    have->lanes.m.known ? fc_sprintf(k->m->arena, " x%lld", (long long)have->lanes.v) : "",
				    (long long)want->speed_mbps.v,
				    want->lanes.m.known ? fc_sprintf(k->m->arena, " x%lld", (long long)want->lanes.v) : "");
			else if (want->link_mode.m.known && have->link_mode.m.known && strcmp(want->link_mode.v, have->link_mode.v))
				add(k, "L1-SPEED-MATCH", subj, FC_FAIL, have->link_mode.m.src, "%s link mode %s, declared %s",
				    want->name, have->link_mode.v, want->link_mode.v);
			else
				add(k, "L1-SPEED-MATCH", subj, FC_PASS, have->speed_mbps.m.src, "%s runs %lld Mb/s as declared",
				    want->name, (long long)have->speed_mbps.v);
		}
		if (want->fec_config.m.known && want->fec_config.v != FC_FEC_AUTO && on(pol, "FEC-MATCH")) {
			if (!have->fec_active.m.known)
				add(k, "FEC-MATCH", subj, FC_UNKNOWN, none, "%s FEC in use not known: %s", want->name,
				    fc_why(&have->fec_active.m));
			else if (have->fec_active.v != want->fec_config.v)
				add(k, "FEC-MATCH", subj, FC_FAIL, have->fec_active.m.src, "%s FEC %s, declared %s", want->name,
				    fc_fec_name(have->fec_active.v), fc_fec_name(want->fec_config.v));
			else
				add(k, "FEC-MATCH", subj, FC_PASS, have->fec_active.m.src, "%s FEC %s as declared", want->name,
				    fc_fec_name(have->fec_active.v));
		}
	}
out:
	fc_model_free(&im);
	return rc;
}

/* The rules' findings about this host; those that need two snapshots are not run. */
static enum fc_rc rule_checks(struct check *k, const struct fc_policy *pol, struct fc_err *err)
{
	struct fc_engine eng;
	struct fc_engine_opts eo = { 0 };
	enum fc_rc rc;
	size_t i;

	memset(&eng, 0, sizeof(eng));
	if ((rc = fc_engine_run(&eng, k->m, pol, &eo, err)) != FC_OK) {
		fc_engine_free(&eng);
		return rc;
	}
	for (i = 0; i < eng.n; i++) {
		const struct fc_finding *f = eng.findings[i];
		struct fc_src src = { 0 };
		uint32_t e;

		if (f->rule->over_time || f->status == FC_NA)
			continue;
		for (e = 0; e < f->nev; e++)
			if (f->ev[e].src.file) {
				src = f->ev[e].src;
				break;
			}
		/* the strings live in the engine's arena: copied into the model's, which outlives it */
		add(k, f->rule->id, fc_strdup(k->m->arena, f->subject), f->waived ? FC_PASS : f->status, src, "%s",
		    f->message);
	}
	fc_engine_free(&eng);
	return k->oom ? FC_ERR_NOMEM : FC_OK;
}

/* The reason line: "fabcheck: " and what is wrong, at most REASON_MAX bytes in all. */
static void reason(const struct check *k, enum fc_status worst, char *buf)
{
	size_t n = (size_t)snprintf(buf, REASON_MAX + 1, "fabcheck: ");
	size_t i, np = 0, total = 0;

	for (i = 0; i < k->n; i++)
		total += k->v[i].status == worst;
	if (worst == FC_PASS) {
		snprintf(buf + n, REASON_MAX + 1 - n, "%s healthy: %zu checks passed", k->host->name, total);
		return;
	}
	for (i = 0; i < k->n && n < REASON_MAX; i++) {
		const struct verdict *v = &k->v[i];
		int w;

		if (v->status != worst)
			continue;
		/* "ens2f0: <what>": the port without the host's name, the message without its consequence
		 * (rules say "<what>: <why it matters>"), so that several fit a drain reason */
		{
			size_t hl = strlen(k->host->name);
			const char *sub = !strncmp(v->subject, k->host->name, hl) && v->subject[hl] == ':' ? v->subject + hl + 1
										     : v->subject;
			const char *cut = strstr(v->message, ": ");
			int ml = cut ? (int)(cut - v->message) : (int)strlen(v->message);

			if (!strncmp(v->message, sub, strlen(sub)))
				sub = "";   /* the message names the port itself */
			w = snprintf(buf + n, REASON_MAX + 1 - n, "%s%s%s%.*s", np ? "; " : worst == FC_UNKNOWN ? "unknown: " : "",
				     sub, *sub ? ": " : "", ml, v->message);
		}
		np++;
		if (w < 0 || n + (size_t)w > REASON_MAX) {   /* cut, and say how many more */
			char more[40];
			size_t m = (size_t)snprintf(more, sizeof(more), "... (%zu in all)", total);

			size_t cut = REASON_MAX - m;

			while (cut > 0 && ((unsigned char)buf[cut] & 0xC0) == 0x80)
				cut--;   /* not inside a UTF-8 sequence */
			memcpy(buf + cut, more, m + 1);
			return;
		}
		n += (size_t)w;
	}
}

static enum fc_status worst_of(const struct check *k)
{
	enum fc_status w = FC_PASS;
	size_t i;

	for (i = 0; i < k->n; i++)
		if (k->v[i].status == FC_FAIL)
			return FC_FAIL;
		else if (k->v[i].status == FC_UNKNOWN)
			w = FC_UNKNOWN;
	return w;
}

static const char *status_word(enum fc_status s)
{
	return s == FC_FAIL ? "FAIL" : s == FC_WARN ? "WARN" : s == FC_UNKNOWN ? "UNKNOWN" : "PASS";
}

static void write_text(FILE *out, const struct check *k, const char *why)
{
	size_t i;

	fprintf(out, "%s\n", why);
	for (i = 0; i < k->n; i++) {
		const struct verdict *v = &k->v[i];
		char where[600];

		if (v->status == FC_PASS)
			continue;
		fc_src_str(&v->src, where, sizeof(where));
		fprintf(out, "%-7s %-18s %s: %s%s%s\n", status_word(v->status), v->rule, v->subject, v->message,
			where[0] ? "  " : "", where);
	}
}

static void write_json(FILE *out, const struct check *k, const char *why, enum fc_status worst)
{
	size_t i;

	fprintf(out, "{\"format\":\"fabcheck-check\",\"format_version\":1,\"host\":");
	fc_jw_str(out, k->host->name);
	fprintf(out, ",\"status\":\"%s\",\"reason\":", worst == FC_FAIL ? "problem" : worst == FC_UNKNOWN ? "unknown" : "ok");
	fc_jw_str(out, why);
	fprintf(out, ",\"checks\":[");
	for (i = 0; i < k->n; i++) {
		const struct verdict *v = &k->v[i];

		fprintf(out, "%s\n  {\"rule\":", i ? "," : "");
		fc_jw_str(out, v->rule);
		fprintf(out, ",\"subject\":");
		fc_jw_str(out, v->subject);
		fprintf(out, ",\"status\":\"%s\",\"message\":", fc_status_name(v->status));
		fc_jw_str(out, v->message);
		if (v->src.file) {
			fprintf(out, ",\"source\":{\"file\":");
			fc_jw_str(out, v->src.file);
			fprintf(out, ",\"line\":%u}", v->src.line);
		}
		fputc('}', out);
	}
	fprintf(out, "\n]}\n");
}

/* node_exporter's textfile collector: the node's state and the checks by rule and status. */
static void write_prometheus(FILE *out, const struct check *k, enum fc_status worst)
{
	static const enum fc_status sts[] = { FC_PASS, FC_FAIL, FC_WARN, FC_UNKNOWN };
	size_t i, s;

	fprintf(out, "# HELP fabcheck_node_healthy 1 when fabcheck probe --check finds no problem on this node\n"
		     "# TYPE fabcheck_node_healthy gauge\nfabcheck_node_healthy %d\n"
		     "# HELP fabcheck_node_check_status 0 healthy, 1 a problem, 2 unknown (the exit code)\n"
		     "# TYPE fabcheck_node_check_status gauge\nfabcheck_node_check_status %d\n"
		     "# HELP fabcheck_node_checks checks of fabcheck probe --check by rule and status\n"
		     "# TYPE fabcheck_node_checks gauge\n",
		worst == FC_PASS, worst == FC_FAIL ? 1 : worst == FC_UNKNOWN ? 2 : 0);
	for (i = 0; i < k->n; i++) {
		size_t j;
		bool seen = false;

		for (j = 0; j < i && !seen; j++)
			seen = !strcmp(k->v[j].rule, k->v[i].rule);
		if (seen)
			continue;
		for (s = 0; s < sizeof(sts) / sizeof(sts[0]); s++) {
			size_t c = 0;

			for (j = i; j < k->n; j++)
				c += !strcmp(k->v[j].rule, k->v[i].rule) && k->v[j].status == sts[s];
			fprintf(out, "fabcheck_node_checks{rule=\"%s\",status=\"%s\"} %zu\n", k->v[i].rule,
				fc_status_name(sts[s]), c);
		}
	}
}

static const char *hostname_of(const char *json, size_t len, struct fc_arena *a)
{
	struct doc *d = NULL;
	struct fc_err err;
	const struct doc_node *h;
	const char *name = NULL;
	char buf[256];

	fc_err_clear(&err);
	if (doc_parse_json("probe", json, len, &d, &err) == FC_OK && d->root->type == DOC_MAP &&
	    (h = doc_get(d->root, "hostname")) && h->type == DOC_STR && h->str && *h->str)
		name = fc_strdup(a, h->str);
	doc_free(&d);
	if (!name && gethostname(buf, sizeof(buf)) == 0) {
		buf[sizeof(buf) - 1] = '\0';
		name = fc_strdup(a, buf);
	}
	return name ? name : "localhost";
}

int fc_probe_check(const struct fc_check_opts *o, FILE *out, FILE *errf)
{
	struct check k = { 0 };
	struct fc_inventory *inv = NULL;
	struct fc_policy *pol = NULL;
	const struct fc_adapter *linux_v = fc_adapter_find("linux");
	struct fc_err err;
	char *json = NULL, why[REASON_MAX + 1];
	bool usable = false;
	enum fc_status worst;
	enum fc_rc rc;
	int code = 2;

	fc_err_clear(&err);
	if ((rc = (o->intent_only ? fc_intent_load : fc_inventory_load)(o->inventory, &inv, &err)) != FC_OK)
		goto fail;
	if ((rc = fc_probe_run(o->probe, &json, &usable, &err)) != FC_OK)
		goto fail;
	if (!(k.m = fc_model_new()) || !linux_v) {
		rc = fc_err_set(&err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		goto fail;
	}
	if ((rc = fc_model_add_device(k.m, hostname_of(json, strlen(json), k.m->arena), FC_DEV_HOST, &k.host, &err)) != FC_OK)
		goto fail;
	k.host->platform = linux_v->platform;
	k.host->caps = linux_v->caps;
	k.host->live = true;   /* read from the running host, now */
	if ((rc = fc_adapter_parse(k.m, k.host, linux_v, "probe", json, strlen(json), "fabcheck probe", "json", &err)) != FC_OK ||
	    (rc = fc_adapter_finalize(k.m, k.host, &err)) != FC_OK)
		goto fail;
	k.host->status = FC_DEV_OK;
	fc_model_intent_from_inventory(k.m, inv);
	if ((rc = fc_policy_load(o->rules_dir, inv->profile, NULL, fc_rule_list(), &pol, &err)) != FC_OK ||
	    (rc = rule_checks(&k, pol, &err)) != FC_OK)
		goto fail;
	intent_checks(&k, pol);
	if ((rc = declared_checks(&k, pol, inv, o->device ? o->device : k.host->name, &err)) != FC_OK)
		goto fail;
	if (k.oom) {
		rc = fc_err_set(&err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		goto fail;
	}
	if (!usable)
		add(&k, "PROBE", k.host->name, FC_UNKNOWN, (struct fc_src){ 0 }, "the probe read nothing usable");
	worst = worst_of(&k);
	reason(&k, worst, why);
	if (!o->format || !strcmp(o->format, "text"))
		write_text(out, &k, why);
	else if (!strcmp(o->format, "json"))
		write_json(out, &k, why, worst);
	else
		write_prometheus(out, &k, worst);
	code = worst == FC_FAIL ? 1 : worst == FC_UNKNOWN ? 2 : 0;
	goto done;
fail:
	{
		char buf[1024];

		/* the first line is still the reason: a drain reason or a node condition */
		fprintf(out, "fabcheck: unknown: %.*s\n", REASON_MAX - 19, fc_err_str(&err, buf, sizeof(buf)));
		fprintf(errf, "fabcheck: %s\n", fc_err_str(&err, buf, sizeof(buf)));
	}
done:
	free(json);
	free(k.v);
	fc_policy_free(&pol);
	fc_model_free(&k.m);
	fc_inventory_free(&inv);
	return code;
}

bool fc_check_format_known(const char *name)
{
	return !strcmp(name, "text") || !strcmp(name, "json") || !strcmp(name, "prometheus");
}
