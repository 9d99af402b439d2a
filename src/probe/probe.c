/* SPDX-License-Identifier: MIT */
/* The probe: interfaces (sysfs + ethtool ops), PCIe and NUMA, mlx5 ECN sysfs, RDMA devices with
 * their GID tables (/sys/class/infiniband), rdma_cm defaults (configfs) and RLIMIT_MEMLOCK, into
 * the host document. Nothing read is guessed: each value is the kernel's or {"unknown": why}. */
#include <dirent.h>
#include <json-c/json.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "doc/doc.h"
#include "vendors/linux/linux.h"
#include "probe/fs.h"
#include "probe/probe.h"
#include "util/buf.h"
#include "util/str.h"

#define WHY 512

struct pr {
	const struct fc_probe_opts *o;
	const struct fc_fs *fs;
	const struct fc_probe_ops *ops;
	size_t known;     /* values read: zero means nothing usable */
	json_object *nu;  /* the document's not_understood: outputs a reader refused, each once */
};

static json_object *unknown(const char *why)
{
	json_object *u = json_object_new_object();

	json_object_object_add(u, "unknown", json_object_new_string(why));
	return u;
}

/* The reason of a query that failed, with the file and line it names. An output that was there but
 * not understood (FC_ERR_INPUT: an agentless capture's ethtool section a reader refuses) is also
 * listed once in the document's not_understood, as a switch's lines are, so a report says so
 * beside the values it leaves unknown. */
static json_object *unknown_err(struct pr *p, const struct fc_err *e)
{
	char buf[sizeof(e->file) + sizeof(e->msg) + 16];
	size_t i, n = p->nu ? json_object_array_length(p->nu) : 0;

	if (e->rc == FC_ERR_INPUT && p->nu) {
		json_object *u;

		for (i = 0; i < n; i++) {
			json_object *x = json_object_array_get_idx(p->nu, i), *f, *l, *t;

			if (json_object_object_get_ex(x, "file", &f) && json_object_object_get_ex(x, "line", &l) &&
			    json_object_object_get_ex(x, "text", &t) && !strcmp(json_object_get_string(f), e->file) &&
			    json_object_get_int(l) == (int)e->line && !strcmp(json_object_get_string(t), e->msg))
				break;
		}
		if (i == n) {
			u = json_object_new_object();
			json_object_object_add(u, "file", json_object_new_string(e->file));
			if (e->line)
				json_object_object_add(u, "line", json_object_new_int((int)e->line));
			json_object_object_add(u, "text", json_object_new_string(e->msg));
			json_object_array_add(p->nu, u);
		}
	}
	return unknown(fc_err_str(e, buf, sizeof(buf)));
}

/* e cleared for the next query: each reports its own reason (the first recorded wins). */
static struct fc_err *fresh(struct fc_err *e)
{
	fc_err_clear(e);
	return e;
}

/* Adds a sysfs attribute as a string, or its reason. */
static bool add_attr(struct pr *p, json_object *o, const char *key, const char *path, char *val, size_t size)
{
	struct fc_err er;

	if (fc_sys_read(p->fs, path, val, size, fresh(&er))) {
		json_object_object_add(o, key, json_object_new_string(val));
		p->known++;
		return true;
	}
	json_object_object_add(o, key, unknown_err(p, &er));
	return false;
}

static bool add_int_attr(struct pr *p, json_object *o, const char *key, const char *path, int64_t min, int64_t max)
{
	char val[64], why[WHY];
	struct fc_err er;
	int64_t v;

	if (!fc_sys_read(p->fs, path, val, sizeof(val), fresh(&er))) {
		json_object_object_add(o, key, unknown_err(p, &er));
		return false;
	}
	if (!fc_parse_i64(val, min, max, &v)) {
		snprintf(why, sizeof(why), "%s: '%s' is not a number from %lld to %lld", path, val, (long long)min,
			 (long long)max);
		json_object_object_add(o, key, unknown(why));
		return false;
	}
	json_object_object_add(o, key, json_object_new_int64(v));
	p->known++;
	return true;
}

static int cmp_numeric(const void *a, const void *b)
{
	long x = strtol(*(char *const *)a, NULL, 10), y = strtol(*(char *const *)b, NULL, 10);

	return x < y ? -1 : x > y;
}

static const char *port_name(uint8_t port)
{
	switch (port) {
	case 0x00: return "Twisted Pair";
	case 0x01: return "AUI";
	case 0x02: return "BNC";
	case 0x03: return "MII";
	case 0x04: return "FIBRE";
	case 0x05: return "Direct Attach Copper";
	case 0xef: return "None";
	default: return "Other";
	}
}

static json_object *modes(const char (*m)[40], size_t n)
{
	json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; i < n; i++)
		json_object_array_add(a, json_object_new_string(m[i]));
	return a;
}

/* The mode in use: the one advertised (and, where the partner advertises, by it too) whose speed
 * and lane count are what the link runs at. Unknown unless exactly one fits. */
static json_object *active_mode(const struct fc_link_info *li)
{
	char pfx[32], why[160];
	const char *hit = NULL;
	size_t i, j, n = 0;

	if (!li->lanes || !li->speed_mbps || li->speed_mbps == UINT32_MAX)
		return unknown("speed and lanes are needed to tell the mode in use (ethtool netlink reports lanes)");
	snprintf(pfx, sizeof(pfx), "%ubase", li->speed_mbps);
	for (i = 0; i < li->nadvertised; i++) {
		const char *m = li->advertised[i], *slash = strchr(m, '/');
		int lanes = slash && slash[-1] >= '1' && slash[-1] <= '8' ? slash[-1] - '0' : 1;
		bool partner = !li->npartner;

		if (strncmp(m, pfx, strlen(pfx)) || lanes != li->lanes)
			continue;
		for (j = 0; j < li->npartner; j++)
			partner |= !strcmp(li->partner[j], m);
		if (partner) {
			hit = m;
			n++;
		}
	}
	if (n == 1)
		return json_object_new_string(hit);
	snprintf(why, sizeof(why), "%zu advertised modes fit %u Mb/s over %d lanes", n, li->speed_mbps, li->lanes);
	return unknown(why);
}

