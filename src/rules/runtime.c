/* SPDX-License-Identifier: MIT */
/* Counter rules, rule catalog §1, §2, §3, §5: what changed between an earlier snapshot
 * (validate --baseline) and this one, over the time between them.
 *   L1-FLAP      link-down events (host link_down_events_phy, a switch port's resets);
 *   FEC-BER      post-FEC errors (rx_pcs_symbol_err_phy; a switch port's CRC errors) and the pre-FEC bit error rate
 *                (rx_corrected_bits_phy / rx_bits_phy) against the code's limits;
 *   PFC-RUNTIME  the share of time the RoCE priority was paused, and the slow-receiver symptom;
 *   ECN-RUNTIME  DCQCN working: ECN marks answered by CNPs, CNPs not ignored, no retransmission
 *                symptoms in a lossless fabric.
 * Without a baseline each rule reports one UNKNOWN for the fabric. A counter that went down
 * (cleared, or the device restarted) is UNKNOWN for that port, never a pass; so is a port the rule
 * judges whose counters were not read in both snapshots (or that the baseline does not have). */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

/* The baseline's device of the same name, or NULL. */
static const struct fc_cdev *was_dev(struct fc_rctx *c, const struct fc_device *d)
{
	return fc_counters_device(c->base, d->name);
}

/* Seconds between the two readings of device d (its own collection times, else the snapshots')
 * into *dt; false when neither pair of times is known. */
static bool interval_s(struct fc_rctx *c, const struct fc_device *d, const struct fc_cdev *b, double *dt)
{
	if (d->taken_at.m.known && b->taken_at.m.known)
		*dt = (double)(d->taken_at.v - b->taken_at.v);
	else if (c->m->taken_at.m.known && c->base->taken_at.m.known)
		*dt = (double)(c->m->taken_at.v - c->base->taken_at.v);
	else
		return false;
	return true;
}

/* false when there is no baseline (one UNKNOWN for the fabric is reported then). */
static bool have_base(struct fc_rctx *c, const char *what)
{
	if (c->base)
		return true;
	fc_finding_new(c, FC_UNKNOWN, "fabric", "no --baseline snapshot given: %s needs the same counters read twice, "
						"some time apart", what);
	return false;
}

enum dstate { D_OK, D_MISSING, D_BACKWARDS };

/* A counter read in both snapshots: the two values, and where each was read (at: this snapshot's
 * file and line, was_at: the baseline's), so the evidence cites both readings. */
struct dval {
	enum dstate st;
	int64_t was, now, d;
	struct fc_src at, was_at;
};

static struct dval counter_delta(const struct fc_counter *nv, size_t nn, const struct fc_meta *nm,
				 const struct fc_counter *bv, size_t bn, const struct fc_meta *bm, const char *name)
{
	const struct fc_counter *a = fc_counter_find(nv, nn, name), *b = fc_counter_find(bv, bn, name);
	struct dval r = { .st = D_MISSING };

	if (!a || !b)
		return r;
	r.was = b->value, r.now = a->value, r.d = a->value - b->value;
	r.st = r.d < 0 ? D_BACKWARDS : D_OK;
	r.at = nm->src, r.was_at = bm->src;
	return r;
}

static struct dval stat_delta(const struct fc_iface *n, const struct fc_cport *b, const char *name)
{
	struct dval r = { .st = D_MISSING };

	if (!b || !n->stats_m.known || !b->stats_m.known)
		return r;
	return counter_delta(n->stats, n->nstats, &n->stats_m, b->stats, b->nstats, &b->stats_m, name);
}

static struct dval hw_delta(const struct fc_rdma_port *n, const struct fc_crdma *b, const char *name)
{
	return counter_delta(n->hw_counters, n->nhw_counters, &n->hw_counters_m, b->hw, b->nhw, &b->hw_m, name);
}

static struct dval int_delta(const struct fc_int *n, const struct fc_int *b)
{
	struct dval r = { .st = D_MISSING };

