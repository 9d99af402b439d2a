/* SPDX-License-Identifier: MIT */
/* The model's vocabulary: the values a port, a link or an RDMA port takes from a small fixed set
 * (FEC, medium, cable, DAC class, trust, port mode, link layer, lane modulation, PMD), as enums
 * with their names, after the kernel's ETHTOOL_FEC_* bits. Rules compare values, never strings;
 * each adapter maps its platform's words to them through a spelling table (fc_spelling_find). */
#ifndef FC_VOCAB_H
#define FC_VOCAB_H

#include <stdbool.h>
#include <stdint.h>

/* Each enum starts at 1: 0 is no value (a zeroed record), which has no name. The name of each is
 * what reports, the model's JSON and the host document write; _parse takes that name only. */

/* Forward error correction, configured or active (IEEE 802.3 clauses 74, 91, 108, 119). */
enum fc_fec {
	FC_FEC_OFF = 1,  /* "off": none */
	FC_FEC_AUTO,     /* "auto": negotiated (configured only) */
	FC_FEC_BASER,    /* "baser": BASE-R / Fire Code, clause 74 */
	FC_FEC_RS,       /* "rs": Reed-Solomon, RS(528,514) on NRZ lanes; RS(544,514) where the platform
			  * prints one word for both (ethtool's RS): a PAM4 lane cannot run the other */
	FC_FEC_RS544,    /* "rs544": RS(544,514) "KP4", stated as such */
	FC_FEC_LLRS,     /* "llrs": low-latency RS(272,257+1) */
	FC_FEC_RS528,    /* "rs528": RS(528,514) "KR4", stated as such (clauses 91, 108): NRZ lanes only */
	FC_FEC_COUNT
};

/* What a port's signal travels over. */
enum fc_medium {
	FC_MEDIUM_DAC = 1,      /* "dac": direct-attach copper */
	FC_MEDIUM_AOC,          /* "aoc": active optical cable */
	FC_MEDIUM_FIBRE,        /* "fibre": a pluggable optic */
	FC_MEDIUM_BACKPLANE,    /* "backplane" */
	FC_MEDIUM_TWISTED_PAIR, /* "twisted-pair": BASE-T */
	FC_MEDIUM_COUNT
};

/* The cable a cabling plan declares for a link. */
enum fc_cable {
	FC_CABLE_DAC = 1,   /* "dac" */
	FC_CABLE_AOC,       /* "aoc" */
	FC_CABLE_FIBRE_MM,  /* "fibre-mm": multimode fibre */
	FC_CABLE_FIBRE_SM,  /* "fibre-sm": single-mode fibre */
	FC_CABLE_BACKPLANE, /* "backplane" */
	FC_CABLE_COUNT
};

/* A 25G-lane DAC's class, from its EEPROM (SFF-8024 extended compliance 0x0b, 0x0c, 0x0d; IEEE 802.3
 * clause 110 cable assemblies), which sets the FEC it needs. */
enum fc_cable_class {
	FC_CABLE_CLASS_L = 1, /* "CA-L": up to 22.48 dB, needs RS-FEC (as a 100GBASE-CR4 assembly does) */
	FC_CABLE_CLASS_S,     /* "CA-S": up to 16.48 dB, BASE-R or RS */
	FC_CABLE_CLASS_N,     /* "CA-N": up to 12.98 dB, no FEC needed */
	FC_CABLE_CLASS_COUNT
};

/* The header field a classifier puts traffic into a class by. */
enum fc_trust {
	FC_TRUST_NONE = 1, /* "none": every packet in one class */
	FC_TRUST_DSCP,     /* "dscp" */
	FC_TRUST_PCP,      /* "pcp": the 802.1Q priority (CoS) */
	FC_TRUST_DSCP_PCP, /* "dscp+pcp": a policy that matches both */
	FC_TRUST_COUNT
};

/* A switch port's forwarding mode. */
enum fc_port_mode {
	FC_PORT_MODE_ACCESS = 1,    /* "access": untagged, one VLAN */
	FC_PORT_MODE_TRUNK,         /* "trunk": 802.1Q tagged */
	FC_PORT_MODE_ROUTED,        /* "routed": a layer-3 port */
	FC_PORT_MODE_DOT1Q_TUNNEL,  /* "dot1q-tunnel": 802.1ad customer port */
	FC_PORT_MODE_FEX_FABRIC,    /* "fex-fabric": toward a fabric extender */
	FC_PORT_MODE_FABRICPATH,    /* "fabricpath" */
	FC_PORT_MODE_TAP,           /* "tap": a tap aggregation port */
	FC_PORT_MODE_TOOL,          /* "tool": a tap aggregation tool port */
	FC_PORT_MODE_COUNT
};

