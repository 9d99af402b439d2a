/* SPDX-License-Identifier: MIT */
/* The module EEPROM decoder on SFF-8472 (SFP28 with A2h monitors), CMIS (QSFP-DD page 00h; pages 01h, 02h, 11h) and
 * malformed dumps. SFF-8636 is covered end to end by tests/cli/probe_agentless.sh, against the
 * `ethtool -m` text of the same module. Byte layouts: SFF-8472 rev 12.4, CMIS 5.2. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "probe/probe.h"

/* The decoders with the reason of a failure rendered as a report shows it ("line N: ..."); the
 * error record agrees with the code returned. */
static enum fc_rc decode(const uint8_t *ee, size_t len, struct fc_module_info *m, char *shown, size_t size)
{
	struct fc_err e;
	enum fc_rc rc;

	fc_err_clear(&e);
	rc = fc_module_decode(ee, len, m, &e);
	fc_err_str(&e, shown, (unsigned)size);
	assert_true(rc == FC_OK || e.rc == rc);
	return rc;
}

static enum fc_rc module_text(const char *t, struct fc_module_info *m, char *shown, size_t size)
{
	struct fc_err e;
	enum fc_rc rc;

	fc_err_clear(&e);
	rc = fc_module_text(t, m, &e);
	fc_err_str(&e, shown, (unsigned)size);
	assert_true(rc == FC_OK || e.rc == rc);
	return rc;
}

