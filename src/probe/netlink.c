/* SPDX-License-Identifier: MIT */
/* Netlink queries of the probe, with libmnl (validated attribute parsing of kernel replies):
 * - ethtool over generic netlink: ETHTOOL_MSG_LINKMODES_GET (speed, lanes, duplex, autoneg and the
 *   link modes as compact bitsets: ours' mask = supported, ours' value = advertised, peer's value
 *   = link partner); PAUSE_GET and FEC_GET (802.3x pause; FEC configured and active, named as the
 *   ioctl path names them); ETHTOOL_MSG_MODULE_EEPROM_GET (one upper page of a CMIS module: 01h, 02h,
 *   11h, which the ioctl's 256-byte dump does not reach);
 * - DCB over rtnetlink: RTM_GETDCB / DCB_CMD_IEEE_GET (IEEE PFC enables and delay, the APP table's
 *   DSCP entries, and the receive buffer layout where the driver reports one). */
#include <errno.h>
#include <linux/dcbnl.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <linux/rtnetlink.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "probe/probe.h"
#include "util/dl_mnl.h"

#define BUFSZ (64 * 1024)   /* replies */
#define REQSZ 4096          /* requests: a header and a few attributes */

/* Sends one request on a new socket and runs cb over the reply; errno-style result in *err. */
static int roundtrip(int proto, struct nlmsghdr *req, mnl_cb_t cb, void *data, int *err)
{
	struct mnl_socket *nl = fc_mnl()->mnl_socket_open(proto);
	char *buf = malloc(BUFSZ);
	unsigned seq = (unsigned)time(NULL), port;
	int ret = -1;

	*err = 0;
	if (!nl || !buf || fc_mnl()->mnl_socket_bind(nl, 0, MNL_SOCKET_AUTOPID) < 0) {
		*err = errno ? errno : ENOMEM;
		goto out;
	}
	port = fc_mnl()->mnl_socket_get_portid(nl);
	req->nlmsg_seq = seq;
	if (fc_mnl()->mnl_socket_sendto(nl, req, req->nlmsg_len) < 0) {
		*err = errno;
		goto out;
	}
	for (;;) {
		ssize_t n = fc_mnl()->mnl_socket_recvfrom(nl, buf, BUFSZ);

		if (n < 0) {
			*err = errno;
			break;
		}
		ret = fc_mnl()->mnl_cb_run(buf, (size_t)n, seq, port, cb, data);
		if (ret <= MNL_CB_STOP) {
			if (ret < 0)
				*err = errno;
			break;
		}
	}
out:
	free(buf);
	if (nl)
		fc_mnl()->mnl_socket_close(nl);
	return ret;
}

/* ---- generic netlink: the ethtool family id ------------------------------------------------ */

static int family_attr(const struct nlattr *a, void *data)
{
	if (fc_mnl()->mnl_attr_get_type(a) == CTRL_ATTR_FAMILY_ID && fc_mnl()->mnl_attr_validate(a, MNL_TYPE_U16) >= 0)
		*(uint16_t *)data = fc_mnl()->mnl_attr_get_u16(a);
	return MNL_CB_OK;
}

static int family_cb(const struct nlmsghdr *nlh, void *data)
{
	fc_mnl()->mnl_attr_parse(nlh, sizeof(struct genlmsghdr), family_attr, data);
	return MNL_CB_OK;
}

static uint16_t ethtool_family(int *err)
{
	char buf[REQSZ];
	struct nlmsghdr *nlh = fc_mnl()->mnl_nlmsg_put_header(buf);
	struct genlmsghdr *g;
	uint16_t id = 0;

	nlh->nlmsg_type = GENL_ID_CTRL;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	g = fc_mnl()->mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	g->cmd = CTRL_CMD_GETFAMILY;
	g->version = 1;
	fc_mnl()->mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, ETHTOOL_GENL_NAME);
	roundtrip(NETLINK_GENERIC, nlh, family_cb, &id, err);
	return id;
}

/* An ethtool genetlink GET request for ifname into buf (REQSZ bytes): header nest hdr_attr with
 * the device name and compact bitsets; the caller may add attributes. NULL when the kernel has no
 * ethtool family (why says so). */
static struct nlmsghdr *ethtool_req(char *buf, uint8_t cmd, uint16_t hdr_attr, const char *ifname, struct fc_err *err)
{
	struct nlmsghdr *nlh;
	struct genlmsghdr *g;
	struct nlattr *hdr;
	int e;
	uint16_t fam;

