/* SPDX-License-Identifier: MIT */
/* fabcheck probe: reads a host's NIC, RDMA and QoS state straight from the kernel and writes the
 * host document (docs/host-document.md). No external command is spawned. Every file read goes
 * through a root prefix, and every kernel query through an ops table, so tests run the same code
 * on recorded trees and replies. Whatever cannot be read is written as {"unknown": reason}. */
#ifndef FC_PROBE_H
#define FC_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/err.h"

struct fc_fs;   /* where files are read: fs.h */
struct fc_fs_dir;

#define FC_MAX_MODES 128

#define FC_PORT_UNREPORTED 0xfe   /* fc_link_info.port when no source reported it */

struct fc_link_info {
	uint32_t speed_mbps;          /* 0 or UINT32_MAX: unknown (link down) */
	uint8_t duplex, port, autoneg;
	int lanes;                    /* 0: not reported */
	char supported[FC_MAX_MODES][40], advertised[FC_MAX_MODES][40], partner[FC_MAX_MODES][40];
	size_t nsupported, nadvertised, npartner;
};

struct fc_drv_info {
	char driver[64], version[64], firmware[128], bus[64];
};

struct fc_pause_info {
	bool autoneg, rx, tx;
};

struct fc_dcb_info {
	bool pfc;                     /* IEEE PFC read */
	uint8_t pfc_en, delay;        /* enabled priorities; delay: mlx5 uses it for the cable length (m) */
	bool app;                     /* APP table read */
	uint64_t dscp_has;            /* bit d: DSCP d has an APP entry */
	uint8_t dscp_prio[64];
	bool buffer;                  /* receive buffer layout read */
	uint8_t prio2buffer[8];
	uint32_t buffer_size[8], total_size;
	char trust[8];                /* "dscp" or "pcp" where the source states it (mlnx_qos); "" otherwise */
};

struct fc_fec_info {
	char configured[64], active[16];   /* "Auto RS BaseR", "RS" */
};

/* ethtool -S: n named 64-bit counters (malloc'd arrays; fc_stats_free releases them). */
struct fc_stats {
	size_t n;
	char (*names)[33];           /* ETH_GSTRING_LEN (32) + NUL */
	uint64_t *values;
};

void fc_stats_free(struct fc_stats *s);

#define FC_PFC_PREVENTION_AUTO 0xffff   /* the driver picks the timeout */

/* The module's own alarm and warning thresholds for one monitor (dBm for optical power). */
struct fc_module_th {
	bool set;
	double hi_alarm, lo_alarm, hi_warn, lo_warn;
};

struct fc_module_lane {
	bool has;
	double bias_ma, tx_dbm, rx_dbm;
};

/* A decoded module EEPROM (module.c), from the bytes or from `ethtool -m` text. */
struct fc_module_info {
	char identifier[24];          /* SFP, QSFP+, QSFP28, QSFP-DD, OSFP */
	char spec[16];                /* SFF-8472, SFF-8636, CMIS */
	char vendor[24], part[24], serial[24];
	char compliance[48];          /* one spelling: "100GBASE-CR4", "25GBASE-CR CA-L", "100G AOC" */
	char cable[24];               /* passive copper, active copper, active cable, optical */
	bool has_length;              /* copper and active cables: the assembly length */
	double length_m;
	bool dom;                     /* the module has monitors (passive copper has none) */
	bool has_temp, has_volt;
	double temp_c, volt_v;
	int nlanes;
	struct fc_module_lane lane[8];
	struct fc_module_th th_temp, th_volt, th_bias, th_tx, th_rx;
	char lanes_why[160];          /* set when the module has lane monitors that could not be read */
};

/* The CMIS layout fc_module_decode reads (768 bytes would hold page 10h too; it is not used):
 * 0..255 lower memory and page 00h (what the ioctl returns), 256..383 page 01h, 384..511
 * page 02h, 512..639 page 11h of bank 0. A 256-byte CMIS dump decodes without lane monitors. */
#define FC_CMIS_DUMP_LEN 640

