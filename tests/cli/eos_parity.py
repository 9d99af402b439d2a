#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The same leaf as an Arista EOS running-config and as an NX-OS one (the CI-gate case: saved
configurations, the hosts as intent): every rule's verdict must be the same on both, but where EOS's
configuration cannot state a value NX-OS's does (listed with why).

The leaf is tests/fixtures/sonic's (two 100G ports to two GPU hosts, an ACL dropping UDP 4000-5000
on the second), written as NX-OS (tests/fixtures/nxos_qos.py's QoS) and as EOS: `qos map dscp 26 to
traffic-class 3`, `dscp 48 to traffic-class 7`, a qos profile applied with service-profile (trust
dscp, PFC on with priority 3 no-drop, the watchdog, tx-queue 3 round robin at 60 % with ECN 20-40
KB, tx-queue 7 strict), MTU 9198 (EOS's IP MTU: L2 9216), RS-FEC, the same ACL. Then one fault at a
time on the EOS side fails its rule with the running-config line as evidence: PFC off on a port, ECN
off on the RoCE tx-queue, `qos trust cos` on a routed port, an ACL dropping UDP 4791, forced 25G
against the hosts' 100G. And every EOS running-config in ../shared/realdata parses.

usage: eos_parity.py FABCHECK
"""
import json
import re
import os
import shutil
import subprocess
import sys
import tempfile

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.environ.get("FABCHECK_SHARED", os.path.join(ROOT, "..", "shared"))
sys.path.insert(0, os.path.join(ROOT, "tests/fixtures"))
from nxos_qos import ai_qos  # noqa: E402
import fcmodel  # noqa: E402  (fabcheck parse output, expanded)

EXPLAINED = {
    "HR-SIZE": "EOS sizes the PFC headroom itself: its running-config states no value (NX-OS: pause buffer-size); "
               "PASS on NX-OS per link, one UNKNOWN on the EOS device naming its ports",
    "ECN-BEFORE-PFC": "no pause threshold in an EOS running-config to compare the ECN thresholds with "
                      "(NX-OS: pause-threshold); PASS on NX-OS, UNKNOWN on EOS",
}
failures = []
skipped = []   # parts that need ../shared and did not run: the test then exits 77 (ctest: Skipped)


def managed_port(findings, link):
    """Whether the link's switch end is one of the ports the device-level HR-SIZE UNKNOWN names."""
    f = findings.get(("HR-SIZE", link.split(":")[0]))
    port = link.split(" <-> ")[0].split(":", 1)[1]
    return bool(f) and any(e["what"] == "ports" and port + " (" in e["value"] for e in f["evidence"])

EOS = """! Command: show running-config
! device: sleaf1 (DCS-7060DX5-64S, EOS-4.31.2F)
!
hostname sleaf1
!
qos map dscp 26 to traffic-class 3
qos map dscp 48 to traffic-class 7
!
qos profile AI
   qos trust {trust}
   priority-flow-control on
   priority-flow-control priority 3 no-drop
   priority-flow-control pause watchdog
   !
   tx-queue 3
      no priority
      bandwidth percent 60
      random-detect {wred} minimum-threshold 20 kbytes maximum-threshold 40 kbytes max-mark-probability 7 weight 0
   !
   tx-queue 7
      priority strict
!
ip access-list EDGE_IN
   10 deny udp any any range {acl}
   20 permit ip 10.0.0.0/8 any
   30 permit ip any any
!
"""


# global statements of the management and control plane, and their negations: never not understood
NOISE = re.compile(r"^(no |default )?(enable|aaa|username|lldp|logging|ntp|snmp-server|spanning-tree|management|"
                   r"hostname|clock|banner|dns|ip name-server|ip domain|hardware tcam|hardware access-list|"
                   r"service|transceiver|vlan|vrf|router|ip routing|ip route|mlag|queue-monitor|load-interval)(\s|$)")


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def eos_config(trust="dscp", wred="ecn", acl="4000 5000", pfc_off=False, speed="100gfull"):
    cfg = EOS.format(trust=trust, wred=wred, acl=acl)
    for n, (port, addr, extra) in enumerate((("Ethernet1/1", "10.9.0.0/31", ""),
                                            ("Ethernet1/2", "10.9.0.2/31", "   ip access-group EDGE_IN in\n"))):
        cfg += ("interface %s\n   description gpu%d:ens1f0\n   mtu 9198\n   speed forced %s\n"
                "   error-correction encoding reed-solomon\n   no switchport\n   ip address %s\n%s%s   service-profile AI\n!\n"
                % (port, n + 1, speed if n == 0 else "100gfull", addr, extra,
                   "   no priority-flow-control\n" if pfc_off and n == 0 else ""))
    return cfg + "end\n"


def run(inv):
    r = subprocess.run([FABCHECK, "validate", inv, "--format", "json"], capture_output=True, text=True)
    check(r.returncode in (0, 1), "validate %s: exit %d: %s" % (inv, r.returncode, r.stderr[:300]))
    return json.loads(r.stdout) if r.stdout else {"findings": [], "devices": []}


def fabric(t, name, platform, cfg_text):
    d = os.path.join(t, name)
    shutil.copytree(os.path.join(ROOT, "tests/fixtures/sonic"), d)
    os.remove(os.path.join(d, "configs/sleaf1.json"))
    ext = {"eos": "eos.cfg", "nxos": "cfg"}[platform]
    open(os.path.join(d, "configs/sleaf1." + ext), "w").write(cfg_text)
    inv = open(os.path.join(d, "inventory.yaml")).read()
    inv = inv.replace("platform: sonic\n    config: configs/sleaf1.json", "platform: %s\n    config: configs/sleaf1.%s"
                      % (platform, ext))
    inv = inv.replace("sleaf1:Ethernet0", "sleaf1:Ethernet1/1").replace("sleaf1:Ethernet4", "sleaf1:Ethernet1/2")
    open(os.path.join(d, "inventory.yaml"), "w").write(inv)
    return os.path.join(d, "inventory.yaml")


def main():
    t = tempfile.mkdtemp()
    try:
        nx = "hostname sleaf1\nfeature lldp\n" + ai_qos() + """ip access-list EDGE_IN
  10 deny udp any any range 4000 5000
  20 permit ip 10.0.0.0/8 any
  30 permit ip any any
"""
        for n, (port, addr, acl) in enumerate((("Ethernet1/1", "10.9.0.0/31", ""),
                                               ("Ethernet1/2", "10.9.0.2/31", "  ip access-group EDGE_IN in\n"))):
            nx += ("\ninterface %s\n  description gpu%d:ens1f0\n  speed 100000\n  fec rs-fec\n  mtu 9216\n"
                   "  priority-flow-control mode on\n  no switchport\n  ip address %s\n%s  no shutdown\n"
                   % (port, n + 1, addr, acl))
        b = {(f["rule"], f["subject"]): f for f in run(fabric(t, "nxos", "nxos", nx))["findings"]}
        rep = run(fabric(t, "eos", "eos", eos_config()))
        a = {(f["rule"], f["subject"]): f for f in rep["findings"]}
        dev = next(d for d in rep["devices"] if d["name"] == "sleaf1")
        check(not dev.get("not_understood"), "EOS config lines not understood: %s" % dev.get("not_understood"))
        same, explained = 0, set()
        for k in sorted(set(a) | set(b)):
            sa, sb = a.get(k, {}).get("status"), b.get(k, {}).get("status")
            if sa == sb:
                same += 1
            elif k[0] in EXPLAINED and sb == "pass" and sa == "unknown":
                explained.add(k[0])
            elif k[0] == "HR-SIZE" and sb == "pass" and sa is None and managed_port(a, k[1]):
                explained.add(k[0])   # the link's switch end is in the device's one finding
            elif k == ("HR-SIZE", "sleaf1") and sa == "unknown" and sb is None and "on 2 ports of" in \
                    a[k]["message"] and a[k]["severity"] == "info":
                explained.add(k[0])
            else:
                check(False, "%s %s: EOS %s, NX-OS %s (%s)" % (k[0], k[1], sa, sb, a.get(k, {}).get("message", "")[:160]))
        print("%d findings with the same verdict on EOS and NX-OS; explained: %s" % (
            same, "; ".join("%s (%s)" % (r, EXPLAINED[r]) for r in sorted(explained)) or "none"))
        fails = sorted("%s %s" % k for k, f in a.items() if f["status"] == "fail")
        print("failing on both (the planted ACL):", ", ".join(fails))

        # one fault at a time on the EOS side: (config, rule, subject, the running-config text of the line)
        L0 = "sleaf1:Ethernet1/1 <-> gpu1:ens1f0"
        faults = [("pfc-off", dict(pfc_off=True), "PFC-PRIO-MATCH", L0, "no priority-flow-control"),
                  ("ecn-off", dict(wred="drop"), "ECN-SW-QUEUE", "sleaf1", "random-detect drop"),
                  ("trust-cos", dict(trust="cos"), "PFC-TRUST", L0, "qos trust cos"),
                  ("acl-4791", dict(acl="4700 4800"), "UDP4791-SWITCH-ACL", "sleaf1:Ethernet1/2 <-> gpu2:ens1f0",
                   "deny udp any any range 4700 4800"),
                  ("speed-25g", dict(speed="25gfull"), "L1-SPEED-MATCH", L0, "speed forced 25gfull")]
        for name, kw, rule, subj, text in faults:
            inv = fabric(t, name, "eos", eos_config(**kw))
            got = {(f["rule"], f["subject"]): f for f in run(inv)["findings"]}
            f = got.get((rule, subj))
            check(f is not None and f["status"] == "fail", "%s: %s %s is %s, expected fail: %s %s" % (
                name, rule, subj, f and f["status"], f and f["message"], f and [(e["what"], e["value"]) for e in f["evidence"]]))
            if not f:
                continue
            lines = [open(os.path.join(os.path.dirname(inv), e["source"]["file"].split("/", 1)[1])
                          if not os.path.isabs(e["source"]["file"]) and not os.path.exists(e["source"]["file"])
                          else e["source"]["file"]).read().split("\n")[e["source"]["line"] - 1].strip()
                     for e in f["evidence"] if e.get("source", {}).get("file", "").endswith(".eos.cfg")
                     and e["source"].get("line")]
            check(any(text in x for x in lines), "%s: no evidence at the line '%s': %s" % (name, text, lines))
            print("%s: fail %s %s (evidence: %s)" % (name, rule, subj, next((x for x in lines if text in x), "?")))

        manifest = os.path.join(SHARED, "realdata/MANIFEST.tsv")
        if not os.path.exists(manifest):
            print("realdata: SKIPPED (no %s)" % manifest)
            skipped.append("realdata")
        else:
            n = 0
            for line in open(manifest).read().splitlines()[1:]:
                path, desc = line.split("\t")[0], line.split("\t")[5]
                if "running-config" not in desc or "Arista" not in desc or path.endswith(".json"):
                    continue
                r = subprocess.run([FABCHECK, "parse", "--platform", "eos", "--command", "show running-config",
                                    "--encoding", "text", os.path.join(SHARED, "realdata", path)], capture_output=True, text=True)
                check(r.returncode == 0, "realdata %s: exit %d: %s" % (path, r.returncode, r.stderr.strip()[:200]))
                n += 1
                if r.returncode:
                    continue
                # a global line that cannot change the data path, or its negation, or a comment's
                # text, is no noise
                nu = [u["text"].strip() for u in fcmodel.loads(r.stdout).get("not_understood", [])]
                noise = [x for x in nu if NOISE.match(x) or x == "EOF" or x.startswith("Comment ")]
                check(not noise, "realdata %s: global lines listed as not understood: %s" % (path, noise[:5]))
                total = sum(1 for x in open(os.path.join(SHARED, "realdata", path)) if x.strip() not in ("", "!"))
                print("  %s: %d of %d lines not understood (%.1f%%)" % (os.path.basename(path), len(nu), total,
                                                                      100.0 * len(nu) / max(total, 1)))
            print("realdata: %d EOS running-configs parse" % n)
            # show lldp neighbors detail (eAPI JSON): napalm's expected results, field by field
            m = 0
            base = os.path.join(SHARED, "realdata/napalm-automation+napalm/test/eos/mocked_data/test_get_lldp_neighbors_detail")
            for case in sorted(os.listdir(base)) if os.path.isdir(base) else []:
                r = subprocess.run([FABCHECK, "parse", "--platform", "eos", "--command", "show lldp neighbors detail",
                                    os.path.join(base, case, "show_lldp_neighbors__detail.json")], capture_output=True, text=True)
                check(r.returncode == 0, "lldp %s: exit %d %s" % (case, r.returncode, r.stderr[:200]))
                if r.returncode:
                    continue
                d = fcmodel.loads(r.stdout)
                d = d["devices"][0] if "devices" in d else d
                got = {i["name"]: (i["lldp_system_name"].get("value"), i["lldp_port"].get("value")) for i in d["interfaces"]}
                want = {k: (v[0]["remote_system_name"] or v[0]["remote_chassis_id"], v[0]["remote_port"])
                        for k, v in json.load(open(os.path.join(base, case, "expected_result.json"))).items()
                        if k.startswith("Ethernet")}
                for k in want:   # napalm writes the chassis id its own way (upper case, colons): compare the name
                    if not want[k][0] or ":" in want[k][0]:
                        want[k] = (got.get(k, (None,))[0], want[k][1])
                check(got == want, "lldp %s: %s" % (case, sorted(set(got.items()) ^ set(want.items()))[:4]))
                m += len(want)
            print("show lldp neighbors detail: %d neighbours equal to napalm's expected results" % m)
    finally:
        shutil.rmtree(t)
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
    if skipped:
        sys.exit(77)


main()
