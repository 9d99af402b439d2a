/* SPDX-License-Identifier: MIT */
/* The HTML report's link matrix: one row per cabled link, each attribute with the two ends side by
 * side, read from the model (the values the rules read, unknown ones with their reason). A cell is
 * marked when a finding that is not a pass names that end, in the column of its rule's aspect
 * (struct fc_rule.aspect): a link finding marks the end(s) its evidence names, a device finding
 * the link ends its evidence names. The matrix knows no rule and no platform. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/html.h"
#include "util/hmap.h"

enum { MARK_NONE, MARK_UNKNOWN, MARK_WARN, MARK_FAIL };

static const char *const col_name[FC_ASPECT_COUNT] = {
	[FC_ASPECT_OTHER] = "Link", [FC_ASPECT_L1] = "Speed, lanes, mode", [FC_ASPECT_FEC] = "FEC",
	[FC_ASPECT_MTU] = "MTU", [FC_ASPECT_PFC] = "PFC priorities", [FC_ASPECT_TRUST] = "Trust",
	[FC_ASPECT_ECN] = "ECN", [FC_ASPECT_HEADROOM] = "Headroom (RoCE priority)",
	[FC_ASPECT_OPTICS] = "Optical power per lane", [FC_ASPECT_ACL] = "ACL in / out",
	[FC_ASPECT_CABLING] = "LLDP neighbour",
};

struct matrix {
	const struct fc_model *m;
	char **end_name;          /* [2 * link + side]: "dev:if" */
	unsigned char *mark;      /* [(2 * link + side) * FC_ASPECT_COUNT + aspect] */
	const char **hr_ev;       /* [2 * link + side]: a headroom finding's evidence for that end */
	struct fc_arena *a;
	struct fc_hmap *ends;     /* "dev:if" -> 1 + 2 * link + side */
};

static int level(const struct fc_finding *f)
{
	if (f->waived || f->status == FC_PASS)
		return MARK_NONE;
	return f->status == FC_FAIL ? MARK_FAIL : f->status == FC_WARN ? MARK_WARN : MARK_UNKNOWN;
}

static void mark(struct matrix *x, size_t end, enum fc_aspect asp, int lv)
{
	unsigned char *c = &x->mark[end * FC_ASPECT_COUNT + asp];

	if (lv > *c)
		*c = (unsigned char)lv;
}

static bool names_dev(const char *ev_end, const struct fc_endpoint *e)
{
	return e->dev_name && !strcmp(ev_end, e->dev_name);
}

/* A headroom finding names both ends; where it gives have and need, only the short end is marked. */
static void short_ends(const struct fc_finding *f, char *const *names, bool side[2])
{
	bool shorter[2] = { false, false };
	long long have;
	double need;
	size_t i, k;

	for (i = 0; i < f->nev; i++)
		for (k = 0; k < 2; k++)
			if (!strcmp(f->ev[i].what, FC_EV_HEADROOM) && !strcmp(f->ev[i].end, names[k]) &&
			    sscanf(f->ev[i].value, "%lld B / %lf B", &have, &need) == 2 && (double)have < need)
				shorter[k] = true;
	if (shorter[0] || shorter[1]) {
		side[0] = shorter[0];
		side[1] = shorter[1];
	}
}

