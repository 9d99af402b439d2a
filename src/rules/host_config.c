/* SPDX-License-Identifier: MIT */
/* Host configuration rules of rule catalog §10:
 *   HOST-ROCE-MODE  rdma_cm defaults: RoCE v2, and a ToS whose DSCP is the fabric's RoCE DSCP;
 *   HOST-MEMLOCK    RLIMIT_MEMLOCK large enough for RDMA memory registration;
 *   HOST-ASPM       PCIe ASPM not in a power-saving policy. */
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

/* --- HOST-ROCE-MODE --------------------------------------------------------------------------- */

static void roce_mode_port(struct fc_rctx *c, const struct fc_rdma_dev *rd, const struct fc_rdma_port *p)
{
	const struct fc_intent *in = &c->m->intent;
	const char *subj = fc_rstr(c, "%s:%s/%d", c->dev->name, rd->name, p->num);
	struct fc_finding *f;

	if (!p->roce_mode.m.known || !p->roce_tos.m.known) {
		f = fc_finding_new(c, FC_UNKNOWN, subj, "the rdma_cm defaults of %s port %d are not known", rd->name, p->num);
		fc_ev_unknown(c, f, subj, "rdma_cm defaults", !p->roce_mode.m.known ? &p->roce_mode.m : &p->roce_tos.m);
		return;
	}
	if (strcmp(p->roce_mode.v, "RoCE v2"))
		f = fc_finding_new(c, FC_FAIL, subj, "rdma_cm default RoCE mode is '%s': RoCE v1 does not cross a routed "
						     "fabric", p->roce_mode.v);
	else if (!in->roce_dscp.m.known)
		f = fc_finding_new(c, FC_UNKNOWN, subj, "RoCE v2; the fabric's RoCE DSCP is not declared (inventory "
							"fabric.roce.dscp), so the ToS %lld cannot be judged",
				   (long long)p->roce_tos.v);
	else if ((p->roce_tos.v >> 2) != in->roce_dscp.v)
		f = fc_finding_new(c, FC_FAIL, subj, "rdma_cm default ToS %lld is DSCP %lld, not the fabric's RoCE DSCP %lld: "
						     "rdma_cm traffic (NVMe-oF, NFS-RDMA, iSER, MPI) lands in %s",
				   (long long)p->roce_tos.v, (long long)(p->roce_tos.v >> 2), (long long)in->roce_dscp.v,
				   p->roce_tos.v >> 2 == 0 ? "the lossy default class" : "another class");
	else
		f = fc_finding_new(c, FC_PASS, subj, "RoCE v2, ToS %lld = DSCP %lld", (long long)p->roce_tos.v,
				   (long long)in->roce_dscp.v);
	fc_ev(c, f, subj, "default_roce_mode", &p->roce_mode.m.src, "%s", p->roce_mode.v);
	fc_ev(c, f, subj, "default_roce_tos", &p->roce_tos.m.src, "%lld", (long long)p->roce_tos.v);
	if (in->roce_dscp.m.known)
		fc_ev(c, f, "intent", "RoCE DSCP", &in->roce_dscp.m.src, "%lld", (long long)in->roce_dscp.v);
}

static void roce_mode_run(struct fc_rctx *c)
{
	size_t i, k;

	if (c->dev->kind != FC_DEV_HOST)
		return;
	for (i = 0; i < c->dev->nrdma; i++) {
		const struct fc_rdma_dev *rd = &c->dev->rdma[i];

		for (k = 0; k < rd->nports; k++)
			if (!rd->ports[k].link_layer.m.known || rd->ports[k].link_layer.v == FC_LINK_LAYER_ETHERNET)
				roce_mode_port(c, rd, &rd->ports[k]);
	}
}

const struct fc_rule fc_rule_host_roce_mode = {
	.id = "HOST-ROCE-MODE",
	.live = true,
	.aspect = FC_ASPECT_TRUST,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "host RDMA port: roce_mode and roce_tos (the rdma_cm defaults); intent: RoCE DSCP",
	.reads_switch = 0,
	.reads_host = FC_CAP_RDMA,
	.params = fc_no_params,
	.run = roce_mode_run,
};

/* --- HOST-MEMLOCK --------------------------------------------------------------------------------- */