static void put16(uint8_t *p, unsigned v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void sfp28_sr(void **state)
{
	uint8_t ee[512];
	struct fc_module_info m;
	char why[256];

	(void)state;
	memset(ee, 0, sizeof(ee));
	ee[0] = 0x03;
	ee[36] = 0x02;                                  /* SFF-8024: "100GBASE-SR4 or 25GBASE-SR" */
	memcpy(ee + 20, "FINISAR CORP.   ", 16);
	memcpy(ee + 40, "FTLF8536P4BCL   ", 16);
	memcpy(ee + 68, "X4KAB1C         ", 16);
	ee[92] = 0x68;                                  /* DDM implemented, internally calibrated */
	put16(ee + 256 + 0, 75 * 256);                  /* temperature high alarm 75 C */
	put16(ee + 256 + 2, (unsigned)(uint16_t)(-5 * 256));
	put16(ee + 256 + 16, 6000);                     /* bias high alarm 12 mA */
	put16(ee + 256 + 32, 12589);                    /* rx high alarm 1.2589 mW = 1.00 dBm */
	put16(ee + 256 + 34, 123);                      /* rx low alarm 0.0123 mW = -19.10 dBm */
	put16(ee + 256 + 96, (unsigned)(41 * 256 + 128)); /* 41.5 C */
	put16(ee + 256 + 98, 33000);                    /* 3.3 V */
	put16(ee + 256 + 100, 3500);                    /* 7 mA */
	put16(ee + 256 + 102, 5012);                    /* 0.5012 mW = -3.00 dBm */
	put16(ee + 256 + 104, 0);                       /* no light: -40 dBm floor */
	assert_int_equal(decode(ee, sizeof(ee), &m, why, sizeof(why)), FC_OK);
	assert_string_equal(m.identifier, "SFP");
	assert_string_equal(m.spec, "SFF-8472");
	assert_string_equal(m.vendor, "FINISAR CORP.");
	assert_string_equal(m.part, "FTLF8536P4BCL");
	assert_string_equal(m.compliance, "25GBASE-SR");   /* the SFP reading of the row */
	assert_string_equal(m.cable, "optical");
	assert_false(m.has_length);
	assert_true(m.dom);
	assert_int_equal(m.nlanes, 1);
	assert_true(fabs(m.temp_c - 41.5) < 1e-9);
	assert_true(fabs(m.volt_v - 3.3) < 1e-9);
	assert_true(fabs(m.lane[0].bias_ma - 7.0) < 1e-9);
	assert_true(fabs(m.lane[0].tx_dbm - -3.0) < 0.005);
	assert_true(fabs(m.lane[0].rx_dbm - -40.0) < 1e-9);
	assert_true(m.th_temp.set && fabs(m.th_temp.hi_alarm - 75) < 1e-9 && fabs(m.th_temp.lo_alarm - -5) < 1e-9);
	assert_true(fabs(m.th_bias.hi_alarm - 12.0) < 1e-9);
	assert_true(fabs(m.th_rx.hi_alarm - 1.0) < 0.005 && fabs(m.th_rx.lo_alarm - -19.10) < 0.005);

	/* externally calibrated: the monitors are not decoded rather than decoded wrong */
	ee[92] = 0x50;
	assert_int_equal(decode(ee, sizeof(ee), &m, why, sizeof(why)), FC_OK);
	assert_false(m.dom);
	/* A0h only (no A2h in the dump): no monitors */
	ee[92] = 0x68;
	assert_int_equal(decode(ee, 256, &m, why, sizeof(why)), FC_OK);
	assert_false(m.dom);
}

static void sfp_passive_dac(void **state)
{
	uint8_t ee[256];
	struct fc_module_info m;
	char why[256];

	(void)state;
	memset(ee, 0, sizeof(ee));
	ee[0] = 0x03;
	ee[8] = 0x04;   /* SFP+ cable technology: passive */
	ee[18] = 3;     /* 3 m */
	ee[36] = 0x0c;  /* 25GBASE-CR CA-S */
	assert_int_equal(decode(ee, sizeof(ee), &m, why, sizeof(why)), FC_OK);
	assert_string_equal(m.cable, "passive copper");
	assert_true(m.has_length && fabs(m.length_m - 3) < 1e-9);
	assert_string_equal(m.compliance, "25GBASE-CR CA-S");
	assert_false(m.dom);
}

static void cmis_qsfpdd(void **state)
{
	uint8_t ee[256];
	struct fc_module_info m;
	char why[256];

	(void)state;
	memset(ee, 0, sizeof(ee));
	ee[0] = 0x18;
	ee[2] = 0x80;                  /* flat memory: a passive cable has no pages and no monitors */
	put16(ee + 14, 38 * 256);
	put16(ee + 16, 32900);
	ee[85] = 0x03;                 /* media type: passive copper */
	ee[202] = (1u << 6) | 2;       /* multiplier 1 m, 2 -> 2 m */
	ee[212] = 0x0a;                /* media technology: copper cable, unequalized */
	memcpy(ee + 129, "Mellanox        ", 16);
	memcpy(ee + 148, "MCP1650-V002E26 ", 16);
	assert_int_equal(decode(ee, sizeof(ee), &m, why, sizeof(why)), FC_OK);
	assert_string_equal(m.identifier, "QSFP-DD");
	assert_string_equal(m.spec, "CMIS");
	assert_string_equal(m.part, "MCP1650-V002E26");
	assert_string_equal(m.cable, "passive copper");
	assert_true(m.has_length && fabs(m.length_m - 2) < 1e-9);
	assert_false(m.dom);
	ee[2] = 0x00;                  /* a paged optical (MMF) module */
	ee[85] = 0x01;
	ee[212] = 0x00;                /* 850 nm VCSEL */
	assert_int_equal(decode(ee, sizeof(ee), &m, why, sizeof(why)), FC_OK);
	assert_true(m.dom && m.has_temp && fabs(m.temp_c - 38) < 1e-9 && fabs(m.volt_v - 3.29) < 1e-9);
	assert_false(m.has_length);
	/* the lane monitors are on page 11h, not in a 256-byte dump: unknown, with the reason */
	assert_int_equal(m.nlanes, 0);
	assert_non_null(strstr(m.lanes_why, "pages 01h, 02h and 11h; only 256 bytes"));
}

/* Pages 01h, 02h and 11h in the layout of FC_CMIS_DUMP_LEN: lane monitors, the bias multiplier
 * and the module's thresholds. */
static void cmis_pages(void **state)
{
	uint8_t ee[FC_CMIS_DUMP_LEN];
	struct fc_module_info m;
	char why[256];
	int k;

	(void)state;
	memset(ee, 0, sizeof(ee));
	ee[0] = 0x19;                                   /* OSFP */
	put16(ee + 14, 50 * 256);
	ee[256 + 160 - 128] = 0x07 | 0x08;              /* page 01h: all lane monitors, bias x2 */
	put16(ee + 384 + 0x80 - 128, 80 * 256);         /* page 02h: temperature high alarm 80 C */
	put16(ee + 384 + 0xB8 - 128, 5000);             /* bias high alarm: 5000 x 2 uA x 2 = 20 mA */
	put16(ee + 384 + 0xC2 - 128, 1000);             /* rx low alarm 0.1 mW = -10 dBm */
	for (k = 0; k < 8; k++) {
		put16(ee + 512 + 0x9A - 128 + 2 * k, 10000);   /* tx 1 mW = 0 dBm */
		put16(ee + 512 + 0xAA - 128 + 2 * k, 2000 + (unsigned)k);
		put16(ee + 512 + 0xBA - 128 + 2 * k, k == 5 ? 0 : 5012);
	}
	assert_int_equal(decode(ee, sizeof(ee), &m, why, sizeof(why)), FC_OK);
	assert_string_equal(m.identifier, "OSFP");
	assert_true(m.dom && m.lanes_why[0] == '\0');
	assert_int_equal(m.nlanes, 8);
	assert_true(fabs(m.lane[0].bias_ma - 8.0) < 1e-9);          /* 2000 x 2 uA x 2 */
	assert_true(fabs(m.lane[7].bias_ma - 8.028) < 1e-9);
	assert_true(fabs(m.lane[3].tx_dbm) < 1e-9);
	assert_true(fabs(m.lane[0].rx_dbm - (-3.0)) < 0.01);
	assert_true(m.lane[5].rx_dbm <= -40.0);                       /* no light */
	assert_true(m.th_temp.set && fabs(m.th_temp.hi_alarm - 80) < 1e-9);
	assert_true(fabs(m.th_bias.hi_alarm - 20.0) < 1e-9);
	assert_true(fabs(m.th_rx.lo_alarm - (-10.0)) < 1e-9);
	ee[256 + 160 - 128] = 0x00;                     /* no lane monitors advertised */
	assert_int_equal(decode(ee, sizeof(ee), &m, why, sizeof(why)), FC_OK);
	assert_int_equal(m.nlanes, 0);
	assert_non_null(strstr(m.lanes_why, "advertises no lane monitors"));
}

static void malformed(void **state)
{
	uint8_t ee[256];
	struct fc_module_info m;
	char why[256];

	(void)state;
	memset(ee, 0, sizeof(ee));
	ee[0] = 0x11;
	assert_int_equal(decode(ee, 100, &m, why, sizeof(why)), FC_ERR_INPUT);
	assert_non_null(strstr(why, "100 bytes"));
	ee[0] = 0x42;
	assert_int_equal(decode(ee, sizeof(ee), &m, why, sizeof(why)), FC_ERR_UNSUPPORTED);
	assert_non_null(strstr(why, "0x42"));
	assert_int_equal(module_text("garbage\n", &m, why, sizeof(why)), FC_ERR_INPUT);
	assert_int_equal(module_text("\tIdentifier : 0x11 QSFP28\n", &m, why, sizeof(why)), FC_ERR_INPUT);
	assert_non_null(strstr(why, "line 1"));
}

/* ethtool -m prints a "Transceiver type" line per compliance bit of an SFF-8636 module: the
 * Ethernet one names it, whatever follows (the last line used to win: a 40GBASE-SR4 read as FC). */
static void several_transceiver_types(void **state)
{
	static const char text[] =
		"\tIdentifier                                : 0x0d (QSFP+)\n"
		"\tTransceiver type                          : 40G Ethernet: 40G Base-SR4\n"
		"\tTransceiver type                          : FC: Multimode, 50um (M5)\n"
		"\tTransceiver type                          : FC: 1200 MBytes/sec\n"
		"\tVendor name                               : FINISAR CORP.\n";
	static const char fc_first[] =
		"\tIdentifier                                : 0x0d (QSFP+)\n"
		"\tTransceiver type                          : FC: 1200 MBytes/sec\n"
		"\tTransceiver type                          : 40G Ethernet: 40G Base-CR4\n";
	static const char long_vendor[] =
		"\tIdentifier                                : 0x0d (QSFP+)\n"
		"\tVendor name                               : A VENDOR NAME THAT IS FAR TOO LONG\n";
	struct fc_module_info m;
	char why[256];

	(void)state;
	assert_int_equal(module_text(text, &m, why, sizeof(why)), FC_OK);
	assert_string_equal(m.compliance, "40GBASE-SR4");
	assert_string_equal(m.vendor, "FINISAR CORP.");
	assert_int_equal(module_text(fc_first, &m, why, sizeof(why)), FC_OK);
	assert_string_equal(m.compliance, "40GBASE-CR4");
	/* a vendor name longer than the 16 bytes a module holds: refused, not cut */
	assert_int_equal(module_text(long_vendor, &m, why, sizeof(why)), FC_ERR_INPUT);
	assert_non_null(strstr(why, "line 2: Vendor name: longer than"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sfp28_sr),
		cmocka_unit_test(sfp_passive_dac),
		cmocka_unit_test(cmis_qsfpdd),
		cmocka_unit_test(cmis_pages),
		cmocka_unit_test(malformed),
		cmocka_unit_test(several_transceiver_types),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