	if (!b || !n->m.known || !b->m.known)
		return r;
	r.was = b->v, r.now = n->v, r.d = n->v - b->v;
	r.st = r.d < 0 ? D_BACKWARDS : D_OK;
	r.at = n->m.src, r.was_at = b->m.src;
	return r;
}

static const char *subj_if(struct fc_rctx *c, const struct fc_device *d, const struct fc_iface *i)
{
	return fc_rstr(c, "%s:%s", d->name, i->name);
}

static void backwards(struct fc_rctx *c, const char *subj, const char *name, const struct dval *v)
{
	fc_finding_new(c, FC_UNKNOWN, subj, "%s went down from %lld to %lld: cleared, or the device restarted "
					    "between the snapshots", name, (long long)v->was, (long long)v->now);
}

/* UNKNOWN for a port the rule judges without both readings of what (b: the baseline's port, NULL
 * when the baseline does not have it). */
static void not_both(struct fc_rctx *c, const char *subj, const void *b, const char *what)
{
	if (b)
		fc_finding_new(c, FC_UNKNOWN, subj, "%s not read in both snapshots: nothing to compare", what);
	else
		fc_finding_new(c, FC_UNKNOWN, subj, "the port is not in the baseline snapshot: no %s to compare", what);
}

/* "was -> now (+d)" at this snapshot's line, with where the baseline's value was read: both
 * readings can be checked (the baseline's file name is copied into the value, so the evidence does
 * not depend on the baseline's model staying loaded). */
static void ev_delta(struct fc_rctx *c, struct fc_finding *f, const char *subj, const char *name, const struct dval *v)
{
	/* a pass here stays one: its evidence, dropped after the rule unless a report prints it, is
	 * not formatted (a fleet's ports each pass four of these rules) */
	if (f && f->status == FC_PASS && !fc_pass_evidence_kept(c))
		return;
	if (v->was_at.file)
		fc_ev(c, f, subj, name, v->at.file ? &v->at : NULL, "%lld -> %lld (+%lld; was %s:%u)", (long long)v->was,
		      (long long)v->now, (long long)v->d, v->was_at.file, v->was_at.line);
	else
		fc_ev(c, f, subj, name, v->at.file ? &v->at : NULL, "%lld -> %lld (+%lld)", (long long)v->was,
		      (long long)v->now, (long long)v->d);
}

/* Runs fn on every interface of this snapshot with the baseline's of the same name (NULL when it has
 * none: fn says UNKNOWN where it judges the port), the interval and the rule's arg (what it reads
 * once per run: its parameters, counter names); devices without an interval get one UNKNOWN. */
typedef void port_fn(struct fc_rctx *c, const struct fc_device *d, const struct fc_iface *n, const struct fc_cport *b,
		     double dt, const void *arg);

static void per_iface(struct fc_rctx *c, port_fn *fn, const void *arg)
{
	size_t i, k;

	for (i = 0; i < c->m->ndevs; i++) {
		const struct fc_device *d = c->m->devs[i];
		const struct fc_cdev *b;
		double dt;

		if (!(d->kind == FC_DEV_HOST ? c->rule->reads_host : c->rule->reads_switch))
			continue;   /* a kind of device the rule does not judge (PFC-RUNTIME: hosts only) */
		if (!(b = was_dev(c, d))) {
			fc_finding_new(c, FC_UNKNOWN, d->name, "the device is not in the baseline snapshot: no counters to "
							       "compare");
			continue;
		}
		if (!interval_s(c, d, b, &dt)) {
			fc_finding_new(c, FC_UNKNOWN, d->name, "the time between the two snapshots is not known");
			continue;
		}
		if (dt <= 0) {
			fc_finding_new(c, FC_UNKNOWN, d->name, "the baseline is not older than this snapshot (%.0f s apart)",
				       dt);
			continue;
		}
		for (k = 0; k < d->nifaces; k++) {
			fn(c, d, d->ifaces[k], fc_cdev_port(b, d->ifaces[k]->name), dt, arg);
		}
	}
}

/* The priorities' pause counters PFC-RUNTIME reads (the RoCE priority's, from the intent). */
#define PRIO_PAUSE(p) "rx_prio" #p "_pause_duration", "tx_prio" #p "_pause", "tx_prio" #p "_pause_duration"

