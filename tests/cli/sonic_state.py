#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""SONiC state outputs against material nobody here wrote (../shared/realdata, sonic-utilities'
tests), field by field, and with the noise real captures carry:

- `show interfaces transceiver eeprom --dom`: every expected output in sonic-utilities' sfp_test.py
  (SFF-8636, QSFP-DD and OSFP CMIS modules, one absent, with and without DOM) parses with nothing
  not understood but what the model does not hold (a tunable laser's frequencies), and every value
  equals the STATE_DB mock those outputs were printed from (TRANSCEIVER_INFO, TRANSCEIVER_DOM_SENSOR,
  TRANSCEIVER_DOM_THRESHOLD): vendor, part, serial, cable length, per-lane Rx/Tx power and bias,
  temperature, Vcc, and the alarm and warning limits;
- `show pfc priority` and `ecnconfig -l` as sonic-utilities' tests expect them, read beside the mock
  CONFIG_DB they were printed from: no value differs (the merge lists any difference), and the
  model holds the priorities and the WRED profile;
- the same outputs with a prompt, CR LF and indentation give the same model; a value that differs
  from CONFIG_DB is listed with both sources and the running one is used;
- every pg_profile_lookup.ini parses row for row; with the ACS-SN5600 table collected beside the
  example's leaf3, HR-SIZE requires the table's figure (the 400G ISLs fail, the host links pass), and
  a CONFIG_DB without the lossless BUFFER_PG gets buffermgrd's profiles from it.

usage: sonic_state.py FABCHECK   (skips visibly without ../shared)
"""
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
import fcmodel  # noqa: E402  (fabcheck parse output, expanded)

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.environ.get("FABCHECK_SHARED", os.path.join(ROOT, "..", "shared"))
UT = os.path.join(SHARED, "realdata/sonic-net+sonic-utilities/tests")
failures = []
skipped = []   # parts that need ../shared and did not run: the test then exits 77 (ctest: Skipped)


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def strings(path):
    """The module-level string constants of a Python file, by name (as the test module defines them)."""
    out = {}
    for node in ast.parse(open(path).read()).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    out[t.id] = node.value.value
    return out


def parse_one(tmp, command, text):
    p = os.path.join(tmp, "out.txt")
    open(p, "w", newline="").write(text)
    r = subprocess.run([FABCHECK, "parse", "--platform", "sonic", "--command", command, "--encoding", "text", p],
                       capture_output=True, text=True)
    check(r.returncode == 0, "parse %s: exit %d %s" % (command, r.returncode, r.stderr[:300]))
    d = fcmodel.loads(r.stdout) if r.returncode == 0 else {"devices": [{"interfaces": [], "not_understood": []}]}
    return d["devices"][0] if "devices" in d else d


def near(a, b):
    return a is not None and b is not None and abs(float(a) - float(b)) < 1e-6


def val(x):
    return x.get("value") if isinstance(x, dict) else None


def eeprom(tmp, tests, state):
    n_ports = n_values = 0
    for name, text in sorted(tests.items()):
        if "EEPROM detected" not in text:
            continue
        for noisy in (False, True):
            t = text
            if noisy:   # a prompt, CR LF line ends, the command echoed
                t = "admin@sonic:~$ show interfaces transceiver eeprom --dom\r\n" + text.replace("\n", "\r\n") + "admin@sonic:~$ "
            dev = parse_one(tmp, "show interfaces transceiver eeprom --dom", t)
            nu = [u["text"].strip() for u in dev["not_understood"]]
            check(all(x.startswith(("Requested Laser Frequency", "Tx Frequency", "Requested Tx Power")) for x in nu),
                  "%s%s: not understood: %s" % (name, " (noisy)" if noisy else "", nu[:4]))
            if noisy:
                continue
            for ifc in dev["interfaces"]:
                port = ifc["name"]
                x = ifc["transceiver"]
                info = state.get("TRANSCEIVER_INFO|" + port)
                if (port + ": SFP EEPROM Not detected") in text:
                    check(val(x["present"]) is False, "%s %s: absent module not said" % (name, port))
                    continue
                n_ports += 1
                for field, key in (("vendor", "manufacturer"), ("part", "model"), ("serial", "serial")):
                    check(val(x[field]) == info[key].strip(), "%s %s %s: %r, STATE_DB %r" % (
                        name, port, field, val(x[field]), info[key]))
                    n_values += 1
                if float(info.get("cable_length", "0") or 0) > 0:
                    check(near(val(x["cable_len_m"]), info["cable_length"]), "%s %s cable length %r, STATE_DB %r" % (
                        name, port, val(x["cable_len_m"]), info["cable_length"]))
                    n_values += 1
                if "ChannelMonitorValues" not in text.split(port + ":")[1].split("\n\n")[0]:
                    continue
                dom = state.get("TRANSCEIVER_DOM_SENSOR|" + port, {})
                thr = state.get("TRANSCEIVER_DOM_THRESHOLD|" + port, {})
                lanes = {L["lane"]: L for L in x["dom_lanes"]}
                for k, v in dom.items():
                    for kind, field in (("rx", "power"), ("tx", "bias"), ("tx", "power")):
                        pre = kind + "%d" + field
                        for lane in range(1, 9):
                            if k == pre % lane and v != "N/A":
                                m = {"rxpower": "rx_dbm", "txbias": "bias_ma", "txpower": "tx_dbm"}[kind + field]
                                got = val(lanes.get(lane, {}).get(m, {}))
                                check(near(got, v), "%s %s lane %d %s: %r, STATE_DB %s" % (name, port, lane, m, got, v))
                                n_values += 1
                for k, m in (("temperature", "temp_c"), ("voltage", "volt_v")):
                    if k in dom:
                        got = val(lanes.get(0, {}).get(m, {}))
                        check(near(got, dom[k]), "%s %s %s: %r, STATE_DB %s" % (name, port, m, got, dom[k]))
                        n_values += 1
                limits = [("rxpower", 1, "rx_dbm"), ("txbias", 1, "bias_ma"), ("txpower", 1, "tx_dbm"),
                          ("temp", 0, "temp_c"), ("vcc", 0, "volt_v")]
                for pre, lane, m in limits:
                    want = [thr.get(pre + s) for s in ("highalarm", "lowalarm", "highwarning", "lowwarning")]
                    got = lanes.get(lane, {}).get(m, {})
                    if None in want or not isinstance(got, dict) or "value" not in got:
                        continue
                    if "N/A" in want:   # the module states no limits: none in the model
                        check("thresholds" not in got, "%s %s %s: limits where the module states none" % (name, port, m))
                        continue
                    have = [got.get("thresholds", {}).get(k) for k in ("high_alarm", "low_alarm", "high_warning", "low_warning")]
                    check(all(near(a, b) for a, b in zip(have, want)), "%s %s %s limits %s, STATE_DB %s" % (
                        name, port, m, have, want))
                    n_values += 4
    print("transceiver EEPROM: %d modules, %d values equal to the STATE_DB they were printed from" % (n_ports, n_values))


def snapshot(tmp, name, outputs):
    """A snapshot of one SONiC device: outputs = [(command, encoding, filename, text)]."""
    d = os.path.join(tmp, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(os.path.join(d, "devices/sw"))
    for cmd, enc, fn, text in outputs:
        open(os.path.join(d, "devices/sw", fn), "w", newline="").write(text)
    open(os.path.join(d, "inventory.yaml"), "w").write(
        "version: 1\nfabric: {profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, cnp_dscp: 48, mtu: 9000}}\n"
        "devices:\n  - {name: sw, platform: sonic}\n")
    json.dump({"format": "fabcheck-snapshot", "format_version": 1, "created": "2026-12-02T00:00:00Z",
               "tool_version": "0.1.0", "inventory": "inventory.yaml",
               "devices": [{"name": "sw", "platform": "sonic", "status": "ok", "errors": [], "outputs": [
                   {"command": c, "encoding": e, "file": "devices/sw/" + f} for c, e, f, _ in outputs]}]},
              open(os.path.join(d, "manifest.json"), "w"))
    r = subprocess.run([FABCHECK, "parse", d, "--device", "sw"], capture_output=True, text=True)
    check(r.returncode == 0, "parse %s: exit %d %s" % (name, r.returncode, r.stderr[:300]))
    m = fcmodel.loads(r.stdout) if r.returncode == 0 else [{}]
    return m[0] if isinstance(m, list) else m


def pfc_ecn(tmp):
    cfg_path = os.path.join(UT, "mock_tables/config_db.json")
    cfg = open(cfg_path).read()
    pfc = strings(os.path.join(UT, "pfc_input/assert_show_output.py"))["pfc_show_priority_all"]
    ecn = strings(os.path.join(UT, "ecn_input/ecn_test_vectors.py"))["ecn_show_config_output"]
    for noisy in (False, True):
        p, e = pfc, ecn
        if noisy:
            p = "admin@sonic:~$ show pfc priority\r\n" + pfc.replace("\n", "\r\n")
            e = "admin@sonic:~$ ecnconfig -l\r\n" + ecn.replace("\n", "\r\n") + "Total profiles: 1\r\n"
        dev = snapshot(tmp, "mock", [("show runningconfiguration all", "json", "config_db.json", cfg),
                                     ("show pfc priority", "text", "show_pfc_priority.txt", p),
                                     ("ecnconfig -l", "text", "ecnconfig_-l.txt", e)])
        conflicts = dev.get("conflicts", [])
        check(not conflicts, "sonic-utilities' expected outputs differ from the mock CONFIG_DB: %s" % conflicts[:3])
        ifs = {i["name"]: i for i in dev.get("interfaces", [])}
        for port in ("Ethernet0", "Ethernet4"):
            check(val(ifs.get(port, {}).get("pfc_prios_mask", {})) == 0x18, "%s: PFC priorities %r, expected 3,4" % (
                port, ifs.get(port, {}).get("pfc_prios_mask")))
        nu = [u["text"] for u in dev.get("not_understood", []) if "show_pfc" in u["source"] or "ecnconfig" in u["source"]]
        check(not nu, "%snot understood in the state outputs: %s" % ("(noisy) " if noisy else "", nu[:4]))
    print("show pfc priority and ecnconfig -l: every value equal to the mock CONFIG_DB (with and without capture noise)")
    # a running value that differs: listed with both sources, the running one used
    e2 = ecn.replace("ecn                      ecn_all", "ecn                      ecn_none")
    p2 = pfc.replace("Ethernet4    3,4", "Ethernet4    3")
    dev = snapshot(tmp, "differs", [("show runningconfiguration all", "json", "config_db.json", cfg),
                                    ("show pfc priority", "text", "show_pfc_priority.txt", p2),
                                    ("ecnconfig -l", "text", "ecnconfig_-l.txt", e2)])
    conflicts = sorted((c.get("port", ""), c["field"], c["used"], c["other"], c["used_source"].rsplit("/", 1)[-1].split(":")[0],
                        c["other_source"].rsplit("/", 1)[-1].split(":")[0]) for c in dev.get("conflicts", []))
    check(conflicts == [("", "WRED_PROFILE|AZURE_LOSSLESS ecn", "ecn_none", "ecn_all", "ecnconfig_-l.txt", "config_db.json"),
                        ("Ethernet4", "PORT_QOS_MAP pfc_enable", "3", "3,4", "show_pfc_priority.txt", "config_db.json")],
          "differences: %s" % conflicts)
    check(not [u for u in dev.get("not_understood", []) if " shows " in u["text"]], "a conflict listed as not understood")
    ifs = {i["name"]: i for i in dev.get("interfaces", [])}
    check(val(ifs["Ethernet4"]["pfc_prios_mask"]) == 0x8, "the running PFC priorities are not the ones used")
    print("a running value that differs from CONFIG_DB: listed with both sources, the running one used")


def counters(tmp):
    """show pfc counters --history as sonic-utilities' pfcstat tests expect it: every port's
    transitions and pause time per priority, as the text gives them (read independently here)."""
    texts = strings(os.path.join(UT, "pfcstat_input/assert_show_output.py"))
    n = 0
    for name in ("show_pfc_counters_history_output", "show_pfc_counters_history_all"):
        text = texts[name]
        dev = parse_one(tmp, "show pfc counters --history", text)
        got = {(i["name"], k): v for i in dev["interfaces"] for k, v in i["stats"].get("value", {}).items()}
        want = {}
        for line in text.splitlines()[2:]:
            w = line.split()
            if len(w) >= 5 and w[0].startswith("Ethernet"):
                p = int(w[1][3:])
                if w[2] != "N/A":   # a priority never paused: no value, nothing in the model
                    want[(w[0], "rx_pfc%d_pause_transitions" % p)] = int(w[2].replace(",", ""))
                if w[3] != "N/A":
                    want[(w[0], "rx_pfc%d_pause_us" % p)] = int(w[3].replace(",", ""))
        check(got == want, "%s: %d values differ" % (name, len(set(got.items()) ^ set(want.items()))))
        nu = [u["text"] for u in dev["not_understood"]]
        check(not nu, "%s: not understood: %s" % (name, nu[:3]))
        n += len(want)
    print("show pfc counters --history: %d values equal to the text (groups of rows between blank lines, backplane "
          "ports included)" % n)


def pg_lookup(tmp):
    """Every pg_profile_lookup.ini parses, row for row; the SKU's table is what HR-SIZE requires, and
    what buffermgrd gives a PFC port CONFIG_DB has no lossless BUFFER_PG for."""
    manifest = os.path.join(SHARED, "realdata/MANIFEST.tsv")
    inis = [x.split("\t")[0] for x in open(manifest).read().splitlines()[1:] if x.split("\t")[0].endswith("pg_profile_lookup.ini")]
    total = 0
    for path in inis:
        text = open(os.path.join(SHARED, "realdata", path)).read()
        want = [x.split() for x in text.splitlines() if x.strip() and not x.lstrip().startswith("#")]
        dev = parse_one(tmp, "cat pg_profile_lookup.ini", text)
        got = [(r["speed_mbps"], r["cable_m"], r["xoff"]) for r in dev["headroom_table"]]
        check(got == [(int(w[0]), float(w[1][:-1]), int(w[4])) for w in want], "%s: rows differ" % path)
        check(not dev["not_understood"], "%s: not understood: %s" % (path, dev["not_understood"][:2]))
        total += len(got)
    print("pg_profile_lookup.ini: %d files, %d rows, each equal to the file's (speed, cable, xoff)" % (len(inis), total))
    sn5600 = [p for p in inis if "/ACS-SN5600/" in p]
    if not sn5600:
        print("pg_profile_lookup.ini on the example: SKIPPED (no ACS-SN5600 table in realdata)")
        skipped.append("pg_profile_lookup")
        return
    ini = open(os.path.join(SHARED, "realdata", sn5600[0])).read()
    ex = os.path.join(ROOT, "inventories/examples/sonic-leaves")

    def with_ini(name, edit=None):
        d = os.path.join(tmp, name)
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(ex, d)
        open(os.path.join(d, "devices/leaf3/pg_profile_lookup.ini"), "w").write(ini)
        man = json.load(open(os.path.join(d, "manifest.json")))
        leaf3 = next(x for x in man["devices"] if x["name"] == "leaf3")
        leaf3["outputs"].append({"command": "cat pg_profile_lookup.ini", "encoding": "text",
                                 "file": "devices/leaf3/pg_profile_lookup.ini"})
        json.dump(man, open(os.path.join(d, "manifest.json"), "w"), indent=1)
        if edit:
            p = os.path.join(d, "devices/leaf3/config_db.json")
            cfg = json.load(open(p))
            edit(cfg)
            json.dump(cfg, open(p, "w"), indent=4)
        r = subprocess.run([FABCHECK, "validate", d, "--format", "json"], capture_output=True, text=True)
        check(r.returncode in (0, 1), "validate %s: exit %d %s" % (name, r.returncode, r.stderr[:200]))
        return {x["subject"]: x for x in json.loads(r.stdout)["findings"] if x["rule"] == "HR-SIZE" and "leaf3:" in x["subject"]}

    def ini_line(f, end):
        ev = [e for e in f["evidence"] if e["end"] == end and e["what"] == "headroom model"]
        src = ev[0].get("source") if ev else None
        return open(src["file"]).read().split("\n")[src["line"] - 1].split() if src else None
    # the example's xoff (159680, the IEEE formula for 150 m at 400G) against NVIDIA's table for the
    # SN5600: 400G needs 677888 B in the 300 m bucket; the 5 m host links are covered
    hr = with_ini("sn5600-table")
    isl = [f for s_, f in hr.items() if "spine" in s_]
    hosts = [f for s_, f in hr.items() if "spine" not in s_]
    check(len(isl) == 2 and all(f["status"] == "fail" for f in isl), "ISLs with the SN5600 table: %s" % [f["status"] for f in isl])
    check(len(hosts) == 6 and all(f["status"] == "pass" for f in hosts), "host links with the SN5600 table: %s" % [
        (f["subject"], f["status"]) for f in hosts])
    row = ini_line(isl[0], "leaf3:" + isl[0]["subject"].split(" ")[0].split(":")[1]) if isl else None
    check(row == ["400000", "300m", "697344", "19456", "677888", "0"], "the ISL's requirement is not the table's 400G/300m row: %s" % row)
    print("the switch's own table (ACS-SN5600): leaf3's 400G ISLs fail (xoff 159680 < 677888, %s), its 6 host links pass"
          % " ".join(row or []))
    # CONFIG_DB without the lossless BUFFER_PG: buffermgrd's profile from the table, by speed and CABLE_LENGTH

    def no_pg(cfg):
        for k in [k for k in cfg["BUFFER_PG"] if k.endswith("|3")]:
            del cfg["BUFFER_PG"][k]
        del cfg["BUFFER_PROFILE"]["pg_lossless_ai_profile"]
    hr = with_ini("sn5600-buffermgrd", no_pg)
    check(len(hr) == 8 and all(f["status"] == "pass" for f in hr.values()), "buffermgrd's profiles: %s" % [
        (k, f["status"], f["message"][:80]) for k, f in hr.items()][:3])
    ev = [e for f in hr.values() for e in f["evidence"] if e["what"] == "headroom" and e["end"].startswith("leaf3:")]
    check(ev and all("buffermgrd makes pg_lossless_" in e["value"] and e["source"]["file"].endswith("pg_profile_lookup.ini")
                     for e in ev), "buffermgrd's profile evidence: %s" % [e["value"] for e in ev][:2])
    print("no lossless BUFFER_PG in CONFIG_DB: the 8 ports get buffermgrd's profiles from the table (%s)" % ev[0]["value"][:90])


def main():
    if not os.path.isdir(UT):
        print("SKIPPED: no %s (set FABCHECK_SHARED)" % UT)
        sys.exit(77)
    tmp = tempfile.mkdtemp()
    try:
        state = json.load(open(os.path.join(UT, "mock_tables/state_db.json")))
        eeprom(tmp, {k: v for k, v in strings(os.path.join(UT, "sfp_test.py")).items() if "EEPROM" in v}, state)
        pfc_ecn(tmp)
        counters(tmp)
        pg_lookup(tmp)
    finally:
        shutil.rmtree(tmp)
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
    if skipped:
        sys.exit(77)


main()
