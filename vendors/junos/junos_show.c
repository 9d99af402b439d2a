/* SPDX-License-Identifier: MIT */
/* Junos state as XML RPC replies (`| display xml` over SSH, or NETCONF's <rpc-reply>), libxml2, each
 * value with its XML line. Elements are matched by their local name (the replies carry a
 * version-stamped namespace).
 *   get-interface-information (show interfaces [extensive]): per physical interface of the fabric:
 *     admin-status, oper-status, mtu (the media MTU), speed, link-mode (duplex),
 *     if-auto-negotiation, current-physical-address, description, input-errors, framing-errors
 *     (CRC), the flap count where given
 *   get-lldp-neighbors-information (show lldp neighbors): the local port, the neighbour's system
 *     name (else its chassis id) and port (its id, else its description)
 *   get-software-information (show version): host-name, product-model, junos-version
 *   get-chassis-inventory (show chassis hardware): the chassis's description (the model), and each
 *     FPC > PIC > Xcvr module (description, part, serial) onto the port of that number
 * Sources: Juniper Networks, "Junos XML API Operational Developer Reference" (these RPCs and their
 * elements). An element not read is not an error; a value not understood is listed. */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter/cfgtext.h"
#include "util/str.h"
#include "vendors/junos/junos.h"

static const char *x(const xmlChar *s)
{
	return (const char *)(const void *)s;
}

static bool is(const xmlNode *n, const char *name)
{
	return n && n->type == XML_ELEMENT_NODE && !strcmp(x(n->name), name);
}

static const xmlNode *child(const xmlNode *n, const char *name)
{
	const xmlNode *k;

	for (k = n ? n->children : NULL; k; k = k->next)
		if (is(k, name))
			return k;
	return NULL;
}

/* The element's text, trimmed, in buf; NULL when it has none. */
static const char *text(const xmlNode *n, char *buf, size_t size)
{
	const xmlNode *k;
	const char *s = NULL;
	size_t len;

	for (k = n ? n->children : NULL; k && !s; k = k->next)
		if (k->type == XML_TEXT_NODE && k->content)
			s = x(k->content);
	if (!s)
		return NULL;
	s += strspn(s, " \t\r\n");
	len = strlen(s);
	while (len && strchr(" \t\r\n", s[len - 1]))
		len--;
	if (!len)
		return NULL;
	snprintf(buf, size, "%.*s", (int)len, s);
	return buf;
}

static const char *ctext(const xmlNode *n, const char *name, char *buf, size_t size)
{
	return text(child(n, name), buf, size);
}

/* The first element named name anywhere under n (depth first). */
static const xmlNode *find(const xmlNode *n, const char *name)
{
	const xmlNode *k, *r;

	for (k = n; k; k = k->next) {
		if (is(k, name))
			return k;
		if (k->type == XML_ELEMENT_NODE && (r = find(k->children, name)))
			return r;
	}
	return NULL;
}

static enum fc_rc load(struct fc_parse_ctx *c, const char *text_in, const char *what, xmlDoc **out,
		       const xmlNode **el)
{
	size_t len = strlen(text_in);
	const xmlError *e;

	if (len > (size_t)INT32_MAX)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, 1, "an XML reply over 2 GB");
	*out = xmlReadMemory(text_in, (int)len, c->file, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (!*out) {
		e = xmlGetLastError();
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, e && e->line > 0 ? (unsigned)e->line : 1,
				  "expected the XML reply <%s>: %s", what, e && e->message ? e->message : "not well-formed");
	}
	if (!(*el = find(xmlDocGetRootElement(*out), what))) {
		const xmlNode *r = xmlDocGetRootElement(*out);
		const xmlNode *err = find(r, "xnm:error") ? find(r, "xnm:error") : find(r, "rpc-error");

		xmlFreeDoc(*out);
		*out = NULL;
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, r ? (unsigned)xmlGetLineNo(r) : 1,
				  err ? "the reply is an error, not <%s>" : "expected <%s> in the reply", what);
	}
	return FC_OK;
}

