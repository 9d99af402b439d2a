/* SPDX-License-Identifier: MIT */
/* Every parser is linear in its input: each one is fed a generated output of about 1, 10 and
 * 100 MB (interfaces, ACLs, neighbours, modules in the shapes the real outputs have), parsed and
 * finalised in-process through fc_adapter_parse as validate does, and the time per MB printed with
 * the growth from one size to the next (1.00 = linear; the target: 10x the input, and 10x the
 * objects in it, at most 12x the time, 1.20 per MB, beyond the first step). Every platform's
 * readers of configuration and state, text and JSON: NX-OS, Arista EOS, SONiC, Linux hosts.
 *   parse_scale [MAX_MB [COMMAND]]   (default 100; 10 for a quick look; one command only)
 *   parse_scale --write FILE LABEL MB   writes the generated output of the row labelled LABEL (as
 *                                       printed, e.g. "nxos: show interface" "json") of about MB
 *                                       MB to FILE, for whole-process benchmarks (bench/whole_process.sh) */
#include <stdbool.h>
#include <stdio.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "util/buf.h"
#include "adapter/adapter.h"

/* CPU seconds (user or system) of the whole process, the arena's prefault thread included. */
static double cpu_s(bool sys)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return sys ? (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6
		   : (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One item of an output (the i-th interface, ACL, neighbour ...), appended to b. */
typedef void gen_fn(struct fc_buf *b, size_t i);

static void show_interface_json(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s{\"interface\": \"Ethernet%zu/%zu\", \"state\": \"up\", \"admin_state\": \"up\", "
		       "\"eth_hw_addr\": \"b8ce.f6a1.%04zx\", \"eth_mtu\": \"9216\", \"eth_speed\": \"100 Gb/s\", "
		       "\"eth_duplex\": \"full\", \"eth_autoneg\": \"off\", \"eth_in_flowctrl\": \"off\", "
		       "\"eth_out_flowctrl\": \"off\", \"eth_mode\": \"routed\", \"desc\": \"to gpu%zu\", "
		       "\"eth_crc\": \"0\", \"eth_inerr\": \"0\", \"eth_giants\": \"0\", \"eth_reset_cntr\": \"2\", "
		       "\"eth_inpkts\": \"123456789\", \"eth_outpkts\": \"987654321\", \"eth_inbytes\": \"9999999999\", "
		       "\"eth_admin_fec_state\": \"auto\", \"eth_oper_fec_state\": \"rs-fec\"}",
		    i ? ", " : "{\"TABLE_interface\": {\"ROW_interface\": [", i / 64 + 1, i % 64 + 1, i & 0xffff, i);
}

static void show_interface_text(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "Ethernet%zu/%zu is up\nadmin state is up, Dedicated Interface\n"
		       "  Hardware: 100000 Ethernet, address: b8ce.f6a1.%04zx (bia b8ce.f6a1.%04zx)\n"
		       "  Description: to gpu%zu\n  MTU 9216 bytes, BW 100000000 Kbit , DLY 10 usec\n"
		       "  reliability 255/255, txload 1/255, rxload 1/255\n  Encapsulation ARPA, medium is broadcast\n"
		       "  full-duplex, 100 Gb/s, media type is 100G\n  Auto-Negotiation is turned off  FEC mode is Auto\n"
		       "  Input flow-control is off, output flow-control is off\n  admin fec state is auto, oper fec state is rs-fec\n"
		       "  Last link flapped 3week(s) 5day(s)\n  30 seconds input rate 0 bits/sec, 0 packets/sec\n"
		       "  RX\n    123456 unicast packets  0 multicast packets  0 broadcast packets\n"
		       "    0 input error  0 short frame  0 overrun   0 underrun  0 ignored\n"
		       "  TX\n    654321 unicast packets  0 multicast packets  0 broadcast packets\n",
		    i / 64 + 1, i % 64 + 1, i & 0xffff, i & 0xffff, i);
}

/* Interfaces, ACLs and QoS maps, as many of each as a big running-config has. */
static void running_config(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "ip access-list ACL-%zu\n  10 permit udp any any eq 4791\n  20 deny tcp any any eq 23\n"
		       "  30 permit ip 10.%zu.0.0/16 any\n"
		       "class-map type qos match-all C%zu\n  match dscp %zu\n"
		       "policy-map type qos P%zu\n  class C%zu\n    set qos-group 3\n"
		       "interface Ethernet%zu/%zu\n  description to gpu%zu\n  mtu 9216\n  priority-flow-control mode on\n"
		       "  service-policy type qos input P%zu\n  ip access-group ACL-%zu in\n  ip address 10.%zu.%zu.0/31\n"
		       "  no shutdown\n",
		    i, i & 255, i, i % 64, i, i, i / 64 + 1, i % 64 + 1, i, i, i, (i >> 8) & 255, i & 255);
}

static void lldp_detail(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "Chassis id: b8ce.f6a1.%04zx\nPort id: ens1f%zu\nLocal Port id: Eth%zu/%zu\n"
		       "Port Description: ConnectX-6 Dx\nSystem Name: gpu%zu.example.net\n"
		       "System Description: Ubuntu 22.04.4 LTS Linux 5.15.0-105-generic x86_64\n"
		       "Time remaining: 101 seconds\nSystem Capabilities: B, R\nEnabled Capabilities: R\n"
		       "Management Address: 10.0.%zu.%zu\nVlan ID: not advertised\n\n",
		    i & 0xffff, i & 1, i / 64 + 1, i % 64 + 1, i, (i >> 8) & 255, i & 255);
}

static void xcvr_details(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "Ethernet%zu/%zu\n    transceiver is present\n    type is QSFP-100G-SR4\n"
		       "    name is CISCO-AVAGO\n    part number is AFBR-89CDDZ-CS1\n    revision is 01\n"
		       "    serial number is AVM2232U%04zx\n    nominal bitrate is 25500 MBit/sec\n"
		       "    Link length supported for 50/125um OM3 fiber is 70 m\n    cisco id is 17\n\n"
		       "Lane Number:1 Network Lane\n           SFP Detail Diagnostics Information (internal calibration)\n"
		       "  ----------------------------------------------------------------------------\n"
		       "  Temperature   38.50 C        75.00 C     -5.00 C     70.00 C        0.00 C\n"
		       "  Voltage        3.29 V         3.63 V      2.97 V      3.46 V        3.13 V\n"
		       "  Current        7.44 mA       10.00 mA     1.00 mA     9.50 mA       2.00 mA\n"
		       "  Tx Power      -0.53 dBm       5.00 dBm  -12.40 dBm    2.00 dBm     -8.40 dBm\n"
		       "  Rx Power      -1.20 dBm       5.00 dBm  -14.40 dBm    2.00 dBm    -10.40 dBm\n\n",
		    i / 64 + 1, i % 64 + 1, i & 0xffff);
}

/* One port with ever more secondary addresses: a list that grows one at a time must not cost n^2. */
static void many_addresses(struct fc_buf *b, size_t i)
{
	if (!i)
		fc_buf_addf(b, "interface Ethernet1/1\n  description one port, many addresses\n");
	fc_buf_addf(b, "  ip address 10.%zu.%zu.1/24 secondary\n", (i >> 8) & 255, i & 255);
}

