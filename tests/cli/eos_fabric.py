#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The Arista EOS example fabrics, end to end:

- inventories/examples/eos-leaves (NX-OS spines, leaf1/leaf2 on EOS with eAPI outputs, leaf3/leaf4
  on NX-OS, eight hosts) and inventories/examples/multi-vendor (leaf1/leaf2 EOS, leaf3/leaf4 SONiC)
  are exactly what tests/fixtures/spineleaf.py --eos [--sonic] writes;
- both validate with no failure and nothing not understood;
- three-way parity, rule by rule and subject by subject (ports matched through the cabling plan):
  the EOS fabric and the three-vendor fabric against the same fabric on NX-OS leaves. Every
  finding has the same verdict but those explained (EOS states no PFC headroom or pause threshold
  in any output: HR-SIZE and ECN-BEFORE-PFC UNKNOWN on EOS ends; SONiC's CABLE_LENGTH states the
  cable a profile is sized for: HR-CABLE-LEN);
- each planted EOS fault alone fails the rule that owns it, its evidence and SARIF result at the
  line of the EOS output that holds it: PFC priority 4 no-drop against hosts pausing 3, ECN off
  (random-detect drop) on the RoCE tx-queue, qos trust cos on a routed port, an ACL denying UDP
  4791, a port forced to 10G with FEC off against a 25G RS host NIC.

usage: eos_fabric.py FABCHECK
"""
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fabric_parity import (COUNTERS, check, clean, evidence_at, finish, gen, parity as _parity,  # noqa: E402
                           same_as_generated, validate as _validate)

FABCHECK = os.path.abspath(sys.argv[1])
EXAMPLES = {"eos-leaves": ["--eos"], "multi-vendor": ["--eos", "--sonic"]}
EXPLAINED = {
    "HR-SIZE": "EOS sizes PFC headroom itself and no output states it: UNKNOWN on an EOS end (NX-OS: pause buffer-size)",
    "ECN-BEFORE-PFC": "no pause threshold in any EOS output to compare the ECN thresholds with: UNKNOWN",
    "HR-CABLE-LEN": "SONiC's CABLE_LENGTH states the cable a profile is sized for; a running-config does not",
}
# fault -> (rule, subject, file, the text of the line the evidence must name)
FAULTS = {
    "eos-pfc-prio": ("PFC-PRIO-MATCH", "leaf1:Ethernet1 <-> c01:ens1f0", "show_running-config.txt",
                     "priority-flow-control priority 4 no-drop"),
    "eos-ecn-off": ("ECN-SW-QUEUE", "leaf1", "show_running-config.txt", "random-detect drop"),
    "eos-trust-cos": ("PFC-TRUST", "leaf2:Ethernet2 <-> c02:ens1f1", "show_running-config.txt", "qos trust cos"),
    "eos-acl-4791": ("UDP4791-SWITCH-ACL", "leaf1:Ethernet2 <-> c02:ens1f0", "show_running-config.txt",
                     "deny udp any any eq 4791"),
    "eos-forced-speed": ("L1-SPEED-MATCH", "leaf2:Ethernet1 <-> c01:ens1f1", "show_interfaces.json", '"bandwidth"'),
}




def validate(d, *extra):
    return _validate(FABCHECK, d, *extra)


def parity(t, label, rep, inv_path, nx, inv_n):
    return _parity(label, rep, inv_path, nx, inv_n, EXPLAINED, "leaf[12]", "EOS")


def main():
    t = tempfile.mkdtemp()
    try:
        gen(t + "/nxos")
        nx = validate(t + "/nxos")
        inv_n = json.load(open(t + "/nxos/inventory.json"))
        for ex, args in EXAMPLES.items():
            path = same_as_generated(t, ex, *args)
            rep = validate(path)
            clean(ex, rep, EXPLAINED, COUNTERS)
            parity(t, ex, rep, os.path.join(path, "inventory.json"), nx, inv_n)

        # one fault at a time
        for fault, (rule, subj, fname, text) in FAULTS.items():
            d = "%s/f-%s" % (t, fault)
            gen(d, "--eos", "--fault", fault)
            sarif = os.path.join(t, fault + ".sarif")
            rep = validate(d, "--format", "sarif=" + sarif)
            line = evidence_at(fault, d, rep, sarif, rule, subj, fname, text, True)
            others = sorted({(f["rule"], f["subject"]) for f in rep["findings"] if f["status"] == "fail"} - {(rule, subj)})
            print("fault %-18s %s FAIL on %s at %s:%s%s" % (
                fault, rule, subj, fname, line or "?",
                "; also failing: " + ", ".join("%s %s" % o for o in others[:4]) if others else ""))
    finally:
        shutil.rmtree(t)
    finish("eos_fabric")


main()