static struct fc_src at(const struct fc_parse_ctx *c, const xmlNode *n)
{
	return fc_src_at(c->file, (unsigned)xmlGetLineNo(n));
}

/* "1000mbps", "100Gbps", "400Gbps", "Auto", "Unspecified" */
static bool speed_of(const char *s, int64_t *mbps)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || v <= 0)
		return false;
	if (!strcasecmp(end, "mbps"))
		*mbps = (int64_t)v;
	else if (!strcasecmp(end, "gbps"))
		*mbps = (int64_t)(v * 1000);
	else
		return false;
	return *mbps <= FC_SPEED_MAX_MBPS;
}

static enum fc_rc unparsed(struct fc_parse_ctx *c, const xmlNode *n, const char *port, const char *what,
			   const char *value)
{
	char msg[300];

	snprintf(msg, sizeof(msg), "%s: %s '%.60s' not understood", port, what, value);
	return fc_dev_add_unparsed(c->m, c->dev, at(c, n), msg, strlen(msg));
}

enum fc_rc junos_xml_interfaces(struct fc_parse_ctx *c, const char *in)
{
	xmlDoc *doc;
	const xmlNode *info, *p;
	enum fc_rc rc = load(c, in, "interface-information", &doc, &info);

	if (rc != FC_OK)
		return rc;
	for (p = info->children; p && rc == FC_OK; p = p->next) {
		char name[128], v[256];
		const xmlNode *e;
		struct fc_iface *ifc;
		struct fc_swport *sw;
		int64_t n;

		if (!is(p, "physical-interface") || !ctext(p, "name", name, sizeof(name)) || !junos_is_port(name))
			continue;
		if (!(ifc = fc_dev_iface(c->m, c->dev, name)) || !(sw = fc_swport_mut(c->m, ifc))) {
			rc = FC_ERR_NOMEM;
			break;
		}
		if ((e = child(p, "admin-status")) && text(e, v, sizeof(v))) {
			if (!strcmp(v, "up") || !strcmp(v, "down"))
				fc_set_str(c->m, &ifc->admin_state, v, at(c, e));
			else
				rc = unparsed(c, e, name, "admin-status", v);
		}
		if (rc == FC_OK && (e = child(p, "oper-status")) && text(e, v, sizeof(v))) {
			if (!strcmp(v, "up") || !strcmp(v, "down"))
				fc_set_str(c->m, &ifc->oper_state, v, at(c, e));
			else
				rc = unparsed(c, e, name, "oper-status", v);
		}
		if (rc == FC_OK && (e = child(p, "mtu")) && text(e, v, sizeof(v))) {
			if (fc_parse_i64(v, 256, 65535, &n)) {
				fc_set_int(&ifc->mtu, n, at(c, e));
				ifc->mtu.m.why = "Junos's media MTU: the largest frame without FCS, the Ethernet header included";
			} else if (strcmp(v, "Unlimited"))
				rc = unparsed(c, e, name, "mtu", v);
		}
		if (rc == FC_OK && (e = child(p, "speed")) && text(e, v, sizeof(v))) {
			if (speed_of(v, &n))
				fc_set_int(&ifc->speed_mbps, n, at(c, e));
			else if (strcmp(v, "Auto") && strcmp(v, "Unspecified") && strcmp(v, "Unlimited"))
				rc = unparsed(c, e, name, "speed", v);
		}
		if (rc == FC_OK && (e = child(p, "link-mode")) && text(e, v, sizeof(v)))
			fc_set_str(c->m, &ifc->duplex, !strcmp(v, "Full-duplex") ? "full" : !strcmp(v, "Half-duplex") ? "half"
				   : "auto", at(c, e));
		if (rc == FC_OK && (e = child(p, "if-auto-negotiation")) && text(e, v, sizeof(v)))
			fc_set_bool(&ifc->autoneg, !strcmp(v, "enabled"), at(c, e));
		if (rc == FC_OK && (e = child(p, "current-physical-address")) && text(e, v, sizeof(v)))
			fc_set_str(c->m, &ifc->mac, v, at(c, e));
		if (rc == FC_OK && (e = child(p, "description")) && text(e, v, sizeof(v)))
			fc_set_str(c->m, &ifc->description, v, at(c, e));
		if (rc == FC_OK && (e = child(child(p, "input-error-list"), "input-errors")) && text(e, v, sizeof(v)) &&
		    fc_parse_i64(v, 0, INT64_MAX, &n))
			fc_set_int(&sw->cnt_in_errors, n, at(c, e));
		if (rc == FC_OK && (e = child(child(p, "input-error-list"), "framing-errors")) && text(e, v, sizeof(v)) &&
		    fc_parse_i64(v, 0, INT64_MAX, &n))
			fc_set_int(&sw->cnt_crc, n, at(c, e));
	}
	xmlFreeDoc(doc);
	return rc;
}

