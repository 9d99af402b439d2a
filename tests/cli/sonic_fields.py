#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""SONiC CONFIG_DB fields and words as the switch reads them (issue 30, points 1 and 2), on the
stock design of inventories/examples/config-repo (leaf1, Ethernet0 to gpu1, PASS everywhere):
  - a misspelt field in a modelled table (PORT_QOS_MAP pfc_enabel, QUEUE wred_profle,
    BUFFER_PROFILE xof) is listed as not understood at its line, and the verdict follows what the
    switch does without it (no pfc_enable: PFC off on the port, FAIL);
  - an enumerated word the switch does not take (SCHEDULER 'strict', WRED ecn 'ECN_ALL', PORT
    admin_status 'UP', PFC_WD action 'shutdown', DEVICE_METADATA buffer_model 'Dynamic') is
    listed at its line and the value it decides is UNKNOWN, never guessed into a PASS;
  - a WRED profile marking only red packets (ecn_red) does not mark RoCE, which is green: FAIL;
  - ACL_RULE field names and words in lower case are what orchagent reads (it upper-cases them):
    a lower-case deny of UDP 4791 on Ethernet0 FAILs, judged, nothing listed.
Each case is checked against the unmutated example: the one finding named changes, nothing else
is listed. And a state table's row whose value runs over its column is listed, not cut at the
columns into a wrong port name.

usage: sonic_fields.py FABCHECK
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

from fctest import check, finish
import fcmodel  # noqa: E402  (fabcheck parse output, expanded)

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EX = os.path.join(ROOT, "inventories", "examples", "config-repo")


def rename(table, key, old, new):
    def f(d):
        o = d[table][key]
        o[new] = o.pop(old)
        return '"%s"' % new
    return f


def setv(table, key, field, value):
    def f(d):
        d[table][key][field] = value
        return '"%s": %s' % (field, json.dumps(value))
    return f


def acl_lower(d):
    d["ACL_TABLE"]["EDGE0"] = {"policy_desc": "lower case", "type": "L3", "stage": "ingress", "ports": ["Ethernet0"]}
    d["ACL_RULE"]["EDGE0|R1"] = {"priority": "9000", "packet_action": "drop", "ip_protocol": "17", "l4_dst_port": "4791"}
    return '"packet_action"'


# name, mutation (returns the text of the line it changed), {rule: a status it now gives on gpu1's
# link or on leaf1}, what the listed line says (None: nothing listed). ECN-ANTI follows ECN and PFC.
CASES = [
    ("pfc_enabel", rename("PORT_QOS_MAP", "Ethernet0", "pfc_enable", "pfc_enabel"),
     {"PFC-PRIO-MATCH": "fail", "PFC-NODROP-CLASS": "fail", "ECN-ANTI": "fail"}, "not a field fabcheck knows in PORT_QOS_MAP"),
    ("wred_profle", rename("QUEUE", "Ethernet0|3", "wred_profile", "wred_profle"),
     {"ECN-SW-QUEUE": "fail", "ECN-ANTI": "warn"}, "not a field fabcheck knows in QUEUE"),
    ("xof", rename("BUFFER_PROFILE", "pg_lossless_100000_5m_profile", "xoff", "xof"), {"HR-SIZE": "unknown"},
     "not a field fabcheck knows in BUFFER_PROFILE"),
    ("strict", setv("SCHEDULER", "scheduler.1", "type", "strict"), {}, "not a value the switch takes"),
    ("ECN_ALL", setv("WRED_PROFILE", "AZURE_LOSSLESS", "ecn", "ECN_ALL"),
     {"ECN-SW-QUEUE": "unknown", "ECN-ANTI": "unknown"}, "not a value the switch takes (ecn_none, ecn_green"),
    ("ecn_red", setv("WRED_PROFILE", "AZURE_LOSSLESS", "ecn", "ecn_red"), {"ECN-SW-QUEUE": "fail", "ECN-ANTI": "warn"},
     None),
    ("UP", setv("PORT", "Ethernet0", "admin_status", "UP"), {}, "not a value the switch takes (up or down)"),
    ("shutdown", setv("PFC_WD", "Ethernet0", "action", "shutdown"), {"PFC-WD-SWITCH": "unknown"},
     "not a value the switch takes (drop, forward or alert)"),
    ("Dynamic", setv("DEVICE_METADATA", "localhost", "buffer_model", "Dynamic"), {},
     "not a value the switch takes (traditional or dynamic)"),
    ("acl lower case", acl_lower, {"UDP4791-SWITCH-ACL": "fail"}, None),
]


def judge(inv):
    r = subprocess.run([FABCHECK, "validate", inv, "--format", "json"], capture_output=True, text=True)
    rep = json.loads(r.stdout)
    leaf = next(d for d in rep["devices"] if d["name"] == "leaf1")
    got = {}
    for f in rep["findings"]:
        if "gpu1" in f["subject"] or f["subject"] in ("leaf1", "leaf1:Ethernet0"):
            got.setdefault(f["rule"], set()).add(f["status"])
    return got, leaf["not_understood"]


def main():
    t = tempfile.mkdtemp()
    try:
        ex = os.path.join(t, "ex")
        shutil.copytree(EX, ex)
        inv = os.path.join(ex, "inventory.yaml")
        cfg = os.path.join(ex, "configs", "leaf1.json")
        orig = json.load(open(cfg))
        base, base_nu = judge(inv)
        check(not base_nu, "the example lists lines: %s" % base_nu)
        for name, mutate, want, listed in CASES:
            d = json.loads(json.dumps(orig))
            needle = mutate(d)
            text = json.dumps(d, indent=4)
            open(cfg, "w").write(text)
            line = next(i + 1 for i, l in enumerate(text.splitlines()) if needle in l)
            got, nu = judge(inv)
            if listed:
                check(len(nu) == 1 and listed in nu[0]["text"] and nu[0]["line"] == line,
                      "%s: listed %s, want one line %d saying %r" % (name, nu, line, listed))
            else:
                check(not nu, "%s: listed %s" % (name, nu))
            changed = {r for r in got if got[r] != base.get(r)}
            check(changed == set(want) and all(s in got[r] for r, s in want.items()),
                  "%s: changed %s, want %s" % (name, {r: sorted(got.get(r, ())) for r in changed}, want))
            print("%-16s %s" % (name, ", ".join("%s %s" % (r, "/".join(sorted(got[r]))) for r in sorted(changed))
                                  or "no verdict changed"))
        # a state table's row whose value runs over its column (an edited table): listed, not cut
        # into a wrong port name (Ethernet1000 read as Ethernet100)
        st = os.path.join(t, "status.txt")
        open(st, "w").write("  Interface    Lanes    Speed    MTU  Oper\n-----------  -------  -------  -----  ----\n"
                            "  Ethernet0        0     100G   9100    up\n  Ethernet1000     4     100G   9100    up\n")
        r = subprocess.run([FABCHECK, "parse", "--platform", "sonic", "--command", "show interfaces status", st],
                           capture_output=True, text=True)
        d = fcmodel.loads(r.stdout)
        names = sorted(i["name"] for i in d["interfaces"])
        nu = [(u["source"].rsplit(":", 1)[1], u["text"][:40]) for u in d["not_understood"]]
        check(names == ["Ethernet0"] and nu == [("4", "a value runs into the gap between two co")],
              "status row over its column: ports %s, listed %s" % (names, nu))
        print("a status row over its column: listed at line 4, no port Ethernet100")
    finally:
        shutil.rmtree(t)
    finish()


main()
