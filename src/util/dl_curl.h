/* SPDX-License-Identifier: MIT */
/* libcurl, loaded on first use (dynlib.h): fc_curl()->curl_easy_init() ... */
#ifndef FC_DL_CURL_H
#define FC_DL_CURL_H

#include <curl/curl.h>

#include "util/dynlib.h"

/* curl.h makes these macros (argument type checks) that would expand after `->`. */
#undef curl_easy_setopt
#undef curl_easy_getinfo

#define FC_CURL_FUNCS(X) X(curl_easy_cleanup) X(curl_easy_getinfo) X(curl_easy_init) X(curl_easy_setopt) \
	X(curl_easy_strerror) X(curl_global_cleanup) X(curl_global_init) X(curl_multi_add_handle)         \
	X(curl_multi_cleanup) X(curl_multi_info_read) X(curl_multi_init) X(curl_multi_perform)            \
	X(curl_multi_poll) X(curl_multi_remove_handle) X(curl_slist_append) X(curl_slist_free_all)

struct fc_curl_api {
	FC_CURL_FUNCS(FC_DYNLIB_SLOT)
};
const struct fc_curl_api *fc_curl(void);

#endif