enum fc_rc junos_xml_lldp(struct fc_parse_ctx *c, const char *in)
{
	xmlDoc *doc;
	const xmlNode *info, *n;
	enum fc_rc rc = load(c, in, "lldp-neighbors-information", &doc, &info);

	if (rc != FC_OK)
		return rc;
	for (n = info->children; n && rc == FC_OK; n = n->next) {
		char port[128], sys[256], rport[256];
		struct fc_iface *ifc;

		if (!is(n, "lldp-neighbor-information"))
			continue;
		if (!ctext(n, "lldp-local-port-id", port, sizeof(port)) && !ctext(n, "lldp-local-interface", port, sizeof(port))) {
			rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, (unsigned)xmlGetLineNo(n),
					"an LLDP neighbour without its local port (lldp-local-port-id)");
			break;
		}
		if (!junos_is_port(port))
			continue;
		if (!ctext(n, "lldp-remote-system-name", sys, sizeof(sys)) && !ctext(n, "lldp-remote-chassis-id", sys, sizeof(sys))) {
			rc = fc_err_set(c->err, FC_ERR_INPUT, c->file, (unsigned)xmlGetLineNo(n),
					"the LLDP neighbour on %s has no system name or chassis id", port);
			break;
		}
		if (!(ifc = fc_dev_iface(c->m, c->dev, port))) {
			rc = FC_ERR_NOMEM;
			break;
		}
		fc_set_str(c->m, &ifc->lldp_sysname, sys, at(c, n));
		if (ctext(n, "lldp-remote-port-id", rport, sizeof(rport)) ||
		    ctext(n, "lldp-remote-port-description", rport, sizeof(rport)))
			fc_set_str(c->m, &ifc->lldp_port, rport, at(c, n));
	}
	xmlFreeDoc(doc);
	return rc;
}

enum fc_rc junos_xml_version(struct fc_parse_ctx *c, const char *in)
{
	xmlDoc *doc;
	const xmlNode *info, *e;
	char v[256];
	enum fc_rc rc = load(c, in, "software-information", &doc, &info);

	if (rc != FC_OK)
		return rc;
	if ((e = child(info, "host-name")) && text(e, v, sizeof(v)))
		fc_set_str(c->m, &c->dev->hostname, v, at(c, e));
	if ((e = child(info, "product-model")) && text(e, v, sizeof(v)))
		fc_set_str(c->m, &c->dev->hw_model, v, at(c, e));
	if ((e = child(info, "junos-version")) && text(e, v, sizeof(v)))
		fc_set_str(c->m, &c->dev->os_version, v, at(c, e));
	xmlFreeDoc(doc);
	return FC_OK;
}

/* The number after the word in "FPC 0", "PIC 1", "Xcvr 12"; -1 when the name is not word then number. */
static int numbered(const xmlNode *n, const char *word)
{
	char v[64];
	size_t wl = strlen(word);
	int64_t x;

	if (!ctext(n, "name", v, sizeof(v)) || strncmp(v, word, wl) || v[wl] != ' ' || !fc_parse_i64(v + wl + 1, 0, 4095, &x))
		return -1;
	return (int)x;
}

