#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""fabcheck probe --check on recorded hosts (tests/fixtures/demohosts.py: the demo fabric's GPU
hosts as sysfs, procfs, configfs and the kernel's replies), judged against the demo inventory's
intent (PFC and DCQCN on priority 3, DSCP 26, CNP DSCP 48, MTU 9000):

- host1 as recorded: exit 0, the first line "fabcheck: host1 healthy: N checks passed";
- host2 with PFC on priority 5 on ens1f0 and mlx5_1's PCIe link at x8 of x16: exit 1, the first line
  (at most 256 bytes, a drain reason) names both: "ens1f0: ens1f0 PFC on 5, fabric pauses 3" and
  "x8 of x16"; every line after it is a failing or unknown check with its rule;
- host3 without its DCB replies (the driver answers none): nothing fails, PFC and trust are
  unknown: exit 2, the first line starts "fabcheck: unknown:";
- --format json: the same verdicts, status problem/ok/unknown and the reason; --format prometheus:
  promtool accepts it (where installed) and fabcheck_node_check_status is the exit code;
- --intent FILE (the fabric section alone) judges as --inventory does; the profile's policy decides
  which checks run (lossy_ecn: no PFC-PRIO-MATCH, no HR-SIZE);
- the host's own declared intent (--device NAME in an inventory that declares it: speed, lanes, link
  mode, FEC per interface) is compared with what the probe read: FEC off against a declared RS fails;
- usage: no --inventory, both, or two formats: exit 2 with a reason line on stdout for the scheduler.

usage: probe_check.py FABCHECK
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fctest import check, finish  # noqa: E402

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
INV = os.path.join(ROOT, "inventories", "demo", "inventory.yaml")


