/* SPDX-License-Identifier: MIT */
/* The topology builder on models built directly and inventories written inline: the cabling plan,
 * LLDP agreeing and disagreeing with it, links LLDP alone sees (by FQDN, alias or MAC port id), a
 * device's declared neighbours, the plan's input errors (a port the device lacks, a port cabled
 * twice) and the cable length taken from the module EEPROM when the plan gives none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "inventory/inventory.h"
#include "topology/topology.h"

#include "model_builder.h"

#define HEAD                                                                                                  \
	"version: 1\n"                                                                                        \
	"fabric:\n"                                                                                           \
	"  roce: {priority: 3, dscp: 26, cnp_dscp: 48, mtu: 9000}\n"                                          \
	"devices:\n"                                                                                          \
	"  - {name: leaf1, platform: nxos, transport: none}\n"                                                \
	"  - {name: leaf2, platform: nxos, transport: none}\n"                                                \
	"  - {name: h1, platform: linux, transport: none}\n"                                                  \
	"  - {name: h2, platform: linux, transport: none}\n"

struct world {
	struct fc_model *m;
	struct fc_device *leaf1, *leaf2, *h1, *h2;
	struct fc_iface *l1p1, *l1p2, *l2p1, *h1e0, *h2e0;
	struct fc_inventory *inv;
	struct fc_err err;
};

static struct fc_device *host(struct fc_model *m, const char *name)
{
	struct fc_device *d;
	struct fc_err err;

	fc_err_clear(&err);
	assert_int_equal(fc_model_add_device(m, name, FC_DEV_HOST, &d, &err), FC_OK);
	d->platform = "linux";
	d->status = FC_DEV_OK;
	return d;
}

/* Two NX-OS leaves with two ports each, two hosts with eth0; inventory HEAD + links. */
static void build(struct world *w, const char *links)
{
	char *text;
	size_t n = strlen(HEAD) + strlen(links) + 1;

	memset(w, 0, sizeof(*w));
	fc_err_clear(&w->err);
	w->m = mb_fabric();
	w->leaf1 = mb_switch(w->m, "leaf1");
	w->leaf2 = mb_switch(w->m, "leaf2");
	w->leaf1->platform = w->leaf2->platform = "nxos";
	w->h1 = host(w->m, "h1");
	w->h2 = host(w->m, "h2");
	w->l1p1 = fc_dev_iface(w->m, w->leaf1, "Ethernet1/1");
	w->l1p2 = fc_dev_iface(w->m, w->leaf1, "Ethernet1/2");
	w->l2p1 = fc_dev_iface(w->m, w->leaf2, "Ethernet1/1");
	w->h1e0 = fc_dev_iface(w->m, w->h1, "eth0");
	w->h2e0 = fc_dev_iface(w->m, w->h2, "eth0");
	assert_non_null(w->l1p1);
	assert_non_null(w->l1p2);
	assert_non_null(w->l2p1);
	assert_non_null(w->h1e0);
	assert_non_null(w->h2e0);
	text = malloc(n);
	assert_non_null(text);
	snprintf(text, n, "%s%s", HEAD, links);
	assert_int_equal(fc_inventory_parse("inv.yaml", text, n - 1, &w->inv, &w->err), FC_OK);
	free(text);
}

static void done(struct world *w)
{
	fc_inventory_free(&w->inv);
	fc_model_free(&w->m);
}

static void lldp(struct world *w, struct fc_iface *ifc, const char *sys, const char *port, unsigned line)
{
	struct fc_src s = fc_src_make(w->m, "lldp.txt", line);

	fc_set_str(w->m, &ifc->lldp_sysname, sys, s);
	fc_set_str(w->m, &ifc->lldp_port, port, s);
}

static const struct fc_link *find_link(const struct world *w, const struct fc_iface *ifc)
{
	size_t i;

	for (i = 0; i < w->m->nlinks; i++)
		if (w->m->links[i].a.ifc == ifc || w->m->links[i].b.ifc == ifc)
			return &w->m->links[i];
	return NULL;
}

/* The link the port is on; fails the test when there is none. */
static const struct fc_link *link_of(const struct world *w, const struct fc_iface *ifc)
{
	const struct fc_link *l = find_link(w, ifc);

	if (!l)
		fail_msg("no link on %s", ifc->name);
	if (!l)
		abort();   /* not reached: fail_msg does not return */
	return l;
}

/* The plan alone: a link with the plan's cable, length and speed and its line; the other ends
 * stay unlinked. The plan spells the port the short way; the link carries the device's name. */