static const struct fc_rule_param memlock_params[] = {
	{ "min_bytes", FC_PARAM_INT, "0",
	  "the workload's registration size: WARN below it unless unlimited; 0 = WARN on any finite limit [P]", .min = 0, .max = 1e15 },
	{ .key = NULL },
};

static void memlock_run(struct fc_rctx *c)
{
	const struct fc_device *d = c->dev;
	struct fc_finding *f;
	bool set;
	int64_t want, v;

	if (d->kind != FC_DEV_HOST || (d->nrdma == 0 && d->rdma_m.known))
		return;   /* not a host, or one without RDMA devices */
	if (!d->memlock_bytes.m.known) {
		f = fc_finding_new(c, FC_UNKNOWN, d->name, "RLIMIT_MEMLOCK is not known");
		fc_ev_unknown(c, f, d->name, "memlock", &d->memlock_bytes.m);
		return;
	}
	v = d->memlock_bytes.v;
	want = fc_param_int(c, "min_bytes", &set);
	if (v >= 0 && v <= 32768)
		f = fc_finding_new(c, FC_FAIL, d->name, "RLIMIT_MEMLOCK is %lld bytes: libibverbs warns that this \"will "
							"severely limit memory registrations\" for a non-root user",
				   (long long)v);
	else if (v >= 0 && v < want)
		f = fc_finding_new(c, FC_WARN, d->name, "RLIMIT_MEMLOCK is %lld bytes, below the %lld the workload registers",
				   (long long)v, (long long)want);
	else if (v >= 0 && want == 0)
		f = fc_finding_new(c, FC_WARN, d->name, "RLIMIT_MEMLOCK is %lld bytes: registrations larger than that fail; "
							"unlimited is the norm for RDMA users",
				   (long long)v);
	else
		f = fc_finding_new(c, FC_PASS, d->name, "RLIMIT_MEMLOCK is %s", v < 0 ? "unlimited" : "large enough");
	fc_ev(c, f, d->name, "memlock", &d->memlock_bytes.m.src, "%s",
	      v < 0 ? "unlimited" : fc_rstr(c, "%lld bytes", (long long)v));
}

const struct fc_rule fc_rule_host_memlock = {
	.id = "HOST-MEMLOCK",
	.live = true,
	.severity = FC_SEV_HIGH,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "host: memlock_bytes (the probe's own limit, or the --memlock-user's)",
	.reads_switch = 0,
	.reads_host = FC_CAP_SYSTEM,
	.params = memlock_params,
	.run = memlock_run,
};

/* --- HOST-ASPM --------------------------------------------------------------------------------------- */

static void aspm_run(struct fc_rctx *c)
{
	const struct fc_device *d = c->dev;
	const struct fc_str *p = &d->pcie_aspm_policy;
	struct fc_finding *f;

	if (d->kind != FC_DEV_HOST || (d->nrdma == 0 && d->rdma_m.known))
		return;
	if (!p->m.known) {
		f = fc_finding_new(c, FC_UNKNOWN, d->name, "the PCIe ASPM policy is not known");
		fc_ev_unknown(c, f, d->name, "ASPM policy", &p->m);
		return;
	}
	if (!strcmp(p->v, "powersave") || !strcmp(p->v, "powersupersave"))
		f = fc_finding_new(c, FC_WARN, d->name, "PCIe ASPM policy '%s' lets links enter L0s/L1: exit latency on "
							"every idle-to-busy transition of the RoCE NICs", p->v);
	else if (!strcmp(p->v, "performance"))
		f = fc_finding_new(c, FC_PASS, d->name, "PCIe ASPM policy 'performance': ASPM disabled");
	else
		f = fc_finding_new(c, FC_UNKNOWN, d->name, "PCIe ASPM policy '%s' keeps what the firmware set per link, "
							   "which the probe does not read", p->v);
	fc_ev(c, f, d->name, "ASPM policy", &p->m.src, "%s", p->v);
}

const struct fc_rule fc_rule_host_aspm = {
	.id = "HOST-ASPM",
	.live = true,
	.severity = FC_SEV_MEDIUM,
	.scope = FC_SCOPE_DEVICE,
	.inputs = "host: pcie_aspm_policy",
	.reads_switch = 0,
	.reads_host = FC_CAP_SYSTEM,
	.params = fc_no_params,
	.run = aspm_run,
};
