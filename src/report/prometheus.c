/* SPDX-License-Identifier: MIT */
/* Prometheus text exposition for node_exporter's textfile collector (--format prometheus=FILE;
 * validate writes every report file atomically, so the collector never reads half of one). Its
 * cardinality is bounded by the fabric's devices and rules, not by its links and ports: findings by
 * rule, severity and status; per device, its collection state and its non-passing findings by
 * status; links counted by state; and only the non-passing subjects one by one (each failing or
 * warning finding, each failing link, and the DOM and counter values of the ports such a finding
 * names, in base units: watts, celsius, amperes, bytes). Every sample carries the fabric's name
 * (label fabric). docs/monitoring.md lists the series and what each costs. No sample timestamps;
 * label values escaped as the format requires. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report/report.h"
#include "util/arena.h"
#include "util/hmap.h"

enum fam { F_FINDINGS, F_DEV_FINDINGS, F_LINKS, F_LINK, F_SUBJECT, F_DEVICE, F_NU, F_RXPWR, F_TXPWR, F_TEMP, F_BIAS,
	   F_CRC, F_PPP_RX, F_PPP_TX, F_FEC_CORR, F_FEC_UNCORR, F_PHY_BITS, F_N };

static const struct { const char *name, *type, *help; } fams[F_N] = {
	{ "fabcheck_findings", "gauge", "Findings of the last run by rule, severity and status." },
	{ "fabcheck_device_findings", "gauge", "Findings that fail, warn or are unknown naming the device (an end of a link, or the device), by status; absent at 0." },
	{ "fabcheck_links", "gauge", "Cabled links by state: compliant (no rule fails on it) or failing." },
	{ "fabcheck_link_compliant", "gauge", "0 for each cabled link a rule fails on: the failing links only (fabcheck_links counts the others)." },
	{ "fabcheck_finding", "gauge", "1 for each finding that fails or warns (not waived): rule, severity, status and subject." },
	{ "fabcheck_device_ok", "gauge", "1 when every expected output of the device was collected and parsed, and every line understood." },
	{ "fabcheck_device_not_understood_lines", "gauge", "Input lines of the device that no reader understood (listed in the JSON, SARIF and text reports); absent at 0." },
	{ "fabcheck_transceiver_rx_power_watts", "gauge", "Received optical power per lane, on the ports a failing or warning finding names." },
	{ "fabcheck_transceiver_tx_power_watts", "gauge", "Transmitted optical power per lane, on those ports." },
	{ "fabcheck_transceiver_temperature_celsius", "gauge", "Module temperature, on those ports." },
	{ "fabcheck_transceiver_bias_amperes", "gauge", "Laser bias current per lane, on those ports." },
	{ "fabcheck_interface_crc_errors_total", "counter", "CRC errors at collection time, on those ports." },
	{ "fabcheck_pfc_pause_frames_received_total", "counter", "PFC pause frames received at collection time, on those ports." },
	{ "fabcheck_pfc_pause_frames_transmitted_total", "counter", "PFC pause frames sent at collection time, on those ports." },
	{ "fabcheck_fec_corrected_errors_total", "counter", "Bit errors the FEC corrected (NIC rx_corrected_bits_phy), as FEC-BER reads them, on those ports." },
	{ "fabcheck_fec_uncorrected_symbols_total", "counter", "Symbols the FEC could not correct (NIC rx_pcs_symbol_err_phy), on those ports." },
	{ "fabcheck_phy_received_bytes_total", "counter", "Bytes received at the PHY (NIC rx_bits_phy / 8): the BER's denominator, on those ports." },
};

struct count {
	const struct fc_rule *rule;
	enum fc_sev sev;
	int status;   /* enum fc_status, or 5: waived */
	size_t n;
};

/* A device's findings that are not passing, by status (fail, warn, unknown). */
struct devcount {
	size_t n[3];
};

struct prom {
	FILE *out;
	const char *fabric;
	struct fc_buf f[F_N];
	struct count *c;
	size_t nc, capc;
	const struct fc_link *cur;   /* the link whose findings are being read (they come together) */
	bool cur_fail;
	size_t links_ok, links_failing;
	const struct fc_device **devs;   /* in a; written at the end, once the findings say which ports count */
	size_t ndevs, capd;
	struct fc_arena *a;
	struct fc_hmap *ports;       /* "dev:port" a failing or warning finding names -> 1 */
	struct fc_hmap *devcounts;   /* device name -> struct devcount */
	bool oom;
};

