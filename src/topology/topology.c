/* SPDX-License-Identifier: MIT */
/* Builds m->links. Each port is on at most one link; lookups go through a hash of "dev\0if". */
#include "topology/topology.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "util/hmap.h"
#include "adapter/adapter.h"

static size_t port_key(char *buf, size_t size, const char *dev, const char *ifn)
{
	int n = snprintf(buf, size, "%s%c%s", dev, '\0', ifn);

	return n < 0 || (size_t)n >= size ? 0 : (size_t)n;
}

static bool has_data(const struct fc_device *d)
{
	return d && (d->status == FC_DEV_OK || d->status == FC_DEV_INTENT);
}

/* LLDP names a system by hostname, often as an FQDN. */
static struct fc_device *find_by_sysname(const struct fc_model *m, const char *sys)
{
	char shortname[256];
	struct fc_device *d = fc_model_find_device(m, sys);
	size_t i;

	if (d)
		return d;
	snprintf(shortname, sizeof(shortname), "%s", sys);
	shortname[strcspn(shortname, ".")] = '\0';
	if ((d = fc_model_find_device(m, shortname)))
		return d;
	for (i = 0; i < m->ndevs; i++)
		if (m->devs[i]->hostname.m.known && !strcmp(m->devs[i]->hostname.v, sys))
			return m->devs[i];
	return NULL;
}

/* MAC addresses in any notation (b8:ce:f6:a1:01:00, b8ce.f6a1.0100, B8-CE-...) as 12 hex digits. */
static bool mac_norm(const char *s, char out[13])
{
	size_t n = 0;

	for (; *s; s++) {
		if (*s == ':' || *s == '.' || *s == '-')
			continue;
		if (!isxdigit((unsigned char)*s) || n == 12)
			return false;
		out[n++] = (char)tolower((unsigned char)*s);
	}
	out[n] = '\0';
	return n == 12;
}

static struct fc_iface *find_by_portid(const struct fc_device *d, const char *port)
{
	struct fc_iface *ifc = fc_adapter_find_iface(d, port);
	char want[13], have[13];
	size_t i;

	if (ifc)
		return ifc;
	for (i = 0; i < d->nifaces; i++)
		if (fc_swport(d->ifaces[i])->alias.m.known && !strcmp(fc_swport(d->ifaces[i])->alias.v, port))
			return d->ifaces[i];
	if (!mac_norm(port, want))
		return NULL;
	for (i = 0; i < d->nifaces; i++)
		if (d->ifaces[i]->mac.m.known && mac_norm(d->ifaces[i]->mac.v, have) && !strcmp(want, have))
			return d->ifaces[i];
	return NULL;
}

static void endpoint(struct fc_model *m, struct fc_endpoint *e, const char *dev, const char *ifn)
{
	e->dev_name = fc_strdup(m->arena, dev);
	e->if_name = fc_strdup(m->arena, ifn);
	e->dev = fc_model_find_device(m, dev);
	e->ifc = e->dev ? fc_adapter_find_iface(e->dev, ifn) : NULL;
	if (e->ifc) {
		e->if_name = e->ifc->name;   /* the device's own spelling: "Eth1/1" in the plan is Ethernet1/1 */
		e->ifc->linked = true;
	}
}

static struct fc_link *new_link(struct fc_model *m)
{
	m->links = fc_grow(m->arena, m->links, m->nlinks, &m->links_cap, sizeof(*m->links));
	if (!m->links)
		return NULL;
	memset(&m->links[m->nlinks], 0, sizeof(m->links[0]));
	return &m->links[m->nlinks++];
}

static enum fc_rc add_port(struct fc_hmap *ports, const char *dev, const char *ifn, size_t idx, struct fc_err *err)
{
	char key[600];
	size_t n = port_key(key, sizeof(key), dev, ifn);
	int failed = 0;

	fc_hmap_put(ports, key, n, (void *)(uintptr_t)idx, &failed);
	return failed ? fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory") : FC_OK;
}

/* The neighbours devices declare in their own configuration (a neighbour table): where the plan
 * cables the port, they must agree with it; where it does not, the declaration is the plan. */
static enum fc_rc declared(struct fc_model *m, struct fc_hmap *ports, struct fc_err *err)
{
	char key[600];
	size_t i, j, n, idx;

