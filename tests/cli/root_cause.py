#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""One root cause, one group: an ACL dropping UDP 4791 applied to 64 host ports of a switch is one
group in text, Markdown and HTML ("ACL EDGE (in) denies UDP 4791 ..., on 64 links of sw:
Ethernet1/1-64"), its 64 links listed beneath; JSON keeps all 64 findings, each naming the group.
A 65th port with an ACL of its own that also drops RoCE is its own finding, not in the group. The
CI formats (SARIF, codequality, github) give two results: the group's, with all 64 subjects and
each link's host end among its related locations, and the 65th's. The same on NX-OS, EOS and
SONiC (per-port ACL bindings, and on SONiC one ACL_TABLE naming 64 ports).

usage: root_cause.py FABCHECK
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

FABCHECK = os.path.abspath(sys.argv[1])
failures = []
N = 64


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def nxos():
    c = ("hostname sw\nip access-list EDGE\n  10 deny udp any any eq 4791\n  20 permit ip any any\n"
         "ip access-list OTHER\n  10 deny udp any any range 4000 5000\n  20 permit ip any any\n")
    for k in range(1, N + 2):
        c += "interface Ethernet1/%d\n  no switchport\n  ip access-group %s in\n" % (k, "EDGE" if k <= N else "OTHER")
    return c, ["Ethernet1/%d" % k for k in range(1, N + 2)], "Ethernet1/1-64"


def eos():
    c = ("hostname sw\nip access-list EDGE\n   10 deny udp any any eq 4791\n   20 permit ip any any\n!\n"
         "ip access-list OTHER\n   10 deny udp any any range 4000 5000\n   20 permit ip any any\n!\n")
    for k in range(1, N + 2):
        c += "interface Ethernet%d\n   no switchport\n   ip access-group %s in\n!\n" % (k, "EDGE" if k <= N else "OTHER")
    return c + "end\n", ["Ethernet%d" % k for k in range(1, N + 2)], "Ethernet1-64"


def sonic():
    ports = ["Ethernet%d" % k for k in range(N + 1)]
    return json.dumps({
        "DEVICE_METADATA": {"localhost": {"hostname": "sw", "hwsku": "ACS-SN5600", "platform": "x86_64-nvidia_sn5600-r0"}},
        "PORT": {p: {"lanes": str(k), "speed": "100000", "mtu": "9100", "admin_status": "up"} for k, p in enumerate(ports)},
        "ACL_TABLE": {"EDGE": {"type": "L3", "stage": "ingress", "ports": ports[:N]},
                      "OTHER": {"type": "L3", "stage": "ingress", "ports": ports[N:]}},
        "ACL_RULE": {"EDGE|RULE_10": {"PRIORITY": "9990", "PACKET_ACTION": "DROP", "IP_PROTOCOL": "17",
                                      "L4_DST_PORT": "4791"},
                     "EDGE|RULE_20": {"PRIORITY": "1", "PACKET_ACTION": "FORWARD", "SRC_IP": "0.0.0.0/0"},
                     "OTHER|RULE_10": {"PRIORITY": "9990", "PACKET_ACTION": "DROP", "IP_PROTOCOL": "17",
                                       "L4_DST_PORT_RANGE": "4000-5000"},
                     "OTHER|RULE_20": {"PRIORITY": "1", "PACKET_ACTION": "FORWARD", "SRC_IP": "0.0.0.0/0"}},
    }, indent=2), ports, "Ethernet0-63"


def fabric(d, plat, cfg, ports):
    os.makedirs(d)
    open(os.path.join(d, "sw.cfg"), "w").write(cfg)
    inv = ("version: 1\nfabric: {name: rc, profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, cnp_dscp: 48, "
           "mtu: 9000}}\ndevices:\n  - {name: sw, platform: %s, config: sw.cfg}\n" % plat)
    for k in range(len(ports)):
        inv += ("  - name: h%02d\n    platform: linux\n    intent: {interfaces: [{name: ens1f0, mtu: 9000, "
                "addresses: [\"10.9.%d.%d/31\"]}]}\n") % (k, k // 100, 2 * (k % 100) + 1)
    inv += "links:\n" + "".join('  - {a: "sw:%s", b: "h%02d:ens1f0", cable: dac, length_m: 2}\n' % (p, k)
                                for k, p in enumerate(ports))
    open(os.path.join(d, "inventory.yaml"), "w").write(inv)
    return os.path.join(d, "inventory.yaml")


def out(inv, fmt):
    r = subprocess.run([FABCHECK, "validate", inv, "--format", fmt], capture_output=True, text=True)
    check(r.returncode == 1, "%s: exit %d: %s" % (fmt, r.returncode, r.stderr[:300]))
    return r.stdout


def main():
    t = tempfile.mkdtemp()
    try:
        for plat, make in (("nxos", nxos), ("eos", eos), ("sonic", sonic)):
            cfg, ports, ranges = make()
            inv = fabric(os.path.join(t, plat), plat, cfg, ports)

            rep = json.loads(out(inv, "json"))
            acl = [f for f in rep["findings"] if f["rule"] == "UDP4791-SWITCH-ACL"]
            fails = [f for f in acl if f["status"] == "fail"]
            check(len(fails) == N + 1, "%s json: %d failing, want %d" % (plat, len(fails), N + 1))
            grp = [f for f in fails if f.get("group", {}).get("cause", "").startswith("ACL EDGE (in) denies UDP 4791")]
            check(len(grp) == N and all(f["group"]["device"] == "sw" for f in grp),
                  "%s json: %d findings name the EDGE group" % (plat, len(grp)))
            other = [f for f in fails if f.get("group", {}).get("cause", "").startswith("ACL OTHER")]
            check(len(other) == 1, "%s json: the OTHER ACL's finding names its own cause" % plat)

            text = out(inv, "text")
            head = "ACL EDGE (in) denies UDP 4791"
            lines = [l for l in text.splitlines() if head in l and "on %d links of sw: %s" % (N, ranges) in l]
            check(len(lines) == 1, "%s text: one headline for the group: %s" % (plat, lines))
            sec = text.split("Root causes", 1)[-1].split("\nLink ", 1)[0]
            listed = set(re.findall(r"sw:\S+ <-> h\d\d:ens1f0", sec))
            check(len(listed) == N, "%s text: %d links beneath the group, want %d" % (plat, len(listed), N))
            own = [b for b in (x.split("\n\n", 1)[0] for x in text.split("\nLink ")[1:]) if "UDP4791-SWITCH-ACL" in b]
            check(len(own) == 1 and own[0].startswith("sw:%s <-> " % ports[N]),
                  "%s text: the OTHER port alone under its link: %s" % (plat, [b[:40] for b in own]))

            md = out(inv, "markdown")
            rows = [l for l in md.splitlines() if l.startswith("| critical | UDP4791-SWITCH-ACL")]
            check(len(rows) == 2 and any("**%d links of sw: %s**" % (N, ranges) in r and r.count("&lt;-&gt;") == N
                                         for r in rows), "%s markdown: %d rows: %s" % (plat, len(rows),
                                                                                       [r[:120] for r in rows]))

            html = out(inv, "html")
            rows = re.findall(r"<tr class=s-fail [^>]*data-rule=\"UDP4791-SWITCH-ACL\".*?</tr>", html, re.S)
            check(len(rows) == 2 and sum(("%d links of " % N) in r and r.count("<li>") == N for r in rows) == 1,
                  "%s html: %d rows for the ACL findings, want 2 (the group and OTHER)" % (plat, len(rows)))
            # the CI formats: one result for the group, every link it breaks among its locations
            res = [r for r in json.loads(out(inv, "sarif"))["runs"][0]["results"] if r["ruleId"] == "UDP4791-SWITCH-ACL"]
            g = [r for r in res if r["properties"].get("count") == N]
            rel = g[0].get("relatedLocations", []) if g else []
            cfgfile = os.path.join(os.path.dirname(inv), "sw.cfg" if plat != "sonic" else "config_db.json")
            check(len(res) == 2 and len(g) == 1 and len(set(g[0]["properties"]["subjects"])) == N and
                  sum(1 for l in rel if "RoCE packets" in l["message"]["text"]) == N and
                  len(g[0]["locations"]) == 1, "%s sarif: %d results, the group's %d related locations" % (
                      plat, len(res), len(rel)))
            cq = [i for i in json.loads(out(inv, "codequality")) if i["check_name"] == "UDP4791-SWITCH-ACL"]
            gh = [l for l in out(inv, "github").splitlines() if l.startswith("::error") and "UDP4791-SWITCH-ACL" in l]
            check(len(cq) == 2 and len(gh) == 2, "%s codequality, github: %d issues, %d annotations, want 2 each" % (
                plat, len(cq), len(gh)))
            print("%-5s: %d failing links, one group of %d (%s) and one alone; SARIF, codequality, github: 2 results "
                  "each, the group's with %d related locations" % (plat, len(fails), len(grp), ranges, len(rel)))
        # a cause on 600 links: its one SARIF result stays within the 1,000 locations code scanning takes
        big = 600
        c = "hostname sw\nip access-list EDGE\n  10 deny udp any any eq 4791\n  20 permit ip any any\n"
        c += "".join("interface Ethernet1/%d\n  no switchport\n  ip access-group EDGE in\n" % k for k in range(1, big + 1))
        inv = fabric(os.path.join(t, "big"), "nxos", c, ["Ethernet1/%d" % k for k in range(1, big + 1)])
        res = json.loads(out(inv, "sarif"))["runs"][0]["results"]
        g = [r for r in res if r["ruleId"] == "UDP4791-SWITCH-ACL"]
        n = [len(r.get("locations", [])) + len(r.get("relatedLocations", [])) for r in g]
        check(len(g) == 1 and g[0]["properties"]["count"] == big and n == [1000],
              "sarif, %d links: %d results, %s locations, want one result of 1,000" % (big, len(g), n))
        print("a cause on %d links: one SARIF result, %s locations (code scanning's limit: 1,000)" % (big, n))
    finally:
        shutil.rmtree(t)
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)


main()
