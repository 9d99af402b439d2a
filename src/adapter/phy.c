/* SPDX-License-Identifier: MIT */
/* What a module's type or compliance text says about the medium, the PMD and a DAC's class, and the
 * link mode a port runs from its speed, lane count and module: for adapters whose platform prints
 * the module but not the mode (NX-OS, SONiC). A host reads its mode from ethtool. */
#include <stdio.h>
#include <string.h>

#include "adapter/adapter.h"

enum fc_medium fc_medium_of(const char *type)
{
	if (strstr(type, "AOC") || strstr(type, "Active Cable") || strstr(type, "active_cable"))
		return FC_MEDIUM_AOC;
	if (strstr(type, "CR") || strstr(type, "CU") || strstr(type, "DAC") || strstr(type, "Copper") ||
	    strstr(type, "copper"))
		return FC_MEDIUM_DAC;
	if (strstr(type, "SR") || strstr(type, "LR") || strstr(type, "ER") || strstr(type, "DR") ||
	    strstr(type, "FR") || strstr(type, "CWDM") || strstr(type, "PSM") || strstr(type, "Base-") ||
	    strstr(type, "base-") || strstr(type, "ZR") || strstr(type, "DWDM") || strstr(type, "sm_media") ||
	    strstr(type, "mm_media") || strstr(type, "nm_"))
		return FC_MEDIUM_FIBRE;
	return 0;
}

enum fc_pmd fc_pmd_of(const char *type, enum fc_medium medium)
{
	static const enum fc_pmd pmds[] = { FC_PMD_SR, FC_PMD_LR, FC_PMD_ER, FC_PMD_DR, FC_PMD_FR, FC_PMD_CR };
	size_t i;

	for (i = 0; i < sizeof(pmds) / sizeof(pmds[0]); i++)
		if (strstr(type, fc_pmd_name(pmds[i])))
			return pmds[i];
	return medium == FC_MEDIUM_DAC ? FC_PMD_CR : 0;
}

/* SFF-8024 extended compliance 0x0b "100GBASE-CR4 or 25GBASE-CR CA-L", 0x0c CA-S, 0x0d CA-N, as every
 * platform prints them in the module's type or compliance (a 100GBASE-CR4 assembly needs RS-FEC,
 * as CA-L does: IEEE 802.3 clause 92). */
enum fc_cable_class fc_dac_class_of(const char *type)
{
	if (strstr(type, "CA-L") || strstr(type, "100GBASE-CR4"))
		return FC_CABLE_CLASS_L;
	if (strstr(type, "CA-S"))
		return FC_CABLE_CLASS_S;
	if (strstr(type, "CA-N"))
		return FC_CABLE_CLASS_N;
	return 0;
}

/* A switch's ASIC family from its hardware model (a SKU, a chassis or product id) as platforms
 * print it, for the models whose family and buffer architecture match a published headroom table:
 * NVIDIA SN2700 and the MSN2000 series (Spectrum-1), the SN4280 (Spectrum-4; the other SN4000 are
 * Spectrum-3, whose tables ask up to 1.7x the SN4280's, and the SN5000 publish their own), Dell's
 * S6100 (Tomahawk), Arista's 7050QX (Trident2), and Cisco's Nexus 9000 -EX, -FX, -GX (Cloud
 * Scale). 0 for any other model: its family is not claimed. */
enum fc_asic fc_asic_of(const char *hw_model)
{
	static const struct { const char *needle; enum fc_asic asic; } by_hw[] = {
		{ "SN2700", FC_ASIC_SPECTRUM1 }, { "MSN2", FC_ASIC_SPECTRUM1 }, { "SN4280", FC_ASIC_SPECTRUM4 },
		/* NVIDIA's Spectrum-2 and -3 switches (the SN3000 and SN4000 series product briefs) */
		{ "SN3420", FC_ASIC_SPECTRUM2 }, { "SN3700", FC_ASIC_SPECTRUM2 }, { "SN3800", FC_ASIC_SPECTRUM2 },
		{ "SN4410", FC_ASIC_SPECTRUM3 }, { "SN4600", FC_ASIC_SPECTRUM3 }, { "SN4700", FC_ASIC_SPECTRUM3 },
		{ "S6100", FC_ASIC_TOMAHAWK }, { "7050QX", FC_ASIC_TRIDENT2 }, { "7050-QX", FC_ASIC_TRIDENT2 },
	};
	static const char *const cloud_scale[] = { "-EX", "-FX", "-GX" };
	size_t i;

	for (i = 0; i < sizeof(by_hw) / sizeof(by_hw[0]); i++)
		if (strstr(hw_model, by_hw[i].needle))
			return by_hw[i].asic;
	/* "N9K-C93180YC-FX" (a product id), "Nexus9000 C9332D-GX2B Chassis" (show version's chassis) */
	for (i = 0; (strstr(hw_model, "N9K-C9") || strstr(hw_model, "Nexus9000 C9")) &&
		    i < sizeof(cloud_scale) / sizeof(cloud_scale[0]); i++)
		if (strstr(hw_model, cloud_scale[i]))
			return FC_ASIC_CLOUD_SCALE;
	return 0;
}

void fc_iface_link_mode(struct fc_model *m, struct fc_iface *ifc, struct fc_src src)
{
	enum fc_pmd pmd;
	char mode[64];

	if (!ifc->speed_mbps.m.known || !ifc->lanes.m.known || !ifc->medium.m.known || !fc_xcvr(ifc)->type.m.known ||
	    !(pmd = fc_pmd_of(fc_xcvr(ifc)->type.v, ifc->medium.v)))
		return;
	if (ifc->lanes.v > 1)
		snprintf(mode, sizeof(mode), "%lldbase%s%lld/Full", (long long)ifc->speed_mbps.v, fc_pmd_name(pmd),
			 (long long)ifc->lanes.v);
	else
		snprintf(mode, sizeof(mode), "%lldbase%s/Full", (long long)ifc->speed_mbps.v, fc_pmd_name(pmd));
	fc_set_str(m, &ifc->link_mode, mode, src);
}
