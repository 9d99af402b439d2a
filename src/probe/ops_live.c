/* SPDX-License-Identifier: MIT */
/* Live kernel queries for the probe: the ethtool ioctl (SIOCETHTOOL: ETHTOOL_GLINKSETTINGS,
 * GDRVINFO, GPAUSEPARAM, GFECPARAM, GSTATS, GTUNABLE) and getifaddrs for addresses. */
#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#ifdef FABCHECK_HAVE_IBVERBS
#include <infiniband/verbs.h>
#endif
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "probe/probe.h"
#include "util/dl_ibv.h"
#include "util/dl_nft.h"

static enum fc_rc ethtool_ioctl(const char *ifname, void *data, struct fc_err *err, const char *what)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), e;

	if (fd < 0)
		return fc_err_set(err, FC_ERR_IO, NULL, 0, "%s: no socket: %s", what, strerror(errno));
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	ifr.ifr_data = data;
	if (ioctl(fd, SIOCETHTOOL, &ifr) == 0) {
		close(fd);
		return FC_OK;
	}
	e = errno;
	close(fd);
	return fc_err_set(err, e == EOPNOTSUPP || e == EINVAL ? FC_ERR_UNSUPPORTED : FC_ERR_IO, NULL, 0,
			  "ethtool %s: %s", what, strerror(e));
}

static void modes(const uint32_t *mask, int nwords, char (*out)[40], size_t *n)
{
	int bit;

	*n = 0;
	for (bit = 0; bit < nwords * 32 && *n < FC_MAX_MODES; bit++) {
		char tmp[32];
		const char *name;

		if (!(mask[bit / 32] & (1u << (bit % 32))))
			continue;
		name = fc_link_mode_name(bit, tmp, sizeof(tmp));
		if (strstr(name, "base"))   /* speed modes only: FEC, pause and port bits go elsewhere */
			snprintf(out[(*n)++], 40, "%s", name);
	}
}

static enum fc_rc ioctl_link(const char *ifname, struct fc_link_info *out, struct fc_err *err);

/* ethtool netlink where the kernel offers it (it reports lanes); the ioctl only when it does not */
static enum fc_rc live_link(void *ctx, const char *ifname, struct fc_link_info *out, struct fc_err *err)
{
	struct fc_link_info *io;
	enum fc_rc rc;

	(void)ctx;
	rc = fc_nl_linkmodes(ifname, out, err);
	if (rc == FC_ERR_UNSUPPORTED) {
		fc_err_clear(err);   /* the ioctl's answer, or its reason, is the one */
		return ioctl_link(ifname, out, err);
	}
	if (rc != FC_OK)
		return rc;
	/* LINKMODES carries no port type: the ioctl reports it (or nothing) */
	out->port = FC_PORT_UNREPORTED;
	io = calloc(1, sizeof(*io));
	if (io && ioctl_link(ifname, io, NULL) == FC_OK)
		out->port = io->port;
	free(io);
	return FC_OK;
}

static enum fc_rc live_dcb(void *ctx, const char *ifname, struct fc_dcb_info *out, struct fc_err *err)
{
	(void)ctx;
	return fc_nl_dcb(ifname, out, err);
}

static enum fc_rc ioctl_link(const char *ifname, struct fc_link_info *out, struct fc_err *err)
{
	/* the settings and, after them, three masks of up to 127 words (supported, advertised, partner) */
	size_t size = sizeof(struct ethtool_link_settings) + 3 * 127 * sizeof(uint32_t);
	struct ethtool_link_settings *req = calloc(1, size);
	enum fc_rc rc;
	int nw;

	if (!req)
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
	req->cmd = ETHTOOL_GLINKSETTINGS;
	/* first call: the kernel answers how many 32-bit words a mask takes, as a negative count */
	if ((rc = ethtool_ioctl(ifname, req, err, "GLINKSETTINGS")) != FC_OK)
		goto out;
	nw = -req->link_mode_masks_nwords;
	if (nw <= 0 || nw > 127) {
		rc = fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "ethtool GLINKSETTINGS: unexpected mask size %d", nw);
		goto out;
	}
	memset(req, 0, size);
	req->cmd = ETHTOOL_GLINKSETTINGS;
	req->link_mode_masks_nwords = (int8_t)nw;
	if ((rc = ethtool_ioctl(ifname, req, err, "GLINKSETTINGS")) != FC_OK)
		goto out;
	memset(out, 0, sizeof(*out));
	out->speed_mbps = req->speed;
	out->duplex = req->duplex;
	out->port = req->port;
	out->autoneg = req->autoneg;
	modes(req->link_mode_masks, nw, out->supported, &out->nsupported);
	modes(req->link_mode_masks + nw, nw, out->advertised, &out->nadvertised);
	modes(req->link_mode_masks + 2 * nw, nw, out->partner, &out->npartner);