/* Marks what finding f says of the links. */
static void place(struct matrix *x, const struct fc_finding *f)
{
	int lv = level(f);
	size_t i, li;
	enum fc_aspect asp = f->rule->aspect;

	if (f->link && f->link >= x->m->links && f->link < x->m->links + x->m->nlinks) {
		bool side[2] = { false, false };

		li = (size_t)(f->link - x->m->links);
		for (i = 0; i < f->nev; i++) {
			const char *e = f->ev[i].end;

			side[0] |= !strcmp(e, x->end_name[2 * li]) || names_dev(e, &f->link->a);
			side[1] |= !strcmp(e, x->end_name[2 * li + 1]) || names_dev(e, &f->link->b);
			if (asp == FC_ASPECT_HEADROOM && !strcmp(f->ev[i].what, FC_EV_HEADROOM)) {
				size_t s = !strcmp(e, x->end_name[2 * li + 1]);

				if (!x->hr_ev[2 * li + s])
					x->hr_ev[2 * li + s] = f->ev[i].value;
			}
		}
		if (!lv)
			return;
		if (asp == FC_ASPECT_HEADROOM)
			short_ends(f, x->end_name + 2 * li, side);
		if (!side[0] && !side[1])
			side[0] = side[1] = true;
		for (i = 0; i < 2; i++)
			if (side[i])
				mark(x, 2 * li + i, asp, lv);
		return;
	}
	for (i = 0; i < f->nev; i++) {
		void *v = fc_hmap_get(x->ends, f->ev[i].end, strlen(f->ev[i].end));

		if (!v)
			continue;
		/* a finding of a port or a switch (an UNKNOWN folded onto the switch keeps the first
		 * link's evidence): the headroom it computed for an end is that end's cell too */
		if (asp == FC_ASPECT_HEADROOM && !strcmp(f->ev[i].what, FC_EV_HEADROOM) && !x->hr_ev[(size_t)(uintptr_t)v - 1])
			x->hr_ev[(size_t)(uintptr_t)v - 1] = f->ev[i].value;
		if (lv)
			mark(x, (size_t)(uintptr_t)v - 1, asp, lv);
	}
}

/* --- the values of one end ---------------------------------------------------------------- */

static void unknown(struct html_out *h, const struct fc_meta *m)
{
	hp(h, "<span class=unk title=\"");
	hx(h, m->why ? m->why : "no collected output reports it");
	hp(h, "\">?</span>");
}

static void prios(struct html_out *h, int64_t bits)
{
	int p, n = 0;

	for (p = 0; p < FC_PRIO_COUNT; p++)
		if (bits & (1 << p))
			hf(h, "%s%d", n++ ? "," : "", p);
	if (!n)
		hp(h, "none");
}

static void kbytes(struct html_out *h, const struct fc_int *v)
{
	if (v->m.known)
		hf(h, "%.1f KB", (double)v->v / 1024.0);
	else
		unknown(h, &v->m);
}