/* --- L1-FLAP ------------------------------------------------------------------------------------- */

static const struct fc_rule_param flap_params[] = {
	{ "max_per_day", FC_PARAM_DBL, "3",
	  "FAIL above this many link-down events in a day (in the interval, when it is shorter); any event WARNs [P]", .min = 0, .max = 1e6 },
	{ .key = NULL },
};

static void flap_iface(struct fc_rctx *c, const struct fc_device *d, const struct fc_iface *n,
		       const struct fc_cport *b, double dt, const void *arg)
{
	const bool host = d->kind == FC_DEV_HOST;
	const char *name = host ? "link_down_events_phy" : "interface resets";
	struct dval v = host ? stat_delta(n, b, name) : int_delta(&fc_swport(n)->cnt_resets, b ? &b->resets : NULL);
	const char *subj;
	struct fc_finding *f;
	const double max = *(const double *)arg;
	double limit;

	subj = subj_if(c, d, n);
	if (v.st == D_MISSING) {
		not_both(c, subj, b, name);
		return;
	}
	if (v.st == D_BACKWARDS) {
		backwards(c, subj, name, &v);
		return;
	}
	/* a shorter interval is not extrapolated to a day: one flap in an hour is not 24 a day */
	limit = dt > 86400.0 ? max * dt / 86400.0 : max;
	if (!v.d)
		f = fc_finding_new(c, FC_PASS, subj, "no link-down event in %.0f s", dt);
	else if ((double)v.d > limit)
		f = fc_finding_new(c, FC_FAIL, subj, "%lld link-down events in %.0f s (more than %.0f a day): replace or "
						     "reseat the cable or transceiver", (long long)v.d, dt, max);
	else
		f = fc_finding_new(c, FC_WARN, subj, "%lld link-down event(s) in %.0f s", (long long)v.d, dt);
	ev_delta(c, f, subj, name, &v);
}

static void flap_run(struct fc_rctx *c)
{
	bool set;
	double max = fc_param_dbl(c, "max_per_day", &set);

	if (have_base(c, "L1-FLAP"))
		per_iface(c, flap_iface, &max);
}

const struct fc_rule fc_rule_l1_flap = {
	.id = "L1-FLAP",
	.live = true,
	.over_time = true,
	.aspect = FC_ASPECT_L1,
	.severity = FC_SEV_MEDIUM,
	.scope = FC_SCOPE_FLEET,
	.inputs = "both snapshots: host stats link_down_events_phy; switch port resets; the collection times",
	.reads_switch = FC_CAP_COUNTERS,
	.reads_host = FC_CAP_COUNTERS,
	.counters = (const char *const[]){ "link_down_events_phy", NULL },
	.params = flap_params,
	.run = flap_run,
};

/* --- FEC-BER -------------------------------------------------------------------------------------- */

static const struct fc_rule_param ber_params[] = {
	{ "warn_ber_nrz", FC_PARAM_DBL, "1e-6", "WARN above this pre-FEC BER on NRZ lanes (RS(528)) [P]", .min = 0, .max = 0.5 },
	{ "fail_ber_nrz", FC_PARAM_DBL, "5e-5", "FAIL at this pre-FEC BER on NRZ lanes, near RS(528)'s limit [B]", .min = 0, .max = 0.5 },
	{ "warn_ber_pam4", FC_PARAM_DBL, "1e-5", "WARN above this pre-FEC BER on PAM4 lanes (RS(544)) [P]", .min = 0, .max = 0.5 },
	{ "fail_ber_pam4", FC_PARAM_DBL, "2.4e-4", "FAIL at this pre-FEC BER on PAM4 lanes: RS(544)'s design input [B]", .min = 0, .max = 0.5 },
	{ .key = NULL },
};

struct ber_limits {
	double warn[2], fail[2];   /* [0] NRZ lanes, [1] PAM4 */
};

