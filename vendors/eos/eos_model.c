/* SPDX-License-Identifier: MIT */
/* EOS: each port's settings into the model once the running-config is read. A port's own QoS
 * statements win over its service-profile's, field by field; EOS's defaults where nothing is set,
 * each with its reason: PFC off, no watchdog, no 802.3x pause, trust DSCP on a routed port and CoS
 * on a switched one, MTU 1500 on a routed port (the IP MTU: the model's L2 MTU adds 18). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vendors/eos/eos.h"

#define PICK(field) (pq->field.m.known ? pq->field : prof && prof->q.field.m.known ? prof->q.field : pq->field)

void eos_effective(const struct eos_state *s, const struct eos_port *p, struct eos_qos *out)
{
	static const struct eos_qos unset;   /* a port without QoS settings of its own */
	const struct eos_profile *prof = p->profile.m.known ? eos_profile(s, p->profile.v) : NULL;
	const struct eos_qos *pq = p->q ? p->q : &unset;
	int k;

	out->trust = PICK(trust);
	out->policy = PICK(policy);
	out->pfc_on = PICK(pfc_on);
	out->nodrop = PICK(nodrop);
	out->drop = PICK(drop);
	out->watchdog = PICK(watchdog);
	for (k = 0; k < 8; k++) {
		const struct eos_txq *a = &pq->txq[k], *b = prof ? &prof->q.txq[k] : NULL;
		struct eos_txq *o = &out->txq[k];

		*o = *a;
		if (!b)
			continue;
		if (!o->src.file)
			o->src = b->src;
		if (!o->strict.m.known)
			o->strict = b->strict;
		if (!o->bw.m.known)
			o->bw = b->bw;
		if (!o->ecn.m.known) {
			o->ecn = b->ecn, o->kmin = b->kmin, o->kmax = b->kmax, o->prob = b->prob, o->weight = b->weight;
			o->unit_note = b->unit_note;
		}
	}
}

static enum fc_rc port_model(struct fc_parse_ctx *c, const struct eos_state *s, const struct eos_port *p)
{
	struct fc_model *m = c->m;
	struct fc_iface *ifc = p->ifc;
	struct eos_qos q;
	bool routed = p->routed.m.known && p->routed.v;

