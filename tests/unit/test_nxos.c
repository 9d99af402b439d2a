/* SPDX-License-Identifier: MIT */
/* NX-OS adapter: values and sources from the demo outputs, and every real NX-OS capture in
 * ../shared/realdata parsing without error (skipped, visibly, when the folder is absent). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "model/model.h"
#include "adapter/adapter.h"
#include "vendors/nxos/nxos.h"

/* The adapter's state of a device it parsed. */
static const struct nxos_state *nxos_st(const struct fc_device *d)
{
	assert_non_null(d->adapter_state);
	return d->adapter_state;
}

/* Priority p's ingress buffer of port i, as the rules read it. */
static struct fc_pg pgv(const struct fc_iface *i, int p)
{
	struct fc_pg t;

	return *fc_iface_pg(i, p, &t);
}

static struct fc_device *parse(struct fc_model *m, const char *file, const char *cmd, const char *enc)
{
	const struct fc_adapter *v = fc_adapter_find("nxos");
	struct fc_device *d = m->ndevs ? m->devs[0] : NULL;
	struct fc_err err;

	fc_err_clear(&err);
	if (!d)
		assert_int_equal(fc_model_add_device(m, "sw", FC_DEV_SWITCH, &d, &err), FC_OK);
	d->platform = "nxos";
	if (fc_adapter_parse_file(m, d, v, ".", file, cmd, enc, &err) != FC_OK)
		fail_msg("%s: %s:%u: %s", file, err.file, err.line, err.msg);
	return d;
}

static void demo_leaf2(void **state)
{
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	struct fc_iface *a, *b;
	struct fc_err err;

	(void)state;
	parse(m, "inventories/demo/devices/leaf2/show_interface.json", "show interface", "json");
	parse(m, "inventories/demo/devices/leaf2/show_interface_transceiver_details.txt",
	      "show interface transceiver details", "text");
	d = parse(m, "inventories/demo/devices/leaf2/show_running-config.txt", "show running-config", "text");
	assert_int_equal(fc_adapter_finalize(m, d, &err), FC_OK);
	a = fc_dev_find_iface(d, "Ethernet1/49/1");
	b = fc_dev_find_iface(d, "Ethernet1/50/1");
	assert_non_null(a);
	assert_non_null(b);
	assert_int_equal(a->speed_mbps.v, 50000);
	assert_int_equal(a->lanes.v, 2);
	assert_int_equal(b->lanes.v, 1);
	assert_string_equal(fc_swport(b)->breakout.v, "50g-4x");
	assert_string_equal(b->link_mode.v, "50000baseCR/Full");
	assert_int_equal(a->pfc_prios.v, 1 << 3);
	/* no show queuing interface here: the buffer is the network-qos class's, on the resolved path */
	assert_false(pgv(a, 3).size.m.known);
	fc_set_int(&m->intent.roce_dscp, 26, fc_src_at(NULL, 0));
	fc_set_int(&m->intent.roce_prio, 3, fc_src_at(NULL, 0));
	fc_set_int(&m->intent.cnp_dscp, 48, fc_src_at(NULL, 0));
	assert_int_equal(fc_adapter_qos_path(m, d), FC_OK);
	assert_non_null(a->hops);
	assert_int_equal(a->hops[FC_TC_ROCE].tc.v, 3);
	assert_int_equal(a->hops[FC_TC_ROCE].buf.size.v, 103360);
	assert_int_equal(a->hops[FC_TC_ROCE].buf.xoff.v, 43680);
	assert_false(a->hops[FC_TC_ROCE].buf_per_port.v);
	assert_int_equal(a->hops[FC_TC_ROCE].pfc_cos.v, 1 << 3);
	assert_int_equal(a->hops[FC_TC_CNP].tc.v, 7);
	/* a switch port's trust is what its classifier reads for RoCE: one interpretation, the path's */
	assert_int_equal(a->trust.v, FC_TRUST_DSCP);
	assert_int_equal(a->trust.m.src.line, a->hops[FC_TC_ROCE].trust.m.src.line);
	assert_false(a->dscp_map.m.known);
	assert_int_equal(a->mtu.v, 9216);
	assert_non_null(strstr(a->mtu.m.src.file, "show_running-config.txt"));
	/* show interface JSON carries the reset counter (L1-FLAP) */
	assert_int_equal(fc_swport(a)->cnt_resets.v, 2);
	assert_non_null(strstr(fc_swport(a)->cnt_resets.m.src.file, "show_interface.json"));
	/* a description is its own line, not the rest of the configuration */
	assert_string_equal(a->description.v, "host1:ens1f1");
	/* the breakout line is the source of the breakout value */
	assert_int_equal(fc_swport(b)->breakout.m.src.line, 42);
	assert_int_equal(d->nunparsed, 0);
	fc_model_free(&m);
}

/* Commands with no public capture, from the demo's fixtures (written from Cisco's documented
 * formats; inventories/demo/README.md). */
