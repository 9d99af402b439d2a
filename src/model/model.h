/* SPDX-License-Identifier: MIT */
/* The normalised fabric model. Every attribute is a value that is either known, with the file
 * and line it came from, or unknown, with the reason. Nothing defaults to a plausible value:
 * zero-initialised means unknown. The model's arena owns everything reachable from it. */
#ifndef FC_MODEL_H
#define FC_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/vocab.h"
#include "util/arena.h"
#include "util/err.h"

/* Packed to 12 bytes: every value in the model carries one, and with fc_meta's flag in what would
 * be padding a value's metadata is 24 bytes instead of 32 (a fleet has millions of values). */
struct __attribute__((packed)) fc_src {
	const char *file;   /* interned path, relative to the snapshot or inventory; NULL if none */
	unsigned line;      /* 0 when the source has no lines (e.g. a sysfs read) */
};

struct fc_meta {
	struct fc_src src;
	bool known;
	bool managed;       /* when unknown: the platform sizes or decides it itself and no output
			     * states it (structural, the same on every port: fc_set_managed) */
	const char *why;    /* when unknown: the reason (NULL = "no collected output reports it");
			     * when known, optionally how it was decided (a platform default) */
};

struct fc_int { struct fc_meta m; int64_t v; };
struct fc_dbl { struct fc_meta m; double v; };
struct fc_bool { struct fc_meta m; bool v; };
struct fc_str { struct fc_meta m; const char *v; };
struct fc_strlist { struct fc_meta m; const char **v; size_t n, cap; };   /* cap: slots in v */
/* Values of the vocabulary (model/vocab.h): set with fc_set_<kind>, named with fc_<kind>_name. */
struct fc_fec_val { struct fc_meta m; enum fc_fec v; };
struct fc_medium_val { struct fc_meta m; enum fc_medium v; };
struct fc_cable_val { struct fc_meta m; enum fc_cable v; };
struct fc_cable_class_val { struct fc_meta m; enum fc_cable_class v; };
struct fc_trust_val { struct fc_meta m; enum fc_trust v; };
struct fc_port_mode_val { struct fc_meta m; enum fc_port_mode v; };
struct fc_link_layer_val { struct fc_meta m; enum fc_link_layer v; };
struct fc_asic_val { struct fc_meta m; enum fc_asic v; };

#define FC_PRIO_COUNT 8

/* Per-priority ingress buffer of a port: switch pause buffer / thresholds, host receive buffer. */
struct fc_pg {
	struct fc_int size;      /* bytes reserved for the priority group (its pause buffer) */
	struct fc_int xoff;      /* bytes at which pause is sent (the pause threshold) */
	struct fc_int xon;       /* bytes at which pause is released (the resume threshold) */
	struct fc_int headroom;  /* bytes held for what arrives once pause is sent, where the platform
				  * states it (a buffer profile's own xoff); else it is size - xoff */
};

/* A port's ingress buffer of one priority as one output line gives it: a switch's pause buffer and
 * thresholds (size, xoff, xon), a host's receive buffer (size). The fields share the line, so the
 * port keeps one provenance for them: 56 bytes a priority instead of struct fc_pg's 128 (a fleet
 * has 200,000 ports with eight each). fc_iface_pg() gives it as a struct fc_pg. */
enum { FC_PG_SIZE = 1, FC_PG_XOFF = 2, FC_PG_XON = 4 };
struct fc_pg_row {
	struct fc_meta m;                    /* known: the line that gave the row; unknown: why */
	int64_t size, xoff, xon;
	uint8_t have;                        /* FC_PG_*: the fields the line gave */
};

struct fc_dom_val {
	struct fc_meta m;
	double v;
	double hi_alarm, lo_alarm, hi_warn, lo_warn;   /* +-INFINITY: no limit on that side */
	char flag[4];                        /* "++", "+", "-", "--" or "" as printed */
	bool thresholds;                     /* the module reported its own thresholds (beside flag: 8 bytes
					      * less per value, five per lane, hundreds of thousands of lanes) */
};

