#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""An ACL on a port-channel filters the traffic of its members, on every OS: NX-OS `interface
port-channel10` + `ip access-group`, EOS `interface Port-Channel10` + `ip access-group`, SONiC
ACL_TABLE `ports` naming PortChannel10 (PORTCHANNEL_MEMBER). A host is cabled to each of the two
members; the ACL denies UDP 4791: UDP4791-SWITCH-ACL fails both member links, its evidence at the
ACL's deny line; the same switch without the deny passes both. On EOS too: a standard ACL (source
only, every protocol) denying the hosts' subnet fails, and named ports (`eq bfd`, `eq ntp`) are
read, never listed as not understood. An ACL on a subinterface (NX-OS Ethernet1/1.100, EOS
Ethernet1.100, NVUE swp1.100, SONiC Ethernet0.100 bound by ACL_TABLE) that denies UDP 4791 WARNs the link of its port, with evidence at the
deny line under the subinterface's name; the link of a port without one passes.

usage: lag_acls.py FABCHECK
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

FABCHECK = os.path.abspath(sys.argv[1])
failures = []

HOST = """  - name: {h}
    platform: linux
    intent:
      interfaces:
        - name: ens1f0
          mtu: 9000
          addresses: ["{ip}/31"]
"""


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


NXOS = """hostname sw
ip access-list EDGE
  10 permit udp any any eq bfd
  20 {verb} udp any any eq 4791
  30 permit ip any any
interface port-channel10
  no switchport
  ip access-group EDGE in
interface Ethernet1/1
  channel-group 10 mode active
interface Ethernet1/2
  channel-group 10 mode active
"""

EOS = """hostname sw
ip access-list EDGE
   10 permit udp any any eq bfd
   20 {verb} udp any any eq 4791
   30 permit udp any eq ntp any
   40 permit ip any any
!
interface Port-Channel10
   no switchport
   ip access-group EDGE in
!
interface Ethernet1
   channel-group 10 mode active
!
interface Ethernet2
   channel-group 10 mode active
!
end
"""

EOS_STD = """hostname sw
ip access-list standard ONLY-MGMT
   10 permit host 192.0.2.10
   20 {verb} 10.9.0.0/24
   30 permit any
!
interface Port-Channel10
   no switchport
   ip access-group ONLY-MGMT in
!
interface Ethernet1
   channel-group 10 mode active
!
interface Ethernet2
   channel-group 10 mode active
!
end
"""


def sonic(verb):
    return json.dumps({
        "DEVICE_METADATA": {"localhost": {"hostname": "sw", "hwsku": "ACS-SN5600", "platform": "x86_64-nvidia_sn5600-r0"}},
        "PORT": {p: {"lanes": l, "speed": "100000", "mtu": "9100", "admin_status": "up"}
                 for p, l in (("Ethernet0", "0,1,2,3"), ("Ethernet4", "4,5,6,7"))},
        "PORTCHANNEL": {"PortChannel10": {"admin_status": "up", "mtu": "9100"}},
        "PORTCHANNEL_MEMBER": {"PortChannel10|Ethernet0": {}, "PortChannel10|Ethernet4": {}},
        "ACL_TABLE": {"EDGE": {"type": "L3", "stage": "ingress", "ports": ["PortChannel10"]}},
        "ACL_RULE": {"EDGE|RULE_10": {"PRIORITY": "9990", "PACKET_ACTION": "FORWARD", "IP_PROTOCOL": "17",
                                      "L4_DST_PORT": "3784"},
                     "EDGE|RULE_20": {"PRIORITY": "9980", "PACKET_ACTION": "DROP" if verb == "deny" else "FORWARD",
                                      "IP_PROTOCOL": "17", "L4_DST_PORT": "4791"},
                     "EDGE|RULE_30": {"PRIORITY": "1", "PACKET_ACTION": "FORWARD", "SRC_IP": "0.0.0.0/0"}},
    }, indent=2)


# A subinterface's ACL (PORT.N on every OS): the subinterface carries a VLAN of the link's
# traffic, which VLAN RoCE rides no output says: a drop there WARNs the link, naming the
# subinterface; the other link, without one, passes.
NXOS_SUB = """hostname sw
ip access-list EDGE
  10 permit udp any any eq bfd
  20 {verb} udp any any eq 4791
  30 permit ip any any
interface Ethernet1/1
  no switchport
interface Ethernet1/1.100
  encapsulation dot1q 100
  ip access-group EDGE in
interface Ethernet1/2
  no switchport
"""

EOS_SUB = """hostname sw
ip access-list EDGE
   10 permit udp any any eq bfd
   20 {verb} udp any any eq 4791
   40 permit ip any any
!
interface Ethernet1
   no switchport
!
interface Ethernet1.100
   encapsulation dot1q vlan 100
   ip access-group EDGE in
!
interface Ethernet2
   no switchport
!
end
"""

NVUE_SUB = """- set:
    system:
      hostname: sw
    interface:
      swp1:
        type: swp
      swp2:
        type: swp
      swp1.100:
        type: sub
        acl:
          EDGE:
            inbound: {{}}
    acl:
      EDGE:
        type: ipv4
        rule:
          '10':
            action:
              {verb}: {{}}
            match:
              ip:
                protocol: udp
                udp:
                  dest-port:
                    '4791': {{}}
          '20':
            action:
              permit: {{}}
"""

def sonic_sub(verb):
    return json.dumps({
        "DEVICE_METADATA": {"localhost": {"hostname": "sw", "hwsku": "ACS-SN5600", "platform": "x86_64-nvidia_sn5600-r0"}},
        "PORT": {p: {"lanes": l, "speed": "100000", "mtu": "9100", "admin_status": "up"}
                 for p, l in (("Ethernet0", "0,1,2,3"), ("Ethernet4", "4,5,6,7"))},
        "VLAN_SUB_INTERFACE": {"Ethernet0.100": {"admin_status": "up"}, "Ethernet0.100|10.8.0.1/31": {}},
        "ACL_TABLE": {"EDGE": {"type": "L3", "stage": "ingress", "ports": ["Ethernet0.100"]}},
        "ACL_RULE": {"EDGE|RULE_20": {"PRIORITY": "9980", "PACKET_ACTION": "DROP" if verb == "deny" else "FORWARD",
                                      "IP_PROTOCOL": "17", "L4_DST_PORT": "4791"},
                     "EDGE|RULE_30": {"PRIORITY": "1", "PACKET_ACTION": "FORWARD", "SRC_IP": "0.0.0.0/0"}},
    }, indent=2)


SUB_CASES = [  # name, platform, config writer, (the port with a subinterface, the port without), deny text
    ("nxos-sub", "nxos", lambda v: NXOS_SUB.format(verb=v), ("Ethernet1/1", "Ethernet1/2"), "udp any any eq 4791"),
    ("eos-sub", "eos", lambda v: EOS_SUB.format(verb=v), ("Ethernet1", "Ethernet2"), "udp any any eq 4791"),
    ("nvue-sub", "nvue", lambda v: NVUE_SUB.format(verb=v), ("swp1", "swp2"), "'4791': {}"),
    ("sonic-sub", "sonic", sonic_sub, ("Ethernet0", "Ethernet4"), '"L4_DST_PORT": "4791"'),
]

CASES = [  # name, platform, config writer, members, the text of the deny line
    ("nxos", "nxos", lambda v: NXOS.format(verb=v), ("Ethernet1/1", "Ethernet1/2"), "udp any any eq 4791"),
    ("eos", "eos", lambda v: EOS.format(verb=v), ("Ethernet1", "Ethernet2"), "udp any any eq 4791"),
    ("eos-standard", "eos", lambda v: EOS_STD.format(verb=v), ("Ethernet1", "Ethernet2"), "10.9.0.0/24"),
    # SONiC: the deny rule's destination-port line (what decides it takes RoCEv2)
    ("sonic", "sonic", sonic, ("Ethernet0", "Ethernet4"), '"L4_DST_PORT": "4791"'),
]


def run(d, name, plat, text, members):
    os.makedirs(d)
    cfg = os.path.join(d, "sw.cfg")
    open(cfg, "w").write(text)
    inv = ("version: 1\nfabric: {name: lag, profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, cnp_dscp: 48, mtu: 9000}}\n"
           "devices:\n  - {name: sw, platform: %s, config: sw.cfg}\n" % plat)
    for k, h in enumerate(("h1", "h2")):
        inv += HOST.format(h=h, ip="10.9.0.%d" % (2 * k + 1))
    inv += "links:\n" + "".join('  - {a: "sw:%s", b: "%s:ens1f0", cable: dac, length_m: 2}\n' % (m, h)
                                for m, h in zip(members, ("h1", "h2")))
    open(os.path.join(d, "inventory.yaml"), "w").write(inv)
    r = subprocess.run([FABCHECK, "validate", os.path.join(d, "inventory.yaml"), "--format", "json"],
                       capture_output=True, text=True)
    check(r.returncode in (0, 1), "%s: validate exit %d: %s" % (name, r.returncode, r.stderr[:300]))
    rep = json.loads(r.stdout) if r.stdout.startswith("{") else {"findings": [], "devices": []}
    sw = [x for x in rep["devices"] if x["name"] == "sw"]
    nu = [u["text"] for u in sw[0].get("not_understood", [])] if sw else []
    return rep, nu


def main():
    t = tempfile.mkdtemp()
    try:
        for name, plat, cfg, members, deny in CASES:
            for verb in ("deny", "permit"):
                rep, nu = run(os.path.join(t, name + "-" + verb), name, plat, cfg(verb), members)
                acl = {f["subject"]: f for f in rep["findings"] if f["rule"] == "UDP4791-SWITCH-ACL"}
                for m, h in zip(members, ("h1", "h2")):
                    f = acl.get("sw:%s <-> %s:ens1f0" % (m, h))
                    want = "fail" if verb == "deny" else "pass"
                    check(f is not None and f["status"] == want, "%s (%s): UDP4791-SWITCH-ACL on member %s is %s, "
                          "expected %s" % (name, verb, m, f and (f["status"], f["message"]), want))
                    if f and verb == "deny":
                        lines = [open(e["source"]["file"]).read().split("\n")[e["source"]["line"] - 1]
                                 for e in f["evidence"] if e.get("source", {}).get("line")
                                 and e["source"]["file"].endswith("sw.cfg")]
                        check(any(deny in x for x in lines), "%s: no evidence at the deny line: %s" % (name, lines))
                check(not nu, "%s (%s): not understood: %s" % (name, verb, nu))
                print("%s, ACL %s on the port-channel: %s" % (name, verb, ", ".join(
                    "%s %s" % (m, acl.get("sw:%s <-> %s:ens1f0" % (m, h), {}).get("status"))
                    for m, h in zip(members, ("h1", "h2")))))
        for name, plat, cfg, ports, deny in SUB_CASES:
            for verb in ("deny", "permit"):
                rep, nu = run(os.path.join(t, name + "-" + verb), name, plat, cfg(verb), ports)
                acl = {f["subject"]: f for f in rep["findings"] if f["rule"] == "UDP4791-SWITCH-ACL"}
                f = acl.get("sw:%s <-> h1:ens1f0" % ports[0])
                other = acl.get("sw:%s <-> h2:ens1f0" % ports[1])
                want = "warn" if verb == "deny" else "pass"
                check(f is not None and f["status"] == want, "%s (%s): UDP4791-SWITCH-ACL on %s is %s, expected %s" % (
                    name, verb, ports[0], f and (f["status"], f["message"]), want))
                check(other is not None and other["status"] == "pass", "%s (%s): %s without a subinterface is %s" % (
                    name, verb, ports[1], other and (other["status"], other["message"])))
                if f and verb == "deny":
                    lines = [open(e["source"]["file"]).read().split("\n")[e["source"]["line"] - 1]
                             for e in f["evidence"] if e.get("source", {}).get("line")
                             and e["source"]["file"].endswith("sw.cfg") and e.get("end", "").endswith(".100")]
                    check(any(deny in x for x in lines), "%s: no evidence of the subinterface at the deny line: %s" % (
                        name, [(e.get("end"), e.get("value")) for e in f["evidence"]]))
                check(not nu, "%s (%s): not understood: %s" % (name, verb, nu))
                print("%s, ACL %s on %s.100: %s %s, %s %s" % (name, verb, ports[0], ports[0], f and f["status"],
                                                           ports[1], other and other["status"]))
    finally:
        shutil.rmtree(t)
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)


main()