	memset(&q, 0, sizeof(q));
	eos_effective(s, p, &q);
	if (p->profile.m.known && !eos_profile(s, p->profile.v)) {
		const char msg[] = "service-profile names a qos profile the configuration does not define: its settings are "
				   "not applied";

		if (fc_dev_add_unparsed(m, c->dev, p->profile.m.src, msg, sizeof(msg) - 1) != FC_OK)
			return FC_ERR_NOMEM;
	}
	if (!ifc->admin_state.m.known) {
		fc_set_str(m, &ifc->admin_state, "up", s->config);
		ifc->admin_state.m.why = "no shutdown statement: EOS's default, up";
	}
	/* MTU: what show interfaces shows runs (a configuration that says otherwise is a conflict);
	 * else a routed port's mtu is the IP MTU, and a switched port forwards up to its l2 mtu */
	if (p->sh.mtu.m.known) {
		const struct fc_int *cfg = routed && p->ip_mtu.m.known ? &p->ip_mtu : !routed && p->l2_mtu.m.known
					   ? &p->l2_mtu : NULL;
		int64_t want = cfg ? cfg->v + (cfg == &p->ip_mtu ? 18 : 0) : 0;

		ifc->mtu = p->sh.mtu;
		if (cfg && want != p->sh.mtu.v) {
			char a[32], b[32];

			snprintf(a, sizeof(a), "%lld", (long long)p->sh.mtu.v);
			snprintf(b, sizeof(b), "%lld", (long long)want);
			if (fc_dev_add_conflict(m, c->dev, ifc->name, "mtu", a, p->sh.mtu.m.src, b, cfg->m.src) != FC_OK)
				return FC_ERR_NOMEM;
		}
	} else if (routed) {
		fc_set_int(&ifc->mtu, (p->ip_mtu.m.known ? p->ip_mtu.v : 1500) + 18,
			   p->ip_mtu.m.known ? p->ip_mtu.m.src : p->routed.m.src);
		ifc->mtu.m.why = p->ip_mtu.m.known ? "EOS's mtu is the IP MTU: + 14 bytes of Ethernet header and 4 of VLAN tag"
						  : "no mtu: EOS's default IP MTU 1500, + 18 bytes of Ethernet header and tag";
	} else if (p->l2_mtu.m.known) {
		fc_set_int(&ifc->mtu, p->l2_mtu.v, p->l2_mtu.m.src);
	} else {
		fc_set_unknown(&ifc->mtu.m, "a switched port without l2 mtu: the platform's largest frame applies, which "
					    "the running-config does not state");
	}
	/* trust */
	if (q.trust.m.known)
		ifc->trust = q.trust;
	else {
		fc_set_trust(&ifc->trust, routed ? FC_TRUST_DSCP : FC_TRUST_PCP, p->routed.m.known ? p->routed.m.src : s->config);
		ifc->trust.m.why = routed ? "no qos trust: EOS trusts DSCP on a routed port"
					  : "no qos trust: EOS trusts CoS on a switched port";
	}
	/* PFC */
	if (s->pfc_all_off.m.known && s->pfc_all_off.v) {
		fc_set_str(m, &ifc->pfc_mode, "off", s->pfc_all_off.m.src);
		fc_set_int(&ifc->pfc_prios, 0, s->pfc_all_off.m.src);
		ifc->pfc_prios.m.why = "priority-flow-control all off: PFC is off on every port";
	} else if (q.pfc_on.m.known && q.pfc_on.v) {
		fc_set_str(m, &ifc->pfc_mode, "on", q.pfc_on.m.src);
		if (q.nodrop.m.known)
			fc_set_int(&ifc->pfc_prios, q.nodrop.v, q.nodrop.m.src);
		else {
			fc_set_int(&ifc->pfc_prios, 0, q.pfc_on.m.src);
			ifc->pfc_prios.m.why = "priority-flow-control on without a no-drop priority: nothing is paused";
		}
	} else {
		fc_set_str(m, &ifc->pfc_mode, "off", q.pfc_on.m.known ? q.pfc_on.m.src : s->config);
		fc_set_int(&ifc->pfc_prios, 0, q.pfc_on.m.known ? q.pfc_on.m.src : s->config);
		if (!q.pfc_on.m.known)
			ifc->pfc_prios.m.why = "no priority-flow-control on: PFC off (EOS's default)";
	}
	if (q.watchdog.m.known)
		fc_set_bool(&ifc->sw->pfc_watchdog, q.watchdog.v, q.watchdog.m.src);
	else {
		fc_set_bool(&ifc->sw->pfc_watchdog, false, s->config);
		ifc->sw->pfc_watchdog.m.why = "no priority-flow-control pause watchdog on the port or its profile";
	}
	if (!ifc->pause_rx.m.known) {
		fc_set_bool(&ifc->pause_rx, false, s->config);
		ifc->pause_rx.m.why = "no flowcontrol receive on: off (EOS's default)";
	}
	if (!ifc->pause_tx.m.known) {
		fc_set_bool(&ifc->pause_tx, false, s->config);
		ifc->pause_tx.m.why = "no flowcontrol send on: off (EOS's default)";
	}
	if (!ifc->fec_config.m.known) {
		fc_set_fec(&ifc->fec_config, FC_FEC_AUTO, s->config);
		ifc->fec_config.m.why = "no error-correction encoding: EOS's default, the encoding the module calls for";
	}
	/* FEC: an encoding the config forces is the one a port that is up runs (EOS brings a port up
	 * with it or not at all); with none, or several allowed, EOS chooses by module */
	if (!ifc->fec_active.m.known) {
		if (ifc->fec_config.m.known && ifc->fec_config.v != FC_FEC_AUTO && ifc->oper_state.m.known &&
		    !strcmp(ifc->oper_state.v, "up")) {
			fc_set_fec(&ifc->fec_active, ifc->fec_config.v, ifc->fec_config.m.src);
			ifc->fec_active.m.why = "the encoding the config forces, on a port show interfaces shows up";
		} else {
			fc_set_unknown(&ifc->fec_active.m, ifc->fec_config.m.known && ifc->fec_config.v != FC_FEC_AUTO
				       ? "the config forces an encoding, but no state output shows the port up"
				       : "no error-correction encoding in the config (EOS chooses by module) and no "
					 "show interfaces phy detail with the line side's FEC counters");
		}
	}
	if (ifc->speed_mbps.m.known && ifc->lanes.m.known)
		fc_iface_link_mode(m, ifc, ifc->lanes.m.src);
	return FC_OK;
}

