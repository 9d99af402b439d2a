/* SPDX-License-Identifier: MIT */
/* The model's vocabulary: names of the enum values, their parsing, link-mode names. */
#include "model/vocab.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define NAMES(n) (sizeof(n) / sizeof((n)[0]))

static const char *const fec_names[] = {
	[FC_FEC_OFF] = "off", [FC_FEC_AUTO] = "auto", [FC_FEC_BASER] = "baser",
	[FC_FEC_RS] = "rs", [FC_FEC_RS544] = "rs544", [FC_FEC_LLRS] = "llrs", [FC_FEC_RS528] = "rs528",
};
_Static_assert(NAMES(fec_names) == FC_FEC_COUNT, "a name for every enum fc_fec");

static const char *const medium_names[] = {
	[FC_MEDIUM_DAC] = "dac", [FC_MEDIUM_AOC] = "aoc", [FC_MEDIUM_FIBRE] = "fibre",
	[FC_MEDIUM_BACKPLANE] = "backplane", [FC_MEDIUM_TWISTED_PAIR] = "twisted-pair",
};
_Static_assert(NAMES(medium_names) == FC_MEDIUM_COUNT, "a name for every enum fc_medium");

static const char *const cable_names[] = {
	[FC_CABLE_DAC] = "dac", [FC_CABLE_AOC] = "aoc", [FC_CABLE_FIBRE_MM] = "fibre-mm",
	[FC_CABLE_FIBRE_SM] = "fibre-sm", [FC_CABLE_BACKPLANE] = "backplane",
};
_Static_assert(NAMES(cable_names) == FC_CABLE_COUNT, "a name for every enum fc_cable");

static const char *const cable_class_names[] = {
	[FC_CABLE_CLASS_L] = "CA-L", [FC_CABLE_CLASS_S] = "CA-S", [FC_CABLE_CLASS_N] = "CA-N",
};
_Static_assert(NAMES(cable_class_names) == FC_CABLE_CLASS_COUNT, "a name for every enum fc_cable_class");

static const char *const trust_names[] = {
	[FC_TRUST_NONE] = "none", [FC_TRUST_DSCP] = "dscp", [FC_TRUST_PCP] = "pcp", [FC_TRUST_DSCP_PCP] = "dscp+pcp",
};
_Static_assert(NAMES(trust_names) == FC_TRUST_COUNT, "a name for every enum fc_trust");

static const char *const port_mode_names[] = {
	[FC_PORT_MODE_ACCESS] = "access", [FC_PORT_MODE_TRUNK] = "trunk", [FC_PORT_MODE_ROUTED] = "routed",
	[FC_PORT_MODE_DOT1Q_TUNNEL] = "dot1q-tunnel", [FC_PORT_MODE_FEX_FABRIC] = "fex-fabric",
	[FC_PORT_MODE_FABRICPATH] = "fabricpath", [FC_PORT_MODE_TAP] = "tap", [FC_PORT_MODE_TOOL] = "tool",
};
_Static_assert(NAMES(port_mode_names) == FC_PORT_MODE_COUNT, "a name for every enum fc_port_mode");

static const char *const link_layer_names[] = {
	[FC_LINK_LAYER_ETHERNET] = "Ethernet", [FC_LINK_LAYER_INFINIBAND] = "InfiniBand",
};
_Static_assert(NAMES(link_layer_names) == FC_LINK_LAYER_COUNT, "a name for every enum fc_link_layer");

static const char *const modulation_names[] = {
	[FC_MODULATION_NRZ] = "NRZ", [FC_MODULATION_PAM4] = "PAM4",
};
_Static_assert(NAMES(modulation_names) == FC_MODULATION_COUNT, "a name for every enum fc_modulation");

static const char *const pmd_names[] = {
	[FC_PMD_CR] = "CR", [FC_PMD_KR] = "KR", [FC_PMD_SR] = "SR", [FC_PMD_LR] = "LR",
	[FC_PMD_ER] = "ER", [FC_PMD_DR] = "DR", [FC_PMD_FR] = "FR",
};
_Static_assert(NAMES(pmd_names) == FC_PMD_COUNT, "a name for every enum fc_pmd");

