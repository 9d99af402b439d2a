/* SPDX-License-Identifier: MIT */
/* The transport registry (transport.h). */
#include "transport/transport.h"

#include <string.h>

#include "transport/job.h"

static const struct fc_transport registry[] = {
	{ "nxapi", "Cisco NX-API (JSON-RPC over HTTPS, libcurl; TLS verified)", true, fc_nxapi_collect },
	{ "eapi", "Arista eAPI (JSON-RPC runCmds over HTTPS, libcurl; TLS verified)", true, fc_eapi_collect },
	{ "nvue", "NVIDIA NVUE REST API (GET over HTTPS, libcurl; TLS verified)", true, fc_nvue_collect },
	{ "ssh", "SSH CLI (libssh; host keys checked against known_hosts)", true, fc_ssh_collect },
	{ "netconf", "NETCONF over SSH (RFC 6242, libssh; host keys checked against known_hosts; port 830)", true,
	  fc_netconf_collect },
	{ "file", "outputs saved in a directory (fabcheck's or other tools' file names)", false, fc_file_collect },
	{ "probe", "this host, a recorded host tree or an agentless capture (fabcheck probe)", false, fc_probe_collect },
	{ "none", "not collected: a saved config or the inventory's intent only", false, NULL },
	{ NULL, NULL, false, NULL },
};

_Static_assert(sizeof(registry) / sizeof(registry[0]) <= FC_MAX_TRANSPORTS + 1, "raise FC_MAX_TRANSPORTS");

const struct fc_transport *fc_transport_list(void)
{
	return registry;
}

const struct fc_transport *fc_transport_find(const char *name)
{
	const struct fc_transport *t;

	for (t = registry; name && t->name; t++)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}