out:
	free(req);
	return rc;
}

static enum fc_rc live_drvinfo(void *ctx, const char *ifname, struct fc_drv_info *out, struct fc_err *err)
{
	struct ethtool_drvinfo di;
	enum fc_rc rc;

	(void)ctx;
	memset(&di, 0, sizeof(di));
	di.cmd = ETHTOOL_GDRVINFO;
	if ((rc = ethtool_ioctl(ifname, &di, err, "GDRVINFO")) != FC_OK)
		return rc;
	snprintf(out->driver, sizeof(out->driver), "%.*s", (int)sizeof(di.driver), di.driver);
	snprintf(out->version, sizeof(out->version), "%.*s", (int)sizeof(di.version), di.version);
	snprintf(out->firmware, sizeof(out->firmware), "%.*s", (int)sizeof(di.fw_version), di.fw_version);
	snprintf(out->bus, sizeof(out->bus), "%.*s", (int)sizeof(di.bus_info), di.bus_info);
	return FC_OK;
}

static enum fc_rc live_pause(void *ctx, const char *ifname, struct fc_pause_info *out, struct fc_err *err)
{
	struct ethtool_pauseparam pp;
	enum fc_rc rc;

	(void)ctx;
	/* netlink first; the ioctl only where netlink says it does not support the query */
	if ((rc = fc_nl_pause(ifname, out, err)) != FC_ERR_UNSUPPORTED)
		return rc;
	fc_err_clear(err);
	memset(&pp, 0, sizeof(pp));
	pp.cmd = ETHTOOL_GPAUSEPARAM;
	if ((rc = ethtool_ioctl(ifname, &pp, err, "GPAUSEPARAM")) != FC_OK)
		return rc;
	out->autoneg = pp.autoneg;
	out->rx = pp.rx_pause;
	out->tx = pp.tx_pause;
	return FC_OK;
}

static void fec_names(uint32_t bits, char *out, size_t size)
{
	static const struct { uint32_t bit; const char *name; } f[] = {
		{ ETHTOOL_FEC_AUTO, "Auto" }, { ETHTOOL_FEC_OFF, "None" }, { ETHTOOL_FEC_RS, "RS" },
		{ ETHTOOL_FEC_BASER, "BaseR" }, { ETHTOOL_FEC_LLRS, "LLRS" },
	};
	size_t i;

	out[0] = '\0';
	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		if (bits & f[i].bit)
			snprintf(out + strlen(out), size - strlen(out), "%s%s", out[0] ? " " : "", f[i].name);
}

static enum fc_rc live_fec(void *ctx, const char *ifname, struct fc_fec_info *out, struct fc_err *err)
{
	struct ethtool_fecparam fp;
	enum fc_rc rc;

	(void)ctx;
	if ((rc = fc_nl_fec(ifname, out, err)) != FC_ERR_UNSUPPORTED)
		return rc;
	fc_err_clear(err);
	memset(&fp, 0, sizeof(fp));
	fp.cmd = ETHTOOL_GFECPARAM;
	if ((rc = ethtool_ioctl(ifname, &fp, err, "GFECPARAM")) != FC_OK)
		return rc;
	fec_names(fp.fec, out->configured, sizeof(out->configured));
	fec_names(fp.active_fec, out->active, sizeof(out->active));
	return FC_OK;
}

void fc_stats_free(struct fc_stats *s)
{
	free(s->names);
	free(s->values);
	s->names = NULL;
	s->values = NULL;
	s->n = 0;
}

static enum fc_rc live_stats(void *ctx, const char *ifname, struct fc_stats *out, struct fc_err *err)
{
	/* the header and one data word (the count of ETH_SS_STATS), 8-byte aligned */
	uint64_t sibuf[(sizeof(struct ethtool_sset_info) + sizeof(uint32_t) + 7) / 8];
	struct ethtool_sset_info *si = (struct ethtool_sset_info *)sibuf;
	struct ethtool_gstrings *gs = NULL;
	struct ethtool_stats *st = NULL;
	enum fc_rc rc;
	uint32_t n, i;