static void ber_iface(struct fc_rctx *c, const struct fc_device *d, const struct fc_iface *n,
		      const struct fc_cport *b, double dt, const void *arg)
{
	const struct ber_limits *lim = arg;
	const char *subj;
	struct fc_finding *f;
	struct dval unc, bits, corr, crc;
	double ber, warn, fail;
	bool pam4 = fc_lane_gbps(n) >= 50;

	(void)dt;
	if (d->kind == FC_DEV_SWITCH) {
		crc = int_delta(&fc_swport(n)->cnt_crc, b ? &b->crc : NULL);
		subj = subj_if(c, d, n);
		if (crc.st == D_MISSING) {
			not_both(c, subj, b, "CRC errors");
			return;
		}
		if (crc.st == D_BACKWARDS) {
			backwards(c, subj, "CRC errors", &crc);
			return;
		}
		f = crc.d ? fc_finding_new(c, FC_FAIL, subj, "%lld frames with a bad CRC since the baseline: errors FEC did "
							     "not correct reach the MAC", (long long)crc.d)
			  : fc_finding_new(c, FC_PASS, subj, "no CRC errors since the baseline");
		ev_delta(c, f, subj, "CRC errors", &crc);
		return;
	}
	unc = stat_delta(n, b, "rx_pcs_symbol_err_phy");
	bits = stat_delta(n, b, "rx_bits_phy");
	corr = stat_delta(n, b, "rx_corrected_bits_phy");
	subj = subj_if(c, d, n);
	if (unc.st == D_MISSING && bits.st == D_MISSING) {   /* not an mlx5 NIC, a virtual one, or not read */
		not_both(c, subj, b, "PHY error counters (rx_pcs_symbol_err_phy, rx_bits_phy)");
		return;
	}
	if (unc.st == D_BACKWARDS || bits.st == D_BACKWARDS || corr.st == D_BACKWARDS) {
		backwards(c, subj, unc.st == D_BACKWARDS ? "rx_pcs_symbol_err_phy" : bits.st == D_BACKWARDS ? "rx_bits_phy"
													   : "rx_corrected_bits_phy",
			  unc.st == D_BACKWARDS ? &unc : bits.st == D_BACKWARDS ? &bits : &corr);
		return;
	}
	if (unc.st == D_OK && unc.d > 0) {
		f = fc_finding_new(c, FC_FAIL, subj, "%lld symbol errors FEC could not correct since the baseline: frames "
						     "are lost", (long long)unc.d);
		ev_delta(c, f, subj, "rx_pcs_symbol_err_phy", &unc);
		return;
	}
	if (bits.st != D_OK || corr.st != D_OK || bits.d <= 0) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, bits.st == D_OK && bits.d <= 0
							     ? "no bits received between the snapshots: no error rate to judge"
							     : "rx_bits_phy and rx_corrected_bits_phy are not both reported");
		return;
	}
	ber = (double)corr.d / (double)bits.d;
	if (!fc_lane_gbps(n)) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "pre-FEC BER %.2e, but the lane rate is not known: NRZ and PAM4 lanes "
							"have different limits", ber);
		fc_ev_unknown(c, f, subj, "lanes", &n->lanes.m);
		return;
	}
	warn = lim->warn[pam4], fail = lim->fail[pam4];
	if (ber >= fail)
		f = fc_finding_new(c, FC_FAIL, subj, "pre-FEC BER %.2e at or above %.1e (%s): the FEC is at its limit, "
						     "errors will pass it", ber, fail, pam4 ? "PAM4, RS(544)" : "NRZ, RS(528)");
	else if (ber > warn)
		f = fc_finding_new(c, FC_WARN, subj, "pre-FEC BER %.2e above %.1e (%s): clean or replace the cable or "
						     "optics before it gets worse", ber, warn, pam4 ? "PAM4" : "NRZ");
	else
		f = fc_finding_new(c, FC_PASS, subj, "pre-FEC BER %.2e (%s), no uncorrected errors", ber,
				   pam4 ? "PAM4" : "NRZ");
	ev_delta(c, f, subj, "rx_corrected_bits_phy", &corr);
	ev_delta(c, f, subj, "rx_bits_phy", &bits);
}