/* A label value: backslash, quote and newline escaped. */
static void lv(struct fc_buf *b, const char *s)
{
	for (; s && *s; s++) {
		const char *e = *s == '\\' ? "\\\\" : *s == '"' ? "\\\"" : *s == '\n' ? "\\n" : NULL;

		fc_buf_add(b, e ? e : s, e ? strlen(e) : 1);
	}
}

/* name{fabric="...",kv...} v, into b. */
static void put(struct prom *p, struct fc_buf *b, const char *name, const char *const *kv, double v)
{
	size_t i;

	fc_buf_addf(b, "%s{fabric=\"", name);
	lv(b, p->fabric);
	fc_buf_addf(b, "\"");
	for (i = 0; kv[i]; i += 2) {
		fc_buf_addf(b, ",%s=\"", kv[i]);
		lv(b, kv[i + 1]);
		fc_buf_addf(b, "\"");
	}
	if (fc_buf_addf(b, "} %.17g\n", v) != FC_OK)
		p->oom = true;
}

static void sample(struct prom *p, enum fam f, const char *const *kv, double v)
{
	put(p, &p->f[f], fams[f].name, kv, v);
}

static enum fc_rc prom_begin(FILE *out, const struct fc_report_run *run, void **st)
{
	struct prom *p = calloc(1, sizeof(*p));
	int i;

	if (!p)
		return FC_ERR_NOMEM;
	p->out = out;
	/* the fabric's name, else the target's: every sample says which fabric it is */
	p->fabric = run->fabric && *run->fabric ? run->fabric : run->target ? run->target : "";
	if (!(p->a = fc_arena_new()) || !(p->ports = fc_hmap_new(p->a, 256)) || !(p->devcounts = fc_hmap_new(p->a, 256))) {
		fc_arena_free(&p->a);
		free(p);
		return FC_ERR_NOMEM;
	}
	for (i = 0; i < F_N; i++)
		fc_buf_init(&p->f[i], (size_t)1 << 30);
	*st = p;
	return FC_OK;
}

static void dom(struct prom *p, const struct fc_device *d, const struct fc_iface *ifc)
{
	size_t l;
	char lane[16];

	for (l = 0; l < fc_xcvr(ifc)->nlanes; l++) {
		const struct fc_dom_lane *L = &fc_xcvr(ifc)->lanes[l];
		const char *kv[] = { "device", d->name, "port", ifc->name, "lane", lane, NULL };

		snprintf(lane, sizeof(lane), "%d", L->lane);
		if (L->rx_dbm.m.known)
			sample(p, F_RXPWR, kv, pow(10.0, L->rx_dbm.v / 10.0) / 1000.0);
		if (L->tx_dbm.m.known)
			sample(p, F_TXPWR, kv, pow(10.0, L->tx_dbm.v / 10.0) / 1000.0);
		if (L->bias_ma.m.known)
			sample(p, F_BIAS, kv, L->bias_ma.v / 1000.0);
		if (L->temp_c.m.known)
			sample(p, F_TEMP, kv, L->temp_c.v);
	}
}

static enum fc_rc prom_device(void *st, const struct fc_device *d)
{
	struct prom *p = st;

	if (!(p->devs = fc_grow(p->a, p->devs, p->ndevs, &p->capd, sizeof(*p->devs))))
		return FC_ERR_NOMEM;
	p->devs[p->ndevs++] = d;
	return FC_OK;
}

/* A device at the end: its state, its non-passing findings, and the values of its ports that a
 * failing or warning finding names. */
