/* SPDX-License-Identifier: MIT */
/* The configuration and output text every adapter shares (src/adapter/cfgtext.h): speeds in every
 * form a platform prints, number sets, units, interface lists and their cap, keyword lists,
 * port-channel membership. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "adapter/cfgtext.h"
#include "vendors/eos/eos.h"
#include "vendors/nxos/nxos.h"

static void speeds(void **state)
{
	static const struct {
		const char *s;
		bool ok;
		int64_t mbps, lanes;
	} cases[] = {
		{ "100 Gb/s", true, 100000, 0 },  /* NX-OS show interface */
		{ "25000 Mb/s", true, 25000, 0 },
		{ "100G", true, 100000, 0 },      /* NX-OS, EOS, SONiC status tables */
		{ "a-40G", true, 40000, 0 },
		{ "2.5G", true, 2500, 0 },
		{ "10M", true, 10, 0 },
		{ "1000", true, 1000, 0 },        /* NX-OS status: Mb/s */
		{ "100gfull", true, 100000, 0 },  /* EOS speed [forced] */
		{ "100g-4", true, 100000, 4 },
		{ "400g-8", true, 400000, 8 },
		{ "1600G", true, 1600000, 0 },
		{ "1601G", false, 0, 0 },         /* over 1.6 Tb/s: not a port speed */
		{ "auto", false, 0, 0 },
		{ "auto-speed", false, 0, 0 },
		{ "unconf", false, 0, 0 },
		{ "N/A", false, 0, 0 },
		{ "nan", false, 0, 0 },
		{ "1e200G", false, 0, 0 },
		{ "-100G", false, 0, 0 },
		{ "100G ", false, 0, 0 },
		{ "100 ", false, 0, 0 },
		{ "100Gb", false, 0, 0 },
		{ "100g-0", false, 0, 0 },
		{ "100g-17", false, 0, 0 },
		{ "0.5M", false, 0, 0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int64_t mbps = -1, lanes = -1;

		if (fc_speed_parse(cases[i].s, &mbps, &lanes) != cases[i].ok)
			fail_msg("'%s': expected %s", cases[i].s, cases[i].ok ? "a speed" : "no speed");
		if (cases[i].ok) {
			assert_int_equal(mbps, cases[i].mbps);
			assert_int_equal(lanes, cases[i].lanes);
		}
	}
}

static void numbers(void **state)
{
	char one[] = "24-26,46", a[] = "0-2", b[] = "5", c[] = "7", bad[] = "3-1", over[] = "64", empty[] = "";
	char *w1[] = { one }, *w3[] = { a, b, c }, *wb[] = { bad }, *wo[] = { over }, *we[] = { empty };
	uint64_t m;
	int64_t x;

	(void)state;
	assert_true(fc_num_set(w1, 1, 63, &m));
	assert_int_equal(m, (UINT64_C(7) << 24) | (UINT64_C(1) << 46));
	assert_string_equal(one, "24-26,46");   /* the words are left as they are */
	assert_true(fc_num_set(w3, 3, 7, &m));
	assert_int_equal(m, 0xa7);
	assert_false(fc_num_set(wb, 1, 7, &m));
	assert_false(fc_num_set(wo, 1, 63, &m));
	assert_false(fc_num_set(we, 1, 7, &m));
	assert_false(fc_num_set(w1, 0, 63, &m));
	assert_true(fc_unit_bytes_words("150", "kbytes", &x));
	assert_int_equal(x, 153600);
	assert_true(fc_unit_bytes(3, "mbytes", &x));
	assert_int_equal(x, 3 << 20);
	assert_false(fc_unit_bytes(3, "cells", &x));
	assert_false(fc_unit_bytes_words("-1", "bytes", &x));
	assert_true(fc_unit_usec(2, "milliseconds", &x));
	assert_int_equal(x, 2000);
	assert_false(fc_unit_usec(2, "minutes", &x));
}

