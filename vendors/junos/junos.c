/* SPDX-License-Identifier: MIT */
/* Juniper Junos / Junos Evolved adapter: the command table and interface names. It reads the
 * configuration as `show configuration` prints it, in curly braces, as `| display set` lines
 * (junos_conf.c), as `| display xml` and `| display json` (junos_xml.c), with apply-groups and interface ranges applied, into interfaces, their filters
 * and firewall filters (junos_model.c), and class of service into each port's QoS path
 * (junos_cos.c); the state as XML RPC replies: version, chassis, interfaces, optics, LLDP
 * and the class-of-service bindings that run (junos_show.c), each with the NETCONF operation that
 * gives it (collected over NETCONF or SSH). Class-of-service counters are not read yet:
 * docs/junos.md says what is. */
#include <stdio.h>
#include <string.h>

#include "vendors/junos/junos.h"

static const char *const config_spellings[] = {
	"show configuration | display set*", "show configuration | display xml*", "show configuration | display json*",
	"show configuration | no-more", "cat */juniper.conf", NULL,
};

static const char *const ifs_spellings[] = { "get-interface-information*", "show interfaces* | display xml", NULL };
static const char *const lldp_spellings[] = { "get-lldp-neighbors-information*", "show lldp neighbors* | display xml", NULL };
static const char *const version_spellings[] = { "get-software-information*", NULL };
static const char *const chassis_spellings[] = { "get-chassis-inventory*", NULL };
static const char *const cos_spellings[] = { "get-cos-interface-map-information*",
					     "show class-of-service interface* | display xml", NULL };
static const char *const optics_spellings[] = { "get-interface-optics-diagnostics-information*",
						"show interfaces diagnostics optics* | display xml", NULL };

/* Every output the adapter reads, the configuration first; the state as XML RPC replies (the optics
 * before the interfaces: a saved "show interfaces diagnostics optics" is not "show interfaces").
 * ends_kept: the reader takes every value through text() (junos_show.c), which trims it, so blanks
 * and CRs at line ends are whitespace between elements (libxml2 counts lines by LF alone: a CR
 * moves no line number), and a reply whose only noise they are is read uncopied. */
static const struct fc_reader junos_readers[] = {
	{ .command = "show configuration", .encoding = "text", .text = junos_text_config,
	  .file = "show_configuration.txt", .rpc = "<get-configuration/>", .large = true, .saved_config = true, .spellings = config_spellings },
	{ .command = "show version | display xml", .encoding = "text", .text = junos_xml_version,
	  .file = "show_version.xml", .rpc = "<get-software-information/>", .ends_kept = true, .spellings = version_spellings },
	{ .command = "show chassis hardware | display xml", .encoding = "text", .text = junos_xml_chassis,
	  .file = "show_chassis_hardware.xml", .rpc = "<get-chassis-inventory/>", .optional = true, .spellings = chassis_spellings },
	{ .command = "show class-of-service interface | display xml", .encoding = "text", .text = junos_xml_cos_interfaces,
	  .file = "show_class_of_service_interface.xml", .rpc = "<get-cos-interface-map-information/>", .optional = true,
	  .spellings = cos_spellings },
	{ .command = "show interfaces diagnostics optics | display xml", .encoding = "text", .text = junos_xml_optics,
	  .file = "show_interfaces_diagnostics_optics.xml", .rpc = "<get-interface-optics-diagnostics-information/>",
	  .optional = true, .spellings = optics_spellings },
	{ .command = "show interfaces extensive | display xml", .encoding = "text", .text = junos_xml_interfaces,
	  .file = "show_interfaces_extensive.xml",
	  .rpc = "<get-interface-information><extensive/></get-interface-information>", .large = true, .counters = true,
	  .ends_kept = true, .spellings = ifs_spellings },
	{ .command = "show lldp neighbors | display xml", .encoding = "text", .text = junos_xml_lldp,
	  .file = "show_lldp_neighbors.xml", .rpc = "<get-lldp-neighbors-information/>", .optional = true, .ends_kept = true,
	  .spellings = lldp_spellings },
	{ .command = NULL },
};

const char *junos_ifname(const char *in, char *buf, size_t size)
{
	(void)buf, (void)size;
	return in;   /* Junos names a port one way: et-0/0/0, et-0/0/0:1, xe-0/0/1, ae0 */
}

const struct fc_adapter fc_adapter_junos = {
	.platform = "junos",
	.title = "Juniper Junos / Junos Evolved (configuration)",
	.kind = FC_DEV_SWITCH,
	.caps = FC_CAP_QOS_PATH | FC_CAP_CONFIG | FC_CAP_ACL | FC_CAP_LINK | FC_CAP_MTU | FC_CAP_ADDRESS | FC_CAP_PFC |
		FC_CAP_CLASSIFY | FC_CAP_LLDP | FC_CAP_COUNTERS | FC_CAP_DOM,
	.readers = junos_readers,
	.finalize = junos_finalize,
	.qos = &junos_qos,
	.ifname = junos_ifname,
	.intent = fc_adapter_no_intent,
};
