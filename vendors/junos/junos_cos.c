/* SPDX-License-Identifier: MIT */
/* Junos class of service: the `class-of-service` statements into the adapter's state, each port's
 * classification, PFC and watchdog into the model, and the fabric's classes through every port
 * (struct fc_hop):
 *   classification  the DSCP classifier bound to the port (class-of-service interfaces X|et-*
 *                   [unit N|*] classifiers dscp C: the port's own over a wildcard's): code point to
 *                   forwarding class; the class's queue-num is the traffic class. A port with no
 *                   DSCP classifier takes Junos's default one, which the configuration does not
 *                   state (UNKNOWN); a code point the classifier does not name likewise.
 *   no-drop         the forwarding class is no-loss with a pfc-priority, and the port's
 *                   congestion-notification-profile enables PFC for it (input dscp code-point X pfc
 *                   for a code point of the class, or input ieee-802.1 code-point P pfc)
 *   egress          the scheduler the port's scheduler-map gives the class: priority strict-high
 *                   (strict), transmit-rate percent, explicit-congestion-notification with its
 *                   drop profile's fill levels (a percent of the queue's buffer: no byte value, said
 *                   so); a pause for priority P stops the queue the profile's output ieee-802.1
 *                   code-point P flow-control-queue Q names; the queue is lossless when the class
 *                   is no-loss
 *   ingress buffer  shared-buffer partitions by percent: no per-port byte value (managed)
 * Sources: Juniper Networks, "Class of Service User Guide (Switches)": classifiers and code-point
 * aliases, forwarding classes (no-loss, pfc-priority), congestion notification profiles (PFC,
 * flow-control-queue, pfc-watchdog), schedulers and scheduler maps, drop profiles, explicit
 * congestion notification. */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/str.h"
#include "vendors/junos/junos.h"

/* A code point: six (DSCP) or three (IEEE 802.1) binary digits, or an alias. -1 when neither. */
static int code_point(const char *w, bool dscp)
{
	static const struct { const char *alias; int dscp, pcp; } aliases[] = {
		{ "be", 0, 0 }, { "be1", -1, 1 }, { "ef", 46, 2 }, { "ef1", -1, 3 }, { "af11", 10, 4 }, { "af12", 12, 5 },
		{ "af13", 14, -1 }, { "af21", 18, -1 }, { "af22", 20, -1 }, { "af23", 22, -1 }, { "af31", 26, -1 },
		{ "af32", 28, -1 }, { "af33", 30, -1 }, { "af41", 34, -1 }, { "af42", 36, -1 }, { "af43", 38, -1 },
		{ "cs0", 0, -1 }, { "cs1", 8, -1 }, { "cs2", 16, -1 }, { "cs3", 24, -1 }, { "cs4", 32, -1 },
		{ "cs5", 40, -1 }, { "cs6", 48, -1 }, { "cs7", 56, -1 }, { "nc1", 48, 6 }, { "nc2", 56, 7 },
	};
	size_t k, len = strlen(w), want = dscp ? 6 : 3;
	int v = 0;

	if (len == want && strspn(w, "01") == len) {
		for (k = 0; k < len; k++)
			v = v * 2 + (w[k] - '0');
		return v;
	}
	for (k = 0; k < sizeof(aliases) / sizeof(aliases[0]); k++)
		if (!strcmp(w, aliases[k].alias))
			return dscp ? aliases[k].dscp : aliases[k].pcp;
	return -1;
}

static struct fc_src at(const struct fc_parse_ctx *c, const struct junos_stmt *s)
{
	return fc_src_at(c->file, s->line);
}

/* --- the statements ---------------------------------------------------------------------------- */

/* The object called name in the list, made (zeroed, at src) when new; NULL when out of memory. A
 * list holds a few dozen objects: a scan. */
static struct junos_named *named(struct fc_model *m, struct junos_named **v, size_t *n, size_t *cap, const char *name,
				 struct fc_src src)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (!strcmp((*v)[i].name, name))
			return &(*v)[i];
	if (!(*v = fc_grow(m->arena, *v, *n, cap, sizeof(**v))))
		return NULL;
	memset(&(*v)[*n], 0, sizeof(**v));
	(*v)[*n].name = name;
	(*v)[*n].src = src;
	return &(*v)[(*n)++];
}

#define NAMED(list, name, src) named(c->m, &cos->list, &cos->n_##list, &cos->cap_##list, (name), (src))

enum fc_rc junos_cos_stmt(struct fc_parse_ctx *c, struct junos_cos *cos, const struct junos_stmt *s, bool *known)
{
	const char *const *w = s->w;
	size_t n = s->n, k;
	struct junos_named *x;
	int64_t v;

