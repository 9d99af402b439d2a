#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""A key given twice in a JSON or YAML input (issue 30, point 16): which value applies is not
defined, so fabcheck takes neither, in every input alike.
  - a host document whose stats name rx_bits_phy twice: the host is a parse error naming the
    file, the second key's line and the first's; the Prometheus export has no series twice and
    says the host is not ok; exit 2;
  - its switch neighbours' LLDP names the host by its port id (a MAC), which the unread host
    cannot resolve: CABLE-PLAN-LLDP is UNKNOWN saying so, not a FAIL on a cable that is right;
  - the same in a SONiC CONFIG_DB (an object's field twice) and the inventory (YAML).

usage: repeated_keys.py FABCHECK
"""
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from fctest import check, finish

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def insert_after(path, needle, line):
    """Inserts line after the first line containing needle; returns the new line's number."""
    lines = open(path).read().split("\n")
    k = next(i for i, l in enumerate(lines) if needle in l)
    lines.insert(k + 1, line)
    open(path, "w").write("\n".join(lines))
    return k + 1, k + 2


def main():
    t = tempfile.mkdtemp()
    try:
        snap = os.path.join(t, "demo")
        shutil.copytree(os.path.join(ROOT, "inventories", "demo"), snap)
        probe = os.path.join(snap, "devices", "host1", "probe.json")
        first, second = insert_after(probe, '"rx_bits_phy"', '        "rx_bits_phy": 5,')
        prom = os.path.join(t, "out.prom")
        r = subprocess.run([FABCHECK, "validate", snap, "--format", "json", "--format", "prometheus=" + prom],
                           capture_output=True, text=True)
        check(r.returncode == 2, "host doc: exit %d, want 2" % r.returncode)
        rep = json.loads(r.stdout)
        host = next(d for d in rep["devices"] if d["name"] == "host1")
        errs = " ".join(e if isinstance(e, str) else json.dumps(e) for e in host.get("errors", []))
        want = "probe.json:%d: key 'rx_bits_phy' given twice (first on line %d)" % (second, first)
        check(host["status"] == "parse-error" and want in errs, "host doc: %s %s, want %s" % (host["status"], errs, want))
        series = [l for l in open(prom).read().splitlines() if l and not l.startswith("#")]
        names = collections.Counter(l.rsplit(" ", 1)[0] for l in series)
        check(not [n for n, k in names.items() if k > 1], "prometheus: series twice: %s" % [n for n, k in names.items() if k > 1][:3])
        check(any(re.fullmatch(r'fabcheck_device_ok\{fabric="[^"]*",device="host1",kind="host",status="parse-error"\} 0', l)
                  for l in series),
              "prometheus: host1 not reported as not ok")
        cab = [f for f in rep["findings"] if f["rule"] == "CABLE-PLAN-LLDP" and "host1:" in f["subject"]]
        check(len(cab) == 2, "cabling: %d findings on host1's links, want 2" % len(cab))
        for f in cab:
            check(f["status"] == "unknown" and "cannot say which port" in f["message"],
                  "cabling %s: %s %s" % (f["subject"], f["status"], f["message"]))
        print("host document: parse error at %d naming %d; %d series, none twice; cabling UNKNOWN on %d links"
              % (second, first, len(series), len(cab)))

        # the inventory (YAML): refused at the line, exit 2
        inv = os.path.join(snap, "inventory.yaml")
        shutil.copy(os.path.join(ROOT, "inventories", "demo", "inventory.yaml"), inv)
        first, second = insert_after(inv, "name: leaf1", "    name: leaf9")
        r = subprocess.run([FABCHECK, "validate", snap], capture_output=True, text=True)
        check(r.returncode == 2 and re.search(r"inventory\.yaml:%d: key 'name' given twice \(first on line %d\)"
                                              % (second, first), r.stderr),
              "inventory: exit %d: %s" % (r.returncode, r.stderr.strip()))

        # a SONiC CONFIG_DB object with a field twice
        sonic = os.path.join(ROOT, "inventories", "examples", "sonic-leaves")
        snap = os.path.join(t, "sonic")
        shutil.copytree(sonic, snap)
        man = json.load(open(os.path.join(snap, "manifest.json")))
        dev = next(d for d in man["devices"] if d["platform"] == "sonic")
        cfg = next(o["file"] for o in dev["outputs"] if o["file"].endswith("config_db.json"))
        first, second = insert_after(os.path.join(snap, cfg), '"pfc_enable"', '            "pfc_enable": "3",')
        r = subprocess.run([FABCHECK, "validate", snap, "--format", "json"], capture_output=True, text=True)
        rep = json.loads(r.stdout)
        d = next(x for x in rep["devices"] if x["name"] == dev["name"])
        errs = " ".join(e if isinstance(e, str) else json.dumps(e) for e in d.get("errors", []))
        check(r.returncode == 2 and "config_db.json:%d: key 'pfc_enable' given twice (first on line %d)"
              % (second, first) in errs, "sonic: exit %d, %s" % (r.returncode, errs))
        print("inventory and CONFIG_DB: refused at the second key, naming the first")
    finally:
        shutil.rmtree(t)
    finish()


main()
