#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The SONiC example fabric (inventories/examples/sonic-leaves: NX-OS spines, leaf1/leaf2 on NX-OS,
leaf3 on SONiC Spectrum-4 and leaf4 on SONiC Tomahawk 5, eight Linux hosts), end to end:

- the directory is exactly what tests/fixtures/spineleaf.py --sonic writes;
- it validates with no failure, warning or unknown (but the four counter rules, which need a
  --baseline), and with nothing not understood;
- rule by rule, every finding has the verdict it has on the same fabric with NX-OS leaves
  (inventories/examples/spine-leaf), ports matched through the cabling plan; the one difference
  allowed is explained (HR-CABLE-LEN: CONFIG_DB states the cable length the profile is sized for,
  a running-config does not);
- each planted SONiC fault, alone, fails the rule that owns it, and the evidence and the SARIF
  result point at the config_db.json line of the key that holds the fault;
- pg_profile_lookup.ini saved under the command that reads it on the switch (its full path, quoted
  or not) is read; one from another SKU's folder is listed as not understood and not used; an
  output no reader takes is an error of that output only: the switch's other outputs still give
  its ports and aliases, so LLDP on the spines still resolves (no false CABLE-PLAN-LLDP failure);
- DEVICE_NEIGHBOR: without the leaves' links in the inventory, the switch's declared neighbours
  make the links, which LLDP confirms and the link rules judge (a DAC's length from its EEPROM; an
  ISL without a length in any source: HR-SIZE unknown); a declared neighbour that disagrees with the plan fails
  CABLE-PLAN-LLDP at its config_db.json line.

usage: sonic_fabric.py FABCHECK
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(ROOT, "inventories/examples/sonic-leaves")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fabric_parity import COUNTERS, check, failures, gen  # noqa: E402
import fcmodel  # noqa: E402  (fabcheck parse output, expanded)
EXPLAINED = {"HR-CABLE-LEN": "CONFIG_DB's CABLE_LENGTH states the cable a profile is sized for; a running-config does not"}

# fault -> (status, rule, subject, the config_db.json key its evidence names)
FAULTS = {
    "sonic-pfc-off": ("fail", "PFC-PRIO-MATCH", "leaf4:Ethernet8 <-> g03:ens1f1", '"Ethernet8": {'),
    "sonic-wred-no-ecn": ("fail", "ECN-SW-QUEUE", "leaf3", '"ecn": "ecn_none"'),
    "sonic-dscp-lossy": ("fail", "PFC-DSCP-MAP", "leaf4 RoCE DSCP 26", '"26": "1"'),
    "sonic-short-xoff": ("fail", "HR-SIZE", "leaf3:Ethernet240 <-> spine1:Ethernet1/3", '"xoff": "65536"'),
    "sonic-acl-4791": ("fail", "UDP4791-SWITCH-ACL", "leaf3:Ethernet24 <-> s01:ens1f0", '"L4_DST_PORT_RANGE": "4000-5000"'),
    "sonic-mtu": ("fail", "MTU-HOST-SWITCH", "leaf4:Ethernet0 <-> g01:ens1f1", None),
    "sonic-pause-queue": ("fail", "PFC-NODROP-CLASS", "leaf4", '"3": "4"'),
    "sonic-queue-lossy": ("fail", "PFC-NODROP-CLASS", "leaf3:Ethernet25", '"profile": "egress_lossy_profile"'),
}


def validate(d, fmt="json"):
    r = subprocess.run([FABCHECK, "validate", d, "--format", fmt], capture_output=True, text=True)
    check(r.returncode in (0, 1), "validate %s: exit %d: %s" % (d, r.returncode, r.stderr[:300]))
    return r


def findings(d):
    return json.loads(validate(d).stdout)


PG_INI = """# PG lossless profiles.
# speed cable size    xon  xoff threshold xon_offset
  400000   5m 100000  19456  80000     0  18432
  400000  40m 110000  19456  90000     0  18432
"""


def with_output(t, name, command, text):
    """A copy of the example with one more output of leaf3, saved under command."""
    d = os.path.join(t, name)
    shutil.copytree(EXAMPLE, d)
    open(d + "/devices/leaf3/pg.ini", "w").write(text)
    man = json.load(open(d + "/manifest.json"))
    dev = [x for x in man["devices"] if x["name"] == "leaf3"][0]
    dev["outputs"].append({"command": command, "encoding": "text", "file": "devices/leaf3/pg.ini"})
    json.dump(man, open(d + "/manifest.json", "w"), indent=1)
    return d