static void ber_run(struct fc_rctx *c)
{
	struct ber_limits lim;
	bool set;

	lim.warn[0] = fc_param_dbl(c, "warn_ber_nrz", &set), lim.fail[0] = fc_param_dbl(c, "fail_ber_nrz", &set);
	lim.warn[1] = fc_param_dbl(c, "warn_ber_pam4", &set), lim.fail[1] = fc_param_dbl(c, "fail_ber_pam4", &set);
	if (have_base(c, "FEC-BER"))
		per_iface(c, ber_iface, &lim);
}

const struct fc_rule fc_rule_fec_ber = {
	.id = "FEC-BER",
	.live = true,
	.over_time = true,
	.aspect = FC_ASPECT_FEC,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_FLEET,
	.inputs = "both snapshots: host stats rx_bits_phy, rx_corrected_bits_phy, rx_pcs_symbol_err_phy; switch "
		  "port crc_errors; lane rate (NRZ or PAM4)",
	.reads_switch = FC_CAP_COUNTERS | FC_CAP_LINK,
	.reads_host = FC_CAP_COUNTERS | FC_CAP_LINK,
	.counters = (const char *const[]){ "rx_bits_phy", "rx_corrected_bits_phy", "rx_pcs_symbol_err_phy", NULL },
	.params = ber_params,
	.run = ber_run,
};

/* --- PFC-RUNTIME ---------------------------------------------------------------------------------- */

static const struct fc_rule_param pause_params[] = {
	{ "warn_paused", FC_PARAM_DBL, "0.05", "WARN when the RoCE priority was paused this share of the time [P]", .min = 0, .max = 1 },
	{ "fail_paused", FC_PARAM_DBL, "0.5", "FAIL at this share [P]", .min = 0, .max = 1 },
	{ .key = NULL },
};

struct pause_run {
	int64_t p;                       /* the RoCE priority */
	const char *rxn, *txn, *txc;     /* its counters' names */
	double warn, fail;
};

static void pause_iface(struct fc_rctx *c, const struct fc_device *d, const struct fc_iface *n,
			const struct fc_cport *b, double dt, const void *arg)
{
	const struct pause_run *r = arg;
	const int64_t p = r->p;
	const char *rxn = r->rxn, *txn = r->txn, *txc = r->txc;
	const double warn = r->warn, fail = r->fail;
	struct dval rx, tx, txcnt, disc;
	const char *subj;
	struct fc_finding *f;
	double frx, ftx;

	rx = stat_delta(n, b, rxn), tx = stat_delta(n, b, txn), txcnt = stat_delta(n, b, txc);
	disc = stat_delta(n, b, "rx_discards_phy");
	subj = subj_if(c, d, n);
	if (rx.st == D_MISSING && tx.st == D_MISSING && txcnt.st == D_MISSING) {
		not_both(c, subj, b, "pause counters of the RoCE priority");
		return;
	}
	if (rx.st == D_BACKWARDS || tx.st == D_BACKWARDS) {
		backwards(c, subj, rx.st == D_BACKWARDS ? rxn : txn, rx.st == D_BACKWARDS ? &rx : &tx);
		return;
	}
	if (rx.st != D_OK || tx.st != D_OK) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "no pause duration counters (%s, %s): the paused share of time "
							"cannot be computed", rxn, txn);
		return;
	}
	frx = (double)rx.d / (dt * 1e6), ftx = (double)tx.d / (dt * 1e6);
	if (ftx > warn && disc.st == D_OK && disc.d > 0)
		f = fc_finding_new(c, FC_FAIL, subj, "the NIC paused the switch %.1f%% of the time and still discarded %lld "
						     "frames: a slow receiver (host CPU, PCIe or memory), not the fabric",
				   ftx * 100, (long long)disc.d);
	else if (frx >= fail || ftx >= fail)
		f = fc_finding_new(c, FC_FAIL, subj, "priority %lld paused %.1f%% of the time (received pauses) and %.1f%% "
						     "(sent): a pause storm or a congestion tree", (long long)p, frx * 100,
				   ftx * 100);
	else if (frx > warn || ftx > warn)
		f = fc_finding_new(c, FC_WARN, subj, "priority %lld paused %.1f%% of the time (received) and %.1f%% (sent): "
						     "congestion is handled by pause rather than ECN",
				   (long long)p, frx * 100, ftx * 100);
	else
		f = fc_finding_new(c, FC_PASS, subj, "priority %lld paused %.2f%% / %.2f%% of %.0f s", (long long)p,
				   frx * 100, ftx * 100, dt);
	ev_delta(c, f, subj, rxn, &rx);
	ev_delta(c, f, subj, txn, &tx);
	if (disc.st == D_OK && disc.d)
		ev_delta(c, f, subj, "rx_discards_phy", &disc);
}

