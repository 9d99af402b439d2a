#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The SONiC + EOS config-repository example (inventories/examples/config-repo): what its header
promises, and what a CI gate on such a repository needs.
  - one FAIL, the planted ACL, located by SARIF at the config_db.json line of its rule; no WARN;
    86 PASS; 24 not applicable (a running device's checks); 3 UNKNOWN, at most 10 % of what was
    judged, each on a device, never per port;
  - every line of both configs understood;
  - the ACL fixed, the stock SONiC and the EOS designs give no FAIL and no WARN (exit 0);
  - EOS sizes its headroom itself: HR-SIZE says so once on leaf2, naming its ports; a host end
    that is short still FAILs on its own link, and leaves the device's finding.

usage: config_repo.py FABCHECK
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EX = os.path.join(ROOT, "inventories", "examples", "config-repo")
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run(inv, fmt="json"):
    p = subprocess.run([FABCHECK, "validate", inv, "--format", fmt], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stdout, p.stderr


def edit(d, rel, old, new):
    path = os.path.join(d, rel)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    check(old in text, "%s: the text this test edits: %r" % (rel, old))
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new))


def bad(rep):
    return sorted((f["status"], f["rule"], f["subject"]) for f in rep["findings"] if f["status"] in ("fail", "warn"))


code, out, err = run(os.path.join(EX, "inventory.yaml"))
check(code == 1, "example: exit %d, want 1: %s" % (code, err[:300]))
rep = json.loads(out)
s = rep["summary"]
print("config-repo: pass %d fail %d warn %d unknown %d not applicable %d" % (
    s["pass"], s["fail"], s["warn"], s["unknown"], s["not_applicable"]))
check(bad(rep) == [("fail", "UDP4791-SWITCH-ACL", "leaf1:Ethernet4 <-> gpu2:ens1f0")], "example: %s" % bad(rep))
check((s["pass"], s["unknown"], s["not_applicable"]) == (86, 3, 24),
      "example: the header's counts (86 PASS, 3 UNKNOWN, 24 not applicable): %s" % s)
judged = s["pass"] + s["fail"] + s["warn"] + s["unknown"]
check(s["unknown"] <= 0.10 * judged, "example: %d of %d UNKNOWN, over 10 %%" % (s["unknown"], judged))
unknown = [f for f in rep["findings"] if f["status"] == "unknown"]
check(all(" <-> " not in f["subject"] for f in unknown), "example: an UNKNOWN on a link: %s" %
      [f["subject"] for f in unknown if " <-> " in f["subject"]])
keys = [(f["rule"], f["subject"]) for f in unknown]
check(len(keys) == len(set(keys)), "example: an UNKNOWN said twice: %s" % keys)
for d in rep["devices"]:
    check(not d["not_understood"] and not d["errors"], "example: %s: %s %s" % (d["name"], d["not_understood"],
                                                                              d["errors"]))
hr = [f for f in unknown if f["rule"] == "HR-SIZE"]
check(len(hr) == 1 and hr[0]["subject"] == "leaf2" and hr[0]["severity"] == "info" and
      "on 2 ports of leaf2" in hr[0]["message"] and
      any(e["what"] == "ports" and e["value"] == "Ethernet1/1 (gpu3:ens1f0), Ethernet2/1 (gpu4:ens1f0)"
          for e in hr[0]["evidence"]),
      "example: EOS headroom said once on leaf2, naming its ports: %s" % json.dumps(hr)[:600])

# SARIF points at the rule that drops RoCE, in config_db.json
code, out, err = run(os.path.join(EX, "inventory.yaml"), "sarif")
cfg = open(os.path.join(EX, "configs", "leaf1.json"), encoding="utf-8").read().splitlines()
# the rule's destination-port line: what decides that it takes RoCEv2, and what a change to it edits
rule = next(i for i, l in enumerate(cfg) if '"EDGE_IN|RULE_10"' in l)
want = next(i + 1 for i, l in enumerate(cfg) if i > rule and '"L4_DST_PORT_RANGE"' in l)
errs = [r for r in json.loads(out)["runs"][0]["results"] if r.get("level") == "error"]
locs = [(l["physicalLocation"]["artifactLocation"]["uri"], l["physicalLocation"]["region"]["startLine"])
        for r in errs for l in r.get("locations", [])]