	*known = true;
	if (n < 3)
		return *known = false, FC_OK;
	/* classifiers dscp|ieee-802.1 C forwarding-class F loss-priority L code-points P; import default */
	if (!strcmp(w[1], "classifiers") && n >= 4 && (!strcmp(w[2], "dscp") || !strcmp(w[2], "ieee-802.1"))) {
		bool dscp = !strcmp(w[2], "dscp");
		int cp;

		if (!(x = dscp ? NAMED(dscp_cls, w[3], at(c, s)) : NAMED(pcp_cls, w[3], at(c, s))))
			return FC_ERR_NOMEM;
		if (n == 6 && !strcmp(w[4], "import"))
			return x->import_default = !strcmp(w[5], "default"), FC_OK;
		if (n != 10 || strcmp(w[4], "forwarding-class") || strcmp(w[6], "loss-priority") || strcmp(w[8], "code-points") ||
		    (cp = code_point(w[9], dscp)) < 0)
			return *known = false, FC_OK;
		x->map[cp] = w[5];
		x->map_line[cp] = s->line;
		return FC_OK;
	}
	/* forwarding-classes class F queue-num Q [no-loss] [pfc-priority P]; queue Q F */
	if (!strcmp(w[1], "forwarding-classes") && n >= 5 && !strcmp(w[2], "class")) {
		if (!(x = NAMED(fcs, w[3], at(c, s))))
			return FC_ERR_NOMEM;
		for (k = 4; k < n; k++)
			if (!strcmp(w[k], "queue-num") && k + 1 < n && fc_parse_i64(w[k + 1], 0, 15, &v))
				x->queue = (int)v, x->has_queue = true, x->queue_line = s->line, k++;
			else if (!strcmp(w[k], "no-loss"))
				x->no_loss = true, x->no_loss_line = s->line;
			else if (!strcmp(w[k], "pfc-priority") && k + 1 < n && fc_parse_i64(w[k + 1], 0, 7, &v))
				x->pfc_prio = (int)v, x->has_pfc_prio = true, k++;
			else
				return *known = false, FC_OK;
		return FC_OK;
	}
	if (!strcmp(w[1], "forwarding-classes") && n == 5 && !strcmp(w[2], "queue") && fc_parse_i64(w[3], 0, 15, &v)) {
		if (!(x = NAMED(fcs, w[4], at(c, s))))
			return FC_ERR_NOMEM;
		x->queue = (int)v, x->has_queue = true, x->queue_line = s->line;
		return FC_OK;
	}
	/* drop-profiles D interpolate fill-level F | drop-probability P; fill-level F drop-probability P */
	if (!strcmp(w[1], "drop-profiles") && n >= 6) {
		if (!(x = NAMED(dps, w[2], at(c, s))))
			return FC_ERR_NOMEM;
		for (k = 3; k < n; k++)
			if (!strcmp(w[k], "interpolate"))
				continue;
			else if ((!strcmp(w[k], "fill-level") || !strcmp(w[k], "drop-probability")) && k + 1 < n &&
				 fc_parse_i64(w[k + 1], 0, 100, &v)) {
				bool fill = !strcmp(w[k], "fill-level");
				int *cnt = fill ? &x->nfill : &x->nprob;

				if (*cnt < 8)
					(fill ? x->fill : x->prob)[(*cnt)++] = (int)v;
				k++;
			} else
				return *known = false, FC_OK;
		return FC_OK;
	}
	/* schedulers S transmit-rate [percent] N | priority P | explicit-congestion-notification |
	 * drop-profile-map ... drop-profile D | buffer-size ... | shaping-rate ... */
	if (!strcmp(w[1], "schedulers") && n >= 4) {
		if (!(x = NAMED(scheds, w[2], at(c, s))))
			return FC_ERR_NOMEM;
		if (n == 4 && !strcmp(w[3], "explicit-congestion-notification"))
			x->ecn = true, x->ecn_line = s->line;
		else if (n == 5 && !strcmp(w[3], "priority"))
			x->prio = w[4], x->prio_line = s->line;
		else if (n >= 5 && !strcmp(w[3], "transmit-rate") && !strcmp(w[4], "percent") && n >= 6 &&
			 fc_parse_i64(w[5], 0, 100, &v))
			x->bw = (int)v, x->has_bw = true, x->bw_line = s->line;
		else if (n >= 5 && !strcmp(w[3], "transmit-rate"))
			;   /* a rate in bits per second (or exact, remainder): no share of the port */
		else if (!strcmp(w[3], "drop-profile-map") && !strcmp(w[n - 2], "drop-profile"))
			x->dp = w[n - 1], x->dp_line = s->line;
		else if (n == 6 && !strcmp(w[3], "drop-profile-map") && (!strcmp(w[4], "loss-priority") ||
									 !strcmp(w[4], "protocol")))
			;   /* which packets the profile drops or marks: the XML and JSON forms' own statements */
		else if (n == 6 && !strcmp(w[3], "buffer-size") && !strcmp(w[4], "temporal") &&
			 fc_parse_i64(w[5], 1, 80000000, &v))
			x->buf_us = v, x->buf_kind = w[4], x->buf_line = s->line;   /* microseconds */
		else if (n >= 5 && !strcmp(w[3], "buffer-size") && strcmp(w[4], "temporal"))
			x->buf_kind = w[4], x->buf_line = s->line;   /* percent N, remainder, shared, exact */
		else if (!strcmp(w[3], "shaping-rate") || !strcmp(w[3], "buffer-dynamic-threshold"))
			;   /* the queue's rate cap and its share of the shared buffer: no verdict of a rule here */
		else
			*known = false;
		return FC_OK;
	}
	/* scheduler-maps M forwarding-class F scheduler S */
	if (!strcmp(w[1], "scheduler-maps") && n == 7 && !strcmp(w[3], "forwarding-class") && !strcmp(w[5], "scheduler")) {
		struct junos_named *fcm;

		if (!(x = NAMED(smaps, w[2], at(c, s))) ||
		    !(fcm = named(c->m, &x->kids, &x->n_kids, &x->cap_kids, w[4], at(c, s))))
			return FC_ERR_NOMEM;
		fcm->sched = w[6];
		return FC_OK;
	}
	/* congestion-notification-profile P input dscp|ieee-802.1 code-point X pfc [mru N];
	 * output ieee-802.1 code-point X flow-control-queue Q; pfc-watchdog [...] */
	if (!strcmp(w[1], "congestion-notification-profile") && n >= 4) {
		if (!(x = NAMED(cnps, w[2], at(c, s))))
			return FC_ERR_NOMEM;
		if (!strcmp(w[3], "pfc-watchdog"))
			return x->watchdog = true, x->watchdog_line = s->line, FC_OK;
		if (n >= 8 && !strcmp(w[3], "input") && !strcmp(w[5], "code-point") && !strcmp(w[7], "pfc")) {
			int cp = code_point(w[6], !strcmp(w[4], "dscp"));

			if (cp < 0 || (strcmp(w[4], "dscp") && strcmp(w[4], "ieee-802.1")))
				return *known = false, FC_OK;
			if (!strcmp(w[4], "dscp"))
				x->pfc_dscp |= (uint64_t)1 << cp;
			else
				x->pfc_pcp |= 1u << cp;
			x->pfc_line = x->pfc_line ? x->pfc_line : s->line;
			return FC_OK;
		}
		if (n == 9 && !strcmp(w[3], "output") && !strcmp(w[4], "ieee-802.1") && !strcmp(w[5], "code-point") &&
		    !strcmp(w[7], "flow-control-queue") && fc_parse_i64(w[8], 0, 15, &v)) {
			int cp = code_point(w[6], false);

			if (cp < 0)
				return *known = false, FC_OK;
			x->out_queue[cp] = (int)v + 1;
			x->out_line[cp] = s->line;
			return FC_OK;
		}
		return *known = false, FC_OK;
	}
	/* interfaces X|pattern [unit N|*] classifiers dscp|ieee-802.1 C; scheduler-map M;
	 * congestion-notification-profile P */
	if (!strcmp(w[1], "interfaces") && n >= 5) {
		size_t i = 3;

		if (!(x = NAMED(ifs, w[2], at(c, s))))
			return FC_ERR_NOMEM;
		if (n >= 6 && !strcmp(w[3], "unit"))
			i = 5;
		if (n == i + 3 && !strcmp(w[i], "classifiers") && !strcmp(w[i + 1], "dscp"))
			x->dscp_c = w[i + 2], x->dscp_c_line = s->line;
		else if (n == i + 3 && !strcmp(w[i], "classifiers") && !strcmp(w[i + 1], "ieee-802.1"))
			x->pcp_c = w[i + 2], x->pcp_c_line = s->line;
		else if (n == i + 2 && !strcmp(w[i], "scheduler-map"))
			x->smap = w[i + 1], x->smap_line = s->line;
		else if (n == i + 2 && !strcmp(w[i], "congestion-notification-profile"))
			x->cnp = w[i + 1], x->cnp_line = s->line;
		else if (n >= i + 2 && !strcmp(w[i], "rewrite-rules"))
			x->rewrite = true, x->rewrite_line = s->line;
		else
			*known = false;
		return FC_OK;
	}
	if (!strcmp(w[1], "shared-buffer") || !strcmp(w[1], "dedicated-buffer") || !strcmp(w[1], "dedicated-buffer-profile") ||
	    !strcmp(w[1], "host-outbound-traffic") || !strcmp(w[1], "rewrite-rules"))
		return FC_OK;   /* buffer partitions by percent (headroom: managed), CPU traffic, re-marking rules
				 * (a port that binds some: its DSCP out is not known) */
	return *known = false, FC_OK;
}