	for (i = 0; i < m->ndevs; i++) {
		struct fc_device *d = m->devs[i];

		for (j = 0; j < d->nifaces; j++) {
			struct fc_iface *ifc = d->ifaces[j], *nif;
			struct fc_device *nd;
			const char *nif_name;
			struct fc_link *l;

			if (!fc_swport(ifc)->decl_peer.m.known || !fc_swport(ifc)->decl_peer_port.m.known ||
			    !(nd = find_by_sysname(m, fc_swport(ifc)->decl_peer.v)))
				continue;   /* a neighbour outside the inventory: not part of the fabric */
			nif = find_by_portid(nd, fc_swport(ifc)->decl_peer_port.v);
			nif_name = nif ? nif->name : fc_swport(ifc)->decl_peer_port.v;
			n = port_key(key, sizeof(key), d->name, ifc->name);
			if (!(idx = (size_t)(uintptr_t)fc_hmap_get(ports, key, n))) {
				n = port_key(key, sizeof(key), nd->name, nif_name);
				idx = (size_t)(uintptr_t)fc_hmap_get(ports, key, n);
			}
			if (idx) {
				const struct fc_endpoint *mine, *other;

				l = &m->links[idx - 1];
				mine = !strcmp(l->a.dev_name, d->name) && !strcmp(l->a.if_name, ifc->name) ? &l->a
				       : !strcmp(l->b.dev_name, d->name) && !strcmp(l->b.if_name, ifc->name) ? &l->b : NULL;
				other = mine == &l->a ? &l->b : &l->a;
				if (mine && !strcmp(other->dev_name, nd->name) && !strcmp(other->if_name, nif_name)) {
					l->origin |= FC_LINK_DECLARED;
					continue;
				}
				{
					const char *says = mine
						? fc_sprintf(m->arena, "%s:%s declares %s:%s its neighbour; the cabling plan says %s:%s",
							     d->name, ifc->name, nd->name, nif_name, other->dev_name, other->if_name)
						: fc_sprintf(m->arena, "%s:%s declares %s:%s its neighbour; the cabling plan cables "
							     "%s:%s to %s:%s", d->name, ifc->name, nd->name, nif_name, l->a.dev_name,
							     l->a.if_name, l->b.dev_name, l->b.if_name);

					if (!says)
						return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
					if (!l->decl_conflict)
						l->decl_src = fc_swport(ifc)->decl_peer.m.src;
					l->decl_conflict = l->decl_conflict ? fc_sprintf(m->arena, "%s. %s", l->decl_conflict, says)
									    : says;
				}
				continue;
			}
			if (!(l = new_link(m)))
				return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
			endpoint(m, &l->a, d->name, ifc->name);
			endpoint(m, &l->b, nd->name, nif_name);
			l->origin = FC_LINK_DECLARED;
			l->decl_src = l->plan_src = fc_swport(ifc)->decl_peer.m.src;
			fc_set_unknown(&l->cable.m, "link declared by a device's configuration only: no cable type");
			fc_set_unknown(&l->design_speed_mbps.m, "link declared by a device's configuration only: no design speed");
			if (add_port(ports, l->a.dev_name, l->a.if_name, m->nlinks, err) != FC_OK ||
			    add_port(ports, l->b.dev_name, l->b.if_name, m->nlinks, err) != FC_OK)
				return err->rc;
		}
	}
	return FC_OK;
}

enum fc_rc fc_topology_build(struct fc_model *m, const struct fc_inventory *inv, struct fc_err *err)
{
	struct fc_hmap *ports = fc_hmap_new(m->arena, inv->nlinks * 2 + 64);
	char key[600];
	size_t i, j, k;
	int failed;
	enum fc_rc rc;

