/* SPDX-License-Identifier: MIT */
/* liblldpctl, loaded on first use (dynlib.h): fc_lldpctl()->lldpctl_new_name() ... */
#ifndef FC_DL_LLDPCTL_H
#define FC_DL_LLDPCTL_H

#include <lldpctl.h>

#include "util/dynlib.h"

#define FC_LLDPCTL_FUNCS(X) X(lldpctl_atom_dec_ref) X(lldpctl_atom_get) X(lldpctl_atom_get_str)            \
	X(lldpctl_atom_iter) X(lldpctl_atom_iter_next) X(lldpctl_atom_iter_value)                           \
	X(lldpctl_get_default_transport) X(lldpctl_get_interfaces) X(lldpctl_get_port) X(lldpctl_last_error) \
	X(lldpctl_log_callback) X(lldpctl_new_name) X(lldpctl_release) X(lldpctl_strerror)
struct fc_lldpctl_api {
	FC_LLDPCTL_FUNCS(FC_DYNLIB_SLOT)
};
const struct fc_lldpctl_api *fc_lldpctl(void);

/* lldpctl_atom_foreach through the table */
#define fc_lldpctl_foreach(atom, value)                                                                 \
	for (lldpctl_atom_iter_t *fc_iter_ = fc_lldpctl()->lldpctl_atom_iter(atom);                        \
	     fc_iter_ && ((value) = fc_lldpctl()->lldpctl_atom_iter_value(atom, fc_iter_));              \
	     fc_iter_ = fc_lldpctl()->lldpctl_atom_iter_next(atom, fc_iter_), fc_lldpctl()->lldpctl_atom_dec_ref(value))


#endif
