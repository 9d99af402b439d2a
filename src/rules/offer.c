/* SPDX-License-Identifier: MIT */
/* What one end of a link offers its physical layer: what it runs where it is up and the state
 * says so; where it is down, not cabled yet, or only configured (a config repository), what its
 * configuration or declared intent sets, what autonegotiation off forces it to, or else the link
 * modes it advertises. The link rules judge a link from this, so a pre-cutover link is judged
 * from intent and UNKNOWN stays for what neither configuration nor state says. */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

void fc_offer_of(const struct fc_iface *ifc, struct fc_offer *o)
{
	bool up = ifc->oper_state.m.known && !strcmp(ifc->oper_state.v, "up");
	struct fc_lmode lm;

	memset(o, 0, sizeof(*o));
	o->ifc = ifc;
	if (ifc->speed_mbps.m.known) {
		o->basis = up ? FC_OFFER_RUNS : FC_OFFER_SET;
		o->speed = ifc->speed_mbps.v;
		o->speed_src = &ifc->speed_mbps.m.src;
		if (ifc->lanes.m.known) {
			o->lanes = ifc->lanes.v;
			o->lanes_src = &ifc->lanes.m.src;
		} else if (ifc->link_mode.m.known && fc_lmode_parse(ifc->link_mode.v, &lm) && lm.speed_mbps == o->speed) {
			o->lanes = lm.lanes;
			o->lanes_src = &ifc->link_mode.m.src;
		}
		if (ifc->link_mode.m.known && fc_lmode_parse(ifc->link_mode.v, &lm) && lm.speed_mbps == o->speed)
			o->pmd = lm.pmd;
		return;
	}
	if (!ifc->modes_advertised.m.known || !ifc->modes_advertised.n)
		return;
	/* autonegotiation off: what it advertises is the one mode it is forced to */
	if (ifc->autoneg.m.known && !ifc->autoneg.v && ifc->modes_advertised.n == 1 &&
	    fc_lmode_parse(ifc->modes_advertised.v[0], &lm)) {
		o->basis = FC_OFFER_FORCED;
		o->speed = lm.speed_mbps;
		o->lanes = lm.lanes;
		o->pmd = lm.pmd;
		o->mode = ifc->modes_advertised.v[0];
		o->speed_src = o->lanes_src = &ifc->modes_advertised.m.src;
		return;
	}
	o->basis = FC_OFFER_MODES;
	o->modes = &ifc->modes_advertised;
	o->speed_src = &ifc->modes_advertised.m.src;
}

bool fc_offer_single(const struct fc_offer *o)
{
	return o->basis == FC_OFFER_RUNS || o->basis == FC_OFFER_SET || o->basis == FC_OFFER_FORCED;
}

const char *fc_offer_has(const struct fc_offer *o, int64_t speed, int64_t lanes, enum fc_pmd pmd)
{
	size_t i;

	if (fc_offer_single(o))
		return o->speed == speed && (!lanes || !o->lanes || o->lanes == lanes) && (!pmd || !o->pmd || o->pmd == pmd)
			       ? (o->mode ? o->mode : "") : NULL;
	for (i = 0; o->modes && i < o->modes->n; i++) {
		struct fc_lmode lm;

		if (fc_lmode_parse(o->modes->v[i], &lm) && lm.speed_mbps == speed && (!lanes || lm.lanes == lanes) &&
		    (!pmd || lm.pmd == pmd))
			return o->modes->v[i];
	}
	return NULL;
}

int64_t fc_offer_top_common(const struct fc_offer *a, const struct fc_offer *b)
{
	int64_t best = 0;
	size_t i;

	for (i = 0; a->modes && i < a->modes->n; i++) {
		struct fc_lmode lm;

		if (fc_lmode_parse(a->modes->v[i], &lm) && lm.speed_mbps > best && fc_offer_has(b, lm.speed_mbps, 0, 0))
			best = lm.speed_mbps;
	}
	return best;
}

/* "25G, 50G x2, 100G x4": the speeds and lane counts of an advertised set, each once. */
static const char *modes_desc(struct fc_rctx *c, const struct fc_strlist *modes)
{
	char buf[512];
	size_t i, used = 0, j;
	struct { int64_t s; int l; } seen[32];
	size_t ns = 0;

	buf[0] = '\0';
	for (i = 0; i < modes->n && ns < 32; i++) {
		struct fc_lmode lm;

		if (!fc_lmode_parse(modes->v[i], &lm))
			continue;
		for (j = 0; j < ns && !(seen[j].s == lm.speed_mbps && seen[j].l == lm.lanes); j++)
			;
		if (j < ns)
			continue;
		seen[ns].s = lm.speed_mbps;
		seen[ns++].l = lm.lanes;
		if (used < sizeof(buf))
			used += (size_t)snprintf(buf + used, sizeof(buf) - used, "%s%lldG x%d", used ? ", " : "",
						 (long long)(lm.speed_mbps / 1000), lm.lanes);
	}
	return fc_rstr(c, "%s", ns ? buf : "no mode it names");
}

const char *fc_offer_desc(struct fc_rctx *c, const struct fc_offer *o)
{
	const char *lanes = o->lanes ? fc_rstr(c, " x%lld", (long long)o->lanes) : "";

	switch (o->basis) {
	case FC_OFFER_RUNS:
		return fc_rstr(c, "runs %lldG%s", (long long)(o->speed / 1000), lanes);
	case FC_OFFER_SET:
		return fc_rstr(c, "is set to %lldG%s", (long long)(o->speed / 1000), lanes);
	case FC_OFFER_FORCED:
		return fc_rstr(c, "is forced to %s (autonegotiation off)", o->mode);
	case FC_OFFER_MODES:
		return fc_rstr(c, "advertises %s", modes_desc(c, o->modes));
	case FC_OFFER_NONE:
		break;
	}
	return "states no speed";
}

void fc_offer_ev(struct fc_rctx *c, struct fc_finding *f, const char *end, const struct fc_offer *o)
{
	const struct fc_iface *ifc = o->ifc;

	switch (o->basis) {
	case FC_OFFER_RUNS:
	case FC_OFFER_SET:
		fc_ev(c, f, end, o->basis == FC_OFFER_RUNS ? "speed" : "speed (configured or declared)", o->speed_src,
		      "%lld Mb/s", (long long)o->speed);
		if (o->lanes)
			fc_ev(c, f, end, "lanes", o->lanes_src, "%lld", (long long)o->lanes);
		break;
	case FC_OFFER_FORCED:
		fc_ev(c, f, end, "autonegotiation", &ifc->autoneg.m.src, "off");
		fc_ev(c, f, end, "forced mode", o->speed_src, "%s", o->mode);
		break;
	case FC_OFFER_MODES:
		fc_ev(c, f, end, "advertised modes", o->speed_src, "%s", modes_desc(c, o->modes));
		break;
	case FC_OFFER_NONE:
		fc_ev_unknown(c, f, end, "speed", &ifc->speed_mbps.m);
		break;
	}
	if (ifc->oper_state.m.known && o->basis != FC_OFFER_RUNS)
		fc_ev(c, f, end, "state", &ifc->oper_state.m.src, "%s", ifc->oper_state.v);
}

bool fc_offer_running(const struct fc_offer *a, const struct fc_offer *b)
{
	return a->basis == FC_OFFER_RUNS && b->basis == FC_OFFER_RUNS;
}