	if (!ports)
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
	/* the plan's links in one array of their number (grown one by one, a fleet's 288,000 left
	 * twice that in abandoned copies); links seen by LLDP only grow it from there */
	if (!m->links_cap && inv->nlinks) {
		if (!(m->links = fc_alloc(m->arena, inv->nlinks * sizeof(*m->links))))
			return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		m->links_cap = inv->nlinks;
	}
	for (i = 0; i < inv->nlinks; i++) {
		const struct fc_inv_link *il = &inv->links[i];
		struct fc_link *l = new_link(m);
		const struct fc_endpoint *ends[2];

		if (!l)
			return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		endpoint(m, &l->a, il->a_dev, il->a_if);
		endpoint(m, &l->b, il->b_dev, il->b_if);
		ends[0] = &l->a;
		ends[1] = &l->b;
		for (k = 0; k < 2; k++)
			if (has_data(ends[k]->dev) && !ends[k]->ifc)
				return fc_err_set(err, FC_ERR_INPUT, inv->path, il->line,
						  "cabling plan names port %s:%s, which the device's data does not have",
						  ends[k]->dev_name, ends[k]->if_name);
		l->origin = FC_LINK_PLAN;
		l->plan_src = fc_src_make(m, inv->path, il->line);
		if (il->cable)
			fc_set_cable(&l->cable, il->cable, l->plan_src);
		else
			fc_set_unknown(&l->cable.m, "the cabling plan gives no cable type");
		if (il->length_m > 0)
			fc_set_dbl(&l->length_m, il->length_m, l->plan_src);
		if (il->speed_mbps > 0)
			fc_set_int(&l->design_speed_mbps, il->speed_mbps, l->plan_src);
		else
			fc_set_unknown(&l->design_speed_mbps.m, "the cabling plan gives no design speed");
		for (k = 0; k < 2; k++) {
			size_t n = port_key(key, sizeof(key), ends[k]->dev_name, ends[k]->if_name);
			void *prev = fc_hmap_put(ports, key, n, (void *)(uintptr_t)(m->nlinks), &failed);

			if (failed)
				return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
			/* the inventory saw two names; the device's spelling makes them one port ("Eth1/1") */
			if (prev)
				return fc_err_set(err, FC_ERR_INPUT, inv->path, il->line,
						  "port %s:%s is already cabled on line %u", ends[k]->dev_name, ends[k]->if_name,
						  inv->links[(size_t)(uintptr_t)prev - 1].line);
		}
	}
	if ((rc = declared(m, ports, err)) != FC_OK)
		return rc;
	/* LLDP from every port that reports a neighbour. */
	for (i = 0; i < m->ndevs; i++) {
		struct fc_device *d = m->devs[i];

		for (j = 0; j < d->nifaces; j++) {
			struct fc_iface *ifc = d->ifaces[j];
			struct fc_device *nd;
			struct fc_iface *nif;
			const char *nif_name;
			size_t n, idx, idx2;
			struct fc_link *l;

			if (!ifc->lldp_sysname.m.known || !ifc->lldp_port.m.known)
				continue;
			nd = find_by_sysname(m, ifc->lldp_sysname.v);
			nif = nd ? find_by_portid(nd, ifc->lldp_port.v) : NULL;
			nif_name = nif ? nif->name : ifc->lldp_port.v;
			n = port_key(key, sizeof(key), d->name, ifc->name);
			idx = (size_t)(uintptr_t)fc_hmap_get(ports, key, n);
			if (idx) {
				const struct fc_endpoint *other;

				l = &m->links[idx - 1];
				other = !strcmp(l->a.dev_name, d->name) && !strcmp(l->a.if_name, ifc->name) ? &l->b : &l->a;
				if (nd && !strcmp(other->dev_name, nd->name) && !strcmp(other->if_name, nif_name)) {
					l->origin |= FC_LINK_LLDP;
				} else if (nd && !nif && !has_data(nd) && !strcmp(other->dev_name, nd->name)) {
					/* the planned device, whose unread data cannot resolve the port id: neither
					 * a confirmation nor a conflict */
					l->lldp_unresolved = fc_sprintf(m->arena,
						"LLDP on %s:%s sees %s port id %s, and %s's data cannot say which port that is "
						"(%s)", d->name, ifc->name, ifc->lldp_sysname.v, ifc->lldp_port.v, nd->name,
						nd->status == FC_DEV_NODATA ? "nothing was collected from it"
									       : "its outputs were not all read");
					l->lldp_src = ifc->lldp_sysname.m.src;
				} else {
					/* both ends may disagree with the plan (a host cabled to another switch
					 * port): each says what it sees */
					const char *says = fc_sprintf(m->arena,
						"LLDP on %s:%s sees %s port %s%s%s%s; %s %s:%s", d->name,
						ifc->name, ifc->lldp_sysname.v, nif_name, nif && strcmp(nif_name, ifc->lldp_port.v)
						? " (port id " : "", nif && strcmp(nif_name, ifc->lldp_port.v) ? ifc->lldp_port.v : "",
						nif && strcmp(nif_name, ifc->lldp_port.v) ? ")" : "",
						l->origin & FC_LINK_PLAN ? "the cabling plan says" : "the configuration declares",
						other->dev_name, other->if_name);

					if (!l->lldp_conflict)
						l->lldp_src = ifc->lldp_sysname.m.src;
					l->lldp_conflict = l->lldp_conflict ? fc_sprintf(m->arena, "%s. %s", l->lldp_conflict, says)
									    : says;
				}
				if (!nd)
					continue;
				/* the neighbour may be planned on another link: that link learns where it is */
				n = port_key(key, sizeof(key), nd->name, nif_name);
				idx2 = (size_t)(uintptr_t)fc_hmap_get(ports, key, n);
				if (!idx2 || idx2 == idx)
					continue;
				idx = idx2;
			} else if (!nd) {
				continue;   /* a neighbour outside the inventory: not part of the fabric */
			} else {
				n = port_key(key, sizeof(key), nd->name, nif_name);
				idx = (size_t)(uintptr_t)fc_hmap_get(ports, key, n);
			}
			if (idx) {
				const struct fc_endpoint *seen, *peer;

				l = &m->links[idx - 1];
				seen = !strcmp(l->a.dev_name, nd->name) && !strcmp(l->a.if_name, nif_name) ? &l->a : &l->b;
				peer = seen == &l->a ? &l->b : &l->a;
				if (!(l->origin & (FC_LINK_PLAN | FC_LINK_DECLARED))) {
					if (!l->lldp_conflict)
						l->origin |= FC_LINK_LLDP;
				} else if (strcmp(peer->dev_name, d->name) || strcmp(peer->if_name, ifc->name)) {
					/* the planned neighbour is cabled elsewhere: say where it really is */
					const char *says = fc_sprintf(m->arena, "%s:%s is seen on %s:%s, planned on %s:%s",
								      seen->dev_name, seen->if_name, d->name, ifc->name,
								      peer->dev_name, peer->if_name);

					if (!l->lldp_conflict)
						l->lldp_src = ifc->lldp_sysname.m.src;
					l->lldp_conflict = l->lldp_conflict ? fc_sprintf(m->arena, "%s. %s", l->lldp_conflict, says)
									    : says;
				}
				continue;
			}
			l = new_link(m);
			if (!l)
				return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
			endpoint(m, &l->a, d->name, ifc->name);
			endpoint(m, &l->b, nd->name, nif_name);
			l->origin = FC_LINK_LLDP;
			l->lldp_src = ifc->lldp_sysname.m.src;
			fc_set_unknown(&l->cable.m, "link seen by LLDP only");
			fc_set_unknown(&l->design_speed_mbps.m, "link seen by LLDP only");
			for (k = 0; k < 2; k++) {
				const struct fc_endpoint *e = k ? &l->b : &l->a;

				n = port_key(key, sizeof(key), e->dev_name, e->if_name);
				fc_hmap_put(ports, key, n, (void *)(uintptr_t)m->nlinks, &failed);
				if (failed)
					return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
			}
		}
	}
	/* Real length from the module EEPROM when the plan has none. */
	for (i = 0; i < m->nlinks; i++) {
		struct fc_link *l = &m->links[i];

		if (l->length_m.m.known)
			continue;
		if (l->a.ifc && fc_xcvr(l->a.ifc)->cable_len_m.m.known)
			l->length_m = fc_xcvr(l->a.ifc)->cable_len_m;
		else if (l->b.ifc && fc_xcvr(l->b.ifc)->cable_len_m.m.known)
			l->length_m = fc_xcvr(l->b.ifc)->cable_len_m;
		else
			fc_set_unknown(&l->length_m.m, "no length in the cabling plan or the module EEPROM");
	}
	return FC_OK;
}
