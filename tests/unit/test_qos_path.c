/* SPDX-License-Identifier: MIT */
/* The QoS path of every switch OS, resolved through its adapter's resolver and the shared driver
 * (fc_adapter_qos_path) from small configurations written for each case: the classification, the
 * class, the egress queue and the ingress buffer of RoCE and CNP, each OS's precedence (a port's
 * own policy over the system's), what is attached but not defined, and the driver's own rules
 * (an undeclared DSCP, a path that ends at the classification, a switch port's trust). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "adapter/adapter.h"

/* A model with one switch of the platform, the output parsed, finalized, and the fabric's classes
 * (RoCE DSCP 26 on priority 3, CNP DSCP 48) resolved through every port. */
static struct fc_device *build(struct fc_model **mp, const char *platform, const char *command, const char *enc,
			       const char *text, bool intent)
{
	const struct fc_adapter *a = fc_adapter_find(platform);
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	struct fc_err err;

	fc_err_clear(&err);
	assert_non_null(a);
	assert_non_null(m);
	assert_int_equal(fc_model_add_device(m, "sw", a->kind, &d, &err), FC_OK);
	d->platform = a->platform;
	d->caps = a->caps;
	if (fc_adapter_parse(m, d, a, "sw.cfg", text, strlen(text), command, enc, &err) != FC_OK ||
	    fc_adapter_finalize(m, d, &err) != FC_OK)
		fail_msg("%s:%u: %s", err.file, err.line, err.msg);
	if (intent) {
		fc_set_int(&m->intent.roce_dscp, 26, fc_src_at(NULL, 0));
		fc_set_int(&m->intent.roce_prio, 3, fc_src_at(NULL, 0));
		fc_set_int(&m->intent.cnp_dscp, 48, fc_src_at(NULL, 0));
	}
	assert_int_equal(fc_adapter_qos_path(m, d), FC_OK);
	*mp = m;
	return d;
}

static const struct fc_hop *hop(const struct fc_device *d, const char *port, enum fc_tclass t)
{
	const struct fc_iface *ifc = fc_dev_find_iface(d, port);

	assert_non_null(ifc);
	assert_non_null(ifc->hops);
	return &ifc->hops[t];
}

static const char nxos_cfg[] =
	"hostname sw\n"
	"class-map type qos match-all RDMA\n  match dscp 26\n"
	"class-map type qos match-all CNP\n  match dscp 48\n"
	"policy-map type qos SYS-IN\n  class RDMA\n    set qos-group 3\n  class CNP\n    set qos-group 7\n"
	"policy-map type qos PORT-IN\n  class CNP\n    set qos-group 7\n"
	"policy-map type queuing OUT\n  class type queuing c-out-8q-q7\n    priority level 1\n"
	"  class type queuing c-out-8q-q3\n    bandwidth remaining percent 60\n"
	"    random-detect minimum-threshold 150 kbytes maximum-threshold 3000 kbytes drop-probability 7 weight 0 ecn\n"
	"policy-map type network-qos NQ\n  class type network-qos c-8q-nq3\n    mtu 9216\n    pause pfc-cos 3\n"
	"    pause buffer-size 103360 pause-threshold 43680 resume-threshold 24320\n"
	"system qos\n  service-policy type network-qos NQ\n  service-policy type queuing output OUT\n"
	"  service-policy type qos input SYS-IN\n"
	"interface Ethernet1/1\n  priority-flow-control mode on\n"
	"interface Ethernet1/2\n  priority-flow-control mode on\n  service-policy type qos input PORT-IN\n"
	"interface Ethernet1/3\n  priority-flow-control mode on\n  service-policy type qos input MISSING\n"
	"interface loopback0\n";

