/* SPDX-License-Identifier: MIT */
/* NX-OS interface names in one spelling, whichever output or abbreviation gave them: show
 * interface says port-channel5 and Ethernet1/1, the running-config may say Port-channel5 or
 * "interface ethernet 1/1", tables say Po5 and Eth1/1, people type e1/1 and lo0. Every command and
 * the running-config go through here, so one port is one interface of the model (an ACL under
 * "interface port-channel5" applies to the port-channel show interface reports). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "vendors/nxos/nxos.h"

/* Kinds of interface, as show interface spells them, and the spellings that mean them, longest
 * first. slash: the number has the module/port form (Ethernet, fc), so "eth0", a Linux name, is
 * not taken for Ethernet0. */
static const struct {
	const char *canon;
	const char *alias[5];
	bool slash;
} kinds[] = {
	{ "Ethernet", { "ethernet", "eth", "e", NULL }, true },
	{ "san-port-channel", { "san-port-channel", "spo", NULL }, false },
	{ "port-channel", { "port-channel", "portchannel", "po", NULL }, false },
	{ "loopback", { "loopback", "lo", NULL }, false },
	{ "Vlan", { "vlan", NULL }, false },
	{ "mgmt", { "mgmt", NULL }, false },
	{ "Tunnel", { "tunnel", "tu", NULL }, false },
	{ "nve", { "nve", NULL }, false },
	{ "vfc", { "vfc", NULL }, false },
	{ "fc", { "fc", NULL }, true },
};

bool nxos_ifname_canon(const char *in, size_t len, char *buf, size_t size)
{
	size_t k, a;

	while (len && isspace((unsigned char)in[len - 1]))
		len--;
	while (len && isspace((unsigned char)*in))
		in++, len--;
	if (len < 2 || !isalpha((unsigned char)*in))
		return false;   /* every spelling is a letter or more, then a digit (most lines asked are
				 * a table's body: a blank, a number, a dash first) */
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
		for (a = 0; kinds[k].alias[a]; a++) {
			size_t al = strlen(kinds[k].alias[a]), i;
			const char *num;

			if (len <= al || strncasecmp(in, kinds[k].alias[a], al))
				continue;
			num = in + al + (in[al] == ' ');   /* "ethernet 1/1" as the running-config may write it */
			if (num >= in + len || !isdigit((unsigned char)*num))
				continue;
			for (i = 0; num + i < in + len; i++)
				if (!isdigit((unsigned char)num[i]) && num[i] != '/' && num[i] != '.' && num[i] != ':')
					break;
			if (num + i != in + len || (kinds[k].slash && !memchr(num, '/', (size_t)(in + len - num))))
				continue;
			/* a name that does not fit is none fabcheck can hold: refused, never cut */
			return (size_t)snprintf(buf, size, "%s%.*s", kinds[k].canon, (int)(in + len - num), num) < size;
		}
	return false;
}

const char *nxos_ifname(const char *in, size_t len, char *buf, size_t size)
{
	while (len && isspace((unsigned char)in[len - 1]))
		len--;
	while (len && isspace((unsigned char)*in))
		in++, len--;
	if (nxos_ifname_canon(in, len, buf, size))
		return buf;
	if (len >= size)
		return NULL;
	memcpy(buf, in, len);
	buf[len] = '\0';
	return buf;
}

/* The vendor op: canonical names for the topology (cabling plan, LLDP port ids of a neighbour). */
const char *nxos_ifname_op(const char *in, char *buf, size_t size)
{
	const char *r = nxos_ifname(in, strlen(in), buf, size);

	return r ? r : in;
}