static json_object *dcb_obj(struct pr *p, const char *ifname)
{
	struct fc_dcb_info di;
	char key[8];
	struct fc_err er;
	json_object *o, *a;
	int k;

	if (p->ops->dcb((void *)(uintptr_t)p->fs, ifname, &di, fresh(&er)) != FC_OK)
		return unknown_err(p, &er);
	o = json_object_new_object();
	p->known++;
	if (di.pfc) {
		a = json_object_new_array();
		for (k = 0; k < 8; k++)
			if (di.pfc_en & (1u << k))
				json_object_array_add(a, json_object_new_int(k));
		json_object_object_add(o, "pfc_enabled", a);
		json_object_object_add(o, "pfc_delay_m", json_object_new_int(di.delay));
	} else {
		json_object_object_add(o, "pfc_enabled", unknown("the driver reports no IEEE PFC state"));
	}
	if (di.app && di.dscp_has) {
		a = json_object_new_object();
		for (k = 0; k < 64; k++)
			if (di.dscp_has & ((uint64_t)1 << k)) {
				snprintf(key, sizeof(key), "%d", k);
				json_object_object_add(a, key, json_object_new_int(di.dscp_prio[k]));
			}
		json_object_object_add(o, "dscp_prio", a);
		/* DSCP APP entries are what make a port trust DSCP */
		json_object_object_add(o, "trust", json_object_new_string("dscp"));
	} else {
		json_object_object_add(o, "dscp_prio", unknown("no DSCP entries in the DCB APP table"));
		json_object_object_add(o, "trust", di.trust[0] ? json_object_new_string(di.trust)
				       : unknown("no DSCP APP entries; the trust state needs dcb apptrust"));
	}
	if (di.buffer) {
		json_object *b = json_object_new_object(), *pb = json_object_new_array(), *bs = json_object_new_array();

		for (k = 0; k < 8; k++) {
			json_object_array_add(pb, json_object_new_int(di.prio2buffer[k]));
			json_object_array_add(bs, json_object_new_int64(di.buffer_size[k]));
		}
		json_object_object_add(b, "prio_buffer", pb);
		json_object_object_add(b, "buffer_size", bs);
		json_object_object_add(o, "buffer", b);
	} else {
		json_object_object_add(o, "buffer", unknown("the driver reports no receive buffer layout"));
	}
	return o;
}

static json_object *link_obj(struct pr *p, const char *ifname)
{
	struct fc_link_info li;
	struct fc_err er;
	json_object *o;

	if (p->ops->link((void *)(uintptr_t)p->fs, ifname, &li, fresh(&er)) != FC_OK)
		return unknown_err(p, &er);
	o = json_object_new_object();
	p->known++;
	if (li.speed_mbps == 0 || li.speed_mbps == UINT32_MAX)
		json_object_object_add(o, "speed_mbps", unknown("the driver reports no speed (link down?)"));
	else
		json_object_object_add(o, "speed_mbps", json_object_new_int64(li.speed_mbps));
	json_object_object_add(o, "lanes", li.lanes > 0 ? json_object_new_int(li.lanes)
							: unknown("the driver reports no lane count"));
	json_object_object_add(o, "duplex", li.duplex == 1 ? json_object_new_string("full")
					     : li.duplex == 0 ? json_object_new_string("half")
					     : unknown("the driver reports no duplex (link down?)"));
	json_object_object_add(o, "autoneg", json_object_new_boolean(li.autoneg));
	json_object_object_add(o, "port", li.port == FC_PORT_UNREPORTED ? unknown("the driver reports no port type")
								       : json_object_new_string(port_name(li.port)));
	json_object_object_add(o, "supported", modes((const char (*)[40])li.supported, li.nsupported));
	json_object_object_add(o, "advertised", modes((const char (*)[40])li.advertised, li.nadvertised));
	json_object_object_add(o, "partner", modes((const char (*)[40])li.partner, li.npartner));
	json_object_object_add(o, "active_mode", active_mode(&li));
	return o;
}

static json_object *driver_obj(struct pr *p, const char *ifname)
{
	struct fc_drv_info di;
	struct fc_err er;
	json_object *o;

	memset(&di, 0, sizeof(di));
	if (p->ops->drvinfo((void *)(uintptr_t)p->fs, ifname, &di, fresh(&er)) != FC_OK)
		return unknown_err(p, &er);
	o = json_object_new_object();
	p->known++;
	json_object_object_add(o, "name", json_object_new_string(di.driver));
	json_object_object_add(o, "version", di.version[0] ? json_object_new_string(di.version)
							   : unknown("the driver reports no version"));
	json_object_object_add(o, "firmware", di.firmware[0] ? json_object_new_string(di.firmware)
							     : unknown("the driver reports no firmware version"));
	return o;
}

static json_object *pause_obj(struct pr *p, const char *ifname)
{
	struct fc_pause_info pi;
	struct fc_err er;
	json_object *o;

	if (p->ops->pause((void *)(uintptr_t)p->fs, ifname, &pi, fresh(&er)) != FC_OK)
		return unknown_err(p, &er);
	o = json_object_new_object();
	p->known++;
	json_object_object_add(o, "autoneg", json_object_new_boolean(pi.autoneg));
	json_object_object_add(o, "rx", json_object_new_boolean(pi.rx));
	json_object_object_add(o, "tx", json_object_new_boolean(pi.tx));
	return o;
}