static void nxos(void **state)
{
	struct fc_model *m;
	struct fc_device *d = build(&m, "nxos", "show running-config", "text", nxos_cfg, true);
	const struct fc_hop *h;

	(void)state;
	/* the system's classifier, no-drop class, queue with ECN in bytes, the class's pause buffer */
	h = hop(d, "Ethernet1/1", FC_TC_ROCE);
	assert_string_equal(h->classifier.v, "SYS-IN");
	assert_false(h->per_port.v);
	assert_int_equal(h->trust.v, FC_TRUST_DSCP);
	assert_int_equal(h->tc.v, 3);
	assert_int_equal(h->pfc_cos.v, 1 << 3);
	assert_int_equal(h->mtu.v, 9216);
	assert_string_equal(h->queue.v, "c-out-8q-q3");
	assert_true(h->ecn.v);
	assert_int_equal(h->kmin.v, 150 * 1024);
	assert_int_equal(h->kmax.v, 3000 * 1024);
	assert_int_equal(h->buf.size.v, 103360);
	assert_int_equal(h->buf.xoff.v, 43680);
	assert_int_equal(hop(d, "Ethernet1/1", FC_TC_CNP)->strict.v, 1);
	/* a switch port's trust is its RoCE classifier's */
	assert_int_equal(fc_dev_find_iface(d, "Ethernet1/1")->trust.v, FC_TRUST_DSCP);
	/* the port's own policy wins: it classifies CNP only, RoCE falls to class-default */
	h = hop(d, "Ethernet1/2", FC_TC_ROCE);
	assert_string_equal(h->classifier.v, "PORT-IN");
	assert_true(h->per_port.v);
	assert_int_equal(h->tc.v, 0);
	assert_int_equal(hop(d, "Ethernet1/2", FC_TC_CNP)->tc.v, 7);
	/* attached but not defined: the classification is unknown, and the rest of the path with its reason */
	h = hop(d, "Ethernet1/3", FC_TC_ROCE);
	assert_string_equal(h->classifier.v, "MISSING");
	assert_false(h->tc.m.known);
	assert_non_null(strstr(fc_why(&h->tc.m), "MISSING is attached but not defined"));
	assert_false(h->queue.m.known);
	assert_string_equal(fc_why(&h->queue.m), fc_why(&h->tc.m));
	assert_string_equal(fc_why(&h->buf.headroom.m), fc_why(&h->tc.m));
	/* only the front-panel ports get a path */
	assert_null(fc_dev_find_iface(d, "loopback0")->hops);
	fc_model_free(&m);
}

static void nxos_no_config(void **state)
{
	struct fc_model *m;
	struct fc_device *d = build(&m, "nxos", "show interface", "text",
				    "Ethernet1/1 is up\n  Hardware: 100000 Ethernet, address: 0000.0000.0001\n", true);
	const struct fc_hop *h = hop(d, "Ethernet1/1", FC_TC_ROCE);

	(void)state;
	assert_false(h->classifier.m.known);
	assert_string_equal(fc_why(&h->tc.m), "no running-config was parsed for the switch");
	fc_model_free(&m);
}

static const char eos_cfg[] =
	"hostname sw\n"
	"qos map dscp 26 to traffic-class 3\nqos map dscp 48 to traffic-class 7\n!\n"
	"qos profile AI\n   qos trust dscp\n   priority-flow-control on\n   priority-flow-control priority 3 no-drop\n"
	"   !\n   tx-queue 3\n      no priority\n      bandwidth percent 60\n"
	"      random-detect ecn minimum-threshold 20 kbytes maximum-threshold 40 kbytes max-mark-probability 7 weight 0\n"
	"   !\n   tx-queue 7\n      priority strict\n!\n"
	"interface Ethernet1\n   mtu 9198\n   no switchport\n   service-profile AI\n!\n"
	"interface Ethernet2\n   mtu 9198\n   no switchport\n   qos trust cos\n   service-profile AI\n!\n"
	"end\n";

static void eos(void **state)
{
	struct fc_model *m;
	struct fc_device *d = build(&m, "eos", "show running-config", "text", eos_cfg, true);
	const struct fc_hop *h;

	(void)state;
	h = hop(d, "Ethernet1", FC_TC_ROCE);
	assert_int_equal(h->trust.v, FC_TRUST_DSCP);
	assert_int_equal(h->tc.v, 3);
	assert_int_equal(h->pfc_cos.v, 1 << 3);
	assert_string_equal(h->queue.v, "tx-queue 3");
	assert_int_equal(h->strict.v, 0);
	assert_int_equal(h->bw_percent.v, 60);
	assert_true(h->ecn.v);
	assert_int_equal(h->kmin.v, 20 * 1024);
	assert_false(h->buf.size.m.known);   /* EOS states no headroom: unknown, never guessed */
	assert_int_equal(hop(d, "Ethernet1", FC_TC_CNP)->tc.v, 7);
	assert_true(hop(d, "Ethernet1", FC_TC_CNP)->strict.v > 0);
	/* the port's own trust over its profile's: by the priority tag, so no traffic class from the DSCP */
	h = hop(d, "Ethernet2", FC_TC_ROCE);
	assert_int_equal(h->trust.v, FC_TRUST_PCP);
	assert_false(h->tc.m.known);
	assert_false(h->queue.m.known);
	fc_model_free(&m);
}