struct fc_dom_lane {
	int lane;                            /* 0 when the module has one set of values */
	struct fc_dom_val temp_c, volt_v, bias_ma, tx_dbm, rx_dbm;
};

struct fc_xcvr {
	struct fc_bool present;
	struct fc_str type;                  /* e.g. QSFP-100G-CR4 */
	struct fc_str vendor, part, serial;
	struct fc_int bitrate_mbps;          /* nominal bitrate per lane */
	struct fc_dbl cable_len_m;           /* DAC length from the EEPROM */
	struct fc_cable_class_val dac_class; /* a DAC's class, from its compliance or type text
					      * (fc_adapter_finalize, for every platform) */
	struct fc_bool dom_supported;
	struct fc_dom_lane *lanes;
	size_t nlanes, lanes_cap;
};

struct fc_dscp_map {
	struct fc_meta m;
	uint64_t has;                        /* bit d set: dscp d has an entry */
	uint8_t prio[64];
};

struct fc_counter {
	const char *name;
	int64_t value;
};

/* The traffic classes of the fabric that are followed through every switch port (intent). */
enum fc_tclass { FC_TC_ROCE, FC_TC_CNP, FC_TC_COUNT };

/* One traffic class through one switch port, resolved by the port's adapter with its platform's
 * precedence (the port's own policy over a system-wide one, an operational value over the
 * configuration). Each field is known with the line that decided it, or unknown with why
 * ("attached but not defined", "no output shows it"). Sizes are bytes, whatever unit the platform
 * writes. Rules read hops, never a platform's policy tree (docs/architecture.md). */
struct fc_hop {
	/* classification, in the order the port applies it */
	struct fc_str classifier;      /* the classification policy that applies */
	struct fc_bool per_port;       /* it is the port's own (else system-wide) */
	struct fc_trust_val trust;     /* the header field it classifies by */
	struct fc_str match;           /* the class of the classifier that took the traffic */
	struct fc_int tc;              /* traffic class (internal priority, queue group) the traffic is put in */
	struct fc_int dscp_out;        /* the DSCP it leaves with: its own unless re-marked */
	struct fc_int pcp_strict;      /* bit p: a frame tagged with priority p leaves by a strict-priority
					* queue; unknown when the classifier does not read the PCP */
	/* the traffic class */
	struct fc_str tc_name;         /* the class that sets no-drop and MTU for tc */
	struct fc_int pfc_cos;         /* bit p: priority p is no-drop (paused) in that class */
	struct fc_int mtu;             /* the class MTU, bytes */
	/* egress */
	struct fc_str queue;           /* the egress queue tc leaves by, as the platform names it */
	struct fc_bool queue_per_port; /* its scheduling policy is the port's own */
	struct fc_int strict;          /* strict-priority level (1 highest), 0: weighted */
	struct fc_int bw_percent;      /* weighted: its bandwidth share, percent */
	struct fc_bool ecn;            /* congestion marks ECN (false: drops, or nothing) */
	struct fc_int kmin, kmax;      /* marking/drop thresholds, bytes */
	struct fc_int prob;            /* marking probability at kmax, percent */
	struct fc_int weight;          /* queue averaging weight; 0: instantaneous depth */
	struct fc_str pause_queue;     /* the egress queue a pause frame for tc's priority stops, named as
					* queue is (a platform's priority-to-queue map) */
	struct fc_bool queue_lossless; /* the queue's egress buffer is lossless (false: it drops when its
					* share of the buffer is full, however the peer pauses) */
	/* ingress buffer of tc's priority group */
	struct fc_pg buf;              /* size, xoff (pause), xon (resume), bytes */
	struct fc_bool buf_per_port;   /* set by the port's own policy (else system-wide) */
	struct fc_bool buf_dynamic;    /* thresholds scale with the free shared buffer (else fixed bytes) */
};

/* What only a host's NIC has: kept apart from the port, so a switch's ports (a fleet has hundreds
 * of thousands) do not carry 700 bytes of values that are always unknown on them. */