	if (fc_dynlib_load(FC_LIB_MNL, err) != FC_OK)
		return NULL;
	fam = ethtool_family(&e);
	if (!fam) {
		fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0,
			   "ethtool netlink: the kernel has no ethtool genetlink family");
		return NULL;
	}
	nlh = fc_mnl()->mnl_nlmsg_put_header(buf);
	nlh->nlmsg_type = fam;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	g = fc_mnl()->mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	g->cmd = cmd;
	g->version = ETHTOOL_GENL_VERSION;
	hdr = fc_mnl()->mnl_attr_nest_start(nlh, hdr_attr);
	fc_mnl()->mnl_attr_put_strz(nlh, ETHTOOL_A_HEADER_DEV_NAME, ifname);
	fc_mnl()->mnl_attr_put_u32(nlh, ETHTOOL_A_HEADER_FLAGS, ETHTOOL_FLAG_COMPACT_BITSETS);
	fc_mnl()->mnl_attr_nest_end(nlh, hdr);
	return nlh;
}

/* Sends the request; FC_ERR_UNSUPPORTED when the kernel or driver does not offer it. */
static enum fc_rc ethtool_send(struct nlmsghdr *nlh, mnl_cb_t cb, void *data, const bool *got, const char *what,
			       struct fc_err *err)
{
	int e;

	roundtrip(NETLINK_GENERIC, nlh, cb, data, &e);
	if (e || !*got)
		return fc_err_set(err, e == EOPNOTSUPP || e == ENOENT || e == ENODEV || e == EINVAL ? FC_ERR_UNSUPPORTED
				  : FC_ERR_IO, NULL, 0, "ethtool netlink %s: %s", what, e ? strerror(e) : "empty reply");
	return FC_OK;
}

/* ---- PAUSE_GET, FEC_GET ------------------------------------------------------------------------ */

struct pause_reply {
	struct fc_pause_info *out;
	bool got;
};

static int pause_attr(const struct nlattr *a, void *data)
{
	struct pause_reply *r = data;

	if (fc_mnl()->mnl_attr_validate(a, MNL_TYPE_U8) < 0)
		return MNL_CB_OK;
	switch (fc_mnl()->mnl_attr_get_type(a)) {
	case ETHTOOL_A_PAUSE_AUTONEG:
		r->out->autoneg = fc_mnl()->mnl_attr_get_u8(a), r->got = true;
		break;
	case ETHTOOL_A_PAUSE_RX:
		r->out->rx = fc_mnl()->mnl_attr_get_u8(a), r->got = true;
		break;
	case ETHTOOL_A_PAUSE_TX:
		r->out->tx = fc_mnl()->mnl_attr_get_u8(a), r->got = true;
		break;
	default:
		break;
	}
	return MNL_CB_OK;
}

static int pause_cb(const struct nlmsghdr *nlh, void *data)
{
	fc_mnl()->mnl_attr_parse(nlh, sizeof(struct genlmsghdr), pause_attr, data);
	return MNL_CB_OK;
}

enum fc_rc fc_nl_pause(const char *ifname, struct fc_pause_info *out, struct fc_err *err)
{
	char buf[REQSZ];
	struct pause_reply r = { out, false };
	struct nlmsghdr *nlh = ethtool_req(buf, ETHTOOL_MSG_PAUSE_GET, ETHTOOL_A_PAUSE_HEADER, ifname, err);

	memset(out, 0, sizeof(*out));
	return nlh ? ethtool_send(nlh, pause_cb, &r, &r.got, "PAUSE_GET", err) : FC_ERR_UNSUPPORTED;
}

/* The FEC link-mode bits, named as the ioctl path names ETHTOOL_FEC_* (ops_live.c). */
static const struct { unsigned bit; const char *name; } fec_bits[] = {
	{ ETHTOOL_LINK_MODE_FEC_NONE_BIT, "None" }, { ETHTOOL_LINK_MODE_FEC_RS_BIT, "RS" },
	{ ETHTOOL_LINK_MODE_FEC_BASER_BIT, "BaseR" }, { ETHTOOL_LINK_MODE_FEC_LLRS_BIT, "LLRS" },
};

struct fec_reply {
	bool got, autoneg;
	uint32_t active;
	bool has_active;
	uint32_t words[4];   /* the modes bitset's value (link modes 0..127) */
};

