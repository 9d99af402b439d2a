/* SPDX-License-Identifier: MIT */
/* The inventory: devices, groups, credentials (by reference only), cabling plan, fabric
 * profile and RoCE intent. YAML and JSON share one schema (docs/inventory.md). */
#ifndef FC_INVENTORY_H
#define FC_INVENTORY_H

#include <stdbool.h>
#include <stdint.h>

#include "doc/doc.h"
#include "model/vocab.h"
#include "util/err.h"

struct fc_inv_device {
	const char *name, *role, *platform, *address, *transport, *credential;
	const char *config;                 /* saved running-config, relative to the inventory */
	const struct doc_node *intent;      /* host intent (same schema as a host document) */
	unsigned line, config_line, address_line;
};

struct fc_inv_credential {
	const char *name, *username, *password_env, *password_file, *key_file;
	unsigned line;
};

struct fc_inv_link {
	const char *a_dev, *a_if, *b_dev, *b_if;
	enum fc_cable cable;                /* 0 if not given */
	double length_m;                    /* < 0 when not given */
	int64_t speed_mbps;                 /* 0 when not given */
	unsigned line;
};

struct fc_inv_group {
	const char *name;
	const char **members;
	size_t n;
	unsigned line;
};

struct fc_hmap;

struct fc_inventory {
	struct doc *doc;                    /* owns every string below */
	const char *path, *dir;
	const char *fabric_name;
	const char *profile;                /* NULL when not declared */
	unsigned profile_line;
	int64_t roce_prio, roce_dscp, cnp_dscp, mtu;  /* -1 when not declared */
	unsigned intent_line;
	struct fc_inv_device *devices;
	size_t ndevices;
	struct fc_hmap *dev_index;          /* name -> device, in the document's arena */
	struct fc_inv_credential *creds;
	size_t ncreds;
	struct fc_inv_group *groups;
	size_t ngroups;
	struct fc_inv_link *links;
	size_t nlinks;
};

/* Loads and validates path. On success *out is owned by the caller (fc_inventory_free). */
enum fc_rc fc_inventory_load(const char *path, struct fc_inventory **out, struct fc_err *err);
/* The same for a file that states the fabric's intent: `fabric` required, `devices` optional. */
enum fc_rc fc_intent_load(const char *path, struct fc_inventory **out, struct fc_err *err);
enum fc_rc fc_intent_parse(const char *path, const char *text, size_t len, struct fc_inventory **out,
			   struct fc_err *err);
/* The same on the text of path, already read (a snapshot reads its inventory with containment). */
enum fc_rc fc_inventory_parse(const char *path, const char *text, size_t len, struct fc_inventory **out,
			      struct fc_err *err);
void fc_inventory_free(struct fc_inventory **inv);
const struct fc_inv_device *fc_inventory_device(const struct fc_inventory *inv, const char *name);
/* "leaf1:Ethernet1/1" -> device and interface. */
bool fc_split_endpoint(const char *s, char *dev, size_t devsz, const char **ifname);

#endif
