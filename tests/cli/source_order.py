#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Two sources disagreeing is a finding, not "last parsed wins" (issue 30, point 3).
  - NX-OS: show interface reports MTU 1500 on the demo's leaf1 Ethernet1/1 while its
    running-config sets 9216: DATA-CONFLICT warns naming both values and both file:lines, the
    running value (1500) is the one MTU-HOST-SWITCH judges, whichever order the manifest lists the
    two outputs in;
  - EOS: show interfaces reports an MTU its running-config does not set: the same, on eos-leaves;
  - no verdict depends on the order of outputs in manifest.json: every example fabric, its
    manifest's devices and each device's outputs shuffled (five seeds) and reversed, gives the
    same findings, byte for byte in JSON.

usage: source_order.py FABCHECK
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

from fctest import check, finish

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXAMPLES = ["inventories/demo"] + sorted(
    os.path.join("inventories/examples", d) for d in os.listdir(os.path.join(ROOT, "inventories/examples"))
    if os.path.exists(os.path.join(ROOT, "inventories/examples", d, "manifest.json")))


def report(snap):
    r = subprocess.run([FABCHECK, "validate", snap, "--format", "json"], capture_output=True, text=True)
    rep = json.loads(r.stdout.replace(snap.rstrip("/") + "/", "SNAP/"))
    return r.returncode, json.dumps(rep["findings"], sort_keys=True), json.dumps(rep["devices"], sort_keys=True), rep


def reorder(snap, how):
    p = os.path.join(snap, "manifest.json")
    man = json.load(open(p))
    if how == "reversed":
        man["devices"].reverse()
        for d in man["devices"]:
            d["outputs"].reverse()
    else:
        rnd = random.Random(how)
        rnd.shuffle(man["devices"])
        for d in man["devices"]:
            rnd.shuffle(d["outputs"])
    json.dump(man, open(p, "w"), indent=2)


def line_of(path, needle, after=None):
    lines = open(path).read().splitlines()
    start = 0 if after is None else next(i for i, l in enumerate(lines) if after in l)
    return next(i + 1 for i in range(start, len(lines)) if needle in lines[i])


def nxos_mtu(t):
    snap = os.path.join(t, "mtu")
    shutil.copytree(os.path.join(ROOT, "inventories/demo"), snap)
    p = os.path.join(snap, "devices/leaf1/show_interface.json")
    d = json.load(open(p))
    body = d["ins_api"]["outputs"]["output"]["body"] if "ins_api" in d else d
    for r in body["TABLE_interface"]["ROW_interface"]:
        if r["interface"] == "Ethernet1/1":
            r["eth_mtu"] = "1500"
    text = json.dumps(d, indent=2)
    open(p, "w").write(text)
    state_line = line_of(p, '"eth_mtu": "1500"')
    cfg_line = line_of(os.path.join(snap, "devices/leaf1/show_running-config.txt"), "mtu 9216", "interface Ethernet1/1")
    for how in ("as collected", "reversed", 1):
        if how != "as collected":
            reorder(snap, how)
        rc, _, _, rep = report(snap)
        conf = [f for f in rep["findings"] if f["rule"] == "DATA-CONFLICT" and f["status"] != "pass"]
        mtu = [f for f in rep["findings"] if f["rule"] == "MTU-HOST-SWITCH" and "leaf1:Ethernet1/1 " in f["subject"]]
        ev = conf[0]["evidence"] if conf else []
        srcs = sorted("%s:%s" % (e["source"]["file"].rsplit("/", 1)[-1], e["source"]["line"]) for e in ev)
        check(len(conf) == 1 and conf[0]["subject"] == "leaf1:Ethernet1/1" and conf[0]["status"] == "warn"
              and "mtu is 1500 in the running state but 9216 in the configuration" in conf[0]["message"],
              "nxos (%s): DATA-CONFLICT %s" % (how, [(f["subject"], f["message"]) for f in conf]))
        check(srcs == sorted(["show_interface.json:%d" % state_line, "show_running-config.txt:%d" % cfg_line]),
              "nxos (%s): evidence at %s" % (how, srcs))
        check(len(mtu) == 1 and mtu[0]["status"] == "fail" and "1500" in mtu[0]["message"],
              "nxos (%s): MTU-HOST-SWITCH %s" % (how, [(f["status"], f["message"]) for f in mtu]))
    print("NX-OS: show interface MTU 1500 against running-config 9216: DATA-CONFLICT at both lines, 1500 judged, "
          "in three manifest orders")


def eos_mtu(t):
    snap = os.path.join(t, "eos")
    shutil.copytree(os.path.join(ROOT, "inventories/examples/eos-leaves"), snap)
    p = os.path.join(snap, "devices/leaf1/show_interfaces.json")
    d = json.load(open(p))
    body = d["result"][0] if "result" in d else d
    before = body["interfaces"]["Ethernet1"]["mtu"]
    body["interfaces"]["Ethernet1"]["mtu"] = 1500
    open(p, "w").write(json.dumps(d, indent=2))
    rc, _, _, rep = report(snap)
    conf = [f for f in rep["findings"] if f["rule"] == "DATA-CONFLICT" and f["status"] != "pass"]
    # the model's MTU is the frame's: EOS's IP MTU + 18 bytes of Ethernet header and tag
    want = "mtu is 1518 in the running state but %d in the configuration" % (before + 18)
    check(len(conf) == 1 and conf[0]["subject"] == "leaf1:Ethernet1" and want in conf[0]["message"],
          "eos: DATA-CONFLICT %s, want %r" % ([(f["subject"], f["message"]) for f in conf], want))
    print("EOS: show interfaces MTU 1500 against the running-config's %d: DATA-CONFLICT" % before)


def main():
    t = tempfile.mkdtemp()
    try:
        nxos_mtu(t)
        eos_mtu(t)
        for ex in EXAMPLES:
            base = os.path.join(t, "base")
            shutil.rmtree(base, ignore_errors=True)
            shutil.copytree(os.path.join(ROOT, ex), base)
            want = report(base)[:3]
            for how in ("reversed", 1, 2, 3, 4, 5):
                snap = os.path.join(t, "order")
                shutil.rmtree(snap, ignore_errors=True)
                shutil.copytree(os.path.join(ROOT, ex), snap)
                reorder(snap, how)
                got = report(snap)[:3]
                check(got[0] == want[0], "%s (%s): exit %s, want %s" % (ex, how, got[0], want[0]))
                check(got[1] == want[1], "%s (%s): findings differ" % (ex, how))
                check(got[2] == want[2], "%s (%s): devices differ" % (ex, how))
            print("%s: the same %d bytes of findings in six manifest orders" % (ex, len(want[1])))
    finally:
        shutil.rmtree(t)
    finish()


main()