static void status_table(struct fc_buf *b, size_t i)
{
	if (!i)
		fc_buf_addf(b, "--------------------------------------------------------------------------------\n"
			       "Port          Name               Status    Vlan      Duplex  Speed   Type\n"
			       "--------------------------------------------------------------------------------\n");
	fc_buf_addf(b, "Eth%zu/%zu      to gpu%-12zu connected routed    full    100G    QSFP-100G-CR4\n", i / 64 + 1,
		    i % 64 + 1, i % 1000000);
}

static void host_json(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s{\"name\": \"ens%zu\", \"mac\": \"b8:ce:f6:a1:%02zx:%02zx\", \"mtu\": 9000, \"operstate\": \"up\", "
		       "\"addresses\": [\"10.%zu.%zu.1/31\"], \"driver\": {\"name\": \"mlx5_core\", \"version\": \"5.15\", "
		       "\"firmware\": \"22.39.1002\"}, \"link\": {\"speed_mbps\": 100000, \"lanes\": 4, \"duplex\": \"full\", "
		       "\"autoneg\": false, \"port\": \"Direct Attach Copper\", \"active_mode\": \"100000baseCR4/Full\"}, "
		       "\"fec\": {\"configured\": \"Auto\", \"active\": \"RS\"}, \"pause\": {\"rx\": false, \"tx\": false}}",
		    i ? ", " : "{\"format\": \"fabcheck-host\", \"format_version\": 1, \"hostname\": \"gpu\", \"interfaces\": [",
		    i, (i >> 8) & 255, i & 255, (i >> 8) & 255, i & 255);
}

/* Arista EOS: a running-config of interfaces, each with its own qos profile and ACL (profiles and
 * ACLs grow with the ports: 10x the input is 10x of each). */
static void eos_config(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "qos profile P%zu\n   qos trust dscp\n   priority-flow-control on\n"
		       "   priority-flow-control priority 3 no-drop\n   tx-queue 3\n      random-detect ecn minimum-threshold "
		       "150 kbytes maximum-threshold 1500 kbytes max-mark-probability 10 weight 0\n!\n"
		       "ip access-list ACL-%zu\n   10 permit udp any any eq 4791\n   20 deny tcp any any eq telnet\n!\n"
		       "interface Ethernet%zu/%zu\n   description to gpu%zu\n   mtu 9214\n   speed 100g-4\n"
		       "   error-correction encoding reed-solomon\n   no switchport\n   ip address 10.%zu.%zu.0/31\n"
		       "   ip access-group ACL-%zu in\n   service-profile P%zu\n!\n",
		    i, i, i / 64 + 1, i % 64 + 1, i, (i >> 8) & 255, i & 255, i, i);
}

static void eos_interfaces_json(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s\"Ethernet%zu/%zu\": {\"name\": \"Ethernet%zu/%zu\", \"interfaceStatus\": \"connected\", "
		       "\"lineProtocolStatus\": \"up\", \"description\": \"to gpu%zu\", \"bandwidth\": 100000000000, "
		       "\"lanes\": 4, \"duplex\": \"duplexFull\", \"autoNegotiate\": \"success\", \"mtu\": 9214, "
		       "\"forwardingModel\": \"routed\", \"physicalAddress\": \"44:4c:a8:%02zx:%02zx:00\", "
		       "\"interfaceCounters\": {\"inOctets\": 1, \"outOctets\": 2, \"totalInErrors\": 0, "
		       "\"totalOutErrors\": 0, \"linkStatusChanges\": 1, \"inputErrorsDetail\": {\"fcsErrors\": 0, "
		       "\"giantFrames\": 0, \"runtFrames\": 0, \"alignmentErrors\": 0, \"symbolErrors\": 0, \"rxPause\": 0}, "
		       "\"outputErrorsDetail\": {\"collisions\": 0, \"txPause\": 0}}}",
		    i ? ", " : "{\"interfaces\": {", i / 64 + 1, i % 64 + 1, i / 64 + 1, i % 64 + 1, i, (i >> 8) & 255,
		    i & 255);
}

static void eos_lldp_json(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s\"Ethernet%zu/%zu\": {\"lldpNeighborInfo\": [{\"systemName\": \"gpu%zu\", "
		       "\"chassisId\": \"b8ce.f630.%04zx\", \"chassisIdType\": \"macAddress\", \"ttl\": 120, "
		       "\"neighborInterfaceInfo\": {\"interfaceId\": \"b8ce.f630.%04zx\", \"interfaceIdType\": "
		       "\"macAddress\", \"interfaceDescription\": \"ens1f0\"}}]}",
		    i ? ", " : "{\"lldpNeighbors\": {", i / 64 + 1, i % 64 + 1, i, i & 0xffff, i & 0xffff);
}

/* SONiC CONFIG_DB, flat keys: per port its PORT, PORT_QOS_MAP, queue, buffer PG, a CABLE_LENGTH
 * object of its own and an ACL table with a rule (every table grows with the ports). */
static void sonic_config_db(struct fc_buf *b, size_t i)
{
	if (!i)
		fc_buf_addf(b, "{\"DEVICE_METADATA|localhost\": {\"hostname\": \"sw\", \"hwsku\": \"ACS-SN5600\", "
			       "\"platform\": \"x86_64-nvidia_sn5600-r0\"}, \"DSCP_TO_TC_MAP|AZURE\": {\"26\": \"3\", "
			       "\"48\": \"6\"}, \"BUFFER_POOL|ingress_lossless_pool\": {\"mode\": \"dynamic\", \"type\": "
			       "\"ingress\", \"size\": \"50000000\"}, \"BUFFER_PROFILE|pg_lossless\": {\"pool\": "
			       "\"ingress_lossless_pool\", \"xon\": \"19456\", \"xoff\": \"50176\", \"size\": \"69632\", "
			       "\"dynamic_th\": \"0\"}, \"WRED_PROFILE|AZURE_LOSSLESS\": {\"ecn\": \"ecn_all\", "
			       "\"green_min_threshold\": \"153600\", \"green_max_threshold\": \"1536000\", "
			       "\"green_drop_probability\": \"5\"}");
	fc_buf_addf(b, ", \"PORT|Ethernet%zu\": {\"alias\": \"etp%zu\", \"lanes\": \"%zu,%zu,%zu,%zu\", \"speed\": "
		       "\"100000\", \"mtu\": \"9100\", \"fec\": \"rs\", \"admin_status\": \"up\", \"description\": \"gpu%zu\"}, "
		       "\"PORT_QOS_MAP|Ethernet%zu\": {\"dscp_to_tc_map\": \"AZURE\", \"pfc_enable\": \"3,4\"}, "
		       "\"QUEUE|Ethernet%zu|3\": {\"wred_profile\": \"AZURE_LOSSLESS\"}, "
		       "\"BUFFER_PG|Ethernet%zu|3-4\": {\"profile\": \"pg_lossless\"}, "
		       "\"CABLE_LENGTH|C%zu\": {\"Ethernet%zu\": \"5m\"}, "
		       "\"ACL_TABLE|T%zu\": {\"type\": \"L3\", \"stage\": \"ingress\", \"ports\": [\"Ethernet%zu\"]}, "
		       "\"ACL_RULE|T%zu|R1\": {\"PRIORITY\": \"10\", \"PACKET_ACTION\": \"FORWARD\", \"IP_PROTOCOL\": \"17\", "
		       "\"L4_DST_PORT\": \"4791\"}",
		    4 * i, i, 4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3, i, 4 * i, 4 * i, 4 * i, i, 4 * i, i, 4 * i, i);
}

