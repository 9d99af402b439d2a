#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Writes a synthetic snapshot for the validation benchmark (bench/validate_scale.sh), with every
output a real collection stores, in the proportions of a real fabric.

Fabric: pods of 64 leaves and 8 spines (N9K-C9364D-GX2A). A leaf has 64 host ports at 100G
(Ethernet1/1-64) and 8 uplinks at 400G (Ethernet1/65-72, QDD-400G-DR4, 150 m single-mode, one
per spine of its pod). 16 hosts per leaf with 8 ConnectX NICs each: NICs 0-3 cabled to the leaf
(host h, NIC n -> port 4h+n+1), NICs 4-7 a second rail outside the plan. Host ports are DACs
(QSFP-100G-CR4, 3 m) but one host in four is cabled with SR4 optics (30 m multimode), with DOM.
One leaf in eight runs Arista EOS (tests/fixtures/eos_leaf.py), one in eight SONiC
(tests/fixtures/sonic_leaf.py; NVIDIA SN5600 and Arista 7060X6 alternately), the rest NX-OS.

NX-OS switches: the 11 outputs `fabcheck collect` stores (show version, interface with counters,
transceiver details with per-lane DOM and the module's thresholds, LLDP detail, capabilities, FEC,
PFC with pause counters, queuing per port, network-qos, access lists with match counts, the
running-config). One NX-OS leaf in three classifies and buffers per port (Cisco's AI/ML design on an
interface range), one in five also attaches the same policy to single ports (per-port overrides
that agree), every leaf filters its host ports with a 250-entry ACL. EOS leaves: the 8 eAPI outputs.
SONiC leaves: the 16 outputs (CONFIG_DB with the AI QoS, lossless buffer profiles, PFC watchdog and
the 250-rule ACL; interface status, FEC, LLDP, transceiver EEPROM with DOM (the host ports' QSFP28
modules as SFF-8636), PFC, queue, interface and ACL counters); host ports in 2x200G cages at 100G.
Hosts: the probe document: link, FEC, module (DOM on the optical ones), DCB, ECN, 8 GIDs per NIC,
`ethtool -S` statistics and RDMA hw_counters.

--later writes the same fabric an hour on: counters advanced (a --baseline pair). --faults plants
the faults of FAULTS (the benchmark checks each is found); without it every value is clean.

usage: gen_fabric.py OUT --switches N [--hosts-per-switch 16] [--nics 8] [--gids 8] [--later] [--faults]
                     [--eos-every 8] [--sonic-every 8] [--acl 250]"""
import argparse, json, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures"))
from nxos_qos import ai_qos  # noqa: E402
import eos_leaf  # noqa: E402
import sonic_leaf  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("out")
ap.add_argument("--switches", type=int, required=True, help="leaves")
ap.add_argument("--hosts-per-switch", type=int, default=16)
ap.add_argument("--nics", type=int, default=8)
ap.add_argument("--gids", type=int, default=8)
ap.add_argument("--later", action="store_true", help="the snapshot an hour on: counters advanced")
ap.add_argument("--faults", action="store_true", help="plant FAULTS")
ap.add_argument("--eos-every", type=int, default=8, help="one leaf in N runs EOS (0: none)")
ap.add_argument("--sonic-every", type=int, default=8, help="one leaf in N runs SONiC (0: none; EOS wins a tie)")
ap.add_argument("--acl", type=int, default=250, help="entries in the host-edge ACL")
a = ap.parse_args()
OUT, HPS, L = a.out, a.hosts_per_switch, a.switches
HOSTP, UP, PODL, PODS = 64, 8, 64, 8
NSP = ((L + PODL - 1) // PODL) * PODS
T0 = "2026-11-30T00:00:00Z"
T1 = "2026-11-30T01:00:00Z"
HOUR = 1 if a.later else 0
os.makedirs(OUT + "/devices", exist_ok=True)


def is_eos(s):
    return a.eos_every > 0 and s % a.eos_every == a.eos_every // 2


def is_sonic(s):
    return a.sonic_every > 0 and s % a.sonic_every == 2 % a.sonic_every and not is_eos(s)


SONIC_SKU = [("ACS-SN5600", "x86_64-nvidia_sn5600-r0"), ("Arista-7060X6-64PE-64x400G", "x86_64-arista_7060x6_64pe")]
SONIC_BREAKOUT = [(c, "100g-2x") for c in range(1, 33)]   # the 64 host ports: cages 1-32, two 4-lane ports each


def sonic_port(p):
    """A leaf port's (SONiC name, lanes): host port Ethernet1/P in cage (P + 1) / 2, uplink 65 + u
    alone in cage 33 + u."""
    n = int(p.split("/")[1])
    if n <= HOSTP:
        return sonic_leaf.name("Ethernet1/%d/%d" % ((n + 1) // 2, (n - 1) % 2 + 1), SONIC_BREAKOUT)
    return sonic_leaf.name("Ethernet1/%d" % (n - HOSTP + 32), SONIC_BREAKOUT)


def port_name(s, p):
    """Leaf s's port p (NX-OS style) as that leaf names it."""
    return eos_leaf.name(p) if is_eos(s) else sonic_port(p)[0] if is_sonic(s) else p


def leaf(s):
    return "leaf%04d" % s


def host(s, h):
    return "host%05d" % (s * HPS + h)


