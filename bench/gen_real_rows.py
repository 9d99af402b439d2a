#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""A large `show interface(s)` JSON reply built from real ones, for whole-process benchmarks: the
Ethernet rows of the public captures in ../shared/realdata, repeated under new port names
(Ethernet1/1, 1/2, ...) until the reply is about MB megabytes, so that the reader sees the keys,
values and density of real replies at a size no public capture has.
    nxapi: NX-API show interface (napalm's mocked NX-API replies: ~90 keys, ~2 KB a row),
           {"TABLE_interface": {"ROW_interface": [rows]}}
    eos:   eAPI show interfaces (napalm's and SuzieQ's vEOS replies), {"interfaces": {name: row}}
    junos: show interfaces extensive | display xml (py-junos-eznc's get-interface-information
           replies), the <physical-interface> elements renamed et-0/0/N inside one rpc-reply
    nvue:  nv show interface -o json, {name: row}: the swp rows of the project's own NVUE example
           (inventories/examples/nvue-leaves: no public NVUE capture is among the shared ones)
    gen_real_rows.py SHARED_DIR nxapi|eos|junos|nvue OUT MB"""
import csv, glob, json, os, re, sys

shared, kind, out, mb = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])

def find(x, key):
    if isinstance(x, dict):
        for k, v in x.items():
            if k == key:
                return v
            r = find(v, key)
            if r is not None:
                return r
    if isinstance(x, list):
        for v in x:
            r = find(v, key)
            if r is not None:
                return r
    return None

rows = []
for row in csv.reader(open(os.path.join(shared, "realdata", "MANIFEST.tsv")), delimiter="\t"):
    if len(row) < 6 or "expected" in row[5] or row[0].endswith("expected_result.json"):
        continue
    if kind in ("nxapi", "eos") and "JSON" not in row[5]:
        continue
    path = os.path.join(shared, "realdata", row[0])
    if kind == "nxapi" and "show interface (" in row[5]:
        r = find(json.load(open(path)), "ROW_interface")
        rows += [x for x in (r if isinstance(r, list) else [r] if r else [])
                 if str(x.get("interface", "")).startswith("Ethernet")]
    elif kind == "eos" and "EOS" in row[5] and ("show interfaces (normal)" in row[5] or "JSON: show interfaces [" in row[5]):
        r = find(json.load(open(path)), "interfaces")
        rows += [v for k, v in (r or {}).items() if k.startswith("Ethernet") and isinstance(v, dict)]
    elif kind == "junos" and "get-interface-information" in row[0] and row[0].endswith(".xml"):
        text = open(path, encoding="utf-8").read()
        rows += re.findall(r"<physical-interface>.*?</physical-interface>", text, re.S)
if kind == "nvue":
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "inventories", "examples", "nvue-leaves")
    for f in sorted(glob.glob(os.path.join(here, "devices", "*", "nv_show_interface.json"))):
        rows += [v for k, v in json.load(open(f)).items() if k.startswith("swp")]
if not rows:
    sys.exit("no %s show interface captures in %s/realdata" % (kind, shared))
if kind == "junos":
    with open(out, "w") as f:
        f.write('<rpc-reply xmlns:junos="http://xml.juniper.net/junos/21.4R0/junos">\n'
                '<interface-information xmlns="http://xml.juniper.net/junos/21.4R0/junos-interface" '
                'junos:style="extensive">\n')
        size, n = 0, 0
        while size < mb * 1e6:
            s = re.sub(r"<name>[^<]*</name>", "<name>et-0/0/%d</name>" % n, rows[n % len(rows)], count=1) + "\n"
            f.write(s)
            size += len(s)
            n += 1
        f.write("</interface-information>\n</rpc-reply>\n")
    print("%s: %d interfaces from %d real ones, %.1f MB" % (out, n, len(rows), os.path.getsize(out) / 1e6))
    sys.exit(0)
with open(out, "w") as f:
    f.write({"nxapi": '{"TABLE_interface": {"ROW_interface": [\n', "eos": '{"interfaces": {\n', "nvue": "{\n"}[kind])
    size, n = 0, 0
    while size < mb * 1e6:
        r = dict(rows[n % len(rows)])
        name = "Ethernet%d/%d" % (n // 64 + 1, n % 64 + 1)
        if kind == "nxapi":
            r["interface"] = name
            s = (",\n" if n else "") + json.dumps(r)
        elif kind == "nvue":
            s = (",\n" if n else "") + json.dumps("swp%d" % (n + 1)) + ": " + json.dumps(r)
        else:
            r["name"] = name
            s = (",\n" if n else "") + json.dumps(name) + ": " + json.dumps(r)
        f.write(s)
        size += len(s)
        n += 1
    f.write({"nxapi": "\n]}}\n", "eos": "\n}}\n", "nvue": "\n}\n"}[kind])
print("%s: %d rows from %d real ones, %.1f MB" % (out, n, len(rows), os.path.getsize(out) / 1e6))