/* One CONFIG_DB object with ever more fields (a CABLE_LENGTH of every port): filling and reading
 * it must not cost n^2. */
static void sonic_one_object(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s\"Ethernet%zu\": \"5m\"", i ? ", " : "{\"CABLE_LENGTH\": {\"AZURE\": {", i);
}

static void sonic_acl_rule(struct fc_buf *b, size_t i)
{
	if (!i)
		fc_buf_addf(b, "RULE NAME    TABLE NAME    PRIO    PACKETS COUNT    BYTES COUNT\n"
			       "-----------  ------------  ------  ---------------  -------------\n");
	fc_buf_addf(b, "R%-10zu  T%-11zu  %-6zu  %-15zu  %zu\n", i, i % 1000, i % 10000, i, 100 * i);
}

/* tabulate's layout: each column as wide as its widest value, two spaces between columns */
static void sonic_status(struct fc_buf *b, size_t i)
{
	static const char fmt[] = "%16s  %31s  %5s  %4s  %4s  %10s  %6s  %4s  %5s  %15s  %8s\n";
	char lanes[64], port[24], alias[24];

	if (!i) {
		fc_buf_addf(b, fmt, "Interface", "Lanes", "Speed", "MTU", "FEC", "Alias", "Vlan", "Oper", "Admin", "Type",
			    "Asym PFC");
		fc_buf_addf(b, fmt, "----------------", "-------------------------------", "-----", "----", "----", "----------", "------",
			    "----", "-----", "---------------", "--------");
	}
	snprintf(lanes, sizeof(lanes), "%zu,%zu,%zu,%zu", 4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3);
	snprintf(port, sizeof(port), "Ethernet%zu", 4 * i);
	snprintf(alias, sizeof(alias), "etp%zu", i);
	fc_buf_addf(b, fmt, port, lanes, "100G", "9100", "rs", alias, "routed", "up", "up", "QSFP28 or later", "off");
}

/* NX-OS state tables and blocks, one port per item. */
static void nxos_fec(struct fc_buf *b, size_t i)
{
	if (!i)
		fc_buf_addf(b, "-----------------------------------------------------------------------------------------------\n"
			       "Name          Ifindex       Admin-fec   Oper-fec    Status      Speed     Type\n"
			       "-----------------------------------------------------------------------------------------------\n");
	fc_buf_addf(b, "Eth%zu/%-8zu 0x%08zx    auto        rs-fec      up          100G      QSFP-100G-CR4\n", i / 64 + 1,
		    i % 64 + 1, i);
}

static void nxos_pfc(struct fc_buf *b, size_t i)
{
	if (!i)
		fc_buf_addf(b, "\nslot  1\n=======\n\n============================================================\n"
			       "Port               Mode Oper(VL bmap)  RxPPP      TxPPP\n"
			       "============================================================\n\n");
	fc_buf_addf(b, "Ethernet%zu/%-10zu On   On  (8)        %-10zu %zu\n", i / 64 + 1, i % 64 + 1, i, 2 * i);
}

static void nxos_queuing(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "Egress Queuing for Ethernet%zu/%zu [System]\n"
		       "------------------------------------------------------------------------------\n"
		       "QoS-Group# Bandwidth%% PrioLevel                Shape                   QLimit\n"
		       "                                   Min          Max        Units\n"
		       "------------------------------------------------------------------------------\n"
		       "      7             -         1           -            -     -            9(D)\n"
		       "      3            60         -           -            -     -            9(D)\n"
		       "      0            40         -           -            -     -            9(D)\n\n"
		       "Ingress Queuing for Ethernet%zu/%zu\n-----------------------------------------------------\n"
		       "QoS-Group#                 Pause\n           Buff Size       Pause Th      Resume Th\n"
		       "-----------------------------------------------------\n"
		       "      7              -            -            -\n      3         103360        43680        24320\n"
		       "      0              -            -            -\n\n",
		    i / 64 + 1, i % 64 + 1, i / 64 + 1, i % 64 + 1);
}

static void nxos_acl(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "IP access list ACL-%zu\n        statistics per-entry\n"
		       "        10 permit tcp any any established [match=%zu]\n"
		       "        20 deny udp any any range 4000 5000 [match=%zu]\n        30 permit ip 10.%zu.%zu.0/24 any\n",
		    i, i, 2 * i, (i >> 8) & 255, i & 255);
}

/* SONiC state tables as tabulate prints them: each column as wide as its widest value, two blanks
 * between columns. */
static void sonic_fec(struct fc_buf *b, size_t i)
{
	if (!i)
		fc_buf_addf(b, "%16s  %8s  %9s\n%s  %s  %s\n", "Interface", "FEC Oper", "FEC Admin", "----------------",
			    "--------", "---------");
	{
		char port[24];

		snprintf(port, sizeof(port), "Ethernet%zu", 4 * i);
		fc_buf_addf(b, "%16s  %8s  %9s\n", port, "rs", "auto");
	}
}

static void sonic_pfc_counters(struct fc_buf *b, size_t i)
{
	char port[24];

	if (!i)
		fc_buf_addf(b, "%16s  %4s  %4s  %4s  %10s  %4s  %4s  %4s  %4s\n%s  ----  ----  ----  ----------  ----  ----  "
			       "----  ----\n", "Port Rx", "PFC0", "PFC1", "PFC2", "PFC3", "PFC4", "PFC5", "PFC6", "PFC7",
			    "----------------");
	snprintf(port, sizeof(port), "Ethernet%zu", 4 * i);
	fc_buf_addf(b, "%16s  %4d  %4d  %4d  %10zu  %4d  %4d  %4d  %4d\n", port, 0, 0, 0, 52000 + i, 0, 0, 0, 0);
}

static void sonic_queue_counters(struct fc_buf *b, size_t i)
{
	char port[24];
	int q;

	if (!i)
		fc_buf_addf(b, "%16s  %3s  %14s  %16s  %9s  %10s\n%s  ---  --------------  ----------------  ---------  "
			       "----------\n", "Port", "TxQ", "Counter/pkts", "Counter/bytes", "Drop/pkts", "Drop/bytes",
			    "----------------");
	snprintf(port, sizeof(port), "Ethernet%zu", 4 * i);
	for (q = 0; q < 8; q++)
		fc_buf_addf(b, "%16s  UC%d  %14zu  %16zu  %9d  %10d\n", port, q, 3000000 + i, 12288000000 + i, 0, 0);
}