/* --- the port's class of service --------------------------------------------------------------- */

static const struct junos_named *find(const struct junos_named *v, size_t n, const char *name)
{
	size_t i;

	for (i = 0; name && i < n; i++)
		if (!strcmp(v[i].name, name))
			return &v[i];
	return NULL;
}

/* The port's bindings, field by field: its own entry's, else the first wildcard's that matches. */
void junos_cos_port(const struct junos_cos *cos, const char *port, struct junos_named *out)
{
	size_t i;
	int pass;

	memset(out, 0, sizeof(*out));
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < cos->n_ifs; i++) {
			const struct junos_named *e = &cos->ifs[i];

			if (pass == 0 ? strcmp(e->name, port) != 0 : (!strcmp(e->name, port) || fnmatch(e->name, port, 0)))
				continue;
			if (e->dscp_c && !out->dscp_c)
				out->dscp_c = e->dscp_c, out->dscp_c_line = e->dscp_c_line;
			if (e->pcp_c && !out->pcp_c)
				out->pcp_c = e->pcp_c, out->pcp_c_line = e->pcp_c_line;
			if (e->smap && !out->smap)
				out->smap = e->smap, out->smap_line = e->smap_line;
			if (e->cnp && !out->cnp)
				out->cnp = e->cnp, out->cnp_line = e->cnp_line;
			if (e->rewrite && !out->rewrite)
				out->rewrite = true, out->rewrite_line = e->rewrite_line;
			if (!out->name)
				out->name = e->name;
		}
}

