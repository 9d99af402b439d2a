/* SPDX-License-Identifier: MIT */
/* The switch QoS rules on hops built directly (model_builder.h), no vendor text: pass, fail, warn
 * and unknown for each, the precedence cases (one port's own policy against the system's), the
 * grouping of ports into findings, and a switch whose adapter resolves no path. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "model_builder.h"

struct world {
	struct fc_model *m;
	struct fc_device *sw;
	struct fc_iface *p[4];
	struct fc_engine e;
	struct fc_policy *pol;
};

static void build(struct world *w)
{
	char name[32];
	int i;

	memset(w, 0, sizeof(*w));
	w->m = mb_fabric();
	w->sw = mb_switch(w->m, "sw");
	for (i = 0; i < 4; i++) {
		snprintf(name, sizeof(name), "Ethernet1/%d", i + 1);
		w->p[i] = mb_port(w->m, w->sw, name);
	}
}

static void run(struct world *w, const char *rule)
{
	mb_run(&w->e, w->m, rule, &w->pol);
}

static void done(struct world *w)
{
	fc_engine_free(&w->e);
	fc_policy_free(&w->pol);
	fc_model_free(&w->m);
}

static void nodrop_pass_grouped(void **state)
{
	struct world w;
	const struct fc_finding *f;

	(void)state;
	build(&w);
	run(&w, "PFC-NODROP-CLASS");
	assert_int_equal(w.e.n, 1);
	f = mb_finding(&w.e, "sw");
	assert_int_equal(f->status, FC_PASS);
	assert_non_null(strstr(f->message, "all 4 RoCE ports (Ethernet1/1-4)"));
	assert_non_null(strstr(f->message, "system policy AI-QOS-IN class RDMA -> traffic class 3 -> no-drop class c-8q-nq3"));
	assert_true(mb_has_ev(f, "AI-QOS-IN", 40));
	done(&w);
}

/* One port's own classifier puts RoCE in a lossy class: that port fails, on its own subject, the
 * others pass; and the earlier id of the rule runs it. */
static void nodrop_port_override(void **state)
{
	struct world w;
	struct fc_hop *h;
	const struct fc_finding *f;

	(void)state;
	build(&w);
	h = &w.p[2]->hops[FC_TC_ROCE];
	fc_set_str(w.m, &h->classifier, "LOSSY-IN", mb_at(w.m, 60));
	fc_set_bool(&h->per_port, true, mb_at(w.m, 60));
	fc_set_str(w.m, &h->match, "BULK", mb_at(w.m, 61));
	fc_set_int(&h->tc, 0, mb_at(w.m, 62));
	fc_set_str(w.m, &h->tc_name, "c-8q-nq-default", mb_at(w.m, 24));
	fc_set_int(&h->pfc_cos, 0, mb_at(w.m, 24));
	run(&w, "PFC-NOQOS-NXOS");
	assert_int_equal(w.e.n, 2);
	f = mb_finding(&w.e, "sw:Ethernet1/3");
	assert_int_equal(f->status, FC_FAIL);
	assert_non_null(strstr(f->message, "1 of 4 RoCE ports (Ethernet1/3): the port's policy LOSSY-IN puts RoCE DSCP 26 "
					   "in traffic class 0, which is not no-drop for priority 3"));
	assert_true(mb_has_ev(f, "LOSSY-IN", 60));
	f = mb_finding(&w.e, "sw:Ethernet1/1");
	assert_int_equal(f->status, FC_PASS);
	assert_non_null(strstr(f->message, "3 of 4 RoCE ports (Ethernet1/1-2, Ethernet1/4)"));
	done(&w);
}

