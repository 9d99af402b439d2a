/* SPDX-License-Identifier: MIT */
/* `ip address show` / `ip link show` text saved from a host (an iproute2 without -j, a support
 * bundle): the interfaces' MTU, state, MAC and addresses into the model, each value citing the
 * line of the output it came from (ip_text.c parses). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vendors/linux/linux_ip.h"
#include "probe/probe.h"
#include "util/arena.h"

static void lower(char *s)
{
	for (; *s; s++)
		*s = (char)tolower((unsigned char)*s);
}

enum fc_rc fc_linux_ip_text(struct fc_parse_ctx *c, const char *text, bool with_addresses)
{
	struct fc_ip_iface *ifs = NULL;
	size_t n = 0, i, j;
	enum fc_rc rc;

	if ((rc = fc_ip_text(text, &ifs, &n, c->err)) != FC_OK) {
		/* the tool's own error saved as its output is an output not understood here too */
		if (c->err->rc == FC_ERR_UNSUPPORTED)
			c->err->rc = FC_ERR_INPUT;
		fc_err_locate(c->err, c->file, 1);
		return c->err->rc;
	}
	for (i = 0; i < n; i++) {
		struct fc_ip_iface *x = &ifs[i];
		struct fc_iface *ifc = fc_dev_iface(c->m, c->dev, x->name);

		if (!ifc) {
			fc_ip_free(ifs, n);
			return FC_ERR_NOMEM;
		}
		if (x->mtu >= 0)
			fc_set_int(&ifc->mtu, x->mtu, fc_src_at(c->file, x->line));
		if (x->state[0]) {
			lower(x->state);   /* as sysfs operstate spells it */
			fc_set_str(c->m, &ifc->oper_state, x->state, fc_src_at(c->file, x->line));
		}
		if (x->mac[0])
			fc_set_str(c->m, &ifc->mac, x->mac, fc_src_at(c->file, x->mac_line));
		if (!with_addresses) {
			fc_set_unknown(&ifc->addresses.m, "ip link show prints no addresses");
			continue;
		}
		ifc->addresses.n = 0;
		for (j = 0; j < x->naddrs; j++)
			if (fc_strlist_add(c->m, &ifc->addresses, x->addrs[j], fc_src_at(c->file, x->addr_line[0])) != FC_OK) {
				fc_ip_free(ifs, n);
				return FC_ERR_NOMEM;
			}
		ifc->addresses.m.known = true;
		ifc->addresses.m.src = fc_src_at(c->file, x->naddrs ? x->addr_line[0] : x->line);
	}
	fc_ip_free(ifs, n);
	return FC_OK;
}