/* Where the port's bindings come from: the configuration's lines, or the running state's. */
struct bsrc {
	struct fc_src dscp, pcp, smap, cnp;
	bool run_dscp, run_smap, run_cnp;     /* the running state's binding replaced the configuration's */
	struct junos_named conf;              /* the configuration's bindings */
};

static const struct junos_run *running(const struct junos_state *s, const char *port)
{
	size_t i;

	for (i = 0; i < s->nruns; i++)
		if (!strcmp(s->runs[i].port, port))
			return &s->runs[i];
	return NULL;
}

static bool same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* A running binding differs from the configuration's: the names differ and one is the
 * configuration's (a default the switch applies where the configuration binds none, such as its
 * default classifier, is no difference). */
static bool differs(bool has, const char *run, const char *conf, const struct junos_named *defs, size_t ndefs)
{
	return has && !same(run, conf) && (conf || (run && find(defs, ndefs, run)));
}

/* The port's bindings: the configuration's (junos_cos_port), then what show class-of-service
 * interface says runs where it differs; the sources say which. */
static void port_bindings(const struct junos_state *s, const char *port, struct junos_named *b, struct bsrc *bs)
{
	const struct junos_cos *cos = &s->cos;
	const struct junos_run *r = running(s, port);
	const char *file = s->config.file;

	junos_cos_port(cos, port, b);
	bs->conf = *b;
	bs->dscp = fc_src_at(file, b->dscp_c_line);
	bs->pcp = fc_src_at(file, b->pcp_c_line);
	bs->smap = fc_src_at(file, b->smap_line);
	bs->cnp = fc_src_at(file, b->cnp_line);
	bs->run_dscp = r && differs(r->has_dscp, r->dscp_c, b->dscp_c, cos->dscp_cls, cos->n_dscp_cls);
	bs->run_smap = r && differs(r->has_smap, r->smap, b->smap, cos->smaps, cos->n_smaps);
	bs->run_cnp = r && differs(r->has_cnp, r->cnp, b->cnp, cos->cnps, cos->n_cnps);
	if (bs->run_dscp)
		b->dscp_c = r->dscp_c, bs->dscp = r->dscp_src;
	if (bs->run_smap)
		b->smap = r->smap, bs->smap = r->smap_src;
	if (bs->run_cnp)
		b->cnp = r->cnp, bs->cnp = r->cnp_src;
}