static void qos_views(void **state)
{
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	struct fc_iface *e1, *e3;
	struct fc_err err;
	const char *base = "inventories/demo/devices/leaf1/";
	static const struct { const char *file, *cmd; } in[] = {
		{ "show_interface_fec.txt", "show interface fec" },
		{ "show_interface_priority-flow-control.txt", "show interface priority-flow-control" },
		{ "show_queuing_interface.txt", "show queuing interface" },
		{ "show_interface_capabilities.txt", "show interface capabilities" },
		{ "show_ip_access-lists.txt", "show ip access-lists" },
		{ "show_policy-map_system_type_network-qos.txt", "show policy-map system type network-qos" },
	};
	size_t i;
	char path[256];

	(void)state;
	for (i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
		snprintf(path, sizeof(path), "%s%s", base, in[i].file);
		d = parse(m, path, in[i].cmd, "text");
	}
	e1 = fc_dev_find_iface(d, "Ethernet1/1");
	e3 = fc_dev_find_iface(d, "Ethernet1/3");
	assert_non_null(e1);
	assert_int_equal(e1->fec_active.v, FC_FEC_RS);
	assert_int_equal(e1->fec_config.v, FC_FEC_AUTO);
	assert_int_equal(nxos_port_of(d, e1)->pfc_oper_prios.v, 1 << 3);
	assert_string_equal(e1->pfc_mode.v, "on");
	assert_int_equal(fc_swport(e1)->cnt_rx_ppp.v, 0);
	/* operational buffers from show queuing interface */
	assert_int_equal(pgv(e3, 3).size.v, 103360);
	assert_int_equal(pgv(e3, 3).xon.v, 24320);
	assert_true(pgv(e3, 7).size.m.known && pgv(e3, 7).size.v == 0);   /* "-": no pause buffer */
	assert_non_null(strstr(pgv(e3, 3).size.m.src.file, "show_queuing_interface.txt"));
	assert_true(nxos_port_of(d, e1)->pfc_capable.v);
	assert_string_equal(nxos_port_of(d, e1)->cap_type.v, "QSFP-100G-CR4");
	assert_int_equal(nxos_port_of(d, e1)->speeds_capable.n, 8);
	/* ACLs with their hit counts stripped */
	assert_int_equal(d->nacls, 2);
	assert_string_equal(d->acls[0].name, "HOST-EDGE-IN");
	assert_int_equal(d->acls[0].n, 4);
	assert_int_equal(d->acls[0].aces[2].dport.lo, 4000);
	assert_string_equal(d->acls[0].aces[2].text, "30 deny udp any any range 4000 5000");
	/* the system network-qos policy, with the pause buffer of its no-drop class */
	assert_string_equal(nxos_st(d)->qos.sys_nq.v, "AI-NQ");
	assert_int_equal(nxos_st(d)->qos.pmaps[0].classes[0].pause_cos.v, 1 << 3);
	assert_int_equal(nxos_st(d)->qos.pmaps[0].classes[0].pg.size.v, 103360);
	assert_int_equal(d->nunparsed, 0);
	/* queuing values win over the configuration's */
	assert_int_equal(fc_adapter_finalize(m, d, &err), FC_OK);
	assert_non_null(strstr(pgv(e3, 3).size.m.src.file, "show_queuing_interface.txt"));
	fc_model_free(&m);
}

static void unknown_lines_counted(void **state)
{
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	FILE *f = fopen("/tmp/fabcheck-nu.cfg", "w");

	(void)state;
	fputs("hostname x\nfrobnicate the widgets\ninterface Ethernet1/1\n  mtu 9216\n  teleport on\n  duplex full\n"
	      "priority-flow-control watch-dog interval 200\npriority-flow-control watch-dog shutdown-multiplier 2\n"
	      "priority-flow-control watch-dog auto-restore-multiplier x\n"
	      "hardware access-list tcam region ing-racl 1536\nhardware access-list tcam region ing-qos 0\n", f);
	fclose(f);
	d = parse(m, "/tmp/fabcheck-nu.cfg", "show running-config", "text");
	assert_int_equal(d->nunparsed, 3);
	assert_int_equal(d->unparsed[0].src.line, 2);
	assert_int_equal(d->unparsed[1].src.line, 5);
	assert_string_equal(d->unparsed[1].text, "  teleport on");
	assert_int_equal(d->unparsed[2].src.line, 9);   /* a multiplier that is not a number */
	assert_string_equal(d->ifaces[0]->duplex.v, "full");
	assert_int_equal(nxos_st(d)->qos.pfc_wd_interval_ms.v, 200);
	assert_int_equal(nxos_st(d)->qos.pfc_wd_shutdown_mult.v, 2);
	assert_false(nxos_st(d)->qos.pfc_wd_auto_restore_mult.m.known);
	assert_int_equal(nxos_st(d)->qos.tcam_ing_racl.v, 1536);
	assert_int_equal(nxos_st(d)->qos.tcam_ing_qos.v, 0);
	assert_int_equal(nxos_st(d)->qos.tcam_ing_qos.m.src.line, 11);
	remove("/tmp/fabcheck-nu.cfg");
	fc_model_free(&m);
}

/* One interface with 20,000 secondary addresses (a hostile or generated config): every address is
 * kept and the model grows linearly. On 308338f each address copied the whole list (1.6 GB in the
 * arena here; 60,000 addresses took 34 s and 14 GB). */
