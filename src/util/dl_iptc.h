/* SPDX-License-Identifier: MIT */
/* libip4tc, loaded on first use (dynlib.h): fc_iptc()->iptc_init() ... */
#ifndef FC_DL_IPTC_H
#define FC_DL_IPTC_H

#include <libiptc/libiptc.h>

#include "util/dynlib.h"

#define FC_IPTC_FUNCS(X) X(iptc_first_chain) X(iptc_first_rule) X(iptc_free) X(iptc_get_policy)            \
	X(iptc_get_target) X(iptc_init) X(iptc_next_chain) X(iptc_next_rule) X(iptc_strerror)
struct fc_iptc_api {
	FC_IPTC_FUNCS(FC_DYNLIB_SLOT)
};
const struct fc_iptc_api *fc_iptc(void);

#endif