check(len(errs) == 1 and locs[:1] and locs[0][0].endswith("inventories/examples/config-repo/configs/leaf1.json")
      and locs[0][1] == want, "sarif: the error at configs/leaf1.json:%d: %s" % (want, locs))

t = tempfile.mkdtemp(prefix="fc-repo-")
try:
    # the ACL fixed: the reference designs pass, exit 0
    d = os.path.join(t, "fixed")
    shutil.copytree(EX, d)
    edit(d, "configs/leaf1.json", '"L4_DST_PORT_RANGE": "4000-5000"', '"L4_DST_PORT_RANGE": "5000-5100"')
    code, out, err = run(os.path.join(d, "inventory.yaml"))
    check(code == 0, "fixed: exit %d, want 0: %s" % (code, err[:300]))
    check(bad(json.loads(out)) == [], "fixed: %s" % bad(json.loads(out)))

    # gpu4's receive buffer too small: its own link fails; the device's UNKNOWN names the other port
    d = os.path.join(t, "short")
    shutil.copytree(EX, d)
    inv = open(os.path.join(d, "inventory.yaml"), encoding="utf-8").read()
    parts = inv.split("- name: gpu4\n")
    check(len(parts) == 2, "short: gpu4 in the inventory")
    parts[1] = parts[1].replace("buffer_size: [130944, 156096]", "buffer_size: [130944, 30000]", 1)
    open(os.path.join(d, "inventory.yaml"), "w", encoding="utf-8").write("- name: gpu4\n".join(parts))
    code, out, err = run(os.path.join(d, "inventory.yaml"))
    rep = json.loads(out)
    hr = {f["subject"]: f for f in rep["findings"] if f["rule"] == "HR-SIZE"}
    f = hr.get("leaf2:Ethernet2/1 <-> gpu4:ens1f0", {})
    check(f.get("status") == "fail", "short: HR-SIZE on gpu4's link %s" % f.get("status"))
    f = hr.get("leaf2", {})
    check(f.get("status") == "unknown" and "on 1 port of leaf2" in f.get("message", "") and
          any(e["what"] == "ports" and e["value"] == "Ethernet1/1 (gpu3:ens1f0)" for e in f.get("evidence", [])),
          "short: the device finding names Ethernet1/1 alone: %s" % json.dumps(f)[:400])
    # a host's RDMA port stated without its netdev: the netdev its GIDs name (as the kernel fills
    # them); with neither, the host RoCE checks say they cannot tell the interface, never nothing
    d = os.path.join(t, "gid-netdev")
    shutil.copytree(EX, d)
    inv = open(os.path.join(d, "inventory.yaml"), encoding="utf-8").read()
    open(os.path.join(d, "inventory.yaml"), "w", encoding="utf-8").write(inv.replace("          netdev: ens1f0\n", ""))
    code, out, err = run(os.path.join(d, "inventory.yaml"))
    s2 = json.loads(out)["summary"]
    check((s2["pass"], s2["unknown"]) == (86, 3), "gid-netdev: the port's netdev from its GIDs: %s" % s2)
    open(os.path.join(d, "inventory.yaml"), "w", encoding="utf-8").write(
        inv.replace("          netdev: ens1f0\n", "").replace(", netdev: ens1f0}", "}"))
    code, out, err = run(os.path.join(d, "inventory.yaml"))
    rep = json.loads(out)
    nn = [f for f in rep["findings"] if "names no netdev" in f["message"] and f["status"] == "unknown"]
    check({f["rule"] for f in nn} >= {"ECN-HOST-NP-RP", "PFC-WD-HOST"} and
          {f["subject"] for f in nn} == {"gpu%d:mlx5_0/1" % k for k in range(1, 5)},
          "no netdev anywhere: UNKNOWN per RDMA port: %s" % sorted((f["rule"], f["subject"]) for f in nn))
finally:
    shutil.rmtree(t)

if failures:
    print("%d check(s) failed" % len(failures))
    sys.exit(1)
print("config-repo: as its header says; reference designs pass; EOS headroom said once")
