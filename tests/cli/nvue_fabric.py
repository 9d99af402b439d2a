#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The NVIDIA Cumulus Linux (NVUE) example fabric and the cross-OS parity, end to end:

- inventories/examples/nvue-leaves (NX-OS spines, leaf3/leaf4 on NVUE SN5600s, eight hosts, six
  planted faults) is exactly what tests/fixtures/spineleaf.py --nvue --fault ... writes, and each
  planted fault FAILs its rule there, with evidence at the NVUE line or JSON field that holds it
  (and a SARIF result at that line): PFC on switch priority 4 where the hosts pause 3, qos roce mode
  lossy, DSCP 26 mapped to switch priority 2, ECN disabled on traffic class 3, an ACL denying UDP
  4791, a 4x breakout giving 50G over 2 lanes against single-lane hosts; and, alone, qos roce's
  default PFC cable length (100 m) on 150 m ISLs, which HR-CABLE-LEN fails;
- the same fabric without faults validates with no failure and nothing not understood, and its
  NVUE twins (leaf3/leaf4 on NVUE; leaf1/leaf2 on EOS too: the multi-vendor example with NVUE where
  it has SONiC) give every finding the verdict it has with all leaves on NX-OS, but those explained
  (Spectrum sizes headroom itself: HR-SIZE and ECN-BEFORE-PFC UNKNOWN on the NVUE leaves, as on EOS;
  NVUE states the PFC cable length: HR-CABLE-LEN judged where NX-OS has no value);
- the CI gate: the NVUE leaves' startup.yaml given as `config:` fails the switch faults at their
  startup.yaml lines;
- the same configuration as `nv config show -o commands` and as the REST API's JSON gives the
  model the YAML gives, and so do the YAML and the commands as a terminal captures them (a prompt
  line above and below, CR LF and CR CR LF line ends, trailing blanks, the whole output indented).

usage: nvue_fabric.py FABCHECK
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fabric_parity import (COUNTERS, ROOT, check, clean, evidence_at, finish, gen, parity as _parity,  # noqa: E402
                           planted, same_as_generated, validate as _validate)

FABCHECK = os.path.abspath(sys.argv[1])
sys.path.insert(0, os.path.join(ROOT, "tests/fixtures"))
import nvue_leaf  # noqa: E402
import fcmodel  # noqa: E402  (fabcheck parse output, expanded)

EXPLAINED = {
    "HR-SIZE": "Spectrum (and EOS) size PFC headroom themselves: no byte value in any output, UNKNOWN there",
    "ECN-BEFORE-PFC": "no pause threshold in an NVUE or EOS output to compare the ECN thresholds with: UNKNOWN",
    "HR-CABLE-LEN": "NVUE's PFC cable-length states the cable headroom is sized for; NX-OS's outputs do not",
}
# fault -> (rule, subject, file, the text the evidence's line holds, whether SARIF's location is that line:
# a finding's SARIF location is its first evidence, for the breakout the speed the port runs)
FAULTS = {
    "nvue-pfc-prio": ("PFC-PRIO-MATCH", "leaf3:swp1s0 <-> g01:ens1f0", "nv_config_show.txt", "'4': {}", True),
    "nvue-roce-lossy": ("PFC-PRIO-MATCH", "leaf4:swp2s0 <-> g03:ens1f1", "nv_config_show.txt", "mode: lossy", True),
    "nvue-dscp-remap": ("PFC-NODROP-CLASS", "leaf3", "nv_config_show.txt", "switch-priority: 2", True),
    "nvue-ecn-off": ("ECN-SW-QUEUE", "leaf4", "nv_config_show.txt", "ecn: disable", True),
    "nvue-acl-4791": ("UDP4791-SWITCH-ACL", "leaf4:swp1s1 <-> g02:ens1f1", "nv_config_show.txt", "'4791': {}", True),
    "nvue-breakout-lanes": ("L1-LANES-MODULATION", "leaf3:swp4s0 <-> s01:ens1f0", "nv_config_show.txt",
                            "breakout: 4x", False),
}
# faults tested alone, not planted in the example
ALONE = {
    "nvue-cable-length": ("HR-CABLE-LEN", "leaf3:swp31 <-> spine1:Ethernet1/3", "nv_config_show.txt",
                          "cable-length: 100", False),
}