struct fc_nic {
	struct fc_str driver, driver_version, firmware;
	struct fc_str pci_addr, pci_cur_speed, pci_max_speed;
	struct fc_int pci_cur_width, pci_max_width, numa_node;
	struct fc_str pci_up_addr, pci_up_cur_speed, pci_up_max_speed;   /* the upstream bridge port */
	struct fc_int pci_up_cur_width, pci_up_max_width;
	struct fc_int ecn_np_prios, ecn_rp_prios, cnp_dscp;
	struct fc_int cnp_prio;              /* 802.1p priority the NIC sends CNPs on (ecn/roce_np/cnp_802p_prio) */
	struct fc_int arp_ignore, arp_announce;  /* effective: the higher of "all" and the interface's */
	struct fc_int pfc_prev_tout_ms;      /* ethtool pfc-prevention-tout: 0 off, -1 auto (driver's choice) */
};

/* What only a switch's port has: kept apart from the port, so a host's NICs (a fleet has
 * half a million) do not carry 700 bytes of values that are always unknown on them. */
struct fc_swport {
	struct fc_str breakout;              /* the breakout of the parent port, as the platform names it
					      * (e.g. 50g-2x: 50G ports of 2 lanes each) */
	struct fc_bool pfc_watchdog;
	struct fc_str acl_in, acl_out;       /* the IP ACLs attached here, by name */
	struct fc_str lag;                   /* the port-channel (LAG) this port is a member of */
	/* counters, as read at collection time */
	struct fc_int cnt_crc, cnt_in_errors, cnt_giants, cnt_resets, cnt_rx_ppp, cnt_tx_ppp;
	/* the port's other name where the platform has one (an alias such as "etp1a"), which LLDP
	 * neighbours may see as its port id */
	struct fc_str alias;
	/* the neighbour the device's own configuration declares on the port (a neighbour table):
	 * a second cabling plan, kept by the switch */
	struct fc_str decl_peer, decl_peer_port;
};

struct fc_iface {
	const char *name;
	struct fc_device *dev;
	struct fc_str admin_state, oper_state, description, mac;
	struct fc_port_mode_val port_mode;
	struct fc_strlist addresses;         /* "a.b.c.d/len" or IPv6 */
	struct fc_int speed_mbps, lanes;
	struct fc_int mtu;                   /* a switch port: the largest L2 frame without FCS (adapters
					      * convert an IP MTU); a host: the IP MTU (ip link) */
	struct fc_str duplex;                /* full, half, auto */
	struct fc_bool autoneg;
	struct fc_medium_val medium;
	struct fc_strlist modes_supported, modes_advertised, modes_partner; /* ethtool link-mode names */
	struct fc_str link_mode;             /* the mode in use, ethtool name */
	struct fc_fec_val fec_config, fec_active;
	struct fc_bool pause_rx, pause_tx;   /* 802.3x */
	struct fc_str pfc_mode;              /* on, auto, off */
	struct fc_int pfc_prios;             /* bit p: priority p is PFC-enabled (lossless) here */
	struct fc_trust_val trust;
	struct fc_dscp_map dscp_map;
	struct fc_pg_row *pg;                /* [FC_PRIO_COUNT] by priority, NULL until an output gives one:
					      * fc_iface_pg() reads, fc_iface_pg_set() / _unknown() write */
	struct fc_int cable_model_m;         /* cable length the port's headroom is computed for */
	/* a switch port's attachments, capabilities and counters: made with every port of a switch
	 * (fc_dev_iface), NULL on a host's; fc_swport() reads, an adapter writes ifc->sw */
	struct fc_swport *sw;
	/* host NIC: driver, PCIe, DCQCN, ARP (NULL on a port no host output described): fc_nic() reads,
	 * fc_nic_mut() writes */
	struct fc_nic *nic;
	struct fc_meta stats_m;              /* ethtool -S, the lossless-relevant subset (docs/probe.md) */
	struct fc_counter *stats;
	size_t nstats;
	size_t stats_cap;                    /* room in stats (fc_iface_add_stats); 0: exactly nstats */
	/* the transceiver: NULL until an output describes one (most ports of a state output never
	 * have one: 300 bytes each): fc_xcvr() reads, fc_xcvr_mut() writes */
	struct fc_xcvr *xcvr;
	/* LLDP, one neighbour */
	struct fc_str lldp_sysname, lldp_port;
	/* switch port: the fabric's traffic classes through it, [FC_TC_COUNT]; NULL until resolved */
	struct fc_hop *hops;
	bool linked;                         /* an end of a link of the topology (plan or LLDP) */
};