static void plan_only(void **state)
{
	struct world w;
	const struct fc_link *l;

	(void)state;
	build(&w, "links:\n"
		  "  - {a: \"leaf1:Eth1/1\", b: \"h1:eth0\", cable: dac, length_m: 2, speed: 100G}\n");
	assert_int_equal(fc_topology_build(w.m, w.inv, &w.err), FC_OK);
	assert_int_equal(w.m->nlinks, 1);
	l = &w.m->links[0];
	assert_int_equal(l->origin, FC_LINK_PLAN);
	assert_ptr_equal(l->a.ifc, w.l1p1);
	assert_string_equal(l->a.if_name, "Ethernet1/1");
	assert_ptr_equal(l->b.ifc, w.h1e0);
	assert_true(l->cable.m.known);
	assert_int_equal(l->cable.v, FC_CABLE_DAC);
	assert_true(l->length_m.m.known);
	assert_true(l->length_m.v == 2.0);
	assert_true(l->design_speed_mbps.m.known);
	assert_int_equal(l->design_speed_mbps.v, 100000);
	assert_string_equal(l->plan_src.file, "inv.yaml");
	assert_int_equal(l->plan_src.line, 10);
	assert_null(l->lldp_conflict);
	assert_true(w.l1p1->linked && w.h1e0->linked);
	assert_false(w.l1p2->linked);
	done(&w);
}

/* Unknown with a reason where the plan is silent; the module EEPROM gives the length. */
static void plan_silent_length_from_module(void **state)
{
	struct world w;
	const struct fc_link *l;

	(void)state;
	build(&w, "links:\n  - {a: \"leaf1:Ethernet1/1\", b: \"h1:eth0\"}\n");
	fc_set_dbl(&fc_xcvr_mut(w.m, w.h1e0)->cable_len_m, 3.0, fc_src_make(w.m, "module.txt", 12));
	assert_int_equal(fc_topology_build(w.m, w.inv, &w.err), FC_OK);
	l = &w.m->links[0];
	assert_false(l->cable.m.known);
	assert_string_equal(l->cable.m.why, "the cabling plan gives no cable type");
	assert_false(l->design_speed_mbps.m.known);
	assert_true(l->length_m.m.known);
	assert_true(l->length_m.v == 3.0);
	assert_string_equal(l->length_m.m.src.file, "module.txt");
	done(&w);
}

static void plan_port_missing(void **state)
{
	struct world w;

	(void)state;
	build(&w, "links:\n"
		  "  - {a: \"leaf1:Ethernet1/1\", b: \"h1:eth0\"}\n"
		  "  - {a: \"leaf1:Ethernet1/9\", b: \"h2:eth0\"}\n");
	assert_int_equal(fc_topology_build(w.m, w.inv, &w.err), FC_ERR_INPUT);
	assert_string_equal(w.err.file, "inv.yaml");
	assert_int_equal(w.err.line, 11);
	assert_non_null(strstr(w.err.msg, "leaf1:Ethernet1/9"));
	done(&w);
}

/* Two spellings of one port in the plan are one port cabled twice. */
static void plan_port_twice(void **state)
{
	struct world w;

	(void)state;
	build(&w, "links:\n"
		  "  - {a: \"leaf1:Ethernet1/1\", b: \"h1:eth0\"}\n"
		  "  - {a: \"leaf1:Eth1/1\", b: \"h2:eth0\"}\n");
	assert_int_equal(fc_topology_build(w.m, w.inv, &w.err), FC_ERR_INPUT);
	assert_int_equal(w.err.line, 11);
	assert_non_null(strstr(w.err.msg, "already cabled on line 10"));
	done(&w);
}

/* A device the inventory names without data: the plan's port cannot be checked, and is kept. */
static void plan_device_without_data(void **state)
{
	struct world w;
	const struct fc_link *l;

	(void)state;
	build(&w, "links:\n  - {a: \"leaf1:Ethernet1/1\", b: \"h1:eth5\"}\n");
	w.h1->status = FC_DEV_NODATA;
	assert_int_equal(fc_topology_build(w.m, w.inv, &w.err), FC_OK);
	l = &w.m->links[0];
	assert_ptr_equal(l->b.dev, w.h1);
	assert_null(l->b.ifc);
	assert_string_equal(l->b.if_name, "eth5");
	done(&w);
}

/* LLDP on both ends agreeing with the plan; the host's FQDN and the switch's short port id. */
static void lldp_agrees(void **state)
{
	struct world w;

	(void)state;
	build(&w, "links:\n  - {a: \"leaf1:Ethernet1/1\", b: \"h1:eth0\"}\n");
	lldp(&w, w.l1p1, "h1.example.net", "eth0", 4);
	lldp(&w, w.h1e0, "leaf1", "Eth1/1", 7);
	assert_int_equal(fc_topology_build(w.m, w.inv, &w.err), FC_OK);
	assert_int_equal(w.m->nlinks, 1);
	assert_int_equal(w.m->links[0].origin, FC_LINK_PLAN | FC_LINK_LLDP);
	assert_null(w.m->links[0].lldp_conflict);
	done(&w);
}

/* The host is cabled to another port than planned: the planned link says where it really is, both
 * from the host's view and the switch's. */
