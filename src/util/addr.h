/* SPDX-License-Identifier: MIT */
/* Device addresses as inventories give them: a host name, an IPv4 address or a bracketed IPv6
 * address, each with an optional :port. Checked when the inventory is read, so that transports
 * only ever see an address that fits their buffers and their URL syntax. */
#ifndef FC_ADDR_H
#define FC_ADDR_H

#include <stdbool.h>
#include <stddef.h>

#include "util/err.h"

/* Longest host part: a DNS name of 253 characters (an IPv6 literal is shorter). */
#define FC_HOST_MAX 253

struct fc_addr {
	char host[FC_HOST_MAX + 1];   /* without brackets */
	bool ipv6;
	unsigned port;                /* 0: none given */
};

/* Parses s; false with what was expected in err (naming no file: the caller knows where s was). */
bool fc_addr_parse(const char *s, struct fc_addr *out, struct fc_err *err);

#endif
