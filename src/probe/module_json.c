/* SPDX-License-Identifier: MIT */
/* A decoded module (module.c) as the host document's "module" section (docs/host-document.md). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "probe/probe.h"

static json_object *unknown(const char *why)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "unknown", json_object_new_string(why));
	return o;
}

/* Both the EEPROM decoder and `ethtool -m` text land here: values rounded to what ethtool
 * prints (temperature 0.01 C, voltage 0.1 mV, bias 1 uA, power 0.01 dBm) so they compare. */
static json_object *dbl(double v, double step)
{
	int decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : step >= 0.001 ? 3 : 4;
	char text[48];

	v = floor(v / step + 0.5) * step;
	snprintf(text, sizeof(text), "%.*f", decimals, v);
	return json_object_new_double_s(strtod(text, NULL), text);
}

static json_object *th_obj(const struct fc_module_th *t, double step)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "hi_alarm", dbl(t->hi_alarm, step));
	json_object_object_add(o, "lo_alarm", dbl(t->lo_alarm, step));
	json_object_object_add(o, "hi_warn", dbl(t->hi_warn, step));
	json_object_object_add(o, "lo_warn", dbl(t->lo_warn, step));
	return o;
}

json_object *fc_module_json(const struct fc_module_info *m)
{
	json_object *o = json_object_new_object(), *lanes, *th;
	int i;


	json_object_object_add(o, "identifier", json_object_new_string(m->identifier));
	json_object_object_add(o, "spec", m->spec[0] ? json_object_new_string(m->spec) : unknown("not reported"));
	json_object_object_add(o, "vendor", json_object_new_string(m->vendor));
	json_object_object_add(o, "part", json_object_new_string(m->part));
	json_object_object_add(o, "serial", json_object_new_string(m->serial));
	json_object_object_add(o, "compliance", m->compliance[0] ? json_object_new_string(m->compliance)
								  : unknown("no compliance code the decoder knows"));
	json_object_object_add(o, "cable", m->cable[0] ? json_object_new_string(m->cable) : unknown("not reported"));
	json_object_object_add(o, "length_m", m->has_length ? dbl(m->length_m, 0.1)
							    : unknown("no cable assembly length (optical module)"));
	json_object_object_add(o, "dom", json_object_new_boolean(m->dom));
	if (!m->dom)
		return o;
	json_object_object_add(o, "temp_c", m->has_temp ? dbl(m->temp_c, 0.01) : unknown("not reported"));
	json_object_object_add(o, "voltage_v", m->has_volt ? dbl(m->volt_v, 0.0001) : unknown("not reported"));
	lanes = json_object_new_array();
	for (i = 0; i < m->nlanes && i < 8; i++) {
		json_object *l;

		if (!m->lane[i].has)
			continue;
		l = json_object_new_object();
		json_object_object_add(l, "lane", json_object_new_int(i + 1));
		json_object_object_add(l, "bias_ma", dbl(m->lane[i].bias_ma, 0.001));
		json_object_object_add(l, "tx_dbm", dbl(m->lane[i].tx_dbm, 0.01));
		json_object_object_add(l, "rx_dbm", dbl(m->lane[i].rx_dbm, 0.01));
		json_object_array_add(lanes, l);
	}
	if (m->lanes_why[0]) {
		json_object_put(lanes);
		lanes = unknown(m->lanes_why);
	}
	json_object_object_add(o, "lanes", lanes);
	th = json_object_new_object();
	if (m->th_temp.set)
		json_object_object_add(th, "temp_c", th_obj(&m->th_temp, 0.01));
	if (m->th_volt.set)
		json_object_object_add(th, "voltage_v", th_obj(&m->th_volt, 0.0001));
	if (m->th_bias.set)
		json_object_object_add(th, "bias_ma", th_obj(&m->th_bias, 0.001));
	if (m->th_tx.set)
		json_object_object_add(th, "tx_dbm", th_obj(&m->th_tx, 0.01));
	if (m->th_rx.set)
		json_object_object_add(th, "rx_dbm", th_obj(&m->th_rx, 0.01));
	json_object_object_add(o, "thresholds", th);
	return o;
}