	(void)ctx;
	memset(out, 0, sizeof(*out));
	memset(sibuf, 0, sizeof(sibuf));
	si->cmd = ETHTOOL_GSSET_INFO;
	si->sset_mask = 1ULL << ETH_SS_STATS;
	if ((rc = ethtool_ioctl(ifname, si, err, "GSSET_INFO")) != FC_OK)
		return rc;
	if (!(si->sset_mask & (1ULL << ETH_SS_STATS)) || si->data[0] == 0)
		return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "ethtool GSTATS: the driver reports no statistics");
	n = si->data[0] > 65536 ? 65536 : si->data[0];
	gs = calloc(1, sizeof(*gs) + (size_t)n * ETH_GSTRING_LEN);
	st = calloc(1, sizeof(*st) + (size_t)n * sizeof(uint64_t));
	out->names = calloc(n, sizeof(*out->names));
	out->values = calloc(n, sizeof(*out->values));
	if (!gs || !st || !out->names || !out->values) {
		rc = fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		goto fail;
	}
	gs->cmd = ETHTOOL_GSTRINGS;
	gs->string_set = ETH_SS_STATS;
	gs->len = n;
	st->cmd = ETHTOOL_GSTATS;
	st->n_stats = n;
	if ((rc = ethtool_ioctl(ifname, gs, err, "GSTRINGS")) != FC_OK ||
	    (rc = ethtool_ioctl(ifname, st, err, "GSTATS")) != FC_OK)
		goto fail;
	/* the count can change between the calls (a driver reconfigured): take the common part */
	n = gs->len < st->n_stats ? gs->len : st->n_stats;
	for (i = 0; i < n; i++) {
		memcpy(out->names[i], gs->data + (size_t)i * ETH_GSTRING_LEN, ETH_GSTRING_LEN);
		out->names[i][ETH_GSTRING_LEN] = '\0';
		out->values[i] = st->data[i];
	}
	out->n = n;
	free(gs);
	free(st);
	return FC_OK;
fail:
	free(gs);
	free(st);
	fc_stats_free(out);
	return rc;
}

static enum fc_rc live_pfc_prevention(void *ctx, const char *ifname, unsigned *ms, struct fc_err *err)
{
	uint64_t tubuf[(sizeof(struct ethtool_tunable) + sizeof(uint16_t) + 7) / 8];
	struct ethtool_tunable *tu = (struct ethtool_tunable *)tubuf;
	uint16_t value;
	enum fc_rc rc;

	(void)ctx;
	memset(tubuf, 0, sizeof(tubuf));
	tu->cmd = ETHTOOL_GTUNABLE;
	tu->id = ETHTOOL_PFC_PREVENTION_TOUT;
	tu->type_id = ETHTOOL_TUNABLE_U16;
	tu->len = sizeof(value);
	if ((rc = ethtool_ioctl(ifname, tu, err, "GTUNABLE pfc-prevention-tout")) != FC_OK)
		return rc;
	memcpy(&value, (const uint8_t *)tubuf + sizeof(*tu), sizeof(value));
	*ms = value;
	return FC_OK;
}

/* A CMIS module (QSFP-DD, OSFP, QSFP+ with CMIS) with paged memory. */
static bool is_cmis_paged(const uint8_t *ee)
{
	return (ee[0] == 0x18 || ee[0] == 0x19 || ee[0] == 0x1e) && !(ee[2] & 0x80);
}

/* The module over netlink (MODULE_EEPROM_GET), page by page, in the layouts fc_module_decode
 * reads: SFF-8472 A0h then A2h (512 bytes); SFF-8636 lower, page 00h, then page 03h at 512
 * (640); CMIS lower, 00h, 01h, 02h, 11h (FC_CMIS_DUMP_LEN). *len is how much was read; a page
 * that fails after the first two leaves the decoder to report what is missing. */
static enum fc_rc module_netlink(const char *ifname, uint8_t *buf, size_t *len, struct fc_err *err)
{
	static const uint8_t cmis_pages[] = { 0x01, 0x02, 0x11 };
	enum fc_rc rc;
	size_t i;

