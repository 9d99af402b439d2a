/* SPDX-License-Identifier: MIT */
/* libssh, loaded on first use (dynlib.h): fc_ssh()->ssh_new() ... */
#ifndef FC_DL_SSH_H
#define FC_DL_SSH_H

#include <libssh/libssh.h>

#include "util/dynlib.h"

#define FC_SSH_FUNCS(X) X(ssh_channel_close) X(ssh_channel_free) X(ssh_channel_get_exit_status)            \
	X(ssh_channel_is_closed) X(ssh_channel_is_eof) X(ssh_channel_new) X(ssh_channel_open_session)         \
	X(ssh_channel_read_nonblocking) X(ssh_channel_read_timeout) X(ssh_channel_request_exec)               \
	X(ssh_channel_request_pty) X(ssh_channel_request_shell) X(ssh_channel_request_subsystem)              \
	X(ssh_channel_send_eof) X(ssh_channel_write) X(ssh_clean_pubkey_hash) X(ssh_connect) X(ssh_disconnect) \
	X(ssh_finalize) X(ssh_free) X(ssh_get_error) X(ssh_get_fingerprint_hash) X(ssh_get_publickey_hash)    \
	X(ssh_get_server_publickey) X(ssh_init) X(ssh_key_free) X(ssh_new) X(ssh_options_set)                 \
	X(ssh_pki_import_privkey_file) X(ssh_session_is_known_server) X(ssh_session_update_known_hosts)       \
	X(ssh_string_free_char) X(ssh_userauth_agent) X(ssh_userauth_password) X(ssh_userauth_publickey)

struct fc_ssh_api {
	FC_SSH_FUNCS(FC_DYNLIB_SLOT)
};
const struct fc_ssh_api *fc_ssh(void);

#endif
