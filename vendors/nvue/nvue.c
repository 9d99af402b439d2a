/* SPDX-License-Identifier: MIT */
/* NVIDIA Cumulus Linux (NVUE) adapter: the command table, the adapter's state and interface names.
 * It reads the configuration NVUE saves and prints (/etc/nvue.d/startup.yaml, `nv config show` as
 * YAML, JSON or `nv set` commands, the REST API's applied revision: nvue_config.c) into ports,
 * ACLs and qos profiles; the state of `nv show ... -o json` (interfaces, qos roce, transceivers,
 * system, platform) and lldpd's JSON (nvue_state.c); derives each port's values (nvue_model.c) and
 * resolves the QoS path from the RoCE mode's defaults under the explicit qos settings
 * (nvue_qos_path.c). docs/nvue.md lists what is read and what is not. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vendors/nvue/nvue.h"

#define CONFIG "nv config show"

/* The spellings users save the configuration under: the YAML NVUE prints and saves, its JSON and
 * its commands, the file itself. */
static const char *const config_spellings[] = {
	"nv config show *", "cat */nvue.d/startup.yaml", "cat startup.yaml", "nv config show-running*", NULL,
};

static const char *const port_status[] = { "nv show interface * qos roce status", NULL };
static const char *const port_counters[] = { "nv show interface * qos roce counters", NULL };
static const char *const ethtool_m[] = { "ethtool -m *", "sudo ethtool -m *", NULL };
static const char *const xcvr_port[] = { "nv show platform transceiver *", NULL };

/* Every output the adapter reads; the rows with a file are what collect gathers, the configuration
 * first. `nv show interface` carries the counters --baseline compares. */
static const struct fc_reader nvue_readers[] = {
	{ .command = CONFIG, .encoding = "text", .text = nvue_text_config, .file = "nv_config_show.txt",
	  .large = true, .saved_config = true, .spellings = config_spellings },
	{ .command = "nv show system", .encoding = "json", .json = nvue_json_system, .file = "nv_show_system.json" },
	{ .command = "nv show platform", .encoding = "json", .json = nvue_json_platform, .file = "nv_show_platform.json",
	  .optional = true },
	{ .command = "nv show interface", .encoding = "json", .json = nvue_json_interfaces,
	  .json_rows = nvue_interface_rows, .json_rows_map = true, .json_row = nvue_json_interface_row,
	  .file = "nv_show_interface.json", .large = true, .counters = true },
	{ .command = "nv show qos roce", .encoding = "json", .json = nvue_json_roce, .file = "nv_show_qos_roce.json" },
	{ .command = "nv show platform transceiver", .encoding = "json", .json = nvue_json_transceivers,
	  .file = "nv_show_platform_transceiver.json", .large = true, .optional = true },
	{ .command = "nv show acl", .encoding = "json", .json = nvue_json_acl, .file = "nv_show_acl.json", .optional = true },
	{ .command = "lldpctl -f json", .encoding = "json", .json = nvue_json_lldpctl, .file = "lldpctl.json",
	  .remote = "lldpctl -f json", .optional = true },
	/* saved outputs: the RoCE status as text, per port too, and a port's module */
	{ .command = "nv show qos roce", .encoding = "text", .text = nvue_text_roce },
	{ .command = "nv show interface PORT qos roce status", .encoding = "text", .text = nvue_text_port_roce_status,
	  .spellings = port_status },
	{ .command = "nv show interface PORT qos roce counters", .encoding = "text",
	  .text = nvue_text_port_roce_counters, .spellings = port_counters },
	{ .command = "ethtool -m PORT", .encoding = "text", .text = nvue_text_ethtool_module, .spellings = ethtool_m },
	{ .command = "nv show interface", .encoding = "text", .text = nvue_text_interfaces },
	{ .command = "nv show platform transceiver PORT", .encoding = "text", .text = nvue_text_transceiver,
	  .spellings = xcvr_port },
	/* what other tools save: NCLU's LLDP (the same lldpd JSON) */
	{ .command = "net show lldp json", .encoding = "json", .json = nvue_json_lldpctl },
	{ .command = "lldpcli show neighbors details -f json", .encoding = "json", .json = nvue_json_lldpctl },
	{ .command = NULL },
};

struct nvue_state *nvue_state(struct fc_parse_ctx *c)
{
	struct nvue_state *s = c->dev->adapter_state;

	if (!s && (s = fc_alloc(c->m->arena, sizeof(*s)))) {
		if (!(s->port_index = fc_hmap_new(c->m->arena, 64)) || !(s->prof_index = fc_hmap_new(c->m->arena, 16)))
			return NULL;
		c->dev->adapter_state = s;
	}
	return s;
}

struct nvue_port *nvue_port_of(struct fc_parse_ctx *c, struct nvue_state *s, const char *name)
{
	struct fc_iface *ifc = fc_dev_iface(c->m, c->dev, name);
	struct nvue_port *p;
	int failed = 0;

	if (!ifc)
		return NULL;
	if ((p = fc_hmap_get(s->port_index, &ifc, sizeof(ifc))))
		return p;
	if (!(s->ports = fc_grow(c->m->arena, s->ports, s->nports, &s->ports_cap, sizeof(*s->ports))) ||
	    !(p = fc_alloc(c->m->arena, sizeof(*p))))
		return NULL;
	p->ifc = ifc;
	s->ports[s->nports++] = p;
	fc_hmap_put(s->port_index, &p->ifc, sizeof(p->ifc), p, &failed);
	return failed ? NULL : p;
}

