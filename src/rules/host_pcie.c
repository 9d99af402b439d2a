/* SPDX-License-Identifier: MIT */
/* HOST-PCIE-LINK: each RoCE NIC's PCIe link runs at the width and speed it is capable of, the link
 * above it (the upstream bridge port) too, and the bandwidth is enough for the ports behind it.
 * Rule catalog §10: FAIL on a narrower link, WARN on a slower one (some devices downtrain when
 * idle), FAIL when GT/s x width x encoding is below the sum of the port speeds sharing the link;
 * a slot that is itself narrower than the card is reported as slot-limited, not as a NIC fault. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"

/* "16.0 GT/s PCIe" -> 16.0; 0 when not a rate */
static double gts(const struct fc_str *s)
{
	char *end;
	double v;

	if (!s->m.known)
		return 0;
	v = strtod(s->v, &end);
	return end != s->v && !strncmp(end, " GT/s", 5) ? v : 0;
}

/* Usable Gb/s of a link: 8b/10b up to 5 GT/s (Gen1/2), 128b/130b from 8 GT/s (Gen3 on). */
static double usable_gbps(double rate, int64_t width)
{
	return rate * (double)width * (rate >= 8.0 ? 128.0 / 130.0 : 0.8);
}

/* "0000:3b:00.1" and "0000:3b:00.0" share one physical link: domain, bus and device agree. */
static bool same_slot(const char *a, const char *b)
{
	const char *da = strrchr(a, '.'), *db = strrchr(b, '.');

	return da && db && da - a == db - b && !strncmp(a, b, (size_t)(da - a));
}