static void many_addresses(void **state)
{
	enum { N = 20000 };
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	FILE *f = fopen("/tmp/fabcheck-many.cfg", "w");
	size_t i;

	(void)state;
	assert_non_null(f);
	fputs("interface Vlan10\n  ip address 10.0.0.1/16\n", f);
	for (i = 1; i < N; i++)
		fprintf(f, "  ip address 10.%zu.%zu.1/24 secondary\n", 1 + i / 250, i % 250);
	fclose(f);
	d = parse(m, "/tmp/fabcheck-many.cfg", "show running-config", "text");
	remove("/tmp/fabcheck-many.cfg");
	assert_int_equal(d->nifaces, 1);
	assert_int_equal(d->ifaces[0]->addresses.n, N);
	assert_string_equal(d->ifaces[0]->addresses.v[0], "10.0.0.1/16");
	assert_string_equal(d->ifaces[0]->addresses.v[N - 1], "10.80.249.1/24");
	assert_int_equal(d->nunparsed, 0);
	assert_true(fc_arena_bytes(m->arena) < 16u << 20);
	fc_model_free(&m);
}

/* Parses text as the output of cmd (written to a temporary file) into a fresh device of m. */
static struct fc_device *parse_text(struct fc_model *m, const char *cmd, const char *text)
{
	FILE *f = fopen("/tmp/fabcheck-block.txt", "w");
	struct fc_device *d;

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	d = parse(m, "/tmp/fabcheck-block.txt", cmd, "text");
	remove("/tmp/fabcheck-block.txt");
	return d;
}

/* show queuing interface, as Nexus 9000 cloud-scale prints it (pager and all): the ingress pause
 * table's rows are read, "-" is a group without a pause buffer (0 bytes), a row of the table that
 * does not read is listed with its line; the statistics after it and the egress table are left. */
static void queuing_table(void **state)
{
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	struct fc_iface *e1;
	struct fc_pg p;

	(void)state;
	d = parse_text(m, "show queuing interface",
		       "\nslot  1\n=======\n\n"                                                             /* 1-4 */
		       "Egress Queuing for Ethernet1/1 [System]\n"                                          /* 5 */
		       "QoS-Group# Bandwidth% PrioLevel                Shape                   QLimit\n"    /* 6 */
		       "      3            60         -           -            -     -            9(D)\n"   /* 7 */
		       "Ingress Queuing for Ethernet1/1\n"                                                  /* 8 */
		       "-----------------------------------------------------\n"                            /* 9 */
		       "QoS-Group#                 Pause\n"                                                 /* 10 */
		       "           Buff Size       Pause Th      Resume Th\n"                               /* 11 */
		       "-----------------------------------------------------\n"                            /* 12 */
		       "      7              -            -            -\n"                                 /* 13 */
		       "      3         103360        43680        24320\n"                                 /* 14 */
		       "      2         103360         oops        24320\n"                                 /* 15 */
		       "      9              1            2            3\n"                                 /* 16 */
		       "Per Port Ingress Statistics\n"                                                      /* 17 */
		       "--------------------------------------------------------\n"
		       "     Hi Priority Drop Pkts                           0\n"
		       "Ingress Overflow Drop Pkts                       19490\n"
		       "PFC Statistics\nTxPPP:                    0, RxPPP:                    0\n");
	e1 = fc_dev_find_iface(d, "Ethernet1/1");
	assert_non_null(e1);
	p = pgv(e1, 3);
	assert_true(p.size.m.known && p.size.v == 103360 && p.xoff.v == 43680 && p.xon.v == 24320);
	assert_int_equal(p.size.m.src.line, 14);
	p = pgv(e1, 7);
	assert_true(p.size.m.known && p.size.v == 0);
	assert_false(p.xoff.m.known);
	assert_int_equal(p.size.m.src.line, 13);
	assert_false(pgv(e1, 2).size.m.known);
	assert_int_equal(d->nunparsed, 2);
	assert_int_equal(d->unparsed[0].src.line, 15);
	assert_int_equal(d->unparsed[1].src.line, 16);
	fc_model_free(&m);
}

/* A module's bitrate or cable length that is not a number is listed as not understood, with its
 * line, not dropped (the values that read are taken). */
static void xcvr_text_numbers(void **state)
{
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	struct fc_iface *e1;

	(void)state;
	d = parse_text(m, "show interface transceiver details",
		       "Ethernet1/1\n    transceiver is present\n    type is QSFP-100G-CR4\n"
		       "    nominal bitrate is 25500 MBit/sec\n    Link length supported for copper is 3 m\n"
		       "Ethernet1/2\n    transceiver is present\n    nominal bitrate is unknown MBit/sec\n"
		       "    Link length supported for copper is N/A\n");
	e1 = fc_dev_find_iface(d, "Ethernet1/1");
	assert_int_equal(fc_xcvr(e1)->bitrate_mbps.v, 25500);
	assert_true(fc_xcvr(e1)->cable_len_m.v > 2.99 && fc_xcvr(e1)->cable_len_m.v < 3.01);
	assert_false(fc_xcvr(fc_dev_find_iface(d, "Ethernet1/2"))->bitrate_mbps.m.known);
	assert_int_equal(d->nunparsed, 2);
	assert_int_equal(d->unparsed[0].src.line, 8);
	assert_int_equal(d->unparsed[1].src.line, 9);
	fc_model_free(&m);
}