# Planted faults: (rule that must fail, subject it fails on, what was planted). Subjects are filled
# in below from the fabric's size; a fault is planted only with --faults, a runtime one only in --later.
FL = L - 1                      # the last NX-OS leaf
while FL >= 0 and (is_eos(FL) or is_sonic(FL)):
    FL -= 1
FM = L // 2                     # an NX-OS leaf in the middle
while FM >= 0 and (is_eos(FM) or is_sonic(FM) or FM % 3 == 1):
    FM -= 1
if a.faults and (FL < 0 or FM < 0):
    sys.exit("gen_fabric.py: --faults plants NX-OS faults: the fabric needs NX-OS leaves (see --eos-every, --sonic-every)")
FS = L - 1                      # the last SONiC leaf (none in a fabric without one)
while FS >= 0 and not is_sonic(FS):
    FS -= 1
FAULTS = {
    "pfc-off": ("PFC-PRIO-MATCH", "%s:Ethernet1/7" % leaf(FM),
                "priority-flow-control mode off on a host port of an NX-OS leaf"),
    "override-lossy": ("PFC-DSCP-MAP", "%s:Ethernet1/9" % leaf(FL),
                       "a per-port qos policy on one host port maps DSCP 26 to the lossy qos-group 0"),
    "acl-4791": ("UDP4791-SWITCH-ACL", "%s:Ethernet1/13" % leaf(FM),
                 "entry 15 of the host-edge ACL denies UDP 4791 on one leaf"),
    "dirty-fibre": ("DDM-THRESH", "spine%03d:Ethernet1/%d" % ((FM // PODL) * PODS + 2, FM % PODL + 1),
                    "lane 3 of a leaf-spine 400G link arrives 7.5 dB below what the leaf sends"),
    "switch-mtu": ("MTU-HOST-SWITCH", "%s:Ethernet1/22" % leaf(FM), "one host port left at MTU 1500"),
    "sonic-pfc-off": ("PFC-PRIO-MATCH", "%s:%s" % (leaf(FS), sonic_port("Ethernet1/5")[0]),
                      "a SONiC leaf's host port has no pfc_enable in its PORT_QOS_MAP"),
    "dup-gid": ("GID-DUP", "GID fd00:0:%x:3::2:4" % FL,
                "two hosts carry the same RoCE v2 GID"),
}
RUNTIME = {
    "flap": ("L1-FLAP", "%s:ens2f0" % host(FM, 9), "a NIC's link went down 6 times in the hour"),
    "fec-ber": ("FEC-BER", "%s:ens1f0" % host(FL, 2), "a NIC corrects 1 bit in 10^4 (a failing DAC)"),
}
if FS < 0:
    del FAULTS["sonic-pfc-off"]
PLANT = set(FAULTS) | set(RUNTIME) if a.faults else set()


def hostport_optic(h):
    return h % 4 == 3


def uplink_spine(s, u):
    return (s // PODL) * PODS + u, s % PODL + 1   # (spine index, its port)


# --- optics ------------------------------------------------------------------------------------
DOM_LANE = ("Lane Number:%d Network Lane\n           SFP Detail Diagnostics Information (internal calibration)\n"
            "  ----------------------------------------------------------------------------\n"
            "                Current              Alarms                  Warnings\n"
            "                Measurement     High        Low         High          Low\n"
            "  ----------------------------------------------------------------------------\n"
            "  Temperature   %5.2f C        75.00 C     -5.00 C     70.00 C        0.00 C\n"
            "  Voltage        3.29 V         3.63 V      2.97 V      3.46 V        3.13 V\n"
            "  Current        %4.2f mA       12.00 mA     3.00 mA    11.50 mA       4.00 mA\n"
            "  Tx Power      %5.2f dBm       5.50 dBm   -10.40 dBm    4.50 dBm     -6.40 dBm\n"
            "  Rx Power      %5.2f dBm       5.50 dBm   -13.40 dBm    4.50 dBm     -9.40 dBm\n"
            "  Transmit Fault Count = 0\n"
            "  ----------------------------------------------------------------------------\n"
            "  Note: ++  high-alarm; +  high-warning; --  low-alarm; -  low-warning\n\n")


def lanes_tx(seed, base):
    return [round(base + 0.1 * ((seed + k) % 5), 2) for k in range(4)]


def isl_dom(s, u):
    """(leaf tx, leaf rx, spine tx, spine rx) per lane of leaf s's uplink u."""
    seed = s * 8 + u
    tl, ts = lanes_tx(seed, 1.0), lanes_tx(seed + 2, 1.1)
    rs = [round(x - 2.3 - 0.1 * (seed % 3), 2) for x in tl]
    rl = [round(x - 2.2 - 0.1 * (seed % 4), 2) for x in ts]
    if "dirty-fibre" in PLANT and s == FM and u == 2:
        rs[2] = round(tl[2] - 7.5, 2)
    return tl, rl, ts, rs


def host_dom(s, h, n):
    """(switch tx, switch rx, host tx, host rx) per lane on an SR4 host link."""
    seed = (s * HPS + h) * 4 + n
    ts, th = lanes_tx(seed, -0.6), lanes_tx(seed + 1, -0.5)
    return ts, [round(x - 1.3, 2) for x in th], th, [round(x - 1.2, 2) for x in ts]


def nx_xcvr(port, xtype, bitrate, serial, dom=None, length=None):
    x = ("%s\n    transceiver is present\n    type is %s\n    name is CISCO-BENCH\n    part number is %s\n"
         "    serial number is %s\n    nominal bitrate is %d MBit/sec\n" % (port, xtype, xtype, serial, bitrate))
    if dom is None:
        return x + "    Link length supported for copper is %d m\n    DOM is not supported\n\n" % length
    x += "\n"
    tx, rx = dom
    for k in range(4):
        x += DOM_LANE % (k + 1, 38.5 + 0.25 * (k % 2), 7.5 + 0.05 * k, tx[k], rx[k])
    return x


# --- counters ----------------------------------------------------------------------------------
def host_stats(s, h, n):
    k = (s * HPS + h) * 8 + n
    bits = (k % 97 + 1) * 10 ** 13 + HOUR * 100 * 10 ** 9 * 3600 * 3 // 10
    corr = (k % 13) * 1000 + HOUR * 25000
    if "fec-ber" in PLANT and HOUR and (s, h, n) == (FL, 2, 0):
        corr += 100 * 10 ** 9 * 3600 * 3 // 10 // 10000
    flaps = 1 + (6 if "flap" in PLANT and HOUR and (s, h, n) == (FM, 9, 2) else 0)
    pd = (k % 7) * 120 + HOUR * 3000
    return {"rx_bits_phy": bits, "rx_corrected_bits_phy": corr, "rx_pcs_symbol_err_phy": 0,
            "link_down_events_phy": flaps, "rx_prio3_pause": k % 11 * 40 + HOUR * 900,
            "tx_prio3_pause": k % 5 * 30 + HOUR * 400, "rx_prio3_pause_duration": pd,
            "tx_prio3_pause_duration": pd // 2, "rx_discards_phy": 0, "tx_pause_storm_error_events": 0,
            "rx_out_of_buffer": 0, "rx_crc_errors_phy": 0}


def hw_counters(s, h, n):
    k = (s * HPS + h) * 8 + n
    return {"np_ecn_marked_roce_packets": k % 29 * 100 + HOUR * 52000, "np_cnp_sent": k % 17 * 90 + HOUR * 48000,
            "rp_cnp_handled": k % 19 * 80 + HOUR * 47000, "rp_cnp_ignored": 0, "out_of_sequence": 0,
            "packet_seq_err": 0, "local_ack_timeout_err": 0, "out_of_buffer": 0, "duplicate_request": 0,
            "implied_nak_seq_err": 0, "resp_cqe_error": 0, "req_cqe_error": 0}


# --- hosts -------------------------------------------------------------------------------------
MODES = ["25000baseCR/Full", "50000baseCR2/Full", "100000baseCR4/Full"]
OMODES = ["100000baseSR4/Full"]


def ip(s, h, n, side):
    """10.x.y.z/31 per (switch, host, nic); side 0 is the switch's address, 1 the host's."""
    k = (s * HPS + h) * 4 + n
    return "10.%d.%d.%d" % (k >> 14 & 0xff, k >> 6 & 0xff, (k & 0x3f) * 2 + side)


def rail2(s, h, n):
    k = (s * HPS + h) * 4 + n
    return "172.%d.%d.%d" % (16 + (k >> 14 & 0x0f), k >> 6 & 0xff, (k & 0x3f) * 2 + 1)


def isl_ip(s, u, side):
    k = s * UP + u
    return "100.%d.%d.%d" % (64 + (k >> 14 & 0x3f), k >> 6 & 0xff, (k & 0x3f) * 2 + side)


def module(s, h, n, optic):
    m = {"identifier": "QSFP28", "spec": "SFF-8636", "vendor": "Mellanox", "serial": "MT%05d%02dSL" % (s * HPS + h, n)}
    if not optic:
        m.update(part="MCP1600-C003", compliance="100GBASE-CR4", cable="passive copper", length_m=3.0, dom=False)
        return m
    _ts, _rs, th, rh = host_dom(s, h, n)
    m.update(part="MMA1B00-C100D", compliance="100GBASE-SR4", cable="optical",
             length_m={"unknown": "no cable assembly length (optical module)"}, dom=True, temp_c=41.5, voltage_v=3.28,
             lanes=[{"lane": k + 1, "bias_ma": 6.75, "tx_dbm": th[k], "rx_dbm": rh[k]} for k in range(4)],
             thresholds={"rx_dbm": {"hi_alarm": 5.4, "lo_alarm": -13.31, "hi_warn": 2.4, "lo_warn": -10.3},
                         "tx_dbm": {"hi_alarm": 5.4, "lo_alarm": -11.4, "hi_warn": 2.4, "lo_warn": -7.4},
                         "bias_ma": {"hi_alarm": 15.0, "lo_alarm": 2.0, "hi_warn": 12.0, "lo_warn": 3.0},
                         "temp_c": {"hi_alarm": 80.0, "lo_alarm": -10.0, "hi_warn": 75.0, "lo_warn": -5.0},
                         "voltage_v": {"hi_alarm": 3.6, "lo_alarm": 3.0, "hi_warn": 3.5, "lo_warn": 3.1}})
    return m


def host_doc(name, s, h):
    ifs, devs = [], []
    sw = leaf(s)
    for n in range(a.nics):
        ifn = "ens%df%d" % (n // 2 + 1, n % 2)
        addr = ip(s, h, n, 1) if n < 4 else rail2(s, h, n - 4)
        mac = "b8:ce:%02x:%02x:%02x:%02x" % (s >> 8 & 0xff, s & 0xff, h, n)
        optic = n < 4 and hostport_optic(h)
        i = {"name": ifn, "mac": mac, "mtu": 9000, "operstate": "up", "addresses": [addr + "/31"],
             "driver": {"name": "mlx5_core", "version": "6.1.0", "firmware": "22.39.1002 (MT_0000000359)"},
             "pci": {"address": "0000:%02x:00.%d" % (0x3b + n // 2, n % 2), "current_link_speed": "16.0 GT/s PCIe",
                     "max_link_speed": "16.0 GT/s PCIe", "current_link_width": 16, "max_link_width": 16,
                     "numa_node": n // 4},
             "link": {"speed_mbps": 100000, "lanes": 4, "duplex": "full", "autoneg": not optic,
                      "port": "FIBRE" if optic else "Direct Attach Copper", "supported": OMODES if optic else MODES,
                      "advertised": OMODES if optic else MODES, "partner": [],
                      "active_mode": OMODES[0] if optic else "100000baseCR4/Full"},
             "fec": {"configured": "Auto", "active": "RS"},
             "pause": {"autoneg": False, "rx": False, "tx": False},
             "pfc_prevention_tout": {"auto": True},
             "module": module(s, h, n, optic),
             "stats": host_stats(s, h, n),
             "dcb": {"pfc_enabled": [3], "pfc_delay_m": 30 if optic else 7, "trust": "dscp", "dscp_prio": {"26": 3, "48": 6},
                     "buffer": {"prio_buffer": [0, 0, 0, 1, 0, 0, 0, 0],
                                "buffer_size": [130944, 156096, 0, 0, 0, 0, 0, 0]}},
             "ecn": {"roce_np_enabled": [3], "roce_rp_enabled": [3], "cnp_dscp": 48, "cnp_prio": 6},
             "sysctl": {"arp_ignore": 1, "arp_announce": 2, "all_arp_ignore": 1, "all_arp_announce": 2}}
        if n < 4:   # the leaf's LLDP, as lldpd reports it
            p = "Ethernet1/%d" % (h * 4 + n + 1)
            i["lldp"] = {"system_name": sw, "port_id": port_name(s, p)}
        ifs.append(i)
        o = [int(x) for x in addr.split(".")]
        v4 = "0000:0000:0000:0000:0000:ffff:%02x%02x:%02x%02x" % tuple(o)
        ll = "fe80:0000:0000:0000:bace:%02xff:fe%02x:%02x%02x" % (s & 0xff, s >> 8 & 0xff, h, n)
        gids = []
        for g in range(a.gids):
            gid = ll if g < 2 else v4 if g < 4 else "fd00:0000:%04x:%04x:0000:0000:%04x:%04x" % (s, h, n, g)
            if "dup-gid" in PLANT and s == FL and (h, n, g) == (4, 1, 5):
                gid = "fd00:0000:%04x:0003:0000:0000:0002:0004" % s   # host h=3's NIC 2, index 4
            gids.append({"index": g, "gid": gid, "type": "RoCE v2" if g % 2 else "IB/RoCE v1", "netdev": ifn})
        devs.append({"name": "mlx5_%d" % n, "kind": "hw", "fw_ver": "22.39.1002", "board_id": "MT_0000000359",
                     "hca_type": "MT4125",
                     "ports": [{"port": 1, "state": "ACTIVE", "phys_state": "LinkUp", "link_layer": "Ethernet",
                                "rate": {"text": "100 Gb/sec (4X EDR)", "mbps": 100000, "width": 4},
                                "hw_counters": hw_counters(s, h, n),
                                "active_mtu": 4096, "netdev": ifn, "roce_mode": "RoCE v2", "roce_tos": 106,
                                "gids": gids}]})
    return {"format": "fabcheck-host", "format_version": 1, "hostname": name, "collected_at": T1 if HOUR else T0,
            "probe_version": "bench", "interfaces": ifs, "rdma": {"devices": devs},
            "firewall": {"udp_4791": "accept", "backend": "nftables"}, "memlock": {"bytes": -1},
            "pcie_aspm_policy": "performance"}


# --- switches ----------------------------------------------------------------------------------
BUF = (466880, 307200, 24320)    # N9K-C9364D-GX2A, sized for the 150 m ISLs
MODEL = "N9K-C9364D-GX2A"
CAP = ("%s\n  Model:                 " + MODEL + "\n  Type (SFP capable):    %s\n"
       "  Speed:                 10000,25000,40000,50000,100000,200000,400000,auto\n  Duplex:                full\n"
       "  Trunk encap. type:     802.1Q\n  FabricPath capable:    no\n  Channel:               yes\n"
       "  Broadcast suppression: percentage(0-100)\n  Flowcontrol:           rx-(off/on/desired),tx-(off/on/desired)\n"
       "  Rate mode:             dedicated\n  Port mode:             Routed,Switched\n"
       "  QOS scheduling:        rx-(none),tx-(8q)\n  CoS rewrite:           yes\n  ToS rewrite:           yes\n"
       "  SPAN:                  yes\n  UDLD:                  yes\n  MDIX:                  no\n"
       "  TDR capable:           no\n  Link Debounce:         yes\n  Link Debounce Time:    yes\n"
       "  FEX Fabric:            no\n  dot1Q-tunnel mode:     yes\n  Pvlan Trunk capable:   yes\n"
       "  Port Group Members:    %d\n  EEE (efficient-eth):   no\n  PFC capable:           yes\n"
       "  Buffer Boost capable:  no\n  Breakout capable:      yes\n  MACSEC capable:        no\n"
       "  FEC capable:           yes\n\n")
QUEUING = ("Egress Queuing for %s [System]\n"
           "------------------------------------------------------------------------------\n"
           "QoS-Group# Bandwidth%% PrioLevel                Shape                   QLimit\n"
           "                                   Min          Max        Units\n"
           "------------------------------------------------------------------------------\n"
           "      7             -         1           -            -     -            9(D)\n"
           "      3            60         -           -            -     -            9(D)\n"
           "      0            40         -           -            -     -            9(D)\n\n"
           "Ingress Queuing for %s\n-----------------------------------------------------\n"
           "QoS-Group#                 Pause\n           Buff Size       Pause Th      Resume Th\n"
           "-----------------------------------------------------\n"
           "      7              -            -            -\n"
           "      3   %12d %12d %12d\n"
           "      0              -            -            -\n\n"
           "PFC Statistics\n------------------------------------------------------------------------------\n"
           "TxPPP:           %10d, RxPPP:           %10d\n"
           "------------------------------------------------------------------------------\n\n")
NQ = ("\n  Type network-qos policy-maps\n  ============================\n\n"
      "  policy-map type network-qos AI-NQ\n    class type network-qos c-8q-nq3\n      match qos-group 3\n\n"
      "      pause buffer-size %d pause-threshold %d resume-threshold %d\n      pause pfc-cos 3\n      mtu 9216\n"
      "    class type network-qos c-8q-nq-default\n      match qos-group 0\n\n      mtu 9216\n")


def acl_entries(bad):
    """The host-edge ACL: established TCP, infrastructure services, a long list of denied
    management and legacy ports, RoCE permitted, the rest permitted. (seq, text)."""
    e = [(10, "permit tcp any any established"), (20, "permit udp any any eq 4791")]
    if bad:
        e.insert(1, (15, "deny udp any any eq 4791"))
    seq = 30
    deny = [22, 23, 135, 137, 138, 139, 445, 161, 162, 514, 623, 1900, 2049, 3389, 5353, 5900, 6379, 8080, 9100, 11211]
    k = 0
    while len(e) < a.acl - 1:
        p = deny[k % len(deny)]
        net = "10.%d.0.0/16" % (k // len(deny) % 256)
        e.append((seq, "deny %s %s any eq %d" % ("tcp" if k % 2 else "udp", net, p)))
        seq += 10
        k += 1
    e.append((seq, "permit ip any any"))
    return e


def nx_switch(name, ports, role, idx, qos, extra_cfg, acl_bad):
    """ports: [(port, attrs)] with attrs speed, desc, ip, x (type, bitrate, serial, dom | length),
    peer (name, port, mac|None), host (bool), override (a qos policy name on the port)."""
    d = "%s/devices/%s" % (OUT, name)
    os.makedirs(d, exist_ok=True)
    w = lambda f, t: open("%s/%s" % (d, f), "w").write(t)  # noqa: E731
    ver = {"jsonrpc": "2.0", "result": {"body": {"header_str": "Cisco Nexus Operating System (NX-OS) Software",
                                                 "nxos_ver_str": "10.3(4a)", "chassis_id": "Nexus9000 %s Chassis" % MODEL[4:],
                                                 "host_name": name}}, "id": 1}
    w("show_version.json", json.dumps(ver) + "\n")
    rows, xc, ll, cap, fec, pfc, qu, cfg = [], [], [], [], [], [], [], []
    for i, (p, at) in enumerate(ports):
        k = idx * 128 + i
        off = "pfc-off" in PLANT and (name, p) == (leaf(FM), "Ethernet1/7")
        mtu = 1500 if "switch-mtu" in PLANT and (name, p) == (leaf(FM), "Ethernet1/22") else 9216
        rows.append('{"interface": "%s", "state": "up", "admin_state": "up", "eth_hw_addr": "00c8.8b%02x.%04x", '
                    '"eth_mtu": "%d", "eth_bw": %d, "eth_duplex": "full", "eth_speed": "%d Gb/s", "eth_autoneg": "%s", '
                    '"eth_in_flowctrl": "off", "eth_out_flowctrl": "off", "eth_admin_fec_state": "auto", '
                    '"eth_oper_fec_state": "%s", "eth_link_flapped": "6week(s) 2day(s)", "eth_reset_cntr": %d, '
                    '"eth_inerr": 0, "eth_crc": %d, "eth_giants": 0, "eth_inpkts": %d, "eth_outpkts": %d}'
                    % (p, idx & 0xff, i, mtu, at["speed"] * 1000000, at["speed"], "off" if "dom" in at["x"] else "on",
                       "rs-fec" if at["speed"] == 100 else "kp-fec", 2, k % 3,
                       (k % 1000) * 10 ** 7 + HOUR * 10 ** 9, (k % 997) * 10 ** 7 + HOUR * 10 ** 9))
        x = at["x"]
        xc.append(nx_xcvr(p, x["type"], x["bitrate"], x["serial"], x.get("dom"), x.get("length")))
        peer, pport, mac = at["peer"]
        if mac:
            m = mac.replace(":", "")
            cid = pid = "%s.%s.%s" % (m[:4], m[4:8], m[8:])
            sysd = "Debian GNU/Linux 12 (bookworm) Linux 6.1.0-27-amd64"
        else:
            # a SONiC neighbour sends its port's alias as the port id and its description as such
            cid, pid = "00c8.8b00.0000", at.get("lldp_port", pport.replace("Ethernet", "Eth"))
            sysd = at.get("lldp_sysd", "Cisco Nexus Operating System (NX-OS)")
        ll.append("Chassis id: %s\nPort id: %s\nLocal Port id: %s\nPort Description: %s\nSystem Name: %s\n"
                  "System Description: %s\nTime remaining: 101 seconds\nSystem Capabilities: B, R\n"
                  "Enabled Capabilities: R\nVlan ID: not advertised\n\n"
                  % (cid, pid, p.replace("Ethernet", "Eth"), at.get("lldp_descr", pport), peer, sysd))
        cap.append(CAP % (p, x["type"], i + 1))
        fec.append("%-13s 0x%08x    auto        %-11s up          %-9s %s\n"
                   % (p.replace("Ethernet", "Eth"), 0x1a000000 + i * 0x100, "rs-fec" if at["speed"] == 100 else "kp-fec",
                      "%dG" % at["speed"], x["type"]))
        rx_ppp = (k % 50) * 100 + HOUR * 4000
        tx_ppp = (k % 40) * 100 + HOUR * 3000
        pfc.append("%-18s %-4s %-4s(8)        %-10d %d\n" % (p, "Off" if off else "On", "Off" if off else "On",
                                                             rx_ppp, tx_ppp))
        qu.append(QUEUING % (p, p, BUF[0], BUF[1], BUF[2], tx_ppp, rx_ppp))
        cfg.append("\ninterface %s\n  description %s:%s\n  mtu %d\n  priority-flow-control mode %s\n"
                   "  no switchport\n  ip address %s/31\n%s%s  no shutdown\n"
                   % (p, peer, pport, mtu, "off" if off else "on", at["ip"],
                      "  ip access-group HOST-EDGE-IN in\n" if at.get("host") else "",
                      "  service-policy type qos input %s\n" % at["override"] if at.get("override") else ""))
    w("show_interface.json", '{"jsonrpc": "2.0", "result": {"body": {"TABLE_interface": {"ROW_interface": [%s]}}}, "id": 1}\n'
      % ",\n".join(rows))
    w("show_interface_transceiver_details.txt", "".join(xc))
    w("show_lldp_neighbors_detail.txt",
      "Capability codes:\n  (R) Router, (B) Bridge, (T) Telephone, (C) DOCSIS Cable Device\n"
      "  (W) WLAN Access Point, (P) Repeater, (S) Station, (O) Other\n"
      "Device ID            Local Intf      Hold-time  Capability  Port ID\n\n" + "".join(ll)
      + "Total entries displayed: %d\n" % len(ll))
    w("show_interface_capabilities.txt", "".join(cap))
    w("show_interface_fec.txt", "-" * 95 + "\nName          Ifindex       Admin-fec   Oper-fec    Status      Speed     Type\n"
      + "-" * 95 + "\n" + "".join(fec))
    w("show_interface_priority-flow-control.txt", "\nslot  1\n=======\n\n" + "=" * 60 +
      "\nPort               Mode Oper(VL bmap)  RxPPP      TxPPP\n" + "=" * 60 + "\n\n" + "".join(pfc))
    w("show_queuing_interface.txt", "\nslot  1\n=======\n\n\n" + "".join(qu))
    w("show_policy-map_system_type_network-qos.txt", NQ % BUF)
    acl = acl_entries(acl_bad) if role == "leaf" else []
    if acl:
        w("show_ip_access-lists.txt", "IP access list HOST-EDGE-IN\n        statistics per-entry\n" + "".join(
            "        %d %s [match=%d]\n" % (sq, t, (sq * 7919 + idx) % 100000 + HOUR * 50) for sq, t in acl))
    else:
        w("show_ip_access-lists.txt", "")
    head = "!Command: show running-config\n!Running configuration last done at: Mon Nov 30 00:00:00 2026\n" \
           "version 10.3(4a) Bios:version 05.47\nhostname %s\nfeature lldp\n" % name
    if acl:
        head += "ip access-list HOST-EDGE-IN\n  statistics per-entry\n" + "".join("  %d %s\n" % e for e in acl)
    w("show_running-config.txt", head + qos + extra_cfg + "".join(cfg))
    outs = [("show version", "json", "show_version.json"), ("show interface", "json", "show_interface.json"),
            ("show interface transceiver details", "text", "show_interface_transceiver_details.txt"),
            ("show lldp neighbors detail", "text", "show_lldp_neighbors_detail.txt"),
            ("show interface capabilities", "text", "show_interface_capabilities.txt"),
            ("show interface fec", "text", "show_interface_fec.txt"),
            ("show interface priority-flow-control", "text", "show_interface_priority-flow-control.txt"),
            ("show queuing interface", "text", "show_queuing_interface.txt"),
            ("show policy-map system type network-qos", "text", "show_policy-map_system_type_network-qos.txt"),
            ("show ip access-lists", "text", "show_ip_access-lists.txt"),
            ("show running-config", "text", "show_running-config.txt")]
    return {"name": name, "platform": "nxos", "status": "ok", "errors": [], "outputs": [
        {"command": c, "encoding": e, "file": "devices/%s/%s" % (name, f)} for c, e, f in outs]}


LOSSY = ("policy-map type qos AI-QOS-LOSSY\n  class RDMA\n    set qos-group 0\n  class CNP\n    set qos-group 7\n")


def leaf_ports(s):
    out = []
    for h in range(HPS):
        for n in range(4):
            p = h * 4 + n + 1
            if p > HOSTP:
                continue
            optic = hostport_optic(h)
            hn, ifn = host(s, h), "ens%df%d" % (n // 2 + 1, n % 2)
            mac = "b8:ce:%02x:%02x:%02x:%02x" % (s >> 8 & 0xff, s & 0xff, h, n)
            x = ({"type": "QSFP-100G-SR4", "bitrate": 25500, "serial": "SR%04d%03d" % (s, p),
                  "dom": host_dom(s, h, n)[:2]} if optic else
                 {"type": "QSFP-100G-CU3M", "bitrate": 25500, "serial": "CU%04d%03d" % (s, p), "length": 3})
            out.append(("Ethernet1/%d" % p, {"speed": 100, "ip": ip(s, h, n, 0), "x": x, "peer": (hn, ifn, mac),
                                             "host": True}))
    for u in range(UP):
        sp, spp = uplink_spine(s, u)
        tl, rl, _ts, _rs = isl_dom(s, u)
        out.append(("Ethernet1/%d" % (HOSTP + 1 + u), {
            "speed": 400, "ip": isl_ip(s, u, 0), "peer": ("spine%03d" % sp, "Ethernet1/%d" % spp, None),
            "x": {"type": "QDD-400G-DR4-S", "bitrate": 106250, "serial": "DR%04d%d" % (s, u), "dom": (tl, rl)}}))
    return out


def write_file(path, text):
    """The fixtures' writer: the file at path, its directory made first."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def eos_switch(s, ports):
    name = leaf(s)
    d = "%s/devices/%s" % (OUT, name)
    mine, lldp = {}, {}
    for p, at in ports:
        e = eos_leaf.name(p)
        x = dict(at["x"])
        if "dom" in x:
            tx, rx = x["dom"]
            x["dom"] = [(k + 1, tx[k], rx[k]) for k in range(4)]
        mine[e] = {"speed": at["speed"], "lanes": 4, "ip": at["ip"], "desc": "%s:%s" % at["peer"][:2], "mtu": 9216,
                   "x": x}
        lldp[(name, e)] = at["peer"]

    outs = eos_leaf.write(write_file, d, name, s % 256, mine, lldp, set(), model="DCS-7060DX5-64S")
    return {"name": name, "platform": "eos", "status": "ok", "errors": [], "outputs": [
        {"command": c, "encoding": e, "file": "devices/%s/%s" % (name, f)} for c, e, f in outs]}


def sonic_acl(host_ports):
    """The host-edge ACL of acl_entries in CONFIG_DB: an L3 ingress table on the host ports, a rule
    per entry (SONiC evaluates the highest PRIORITY first)."""
    rules = {}
    for sq, t in acl_entries(False):
        w = t.split()
        r = {"PRIORITY": str(10000 - sq), "PACKET_ACTION": "FORWARD" if w[0] == "permit" else "DROP"}
        if w[1] != "ip":
            r["IP_PROTOCOL"] = "6" if w[1] == "tcp" else "17"
        if w[-1] == "established":   # CONFIG_DB has no "established": TCP from the hosts' own range
            r["SRC_IP"] = "10.0.0.0/8"
        elif w[2] != "any":
            r["SRC_IP"] = w[2]
        elif w[1] == "ip":
            r["SRC_IP"] = "0.0.0.0/0"
        if "eq" in w:
            r["L4_DST_PORT"] = w[w.index("eq") + 1]
        rules["HOST_EDGE_IN|RULE_%d" % sq] = r
    table = {"HOST_EDGE_IN": {"policy_desc": "host edge ingress", "type": "L3", "stage": "ingress", "ports": host_ports}}
    return table, rules


def sonic_switch(s, ports):
    name = leaf(s)
    d = "%s/devices/%s" % (OUT, name)
    hwsku, platform = SONIC_SKU[s // max(a.sonic_every, 1) % 2]
    mine, lldp, isl, hostp = {}, {}, [], []
    for p, at in ports:
        sn, lanes = sonic_port(p)
        x = dict(at["x"])
        optic = "dom" in x
        if optic:
            tx, rx = x["dom"]
            x["dom"] = [(k + 1, tx[k], rx[k]) for k in range(4)]
        m = {"speed": at["speed"], "lanes": lanes, "ip": at["ip"], "desc": "%s:%s" % at["peer"][:2], "mtu": 9216,
             "peer": at["peer"], "x": x}
        if at.get("host"):   # QSFP28 modules in the 2x200G cages; autoneg on the DACs as on the NX-OS leaves
            x["ext"] = "100GBASE-SR4 or 25GBASE-SR" if optic else "100GBASE-CR4, 25GBASE-CR CA-L"
            m.update(autoneg="off" if optic else "on", cable="40m" if optic else "5m")
            hostp.append(sn)
        else:
            isl.append(sn)
        mine[sn] = m
        lldp[(name, sn)] = at["peer"]

    def edit(cfg):
        cfg["ACL_TABLE"], cfg["ACL_RULE"] = sonic_acl(hostp)
        if "sonic-pfc-off" in PLANT and s == FS:
            del cfg["PORT_QOS_MAP"][sonic_port("Ethernet1/5")[0]]["pfc_enable"]
    outs = sonic_leaf.write(write_file, d, name, hwsku, platform, mine, SONIC_BREAKOUT, lldp, set(), isl,
                            seed=s * 100 + HOUR * 50000, edit=edit)
    return {"name": name, "platform": "sonic", "status": "ok", "errors": [], "outputs": [
        {"command": c, "encoding": e, "file": "devices/%s/%s" % (name, f)} for c, e, f in outs]}


devices, manifest, links = [], [], []
spine_ports = {}
for s in range(L):
    sw = leaf(s)
    ports = leaf_ports(s)
    for u in range(UP):
        sp, spp = uplink_spine(s, u)
        tl, rl, ts, rs = isl_dom(s, u)
        lport = port_name(s, "Ethernet1/%d" % (HOSTP + 1 + u))
        at = {"speed": 400, "ip": isl_ip(s, u, 1), "peer": (sw, lport, None),
              "x": {"type": "QDD-400G-DR4-S", "bitrate": 106250, "serial": "DS%03d%02d" % (sp, spp), "dom": (ts, rs)}}
        if is_sonic(s):
            at.update(lldp_port=sonic_leaf.alias(lport), lldp_descr="spine%03d:Ethernet1/%d" % (sp, spp),
                      lldp_sysd="SONiC Software Version: SONiC.202405.1-example")
        spine_ports.setdefault(sp, []).append(("Ethernet1/%d" % spp, at))
    if is_sonic(s):
        manifest.append(sonic_switch(s, ports))
        devices.append({"name": sw, "role": "leaf", "platform": "sonic", "transport": "file"})
        lp = lambda p: sonic_port(p)[0]  # noqa: E731
    elif is_eos(s):
        manifest.append(eos_switch(s, ports))
        devices.append({"name": sw, "role": "leaf", "platform": "eos", "transport": "file"})
        lp = lambda p: eos_leaf.name(p)  # noqa: E731
    else:
        # one leaf in three: Cisco's per-port design; one in five of the others attaches the same
        # input policy to single host ports as well (overrides that agree)
        per_range = s % 3 == 1
        qos = ai_qos(per_port="Ethernet1/1-%d" % (HOSTP + UP), buffer=BUF) if per_range else ai_qos(buffer=BUF)
        extra = ""
        if not per_range and s % 5 == 0:
            for p, at in ports[:8]:
                at["override"] = "AI-QOS-IN"
        if "override-lossy" in PLANT and s == FL:
            extra = LOSSY
            dict(ports)["Ethernet1/9"]["override"] = "AI-QOS-LOSSY"
        manifest.append(nx_switch(sw, ports, "leaf", s, qos, extra, "acl-4791" in PLANT and s == FM))
        devices.append({"name": sw, "role": "leaf", "platform": "nxos", "transport": "file"})
        lp = lambda p: p  # noqa: E731
    for h in range(HPS):
        name = host(s, h)
        os.makedirs("%s/devices/%s" % (OUT, name), exist_ok=True)
        with open("%s/devices/%s/probe.json" % (OUT, name), "w") as f:
            json.dump(host_doc(name, s, h), f, separators=(",", ":"))
        devices.append({"name": name, "role": "gpu", "platform": "linux", "transport": "probe"})
        manifest.append({"name": name, "platform": "linux", "status": "ok", "errors": [], "outputs": [
            {"command": "fabcheck probe", "encoding": "json", "file": "devices/%s/probe.json" % name}]})
        for n in range(4):
            if h * 4 + n + 1 <= HOSTP:
                o = hostport_optic(h)
                links.append({"a": "%s:%s" % (sw, lp("Ethernet1/%d" % (h * 4 + n + 1))),
                              "b": "%s:ens%df%d" % (name, n // 2 + 1, n % 2), "cable": "fibre-mm" if o else "dac",
                              "length_m": 30 if o else 3, "speed": "100G"})
    for u in range(UP):
        sp, spp = uplink_spine(s, u)
        links.append({"a": "%s:%s" % (sw, lp("Ethernet1/%d" % (HOSTP + 1 + u))), "b": "spine%03d:Ethernet1/%d" % (sp, spp),
                      "cable": "fibre-sm", "length_m": 150, "speed": "400G"})
for sp in range(NSP):
    if sp not in spine_ports:
        continue
    name = "spine%03d" % sp
    manifest.append(nx_switch(name, sorted(spine_ports[sp], key=lambda x: int(x[0][10:])), "spine", 4096 + sp,
                              ai_qos(buffer=BUF), "", False))
    devices.append({"name": name, "role": "spine", "platform": "nxos", "transport": "file"})
inv = {"version": 1, "fabric": {"name": "bench", "profile": "lossless_dcqcn",
                                "roce": {"priority": 3, "dscp": 26, "cnp_dscp": 48, "mtu": 9000}},
       "devices": devices, "links": links}
json.dump(inv, open(OUT + "/inventory.json", "w"), separators=(",", ":"))
json.dump({"format": "fabcheck-snapshot", "format_version": 1, "created": T1 if HOUR else T0,
           "tool_version": "bench", "inventory": "inventory.json", "devices": manifest},
          open(OUT + "/manifest.json", "w"), separators=(",", ":"))
if a.faults:   # what the benchmark checks is found: rule, subject, what was planted
    json.dump([{"id": k, "rule": r, "subject": sj, "what": wh, "runtime": k in RUNTIME} for k, (r, sj, wh) in
               list(FAULTS.items()) + (list(RUNTIME.items()) if HOUR else [])],
              open(OUT + "/planted.json", "w"), indent=1)
print("%d leaves (%d EOS, %d SONiC), %d spines, %d hosts, %d links" % (
    L, sum(1 for s in range(L) if is_eos(s)), sum(1 for s in range(L) if is_sonic(s)), len(spine_ports), L * HPS,
    len(links)))
