/* SPDX-License-Identifier: MIT */
/* libnftables, loaded on first use (dynlib.h): fc_nft()->nft_ctx_new() ... */
#ifndef FC_DL_NFT_H
#define FC_DL_NFT_H

#include <nftables/libnftables.h>

#include "util/dynlib.h"

#define FC_NFT_FUNCS(X) X(nft_ctx_buffer_error) X(nft_ctx_buffer_output) X(nft_ctx_free)                   \
	X(nft_ctx_get_error_buffer) X(nft_ctx_get_output_buffer) X(nft_ctx_new) X(nft_ctx_output_set_flags)   \
	X(nft_run_cmd_from_buffer)
struct fc_nft_api {
	FC_NFT_FUNCS(FC_DYNLIB_SLOT)
};
const struct fc_nft_api *fc_nft(void);

#endif