def run(root, *extra, inv=INV):
    args = [FABCHECK, "probe", "--check", "--root", root, "--memlock-user", "slurm"] + (["--inventory", inv] if inv else [])
    r = subprocess.run(args + list(extra), capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def edit_reply(root, ifn, fn):
    p = os.path.join(root, ".fabcheck-replies", ifn + ".json")
    d = json.load(open(p))
    fn(d)
    json.dump(d, open(p, "w"))


def main():
    t = tempfile.mkdtemp()
    try:
        subprocess.run([sys.executable, os.path.join(ROOT, "tests/fixtures/demohosts.py"), t], check=True)
        # host1 as recorded: healthy
        code, out, err = run(t + "/host1")
        first = out.split("\n", 1)[0]
        check(code == 0 and first.startswith("fabcheck: host1 healthy: ") and out.count("\n") == 1,
              "host1: exit %d: %s %s" % (code, out[:400], err[:200]))
        print("host1: exit %d, %s" % (code, first))

        # host2: PFC on 5 on ens1f0, mlx5_1's link trained at x8
        h2 = t + "/host2"
        edit_reply(h2, "ens1f0", lambda d: d["dcb"].update(pfc_enabled=[5], prio_buffer=[0, 0, 0, 0, 0, 1, 0, 0]))
        pdev = os.path.join(h2, "sys/devices/pci0000:3a/0000:3a:03.0/0000:3c:00.0/current_link_width")
        open(pdev, "w").write("8\n")
        code, out, err = run(h2)
        first = out.split("\n", 1)[0]
        rest = out.split("\n")[1:-1]
        check(code == 1 and len(first.encode()) <= 256 and "ens1f0 PFC on 5, fabric pauses 3" in first and
              "x8 of x16" in first, "host2: exit %d, reason %r" % (code, first))
        check(rest and all(l.split()[0] in ("FAIL", "UNKNOWN", "WARN") for l in rest) and
              any(l.startswith("FAIL") and "PFC-PRIO-MATCH" in l for l in rest) and
              any(l.startswith("FAIL") and "HOST-PCIE-LINK" in l for l in rest), "host2 detail: %s" % rest)
        print("host2: exit %d, %s" % (code, first))
        code, out, err = run(h2, "--format", "json")
        doc = json.loads(out)
        fails = {(c["rule"], c["subject"]) for c in doc["checks"] if c["status"] == "fail"}
        check(code == 1 and doc["status"] == "problem" and doc["host"] == "host2" and
              ("PFC-PRIO-MATCH", "host2:ens1f0") in fails and doc["reason"] == first,
              "host2 json: %s" % json.dumps(doc)[:400])

        # host3 with no DCB replies: unknown, not healthy and not a problem
        h3 = t + "/host3"
        for ifn in ("ens1f0", "ens1f1"):
            edit_reply(h3, ifn, lambda d: d.pop("dcb"))
        code, out, err = run(h3)
        first = out.split("\n", 1)[0]
        check(code == 2 and first.startswith("fabcheck: unknown: ") and "PFC" in out,
              "host3 without DCB: exit %d: %s" % (code, out[:400]))
        print("host3 (no DCB replies): exit %d, %s" % (code, first[:120]))
        code, out, err = run(h3, "--format", "prometheus")
        check(code == 2 and "fabcheck_node_check_status 2\n" in out and "fabcheck_node_healthy 0\n" in out,
              "host3 prometheus: %s" % out[:300])
        if shutil.which("promtool"):
            r = subprocess.run(["promtool", "check", "metrics"], input=out, capture_output=True, text=True)
            check(r.returncode == 0, "promtool: %s" % (r.stdout + r.stderr)[:300])
        else:
            print("SKIP (part): promtool not installed: the textfile is not checked by it")

        # --intent: the fabric section alone gives the same verdicts as the whole inventory
        intent = os.path.join(t, "intent.yaml")
        open(intent, "w").write("version: 1\nfabric: {name: demo, profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, "
                                "cnp_dscp: 48, mtu: 9000}}\n")
        a = run(h2, "--format", "json")
        b = subprocess.run([FABCHECK, "probe", "--check", "--root", h2, "--memlock-user", "slurm", "--intent", intent,
                            "--format", "json"], capture_output=True, text=True)
        strip = lambda o: [(c["rule"], c["subject"], c["status"], c["message"]) for c in json.loads(o)["checks"]]
        check(a[0] == b.returncode == 1 and strip(a[1]) == strip(b.stdout), "--intent differs from --inventory: %s" % b.stderr[:200])
        # the profile's policy decides which checks run: lossy_ecn turns PFC-PRIO-MATCH and HR-SIZE off
        lossy = os.path.join(t, "lossy.yaml")
        open(lossy, "w").write("version: 1\nfabric: {name: demo, profile: lossy_ecn, roce: {priority: 3, dscp: 26, "
                               "cnp_dscp: 48, mtu: 9000}}\n")
        b = subprocess.run([FABCHECK, "probe", "--check", "--root", h2, "--memlock-user", "slurm", "--intent", lossy,
                            "--format", "json"], capture_output=True, text=True)
        rules = {c["rule"] for c in json.loads(b.stdout)["checks"]}
        check(b.returncode == 1 and not rules & {"PFC-PRIO-MATCH", "HR-SIZE"} and "HOST-PCIE-LINK" in rules,
              "lossy_ecn: exit %d, rules %s" % (b.returncode, sorted(rules)))
        code, out, err = run(t + "/host1", "--intent", INV)
        check(code == 2 and "one of them" in err, "--inventory and --intent together: exit %d %s" % (code, err[:200]))

        # the host's own declared intent (the config-repo example declares gpu1's ens1f0: 100G CR4, RS FEC):
        # host1 as recorded matches it; with its FEC off, FEC-MATCH fails against the declaration
        repo = os.path.join(ROOT, "inventories/examples/config-repo/inventory.yaml")
        code, out, err = run(t + "/host1", "--device", "gpu1", "--format", "json", inv=repo)
        got = {(c["rule"], c["status"]) for c in json.loads(out)["checks"] if c["rule"] in ("L1-SPEED-MATCH", "FEC-MATCH")}
        check(code == 0 and got == {("L1-SPEED-MATCH", "pass"), ("FEC-MATCH", "pass")}, "declared, matching: %d %s" % (code, got))
        edit_reply(t + "/host1", "ens1f0", lambda d: d["fec"].update(active="Off"))
        code, out, err = run(t + "/host1", "--device", "gpu1", inv=repo)
        first = out.split("\n", 1)[0]
        check(code == 1 and "ens1f0 FEC off, declared rs" in first, "declared, FEC off: %d %r" % (code, first))
        print("declared intent: %s" % first)

        # usage errors still give a reason line, and exit 2 (node-problem-detector's unknown)
        code, out, err = run(t + "/host1", inv=None)
        check(code == 2 and "--inventory" in err and out.startswith("fabcheck: unknown: usage"),
              "no --inventory: exit %d %s" % (code, err[:200]))
        code, out, err = run(t + "/host1", "--format", "json", "--format", "text")
        check(code == 2, "two formats: exit %d" % code)
        code, out, err = run(t + "/host1", inv=os.path.join(t, "missing.yaml"))
        check(code == 2 and out.startswith("fabcheck: unknown: ") and "missing.yaml" in out,
              "a missing inventory: exit %d: %r" % (code, out[:200]))
    finally:
        shutil.rmtree(t)
    finish()
    print("probe_check: ok")


main()
