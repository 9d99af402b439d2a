#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Junos's XML replies with a saved session's line-end noise read as the clean reply does, line
numbers included: the readers marked ends_kept read such a reply uncopied (the cleaner leaves blanks
and CRs at line ends to them), so trailing blanks, CR LF and CR CR LF must change nothing (XML
normalises a CR to a line feed, but libxml2 counts lines by LF alone). py-junos-eznc's
local-get-interface-information.xml, whose values sit on lines of their own, must be among them: there
the noise lands inside an element's text, which only the readers' trimming keeps out of the model (the
test fails with it taken away). Over the example fabric's replies and every Junos reply in ../shared/realdata
of the kinds those readers take; only replies that give ports, neighbours or a host name count (not
an empty model compared with an empty model).

usage: xml_noise.py FABCHECK
"""
import csv
import os
import subprocess
import sys
import tempfile

FABCHECK = sys.argv[1]
SHARED = os.environ.get("FABCHECK_SHARED", "../shared")
READERS = {   # file name (example fabric) or realdata name part -> the command it answers
    "show_interfaces_extensive.xml": "show interfaces extensive | display xml",
    "show_lldp_neighbors.xml": "show lldp neighbors | display xml",
    "show_version.xml": "show version | display xml",
    "get-interface-information.xml": "show interfaces extensive | display xml",
    "get-lldp-neighbors-information.xml": "show lldp neighbors | display xml",
}


def parse(path, command):
    p = subprocess.run([FABCHECK, "parse", "--platform", "junos", "--command", command, "--encoding", "text", path],
                       capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def noisy(b, how):
    out = []
    for i, line in enumerate(b.split(b"\n")):
        if how == "blanks" and i % 2 == 0 and line:
            line += b"   "
        elif how == "crlf" and i % 3 != 2:
            line += b"\r"
        elif how == "crcrlf" and i % 3 != 2:
            line += b" \r\r"
        out.append(line)
    return b"\n".join(out)


inputs = []
base = "inventories/examples/junos-leaves/devices"
for dev in sorted(os.listdir(base)):
    for f in sorted(os.listdir(os.path.join(base, dev))):
        if f in READERS:
            inputs.append((os.path.join(base, dev, f), READERS[f]))
manifest = os.path.join(SHARED, "realdata", "MANIFEST.tsv")
if os.path.exists(manifest):
    for row in csv.reader(open(manifest), delimiter="\t"):
        name = os.path.basename(row[0]) if row else ""
        # py-junos-eznc's local-get-interface-information.xml writes each value on a line of its
        # own (<name>\nge-0/0/0\n</name>): there the noise lands inside an element's text
        kind = [k for k in READERS if k.endswith(".xml") and name.endswith(k) and k.startswith("get-")]
        if kind and "junos" in row[0].lower():
            inputs.append((os.path.join(SHARED, "realdata", row[0]), READERS[kind[0]]))
else:
    print("SKIP (part): %s not present: only the example fabric's replies" % manifest)

failures, compared, realdata = [], 0, 0
with tempfile.TemporaryDirectory() as t:
    for path, command in inputs:
        rc, clean, err = parse(path, command)
        if rc != 0:
            continue   # a reply the reader refuses as it is (napalm's partial mocks): nothing to compare
        if '"name": "' not in clean.split('"interfaces"', 1)[-1] and '"hostname"' not in clean:
            continue   # nothing on the fabric's ports (napalm's fe-0/0/2.0 neighbour): no comparison made
        data = open(path, "rb").read()
        for how in ("blanks", "crlf", "crcrlf"):
            p = os.path.join(t, "noisy.xml")
            open(p, "wb").write(noisy(data, how))
            rc2, out, err2 = parse(p, command)
            out = out.replace(p, path)
            if rc2 != 0 or out != clean:
                failures.append("%s with %s: %s" % (path, how, err2.strip() or "a different model"))
        compared += 1
        realdata += path.startswith(SHARED)

for f in failures:
    print("FAIL", f)
print("%d replies compared clean and with three kinds of line-end noise (%d from realdata)" % (compared, realdata))
if compared < 10:
    print("FAIL: too few replies compared")
    sys.exit(1)
if os.path.exists(manifest) and not any(p.endswith("local-get-interface-information.xml") for p, _ in inputs):
    print("FAIL: the reply with values on lines of their own was not compared")
    sys.exit(1)
sys.exit(1 if failures else 0)