enum fc_portop { FC_PORT_ANY = 0, FC_PORT_EQ, FC_PORT_NEQ, FC_PORT_LT, FC_PORT_GT, FC_PORT_RANGE };

struct fc_portmatch {
	enum fc_portop op;
	uint16_t lo, hi;
};

struct fc_addrmatch {
	bool any;
	bool v6;                             /* IPv6 entry: never matches IPv4 traffic */
	uint32_t net, mask;                  /* IPv4, host order */
};

struct fc_ace {
	int64_t seq;
	bool permit;
	bool remark;
	int proto;                           /* IP protocol number; -1 = any (ip) */
	struct fc_addrmatch src, dst;
	struct fc_portmatch sport, dport;
	int dscp;                            /* -1 = any */
	const char *text;
	struct fc_src loc;
	struct fc_int hits;                  /* packets the entry matched, where a counter output was read */
};

struct fc_acl {
	const char *name;
	struct fc_src src;
	bool standard;                       /* a standard ACL: its entries match the source address only */
	struct fc_ace *aces;
	size_t n, cap;
};

struct fc_gid {
	int index;
	const char *gid;                     /* canonical text, lower case */
	const char *type;                    /* "RoCE v2" or "IB/RoCE v1" */
	const char *netdev;
	struct fc_src src;
};

struct fc_rdma_port {
	int num;
	struct fc_str state, phys_state, netdev, roce_mode;
	struct fc_link_layer_val link_layer;
	struct fc_int active_mtu, roce_tos;
	struct fc_str rate;                  /* as the kernel wrote it: "100 Gb/sec (4X EDR)" */
	struct fc_int rate_mbps, width;      /* parsed from it where it parses */
	struct fc_meta hw_counters_m;        /* whether hw_counters were read */
	struct fc_counter *hw_counters;      /* out_of_buffer, np_cnp_sent, rp_cnp_handled, ... */
	size_t nhw_counters;
	struct fc_meta gids_m;               /* whether the GID table was read */
	struct fc_gid *gids;
	size_t ngids, gids_cap;
};

struct fc_rdma_dev {
	const char *name;
	struct fc_str kind;                  /* hw, rxe, siw */
	struct fc_str fw_ver, board_id, hca_type;
	struct fc_rdma_port *ports;
	size_t nports, ports_cap;
};

enum fc_devkind { FC_DEV_SWITCH, FC_DEV_HOST };

/* What a platform's adapter fills (struct fc_adapter.caps, copied to each device), and what a rule
 * reads (struct fc_rule.reads_switch, .reads_host). A rule's needs (a part of what it reads) are
 * checked by the engine, which gives one uniform UNKNOWN where a device's adapter cannot provide
 * them (fc_cap_names); fc_cap_filled tells whether a device's model holds any value of a kind, so
 * a test can hold every adapter's declaration to what it fills. */