/* A value a state output showed over the one the configuration gave: where both are known and
 * differ, a conflict of the device (the shown value is the one used). */
static enum fc_rc conflict(struct fc_parse_ctx *c, const struct fc_iface *ifc, const char *field, const struct fc_meta *sh,
			   const char *shown, const struct fc_meta *cfg, const char *configured)
{
	if (!sh->known || !cfg->known || !strcmp(shown, configured))
		return FC_OK;
	return fc_dev_add_conflict(c->m, c->dev, ifc->name, field, shown, sh->src, configured, cfg->src);
}

static const char *num(char *buf, size_t size, int64_t v)
{
	snprintf(buf, size, "%lld", (long long)v);
	return buf;
}

/* What a state output showed wins over the config's value; a difference is a conflict. */
static enum fc_rc apply_shown(struct fc_parse_ctx *c, const struct eos_port *p)
{
	struct fc_iface *ifc = p->ifc;
	char a[32], b[32];
	enum fc_rc rc = FC_OK;

	if (p->sh.admin.m.known) {
		rc = conflict(c, ifc, "admin_state", &p->sh.admin.m, p->sh.admin.v, &ifc->admin_state.m,
			      ifc->admin_state.m.known ? ifc->admin_state.v : "");
		ifc->admin_state = p->sh.admin;
	}
	if (p->sh.description.m.known && rc == FC_OK) {
		rc = conflict(c, ifc, "description", &p->sh.description.m, p->sh.description.v, &ifc->description.m,
			      ifc->description.m.known ? ifc->description.v : "");
		ifc->description = p->sh.description;
	}
	if (p->sh.speed_mbps.m.known && rc == FC_OK) {
		rc = conflict(c, ifc, "speed_mbps", &p->sh.speed_mbps.m, num(a, sizeof(a), p->sh.speed_mbps.v),
			      &ifc->speed_mbps.m, num(b, sizeof(b), ifc->speed_mbps.v));
		ifc->speed_mbps = p->sh.speed_mbps;
	}
	if (p->sh.lanes.m.known && rc == FC_OK) {
		rc = conflict(c, ifc, "lanes", &p->sh.lanes.m, num(a, sizeof(a), p->sh.lanes.v), &ifc->lanes.m,
			      num(b, sizeof(b), ifc->lanes.v));
		ifc->lanes = p->sh.lanes;
	}
	if (p->sh.autoneg.m.known && rc == FC_OK) {
		rc = conflict(c, ifc, "autoneg", &p->sh.autoneg.m, p->sh.autoneg.v ? "true" : "false", &ifc->autoneg.m,
			      ifc->autoneg.v ? "true" : "false");
		ifc->autoneg = p->sh.autoneg;
	}
	if (p->sh.mtu.m.known)
		ifc->mtu = p->sh.mtu;   /* compared with the configuration's in port_model */
	return rc;
}

/* EOS names each lane of a multi-lane port's module as an interface in show interfaces
 * transceiver (text and JSON): Et3/17/1, Et3/17/2, ... for the lanes of Et3/17/1 running 100g-4.
 * A row P/N is lane N-k+1 of port P/k, the nearest k <= N whose known lane count reaches N; its
 * bias and powers join that port's lanes (its temperature and voltage are the module's, which the
 * port's own row gives), and the row stops being a port of its own. Where no lane count is known
 * (no speed in the running-config, no show interfaces), a row stays a port: a breakout's ports
 * and one port's lanes look alike. */
