#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Links judged from intent, the pre-cutover case: a config repository (each switch its intended
configuration, hosts declared) where no link is up yet, on NX-OS, EOS and SONiC alike.

Per switch, five ports set to 100G (EOS `speed 100g-4`, SONiC PORT speed 100000 with 4 lanes,
NX-OS `speed 100000`) and one to 400G over 8 lanes with a FEC PAM4 cannot use (EOS fire-code,
SONiC none, NX-OS off), cabled by DAC to hosts that are down:
  h1 forced (autonegotiation off) to 100000baseCR2: L1-LANES-MODULATION fails naming 4 and 2 lanes
     (NX-OS states no lane count: not a pass);
  h2 advertising only 25G and 50G modes: L1-SPEED-MATCH fails naming both;
  h3 forced to 100000baseKR4 on the DAC: L1-MEDIUM-CR-KR fails;
  h4 advertising 100000baseCR4: the L1 rules pass, from intent;
  h5 advertising 400000baseCR8 on the 400G port: FEC-MATCH fails from configuration alone.
Every such verdict says it was judged from intent.

usage: link_intent.py FABCHECK
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

FABCHECK = os.path.abspath(sys.argv[1])
failures = []

HOSTS = {
    "h1": {"autoneg": False, "advertised": ["100000baseCR2/Full"]},
    "h2": {"autoneg": True, "advertised": ["25000baseCR/Full", "50000baseCR2/Full"]},
    "h3": {"autoneg": False, "advertised": ["100000baseKR4/Full"]},
    "h4": {"autoneg": True, "advertised": ["100000baseCR4/Full", "50000baseCR2/Full"]},
    "h5": {"autoneg": True, "advertised": ["400000baseCR8/Full"]},
}


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def nxos(ports):
    c = "hostname sw\n"
    for p in ports[:5]:
        c += "interface %s\n  speed 100000\n  fec rs-fec\n  no switchport\n  no shutdown\n" % p
    c += "interface %s\n  speed 400000\n  fec off\n  no switchport\n  no shutdown\n" % ports[5]
    return c


def eos(ports):
    c = "hostname sw\n!\n"
    for p in ports[:5]:
        c += "interface %s\n   speed 100g-4\n   error-correction encoding reed-solomon\n   no switchport\n!\n" % p
    c += "interface %s\n   speed 400g-8\n   error-correction encoding fire-code\n   no switchport\n!\nend\n" % ports[5]
    return c


def sonic(ports):
    port = {p: {"lanes": ",".join(str(8 * k + j) for j in range(4)), "speed": "100000", "fec": "rs", "mtu": "9100",
                "admin_status": "up"} for k, p in enumerate(ports[:5])}
    port[ports[5]] = {"lanes": ",".join(str(40 + j) for j in range(8)), "speed": "400000", "fec": "none", "mtu": "9100",
                      "admin_status": "up"}
    return json.dumps({"DEVICE_METADATA": {"localhost": {"hostname": "sw", "hwsku": "ACS-SN5600",
                                                         "platform": "x86_64-nvidia_sn5600-r0"}}, "PORT": port}, indent=2)


OSES = {
    "nxos": (nxos, ["Ethernet1/%d" % k for k in range(1, 7)]),
    "eos": (eos, ["Ethernet%d/1" % k for k in range(1, 7)]),
    "sonic": (sonic, ["Ethernet%d" % (8 * k) for k in range(6)]),
}


def inventory(plat, ports):
    inv = ("version: 1\nfabric: {name: intent, profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, cnp_dscp: 48, "
           "mtu: 9000}}\ndevices:\n  - {name: sw, platform: %s, config: sw.cfg}\n" % plat)
    for h, link in HOSTS.items():
        inv += ("  - name: %s\n    platform: linux\n    intent:\n      interfaces:\n        - name: ens1f0\n"
                "          mtu: 9000\n          operstate: down\n          link: %s\n"
                "          fec: {configured: auto}\n") % (h, json.dumps(dict(link, port="Direct Attach Copper")))
    inv += "links:\n" + "".join('  - {a: "sw:%s", b: "%s:ens1f0", cable: dac, length_m: 2}\n' % (p, h)
                                for p, h in zip(ports[:4] + ports[5:], sorted(HOSTS)))
    return inv


NXOS_DEFAULTS = """hostname sw
interface Ethernet1/1
  speed 100000
  no switchport
interface Ethernet1/2
  speed 100000
  flowcontrol receive on
  no switchport
"""


