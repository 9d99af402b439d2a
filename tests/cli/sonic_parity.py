#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The same leaf as SONiC and as NX-OS: every rule's verdict must be the same on both.

tests/fixtures/sonic's leaf (a saved config_db.json) is written again as the NX-OS running-config
that configures the same thing (tests/fixtures/nxos_qos.py's QoS: DSCP 26 to a no-drop class with
WRED-ECN, DSCP 48 to a strict queue, PFC watchdog; 100G ports with RS-FEC and MTU 9216; the same
ACL on the second port), with the same hosts and cabling. Findings are compared rule by rule, the
port names mapped (Ethernet0 = Ethernet1/1, Ethernet4 = Ethernet1/2). The SONiC side uses a static
pause threshold (static_th), as NX-OS has one; with dynamic_th ECN-BEFORE-PFC is UNKNOWN on SONiC,
which tests/cli/sonic.py covers. The differences allowed are listed with why: a value SONiC's
CONFIG_DB states and an NX-OS running-config does not.

usage: sonic_parity.py FABCHECK
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests/fixtures"))
from nxos_qos import ai_qos  # noqa: E402

EXPLAINED = {
    "L1-LANES-MODULATION": "CONFIG_DB PORT lanes states the lane count; an NX-OS running-config does not "
                           "(show interface capabilities / breakout does): PASS on SONiC, UNKNOWN on NX-OS",
    "HR-CABLE-LEN": "CONFIG_DB CABLE_LENGTH states the cable length the buffer profile is sized for; an NX-OS "
                    "explicit pause buffer-size states none, so the rule has nothing to judge there",
}


def run(inv, out):
    r = subprocess.run([FABCHECK, "validate", inv, "--format", "json=" + out], capture_output=True, text=True)
    assert r.returncode in (0, 1), r.stderr
    return json.load(open(out))


def norm(s):
    for a, b in (("Ethernet1/1", "P0"), ("Ethernet1/2", "P4"), ("Ethernet0", "P0"), ("Ethernet4", "P4")):
        s = s.replace(a, b)
    return s


def main():
    t = tempfile.mkdtemp()
    try:
        son, nx = os.path.join(t, "sonic"), os.path.join(t, "nxos")
        shutil.copytree(os.path.join(ROOT, "tests/fixtures/sonic"), son)
        shutil.copytree(son, nx)
        p = os.path.join(son, "configs/sleaf1.json")
        c = json.load(open(p))
        for port in ("Ethernet0", "Ethernet4"):
            c["PORT_QOS_MAP"][port].update(pfc_enable="3", pfcwd_sw_enable="3")
        c["WRED_PROFILE"]["AZURE_LOSSLESS"].update(green_min_threshold="20480", green_max_threshold="40960",
                                                   green_drop_probability="7")
        prof = c["BUFFER_PROFILE"]["pg_lossless_100000_5m_profile"]
        del prof["dynamic_th"]
        prof.update(size="103360", xoff="59680", xon="24320", static_th="43680")
        json.dump(c, open(p, "w"), indent=4)
        cfg = "hostname sleaf1\nfeature lldp\n" + ai_qos() + """ip access-list EDGE_IN
  10 deny udp any any range 4000 5000
  20 permit ip 10.0.0.0/8 any
  30 permit ip any any
"""
        for n, (port, addr, acl) in enumerate((("Ethernet1/1", "10.9.0.0/31", ""),
                                               ("Ethernet1/2", "10.9.0.2/31", "  ip access-group EDGE_IN in\n"))):
            cfg += ("\ninterface %s\n  description gpu%d:ens1f0\n  speed 100000\n  fec rs-fec\n  mtu 9216\n"
                    "  priority-flow-control mode on\n  no switchport\n  ip address %s\n%s  no shutdown\n"
                    % (port, n + 1, addr, acl))
        open(os.path.join(nx, "configs/sleaf1.cfg"), "w").write(cfg)
        inv = open(os.path.join(nx, "inventory.yaml")).read()
        inv = inv.replace("platform: sonic\n    config: configs/sleaf1.json", "platform: nxos\n    config: configs/sleaf1.cfg")
        inv = inv.replace("sleaf1:Ethernet0", "sleaf1:Ethernet1/1").replace("sleaf1:Ethernet4", "sleaf1:Ethernet1/2")
        open(os.path.join(nx, "inventory.yaml"), "w").write(inv)
        a = {(f["rule"], norm(f["subject"])): f["status"] for f in run(os.path.join(son, "inventory.yaml"), t + "/s.json")["findings"]}
        b = {(f["rule"], norm(f["subject"])): f["status"] for f in run(os.path.join(nx, "inventory.yaml"), t + "/n.json")["findings"]}
        bad, explained, same = [], set(), 0
        for k in sorted(set(a) | set(b)):
            if a.get(k) == b.get(k):
                same += 1
            elif k[0] in EXPLAINED:
                explained.add(k[0])
            else:
                bad.append("%s %s: SONiC %s, NX-OS %s" % (k[0], k[1], a.get(k), b.get(k)))
        for line in bad:
            print("FAIL:", line)
        rules = sorted({k[0] for k in set(a) | set(b)})
        print("%d rules, %d findings with the same verdict on SONiC and NX-OS; explained: %s"
              % (len(rules), same, "; ".join("%s (%s)" % (r, EXPLAINED[r]) for r in sorted(explained)) or "none"))
        fails = sorted(k for k, s in a.items() if s == "fail")
        print("failing on both:", ", ".join("%s %s" % k for k in fails))
        if bad:
            sys.exit(1)
    finally:
        shutil.rmtree(t)


main()
