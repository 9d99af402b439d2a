/* SPDX-License-Identifier: MIT */
/* libxml2, loaded on first use (dynlib.h): fc_xml()->xmlReadMemory() ... xmlFree is a variable
 * holding the library's free function: (*fc_xml()->xmlFree)(p). */
#ifndef FC_DL_XML_H
#define FC_DL_XML_H

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlwriter.h>

#include "util/dynlib.h"

#define FC_XML_FUNCS(X) X(xmlBufferCreate) X(xmlBufferFree) X(xmlDocGetRootElement) X(xmlFree)       \
	X(xmlFreeDoc) X(xmlFreeTextWriter) X(xmlGetLastError) X(xmlGetLineNo) X(xmlGetProp)                 \
	X(xmlNewTextWriterMemory) X(xmlNodeGetContent) X(xmlReadMemory) X(xmlTextWriterEndDocument)          \
	X(xmlTextWriterEndElement) X(xmlTextWriterSetIndent) X(xmlTextWriterStartDocument)                   \
	X(xmlTextWriterStartElement) X(xmlTextWriterWriteAttribute) X(xmlTextWriterWriteElement)             \
	X(xmlTextWriterWriteFormatAttribute) X(xmlTextWriterWriteFormatString) X(xmlTextWriterWriteString)    \
	X(xmlReaderForMemory) X(xmlTextReaderRead) X(xmlTextReaderNodeType) X(xmlTextReaderConstLocalName)   \
	X(xmlTextReaderExpand) X(xmlTextReaderNext) X(xmlFreeTextReader)    \
	X(xmlTextReaderCurrentNode)

struct fc_xml_api {
	FC_XML_FUNCS(FC_DYNLIB_SLOT)
};
const struct fc_xml_api *fc_xml(void);

#endif