static const char sonic_db[] =
	"{\"DEVICE_METADATA\": {\"localhost\": {\"hostname\": \"sw\", \"hwsku\": \"ACS-MSN2700\"}},"
	" \"PORT\": {\"Ethernet0\": {\"speed\": \"100000\", \"lanes\": \"0,1,2,3\", \"mtu\": \"9100\"},"
	"           \"Ethernet4\": {\"speed\": \"100000\", \"lanes\": \"4,5,6,7\", \"mtu\": \"9100\"},"
	"           \"Ethernet8\": {\"speed\": \"100000\", \"lanes\": \"8,9,10,11\", \"mtu\": \"9100\"}},"
	" \"PORT_QOS_MAP\": {\"global\": {\"dscp_to_tc_map\": \"AZURE\"},"
	"                  \"Ethernet0\": {\"pfc_enable\": \"3,4\"},"
	"                  \"Ethernet4\": {\"pfc_enable\": \"3,4\", \"dscp_to_tc_map\": \"OTHER\"},"
	"                  \"Ethernet8\": {\"pfc_enable\": \"3,4\", \"dscp_to_tc_map\": \"NOPE\"}},"
	" \"DSCP_TO_TC_MAP\": {\"AZURE\": {\"26\": \"3\", \"48\": \"6\"}, \"OTHER\": {\"48\": \"6\"}},"
	" \"QUEUE\": {\"Ethernet0|3\": {\"scheduler\": \"S3\", \"wred_profile\": \"AZURE_LOSSLESS\"}},"
	" \"SCHEDULER\": {\"S3\": {\"type\": \"DWRR\", \"weight\": \"15\"}},"
	" \"WRED_PROFILE\": {\"AZURE_LOSSLESS\": {\"ecn\": \"ecn_all\", \"green_min_threshold\": \"1048576\","
	"                   \"green_max_threshold\": \"2097152\", \"green_drop_probability\": \"5\"}},"
	" \"BUFFER_PG\": {\"Ethernet0|3-4\": {\"profile\": \"LOSSLESS\"}},"
	" \"BUFFER_PROFILE\": {\"LOSSLESS\": {\"size\": \"19456\", \"xon\": \"19456\", \"xoff\": \"60416\","
	"                    \"dynamic_th\": \"-3\"}}}";

static void sonic(void **state)
{
	struct fc_model *m;
	struct fc_device *d = build(&m, "sonic", "show runningconfiguration all", "json", sonic_db, true);
	const struct fc_hop *h;

	(void)state;
	/* the global map; PFC from pfc_enable; the queue's scheduler and WRED profile; the PG's profile */
	h = hop(d, "Ethernet0", FC_TC_ROCE);
	assert_string_equal(h->classifier.v, "AZURE");
	assert_false(h->per_port.v);
	assert_int_equal(h->tc.v, 3);
	assert_int_equal(h->pfc_cos.v, 1 << 3);
	assert_true(h->ecn.v);
	assert_int_equal(h->kmin.v, 1048576);
	assert_int_equal(h->buf.headroom.v, 60416);
	assert_true(h->buf_dynamic.v);
	assert_false(h->buf.xoff.m.known);   /* dynamic_th: the pause threshold follows the free buffer */
	/* the port's own map wins; a DSCP it lacks lands in traffic class 0 */
	h = hop(d, "Ethernet4", FC_TC_ROCE);
	assert_string_equal(h->classifier.v, "OTHER");
	assert_true(h->per_port.v);
	assert_int_equal(h->tc.v, 0);
	/* attached but not defined: the classification stands, the rest is unknown with the reason */
	h = hop(d, "Ethernet8", FC_TC_ROCE);
	assert_string_equal(h->classifier.v, "NOPE");
	assert_int_equal(h->trust.v, FC_TRUST_DSCP);
	assert_false(h->tc.m.known);
	assert_non_null(strstr(fc_why(&h->tc.m), "NOPE is attached but not defined"));
	assert_string_equal(fc_why(&h->queue.m), fc_why(&h->tc.m));
	/* the ASIC family from the SKU, for every platform alike */
	assert_int_equal(d->asic_family.v, FC_ASIC_SPECTRUM1);
	fc_model_free(&m);
}

/* the driver: a class the fabric does not declare is unknown, saying where to declare it */
/* NVUE: qos roce's defaults on swp1; swp2 takes its own PFC profile (priority 4) and a
 * congestion-control profile without ECN on class 3; swp3 a mapping profile putting DSCP 26 on
 * switch priority 5; traffic class 5 is scheduled strict by default-global. */
