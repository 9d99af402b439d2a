#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The Arista EOS example fabrics, end to end:

- inventories/examples/eos-leaves (NX-OS spines, leaf1/leaf2 on EOS with eAPI outputs, leaf3/leaf4
  on NX-OS, eight hosts) and inventories/examples/multi-vendor (leaf1/leaf2 EOS, leaf3/leaf4 SONiC)
  are exactly what tests/fixtures/spineleaf.py --eos [--sonic] writes;
- both validate with no failure and nothing not understood;
- three-way parity, rule by rule and subject by subject (ports matched through the cabling plan):
  the EOS fabric and the three-vendor fabric against the same fabric on NX-OS leaves. Every
  finding has the same verdict but those explained (EOS states no PFC headroom or pause threshold
  in any output: HR-SIZE and ECN-BEFORE-PFC UNKNOWN on EOS ends; SONiC's CABLE_LENGTH states the
  cable a profile is sized for: HR-CABLE-LEN);
- each planted EOS fault alone fails the rule that owns it, its evidence and SARIF result at the
  line of the EOS output that holds it: PFC priority 4 no-drop against hosts pausing 3, ECN off
  (random-detect drop) on the RoCE tx-queue, qos trust cos on a routed port, an ACL denying UDP
  4791, a port forced to 10G with FEC off against a 25G RS host NIC.

usage: eos_fabric.py FABCHECK
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fabric_parity import parity as _parity  # noqa: E402

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GEN = os.path.join(ROOT, "tests/fixtures/spineleaf.py")
EXAMPLES = {"eos-leaves": ["--eos"], "multi-vendor": ["--eos", "--sonic"]}
PY = "/usr/bin/python3"
failures = []
COUNTERS = {"L1-FLAP", "FEC-BER", "PFC-RUNTIME", "ECN-RUNTIME"}
EXPLAINED = {
    "HR-SIZE": "EOS sizes PFC headroom itself and no output states it: UNKNOWN on an EOS end (NX-OS: pause buffer-size)",
    "ECN-BEFORE-PFC": "no pause threshold in any EOS output to compare the ECN thresholds with: UNKNOWN",
    "HR-CABLE-LEN": "SONiC's CABLE_LENGTH states the cable a profile is sized for; a running-config does not",
}
# fault -> (rule, subject, file, the text of the line the evidence must name)
FAULTS = {
    "eos-pfc-prio": ("PFC-PRIO-MATCH", "leaf1:Ethernet1 <-> c01:ens1f0", "show_running-config.txt",
                     "priority-flow-control priority 4 no-drop"),
    "eos-ecn-off": ("ECN-SW-QUEUE", "leaf1", "show_running-config.txt", "random-detect drop"),
    "eos-trust-cos": ("PFC-TRUST", "leaf2:Ethernet2 <-> c02:ens1f1", "show_running-config.txt", "qos trust cos"),
    "eos-acl-4791": ("UDP4791-SWITCH-ACL", "leaf1:Ethernet2 <-> c02:ens1f0", "show_running-config.txt",
                     "deny udp any any eq 4791"),
    "eos-forced-speed": ("L1-SPEED-MATCH", "leaf2:Ethernet1 <-> c01:ens1f1", "show_interfaces.json", '"bandwidth"'),
}


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def gen(out, *args):
    subprocess.run([PY, GEN, out] + list(args), check=True)


def validate(d, *extra):
    r = subprocess.run([FABCHECK, "validate", d, "--format", "json"] + list(extra), capture_output=True, text=True)
    check(r.returncode in (0, 1), "validate %s: exit %d: %s" % (d, r.returncode, r.stderr[:300]))
    return json.loads(r.stdout) if r.stdout else {"findings": [], "devices": []}


def parity(t, label, rep, inv_path, nx, inv_n):
    return _parity(check, label, rep, inv_path, nx, inv_n, EXPLAINED, "leaf[12]", "EOS")