def pg_lookup(t):
    md = json.load(open(EXAMPLE + "/devices/leaf3/config_db.json"))["DEVICE_METADATA"]["localhost"]
    folder = "/usr/share/sonic/device/%s/%s/pg_profile_lookup.ini" % (md["platform"], md["hwsku"])
    for i, cmd in enumerate(("cat " + folder, 'cat "%s"' % folder, "cat '%s'" % folder)):
        d = with_output(t, "pg%d" % i, cmd, PG_INI)
        r = subprocess.run([FABCHECK, "parse", d, "--device", "leaf3"], capture_output=True, text=True)
        check(r.returncode == 0, "pg_profile_lookup.ini as %r: parse exit %d: %s" % (cmd, r.returncode, r.stderr[:200]))
        dev = fcmodel.loads(r.stdout)[0] if r.returncode == 0 else {}
        rows = [(x["speed_mbps"], x["cable_m"], x["xoff"]) for x in dev.get("headroom_table", [])]
        check(rows == [(400000, 5, 80000), (400000, 40, 90000)], "pg_profile_lookup.ini as %r: rows %s" % (cmd, rows))
        check(not dev.get("not_understood"), "pg_profile_lookup.ini as %r: not understood %s" % (
            cmd, dev.get("not_understood")))
    print("pg_profile_lookup.ini read under 'cat %s' (plain, \"quoted\", 'quoted')" % folder)
    other = folder.replace(md["hwsku"], "Mellanox-SN4700-O28")
    d = with_output(t, "pg-other", "cat " + other, PG_INI)
    dev = fcmodel.loads(subprocess.run([FABCHECK, "parse", d, "--device", "leaf3"], capture_output=True, text=True).stdout)[0]
    nu = [u["text"] for u in dev.get("not_understood", [])]
    check(not dev.get("headroom_table") and any("Mellanox-SN4700-O28" in x and md["hwsku"] in x for x in nu),
          "another SKU's table: rows %s, not understood %s" % (dev.get("headroom_table"), nu))
    print("another SKU's table: not used, %s" % nu[:1])
    d = with_output(t, "pg-unknown", "cat /etc/motd", "welcome\n")
    r = subprocess.run([FABCHECK, "validate", d, "--format", "json"], capture_output=True, text=True)
    check(r.returncode == 2, "an output no reader takes: validate exit %d, expected 2" % r.returncode)
    rep = json.loads(r.stdout)
    leaf3 = [x for x in rep["devices"] if x["name"] == "leaf3"][0]
    check(any("/etc/motd" in e for e in leaf3.get("errors", [])), "an output no reader takes: leaf3's errors %s" % leaf3.get("errors"))
    cab = [f for f in rep["findings"] if f["rule"] == "CABLE-PLAN-LLDP" and "leaf3:" in f["subject"]]
    check(cab and all(f["status"] == "pass" for f in cab), "an output no reader takes: CABLE-PLAN-LLDP on leaf3: %s" % [
        (f["subject"], f["status"]) for f in cab if f["status"] != "pass"][:4])
    print("an output no reader takes: exit 2, leaf3 lists it, its %d cabled links still pass CABLE-PLAN-LLDP" % len(cab))