static int fec_attr(const struct nlattr *a, void *data)
{
	struct fec_reply *r = data;

	switch (fc_mnl()->mnl_attr_get_type(a)) {
	case ETHTOOL_A_FEC_AUTO:
		if (fc_mnl()->mnl_attr_validate(a, MNL_TYPE_U8) >= 0)
			r->autoneg = fc_mnl()->mnl_attr_get_u8(a), r->got = true;
		break;
	case ETHTOOL_A_FEC_ACTIVE:
		if (fc_mnl()->mnl_attr_validate(a, MNL_TYPE_U32) >= 0)
			r->active = fc_mnl()->mnl_attr_get_u32(a), r->has_active = r->got = true;
		break;
	case ETHTOOL_A_FEC_MODES:
		if (fc_mnl()->mnl_attr_validate(a, MNL_TYPE_NESTED) >= 0) {
			struct nlattr *b;   /* libmnl's iteration macro casts the cursor to char * */

			fc_mnl_for_each_nested(b, a) {
				if (fc_mnl()->mnl_attr_get_type(b) == ETHTOOL_A_BITSET_VALUE) {
					size_t len = fc_mnl()->mnl_attr_get_payload_len(b);

					memcpy(r->words, fc_mnl()->mnl_attr_get_payload(b), len < sizeof(r->words) ? len : sizeof(r->words));
					r->got = true;
				}
			}
		}
		break;
	default:
		break;
	}
	return MNL_CB_OK;
}

static int fec_cb(const struct nlmsghdr *nlh, void *data)
{
	fc_mnl()->mnl_attr_parse(nlh, sizeof(struct genlmsghdr), fec_attr, data);
	return MNL_CB_OK;
}

enum fc_rc fc_nl_fec(const char *ifname, struct fc_fec_info *out, struct fc_err *err)
{
	char buf[REQSZ];
	struct fec_reply r;
	struct nlmsghdr *nlh = ethtool_req(buf, ETHTOOL_MSG_FEC_GET, ETHTOOL_A_FEC_HEADER, ifname, err);
	enum fc_rc rc;
	size_t i;

	memset(&r, 0, sizeof(r));
	memset(out, 0, sizeof(*out));
	if (!nlh)
		return FC_ERR_UNSUPPORTED;
	if ((rc = ethtool_send(nlh, fec_cb, &r, &r.got, "FEC_GET", err)) != FC_OK)
		return rc;
	if (r.autoneg)
		snprintf(out->configured, sizeof(out->configured), "Auto");
	for (i = 0; i < sizeof(fec_bits) / sizeof(fec_bits[0]); i++) {
		unsigned b = fec_bits[i].bit;
		size_t len = strlen(out->configured);

		if (r.words[b / 32] & (1u << (b % 32)))
			snprintf(out->configured + len, sizeof(out->configured) - len, "%s%s", len ? " " : "",
				 fec_bits[i].name);
		if (r.has_active && r.active == b)
			snprintf(out->active, sizeof(out->active), "%s", fec_bits[i].name);
	}
	return FC_OK;
}

/* ---- LINKMODES_GET --------------------------------------------------------------------------- */

struct lm {
	struct fc_link_info *out;
	bool got;
};

static void bitset_modes(const struct nlattr *nest, bool mask, char (*out)[40], size_t *n)
{
	struct nlattr *a;   /* libmnl's iteration macro casts the cursor to char * */
	const uint32_t *words = NULL;
	uint32_t size = 0, len = 0, bit;

	fc_mnl_for_each_nested(a, nest) {
		int t = fc_mnl()->mnl_attr_get_type(a);

		if (t == ETHTOOL_A_BITSET_SIZE && fc_mnl()->mnl_attr_validate(a, MNL_TYPE_U32) >= 0)
			size = fc_mnl()->mnl_attr_get_u32(a);
		else if (t == (mask ? ETHTOOL_A_BITSET_MASK : ETHTOOL_A_BITSET_VALUE)) {
			words = fc_mnl()->mnl_attr_get_payload(a);
			len = fc_mnl()->mnl_attr_get_payload_len(a);
		}
	}
	*n = 0;
	if (!words)
		return;
	if (size > len * 8)
		size = len * 8;   /* never past the attribute the kernel sent */
	for (bit = 0; bit < size && *n < FC_MAX_MODES; bit++) {
		char tmp[32];
		const char *name;

		if (!(words[bit / 32] & (1u << (bit % 32))))
			continue;
		name = fc_link_mode_name((int)bit, tmp, sizeof(tmp));
		if (strstr(name, "base"))
			snprintf(out[(*n)++], 40, "%s", name);
	}
}

