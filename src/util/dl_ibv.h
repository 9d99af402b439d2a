/* SPDX-License-Identifier: MIT */
/* libibverbs, loaded on first use (dynlib.h) when the build has its headers: fc_ibv()->... */
#ifndef FC_DL_IBV_H
#define FC_DL_IBV_H

#include "util/dynlib.h"

#ifdef FABCHECK_HAVE_IBVERBS
#include <infiniband/verbs.h>

/* ibv_get_device_list and ibv_query_port are macros over inline wrappers in verbs.h; the members
 * are the exported functions (fc_ibv_query_port in ops_live.c does what the wrapper does). */
#define FC_IBV_FUNCS(X) X(ibv_close_device) X(ibv_free_device_list) X(ibv_get_device_list)                \
	X(ibv_get_device_name) X(ibv_open_device) X(ibv_query_port)

struct fc_ibv_api {
	FC_IBV_FUNCS(FC_DYNLIB_SLOT)
};
const struct fc_ibv_api *fc_ibv(void);
#endif

#endif
