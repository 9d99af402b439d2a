#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Pager remnants inside JSON outputs (issue 30, point 8): a saved NX-API, eAPI or SONiC session
captured through a terminal pager carries " --More-- " glued to the start of a line, or redrawn
with CR or backspaces. Text outputs were cleaned of it; a JSON output was a parse error (exit 2).
For every JSON output of every example fabric (NX-OS, EOS, SONiC, hosts), each shape of the
remnant on a line in the middle leaves every finding and every line number as it was.

usage: json_pager.py FABCHECK
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

from fctest import check, finish

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FABRICS = ["inventories/examples/multi-vendor", "inventories/examples/sonic-leaves"]
SHAPES = {
    "glued": lambda l: "--More-- " + l,
    "indented": lambda l: "  --More--  " + l,
    "cr": lambda l: " --More-- \r          \r" + l,
    "backspace": lambda l: " --More-- " + "\b" * 10 + " " * 10 + "\b" * 10 + l,   # erased with blanks, as a pager redraws
}


def findings(snap):
    r = subprocess.run([FABCHECK, "validate", snap, "--format", "json"], capture_output=True, text=True)
    if not r.stdout.startswith("{"):
        return r.returncode, None
    rep = json.loads(r.stdout.replace(snap.rstrip("/") + "/", "SNAP/"))
    return r.returncode, sorted(json.dumps(f, sort_keys=True) for f in rep["findings"]), rep["devices"]


def main():
    t = tempfile.mkdtemp()
    try:
        for fab in FABRICS:
            base = os.path.join(ROOT, fab)
            orig = os.path.join(t, os.path.basename(fab))
            shutil.copytree(base, orig)
            want = findings(orig)
            man = json.load(open(os.path.join(base, "manifest.json")))
            files = [o["file"] for d in man["devices"] for o in d["outputs"] if o["encoding"] == "json"]
            for shape, put in SHAPES.items():
                snap = os.path.join(t, os.path.basename(fab) + "-" + shape)
                shutil.copytree(base, snap)
                n = 0
                for rel in files:
                    p = os.path.join(snap, rel)
                    lines = open(p, encoding="utf-8").read().split("\n")
                    if len(lines) < 4:
                        continue
                    k = len(lines) // 2
                    lines[k] = put(lines[k])
                    open(p, "w", encoding="utf-8").write("\n".join(lines))
                    n += 1
                got = findings(snap)
                check(n > 0, "%s %s: no JSON output changed" % (fab, shape))
                check(got[0] == want[0], "%s %s: exit %s, want %s" % (fab, shape, got[0], want[0]))
                check(got[1:] == want[1:], "%s %s: findings or devices differ" % (fab, shape))
                if got == want:
                    print("%s, %s: %d JSON outputs with a pager line, same findings" % (fab, shape, n))
    finally:
        shutil.rmtree(t)
    finish()


main()