static json_object *fec_obj(struct pr *p, const char *ifname)
{
	struct fc_fec_info fi;
	char first[32];
	struct fc_err er;
	json_object *o;

	memset(&fi, 0, sizeof(fi));
	if (p->ops->fec((void *)(uintptr_t)p->fs, ifname, &fi, fresh(&er)) != FC_OK)
		return unknown_err(p, &er);
	o = json_object_new_object();
	p->known++;
	/* "Auto RS BaseR": the first word is what is configured */
	snprintf(first, sizeof(first), "%.*s", (int)strcspn(fi.configured, " "), fi.configured);
	json_object_object_add(o, "configured", first[0] ? json_object_new_string(first) : unknown("none reported"));
	json_object_object_add(o, "active", fi.active[0] ? json_object_new_string(fi.active)
						       : unknown("no active FEC reported (link down?)"));
	return o;
}

/* The ethtool -S counters the rules and an engineer read for a lossless link: PHY error and
 * FEC counters (pre-FEC BER from rx_corrected_bits_phy / rx_bits_phy), per-priority pause and
 * discards, pause storms, buffer exhaustion. A ConnectX port has ~1,000 counters; the rest
 * are not kept (the document stays small across thousands of hosts). */
static bool stat_kept(const char *name)
{
	static const char *const keep[] = { "_phy", "pause", "pfc", "prio", "discard", "out_of_buffer", "fec",
					    "symbol", "crc", "link_down", "buffer", "ecn", "cnp", NULL };
	size_t i;

	for (i = 0; keep[i]; i++)
		if (strstr(name, keep[i]))
			return true;
	return false;
}

static json_object *stats_obj(struct pr *p, const char *ifname)
{
	struct fc_stats st;
	struct fc_err er;
	json_object *o;
	size_t i;

	if (p->ops->stats((void *)(uintptr_t)p->fs, ifname, &st, fresh(&er)) != FC_OK)
		return unknown_err(p, &er);
	o = json_object_new_object();
	for (i = 0; i < st.n; i++)
		if (stat_kept(st.names[i]) && st.values[i] <= INT64_MAX)
			json_object_object_add(o, st.names[i], json_object_new_int64((int64_t)st.values[i]));
	fc_stats_free(&st);
	p->known++;
	return o;
}

/* pfc-prevention-tout: {"ms": N} (0: off), or {"auto": true} */
static json_object *pfc_prevention_obj(struct pr *p, const char *ifname)
{
	struct fc_err er;
	unsigned ms = 0;
	json_object *o;

	if (p->ops->pfc_prevention((void *)(uintptr_t)p->fs, ifname, &ms, fresh(&er)) != FC_OK)
		return unknown_err(p, &er);
	p->known++;
	o = json_object_new_object();
	if (ms == FC_PFC_PREVENTION_AUTO)
		json_object_object_add(o, "auto", json_object_new_boolean(1));
	else
		json_object_object_add(o, "ms", json_object_new_int((int)ms));
	return o;
}

static bool is_bdf(const char *s)
{
	unsigned dom, bus, dev, fn;
	char tail;

	return sscanf(s, "%x:%x:%x.%x%c", &dom, &bus, &dev, &fn, &tail) == 4;
}

/* The PCI function behind the netdev: /sys/class/net/IF/device -> .../0000:3b:00.0, or the
 * function one level up where the device is a bus device on it (virtio: .../0000:00:03.0/virtio2). */
static json_object *pci_obj(struct pr *p, const char *ifname)
{
	char link[4096], target[4096], real[PATH_MAX], path[512], val[128], bdf[64], up[64], dev[24], *slash;
	json_object *o, *u;

	snprintf(link, sizeof(link), "/sys/class/net/%s/device", ifname);
	if (!fc_fs_readlink(p->fs, link, target, sizeof(target)))
		return unknown("no PCI device behind the interface (virtual interface?)");
	snprintf(bdf, sizeof(bdf), "%.63s", strrchr(target, '/') ? strrchr(target, '/') + 1 : target);
	/* the link is relative ("../../../0000:3b:00.0" on a live system): the resolved path names
	 * the hierarchy (/sys/devices/pci0000:3a/0000:3a:00.0/0000:3b:00.0) */
	if (!fc_fs_realpath(p->fs, link, real, sizeof(real)) || !(slash = strrchr(real, '/')))
		slash = NULL;
	snprintf(dev, sizeof(dev), "device");
	if (!is_bdf(bdf)) {
		const char *parent;

		if (slash)
			*slash = '\0';
		parent = slash && strrchr(real, '/') ? strrchr(real, '/') + 1 : "";
		if (!slash || !is_bdf(parent)) {
			char why[WHY];

			snprintf(why, sizeof(why), "the device behind %s (%s) is not a PCI function", ifname, bdf);
			return unknown(why);
		}
		snprintf(bdf, sizeof(bdf), "%.63s", parent);
		snprintf(dev, sizeof(dev), "device/..");
		slash = strrchr(real, '/');
	}
	o = json_object_new_object();
	json_object_object_add(o, "address", json_object_new_string(bdf));
	/* through the netdev's device link (the same directory as /sys/bus/pci/devices/BDF), so an
	 * agentless capture, which keeps the link and the files under its target, reads alike */
#define PCI_ATTR(obj, rel, name, isint, max)                                                           \
	do {                                                                                           \
		snprintf(path, sizeof(path), "/sys/class/net/%s/%s/" name, ifname, rel);               \
		if (isint)                                                                             \
			add_int_attr(p, obj, name, path, name[0] == 'n' ? -1 : 0, max);                \
		else                                                                                   \
			add_attr(p, obj, name, path, val, sizeof(val));                                \
	} while (0)
	PCI_ATTR(o, dev, "current_link_speed", false, 0);
	PCI_ATTR(o, dev, "max_link_speed", false, 0);
	PCI_ATTR(o, dev, "current_link_width", true, 32);
	PCI_ATTR(o, dev, "max_link_width", true, 32);
	PCI_ATTR(o, dev, "numa_node", true, 1024);
	/* The upstream port (root port or switch downstream port) is the parent in the device path:
	 * a NIC trained at x16 behind a bridge at x8 runs at x8. */
	if (!slash) {
		json_object_object_add(o, "upstream", unknown("the PCI device path does not resolve"));
		return o;
	}
	*slash = '\0';
	slash = strrchr(real, '/');
	snprintf(up, sizeof(up), "%.63s", slash ? slash + 1 : real);
	if (!is_bdf(up)) {
		json_object_object_add(o, "upstream", unknown("no PCI bridge above the device (a root-complex "
							     "integrated device or a virtual function)"));
		return o;
	}
	u = json_object_new_object();
	json_object_object_add(u, "address", json_object_new_string(up));
	snprintf(dev, sizeof(dev), "%s", strcmp(dev, "device") ? "device/../.." : "device/..");
	PCI_ATTR(u, dev, "current_link_speed", false, 0);
	PCI_ATTR(u, dev, "max_link_speed", false, 0);
	PCI_ATTR(u, dev, "current_link_width", true, 32);
	PCI_ATTR(u, dev, "max_link_width", true, 32);
#undef PCI_ATTR
	json_object_object_add(o, "upstream", u);
	return o;
}