def main():
    t = tempfile.mkdtemp()
    try:
        gen(t + "/nxos")
        nx = validate(t + "/nxos")
        inv_n = json.load(open(t + "/nxos/inventory.json"))
        for ex, args in EXAMPLES.items():
            path = os.path.join(ROOT, "inventories/examples", ex)
            gen(t + "/" + ex, *args)
            if os.path.exists(os.path.join(path, "README.md")):
                shutil.copy(os.path.join(path, "README.md"), t + "/" + ex + "/README.md")
            r = subprocess.run(["diff", "-r", path, t + "/" + ex], capture_output=True, text=True)
            check(r.returncode == 0, "inventories/examples/%s differs from spineleaf.py %s: %s" % (
                ex, " ".join(args), r.stdout[:400]))
            rep = validate(path)
            bad = [(f["status"], f["rule"], f["subject"]) for f in rep["findings"]
                   if f["status"] in ("fail", "warn")]
            check(not bad, "%s is not clean: %s" % (ex, bad[:8]))
            for dev in rep["devices"]:
                nu = [u["text"] for u in dev.get("not_understood", [])]
                check(not nu, "%s %s: not understood: %s" % (ex, dev["name"], nu[:5]))
            unk = sorted({f["rule"] for f in rep["findings"] if f["status"] == "unknown"} - COUNTERS)
            check(set(unk) <= set(EXPLAINED), "%s: unknown beyond the explained: %s" % (ex, unk))
            print("%s: %d findings, %d pass, unknown only: %s" % (
                ex, len(rep["findings"]), sum(f["status"] == "pass" for f in rep["findings"]),
                ", ".join(sorted(set(unk) | COUNTERS))))
            parity(t, ex, rep, os.path.join(path, "inventory.json"), nx, inv_n)

        # one fault at a time
        for fault, (rule, subj, fname, text) in FAULTS.items():
            d = "%s/f-%s" % (t, fault)
            gen(d, "--eos", "--fault", fault)
            sarif = os.path.join(t, fault + ".sarif")
            rep = validate(d, "--format", "sarif=" + sarif)
            got = [f for f in rep["findings"] if f["rule"] == rule and f["subject"] == subj]
            check(got and got[0]["status"] == "fail", "%s: %s %s is %s" % (
                fault, rule, subj, got[0]["status"] if got else "missing"))
            if not got:
                continue
            dev = subj.split(":")[0].split(" ")[0]
            path = os.path.join(d, "devices", dev, fname)
            lines = open(path).read().split("\n")
            ev = [e for e in got[0].get("evidence", []) if isinstance(e.get("source"), dict)
                  and os.path.abspath(e["source"]["file"]) == os.path.abspath(path)]
            hit = [e for e in ev if e["source"].get("line") and text in lines[e["source"]["line"] - 1]]
            check(hit, "%s: no evidence at a line of %s holding %r: %s" % (fault, fname, text,
                                                                       [e.get("source") for e in got[0]["evidence"]]))
            res = [x for run in json.load(open(sarif))["runs"] for x in run["results"]
                   if x["ruleId"] == rule and x["level"] == "error"]
            locs = [loc["physicalLocation"] for x in res for loc in x.get("locations", [])]
            at = [p for p in locs if p["artifactLocation"]["uri"].endswith(dev + "/" + fname)
                  and text in lines[p["region"]["startLine"] - 1]]
            check(at, "%s: no SARIF result of %s at %s holding %r" % (fault, rule, fname, text))
            others = sorted({(f["rule"], f["subject"]) for f in rep["findings"] if f["status"] == "fail"} - {(rule, subj)})
            print("fault %-18s %s FAIL on %s at %s:%s%s" % (
                fault, rule, subj, fname, hit[0]["source"]["line"] if hit else "?",
                "; also failing: " + ", ".join("%s %s" % o for o in others[:4]) if others else ""))
    finally:
        shutil.rmtree(t)
    if failures:
        print("%d failure(s)" % len(failures))
        sys.exit(1)
    print("eos_fabric: ok")


main()