static void sonic_lldp_table(struct fc_buf *b, size_t i)
{
	char port[24], dev[24];

	if (!i)
		fc_buf_addf(b, "Capability codes: (R) Router, (B) Bridge, (O) Other\n%-16s  %-14s  %-12s  %-10s  %-15s\n"
			       "%s  --------------  ------------  ----------  ---------------\n", "LocalPort", "RemoteDevice",
			    "RemotePortID", "Capability", "RemotePortDescr", "----------------");
	snprintf(port, sizeof(port), "Ethernet%zu", 4 * i);
	snprintf(dev, sizeof(dev), "g%zu", i);
	fc_buf_addf(b, "%-16s  %-14s  %-12s  %-10s  %-15s\n", port, dev, "ens1f0", "O", "ens1f0");
}

/* Arista EOS counters in JSON (eAPI), one port per item. */
static void eos_pfc_counters(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s\"Ethernet%zu/%zu\": {\"rxFrames\": %zu, \"txFrames\": %zu}", i ? ", " : "{\"interfaceCounters\": {",
		    i / 64 + 1, i % 64 + 1, i, 2 * i);
}

static void eos_ecn_counters(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s\"Ethernet%zu/%zu\": {\"queueCounters\": {\"0\": \"0\", \"1\": \"0\", \"2\": \"0\", \"3\": \"%zu\", "
		       "\"4\": \"0\", \"5\": \"0\", \"6\": \"0\", \"7\": \"0\"}}", i ? ", " : "{\"intfQueueCounters\": {",
		    i / 64 + 1, i % 64 + 1, i);
}

static void sonic_pfcwd(struct fc_buf *b, size_t i)
{
	char port[24];

	if (!i)
		fc_buf_addf(b, "Changed polling interval to 200ms\n%16s  %6s  %14s  %16s\n%s  ------  --------------  "
			       "----------------\n", "PORT", "ACTION", "DETECTION TIME", "RESTORATION TIME", "----------------");
	snprintf(port, sizeof(port), "Ethernet%zu", 4 * i);
	fc_buf_addf(b, "%16s  %6s  %14d  %16d\n", port, "drop", 200, 200);
}

static void sonic_pfc_priority(struct fc_buf *b, size_t i)
{
	if (!i)
		fc_buf_addf(b, "%-16s  %-19s\n%s  -------------------\n", "Interface", "Lossless priorities", "----------------");
	fc_buf_addf(b, "Ethernet%-8zu  %-19s\n", 4 * i, "3,4");
}

static void sonic_pfc_history(struct fc_buf *b, size_t i)
{
	char port[24];
	int q;

	if (!i)
		fc_buf_addf(b, "%16s  %8s  %20s  %22s  %23s  %25s\n%s  --------  --------------------  ----------------------  "
			       "-----------------------  -------------------------\n", "Port", "Priority", "RX Pause Transitions",
			    "Total RX Pause Time US", "Recent RX Pause Time US", "Recent RX Pause Timestamp",
			    "----------------");
	snprintf(port, sizeof(port), "Ethernet%zu", 4 * i);
	for (q = 0; q < 8; q++)
		if (q == 3)
			fc_buf_addf(b, "%16s  %8s  %20zu  %22zu  %23d  %25s\n", port, "PFC3", 30 + i, 3000000 + i, 1200,
				    "11/30/2026, 11:58:00");
		else
			fc_buf_addf(b, "%16s      PFC%d  %20s  %22s  %23s  %25s\n", port, q, "N/A", "N/A", "N/A", "N/A");
}

static void sonic_xcvr(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "Ethernet%zu: SFP EEPROM detected\n        Application Advertisement: 400GBASE-CR8 (Clause 162) - "
		       "Host Assign (0x1) - Copper cable - Media Assign (Unknown)\n        CMIS Rev: 5.0\n"
		       "        Connector: No separable connector\n        Host Lane Count: 8\n"
		       "        Identifier: OSFP 8X Pluggable Transceiver\n        Length Cable Assembly(m): 3.0\n"
		       "        Media Interface Technology: Copper cable unequalized\n"
		       "        Specification compliance: passive_copper_media_interface\n        Vendor Name: Mellanox\n"
		       "        Vendor OUI: 00-02-c9\n        Vendor PN: QDD-400G-2Q200G-CU3M\n        Vendor Rev: A0\n"
		       "        Vendor SN: EX%06zu\n        ChannelMonitorValues:\n        ChannelThresholdValues:\n"
		       "        ModuleMonitorValues:\n        ModuleThresholdValues:\n\n", 4 * i, i);
}

static void sonic_lldpcli(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s{\"name\": \"Ethernet%zu\", \"via\": \"LLDP\", \"rid\": \"%zu\", \"chassis\": [{\"id\": [{\"type\": "
		       "\"mac\", \"value\": \"b8:ce:f6:30:%02zx:%02zx\"}], \"name\": [{\"value\": \"g%zu\"}]}], \"port\": [{\"id\": "
		       "[{\"type\": \"mac\", \"value\": \"b8:ce:f6:30:%02zx:%02zx\"}], \"descr\": [{\"value\": \"ens1f0\"}]}]}",
		    i ? ", " : "{\"lldp\": [{\"interface\": [", 4 * i, i + 1, (i >> 8) & 255, i & 255, i, (i >> 8) & 255,
		    i & 255);
}

/* Arista EOS text outputs, as its CLI prints them (the ntc-templates captures' layout). */
static void eos_status(struct fc_buf *b, size_t i)
{
	char port[24], desc[24];

	if (!i)
		fc_buf_addf(b, "Port       Name                   Status       Vlan        Duplex  Speed Type\n");
	snprintf(port, sizeof(port), "Et%zu/%zu", i / 64 + 1, i % 64 + 1);
	snprintf(desc, sizeof(desc), "to gpu%zu", i % 1000000);
	fc_buf_addf(b, "%-10s %-22s %-12s %-11s %-7s %-5s %s\n", port, desc, "connected", "routed", "full", "100G",
		    "100GBASE-CR4");
}

static void eos_interfaces_text(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "Ethernet%zu/%zu is up, line protocol is up (connected)\n  Hardware is Ethernet, address is "
		       "0800.27dc.%04zx\n  Description: to gpu%zu\n  Internet address is 10.%zu.%zu.0/31\n"
		       "  IP MTU 9214 bytes , BW 100000000 kbit\n  Full-duplex, 100Gb/s, auto negotiation: off, uni-link: "
		       "unknown\n  Up 14 minutes, 2 seconds\n  1 link status changes since last clear\n"
		       "     0 runts, 0 giants\n     0 input errors, 0 CRC, 0 alignment, 0 symbol, 0 input discards\n"
		       "     0 PAUSE input\n     0 output errors, 0 collisions\n     0 PAUSE output\n",
		    i / 64 + 1, i % 64 + 1, i & 0xffff, i, (i >> 8) & 255, i & 255);
}

static void eos_transceiver_json(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s\"Ethernet%zu/%zu\": {\"mediaType\": \"100GBASE-SR4\", \"rxPower\": -1.8, \"temperature\": 35.2, "
		       "\"txBias\": 6.3, \"txPower\": -0.9, \"vendorSn\": \"XMD%07zu\", \"voltage\": 3.27}",
		    i ? ", " : "{\"interfaces\": {", i / 64 + 1, i % 64 + 1, i);
}