static const char nvue_cfg[] =
	"- header:\n    model: SN5600\n- set:\n"
	"    interface:\n      swp1-3:\n        type: swp\n      swp2:\n        qos:\n          pfc:\n"
	"            profile: P4\n          congestion-control:\n            profile: NOECN\n"
	"      swp3:\n        qos:\n          mapping:\n            profile: M5\n"
	"    qos:\n      roce:\n        mode: %s\n"
	"      pfc:\n        P4:\n          switch-priority:\n            '4': {}\n"
	"      congestion-control:\n        NOECN:\n          traffic-class:\n            '3':\n"
	"              ecn: disable\n"
	"      mapping:\n        M5:\n          dscp:\n            '26':\n              switch-priority: 5\n"
	"      egress-queue-mapping:\n        default-global:\n          switch-priority:\n            '5':\n"
	"              traffic-class: 5\n"
	"      egress-scheduler:\n        default-global:\n          traffic-class:\n            '5':\n"
	"              mode: strict\n";

static void nvue(void **state)
{
	static const char *const modes[] = { "lossless", "lossless-single-ipool", "lossy", "lossy-multi-tc" };
	char cfg[sizeof(nvue_cfg) + 64];
	size_t k;

	(void)state;
	for (k = 0; k < sizeof(modes) / sizeof(modes[0]); k++) {
		struct fc_model *m;
		struct fc_device *d;
		const struct fc_hop *h;
		bool lossless = !strncmp(modes[k], "lossless", 8), multi = !strcmp(modes[k], "lossy-multi-tc");

		snprintf(cfg, sizeof(cfg), nvue_cfg, modes[k]);
		d = build(&m, "nvue", "nv config show", "text", cfg, true);
		/* swp1: the mode's defaults, each known with its note */
		h = hop(d, "swp1", FC_TC_ROCE);
		assert_int_equal(h->trust.v, FC_TRUST_DSCP);
		assert_int_equal(h->tc.v, multi ? 4 : 3);   /* lossy-multi-tc: DSCP 11-40 on switch priority 4 */
		assert_non_null(h->tc.m.why);
		assert_string_equal(h->queue.v, multi ? "traffic-class 4" : "traffic-class 3");
		assert_int_equal(h->pfc_cos.v, lossless ? 1 << 3 : 0);
		assert_int_equal(h->queue_lossless.v, lossless);
		assert_int_equal(h->ecn.v, !multi || h->tc.v <= 3);
		if (!multi) {
			assert_int_equal(h->kmin.v, 150000);
			assert_int_equal(h->kmax.v, 1500000);
			assert_int_equal(h->prob.v, 100);
			assert_int_equal(h->bw_percent.v, 50);
			assert_int_equal(hop(d, "swp1", FC_TC_CNP)->tc.v, 6);
			assert_int_equal(hop(d, "swp1", FC_TC_CNP)->strict.v, 1);
		}
		assert_true(!h->buf.size.m.known && h->buf.size.m.managed);   /* Spectrum sizes the headroom */
		assert_int_equal(fc_dev_find_iface(d, "swp1")->cable_model_m.v, lossless ? 100 : 0);
		/* swp2: its own PFC profile (4) and no ECN on class 3, over the mode's */
		h = hop(d, "swp2", FC_TC_ROCE);
		assert_int_equal(h->pfc_cos.v, multi ? 1 << 4 : 0);   /* lossy-multi-tc: RoCE on switch priority 4 */
		assert_int_equal(fc_dev_find_iface(d, "swp2")->pfc_prios.v, 1 << 4);
		assert_int_equal(fc_dev_find_iface(d, "swp2")->cable_model_m.v, 10);   /* the profile's default */
		if (!multi)
			assert_false(h->ecn.v);
		/* swp3: DSCP 26 on switch priority 5, traffic class 5 strict by default-global */
		h = hop(d, "swp3", FC_TC_ROCE);
		assert_true(h->per_port.v);
		assert_int_equal(h->tc.v, 5);
		assert_int_equal(h->strict.v, multi ? 1 : 2);   /* below class 6, strict in the RoCE modes */
		assert_int_equal(h->pfc_cos.v, 0);
		fc_model_free(&m);
	}
}

static void undeclared_intent(void **state)
{
	struct fc_model *m;
	struct fc_device *d = build(&m, "nxos", "show running-config", "text", nxos_cfg, false);
	const struct fc_hop *h = hop(d, "Ethernet1/1", FC_TC_ROCE);

	(void)state;
	assert_false(h->classifier.m.known);
	assert_non_null(strstr(fc_why(&h->tc.m), "fabric.roce.dscp"));
	assert_non_null(strstr(fc_why(&hop(d, "Ethernet1/1", FC_TC_CNP)->tc.m), "fabric.roce.cnp_dscp"));
	fc_model_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nxos), cmocka_unit_test(nxos_no_config), cmocka_unit_test(eos),
		cmocka_unit_test(sonic), cmocka_unit_test(nvue), cmocka_unit_test(undeclared_intent),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