def nxos_defaults(t):
    """A running-config leaves out what is at NX-OS's default: no `fec` line is auto, no
    `flowcontrol` line is pause off (Cisco Nexus 9000 NX-OS Interfaces Configuration Guide). A
    port that says nothing passes PFC-LLFC-OFF and FEC-MATCH against a host with pause off and
    FEC auto, naming the default; `flowcontrol receive on` fails at its line."""
    d = os.path.join(t, "nxos-defaults")
    os.makedirs(d)
    open(os.path.join(d, "sw.cfg"), "w").write(NXOS_DEFAULTS)
    inv = ("version: 1\nfabric: {name: d, profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, cnp_dscp: 48, "
           "mtu: 9000}}\ndevices:\n  - {name: sw, platform: nxos, config: sw.cfg}\n")
    for h in ("h1", "h2"):
        inv += ("  - name: %s\n    platform: linux\n    intent:\n      interfaces:\n        - {name: ens1f0, "
                "mtu: 9000, operstate: down, link: {autoneg: true, advertised: [100000baseCR4/Full], "
                "port: Direct Attach Copper}, fec: {configured: auto}, pause: {autoneg: false, rx: false, "
                "tx: false}}\n") % h
    inv += ('links:\n  - {a: "sw:Ethernet1/1", b: "h1:ens1f0", cable: dac, length_m: 2}\n'
            '  - {a: "sw:Ethernet1/2", b: "h2:ens1f0", cable: dac, length_m: 2}\n')
    open(os.path.join(d, "inventory.yaml"), "w").write(inv)
    r = subprocess.run([FABCHECK, "validate", os.path.join(d, "inventory.yaml"), "--format", "json"],
                       capture_output=True, text=True)
    check(r.returncode == 1, "nxos defaults: exit %d, want 1: %s" % (r.returncode, r.stderr[:300]))
    if not r.stdout.startswith("{"):
        return
    got = {(f["rule"], f["subject"].split(" <-> ")[1].split(":")[0]): f for f in json.loads(r.stdout)["findings"]
           if " <-> " in f["subject"]}
    f = got.get(("PFC-LLFC-OFF", "h1"), {})
    check(f.get("status") == "pass", "nxos defaults h1: PFC-LLFC-OFF %s" % f.get("status"))
    f = got.get(("FEC-MATCH", "h1"), {})
    ev = json.dumps(f.get("evidence", []))
    check(f.get("status") == "pass" and "NX-OS's default" in ev,
          "nxos defaults h1: FEC-MATCH %s, evidence %s" % (f.get("status"), ev[:300]))
    f = got.get(("PFC-LLFC-OFF", "h2"), {})
    ev = f.get("evidence", [])
    check(f.get("status") == "fail" and any(e.get("source", {}).get("line") == 7 for e in ev),
          "nxos defaults h2: PFC-LLFC-OFF %s at %s" % (f.get("status"), json.dumps(ev)[:300]))
    print("nxos defaults: h1 pause %s, FEC %s; h2 pause %s" % (
        got.get(("PFC-LLFC-OFF", "h1"), {}).get("status"), got.get(("FEC-MATCH", "h1"), {}).get("status"),
        got.get(("PFC-LLFC-OFF", "h2"), {}).get("status")))


def main():
    t = tempfile.mkdtemp()
    try:
        for plat, (cfg, ports) in OSES.items():
            d = os.path.join(t, plat)
            os.makedirs(d)
            open(os.path.join(d, "sw.cfg"), "w").write(cfg(ports))
            open(os.path.join(d, "inventory.yaml"), "w").write(inventory(plat, ports))
            r = subprocess.run([FABCHECK, "validate", os.path.join(d, "inventory.yaml"), "--format", "json"],
                               capture_output=True, text=True)
            check(r.returncode in (0, 1), "%s: validate exit %d: %s" % (plat, r.returncode, r.stderr[:300]))
            if not r.stdout.startswith("{"):
                continue
            rep = json.loads(r.stdout)
            got = {(f["rule"], f["subject"].split(" <-> ")[1].split(":")[0]): f for f in rep["findings"]
                   if " <-> " in f["subject"]}

            def v(rule, h):
                f = got.get((rule, h))
                return (f["status"], f["message"]) if f else (None, "")

            st, msg = v("L1-LANES-MODULATION", "h1")
            if plat == "nxos":
                check(st != "pass", "nxos h1: lanes %s: %s" % (st, msg))
            else:
                check(st == "fail" and "4 NRZ" in msg and "2 PAM4" in msg and "intent" in msg,
                      "%s h1: L1-LANES-MODULATION %s: %s" % (plat, st, msg))
            st, msg = v("L1-SPEED-MATCH", "h2")
            check(st == "fail" and "100G" in msg and "25G" in msg and "intent" in msg,
                  "%s h2: L1-SPEED-MATCH %s: %s" % (plat, st, msg))
            st, msg = v("L1-MEDIUM-CR-KR", "h3")
            check(st == "fail" and "KR4" in msg, "%s h3: L1-MEDIUM-CR-KR %s: %s" % (plat, st, msg))
            for rule in ("L1-SPEED-MATCH", "L1-LANES-MODULATION", "L1-MEDIUM-CR-KR") if plat != "nxos" else (
                    "L1-SPEED-MATCH", "L1-MEDIUM-CR-KR"):
                st, msg = v(rule, "h4")
                check(st == "pass" and "intent" in msg, "%s h4: %s %s: %s" % (plat, rule, st, msg))
            st, msg = v("FEC-MATCH", "h5")
            check(st == "fail" and "PAM4" in msg and "RS(544,514)" in msg, "%s h5: FEC-MATCH %s: %s" % (plat, st, msg))
            for h in sorted(HOSTS):
                print("%-5s %s: %s" % (plat, h, "; ".join("%s %s" % (r.split("-")[1] if r.startswith("L1") else r,
                                                                    v(r, h)[0]) for r in
                                                          ("L1-SPEED-MATCH", "L1-LANES-MODULATION", "L1-MEDIUM-CR-KR",
                                                           "FEC-MATCH"))))
        nxos_defaults(t)
    finally:
        shutil.rmtree(t)
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)


main()
