/* SPDX-License-Identifier: MIT */
/* The counters of an earlier snapshot (model/counters.h): every counter the counter rules read is
 * kept with its value and where it was read, after the model it came from is freed (under ASan a
 * pointer left into the freed model fails here); lookups by device, port and RDMA port. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "model/counters.h"
#include "model/model.h"

static struct fc_device *dev(struct fc_model *m, const char *name, enum fc_devkind kind)
{
	struct fc_device *d;
	struct fc_err err;

	fc_err_clear(&err);
	assert_int_equal(fc_model_add_device(m, name, kind, &d, &err), FC_OK);
	return d;
}

/* A switch with two ports added out of order (counters on one) and a host with statistics, its own
 * collection time and an RDMA port's hw_counters. */
static struct fc_model *earlier(void)
{
	struct fc_model *m = fc_model_new();
	struct fc_device *sw, *h;
	struct fc_iface *a, *b, *nic;
	struct fc_swport *sp;
	static const struct fc_counter stats[] = { { "rx_bits_phy", 1000 }, { "link_down_events_phy", 2 } };
	struct fc_counter *hw;

	assert_non_null(m);
	fc_set_int(&m->taken_at, 1764500292, fc_src_make(m, "base/manifest.json", 4));
	sw = dev(m, "leaf1", FC_DEV_SWITCH);
	b = fc_dev_iface(m, sw, "Ethernet1/2");
	a = fc_dev_iface(m, sw, "Ethernet1/1");
	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(sp = fc_swport_mut(m, a));
	fc_set_int(&sp->cnt_crc, 1192, fc_src_make(m, "base/devices/leaf1/show_interface.json", 256));
	fc_set_int(&sp->cnt_resets, 2, fc_src_make(m, "base/devices/leaf1/show_interface.json", 178));
	h = dev(m, "host3", FC_DEV_HOST);
	fc_set_int(&h->taken_at, 1764500290, fc_src_make(m, "base/devices/host3/probe.json", 5));
	nic = fc_dev_iface(m, h, "ens1f0");
	assert_int_equal(fc_iface_add_stats(m, nic, stats, 2, fc_src_make(m, "base/devices/host3/probe.json", 67)), FC_OK);
	assert_non_null(h->rdma = fc_alloc(m->arena, sizeof(*h->rdma)));
	h->nrdma = 1;
	h->rdma[0].name = "mlx5_0";
	assert_non_null(h->rdma[0].ports = fc_alloc(m->arena, sizeof(*h->rdma[0].ports)));
	h->rdma[0].nports = 1;
	h->rdma[0].ports[0].num = 1;
	assert_non_null(hw = fc_alloc(m->arena, sizeof(*hw)));
	hw[0].name = fc_strdup(m->arena, "np_cnp_sent");
	hw[0].value = 6489000;
	h->rdma[0].ports[0].hw_counters = hw;
	h->rdma[0].ports[0].nhw_counters = 1;
	h->rdma[0].ports[0].hw_counters_m.known = true;
	h->rdma[0].ports[0].hw_counters_m.src = fc_src_make(m, "base/devices/host3/probe.json", 298);
	return m;
}

