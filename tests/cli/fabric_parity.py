# SPDX-License-Identifier: MIT
"""What the example-fabric tests share (eos_fabric.py, nvue_fabric.py, junos_fabric.py): their checks
(check, gen, validate, finish), the parity of a fabric's findings with the same fabric on NX-OS
leaves, rule by rule and subject by subject (ports matched through the cabling plan), a fault-free
twin's cleanliness, and a planted fault's evidence and SARIF result at the line that holds it."""
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GEN = os.path.join(ROOT, "tests/fixtures/spineleaf.py")
PY = "/usr/bin/python3"
# the counter rules: UNKNOWN without an earlier snapshot, on every platform
COUNTERS = {"L1-FLAP", "FEC-BER", "PFC-RUNTIME", "ECN-RUNTIME"}
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fctest import check, failures  # noqa: E402,F401  (check: re-exported to the fabric tests)


def gen(out, *args):
    """The example fabric written by tests/fixtures/spineleaf.py with args into out."""
    subprocess.run([PY, GEN, out] + list(args), check=True)


def validate(fabcheck, d, *extra):
    """fabcheck validate's JSON report of d (exit 0 or 1 expected)."""
    r = subprocess.run([fabcheck, "validate", d, "--format", "json"] + list(extra), capture_output=True, text=True)
    check(r.returncode in (0, 1), "validate %s: exit %d: %s" % (d, r.returncode, r.stderr[:300]))
    return json.loads(r.stdout) if r.stdout else {"findings": [], "devices": []}


def same_as_generated(t, name, *args):
    """inventories/examples/NAME is exactly what spineleaf.py ARGS writes (its README aside); its path."""
    path = os.path.join(ROOT, "inventories/examples", name)
    gen(os.path.join(t, name), *args)
    if os.path.exists(os.path.join(path, "README.md")):
        shutil.copy(os.path.join(path, "README.md"), os.path.join(t, name, "README.md"))
    r = subprocess.run(["diff", "-r", path, os.path.join(t, name)], capture_output=True, text=True)
    check(r.returncode == 0, "inventories/examples/%s differs from spineleaf.py %s: %s" % (
        name, " ".join(args), r.stdout[:400]))
    return path


def planted(fabcheck, t, name, path, faults):
    """The example at path with every fault of faults (fault -> rule, subject, file, text, at_line)
    planted: each FAILs with evidence at its line, nothing is not understood; the report."""
    sarif = os.path.join(t, name + ".sarif")
    rep = validate(fabcheck, path, "--format", "sarif=" + sarif)
    for fault, (rule, subj, fname, text, at_line) in faults.items():
        line = evidence_at("example " + fault, path, rep, sarif, rule, subj, fname, text, at_line)
        print("example: %-20s %s FAIL on %s at %s:%s" % (fault, rule, subj, fname, line))
    for dev in rep["devices"]:
        nu = [u["text"] for u in dev.get("not_understood", [])]
        check(not nu, "%s %s: not understood: %s" % (name, dev["name"], nu[:5]))
    return rep


def finish(name):
    """Exits 1 naming the count of failures, else says name passed."""
    if failures:
        print("%d failure(s)" % len(failures))
        sys.exit(1)
    print("%s: ok" % name)


def parity(label, rep, inv_path, nx, inv_n, explained, leaves, platform):
    """Every finding of rep has nx's verdict but those of the rules in explained (unknown, pass or not
    judged on one side); leaves: the regex of the leaves the platform runs ("leaf[34]")."""
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
    same, expl = 0, {}
    for k in sorted(set(a) | set(b)):
        if a.get(k) == b.get(k):
            same += 1
        elif k[0] in explained and a.get(k) in ("unknown", "pass", None) and b.get(k) in ("pass", "unknown", None):
            expl[k[0]] = expl.get(k[0], 0) + 1
        else:
            check(False, "%s: %s %s: %s, NX-OS %s" % (label, k[0], k[1], a.get(k), b.get(k)))
    rules = sorted({k[0] for k in a if re.search(r"\b%s\b" % leaves, k[1])})
    print("%s vs NX-OS leaves: %d findings with the same verdict, %d rules judge the %s leaves; explained: %s" % (
        label, same, len(rules), platform, ", ".join("%s x%d" % kv for kv in sorted(expl.items())) or "none"))
    return rules


def clean(label, rep, explained, counters):
    """A twin without faults: no failure or warning, nothing not understood, nothing unknown but the
    counter rules (no earlier snapshot) and the rules in explained."""
    bad = [(f["status"], f["rule"], f["subject"]) for f in rep["findings"] if f["status"] in ("fail", "warn")]
    check(not bad, "%s is not clean: %s" % (label, bad[:8]))
    for dev in rep["devices"]:
        nu = [u["text"] for u in dev.get("not_understood", [])]
        check(not nu, "%s %s: not understood: %s" % (label, dev["name"], nu[:5]))
    unk = sorted({f["rule"] for f in rep["findings"] if f["status"] == "unknown"} - set(counters))
    check(set(unk) <= set(explained), "%s: unknown beyond the explained: %s" % (label, unk))
    print("%s: %d findings, %d pass" % (label, len(rep["findings"]), sum(f["status"] == "pass" for f in rep["findings"])))


def evidence_at(label, d, rep, sarif, rule, subj, fname, text, at_line):
    """rule FAILs on subj with evidence at a line of the device's fname holding text, and a SARIF
    result of the rule (at that line where at_line); the line, or None."""
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