/* NX-OS JSON (NX-API or | json): TABLE_x.ROW_x arrays, one port per row. */
static void nxos_brief_json(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s{\"interface\": \"Ethernet%zu/%zu\", \"vlan\": \"--\", \"type\": \"eth\", \"portmode\": \"routed\", "
		       "\"state\": \"up\", \"state_rsn_desc\": \"none\", \"speed\": \"100000\", \"ratemode\": \"D\"}",
		    i ? ", " : "{\"TABLE_interface\": {\"ROW_interface\": [", i / 64 + 1, i % 64 + 1);
}

static void nxos_transceiver_json(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s{\"interface\": \"Ethernet%zu/%zu\", \"sfp\": \"present\", \"type\": \"QSFP-100G-SR4\", "
		       "\"name\": \"CISCO-AVAGO\", \"partnum\": \"AFBR-89CDDZ-CS1\", \"serialnum\": \"AVM%08zu\", "
		       "\"nom_bitrate\": \"25500\"}",
		    i ? ", " : "{\"TABLE_interface\": {\"ROW_interface\": [", i / 64 + 1, i % 64 + 1, i);
}

static void nxos_lldp_json(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s{\"chassis_id\": \"b8ce.f6a1.%04zx\", \"port_id\": \"ens1f0\", \"l_port_id\": \"Eth%zu/%zu\", "
		       "\"sys_name\": \"gpu%zu\", \"ttl\": \"120\"}",
		    i ? ", " : "{\"TABLE_nbor_detail\": {\"ROW_nbor_detail\": [", i & 0xffff, i / 64 + 1, i % 64 + 1, i);
}

/* Linux: ip address show, as other tools save it. */
static void ip_address_text(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%zu: ens%zu: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc mq state UP group default qlen 1000\n"
		       "    link/ether b8:ce:f6:a1:%02zx:%02zx brd ff:ff:ff:ff:ff:ff\n"
		       "    inet 10.%zu.%zu.1/31 scope global ens%zu\n       valid_lft forever preferred_lft forever\n",
		    i + 2, i, (i >> 8) & 255, i & 255, (i >> 8) & 255, i & 255, i);
}

/* SONiC's headroom table (pg_profile_lookup.ini): a row per speed and cable length. */
static void sonic_pg_lookup(struct fc_buf *b, size_t i)
{
	if (!i)
		fc_buf_addf(b, "# PG lossless profiles.\n# speed cable size    xon  xoff threshold xon_offset\n");
	fc_buf_addf(b, " %6zu  %4zum %6zu  19456  %6zu          0\n", 10000 * (i % 80 + 1), i / 80 + 1, 49152 + i % 1000,
		    29696 + i % 1000);
}

static void sonic_ecnconfig(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "Profile: P%zu\n----------------------  -------\nwred_green_enable       true\n"
		       "ecn                     ecn_all\ngreen_min_threshold     %zu\ngreen_max_threshold     %zu\n"
		       "green_drop_probability  7\n----------------------  -------\n\n", i, 20480 + i, 40960 + i);
}

static void eos_phy_json(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s\"Ethernet%zu/%zu\": {\"phyStatuses\": [{\"description\": {\"phyChipName\": \"BCM56771\", \"location\": "
		       "\"line\"}, \"phyState\": {\"value\": \"linkUp\", \"changes\": 1, \"lastChange\": 1764500000.0}, \"fec\": "
		       "{\"correctedCodewords\": {\"value\": %zu, \"changes\": 3, \"lastChange\": 1764500100.0}, "
		       "\"uncorrectedCodewords\": {\"value\": 0, \"changes\": 0, \"lastChange\": 0.0}}, \"preFecBer\": {\"value\": "
		       "2.1e-10}}]}", i ? ", " : "{\"interfacePhyStatuses\": {", i / 64 + 1, i % 64 + 1, i);
}

static void nxos_counters_json(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s{\"interface\": \"Ethernet%zu/%zu\", \"eth_inerr\": \"0\", \"eth_crc\": \"%zu\", \"eth_giants\": \"0\", "
		       "\"eth_reset_cntr\": \"2\"}",
		    i ? ", " : "{\"TABLE_interface\": {\"ROW_interface\": [", i / 64 + 1, i % 64 + 1, i % 7);
}

static void eos_descriptions_json(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s\"Ethernet%zu/%zu\": {\"description\": \"to gpu%zu\", \"interfaceStatus\": \"up\", "
		       "\"lineProtocolStatus\": \"up\"}", i ? ", " : "{\"interfaceDescriptions\": {", i / 64 + 1, i % 64 + 1, i);
}

static void eos_queue_drops_json(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s\"Ethernet%zu/%zu\": {\"ucastQueues\": {\"trafficClasses\": {\"TC3\": {\"dropPrecedences\": "
		       "{\"DP0\": {\"droppedPackets\": %zu}}}}}}",
		    i ? ", " : "{\"egressQueueCounters\": {\"interfaces\": {", i / 64 + 1, i % 64 + 1, i % 5);
}

static void sonic_if_counters(struct fc_buf *b, size_t i)
{
	static const char fmt[] = "%16s  %5s  %13s  %9s  %7s  %6s  %6s  %6s  %13s  %9s  %7s  %6s  %6s  %6s\n";
	char port[24], ok[24];

	if (!i) {
		fc_buf_addf(b, fmt, "IFACE", "STATE", "RX_OK", "RX_BPS", "RX_UTIL", "RX_ERR", "RX_DRP", "RX_OVR", "TX_OK",
			    "TX_BPS", "TX_UTIL", "TX_ERR", "TX_DRP", "TX_OVR");
		fc_buf_addf(b, fmt, "----------------", "-----", "-------------", "---------", "-------", "------", "------",
			    "------", "-------------", "---------", "-------", "------", "------", "------");
	}
	snprintf(port, sizeof(port), "Ethernet%zu", 4 * i);
	snprintf(ok, sizeof(ok), "%zu", 1000003000 + i);
	fc_buf_addf(b, fmt, port, "U", ok, "1.52 GB/s", "3.04%", "0", "0", "0", ok, "1.49 GB/s", "2.98%", "0", "0", "0");
}

/* SONiC APPL_DB's buffer tables as a redis dump (the dynamic model's computed profiles). */
static void sonic_appl_db(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s\"BUFFER_PG_TABLE:Ethernet%zu:3-4\": {\"type\": \"hash\", \"value\": {\"profile\": "
		       "\"pg_lossless_100000_%zum_profile\"}}, \"BUFFER_PROFILE_TABLE:pg_lossless_100000_%zum_profile\": "
		       "{\"type\": \"hash\", \"value\": {\"xon\": \"19456\", \"xoff\": \"%zu\", \"size\": \"%zu\", \"dynamic_th\": "
		       "\"0\", \"pool\": \"ingress_lossless_pool\"}}",
		    i ? ", " : "{", 4 * i, i, i, 50176 + i % 1000, 69632 + i % 1000);
}