static void lists(void **state)
{
	struct fc_model *m = fc_model_new();
	const char **v, *why;
	size_t n;
	char big[64];

	(void)state;
	assert_true(fc_iflist(m, "Ethernet1/1-4, Ethernet1/7", nxos_ifname_canon, false, &v, &n, &why));
	assert_int_equal(n, 5);
	assert_string_equal(v[3], "Ethernet1/4");
	assert_string_equal(v[4], "Ethernet1/7");
	assert_true(fc_iflist(m, "ethernet 1/17-1/19", nxos_ifname_canon, false, &v, &n, &why));
	assert_int_equal(n, 3);
	assert_string_equal(v[2], "Ethernet1/19");
	assert_true(fc_iflist(m, "e1/49/1-4,Eth1/49/2", nxos_ifname_canon, false, &v, &n, &why));
	assert_int_equal(n, 4);   /* a port named twice is one port */
	/* the same past the names compared one by one: a list of 20 naming three of them again, the
	 * first before the map is made, the others after */
	assert_true(fc_iflist(m, "Ethernet1/1-15,Ethernet1/3,Ethernet1/16-20,Ethernet1/5,Ethernet1/19", nxos_ifname_canon,
			      false, &v, &n, &why));
	assert_int_equal(n, 20);
	assert_string_equal(v[15], "Ethernet1/16");
	assert_string_equal(v[19], "Ethernet1/20");
	assert_true(fc_iflist(m, "port-channel10-12", nxos_ifname_canon, false, &v, &n, &why));
	assert_int_equal(n, 3);
	assert_string_equal(v[0], "port-channel10");
	/* a bare number takes the previous name's letters where the platform allows it (EOS) */
	assert_false(fc_iflist(m, "Ethernet1/1,7", nxos_ifname_canon, false, &v, &n, &why));
	assert_true(fc_iflist(m, "Ethernet1-4,6", eos_ifname_canon, true, &v, &n, &why));
	assert_int_equal(n, 5);
	assert_string_equal(v[4], "Ethernet6");
	assert_true(fc_iflist(m, "Et1/1-2,Po5", eos_ifname_canon, true, &v, &n, &why));
	assert_string_equal(v[2], "Port-Channel5");
	assert_false(fc_iflist(m, "Ethernet1/4-1", nxos_ifname_canon, false, &v, &n, &why));
	assert_false(fc_iflist(m, "Ethernet1/1-2/4", nxos_ifname_canon, false, &v, &n, &why));
	assert_false(fc_iflist(m, "Loopback0", eos_ifname_canon, true, &v, &n, &why));
	/* the cap, said */
	snprintf(big, sizeof(big), "Ethernet1/1-%d", FC_IFLIST_MAX);
	assert_true(fc_iflist(m, big, nxos_ifname_canon, false, &v, &n, &why));
	assert_int_equal(n, FC_IFLIST_MAX);
	snprintf(big, sizeof(big), "Ethernet1/1-%d", FC_IFLIST_MAX + 1);
	assert_false(fc_iflist(m, big, nxos_ifname_canon, false, &v, &n, &why));
	assert_non_null(strstr(why, "more than 4096"));
	snprintf(big, sizeof(big), "Ethernet1/1-%d,Ethernet2/1-2", FC_IFLIST_MAX - 1);
	assert_false(fc_iflist(m, big, nxos_ifname_canon, false, &v, &n, &why));
	assert_non_null(strstr(why, "more than 4096"));
	fc_model_free(&m);
}

static void keywords(void **state)
{
	static const char *const list[] = { "ip verify", "snmp", NULL };
	char a[] = "channel-group", b[] = "12", c[] = "mode", d[] = "active", e[] = "sideways";
	char *w[] = { a, b, c, d }, *x[] = { a, b, c, e };
	int64_t num;

	(void)state;
	assert_true(fc_cfg_in_list("ip verify source", 16, list));
	assert_true(fc_cfg_in_list("snmp", 4, list));
	assert_false(fc_cfg_in_list("ip verifyx", 10, list));
	assert_false(fc_cfg_in_list("snmp-server x", 13, list));
	assert_true(fc_cfg_in_list("no snmp", 7, list));
	assert_true(fc_cfg_in_list("default ip verify source", 24, list));
	assert_false(fc_cfg_in_list("no snmp-server", 14, list));
	assert_false(fc_cfg_in_list("no ", 3, list));
	assert_true(fc_channel_group(w, 4, &num));
	assert_int_equal(num, 12);
	assert_false(fc_channel_group(x, 4, &num));
	assert_false(fc_channel_group(w, 1, &num));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(speeds), cmocka_unit_test(numbers), cmocka_unit_test(lists), cmocka_unit_test(keywords),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