def validate(d, *extra):
    return _validate(FABCHECK, d, *extra)


def parity(label, rep, inv_path, nx, inv_n):
    return _parity(label, rep, inv_path, nx, inv_n, EXPLAINED, "leaf[34]", "NVUE")




def forms(t):
    """The YAML as `nv config show -o commands` and as the REST API's applied JSON: the same model."""
    d = t + "/forms"
    gen(d, "--nvue", "--fault", "nvue-pfc-prio", "--fault", "nvue-acl-4791", "--fault", "nvue-dscp-remap")

    def model(path):
        r = subprocess.run([FABCHECK, "parse", "--platform", "nvue", "--command", "nv config show", "--encoding",
                            "text", path],
                           capture_output=True, text=True)
        check(r.returncode == 0, "parse %s: %s" % (path, r.stderr[:300]))
        dev = fcmodel.loads(r.stdout)

        def strip(o):   # the values, without where they came from
            if isinstance(o, dict):
                return {k: strip(v) for k, v in o.items() if k not in ("source", "name")}
            if isinstance(o, list):
                return [strip(v) for v in o]
            return o
        return strip({k: dev[k] for k in ("interfaces", "acls", "not_understood")}), dev
    for sw in ("leaf3", "leaf4"):
        cfg = os.path.join(d, "devices", sw, "nv_config_show.txt")
        text = open(cfg).read()
        import yaml  # python3-yaml: only to write the other forms of the same document
        docs = yaml.safe_load(text)
        tree = [x["set"] for x in docs if "set" in x][0]
        cmds = []

        def walk(path, node):
            if isinstance(node, dict) and node:
                for k, v in node.items():
                    walk(path + [str(k)], v)
            elif isinstance(node, dict):
                cmds.append(path)
            else:   # YAML 1.1 reads NVUE's on/off as booleans: NVUE writes on and off
                cmds.append(path + [{True: "on", False: "off"}.get(node, str(node)) if isinstance(node, bool)
                                    else str(node)])
        walk([], tree)
        with open(d + "/%s.commands" % sw, "w") as f:
            f.write("".join("nv set %s\n" % " ".join(c) for c in cmds) + "nv config apply\n")
        def onoff(o):
            if isinstance(o, dict):
                return {k: onoff(v) for k, v in o.items()}
            return {True: "on", False: "off"}.get(o, o) if isinstance(o, bool) else o
        with open(d + "/%s.rest.json" % sw, "w") as f:
            json.dump(onoff(tree), f, indent=1)
        with open(d + "/%s.cfg.json" % sw, "w") as f:
            json.dump([{"set": onoff(tree)}], f, indent=1)
        # the commands and the REST tree carry no header (the model, which gives a breakout's lanes)
        with open(d + "/%s.set.yaml" % sw, "w") as f:
            f.write(text[text.index("- set:"):])
        base, raw = model(d + "/%s.set.yaml" % sw)
        for form in ("commands", "rest.json", "cfg.json"):
            other, _ = model(d + "/%s.%s" % (sw, form))
            check(other == base, "%s: %s gives another model than the YAML: %s" % (
                sw, form, [k for k in base if base[k] != other.get(k)]))
        # a terminal's capture of the YAML and of the commands: the same model
        prompt = "cumulus@%s:mgmt:~$" % sw
        for form, cmd in (("set.yaml", "nv config show"), ("commands", "nv config show -o commands")):
            clean = open(d + "/%s.%s" % (sw, form)).read()
            for label, text in (("prompt and CR LF", ("%s %s\n%s%s \n" % (prompt, cmd, clean, prompt)).replace("\n", "\r\n")),
                                ("CR CR LF", clean.replace("\n", "\r\r\n")),
                                ("trailing blanks", clean.replace("\n", "  \n")),
                                ("indented", "".join("  " + ln + "\n" for ln in clean.split("\n")))):
                q = d + "/noisy.txt"
                open(q, "w", newline="").write(text)
                other, _ = model(q)
                check(other == base, "%s: %s with %s: another model: %s" % (
                    sw, form, label, [k for k in base if base[k] != other.get(k)]))
        print("%s: the YAML, its nv set commands and its JSON (CLI and REST) give one model (%d ports, %d ACLs)" % (
            sw, len([i for i in raw["interfaces"]]), len(raw["acls"])))


