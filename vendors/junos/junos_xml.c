/* SPDX-License-Identifier: MIT */
/* Junos configuration as `show configuration | display xml` (libxml2) and `| display json` print it,
 * into the statements `| display set` prints (junos_conf.c takes them from there: groups,
 * interface ranges). Junos's XML nests an element per keyword and names a list's entries with a
 * <name> child; the text form's words follow from it by Junos's own rules (Juniper Networks, "Junos
 * XML Management Protocol Developer Guide", mapping configuration statements to XML):
 *   - an entry with a <name>: the tag and the name ("unit 0", "filter EDGE"), but an entry of a
 *     plural container, which the text form writes without its keyword (interfaces/interface,
 *     schedulers/scheduler, drop-profiles/drop-profile, scheduler-maps/scheduler-map,
 *     routing-instances/instance, vlans/vlan): the name alone;
 *   - a leaf with a value: the tag and the value; an empty leaf: the tag ("no-loss", "discard");
 *   - an element whose one child is a *-name leaf ("input { filter-name EDGE }"): the value;
 *   - ieee-802.3ad with its bundle: "802.3ad aeN"; a member-range's end-range: "to".
 * The inactive="inactive" attribute (XML) and "@": {"inactive": true} (JSON) make the element and
 * everything under it inactive. Each statement keeps the line of the element that ends it (XML);
 * JSON's of its key. The XML parser reads no DTD, entities or network (XML_PARSE_NONET, no
 * NOENT): a configuration from an untrusted pull request reads nothing outside itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/doc.h"
#include "util/xml.h"
#include "vendors/junos/junos.h"
#include "util/dl_xml.h"

static bool plural_entry(const char *parent, const char *tag)
{
	static const char *const pairs[][2] = {
		{ "interfaces", "interface" }, { "schedulers", "scheduler" }, { "drop-profiles", "drop-profile" },
		{ "scheduler-maps", "scheduler-map" }, { "routing-instances", "instance" }, { "vlans", "vlan" },
	};
	size_t k;

	for (k = 0; parent && k < sizeof(pairs) / sizeof(pairs[0]); k++)
		if (!strcmp(parent, pairs[k][0]) && !strcmp(tag, pairs[k][1]))
			return true;
	return false;
}

struct path {
	const char *w[96];
	size_t n;
};

static enum fc_rc emit(struct fc_parse_ctx *c, struct junos_conf *cf, const struct path *p, const char *a,
		       const char *b, unsigned line, bool inactive)
{
	const char *w[100];
	size_t n = p->n;

	if (n + 2 > sizeof(w) / sizeof(w[0]))
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, line, "statements nested too deep");
	memcpy(w, p->w, n * sizeof(*w));
	if (a)
		w[n++] = a;
	if (b)
		w[n++] = b;
	return junos_conf_add(c->m, cf, w, n, line, inactive, false);
}

/* --- XML --------------------------------------------------------------------------------------- */

static const xmlNode *only_child(const xmlNode *n)
{
	const xmlNode *k, *one = NULL;

	for (k = n->children; k; k = k->next)
		if (k->type == XML_ELEMENT_NODE) {
			if (one)
				return NULL;
			one = k;
		}
	return one;
}

static const char *text_of(const xmlNode *n)
{
	const xmlNode *k;

	for (k = n->children; k; k = k->next)
		if (k->type == XML_ELEMENT_NODE)
			return NULL;
	for (k = n->children; k; k = k->next)
		if (k->type == XML_TEXT_NODE && k->content)
			return fc_xml_str(k->content) ? fc_xml_str(k->content) : "";
	return "";
}

static bool inactive_attr(const xmlNode *n)
{
	xmlChar *v = fc_xml()->xmlGetProp(n, (const xmlChar *)"inactive");
	bool on = v && !strcmp(fc_xml_str(v), "inactive");

	(*fc_xml()->xmlFree)(v);
	return on;
}

static enum fc_rc xml_walk(struct fc_parse_ctx *c, struct junos_conf *cf, const xmlNode *n, const char *parent,
			   struct path *p, bool inactive)
{
	const xmlNode *k, *name = NULL;
	const char *tag = fc_xml_str(n->name), *val;
	size_t at = p->n;
	unsigned line = (unsigned)fc_xml()->xmlGetLineNo(n);
	enum fc_rc rc = FC_OK;
	bool any = false;
	char *trim = NULL;

