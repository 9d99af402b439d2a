#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Zabbix keys stay unique and the export ends (issue 30, point 9): 20,000 device names that all
sanitise to the same key (h + five characters Zabbix refuses; each used to probe every earlier
twin's suffix), and names of the longest length the inventory takes. Every device gets one key of
its own, at most 500 bytes, and the discovery names each device as given. A hang is a failure (the
run is given two minutes). Names agreeing in their first 599 bytes, which looped for ever, are
longer than an inventory takes: tests/unit/test_report.c gives two links such names.

usage: zabbix_keys.py FABCHECK
"""
import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile

from fctest import check, finish

FABCHECK = os.path.abspath(sys.argv[1])
HEAD = "version: 1\nfabric: {name: z, profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, cnp_dscp: 48, mtu: 9000}}\ndevices:\n"


def export(t, names):
    inv = os.path.join(t, "inventory.yaml")
    with open(inv, "w") as f:
        f.write(HEAD)
        for n in names:
            f.write("  - name: '%s'\n    platform: linux\n    intent: {interfaces: [{name: e0, mtu: 9000}]}\n" % n)
    out = os.path.join(t, "out.zabbix")
    try:
        r = subprocess.run([FABCHECK, "validate", inv, "--format", "zabbix=" + out], capture_output=True, text=True,
                           timeout=120)
    except subprocess.TimeoutExpired:
        return None, None
    lines = [l.split("\t", 1) for l in open(out).read().splitlines()]
    keys = [k[len("device.ok."):] for k, v in lines if k.startswith("device.ok.")]
    disc = json.loads(next(v for k, v in lines if k == "discovery.devices"))["data"]
    return r.returncode, (keys, disc)


def main():
    t = tempfile.mkdtemp()
    try:
        for what, names in (("128 bytes alike", ["d" * 127 + s for s in ("a", "b", "!", "#")]),
                            ("20,000 alike", ["h" + "".join(c) for c in itertools.islice(
                                itertools.product("!#$%&*+=?@", repeat=5), 20000)])):
            rc, got = export(t, names)
            check(got is not None, "%s: the export did not end in two minutes" % what)
            if got is None:
                continue
            keys, disc = got
            check(rc == 0, "%s: exit %s" % (what, rc))
            check(len(keys) == len(names) and len(set(keys)) == len(keys), "%s: %d keys, %d unique, for %d devices"
                  % (what, len(keys), len(set(keys)), len(names)))
            check(max(len(k) for k in keys) <= 500, "%s: a key of %d bytes" % (what, max(len(k) for k in keys)))
            check(sorted(d["{#DEVICE}"] for d in disc) == sorted(names) and
                  sorted(d["{#DEVKEY}"] for d in disc) == sorted(keys), "%s: discovery" % what)
            print("%s: %d devices, %d unique keys" % (what, len(names), len(set(keys))))
    finally:
        shutil.rmtree(t)
    finish()


main()