def main():
    t = tempfile.mkdtemp()
    try:
        gen(t + "/nxos")
        nx = validate(t + "/nxos")
        inv_n = json.load(open(t + "/nxos/inventory.json"))
        # the committed example: every fault planted
        all_faults = [a for f in sorted(FAULTS) for a in ("--fault", f)]
        path = same_as_generated(t, "nvue-leaves", "--nvue", *all_faults)
        planted(FABCHECK, t, "nvue-leaves", path, FAULTS)

        # the CI gate: the NVUE leaves' startup.yaml as config: (no collection), the others as files
        g = t + "/gate"
        shutil.copytree(path, g)
        inv = json.load(open(g + "/inventory.json"))
        for d in inv["devices"]:
            if d["platform"] == "nvue":
                shutil.copy("%s/devices/%s/nv_config_show.txt" % (g, d["name"]), "%s/devices/%s/startup.yaml" % (g, d["name"]))
                d["transport"], d["config"] = "none", "devices/%s/startup.yaml" % d["name"]
        json.dump(inv, open(g + "/gate.json", "w"), indent=1)
        r = subprocess.run([FABCHECK, "validate", g + "/gate.json", "--format", "json"], capture_output=True, text=True)
        rep = json.loads(r.stdout) if r.stdout else {"findings": []}
        for fault in ("nvue-dscp-remap", "nvue-ecn-off", "nvue-acl-4791"):
            rule, subj, _, text, _ = FAULTS[fault]
            got = [f for f in rep["findings"] if f["rule"] == rule and f["subject"] == subj and f["status"] == "fail"]
            dev = subj.split(":")[0]
            lines = open("%s/devices/%s/startup.yaml" % (g, dev)).read().split("\n")
            hit = [e for f in got for e in f["evidence"] if isinstance(e.get("source"), dict)
                   and e["source"]["file"].endswith(dev + "/startup.yaml") and e["source"].get("line")
                   and text in lines[e["source"]["line"] - 1]]
            check(hit, "CI gate: %s: %s %s not failing at startup.yaml holding %r" % (fault, rule, subj, text))
        print("the CI gate (startup.yaml as config:): the switch faults FAIL at their startup.yaml lines")

        # each fault alone fails its rule
        for fault, (rule, subj, fname, text, at_line) in list(FAULTS.items()) + list(ALONE.items()):
            d = "%s/f-%s" % (t, fault)
            gen(d, "--nvue", "--fault", fault)
            sarif = os.path.join(t, fault + ".sarif")
            rep = validate(d, "--format", "sarif=" + sarif)
            evidence_at(fault, d, rep, sarif, rule, subj, fname, text, at_line)

        # the clean twins: no failure, nothing not understood, the verdicts of the NX-OS leaves
        for label, args in (("nvue-leaves without faults", ["--nvue"]),
                            ("multi-vendor with NVUE for SONiC", ["--nvue", "--eos"])):
            d = "%s/%s" % (t, args[-1])
            gen(d, *args)
            rep = validate(d)
            clean(label, rep, EXPLAINED, COUNTERS)
            parity(label, rep, d + "/inventory.json", nx, inv_n)
        forms(t)
    finally:
        shutil.rmtree(t)
    finish("nvue_fabric")


main()