enum fc_cap {
	FC_CAP_QOS_PATH = 1u << 0,   /* the resolved QoS path of every port (struct fc_hop) */
	FC_CAP_CONFIG = 1u << 1,     /* the configuration: PFC watchdog, port mode, breakout */
	FC_CAP_PG_BUFFERS = 1u << 2, /* per-priority ingress buffers and thresholds, the cable they are for */
	FC_CAP_COUNTERS = 1u << 3,   /* interface, PFC, FEC and RDMA counters */
	FC_CAP_ASIC = 1u << 4,       /* the ASIC family, for its published headroom table */
	FC_CAP_LLDP = 1u << 5,       /* LLDP neighbours */
	FC_CAP_DOM = 1u << 6,        /* transceiver EEPROM and digital diagnostics */
	FC_CAP_ACL = 1u << 7,        /* IP ACLs and where they are attached */
	FC_CAP_LINK = 1u << 8,       /* a port's link: state, speed, lanes, autonegotiation, FEC, mode, medium */
	FC_CAP_PFC = 1u << 9,        /* a port's PFC priorities and 802.3x pause */
	FC_CAP_MTU = 1u << 10,       /* a port's MTU */
	FC_CAP_ADDRESS = 1u << 11,   /* a port's IP addresses */
	FC_CAP_CLASSIFY = 1u << 12,  /* a port's classification: trust and DSCP-to-priority map */
	FC_CAP_RDMA = 1u << 13,      /* RDMA devices: GIDs, RoCE mode, active MTU, firmware */
	FC_CAP_NIC = 1u << 14,       /* a host NIC's PCIe link, DCQCN, CNP, ARP and pause-storm settings */
	FC_CAP_FIREWALL = 1u << 15,  /* the host firewall's verdict on UDP 4791 */
	FC_CAP_SYSTEM = 1u << 16,    /* host limits and power settings: memlock, ASPM */
};
#define FC_CAP_COUNT 17
/* Whether the device's model holds any value of that kind (one bit of enum fc_cap). */
bool fc_cap_filled(const struct fc_device *d, unsigned cap);
/* "the QoS path", "per-PG buffers", ... of every bit in caps, ", "-separated, into buf. */
const char *fc_cap_names(unsigned caps, char *buf, size_t size);

enum fc_devstatus {
	FC_DEV_OK,           /* every expected output parsed */
	FC_DEV_NODATA,       /* nothing collected or given for the device */
	FC_DEV_COLLECT_FAILED,
	FC_DEV_PARSE_ERROR,  /* an output could not be parsed: errors[] has file:line */
	FC_DEV_INTENT,       /* host described by inventory intent only (CI gate) */
};

/* Characters of a line seen but not understood that reports show (then an ellipsis). */
#define FC_UNPARSED_SHOWN 120

struct fc_unparsed {
	struct fc_src src;
	const char *text;                    /* at most FC_UNPARSED_SHOWN bytes and U+2026 */
};

/* Two outputs of one device that give one value differently: the configuration says one thing and
 * the running state another (a change not applied, a port that did not take it). The state's value
 * is the one the rules judge; both are kept, for the DATA-CONFLICT rule. */
struct fc_conflict {
	const char *subject;                 /* the port ("Ethernet1/1"), or NULL for the device */
	const char *field;                   /* the model's field, as fabcheck parse prints it ("mtu") */
	const char *used, *other;            /* the values as text: the one judged, the one set aside */
	struct fc_src used_src, other_src;
};

/* One row of a platform's headroom table: at mbps over cables up to cable_m, xoff bytes. */
struct fc_hr_row {
	int64_t mbps;
	double cable_m;
	int64_t xoff;
	struct fc_src src;
};

struct fc_device {
	const char *name, *platform, *role, *address;
	enum fc_devkind kind;
	enum fc_devstatus status;
	unsigned caps;                       /* FC_CAP_* its adapter provides */
	bool live;                           /* an output collected from the running device was read
					      * (a snapshot's); false for a configuration or intent only */
	const char **errors;
	size_t nerrors, errors_cap;
	const char **warnings;               /* e.g. collected with TLS verification off */
	size_t nwarnings, warnings_cap;
	struct fc_str hostname, os_version, hw_model;
	struct fc_str asic;                  /* the ASIC as the platform names it (its vendor, on some) */
	struct fc_asic_val asic_family;      /* from the hardware model, for every platform
					      * (fc_adapter_finalize) */
	struct fc_iface **ifaces;
	size_t nifaces, ifaces_cap;
	struct fc_hmap *iface_index;         /* name -> interface, made once a device has many */
	/* switch */
	struct fc_acl *acls;
	size_t nacls, acls_cap;
	struct fc_hmap *acl_index;           /* name -> 1 + index in acls */
	struct fc_meta config_m;             /* known when the configuration was parsed (src = file) */
	/* the platform's own PFC headroom table where it was collected (a per-SKU lookup table):
	 * what the switch itself reserves by speed and cable length, which HR-SIZE then requires */
	struct fc_hr_row *hr_rows;
	size_t nhr, hr_cap;
	struct fc_unparsed *unparsed;        /* config lines seen but not understood */
	size_t nunparsed, unparsed_cap;
	struct fc_conflict *conflicts;       /* values two outputs give differently */
	size_t nconflicts, conflicts_cap;
	/* host */
	struct fc_rdma_dev *rdma;
	size_t nrdma, rdma_cap;
	struct fc_meta rdma_m;               /* whether the RDMA subsystem was read */
	struct fc_str fw_udp4791;            /* host firewall verdict for UDP 4791: accept, drop */
	struct fc_int memlock_bytes;
	struct fc_str pcie_aspm_policy;
	struct fc_int taken_at;              /* when its outputs were read (host document collected_at), epoch s */
	void *adapter_state;                  /* adapter-private, in the model arena */
};

