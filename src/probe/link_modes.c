/* SPDX-License-Identifier: MIT */
/* ethtool link-mode bit -> the name the kernel prints (net/ethtool/common.c link_mode_names[]):
 * one row per ETHTOOL_LINK_MODE_*_BIT of <linux/ethtool.h> (Debian 12's linux-libc-dev), written
 * out once from that header. Bits a newer kernel adds print as "bit N". */
#include <linux/ethtool.h>
#include <stddef.h>
#include <stdio.h>

#include "probe/probe.h"

static const struct {
	int bit;
	const char *name;
} modes[] = {
	{ ETHTOOL_LINK_MODE_100000baseCR2_Full_BIT, "100000baseCR2/Full" },
	{ ETHTOOL_LINK_MODE_100000baseCR4_Full_BIT, "100000baseCR4/Full" },
	{ ETHTOOL_LINK_MODE_100000baseCR_Full_BIT, "100000baseCR/Full" },
	{ ETHTOOL_LINK_MODE_100000baseDR2_Full_BIT, "100000baseDR2/Full" },
	{ ETHTOOL_LINK_MODE_100000baseDR_Full_BIT, "100000baseDR/Full" },
	{ ETHTOOL_LINK_MODE_100000baseKR2_Full_BIT, "100000baseKR2/Full" },
	{ ETHTOOL_LINK_MODE_100000baseKR4_Full_BIT, "100000baseKR4/Full" },
	{ ETHTOOL_LINK_MODE_100000baseKR_Full_BIT, "100000baseKR/Full" },
	{ ETHTOOL_LINK_MODE_100000baseLR2_ER2_FR2_Full_BIT, "100000baseLR2_ER2_FR2/Full" },
	{ ETHTOOL_LINK_MODE_100000baseLR4_ER4_Full_BIT, "100000baseLR4_ER4/Full" },
	{ ETHTOOL_LINK_MODE_100000baseLR_ER_FR_Full_BIT, "100000baseLR_ER_FR/Full" },
	{ ETHTOOL_LINK_MODE_100000baseSR2_Full_BIT, "100000baseSR2/Full" },
	{ ETHTOOL_LINK_MODE_100000baseSR4_Full_BIT, "100000baseSR4/Full" },
	{ ETHTOOL_LINK_MODE_100000baseSR_Full_BIT, "100000baseSR/Full" },
	{ ETHTOOL_LINK_MODE_10000baseCR_Full_BIT, "10000baseCR/Full" },
	{ ETHTOOL_LINK_MODE_10000baseER_Full_BIT, "10000baseER/Full" },
	{ ETHTOOL_LINK_MODE_10000baseKR_Full_BIT, "10000baseKR/Full" },
	{ ETHTOOL_LINK_MODE_10000baseKX4_Full_BIT, "10000baseKX4/Full" },
	{ ETHTOOL_LINK_MODE_10000baseLRM_Full_BIT, "10000baseLRM/Full" },
	{ ETHTOOL_LINK_MODE_10000baseLR_Full_BIT, "10000baseLR/Full" },
	{ ETHTOOL_LINK_MODE_10000baseR_FEC_BIT, "10000baseR_FEC" },
	{ ETHTOOL_LINK_MODE_10000baseSR_Full_BIT, "10000baseSR/Full" },
	{ ETHTOOL_LINK_MODE_10000baseT_Full_BIT, "10000baseT/Full" },
	{ ETHTOOL_LINK_MODE_1000baseKX_Full_BIT, "1000baseKX/Full" },
	{ ETHTOOL_LINK_MODE_1000baseT1_Full_BIT, "1000baseT1/Full" },
	{ ETHTOOL_LINK_MODE_1000baseT_Full_BIT, "1000baseT/Full" },
	{ ETHTOOL_LINK_MODE_1000baseT_Half_BIT, "1000baseT/Half" },
	{ ETHTOOL_LINK_MODE_1000baseX_Full_BIT, "1000baseX/Full" },
	{ ETHTOOL_LINK_MODE_100baseFX_Full_BIT, "100baseFX/Full" },
	{ ETHTOOL_LINK_MODE_100baseFX_Half_BIT, "100baseFX/Half" },
	{ ETHTOOL_LINK_MODE_100baseT1_Full_BIT, "100baseT1/Full" },
	{ ETHTOOL_LINK_MODE_100baseT_Full_BIT, "100baseT/Full" },
	{ ETHTOOL_LINK_MODE_100baseT_Half_BIT, "100baseT/Half" },
	{ ETHTOOL_LINK_MODE_10baseT1L_Full_BIT, "10baseT1L/Full" },
	{ ETHTOOL_LINK_MODE_10baseT_Full_BIT, "10baseT/Full" },
	{ ETHTOOL_LINK_MODE_10baseT_Half_BIT, "10baseT/Half" },
	{ ETHTOOL_LINK_MODE_200000baseCR2_Full_BIT, "200000baseCR2/Full" },
	{ ETHTOOL_LINK_MODE_200000baseCR4_Full_BIT, "200000baseCR4/Full" },
	{ ETHTOOL_LINK_MODE_200000baseDR2_Full_BIT, "200000baseDR2/Full" },
	{ ETHTOOL_LINK_MODE_200000baseDR4_Full_BIT, "200000baseDR4/Full" },
	{ ETHTOOL_LINK_MODE_200000baseKR2_Full_BIT, "200000baseKR2/Full" },
	{ ETHTOOL_LINK_MODE_200000baseKR4_Full_BIT, "200000baseKR4/Full" },
	{ ETHTOOL_LINK_MODE_200000baseLR2_ER2_FR2_Full_BIT, "200000baseLR2_ER2_FR2/Full" },
	{ ETHTOOL_LINK_MODE_200000baseLR4_ER4_FR4_Full_BIT, "200000baseLR4_ER4_FR4/Full" },
	{ ETHTOOL_LINK_MODE_200000baseSR2_Full_BIT, "200000baseSR2/Full" },
	{ ETHTOOL_LINK_MODE_200000baseSR4_Full_BIT, "200000baseSR4/Full" },
	{ ETHTOOL_LINK_MODE_20000baseKR2_Full_BIT, "20000baseKR2/Full" },
	{ ETHTOOL_LINK_MODE_20000baseMLD2_Full_BIT, "20000baseMLD2/Full" },
	{ ETHTOOL_LINK_MODE_25000baseCR_Full_BIT, "25000baseCR/Full" },
	{ ETHTOOL_LINK_MODE_25000baseKR_Full_BIT, "25000baseKR/Full" },
	{ ETHTOOL_LINK_MODE_25000baseSR_Full_BIT, "25000baseSR/Full" },
	{ ETHTOOL_LINK_MODE_2500baseT_Full_BIT, "2500baseT/Full" },
	{ ETHTOOL_LINK_MODE_2500baseX_Full_BIT, "2500baseX/Full" },
	{ ETHTOOL_LINK_MODE_400000baseCR4_Full_BIT, "400000baseCR4/Full" },
	{ ETHTOOL_LINK_MODE_400000baseCR8_Full_BIT, "400000baseCR8/Full" },
	{ ETHTOOL_LINK_MODE_400000baseDR4_Full_BIT, "400000baseDR4/Full" },
	{ ETHTOOL_LINK_MODE_400000baseDR8_Full_BIT, "400000baseDR8/Full" },
	{ ETHTOOL_LINK_MODE_400000baseKR4_Full_BIT, "400000baseKR4/Full" },
	{ ETHTOOL_LINK_MODE_400000baseKR8_Full_BIT, "400000baseKR8/Full" },
	{ ETHTOOL_LINK_MODE_400000baseLR4_ER4_FR4_Full_BIT, "400000baseLR4_ER4_FR4/Full" },
	{ ETHTOOL_LINK_MODE_400000baseLR8_ER8_FR8_Full_BIT, "400000baseLR8_ER8_FR8/Full" },
	{ ETHTOOL_LINK_MODE_400000baseSR4_Full_BIT, "400000baseSR4/Full" },
	{ ETHTOOL_LINK_MODE_400000baseSR8_Full_BIT, "400000baseSR8/Full" },
	{ ETHTOOL_LINK_MODE_40000baseCR4_Full_BIT, "40000baseCR4/Full" },
	{ ETHTOOL_LINK_MODE_40000baseKR4_Full_BIT, "40000baseKR4/Full" },
	{ ETHTOOL_LINK_MODE_40000baseLR4_Full_BIT, "40000baseLR4/Full" },
	{ ETHTOOL_LINK_MODE_40000baseSR4_Full_BIT, "40000baseSR4/Full" },
	{ ETHTOOL_LINK_MODE_50000baseCR2_Full_BIT, "50000baseCR2/Full" },
	{ ETHTOOL_LINK_MODE_50000baseCR_Full_BIT, "50000baseCR/Full" },
	{ ETHTOOL_LINK_MODE_50000baseDR_Full_BIT, "50000baseDR/Full" },
	{ ETHTOOL_LINK_MODE_50000baseKR2_Full_BIT, "50000baseKR2/Full" },
	{ ETHTOOL_LINK_MODE_50000baseKR_Full_BIT, "50000baseKR/Full" },
	{ ETHTOOL_LINK_MODE_50000baseLR_ER_FR_Full_BIT, "50000baseLR_ER_FR/Full" },
	{ ETHTOOL_LINK_MODE_50000baseSR2_Full_BIT, "50000baseSR2/Full" },
	{ ETHTOOL_LINK_MODE_50000baseSR_Full_BIT, "50000baseSR/Full" },
	{ ETHTOOL_LINK_MODE_5000baseT_Full_BIT, "5000baseT/Full" },
	{ ETHTOOL_LINK_MODE_56000baseCR4_Full_BIT, "56000baseCR4/Full" },
	{ ETHTOOL_LINK_MODE_56000baseKR4_Full_BIT, "56000baseKR4/Full" },
	{ ETHTOOL_LINK_MODE_56000baseLR4_Full_BIT, "56000baseLR4/Full" },
	{ ETHTOOL_LINK_MODE_56000baseSR4_Full_BIT, "56000baseSR4/Full" },
	{ ETHTOOL_LINK_MODE_AUI_BIT, "AUI" },
	{ ETHTOOL_LINK_MODE_Asym_Pause_BIT, "Asym_Pause" },
	{ ETHTOOL_LINK_MODE_Autoneg_BIT, "Autoneg" },
	{ ETHTOOL_LINK_MODE_BNC_BIT, "BNC" },
	{ ETHTOOL_LINK_MODE_Backplane_BIT, "Backplane" },
	{ ETHTOOL_LINK_MODE_FEC_BASER_BIT, "FEC_BASER" },
	{ ETHTOOL_LINK_MODE_FEC_LLRS_BIT, "FEC_LLRS" },
	{ ETHTOOL_LINK_MODE_FEC_NONE_BIT, "FEC_NONE" },
	{ ETHTOOL_LINK_MODE_FEC_RS_BIT, "FEC_RS" },
	{ ETHTOOL_LINK_MODE_FIBRE_BIT, "FIBRE" },
	{ ETHTOOL_LINK_MODE_MII_BIT, "MII" },
	{ ETHTOOL_LINK_MODE_Pause_BIT, "Pause" },
	{ ETHTOOL_LINK_MODE_TP_BIT, "TP" },
};

const char *fc_link_mode_name(int bit, char *buf, size_t size)
{
	size_t i;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (modes[i].bit == bit)
			return modes[i].name;
	snprintf(buf, size, "bit %d", bit);
	return buf;
}