	*len = 0;
	if ((rc = fc_nl_module_read(ifname, 0x50, 0, 0, 0, buf, err)) != FC_OK ||
	    (rc = fc_nl_module_read(ifname, 0x50, 0, 0, 128, buf + 128, err)) != FC_OK)
		return rc;
	*len = 256;
	if (buf[0] == 0x03 && (buf[92] & 0x40)) {   /* SFP with digital diagnostics at 0x51 */
		if (fc_nl_module_read(ifname, 0x51, 0, 0, 0, buf + 256, NULL) == FC_OK &&
		    fc_nl_module_read(ifname, 0x51, 0, 0, 128, buf + 384, NULL) == FC_OK)
			*len = 512;
	} else if ((buf[0] == 0x0c || buf[0] == 0x0d || buf[0] == 0x11) && !(buf[2] & 0x04)) {
		memset(buf + 256, 0, 256);   /* pages 01h and 02h: not read */
		if (fc_nl_module_read(ifname, 0x50, 0x03, 0, 128, buf + 512, NULL) == FC_OK)
			*len = 640;
	} else if (is_cmis_paged(buf)) {
		for (i = 0; i < sizeof(cmis_pages); i++)
			if (fc_nl_module_read(ifname, 0x50, cmis_pages[i], 0, 128, buf + 256 + 128 * i, NULL) !=
			    FC_OK)
				break;
		if (i == sizeof(cmis_pages))
			*len = FC_CMIS_DUMP_LEN;
	}
	return FC_OK;
}

static enum fc_rc live_module(void *ctx, const char *ifname, struct fc_module_info *out, struct fc_err *err)
{
	struct ethtool_modinfo mi;
	struct ethtool_eeprom *ee;
	uint8_t buf[FC_CMIS_DUMP_LEN];
	size_t len;
	enum fc_rc rc;

	(void)ctx;
	/* netlink first (every page a module has); the ioctl's flat dump only where netlink says
	 * it does not support the query */
	if ((rc = module_netlink(ifname, buf, &len, err)) == FC_OK)
		return fc_module_decode(buf, len, out, err);
	if (rc != FC_ERR_UNSUPPORTED)
		return rc;
	fc_err_clear(err);
	memset(&mi, 0, sizeof(mi));
	mi.cmd = ETHTOOL_GMODULEINFO;
	if ((rc = ethtool_ioctl(ifname, &mi, err, "GMODULEINFO")) != FC_OK)
		return rc;
	if (mi.eeprom_len == 0 || mi.eeprom_len > 4096)
		return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "ethtool GMODULEINFO: EEPROM length %u",
				  mi.eeprom_len);
	if (!(ee = calloc(1, sizeof(*ee) + mi.eeprom_len)))
		return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
	ee->cmd = ETHTOOL_GMODULEEEPROM;
	ee->len = mi.eeprom_len;
	if ((rc = ethtool_ioctl(ifname, ee, err, "GMODULEEEPROM")) == FC_OK)
		rc = fc_module_decode(ee->data, ee->len, out, err);
	free(ee);
	return rc;
}

static enum fc_rc live_addresses(void *ctx, const char *ifname, char (*out)[64], size_t max, size_t *n,
				 struct fc_err *err)
{
	struct ifaddrs *ifa, *p;

	(void)ctx;
	*n = 0;
	if (getifaddrs(&ifa) != 0)
		return fc_err_set(err, FC_ERR_IO, NULL, 0, "getifaddrs: %s", strerror(errno));
	for (p = ifa; p; p = p->ifa_next) {
		char a[INET6_ADDRSTRLEN];
		int len = 0;

		if (!p->ifa_addr || strcmp(p->ifa_name, ifname))
			continue;
		if (p->ifa_addr->sa_family == AF_INET) {
			uint32_t m = p->ifa_netmask ? ntohl(((struct sockaddr_in *)(void *)p->ifa_netmask)->sin_addr.s_addr) : 0;

			inet_ntop(AF_INET, &((struct sockaddr_in *)(void *)p->ifa_addr)->sin_addr, a, sizeof(a));
			len = __builtin_popcount(m);
		} else if (p->ifa_addr->sa_family == AF_INET6) {
			const unsigned char *m = p->ifa_netmask ? ((struct sockaddr_in6 *)(void *)p->ifa_netmask)->sin6_addr.s6_addr : NULL;
			int k;

			inet_ntop(AF_INET6, &((struct sockaddr_in6 *)(void *)p->ifa_addr)->sin6_addr, a, sizeof(a));
			for (k = 0; m && k < 16; k++)
				len += __builtin_popcount(m[k]);
		} else {
			continue;
		}
		{
			char one[80];
			int k = snprintf(one, sizeof(one), "%s/%d", a, len);

			if (!fc_addr_push(out, max, n, one, (size_t)k, err)) {
				freeifaddrs(ifa);
				return FC_ERR_INPUT;
			}
		}
	}
	freeifaddrs(ifa);
	return FC_OK;
}

#ifdef FABCHECK_HAVE_IBVERBS
/* What verbs.h's inline ibv_query_port does: the provider's query_port when the context has one,
 * else the library's compatible entry point. */
