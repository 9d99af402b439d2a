/* SPDX-License-Identifier: MIT */
/* Switch PFC headroom requirements by ASIC family (rules/docs/HR-SIZE.md, which writes the
 * sources out): the IEEE 802.1Qbb / 802.3 Annex 31B formula (as buffer_headroom_mellanox.lua
 * computes it), and the published pg_profile_lookup tables for Spectrum-1 (MSN2700), Spectrum-4
 * (SN4280), Tomahawk (Dell S6100) and Trident2 (Arista 7050-QX32). A table gives the headroom (xoff) for the smallest
 * cable bucket at least as long as the real cable; beyond its longest bucket, or at a speed it does
 * not list, the requirement is unknown rather than guessed. Where the switch's own table was
 * collected (struct fc_hr_row), it is what the switch reserves and what "auto" requires. */
#include <stdint.h>
#include <string.h>

#include "rules/rules.h"

struct hr_row {
	int gbps;
	double cable_m;      /* bucket: cables up to this length */
	double xoff;         /* bytes */
};

struct hr_table {
	const char *name;
	const char *source;
	const struct hr_row *rows;
	size_t n;
};

static const struct hr_row sp1[] = {
	{ 50, 5, 29696 }, { 50, 40, 33792 }, { 50, 300, 66560 }, { 100, 5, 30720 }, { 100, 300, 104448 },
};
static const struct hr_row sp4[] = {
	{ 50, 5, 21504 }, { 50, 40, 23552 }, { 50, 300, 40960 }, { 50, 1500, 117760 }, { 100, 5, 37888 },
	{ 100, 300, 75776 }, { 400, 5, 73728 }, { 400, 40, 91136 }, { 400, 300, 225280 },
};
static const struct hr_row th[] = {
	{ 50, 5, 90272 }, { 50, 40, 96096 }, { 50, 300, 141856 }, { 100, 5, 165568 }, { 100, 300, 268736 },
};
static const struct hr_row td2[] = {
	{ 10, 1e9, 76800 }, { 25, 1e9, 76800 }, { 40, 1e9, 76800 }, { 50, 1e9, 76800 }, { 100, 1e9, 76800 },
};

#define TABLE(n, s, r) { n, s, r, sizeof(r) / sizeof(r[0]) }
static const struct hr_table tables[] = {
	TABLE("spectrum1", "the published pg_profile_lookup.ini of the Mellanox MSN2700 (ACS-MSN2700)", sp1),
	TABLE("spectrum4", "the published pg_profile_lookup.ini of the NVIDIA SN4280 (Mellanox-SN4280-O28)", sp4),
	TABLE("tomahawk", "the published pg_profile_lookup.ini of the Dell S6100 (Force10-S6100, Tomahawk)", th),
	TABLE("trident2", "the published pg_profile_lookup.ini of the Arista 7050-QX32 (Trident2): one profile for "
			  "all", td2),
};

/* The table of the switch's ASIC family where one is published; every other switch (Cloud Scale
 * included: its vendor publishes the IEEE components, no table) gets the IEEE formula. */
static const char *model_for(const struct fc_device *d)
{
	size_t i;

	for (i = 0; d->asic_family.m.known && i < sizeof(tables) / sizeof(tables[0]); i++)
		if (!strcmp(tables[i].name, fc_asic_name(d->asic_family.v)))
			return tables[i].name;
	return "ieee";
}

/* The switch's own table (struct fc_hr_row, a per-SKU lookup table the switch reads): the smallest
 * cable bucket at least as long as the cable, at the port's speed. */
static bool own_table(const struct fc_device *d, double gbps, double cable_m, struct fc_hr_need *out)
{
	const struct fc_hr_row *best = NULL;
	bool speed = false;
	size_t i;

	out->model = "platform";
	for (i = 0; i < d->nhr; i++) {
		const struct fc_hr_row *r = &d->hr_rows[i];

		if (r->mbps != (int64_t)(gbps * 1000.0 + 0.5))
			continue;
		speed = true;
		if (r->cable_m >= cable_m && (!best || r->cable_m < best->cable_m))
			best = r;
	}
	if (!best) {
		out->source = "the switch's own headroom table";
		out->why = speed ? "the cable is longer than the switch's own table's longest bucket"
				 : "the switch's own headroom table has no row for this speed";
		return false;
	}
	out->bytes = (double)best->xoff;
	out->bucket_m = best->cable_m;
	out->source = "the switch's own headroom table";
	out->row = best->src;
	return true;
}

bool fc_switch_headroom(const struct fc_device *d, const char *override, double gbps, double cable_m, double mtu,
			struct fc_hr_need *out)
{
	bool automatic = !override || !*override || !strcmp(override, "auto");
	const char *model = automatic ? model_for(d) : override;
	size_t i, k;

	memset(out, 0, sizeof(*out));
	if (automatic && d->nhr)
		return own_table(d, gbps, cable_m, out);
	out->model = model;
	if (!strcmp(model, "ieee")) {
		out->bytes = fc_ieee_headroom_bytes(gbps, cable_m, mtu);
		out->source = "IEEE 802.1Qbb: 2 x MTU + round trip on the cable + 802.3 Annex 31B response "
			      "(as buffer_headroom_mellanox.lua computes it)";
		if (out->bytes <= 0)
			out->why = "no 802.3 Annex 31B response time for this speed";
		return out->bytes > 0;
	}
	for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
		const struct hr_table *t = &tables[i];
		const struct hr_row *best = NULL;
		bool speed = false;

		if (strcmp(t->name, model))
			continue;
		out->source = t->source;
		for (k = 0; k < t->n; k++) {
			if (t->rows[k].gbps != (int)gbps)
				continue;
			speed = true;
			if (t->rows[k].cable_m >= cable_m && (!best || t->rows[k].cable_m < best->cable_m))
				best = &t->rows[k];
		}
		if (!best) {
			out->why = speed ? "the cable is longer than the table's longest bucket" : "the table has no row for this speed";
			return false;
		}
		out->bytes = best->xoff;
		out->bucket_m = best->cable_m;
		return true;
	}
	out->why = "unknown switch_model (expected auto, ieee, spectrum1, spectrum4, tomahawk, trident2)";
	return false;
}
