#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""NVUE state readers, what runs over what is configured:

- `nv show qos roce` as text (tests/fixtures/nvue_leaf.roce_text: the operational and applied
  columns and the tables), with a terminal's prompt and CR LF line ends too: nothing not understood;
  a switch running `lossy` where its configuration says lossless is a DATA-CONFLICT, and lossy is
  judged (PFC-PRIO-MATCH FAILs with the text's operational mode as evidence); running PFC on switch
  priority 4 fails the same way; the same output as JSON (-o json, sections) alike;
- `nv show acl` and the bindings in `nv show interface`: an ACL running with a deny of UDP 4791
  where the configuration's permits fails UDP4791-SWITCH-ACL at the running entry, and the
  difference is a DATA-CONFLICT, as is a port bound to another ACL than the configuration says;
- `nv show interface` (the summary table, LLDP neighbours in it) and `nv show platform transceiver
  <port>` as text: the fabric gives the verdicts it gives from their JSON and lldpd's, but the FEC
  and autonegotiation rules UNKNOWN (the summary table has no such column);
- `nv show interface <port> qos roce status`: one port's own status (PFC on 4) fails that port
  alone; `... counters`: the port's PFC frames into rx_ppp / tx_ppp;
- material nobody here wrote (../shared/realdata; skipped, saying so, without it): Cumulus Linux's
  `ethtool -m` of switch ports into the port's module (type, vendor, part, serial, per-lane power
  and bias), NCLU's `net show lldp json` (lldpd's JSON) into LLDP neighbours.

usage: nvue_state.py FABCHECK
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.environ.get("FABCHECK_SHARED", os.path.join(ROOT, "..", "shared"))
sys.path.insert(0, os.path.join(ROOT, "tests/fixtures"))
import nvue_leaf  # noqa: E402
import fcmodel  # noqa: E402  (fabcheck parse output, expanded)

failures = []
skipped = []   # parts that need ../shared and did not run: the test then exits 77 (ctest: Skipped)


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def parse(path, cmd):
    r = subprocess.run([FABCHECK, "parse", "--platform", "nvue", "--command", cmd, "--encoding",
                        "json" if path.endswith(".json") else "text", path], capture_output=True, text=True)
    check(r.returncode == 0, "parse %s as %s: exit %d: %s" % (path, cmd, r.returncode, r.stderr[:300]))
    return fcmodel.loads(r.stdout) if r.returncode == 0 else {"interfaces": [], "not_understood": []}


def validate(d):
    r = subprocess.run([FABCHECK, "validate", d, "--format", "json"], capture_output=True, text=True)
    check(r.returncode in (0, 1), "validate %s: exit %d: %s" % (d, r.returncode, r.stderr[:300]))
    return json.loads(r.stdout)


def fabric(t, name, edit):
    """The clean NVUE fabric, leaf3's outputs changed by edit(dir, manifest outputs)."""
    d = os.path.join(t, name)
    subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tests/fixtures/spineleaf.py"), d, "--nvue"], check=True)
    man = json.load(open(d + "/manifest.json"))
    leaf = [x for x in man["devices"] if x["name"] == "leaf3"][0]
    edit(d + "/devices/leaf3", leaf["outputs"])
    json.dump(man, open(d + "/manifest.json", "w"), indent=1)
    return validate(d)


def validate_clean(t):
    d = os.path.join(t, "clean")
    if not os.path.isdir(d):
        subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tests/fixtures/spineleaf.py"), d, "--nvue"], check=True)
    return validate(d)


def roce_as_text(text):
    def edit(dev, outs):
        os.remove(dev + "/nv_show_qos_roce.json")
        open(dev + "/nv_show_qos_roce.txt", "w").write(text)
        for o in outs:
            if o["command"] == "nv show qos roce":
                o["encoding"], o["file"] = "text", o["file"].replace(".json", ".txt")
    return edit


def add_output(cmd, fname, text):
    def edit(dev, outs):
        open(os.path.join(dev, fname), "w").write(text)
        outs.append({"command": cmd, "encoding": "text", "file": "devices/leaf3/" + fname})
    return edit


def fails(rep, rule, subj):
    return [f for f in rep["findings"] if f["rule"] == rule and f["subject"] == subj and f["status"] == "fail"]