static void nodrop_unknown_warn_mtu(void **state)
{
	struct world w;
	const struct fc_finding *f;

	(void)state;
	build(&w);
	fc_set_unknown(&w.p[0]->hops[FC_TC_ROCE].tc.m, "type qos policy-map AI-QOS-IN is attached but not defined");
	fc_set_int(&w.p[1]->hops[FC_TC_ROCE].tc, 4, mb_at(w.m, 7));   /* no-drop CoS 3, traffic class 4 */
	fc_set_int(&w.p[2]->hops[FC_TC_ROCE].mtu, 1500, mb_at(w.m, 20));
	w.p[2]->hops[FC_TC_ROCE].mtu.m.why = "the class sets no mtu: 1500";
	fc_set_int(&w.p[3]->hops[FC_TC_ROCE].mtu, 9000, mb_at(w.m, 21));   /* below 9000 + 18 */
	run(&w, "PFC-NODROP-CLASS");
	assert_int_equal(w.e.n, 4);
	f = mb_finding(&w.e, "sw:Ethernet1/1");
	assert_int_equal(f->status, FC_UNKNOWN);
	assert_non_null(strstr(f->message, "attached but not defined"));
	f = mb_finding(&w.e, "sw:Ethernet1/2");
	assert_int_equal(f->status, FC_WARN);
	assert_non_null(strstr(f->message, "traffic class 4 with no-drop priority 3"));
	f = mb_finding(&w.e, "sw:Ethernet1/3");
	assert_int_equal(f->status, FC_FAIL);
	assert_non_null(strstr(f->message, "sets no MTU (the class sets no mtu: 1500): it drops the 9018-byte RoCE frames"));
	f = mb_finding(&w.e, "sw:Ethernet1/4");
	assert_int_equal(f->status, FC_FAIL);
	assert_non_null(strstr(f->message, "has MTU 9000, below the 9018 bytes"));
	done(&w);
}

static void ecn_queue_cases(void **state)
{
	struct world w;
	const struct fc_finding *f;

	(void)state;
	build(&w);
	fc_set_bool(&w.p[0]->hops[FC_TC_ROCE].ecn, false, mb_at(w.m, 16));   /* WRED, no ECN */
	fc_set_int(&w.p[1]->hops[FC_TC_ROCE].kmin, 51200, mb_at(w.m, 16));    /* Kmin above Kmax */
	fc_set_int(&w.p[2]->hops[FC_TC_ROCE].weight, 2, mb_at(w.m, 16));
	fc_set_int(&w.p[3]->hops[FC_TC_ROCE].kmin, 40960, mb_at(w.m, 16));    /* a step */
	fc_set_bool(&w.p[3]->hops[FC_TC_ROCE].queue_per_port, true, mb_at(w.m, 70));
	run(&w, "ECN-SW-QUEUE");
	assert_int_equal(w.e.n, 4);
	f = mb_finding(&w.e, "sw:Ethernet1/1");
	assert_int_equal(f->status, FC_FAIL);
	assert_non_null(strstr(f->message, "runs WRED without ECN"));
	f = mb_finding(&w.e, "sw:Ethernet1/2");
	assert_int_equal(f->status, FC_FAIL);
	assert_non_null(strstr(f->message, "the minimum threshold must not be above the maximum"));
	f = mb_finding(&w.e, "sw:Ethernet1/3");
	assert_int_equal(f->status, FC_WARN);
	assert_non_null(strstr(f->message, "weight 2"));
	f = mb_finding(&w.e, "sw:Ethernet1/4");
	assert_int_equal(f->status, FC_PASS);
	assert_non_null(strstr(f->message, "the port's own scheduling policy) marks ECN as a step at 40960 bytes"));
	done(&w);
}

static void dscp_map_cnp_and_remark(void **state)
{
	struct world w;
	const struct fc_finding *f;
	int i;

	(void)state;
	build(&w);
	for (i = 0; i < 4; i++) {
		fc_set_int(&w.p[i]->hops[FC_TC_CNP].strict, 0, mb_at(w.m, 13));
		fc_set_int(&w.p[i]->hops[FC_TC_ROCE].dscp_out, 10, mb_at(w.m, 6));   /* set dscp 10 */
	}
	run(&w, "PFC-DSCP-MAP");
	f = mb_finding(&w.e, "sw CNP DSCP 48");
	assert_int_equal(f->status, FC_FAIL);
	assert_non_null(strstr(f->message, "whose egress queue c-out-8q-q7 is not strict priority"));
	f = mb_finding(&w.e, "sw RoCE DSCP 26");
	assert_int_equal(f->status, FC_FAIL);
	assert_non_null(strstr(f->message, "class RDMA re-marks RoCE to DSCP 10"));
	done(&w);
}