struct nvue_port *nvue_port_find(const struct nvue_state *s, const struct fc_iface *ifc)
{
	return s ? fc_hmap_get(s->port_index, &ifc, sizeof(ifc)) : NULL;
}

static const char *const pkind_names[NP_KINDS] = {
	[NP_MAPPING] = "mapping", [NP_PFC] = "pfc", [NP_CC] = "congestion-control",
	[NP_SCHED] = "egress-scheduler", [NP_REMARK] = "remark", [NP_PAUSE] = "link-pause",
};

const char *nvue_pkind_name(enum nvue_pkind k)
{
	return pkind_names[k];
}

/* "<kind>\t<name>": the profile index's key, in buf when it fits, else in the arena (a name has no
 * length limit); NULL when out of memory. */
static const char *prof_key(struct fc_arena *a, char *buf, size_t size, enum nvue_pkind kind, const char *name,
			    size_t *len)
{
	int n = snprintf(buf, size, "%d\t%s", (int)kind, name);

	if (n < 0)
		return NULL;
	*len = (size_t)n;
	return (size_t)n < size ? buf : fc_sprintf(a, "%d\t%s", (int)kind, name);
}

struct nvue_profile *nvue_profile(struct fc_parse_ctx *c, struct nvue_state *s, enum nvue_pkind kind,
				  const char *name, struct fc_src src, bool make)
{
	char buf[256];
	size_t n;
	const char *key = prof_key(c->m->arena, buf, sizeof(buf), kind, name, &n);
	struct nvue_profile *p;
	int failed = 0;

	if (!key)
		return NULL;
	if ((p = fc_hmap_get(s->prof_index, key, n)) || !make)
		return p;
	if (!(s->profs = fc_grow(c->m->arena, s->profs, s->nprof, &s->prof_cap, sizeof(*s->profs))) ||
	    !(p = fc_alloc(c->m->arena, sizeof(*p))) || !(p->name = fc_model_str(c->m, name)))
		return NULL;
	p->kind = kind;
	p->src = src;
	s->profs[s->nprof++] = p;
	fc_hmap_put(s->prof_index, key, n, p, &failed);   /* the map copies the key */
	return failed ? NULL : p;
}

const struct nvue_profile *nvue_profile_find(const struct nvue_state *s, enum nvue_pkind kind, const char *name)
{
	char buf[256];
	int n = snprintf(buf, sizeof(buf), "%d\t%s", (int)kind, name);
	char *big = NULL;
	const struct nvue_profile *p;

	if (n < 0)
		return NULL;
	if ((size_t)n >= sizeof(buf)) {   /* a long name: looked up without keeping anything */
		if (!(big = malloc((size_t)n + 1)))
			return NULL;
		snprintf(big, (size_t)n + 1, "%d\t%s", (int)kind, name);
	}
	p = fc_hmap_get(s->prof_index, big ? big : buf, (size_t)n);
	free(big);
	return p;
}

/* swpN, swpNsM: front-panel ports and their breakouts; bondN and any other Linux interface name a
 * bond takes. The data-path decision is the configuration's (its type); here only the spelling. */
bool nvue_ifname_canon(const char *in, size_t len, char *buf, size_t size)
{
	size_t k;

	if (!len || len >= size || len > 15 || !isalpha((unsigned char)in[0]))
		return false;
	for (k = 0; k < len; k++)
		if (!isalnum((unsigned char)in[k]) && in[k] != '_' && in[k] != '-' && in[k] != '.')
			return false;
	for (k = 0; k < len; k++)   /* swp is lower case; "Swp1" from a cabling plan is swp1 */
		buf[k] = k < 3 && !strncasecmp(in, "swp", 3) ? (char)tolower((unsigned char)in[k]) : in[k];
	buf[len] = '\0';
	return true;
}

const char *nvue_ifname(const char *in, char *buf, size_t size)
{
	if (strncmp(in, "swp", 3) && !strncasecmp(in, "swp", 3) && nvue_ifname_canon(in, strlen(in), buf, size))
		return buf;
	return in;
}

bool nvue_onoff(const char *w, bool *on)
{
	static const char *const yes[] = { "on", "enable", "enabled", "yes", "true", NULL };
	static const char *const no[] = { "off", "disable", "disabled", "no", "false", NULL };
	size_t k;

	for (k = 0; yes[k]; k++)
		if (!strcmp(w, yes[k]))
			return *on = true, true;
	for (k = 0; no[k]; k++)
		if (!strcmp(w, no[k]))
			return *on = false, true;
	return false;
}

const struct fc_adapter fc_adapter_nvue = {
	.platform = "nvue",
	.title = "NVIDIA Cumulus Linux (NVUE: startup.yaml, nv show, REST API)",
	.kind = FC_DEV_SWITCH,
	.caps = FC_CAP_QOS_PATH | FC_CAP_CONFIG | FC_CAP_ACL | FC_CAP_LLDP | FC_CAP_DOM | FC_CAP_LINK | FC_CAP_PFC |
		FC_CAP_MTU | FC_CAP_ADDRESS | FC_CAP_CLASSIFY | FC_CAP_ASIC | FC_CAP_PG_BUFFERS |
		FC_CAP_COUNTERS,
	.readers = nvue_readers,
	.finalize = nvue_finalize,
	.qos = &nvue_qos,
	.ifname = nvue_ifname,
	.intent = fc_adapter_no_intent,
	.cli_json_suffix = " -o json",
};