/* Each binding that runs otherwise than configured (port_bindings): a conflict of the device. */
static enum fc_rc binding_conflicts(struct fc_parse_ctx *c, const struct junos_state *s, const char *port,
				    const struct junos_named *b, const struct bsrc *bs)
{
	static const char none[] = "(none)";
	const struct junos_named *k = &bs->conf;
	const char *file = s->config.file;
	enum fc_rc rc = FC_OK;

	if (bs->run_dscp)
		rc = fc_dev_add_conflict(c->m, c->dev, port, "classifiers dscp", b->dscp_c ? b->dscp_c : "(default)",
					 bs->dscp, k->dscp_c ? k->dscp_c : none,
					 k->dscp_c_line ? fc_src_at(file, k->dscp_c_line) : s->config);
	if (rc == FC_OK && bs->run_smap)
		rc = fc_dev_add_conflict(c->m, c->dev, port, "scheduler-map", b->smap ? b->smap : "(default)", bs->smap,
					 k->smap ? k->smap : none, k->smap_line ? fc_src_at(file, k->smap_line) : s->config);
	if (rc == FC_OK && bs->run_cnp)
		rc = fc_dev_add_conflict(c->m, c->dev, port, "congestion-notification-profile", b->cnp ? b->cnp : none,
					 bs->cnp, k->cnp ? k->cnp : none, k->cnp_line ? fc_src_at(file, k->cnp_line) : s->config);
	return rc;
}

/* The priorities the port's profile pauses: input ieee-802.1 code points, and the pfc-priority of
 * the forwarding class each input dscp code point is classified into. */
static int64_t paused(const struct junos_cos *cos, const struct junos_named *cnp, const struct junos_named *cls)
{
	int64_t mask = cnp->pfc_pcp;
	int d;

	for (d = 0; d < 64; d++) {
		const struct junos_named *fc;

		if (!((cnp->pfc_dscp >> d) & 1) || !cls || !cls->map[d] || !(fc = find(cos->fcs, cos->n_fcs, cls->map[d])) ||
		    !fc->has_pfc_prio)
			continue;
		mask |= (int64_t)1 << fc->pfc_prio;
	}
	return mask;
}

enum fc_rc junos_cos_ports(struct fc_parse_ctx *c, const struct junos_state *s)
{
	const struct junos_cos *cos = &s->cos;
	size_t i;

	for (i = 0; i < c->dev->nifaces; i++) {
		struct fc_iface *ifc = c->dev->ifaces[i];
		struct fc_swport *sw = fc_swport_mut(c->m, ifc);
		struct junos_named b;
		struct bsrc bs;
		const struct junos_named *cnp, *cls;
		enum fc_rc rc;

		if (!sw)
			return FC_ERR_NOMEM;
		port_bindings(s, ifc->name, &b, &bs);
		if ((rc = binding_conflicts(c, s, ifc->name, &b, &bs)) != FC_OK)
			return rc;
		cls = find(cos->dscp_cls, cos->n_dscp_cls, b.dscp_c);
		if (b.dscp_c) {
			fc_set_trust(&ifc->trust, FC_TRUST_DSCP, bs.dscp);
		} else if (b.pcp_c) {
			fc_set_trust(&ifc->trust, FC_TRUST_PCP, bs.pcp);
		} else
			fc_set_unknown(&ifc->trust.m, "no classifier bound to the port: Junos's default classifier applies, "
						      "which the configuration does not state");
		cnp = find(cos->cnps, cos->n_cnps, b.cnp);
		if (!b.cnp) {
			/* the running state's line where it unbinds what the configuration binds, else the
			 * port's own class-of-service binding, the line that leaves it out */
			unsigned bl = b.smap_line ? b.smap_line : b.dscp_c_line ? b.dscp_c_line : b.pcp_c_line;
			struct fc_src bsrc = bs.run_cnp ? bs.cnp : bl ? fc_src_at(c->file, bl) : s->config;

			fc_set_str(c->m, &ifc->pfc_mode, "off", bsrc);
			fc_set_int(&ifc->pfc_prios, 0, bsrc);
			ifc->pfc_prios.m.why = "no congestion-notification-profile bound to the port: no PFC";
			fc_set_bool(&sw->pfc_watchdog, false, bsrc);
			sw->pfc_watchdog.m.why = "no congestion-notification-profile: no PFC watchdog";
		} else if (!cnp) {
			fc_set_unknown(&ifc->pfc_prios.m, fc_sprintf(c->m->arena, "congestion-notification-profile %s is bound "
										    "but not defined", b.cnp));
		} else {
			int64_t mask = paused(cos, cnp, cls);
			struct fc_src src = cnp->pfc_line ? fc_src_at(c->file, cnp->pfc_line) : bs.cnp;

			fc_set_str(c->m, &ifc->pfc_mode, mask ? "on" : "off", src);
			fc_set_int(&ifc->pfc_prios, mask, src);
			fc_set_bool(&sw->pfc_watchdog, cnp->watchdog, cnp->watchdog ? fc_src_at(c->file, cnp->watchdog_line)
										     : bs.cnp);
			if (!cnp->watchdog)
				sw->pfc_watchdog.m.why = "the congestion-notification-profile has no pfc-watchdog";
		}
		if (!ifc->pause_rx.m.known) {
			fc_set_bool(&ifc->pause_rx, false, s->config);
			ifc->pause_rx.m.why = "no flow-control: 802.3x pause off (Junos's default)";
		}
		if (!ifc->pause_tx.m.known) {
			fc_set_bool(&ifc->pause_tx, false, s->config);
			ifc->pause_tx.m.why = "no flow-control: 802.3x pause off (Junos's default)";
		}
	}
	return FC_OK;
}

