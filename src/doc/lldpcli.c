/* SPDX-License-Identifier: MIT */
/* lldpcli -f json0 / -f json, walked once (lldpcli.h). lldpd's own format:
 *   json0 {"lldp": [{"interface": [{"name": "ens1f0", "chassis": [{"id": [{"type": "mac", "value": ..}],
 *          "name": [{"value": "leaf1"}]}], "port": [{"id": [{"type": "ifname", "value": "Ethernet1/2"}]}]}]}]}
 *   json  {"lldp": {"interface": {"Ethernet0": {"chassis": {"leaf1": {"id": {"type": "mac", "value": ..}}},
 *          "port": {"id": {"type": "ifname", "value": "etp1"}}}}}}, the interfaces a list of such
 *          one-key objects when there are several */
#include "doc/lldpcli.h"

#include <string.h>

/* json0 wraps every value in a list of objects; json gives objects, or a list when there are many. */
static const struct doc_node *first(const struct doc_node *n)
{
	return n && n->type == DOC_SEQ ? (n->n ? n->items[0] : NULL) : n;
}

/* n.key[0].field[0].value (json0), n.key.field.value (json), or the string itself. */
static const char *str_at(const struct doc_node *n, const char *key, const char *field)
{
	const struct doc_node *v = n && n->type == DOC_MAP ? first(doc_get(n, key)) : NULL;

	if (v && field)
		v = v->type == DOC_MAP ? first(doc_get(v, field)) : NULL;
	if (v && v->type == DOC_MAP && doc_get(v, "value"))
		v = first(doc_get(v, "value"));
	return v && v->type == DOC_STR ? v->str : NULL;
}

static const char *type_at(const struct doc_node *n, const char *key, const char *field)
{
	const struct doc_node *v = n && n->type == DOC_MAP ? first(doc_get(n, key)) : NULL;

	v = v && v->type == DOC_MAP ? first(doc_get(v, field)) : NULL;
	v = v && v->type == DOC_MAP ? first(doc_get(v, "type")) : NULL;
	return v && v->type == DOC_STR ? v->str : NULL;
}

/* One interface: name (json0's "name", or json's key) and its neighbour. */
static enum fc_rc iface(const struct doc *d, const char *name, const struct doc_node *n, fc_lldpcli_fn *each, void *ctx,
			struct fc_err *err)
{
	const struct doc_node *ch = first(doc_get(n, "chassis")), *port = first(doc_get(n, "port"));
	struct fc_lldpcli_nb nb;

	if (!name || !port)
		return fc_err_set(err, FC_ERR_INPUT, d->file, n->line, "an LLDP interface without a name or port");
	memset(&nb, 0, sizeof(nb));
	nb.ifname = name;
	nb.line = n->line;
	/* json0: chassis [{"name": [{"value": ...}]}]; json: chassis {"<sysname>": {...}} */
	if (!(nb.sysname = str_at(n, "chassis", "name")) && ch && ch->type == DOC_MAP && ch->n == 1 && ch->keys &&
	    strcmp(ch->keys[0], "id") && ch->items[0]->type == DOC_MAP) {
		nb.sysname = ch->keys[0];
		nb.chassis_id = str_at(ch->items[0], "id", NULL);
	}
	if (!nb.chassis_id)
		nb.chassis_id = str_at(n, "chassis", "id");
	nb.port_id = str_at(n, "port", "id");
	nb.port_id_type = type_at(n, "port", "id");
	if (!nb.port_id)
		return fc_err_set(err, FC_ERR_INPUT, d->file, n->line, "the LLDP neighbour on %s has no port id", name);
	return each(ctx, &nb);
}

enum fc_rc fc_lldpcli_walk(const struct doc *d, fc_lldpcli_fn *each, void *ctx, struct fc_err *err)
{
	const struct doc_node *lldp = d->root->type == DOC_MAP ? first(doc_get(d->root, "lldp")) : NULL, *ifs;
	enum fc_rc rc = FC_OK;
	size_t i;

	if (d->root->type != DOC_MAP || !doc_get(d->root, "lldp"))
		return fc_err_set(err, FC_ERR_INPUT, d->file, d->root->line, "expected {\"lldp\": ...} (lldpcli -f json0)");
	ifs = lldp && lldp->type == DOC_MAP ? doc_get(lldp, "interface") : NULL;
	if (!ifs)
		return FC_OK;   /* no neighbour anywhere: {"lldp": [{}]} or {"lldp": {}} */
	if (ifs->type == DOC_MAP) {   /* json, one interface or several keys */
		for (i = 0; i < ifs->n && rc == FC_OK; i++)
			rc = iface(d, ifs->keys[i], ifs->items[i], each, ctx, err);
		return rc;
	}
	if (ifs->type != DOC_SEQ)
		return fc_err_set(err, FC_ERR_INPUT, d->file, ifs->line, "expected the LLDP interfaces as a list or an object");
	for (i = 0; i < ifs->n && rc == FC_OK; i++) {
		const struct doc_node *x = ifs->items[i], *nm = x->type == DOC_MAP ? doc_get(x, "name") : NULL;

		if (x->type == DOC_MAP && !nm && x->n == 1)   /* json, many: [{"Ethernet0": {...}}, ...] */
			rc = iface(d, x->keys[0], x->items[0], each, ctx, err);
		else
			rc = iface(d, nm && nm->type == DOC_STR ? nm->str : NULL, x, each, ctx, err);
	}
	return rc;
}