static int lm_attr(const struct nlattr *a, void *data)
{
	struct lm *l = data;
	struct fc_link_info *o = l->out;

	switch (fc_mnl()->mnl_attr_get_type(a)) {
	case ETHTOOL_A_LINKMODES_SPEED:
		if (fc_mnl()->mnl_attr_validate(a, MNL_TYPE_U32) >= 0)
			o->speed_mbps = fc_mnl()->mnl_attr_get_u32(a);
		break;
	case ETHTOOL_A_LINKMODES_LANES:
		if (fc_mnl()->mnl_attr_validate(a, MNL_TYPE_U32) >= 0)
			o->lanes = (int)fc_mnl()->mnl_attr_get_u32(a);
		break;
	case ETHTOOL_A_LINKMODES_DUPLEX:
		if (fc_mnl()->mnl_attr_validate(a, MNL_TYPE_U8) >= 0)
			o->duplex = fc_mnl()->mnl_attr_get_u8(a);
		break;
	case ETHTOOL_A_LINKMODES_AUTONEG:
		if (fc_mnl()->mnl_attr_validate(a, MNL_TYPE_U8) >= 0)
			o->autoneg = fc_mnl()->mnl_attr_get_u8(a);
		break;
	case ETHTOOL_A_LINKMODES_OURS:
		if (fc_mnl()->mnl_attr_validate(a, MNL_TYPE_NESTED) >= 0) {
			bitset_modes(a, true, o->supported, &o->nsupported);
			bitset_modes(a, false, o->advertised, &o->nadvertised);
		}
		break;
	case ETHTOOL_A_LINKMODES_PEER:
		if (fc_mnl()->mnl_attr_validate(a, MNL_TYPE_NESTED) >= 0)
			bitset_modes(a, false, o->partner, &o->npartner);
		break;
	default:
		break;
	}
	l->got = true;
	return MNL_CB_OK;
}

static int lm_cb(const struct nlmsghdr *nlh, void *data)
{
	fc_mnl()->mnl_attr_parse(nlh, sizeof(struct genlmsghdr), lm_attr, data);
	return MNL_CB_OK;
}

enum fc_rc fc_nl_linkmodes(const char *ifname, struct fc_link_info *out, struct fc_err *err)
{
	char buf[REQSZ];
	struct lm l = { out, false };
	struct nlmsghdr *nlh = ethtool_req(buf, ETHTOOL_MSG_LINKMODES_GET, ETHTOOL_A_LINKMODES_HEADER, ifname, err);

	memset(out, 0, sizeof(*out));
	out->duplex = 0xff;
	return nlh ? ethtool_send(nlh, lm_cb, &l, &l.got, "LINKMODES_GET", err) : FC_ERR_UNSUPPORTED;
}

/* ---- MODULE_EEPROM_GET: one 128-byte upper page ------------------------------------------------ */

struct page_reply {
	uint8_t *out;
	bool got;
};

static int page_attr(const struct nlattr *a, void *data)
{
	struct page_reply *r = data;

	if (fc_mnl()->mnl_attr_get_type(a) == ETHTOOL_A_MODULE_EEPROM_DATA && fc_mnl()->mnl_attr_get_payload_len(a) == 128) {
		memcpy(r->out, fc_mnl()->mnl_attr_get_payload(a), 128);
		r->got = true;
	}
	return MNL_CB_OK;
}

static int page_cb(const struct nlmsghdr *nlh, void *data)
{
	fc_mnl()->mnl_attr_parse(nlh, sizeof(struct genlmsghdr), page_attr, data);
	return MNL_CB_OK;
}

enum fc_rc fc_nl_module_read(const char *ifname, uint8_t i2c, uint8_t page, uint8_t bank, uint32_t offset,
			     uint8_t out[128], struct fc_err *err)
{
	char buf[REQSZ], what[64];
	struct page_reply r = { out, false };
	struct nlmsghdr *nlh = ethtool_req(buf, ETHTOOL_MSG_MODULE_EEPROM_GET, ETHTOOL_A_MODULE_EEPROM_HEADER, ifname,
					   err);

	if (!nlh)
		return FC_ERR_UNSUPPORTED;
	fc_mnl()->mnl_attr_put_u32(nlh, ETHTOOL_A_MODULE_EEPROM_OFFSET, offset);
	fc_mnl()->mnl_attr_put_u32(nlh, ETHTOOL_A_MODULE_EEPROM_LENGTH, 128);
	fc_mnl()->mnl_attr_put_u8(nlh, ETHTOOL_A_MODULE_EEPROM_PAGE, page);
	fc_mnl()->mnl_attr_put_u8(nlh, ETHTOOL_A_MODULE_EEPROM_BANK, bank);
	fc_mnl()->mnl_attr_put_u8(nlh, ETHTOOL_A_MODULE_EEPROM_I2C_ADDRESS, i2c);
	snprintf(what, sizeof(what), "MODULE_EEPROM_GET 0x%02x page %02xh offset %u", i2c, page, offset);
	return ethtool_send(nlh, page_cb, &r, &r.got, what, err);
}