static json_object *module_obj(struct pr *p, const char *ifname)
{
	struct fc_module_info mi;
	struct fc_err er;

	if (p->ops->module((void *)(uintptr_t)p->fs, ifname, &mi, fresh(&er)) != FC_OK)
		return unknown_err(p, &er);
	p->known++;
	return fc_module_json(&mi);
}

static json_object *lldp_obj(struct pr *p, const char *ifname)
{
	struct fc_lldp_info li;
	struct fc_err er;
	json_object *o;

	if (p->ops->lldp((void *)(uintptr_t)p->fs, p->o->lldpd_socket, ifname, &li, fresh(&er)) != FC_OK)
		return unknown_err(p, &er);
	p->known++;
	o = json_object_new_object();
	json_object_object_add(o, "system_name", li.system_name[0] ? json_object_new_string(li.system_name)
								   : unknown("the neighbour sends no System Name TLV"));
	json_object_object_add(o, "port_id", json_object_new_string(li.port_id));
	return o;
}

/* mlx5 (MLNX_OFED) ECN: /sys/class/net/IF/ecn/roce_np|roce_rp/enable/PRIO, roce_np/cnp_dscp and
 * roce_np/cnp_802p_prio */
static json_object *ecn_obj(struct pr *p, const char *ifname)
{
	static const char *const side[2] = { "roce_np", "roce_rp" };
	char path[512], val[32];
	struct fc_err er;
	json_object *o;
	int s, prio;

	snprintf(path, sizeof(path), "/sys/class/net/%s/ecn", ifname);
	if (!fc_fs_is_dir(p->fs, path))
		return unknown("no /sys/class/net/IF/ecn (the MLNX_OFED ECN sysfs is absent for this driver)");
	o = json_object_new_object();
	for (s = 0; s < 2; s++) {
		json_object *a = json_object_new_array();
		bool ok = true;

		for (prio = 0; prio < 8 && ok; prio++) {
			snprintf(path, sizeof(path), "/sys/class/net/%s/ecn/%s/enable/%d", ifname, side[s], prio);
			if (!fc_sys_read(p->fs, path, val, sizeof(val), fresh(&er)))
				ok = false;
			else if (!strcmp(val, "1"))
				json_object_array_add(a, json_object_new_int(prio));
		}
		if (ok) {
			json_object_object_add(o, s ? "roce_rp_enabled" : "roce_np_enabled", a);
			p->known++;
		} else {
			json_object_put(a);
			json_object_object_add(o, s ? "roce_rp_enabled" : "roce_np_enabled", unknown_err(p, &er));
		}
	}
	snprintf(path, sizeof(path), "/sys/class/net/%s/ecn/roce_np/cnp_dscp", ifname);
	add_int_attr(p, o, "cnp_dscp", path, 0, 63);
	snprintf(path, sizeof(path), "/sys/class/net/%s/ecn/roce_np/cnp_802p_prio", ifname);
	add_int_attr(p, o, "cnp_prio", path, 0, 7);
	return o;
}