static void value(struct html_out *h, const struct matrix *x, enum fc_aspect asp, const struct fc_endpoint *e,
		  const char *hr_ev)
{
	const struct fc_iface *i = e->ifc;
	const struct fc_hop *hop = i && i->hops ? &i->hops[FC_TC_ROCE] : NULL;
	bool host = e->dev && e->dev->kind == FC_DEV_HOST;
	int64_t rp = x->m->intent.roce_prio.m.known ? x->m->intent.roce_prio.v : -1;
	size_t k;

	if (!i) {
		hp(h, "<span class=unk title=\"interface not seen\">?</span>");
		return;
	}
	switch (asp) {
	case FC_ASPECT_L1:
		if (i->speed_mbps.m.known)
			hf(h, "%lldG", (long long)(i->speed_mbps.v / 1000));
		else
			unknown(h, &i->speed_mbps.m);
		if (i->lanes.m.known)
			hf(h, " x%lld", (long long)i->lanes.v);
		if (i->link_mode.m.known) {
			hp(h, " ");
			hx(h, i->link_mode.v);
		} else if (i->medium.m.known) {
			hp(h, " ");
			hx(h, fc_medium_name(i->medium.v));
		}
		break;
	case FC_ASPECT_FEC:
		if (i->fec_active.m.known)
			hx(h, fc_fec_name(i->fec_active.v));
		else if (i->fec_config.m.known) {
			hx(h, fc_fec_name(i->fec_config.v));
			hp(h, " (configured)");
		} else
			unknown(h, &i->fec_active.m);
		break;
	case FC_ASPECT_MTU:
		if (i->mtu.m.known)
			hf(h, "%lld", (long long)i->mtu.v);
		else
			unknown(h, &i->mtu.m);
		break;
	/* each cell shows the value its column's rule judges, from where the rule reads it: the
	 * port's PFC priorities as they run (PFC-PRIO-MATCH; a class's pfc-cos on a port with PFC off
	 * pauses nothing), a switch port's trust on its resolved path and a host's DCB trust
	 * (PFC-TRUST); tests/cli/matrix_agrees.py holds the cells to the findings' evidence */
	case FC_ASPECT_PFC:
		if (i->pfc_prios.m.known)
			prios(h, i->pfc_prios.v);
		else
			unknown(h, &i->pfc_prios.m);
		break;
	case FC_ASPECT_TRUST:
		if (!host && !hop)
			hp(h, "<span class=unk title=\"no QoS path resolved for the port\">?</span>");
		else if (!host ? hop->trust.m.known : i->trust.m.known)
			hx(h, fc_trust_name(!host ? hop->trust.v : i->trust.v));
		else
			unknown(h, !host ? &hop->trust.m : &i->trust.m);
		break;
	case FC_ASPECT_ECN:
		if (host) {
			if (fc_nic(i)->ecn_np_prios.m.known || fc_nic(i)->ecn_rp_prios.m.known) {
				hp(h, "NP ");
				fc_nic(i)->ecn_np_prios.m.known ? prios(h, fc_nic(i)->ecn_np_prios.v) : unknown(h, &fc_nic(i)->ecn_np_prios.m);
				hp(h, ", RP ");
				fc_nic(i)->ecn_rp_prios.m.known ? prios(h, fc_nic(i)->ecn_rp_prios.v) : unknown(h, &fc_nic(i)->ecn_rp_prios.m);
			} else
				unknown(h, &fc_nic(i)->ecn_np_prios.m);
		} else if (hop && hop->ecn.m.known) {
			hp(h, hop->ecn.v ? "on" : "off");
			if (hop->ecn.v && hop->kmin.m.known && hop->kmax.m.known)
				hf(h, " %.0f-%.0f KB", (double)hop->kmin.v / 1024.0, (double)hop->kmax.v / 1024.0);
		} else
			unknown(h, hop ? &hop->ecn.m : &i->trust.m);
		break;
	case FC_ASPECT_HEADROOM: {
		long long have;
		double need;

		if (hr_ev && sscanf(hr_ev, "%lld B / %lf B", &have, &need) == 2)
			hf(h, "%.1f KB, needs %.1f KB", (double)have / 1024.0, need / 1024.0);
		else if (hop) {
			hp(h, "buffer ");
			kbytes(h, &hop->buf.size);
			hp(h, ", pause at ");
			kbytes(h, &hop->buf.xoff);
		} else if (rp >= 0 && rp < FC_PRIO_COUNT) {
			struct fc_pg tmp;

			hp(h, "receive buffer ");
			kbytes(h, &fc_iface_pg(i, rp, &tmp)->size);
		} else
			unknown(h, &x->m->intent.roce_prio.m);
		break;
	}
	case FC_ASPECT_OPTICS: {
		size_t shown = 0;

		for (k = 0; k < fc_xcvr(i)->nlanes; k++)
			if (fc_xcvr(i)->lanes[k].rx_dbm.m.known)
				hf(h, "%s%.2f", shown++ ? " / " : "rx ", fc_xcvr(i)->lanes[k].rx_dbm.v);
		if (shown)
			hp(h, " dBm");
		else if (fc_xcvr(i)->present.m.known && !fc_xcvr(i)->present.v)
			hp(h, "no module");
		else if (fc_xcvr(i)->type.m.known) {
			hx(h, fc_xcvr(i)->type.v);
			hp(h, ", no DOM");
		} else
			hp(h, "<span class=na>-</span>");
		break;
	}
	case FC_ASPECT_ACL:
		if (!fc_swport(i)->acl_in.m.known && !fc_swport(i)->acl_out.m.known) {
			hp(h, "<span class=na>none</span>");
			break;
		}
		hx(h, fc_swport(i)->acl_in.m.known ? fc_swport(i)->acl_in.v : "-");
		hp(h, " / ");
		hx(h, fc_swport(i)->acl_out.m.known ? fc_swport(i)->acl_out.v : "-");
		break;
	case FC_ASPECT_CABLING:
		if (i->lldp_sysname.m.known) {
			hx(h, i->lldp_sysname.v);
			hp(h, ":");
			hx(h, i->lldp_port.m.known ? i->lldp_port.v : "?");
		} else
			unknown(h, &i->lldp_sysname.m);
		break;
	default:
		break;
	}
}