	if (!strcmp(tag, "comment"))
		return FC_OK;   /* an annotation (junos:comment): no statement */
	inactive = inactive || inactive_attr(n);
	if (at + 3 >= sizeof(p->w) / sizeof(p->w[0]))
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, line, "statements nested too deep");
	for (k = n->children; k; k = k->next)
		if (k->type == XML_ELEMENT_NODE && !strcmp(fc_xml_str(k->name), "name") && text_of(k))
			name = k;
	if ((val = text_of(n))) {   /* a leaf */
		const char *v = val + strspn(val, " \t\r\n");
		size_t len = strlen(v);

		while (len && strchr(" \t\r\n", v[len - 1]))
			len--;
		if (!(trim = strndup(v, len)))
			return FC_ERR_NOMEM;
		rc = emit(c, cf, p, !strcmp(tag, "end-range") ? "to" : tag, len ? trim : NULL, line, inactive);
		free(trim);
		return rc;
	}
	{   /* 802.3ad aeN; an element whose one child is a *-name leaf: the value */
		const xmlNode *v = only_child(n);
		const char *vt = v ? fc_xml_str(v->name) : NULL;
		size_t vl = vt ? strlen(vt) : 0;

		if (!strcmp(tag, "ieee-802.3ad"))
			for (v = n->children; v && (v->type != XML_ELEMENT_NODE || strcmp(fc_xml_str(v->name), "bundle")); v = v->next)
				;
		else if (!(vl > 5 && !strcmp(vt + vl - 5, "-name")))
			v = NULL;
		if (v && text_of(v))
			return emit(c, cf, p, !strcmp(tag, "ieee-802.3ad") ? "802.3ad" : tag, text_of(v), line, inactive);
	}
	if (!plural_entry(parent, tag))
		p->w[p->n++] = tag;
	if (name)
		p->w[p->n++] = text_of(name);
	for (k = n->children; k && rc == FC_OK; k = k->next) {
		if (k->type != XML_ELEMENT_NODE || k == name)
			continue;
		any = true;
		rc = xml_walk(c, cf, k, tag, p, inactive);
	}
	if (rc == FC_OK && !any && p->n > at)   /* a container with nothing in it: a statement of its own */
		rc = junos_conf_add(c->m, cf, p->w, p->n, line, inactive, false);
	p->n = at;
	return rc;
}

enum fc_rc junos_xml_config(struct fc_parse_ctx *c, struct junos_conf *cf, const char *text, size_t len)
{
	xmlDoc *doc;
	const xmlNode *root, *conf = NULL, *k;
	struct path p = { { 0 }, 0 };
	const xmlError *e;
	struct fc_err le = { 0 };
	enum fc_rc rc = FC_OK;

	if (len > (size_t)INT32_MAX)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "an XML document over 2 GB");
	if (fc_dynlib_load(FC_LIB_XML2, &le) != FC_OK)
		return fc_err_set(c->err, FC_ERR_UNSUPPORTED, c->file, 1, "%s", le.msg);
	doc = fc_xml()->xmlReadMemory(text, (int)len, c->file, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (!doc) {
		e = fc_xml()->xmlGetLastError();
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, e && e->line > 0 ? (unsigned)e->line : 1,
				  "expected the XML of show configuration | display xml: %s",
				  e && e->message ? e->message : "not well-formed");
	}
	root = fc_xml()->xmlDocGetRootElement(doc);
	if (root && !strcmp(fc_xml_str(root->name), "configuration"))
		conf = root;
	for (k = root ? root->children : NULL; k && !conf; k = k->next)
		if (k->type == XML_ELEMENT_NODE && !strcmp(fc_xml_str(k->name), "configuration"))
			conf = k;
	if (!conf)
		rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, root ? (unsigned)fc_xml()->xmlGetLineNo(root) : 1,
				"expected a <configuration> element (show configuration | display xml)");
	for (k = conf ? conf->children : NULL; k && rc == FC_OK; k = k->next)
		if (k->type == XML_ELEMENT_NODE)
			rc = xml_walk(c, cf, k, NULL, &p, false);
	fc_xml()->xmlFreeDoc(doc);
	return rc;
}