/* --- the QoS path ------------------------------------------------------------------------------ */

struct walk {
	const struct junos_state *s;
	struct junos_named b;                 /* the port's bindings */
	struct bsrc bs;                       /* where each comes from */
	const struct junos_named *fc;         /* the class the packet takes */
};

static enum fc_rc qos_begin(struct fc_qos_walk *qw)
{
	const struct junos_state *s = qw->dev->adapter_state;
	void *state;
	enum fc_rc rc = fc_qos_walk_begin(qw, s && s->have_config, sizeof(struct walk), &state);

	if (state)
		((struct walk *)state)->s = s;
	return rc;
}

static bool qos_port(struct fc_qos_walk *qw, const struct fc_iface *ifc)
{
	struct walk *w = qw->state;

	if (!junos_is_port(ifc->name) || !strncmp(ifc->name, "ae", 2))
		return false;   /* a bundle's class of service is its members' */
	/* a cage broken out carries nothing itself; a port with no address, no bundle and no switching
	 * (an Apstra placeholder's bare `unit 0 family inet`) carries no traffic */
	if (fc_hmap_get(w->s->cages, ifc->name, strlen(ifc->name)) ||
	    !fc_hmap_get(w->s->carries, ifc->name, strlen(ifc->name)))
		return false;
	port_bindings(w->s, ifc->name, &w->b, &w->bs);
	return true;
}

static void qos_classify(struct fc_qos_walk *qw, const struct fc_iface *ifc, enum fc_tclass t, int64_t dscp,
			 struct fc_hop *h)
{
	struct fc_model *m = qw->m;
	struct walk *w = qw->state;
	const struct junos_cos *cos = &w->s->cos;
	const struct junos_named *cls = find(cos->dscp_cls, cos->n_dscp_cls, w->b.dscp_c);
	const char *fcn = cls ? cls->map[dscp] : NULL;
	const char *file = w->s->config.file;

	(void)t, (void)ifc;
	w->fc = NULL;
	fc_set_unknown(&h->pcp_strict.m, "the classifier reads the DSCP, not the PCP");
	if (!w->b.dscp_c) {
		fc_hop_unknown(h, w->b.pcp_c ? "the port classifies by IEEE 802.1 (PCP), not the DSCP"
					    : "no classifier bound to the port: Junos's default classifier applies, which the "
					      "configuration does not state");
		return;
	}
	fc_set_str(m, &h->classifier, fc_sprintf(m->arena, "classifiers dscp %s", w->b.dscp_c), w->bs.dscp);
	fc_set_bool(&h->per_port, strchr(w->b.name ? w->b.name : "", '*') == NULL, w->bs.dscp);
	fc_set_trust(&h->trust, FC_TRUST_DSCP, w->bs.dscp);
	if (!cls) {
		fc_hop_unknown_rest(h, fc_sprintf(m->arena, "classifier %s is bound but not defined", w->b.dscp_c));
		return;
	}
	if (!fcn) {
		fc_set_unknown(&h->tc.m, fc_sprintf(m->arena, "classifier %s names no forwarding class for DSCP %lld: Junos's "
								"default classification applies, which the configuration "
								"does not state", w->b.dscp_c, (long long)dscp));
		return;
	}
	fc_set_str(m, &h->match, fc_sprintf(m->arena, "forwarding-class %s", fcn), fc_src_at(file, cls->map_line[dscp]));
	if (!(w->fc = find(cos->fcs, cos->n_fcs, fcn)) || !w->fc->has_queue) {
		fc_set_unknown(&h->tc.m, fc_sprintf(m->arena, "forwarding class %s is not defined with a queue-num: Junos's "
								"default classes are not modelled", fcn));
		w->fc = NULL;
		return;
	}
	fc_set_int(&h->tc, w->fc->queue, fc_src_at(file, cls->map_line[dscp]));
}

