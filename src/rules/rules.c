/* SPDX-License-Identifier: MIT */
/* The rule registry: every rule fabcheck runs, in one array, in report order; beside each, its id
 * and the file that holds it (tests/style.sh keeps them true). */
#include "rules/rules.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

static const struct fc_rule *const registry[] = {
	&fc_rule_l1_lanes,          /* L1-LANES-MODULATION  link_mode.c */
	&fc_rule_l1_cr_kr,          /* L1-MEDIUM-CR-KR      link_mode.c */
	&fc_rule_l1_speed,          /* L1-SPEED-MATCH       link_basic.c */
	&fc_rule_l1_an,             /* L1-AN-DAC            link_basic.c */
	&fc_rule_fec_match,         /* FEC-MATCH            link_basic.c */
	&fc_rule_fec_cable_class,   /* FEC-CABLE-CLASS      fec_class.c */
	&fc_rule_llfc_off,          /* PFC-LLFC-OFF         link_basic.c */
	&fc_rule_pfc_prio,          /* PFC-PRIO-MATCH       link_basic.c */
	&fc_rule_pfc_trust,         /* PFC-TRUST            qos_link.c */
	&fc_rule_hr_cable_len,      /* HR-CABLE-LEN         qos_link.c */
	&fc_rule_mtu_host_switch,   /* MTU-HOST-SWITCH      link_basic.c */
	&fc_rule_hr_size,           /* HR-SIZE              headroom.c */
	&fc_rule_udp4791_acl,       /* UDP4791-SWITCH-ACL   udp4791.c */
	&fc_rule_udp4791_hostfw,    /* UDP4791-HOST-FW      udp4791.c */
	&fc_rule_gid_dup,           /* GID-DUP              gid.c */
	&fc_rule_cable_lldp,        /* CABLE-PLAN-LLDP      cabling.c */
	&fc_rule_host_pcie,         /* HOST-PCIE-LINK       host_pcie.c */
	&fc_rule_host_roce_mode,    /* HOST-ROCE-MODE       host_config.c */
	&fc_rule_host_memlock,      /* HOST-MEMLOCK         host_config.c */
	&fc_rule_host_aspm,         /* HOST-ASPM            host_config.c */
	&fc_rule_ecn_host,          /* ECN-HOST-NP-RP       host_roce.c */
	&fc_rule_ecn_switch,        /* ECN-SW-QUEUE         ecn_switch.c */
	&fc_rule_ecn_before_pfc,    /* ECN-BEFORE-PFC       ecn_pfc.c */
	&fc_rule_pfcwd_host,        /* PFC-WD-HOST          host_roce.c */
	&fc_rule_gid_v2,            /* GID-V2-PRESENT       host_roce.c */
	&fc_rule_gid_arpflux,       /* GID-ARPFLUX          host_roce.c */
	&fc_rule_fw_consistency,    /* HOST-FW-CONSISTENCY  fleet.c */
	&fc_rule_mtu_fleet,         /* MTU-FLEET            fleet.c */
	&fc_rule_mtu_roce_active,   /* MTU-ROCE-ACTIVE      fleet.c */
	&fc_rule_ddm_thresh,        /* DDM-THRESH           ddm.c */
	&fc_rule_pfcwd_switch,      /* PFC-WD-SWITCH        ddm.c */
	&fc_rule_pfc_noqos,         /* PFC-NODROP-CLASS     switch_qos.c */
	&fc_rule_pfc_dscp_map,      /* PFC-DSCP-MAP         switch_qos.c */
	&fc_rule_cnp_prio,          /* CNP-PRIO-FLEET       cnp_prio.c */
	&fc_rule_pfc_every_hop,     /* PFC-EVERY-HOP        path_qos.c */
	&fc_rule_ecn_anti,          /* ECN-ANTI             path_qos.c */
	&fc_rule_ddm_budget,        /* DDM-LINK-BUDGET      ddm.c */
	&fc_rule_l1_flap,           /* L1-FLAP              runtime.c */
	&fc_rule_fec_ber,           /* FEC-BER              runtime.c */
	&fc_rule_pfc_runtime,       /* PFC-RUNTIME          runtime.c */
	&fc_rule_ecn_runtime,       /* ECN-RUNTIME          runtime.c */
	&fc_rule_data_conflict,     /* DATA-CONFLICT        conflict.c */
	&fc_rule_waiver_expired,    /* WAIVER-EXPIRED       waiver_expired.c */
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
