/* SPDX-License-Identifier: MIT */
/* Links of the fabric: the cabling plan from the inventory united with LLDP seen on either end.
 * A plan that names a port a device with data does not have is an input error. */
#ifndef FC_TOPOLOGY_H
#define FC_TOPOLOGY_H

#include "inventory/inventory.h"
#include "model/model.h"

enum fc_rc fc_topology_build(struct fc_model *m, const struct fc_inventory *inv, struct fc_err *err);

#endif