def main():
    t = tempfile.mkdtemp()
    try:
        gen(t + "/sonic", "--sonic")
        shutil.copy(os.path.join(EXAMPLE, "README.md"), t + "/sonic/README.md")
        r = subprocess.run(["diff", "-r", EXAMPLE, t + "/sonic"], capture_output=True, text=True)
        check(r.returncode == 0, "inventories/examples/sonic-leaves differs from spineleaf.py --sonic: %s" % r.stdout[:400])

        # clean
        rep = findings(EXAMPLE)
        bad = [(f["status"], f["rule"], f["subject"]) for f in rep["findings"]
               if f["status"] != "pass" and not (f["rule"] in COUNTERS and f["subject"] == "fabric")]
        check(not bad, "the SONiC example is not clean: %s" % bad[:8])
        for dev in rep["devices"]:
            nu = [u["text"] for u in dev.get("not_understood", [])]
            check(not nu, "%s: not understood: %s" % (dev["name"], nu[:5]))
        print("clean: %d findings, %d pass, only the 4 counter rules unknown" % (
            len(rep["findings"]), sum(f["status"] == "pass" for f in rep["findings"])))

        # parity with the NX-OS leaves, ports matched through the cabling plan (same order)
        gen(t + "/nxos")
        inv_s = json.load(open(os.path.join(EXAMPLE, "inventory.json")))
        inv_n = json.load(open(t + "/nxos/inventory.json"))
        check(len(inv_s["links"]) == len(inv_n["links"]), "the two fabrics have different link counts")
        name = {}
        for ls, ln in zip(inv_s["links"], inv_n["links"]):
            for e in "ab":
                name[ln[e]] = ls[e]
        nx = findings(t + "/nxos")

        def norm(subj):
            return re.sub(r"[\w.-]+:[\w/.-]+", lambda m: name.get(m.group(0), m.group(0)), subj)
        a = {(f["rule"], f["subject"]): f["status"] for f in rep["findings"]}
        b = {(f["rule"], norm(f["subject"])): f["status"] for f in nx["findings"]}
        same, explained, diff = 0, [], []
        for k in sorted(set(a) | set(b)):
            if a.get(k) == b.get(k):
                same += 1
            elif k[0] in EXPLAINED:
                explained.append(k)
            else:
                diff.append("%s %s: SONiC %s, NX-OS %s" % (k[0], k[1], a.get(k), b.get(k)))
        for x in diff:
            check(False, "verdict differs: " + x)
        switch_rules = sorted({k[0] for k in a if k[1].split(":")[0].split(" ")[0] in ("leaf3", "leaf4")
                               or "leaf3:" in k[1] or "leaf4:" in k[1]})
        print("parity: %d findings with the same verdict on SONiC and NX-OS leaves (%d rules judge the SONiC leaves); "
              "%d explained (%s): %s" % (same, len(switch_rules), len(explained),
                                         "; ".join("%s: %s" % kv for kv in EXPLAINED.items()),
                                         ", ".join("%s %s SONiC %s NX-OS %s" % (k[0], k[1], a.get(k), b.get(k))
                                                   for k in explained[:3])))
        for k in explained:
            check(a.get(k) == "pass" and b.get(k) is None, "explained difference is not a SONiC pass the NX-OS "
                  "running-config cannot judge: %s %s" % k)

        # every planted fault alone
        for fault, (st, rule, subj, key) in FAULTS.items():
            d = "%s/%s" % (t, fault)
            gen(d, "--sonic", "--fault", fault)
            rep_f = findings(d)
            got = {(f["rule"], f["subject"]): f for f in rep_f["findings"]}
            f = got.get((rule, subj))
            check(f is not None and f["status"] == st, "%s: %s %s is %s, expected %s" % (
                fault, rule, subj, f and f["status"], st))
            if not f:
                continue
            cfg_ev = [e["source"] for e in f["evidence"] if e.get("source", {}).get("line") and
                      e["source"]["file"].endswith(("config_db.json", ".txt")) and "/leaf" in e["source"]["file"]]
            check(cfg_ev, "%s: no evidence in the SONiC leaf's outputs" % fault)
            if key:
                lines = {}
                for src in cfg_ev:
                    if src["file"].endswith("config_db.json"):
                        lines[src["line"]] = open(src["file"]).read().split("\n")[src["line"] - 1]
                check(any(key in x for x in lines.values()), "%s: no evidence line holds %s: %s" % (fault, key, lines))
            sarif = json.loads(validate(d, "sarif").stdout)
            res = [x for x in sarif["runs"][0]["results"] if x["ruleId"] == rule and subj in x["message"]["text"]]
            locs = [(lo["physicalLocation"]["artifactLocation"]["uri"], lo["physicalLocation"]["region"]["startLine"])
                    for x in res for lo in x.get("locations", [])]
            check(locs and any(u.endswith(("config_db.json", "show_interfaces_status.txt")) for u, _ in locs),
                  "%s: SARIF result does not point into the SONiC leaf: %s" % (fault, locs))
            uri, line = locs[0]
            uri = uri[len("file://"):] if uri.startswith("file://") else uri
            path = next((os.path.join(base, uri) for base in (d, os.getcwd(), "/") if os.path.exists(os.path.join(base, uri))), "")
            text = open(path).read().split("\n")[line - 1].strip() if path else "?"
            if key:
                check(key in text, "%s: the SARIF result points at %s:%d (%s), not at the line with %s" % (
                    fault, uri, line, text, key))
            print("%s: %s %s %s; SARIF result at %s:%d  %s" % (fault, st, rule, subj, uri, line, text))
            if fault == "sonic-acl-4791":   # show acl rule's count lands on the entry
                r = subprocess.run([FABCHECK, "parse", d, "--device", "leaf3"], capture_output=True, text=True)
                dev = json.loads(r.stdout)[0]
                hits = {e["text"]: e.get("hits", {}).get("value") for a in dev["acls"] for e in a["entries"]}
                check(hits.get("HOST_IN|DROP_UDP_HIGH") == 1234, "show acl rule: the drop rule's count is %s" % hits)
                ifc = {i["name"]: i for i in dev["interfaces"]}["Ethernet24"]
                st = ifc["stats"].get("value", {})
                check(st.get("uc3_drop_pkts") == 0 and st.get("uc1_drop_pkts") == 1 and st.get("rx_pfc3_frames", 0) > 0,
                      "queue and PFC counters of Ethernet24: %s" % {k: v for k, v in st.items() if "uc3" in k or "pfc3" in k})
                print("  show acl rule: %s matched %d packets; show queue counters: queue 3 dropped %d" % (
                    "HOST_IN|DROP_UDP_HIGH", hits["HOST_IN|DROP_UDP_HIGH"], st.get("uc3_drop_pkts")))
            nonpass = {k for k, v in got.items() if v["status"] in ("fail", "warn") and k[1] != "fabric"}
            check(nonpass, "%s: nothing fails" % fault)

        pg_lookup(t)

        # DEVICE_NEIGHBOR: the links of leaf3 and leaf4 left out of the inventory
        d = t + "/declared"
        shutil.copytree(EXAMPLE, d)
        inv = json.load(open(d + "/inventory.json"))
        inv["links"] = [x for x in inv["links"] if not x["a"].startswith(("leaf3:", "leaf4:"))]
        json.dump(inv, open(d + "/inventory.json", "w"), indent=1)
        rep_d = findings(d)
        cab = [f for f in rep_d["findings"] if f["rule"] == "CABLE-PLAN-LLDP" and ("leaf3:" in f["subject"] or
                                                                                  "leaf4:" in f["subject"])]
        check(len(cab) == 16 and all(f["status"] == "pass" and "declares" in f["message"] for f in cab),
              "declared neighbours: %d CABLE-PLAN-LLDP findings on the SONiC leaves: %s" % (
                  len(cab), [(f["status"], f["message"]) for f in cab][:3]))
        # the link rules run on them: a DAC's length comes from its EEPROM; an ISL's fibre has none
        hr = {f["subject"]: f for f in rep_d["findings"] if f["rule"] == "HR-SIZE"}
        check(hr.get("leaf3:Ethernet0 <-> g01:ens1f0", {}).get("status") == "pass",
              "declared neighbours: HR-SIZE on leaf3:Ethernet0 (3 m DAC, length from the EEPROM) does not pass")
        isl = hr.get("leaf3:Ethernet240 <-> spine1:Ethernet1/3", {})
        check(isl.get("status") == "unknown" and any("no length in the cabling plan" in json.dumps(e)
                                                       for e in isl.get("evidence", [])),
              "declared neighbours: HR-SIZE on an ISL without a length is %s, expected unknown" % isl.get("status"))
        print("DEVICE_NEIGHBOR: %d links of the SONiC leaves made from their declared neighbours, LLDP confirms them"
              % len(cab))
        # a declared neighbour that disagrees with the plan
        d = t + "/declared-wrong"
        shutil.copytree(EXAMPLE, d)
        p = d + "/devices/leaf3/config_db.json"
        cfg = json.load(open(p))
        cfg["DEVICE_NEIGHBOR"]["Ethernet0"]["name"] = "g02"
        json.dump(cfg, open(p, "w"), indent=4)
        f = {(x["rule"], x["subject"]): x for x in findings(d)["findings"]}.get(
            ("CABLE-PLAN-LLDP", "leaf3:Ethernet0 <-> g01:ens1f0"))
        check(f is not None and f["status"] == "fail" and "declares g02:ens1f0" in f["message"],
              "declared neighbour against the plan: %r" % (f and (f["status"], f["message"]),))
        if f:
            src = [e["source"] for e in f["evidence"] if e.get("what") == "declared neighbour"]
            line = open(src[0]["file"]).read().split("\n")[src[0]["line"] - 1] if src else ""
            check('"name": "g02"' in line, "declared neighbour evidence line: %r" % line)
            print("DEVICE_NEIGHBOR against the plan: fail, %s (at %s:%d)" % (f["message"][:90], src[0]["file"].split("/")[-1],
                                                                              src[0]["line"]))
    finally:
        shutil.rmtree(t)
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)


main()