/* Configurations as config repositories hold them (issue 12): interface ranges and lists, a space
 * between type and number, abbreviated keywords, a multi-line banner. A range that runs backwards
 * and a line nobody understands are said once, with their line. */
static void repo_syntax(void **state)
{
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	static const char *const want[] = { "Ethernet1/1", "Ethernet1/2", "Ethernet1/3", "Ethernet1/4", "Ethernet1/7",
					     "Ethernet1/17", "Ethernet1/20", "Ethernet1/49/2" };
	size_t i;

	(void)state;
	d = parse_text(m, "show running-config",
		       "hostname leafx\n"
		       "banner motd #\n"
		       "interface Ethernet1/30 is banner text\n"
		       "#\n"
		       "int Ethernet1/1-4, Ethernet1/7\n"
		       "  desc host ports\n"
		       "  service-policy type qos in AI-QOS-IN\n"
		       "  no shut\n"
		       "interface Ethernet 1/17-1/20\n"
		       "  mtu 9216\n"
		       "  teleport now\n"
		       "interface ethernet1/49/1-2\n"
		       "  priority-flow-control mode on\n"
		       "interface Ethernet1/9-3\n"
		       "  mtu 9216\n");
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		assert_non_null(fc_dev_find_iface(d, want[i]));
	assert_null(fc_dev_find_iface(d, "Ethernet1/30"));
	assert_null(fc_dev_find_iface(d, "Ethernet1/9"));
	assert_string_equal(nxos_port_of(d, fc_dev_find_iface(d, "Ethernet1/7"))->qos_in.v, "AI-QOS-IN");
	assert_int_equal(nxos_port_of(d, fc_dev_find_iface(d, "Ethernet1/7"))->qos_in.m.src.line, 7);
	assert_string_equal(fc_dev_find_iface(d, "Ethernet1/3")->description.v, "host ports");
	assert_string_equal(fc_dev_find_iface(d, "Ethernet1/4")->admin_state.v, "up");
	assert_int_equal(fc_dev_find_iface(d, "Ethernet1/19")->mtu.v, 9216);
	assert_string_equal(fc_dev_find_iface(d, "Ethernet1/49/1")->pfc_mode.v, "on");
	assert_int_equal(d->nunparsed, 2);
	assert_int_equal(d->unparsed[0].src.line, 11);   /* once, not once per port of the range */
	assert_int_equal(d->unparsed[1].src.line, 14);
	fc_model_free(&m);
}

/* QoS syntax real configs use (Batfish's NX-OS grammar tests): a class-map or policy-map with no
 * type is type qos, match-all by default; descriptions; "no pause" and tail-drop classes; CoPP
 * class-maps are known and left. */
static void qos_defaults(void **state)
{
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	const struct nxos_class_map *cm;
	const struct nxos_policy_map *pm;

	(void)state;
	d = parse_text(m, "show running-config",
		       "class-map type control-plane match-any cm_copp\n"
		       "  match access-group name copp-acl\n"
		       "class-map cm_roce\n"
		       "  description RoCE\n"
		       "  match dscp 26\n"
		       "policy-map pm_in\n"
		       "  description classification\n"
		       "  class cm_roce\n"
		       "    set qos-group 3\n"
		       "policy-map type network-qos pm_nq\n"
		       "  class type network-qos c-8q-nq1\n"
		       "    no pause\n"
		       "    congestion-control tail-drop\n");
	assert_int_equal(d->nunparsed, 0);
	assert_non_null(cm = nxos_qos_find_cmap(&nxos_st(d)->qos, NXOS_Q_QOS, "cm_roce"));
	assert_true(cm->match_all);
	assert_true((cm->dscp >> 26) & 1);
	assert_null(nxos_qos_find_cmap(&nxos_st(d)->qos, NXOS_Q_QOS, "cm_copp"));
	assert_non_null(pm = nxos_qos_find_pmap(&nxos_st(d)->qos, NXOS_Q_QOS, "pm_in"));
	assert_int_equal(pm->classes[0].set_qos_group.v, 3);
	assert_non_null(pm = nxos_qos_find_pmap(&nxos_st(d)->qos, NXOS_Q_NQ, "pm_nq"));
	assert_true(pm->classes[0].pause_cos.m.known);
	assert_int_equal(pm->classes[0].pause_cos.v, 0);
	assert_int_equal(pm->classes[0].pause_cos.m.src.line, 12);
	fc_model_free(&m);
	/* a port's ingress queuing policy attached but not defined: its buffer is unknown, never the
	 * network-qos class's in its place */
	m = fc_model_new();
	d = parse_text(m, "show running-config",
		       "class-map type qos match-all RDMA\n  match dscp 26\npolicy-map type qos IN\n  class RDMA\n"
		       "    set qos-group 3\npolicy-map type network-qos NQ\n  class type network-qos c-8q-nq3\n"
		       "    pause pfc-cos 3\n    pause buffer-size 103360 pause-threshold 43680 resume-threshold 24320\n"
		       "system qos\n  service-policy type network-qos NQ\n  service-policy type qos input IN\n"
		       "interface Ethernet1/1\n  service-policy type queuing input MISSING\n"
		       "interface Ethernet1/2\n  priority-flow-control mode on\n");
	fc_set_int(&m->intent.roce_dscp, 26, fc_src_at(NULL, 0));
	fc_set_int(&m->intent.roce_prio, 3, fc_src_at(NULL, 0));
	fc_set_int(&m->intent.cnp_dscp, 48, fc_src_at(NULL, 0));
	assert_int_equal(fc_adapter_qos_path(m, d), FC_OK);
	assert_false(fc_dev_find_iface(d, "Ethernet1/1")->hops[FC_TC_ROCE].buf.size.m.known);
	assert_non_null(strstr(fc_why(&fc_dev_find_iface(d, "Ethernet1/1")->hops[FC_TC_ROCE].buf.size.m),
			       "MISSING is attached but not defined"));
	assert_int_equal(fc_dev_find_iface(d, "Ethernet1/2")->hops[FC_TC_ROCE].buf.size.v, 103360);
	fc_model_free(&m);
}