static const char *const mark_class[] = { "", " class=m-unk", " class=m-warn", " class=m-fail" };

static void row(struct html_out *h, const struct matrix *x, size_t li)
{
	const struct fc_link *l = &x->m->links[li];
	const struct fc_endpoint *e[2] = { &l->a, &l->b };
	int a, s;
	int lm = x->mark[2 * li * FC_ASPECT_COUNT] > x->mark[(2 * li + 1) * FC_ASPECT_COUNT]
			 ? x->mark[2 * li * FC_ASPECT_COUNT] : x->mark[(2 * li + 1) * FC_ASPECT_COUNT];

	hp(h, "<tr><th scope=row");
	hp(h, mark_class[lm]);
	hp(h, ">");
	hx(h, x->end_name[2 * li]);
	hp(h, " &harr; ");
	hx(h, x->end_name[2 * li + 1]);
	if (l->length_m.m.known || l->cable.m.known) {
		hp(h, "<br><small>");
		if (l->cable.m.known)
			hx(h, fc_cable_name(l->cable.v));
		if (l->length_m.m.known)
			hf(h, " %.1f m", l->length_m.v);
		hp(h, "</small>");
	}
	hp(h, "</th>");
	for (a = FC_ASPECT_L1; a < FC_ASPECT_COUNT; a++)
		for (s = 0; s < 2; s++) {
			hf(h, "<td data-col=%d data-end=%c", a, s ? 'b' : 'a');
			hp(h, mark_class[x->mark[(2 * li + (size_t)s) * FC_ASPECT_COUNT + (size_t)a]]);
			hp(h, ">");
			value(h, x, (enum fc_aspect)a, e[s], x->hr_ev[2 * li + (size_t)s]);
			hp(h, "</td>");
		}
	hp(h, "</tr>\n");
}

/* The problems first, narrow enough for any screen: a row for each column of a link where an end
 * is failing or warning (failing first), both ends' values side by side, and a link to the link's
 * findings (the findings table filtered to it, where the page's script runs). */
static size_t problems(struct html_out *h, const struct matrix *x, size_t nl)
{
	size_t li, rows = 0;
	int pass, a;

	for (pass = MARK_FAIL; pass >= MARK_WARN; pass--)
		for (li = 0; li < nl; li++)
			for (a = FC_ASPECT_L1; a < FC_ASPECT_COUNT; a++) {
				int ma = x->mark[2 * li * FC_ASPECT_COUNT + (size_t)a];
				int mb = x->mark[(2 * li + 1) * FC_ASPECT_COUNT + (size_t)a];
				const struct fc_link *l = &x->m->links[li];
				int s;

				if ((ma > mb ? ma : mb) != pass)
					continue;
				if (!rows++)
					hp(h, "<table id=problems class=problems><thead><tr><th>Link</th><th>What</th><th>A</th>"
					      "<th>B</th><th></th></tr></thead><tbody>\n");
				hp(h, "<tr><th scope=row>");
				hx(h, x->end_name[2 * li]);
				hp(h, " &harr; ");
				hx(h, x->end_name[2 * li + 1]);
				hf(h, "</th><td>%s</td>", col_name[a]);
				for (s = 0; s < 2; s++) {
					hf(h, "<td data-col=%d data-end=%c", a, s ? 'b' : 'a');
					hp(h, mark_class[s ? mb : ma]);
					hp(h, ">");
					value(h, x, (enum fc_aspect)a, s ? &l->b : &l->a, x->hr_ev[2 * li + (size_t)s]);
					hp(h, "</td>");
				}
				hp(h, "<td><a class=to-findings href=\"#findings-sec\" data-link=\"");
				hx(h, x->end_name[2 * li]);
				hp(h, " &lt;-&gt; ");
				hx(h, x->end_name[2 * li + 1]);
				hp(h, "\">findings</a></td></tr>\n");
			}
	if (rows)
		hp(h, "</tbody></table>\n");
	return rows;
}