static void pause_run(struct fc_rctx *c)
{
	struct pause_run r;
	bool set;

	if (!have_base(c, "PFC-RUNTIME"))
		return;
	if (!c->m->intent.roce_prio.m.known) {
		fc_finding_new(c, FC_UNKNOWN, "fabric", "the fabric's RoCE priority is not known (fabric.roce.priority in the "
							"inventory): no priority's pause time to compare");
		return;
	}
	r.p = c->m->intent.roce_prio.v;
	r.rxn = fc_rstr(c, "rx_prio%lld_pause_duration", (long long)r.p);
	r.txn = fc_rstr(c, "tx_prio%lld_pause_duration", (long long)r.p);
	r.txc = fc_rstr(c, "tx_prio%lld_pause", (long long)r.p);
	r.warn = fc_param_dbl(c, "warn_paused", &set);
	r.fail = fc_param_dbl(c, "fail_paused", &set);
	per_iface(c, pause_iface, &r);
}

const struct fc_rule fc_rule_pfc_runtime = {
	.id = "PFC-RUNTIME",
	.live = true,
	.over_time = true,
	.aspect = FC_ASPECT_PFC,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_FLEET,
	.inputs = "both snapshots: host stats rx/tx_prioN_pause_duration (us), tx_prioN_pause, rx_discards_phy; the "
		  "collection times; intent: RoCE priority",
	.reads_switch = 0,
	.reads_host = FC_CAP_COUNTERS,
	.counters = (const char *const[]){ PRIO_PAUSE(0), PRIO_PAUSE(1), PRIO_PAUSE(2), PRIO_PAUSE(3), PRIO_PAUSE(4),
					   PRIO_PAUSE(5), PRIO_PAUSE(6), PRIO_PAUSE(7), "rx_discards_phy", NULL },
	.params = pause_params,
	.run = pause_run,
};

/* --- ECN-RUNTIME ------------------------------------------------------------------------------------ */