/* An RDMA port's link layer (/sys/class/infiniband/<dev>/ports/<n>/link_layer). */
enum fc_link_layer {
	FC_LINK_LAYER_ETHERNET = 1, /* "Ethernet": RoCE */
	FC_LINK_LAYER_INFINIBAND,   /* "InfiniBand" */
	FC_LINK_LAYER_COUNT
};

/* How a lane signals: 25.78 GBd NRZ and 26.56 GBd PAM4 lanes cannot interoperate. */
enum fc_modulation {
	FC_MODULATION_NRZ = 1, /* "NRZ": 10G and 25G lanes */
	FC_MODULATION_PAM4,    /* "PAM4": 50G, 100G and 200G lanes */
	FC_MODULATION_COUNT
};

/* The PMD family of an Ethernet link mode ("100000baseCR4/Full": CR). */
enum fc_pmd {
	FC_PMD_CR = 1, /* "CR": copper cable */
	FC_PMD_KR,     /* "KR": backplane */
	FC_PMD_SR,     /* "SR": multimode fibre */
	FC_PMD_LR,     /* "LR" */
	FC_PMD_ER,     /* "ER" */
	FC_PMD_DR,     /* "DR" */
	FC_PMD_FR,     /* "FR" */
	FC_PMD_COUNT
};

/* A switch ASIC's family: what its buffers and published headroom tables follow. */
enum fc_asic {
	FC_ASIC_SPECTRUM1 = 1, /* "spectrum1": NVIDIA Spectrum */
	FC_ASIC_SPECTRUM2,     /* "spectrum2" */
	FC_ASIC_SPECTRUM3,     /* "spectrum3" */
	FC_ASIC_SPECTRUM4,     /* "spectrum4" */
	FC_ASIC_TOMAHAWK,      /* "tomahawk": Broadcom Tomahawk */
	FC_ASIC_TRIDENT2,      /* "trident2": Broadcom Trident2 */
	FC_ASIC_CLOUD_SCALE,   /* "cloudscale": Cisco Cloud Scale */
	FC_ASIC_COUNT
};

/* Names, NULL for a value out of range; parse: the name exactly, false for anything else. */
const char *fc_fec_name(enum fc_fec v);
bool fc_fec_parse(const char *s, enum fc_fec *out);
const char *fc_medium_name(enum fc_medium v);
bool fc_medium_parse(const char *s, enum fc_medium *out);
const char *fc_cable_name(enum fc_cable v);
bool fc_cable_parse(const char *s, enum fc_cable *out);
const char *fc_cable_class_name(enum fc_cable_class v);
bool fc_cable_class_parse(const char *s, enum fc_cable_class *out);
const char *fc_trust_name(enum fc_trust v);
bool fc_trust_parse(const char *s, enum fc_trust *out);
const char *fc_port_mode_name(enum fc_port_mode v);
bool fc_port_mode_parse(const char *s, enum fc_port_mode *out);
const char *fc_link_layer_name(enum fc_link_layer v);
bool fc_link_layer_parse(const char *s, enum fc_link_layer *out);
const char *fc_modulation_name(enum fc_modulation v);
const char *fc_asic_name(enum fc_asic v);
bool fc_asic_parse(const char *s, enum fc_asic *out);
const char *fc_pmd_name(enum fc_pmd v);
bool fc_pmd_parse(const char *s, enum fc_pmd *out);

/* The modulation of a lane of gbps Gb/s (10, 25: NRZ; 50, 100, 200: PAM4); 0 when not known
 * (gbps 0). */
enum fc_modulation fc_modulation_of_lane(int64_t gbps);
/* The FEC's strength for a cable's class: 0 off, 1 BASE-R, 2 RS(528), 3 RS(544) or LLRS; -1 for
 * auto (a configuration, not what runs). */
int fc_fec_rank(enum fc_fec v);

/* An Ethernet link mode as ethtool names it ("50000baseCR2/Full", "100000baseLR4_ER4/Full"). */
struct fc_lmode {
	int64_t speed_mbps;   /* 50000 */
	enum fc_pmd pmd;      /* CR; 0 when the letters after "base" are no PMD of the enum (T, X, ...) */
	int lanes;            /* 2: the digit that ends the PMD, 1 when none */
};
/* false when name has no "<speed>base" part. */
bool fc_lmode_parse(const char *name, struct fc_lmode *out);

/* A platform's words for the values of one vocabulary: an adapter's table, ended by { NULL }. */
struct fc_spelling {
	const char *word;
	int value;           /* an enum value of the vocabulary the table is for */
};
/* The value word spells in t (compared case-insensitively when icase, as the platform does), or 0
 * (no value of any vocabulary) when the table has no such word. */
int fc_spelling_find(const struct fc_spelling *t, const char *word, bool icase);

#endif
