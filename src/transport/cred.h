/* SPDX-License-Identifier: MIT */
/* Credentials named in the inventory, resolved at collection time: the password comes from an
 * environment variable or a file only its owner can read (0600), never from the command line.
 * Secrets are never written to logs, snapshots or reports. */
#ifndef FC_CRED_H
#define FC_CRED_H

#include "inventory/inventory.h"

struct fc_secret {
	char user[256];          /* longer names are refused, never cut */
	char password[1024];     /* zeroed by fc_secret_wipe(); longer passwords are refused */
	const char *key_file;    /* SSH private key, or NULL (from the inventory) */
};

/* Resolves the device's credential; errors name the inventory line and never the secret. */
enum fc_rc fc_secret_load(const struct fc_inventory *inv, const struct fc_inv_device *dev, struct fc_secret *s,
			  struct fc_err *err);
void fc_secret_wipe(struct fc_secret *s);

#endif