/* where a link comes from: the inventory's cabling plan, LLDP, a device's declared neighbour */
enum fc_origin { FC_LINK_PLAN = 1, FC_LINK_LLDP = 2, FC_LINK_DECLARED = 4 };

struct fc_endpoint {
	const char *dev_name, *if_name;
	struct fc_device *dev;               /* NULL when the device is not in the model */
	struct fc_iface *ifc;                /* NULL when the interface was not seen */
};

struct fc_link {
	struct fc_endpoint a, b;
	unsigned origin;                     /* FC_LINK_* bits */
	struct fc_cable_val cable;           /* the plan's */
	struct fc_dbl length_m;              /* real length (plan or module EEPROM) */
	struct fc_int design_speed_mbps;
	struct fc_src plan_src;
	const char *lldp_conflict;           /* plan and LLDP disagree: the description */
	const char *lldp_unresolved;         /* LLDP names the planned device, whose data cannot say which
					      * port the id is (its outputs were not read): the description */
	struct fc_src lldp_src;
	const char *decl_conflict;           /* a device's declared neighbour disagrees with the plan */
	struct fc_src decl_src;              /* the declaration (conflicting, or that made the link) */
};

struct fc_intent {
	struct fc_str profile;               /* lossless_dcqcn, pfc_only, lossy_ecn */
	struct fc_int roce_prio, roce_dscp, cnp_dscp, mtu;
};

struct fc_hmap;

struct fc_model {
	struct fc_arena *arena;              /* owns everything below */
	struct fc_device **devs;
	size_t ndevs, devs_cap;
	struct fc_link *links;
	size_t nlinks, links_cap;
	struct fc_intent intent;
	const char *base_dir;                /* snapshot or inventory directory */
	struct fc_int taken_at;              /* the snapshot manifest's created, epoch s */
	struct fc_dev_index *index;          /* name -> device */
	size_t input_errors;                 /* outputs that failed to parse (exit 2) */
	bool counters_only;                  /* an earlier snapshot read for its counters (--baseline,
					      * fc_load_opts): adapters may read no more than those */
	const char *const *counters_kept;    /* then, of the named counters (statistics, hw_counters), those
					      * kept (sorted; NULL: all): fc_model_keep_counters sets, fc_counter_kept */
	size_t ncounters_kept;
	size_t outputs_not_read;             /* of it, the outputs without any, listed in its manifest and
					      * not parsed */
	const char *src_last;                /* the source file fc_src_make gave last (a reader gives
					      * the same file for every value it sets) */
	struct fc_arena *parse_arena;        /* what a second parsing thread allocated (snapshot.c) */
};

/* The one way a string from an input enters the model: a copy in the model's arena with control
 * characters written as escapes and invalid UTF-8 replaced (util/text.h), so that no device
 * string can break a report or a terminal. NULL for NULL or when out of memory. */
const char *fc_model_str(struct fc_model *m, const char *s);
const char *fc_model_strn(struct fc_model *m, const char *s, size_t n);
/* The same for a value that is one of its kind (a GID): a copy of its own, never looked up in the
 * intern table (a fleet has millions, each twice at most), which the caller may change in place. */
