#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The Juniper Junos example fabric and the cross-OS parity, end to end:

- inventories/examples/junos-leaves (NX-OS spines, leaf1/leaf2 on Junos QFX5120-48Ys and the 400G
  leaf3/leaf4 on QFX5220-32CDs with broken-out cages, the class of service of Juniper's validated
  RoCEv2 design, eight hosts, five planted faults) is exactly what
  tests/fixtures/spineleaf.py --junos --fault ... writes, and each planted fault FAILs its rule there,
  with evidence at the configuration line that holds it (and a SARIF result there): the classifier
  putting DSCP 26 in a lossy class, the NO-LOSS scheduler without explicit-congestion-notification,
  a port without the congestion-notification-profile, a filter on an ae bundle discarding UDP 4791,
  fec none on a 400G uplink against the spine's RS(544,514) FEC;
- the same fabric without faults validates with no failure and nothing not understood, and gives
  every finding the verdict it has with all leaves on NX-OS (optics per lane and the FEC in use
  included), but those explained: Junos's replies give no port's lane count (the link rules that
  need it UNKNOWN), and the PFC headroom and the ECN thresholds are percents of a buffer Junos sizes
  itself (HR-SIZE, ECN-BEFORE-PFC UNKNOWN).

usage: junos_fabric.py FABCHECK
"""
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fabric_parity import (COUNTERS, check, clean, evidence_at, finish, gen, parity as _parity,  # noqa: E402
                           planted, same_as_generated, validate as _validate)

FABCHECK = os.path.abspath(sys.argv[1])

EXPLAINED = {
    "HR-SIZE": "Junos sizes PFC headroom as a percent of the switch's buffer: no byte value, UNKNOWN",
    "ECN-BEFORE-PFC": "Junos's ECN thresholds are fill levels of a dynamically sized queue buffer: UNKNOWN",
    "L1-LANES-MODULATION": "Junos's replies give no port's lane count (no module bitrate as NX-OS's): UNKNOWN",
    "L1-MEDIUM-CR-KR": "the link mode needs the lane count Junos's replies do not give: UNKNOWN",
}
# fault -> (rule, subject, file, the text the evidence's line holds, whether SARIF's location is that line)
FAULTS = {
    "junos-dscp-lossy": ("PFC-NODROP-CLASS", "leaf1", "show_configuration.txt", "code-points 011010", True),
    "junos-no-ecn": ("ECN-SW-QUEUE", "leaf2", "show_configuration.txt", "transmit-rate percent 60", True),
    "junos-no-cnp": ("PFC-PRIO-MATCH", "leaf2:xe-0/0/1 <-> c02:ens1f1", "show_configuration.txt", "scheduler-map sm1", True),
    "junos-acl-4791": ("UDP4791-SWITCH-ACL", "leaf1:xe-0/0/1 <-> c02:ens1f0", "show_configuration.txt",
                       "destination-port 4791", True),
    "junos-fec-none": ("FEC-MATCH", "leaf3:et-0/0/30 <-> spine1:Ethernet1/3", "show_configuration.txt", "fec none", True),
}
# not planted in the example: the configuration binds the profile, the running state has none there
ALONE = {
    "junos-cnp-not-running": ("PFC-PRIO-MATCH", "leaf1:xe-0/0/0 <-> c01:ens1f0", "show_class_of_service_interface.xml",
                              "<interface-congestion-notification-map>Disabled", False),
}


# what the SONiC leaves of the multi-vendor twin judge that NX-OS does not (as in eos_fabric.py)
SONIC_EXPLAINED = {"HR-CABLE-LEN": "SONiC's CONFIG_DB states the cable a buffer profile is sized for; NX-OS's outputs do not"}


def validate(d, *extra):
    return _validate(FABCHECK, d, *extra)


def parity(label, rep, inv_path, nx, inv_n, leaves, extra=None):
    return _parity(label, rep, inv_path, nx, inv_n, dict(EXPLAINED, **(extra or {})), leaves, "Junos")




def main():
    t = tempfile.mkdtemp()
    try:
        gen(t + "/nxos")
        nx = validate(t + "/nxos")
        inv_n = json.load(open(t + "/nxos/inventory.json"))
        all_faults = [a for f in sorted(FAULTS) for a in ("--fault", f)]
        path = same_as_generated(t, "junos-leaves", "--junos", *all_faults)
        planted(FABCHECK, t, "junos-leaves", path, FAULTS)
        for fault, (rule, subj, fname, text, at_line) in list(FAULTS.items()) + list(ALONE.items()):
            d = "%s/f-%s" % (t, fault)
            gen(d, "--junos", "--fault", fault)
            sarif = os.path.join(t, fault + ".sarif")
            rep = validate(d, "--format", "sarif=" + sarif)
            evidence_at(fault, d, rep, sarif, rule, subj, fname, text, at_line)
            if fault in ALONE:   # what runs stands, and the configuration that is not what runs is said
                dc = [f for f in rep["findings"] if f["rule"] == "DATA-CONFLICT" and f["subject"] == "leaf1:xe-0/0/0"]
                ev = {e["what"]: e for e in (dc[0].get("evidence", []) if dc else [])}
                conf = ev.get("configuration", {}).get("source", {})
                cl = open(conf["file"]).read().split("\n")[conf["line"] - 1] if conf.get("line") else ""
                check(dc and dc[0]["status"] == "warn" and "running" in ev and "congestion-notification-profile cnp" in cl,
                      "%s: DATA-CONFLICT on leaf1:xe-0/0/0: %s" % (fault, dc))
                print("%s: %s FAIL at the running state's line; DATA-CONFLICT WARN: %s" % (
                    fault, rule, dc[0]["message"] if dc else None))
        # the clean twins: junos-leaves without its faults, and the multi-vendor example with Junos for
        # its EOS leaves (leaf3/leaf4 on SONiC)
        for label, args, leaves, extra in (("junos-leaves without faults", ["--junos"], "leaf[1-4]", {}),
                                           ("multi-vendor with Junos for EOS", ["--junos", "--sonic"], "leaf[12]",
                                            SONIC_EXPLAINED)):
            d = "%s/%s" % (t, args[-1])
            gen(d, *args)
            rep = validate(d)
            clean(label, rep, EXPLAINED, COUNTERS)
            parity(label, rep, d + "/inventory.json", nx, inv_n, leaves, extra)
    finally:
        shutil.rmtree(t)
    finish("junos_fabric")


main()