enum fc_rc fc_module_decode(const uint8_t *ee, size_t len, struct fc_module_info *out, struct fc_err *err);
enum fc_rc fc_module_text(const char *text, struct fc_module_info *out, struct fc_err *err);

/* The host document's "module" section (module_json.c). */
struct json_object;
struct json_object *fc_module_json(const struct fc_module_info *m);

/* The LLDP neighbour lldpd saw on an interface. */
struct fc_lldp_info {
	char system_name[256];        /* "" when the neighbour sends no System Name TLV */
	char port_id[256];
	char port_id_type[16];        /* lldpd's words: ifname, mac, local, ip, ifalias */
};

/* Kernel queries. Every member is required; a query the device cannot answer returns
 * FC_ERR_UNSUPPORTED with the reason in why. */
struct fc_probe_ops {
	enum fc_rc (*link)(void *ctx, const char *ifname, struct fc_link_info *out, struct fc_err *err);
	enum fc_rc (*drvinfo)(void *ctx, const char *ifname, struct fc_drv_info *out, struct fc_err *err);
	enum fc_rc (*pause)(void *ctx, const char *ifname, struct fc_pause_info *out, struct fc_err *err);
	enum fc_rc (*fec)(void *ctx, const char *ifname, struct fc_fec_info *out, struct fc_err *err);
	enum fc_rc (*dcb)(void *ctx, const char *ifname, struct fc_dcb_info *out, struct fc_err *err);
	/* ETHTOOL_GSTATS with its ETH_SS_STATS names */
	enum fc_rc (*stats)(void *ctx, const char *ifname, struct fc_stats *out, struct fc_err *err);
	/* the pluggable module (ETHTOOL_GMODULEINFO + GMODULEEEPROM, decoded) */
	enum fc_rc (*module)(void *ctx, const char *ifname, struct fc_module_info *out, struct fc_err *err);
	/* ETHTOOL_GTUNABLE pfc-prevention-tout: ms, 0 off, FC_PFC_PREVENTION_AUTO */
	enum fc_rc (*pfc_prevention)(void *ctx, const char *ifname, unsigned *ms, struct fc_err *err);
	/* libibverbs ibv_query_port: the active MTU in bytes (256..4096) of dev/port */
	enum fc_rc (*verbs_mtu)(void *ctx, const char *dev, int port, int *active_mtu, struct fc_err *err);
	/* the legacy iptables filter table in iptables-save syntax (malloc'd into *text); asked only
	 * when <root>/proc/net/ip_tables_names lists "filter" */
	enum fc_rc (*ipt_save)(void *ctx, char **text, struct fc_err *err);
	/* the nftables ruleset as the JSON of "nft -j list ruleset" (malloc'd into *json) */
	enum fc_rc (*nft_ruleset)(void *ctx, char **json, struct fc_err *err);
	/* "a.b.c.d/len" and IPv6 strings into out[0..max) */
	enum fc_rc (*addresses)(void *ctx, const char *ifname, char (*out)[64], size_t max, size_t *n,
		    struct fc_err *err);
	/* the neighbour a running lldpd saw on ifname (liblldpctl over socket; NULL: lldpd's default) */
	enum fc_rc (*lldp)(void *ctx, const char *socket, const char *ifname, struct fc_lldp_info *out,
		    struct fc_err *err);
};

/* The live kernel (ioctl SIOCETHTOOL, getifaddrs). */
extern const struct fc_probe_ops fc_probe_live_ops;
/* Recorded replies under <root>/.fabcheck-replies/<ifname>.json (tests, replays). */
extern const struct fc_probe_ops fc_probe_recorded_ops;
/* Agentless: the stored outputs of ethtool, ip -j and nft -j under <root>/.fabcheck-outputs/
 * (ops_text.c). */
extern const struct fc_probe_ops fc_probe_text_ops;

/* The text parsers behind fc_probe_text_ops (NUL-terminated input; FC_ERR_INPUT with
 * "line N: ..." in why, FC_ERR_UNSUPPORTED when the tool reported the query unsupported). */