static int fc_ibv_query_port(struct ibv_context *c, uint8_t port, struct ibv_port_attr *attr)
{
	struct verbs_context *vctx = verbs_get_ctx_op(c, query_port);

	if (!vctx) {
		memset(attr, 0, sizeof(*attr));
		return (fc_ibv()->ibv_query_port)(c, port, (struct _compat_ibv_port_attr *)(void *)attr);
	}
	return vctx->query_port(c, port, attr, sizeof(*attr));
}
#endif

static enum fc_rc live_verbs_mtu(void *ctx, const char *dev, int port, int *active_mtu, struct fc_err *err)
{
#ifdef FABCHECK_HAVE_IBVERBS
	struct ibv_device **list;
	struct ibv_context *c = NULL;
	struct ibv_port_attr attr;
	enum fc_rc rc = FC_ERR_UNSUPPORTED;
	int n = 0, i;

	(void)ctx;
	if (fc_dynlib_load(FC_LIB_IBVERBS, err) != FC_OK)
		return FC_ERR_UNSUPPORTED;
	list = (fc_ibv()->ibv_get_device_list)(&n);
	if (!list)
		return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "libibverbs: no device list (%s)", strerror(errno));
	for (i = 0; i < n && !c; i++)
		if (!strcmp(fc_ibv()->ibv_get_device_name(list[i]), dev))
			c = fc_ibv()->ibv_open_device(list[i]);
	if (!c) {
		fc_err_set(err, rc, NULL, 0, "libibverbs: cannot open %s", dev);
	} else if (fc_ibv_query_port(c, (uint8_t)port, &attr) != 0) {
		fc_err_set(err, rc, NULL, 0, "libibverbs: ibv_query_port %s/%d failed", dev, port);
	} else {
		*active_mtu = 128 << attr.active_mtu;   /* IBV_MTU_256 = 1 ... IBV_MTU_4096 = 5 */
		rc = FC_OK;
	}
	if (c)
		fc_ibv()->ibv_close_device(c);
	fc_ibv()->ibv_free_device_list(list);
	return rc;
#else
	(void)ctx;
	(void)dev;
	(void)port;
	(void)active_mtu;
	return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "fabcheck was built without libibverbs");
#endif
}

/* libnftables, as "nft -j list ruleset" would print it */
static enum fc_rc live_nft(void *ctx, char **json, struct fc_err *err)
{
	struct nft_ctx *nft;
	const char *out, *errs;
	enum fc_rc rc = FC_OK;

	(void)ctx;
	*json = NULL;
	if (fc_dynlib_load(FC_LIB_NFT, err) != FC_OK)
		return FC_ERR_UNSUPPORTED;
	nft = fc_nft()->nft_ctx_new(NFT_CTX_DEFAULT);
	if (!nft)
		return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "libnftables: cannot create a context");
	fc_nft()->nft_ctx_output_set_flags(nft, NFT_CTX_OUTPUT_JSON);
	fc_nft()->nft_ctx_buffer_output(nft);
	fc_nft()->nft_ctx_buffer_error(nft);
	if (fc_nft()->nft_run_cmd_from_buffer(nft, "list ruleset") != 0) {
		errs = fc_nft()->nft_ctx_get_error_buffer(nft);
		rc = fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "nftables: %.*s",
				(int)strcspn(errs ? errs : "failed", "\n"), errs ? errs : "failed");
	} else if (!(out = fc_nft()->nft_ctx_get_output_buffer(nft)) || !(*json = strdup(out))) {
		rc = fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "nftables: no output");
	}
	fc_nft()->nft_ctx_free(nft);
	return rc;
}

static enum fc_rc live_lldp(void *ctx, const char *socket, const char *ifname, struct fc_lldp_info *out,
			    struct fc_err *err)
{
	(void)ctx;
	return fc_lldpd_neighbour(socket, ifname, out, err);
}

static enum fc_rc live_ipt(void *ctx, char **text, struct fc_err *err)
{
	(void)ctx;
	return fc_ipt_save_live(text, err);
}

const struct fc_probe_ops fc_probe_live_ops = {
	.link = live_link,
	.drvinfo = live_drvinfo,
	.pause = live_pause,
	.fec = live_fec,
	.stats = live_stats,
	.module = live_module,
	.pfc_prevention = live_pfc_prevention,
	.dcb = live_dcb,
	.verbs_mtu = live_verbs_mtu,
	.nft_ruleset = live_nft,
	.ipt_save = live_ipt,
	.addresses = live_addresses,
	.lldp = live_lldp,
};
