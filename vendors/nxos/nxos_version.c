/* SPDX-License-Identifier: MIT */
/* NX-OS adapter: The switch itself: show version (NX-API JSON, CLI text) and show inventory (JSON). */
#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/str.h"
#include "vendors/nxos/nxos.h"

enum fc_rc nxos_parse_show_version_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body)
{
	const char *v = NULL;
	enum fc_rc rc;

	if ((rc = doc_expect(d, body, DOC_MAP, "show version", c->err)) != FC_OK)
		return rc;
	if ((rc = nxos_field(c, d, body, "nxos_ver_str", &v)) != FC_OK)
		return rc;
	if (!v && (rc = nxos_field(c, d, body, "kickstart_ver_str", &v)) != FC_OK)
		return rc;
	if (v)
		fc_set_str(c->m, &c->dev->os_version, v,
			   fc_src_make(c->m, d->file, doc_key_line(body, doc_get(body, "nxos_ver_str") ? "nxos_ver_str" : "kickstart_ver_str")));
	if ((rc = nxos_field(c, d, body, "chassis_id", &v)) != FC_OK)
		return rc;
	if (v)
		fc_set_str(c->m, &c->dev->hw_model, v, fc_src_make(c->m, d->file, doc_key_line(body, "chassis_id")));
	if ((rc = nxos_field(c, d, body, "host_name", &v)) != FC_OK)
		return rc;
	if (v)
		fc_set_str(c->m, &c->dev->hostname, v, fc_src_make(c->m, d->file, doc_key_line(body, "host_name")));
	return FC_OK;
}

enum fc_rc nxos_parse_inventory_json(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *body)
{
	ROWS(body, "TABLE_inv", "ROW_inv");
	enum fc_rc rc;

	if (!nrows)
		return fc_err_set(c->err, FC_ERR_INPUT, d->file, body->line, "show inventory: no ROW_inv");
	for (i = 0; i < nrows; i++) {
		const char *name = NULL, *pid = NULL;

		if ((rc = nxos_field(c, d, rows[i], "name", &name)) != FC_OK ||
		    (rc = nxos_field(c, d, rows[i], "productid", &pid)) != FC_OK)
			return rc;
		if (name && pid && strstr(name, "Chassis") && !c->dev->hw_model.m.known)
			fc_set_str(c->m, &c->dev->hw_model, pid, fc_src_make(c->m, d->file, doc_key_line(rows[i], "productid")));
	}
	return FC_OK;
}

enum fc_rc nxos_parse_version_text(struct fc_parse_ctx *c, const char *text)
{
	struct fc_lines it;
	struct nxos_line l;
	bool seen = false;

	fc_lines_init(&it, text);
	while (nxos_line_next(&it, &l)) {
		const char *v, *e = l.s + l.n;

		/* "NXOS: version 9.3(5)", "system:    version 7.0(3)I7(2)": the word after "version" */
		if ((l.n > 5 && (!strncmp(l.s, "NXOS:", 5) || !strncmp(l.s, "system:", 7))) &&
		    (v = memmem(l.s, l.n, "version ", 8))) {
			v += 8;
			while (v < e && *v == ' ')
				v++;
			fc_set_str(c->m, &c->dev->os_version, fc_model_strn(c->m, v, strcspn(v, " \n") < (size_t)(e - v)
									    ? strcspn(v, " \n") : (size_t)(e - v)),
				   nxos_at(c, l.lineno));
			seen = true;
		} else if (l.n > 6 && !strncmp(l.s, "cisco ", 6) && memmem(l.s, l.n, "Chassis", 7)) {
			fc_set_str(c->m, &c->dev->hw_model, fc_model_strn(c->m, l.s + 6, l.n - 6), nxos_at(c, l.lineno));
		} else if (l.n > 13 && !strncmp(l.s, "Device name: ", 13)) {
			fc_set_str(c->m, &c->dev->hostname, fc_model_strn(c->m, l.s + 13, l.n - 13), nxos_at(c, l.lineno));
		}
		/* the rest of show version (uptime, memory, plugins, ...) is not modelled */
	}
	if (!seen && nxos_has_content(text))
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "show version: no 'NXOS: version' line found");
	return FC_OK;
}