/* At fleet scale a link is listed for a failing or warning cell: a link whose only marks are
 * UNKNOWN has them in the findings' folded rows (a fleet without transceiver outputs has one on
 * every link). */
static bool marked(const struct matrix *x, size_t li)
{
	size_t k;

	for (k = 0; k < 2 * FC_ASPECT_COUNT; k++)
		if (x->mark[2 * li * FC_ASPECT_COUNT + k] >= MARK_WARN)
			return true;
	return false;
}

void html_link_matrix(struct html_out *h, const struct fc_report_run *run, const struct fc_finding *const *v,
		      size_t n)
{
	struct matrix x;
	size_t i, nl = run->m->nlinks, listed = 0;
	int a, failed = 0;

	memset(&x, 0, sizeof(x));
	x.m = run->m;
	hf(h, "<section id=links><h2>Links (%zu)</h2>\n", nl);
	if (!nl) {
		hp(h, "<p>No cabled link: give a cabling plan or collect LLDP.</p></section>\n");
		return;
	}
	x.a = fc_arena_new();
	x.end_name = calloc(2 * nl, sizeof(*x.end_name));
	x.mark = calloc(2 * nl * FC_ASPECT_COUNT, 1);
	x.hr_ev = calloc(2 * nl, sizeof(*x.hr_ev));
	x.ends = x.a ? fc_hmap_new(x.a, 2 * nl) : NULL;
	if (!x.a || !x.end_name || !x.mark || !x.hr_ev || !x.ends) {
		h->err = true;
		goto out;
	}
	for (i = 0; i < 2 * nl && !failed; i++) {
		const struct fc_endpoint *e = i % 2 ? &run->m->links[i / 2].b : &run->m->links[i / 2].a;
		size_t len = strlen(e->dev_name) + strlen(e->if_name) + 2;

		if (!(x.end_name[i] = fc_alloc(x.a, len))) {
			failed = 1;
			break;
		}
		snprintf(x.end_name[i], len, "%s:%s", e->dev_name, e->if_name);
		fc_hmap_put(x.ends, x.end_name[i], len - 1, (void *)(uintptr_t)(i + 1), &failed);
	}
	if (failed) {
		h->err = true;
		goto out;
	}
	for (i = 0; i < n; i++)
		place(&x, v[i]);
	if (problems(h, &x, nl))
		hp(h, "<p>Above, what fails or warns, a row for each column of a link; below, ");
	else
		hp(h, "<p>No link has a failing or warning cell. Below, ");
	hp(h, "both ends of every link side by side, as the rules read them; a cell is marked where a "
	      "finding that is not a pass names that end (<span class=m-fail>failing</span>, "
	      "<span class=m-warn>warning</span>, <span class=m-unk>unknown</span>). "
	      "<span class=unk>?</span> is unknown: hover for the reason.</p>\n");
	hp(h, "<div class=scroll><table id=matrix class=matrix><thead><tr><th rowspan=2>Link (A &harr; B)</th>");
	for (a = FC_ASPECT_L1; a < FC_ASPECT_COUNT; a++)
		hf(h, "<th colspan=2>%s</th>", col_name[a]);
	hp(h, "</tr><tr>");
	for (a = FC_ASPECT_L1; a < FC_ASPECT_COUNT; a++)
		hp(h, "<th>A</th><th>B</th>");
	hp(h, "</tr></thead><tbody>\n");
	for (i = 0; i < nl; i++)
		if (nl <= FC_HTML_ALL_LINKS || marked(&x, i)) {
			row(h, &x, i);
			listed++;
		}
	hp(h, "</tbody></table></div>\n");
	if (listed < nl)
		hf(h, "<p>%zu of %zu links have no failing or warning finding and are not listed (over %d links, only "
		      "those are; their UNKNOWN findings are in the findings table).</p>\n", nl - listed, nl, FC_HTML_ALL_LINKS);
out:
	hp(h, "</section>\n");
	free(x.end_name);
	free(x.mark);
	free(x.hr_ev);
	fc_arena_free(&x.a);
}
