/* SPDX-License-Identifier: MIT */
/* The model's vocabulary: every value has a name that parses back to it, nothing else parses, the
 * spelling tables compare as told, link-mode names split into speed, PMD and lanes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "adapter/adapter.h"
#include "model/vocab.h"

/* name -> parse -> the same value, for every value of every vocabulary; 0 and COUNT have no name */
#define ROUND_TRIP(kind, count)                                                                        \
	do {                                                                                           \
		int v;                                                                                 \
		enum fc_##kind out;                                                                    \
		assert_null(fc_##kind##_name((enum fc_##kind)0));                                      \
		assert_null(fc_##kind##_name((enum fc_##kind)(count)));                                \
		for (v = 1; v < (count); v++) {                                                        \
			const char *n = fc_##kind##_name((enum fc_##kind)v);                           \
			assert_non_null(n);                                                            \
			assert_true(fc_##kind##_parse(n, &out));                                       \
			assert_int_equal(out, v);                                                      \
		}                                                                                      \
		assert_false(fc_##kind##_parse("", &out));                                             \
		assert_false(fc_##kind##_parse(NULL, &out));                                           \
	} while (0)

static void names_round_trip(void **state)
{
	(void)state;
	ROUND_TRIP(fec, FC_FEC_COUNT);
	ROUND_TRIP(medium, FC_MEDIUM_COUNT);
	ROUND_TRIP(cable, FC_CABLE_COUNT);
	ROUND_TRIP(cable_class, FC_CABLE_CLASS_COUNT);
	ROUND_TRIP(trust, FC_TRUST_COUNT);
	ROUND_TRIP(port_mode, FC_PORT_MODE_COUNT);
	ROUND_TRIP(link_layer, FC_LINK_LAYER_COUNT);
	ROUND_TRIP(pmd, FC_PMD_COUNT);
	ROUND_TRIP(asic, FC_ASIC_COUNT);
	assert_string_equal(fc_modulation_name(FC_MODULATION_PAM4), "PAM4");
}

static void names_are_exact(void **state)
{
	enum fc_fec f;
	enum fc_trust t;

	(void)state;
	/* the model's names only: a platform's spelling goes through its table */
	assert_false(fc_fec_parse("RS", &f));
	assert_false(fc_fec_parse("rs-fec", &f));
	assert_false(fc_fec_parse("rs ", &f));
	assert_false(fc_trust_parse("cos", &t));
	assert_true(fc_trust_parse("dscp+pcp", &t));
	assert_int_equal(t, FC_TRUST_DSCP_PCP);
}

static void spellings(void **state)
{
	static const struct fc_spelling t[] = { { "RS", FC_FEC_RS }, { "fc-fec", FC_FEC_BASER }, { NULL, 0 } };

	(void)state;
	assert_int_equal(fc_spelling_find(t, "RS", false), FC_FEC_RS);
	assert_int_equal(fc_spelling_find(t, "rs", false), 0);    /* a case-sensitive platform */
	assert_int_equal(fc_spelling_find(t, "rs", true), FC_FEC_RS);
	assert_int_equal(fc_spelling_find(t, "FC-FEC", true), FC_FEC_BASER);
	assert_int_equal(fc_spelling_find(t, "fc", true), 0);     /* whole words, never a prefix */
	assert_int_equal(fc_spelling_find(t, NULL, true), 0);
}

static void link_modes(void **state)
{
	static const struct {
		const char *name;
		bool ok;
		int64_t speed;
		enum fc_pmd pmd;
		int lanes;
	} cases[] = {
		{ "50000baseCR2/Full", true, 50000, FC_PMD_CR, 2 },
		{ "50000baseCR/Full", true, 50000, FC_PMD_CR, 1 },
		{ "100000baseLR4_ER4/Full", true, 100000, FC_PMD_LR, 4 },
		{ "50000baseLR_ER_FR/Full", true, 50000, FC_PMD_LR, 1 },
		{ "400000baseDR4/Full", true, 400000, FC_PMD_DR, 4 },
		{ "10000baseT/Full", true, 10000, 0, 1 },
		{ "baseCR4/Full", false, 0, 0, 0 },
		{ "Autoneg", false, 0, 0, 0 },
		{ "x100000baseCR4/Full", false, 0, 0, 0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fc_lmode lm;

		memset(&lm, 0, sizeof(lm));
		assert_int_equal(fc_lmode_parse(cases[i].name, &lm), cases[i].ok);
		if (!cases[i].ok)
			continue;
		assert_int_equal(lm.speed_mbps, cases[i].speed);
		assert_int_equal(lm.pmd, cases[i].pmd);
		assert_int_equal(lm.lanes, cases[i].lanes);
	}
}

static void lanes_and_fec(void **state)
{
	(void)state;
	assert_int_equal(fc_modulation_of_lane(0), 0);
	assert_int_equal(fc_modulation_of_lane(10), FC_MODULATION_NRZ);
	assert_int_equal(fc_modulation_of_lane(25), FC_MODULATION_NRZ);
	assert_int_equal(fc_modulation_of_lane(50), FC_MODULATION_PAM4);
	assert_int_equal(fc_modulation_of_lane(100), FC_MODULATION_PAM4);
	assert_true(fc_fec_rank(FC_FEC_OFF) < fc_fec_rank(FC_FEC_BASER));
	assert_true(fc_fec_rank(FC_FEC_BASER) < fc_fec_rank(FC_FEC_RS));
	assert_true(fc_fec_rank(FC_FEC_RS) < fc_fec_rank(FC_FEC_RS544));
	assert_int_equal(fc_fec_rank(FC_FEC_LLRS), fc_fec_rank(FC_FEC_RS544));
	assert_int_equal(fc_fec_rank(FC_FEC_AUTO), -1);
}

/* what module types say, as NX-OS, EOS, SONiC and ethtool print them */
static void modules(void **state)
{
	(void)state;
	assert_int_equal(fc_medium_of("QSFP-100G-CR4"), FC_MEDIUM_DAC);
	assert_int_equal(fc_medium_of("QSFP-100G-AOC3M"), FC_MEDIUM_AOC);
	assert_int_equal(fc_medium_of("QSFP-100G-SR4-S"), FC_MEDIUM_FIBRE);
	assert_int_equal(fc_medium_of("Unknown"), 0);
	assert_int_equal(fc_pmd_of("QSFP-DD-400G-DR4", FC_MEDIUM_FIBRE), FC_PMD_DR);
	assert_int_equal(fc_pmd_of("Copper cable", FC_MEDIUM_DAC), FC_PMD_CR);
	assert_int_equal(fc_pmd_of("Copper cable", FC_MEDIUM_FIBRE), 0);
	assert_int_equal(fc_dac_class_of("25GBASE-CR CA-L"), FC_CABLE_CLASS_L);
	assert_int_equal(fc_dac_class_of("100GBASE-CR4"), FC_CABLE_CLASS_L);
	assert_int_equal(fc_dac_class_of("25GBASE-CR CA-S"), FC_CABLE_CLASS_S);
	assert_int_equal(fc_dac_class_of("25GBASE-CR CA-N"), FC_CABLE_CLASS_N);
	assert_int_equal(fc_dac_class_of("QSFP-100G-SR4"), 0);
	/* an ASIC family only where the model's headroom table is known to be the family's */
	assert_int_equal(fc_asic_of("ACS-MSN2700"), FC_ASIC_SPECTRUM1);
	assert_int_equal(fc_asic_of("Mellanox-SN4280-O28"), FC_ASIC_SPECTRUM4);
	assert_int_equal(fc_asic_of("ACS-SN5600"), 0);
	assert_int_equal(fc_asic_of("Force10-S6100"), FC_ASIC_TOMAHAWK);
	assert_int_equal(fc_asic_of("DCS-7050QX-32S"), FC_ASIC_TRIDENT2);
	assert_int_equal(fc_asic_of("N9K-C93180YC-FX"), FC_ASIC_CLOUD_SCALE);
	assert_int_equal(fc_asic_of("N9K-C9504"), 0);
	assert_int_equal(fc_asic_of("Nexus9000 C9332D-GX2B Chassis"), FC_ASIC_CLOUD_SCALE);
	assert_int_equal(fc_asic_of("Nexus9000 C9300v Chassis"), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_round_trip), cmocka_unit_test(names_are_exact), cmocka_unit_test(spellings),
		cmocka_unit_test(link_modes),       cmocka_unit_test(lanes_and_fec),   cmocka_unit_test(modules),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