static void kept_after_the_model_is_freed(void **state)
{
	struct fc_model *m = earlier();
	struct fc_counters *c = NULL;
	const struct fc_cdev *sw, *h;
	const struct fc_cport *p;
	const struct fc_crdma *r;
	struct fc_err err;

	(void)state;
	fc_err_clear(&err);
	assert_int_equal(fc_counters_take(&m, &c, &err), FC_OK);
	assert_null(m);
	assert_non_null(c);
	assert_int_equal(c->ndevs, 2);
	assert_true(c->taken_at.m.known);
	assert_int_equal(c->taken_at.v, 1764500292);
	assert_string_equal(c->taken_at.m.src.file, "base/manifest.json");

	assert_non_null(sw = fc_counters_device(c, "leaf1"));
	assert_int_equal(sw->nports, 2);
	assert_string_equal(sw->ports[0].name, "Ethernet1/1");   /* sorted */
	assert_non_null(p = fc_cdev_port(sw, "Ethernet1/1"));
	assert_true(p->crc.m.known);
	assert_int_equal(p->crc.v, 1192);
	assert_string_equal(p->crc.m.src.file, "base/devices/leaf1/show_interface.json");
	assert_int_equal(p->crc.m.src.line, 256);
	assert_int_equal(p->resets.v, 2);
	assert_false(p->stats_m.known);
	assert_non_null(p = fc_cdev_port(sw, "Ethernet1/2"));
	assert_false(p->crc.m.known);   /* a port without counters stays, its counters unknown */
	assert_null(fc_cdev_port(sw, "Ethernet1/3"));

	assert_non_null(h = fc_counters_device(c, "host3"));
	assert_int_equal(h->taken_at.v, 1764500290);
	assert_non_null(p = fc_cdev_port(h, "ens1f0"));
	assert_true(p->stats_m.known);
	assert_int_equal(p->stats_m.src.line, 67);
	assert_int_equal(p->nstats, 2);
	assert_non_null(fc_counter_find(p->stats, p->nstats, "link_down_events_phy"));
	assert_int_equal(fc_counter_find(p->stats, p->nstats, "link_down_events_phy")->value, 2);
	assert_false(p->crc.m.known);
	assert_non_null(r = fc_cdev_rdma(h, "mlx5_0", 1));
	assert_true(r->hw_m.known);
	assert_int_equal(r->nhw, 1);
	assert_string_equal(r->hw[0].name, "np_cnp_sent");
	assert_int_equal(r->hw[0].value, 6489000);
	assert_null(fc_cdev_rdma(h, "mlx5_0", 2));
	assert_null(fc_cdev_rdma(h, "mlx5_1", 1));

	assert_null(fc_counters_device(c, "leaf2"));
	fc_counters_free(&c);
	assert_null(c);
	fc_counters_free(&c);   /* accepts NULL */
}

static void empty_model(void **state)
{
	struct fc_model *m = fc_model_new();
	struct fc_counters *c = NULL;
	struct fc_err err;

	(void)state;
	fc_err_clear(&err);
	assert_int_equal(fc_counters_take(&m, &c, &err), FC_OK);
	assert_null(m);
	assert_int_equal(c->ndevs, 0);
	assert_false(c->taken_at.m.known);
	assert_null(fc_counters_device(c, "leaf1"));
	fc_counters_free(&c);
}

/* An earlier snapshot's model keeps the counters named, and only those: each kept name is kept,
 * names one byte off, a prefix or an extension of one are not; a model not reading counters only
 * keeps all. */
static void counters_kept(void **state)
{
	static const char *const kept[] = { "a", "link_down_events_phy", "np_cnp_sent", "rx_bits_phy",
					    "rx_prio3_discards", "tx_pause_ctrl_phy", NULL };
	static const char *const not[] = { "", "b", "aa", "link_down_events_phz", "link_dxwn_events_phy",
					   "np_cnp_sen", "rx_bits_phy_", "rx_prio4_discards", "tx_pause_ctrl_ph", NULL };
	struct fc_model *m = fc_model_new();
	size_t i;

	(void)state;
	assert_non_null(m);
	assert_true(fc_counter_kept(m, "anything"));   /* not an earlier snapshot's */
	m->counters_only = true;
	fc_model_keep_counters(m, kept);
	assert_int_equal(m->ncounters_kept, 6);
	for (i = 0; kept[i]; i++)
		assert_true(fc_counter_kept(m, kept[i]));
	for (i = 0; not[i]; i++)
		assert_false(fc_counter_kept(m, not[i]));
	fc_model_keep_counters(m, NULL);
	assert_true(fc_counter_kept(m, "b"));
	fc_model_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kept_after_the_model_is_freed),
		cmocka_unit_test(empty_model),
		cmocka_unit_test(counters_kept),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
