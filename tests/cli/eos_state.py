#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""EOS state readers against material nobody here wrote (../shared/realdata), field by field:

- show interfaces (eAPI JSON): napalm's get_interfaces mocks against napalm's expected results
  (enabled, up, description, MTU, speed, MAC), and every other show interfaces JSON (suzieq's vEOS
  captures, ANTA's fixtures) value by value against the JSON itself;
- show interfaces (CLI text): every ntc-templates capture against ntc's expected parse (admin and
  line state, description, MTU, bandwidth, MAC), with the noise real captures carry too (a prompt
  line, CR CR LF line ends, indentation kept);
- show interfaces transceiver: napalm's get_optics mock against its expected result (Tx, Rx, bias);
- show interfaces transceiver dom thresholds and show priority-flow-control counters: ANTA's
  fixtures value by value (every channel, every threshold given, every counter);
- show version: suzieq's capture.
- the per-lane rows of show interfaces transceiver: ntc's capture (Et3/17/1-3, one module: one
  temperature and voltage, three biases) with a running-config of ours forcing Et3/17/1 to 100g-4:
  the rows are lanes 1-3 of that port, not ports; without a lane count, ports as printed. And an EOS
  400g-8 port cabled to a SONiC port by single-mode fibre: DDM-LINK-BUDGET compares the eight lanes
  of each end, and finds the lane that loses too much.
Nothing may be an error; a reply not read (phy detail, descriptions) is said to be not read.

