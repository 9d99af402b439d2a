/* SPDX-License-Identifier: MIT */
/* Address syntax: RFC 1123 host names (underscores allowed, as internal DNS has them), dotted
 * IPv4 and bracketed IPv6 (inet_pton decides), an optional decimal port. */
#include "util/addr.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "util/str.h"

static bool host_name(const char *s, size_t n)
{
	size_t label = 0, i;

	if (n == 0 || n > FC_HOST_MAX)
		return false;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '.') {
			if (label == 0)
				return false;
			label = 0;
			continue;
		}
		if (!isalnum(c) && c != '-' && c != '_')
			return false;
		if ((c == '-' && label == 0) || ++label > 63)
			return false;
	}
	return label > 0 || n > 1;   /* a trailing dot (absolute name) is fine, a lone one is not */
}

bool fc_addr_parse(const char *s, struct fc_addr *out, struct fc_err *err)
{
	const char *host = s, *port = NULL, *end;
	size_t hl;
	unsigned char bin[16];
	char tmp[FC_HOST_MAX + 1];

	memset(out, 0, sizeof(*out));
	if (s[0] == '[') {
		end = strchr(s, ']');
		if (!end) {
			fc_err_set(err, FC_ERR_INPUT, NULL, 0, "an IPv6 address in brackets has no closing ']'");
			return false;
		}
		host = s + 1;
		hl = (size_t)(end - host);
		if (end[1] == ':')
			port = end + 2;
		else if (end[1]) {
			fc_err_set(err, FC_ERR_INPUT, NULL, 0, "after ']' only ':PORT' may follow");
			return false;
		}
		if (hl == 0 || hl >= sizeof(tmp)) {
			fc_err_set(err, FC_ERR_INPUT, NULL, 0, "an IPv6 address in brackets is empty or too long");
			return false;
		}
		memcpy(tmp, host, hl);
		tmp[hl] = '\0';
		if (strchr(tmp, '%')) {
			fc_err_set(err, FC_ERR_INPUT, NULL, 0,
				   "IPv6 zone ids ('%%') are not supported: use a routable address");
			return false;
		}
		if (inet_pton(AF_INET6, tmp, bin) != 1) {
			fc_err_set(err, FC_ERR_INPUT, NULL, 0, "'%.60s' is not an IPv6 address", tmp);
			return false;
		}
		out->ipv6 = true;
	} else {
		const char *c = strchr(s, ':');

		if (c && strchr(c + 1, ':')) {
			fc_err_set(err, FC_ERR_INPUT, NULL, 0,
				   "an IPv6 address goes in brackets, as in [%.60s] or [%.60s]:443", s, s);
			return false;
		}
		hl = c ? (size_t)(c - s) : strlen(s);
		port = c ? c + 1 : NULL;
		if (hl == 0 || hl > FC_HOST_MAX) {
			fc_err_set(err, FC_ERR_INPUT, NULL, 0, "a host name is 1 to %d characters", FC_HOST_MAX);
			return false;
		}
		memcpy(tmp, s, hl);
		tmp[hl] = '\0';
		if (inet_pton(AF_INET, tmp, bin) != 1) {
			/* all digits and dots but not an IPv4 address: a typo, not a host name */
			if (strspn(tmp, "0123456789.") == hl) {
				fc_err_set(err, FC_ERR_INPUT, NULL, 0, "'%.60s' is not an IPv4 address", tmp);
				return false;
			}
			if (!host_name(tmp, hl)) {
				fc_err_set(err, FC_ERR_INPUT, NULL, 0,
					   "expected a host name (letters, digits, '-', '_', '.'), an IPv4 "
						     "address or [IPv6], each with an optional :PORT");
				return false;
			}
		}
	}
	if (port) {
		int64_t p;

		if (!fc_parse_i64(port, 1, 65535, &p) || !isdigit((unsigned char)port[0])) {
			fc_err_set(err, FC_ERR_INPUT, NULL, 0, "port: expected 1 to 65535, found '%.20s'", port);
			return false;
		}
		out->port = (unsigned)p;
	}
	memcpy(out->host, tmp, hl + 1);
	return true;
}
