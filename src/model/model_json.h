/* SPDX-License-Identifier: MIT */
/* The model as JSON (fabcheck parse): every value with its source, or unknown with the reason. */
#ifndef FC_MODEL_JSON_H
#define FC_MODEL_JSON_H

#include <json-c/json.h>
#include <stdio.h>

#include "model/model.h"

/* Writes d to out as one JSON object at the nesting level indent (0: the top), streamed: each
 * value on one line, {"value": v, "source": [file, line]} or {"unknown": why}, where file indexes
 * the device's "files" table (written last in the object) and line is 0 for a file without lines.
 * adapter: NULL, or what the adapter keeps beyond the model (its dump), written under "adapter".
 * The caller writes what separates devices. FC_ERR_IO when out fails. */
enum fc_rc fc_device_write_json(FILE *out, const struct fc_device *d, json_object *adapter, int indent,
				struct fc_err *err);

/* One value as the model's JSON writes it ({"value": v, "source": "file:line"}, or {"unknown":
 * why}), for an adapter's dump of what it keeps beyond the model: new objects the caller owns. */
json_object *fc_json_int(const struct fc_int *x);
json_object *fc_json_str(const struct fc_str *x);
json_object *fc_json_bool(const struct fc_bool *x);
json_object *fc_json_strlist(const struct fc_strlist *l);
json_object *fc_json_pg(const struct fc_pg *p);
json_object *fc_json_src(const struct fc_src *s);
/* The numbers 0..n-1 whose bit is set in mask, as an array. */
json_object *fc_json_bits(uint64_t mask, int n);

#endif