static json_object *iface_obj(struct pr *p, const char *ifname)
{
	json_object *o = json_object_new_object();
	char path[512], val[256], (*addrs)[64] = malloc(FC_MAX_ADDRS * sizeof(*addrs));
	struct fc_err er;
	size_t n = 0, i;

	json_object_object_add(o, "name", json_object_new_string(ifname));
	snprintf(path, sizeof(path), "/sys/class/net/%s/address", ifname);
	add_attr(p, o, "mac", path, val, sizeof(val));
	snprintf(path, sizeof(path), "/sys/class/net/%s/mtu", ifname);
	add_int_attr(p, o, "mtu", path, 68, 65535);
	snprintf(path, sizeof(path), "/sys/class/net/%s/operstate", ifname);
	add_attr(p, o, "operstate", path, val, sizeof(val));
	if (!addrs) {
		json_object_object_add(o, "addresses", unknown("out of memory"));
	} else if (p->ops->addresses((void *)(uintptr_t)p->fs, ifname, addrs, FC_MAX_ADDRS, &n, fresh(&er)) == FC_OK) {
		json_object *a = json_object_new_array();

		for (i = 0; i < n; i++)
			json_object_array_add(a, json_object_new_string(addrs[i]));
		json_object_object_add(o, "addresses", a);
		p->known++;
	} else {
		json_object_object_add(o, "addresses", unknown_err(p, &er));
	}
	free(addrs);
	json_object_object_add(o, "driver", driver_obj(p, ifname));
	json_object_object_add(o, "pci", pci_obj(p, ifname));
	json_object_object_add(o, "link", link_obj(p, ifname));
	json_object_object_add(o, "fec", fec_obj(p, ifname));
	json_object_object_add(o, "pause", pause_obj(p, ifname));
	json_object_object_add(o, "pfc_prevention_tout", pfc_prevention_obj(p, ifname));
	json_object_object_add(o, "stats", stats_obj(p, ifname));
	json_object_object_add(o, "module", module_obj(p, ifname));
	json_object_object_add(o, "dcb", dcb_obj(p, ifname));
	json_object_object_add(o, "ecn", ecn_obj(p, ifname));
	json_object_object_add(o, "lldp", lldp_obj(p, ifname));
	{
		/* ARP flux on multi-NIC hosts: the per-interface sysctls (the effective value is the
		 * higher of "all" and the interface's; both are recorded) */
		json_object *sc = json_object_new_object();

		snprintf(path, sizeof(path), "/proc/sys/net/ipv4/conf/%s/arp_ignore", ifname);
		add_int_attr(p, sc, "arp_ignore", path, 0, 8);
		snprintf(path, sizeof(path), "/proc/sys/net/ipv4/conf/%s/arp_announce", ifname);
		add_int_attr(p, sc, "arp_announce", path, 0, 2);
		add_int_attr(p, sc, "all_arp_ignore", "/proc/sys/net/ipv4/conf/all/arp_ignore", 0, 8);
		add_int_attr(p, sc, "all_arp_announce", "/proc/sys/net/ipv4/conf/all/arp_announce", 0, 2);
		json_object_object_add(o, "sysctl", sc);
	}
	return o;
}

/* "4: ACTIVE" -> "ACTIVE" */
static const char *after_colon(const char *v)
{
	const char *c = strchr(v, ':');

	return c ? c + 1 + (c[1] == ' ') : v;
}

static bool empty_gid(const char *g)
{
	for (; *g; g++)
		if (*g != '0' && *g != ':')
			return false;
	return true;
}

/* "100 Gb/sec (4X EDR)" -> {"text", "mbps": 100000, "width": 4}; the text is kept as the kernel
 * wrote it, the numbers only where they parse ("2.5 Gb/sec (1X SDR)" -> 2500). */
static json_object *rate_obj(const char *val)
{
	json_object *o = json_object_new_object();
	double gbps;
	int width;
	char unit[8];

	json_object_object_add(o, "text", json_object_new_string(val));
	if (sscanf(val, "%lf %7s", &gbps, unit) == 2 && !strcmp(unit, "Gb/sec") && gbps >= 0 && gbps < 1e6)
		json_object_object_add(o, "mbps", json_object_new_int64((int64_t)(gbps * 1000 + 0.5)));
	{
		const char *b = strchr(val, '(');

		if (b && sscanf(b + 1, "%dX", &width) == 1 && width > 0 && width <= 32)
			json_object_object_add(o, "width", json_object_new_int(width));
	}
	return o;
}

/* Every readable counter file in dir as name -> value (hw_counters: out_of_buffer,
 * np_cnp_sent, rp_cnp_handled, ...); unknown with a reason when the directory is absent. */
static json_object *counters_obj(struct pr *p, const char *dir)
{
	json_object *o;
	char **names;
	size_t n, i;

	names = fc_fs_list(p->fs, dir, &n);
	if (!names)
		return unknown("no hw_counters directory for the port");
	o = json_object_new_object();
	for (i = 0; i < n; i++) {
		char path[768], val[64];
		struct fc_err er;
		int64_t v;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (fc_sys_read(p->fs, path, val, sizeof(val), fresh(&er)) &&
		    fc_parse_i64(val, 0, INT64_MAX, &v)) {
			json_object_object_add(o, names[i], json_object_new_int64(v));
			p->known++;
		}
	}
	fc_fs_list_free(names, n);
	return o;
}