/* An agentless capture: a netdev's sysfs files per interface. */
static void linux_capture(struct fc_buf *b, size_t i)
{
	if (!i)
		fc_buf_addf(b, "@@fabcheck-capture 1\n");
	fc_buf_addf(b, "@@file /sys/class/net/ens%zu/mtu\n9000\n@@file /sys/class/net/ens%zu/operstate\nup\n"
		       "@@file /sys/class/net/ens%zu/address\nb8:ce:f6:a1:%02zx:%02zx\n", i, i, i, (i >> 8) & 255, i & 255);
}

static void nxos_lldp_table(struct fc_buf *b, size_t i)
{
	char port[48], dev[32];

	if (!i)
		fc_buf_addf(b, "Capability codes:\n  (R) Router, (B) Bridge, (T) Telephone, (C) DOCSIS Cable Device\n"
			       "  (W) WLAN Access Point, (P) Repeater, (S) Station, (O) Other\n"
			       "Device ID            Local Intf      Hold-time  Capability  Port ID\n");
	snprintf(port, sizeof(port), "Eth%zu/%zu", i / 64 + 1, i % 64 + 1);
	snprintf(dev, sizeof(dev), "gpu%zu", i);
	fc_buf_addf(b, "%-20s %-15s %-10s %-11s %s\n", dev, port, "120", "S", "ens1f0");
}

static void nxos_capabilities(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "Ethernet%zu/%zu\n  Model:                 N9K-C9332D-GX2B\n  Type (SFP capable):    QSFP-100G-CR4\n"
		       "  Speed:                 10000,25000,40000,50000,100000,200000,400000,auto\n"
		       "  Duplex:                full\n  Flowcontrol:           rx-(off/on/desired),tx-(off/on/desired)\n"
		       "  Rate mode:             dedicated\n  Port mode:             Routed,Switched\n"
		       "  QOS scheduling:        rx-(none),tx-(8q)\n\n", i / 64 + 1, i % 64 + 1);
}

static void nxos_breakout(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "Eth%zu/%zu   50g-2x   Eth%zu/%zu/1-2\n", i / 64 + 1, i % 64 + 1, i / 64 + 1, i % 64 + 1);
}

static void ip_link_text(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%zu: ens%zu: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc mq state UP mode DEFAULT group default "
		       "qlen 1000\n    link/ether b8:ce:f6:a1:%02zx:%02zx brd ff:ff:ff:ff:ff:ff\n",
		    i + 2, i, (i >> 8) & 255, i & 255);
}

static void eos_transceiver_text(struct fc_buf *b, size_t i)
{
	char port[48];

	if (!i)
		fc_buf_addf(b, "If device is externally calibrated, only calibrated values are printed.\n"
			       "N/A: not applicable, Tx: transmit, Rx: receive.\nmA: milliamperes, dBm: decibels (milliwatts).\n"
			       "                               Bias      Optical   Optical                \n"
			       "          Temp       Voltage   Current   Tx Power  Rx Power               \n"
			       "Port      (Celsius)  (Volts)   (mA)      (dBm)     (dBm)     Last Update  \n"
			       "-----     ---------  --------  --------  --------  --------  -------------------\n");
	snprintf(port, sizeof(port), "Et%zu/%zu", i / 64 + 1, i % 64 + 1);
	fc_buf_addf(b, "%-10s %-10s %-9s %-9s %-9s %-9s %s\n", port, "35.61", "3.21", "36.64", "1.51", "-0.10", "0:00:03 ago");
}

static void eos_transceiver_hardware(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "Name: Et%zu/%zu\nMedia type: 100GBASE-SR4\nMaximum module power (W): 3.5\nMaximum slot power (W): N/A\n"
		       "Wavelength (nm): 850\n\n", i / 64 + 1, i % 64 + 1);
}

static void eos_lldp_text(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "Interface Ethernet%zu/%zu detected 1 LLDP neighbors:\n\n  Neighbor b8ce.f630.%04zx/\"ens1f0\", age 12 "
		       "seconds\n  Discovered 0:01:11 ago; Last changed 0:01:11 ago\n  - Chassis ID type: MAC address (4)\n"
		       "    Chassis ID     : b8ce.f630.%04zx\n  - Port ID type: Interface name (5)\n    Port ID     : \"ens1f0\"\n"
		       "  - Time To Live: 120 seconds\n  - System Name: \"gpu%zu\"\n\n",
		    i / 64 + 1, i % 64 + 1, i & 0xffff, i & 0xffff, i);
}

static void eos_dom_json(struct fc_buf *b, size_t i)
{
	fc_buf_addf(b, "%s\"Ethernet%zu/%zu\": {\"displayName\": \"Ethernet%zu/%zu\", \"vendorSn\": \"XE%07zu\", \"mediaType\": "
		       "\"100GBASE-SR4\", \"parameters\": {\"temperature\": {\"unit\": \"C\", \"channels\": {\"-\": 38.5}, "
		       "\"threshold\": {\"highAlarm\": 75.0, \"lowAlarm\": -5.0, \"highWarn\": 70.0, \"lowWarn\": 0.0}}, "
		       "\"rxPower\": {\"unit\": \"dBm\", \"channels\": {\"1\": -1.9, \"2\": -2.0, \"3\": -2.1, \"4\": -2.2}, "
		       "\"threshold\": {\"highAlarm\": 5.5, \"lowAlarm\": -13.4, \"highWarn\": 4.5, \"lowWarn\": -9.4}}}}",
		    i ? ", " : "{\"interfaces\": {", i / 64 + 1, i % 64 + 1, i / 64 + 1, i % 64 + 1, i);
}

static void eos_transceiver_detail(struct fc_buf *b, size_t i)
{
	char port[48];

	if (!i)
		fc_buf_addf(b, "mA: milliamperes, dBm: decibels (milliwatts), NA or N/A: not applicable.\n"
			       "++ : high alarm, +  : high warning, -  : low warning, -- : low alarm.\n"
			       "The threshold values are calibrated.\n"
			       "                         High Alarm  High Warn   Low Alarm   Low Warn    \n"
			       "           Temperature   Threshold   Threshold   Threshold   Threshold   \n"
			       "Port       (Celsius)     (Celsius)   (Celsius)   (Celsius)   (Celsius)   \n"
			       "-------    ------------  ----------  ----------  ----------  ----------  \n");
	snprintf(port, sizeof(port), "Et%zu/%zu", i / 64 + 1, i % 64 + 1);
	fc_buf_addf(b, "%-10s %-13s %-11s %-11s %-11s %-11s\n", port, "27.48", "80.00", "75.00", "-5.00", "0.00");
}

