#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""SONiC ACL_TABLE words as orchagent reads them (issue 30, point 1): type and stage compared
without case ("l3" is L3, "EGRESS" is egress: orchagent upper-cases both), the mirror, watchdog
and control-plane types skipped by name, and any other type or stage listed as not understood at
its line with the table's ports left UNKNOWN, never a table skipped into a PASS. Before, "l3"
was skipped without a word (UDP4791-SWITCH-ACL passed over a deny of UDP 4791) and "EGRESS" was
read as ingress.

usage: sonic_acl_words.py FABCHECK
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

FABCHECK = os.path.abspath(sys.argv[1])
failures = []

INVENTORY = """version: 1
fabric: {name: a, profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, cnp_dscp: 48, mtu: 9000}}
devices:
  - {name: sw, platform: sonic, config: sw.json}
  - name: h1
    platform: linux
    intent: {interfaces: [{name: ens1f0, mtu: 9000, addresses: ["10.9.0.1/31"]}]}
links:
  - {a: "sw:Ethernet0", b: "h1:ens1f0", cable: dac, length_m: 2}
"""

# type, stage (None: absent), UDP4791-SWITCH-ACL status, the direction it denies in, not understood
CASES = [
    ("L3", "ingress", "fail", "in", None),
    ("l3", None, "fail", "in", None),
    ("l3", "EGRESS", "fail", "out", None),
    ("L3V4V6", "Ingress", "fail", "in", None),
    ("l3v6", "egress", "fail", "out", None),
    ("MIRROR", "ingress", "pass", None, None),
    ("pfcwd", "ingress", "pass", None, None),
    ("CUSTOM_T", "ingress", "unknown", None, "type 'CUSTOM_T'"),
    ("L3", "both", "unknown", None, "stage 'both'"),
]


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def config(typ, stage):
    t = {"type": typ, "ports": ["Ethernet0"]}
    if stage:
        t["stage"] = stage
    return json.dumps({
        "DEVICE_METADATA": {"localhost": {"hostname": "sw", "hwsku": "ACS-SN5600", "platform": "x86_64-nvidia_sn5600-r0"}},
        "PORT": {"Ethernet0": {"lanes": "0,1,2,3", "speed": "100000", "mtu": "9100", "admin_status": "up"}},
        "ACL_TABLE": {"EDGE": t},
        "ACL_RULE": {"EDGE|R10": {"PRIORITY": "9990", "PACKET_ACTION": "DROP", "IP_PROTOCOL": "17", "L4_DST_PORT": "4791"},
                     "EDGE|R20": {"PRIORITY": "1", "PACKET_ACTION": "FORWARD", "SRC_IP": "0.0.0.0/0"}}}, indent=2)


def main():
    t = tempfile.mkdtemp()
    try:
        open(os.path.join(t, "inventory.yaml"), "w").write(INVENTORY)
        for typ, stage, want, direction, nu in CASES:
            cfg = config(typ, stage)
            open(os.path.join(t, "sw.json"), "w").write(cfg)
            r = subprocess.run([FABCHECK, "validate", os.path.join(t, "inventory.yaml"), "--format", "json"],
                               capture_output=True, text=True)
            rep = json.loads(r.stdout)
            f = next(x for x in rep["findings"] if x["rule"] == "UDP4791-SWITCH-ACL")
            sw = next(x for x in rep["devices"] if x["name"] == "sw")
            name = "%s/%s" % (typ, stage)
            check(f["status"] == want, "%s: %s, want %s" % (name, f["status"], want))
            denies = [e["what"] for e in f["evidence"] if "denies" in e["value"]]
            check(denies == ([direction] if direction else []), "%s: denies in %s, want %s" % (name, denies, direction))
            got = [u for u in sw["not_understood"] if nu and nu in u["text"]]
            line = next((i + 1 for i, l in enumerate(cfg.splitlines())
                         if nu and ('"%s"' % (typ if "type" in nu else stage)) in l), None)
            check(bool(got) == bool(nu) and len(sw["not_understood"]) == (1 if nu else 0),
                  "%s: not understood %s" % (name, sw["not_understood"]))
            if got:
                check(got[0]["line"] == line, "%s: not understood at line %s, want %s" % (name, got[0]["line"], line))
            print("%-18s %s" % (name, f["status"]))
    finally:
        shutil.rmtree(t)
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)


main()