/* ECN-BEFORE-PFC compares each no-drop port's own pause threshold with its own queue. */
static void ecn_before_pfc(void **state)
{
	struct world w;
	const struct fc_finding *f;

	(void)state;
	build(&w);
	run(&w, "ECN-BEFORE-PFC");
	f = mb_finding(&w.e, "sw");
	assert_int_equal(f->status, FC_PASS);
	fc_engine_free(&w.e);
	fc_policy_free(&w.pol);
	fc_set_int(&w.p[1]->hops[FC_TC_ROCE].buf.xoff, 10000, mb_at(w.m, 80));   /* a per-port buffer */
	run(&w, "ECN-BEFORE-PFC");
	f = mb_finding(&w.e, "sw");
	assert_int_equal(f->status, FC_WARN);
	assert_non_null(strstr(f->message, "1 of 4 PFC ports pause priority 3 before ECN marks: Ethernet1/2 pauses a "
					   "sender at 10000 bytes of its ingress group, which with 2 senders congesting it is "
					   "20000 bytes"));
	done(&w);
}

/* The capability contract: a switch whose adapter provides no QoS path gets one uniform UNKNOWN
 * per QoS rule from the engine, never a pass; one with no data, one from the rule. */
static void no_path_unknown(void **state)
{
	static const char *const rules[] = { "PFC-NODROP-CLASS", "ECN-SW-QUEUE", "ECN-BEFORE-PFC", "PFC-DSCP-MAP" };
	struct world w;
	size_t r;
	int i;

	(void)state;
	for (r = 0; r < sizeof(rules) / sizeof(rules[0]); r++) {
		build(&w);
		w.sw->caps &= ~(unsigned)FC_CAP_QOS_PATH;   /* an adapter that resolves no path */
		run(&w, rules[r]);
		assert_int_equal(w.e.n, 1);
		assert_int_equal(w.e.findings[0]->status, FC_UNKNOWN);
		assert_non_null(strstr(w.e.findings[0]->message, "the test adapter does not provide the QoS path, which"));
		done(&w);
		build(&w);   /* it does, and this switch has no data to resolve one from */
		for (i = 0; i < 4; i++)
			w.p[i]->hops = NULL;
		w.sw->status = FC_DEV_COLLECT_FAILED;
		run(&w, rules[r]);
		assert_int_equal(w.e.n, 1);
		assert_int_equal(w.e.findings[0]->status, FC_UNKNOWN);
		assert_non_null(strstr(w.e.findings[0]->message, "the device has no usable data"));
		done(&w);
	}
}

/* Ports that carry no RoCE (no PFC, no cable, no policy of their own) are not judged. */
static void only_roce_ports(void **state)
{
	struct world w;
	const struct fc_finding *f;

	(void)state;
	build(&w);
	fc_set_int(&w.p[3]->pfc_prios, 0, mb_at(w.m, 50));
	fc_set_int(&w.p[3]->hops[FC_TC_ROCE].pfc_cos, 0, mb_at(w.m, 22));
	run(&w, "PFC-NODROP-CLASS");
	f = mb_finding(&w.e, "sw");
	assert_int_equal(f->status, FC_PASS);
	assert_non_null(strstr(f->message, "all 3 RoCE ports (Ethernet1/1-3)"));
	done(&w);
}