static const struct {
	const char *platform, *command, *encoding;
	gen_fn *gen;
	const char *end;   /* closes the document */
	const char *label; /* what is printed, when not the command */
	size_t max_mb;     /* the largest size run, when below the command line's (0: that) */
} parsers[] = {
	{ "nxos", "show interface", "json", show_interface_json, "]}}", "nxos: show interface", 0 },
	{ "nxos", "show interface", "text", show_interface_text, "", "nxos: show interface", 0 },
	{ "nxos", "show running-config", "text", running_config, "", "nxos: show running-config", 0 },
	{ "nxos", "show lldp neighbors detail", "text", lldp_detail, "Total entries displayed: 0\n", "nxos: show lldp neighbors detail", 0 },
	{ "nxos", "show interface transceiver details", "text", xcvr_details, "", "nxos: show interface transceiver details", 0 },
	{ "nxos", "show interface status", "text", status_table, "", "nxos: show interface status", 0 },
	{ "nxos", "show running-config", "text", many_addresses, "", "nxos: running-config, 1 port, N addrs", 0 },
	{ "linux", "fabcheck probe", "json", host_json, "]}", "linux: fabcheck probe", 0 },
	{ "eos", "show running-config", "text", eos_config, "", "eos: show running-config", 0 },
	{ "eos", "show interfaces", "json", eos_interfaces_json, "}}", "eos: show interfaces", 0 },
	{ "eos", "show lldp neighbors detail", "json", eos_lldp_json, "}}", "eos: show lldp neighbors detail", 0 },
	{ "sonic", "show runningconfiguration all", "json", sonic_config_db, "}", "sonic: CONFIG_DB, every table", 0 },
	{ "sonic", "show runningconfiguration all", "json", sonic_one_object, "}}}", "sonic: CONFIG_DB, one object", 0 },
	{ "sonic", "show acl rule", "text", sonic_acl_rule, "", "sonic: show acl rule", 0 },
	{ "sonic", "show interfaces status", "text", sonic_status, "", "sonic: show interfaces status", 0 },
	{ "nxos", "show interface fec", "text", nxos_fec, "", "nxos: show interface fec", 0 },
	{ "nxos", "show interface priority-flow-control", "text", nxos_pfc, "", "nxos: show interface pfc", 0 },
	{ "nxos", "show queuing interface", "text", nxos_queuing, "", "nxos: show queuing interface", 0 },
	{ "nxos", "show ip access-lists", "text", nxos_acl, "", "nxos: show ip access-lists", 0 },
	{ "sonic", "show interfaces fec status", "text", sonic_fec, "", "sonic: show interfaces fec status", 0 },
	{ "sonic", "show pfc counters", "text", sonic_pfc_counters, "", "sonic: show pfc counters", 0 },
	{ "sonic", "show queue counters", "text", sonic_queue_counters, "", "sonic: show queue counters", 0 },
	{ "sonic", "show lldp table", "text", sonic_lldp_table, "", "sonic: show lldp table", 0 },
	{ "eos", "show priority-flow-control counters", "json", eos_pfc_counters, "}}", "eos: show pfc counters", 0 },
	{ "eos", "show qos interfaces ecn counters queue", "json", eos_ecn_counters, "}}", "eos: show qos ecn counters", 0 },
	{ "sonic", "pfcwd show config", "text", sonic_pfcwd, "", "sonic: pfcwd show config", 0 },
	{ "sonic", "show pfc priority", "text", sonic_pfc_priority, "", "sonic: show pfc priority", 0 },
	{ "sonic", "show pfc counters --history", "text", sonic_pfc_history, "", "sonic: show pfc counters --history", 0 },
	{ "sonic", "show interfaces transceiver eeprom --dom", "text", sonic_xcvr, "", "sonic: transceiver eeprom", 0 },
	{ "sonic", "lldpcli -f json show neighbors", "json", sonic_lldpcli, "]}]}", "sonic: lldpcli neighbors", 0 },
	{ "eos", "show interfaces status", "text", eos_status, "", "eos: show interfaces status", 0 },
	{ "eos", "show interfaces", "text", eos_interfaces_text, "", "eos: show interfaces", 0 },
	{ "eos", "show interfaces transceiver", "json", eos_transceiver_json, "}}", "eos: show interfaces transceiver", 0 },
	{ "nxos", "show interface brief", "json", nxos_brief_json, "]}}", "nxos: show interface brief", 0 },
	{ "nxos", "show interface transceiver", "json", nxos_transceiver_json, "]}}", "nxos: show interface transceiver", 0 },
	{ "nxos", "show lldp neighbors detail", "json", nxos_lldp_json, "]}}", "nxos: show lldp neighbors detail", 0 },
	{ "linux", "ip address show", "text", ip_address_text, "", "linux: ip address show", 0 },
	{ "sonic", "cat pg_profile_lookup.ini", "text", sonic_pg_lookup, "", "sonic: pg_profile_lookup.ini", 0 },
	{ "sonic", "ecnconfig -l", "text", sonic_ecnconfig, "", "sonic: ecnconfig -l", 0 },
	{ "eos", "show interfaces phy detail", "json", eos_phy_json, "}}", "eos: show interfaces phy detail", 0 },
	{ "nxos", "show interface counters detailed", "json", nxos_counters_json, "]}}", "nxos: counters detailed", 0 },
	{ "eos", "show interfaces description", "json", eos_descriptions_json, "}}", "eos: show interfaces description", 0 },
	{ "eos", "show interfaces counters queue drops", "json", eos_queue_drops_json, "}}}", "eos: queue drops", 0 },
	{ "sonic", "show interfaces counters", "text", sonic_if_counters, "", "sonic: show interfaces counters", 0 },
	{ "sonic", "sonic-db-dump -n APPL_DB", "json", sonic_appl_db, "}", "sonic: APPL_DB buffers", 0 },
	/* a capture is one host's (a few MB at most): its builder goes through json-c, ~0.2 ms a port */
	{ "linux", "fabcheck agentless capture", "text", linux_capture, "", "linux: agentless capture", 10 },
	{ "linux", "ip link show", "text", ip_link_text, "", "linux: ip link show", 0 },
	{ "nxos", "show lldp neighbors", "text", nxos_lldp_table, "", "nxos: show lldp neighbors", 0 },
	{ "nxos", "show interface capabilities", "text", nxos_capabilities, "", "nxos: show interface capabilities", 0 },
	{ "nxos", "show interface breakout", "text", nxos_breakout, "", "nxos: show interface breakout", 0 },
	{ "eos", "show interfaces transceiver", "text", eos_transceiver_text, "", "eos: show interfaces transceiver", 0 },
	{ "eos", "show interfaces transceiver hardware", "text", eos_transceiver_hardware, "", "eos: transceiver hardware", 0 },
	{ "eos", "show lldp neighbors detail", "text", eos_lldp_text, "", "eos: show lldp neighbors detail", 0 },
	{ "eos", "show interfaces transceiver dom thresholds", "json", eos_dom_json, "}}", "eos: dom thresholds", 0 },
	{ "eos", "show interfaces transceiver detail", "text", eos_transceiver_detail, "", "eos: transceiver detail", 0 },
};

/* Parses and finalises text as validate does (fresh model); *wall, *cpu (user time: the parser's
 * own work) and *sys (system time: the kernel faulting in the model's pages), in seconds, every
 * thread counted. */