/* --- JSON -------------------------------------------------------------------------------------- */

static bool json_inactive(const struct doc_node *n)
{
	const struct doc_node *a = n && n->type == DOC_MAP ? doc_get(n, "@") : NULL;
	const struct doc_node *i = a && a->type == DOC_MAP ? doc_get(a, "inactive") : NULL;

	return i && ((i->type == DOC_BOOL && i->b) || (i->type == DOC_STR && !strcmp(i->str, "inactive")));
}

static enum fc_rc json_walk(struct fc_parse_ctx *c, struct junos_conf *cf, const char *tag, const struct doc_node *v,
			    const char *parent, unsigned line, struct path *p, bool inactive)
{
	size_t at = p->n, i;
	enum fc_rc rc = FC_OK;

	if (at + 3 >= sizeof(p->w) / sizeof(p->w[0]))
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, line, "statements nested too deep");
	if (tag[0] == '@')
		return FC_OK;   /* attributes (junos:changed, ...): inactive is read with its element */
	switch (v->type) {
	case DOC_SEQ:   /* a list: each item an entry of the same tag */
		for (i = 0; i < v->n && rc == FC_OK; i++)
			rc = json_walk(c, cf, tag, v->items[i], parent, v->items[i]->line, p, inactive);
		return rc;
	case DOC_NULL:
		return emit(c, cf, p, tag, NULL, line, inactive);
	case DOC_STR: case DOC_NUM: case DOC_BOOL:
		return emit(c, cf, p, !strcmp(tag, "end-range") ? "to" : tag, v->str, line, inactive);
	case DOC_MAP:
		break;
	}
	inactive = inactive || json_inactive(v);
	{
		const struct doc_node *name = doc_get(v, "name"), *bundle = doc_get(v, "bundle");

		if (!strcmp(tag, "ieee-802.3ad") && bundle && bundle->str)
			return emit(c, cf, p, "802.3ad", bundle->str, line, inactive);
		if (v->n == 1 && strlen(v->keys[0]) > 5 && !strcmp(v->keys[0] + strlen(v->keys[0]) - 5, "-name") &&
		    v->items[0]->str && v->items[0]->type != DOC_MAP)
			return emit(c, cf, p, tag, v->items[0]->str, line, inactive);
		if (!plural_entry(parent, tag))
			p->w[p->n++] = tag;
		if (name && name->str && name->type != DOC_MAP && name->type != DOC_SEQ)
			p->w[p->n++] = name->str;
		for (i = 0; i < v->n && rc == FC_OK; i++) {
			if (!strcmp(v->keys[i], "name") || v->keys[i][0] == '@')
				continue;
			rc = json_walk(c, cf, v->keys[i], v->items[i], tag, v->key_lines[i], p, inactive);
		}
		if (rc == FC_OK && p->n > at && v->n == (size_t)(name ? 1 : 0) + (doc_get(v, "@") ? 1 : 0))
			rc = junos_conf_add(c->m, cf, p->w, p->n, line, inactive, false);
	}
	p->n = at;
	return rc;
}

enum fc_rc junos_json_config(struct fc_parse_ctx *c, struct junos_conf *cf, const char *text, size_t len)
{
	struct doc *d = NULL;
	const struct doc_node *conf;
	struct path p = { { 0 }, 0 };
	enum fc_rc rc;
	size_t i;

	if ((rc = doc_parse_json(c->file, text, len, &d, c->err)) != FC_OK)
		return rc;
	conf = d->root && d->root->type == DOC_MAP ? doc_get(d->root, "configuration") : NULL;
	if (conf && conf->type == DOC_SEQ && conf->n == 1)
		conf = conf->items[0];
	if (!conf || conf->type != DOC_MAP)
		rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, d->root ? d->root->line : 1,
				"expected {\"configuration\": {...}} (show configuration | display json)");
	for (i = 0; rc == FC_OK && i < conf->n; i++)
		if (conf->keys[i][0] != '@')
			rc = json_walk(c, cf, conf->keys[i], conf->items[i], NULL, conf->key_lines[i], &p, false);
	doc_free(&d);
	return rc;
}