static json_object *port_obj(struct pr *p, const char *dev, const char *port)
{
	json_object *o = json_object_new_object(), *gids;
	char path[512], val[256];
	struct fc_err er;
	struct fc_fs_dir dg, dt, dn;
	char **g;
	size_t ng, i;
	int64_t num;

	fc_parse_i64(port, 1, 255, &num);
	json_object_object_add(o, "port", json_object_new_int64(num));
	snprintf(path, sizeof(path), "/sys/class/infiniband/%s/ports/%s/state", dev, port);
	if (fc_sys_read(p->fs, path, val, sizeof(val), fresh(&er)))
		json_object_object_add(o, "state", json_object_new_string(after_colon(val)));
	else
		json_object_object_add(o, "state", unknown_err(p, &er));
	snprintf(path, sizeof(path), "/sys/class/infiniband/%s/ports/%s/phys_state", dev, port);
	if (fc_sys_read(p->fs, path, val, sizeof(val), fresh(&er)))
		json_object_object_add(o, "phys_state", json_object_new_string(after_colon(val)));
	else
		json_object_object_add(o, "phys_state", unknown_err(p, &er));
	snprintf(path, sizeof(path), "/sys/class/infiniband/%s/ports/%s/link_layer", dev, port);
	add_attr(p, o, "link_layer", path, val, sizeof(val));
	snprintf(path, sizeof(path), "/sys/class/infiniband/%s/ports/%s/rate", dev, port);
	if (fc_sys_read(p->fs, path, val, sizeof(val), fresh(&er)))
		json_object_object_add(o, "rate", rate_obj(val));
	else
		json_object_object_add(o, "rate", unknown_err(p, &er));
	snprintf(path, sizeof(path), "/sys/class/infiniband/%s/ports/%s/hw_counters", dev, port);
	json_object_object_add(o, "hw_counters", counters_obj(p, path));
	snprintf(path, sizeof(path), "/sys/class/infiniband/%s/ports/%s/gid_attrs/ndevs/0", dev, port);
	add_attr(p, o, "netdev", path, val, sizeof(val));
	{
		int mtu;

		if (p->ops->verbs_mtu((void *)(uintptr_t)p->fs, dev, (int)num, &mtu, fresh(&er)) == FC_OK) {
			json_object_object_add(o, "active_mtu", json_object_new_int(mtu));
			p->known++;
		} else {
			json_object_object_add(o, "active_mtu", unknown_err(p, &er));
		}
	}
	snprintf(path, sizeof(path), "/sys/kernel/config/rdma_cm/%s/ports/%s/default_roce_mode", dev, port);
	add_attr(p, o, "roce_mode", path, val, sizeof(val));
	snprintf(path, sizeof(path), "/sys/kernel/config/rdma_cm/%s/ports/%s/default_roce_tos", dev, port);
	add_int_attr(p, o, "roce_tos", path, 0, 255);
	/* GID table: gids/N with gid_attrs/types/N and ndevs/N; empty and unreadable slots skipped */
	snprintf(path, sizeof(path), "/sys/class/infiniband/%s/ports/%s/gids", dev, port);
	g = fc_fs_list(p->fs, path, &ng);
	if (!g) {
		json_object_object_add(o, "gids", unknown("no gids directory for the port"));
		return o;
	}
	qsort(g, ng, sizeof(*g), cmp_numeric);   /* slot order, not "10" before "2" */
	gids = json_object_new_array();
	/* three directories opened once: a slot is three files, a port hundreds of slots */
	fc_fs_dir_open(p->fs, &dg, "/sys/class/infiniband/%s/ports/%s/gids", dev, port);
	fc_fs_dir_open(p->fs, &dt, "/sys/class/infiniband/%s/ports/%s/gid_attrs/types", dev, port);
	fc_fs_dir_open(p->fs, &dn, "/sys/class/infiniband/%s/ports/%s/gid_attrs/ndevs", dev, port);
	for (i = 0; i < ng; i++) {
		char gid[64], type[32], ndev[64];
		json_object *e;
		int64_t idx;

		if (!fc_parse_i64(g[i], 0, 65535, &idx))
			continue;
		if (!fc_sys_read_at(&dg, g[i], gid, sizeof(gid), NULL) || empty_gid(gid))
			continue;
		if (!fc_sys_read_at(&dt, g[i], type, sizeof(type), NULL))
			continue;   /* the kernel refuses to read the type of an unset slot */
		e = json_object_new_object();
		json_object_object_add(e, "index", json_object_new_int64(idx));
		json_object_object_add(e, "gid", json_object_new_string(gid));
		json_object_object_add(e, "type", json_object_new_string(type));
		if (fc_sys_read_at(&dn, g[i], ndev, sizeof(ndev), NULL))
			json_object_object_add(e, "netdev", json_object_new_string(ndev));
		json_object_array_add(gids, e);
		p->known++;
	}
	fc_fs_dir_close(&dg);
	fc_fs_dir_close(&dt);
	fc_fs_dir_close(&dn);
	fc_fs_list_free(g, ng);
	json_object_object_add(o, "gids", gids);
	return o;
}

static json_object *rdma_obj(struct pr *p)
{
	json_object *o, *devs;
	char **d;
	size_t nd, i;

	d = fc_fs_list(p->fs, "/sys/class/infiniband", &nd);
	if (!d)
		return unknown("no RDMA subsystem: /sys/class/infiniband is absent");
	o = json_object_new_object();
	devs = json_object_new_array();
	for (i = 0; i < nd; i++) {
		json_object *dv = json_object_new_object(), *ports = json_object_new_array();
		char path[512], val[256], parent[64];
		char **pl;
		size_t np, k;

		json_object_object_add(dv, "name", json_object_new_string(d[i]));
		/* soft-RoCE (rxe) devices have a "parent" netdev; siw by name */
		snprintf(path, sizeof(path), "/sys/class/infiniband/%s/parent", d[i]);
		json_object_object_add(dv, "kind", json_object_new_string(
			fc_sys_read(p->fs, path, parent, sizeof(parent), NULL) || !strncmp(d[i], "rxe", 3) ? "rxe"
			: !strncmp(d[i], "siw", 3) ? "siw" : "hw"));
		snprintf(path, sizeof(path), "/sys/class/infiniband/%s/fw_ver", d[i]);
		add_attr(p, dv, "fw_ver", path, val, sizeof(val));
		snprintf(path, sizeof(path), "/sys/class/infiniband/%s/board_id", d[i]);
		add_attr(p, dv, "board_id", path, val, sizeof(val));
		snprintf(path, sizeof(path), "/sys/class/infiniband/%s/hca_type", d[i]);
		add_attr(p, dv, "hca_type", path, val, sizeof(val));
		snprintf(path, sizeof(path), "/sys/class/infiniband/%s/ports", d[i]);
		pl = fc_fs_list(p->fs, path, &np);
		if (pl)
			qsort(pl, np, sizeof(*pl), cmp_numeric);
		for (k = 0; pl && k < np; k++)
			json_object_array_add(ports, port_obj(p, d[i], pl[k]));
		fc_fs_list_free(pl, np);
		json_object_object_add(dv, "ports", ports);
		json_object_array_add(devs, dv);
	}
	fc_fs_list_free(d, nd);
	json_object_object_add(o, "devices", devs);
	p->known++;
	return o;
}