char *fc_model_str_own(struct fc_model *m, const char *s);
/* Appends a copy of v (through fc_model_str) to l, which becomes known from src. */
enum fc_rc fc_strlist_add(struct fc_model *m, struct fc_strlist *l, const char *v, struct fc_src src);

/* Creates an empty model; NULL when out of memory. Free with fc_model_free(). */
struct fc_model *fc_model_new(void);
void fc_model_free(struct fc_model **m);

/* Adds a device; fails when the name exists. The model owns the device. */
enum fc_rc fc_model_add_device(struct fc_model *m, const char *name, enum fc_devkind kind,
			       struct fc_device **out, struct fc_err *err);
struct fc_device *fc_model_find_device(const struct fc_model *m, const char *name);
/* Finds the interface by exact name, or creates it. NULL when out of memory. */
struct fc_iface *fc_dev_iface(struct fc_model *m, struct fc_device *d, const char *name);
struct fc_iface *fc_dev_find_iface(const struct fc_device *d, const char *name);
/* The device's ACL called name, created (empty, from src) when it has none; *created says which.
 * NULL when out of memory. Pointers into d->acls move when an ACL is added: keep the name. */
struct fc_acl *fc_dev_acl(struct fc_model *m, struct fc_device *d, const char *name, struct fc_src src, bool *created);
const struct fc_acl *fc_dev_find_acl(const struct fc_device *d, const char *name);
enum fc_rc fc_dev_add_error(struct fc_model *m, struct fc_device *d, const char *msg);
enum fc_rc fc_dev_add_warning(struct fc_model *m, struct fc_device *d, const char *msg);
enum fc_rc fc_dev_add_unparsed(struct fc_model *m, struct fc_device *d, struct fc_src src, const char *text,
			       size_t len);
/* Records a conflict (strings copied into the model); FC_ERR_NOMEM. */
enum fc_rc fc_dev_add_conflict(struct fc_model *m, struct fc_device *d, const char *subject, const char *field,
			       const char *used, struct fc_src used_src, const char *other, struct fc_src other_src);

struct fc_src fc_src_make(struct fc_model *m, const char *file, unsigned line);
/* For a file name already interned in the model (a parse context's file): no lookup. */
static inline struct fc_src fc_src_at(const char *interned_file, unsigned line)
{
	struct fc_src s = { interned_file, line };

	return s;
}
/* Setters record the value and its source; the string setter copies v into the model. */
void fc_set_int(struct fc_int *x, int64_t v, struct fc_src src);
void fc_set_dbl(struct fc_dbl *x, double v, struct fc_src src);
/* Every field of a hop unknown with why (a path that cannot be followed past a point). */
void fc_hop_unknown(struct fc_hop *h, const char *why);
/* The same for the fields no stage set yet (neither known nor unknown with a reason). */
void fc_hop_unknown_rest(struct fc_hop *h, const char *why);
/* The ingress buffer of priority p (0-7) of port i, built in *tmp, which is returned: every field
 * unknown when no output gave the port one. */
const struct fc_pg *fc_iface_pg(const struct fc_iface *i, int p, struct fc_pg *tmp);
/* The port's NIC values: every one unknown where no output gave any (a switch port). */
const struct fc_nic *fc_nic(const struct fc_iface *i);
/* The same to write into, made in m's arena at the first write; NULL when out of memory. */
struct fc_nic *fc_nic_mut(struct fc_model *m, struct fc_iface *i);
/* The port's transceiver: every value unknown where no output described one (the DAC class with
 * the reason fc_adapter_finalize gives a module of unknown type). */
const struct fc_xcvr *fc_xcvr(const struct fc_iface *i);
/* The same to write into, made in m's arena at the first write; NULL when out of memory. */
struct fc_xcvr *fc_xcvr_mut(struct fc_model *m, struct fc_iface *i);
/* The port's switch values: every one unknown where no output gave any (a host NIC). */
const struct fc_swport *fc_swport(const struct fc_iface *i);
/* The same to write into, made in m's arena at the first write; NULL when out of memory. */
struct fc_swport *fc_swport_mut(struct fc_model *m, struct fc_iface *i);
/* Priority p's buffer from one line: the fields in have (FC_PG_*) known from src. Every priority's
 * unknown with why. Both false when out of memory. */
