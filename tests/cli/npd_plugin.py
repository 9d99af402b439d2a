#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""contrib/npd: the node-problem-detector custom plugin, run as NPD runs it (no cluster here): the
rule of contrib/npd/fabcheck-plugin.json is read, its program started with the DaemonSet's
environment (FABCHECK_INVENTORY, and a recorded host of tests/fixtures/demohosts.py as the node),
its exit code and its standard output (NPD keeps max_output_length bytes of it as the condition's
message) taken as NPD's plugin protocol reads them:
  - a healthy host: exit 0 (OK), one line "fabcheck: host1 healthy: ...";
  - PFC on priority 5: exit 1 (NonOK), one line naming it, within max_output_length;
  - no DCB replies: exit 2 (Unknown); an inventory that is not there: exit 2, one line.
The configuration is checked for what NPD requires of a custom plugin (plugin, pluginConfig,
source, conditions with type, reason, message; rules with type, reason, path and the condition of
a permanent rule declared).

usage: npd_plugin.py FABCHECK
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
NPD = os.path.join(ROOT, "contrib", "npd")


def main():
    cfg = json.load(open(os.path.join(NPD, "fabcheck-plugin.json")))
    pc = cfg.get("pluginConfig", {})
    conds = {c["type"] for c in cfg.get("conditions", []) if {"type", "reason", "message"} <= set(c)}
    rules = cfg.get("rules", [])
    check(cfg.get("plugin") == "custom" and cfg.get("source") and pc.get("max_output_length", 0) >= 256 and
          rules and all({"type", "reason", "path"} <= set(r) for r in rules) and
          all(r["condition"] in conds for r in rules if r["type"] == "permanent"),
          "fabcheck-plugin.json: %s" % json.dumps(cfg)[:300])
    limit = pc.get("max_output_length", 80)
    # the rule's program is installed at its path by the image (Dockerfile); here, the file itself
    prog = os.path.join(NPD, os.path.basename(rules[0]["path"]))
    check(os.access(prog, os.X_OK), "%s is not executable" % prog)
    t = tempfile.mkdtemp()
    try:
        subprocess.run([sys.executable, os.path.join(ROOT, "tests/fixtures/demohosts.py"), t], check=True)
        env = dict(os.environ, FABCHECK=FABCHECK, FABCHECK_INVENTORY=os.path.join(ROOT, "inventories/demo/inventory.yaml"),
                   FABCHECK_ARGS="--memlock-user slurm")

        def plugin(host, **kw):
            r = subprocess.run([prog], env=dict(env, FABCHECK_ROOT=os.path.join(t, host), **kw), capture_output=True,
                               text=True, timeout=float(rules[0]["timeout"].rstrip("s")))
            return r.returncode, r.stdout

        code, out = plugin("host1")
        check(code == 0 and out.count("\n") == 1 and out.startswith("fabcheck: host1 healthy"), "healthy: %d %r" % (code, out))
        p = os.path.join(t, "host2", ".fabcheck-replies", "ens1f0.json")
        d = json.load(open(p))
        d["dcb"]["pfc_enabled"] = [5]
        json.dump(d, open(p, "w"))
        code, out = plugin("host2")
        check(code == 1 and out.count("\n") == 1 and len(out.rstrip("\n").encode()) <= limit and
              "PFC on 5, fabric pauses 3" in out, "problem: %d %r" % (code, out))
        print("NonOK: exit %d, %s" % (code, out.strip()))
        for ifn in ("ens1f0", "ens1f1"):
            p = os.path.join(t, "host3", ".fabcheck-replies", ifn + ".json")
            d = json.load(open(p))
            d.pop("dcb")
            json.dump(d, open(p, "w"))
        code, out = plugin("host3")
        check(code == 2 and out.startswith("fabcheck: unknown:"), "unknown: %d %r" % (code, out))
        code, out = plugin("host1", FABCHECK_INVENTORY=os.path.join(t, "none.yaml"))
        check(code == 2 and out.count("\n") == 1 and out.startswith("fabcheck: unknown:"), "no inventory: %d %r" % (code, out))
        print("OK, NonOK and Unknown as node-problem-detector's custom plugin protocol reads them")
    finally:
        shutil.rmtree(t)
    finish()


main()
