/* SPDX-License-Identifier: MIT */
/* libmnl, loaded on first use (dynlib.h): fc_mnl()->mnl_socket_open() ... libmnl's iteration
 * macros name the functions directly: fc_mnl_for_each_nested is the one to use. */
#ifndef FC_DL_MNL_H
#define FC_DL_MNL_H

#include <libmnl/libmnl.h>

#include "util/dynlib.h"

#define FC_MNL_FUNCS(X) X(mnl_attr_get_payload) X(mnl_attr_get_payload_len) X(mnl_attr_get_type)           \
	X(mnl_attr_get_u16) X(mnl_attr_get_u32) X(mnl_attr_get_u8) X(mnl_attr_nest_end) X(mnl_attr_nest_start) \
	X(mnl_attr_next) X(mnl_attr_ok) X(mnl_attr_parse) X(mnl_attr_parse_nested) X(mnl_attr_put_strz)       \
	X(mnl_attr_put_u32) X(mnl_attr_put_u8) X(mnl_attr_validate) X(mnl_cb_run)                              \
	X(mnl_nlmsg_put_extra_header) X(mnl_nlmsg_put_header) X(mnl_socket_bind) X(mnl_socket_close)          \
	X(mnl_socket_get_portid) X(mnl_socket_open) X(mnl_socket_recvfrom) X(mnl_socket_sendto)

struct fc_mnl_api {
	FC_MNL_FUNCS(FC_DYNLIB_SLOT)
};
const struct fc_mnl_api *fc_mnl(void);

/* mnl_attr_for_each_nested through the table */
#define fc_mnl_for_each_nested(attr, nest)                                                              \
	for ((attr) = fc_mnl()->mnl_attr_get_payload(nest);                                                 \
	     fc_mnl()->mnl_attr_ok((attr), (int)((char *)fc_mnl()->mnl_attr_get_payload(nest) +           \
					     fc_mnl()->mnl_attr_get_payload_len(nest) - (char *)(attr)));   \
	     (attr) = fc_mnl()->mnl_attr_next(attr))

#endif
