#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Writes a synthetic snapshot for the validation benchmark (bench/validate_scale.sh):
N NX-OS leaves of 64 x 100G ports (NX-API `show interface` JSON and a running-config with the
demo's RoCE QoS), and 16 hosts per leaf with 8 ConnectX NICs of 8 GIDs each (probe documents).
Host i's NICs 0-3 are cabled to leaf i // 16, ports (i % 16) * 4 + 1..4, in the plan; NICs 4-7
are a second rail left out of the plan (their state still feeds the host and fleet rules).
Every value is clean: the snapshot should validate with no failure.

usage: gen_fabric.py OUT --switches N [--hosts-per-switch 16] [--nics 8] [--gids 8]"""
import argparse, json, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures"))
from nxos_qos import ai_qos  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("out")
ap.add_argument("--switches", type=int, required=True)
ap.add_argument("--hosts-per-switch", type=int, default=16)
ap.add_argument("--nics", type=int, default=8)
ap.add_argument("--gids", type=int, default=8)
a = ap.parse_args()
OUT, HPS = a.out, a.hosts_per_switch
PORTS = 64
os.makedirs(OUT + "/devices", exist_ok=True)

CFG_HEAD = """!Command: show running-config
version 10.3(4a) Bios:version 05.47
hostname %s
feature lldp
"""
CFG_IF = """
interface Ethernet1/%d
  description %s
  mtu 9216
  priority-flow-control mode on
  no switchport
  ip address %s/31
  no shutdown
"""
ROW = ('{"interface": "Ethernet1/%d", "state": "up", "admin_state": "up", "eth_hw_addr": "00c8.8b%02x.%04x", '
       '"eth_mtu": "9216", "eth_bw": 100000000, "eth_duplex": "full", "eth_speed": "100 Gb/s", "eth_autoneg": "on", '
       '"eth_in_flowctrl": "off", "eth_out_flowctrl": "off", "eth_admin_fec_state": "auto", '
       '"eth_oper_fec_state": "rs-fec", "eth_reset_cntr": 0}')
MODES = ["25000baseCR/Full", "50000baseCR2/Full", "100000baseCR4/Full"]


def ip(s, h, n, side):
    """10.x.y.z/31 per (switch, host, nic); side 0 is the switch's address, 1 the host's."""
    k = (s * HPS + h) * 4 + n
    return "10.%d.%d.%d" % (k >> 14 & 0xff, k >> 6 & 0xff, (k & 0x3f) * 2 + side + 128 * 0)


def rail2(s, h, n):
    k = (s * HPS + h) * 4 + n
    return "172.%d.%d.%d" % (16 + (k >> 14 & 0x0f), k >> 6 & 0xff, (k & 0x3f) * 2 + 1)


def host_doc(name, s, h):
    ifs, devs = [], []
    for n in range(a.nics):
        ifn = "ens%df%d" % (n // 2 + 1, n % 2)
        addr = ip(s, h, n, 1) if n < 4 else rail2(s, h, n - 4)
        mac = "b8:ce:%02x:%02x:%02x:%02x" % (s >> 8 & 0xff, s & 0xff, h, n)
        ifs.append({"name": ifn, "mac": mac, "mtu": 9000, "operstate": "up", "addresses": [addr + "/31"],
                    "driver": {"name": "mlx5_core", "version": "6.1.0", "firmware": "22.39.1002 (MT_0000000359)"},
                    "pci": {"address": "0000:%02x:00.%d" % (0x3b + n // 2, n % 2), "current_link_speed": "16.0 GT/s PCIe",
                            "max_link_speed": "16.0 GT/s PCIe", "current_link_width": 16, "max_link_width": 16,
                            "numa_node": n // 4},
                    "link": {"speed_mbps": 100000, "lanes": 4, "duplex": "full", "autoneg": True,
                             "port": "Direct Attach Copper", "supported": MODES, "advertised": MODES, "partner": [],
                             "active_mode": "100000baseCR4/Full"},
                    "fec": {"configured": "Auto", "active": "RS"},
                    "pause": {"autoneg": False, "rx": False, "tx": False},
                    "pfc_prevention_tout": {"auto": True},
                    "dcb": {"pfc_enabled": [3], "pfc_delay_m": 7, "trust": "dscp", "dscp_prio": {"26": 3, "48": 6},
                            "buffer": {"prio_buffer": [0, 0, 0, 1, 0, 0, 0, 0],
                                       "buffer_size": [130944, 156096, 0, 0, 0, 0, 0, 0]}},
                    "ecn": {"roce_np_enabled": [3], "roce_rp_enabled": [3], "cnp_dscp": 48, "cnp_prio": 6},
                    "sysctl": {"arp_ignore": 1, "arp_announce": 2, "all_arp_ignore": 1, "all_arp_announce": 2}})
        if n < 4 and h * 4 + n + 1 <= PORTS:   # the leaf's LLDP, as lldpd reports it
            ifs[-1]["lldp"] = {"system_name": "leaf%04d" % s, "port_id": "Ethernet1/%d" % (h * 4 + n + 1)}
        o = [int(x) for x in addr.split(".")]
        v4 = "0000:0000:0000:0000:0000:ffff:%02x%02x:%02x%02x" % tuple(o)
        ll = "fe80:0000:0000:0000:bace:%02xff:fe%02x:%02x%02x" % (s & 0xff, s >> 8 & 0xff, h, n)
        gids = []
        for g in range(a.gids):
            gid = ll if g < 2 else v4 if g < 4 else "fd00:0000:%04x:%04x:0000:0000:%04x:%04x" % (s, h, n, g)
            gids.append({"index": g, "gid": gid, "type": "RoCE v2" if g % 2 else "IB/RoCE v1", "netdev": ifn})
        devs.append({"name": "mlx5_%d" % n, "kind": "hw", "fw_ver": "22.39.1002", "board_id": "MT_0000000359",
                     "hca_type": "MT4125",
                     "ports": [{"port": 1, "state": "ACTIVE", "phys_state": "LinkUp", "link_layer": "Ethernet",
                                "active_mtu": 4096, "netdev": ifn, "roce_mode": "RoCE v2", "roce_tos": 106,
                                "gids": gids}]})
    return {"format": "fabcheck-host", "format_version": 1, "hostname": name, "collected_at": "2026-11-30T00:00:00Z",
            "probe_version": "bench", "interfaces": ifs, "rdma": {"devices": devs},
            "firewall": {"udp_4791": "accept", "backend": "nftables"}, "memlock": {"bytes": -1},
            "pcie_aspm_policy": "performance"}


devices, manifest, links = [], [], []
for s in range(a.switches):
    sw = "leaf%04d" % s
    os.makedirs("%s/devices/%s" % (OUT, sw), exist_ok=True)
    rows = ",".join(ROW % (p, s & 0xff, p) for p in range(1, PORTS + 1))
    with open("%s/devices/%s/show_interface.json" % (OUT, sw), "w") as f:
        f.write('{"jsonrpc": "2.0", "result": {"body": {"TABLE_interface": {"ROW_interface": [%s]}}}, "id": 1}' % rows)
    # one switch in three runs Cisco's per-port design (classification and ingress buffers on the
    # interface range), so that the QoS path resolver is measured on both precedence paths
    cfg = CFG_HEAD % sw + (ai_qos(per_port="Ethernet1/1-%d" % PORTS) if s % 3 == 1 else ai_qos())
    for h in range(HPS):
        for n in range(4):
            p = h * 4 + n + 1
            if p <= PORTS:
                cfg += CFG_IF % (p, "host%05d:ens%df%d" % (s * HPS + h, n // 2 + 1, n % 2), ip(s, h, n, 0))
    with open("%s/devices/%s/show_running-config.txt" % (OUT, sw), "w") as f:
        f.write(cfg)
    devices.append({"name": sw, "role": "leaf", "platform": "nxos", "transport": "file"})
    manifest.append({"name": sw, "platform": "nxos", "status": "ok", "errors": [], "outputs": [
        {"command": "show interface", "encoding": "json", "file": "devices/%s/show_interface.json" % sw},
        {"command": "show running-config", "encoding": "text", "file": "devices/%s/show_running-config.txt" % sw}]})
    for h in range(HPS):
        name = "host%05d" % (s * HPS + h)
        os.makedirs("%s/devices/%s" % (OUT, name), exist_ok=True)
        with open("%s/devices/%s/probe.json" % (OUT, name), "w") as f:
            json.dump(host_doc(name, s, h), f, separators=(",", ":"))
        devices.append({"name": name, "role": "gpu", "platform": "linux", "transport": "probe"})
        manifest.append({"name": name, "platform": "linux", "status": "ok", "errors": [], "outputs": [
            {"command": "fabcheck probe", "encoding": "json", "file": "devices/%s/probe.json" % name}]})
        for n in range(4):
            if h * 4 + n + 1 <= PORTS:
                links.append({"a": "%s:Ethernet1/%d" % (sw, h * 4 + n + 1), "b": "%s:ens%df%d" % (name, n // 2 + 1, n % 2),
                              "cable": "dac", "length_m": 3, "speed": "100G"})
inv = {"version": 1, "fabric": {"name": "bench", "profile": "lossless_dcqcn",
                                "roce": {"priority": 3, "dscp": 26, "cnp_dscp": 48, "mtu": 9000}},
       "devices": devices, "links": links}
json.dump(inv, open(OUT + "/inventory.json", "w"), separators=(",", ":"))
json.dump({"format": "fabcheck-snapshot", "format_version": 1, "created": "2026-11-30T00:00:00Z",
           "tool_version": "bench", "inventory": "inventory.json", "devices": manifest},
          open(OUT + "/manifest.json", "w"), separators=(",", ":"))
print("%d switches, %d hosts, %d links" % (a.switches, a.switches * HPS, len(links)))