/* Block outputs: a header is known by what it says, not its column; what cannot be attributed is
 * said; the silent truncations of issue 11 stay gone. */
static void block_outputs(void **state)
{
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	struct fc_iface *e1, *e2, *v10;

	(void)state;
	d = parse_text(m, "show interface",
		       "stray line before any interface\n"
		       "Ethernet1/1 is up\n  MTU 9216 bytes, BW 100000000 Kbit\n"
		       "  Auto-Negotiation is turned off  FEC mode is Auto\n"
		       "  Ethernet1/2 is down (Link not connected)\n  MTU 1500 bytes, BW 10000000 Kbit\n"
		       "sup-fc0 is up\n  MTU 2500 bytes\n"
		       "Vlan10 is up, line protocol is up\n  Description: storage Internet Address is 10.1.1.1/24\n");
	e1 = fc_dev_find_iface(d, "Ethernet1/1");
	e2 = fc_dev_find_iface(d, "Ethernet1/2");   /* an indented header opens its own block */
	v10 = fc_dev_find_iface(d, "Vlan10");
	assert_non_null(e2);
	assert_int_equal(e1->mtu.v, 9216);
	assert_int_equal(e2->mtu.v, 1500);
	/* "FEC mode is Auto" is what is configured, not what runs */
	assert_int_equal(e1->fec_config.v, FC_FEC_AUTO);
	assert_false(e1->fec_active.m.known);
	/* an unknown kind of interface: its MTU is not taken for Ethernet1/2 */
	assert_int_equal(d->nunparsed, 2);
	assert_int_equal(d->unparsed[0].src.line, 1);
	assert_int_equal(d->unparsed[1].src.line, 7);
	/* an SVI description with the address glued on by one blank */
	assert_string_equal(v10->description.v, "storage");
	assert_string_equal(v10->addresses.v[0], "10.1.1.1/24");

	d = parse_text(m, "show lldp neighbors detail",
		       "Capability codes:\n  (R) Router, (B) Bridge\nDevice ID  Local Intf  Hold-time  Capability  Port ID\n"
		       "  Chassis id: 0002.0003.0004\nPort id: PCI-E Slot 1, Port 2\nLocal Port id: Eth1/3\n"
		       "System Name: gpu7\nSystem Description: Linux\nTAC support: none\n");
	e1 = fc_dev_find_iface(d, "Ethernet1/3");
	assert_non_null(e1);
	assert_string_equal(e1->lldp_port.v, "PCI-E Slot 1, Port 2");   /* was "PCI-E" */
	assert_string_equal(e1->lldp_sysname.v, "gpu7");

	d = parse_text(m, "show interface transceiver details",
		       "Ethernet1/5\n    transceiver is present\n    type is SFP-H10GB-CU3M\n\nDOM is not supported\n\n"
		       "  Ethernet1/6\n    transceiver is present\n    type is QSFP-100G-SR4\n");
	e1 = fc_dev_find_iface(d, "Ethernet1/5");
	e2 = fc_dev_find_iface(d, "Ethernet1/6");
	assert_false(fc_xcvr(e1)->dom_supported.v);                     /* at column 0, once ignored */
	assert_true(fc_xcvr(e1)->dom_supported.m.known);
	assert_string_equal(fc_xcvr(e2)->type.v, "QSFP-100G-SR4");     /* not Ethernet1/5's */
	assert_string_equal(fc_xcvr(e1)->type.v, "SFP-H10GB-CU3M");

	d = parse_text(m, "show ip access-lists",
		       "IP access list EDGE\n        10 permit udp any any eq 4791\n"
		       "IPv6 access list EDGE6\n        10 deny udp any any eq 4791\n");
	assert_non_null(fc_dev_find_acl(d, "EDGE"));
	assert_int_equal(fc_dev_find_acl(d, "EDGE")->n, 1);        /* the IPv6 entry was appended to it */
	fc_model_free(&m);
}

/* What each realdata capture is: tests/fixtures/realdata-kinds.tsv (first match wins), the NX-OS
 * rows. */
struct kind {
	char desc[128], file[64], command[64], encoding[8];
};

