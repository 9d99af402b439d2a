#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The demo's baseline (inventories/demo/baseline) is the demo fabric an hour earlier, and with it the
counter rules judge every port they read:
- every file is the demo's, byte for byte, but the manifest's time (one hour earlier), the hosts'
  collection times and counters (ethtool stats, RDMA hw_counters) and the switches' counter fields of
  show interface: the same names, none of them higher than in the demo (tests/cli/demo_hosts.sh checks
  that the host documents are what the probe writes on demohosts.py --earlier);
- `validate inventories/demo --baseline inventories/demo/baseline`: exit 1; L1-FLAP and FEC-BER judge
  every switch and host port, PFC-RUNTIME every host port, ECN-RUNTIME every RDMA port, none UNKNOWN;
  what is not a pass is exactly the two planted counter faults (host3 ens1f0's link went down twice:
  L1-FLAP warns on both ends; leaf1 Ethernet1/4 received 42 frames with a bad CRC: FEC-BER fails);
  every other rule's verdicts are those of the run without a baseline.
usage: demo_baseline.py FABCHECK"""
import json, os, subprocess, sys
from datetime import datetime, timedelta

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fctest import check, finish  # noqa: E402

FABCHECK = os.path.abspath(sys.argv[1])
DEMO, BASE = "inventories/demo", "inventories/demo/baseline"
COUNTER_RULES = ("L1-FLAP", "FEC-BER", "PFC-RUNTIME", "ECN-RUNTIME")
# show interface's counter fields (NX-API ROW_interface): what may differ an hour apart
SW_COUNTERS = {"eth_reset_cntr", "eth_link_flapped"}


def files(root, skip=()):
    out = set()
    for d, dirs, fs in os.walk(root):
        dirs[:] = [x for x in dirs if os.path.join(d, x) not in skip]
        out |= {os.path.relpath(os.path.join(d, f), root) for f in fs}
    return out


def earlier(a, b):
    """a is exactly one hour before b (ISO 8601 UTC)."""
    f = "%Y-%m-%dT%H:%M:%SZ"
    return datetime.strptime(b, f) - datetime.strptime(a, f) == timedelta(hours=1)


def rows(doc):
    for path in (("ins_api", "outputs", "output", "body"), ("result", "body")):
        o = doc
        for k in path:
            o = o.get(k, {}) if isinstance(o, dict) else {}
        if o:
            return o["TABLE_interface"]["ROW_interface"]
    raise ValueError("no ROW_interface")


def counters_only_lower(name, was, now):
    check(set(was) == set(now), "%s: counter names differ: %s" % (name, sorted(set(was) ^ set(now))))
    for k in set(was) & set(now):
        if isinstance(was[k], int) and isinstance(now[k], int):
            check(was[k] <= now[k], "%s %s: %d in the baseline, %d now" % (name, k, was[k], now[k]))


demo_files = files(DEMO, skip={BASE}) - {"README.md"}
base_files = files(BASE)
check(demo_files == base_files, "the baseline's files are not the demo's: %s" % sorted(demo_files ^ base_files))
for rel in sorted(demo_files & base_files):
    a, b = os.path.join(BASE, rel), os.path.join(DEMO, rel)
    name = os.path.basename(rel)
    if name == "manifest.json":
        was, now = json.load(open(a)), json.load(open(b))
        check(earlier(was.pop("created"), now.pop("created")), "manifest: created is not one hour earlier")
        check(was == now, "manifest: differs in more than its time")
    elif name == "probe.json":
        was, now = json.load(open(a)), json.load(open(b))
        check(earlier(was.pop("collected_at"), now.pop("collected_at")), "%s: collected_at is not one hour earlier" % rel)
        for x, y in zip(was["interfaces"], now["interfaces"]):
            counters_only_lower("%s %s stats" % (rel, x["name"]), x.pop("stats"), y.pop("stats"))
        for x, y in zip(was["rdma"]["devices"], now["rdma"]["devices"]):
            for p, q in zip(x["ports"], y["ports"]):
                counters_only_lower("%s %s/%s" % (rel, x["name"], p["port"]), p.pop("hw_counters"), q.pop("hw_counters"))
        check(was == now, "%s: differs in more than the time and the counters" % rel)
    elif name == "show_interface.json":
        was, now = json.load(open(a)), json.load(open(b))
        for x, y in zip(rows(was), rows(now)):
            keys = {k for k in x if k.startswith("eth_") and isinstance(x[k], int) and k not in ("eth_bw", "eth_dly")}
            keys |= SW_COUNTERS
            cx = {k: x.pop(k) for k in keys if k in x}
            cy = {k: y.pop(k) for k in keys if k in y}
            cx.pop("eth_link_flapped", None), cy.pop("eth_link_flapped", None)
            counters_only_lower("%s %s" % (rel, x["interface"]), cx, cy)
        check(was == now, "%s: differs in more than the counters" % rel)
    else:
        check(open(a, "rb").read() == open(b, "rb").read(), "%s: not the demo's" % rel)


def validate(*args):
    r = subprocess.run([FABCHECK, "validate", DEMO, "--format", "json", *args], capture_output=True, text=True)
    check(r.returncode == 1, "validate %s: exit %d, 1 expected: %s" % (" ".join(args), r.returncode, r.stderr[-300:]))
    return {(f["rule"], f["subject"]): f for f in json.loads(r.stdout)["findings"]}


now = validate("--baseline", BASE)
alone = validate()
counted = {rid: [k for k in now if k[0] == rid] for rid in COUNTER_RULES}
switch_ports = [(leaf, r["interface"]) for leaf in ("leaf1", "leaf2")
                for r in rows(json.load(open("%s/devices/%s/show_interface.json" % (DEMO, leaf))))]
host_ports = [(h, i["name"]) for h in ("host1", "host2", "host3", "host4")
              for i in json.load(open("%s/devices/%s/probe.json" % (DEMO, h)))["interfaces"]]
rdma_ports = [(h, "%s/%d" % (d["name"], p["port"])) for h in ("host1", "host2", "host3", "host4")
              for d in json.load(open("%s/devices/%s/probe.json" % (DEMO, h)))["rdma"]["devices"] for p in d["ports"]]
want = {
    "L1-FLAP": switch_ports + host_ports,
    "FEC-BER": switch_ports + host_ports,
    "PFC-RUNTIME": host_ports,
    "ECN-RUNTIME": rdma_ports,
}
for rid, ports in want.items():
    subjects = sorted(k[1] for k in counted[rid])
    check(subjects == sorted("%s:%s" % p for p in ports), "%s judges %s, not every port: %s" % (rid, subjects, ports))
planted = {("L1-FLAP", "host3:ens1f0"): ("warn", "2 link-down event(s) in 3600 s"),
           ("L1-FLAP", "leaf1:Ethernet1/3"): ("warn", "2 link-down event(s) in 3600 s"),
           ("FEC-BER", "leaf1:Ethernet1/4"): ("fail", "42 frames with a bad CRC since the baseline")}
for rid in COUNTER_RULES:
    for k in counted[rid]:
        f = now[k]
        if k in planted:
            check(f["status"] == planted[k][0] and planted[k][1] in f["message"], "%s: %s %s" % (k, f["status"], f["message"]))
        else:
            check(f["status"] == "pass", "%s: %s %s, a pass expected" % (k, f["status"], f["message"]))
        check(all("; was %s/devices/" % BASE in e["value"] for e in f["evidence"]) and f["evidence"],
              "%s: the evidence does not cite the baseline's reading: %s" % (k, f["evidence"]))
check({k: f["status"] for k, f in now.items() if k[0] not in COUNTER_RULES} ==
      {k: f["status"] for k, f in alone.items() if k[0] not in COUNTER_RULES},
      "the other rules' verdicts change with the baseline")
check(sorted(k for k in alone if k[0] in COUNTER_RULES) == [(rid, "fabric") for rid in sorted(COUNTER_RULES)],
      "without the baseline each counter rule is one UNKNOWN for the fabric")
print("demo_baseline: %d counter findings, %d of them the planted faults; the baseline is the demo an hour earlier "
      "(%d files)" % (sum(len(v) for v in counted.values()), len(planted), len(base_files)))
finish()