enum fc_rc junos_xml_chassis(struct fc_parse_ctx *c, const char *in)
{
	struct junos_state *s = junos_state(c);
	xmlDoc *doc;
	const xmlNode *inv, *ch, *e, *fpc, *pic, *x;
	char v[256];
	enum fc_rc rc;

	if (!s)
		return FC_ERR_NOMEM;
	if ((rc = load(c, in, "chassis-inventory", &doc, &inv)) != FC_OK)
		return rc;
	ch = child(inv, "chassis");
	if ((e = child(ch, "description")) && text(e, v, sizeof(v)) && !c->dev->hw_model.m.known)
		fc_set_str(c->m, &c->dev->hw_model, v, at(c, e));
	/* FPC f > PIC p > Xcvr n: the module of port f/p/n */
	for (fpc = ch ? ch->children : NULL; fpc && rc == FC_OK; fpc = fpc->next) {
		int f = is(fpc, "chassis-module") ? numbered(fpc, "FPC") : -1;

		for (pic = f >= 0 ? fpc->children : NULL; pic && rc == FC_OK; pic = pic->next) {
			int p = is(pic, "chassis-sub-module") ? numbered(pic, "PIC") : -1;

			for (x = p >= 0 ? pic->children : NULL; x && rc == FC_OK; x = x->next) {
				int n = is(x, "chassis-sub-sub-module") ? numbered(x, "Xcvr") : -1;
				struct junos_xcvr *j;
				char buf[256];

				if (n < 0)
					continue;
				if (!(s->xcvrs = fc_grow(c->m->arena, s->xcvrs, s->nxcvrs, &s->xcvrs_cap, sizeof(*s->xcvrs)))) {
					rc = FC_ERR_NOMEM;
					break;
				}
				j = &s->xcvrs[s->nxcvrs++];
				memset(j, 0, sizeof(*j));
				j->fpc = f, j->pic = p, j->port = n, j->src = at(c, x);
				j->type = ctext(x, "description", buf, sizeof(buf)) ? fc_model_str(c->m, buf) : NULL;
				j->part = ctext(x, "part-number", buf, sizeof(buf)) ? fc_model_str(c->m, buf) : NULL;
				j->serial = ctext(x, "serial-number", buf, sizeof(buf)) ? fc_model_str(c->m, buf) : NULL;
			}
		}
	}
	xmlFreeDoc(doc);
	return rc;
}

enum fc_rc junos_xcvrs_apply(struct fc_parse_ctx *c, const struct junos_state *s)
{
	size_t i, k;

	for (i = 0; i < c->dev->nifaces; i++) {
		struct fc_iface *ifc = c->dev->ifaces[i];
		const char *dash = strchr(ifc->name, '-');
		int f, p, n;
		char tail;

		/* et-0/0/48, xe-0/0/1: a port of its own (a channel et-0/0/0:1 shares its cage's module) */
		if (!dash || sscanf(dash + 1, "%d/%d/%d%c", &f, &p, &n, &tail) != 3)
			continue;
		for (k = 0; k < s->nxcvrs; k++) {
			const struct junos_xcvr *j = &s->xcvrs[k];

			if (j->fpc != f || j->pic != p || j->port != n)
				continue;
			fc_set_bool(&ifc->xcvr.present, true, j->src);
			if (j->type) {
				fc_set_str(c->m, &ifc->xcvr.type, j->type, j->src);
				if (fc_medium_of(j->type))
					fc_set_medium(&ifc->medium, fc_medium_of(j->type), j->src);
			}
			if (j->part)
				fc_set_str(c->m, &ifc->xcvr.part, j->part, j->src);
			if (j->serial)
				fc_set_str(c->m, &ifc->xcvr.serial, j->serial, j->src);
			break;
		}
	}
	return FC_OK;
}