static void lldp_disagrees(void **state)
{
	struct world w;
	const struct fc_link *l;

	(void)state;
	build(&w, "links:\n"
		  "  - {a: \"leaf1:Ethernet1/1\", b: \"h1:eth0\"}\n"
		  "  - {a: \"leaf1:Ethernet1/2\", b: \"h2:eth0\"}\n");
	lldp(&w, w.h1e0, "leaf1", "Ethernet1/2", 7);
	assert_int_equal(fc_topology_build(w.m, w.inv, &w.err), FC_OK);
	assert_int_equal(w.m->nlinks, 2);
	l = link_of(&w, w.h1e0);
	assert_false(l->origin & FC_LINK_LLDP);
	assert_non_null(l->lldp_conflict);
	assert_non_null(strstr(l->lldp_conflict, "LLDP on h1:eth0 sees leaf1 port Ethernet1/2; "
						 "the cabling plan says leaf1:Ethernet1/1"));
	assert_string_equal(l->lldp_src.file, "lldp.txt");
	assert_int_equal(l->lldp_src.line, 7);
	l = link_of(&w, w.l1p2);
	assert_non_null(l->lldp_conflict);
	assert_non_null(strstr(l->lldp_conflict, "leaf1:Ethernet1/2 is seen on h1:eth0, planned on h2:eth0"));
	done(&w);
}

/* Without a plan: LLDP makes the links, found by hostname, by the port's alias and by its MAC;
 * a neighbour outside the inventory makes none. */
static void lldp_only(void **state)
{
	struct world w;
	const struct fc_link *l;

	(void)state;
	build(&w, "");
	fc_set_str(w.m, &w.leaf2->hostname, "LEAF-2.dc1", fc_src_make(w.m, "ver.txt", 1));
	fc_set_str(w.m, &fc_swport_mut(w.m, w.l2p1)->alias, "etp1", fc_src_make(w.m, "ports.txt", 3));
	fc_set_str(w.m, &w.h2e0->mac, "b8:ce:f6:a1:01:00", fc_src_make(w.m, "ip.txt", 2));
	lldp(&w, w.h1e0, "LEAF-2.dc1", "etp1", 7);
	lldp(&w, w.l1p2, "h2", "b8ce.f6a1.0100", 9);
	lldp(&w, w.l1p1, "outside", "Ethernet9", 11);
	assert_int_equal(fc_topology_build(w.m, w.inv, &w.err), FC_OK);
	assert_int_equal(w.m->nlinks, 2);
	l = link_of(&w, w.h1e0);
	assert_int_equal(l->origin, FC_LINK_LLDP);
	assert_ptr_equal(l->b.ifc, w.l2p1);
	assert_false(l->cable.m.known);
	assert_string_equal(l->cable.m.why, "link seen by LLDP only");
	l = link_of(&w, w.h2e0);
	assert_ptr_equal(l->a.ifc, w.l1p2);
	assert_null(find_link(&w, w.l1p1));
	done(&w);
}

/* A switch's configured neighbour: agreeing marks the planned link, disagreeing says so, and
 * without a plan it makes the link with its source. */
static void declared_neighbours(void **state)
{
	struct world w;
	const struct fc_link *l;
	struct fc_src s;

	(void)state;
	build(&w, "links:\n  - {a: \"leaf1:Ethernet1/1\", b: \"h1:eth0\"}\n");
	s = fc_src_make(w.m, "leaf1.cfg", 40);
	fc_set_str(w.m, &fc_swport_mut(w.m, w.l1p1)->decl_peer, "h2", s);
	fc_set_str(w.m, &fc_swport_mut(w.m, w.l1p1)->decl_peer_port, "eth0", s);
	s = fc_src_make(w.m, "leaf2.cfg", 50);
	fc_set_str(w.m, &fc_swport_mut(w.m, w.l2p1)->decl_peer, "h2", s);
	fc_set_str(w.m, &fc_swport_mut(w.m, w.l2p1)->decl_peer_port, "eth0", s);
	assert_int_equal(fc_topology_build(w.m, w.inv, &w.err), FC_OK);
	l = link_of(&w, w.l1p1);
	assert_non_null(l->decl_conflict);
	assert_non_null(strstr(l->decl_conflict, "leaf1:Ethernet1/1 declares h2:eth0 its neighbour; "
						 "the cabling plan says h1:eth0"));
	assert_string_equal(l->decl_src.file, "leaf1.cfg");
	l = link_of(&w, w.l2p1);
	assert_int_equal(l->origin, FC_LINK_DECLARED);
	assert_ptr_equal(l->b.ifc, w.h2e0);
	assert_int_equal(l->plan_src.line, 50);
	done(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(plan_only),
		cmocka_unit_test(plan_silent_length_from_module),
		cmocka_unit_test(plan_port_missing),
		cmocka_unit_test(plan_port_twice),
		cmocka_unit_test(plan_device_without_data),
		cmocka_unit_test(lldp_agrees),
		cmocka_unit_test(lldp_disagrees),
		cmocka_unit_test(lldp_only),
		cmocka_unit_test(declared_neighbours),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
