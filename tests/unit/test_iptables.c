/* SPDX-License-Identifier: MIT */
/* The legacy iptables evaluator (iptables.c) on iptables-save text: the verdict for a new
 * RoCEv2 packet per interface, the deciding rule, and unknown with the rule named wherever the
 * packet's fate depends on what fabcheck does not know. The live path (libip4tc) is tested with
 * real rules in tests/cli/probe_iptables.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "probe/probe.h"

struct res {
	const char *v;
	char why[768], where[160];
};

static struct res eval(const char *rules, const char *ifname)
{
	struct res r;
	struct fc_err e;

	memset(&r, 0, sizeof(r));
	fc_err_clear(&e);
	r.v = fc_ipt_roce_verdict(rules, ifname, &e, r.where, sizeof(r.where));
	fc_err_str(&e, r.why, sizeof(r.why));   /* "line N: ..." as a report shows it */
	assert_true(r.v ? e.rc == FC_OK : e.rc != FC_OK);
	return r;
}


static void policies_and_interfaces(void **state)
{
	struct res r;

	(void)state;
	r = eval("*filter\n:INPUT DROP [0:0]\n-A INPUT -i eth+ -p udp -m udp --dport 4791 -j ACCEPT\nCOMMIT\n", "eth3");
	assert_string_equal(r.v, "accept");
	assert_string_equal(r.where, "iptables-legacy filter INPUT rule 1");
	r = eval("*filter\n:INPUT DROP [0:0]\n-A INPUT -i eth+ -p udp -m udp --dport 4791 -j ACCEPT\nCOMMIT\n", "ens1f0");
	assert_string_equal(r.v, "drop");
	assert_string_equal(r.where, "iptables-legacy filter INPUT policy DROP");
	/* negations: not udp, not this interface, not the RoCE port */
	r = eval("*filter\n:INPUT ACCEPT [0:0]\n-A INPUT ! -p udp -j DROP\n-A INPUT ! -i ens1f0 -j DROP\n"
		 "-A INPUT -p udp -m udp ! --dport 4791 -j DROP\nCOMMIT\n", "ens1f0");
	assert_string_equal(r.v, "accept");
	/* a port range and REJECT */
	r = eval("*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -p udp -m udp --dport 4000:5000 -j REJECT --reject-with icmp-port-unreachable\nCOMMIT\n",
		 "x");
	assert_string_equal(r.v, "drop");
	/* no filter table at all */
	r = eval("", "x");
	assert_string_equal(r.v, "accept");
}

static void chains_and_states(void **state)
{
	struct res r;

	(void)state;
	/* RETURN from a user chain continues in INPUT; goto does not come back */
	r = eval("*filter\n:INPUT ACCEPT [0:0]\n:c - [0:0]\n-A INPUT -j c\n-A INPUT -p udp -j DROP\n"
		 "-A c -p udp -j RETURN\n-A c -j ACCEPT\nCOMMIT\n", "x");
	assert_string_equal(r.v, "drop");
	assert_string_equal(r.where, "iptables-legacy filter INPUT rule 2");
	r = eval("*filter\n:INPUT ACCEPT [0:0]\n:c - [0:0]\n-A INPUT -g c\n-A INPUT -p udp -j DROP\n"
		 "-A c -p tcp -j DROP\nCOMMIT\n", "x");
	assert_string_equal(r.v, "accept");   /* c falls through: the goto returns past INPUT's rules */
	/* ESTABLISHED does not match a first packet; NEW does; LOG does not decide */
	r = eval("*filter\n:INPUT DROP [0:0]\n-A INPUT -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT\n"
		 "-A INPUT -j LOG --log-prefix \"in: \"\n-A INPUT -m state --state NEW -p udp -m multiport --dports 53,4791 -j ACCEPT\nCOMMIT\n",
		 "x");
	assert_string_equal(r.v, "accept");
	assert_string_equal(r.where, "iptables-legacy filter INPUT rule 3");
}

static void unknowns(void **state)
{
	struct res r;

	(void)state;
	r = eval("*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -s 10.0.0.0/8 -p udp -j DROP\nCOMMIT\n", "x");
	assert_null(r.v);
	assert_non_null(strstr(r.why, "the source address decides, rule 1 of chain INPUT (line 3)"));
	r = eval("*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -m hashlimit --hashlimit-above 10/sec -j DROP\nCOMMIT\n", "x");
	assert_null(r.v);
	assert_non_null(strstr(r.why, "match 'hashlimit' is not evaluated"));
	r = eval("*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -p udp -j NFQUEUE --queue-num 1\nCOMMIT\n", "x");
	assert_null(r.v);
	assert_non_null(strstr(r.why, "target 'NFQUEUE' is not evaluated"));
	/* a source port range that covers only part of 49152-65535 */
	r = eval("*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -p udp -m udp --sport 50000:60000 -j DROP\nCOMMIT\n", "x");
	assert_null(r.v);
	assert_non_null(strstr(r.why, "the UDP source port decides"));
}

static void malformed(void **state)
{
	struct res r;

	(void)state;
	r = eval("*filter\n:INPUT ACCEPT [0:0]\nthis is not iptables-save\nCOMMIT\n", "x");
	assert_null(r.v);
	assert_non_null(strstr(r.why, "line 3: iptables-legacy-save: expected"));
	r = eval("*filter\n:INPUT ACCEPT [0:0]\n-A NOCHAIN -j DROP\nCOMMIT\n", "x");
	assert_null(r.v);
	r = eval("*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -p udp -m udp --dport 99999 -j DROP\nCOMMIT\n", "x");
	assert_null(r.v);
	assert_non_null(strstr(r.why, "not understood, rule 1 of chain INPUT"));
	r = eval("*filter\n:INPUT ACCEPT [0:0]\n:a - [0:0]\n-A INPUT -j a\n-A a -j INPUT\nCOMMIT\n", "x");
	assert_null(r.v);   /* a loop ends at the depth limit, unknown */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(policies_and_interfaces),
		cmocka_unit_test(chains_and_states),
		cmocka_unit_test(unknowns),
		cmocka_unit_test(malformed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