/* ---- DCB (rtnetlink) -------------------------------------------------------------------------- */

static int dcb_ieee_attr(const struct nlattr *a, void *data)
{
	struct fc_dcb_info *o = data;
	struct nlattr *e;   /* libmnl's iteration macro casts the cursor to char * */

	switch (fc_mnl()->mnl_attr_get_type(a)) {
	case DCB_ATTR_IEEE_PFC:
		if (fc_mnl()->mnl_attr_get_payload_len(a) >= sizeof(struct ieee_pfc)) {
			const struct ieee_pfc *p = fc_mnl()->mnl_attr_get_payload(a);

			o->pfc = true;
			o->pfc_en = p->pfc_en;
			o->delay = (uint8_t)p->delay;
		}
		break;
	case DCB_ATTR_IEEE_APP_TABLE:
		o->app = true;
		fc_mnl_for_each_nested(e, a) {
			const struct dcb_app *app;

			if (fc_mnl()->mnl_attr_get_type(e) != DCB_ATTR_IEEE_APP || fc_mnl()->mnl_attr_get_payload_len(e) < sizeof(*app))
				continue;
			app = fc_mnl()->mnl_attr_get_payload(e);
			if (app->selector == IEEE_8021QAZ_APP_SEL_DSCP && app->protocol < 64 && app->priority < 8) {
				o->dscp_has |= (uint64_t)1 << app->protocol;
				o->dscp_prio[app->protocol] = app->priority;
			}
		}
		break;
	case DCB_ATTR_DCB_BUFFER:
		if (fc_mnl()->mnl_attr_get_payload_len(a) >= sizeof(struct dcbnl_buffer)) {
			const struct dcbnl_buffer *b = fc_mnl()->mnl_attr_get_payload(a);

			o->buffer = true;
			memcpy(o->prio2buffer, b->prio2buffer, sizeof(o->prio2buffer));
			memcpy(o->buffer_size, b->buffer_size, sizeof(o->buffer_size));
			o->total_size = b->total_size;
		}
		break;
	default:
		break;
	}
	return MNL_CB_OK;
}

static int dcb_attr(const struct nlattr *a, void *data)
{
	if (fc_mnl()->mnl_attr_get_type(a) == DCB_ATTR_IEEE && fc_mnl()->mnl_attr_validate(a, MNL_TYPE_NESTED) >= 0)
		fc_mnl()->mnl_attr_parse_nested(a, dcb_ieee_attr, data);
	return MNL_CB_OK;
}

static int dcb_cb(const struct nlmsghdr *nlh, void *data)
{
	fc_mnl()->mnl_attr_parse(nlh, sizeof(struct dcbmsg), dcb_attr, data);
	return MNL_CB_OK;
}

enum fc_rc fc_nl_dcb(const char *ifname, struct fc_dcb_info *out, struct fc_err *err)
{
	char buf[REQSZ];
	struct nlmsghdr *nlh;
	struct dcbmsg *d;
	int e;

	if (fc_dynlib_load(FC_LIB_MNL, err) != FC_OK)
		return FC_ERR_UNSUPPORTED;
	nlh = fc_mnl()->mnl_nlmsg_put_header(buf);
	nlh->nlmsg_type = RTM_GETDCB;
	nlh->nlmsg_flags = NLM_F_REQUEST;
	d = fc_mnl()->mnl_nlmsg_put_extra_header(nlh, sizeof(*d));
	d->dcb_family = AF_UNSPEC;
	d->cmd = DCB_CMD_IEEE_GET;
	fc_mnl()->mnl_attr_put_strz(nlh, DCB_ATTR_IFNAME, ifname);
	memset(out, 0, sizeof(*out));
	roundtrip(NETLINK_ROUTE, nlh, dcb_cb, out, &e);
	if (e)
		return fc_err_set(err, e == EOPNOTSUPP || e == EINVAL ? FC_ERR_UNSUPPORTED : FC_ERR_IO, NULL, 0,
				  "dcbnl IEEE_GET: %s", strerror(e));
	if (!out->pfc && !out->app && !out->buffer)
		return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0,
				  "dcbnl IEEE_GET: the driver reports no IEEE DCB state");
	return FC_OK;
}
