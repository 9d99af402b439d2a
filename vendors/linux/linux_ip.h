/* SPDX-License-Identifier: MIT */
/* ip address show / ip link show text into the model (linux_ip.c). */
#ifndef FC_LINUX_IP_H
#define FC_LINUX_IP_H

#include <stdbool.h>

#include "adapter/adapter.h"

enum fc_rc fc_linux_ip_text(struct fc_parse_ctx *c, const char *text, bool with_addresses);

#endif