/* Whether the nftables ruleset lets a new RoCEv2 packet in on each probed interface. Only
 * soft-RoCE (rxe, siw) goes through the kernel's filters: the rules read the verdict with the
 * device kinds. */
/* The legacy iptables filter table, when this namespace has one (<root>/proc/net/ip_tables_names
 * lists "filter"; looking does not create it): its iptables-save text, or NULL with *present
 * false (no table) or the reason in err (a table that could not be read). */
static char *legacy_table(struct pr *p, bool *present, struct fc_err *err)
{
	char *text = NULL;
	struct fc_buf b;
	bool filter;

	*present = false;
	if (!fc_fs_read(p->fs, "/proc/net/ip_tables_names", 4096, &b, NULL))
		return NULL;   /* no x_tables at all */
	filter = !strncmp(b.data, "filter\n", 7) || strstr(b.data, "\nfilter\n");
	fc_buf_free(&b);
	if (!filter)
		return NULL;
	*present = true;
	if (p->ops->ipt_save((void *)(uintptr_t)p->fs, &text, err) != FC_OK)
		return NULL;
	return text;
}

/* One interface: nftables and the legacy table both see the packet; either may drop it. nft_why
 * and legacy_why: why the ruleset or the table could not be read. */
static json_object *iface_verdict(struct pr *p, const struct doc *nft, const struct fc_err *nft_why, const char *legacy,
				  bool has_legacy, const struct fc_err *legacy_why, const char *ifn, const char **v)
{
	json_object *e = json_object_new_object();
	char where_n[160] = "", where_i[160] = "", both[330];
	struct fc_err en, ei;
	const char *vn, *vi;

	fc_err_clear(&en);
	fc_err_clear(&ei);
	vn = nft ? fc_nft_roce_verdict(nft, ifn, &en, where_n, sizeof(where_n)) : NULL;
	vi = !has_legacy ? "accept" : legacy ? fc_ipt_roce_verdict(legacy, ifn, &ei, where_i, sizeof(where_i)) : NULL;
	if (!nft)
		fc_err_take(&en, nft_why);
	if (has_legacy && !legacy)
		fc_err_take(&ei, legacy_why);
	json_object_object_add(e, "name", json_object_new_string(ifn));
	*v = NULL;
	if ((vn && !strcmp(vn, "drop")) || (vi && !strcmp(vi, "drop"))) {
		*v = "drop";
		snprintf(both, sizeof(both), "%s", vn && !strcmp(vn, "drop") ? where_n : where_i);
	} else if (vn && vi) {
		*v = "accept";
		snprintf(both, sizeof(both), has_legacy ? "%s; %s" : "%s", where_n, where_i);
	}
	json_object_object_add(e, "udp_4791", *v ? json_object_new_string(*v) : unknown_err(p, !vn ? &en : &ei));
	if (*v)
		json_object_object_add(e, "decided_by", json_object_new_string(both));
	return e;
}

static json_object *firewall_obj(struct pr *p, json_object *ifs)
{
	json_object *o = json_object_new_object(), *per = json_object_new_array();
	char *rules = NULL, *legacy;
	struct doc *d = NULL;
	struct fc_err ner, ler;
	size_t i, accept = 0, drop = 0, n = json_object_array_length(ifs);
	bool has_legacy;

	fc_err_clear(&ler);
	if (p->ops->nft_ruleset((void *)(uintptr_t)p->fs, &rules, fresh(&ner)) == FC_OK &&
	    doc_parse_json("nft -j list ruleset", rules, strlen(rules), &d, &ner) != FC_OK) {
		ner.file[0] = '\0';   /* the document's name is the command */
		fc_err_prefix(&ner, "the nftables JSON is not understood: ");
	}
	legacy = legacy_table(p, &has_legacy, &ler);
	json_object_object_add(o, "backend", json_object_new_string(has_legacy ? "nftables, iptables-legacy" : "nftables"));
	for (i = 0; i < n; i++) {
		json_object *name = NULL, *e;
		const char *v;

		json_object_object_get_ex(json_object_array_get_idx(ifs, i), "name", &name);
		e = iface_verdict(p, d, &ner, legacy, has_legacy, &ler, json_object_get_string(name), &v);
		json_object_array_add(per, e);
		accept += v && !strcmp(v, "accept");
		drop += v && !strcmp(v, "drop");
	}
	/* one verdict for the host: a drop on any interface, or an accept on all of them */
	if (drop)
		json_object_object_add(o, "udp_4791", json_object_new_string("drop"));
	else if (accept == n && n)
		json_object_object_add(o, "udp_4791", json_object_new_string("accept"));
	else if (!d && !has_legacy)
		json_object_object_add(o, "udp_4791", unknown_err(p, &ner));
	else
		json_object_object_add(o, "udp_4791", unknown(n ? "the ruleset's verdict depends on the packet on some "
								  "interface (see interfaces)"
								: "no interface probed"));
	json_object_object_add(o, "interfaces", per);
	if (d || legacy)
		p->known++;
	doc_free(&d);
	free(rules);
	free(legacy);
	return o;
}

