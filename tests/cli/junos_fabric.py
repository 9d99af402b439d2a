#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The Juniper Junos example fabric and the cross-OS parity, end to end:

- inventories/examples/junos-leaves (NX-OS spines, leaf1/leaf2 on Junos QFX5120-48Ys with the class of
  service of Juniper's validated RoCEv2 design, eight hosts, five planted faults) is exactly what
  tests/fixtures/spineleaf.py --junos --fault ... writes, and each planted fault FAILs its rule there,
  with evidence at the configuration line that holds it (and a SARIF result there): the classifier
  putting DSCP 26 in a lossy class, the NO-LOSS scheduler without explicit-congestion-notification,
  a port without the congestion-notification-profile, a filter on an ae bundle discarding UDP 4791,
  fec none on an uplink against the spine's RS-FEC;
- the same fabric without faults validates with no failure and nothing not understood, and gives
  every finding the verdict it has with all leaves on NX-OS, but those explained: the Junos state
  outputs read so far carry no optics, lanes or FEC in use (the link rules that need them UNKNOWN
  or not judged), and the PFC headroom and the ECN thresholds are percents of a buffer Junos sizes
  itself (HR-SIZE, ECN-BEFORE-PFC UNKNOWN).

usage: junos_fabric.py FABCHECK
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GEN = os.path.join(ROOT, "tests/fixtures/spineleaf.py")
PY = "/usr/bin/python3"

failures = []
COUNTERS = {"L1-FLAP", "FEC-BER", "PFC-RUNTIME", "ECN-RUNTIME"}
EXPLAINED = {
    "HR-SIZE": "Junos sizes PFC headroom as a percent of the switch's buffer: no byte value, UNKNOWN",
    "ECN-BEFORE-PFC": "Junos's ECN thresholds are fill levels of a dynamically sized queue buffer: UNKNOWN",
    "FEC-MATCH": "the FEC in use is not read from Junos's state yet: UNKNOWN where the configuration forces none",
    "FEC-CABLE-CLASS": "the FEC in use is not read from Junos's state yet",
    "L1-LANES-MODULATION": "lanes are not read from Junos's state yet",
    "L1-MEDIUM-CR-KR": "optics (the module) are not read from Junos's state yet",
    "DDM-LINK-BUDGET": "optics (DOM) are not read from Junos's state yet",
    "DDM-THRESH": "optics (DOM) are not read from Junos's state yet: not judged on a Junos end",
}
# fault -> (rule, subject, file, the text the evidence's line holds, whether SARIF's location is that line)
FAULTS = {
    "junos-dscp-lossy": ("PFC-NODROP-CLASS", "leaf1", "show_configuration.txt", "code-points 011010", True),
    "junos-no-ecn": ("ECN-SW-QUEUE", "leaf2", "show_configuration.txt", "transmit-rate percent 60", True),
    "junos-no-cnp": ("PFC-PRIO-MATCH", "leaf2:xe-0/0/1 <-> c02:ens1f1", "show_configuration.txt", "scheduler-map sm1", True),
    "junos-acl-4791": ("UDP4791-SWITCH-ACL", "leaf1:xe-0/0/1 <-> c02:ens1f0", "show_configuration.txt",
                       "destination-port 4791", True),
    "junos-fec-none": ("FEC-MATCH", "leaf2:et-0/0/48 <-> spine1:Ethernet1/2", "show_configuration.txt", "fec none", True),
}
ALONE = {}


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


def parity(label, rep, inv_path, nx, inv_n):
    inv = json.load(open(inv_path))
    check(len(inv["links"]) == len(inv_n["links"]), "%s: link counts differ" % label)
    name = {}
    for lo, ln in zip(inv["links"], inv_n["links"]):
        for e in "ab":
            name[ln[e]] = lo[e]

    def norm(subj):
        return re.sub(r"[\w.-]+:[\w/.-]+", lambda m: name.get(m.group(0), m.group(0)), subj)
    a = {(f["rule"], f["subject"]): f["status"] for f in rep["findings"]}
    b = {(f["rule"], norm(f["subject"])): f["status"] for f in nx["findings"]}
    same, explained = 0, {}
    for k in sorted(set(a) | set(b)):
        if a.get(k) == b.get(k):
            same += 1
        elif k[0] in EXPLAINED and a.get(k) in ("unknown", "pass", None) and b.get(k) in ("pass", "unknown", None):
            explained[k[0]] = explained.get(k[0], 0) + 1
        else:
            check(False, "%s: %s %s: %s, NX-OS %s" % (label, k[0], k[1], a.get(k), b.get(k)))
    rules = sorted({k[0] for k in a if re.search(r"\bleaf[12]\b", k[1])})
    print("%s vs NX-OS leaves: %d findings with the same verdict, %d rules judge the Junos leaves; explained: %s" % (
        label, same, len(rules), ", ".join("%s x%d" % kv for kv in sorted(explained.items())) or "none"))


def evidence_at(label, d, rep, sarif, rule, subj, fname, text, at_line):
    got = [f for f in rep["findings"] if f["rule"] == rule and f["subject"] == subj]
    check(got and got[0]["status"] == "fail", "%s: %s %s is %s" % (label, rule, subj, got[0]["status"] if got else "missing"))
    if not got:
        return None
    dev = subj.split(":")[0].split(" ")[0]
    path = os.path.join(d, "devices", dev, fname)
    lines = open(path).read().split("\n")
    ev = [e for e in got[0].get("evidence", []) if isinstance(e.get("source"), dict)
          and os.path.abspath(e["source"]["file"]) == os.path.abspath(path)]
    hit = [e for e in ev if e["source"].get("line") and text in lines[e["source"]["line"] - 1]]
    check(hit, "%s: no evidence at a line of %s holding %r: %s" % (label, fname, text,
                                                               [e.get("source") for e in got[0]["evidence"]]))
    res = [x for run in json.load(open(sarif))["runs"] for x in run["results"]
           if x["ruleId"] == rule and x["level"] == "error"]
    locs = [loc["physicalLocation"] for x in res for loc in x.get("locations", [])]
    at = [p for p in locs if p["artifactLocation"]["uri"].endswith(dev + "/" + fname)
          and text in lines[p["region"]["startLine"] - 1]]
    check(at or not at_line, "%s: no SARIF result of %s at %s holding %r" % (label, rule, fname, text))
    check(res, "%s: no SARIF result of %s" % (label, rule))
    return hit[0]["source"]["line"] if hit else None


def main():
    t = tempfile.mkdtemp()
    try:
        gen(t + "/nxos")
        nx = validate(t + "/nxos")
        inv_n = json.load(open(t + "/nxos/inventory.json"))
        all_faults = [a for f in sorted(FAULTS) for a in ("--fault", f)]
        path = os.path.join(ROOT, "inventories/examples/junos-leaves")
        gen(t + "/junos-leaves", "--junos", *all_faults)
        shutil.copy(os.path.join(path, "README.md"), t + "/junos-leaves/README.md")
        r = subprocess.run(["diff", "-r", path, t + "/junos-leaves"], capture_output=True, text=True)
        check(r.returncode == 0, "inventories/examples/junos-leaves differs from spineleaf.py --junos %s: %s" % (
            " ".join(all_faults), r.stdout[:400]))
        sarif = t + "/example.sarif"
        rep = validate(path, "--format", "sarif=" + sarif)
        for fault, (rule, subj, fname, text, at_line) in FAULTS.items():
            line = evidence_at("example " + fault, path, rep, sarif, rule, subj, fname, text, at_line)
            print("example: %-18s %s FAIL on %s at %s:%s" % (fault, rule, subj, fname, line))
        for dev in rep["devices"]:
            nu = [u["text"] for u in dev.get("not_understood", [])]
            check(not nu, "junos-leaves %s: not understood: %s" % (dev["name"], nu[:5]))
        for fault, (rule, subj, fname, text, at_line) in FAULTS.items():
            d = "%s/f-%s" % (t, fault)
            gen(d, "--junos", "--fault", fault)
            sarif = os.path.join(t, fault + ".sarif")
            rep = validate(d, "--format", "sarif=" + sarif)
            evidence_at(fault, d, rep, sarif, rule, subj, fname, text, at_line)
        d = t + "/clean"
        gen(d, "--junos")
        rep = validate(d)
        bad = [(f["status"], f["rule"], f["subject"]) for f in rep["findings"] if f["status"] in ("fail", "warn")]
        check(not bad, "junos-leaves without faults is not clean: %s" % bad[:8])
        for dev in rep["devices"]:
            nu = [u["text"] for u in dev.get("not_understood", [])]
            check(not nu, "junos-leaves without faults %s: not understood: %s" % (dev["name"], nu[:5]))
        unk = sorted({f["rule"] for f in rep["findings"] if f["status"] == "unknown"} - COUNTERS)
        check(set(unk) <= set(EXPLAINED), "junos-leaves without faults: unknown beyond the explained: %s" % unk)
        print("junos-leaves without faults: %d findings, %d pass" % (len(rep["findings"]),
                                                                    sum(f["status"] == "pass" for f in rep["findings"])))
        parity("junos-leaves without faults", rep, d + "/inventory.json", nx, inv_n)
    finally:
        shutil.rmtree(t)
    if failures:
        print("%d failure(s)" % len(failures))
        sys.exit(1)
    print("junos_fabric: ok")


main()
