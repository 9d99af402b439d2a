#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Capabilities mean what they say, both ways: on the example fabrics and the fixture fabrics with
every planted fault (tests/fixtures/spineleaf.py with SONiC and with NVUE leaves, sonic/), every kind of value a device's model
holds is one its adapter declares, and every capability an adapter declares is held by some device
of its platform. fabcheck parse prints both per device: adapter_provides, model_holds.

usage: capabilities.py FABCHECK"""
import json, os, subprocess, sys, tempfile
import fcmodel  # noqa: E402  (fabcheck parse output, expanded)

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
fabrics = ["inventories/demo", "inventories/examples/spine-leaf", "inventories/examples/eos-leaves",
           "inventories/examples/sonic-leaves", "inventories/examples/multi-vendor", "inventories/examples/nvue-leaves",
           "inventories/examples/junos-leaves",
           "inventories/examples/ci-gate/inventory.yaml", "tests/fixtures/mini", "tests/fixtures/sonic/inventory.yaml"]
tmp = tempfile.mkdtemp(prefix="fc-caps-")
faults = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tests/fixtures/spineleaf.py"), "--list-faults"],
                        capture_output=True, text=True)
gen = [os.path.join(ROOT, "tests/fixtures/spineleaf.py"), os.path.join(tmp, "faults"), "--eos", "--sonic"]
for f in faults.stdout.split():
    gen += ["--fault", f]
if faults.returncode == 0 and faults.stdout.split():
    subprocess.run(["/usr/bin/python3"] + gen, check=True, capture_output=True)
    fabrics.append(os.path.join(tmp, "faults"))
    # the NVUE leaves in place of the SONiC ones, the Junos leaves in place of the EOS ones, with every fault
    gen = [gen[0], os.path.join(tmp, "faults-nvue"), "--junos", "--nvue"] + gen[4:]
    subprocess.run(["/usr/bin/python3"] + gen, check=True, capture_output=True)
    fabrics.append(os.path.join(tmp, "faults-nvue"))
else:
    print("note: spineleaf.py lists no faults (%s): the example fabrics only" % faults.stderr.strip()[:200])

declared, holds, failures = {}, {}, []
for fab in fabrics:
    p = subprocess.run([FABCHECK, "parse", fab], capture_output=True, text=True, cwd=ROOT)
    if p.returncode != 0:
        failures.append("%s: fabcheck parse exit %d: %s" % (fab, p.returncode, p.stderr[:300]))
        continue
    for d in fcmodel.loads(p.stdout):
        plat = d["platform"]
        dec = {c for c in d["adapter_provides"].split(", ") if c}
        held = {c for c in d["model_holds"].split(", ") if c}
        declared.setdefault(plat, set()).update(dec)
        holds.setdefault(plat, set()).update(held)
        for c in sorted(held - dec):
            failures.append("%s: %s (%s) holds %s, which its adapter does not declare" % (fab, d["name"], plat, c))
for plat in sorted(declared):
    for c in sorted(declared[plat] - holds[plat]):
        failures.append("adapter %s declares %s, which no device of the fabrics holds" % (plat, c))
    print("%-6s declares and fills: %s" % (plat, ", ".join(sorted(declared[plat] & holds[plat]))))
for f in failures:
    print("FAIL:", f)
print("%d fabrics, %d platforms, %d failure(s)" % (len(fabrics), len(declared), len(failures)))
sys.exit(1 if failures else 0)