static size_t load_kinds(struct kind *k, size_t max)
{
	FILE *f = fopen("tests/fixtures/realdata-kinds.tsv", "r");
	char line[512];
	size_t n = 0;

	assert_non_null(f);
	while (n < max && fgets(line, sizeof(line), f)) {
		char plat[16];

		if (line[0] == '#' || sscanf(line, "%127[^\t]\t%63[^\t]\t%15[^\t]\t%63[^\t]\t%7s", k[n].desc, k[n].file, plat,
					     k[n].command, k[n].encoding) != 5 || strcmp(plat, "nxos"))
			continue;
		if (!strcmp(k[n].file, "*"))
			k[n].file[0] = '\0';
		n++;
	}
	fclose(f);
	assert_true(n >= 15);
	return n;
}

/* Every NX-OS capture in realdata parses without error. */
/* Lane headers as NX-OS prints them: at column 0, "Lane Number:2" and "Lane Number : 1" (both forms
 * are in public captures). Each lane keeps its own values. */
static void xcvr_lanes(void **state)
{
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	const struct fc_xcvr *x;
	FILE *f = fopen("/tmp/fabcheck-lanes.txt", "w");
	static const char row[] = "  Tx Power      %5.2f dBm       7.49 dBm   -8.30 dBm    4.49 dBm     -4.30 dBm\n"
				  "  Rx Power      %5.2f dBm       7.49 dBm  -14.60 dBm    4.49 dBm    -10.59 dBm\n";
	int k;

	(void)state;
	fputs("Ethernet1/1\n    transceiver is present\n    type is QSFP-100G-LR4\n\n"
	      "Lane Number:1 Common Diagnostic Information\n"
	      "  Temperature   40.44 C        74.00 C     -4.00 C     70.00 C        0.00 C\n", f);
	for (k = 2; k <= 3; k++) {
		fprintf(f, k == 2 ? "Lane Number:%d Network Lane\n" : "Lane Number : %d Network Lane\n", k);
		fprintf(f, row, 0.5 + k, -1.0 - k);
	}
	fputs("Ethernet1/2\n    transceiver is not present\n", f);
	fclose(f);
	d = parse(m, "/tmp/fabcheck-lanes.txt", "show interface transceiver details", "text");
	x = fc_xcvr(fc_dev_find_iface(d, "Ethernet1/1"));
	assert_int_equal(x->nlanes, 3);
	assert_int_equal(x->lanes[0].lane, 1);
	assert_true(x->lanes[0].temp_c.m.known);
	assert_false(x->lanes[0].tx_dbm.m.known);
	assert_int_equal(x->lanes[1].lane, 2);
	assert_true(x->lanes[1].tx_dbm.v > 2.49 && x->lanes[1].tx_dbm.v < 2.51);
	assert_int_equal(x->lanes[2].lane, 3);
	assert_true(x->lanes[2].rx_dbm.v > -4.01 && x->lanes[2].rx_dbm.v < -3.99);
	assert_int_equal(x->lanes[2].rx_dbm.m.src.line, 12);
	assert_false(fc_xcvr(fc_dev_find_iface(d, "Ethernet1/2"))->present.v);
	remove("/tmp/fabcheck-lanes.txt");
	fc_model_free(&m);
}

/* NX-API "show interface transceiver details" as JSON: one ROW_lane per lane, thresholds named
 * temp_alrm_hi / volt_warn_lo / current_... / tx_pwr_... / rx_pwr_..., flags null or "++".
 * A row without a lane number, a number given twice or a reading that is not a number is refused
 * at its line; N/A is unknown with that reason. */
static enum fc_rc parse_json_cmd(struct fc_model *m, const char *cmd, const char *text, struct fc_device **d,
			     struct fc_err *err)
{
	char path[64];
	FILE *f;
	enum fc_rc rc;

	snprintf(path, sizeof(path), "/tmp/fabcheck-xcvr-%ld.json", (long)getpid());
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	if (!m->ndevs)
		assert_int_equal(fc_model_add_device(m, "sw", FC_DEV_SWITCH, d, err), FC_OK);
	*d = m->devs[0];
	(*d)->platform = "nxos";
	fc_err_clear(err);
	rc = fc_adapter_parse_file(m, *d, fc_adapter_find("nxos"), ".", path, cmd, "json", err);
	remove(path);
	return rc;
}

static enum fc_rc parse_json_text(struct fc_model *m, const char *text, struct fc_device **d, struct fc_err *err)
{
	return parse_json_cmd(m, "show interface transceiver details", text, d, err);
}

#define XROW(lane, extra)                                                                                        \
	"{\"lane_number\": \"" lane "\", \"temperature\": \"34.48\", \"temp_flag\": null, \"temp_alrm_hi\": \"75.00\", " \
	"\"temp_alrm_lo\": \"-5.00\", \"temp_warn_hi\": \"70.00\", \"temp_warn_lo\": \"0.00\", \"voltage\": \"3.28\", " \
	"\"volt_alrm_hi\": \"3.63\", \"volt_alrm_lo\": \"2.97\", \"volt_warn_hi\": \"3.46\", \"volt_warn_lo\": \"3.13\", " \
	"\"current\": \"6.49\", \"current_alrm_hi\": \"15.00\", \"current_alrm_lo\": \"0.50\", "                       \
	"\"current_warn_hi\": \"12.00\", \"current_warn_lo\": \"2.00\", \"tx_pwr\": \"-1.78\", "                        \
	"\"tx_pwr_alrm_hi\": \"2.99\", \"tx_pwr_alrm_lo\": \"-9.50\", \"tx_pwr_warn_hi\": \"1.99\", "                    \
	"\"tx_pwr_warn_lo\": \"-7.52\"" extra "}"