static void device_out(struct prom *p, const struct fc_device *d)
{
	static const char *const st[3] = { "fail", "warn", "unknown" };
	bool read = d->status == FC_DEV_OK || d->status == FC_DEV_INTENT;
	const char *kind = d->kind == FC_DEV_HOST ? "host" : "switch";
	/* a device read whole but not understood line by line is not ok: its status says which */
	const char *kv[] = { "device", d->name, "kind", kind, "status",
			     read && d->nunparsed ? "partly-understood" : fc_devstatus_name(d->status), NULL };
	const char *nk[] = { "device", d->name, "kind", kind, NULL };
	const struct devcount *dc = fc_hmap_get(p->devcounts, d->name, strlen(d->name));
	char key[512];
	size_t i, k;

	sample(p, F_DEVICE, kv, read && !d->nunparsed);
	if (d->nunparsed)
		sample(p, F_NU, nk, (double)d->nunparsed);
	for (k = 0; dc && k < 3; k++)
		if (dc->n[k]) {
			const char *ck[] = { "device", d->name, "kind", kind, "status", st[k], NULL };

			sample(p, F_DEV_FINDINGS, ck, (double)dc->n[k]);
		}
	for (i = 0; i < d->nifaces; i++) {
		const struct fc_iface *ifc = d->ifaces[i];
		const char *pk[] = { "device", d->name, "port", ifc->name, NULL };
		int n = snprintf(key, sizeof(key), "%s:%s", d->name, ifc->name);

		if (n < 0 || (size_t)n >= sizeof(key) || !fc_hmap_get(p->ports, key, (size_t)n))
			continue;
		dom(p, d, ifc);
		if (fc_swport(ifc)->cnt_crc.m.known)
			sample(p, F_CRC, pk, (double)fc_swport(ifc)->cnt_crc.v);
		if (fc_swport(ifc)->cnt_rx_ppp.m.known)
			sample(p, F_PPP_RX, pk, (double)fc_swport(ifc)->cnt_rx_ppp.v);
		if (fc_swport(ifc)->cnt_tx_ppp.m.known)
			sample(p, F_PPP_TX, pk, (double)fc_swport(ifc)->cnt_tx_ppp.v);
		for (k = 0; k < ifc->nstats; k++) {
			const char *sn = ifc->stats[k].name;
			enum fam fm = !strcmp(sn, "rx_corrected_bits_phy") ? F_FEC_CORR : !strcmp(sn, "rx_pcs_symbol_err_phy")
				      ? F_FEC_UNCORR : !strcmp(sn, "rx_bits_phy") ? F_PHY_BITS : F_N;

			if (fm != F_N)
				sample(p, fm, pk, (double)ifc->stats[k].value / (fm == F_PHY_BITS ? 8.0 : 1.0));
		}
	}
}

/* A finding that is not passing, counted on the device named dev (of len bytes). */
static void count_on(struct prom *p, const char *dev, size_t len, int k)
{
	struct devcount *dc = fc_hmap_get(p->devcounts, dev, len);
	int failed = 0;

	if (!dc) {
		char *name = fc_strndup(p->a, dev, len);

		if (!name || !(dc = fc_alloc(p->a, sizeof(*dc))) ||
		    (fc_hmap_put(p->devcounts, name, len, dc, &failed), failed)) {
			p->oom = true;
			return;
		}
	}
	dc->n[k]++;
}

/* The port "dev:port" as one a failing or warning finding names. */
static void port_named(struct prom *p, const char *dev, const char *port)
{
	size_t n = strlen(dev) + strlen(port) + 2;
	char *key = fc_alloc(p->a, n);
	int failed = 0;

	if (!key) {
		p->oom = true;
		return;
	}
	snprintf(key, n, "%s:%s", dev, port);
	fc_hmap_put(p->ports, key, n - 1, (void *)1, &failed);
	p->oom |= failed != 0;
}

static void link_done(struct prom *p)
{
	const struct fc_link *l = p->cur;
	const char *kv[] = { "device", l ? l->a.dev_name : "", "port", l ? l->a.if_name : "", "peer_device",
			     l ? l->b.dev_name : "", "peer_port", l ? l->b.if_name : "", NULL };

	if (l && p->cur_fail)
		sample(p, F_LINK, kv, 0);
	if (l)
		++*(p->cur_fail ? &p->links_failing : &p->links_ok);
	p->cur = NULL;
	p->cur_fail = false;
}

static enum fc_rc prom_finding(void *st, const struct fc_finding *f)
{
	struct prom *p = st;
	int status = f->waived ? 5 : (int)f->status;
	size_t i;