usage: eos_state.py FABCHECK
"""
import glob
import json
import math
import os
import subprocess
import sys
import shutil
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fixtures"))
import sonic_leaf  # noqa: E402
import fcmodel  # noqa: E402  (fabcheck parse output, expanded)

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.environ.get("FABCHECK_SHARED", os.path.join(ROOT, "..", "shared"))
R = os.path.join(SHARED, "realdata")
if not os.path.isdir(R):
    print("SKIP: %s not present (set FABCHECK_SHARED)" % R)
    sys.exit(77)
failures = []
counts = {}
tmp = tempfile.mkdtemp()


def check(what, ok):
    counts[what.split(":")[0]] = counts.get(what.split(":")[0], 0) + 1
    if not ok:
        failures.append(what)


def parse(command, path, encoding="json"):
    p = subprocess.run([FABCHECK, "parse", "--platform", "eos", "--command", command, "--encoding", encoding, path],
                       capture_output=True, text=True)
    if p.returncode != 0:
        failures.append("%s %s: exit %d: %s" % (command, path, p.returncode, p.stderr.strip()[:300]))
        return None
    return fcmodel.loads(p.stdout)


def val(x):
    return x.get("value") if isinstance(x, dict) else None


def ifaces(m):
    return {i["name"]: i for i in m["interfaces"]}


def write(obj, name):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        json.dump(obj, f, indent=1)
    return path


def close(a, b):
    return a is not None and b is not None and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


# --- show interfaces JSON: napalm's expected results -----------------------------------------------
NAP = os.path.join(R, "napalm-automation+napalm/test/eos/mocked_data")
for case in sorted(glob.glob(os.path.join(NAP, "test_get_interfaces/*/"))):
    m = parse("show interfaces", os.path.join(case, "show_interfaces.json"))
    if not m:
        continue
    raw = json.load(open(os.path.join(case, "show_interfaces.json")))["interfaces"]
    exp = json.load(open(os.path.join(case, "expected_result.json")))
    got = ifaces(m)
    for name, e in exp.items():
        if not name.startswith(("Ethernet", "Port-Channel")):
            check("napalm interfaces: %s skipped (not a fabric port)" % name, name not in got)
            continue
        g = got.get(name, {})
        check("napalm interfaces: %s enabled" % name, (val(g.get("admin_state")) == "up") == e["is_enabled"])
        check("napalm interfaces: %s up" % name, (val(g.get("oper_state")) == "up") == e["is_up"])
        check("napalm interfaces: %s description" % name, (val(g.get("description")) or "") == e["description"])
        routed = raw[name].get("forwardingModel") == "routed"
        check("napalm interfaces: %s mtu" % name, val(g.get("mtu")) == e["mtu"] + (18 if routed else 0))
        if e["speed"] > 0:
            # the model holds whole Mb/s: vEOS's 2.5 Mb/s bandwidth is 2
            check("napalm interfaces: %s speed" % name, val(g.get("speed_mbps")) == int(e["speed"]))
        else:
            check("napalm interfaces: %s speed unknown (bandwidth 0)" % name, val(g.get("speed_mbps")) is None)
        if e.get("mac_address"):
            check("napalm interfaces: %s mac" % name, (val(g.get("mac")) or "").lower() == e["mac_address"].lower())

# --- show interfaces JSON elsewhere: value by value against the document ---------------------------
others = glob.glob(os.path.join(R, "netenglabs+suzieq/extracted/eos-input__interfaces/*.json"))
others += glob.glob(os.path.join(NAP, "test_get_facts/*/show_interfaces.json"))
others += glob.glob(os.path.join(NAP, "test_get_interfaces_counters/*/show_interfaces.json"))
anta = os.path.join(R, "aristanetworks+anta/extracted_eos_data")
for f in sorted(glob.glob(os.path.join(anta, "Verify*.json"))):
    for k, el in enumerate(json.load(open(f))):
        if isinstance(el, dict) and "interfaces" in el and any(
                isinstance(v, dict) and ("bandwidth" in v or "mtu" in v) for v in el["interfaces"].values()):
            others.append(write(el, "%s.%d.json" % (os.path.basename(f), k)))
for f in sorted(others):
    m = parse("show interfaces", f)
    if not m:
        continue
    raw = json.load(open(f))["interfaces"]
    got = ifaces(m)
    for name, x in raw.items():
        if not name.startswith(("Ethernet", "Port-Channel")):
            continue
        g = got.get(name, {})
        st = x.get("interfaceStatus")
        if st:
            check("json interfaces: %s %s admin" % (f, name),
                  val(g.get("admin_state")) == ("down" if st in ("disabled", "adminDown") else "up"))
            check("json interfaces: %s %s oper" % (f, name),
                  val(g.get("oper_state")) == ("up" if st in ("connected", "up") and
                                               x.get("lineProtocolStatus", "up") == "up" else "down"))
        if x.get("bandwidth"):
            check("json interfaces: %s %s speed" % (f, name), val(g.get("speed_mbps")) == x["bandwidth"] // 1000000)
        if "mtu" in x and x.get("forwardingModel") in ("routed", "bridged", "dataLink"):
            want = x["mtu"] + 18 if x["forwardingModel"] == "routed" else x["mtu"]
            check("json interfaces: %s %s mtu" % (f, name), val(g.get("mtu")) == want)
        cnt = x.get("interfaceCounters", {})
        if "fcsErrors" in cnt.get("inputErrorsDetail", {}):
            check("json interfaces: %s %s crc" % (f, name),
                  val(g.get("crc_errors")) == cnt["inputErrorsDetail"]["fcsErrors"])
        if "linkStatusChanges" in cnt:
            check("json interfaces: %s %s link status changes" % (f, name),
                  val(g.get("resets")) == cnt["linkStatusChanges"])
    check("json interfaces: %s nothing not understood" % f, m["not_understood"] == [])

# --- show interfaces text: ntc-templates' expected parse -------------------------------------------
import yaml  # noqa: E402  (python3-yaml, installed with the test packages)
NTC = os.path.join(R, "networktocode+ntc-templates/tests/arista_eos/show_interfaces")
for raw in sorted(glob.glob(os.path.join(NTC, "*.raw"))):
    exp = yaml.safe_load(open(raw[:-4] + ".yml"))["parsed_sample"]
    text = open(raw).read()
    noisy = os.path.join(tmp, os.path.basename(raw) + ".noisy")
    with open(noisy, "w", newline="") as f:
        f.write("leaf1#show interfaces\r\r\n" + text.replace("\n", "\r\r\n") + "leaf1#")
    for path in (raw, noisy):
        m = parse("show interfaces", path, "text")
        if not m:
            continue
        got = ifaces(m)
        for e in exp:
            name = e["interface"]
            if not name.startswith(("Ethernet", "Port-Channel")):
                check("ntc text: %s skipped" % name, name not in got)
                continue
            g = got.get(name, {})
            tag = "ntc text: %s %s" % (os.path.basename(path), name)
            check(tag + " admin", val(g.get("admin_state")) ==
                  ("down" if e["link_status"] == "administratively down" else "up"))
            check(tag + " oper", val(g.get("oper_state")) ==
                  ("up" if e["link_status"] == "up" and e["protocol_status"].startswith("up") else "down"))
            check(tag + " description", (val(g.get("description")) or "") == e["description"])
            check(tag + " mac", (val(g.get("mac")) or "") == e["mac_address"])
            if e["mtu"]:
                ip = "IP MTU %s bytes" % e["mtu"]
                blocks = {}
                for ln in text.splitlines():
                    if ln and not ln[0].isspace():
                        cur = blocks.setdefault(ln.split(" is ")[0], [])
                    cur.append(ln)
                routed = any(x.strip().startswith("IP MTU") for x in blocks[name])
                got_mtu = val(g.get("mtu"))
                check(tag + " mtu", got_mtu == int(e["mtu"]) + (18 if routed else 0))
            if e["bandwidth"]:
                check(tag + " bandwidth", val(g.get("speed_mbps")) == int(e["bandwidth"].split()[0]) // 1000)
        check("ntc text: %s nothing not understood" % os.path.basename(path),
              [u["text"] for u in m["not_understood"]] == [])

# --- the other CLI tables: ntc-templates' expected parses ---------------------------------------
BASE = os.path.join(R, "networktocode+ntc-templates/tests/arista_eos")


def full(port):
    for a, b in (("Ethernet", "Ethernet"), ("Et", "Ethernet"), ("Port-Channel", "Port-Channel"), ("Po", "Port-Channel")):
        if port.startswith(a) and port[len(a):][:1].isdigit():
            return b + port[len(a):]
    return None


def num(x):
    try:
        return float(x)
    except ValueError:
        return None


def ntc(sub, command):
    for raw in sorted(glob.glob(os.path.join(BASE, sub, "*.raw"))):
        m = parse(command, raw, "text")
        if m:
            yield os.path.basename(raw), ifaces(m), yaml.safe_load(open(raw[:-4] + ".yml"))["parsed_sample"], m


def spd(x):
    x = x[2:] if x.startswith("a-") else x
    return int(float(x[:-1]) * (1000 if x.endswith("G") else 1)) if x[:-1].replace(".", "").isdigit() else None


for raw, got, exp, m in ntc("show_interfaces_status", "show interfaces status"):
    for e in exp:
        name = full(e["port"])
        if not name:
            check("ntc status: %s %s skipped" % (raw, e["port"]), True)
            continue
        g = got[name]
        tag = "ntc status: %s %s" % (raw, name)
        check(tag + " admin", val(g["admin_state"]) == ("down" if e["status"] == "disabled" else "up"))
        check(tag + " oper", val(g["oper_state"]) == ("up" if e["status"] == "connected" else "down"))
        check(tag + " speed", val(g["speed_mbps"]) == spd(e["speed"]))
        if "full" in e["duplex"] or "half" in e["duplex"]:
            check(tag + " duplex", val(g["duplex"]) == ("full" if "full" in e["duplex"] else "half"))
        t = g["transceiver"]
        if e["type"] == "Not Present":
            check(tag + " absent", val(t["present"]) is False)
        elif e["type"] != "N/A":
            check(tag + " type", val(t["type"]) == e["type"])
    check("ntc status: %s nothing not understood" % raw, m["not_understood"] == [])

KEY = {"temp": "temp_c", "voltage": "volt_v", "bias_current": "bias_ma", "tx_power": "tx_dbm", "rx_power": "rx_dbm"}
for raw, got, exp, m in ntc("show_interfaces_transceiver", "show interfaces transceiver"):
    for e in exp:
        lane = got[full(e["port"])]["transceiver"]["dom_lanes"][0]
        for k, mk in KEY.items():
            check("ntc transceiver: %s %s" % (e["port"], k), close(val(lane[mk]), num(e[k])) if num(e[k]) is not None
                  else val(lane[mk]) is None)
TYPE = {"Temperature": "temp_c", "Voltage": "volt_v", "Current": "bias_ma", "Tx Power": "tx_dbm", "Rx Power": "rx_dbm"}
for raw, got, exp, m in ntc("show_interfaces_transceiver_detail", "show interfaces transceiver detail"):
    for e in exp:
        dv = got[full(e["port"])]["transceiver"]["dom_lanes"][0][TYPE[e["type"]]]
        tag = "ntc transceiver detail: %s %s" % (e["port"], e["type"])
        check(tag + " value", close(val(dv), num(e["current_value"])))
        for k, mk in (("high_alarm_threshold", "high_alarm"), ("high_warn_threshold", "high_warning"),
                      ("low_alarm_threshold", "low_alarm"), ("low_warn_threshold", "low_warning")):
            check(tag + " " + k, close(dv["thresholds"][mk], num(e[k])))
for raw, got, exp, m in ntc("show_interfaces_transceiver_hardware", "show interfaces transceiver hardware"):
    for e in exp:
        g = got.get(full(e["name"]) or "-")
        if g is None:
            continue
        if e["media_type"]:
            check("ntc transceiver hardware: %s %s type" % (raw, e["name"]), val(g["transceiver"]["type"]) == e["media_type"])
        if e.get("module_presence") == "not detected":
            check("ntc transceiver hardware: %s %s absent" % (raw, e["name"]), val(g["transceiver"]["present"]) is False)
for raw, got, exp, m in ntc("show_lldp_neighbors_detail", "show lldp neighbors detail"):
    first = {}
    for e in exp:
        first.setdefault(e["local_interface"], e)
    for local, e in first.items():
        name = full(local)
        if not name:
            continue
        g = got[name]
        check("ntc lldp: %s system name" % local, val(g["lldp_system_name"]) == (e["neighbor_name"] or e["chassis_id"]))
        check("ntc lldp: %s port" % local, val(g["lldp_port"]) == e["neighbor_interface"])
    many = sum(1 for k in first if full(k) and sum(x["local_interface"] == k for x in exp) > 1)
    check("ntc lldp: second neighbours listed", len(m["not_understood"]) == many)

# --- show interfaces transceiver: napalm's get_optics ---------------------------------------------
case = os.path.join(NAP, "test_get_optics/normal")
m = parse("show interfaces transceiver", os.path.join(case, "show_interfaces_transceiver.json"))
if m:
    got = ifaces(m)
    for name, e in json.load(open(os.path.join(case, "expected_result.json"))).items():
        st = e["physical_channels"]["channel"][0]["state"]
        lane = got[name]["transceiver"]["dom_lanes"][0]
        check("napalm optics: %s tx" % name, close(val(lane["tx_dbm"]), st["output_power"]["instant"]))
        check("napalm optics: %s rx" % name, close(val(lane["rx_dbm"]), st["input_power"]["instant"]))
        check("napalm optics: %s bias" % name, close(val(lane["bias_ma"]), st["laser_bias_current"]["instant"]))

# --- ANTA: dom thresholds, PFC counters -----------------------------------------------------------
NOT_READ = {}
KEYS = {"rxPower": "rx_dbm", "txPower": "tx_dbm", "txBias": "bias_ma", "temperature": "temp_c", "voltage": "volt_v"}
TH = {"highAlarm": "high_alarm", "lowAlarm": "low_alarm", "highWarn": "high_warning", "lowWarn": "low_warning"}
for f in sorted(glob.glob(os.path.join(anta, "Verify*.json"))):
    for k, el in enumerate(json.load(open(f))):
        if not isinstance(el, dict):
            continue
        if "interfaces" in el and any(isinstance(v, dict) and ("parameters" in v or "displayName" in v)
                                      for v in el["interfaces"].values()):
            m = parse("show interfaces transceiver dom thresholds", write(el, "dom%d.json" % k))
            if not m:
                continue
            got = ifaces(m)
            for name, x in el["interfaces"].items():
                for pk, p in x.get("parameters", {}).items():
                    for ch, v in p["channels"].items():
                        lanes = {ln["lane"]: ln for ln in got[name]["transceiver"]["dom_lanes"]}
                        dv = lanes[0 if ch == "-" else int(ch)][KEYS[pk]]
                        check("anta dom: %s %s %s" % (name, pk, ch), close(val(dv), v))
                        for tk, tv in p.get("threshold", {}).items():
                            if tk in TH:
                                check("anta dom thresholds: %s %s %s" % (name, pk, tk), close(dv["thresholds"][TH[tk]], tv))
        elif "interfacePhyStatuses" in el:
            m = parse("show interfaces phy detail", write(el, "phy%d.json" % k))
            if not m:
                continue
            got = ifaces(m)
            for name, x in el["interfacePhyStatuses"].items():
                line = [p for p in x.get("phyStatuses", []) if p.get("description", {}).get("location", "line") == "line"
                        and "correctedCodewords" in p.get("fec", {})]
                fec = val(got[name]["fec_active"]) if name in got else None
                check("anta phy: %s fec" % name, fec == ("rs" if line else None))
        elif "interfaceCounters" in el and all("rxFrames" in v for v in el["interfaceCounters"].values()):
            m = parse("show priority-flow-control counters", write(el, "pfc%d.json" % k))
            if not m:
                continue
            got = ifaces(m)
            for name, x in el["interfaceCounters"].items():
                check("anta pfc: %s rx" % name, val(got[name]["rx_ppp"]) == x["rxFrames"])
                check("anta pfc: %s tx" % name, val(got[name]["tx_ppp"]) == x["txFrames"])
        elif "interfaceDescriptions" in el:
            m = parse("show interfaces description", write(el, "desc%d.json" % k))
            if not m:
                continue
            got = ifaces(m)
            for name, x in el["interfaceDescriptions"].items():
                if not name.startswith(("Ethernet", "Port-Channel")):
                    continue
                check("anta descriptions: %s description" % name, val(got[name]["description"]) == x["description"])
                check("anta descriptions: %s admin" % name, val(got[name]["admin_state"]) ==
                      ("down" if x["interfaceStatus"] == "adminDown" else "up"))
                check("anta descriptions: %s oper" % name, val(got[name]["oper_state"]) ==
                      ("up" if x["interfaceStatus"] == "up" and x["lineProtocolStatus"] == "up" else "down"))
        elif "intfQueueCounters" in el or "egressQueueCounters" in el:
            ecn = "intfQueueCounters" in el
            m = parse("show qos interfaces ecn counters queue" if ecn else "show interfaces counters queue drops",
                      write(el, "q%d.json" % k))
            if not m:
                continue
            got = ifaces(m)
            want = {}
            if ecn:
                for name, x in el["intfQueueCounters"].items():
                    for q, v in x["queueCounters"].items():
                        want[(name, "tx_queue%s_ecn_marked" % q)] = None if v == "-" else int(v)
            else:
                for name, x in el["egressQueueCounters"]["interfaces"].items():
                    for kind, kn in (("ucastQueues", "ucast"), ("mcastQueues", "mcast")):
                        for tc, tv in x.get(kind, {}).get("trafficClasses", {}).items():
                            for dp, dv in tv["dropPrecedences"].items():
                                want[(name, "tx_%s_%s_%s_dropped" % (kn, tc, dp))] = dv["droppedPackets"]
            for (name, stat), v in want.items():
                st = (got[name].get("stats") or {}).get("value") or {}
                check("anta queue counters: %s %s" % (name, stat), st.get(stat) == v)
        elif not ("interfaces" in el and any(isinstance(v, dict) and ("bandwidth" in v or "mtu" in v)
                                             for v in el["interfaces"].values())):   # show interfaces: above
            NOT_READ[next(iter(el))] = NOT_READ.get(next(iter(el)), 0) + 1

# --- per-lane rows of show interfaces transceiver ----------------------------------------------


def snapshot(name, devices, links=()):
    """devices: {name: (platform, [(command, encoding, filename, text)])}; parsed whole, and validated."""
    d = os.path.join(tmp, name)
    shutil.rmtree(d, ignore_errors=True)
    man = []
    for dev, (plat, outs) in devices.items():
        os.makedirs(os.path.join(d, "devices", dev))
        for cmd, enc, fn, text in outs:
            src = text[1:] if text.startswith("@") else None   # "@path": the capture as it is
            if src:
                shutil.copy(src, os.path.join(d, "devices", dev, fn))
            else:
                open(os.path.join(d, "devices", dev, fn), "w").write(text)
        man.append({"name": dev, "platform": plat, "status": "ok", "errors": [],
                    "outputs": [{"command": c, "encoding": e, "file": "devices/%s/%s" % (dev, f)} for c, e, f, _ in outs]})
    json.dump({"version": 1, "fabric": {"profile": "lossless_dcqcn",
                                        "roce": {"priority": 3, "dscp": 26, "cnp_dscp": 48, "mtu": 9000}},
               "devices": [{"name": k, "platform": v[0]} for k, v in devices.items()], "links": list(links)},
              open(os.path.join(d, "inventory.json"), "w"))
    json.dump({"format": "fabcheck-snapshot", "format_version": 1, "created": "2026-12-05T00:00:00Z",
               "tool_version": "test", "inventory": "inventory.json", "devices": man},
              open(os.path.join(d, "manifest.json"), "w"))
    r = subprocess.run([FABCHECK, "parse", d], capture_output=True, text=True)
    check("lanes: parse %s" % name, r.returncode == 0)
    v = subprocess.run([FABCHECK, "validate", d, "--format", "json"], capture_output=True, text=True)
    return ({x["name"]: x for x in fcmodel.loads(r.stdout)} if r.returncode == 0 else {},
            json.loads(v.stdout) if v.stdout.startswith("{") else {"findings": []})


def lanes(ifc):
    return {ln["lane"]: ln for ln in ifc["transceiver"].get("dom_lanes", [])}


CAP = os.path.join(BASE, "show_interfaces_transceiver/arista_eos_show_interfaces_transceiver.raw")
if os.path.exists(CAP):
    RUN = ("hostname e1\n!\ninterface Ethernet3/17/1\n   speed 100g-4\n   no switchport\n!\n"
           "interface Ethernet3/17/2\n!\ninterface Ethernet3/17/3\n!\ninterface Ethernet3/17/4\n!\nend\n")
    exp = {e["port"]: e for e in yaml.safe_load(open(CAP[:-4] + ".yml"))["parsed_sample"]}
    m, _ = snapshot("eos-lanes", {"e1": ("eos", [("show running-config", "text", "running-config.txt", RUN),
                                                 ("show interfaces transceiver", "text", "xcvr.txt", "@" + CAP)])})
    ifs = ifaces(m["e1"]) if m else {}
    got = lanes(ifs.get("Ethernet3/17/1", {"transceiver": {}}))
    for n in (1, 2, 3):
        e = exp["Et3/17/%d" % n]
        check("lanes: Et3/17/1 lane %d bias" % n, close(val(got.get(n, {}).get("bias_ma", {})), num(e["bias_current"])))
        check("lanes: Et3/17/1 lane %d rx" % n, close(val(got.get(n, {}).get("rx_dbm", {})), num(e["rx_power"])))
        check("lanes: Et3/17/1 lane %d tx" % n, close(val(got.get(n, {}).get("tx_dbm", {})), num(e["tx_power"])))
    check("lanes: the module's temperature once", close(val(got.get(0, {}).get("temp_c", {})),
                                                          num(exp["Et3/17/1"]["temp"])))
    for n in (2, 3):
        t = ifs.get("Ethernet3/17/%d" % n, {}).get("transceiver", {})
        check("lanes: Et3/17/%d is no port with DOM of its own" % n, not t.get("dom_lanes") and
              "lane %d of Ethernet3/17/1" % n in json.dumps(t.get("dom_supported")))
    check("lanes: Et3/1/1 (no lane count) keeps its row", 0 in lanes(ifs.get("Ethernet3/1/1", {"transceiver": {}})))
    print("per-lane rows: Et3/17/1-3 of ntc's capture are lanes 1-3 of Ethernet3/17/1 (100g-4): biases %s" % [
        val(got.get(n, {}).get("bias_ma", {})) for n in (1, 2, 3)])

    # EOS 400g-8 against SONiC over single-mode fibre: lane by lane
    def eos_rows(rx):
        out = ("Port      (Celsius)  (Volts)   (mA)      (dBm)     (dBm)     Last Update\n"
               "-----     ---------  --------  --------  --------  --------  -------------------\n")
        for k in range(8):
            out += "Et1/%d      38.10      3.29      7.50      1.00      %.2f     0:00:03 ago\n" % (k + 1, rx[k])
        return out
    EOS_RUN = ("hostname e1\n!\ninterface Ethernet1/1\n   speed 400g-8\n   error-correction encoding reed-solomon\n"
               "   no switchport\n   ip address 10.0.0.0/31\n!\n" +
               "".join("interface Ethernet1/%d\n!\n" % k for k in range(2, 9)) + "end\n")
    port = {"Ethernet0": {"x": {"type": "OSFP-400G-DR4", "dom": [(k + 1, 1.2, -1.0) for k in range(8)]}}}
    cfg = {"DEVICE_METADATA": {"localhost": {"hostname": "s1", "hwsku": "ACS-SN5600", "platform": "x86_64-nvidia_sn5600-r0"}},
           "PORT": {"Ethernet0": {"lanes": "0,1,2,3,4,5,6,7", "speed": "400000", "fec": "rs", "mtu": "9100",
                                  "admin_status": "up", "alias": "etp1"}}}
    link = {"a": "e1:Ethernet1/1", "b": "s1:Ethernet0", "cable": "fibre-sm", "length_m": 200}
    for case, rx in (("even", [-1.5] * 8), ("lane6", [-1.5] * 5 + [-9.0] + [-1.5] * 2)):
        _, rep = snapshot("eos-sonic-" + case, {
            "e1": ("eos", [("show running-config", "text", "running-config.txt", EOS_RUN),
                           ("show interfaces transceiver", "text", "xcvr.txt", eos_rows(rx))]),
            "s1": ("sonic", [("show runningconfiguration all", "json", "config_db.json", json.dumps(cfg)),
                             ("show interfaces transceiver eeprom --dom", "text", "eeprom.txt", sonic_leaf.eeprom(port))])},
            [link])
        f = [x for x in rep["findings"] if x["rule"] == "DDM-LINK-BUDGET"]
        st = f[0]["status"] if f else None
        msg = f[0]["message"] if f else ""
        if case == "even":
            check("lanes: EOS 400g-8 to SONiC, budget judged lane by lane (%s: %s)" % (st, msg), st == "pass")
        else:
            check("lanes: EOS lane 6 losing 10.2 dB warns, naming the lane (%s: %s)" % (st, msg),
                  st == "warn" and "lane 6" in msg)
        print("EOS 400g-8 <-> SONiC 400G over SMF, %s: DDM-LINK-BUDGET %s: %s" % (case, st, msg[:110]))

# --- show version ---------------------------------------------------------------------------------
for f in glob.glob(os.path.join(R, "netenglabs+suzieq/tests/integration/nossim/eos/*/*/show_version.json")):
    raw = json.load(open(f))
    raw = raw[0] if isinstance(raw, list) else raw
    m = parse("show version", f)
    if m:
        check("version: model", val(m["hw_model"]) == raw.get("modelName"))
        check("version: os", val(m["os_version"]) == raw.get("version"))

check("every ANTA fixture output is read (not read: %s)" % NOT_READ, not NOT_READ)
for k in sorted(counts):
    print("%-28s %4d values compared" % (k, counts[k]))
if failures:
    print("\n".join("FAIL: " + x for x in failures[:40]))
    sys.exit(1)
print("eos_state: all %d values equal" % sum(counts.values()))
