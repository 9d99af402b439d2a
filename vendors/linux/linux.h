/* SPDX-License-Identifier: MIT */
/* Linux host adapter: the fabcheck host document (docs/host-document.md) into the model. */
#ifndef FC_LINUX_H
#define FC_LINUX_H

#include "adapter/adapter.h"

extern const struct fc_adapter fc_adapter_linux;

#define FC_HOST_FORMAT "fabcheck-host"
#define FC_HOST_FORMAT_VERSION 1

#endif