/* Two switches joined by an ISL: PFC-EVERY-HOP and ECN-ANTI read each end's path. */
static void isl_every_hop(void **state)
{
	struct world w;
	struct fc_device *s2;
	struct fc_iface *q;
	const struct fc_finding *f;
	const char *subj = "sw:Ethernet1/1 <-> sw2:Ethernet1/49";

	(void)state;
	build(&w);
	s2 = mb_switch(w.m, "sw2");
	q = mb_port(w.m, s2, "Ethernet1/49");
	mb_link(w.m, w.sw, w.p[0], s2, q, 3);
	run(&w, "PFC-EVERY-HOP");
	f = mb_finding(&w.e, subj);
	assert_int_equal(f->status, FC_PASS);
	fc_engine_free(&w.e);
	fc_policy_free(&w.pol);
	run(&w, "ECN-ANTI");
	f = mb_finding(&w.e, subj);
	assert_int_equal(f->status, FC_PASS);
	assert_non_null(strstr(f->message, "PFC and ECN on both ends"));
	fc_engine_free(&w.e);
	fc_policy_free(&w.pol);
	/* sw2's port leaves by a queue of its own policy that does not mark */
	fc_set_bool(&q->hops[FC_TC_ROCE].ecn, false, mb_at(w.m, 90));
	fc_set_bool(&q->hops[FC_TC_ROCE].queue_per_port, true, mb_at(w.m, 90));
	run(&w, "PFC-EVERY-HOP");
	f = mb_finding(&w.e, subj);
	assert_int_equal(f->status, FC_FAIL);
	assert_non_null(strstr(f->message, "sw2:Ethernet1/49 does not mark ECN on the RoCE queue"));
	fc_engine_free(&w.e);
	fc_policy_free(&w.pol);
	/* sw's port classifies RoCE into a lossy class of its own: the hop is lossy, whatever PFC says */
	fc_set_int(&w.p[0]->hops[FC_TC_ROCE].pfc_cos, 0, mb_at(w.m, 91));
	run(&w, "PFC-EVERY-HOP");
	f = mb_finding(&w.e, subj);
	assert_int_equal(f->status, FC_FAIL);
	assert_non_null(strstr(f->message, "sw:Ethernet1/1 is not no-drop on RoCE priority 3"));
	done(&w);
}

/* HR-SIZE on a switch end whose PFC is on while RoCE's class does not pause: a failure, not n/a. */
static void headroom_lossy_class(void **state)
{
	struct world w;
	struct fc_device *s2;
	struct fc_iface *q;
	const struct fc_finding *f;

	(void)state;
	build(&w);
	s2 = mb_switch(w.m, "sw2");
	q = mb_port(w.m, s2, "Ethernet1/49");
	mb_link(w.m, w.sw, w.p[0], s2, q, 3);
	fc_set_int(&w.p[0]->speed_mbps, 100000, mb_at(w.m, 92));
	fc_set_int(&w.p[0]->mtu, 9216, mb_at(w.m, 92));
	fc_set_int(&q->speed_mbps, 100000, mb_at(w.m, 93));
	fc_set_int(&q->mtu, 9216, mb_at(w.m, 93));
	run(&w, "HR-SIZE");
	f = mb_finding(&w.e, "sw:Ethernet1/1 <-> sw2:Ethernet1/49");
	assert_int_equal(f->status, FC_PASS);
	fc_engine_free(&w.e);
	fc_policy_free(&w.pol);
	fc_set_int(&q->hops[FC_TC_ROCE].tc, 0, mb_at(w.m, 94));
	fc_set_int(&q->hops[FC_TC_ROCE].pfc_cos, 0, mb_at(w.m, 94));
	run(&w, "HR-SIZE");
	f = mb_finding(&w.e, "sw:Ethernet1/1 <-> sw2:Ethernet1/49");
	assert_int_equal(f->status, FC_FAIL);
	assert_non_null(strstr(f->message, "PFC is on for priority 3 at sw2:Ethernet1/49, but RoCE's class there is not no-drop"));
	done(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nodrop_pass_grouped),
		cmocka_unit_test(nodrop_port_override),
		cmocka_unit_test(nodrop_unknown_warn_mtu),
		cmocka_unit_test(ecn_queue_cases),
		cmocka_unit_test(dscp_map_cnp_and_remark),
		cmocka_unit_test(ecn_before_pfc),
		cmocka_unit_test(no_path_unknown),
		cmocka_unit_test(only_roce_ports),
		cmocka_unit_test(isl_every_hop),
		cmocka_unit_test(headroom_lossy_class),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
