#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""A large `show interface(s)` JSON reply built from real ones, for whole-process benchmarks: the
Ethernet rows of the public captures in ../shared/realdata, repeated under new port names
(Ethernet1/1, 1/2, ...) until the reply is about MB megabytes, so that the reader sees the keys,
values and density of real replies at a size no public capture has.
    nxapi: NX-API show interface (napalm's mocked NX-API replies: ~90 keys, ~2 KB a row),
           {"TABLE_interface": {"ROW_interface": [rows]}}
    eos:   eAPI show interfaces (napalm's and SuzieQ's vEOS replies), {"interfaces": {name: row}}
    gen_real_rows.py SHARED_DIR nxapi|eos OUT.json MB"""
import csv, json, os, sys

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
    if len(row) < 6 or "JSON" not in row[5] or "expected" in row[5]:
        continue
    path = os.path.join(shared, "realdata", row[0])
    if kind == "nxapi" and "show interface (" in row[5]:
        r = find(json.load(open(path)), "ROW_interface")
        rows += [x for x in (r if isinstance(r, list) else [r] if r else [])
                 if str(x.get("interface", "")).startswith("Ethernet")]
    elif kind == "eos" and "EOS" in row[5] and ("show interfaces (normal)" in row[5] or "JSON: show interfaces [" in row[5]):
        r = find(json.load(open(path)), "interfaces")
        rows += [v for k, v in (r or {}).items() if k.startswith("Ethernet") and isinstance(v, dict)]
if not rows:
    sys.exit("no %s show interface captures in %s/realdata" % (kind, shared))
with open(out, "w") as f:
    f.write('{"TABLE_interface": {"ROW_interface": [\n' if kind == "nxapi" else '{"interfaces": {\n')
    size, n = 0, 0
    while size < mb * 1e6:
        r = dict(rows[n % len(rows)])
        name = "Ethernet%d/%d" % (n // 64 + 1, n % 64 + 1)
        if kind == "nxapi":
            r["interface"] = name
            s = (",\n" if n else "") + json.dumps(r)
        else:
            r["name"] = name
            s = (",\n" if n else "") + json.dumps(name) + ": " + json.dumps(r)
        f.write(s)
        size += len(s)
        n += 1
    f.write("\n]}}\n" if kind == "nxapi" else "\n}}\n")
print("%s: %d rows from %d real ones, %.1f MB" % (out, n, len(rows), os.path.getsize(out) / 1e6))