/* The drop profile's fill levels as bytes. A fill level is a percent of the queue's buffer; only a
 * scheduler's `buffer-size temporal T` states that buffer as a quantity: T microseconds of the
 * port's speed (speed / 8 x T bytes). Where the scheduler gives a percent of the port's buffer, or
 * none (a share of a shared buffer the switch sizes dynamically), no byte value follows and the
 * thresholds are unknown with why. Source: Juniper Networks, "Class of Service User Guide (Routers
 * and EX9200 Switches)", buffer-size (temporal) and drop-profiles (interpolate fill-level). */
static void fill_bytes(struct fc_model *m, const struct fc_iface *ifc, const struct junos_named *sch,
		       const struct junos_named *dp, struct fc_hop *h)
{
	int lo = dp->fill[0], hi = dp->fill[dp->nfill - 1];
	const char *why;

	if (sch->buf_us > 0 && ifc->speed_mbps.m.known && ifc->speed_mbps.v > 0) {
		/* Mb/s x us / 8 = bytes; a 400G port over 80 s stays far inside int64 */
		int64_t q = ifc->speed_mbps.v * sch->buf_us / 8;

		why = fc_sprintf(m->arena, "assumed: drop profile %s's fill levels %d %% and %d %% of the queue's buffer, "
					   "which scheduler %s sizes as %lld us at the port's %lld Mb/s (%lld bytes)", dp->name,
				 lo, hi, sch->name, (long long)sch->buf_us, (long long)ifc->speed_mbps.v, (long long)q);
		fc_set_int(&h->kmin, q * lo / 100, dp->src);
		fc_set_int(&h->kmax, q * hi / 100, dp->src);
		h->kmin.m.why = h->kmax.m.why = why;
		return;
	}
	if (sch->buf_us > 0)
		why = fc_sprintf(m->arena, "drop profile %s marks from %d %% to %d %% of scheduler %s's %lld us buffer, "
					   "and the port's speed is not known: %s", dp->name, lo, hi, sch->name,
				 (long long)sch->buf_us, fc_why(&ifc->speed_mbps.m));
	else if (sch->buf_kind)
		why = fc_sprintf(m->arena, "drop profile %s marks from %d %% to %d %% of the queue's buffer, which scheduler "
					   "%s gives as buffer-size %s (a share of the port's buffer, whose bytes the "
					   "configuration does not state): no byte value", dp->name, lo, hi, sch->name,
				 sch->buf_kind);
	else
		why = fc_sprintf(m->arena, "drop profile %s marks from %d %% to %d %% of the queue's buffer, which Junos "
					   "sizes dynamically (scheduler %s has no buffer-size): no byte value", dp->name,
				 lo, hi, sch->name);
	fc_set_unknown(&h->kmin.m, why);
	fc_set_unknown(&h->kmax.m, why);
}

static void qos_resolve(struct fc_qos_walk *qw, const struct fc_iface *ifc, enum fc_tclass t, int64_t dscp,
			struct fc_hop *h)
{
	struct fc_model *m = qw->m;
	struct walk *w = qw->state;
	const struct junos_cos *cos = &w->s->cos;
	const struct junos_named *fc = w->fc, *smap, *sch = NULL, *cnp, *dp = NULL, *entry;
	const char *file = w->s->config.file;
	struct fc_src fsrc = fc ? fc->src : w->s->config;
	int64_t prio = m->intent.roce_prio.m.known ? m->intent.roce_prio.v : -1;