static void dcqcn_port(struct fc_rctx *c, const struct fc_device *d, const struct fc_rdma_port *n,
		       const struct fc_crdma *b, const char *subj)
{
	static const char *const drops[] = { "out_of_sequence", "packet_seq_err", "local_ack_timeout_err" };
	struct dval marked, cnp, ignored, v;
	struct fc_finding *f;
	const char *drop = NULL;
	struct dval dropv = { .st = D_MISSING };
	size_t i;

	(void)d;
	if (!b || !n->hw_counters_m.known || !b->hw_m.known) {
		not_both(c, subj, b, "RDMA hw_counters");
		return;
	}
	marked = hw_delta(n, b, "np_ecn_marked_roce_packets");
	cnp = hw_delta(n, b, "np_cnp_sent");
	ignored = hw_delta(n, b, "rp_cnp_ignored");
	for (i = 0; i < sizeof(drops) / sizeof(drops[0]) && !drop; i++) {
		v = hw_delta(n, b, drops[i]);
		if (v.st == D_BACKWARDS) {
			backwards(c, subj, drops[i], &v);
			return;
		}
		if (v.st == D_OK && v.d > 0)
			drop = drops[i], dropv = v;
	}
	if (marked.st == D_BACKWARDS || cnp.st == D_BACKWARDS || ignored.st == D_BACKWARDS) {
		backwards(c, subj, "a DCQCN counter", marked.st == D_BACKWARDS ? &marked : cnp.st == D_BACKWARDS ? &cnp : &ignored);
		return;
	}
	if (marked.st == D_OK && cnp.st == D_OK && marked.d > 0 && cnp.d == 0)
		f = fc_finding_new(c, FC_FAIL, subj, "%lld ECN-marked RoCE packets arrived and no CNP was sent: the "
						     "notification point is off, senders never slow down", (long long)marked.d);
	else if (ignored.st == D_OK && ignored.d > 0)
		f = fc_finding_new(c, FC_WARN, subj, "%lld CNPs ignored: the reaction point is off for some traffic",
				   (long long)ignored.d);
	else if (drop)
		f = fc_finding_new(c, FC_WARN, subj, "%s grew by %lld: packets are lost somewhere in a fabric meant to be "
						     "lossless", drop, (long long)dropv.d);
	else if (marked.st != D_OK && cnp.st != D_OK)
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the port reports no DCQCN counters (np_ecn_marked_roce_packets, "
							"np_cnp_sent)");
	else
		f = fc_finding_new(c, FC_PASS, subj, "DCQCN answers marks with CNPs; no loss symptoms");
	if (marked.st == D_OK)
		ev_delta(c, f, subj, "np_ecn_marked_roce_packets", &marked);
	if (cnp.st == D_OK)
		ev_delta(c, f, subj, "np_cnp_sent", &cnp);
	if (ignored.st == D_OK && ignored.d)
		ev_delta(c, f, subj, "rp_cnp_ignored", &ignored);
	if (drop)
		ev_delta(c, f, subj, drop, &dropv);
}

static void dcqcn_run(struct fc_rctx *c)
{
	size_t i, k, j;

	if (!have_base(c, "ECN-RUNTIME"))
		return;
	for (i = 0; i < c->m->ndevs; i++) {
		const struct fc_device *d = c->m->devs[i];
		const struct fc_cdev *b = was_dev(c, d);
		double dt;

		if (!d->nrdma)
			continue;
		if (!b) {
			fc_finding_new(c, FC_UNKNOWN, d->name, "the device is not in the baseline snapshot: no counters to "
							       "compare");
			continue;
		}
		/* as every rule over two snapshots: the baseline must be older (the same snapshot, or a
		 * newer one, shows no marks and no CNPs, which is no evidence that DCQCN works) */
		if (!interval_s(c, d, b, &dt)) {
			fc_finding_new(c, FC_UNKNOWN, d->name, "the time between the two snapshots is not known");
			continue;
		}
		if (dt <= 0) {
			fc_finding_new(c, FC_UNKNOWN, d->name, "the baseline is not older than this snapshot (%.0f s apart)",
				       dt);
			continue;
		}
		for (k = 0; k < d->nrdma; k++) {
			const struct fc_rdma_dev *rd = &d->rdma[k];

			for (j = 0; j < rd->nports; j++) {
				const struct fc_rdma_port *p = &rd->ports[j];

				if (!p->link_layer.m.known || p->link_layer.v == FC_LINK_LAYER_ETHERNET)
					dcqcn_port(c, d, p, fc_cdev_rdma(b, rd->name, p->num),
						   fc_rstr(c, "%s:%s/%d", d->name, rd->name, p->num));
			}
		}
	}
}

const struct fc_rule fc_rule_ecn_runtime = {
	.id = "ECN-RUNTIME",
	.live = true,
	.over_time = true,
	.aspect = FC_ASPECT_ECN,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_FLEET,
	.inputs = "both snapshots: host RDMA hw_counters np_ecn_marked_roce_packets, np_cnp_sent, rp_cnp_ignored, "
		  "out_of_sequence, packet_seq_err, local_ack_timeout_err",
	.reads_switch = 0,
	.reads_host = FC_CAP_COUNTERS | FC_CAP_RDMA,
	.counters = (const char *const[]){ "np_ecn_marked_roce_packets", "np_cnp_sent", "rp_cnp_ignored", "out_of_sequence",
					   "packet_seq_err", "local_ack_timeout_err", NULL },
	.params = fc_no_params,
	.run = dcqcn_run,
};
