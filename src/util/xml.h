/* SPDX-License-Identifier: MIT */
/* libxml2 nodes read by their local names, as the readers of XML replies and the NETCONF transport
 * read them (replies carry version-stamped namespaces: a name is matched without its prefix). */
#ifndef FC_XML_H
#define FC_XML_H

#include <libxml/tree.h>
#include <stdbool.h>
#include <string.h>

/* libxml2 strings are const xmlChar *: read as char. */
static inline const char *fc_xml_str(const xmlChar *s)
{
	return (const char *)(const void *)s;
}

/* n is an element named name. */
static inline bool fc_xml_is(const xmlNode *n, const char *name)
{
	return n && n->type == XML_ELEMENT_NODE && !strcmp(fc_xml_str(n->name), name);
}

/* n's first child element named name, NULL when none (or n is NULL). */
static inline const xmlNode *fc_xml_child(const xmlNode *n, const char *name)
{
	const xmlNode *k;

	for (k = n ? n->children : NULL; k; k = k->next)
		if (fc_xml_is(k, name))
			return k;
	return NULL;
}

#endif
