/* SPDX-License-Identifier: MIT */
/* EOS state outputs in JSON (eAPI's format, `| json` on the CLI):
 *   show lldp neighbors detail   {"lldpNeighbors": {"Ethernet1": {"lldpNeighborInfo": [{"systemName",
 *                                "chassisId", "neighborInterfaceInfo": {"interfaceId", ...}}]}}}
 * The reply may come bare or wrapped as eAPI answers ({"jsonrpc": "2.0", "result": [{...}]}). */
#include <stdio.h>
#include <string.h>

#include "vendors/eos/eos.h"

/* The command's body: eAPI's result[0], or the document itself. */
enum fc_rc eos_body(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node **body)
{
	const struct doc_node *r = d->root, *res, *e;

	if (r->type != DOC_MAP)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, r->line, "expected a JSON object, found %s",
				  doc_type_name(r->type));
	if ((e = doc_get(r, "error")) && doc_get(r, "jsonrpc")) {
		const char *msg = NULL;

		doc_opt_str(d, e, "message", &msg, c->err);
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, e->line, "eAPI error: %s", msg ? msg : "(no message)");
	}
	if ((res = doc_get(r, "result")) && doc_get(r, "jsonrpc")) {
		if (res->type != DOC_SEQ || res->n != 1 || res->items[0]->type != DOC_MAP)
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, res->line,
					  "eAPI result: expected one command's output (a snapshot file holds one)");
		*body = res->items[0];
		return FC_OK;
	}
	*body = r;
	return FC_OK;
}

static const char *str(const struct doc_node *m, const char *key)
{
	const struct doc_node *v = m && m->type == DOC_MAP ? doc_get(m, key) : NULL;

	return v && v->type == DOC_STR ? v->str : NULL;
}

enum fc_rc eos_parse_lldp_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body)
{
	const struct doc_node *nb;
	enum fc_rc rc;
	size_t i;
	if (!(nb = doc_get(body, "lldpNeighbors")) || nb->type != DOC_MAP)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, body->line,
				  "expected {\"lldpNeighbors\": {...}} (show lldp neighbors detail)");
	for (i = 0; i < nb->n; i++) {
		const struct doc_node *info = doc_get(nb->items[i], "lldpNeighborInfo"), *n0;
		const char *sys, *pid;
		char port[256];
		struct fc_iface *ifc;
		struct fc_src s;
		size_t pl;

		if (strncmp(nb->keys[i], "Ethernet", 8))
			continue;   /* Management1: not on the fabric */
		if (!info || info->type != DOC_SEQ)
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, nb->items[i]->line, "%s: expected lldpNeighborInfo, a list",
					  nb->keys[i]);
		if (!info->n)
			continue;   /* no neighbour */
		n0 = info->items[0];
		s = fc_src_at(c->file, n0->line);
		sys = str(n0, "systemName");
		if (!sys || !*sys)
			sys = str(n0, "chassisId");
		pid = str(doc_get(n0, "neighborInterfaceInfo"), "interfaceId");
		if (!sys || !pid)
			return fc_err_set(c->err, FC_ERR_INPUT, d->file, n0->line, "the LLDP neighbour on %s has no %s",
					  nb->keys[i], sys ? "interfaceId" : "systemName or chassisId");
		/* an interface name comes quoted: "\"Ethernet2\"" */
		pl = strlen(pid);
		if (pl >= 2 && pid[0] == '"' && pid[pl - 1] == '"')
			snprintf(port, sizeof(port), "%.*s", (int)(pl - 2), pid + 1);
		else
			snprintf(port, sizeof(port), "%s", pid);
		if (!(ifc = fc_dev_iface(c->m, c->dev, nb->keys[i])))
			return FC_ERR_NOMEM;
		fc_set_str(c->m, &ifc->lldp_sysname, sys, s);
		fc_set_str(c->m, &ifc->lldp_port, port, s);
		if (info->n > 1) {
			const char msg[] = "more than one LLDP neighbour on the port: the first is used";

			if ((rc = fc_dev_add_unparsed(c->m, c->dev, s, msg, sizeof(msg) - 1)) != FC_OK)
				return rc;
		}
	}
	return FC_OK;
}