	if (!fc)
		return;
	if (w->b.rewrite)
		fc_set_unknown(&h->dscp_out.m, "rewrite-rules are bound to the port: the DSCP they write is not modelled");
	else {
		fc_set_int(&h->dscp_out, dscp, h->tc.m.src);
		h->dscp_out.m.why = "not re-marked: no rewrite-rules bound";
	}
	fc_set_str(m, &h->tc_name, fc->name, fsrc);
	if (!ifc->pfc_prios.m.known)
		fc_set_unknown(&h->pfc_cos.m, fc_why(&ifc->pfc_prios.m));
	else if (!fc->no_loss || !fc->has_pfc_prio) {
		fc_set_int(&h->pfc_cos, 0, fsrc);
		h->pfc_cos.m.why = fc_sprintf(m->arena, "forwarding class %s is not no-loss with a pfc-priority", fc->name);
	} else {
		fc_set_int(&h->pfc_cos, ifc->pfc_prios.v & ((int64_t)1 << fc->pfc_prio), ifc->pfc_prios.m.src);
		h->pfc_cos.m.why = fc_sprintf(m->arena, "class %s's pfc-priority %d, paused where the port's "
							   "congestion-notification-profile enables PFC", fc->name, fc->pfc_prio);
	}
	if (ifc->mtu.m.known) {
		fc_set_int(&h->mtu, ifc->mtu.v, ifc->mtu.m.src);
		h->mtu.m.why = "Junos has no per-class MTU: the port's";
	} else
		fc_set_unknown(&h->mtu.m, fc_why(&ifc->mtu.m));
	/* egress */
	fc_set_str(m, &h->queue, fc_sprintf(m->arena, "%d", fc->queue), fc_src_at(file, fc->queue_line));
	smap = find(cos->smaps, cos->n_smaps, w->b.smap);
	entry = smap ? find(smap->kids, smap->n_kids, fc->name) : NULL;
	if (entry)
		sch = find(cos->scheds, cos->n_scheds, entry->sched);
	if (!w->b.smap || !smap || !sch) {
		const char *why = !w->b.smap ? "no scheduler-map bound to the port: Junos's default schedulers apply"
			: !smap ? fc_sprintf(m->arena, "scheduler-map %s is bound but not defined", w->b.smap)
			: fc_sprintf(m->arena, "scheduler-map %s gives class %s no (defined) scheduler", w->b.smap, fc->name);

		fc_set_unknown(&h->strict.m, why);
		fc_set_unknown(&h->bw_percent.m, why);
		fc_set_unknown(&h->ecn.m, why);
	} else {
		struct fc_src ssrc = entry->src;

		fc_set_bool(&h->queue_per_port, strchr(w->b.name ? w->b.name : "", '*') == NULL, w->bs.smap);
		if (sch->prio && !strcmp(sch->prio, "strict-high"))
			fc_set_int(&h->strict, 1, fc_src_at(file, sch->prio_line));
		else {
			fc_set_int(&h->strict, 0, sch->prio ? fc_src_at(file, sch->prio_line) : ssrc);
			if (sch->has_bw)
				fc_set_int(&h->bw_percent, sch->bw, fc_src_at(file, sch->bw_line));
			else
				fc_set_unknown(&h->bw_percent.m, "the scheduler has no transmit-rate percent");
		}
		fc_set_bool(&h->ecn, sch->ecn, sch->ecn ? fc_src_at(file, sch->ecn_line) : sch->src);
		if (!sch->ecn)
			h->ecn.m.why = fc_sprintf(m->arena, "scheduler %s has no explicit-congestion-notification", sch->name);
		dp = find(cos->dps, cos->n_dps, sch->dp);
		if (sch->ecn && dp && dp->nfill >= 1 && dp->nprob >= 1) {
			fill_bytes(m, ifc, sch, dp, h);
			fc_set_int(&h->prob, dp->prob[dp->nprob - 1], dp->src);
		} else if (sch->ecn) {
			fc_set_unknown(&h->kmin.m, "explicit-congestion-notification without a drop profile: Junos's default");
			fc_set_unknown(&h->kmax.m, "explicit-congestion-notification without a drop profile: Junos's default");
		}
	}
	/* a pause for the RoCE priority stops the queue the profile's output map names */
	cnp = find(cos->cnps, cos->n_cnps, w->b.cnp);
	if (t == FC_TC_ROCE && cnp && prio >= 0 && cnp->out_queue[prio & 7]) {
		fc_set_str(m, &h->pause_queue, fc_sprintf(m->arena, "%d", cnp->out_queue[prio & 7] - 1),
			   fc_src_at(file, cnp->out_line[prio & 7]));
		h->pause_queue.m.why = "output ieee-802.1 code-point flow-control-queue: the queue a pause for the priority "
				       "stops";
	}
	fc_set_bool(&h->queue_lossless, fc->no_loss, fc->no_loss ? fc_src_at(file, fc->no_loss_line) : fsrc);
	if (!fc->no_loss)
		h->queue_lossless.m.why = fc_sprintf(m->arena, "forwarding class %s is not no-loss", fc->name);
	{
		const char *why = "the shared-buffer partitions (lossless, lossless-headroom) size the PFC headroom by a "
				  "percent of the switch's buffer: no per-port byte value";

		fc_set_managed(&h->buf.size.m, why);
		fc_set_managed(&h->buf.headroom.m, why);
		fc_set_managed(&h->buf.xoff.m, why);
	}
}

const struct fc_qos_resolver junos_qos = {
	.begin = qos_begin,
	.port = qos_port,
	.classify = qos_classify,
	.resolve = qos_resolve,
};