def main():
    t = tempfile.mkdtemp()
    try:
        # the text form, clean and with a terminal's noise: one model, nothing not understood
        base = None
        for label, text in (("clean", nvue_leaf.roce_text()),
                            ("prompt, CR LF", nvue_leaf.roce_text(prompt="cumulus@leaf3:mgmt:~$").replace("\n", "\r\n"))):
            p = os.path.join(t, "roce.txt")
            open(p, "w", newline="").write(text)
            m = parse(p, "nv show qos roce")
            check(not m["not_understood"], "nv show qos roce (%s): not understood: %s" % (label, m["not_understood"][:3]))
            base = base or m
        print("nv show qos roce as text: every row read, with and without a terminal's noise")

        # interfaces without a type: NVUE types lo, ethN, vlanN and NAME.VLAN by their names (off the
        # data path, skipped); any other name is neither skipped nor a port: listed at its line
        p = os.path.join(t, "names.txt")
        open(p, "w").write("nv set interface lo ip address 10.0.0.1/32\nnv set interface eth0 ip vrf mgmt\n"
                           "nv set interface vlan10 ip address 10.1.0.1/24\nnv set interface uplink link mtu 9216\n"
                           "nv set interface swp1.100 ip address 10.2.0.1/31\nnv set interface swp2.7 type sub\n"
                           "nv set interface swp2.7 acl EDGE inbound\n"
                           "nv set interface swp1 link mtu 9216\nnv set interface ab link mtu 9216\n"
                           "nv set interface up type bond\nnv set interface up link mtu 9216\n")
        m = parse(p, "nv config show -o commands")
        nu = sorted((u["source"].rsplit(":", 1)[-1], u["text"].split(" --")[0]) for u in m["not_understood"])
        check(nu == [("4", "interface uplink"), ("9", "interface ab")], "names without a type: not understood %s" % nu)
        check(sorted(i["name"] for i in m["interfaces"]) == ["swp1", "swp1.100", "swp2.7", "up"],
              "names without a type: ports %s" % ([i["name"] for i in m["interfaces"]]))
        sub = [i for i in m["interfaces"] if i["name"] == "swp2.7"]
        check(sub and sub[0].get("acl_in", {}).get("value") == "EDGE", "subinterface swp2.7's ACL: %s" % sub)
        print("interfaces without a type: lo, eth0, vlan10 off the data path; uplink and ab listed at their lines; "
              "a bond of two letters read; subinterfaces (NAME.VLAN, type sub) interfaces of their own, as on NX-OS")

        rep = fabric(t, "lossy", roce_as_text(nvue_leaf.roce_text(op_mode="lossy")))
        conf = [f for f in rep["findings"] if f["rule"] == "DATA-CONFLICT" and f["subject"].startswith("leaf3")]
        check(conf and conf[0]["status"] != "pass", "no DATA-CONFLICT for the mode running lossy: %s" % conf)
        got = fails(rep, "PFC-PRIO-MATCH", "leaf3:swp1s0 <-> g01:ens1f0")
        ev = [e for f in got for e in f["evidence"] if isinstance(e.get("source"), dict)
              and e["source"]["file"].endswith("nv_show_qos_roce.txt")]
        check(got and ev, "lossy running: PFC-PRIO-MATCH leaf3:swp1s0 not failing at the text output: %s" % got[:1])
        print("running lossy, configured lossless: DATA-CONFLICT %s, PFC-PRIO-MATCH FAIL at %s:%s" % (
            conf[0]["status"] if conf else "?", "nv_show_qos_roce.txt", ev[0]["source"]["line"] if ev else "?"))

        rep = fabric(t, "pfc4", roce_as_text(nvue_leaf.roce_text(pfc="4")))
        check(fails(rep, "PFC-PRIO-MATCH", "leaf3:swp31 <-> spine1:Ethernet1/3"),
              "PFC running on 4: PFC-PRIO-MATCH leaf3:swp31 not failing")
        conf = [e["value"] for f in rep["findings"] if f["rule"] == "DATA-CONFLICT" and f["subject"].startswith("leaf3")
                for e in f["evidence"] if "pfc_prios" in json.dumps(e)]
        check(conf, "PFC running on 4, configured 3: no DATA-CONFLICT naming pfc_prios_mask")
        print("PFC running on switch priority 4: PFC-PRIO-MATCH fails on leaf3's links, a DATA-CONFLICT says so")

        def roce_json(dev, outs):
            json.dump({"enable": "on", "mode": "lossless", "pfc": {"pfc-priority": "4", "rx-enabled": "enabled",
                                                                  "tx-enabled": "enabled", "cable-length": 150},
                       "congestion-control": {"congestion-mode": "ECN", "enabled-tc": "0,3",
                                              "min-threshold": "150.00 KB", "max-threshold": "1.50 MB",
                                              "probability": 100},
                       "trust": {"trust-mode": "pcp,dscp"}}, open(dev + "/nv_show_qos_roce.json", "w"), indent=1)
        rep = fabric(t, "pfc4json", roce_json)
        check(fails(rep, "PFC-PRIO-MATCH", "leaf3:swp31 <-> spine1:Ethernet1/3"),
              "PFC running on 4 (JSON): PFC-PRIO-MATCH leaf3:swp31 not failing")
        print("the same as JSON: PFC-PRIO-MATCH fails")

        # one port's own status
        st = nvue_leaf.roce_text(pfc="4")
        rep = fabric(t, "port", add_output("nv show interface swp2s0 qos roce status", "swp2s0_roce_status.txt", st))
        check(fails(rep, "PFC-PRIO-MATCH", "leaf3:swp2s0 <-> g03:ens1f0"), "swp2s0's status (PFC 4): not failing")
        check(not fails(rep, "PFC-PRIO-MATCH", "leaf3:swp2s1 <-> g04:ens1f0"), "swp2s0's status changed swp2s1")
        print("one port's status (PFC on 4): that port's link fails, its neighbour's does not")

        # ACLs as they run: bound in nv show interface, defined in nv show acl, over the configuration's
        def acl_running(dev, outs):
            cfg = open(dev + "/nv_config_show.txt").read()
            cfg += ("    acl:\n      EDGE:\n        type: ipv4\n        rule:\n          '10':\n"
                    "            action:\n              permit: {}\n")
            # and swp2s1 bound to another ACL in the configuration (a second set document)
            cfg += ("- set:\n    interface:\n      swp2s1:\n        acl:\n          OTHER:\n            inbound: {}\n"
                    "    acl:\n      OTHER:\n        type: ipv4\n")
            open(dev + "/nv_config_show.txt", "w").write(cfg)
            json.dump({"EDGE": {"type": "ipv4", "rule": {"10": {"action": {"deny": {}}, "match": {"ip": {
                "protocol": "udp", "udp": {"dest-port": {"4791": {}}}}}}}}}, open(dev + "/nv_show_acl.json", "w"))
            intf = json.load(open(dev + "/nv_show_interface.json"))
            intf["swp2s1"]["acl"] = {"EDGE": {"inbound": {}}}
            json.dump(intf, open(dev + "/nv_show_interface.json", "w"), indent=1)
        rep = fabric(t, "acl", acl_running)
        got = fails(rep, "UDP4791-SWITCH-ACL", "leaf3:swp2s1 <-> g04:ens1f0")
        ev = [e for f in got for e in f["evidence"] if isinstance(e.get("source"), dict)
              and e["source"]["file"].endswith("nv_show_acl.json")]
        check(got and ev, "a running ACL denying 4791: UDP4791-SWITCH-ACL leaf3:swp2s1 not failing at nv_show_acl.json")
        conf = [f for f in rep["findings"] if f["rule"] == "DATA-CONFLICT" and f["subject"].startswith("leaf3")
                and "acl EDGE" in json.dumps(f["evidence"])]
        check(conf, "the running ACL differs from the configuration's: no DATA-CONFLICT")
        bind = [f for f in rep["findings"] if f["rule"] == "DATA-CONFLICT" and f["subject"].startswith("leaf3")
                and "acl_in" in json.dumps(f["evidence"])]
        check(bind, "swp2s1 bound to EDGE running, OTHER configured: no DATA-CONFLICT naming acl_in")
        print("an ACL running otherwise than configured: UDP4791-SWITCH-ACL FAIL at nv_show_acl.json, DATA-CONFLICT")

        # the text forms of nv show interface and nv show platform transceiver <port>: the verdicts of JSON
        def text_forms(dev, outs):
            ports = {}
            intf = json.load(open(dev + "/nv_show_interface.json"))
            xc = json.load(open(dev + "/nv_show_platform_transceiver.json"))
            nb = {}
            for i in json.load(open(dev + "/lldpctl.json"))["lldp"]["interface"]:
                for name, v in i.items():
                    host = list(v["chassis"])[0]
                    nb[("leaf3", name)] = (host, v["port"]["descr"], v["port"]["id"]["value"]
                                           if v["port"]["id"]["type"] == "mac" else None)
            for p, v in intf.items():
                if v["type"] == "swp":
                    ports[p] = {"mtu": v["link"]["mtu"] + 18, "speed": int(v["link"]["speed"][:-1]),
                                "ip": list(v["ip"]["address"])[0].split("/")[0], "x": None}
            open(dev + "/nv_show_interface.txt", "w").write(nvue_leaf.interfaces_text("leaf3", ports, nb))
            os.remove(dev + "/nv_show_interface.json")
            os.remove(dev + "/nv_show_platform_transceiver.json")
            os.remove(dev + "/lldpctl.json")
            keep = [o for o in outs if o["command"] not in ("nv show interface", "nv show platform transceiver",
                                                            "lldpctl -f json")]
            keep.append({"command": "nv show interface", "encoding": "text", "file": "devices/leaf3/nv_show_interface.txt"})
            for p, e in xc.items():
                f = "xcvr_%s.txt" % p
                open(os.path.join(dev, f), "w").write(nvue_leaf.transceiver_text(e))
                keep.append({"command": "nv show platform transceiver " + p, "encoding": "text",
                             "file": "devices/leaf3/" + f})
            outs[:] = keep
        rep = fabric(t, "text", text_forms)
        ref = validate_clean(t)
        a = {(f["rule"], f["subject"]): f["status"] for f in rep["findings"]}
        b = {(f["rule"], f["subject"]): f["status"] for f in ref["findings"]}
        diff = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
        # the summary table has no FEC or autonegotiation column: unknown there, and said so
        fec = [k for k in diff if (k[0].startswith("FEC-") or k[0] == "L1-AN-DAC") and k[1].startswith("leaf3:")
               and a.get(k) == "unknown"]
        check(set(diff) == set(fec), "text forms: verdicts differ from the JSON forms: %s" % sorted(set(diff) - set(fec))[:6])
        nu = [u for dd in rep["devices"] if dd["name"] == "leaf3" for u in dd.get("not_understood", [])]
        check(not nu, "text forms: not understood: %s" % nu[:4])
        print("nv show interface and nv show platform transceiver <port> as text: %d findings, the verdicts of "
              "the JSON forms but %d FEC and autonegotiation UNKNOWN (not in the summary table)" % (len(a), len(fec)))

        # a port's RoCE counters, written here in the layout of the status output (a key and its
        # operational value, sections unindented): the names are ours, the reader takes any
        cnt = ("                          operational\n------------------------  -----------\npfc\n"
               "  rx-pause-frames-prio-3  1200\n  tx-pause-frames-prio-3  34\necn\n  ecn-marked-packets      5600\n")
        p = os.path.join(t, "cnt.txt")
        open(p, "w").write(cnt)
        m = parse(p, "nv show interface swp1s0 qos roce counters")
        port = [i for i in m["interfaces"] if i["name"] == "swp1s0"]
        check(port and port[0]["rx_ppp"].get("value") == 1200 and port[0]["tx_ppp"].get("value") == 34,
              "counters: rx/tx PFC frames: %s" % (port[0].get("rx_ppp") if port else "no port"))
        check(not m["not_understood"], "counters: not understood: %s" % m["not_understood"])
        print("a port's RoCE counters: rx_ppp 1200, tx_ppp 34, ECN marks kept as a counter")

        # material nobody here wrote
        R = os.path.join(SHARED, "realdata")
        if not os.path.isdir(R):
            print("SKIP (part): %s not present (set FABCHECK_SHARED): realdata not read" % R)
            skipped.append("realdata")
        else:
            n = 0
            for row in open(os.path.join(R, "MANIFEST.tsv")):
                f = row.split("\t")
                if len(f) < 6:
                    continue
                path = os.path.join(R, f[0])
                if "ethtool -m (Cumulus switch port)" in f[5]:
                    for label, text in (("as captured", open(path).read()),
                                        ("prompt, CR CR LF", "cumulus@leaf:~$ sudo ethtool -m swp7\n" +
                                         open(path).read() + "cumulus@leaf:~$ \n")):
                        q = os.path.join(t, "ethtool.txt")
                        open(q, "w", newline="").write(text.replace("\n", "\r\r\n") if "CR" in label else text)
                        m = parse(q, "sudo ethtool -m swp7")
                        x = [i for i in m["interfaces"] if i["name"] == "swp7"]
                        x = x[0]["transceiver"] if x else {}
                        raw = open(path).read()
                        check(x.get("vendor", {}).get("value", "") in raw and x.get("serial", {}).get("value", "") in raw
                              and x.get("part", {}).get("value"), "%s (%s): module not read: %s" % (f[0], label, x))
                        n += 1
                if "net show lldp json" in f[5]:
                    m = parse(path, "net show lldp json")
                    nb = [i for i in m["interfaces"] if i["lldp_system_name"].get("value")]
                    doc = json.load(open(path))
                    want = {i["name"] for i in doc["lldp"][0]["interface"] if i["name"].startswith("swp")}
                    check(want and {i["name"] for i in nb} == want, "%s: LLDP neighbours %s, want %s" % (
                        f[0], sorted(i["name"] for i in nb), sorted(want)))
                    n += 1
            check(n >= 4, "realdata: only %d Cumulus captures read" % n)
            print("realdata: %d Cumulus captures (ethtool -m with and without noise, NCLU LLDP) read" % n)
    finally:
        shutil.rmtree(t)
    if failures:
        print("%d failure(s)" % len(failures))
        sys.exit(1)
    print("nvue_state: ok")
    if skipped:
        sys.exit(77)


main()
