/* SPDX-License-Identifier: MIT */
/* Prometheus text exposition for node_exporter's textfile collector (--format prometheus=FILE;
 * validate writes every report file atomically, so the collector never reads half of one):
 * findings by rule, severity and status, each cabled link's compliance, devices and their
 * collection state, the run's exit code and time, and the transceiver and counter values the
 * rules read, in base units (watts, celsius, amperes, bits): DOM, CRC, PFC pause frames, and the
 * NIC's FEC corrected bits, uncorrected symbols and received bits (FEC-BER's inputs). No sample timestamps; label values
 * escaped as the format requires. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report/report.h"

enum fam { F_FINDINGS, F_LINK, F_DEVICE, F_NU, F_RXPWR, F_TXPWR, F_TEMP, F_BIAS, F_CRC, F_PPP_RX, F_PPP_TX, F_FEC_CORR,
	   F_FEC_UNCORR, F_PHY_BITS, F_N };

static const struct { const char *name, *type, *help; } fams[F_N] = {
	{ "fabcheck_findings", "gauge", "Findings of the last run by rule, severity and status." },
	{ "fabcheck_link_compliant", "gauge", "1 when no rule fails on the cabled link, else 0." },
	{ "fabcheck_device_ok", "gauge", "1 when every expected output of the device was collected and parsed, and every line understood." },
	{ "fabcheck_device_not_understood_lines", "gauge", "Input lines of the device that no reader understood (listed in the JSON, SARIF and text reports)." },
	{ "fabcheck_transceiver_rx_power_watts", "gauge", "Received optical power per lane, as the rules read it." },
	{ "fabcheck_transceiver_tx_power_watts", "gauge", "Transmitted optical power per lane." },
	{ "fabcheck_transceiver_temperature_celsius", "gauge", "Module temperature." },
	{ "fabcheck_transceiver_bias_amperes", "gauge", "Laser bias current per lane." },
	{ "fabcheck_interface_crc_errors_total", "counter", "CRC errors at collection time." },
	{ "fabcheck_pfc_pause_frames_received_total", "counter", "PFC pause frames received at collection time." },
	{ "fabcheck_pfc_pause_frames_transmitted_total", "counter", "PFC pause frames sent at collection time." },
	{ "fabcheck_fec_corrected_errors_total", "counter", "Bit errors the FEC corrected (NIC rx_corrected_bits_phy), as FEC-BER reads them." },
	{ "fabcheck_fec_uncorrected_symbols_total", "counter", "Symbols the FEC could not correct (NIC rx_pcs_symbol_err_phy)." },
	{ "fabcheck_phy_received_bytes_total", "counter", "Bytes received at the PHY (NIC rx_bits_phy / 8): the BER's denominator." },
};

struct count {
	const struct fc_rule *rule;
	enum fc_sev sev;
	int status;   /* enum fc_status, or 5: waived */
	size_t n;
};

struct prom {
	FILE *out;
	struct fc_buf f[F_N];
	struct count *c;
	size_t nc, capc;
	const struct fc_link *cur;   /* the link whose findings are being read (they come together) */
	bool cur_fail;
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

static void sample(struct prom *p, enum fam f, const char *const *kv, double v)
{
	struct fc_buf *b = &p->f[f];
	size_t i;

	fc_buf_addf(b, "%s{", fams[f].name);
	for (i = 0; kv[i]; i += 2) {
		fc_buf_addf(b, "%s%s=\"", i ? "," : "", kv[i]);
		lv(b, kv[i + 1]);
		fc_buf_addf(b, "\"");
	}
	if (fc_buf_addf(b, "} %.17g\n", v) != FC_OK)
		p->oom = true;
}

static enum fc_rc prom_begin(FILE *out, const struct fc_report_run *run, void **st)
{
	struct prom *p = calloc(1, sizeof(*p));
	int i;

	(void)run;
	if (!p)
		return FC_ERR_NOMEM;
	p->out = out;
	for (i = 0; i < F_N; i++)
		fc_buf_init(&p->f[i], (size_t)1 << 30);
	*st = p;
	return FC_OK;
}

static void dom(struct prom *p, const struct fc_device *d, const struct fc_iface *ifc)
{
	size_t l;
	char lane[16];

	for (l = 0; l < ifc->xcvr.nlanes; l++) {
		const struct fc_dom_lane *L = &ifc->xcvr.lanes[l];
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
	bool read = d->status == FC_DEV_OK || d->status == FC_DEV_INTENT;
	/* a device read whole but not understood line by line is not ok: its status says which */
	const char *kv[] = { "device", d->name, "kind", d->kind == FC_DEV_HOST ? "host" : "switch", "status",
			     read && d->nunparsed ? "partly-understood" : fc_devstatus_name(d->status), NULL };
	const char *nk[] = { "device", d->name, "kind", d->kind == FC_DEV_HOST ? "host" : "switch", NULL };
	size_t i, k;

	sample(p, F_DEVICE, kv, read && !d->nunparsed);
	sample(p, F_NU, nk, (double)d->nunparsed);
	for (i = 0; i < d->nifaces; i++) {
		const struct fc_iface *ifc = d->ifaces[i];
		const char *pk[] = { "device", d->name, "port", ifc->name, NULL };

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
	return p->oom ? FC_ERR_NOMEM : FC_OK;
}

static void link_done(struct prom *p)
{
	const struct fc_link *l = p->cur;
	const char *kv[] = { "device", l ? l->a.dev_name : "", "port", l ? l->a.if_name : "", "peer_device",
			     l ? l->b.dev_name : "", "peer_port", l ? l->b.if_name : "", NULL };

	if (l)
		sample(p, F_LINK, kv, !p->cur_fail);
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
	for (i = 0; i < p->nc; i++) {
		const char *kv[] = { "rule", p->c[i].rule->id, "severity", fc_sev_name(p->c[i].sev), "status",
				     names[p->c[i].status], NULL };

		sample(p, F_FINDINGS, kv, (double)p->c[i].n);
	}
	for (i = 0; i < F_N; i++)
		if (p->f[i].len && fprintf(p->out, "# HELP %s %s\n# TYPE %s %s\n%s", fams[i].name, fams[i].help, fams[i].name,
					   fams[i].type, p->f[i].data) < 0)
			rc = FC_ERR_IO;
	if (fprintf(p->out, "# HELP fabcheck_exit_code The exit code of the last run (0 passing, 1 failing, 2 input error, "
			    "3 incomplete).\n# TYPE fabcheck_exit_code gauge\nfabcheck_exit_code %d\n"
			    "# HELP fabcheck_last_run_timestamp_seconds When the last run finished.\n"
			    "# TYPE fabcheck_last_run_timestamp_seconds gauge\nfabcheck_last_run_timestamp_seconds %lld\n",
		    s->exit_code, (long long)time(NULL)) < 0)
		rc = FC_ERR_IO;
	if (p->oom)
		rc = FC_ERR_NOMEM;
	for (i = 0; i < F_N; i++)
		fc_buf_free(&p->f[i]);
	free(p->c);
	free(p);
	return rc;
}

const struct fc_reporter fc_reporter_prometheus = {
	.name = "prometheus",
	.desc = "Prometheus text format for node_exporter's textfile collector: findings, links, devices, DOM",
	.begin = prom_begin,
	.device = prom_device,
	.finding = prom_finding,
	.end = prom_end,
};
