/* SPDX-License-Identifier: MIT */
/* GID-DUP: no non-link-local RoCE GID appears on two hosts or ports of the fleet. An IPv4 GID is
 * ::ffff:a.b.c.d (rdma_ip2gid), so a duplicate GID is a duplicate IP. One hash lookup per GID. */
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"
#include "util/hmap.h"

struct holder {
	const struct fc_device *dev;
	const struct fc_rdma_dev *rd;
	const struct fc_rdma_port *port;
	const struct fc_gid *gid;
	struct holder *next;           /* other holders of the same GID */
	size_t count;                  /* on the first holder: how many */
	bool reported;
};

static bool skip_gid(const unsigned char g[16])
{
	static const unsigned char zero[16];

	return !memcmp(g, zero, 16) || (g[0] == 0xfe && (g[1] & 0xc0) == 0x80);
}

static void gid_run(struct fc_rctx *c)
{
	const struct fc_model *m = c->m;
	struct fc_arena *a = c->eng->arena;
	struct fc_hmap *map = fc_hmap_new(a, 1024);
	struct holder **dups = NULL;
	size_t ndups = 0, dups_cap = 0, ngids = 0, nhosts = 0, i, j, k, g;
	struct fc_finding *f;
	const struct fc_device **blind = NULL;
	size_t nblind = 0, blind_cap = 0;
	int failed;

	if (!map) {
		c->eng->oom = true;
		return;
	}
	for (i = 0; i < m->ndevs; i++) {
		const struct fc_device *d = m->devs[i];
		bool seen = false;

		if (d->kind != FC_DEV_HOST)
			continue;
		if (!d->rdma_m.known) {
			blind = fc_grow(a, blind, nblind, &blind_cap, sizeof(*blind));
			if (!blind) {
				c->eng->oom = true;
				return;
			}
			blind[nblind++] = d;
			continue;
		}
		for (j = 0; j < d->nrdma; j++)
			for (k = 0; k < d->rdma[j].nports; k++) {
				const struct fc_rdma_port *p = &d->rdma[j].ports[k];

				if (!p->gids_m.known) {
					if (!seen) {
						blind = fc_grow(a, blind, nblind, &blind_cap, sizeof(*blind));
						if (!blind) {
							c->eng->oom = true;
							return;
						}
						blind[nblind++] = d;
					}
					seen = true;
					continue;
				}
				for (g = 0; g < p->ngids; g++) {
					unsigned char bin[16];
					struct holder *h, *first;

					if (inet_pton(AF_INET6, p->gids[g].gid, bin) != 1 || skip_gid(bin))
						continue;
					h = fc_alloc(a, sizeof(*h));
					if (!h) {
						c->eng->oom = true;
						return;
					}
					h->dev = d, h->rd = &d->rdma[j], h->port = p, h->gid = &p->gids[g], h->count = 1;
					ngids++;
					first = fc_hmap_put(map, bin, 16, h, &failed);
					if (failed) {
						c->eng->oom = true;
						return;
					}
					if (!first)
						continue;
					/* The same port lists a GID as v1 and v2: one holder per port. */
					{
						const struct holder *o;

						for (o = first; o; o = o->next)
							if (o->port == p)
								break;
						if (o)
							continue;
					}
					h->next = first->next;
					first->next = h;
					if (first->count++ == 1) {
						dups = fc_grow(a, dups, ndups, &dups_cap, sizeof(*dups));
						if (!dups) {
							c->eng->oom = true;
							return;
						}
						dups[ndups++] = first;
					}
				}
			}
		nhosts++;
	}
	for (i = 0; i < ndups; i++) {
		const struct holder *h;
		char subj[256], txt[INET6_ADDRSTRLEN] = "?";
		unsigned char bin[16];

		if (inet_pton(AF_INET6, dups[i]->gid->gid, bin) == 1)
			inet_ntop(AF_INET6, bin, txt, sizeof(txt));
		snprintf(subj, sizeof(subj), "GID %s", txt);
		f = fc_finding_new(c, FC_FAIL, subj,
				   "GID %s is on %zu ports of different HCAs (a duplicate IP): connections to it reach the "
				   "wrong HCA, flap or time out",
				   txt, dups[i]->count);
		for (h = dups[i]; h; h = h->next)
			fc_ev(c, f, h->dev->name, "GID", &h->gid->src, "%s/%d index %d (%s, %s)", h->rd->name, h->port->num,
			      h->gid->index, h->gid->type, h->gid->netdev ? h->gid->netdev : "no netdev");
	}
	if (nblind) {
		f = fc_finding_new(c, FC_UNKNOWN, "GID tables",
				   "%zu host(s) have no readable GID table: duplicates involving them cannot be ruled out",
				   nblind);
		for (i = 0; i < nblind; i++)
			fc_ev(c, f, blind[i]->name, "GID table", NULL, "unknown: %s",
			      blind[i]->rdma_m.known ? "a port's GID table was not read" : fc_why(&blind[i]->rdma_m));
	}
	if (!ndups && nhosts)
		fc_finding_new(c, FC_PASS, "GIDs", "%zu routable GIDs on %zu hosts, no duplicates", ngids, nhosts);
}

const struct fc_rule fc_rule_gid_dup = {
	.id = "GID-DUP",
	.severity = FC_SEV_CRITICAL,
	.scope = FC_SCOPE_FLEET,
	.inputs = "every host's RDMA ports: GID tables with types and netdevs",
	.reads_switch = 0,
	.reads_host = FC_CAP_RDMA,
	.params = fc_no_params,
	.run = gid_run,
};