static void pcie_iface(struct fc_rctx *c, const struct fc_iface *ifc)
{
	const struct fc_device *d = c->dev;
	const char *subj = fc_rstr(c, "%s:%s", d->name, ifc->name);
	double cur = gts(&fc_nic(ifc)->pci_cur_speed), max = gts(&fc_nic(ifc)->pci_max_speed), need = 0, bw;
	const char *end = subj;
	struct fc_finding *f;
	size_t k;

	if (!fc_nic(ifc)->pci_addr.m.known)
		return;   /* not a PCI NIC (veth, bond): nothing to judge */
	if (!fc_nic(ifc)->pci_cur_width.m.known || !fc_nic(ifc)->pci_max_width.m.known || !cur || !max) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the PCIe link of %s is not known", fc_nic(ifc)->pci_addr.v);
		fc_ev_unknown(c, f, end, "PCIe link", !fc_nic(ifc)->pci_cur_width.m.known ? &fc_nic(ifc)->pci_cur_width.m
						       : !fc_nic(ifc)->pci_max_width.m.known ? &fc_nic(ifc)->pci_max_width.m
						       : !fc_nic(ifc)->pci_cur_speed.m.known ? &fc_nic(ifc)->pci_cur_speed.m
										       : &fc_nic(ifc)->pci_max_speed.m);
		return;
	}
	/* the ports that share this link (functions of one card) */
	for (k = 0; k < d->nifaces; k++) {
		const struct fc_iface *o = d->ifaces[k];

		if (fc_nic(o)->pci_addr.m.known && same_slot(fc_nic(o)->pci_addr.v, fc_nic(ifc)->pci_addr.v) && o->speed_mbps.m.known)
			need += (double)o->speed_mbps.v / 1000.0;
	}
	bw = usable_gbps(cur, fc_nic(ifc)->pci_cur_width.v);
	if (fc_nic(ifc)->pci_cur_width.v < fc_nic(ifc)->pci_max_width.v) {
		bool slot = fc_nic(ifc)->pci_up_max_width.m.known && fc_nic(ifc)->pci_up_max_width.v < fc_nic(ifc)->pci_max_width.v;

		f = fc_finding_new(c, FC_FAIL, subj, "PCIe link of %s runs x%lld of x%lld%s", fc_nic(ifc)->pci_addr.v,
				   (long long)fc_nic(ifc)->pci_cur_width.v, (long long)fc_nic(ifc)->pci_max_width.v,
				   slot ? ": slot-limited (the slot above is narrower than the card)"
					: ": a NIC or riser fault, or a card in a narrower slot");
	} else if (fc_nic(ifc)->pci_up_cur_width.m.known && fc_nic(ifc)->pci_up_max_width.m.known &&
		   fc_nic(ifc)->pci_up_cur_width.v < fc_nic(ifc)->pci_up_max_width.v) {
		f = fc_finding_new(c, FC_FAIL, subj, "the link above %s (upstream port %s) runs x%lld of x%lld: "
						     "everything behind it shares the narrower link",
				   fc_nic(ifc)->pci_addr.v, fc_nic(ifc)->pci_up_addr.v, (long long)fc_nic(ifc)->pci_up_cur_width.v,
				   (long long)fc_nic(ifc)->pci_up_max_width.v);
		bw = usable_gbps(gts(&fc_nic(ifc)->pci_up_cur_speed) ? gts(&fc_nic(ifc)->pci_up_cur_speed) : cur, fc_nic(ifc)->pci_up_cur_width.v);
	} else if (need > 0 && bw < need) {
		f = fc_finding_new(c, FC_FAIL, subj, "PCIe %.0f Gb/s usable (%.1f GT/s x%lld) is below the %.0f Gb/s of the "
						     "ports on it",
				   bw, cur, (long long)fc_nic(ifc)->pci_cur_width.v, need);
	} else if (cur < max) {
		f = fc_finding_new(c, FC_WARN, subj, "PCIe link of %s runs at %.1f of %.1f GT/s (some devices downtrain "
						     "when idle: re-check under load)",
				   fc_nic(ifc)->pci_addr.v, cur, max);
	} else {
		f = fc_finding_new(c, FC_PASS, subj, "PCIe %.1f GT/s x%lld (%.0f Gb/s usable) for %.0f Gb/s of ports",
				   cur, (long long)fc_nic(ifc)->pci_cur_width.v, bw, need);
	}
	fc_ev(c, f, end, "PCIe current", &fc_nic(ifc)->pci_cur_width.m.src, "%s x%lld", fc_nic(ifc)->pci_cur_speed.v,
	      (long long)fc_nic(ifc)->pci_cur_width.v);
	fc_ev(c, f, end, "PCIe capability", &fc_nic(ifc)->pci_max_width.m.src, "%s x%lld", fc_nic(ifc)->pci_max_speed.v,
	      (long long)fc_nic(ifc)->pci_max_width.v);
	if (fc_nic(ifc)->pci_up_addr.m.known && fc_nic(ifc)->pci_up_cur_width.m.known && fc_nic(ifc)->pci_up_max_width.m.known)
		fc_ev(c, f, end, "upstream port", &fc_nic(ifc)->pci_up_cur_width.m.src, "%s: %s x%lld of x%lld", fc_nic(ifc)->pci_up_addr.v,
		      fc_nic(ifc)->pci_up_cur_speed.m.known ? fc_nic(ifc)->pci_up_cur_speed.v : "?", (long long)fc_nic(ifc)->pci_up_cur_width.v,
		      (long long)fc_nic(ifc)->pci_up_max_width.v);
	if (ifc->speed_mbps.m.known)
		fc_ev(c, f, end, "port speed", &ifc->speed_mbps.m.src, "%lld Mb/s", (long long)ifc->speed_mbps.v);
}

static void pcie_run(struct fc_rctx *c)
{
	size_t i;

	if (c->dev->kind != FC_DEV_HOST)
		return;
	for (i = 0; i < c->dev->nifaces; i++)
		pcie_iface(c, c->dev->ifaces[i]);
}

const struct fc_rule fc_rule_host_pcie = {
	.id = "HOST-PCIE-LINK",
	.live = true,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "host NIC: PCIe current and maximum link speed and width, of the NIC and of its upstream port; "
		  "the ports' speed_mbps",
	.reads_switch = 0,
	.reads_host = FC_CAP_NIC | FC_CAP_LINK,
	.params = fc_no_params,
	.run = pcie_run,
};
