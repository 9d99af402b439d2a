/* SPDX-License-Identifier: MIT */
/* The model as JSON (fabcheck parse): every value with its source, or unknown with the reason. */
#ifndef FC_MODEL_JSON_H
#define FC_MODEL_JSON_H

#include <json-c/json.h>

#include "model/model.h"

/* Returns a new json-c object the caller puts. */
json_object *fc_device_to_json(const struct fc_device *d);

#endif