enum fc_rc fc_ethtool_settings_text(const char *text, struct fc_link_info *out, struct fc_err *err);
enum fc_rc fc_ethtool_drvinfo_text(const char *text, struct fc_drv_info *out, struct fc_err *err);
enum fc_rc fc_ethtool_pause_text(const char *text, struct fc_pause_info *out, struct fc_err *err);
enum fc_rc fc_ethtool_fec_text(const char *text, struct fc_fec_info *out, struct fc_err *err);
/* out is malloc'd: fc_stats_free */
enum fc_rc fc_ethtool_stats_text(const char *text, struct fc_stats *out, struct fc_err *err);
enum fc_rc fc_ethtool_tunable_text(const char *text, unsigned *ms, struct fc_err *err);
/* mlnx_qos -i IF (MLNX_OFED): trust, dscp2prio, cable length, PFC, receive buffers */
enum fc_rc fc_mlnx_qos_text(const char *text, struct fc_dcb_info *out, struct fc_err *err);
/* iproute2 dcb -j: pfc / app / buffer show dev IF, each filling its part of out (dcb_json.c) */
enum fc_rc fc_dcb_pfc_json(const char *text, struct fc_dcb_info *out, struct fc_err *err);
enum fc_rc fc_dcb_app_json(const char *text, struct fc_dcb_info *out, struct fc_err *err);
enum fc_rc fc_dcb_buffer_json(const char *text, struct fc_dcb_info *out, struct fc_err *err);
/* ibv_devinfo: the active MTU of dev/port (256..4096) */
enum fc_rc fc_ibv_devinfo_mtu(const char *text, const char *dev, int port, int *mtu, struct fc_err *err);
/* liblldpctl: the neighbour lldpd saw on ifname (socket NULL: lldpd's default) */
enum fc_rc fc_lldpd_neighbour(const char *socket, const char *ifname, struct fc_lldp_info *out, struct fc_err *err);
/* ip link show / ip address show text (ip_text.c): one entry per interface, values with lines.
 * A field longer than its buffer is an error naming the line (Linux names are at most 15). */
struct fc_ip_iface {
	char name[16], flags[160], state[16], master[16], type[32], mac[64];
	int ifindex, mtu;             /* mtu -1: not printed */
	unsigned line, mac_line;      /* the header line; the link/ line */
	char (*addrs)[64];            /* malloc'd, as many as printed */
	unsigned *addr_line;
	size_t naddrs, addr_cap;
};
/* Every interface of the output into *out (malloc'd: fc_ip_free). FC_ERR_UNSUPPORTED when the
 * output is the tool's error (no such device, -j unknown). */
enum fc_rc fc_ip_text(const char *text, struct fc_ip_iface **out, size_t *n, struct fc_err *err);
void fc_ip_free(struct fc_ip_iface *ifs, size_t n);
/* Most addresses the probe's address query takes for one interface: more is an error, not a cut. */
#define FC_MAX_ADDRS 4096
/* Appends addr to out[0..max) (the addresses query's contract); false with why when it is full or
 * addr does not fit. */
bool fc_addr_push(char (*out)[64], size_t max, size_t *n, const char *addr, size_t len, struct fc_err *err);
/* lldpcli -f json0 show neighbors details: the neighbour on ifname (lldp_text.c) */
enum fc_rc fc_lldpcli_json0(const char *text, const char *ifname, struct fc_lldp_info *out, struct fc_err *err);
enum fc_rc fc_ip_addr_json(const char *text, const char *ifname, char (*out)[64], size_t max, size_t *n,
			   struct fc_err *err);

/* pam_limits' memlock for a named user (limits.c). */
struct fc_memlock {
	int prio;                     /* 0: no entry applied; then *, @group, user */
	int64_t bytes;                /* -1: unlimited */
	char source[640];             /* "/etc/security/limits.d/90-rdma.conf:3" */
};
enum fc_rc fc_limits_memlock(const struct fc_fs *fs, const char *user, struct fc_memlock *st, struct fc_err *err);
/* One limits file's text applied on top of st (file names errors: "file:line: ..."). */
enum fc_rc fc_limits_text(const char *text, const char *file, const struct fc_fs *fs, const char *user,
			  struct fc_memlock *st, struct fc_err *err);