#define XDOC(rows)                                                                                               \
	"{\"TABLE_interface\": {\"ROW_interface\": [{\"interface\": \"Ethernet1/36/1\", \"sfp\": \"present\",\n"        \
	"\"type\": \"QSFP-40G-CSR4\", \"name\": \"FS\", \"nom_bitrate\": \"10300\",\n\"TABLE_lane\": {\"ROW_lane\": [\n" \
	rows "]}}]}}\n"

static void xcvr_json_lanes(void **state)
{
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	struct fc_err err;
	const struct fc_xcvr *x;

	(void)state;
	assert_int_equal(parse_json_text(m, XDOC(XROW("1", ", \"rx_pwr\": \"-1.24\", \"rx_pwr_flag\": \"--\", "
							  "\"rx_pwr_alrm_hi\": \"3.40\", \"rx_pwr_alrm_lo\": \"-14.10\", "
							  "\"rx_pwr_warn_hi\": \"2.39\", \"rx_pwr_warn_lo\": \"-11.10\"") ",\n"
						 XROW("2", ", \"rx_pwr\": \"N/A\"")),
					 &d, &err),
			 FC_OK);
	x = fc_xcvr(fc_dev_find_iface(d, "Ethernet1/36/1"));
	assert_int_equal(x->nlanes, 2);
	assert_int_equal(x->lanes[0].lane, 1);
	assert_int_equal(x->lanes[1].lane, 2);
	/* the module's thresholds for temperature and voltage (temp_ / volt_ keys) */
	assert_true(x->lanes[0].temp_c.thresholds);
	assert_true(x->lanes[0].temp_c.hi_alarm > 74.99 && x->lanes[0].temp_c.hi_alarm < 75.01);
	assert_true(x->lanes[0].volt_v.thresholds);
	assert_true(x->lanes[0].volt_v.lo_warn > 3.12 && x->lanes[0].volt_v.lo_warn < 3.14);
	assert_true(x->lanes[0].bias_ma.thresholds);
	assert_true(x->lanes[0].rx_dbm.m.known && x->lanes[0].rx_dbm.thresholds);
	assert_string_equal(x->lanes[0].rx_dbm.flag, "--");
	assert_string_equal(x->lanes[0].temp_c.flag, "");
	assert_false(x->lanes[1].rx_dbm.m.known);
	assert_string_equal(x->lanes[1].rx_dbm.m.why, "module reports N/A");
	assert_true(x->dom_supported.v);
	fc_model_free(&m);

	{
		static const struct { const char *doc, *msg; unsigned line; } bad[] = {
			{ XDOC(XROW("1", "") ",\n" XROW("1", "")), "lane 1 given twice", 5 },
			{ XDOC(XROW("x", "")), "lane_number: expected an integer from 1 to 64", 4 },
			{ XDOC(XROW("0", "")), "lane_number: expected an integer from 1 to 64", 4 },
			{ XDOC(XROW("1", ", \"rx_pwr\": \"low\"")), "rx_pwr: expected a number or N/A", 4 },
			{ XDOC(XROW("1", ", \"rx_pwr\": \"-3.1\", \"rx_pwr_alrm_hi\": \"hi\"")), "rx_pwr_alrm_hi", 4 },
			{ XDOC(XROW("1", ", \"rx_pwr\": \"-3.1\", \"rx_pwr_flag\": \"+-\"")), "rx_pwr_flag", 4 },
			{ XDOC("{\"temperature\": \"30\"}"), "no lane_number (expected 1-64)", 4 },
		};
		size_t i;

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			m = fc_model_new();
			assert_int_equal(parse_json_text(m, bad[i].doc, &d, &err), FC_ERR_INPUT);
			if (!strstr(err.msg, bad[i].msg))
				fail_msg("case %zu: '%s' does not say '%s'", i, err.msg, bad[i].msg);
			assert_int_equal(err.line, bad[i].line);
			fc_model_free(&m);
		}
	}
}

/* NX-API integers: "auto" speed is no speed (unknown, no error); a counter or a nominal bitrate
 * that is not an integer is refused at its line, never dropped. */