bool fc_iface_pg_set(struct fc_model *m, struct fc_iface *i, int p, unsigned have, int64_t size, int64_t xoff,
		     int64_t xon, struct fc_src src);
bool fc_iface_pg_unknown(struct fc_model *m, struct fc_iface *i, const char *why);
/* Room for more lanes after the module's nlanes, allocated exactly (a fleet has hundreds of
 * thousands): false when out of memory. */
bool fc_xcvr_reserve(struct fc_model *m, struct fc_xcvr *x, size_t more);
/* The DOM lane of a module (0: the module's own values), added zeroed when new; NULL when out of memory. */
struct fc_dom_lane *fc_xcvr_lane(struct fc_model *m, struct fc_xcvr *x, int lane);
/* The module's DOM lane numbered lane, NULL when it has none. */
struct fc_dom_lane *fc_xcvr_find_lane(struct fc_xcvr *x, int lane);
/* A DOM reading, known from src (its thresholds are left as they are). */
void fc_dom_set(struct fc_dom_val *d, double v, struct fc_src src);
/* Appends n named counters to a port's stats (names copied into the model); the stats become
 * known from src when they were not. */
enum fc_rc fc_iface_add_stats(struct fc_model *m, struct fc_iface *ifc, const struct fc_counter *add, size_t n,
			      struct fc_src src);
void fc_set_bool(struct fc_bool *x, bool v, struct fc_src src);
void fc_set_str(struct fc_model *m, struct fc_str *x, const char *v, struct fc_src src);
void fc_set_fec(struct fc_fec_val *x, enum fc_fec v, struct fc_src src);
void fc_set_medium(struct fc_medium_val *x, enum fc_medium v, struct fc_src src);
void fc_set_cable(struct fc_cable_val *x, enum fc_cable v, struct fc_src src);
void fc_set_cable_class(struct fc_cable_class_val *x, enum fc_cable_class v, struct fc_src src);
void fc_set_trust(struct fc_trust_val *x, enum fc_trust v, struct fc_src src);
void fc_set_port_mode(struct fc_port_mode_val *x, enum fc_port_mode v, struct fc_src src);
void fc_set_link_layer(struct fc_link_layer_val *x, enum fc_link_layer v, struct fc_src src);
void fc_set_asic(struct fc_asic_val *x, enum fc_asic v, struct fc_src src);
void fc_set_unknown(struct fc_meta *x, const char *why);
/* Unknown because the platform manages it (headroom a switch sizes from speed and cable): a rule
 * that needs it says so once per device, not on every port (engine.c folds those findings). */
void fc_set_managed(struct fc_meta *x, const char *why);
const char *fc_why(const struct fc_meta *x);
/* The counter called name in v[0..n), or NULL. */
const struct fc_counter *fc_counter_find(const struct fc_counter *v, size_t n, const char *name);
/* Whether a named counter is kept in the model: every one, but in a counters-only read given a list
 * (fc_model.counters_kept), the listed ones. */
bool fc_counter_kept(const struct fc_model *m, const char *name);
/* An earlier snapshot's model (counters_only) keeps of the named counters those of kept (sorted,
 * NULL-terminated; NULL: all). */
void fc_model_keep_counters(struct fc_model *m, const char *const *kept);

/* "RoCE", "CNP". */
const char *fc_tclass_name(enum fc_tclass t);
/* A port's hop for t, or NULL when its adapter resolved none. */
static inline const struct fc_hop *fc_hop_of(const struct fc_iface *ifc, enum fc_tclass t)
{
	return ifc->hops ? &ifc->hops[t] : NULL;
}

const char *fc_devstatus_name(enum fc_devstatus s);
/* Renders "file:line" (or "file") into buf; "" when the value has no source. */
const char *fc_src_str(const struct fc_src *s, char *buf, size_t size);

#endif
