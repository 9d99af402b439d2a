/* SPDX-License-Identifier: MIT */
/* The rule registry: every rule fabcheck runs, in one array, in report order. */
#include "rules/rules.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

static const struct fc_rule *const registry[] = {
	&fc_rule_l1_lanes,
	&fc_rule_l1_cr_kr,
	&fc_rule_l1_speed,
	&fc_rule_l1_an,
	&fc_rule_fec_match,
	&fc_rule_fec_cable_class,
	&fc_rule_llfc_off,
	&fc_rule_pfc_prio,
	&fc_rule_pfc_trust,
	&fc_rule_hr_cable_len,
	&fc_rule_mtu_host_switch,
	&fc_rule_hr_size,
	&fc_rule_udp4791_acl,
	&fc_rule_udp4791_hostfw,
	&fc_rule_gid_dup,
	&fc_rule_cable_lldp,
	&fc_rule_host_pcie,
	&fc_rule_host_roce_mode,
	&fc_rule_host_memlock,
	&fc_rule_host_aspm,
	&fc_rule_ecn_host,
	&fc_rule_ecn_switch,
	&fc_rule_ecn_before_pfc,
	&fc_rule_pfcwd_host,
	&fc_rule_gid_v2,
	&fc_rule_gid_arpflux,
	&fc_rule_fw_consistency,
	&fc_rule_mtu_fleet,
	&fc_rule_mtu_roce_active,
	&fc_rule_ddm_thresh,
	&fc_rule_pfcwd_switch,
	&fc_rule_pfc_noqos,
	&fc_rule_pfc_dscp_map,
	&fc_rule_cnp_prio,
	&fc_rule_pfc_every_hop,
	&fc_rule_ecn_anti,
	&fc_rule_ddm_budget,
	&fc_rule_l1_flap,
	&fc_rule_fec_ber,
	&fc_rule_pfc_runtime,
	&fc_rule_ecn_runtime,
	&fc_rule_waiver_expired,
	NULL,
};

const struct fc_rule_param fc_no_params[] = { { .key = NULL } };

const struct fc_rule *const *fc_rule_list(void)
{
	return registry;
}

const struct fc_rule *fc_rule_find(const char *id)
{
	const struct fc_rule *const *r;

	(void)r;
	return fc_rules_find(registry, id);
}

size_t fc_iface_ipv4(const struct fc_iface *ifc, uint32_t *out, size_t max)
{
	size_t i, n = 0;

	if (!ifc || !ifc->addresses.m.known)
		return 0;
	for (i = 0; i < ifc->addresses.n && n < max; i++) {
		char buf[64];
		struct in_addr a;

		snprintf(buf, sizeof(buf), "%s", ifc->addresses.v[i]);
		buf[strcspn(buf, "/")] = '\0';
		if (inet_pton(AF_INET, buf, &a) == 1)
			out[n++] = ntohl(a.s_addr);
	}
	return n;
}

bool fc_is_switch(const struct fc_endpoint *e)
{
	return e->dev && e->dev->kind == FC_DEV_SWITCH;
}

bool fc_is_host(const struct fc_endpoint *e)
{
	return e->dev && e->dev->kind == FC_DEV_HOST;
}