static void json_integers(void **state)
{
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	struct fc_err err;

	(void)state;
	assert_int_equal(parse_json_cmd(m, "show interface brief",
					"{\"TABLE_interface\": {\"ROW_interface\": [\n"
					"{\"interface\": \"Ethernet1/1\", \"state\": \"up\", \"speed\": \"100000\"},\n"
					"{\"interface\": \"Ethernet1/2\", \"state\": \"down\", \"speed\": \"auto\"}]}}\n",
					&d, &err),
			 FC_OK);
	assert_int_equal(fc_dev_find_iface(d, "Ethernet1/1")->speed_mbps.v, 100000);
	assert_false(fc_dev_find_iface(d, "Ethernet1/2")->speed_mbps.m.known);
	fc_model_free(&m);
	m = fc_model_new();
	assert_int_equal(parse_json_cmd(m, "show interface brief",
					"{\"TABLE_interface\": {\"ROW_interface\": [\n"
					"{\"interface\": \"Ethernet1/1\", \"state\": \"up\", \"speed\": \"fast\"}]}}\n",
					&d, &err),
			 FC_ERR_INPUT);
	assert_non_null(strstr(err.msg, "speed: expected an integer"));
	assert_int_equal(err.line, 2);
	fc_model_free(&m);
	m = fc_model_new();
	assert_int_equal(parse_json_cmd(m, "show interface counters detailed",
					"{\"TABLE_interface\": {\"ROW_interface\": [\n"
					"{\"interface\": \"Ethernet1/1\", \"eth_crc\": \"12\",\n \"eth_giants\": \"-3\"}]}}\n",
					&d, &err),
			 FC_ERR_INPUT);
	assert_non_null(strstr(err.msg, "eth_giants: expected an integer"));
	assert_int_equal(err.line, 3);
	fc_model_free(&m);
	m = fc_model_new();
	assert_int_equal(parse_json_text(m, XDOC("") , &d, &err), FC_OK);   /* no lanes at all: fine */
	fc_model_free(&m);
	m = fc_model_new();
	assert_int_equal(parse_json_cmd(m, "show interface transceiver details",
					"{\"TABLE_interface\": {\"ROW_interface\": {\"interface\": \"Ethernet1/1\",\n"
					"\"sfp\": \"present\", \"nom_bitrate\": \"lots\"}}}\n",
					&d, &err),
			 FC_ERR_INPUT);
	assert_non_null(strstr(err.msg, "nom_bitrate: expected an integer"));
	assert_int_equal(err.line, 2);
	fc_model_free(&m);
}

static void realdata(void **state)
{
	const char *shared = getenv("FABCHECK_SHARED");
	char cmd[1200], line[4096];
	FILE *p;
	struct kind kinds[64];
	size_t nk = load_kinds(kinds, 64), ok = 0, skipped = 0, per[64] = { 0 }, k;

	(void)state;
	if (!shared || !*shared)
		shared = "../shared";
	snprintf(cmd, sizeof(cmd), "test -f '%s/realdata/MANIFEST.tsv' && awk -F'\\t' 'NR>1 && $6 ~ /NX-OS/ {print $1\"\\t\"$6}' '%s/realdata/MANIFEST.tsv'",
		 shared, shared);
	p = popen(cmd, "r");
	assert_non_null(p);
	while (fgets(line, sizeof(line), p)) {
		char path[4200];
		char *tab = strchr(line, '\t');
		struct fc_model *m;

		if (!tab)
			continue;
		*tab = '\0';
		/* paired expected parses (napalm expected_result.json, ntc .yml) and markdown guides are not captures */
		if (strstr(tab + 1, "expected parse") || strstr(tab + 1, "(markdown)") || strstr(line, "expected_result") ||
		    strstr(line, ".yml")) {
			skipped++;
			continue;
		}
		for (k = 0; k < nk; k++)
			if (strstr(tab + 1, kinds[k].desc) && (!kinds[k].file[0] || strstr(line, kinds[k].file)))
				break;
		if (k == nk)
			fail_msg("realdata capture of unknown kind: %s (%s)", line, tab + 1);
		snprintf(path, sizeof(path), "%s/realdata/%s", shared, line);
		m = fc_model_new();
		parse(m, path, kinds[k].command, kinds[k].encoding);
		fc_model_free(&m);
		per[k]++;
		ok++;
	}
	pclose(p);
	if (!ok) {
		printf("SKIP realdata: %s/realdata not present\n", shared);
		*(bool *)*state = true;
		skip();
	}
	printf("realdata: %zu NX-OS captures parsed without error (%zu expected parses and guides not captures):\n", ok,
	       skipped);
	for (k = 0; k < nk; k++)
		if (per[k])
			printf("  %3zu  %s (%s)\n", per[k], kinds[k].command, kinds[k].encoding);
	assert_true(ok >= 60);
}

int main(void)
{
	bool realdata_skipped = false;   /* set by realdata when ../shared is absent */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(demo_leaf2),
		cmocka_unit_test(qos_views),
		cmocka_unit_test(unknown_lines_counted),
		cmocka_unit_test(xcvr_lanes),
		cmocka_unit_test(xcvr_json_lanes),
		cmocka_unit_test(json_integers),
		cmocka_unit_test(block_outputs),
		cmocka_unit_test(queuing_table),
		cmocka_unit_test(xcvr_text_numbers),
		cmocka_unit_test(many_addresses),
		cmocka_unit_test(repo_syntax),
		cmocka_unit_test(qos_defaults),
		cmocka_unit_test_prestate(realdata, &realdata_skipped),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);

	/* a part skipped for want of ../shared: 77, ctest's Skipped, so that a summary shows it */
	return failed ? failed : realdata_skipped ? 77 : 0;
}