static const char *const asic_names[] = {
	[FC_ASIC_SPECTRUM1] = "spectrum1", [FC_ASIC_SPECTRUM2] = "spectrum2", [FC_ASIC_SPECTRUM3] = "spectrum3",
	[FC_ASIC_SPECTRUM4] = "spectrum4", [FC_ASIC_TOMAHAWK] = "tomahawk", [FC_ASIC_TRIDENT2] = "trident2",
	[FC_ASIC_CLOUD_SCALE] = "cloudscale",
};
_Static_assert(NAMES(asic_names) == FC_ASIC_COUNT, "a name for every enum fc_asic");

static const char *name_of(const char *const *names, size_t n, int v)
{
	return v > 0 && (size_t)v < n ? names[v] : NULL;
}

static int parse(const char *const *names, size_t n, const char *s)
{
	size_t i;

	for (i = 1; s && i < n; i++)
		if (!strcmp(names[i], s))
			return (int)i;
	return 0;
}

/* fc_<kind>_name and fc_<kind>_parse (vocab.h) over the kind's name table. */
#define VOCAB_NAME(kind)                                                                          \
	const char *fc_##kind##_name(enum fc_##kind v)                                            \
	{                                                                                         \
		return name_of(kind##_names, NAMES(kind##_names), (int)v);                          \
	}
#define VOCAB(kind)                                                                               \
	VOCAB_NAME(kind)                                                                          \
	bool fc_##kind##_parse(const char *s, enum fc_##kind *out)                                \
	{                                                                                         \
		int v = parse(kind##_names, NAMES(kind##_names), s);                                \
                                                                                                  \
		if (v)                                                                            \
			*out = (enum fc_##kind)v;                                                 \
		return v != 0;                                                                    \
	}

VOCAB(fec)
VOCAB(medium)
VOCAB(cable)
VOCAB(cable_class)
VOCAB(trust)
VOCAB(port_mode)
VOCAB(link_layer)
VOCAB_NAME(modulation)
VOCAB(pmd)
VOCAB(asic)

enum fc_modulation fc_modulation_of_lane(int64_t gbps)
{
	return gbps >= 50 ? FC_MODULATION_PAM4 : gbps > 0 ? FC_MODULATION_NRZ : (enum fc_modulation)0;
}

int fc_fec_rank(enum fc_fec v)
{
	switch (v) {
	case FC_FEC_OFF: return 0;
	case FC_FEC_BASER: return 1;
	case FC_FEC_RS: case FC_FEC_RS528: return 2;
	case FC_FEC_RS544: case FC_FEC_LLRS: return 3;
	case FC_FEC_AUTO: case FC_FEC_COUNT: break;
	}
	return -1;
}

bool fc_lmode_parse(const char *name, struct fc_lmode *out)
{
	const char *b = strstr(name, "base"), *p;
	char *end;
	char pmd[3];
	long long speed;

	if (!b || b == name)
		return false;
	speed = strtoll(name, &end, 10);
	if (end != b || speed <= 0)
		return false;
	out->speed_mbps = speed;
	/* the PMD: the two letters after "base", where they are one of the enum's */
	pmd[0] = b[4];
	pmd[1] = pmd[0] ? b[5] : '\0';
	pmd[2] = '\0';
	if (!fc_pmd_parse(pmd, &out->pmd))
		out->pmd = (enum fc_pmd)0;
	/* the lanes: the digit that ends the PMD part ("CR2", "LR4_ER4": 4), else one */
	for (p = b + 4; *p && *p != '/' && *p != '_'; p++)
		;
	out->lanes = p > b + 4 && p[-1] >= '1' && p[-1] <= '8' ? p[-1] - '0' : 1;
	return true;
}

int fc_spelling_find(const struct fc_spelling *t, const char *word, bool icase)
{
	for (; word && t->word; t++)
		if (icase ? !strcasecmp(t->word, word) : !strcmp(t->word, word))
			return t->value;
	return 0;
}