/* The ops for a file access: live for this machine, the stored tool outputs when fs holds
 * /.fabcheck-outputs/ (an agentless capture), the recorded kernel replies otherwise. Each op gets
 * the fs as its ctx. */
const struct fc_probe_ops *fc_probe_ops_for(const struct fc_fs *fs);

struct fc_probe_opts {
	const struct fc_fs *fs;       /* where files are read: this machine, a recorded tree, a capture */
	const char *const *ifaces;    /* NULL: every interface in /sys/class/net but lo */
	size_t nifaces;
	const struct fc_probe_ops *ops;   /* NULL: fc_probe_ops_for(fs) */
	const char *hostname;         /* NULL: /proc/sys/kernel/hostname */
	const char *memlock_user;     /* NULL: the probing process's own limit */
	const char *lldpd_socket;     /* NULL: liblldpctl's default (/run/lldpd.socket) */
};

/* Writes the host document to *json (malloc'd, the caller frees). *usable is false when nothing
 * usable was read (the CLI exits 3 then). */
enum fc_rc fc_probe_run(const struct fc_probe_opts *o, char **json, bool *usable, struct fc_err *err);

/* A small text file (a sysfs attribute) through fs (fs.h), trailing newline removed. False with
 * the reason (absent, permission denied, not readable, longer than size - 2) in why. */
bool fc_sys_read(const struct fc_fs *fs, const char *path, char *buf, size_t size, struct fc_err *err);
/* fc_sys_read of DIR/name in a directory opened once (fc_fs_dir_open). */
bool fc_sys_read_at(const struct fc_fs_dir *d, const char *name, char *buf, size_t size, struct fc_err *err);

const char *fc_link_mode_name(int bit, char *buf, size_t size);

struct doc;
/* "accept", "drop", or NULL with the reason, for a new inbound RoCEv2 packet (UDP 4791) on ifname,
 * from the JSON of "nft -j list ruleset" (nft.c). where names the deciding chain or rule. */
const char *fc_nft_roce_verdict(const struct doc *d, const char *ifname, struct fc_err *err, char *where,
				size_t wheresz);

/* "accept", "drop", or NULL with the reason, for a new inbound RoCEv2 packet on ifname, from the
 * legacy filter table in iptables-save syntax (iptables.c); where names the deciding rule. */
const char *fc_ipt_roce_verdict(const char *save, const char *ifname, struct fc_err *err, char *where,
				size_t wheresz);
/* This namespace's legacy filter table through libip4tc, in iptables-save syntax (ipt_live.c). */
enum fc_rc fc_ipt_save_live(char **text, struct fc_err *err);

/* Netlink (netlink.c): ethtool LINKMODES_GET over generic netlink, DCB IEEE over rtnetlink.
 * FC_ERR_UNSUPPORTED when the kernel or the driver does not offer them. */
enum fc_rc fc_nl_linkmodes(const char *ifname, struct fc_link_info *out, struct fc_err *err);
enum fc_rc fc_nl_dcb(const char *ifname, struct fc_dcb_info *out, struct fc_err *err);
enum fc_rc fc_nl_pause(const char *ifname, struct fc_pause_info *out, struct fc_err *err);
enum fc_rc fc_nl_fec(const char *ifname, struct fc_fec_info *out, struct fc_err *err);
/* 128 bytes of the module at I2C address i2c (0x50; 0x51 for SFF-8472 diagnostics): the lower
 * memory at offset 0, or upper page `page` of bank `bank` at offset 128. */
enum fc_rc fc_nl_module_read(const char *ifname, uint8_t i2c, uint8_t page, uint8_t bank, uint32_t offset,
			     uint8_t out[128], struct fc_err *err);

#endif