	for (i = 0; i < p->nc; i++)
		if (p->c[i].rule == f->rule && p->c[i].sev == f->sev && p->c[i].status == status)
			break;
	if (i == p->nc) {
		if (p->nc == p->capc) {
			size_t cap = p->capc ? 2 * p->capc : 64;
			struct count *nv = realloc(p->c, cap * sizeof(*nv));

			if (!nv)
				return FC_ERR_NOMEM;
			p->c = nv;
			p->capc = cap;
		}
		p->c[p->nc++] = (struct count){ f->rule, f->sev, status, 0 };
	}
	p->c[i].n++;
	if (!f->waived && (f->status == FC_FAIL || f->status == FC_WARN || f->status == FC_UNKNOWN)) {
		int k = f->status == FC_FAIL ? 0 : f->status == FC_WARN ? 1 : 2;
		const char *colon = f->scope == FC_SCOPE_DEVICE ? strchr(f->subject, ':') : NULL;

		if (f->scope == FC_SCOPE_LINK && f->link) {
			count_on(p, f->link->a.dev_name, strlen(f->link->a.dev_name), k);
			if (strcmp(f->link->a.dev_name, f->link->b.dev_name))
				count_on(p, f->link->b.dev_name, strlen(f->link->b.dev_name), k);
		} else if (f->scope == FC_SCOPE_DEVICE) {
			count_on(p, f->subject, colon ? (size_t)(colon - f->subject) : strlen(f->subject), k);
		}
		if (k < 2) {   /* failing or warning: the subject itself, and the ports it names */
			const char *kv[] = { "rule", f->rule->id, "severity", fc_sev_name(f->sev), "status",
					     k ? "warn" : "fail", "subject", f->subject, NULL };

			sample(p, F_SUBJECT, kv, 1);
			if (f->scope == FC_SCOPE_LINK && f->link) {
				port_named(p, f->link->a.dev_name, f->link->a.if_name);
				port_named(p, f->link->b.dev_name, f->link->b.if_name);
			} else if (colon) {
				int failed = 0;
				char *key = fc_strdup(p->a, f->subject);

				if (!key || (fc_hmap_put(p->ports, key, strlen(key), (void *)1, &failed), failed))
					p->oom = true;
			}
		}
	}
	if (f->scope == FC_SCOPE_LINK && f->link) {
		if (f->link != p->cur)
			link_done(p);
		p->cur = f->link;
		p->cur_fail |= f->status == FC_FAIL && !f->waived;
	}
	return FC_OK;
}

static enum fc_rc prom_end(void *st, const struct fc_summary *s)
{
	struct prom *p = st;
	static const char *const names[] = { "pass", "fail", "unknown", "warn", "not_applicable", "waived" };
	enum fc_rc rc = FC_OK;
	size_t i;

	link_done(p);
	for (i = 0; i < p->ndevs; i++)
		device_out(p, p->devs[i]);
	{
		const char *ok[] = { "state", "compliant", NULL }, *bad[] = { "state", "failing", NULL };

		sample(p, F_LINKS, ok, (double)p->links_ok);
		sample(p, F_LINKS, bad, (double)p->links_failing);
	}
	for (i = 0; i < p->nc; i++) {
		const char *kv[] = { "rule", p->c[i].rule->id, "severity", fc_sev_name(p->c[i].sev), "status",
				     names[p->c[i].status], NULL };

		sample(p, F_FINDINGS, kv, (double)p->c[i].n);
	}
	for (i = 0; i < F_N; i++)
		if (p->f[i].len && fprintf(p->out, "# HELP %s %s\n# TYPE %s %s\n%s", fams[i].name, fams[i].help, fams[i].name,
					   fams[i].type, p->f[i].data) < 0)
			rc = FC_ERR_IO;
	{
		static const char *const none[] = { NULL };
		struct fc_buf b;

		fc_buf_init(&b, 1 << 16);
		fc_buf_addf(&b, "# HELP fabcheck_exit_code The exit code of the last run (0 passing, 1 failing, 2 input error, "
				"3 incomplete).\n# TYPE fabcheck_exit_code gauge\n");
		put(p, &b, "fabcheck_exit_code", none, (double)s->exit_code);
		fc_buf_addf(&b, "# HELP fabcheck_last_run_timestamp_seconds When the last run finished.\n"
				"# TYPE fabcheck_last_run_timestamp_seconds gauge\n");
		put(p, &b, "fabcheck_last_run_timestamp_seconds", none, (double)time(NULL));
		if (!b.data || fputs(b.data, p->out) < 0)
			rc = FC_ERR_IO;
		fc_buf_free(&b);
	}
	if (p->oom)
		rc = FC_ERR_NOMEM;
	for (i = 0; i < F_N; i++)
		fc_buf_free(&p->f[i]);
	free(p->c);
	fc_arena_free(&p->a);   /* devs, the port and device tables */
	free(p);
	return rc;
}

const struct fc_reporter fc_reporter_prometheus = {
	.name = "prometheus",
	.desc = "Prometheus text format for node_exporter's textfile collector: findings by rule and device, the failing links and subjects, their ports' DOM and counters",
	.begin = prom_begin,
	.device = prom_device,
	.finding = prom_finding,
	.end = prom_end,
};
