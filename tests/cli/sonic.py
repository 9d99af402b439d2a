#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The SONiC adapter (CONFIG_DB) end to end, on tests/fixtures/sonic: a SONiC leaf given as its saved
config_db.json and two hosts as intent.

- The fixture as it is: the ACL planted on Ethernet4 fails UDP4791-SWITCH-ACL with the config_db.json
  line of the rule as evidence; headroom, no-drop class, DSCP map, ECN queue, MTU and watchdog pass
  on both ports from CONFIG_DB alone; the unknown table is listed as not understood at its line.
- Each planted fault, one at a time, fails the rule that owns it (and no other rule changes to a
  failure): PFC off for the RoCE priority, WRED without ECN on queue 3, DSCP 26 to a lossy TC, a
  BUFFER_PROFILE xoff below the requirement, CABLE_LENGTH 5m on a 40 m cable, a port MTU below the
  hosts'. The dynamic buffer model without APPL_DB gives HR-SIZE UNKNOWN with that reason.
- The same CONFIG_DB in the flat "TABLE|key" layout and as a redis dump gives the same findings.
- Every SONiC JSON file in ../shared/realdata parses (skipped visibly without it).

usage: sonic.py FABCHECK
"""
import copy
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIX = os.path.join(ROOT, "tests/fixtures/sonic")
SHARED = os.environ.get("FABCHECK_SHARED", os.path.join(ROOT, "..", "shared"))
failures = []
skipped = []   # parts that need ../shared and did not run: the test then exits 77 (ctest: Skipped)


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def validate(inv):
    r = subprocess.run([FABCHECK, "validate", inv, "--format", "json"], capture_output=True, text=True)
    if r.returncode not in (0, 1):
        print(r.stderr)
    check(r.returncode in (0, 1), "validate %s: exit %d" % (inv, r.returncode))
    return json.loads(r.stdout) if r.stdout else {"findings": [], "devices": []}


def verdicts(rep):
    return {(f["rule"], f["subject"]): f["status"] for f in rep["findings"]}


def variant(tmp, name, edit_cfg=None, edit_inv=None):
    d = os.path.join(tmp, name)
    shutil.copytree(FIX, d)
    cfg_path = os.path.join(d, "configs/sleaf1.json")
    if edit_cfg:
        cfg = json.load(open(cfg_path))
        edit_cfg(cfg)
        json.dump(cfg, open(cfg_path, "w"), indent=4)
    if edit_inv:
        p = os.path.join(d, "inventory.yaml")
        text = edit_inv(open(p).read())
        open(p, "w").write(text)
    return os.path.join(d, "inventory.yaml")


L0 = "sleaf1:Ethernet0 <-> gpu1:ens1f0"
L4 = "sleaf1:Ethernet4 <-> gpu2:ens1f0"


def main():
    tmp = tempfile.mkdtemp()
    try:
        base = validate(os.path.join(FIX, "inventory.yaml"))
        v = verdicts(base)
        want = {("UDP4791-SWITCH-ACL", L4): "fail", ("UDP4791-SWITCH-ACL", L0): "pass"}
        for rule in ("HR-SIZE", "HR-CABLE-LEN", "MTU-HOST-SWITCH", "PFC-WD-SWITCH", "L1-SPEED-MATCH",
                     "L1-LANES-MODULATION"):
            want[(rule, L0)] = want[(rule, L4)] = "pass"
        for rule in ("PFC-NODROP-CLASS", "ECN-SW-QUEUE"):
            want[(rule, "sleaf1")] = "pass"
        for k, st in want.items():
            check(v.get(k) == st, "fixture: %s %s is %s, expected %s" % (k[0], k[1], v.get(k), st))
        check(sum(1 for f in base["findings"] if f["status"] == "fail") == 1, "fixture: more than the planted failure")
        acl = next(f for f in base["findings"] if f["rule"] == "UDP4791-SWITCH-ACL" and f["subject"] == L4)
        locs = [e.get("source", {}) for e in acl["evidence"]]
        check(any(s.get("file", "").endswith("sleaf1.json") and s.get("line") for s in locs),
              "fixture: the ACL failure has no config_db.json line: %s" % locs)
        dev = next(d for d in base["devices"] if d["name"] == "sleaf1")
        nu = [(u["text"], u.get("line")) for u in dev["not_understood"]]
        check(any("VXLAN_ACCESS_LIST" in t and line for t, line in nu), "fixture: unknown table not listed: %s" % nu)
        check(not any("NTP_SERVER" in t for t, _ in nu), "fixture: a table fabcheck skips on purpose is listed")

        faults = {
            "pfc-off": (lambda c: c["PORT_QOS_MAP"]["Ethernet0"].update(pfc_enable="4"), None,
                        [("PFC-PRIO-MATCH", L0), ("PFC-NODROP-CLASS", "sleaf1:Ethernet0")]),
            "wred-no-ecn": (lambda c: c["WRED_PROFILE"]["AZURE_LOSSLESS"].update(ecn="ecn_none"), None,
                            [("ECN-SW-QUEUE", "sleaf1")]),
            "dscp-lossy": (lambda c: c["DSCP_TO_TC_MAP"]["AZURE"].update({"26": "1"}), None,
                           [("PFC-NODROP-CLASS", "sleaf1")]),   # both ports: one finding for the device
            "xoff-short": (lambda c: c["BUFFER_PROFILE"]["pg_lossless_100000_5m_profile"].update(xoff="9216"), None,
                           [("HR-SIZE", L0), ("HR-SIZE", L4)]),
            "cable-40m": (None, lambda s: s.replace("cable: dac, length_m: 2, speed: 100G}\n  - {a: \"sleaf1:Ethernet4\"",
                                                    "cable: dac, length_m: 40, speed: 100G}\n  - {a: \"sleaf1:Ethernet4\""),
                          [("HR-CABLE-LEN", L0)]),
            "mtu-1500": (lambda c: c["PORT"]["Ethernet4"].update(mtu="1500"), None, [("MTU-HOST-SWITCH", L4)]),
            # an ACL bound to a port-channel applies to its member ports
            "lag-acl": (lambda c: (c.setdefault("PORTCHANNEL_MEMBER", {}).update({"PortChannel1|Ethernet0": {}}),
                                   c["ACL_TABLE"].update(LAG_IN={"type": "L3", "stage": "ingress", "ports": ["PortChannel1"]}),
                                   c["ACL_RULE"].update({"LAG_IN|R1": {"PRIORITY": "10", "PACKET_ACTION": "DROP",
                                                                        "IP_PROTOCOL": "17", "L4_DST_PORT": "4791"}})),
                        None, [("UDP4791-SWITCH-ACL", L0)]),
            # two BUFFER_PG ranges of Ethernet0 hold PG 3: the one read first applies, here a short one
            "pg-overlap": (lambda c: pg_overlap(c, True), None, [("HR-SIZE", L0)]),
            # re-marked on the way out: RoCE leaves Ethernet0 with DSCP 10
            "remark": (lambda c: (c.update(TC_TO_DSCP_MAP={"RM": {"3": "10"}}),
                                  c["PORT_QOS_MAP"]["Ethernet0"].update(tc_to_dscp_map="RM")),
                       None, [("PFC-DSCP-MAP", "sleaf1:Ethernet0 RoCE DSCP 26")]),
        }
        def pg_overlap(c, short_first):
            c["BUFFER_PROFILE"]["pg_short"] = dict(c["BUFFER_PROFILE"]["pg_lossless_100000_5m_profile"], xoff="9216")
            pgs = list(c["BUFFER_PG"].items())
            short = ("Ethernet0|3", {"profile": "pg_short"})
            c["BUFFER_PG"] = dict(([short] if short_first else []) + pgs + ([] if short_first else [short]))
        for name, (ec, ei, fails) in faults.items():
            rep = validate(variant(tmp, name, ec, ei))
            got = verdicts(rep)
            for k in fails:
                check(got.get(k) == "fail", "%s: %s %s is %s, expected fail" % (name, k[0], k[1], got.get(k)))
            new = {k for k, st in got.items() if st == "fail" and v.get(k) != "fail"} - set(fails)
            # a fault may fail a rule downstream of it; none may fail a rule it does not touch
            # (RoCE in a lossy class also leaves its ECN queue and its headroom; a port MTU is its
            # class MTU on SONiC)
            allowed = {"pfc-off": {"PFC-DSCP-MAP", "ECN-ANTI", "PFC-WD-SWITCH"},
                       "dscp-lossy": {"PFC-DSCP-MAP", "ECN-SW-QUEUE", "HR-SIZE"},
                       "cable-40m": {"HR-SIZE"}, "wred-no-ecn": {"ECN-ANTI"},
                       "mtu-1500": {"PFC-NODROP-CLASS"}}.get(name, set())
            check(all(k[0] in allowed for k in new), "%s: also fails %s" % (name, sorted(new)))
            src = [e.get("source", {}).get("file", "") for f in rep["findings"] if (f["rule"], f["subject"]) in fails
                   for e in f["evidence"]]
            check(any(s.endswith("sleaf1.json") or s.endswith("inventory.yaml") for s in src),
                  "%s: no evidence located in the config or inventory" % name)
            print("%s: fails %s" % (name, ", ".join("%s %s" % k for k in fails)))

        rep = validate(variant(tmp, "pg-overlap-later", lambda c: pg_overlap(c, False)))
        check(verdicts(rep).get(("HR-SIZE", L0)) == "pass",
              "pg-overlap-later: HR-SIZE on Ethernet0 is %s, expected pass (the range read first applies)"
              % verdicts(rep).get(("HR-SIZE", L0)))
        print("two BUFFER_PG ranges holding PG 3: the one read first applies, in either order")

        # a buffer value that is not a number: HR-SIZE is UNKNOWN saying which, never judged on
        # a gap (the xoff was read as "no xoff: a lossy profile" before)
        rep = validate(variant(tmp, "xoff-garbled",
                               lambda c: c["BUFFER_PROFILE"]["pg_lossless_100000_5m_profile"].update(xoff="9k"), None))
        got = verdicts(rep)
        for k in (("HR-SIZE", L0), ("HR-SIZE", L4)):
            check(got.get(k) == "unknown", "xoff-garbled: %s %s is %s, expected unknown" % (k[0], k[1], got.get(k)))
        ev = [e["value"] for f in rep["findings"] if (f["rule"], f["subject"]) == ("HR-SIZE", L0) for e in f["evidence"]]
        check(any("pg_lossless_100000_5m_profile: xoff is not an integer" in x for x in ev), "xoff-garbled: %s" % ev)
        print("xoff-garbled: HR-SIZE unknown, naming the profile's xoff")

        # a scheduler weight that is not a number: no bandwidth share is given (it would be
        # computed from the other weights alone), the queue is still shown as weighted
        def queue_ev(rep):
            return [e["value"] for f in rep["findings"] for e in f["evidence"]
                    if e["what"].startswith("egress queue") and e["end"].startswith("sleaf1")]
        before = queue_ev(validate(variant(tmp, "weight-ok", None, None)))
        rep = validate(variant(tmp, "weight-garbled",
                               lambda c: c["SCHEDULER"]["scheduler.0"].update(weight="lots"), None))
        after = queue_ev(rep)
        check(any(re.search(r"weighted, \d+%$", x) for x in before), "weight-ok: %s" % before[:3])
        roce = [x for x in after if x.startswith("3, ")]   # RoCE's queue (CNP's is strict)
        check(roce and all(x == "3, weighted" for x in roce), "weight-garbled: %s" % after[:3])
        print("weight-garbled: no bandwidth share from the other weights alone")

        # an ACL rule with a match field the model does not hold: the ACL is not judged (UNKNOWN,
        # the field listed as not understood), never taken as a plain permit
        def ether(c):
            c["ACL_TABLE"]["EDGE0"] = {"type": "L3", "stage": "ingress", "ports": ["Ethernet0"]}
            c["ACL_RULE"]["EDGE0|R1"] = {"PRIORITY": "20", "PACKET_ACTION": "FORWARD", "ETHER_TYPE": "0x0806"}
            c["ACL_RULE"]["EDGE0|R2"] = {"PRIORITY": "10", "PACKET_ACTION": "DROP", "IP_PROTOCOL": "17"}
        rep = validate(variant(tmp, "acl-field", ether))
        check(verdicts(rep).get(("UDP4791-SWITCH-ACL", L0)) == "unknown",
              "acl-field: UDP4791 on Ethernet0 is %s, expected unknown" % verdicts(rep).get(("UDP4791-SWITCH-ACL", L0)))
        nu = next(d for d in rep["devices"] if d["name"] == "sleaf1")["not_understood"]
        check(any("ETHER_TYPE" in u["text"] and u.get("line") for u in nu), "acl-field: ETHER_TYPE not listed: %s" % nu)
        print("an ACL rule matching on ETHER_TYPE: its ACL UNKNOWN, the field listed at its line")

        def dynamic(c):
            c["DEVICE_METADATA"]["localhost"]["buffer_model"] = "dynamic"
            for k in ("Ethernet0|3-4", "Ethernet4|3-4"):
                c["BUFFER_PG"][k] = {"profile": "NULL"}
        rep = validate(variant(tmp, "dynamic", dynamic))
        hr = [f for f in rep["findings"] if f["rule"] == "HR-SIZE"]
        check(hr and all(f["status"] == "unknown" for f in hr), "dynamic: HR-SIZE not unknown: %s" % [f["status"] for f in hr])
        check(any("dynamic" in e["value"] for f in hr for e in f["evidence"]), "dynamic: the reason does not say so")
        print("dynamic buffer model without APPL_DB: HR-SIZE unknown, saying why")

        # the dynamic model with APPL_DB collected (a snapshot: config_db.json and the redis dump of
        # the computed buffer tables): the headroom is judged from the computed profile; a short one fails
        for name, xoff, want_st in (("appl-db", "50176", "pass"), ("appl-db-short", "8192", "fail")):
            d = os.path.join(tmp, name)
            shutil.copytree(FIX, d)
            cfg = json.load(open(os.path.join(d, "configs/sleaf1.json")))
            dynamic(cfg)
            os.makedirs(os.path.join(d, "devices/sleaf1"))
            json.dump(cfg, open(os.path.join(d, "devices/sleaf1/config_db.json"), "w"), indent=4)
            appl = {"BUFFER_PROFILE_TABLE:pg_lossless_100000_5m_profile": {
                        "expireat": 1.5, "ttl": -0.001, "type": "hash",
                        "value": {"pool": "ingress_lossless_pool", "xon": "19456", "xoff": xoff, "size": "69632",
                                  "dynamic_th": "0"}}}
            for port in ("Ethernet0", "Ethernet4"):
                appl["BUFFER_PG_TABLE:%s:3-4" % port] = {"type": "hash",
                                                         "value": {"profile": "pg_lossless_100000_5m_profile"}}
            json.dump(appl, open(os.path.join(d, "devices/sleaf1/appl_db_buffers.json"), "w"), indent=2)
            inv = open(os.path.join(d, "inventory.yaml")).read().replace("    config: configs/sleaf1.json\n", "")
            open(os.path.join(d, "inventory.yaml"), "w").write(inv)
            json.dump({"format": "fabcheck-snapshot", "format_version": 1, "created": "2026-12-02T00:00:00Z",
                       "tool_version": "0.1.0", "inventory": "inventory.yaml",
                       "devices": [{"name": "sleaf1", "platform": "sonic", "status": "ok", "errors": [], "outputs": [
                           {"command": "show runningconfiguration all", "encoding": "json", "file": "devices/sleaf1/config_db.json"},
                           {"command": "redis-dump -d 0 -k BUFFER_P*_TABLE:*", "encoding": "json",
                            "file": "devices/sleaf1/appl_db_buffers.json"}]}]},
                      open(os.path.join(d, "manifest.json"), "w"), indent=2)
            rep = validate(d)
            hr = [f for f in rep["findings"] if f["rule"] == "HR-SIZE"]
            check(len(hr) == 2 and all(f["status"] == want_st for f in hr),
                  "%s: HR-SIZE %s, expected %s" % (name, [f["status"] for f in hr], want_st))
            check(any(e.get("source", {}).get("file", "").endswith("appl_db_buffers.json") for f in hr for e in f["evidence"]),
                  "%s: the headroom evidence does not point into the APPL_DB dump" % name)
            print("dynamic buffer model with APPL_DB: HR-SIZE %s (xoff %s)" % (want_st, xoff))

        # a snapshot with the state outputs too (interfaces status, FEC status, LLDP table, with a
        # prompt and CR LF as captures carry them): the active FEC and the LLDP neighbours are judged
        d = os.path.join(tmp, "state")
        shutil.copytree(FIX, d)
        os.makedirs(os.path.join(d, "devices/sleaf1"))
        shutil.copy(os.path.join(d, "configs/sleaf1.json"), os.path.join(d, "devices/sleaf1/config_db.json"))
        outs = [{"command": "show runningconfiguration all", "encoding": "json", "file": "devices/sleaf1/config_db.json"}]
        for cmd in ("show interfaces status", "show interfaces fec status", "show lldp table"):
            fn = cmd.replace(" ", "_") + ".txt"
            text = open(os.path.join(FIX, "state", fn)).read().replace("\n", "\r\n")
            open(os.path.join(d, "devices/sleaf1", fn), "w", newline="").write(text)
            outs.append({"command": cmd, "encoding": "text", "file": "devices/sleaf1/" + fn})
        inv = open(os.path.join(d, "inventory.yaml")).read().replace("    config: configs/sleaf1.json\n", "")
        open(os.path.join(d, "inventory.yaml"), "w").write(inv)
        json.dump({"format": "fabcheck-snapshot", "format_version": 1, "created": "2026-12-02T00:00:00Z",
                   "tool_version": "0.1.0", "inventory": "inventory.yaml",
                   "devices": [{"name": "sleaf1", "platform": "sonic", "status": "ok", "errors": [], "outputs": outs}]},
                  open(os.path.join(d, "manifest.json"), "w"), indent=2)
        rep = validate(d)
        got = verdicts(rep)
        for k in (("FEC-MATCH", L0), ("FEC-MATCH", L4), ("CABLE-PLAN-LLDP", L0), ("CABLE-PLAN-LLDP", L4)):
            check(got.get(k) == "pass", "state: %s %s is %s, expected pass" % (k[0], k[1], got.get(k)))
        dev = next(x for x in rep["devices"] if x["name"] == "sleaf1")
        check(not [u for u in dev["not_understood"] if "/show_" in u.get("file", "")],
              "state: lines of the state outputs not understood: %s" % dev["not_understood"])
        check(got.get(("UDP4791-SWITCH-ACL", L4)) == "fail", "state: the planted ACL no longer fails")
        print("state outputs: FEC active and LLDP neighbours judged (FEC-MATCH and CABLE-PLAN-LLDP pass on both links)")

        # flat "TABLE|key" and a redis dump: the same findings
        cfg = json.load(open(os.path.join(FIX, "configs/sleaf1.json")))
        flat = {"%s|%s" % (t, k): v for t, objs in cfg.items() for k, v in objs.items()}
        redis = {k: {"expireat": 1.5, "ttl": -0.001, "type": "hash",
                     "value": {(f + "@" if isinstance(x, list) else f): (",".join(x) if isinstance(x, list) else x)
                               for f, x in v.items()}} for k, v in flat.items()}
        for name, doc in (("flat", flat), ("redis", redis)):
            inv = variant(tmp, name, lambda c, doc=doc: (c.clear(), c.update(copy.deepcopy(doc))))
            got = {(f["rule"], f["subject"], f["status"]) for f in validate(inv)["findings"]}
            want_set = {(f["rule"], f["subject"], f["status"]) for f in base["findings"]}
            check(got == want_set, "%s layout: findings differ: %s" % (name, sorted(got ^ want_set)[:6]))
            print("%s layout: the same %d findings" % (name, len(got)))

        # realdata: every SONiC JSON parses
        manifest = os.path.join(SHARED, "realdata/MANIFEST.tsv")
        if not os.path.exists(manifest):
            print("realdata: SKIPPED (no %s)" % manifest)
            skipped.append("realdata")
        else:
            n = 0
            for line in open(manifest).read().splitlines()[1:]:
                path = line.split("\t")[0]
                if "sonic" not in line.lower() or not path.endswith(".json") or "state_db" in path:
                    continue
                r = subprocess.run([FABCHECK, "parse", "--platform", "sonic", "--command", "show runningconfiguration all",
                                    os.path.join(SHARED, "realdata", path)], capture_output=True, text=True)
                check(r.returncode == 0, "realdata %s: exit %d: %s" % (path, r.returncode, r.stderr.strip()[:200]))
                n += 1
            print("realdata: %d SONiC CONFIG_DB files parse" % n)
    finally:
        shutil.rmtree(tmp)
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
    if skipped:
        sys.exit(77)


main()