const struct fc_probe_ops *fc_probe_ops_for(const struct fc_fs *fs)
{
	if (!fs->mem && !fs->root[0])
		return &fc_probe_live_ops;
	return fc_fs_is_dir(fs, "/.fabcheck-outputs") ? &fc_probe_text_ops : &fc_probe_recorded_ops;
}

/* RLIMIT_MEMLOCK of this process, from <root>/proc/self/limits ("Max locked memory  S  H  bytes"). */
static json_object *memlock_obj(struct pr *p)
{
	struct fc_err er;
	struct fc_buf b;
	struct fc_lines it;
	json_object *o = json_object_new_object();

	if (p->o->memlock_user) {
		struct fc_memlock ml;
		enum fc_rc rc = fc_limits_memlock(p->fs, p->o->memlock_user, &ml, fresh(&er));

		json_object_object_add(o, "user", json_object_new_string(p->o->memlock_user));
		if (rc == FC_OK) {
			json_object_object_add(o, "bytes", json_object_new_int64(ml.bytes));
			json_object_object_add(o, "source", json_object_new_string(ml.source));
			p->known++;
		} else {
			json_object_object_add(o, "bytes", unknown_err(p, &er));
		}
		return o;
	}
	if (!fc_fs_read(p->fs, "/proc/self/limits", 65536, &b, fresh(&er))) {
		json_object_object_add(o, "bytes", unknown("/proc/self/limits is not readable"));
		return o;
	}
	fc_lines_init(&it, b.data);
	while (fc_lines_next(&it)) {
		char soft[64], line[512];

		snprintf(line, sizeof(line), "%.*s", (int)it.len, it.line);
		if (strncmp(line, "Max locked memory", 17) || sscanf(line + 17, "%63s", soft) != 1)
			continue;
		if (!strcmp(soft, "unlimited")) {
			json_object_object_add(o, "bytes", json_object_new_int(-1));
		} else {
			int64_t v;

			json_object_object_add(o, "bytes", fc_parse_i64(soft, 0, INT64_MAX, &v) ? json_object_new_int64(v)
											: unknown("unreadable limit"));
		}
		p->known++;
		break;
	}
	fc_buf_free(&b);
	if (!json_object_object_get_ex(o, "bytes", NULL))
		json_object_object_add(o, "bytes", unknown("no 'Max locked memory' line in /proc/self/limits"));
	json_object_object_add(o, "user", json_object_new_string("the probing process"));
	return o;
}

enum fc_rc fc_probe_run(const struct fc_probe_opts *o, char **json, bool *usable, struct fc_err *err)
{
	struct pr p = { o, o->fs, o->ops ? o->ops : fc_probe_ops_for(o->fs), 0, json_object_new_array() };
	json_object *doc = json_object_new_object(), *ifs = json_object_new_array(), *fw;
	char host[256], stamp[32];
	struct fc_err er;
	char **names = NULL;
	size_t n = 0, i;
	time_t now = time(NULL);
	struct tm tm;

	*json = NULL;
	json_object_object_add(doc, "format", json_object_new_string(FC_HOST_FORMAT));
	json_object_object_add(doc, "format_version", json_object_new_int(FC_HOST_FORMAT_VERSION));
	if (o->hostname)
		snprintf(host, sizeof(host), "%s", o->hostname);
	else if (!fc_sys_read(p.fs, "/proc/sys/kernel/hostname", host, sizeof(host), fresh(&er)))
		snprintf(host, sizeof(host), "unknown");
	json_object_object_add(doc, "hostname", json_object_new_string(host));
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", &tm);
	json_object_object_add(doc, "collected_at", json_object_new_string(stamp));
	json_object_object_add(doc, "probe_version", json_object_new_string(FABCHECK_VERSION));
	if (o->ifaces) {
		for (i = 0; i < o->nifaces; i++)
			json_object_array_add(ifs, iface_obj(&p, o->ifaces[i]));
	} else {
		names = fc_fs_list(p.fs, "/sys/class/net", &n);
		if (!names) {
			/* a tree without netdevs (an RDMA-only record) still gives what it has */
			json_object *w = json_object_new_array();

			json_object_array_add(w, json_object_new_string("/sys/class/net is not readable: no interfaces probed"));
			json_object_object_add(doc, "warnings", w);
		}
		for (i = 0; names && i < n; i++)
			if (strcmp(names[i], "lo"))
				json_object_array_add(ifs, iface_obj(&p, names[i]));
		fc_fs_list_free(names, n);
	}
	json_object_object_add(doc, "interfaces", ifs);
	json_object_object_add(doc, "rdma", rdma_obj(&p));
	fw = firewall_obj(&p, ifs);
	json_object_object_add(doc, "firewall", fw);
	json_object_object_add(doc, "memlock", memlock_obj(&p));
	{
		/* "[default] performance powersave powersupersave": the bracketed one is in force */
		char pol[128], *a, *b;

		if (fc_sys_read(p.fs, "/sys/module/pcie_aspm/parameters/policy", pol, sizeof(pol), fresh(&er)) &&
		    (a = strchr(pol, '[')) && (b = strchr(a, ']'))) {
			*b = '\0';
			json_object_object_add(doc, "pcie_aspm_policy", json_object_new_string(a + 1));
			p.known++;
		} else {
			json_object_object_add(doc, "pcie_aspm_policy", er.rc != FC_OK ? unknown_err(&p, &er)
					       : unknown("no [policy] in the ASPM parameter"));
		}
	}
	if (json_object_array_length(p.nu))
		json_object_object_add(doc, "not_understood", p.nu);
	else
		json_object_put(p.nu);
	*json = strdup(json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(doc);
	*usable = p.known > 0;
	if (!*json)
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
	return FC_OK;
}
