/* SPDX-License-Identifier: MIT */
/* Configuration against state, for every adapter that reads both into a port: what the
 * configuration outputs gave is kept when they are read (first, fc_adapter_rank), and compared
 * with what the state outputs left once they are all read. A value state gives differently is a
 * conflict the device records (state runs: its value is judged); a value state leaves unknown (a
 * port that is down reports no speed) keeps the configuration's, which is the port's intent. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter/adapter.h"

enum kind { K_INT, K_STR, K_BOOL, K_FEC };

/* The port values both a configuration and a state output give, by the model's field names. */
static const struct {
	const char *field;
	enum kind kind;
	size_t off;
} fields[] = {
	{ "mtu", K_INT, offsetof(struct fc_iface, mtu) },
	{ "speed_mbps", K_INT, offsetof(struct fc_iface, speed_mbps) },
	{ "lanes", K_INT, offsetof(struct fc_iface, lanes) },
	{ "fec_config", K_FEC, offsetof(struct fc_iface, fec_config) },
	{ "autoneg", K_BOOL, offsetof(struct fc_iface, autoneg) },
	{ "pause_rx", K_BOOL, offsetof(struct fc_iface, pause_rx) },
	{ "pause_tx", K_BOOL, offsetof(struct fc_iface, pause_tx) },
	{ "admin_state", K_STR, offsetof(struct fc_iface, admin_state) },
	{ "description", K_STR, offsetof(struct fc_iface, description) },
};
#define NFIELDS (sizeof(fields) / sizeof(fields[0]))

/* One value as the configuration left it: the whole struct fc_int / fc_str / fc_bool / fc_fec_val. */
union value {
	struct fc_int i;
	struct fc_str s;
	struct fc_bool b;
	struct fc_fec_val f;
};

struct fc_config_kept {
	size_t nports;
	struct fc_iface **port;      /* the device's ports when the configuration was read */
	union value *v;              /* nports x NFIELDS */
};

static size_t size_of(enum kind k)
{
	switch (k) {
	case K_INT: return sizeof(struct fc_int);
	case K_STR: return sizeof(struct fc_str);
	case K_BOOL: return sizeof(struct fc_bool);
	case K_FEC: return sizeof(struct fc_fec_val);
	}
	return 0;
}

enum fc_rc fc_adapter_config_kept(const struct fc_device *dev, struct fc_config_kept **out)
{
	struct fc_config_kept *k = calloc(1, sizeof(*k));
	size_t i, j;

	*out = NULL;
	if (!k)
		return FC_ERR_NOMEM;
	k->nports = dev->nifaces;
	if (k->nports && (!(k->port = malloc(k->nports * sizeof(*k->port))) ||
			  !(k->v = calloc(k->nports * NFIELDS, sizeof(*k->v))))) {
		free(k->port);
		free(k);
		return FC_ERR_NOMEM;
	}
	for (i = 0; i < k->nports; i++) {
		k->port[i] = dev->ifaces[i];
		for (j = 0; j < NFIELDS; j++)
			memcpy(&k->v[i * NFIELDS + j], (const char *)dev->ifaces[i] + fields[j].off, size_of(fields[j].kind));
	}
	*out = k;
	return FC_OK;
}

/* The value as text for the conflict ("9216", "rs544", "up"), and whether the two differ. */
static bool differ(enum kind kind, const union value *a, const union value *b, char *ta, char *tb, size_t size)
{
	switch (kind) {
	case K_INT:
		snprintf(ta, size, "%lld", (long long)a->i.v);
		snprintf(tb, size, "%lld", (long long)b->i.v);
		return a->i.v != b->i.v;
	case K_STR:
		snprintf(ta, size, "%s", a->s.v ? a->s.v : "");
		snprintf(tb, size, "%s", b->s.v ? b->s.v : "");
		return strcmp(ta, tb) != 0;
	case K_BOOL:
		snprintf(ta, size, "%s", a->b.v ? "true" : "false");
		snprintf(tb, size, "%s", b->b.v ? "true" : "false");
		return a->b.v != b->b.v;
	case K_FEC:
		snprintf(ta, size, "%s", fc_fec_name(a->f.v));
		snprintf(tb, size, "%s", fc_fec_name(b->f.v));
		return a->f.v != b->f.v;
	}
	return false;
}

enum fc_rc fc_adapter_config_settle(struct fc_model *m, struct fc_device *dev, struct fc_config_kept **kept)
{
	struct fc_config_kept *k = *kept;
	char was[256], now[256];
	size_t i, j;
	enum fc_rc rc = FC_OK;

	for (i = 0; k && i < k->nports && rc == FC_OK; i++) {
		struct fc_iface *ifc = k->port[i];

		for (j = 0; j < NFIELDS && rc == FC_OK; j++) {
			const union value *cfg = &k->v[i * NFIELDS + j];
			union value *cur = (union value *)(void *)((char *)ifc + fields[j].off);
			/* every kind begins with its struct fc_meta */
			const struct fc_meta *cm = (const struct fc_meta *)(const void *)cfg;
			struct fc_meta *sm = (struct fc_meta *)(void *)cur;

			if (!cm->known)
				continue;
			if (!sm->known) {   /* state says nothing of it: the configuration's intent stands */
				memcpy(cur, cfg, size_of(fields[j].kind));
				continue;
			}
			if (sm->src.file == cm->src.file || (sm->src.file && cm->src.file && !strcmp(sm->src.file, cm->src.file)))
				continue;   /* not replaced by a state output */
			if (differ(fields[j].kind, cur, cfg, now, was, sizeof(now)))
				rc = fc_dev_add_conflict(m, dev, ifc->name, fields[j].field, now, sm->src, was, cm->src);
		}
	}
	if (k) {
		free(k->port);
		free(k->v);
		free(k);
	}
	*kept = NULL;
	return rc;
}