static void parse_once(const char *platform, const char *command, const char *enc, const struct fc_buf *b,
		       size_t *ifaces, size_t *acls, double *wall, double *cpu, double *sys)
{
	const struct fc_adapter *v = fc_adapter_find(platform);
	struct fc_model *m = fc_model_new();
	struct fc_device *d;
	struct fc_err err;
	double t0, c0, s0;

	fc_err_clear(&err);
	if (!m || fc_model_add_device(m, "bench", v->kind, &d, &err) != FC_OK)
		exit(1);
	d->platform = v->platform;
	c0 = cpu_s(false), s0 = cpu_s(true);
	t0 = now_s();
	if (fc_adapter_parse(m, d, v, "bench.out", b->data, b->len, command, enc, &err) != FC_OK) {
		fprintf(stderr, "%s (%s): %s:%u: %s\n", command, enc, err.file, err.line, err.msg);
		exit(1);
	}
	if (fc_adapter_finalize(m, d, &err) != FC_OK)
		exit(1);
	*wall = now_s() - t0;
	*cpu = cpu_s(false) - c0;
	*sys = cpu_s(true) - s0;
	*ifaces = d->nifaces;
	*acls = d->nacls;
	for (size_t i = 0; i < d->nifaces; i++)
		*acls += d->ifaces[i]->addresses.n;
	fc_model_free(&m);
	malloc_trim(0);
}

#define MAX_SIZES 6
#define REPS 5

/* parse_scale --write FILE LABEL ENCODING MB: one generated output into FILE. */
static int write_one(const char *file, const char *label, const char *enc, const char *mbs)
{
	size_t p, i = 0, mb = strtoul(mbs, NULL, 10);
	struct fc_buf b;
	FILE *f;

	for (p = 0; p < sizeof(parsers) / sizeof(parsers[0]); p++)
		if (!strcmp(parsers[p].label ? parsers[p].label : parsers[p].command, label) &&
		    !strcmp(parsers[p].encoding, enc))
			break;
	if (p == sizeof(parsers) / sizeof(parsers[0]) || !mb) {
		fprintf(stderr, "parse_scale --write: no row labelled '%s' (%s), or no size\n", label, enc);
		return 2;
	}
	fc_buf_init(&b, FC_MAX_INPUT_FILE);
	while (b.len < mb * 1000000u)
		if (parsers[p].gen(&b, i++), !b.data)
			return 1;
	if (fc_buf_add(&b, parsers[p].end, strlen(parsers[p].end)) != FC_OK || !(f = fopen(file, "w")))
		return 1;
	if (fwrite(b.data, 1, b.len, f) != b.len || fclose(f)) {
		fprintf(stderr, "parse_scale --write: %s: write failed\n", file);
		return 1;
	}
	fc_buf_free(&b);
	return 0;
}

int main(int argc, char **argv)
{
	size_t max_mb = argc > 1 ? strtoul(argv[1], NULL, 10) : 100, p;
	size_t first_mb = getenv("PARSE_SCALE_FIRST_MB") ? strtoul(getenv("PARSE_SCALE_FIRST_MB"), NULL, 10) : 1;
	bool linear = true;

	if (argc == 6 && !strcmp(argv[1], "--write"))
		return write_one(argv[2], argv[3], argv[4], argv[5]);

	/* Every parse pays for the pages its model needs, as in a fabcheck process: a fixed mmap
	 * threshold (no dynamic raise) and a trim after each model, or a small model would reuse the
	 * pages a bigger one faulted in, and the sizes would not be compared alike. */
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
	printf("%-36s %-4s %6s %8s %8s %7s %8s %7s %8s %8s\n", "parser", "enc", "MB", "wall s", "wall", "growth",
	       "user", "growth", "sys", "objects");
	printf("%-36s %-4s %6s %8s %8s %7s %8s %7s %8s %8s\n", "", "", "", "", "ms/MB", "", "ms/MB", "", "ms/MB", "");
	for (p = 0; p < sizeof(parsers) / sizeof(parsers[0]); p++) {
		struct fc_buf b[MAX_SIZES];
		double best_wall[MAX_SIZES], best_cpu[MAX_SIZES], best_sys[MAX_SIZES];
		size_t objects[MAX_SIZES], nsizes = 0, k, mb;
		int rep;

		if (argc > 2 && strcmp(argv[2], parsers[p].command))
			continue;
		for (mb = first_mb ? first_mb : 1; mb <= (parsers[p].max_mb && parsers[p].max_mb < max_mb ? parsers[p].max_mb
											: max_mb) && nsizes < MAX_SIZES;
		     mb *= 10, nsizes++) {
			size_t i = 0;

			fc_buf_init(&b[nsizes], FC_MAX_INPUT_FILE);
			while (b[nsizes].len < mb * 1000000u)
				parsers[p].gen(&b[nsizes], i++);
			fc_buf_add(&b[nsizes], parsers[p].end, strlen(parsers[p].end));
			best_wall[nsizes] = best_cpu[nsizes] = best_sys[nsizes] = 1e9;
		}
		/* The best of five, the sizes taken in turn so that each sees the (virtual) machine in the
		 * same moods: the figure is the parser's. */
		for (rep = 0; rep < REPS; rep++)
			for (k = 0; k < nsizes; k++) {
				double wall, cpu, sys;
				size_t ifaces = 0, acls = 0;

				parse_once(parsers[p].platform, parsers[p].command, parsers[p].encoding, &b[k], &ifaces, &acls,
					   &wall, &cpu, &sys);
				best_wall[k] = wall < best_wall[k] ? wall : best_wall[k];
				best_cpu[k] = cpu < best_cpu[k] ? cpu : best_cpu[k];
				best_sys[k] = sys < best_sys[k] ? sys : best_sys[k];
				objects[k] = ifaces + acls;
			}
		for (k = 0; k < nsizes; k++) {
			double mbs = (double)b[k].len / 1e6;
			double wall = best_wall[k] * 1000.0 / mbs, cpu = best_cpu[k] * 1000.0 / mbs;
			double pwall = k ? best_wall[k - 1] * 1000.0 / ((double)b[k - 1].len / 1e6) : 0;
			double pcpu = k ? best_cpu[k - 1] * 1000.0 / ((double)b[k - 1].len / 1e6) : 0;
			char gw[16] = "-", gc[16] = "-";

			if (k) {
				snprintf(gw, sizeof(gw), "%.2fx", wall / pwall);
				snprintf(gc, sizeof(gc), "%.2fx", cpu / pcpu);
			}
			printf("%-36s %-4s %6.1f %8.3f %8.1f %7s %8.1f %7s %8.1f %8zu\n",
			       parsers[p].label ? parsers[p].label : parsers[p].command, parsers[p].encoding, mbs,
			       best_wall[k], wall, gw, cpu, gc, best_sys[k] * 1000.0 / mbs, objects[k]);
			/* beyond the first 10x, where fixed costs no longer hide in the first size: 10x the
			 * input at most 12x the time */
			if (k >= 2 && wall / pwall > 1.2)
				linear = false;
		}
		for (k = 0; k < nsizes; k++)
			fc_buf_free(&b[k]);
	}
	printf("%s\n", linear ? "every parser linear: 10x the input (and 10x its objects) costs at most 12x the wall time "
				 "beyond the first step"
			      : "NOT LINEAR: a parser's 10x input cost more than 12x the wall time");
	return linear ? 0 : 1;
}
