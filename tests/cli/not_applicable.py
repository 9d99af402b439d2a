#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""A check that needs a running device (LLDP, DOM, counters, link state, the kernel's RDMA and
PCIe state), judged on configuration and declared intent alone, is "not applicable": counted apart
from UNKNOWN in every report format, the same count in each, and never a reason to fail. The
ci-gate example (saved NX-OS config + declared hosts) gives what its header promises: one FAIL,
no UNKNOWN, 14 not applicable; fixed (UDP 4791 permitted), it exits 0 with the 14 still there.
A collected snapshot (the spine-leaf example) has no not-applicable finding: there, a value its
outputs lack is UNKNOWN.

usage: not_applicable.py FABCHECK
"""
import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
failures = []
FORMATS = ["json", "text", "junit", "sarif", "markdown", "csv", "prometheus", "zabbix"]


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run(inv, tmp, tag):
    """Validate INV once with every format, each to its own file; return (exit, {fmt: text})."""
    args = [FABCHECK, "validate", inv, "--sarif-passes"]   # SARIF lists not-applicable results on request
    paths = {}
    for f in FORMATS:
        paths[f] = os.path.join(tmp, "%s.%s" % (tag, f))
        args += ["--format", "%s=%s" % (f, paths[f])]
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out = {"_inv": inv}
    for f in FORMATS:
        with open(paths[f], encoding="utf-8") as fh:
            out[f] = fh.read()
    return p.returncode, out


def counts(out):
    """The not-applicable and unknown counts each format gives, read its own way."""
    na, unk = {}, {}
    doc = json.loads(out["json"])
    na["json.summary"] = doc["summary"]["not_applicable"]
    na["json.findings"] = sum(1 for f in doc["findings"] if f["status"] == "not_applicable")
    unk["json.summary"] = doc["summary"]["unknown"]
    unk["json.findings"] = sum(1 for f in doc["findings"] if f["status"] == "unknown")

    m = re.search(r"(\d+) unknown, \d+ passing(?:, (\d+) not applicable)?", out["text"])
    check(m is not None, "text: summary line")
    if m:
        na["text.summary"] = int(m.group(2) or 0)
        unk["text.summary"] = int(m.group(1))
    # the rules table: the n/a column is the last; its sum is the count
    table = 0
    in_table = False
    for line in out["text"].splitlines():
        if line.startswith("Rules ") and line.rstrip().endswith("n/a"):
            in_table = True
            continue
        if in_table:
            cols = line.split()
            if len(cols) == 7 and all(c.isdigit() for c in cols[1:]):
                table += int(cols[6])
            elif line.strip() == "" or not cols[-1].isdigit():
                in_table = False
    na["text.table"] = table

    root = ET.fromstring(out["junit"])
    na["junit"] = sum(1 for s in root.iter("skipped")
                      if (s.get("message") or "").startswith("NOT APPLICABLE"))
    na["junit.suites"] = 0  # skipped= of the suites counts not applicable with unknown and waived
    skipped = sum(int(s.get("skipped", "0")) for s in root.iter("testsuite"))
    na["junit.suites"] = skipped - sum(1 for s in root.iter("skipped")
                                       if not (s.get("message") or "").startswith("NOT APPLICABLE"))

    sarif = json.loads(out["sarif"])
    res = sarif["runs"][0]["results"]
    na["sarif"] = sum(1 for r in res if r.get("kind") == "notApplicable")
    check(all(r.get("level") == "none" for r in res if r.get("kind") == "notApplicable"),
          "sarif: a notApplicable result has level none")
    # without --sarif-passes, what needs a look only: no notApplicable (nor pass) result
    r2 = subprocess.run([FABCHECK, "validate", out["_inv"], "--format", "sarif"], capture_output=True, text=True)
    kinds = {r.get("kind") for r in json.loads(r2.stdout)["runs"][0]["results"]}
    check(not kinds & {"notApplicable", "pass"}, "sarif by default lists %s" % sorted(kinds))

    m = re.search(r"(\d+) unknown, \d+ passing(?:, (\d+) not applicable)?", out["markdown"])
    check(m is not None, "markdown: summary line")
    if m:
        na["markdown"] = int(m.group(2) or 0)
        unk["markdown"] = int(m.group(1))

    rows = list(csv.reader(io.StringIO(out["csv"])))
    na["csv"] = sum(1 for r in rows[1:] if r and r[0] == "not_applicable")
    unk["csv"] = sum(1 for r in rows[1:] if r and r[0] == "unknown")

    prom = 0
    for line in out["prometheus"].splitlines():
        m = re.match(r'fabcheck_findings\{[^}]*status="not_applicable"[^}]*\} (\d+)$', line)
        if m:
            prom += int(m.group(1))
    na["prometheus"] = prom

    zab = dict(l.split("\t", 1) for l in out["zabbix"].splitlines() if "\t" in l)
    na["zabbix.run"] = int(zab.get("run.na", "-1"))
    na["zabbix.rules"] = sum(int(v) for k, v in zab.items() if k.startswith("rule.na."))
    unk["zabbix.run"] = int(zab.get("run.unknown", "-1"))
    return na, unk


def same(d, want, what):
    for k, v in d.items():
        check(v == want, "%s: %s gives %s, want %s" % (what, k, v, want))


tmp = tempfile.mkdtemp(prefix="fc-na-")
try:
    gate = os.path.join(ROOT, "inventories", "examples", "ci-gate")
    code, out = run(os.path.join(gate, "inventory.yaml"), tmp, "gate")
    check(code == 1, "ci-gate: exit %d, want 1 (its one planted FAIL)" % code)
    na, unk = counts(out)
    same(na, 14, "ci-gate not applicable")
    same(unk, 0, "ci-gate unknown")
    doc = json.loads(out["json"])
    check(doc["summary"]["fail"] == 1 and doc["summary"]["pass"] == 45,
          "ci-gate: pass %d fail %d, want 45 and 1" % (doc["summary"]["pass"], doc["summary"]["fail"]))
    for f in doc["findings"]:
        if f["status"] == "not_applicable":
            check("needs a running device" in f["message"],
                  "ci-gate: %s %s says why it is not applicable" % (f["rule"], f["subject"]))

    # the same repository with its fault fixed: not applicable never fails a run
    fixed = os.path.join(tmp, "ci-gate")
    shutil.copytree(gate, fixed)
    cfg = os.path.join(fixed, "configs", "tor1.cfg")
    with open(cfg, encoding="utf-8") as fh:
        text = fh.read()
    check("  30 permit icmp any any\n" in text, "ci-gate: the ACL line this test edits")
    with open(cfg, "w", encoding="utf-8") as fh:
        fh.write(text.replace("  30 permit icmp any any\n",
                              "  30 permit icmp any any\n  40 permit udp any any eq 4791\n"))
    code, out = run(os.path.join(fixed, "inventory.yaml"), tmp, "fixed")
    check(code == 0, "ci-gate fixed: exit %d, want 0" % code)
    na, unk = counts(out)
    same(na, 14, "ci-gate fixed not applicable")
    same(unk, 0, "ci-gate fixed unknown")

    # a collected snapshot: nothing is not applicable, a missing value is UNKNOWN
    snap = os.path.join(ROOT, "inventories", "examples", "spine-leaf")
    code, out = run(snap, tmp, "snap")
    check(code in (0, 1), "spine-leaf: exit %d" % code)
    na, _ = counts(out)
    same(na, 0, "spine-leaf not applicable")
finally:
    shutil.rmtree(tmp)

if failures:
    print("%d check(s) failed" % len(failures))
    sys.exit(1)
print("not applicable: counted apart, alike in all 8 formats, never failing a run")
