/* SPDX-License-Identifier: MIT */
/* What a module's type or compliance text says about the medium and the PMD, and the link mode a
 * port runs from its speed, lane count and module: for adapters whose platform prints the module
 * but not the mode (NX-OS, SONiC). A host reads its mode from ethtool. */
#include <stdio.h>
#include <string.h>

#include "adapter/adapter.h"

const char *fc_medium_of(const char *type)
{
	if (strstr(type, "AOC") || strstr(type, "Active Cable") || strstr(type, "active_cable"))
		return "aoc";
	if (strstr(type, "CR") || strstr(type, "CU") || strstr(type, "DAC") || strstr(type, "Copper") ||
	    strstr(type, "copper"))
		return "dac";
	if (strstr(type, "SR") || strstr(type, "LR") || strstr(type, "ER") || strstr(type, "DR") ||
	    strstr(type, "FR") || strstr(type, "CWDM") || strstr(type, "PSM") || strstr(type, "Base-") ||
	    strstr(type, "base-") || strstr(type, "ZR") || strstr(type, "DWDM") || strstr(type, "sm_media") || strstr(type, "mm_media") || strstr(type, "nm_"))
		return "fibre";
	return NULL;
}

const char *fc_pmd_of(const char *type, const char *medium)
{
	static const char *const pmds[] = { "SR", "LR", "ER", "DR", "FR", "CR", NULL };
	const char *const *p;

	for (p = pmds; *p; p++)
		if (strstr(type, *p))
			return *p;
	return !strcmp(medium, "dac") ? "CR" : NULL;
}

void fc_iface_link_mode(struct fc_model *m, struct fc_iface *ifc, struct fc_src src)
{
	const char *pmd;
	char mode[64];

	if (!ifc->speed_mbps.m.known || !ifc->lanes.m.known || !ifc->medium.m.known || !ifc->xcvr.type.m.known ||
	    !(pmd = fc_pmd_of(ifc->xcvr.type.v, ifc->medium.v)))
		return;
	if (ifc->lanes.v > 1)
		snprintf(mode, sizeof(mode), "%lldbase%s%lld/Full", (long long)ifc->speed_mbps.v, pmd,
			 (long long)ifc->lanes.v);
	else
		snprintf(mode, sizeof(mode), "%lldbase%s/Full", (long long)ifc->speed_mbps.v, pmd);
	fc_set_str(m, &ifc->link_mode, mode, src);
}
