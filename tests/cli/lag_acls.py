#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""An ACL on a port-channel filters the traffic of its members, on every OS: NX-OS `interface
port-channel10` + `ip access-group`, EOS `interface Port-Channel10` + `ip access-group`, SONiC
ACL_TABLE `ports` naming PortChannel10 (PORTCHANNEL_MEMBER). A host is cabled to each of the two
members; the ACL denies UDP 4791: UDP4791-SWITCH-ACL fails both member links, its evidence at the
ACL's deny line; the same switch without the deny passes both. On EOS too: a standard ACL (source
only, every protocol) denying the hosts' subnet fails, and named ports (`eq bfd`, `eq ntp`) are
read, never listed as not understood.

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
    finally:
        shutil.rmtree(t)
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)


main()