static enum fc_rc fold_lane_rows(struct fc_parse_ctx *c)
{
	struct fc_device *d = c->dev;
	size_t i;

	for (i = 0; i < d->nifaces; i++) {
		struct fc_iface *x = d->ifaces[i], *t = NULL;
		struct fc_dom_lane *src, *dst, *own;
		const char *slash = strrchr(x->name, '/');
		char base[160];
		long n, k;
		char *end;

		if (!slash || fc_xcvr(x)->nlanes != 1 || x->xcvr->lanes[0].lane != 0)
			continue;
		n = strtol(slash + 1, &end, 10);
		if (*end || n < 2 || n > 16)
			continue;
		for (k = n - 1; k >= 1 && !t; k--) {
			snprintf(base, sizeof(base), "%.*s/%ld", (int)(slash - x->name), x->name, k);
			t = fc_dev_find_iface(d, base);
			if (t && !(t->lanes.m.known && t->lanes.v > 1 && k + t->lanes.v - 1 >= n))
				t = NULL;
		}
		if (!t)
			continue;
		k++;   /* the loop stepped past the port it found */
		/* the port's own row: its lane 1, the module's temperature and voltage kept at 0 */
		if (!fc_xcvr_mut(c->m, t))
			return FC_ERR_NOMEM;
		if (!fc_xcvr_find_lane(t->xcvr, 1) && (own = fc_xcvr_find_lane(t->xcvr, 0))) {
			struct fc_dom_lane o = *own;

			memset(&own->bias_ma, 0, sizeof(own->bias_ma));
			memset(&own->tx_dbm, 0, sizeof(own->tx_dbm));
			memset(&own->rx_dbm, 0, sizeof(own->rx_dbm));
			if (!(dst = fc_xcvr_lane(c->m, t->xcvr, 1)))
				return FC_ERR_NOMEM;
			dst->bias_ma = o.bias_ma, dst->tx_dbm = o.tx_dbm, dst->rx_dbm = o.rx_dbm;
		}
		if (!(dst = fc_xcvr_lane(c->m, t->xcvr, (int)(n - k + 1))))
			return FC_ERR_NOMEM;
		src = &x->xcvr->lanes[0];
		dst->bias_ma = src->bias_ma, dst->tx_dbm = src->tx_dbm, dst->rx_dbm = src->rx_dbm;
		if (!t->xcvr->dom_supported.m.known)
			t->xcvr->dom_supported = x->xcvr->dom_supported;
		x->xcvr->nlanes = 0;
		fc_set_unknown(&x->xcvr->dom_supported.m, fc_sprintf(c->m->arena, "its transceiver row is lane %ld of %s "
									     "(%lld lanes)", n - k + 1, t->name,
									     (long long)t->lanes.v));
	}
	return FC_OK;
}

enum fc_rc eos_finalize(struct fc_parse_ctx *c)
{
	struct eos_state *s = c->dev->adapter_state;
	size_t i;
	enum fc_rc rc;

	if (!s)
		return FC_OK;
	for (i = 0; i < s->nports; i++)
		if ((rc = apply_shown(c, s->ports[i])) != FC_OK)
			return rc;
	if (!s->have_config) {
		for (i = 0; i < s->nports; i++)
			if (s->ports[i]->ifc->speed_mbps.m.known && s->ports[i]->ifc->lanes.m.known)
				fc_iface_link_mode(c->m, s->ports[i]->ifc, s->ports[i]->ifc->lanes.m.src);
		return fold_lane_rows(c);
	}
	c->dev->config_m.known = true;
	c->dev->config_m.src = s->config;
	for (i = 0; i < s->nports; i++)
		if ((rc = port_model(c, s, s->ports[i])) != FC_OK)
			return rc;
	fc_adapter_lag_acls(c->dev);   /* an ACL on a Port-Channel filters its members' traffic */
	return fold_lane_rows(c);
}
