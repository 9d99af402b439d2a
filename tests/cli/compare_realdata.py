#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Compares fabcheck's parse of every NX-OS capture in shared/realdata that has a paired expected
parse (ntc-templates .yml, napalm expected_result.json) field by field where the meanings overlap,
through `fabcheck parse` (the model as JSON). Prints every disagreement and fails on any."""
import csv, json, os, subprocess, sys

import yaml
import fcmodel  # noqa: E402  (fabcheck parse output, expanded)

fabcheck, shared = sys.argv[1], os.environ.get("FABCHECK_SHARED", "../shared")
manifest = os.path.join(shared, "realdata", "MANIFEST.tsv")
if not os.path.exists(manifest):
    print("SKIP: %s not present" % manifest)
    sys.exit(77)

def ifname(n):
    """One spelling per port, as NX-OS's show interface has it: Eth1/1 and Ethernet1/1, Po10 and
    port-channel10, Lo10 and loopback10, and napalm's Management0 for mgmt0."""
    n = n.strip()
    for short, full in (("ethernet", "ethernet"), ("eth", "ethernet"), ("port-channel", "port-channel"),
                        ("po", "port-channel"), ("loopback", "loopback"), ("lo", "loopback")):
        if n.lower().startswith(short) and n[len(short):len(short) + 1].isdigit():
            n = full + n[len(short):]
            break
    if n == "Management0":
        n = "mgmt0"
    return n.lower()

def parse(path, command, encoding="text"):
    out = subprocess.run([fabcheck, "parse", "--platform", "nxos", "--command", command, "--encoding", encoding,
                          path], capture_output=True, text=True)
    assert out.returncode == 0, (path, out.stderr)
    d = fcmodel.loads(out.stdout)
    # what NX-OS alone says of a port (capabilities, service policies) is the adapter's, beside the model
    ports = d.get("adapter", {}).get("ports", {})
    for i in d["interfaces"]:
        i["nxos"] = ports.get(i["name"], {})
    return {ifname(i["name"]): i for i in d["interfaces"]}

def val(field):
    return field.get("value") if isinstance(field, dict) and "value" in field else None

def mac(s):
    return "".join(ch for ch in s.lower() if ch in "0123456789abcdef") if s else s

def speed(s):
    """'1000 Mb/s', '100 Gb/s', '10G', 'a-10G', '1000' -> Mb/s, None when not a speed."""
    s = s.strip().lower().replace("a-", "")
    try:
        if s.endswith("gb/s"):
            return int(float(s[:-4]) * 1000)
        if s.endswith("mb/s"):
            return int(float(s[:-4]))
        if s.endswith("g"):
            return int(float(s[:-1]) * 1000)
        return int(s)
    except ValueError:
        return None

compared = disagreed = missing = ambiguous = 0
problems = []
# Differences that are the other parser's, explained (file, interface, field) -> reason.
KNOWN = {
    ("cisco_nxos_show_interface_transceiver.raw", "ethernet1/47", "manufacturer"): "ntc keeps the first word of 'Arista Networks'",
    ("cisco_nxos_show_interface_transceiver4.raw", "ethernet1/47", "manufacturer"): "ntc keeps the first word of 'Arista Networks'",
    ("cisco_nxos_show_interface_transceiver5.raw", "ethernet1/47", "manufacturer"): "ntc keeps the first word of 'Arista Networks'",
    ("cisco_nxos_show_interface_transceiver2.raw", "ethernet1/52", "part_number"): "ntc keeps the first word of 'WDM QSFP+-40G-SR'",
    ("cisco_nxos_show_interface_transceiver2.raw", "ethernet1/59", "part_number"): "ntc keeps the first word of 'WDM QSFP+-40G-SR'",
    ("cisco_nxos_show_interface_transceiver3.raw", "ethernet1/52", "part_number"): "ntc keeps the first word of 'WDM QSFP+-40G-SR'",
    ("cisco_nxos_show_interface_transceiver3.raw", "ethernet1/59", "part_number"): "ntc keeps the first word of 'WDM QSFP+-40G-SR'",
}
KNOWN[("napalm-automation+napalm/test/nxos_ssh/mocked_data/test_get_interfaces/N93180_7_0_3_I7_2/show_interface.txt",
       "Port-channel1", "speed")] = "napalm reports the port-channel's aggregate BW; NX-OS prints the member speed"
known_seen = []
bw_speed = []

def check(where, what, theirs, ours):
    """theirs: the other project's value (None/'' = they have none); ours: our value (None = unknown)."""
    global compared, disagreed, missing
    if theirs in (None, "", "--"):
        return
    if ours is None:
        missing += 1
        problems.append("%s %s: they read %r, fabcheck has it unknown" % (where, what, theirs))
        return
    compared += 1
    if theirs != ours:
        key = tuple(where.split(" ", 1)) + (what,)
        if key in KNOWN:
            known_seen.append("%s %s: they read %r, fabcheck %r (%s)" % (where, what, theirs, ours, KNOWN[key]))
            return
        disagreed += 1
        problems.append("%s %s: they read %r, fabcheck %r" % (where, what, theirs, ours))

def ntc(raw, yml, command):
    global ambiguous
    ours = parse(raw, command)
    recs = yaml.safe_load(open(yml))["parsed_sample"]
    key = lambda rec: ifname(rec.get("interface") or rec.get("port") or rec.get("local_interface") or rec.get("parent") or "")
    count = {}
    for rec in recs:
        count[key(rec)] = count.get(key(rec), 0) + 1
    for rec in recs:
        name = key(rec)
        if count[name] > 1 and command != "show lldp neighbors detail":
            # one file holding several devices' outputs: the same port twice cannot be paired
            ambiguous += 1
            continue
        i = ours.get(name)
        where = "%s %s" % (os.path.basename(raw), name)
        if i is None:
            problems.append("%s: interface not in fabcheck's parse" % where)
            continue
        x = i["transceiver"]
        if command == "show interface":
            check(where, "link_status", rec.get("link_status", "").split(" ")[0], val(i["oper_state"]))
            adm = rec.get("admin_state", "").split(",")[0]
            if adm == "u":
                adm = ""   # ntc's template cuts "up" to "u" on this layout
            if name.startswith("vlan") and adm and adm != val(i["admin_state"]):
                # ntc reads an SVI's line protocol as its admin state; fabcheck reads "(Administratively down)"
                known_seen.append("%s admin_state: they read %r (line protocol), fabcheck %r" % (where, adm, val(i["admin_state"])))
                adm = ""
            check(where, "admin_state", adm, val(i["admin_state"]))
            check(where, "address", mac(rec.get("address")), mac(val(i["mac"])))
            check(where, "description", rec.get("description"), val(i["description"]))
            check(where, "mtu", int(rec["mtu"]) if rec.get("mtu") else None, val(i["mtu"]))
            check(where, "speed", speed(rec["speed"]) if rec.get("speed") else None, val(i["speed_mbps"]))
        elif command.startswith("show interface transceiver"):
            check(where, "status", {"present": True, "not present": False}.get(rec.get("status")), val(x["present"]))
            check(where, "type", rec.get("type"), val(x["type"]))
            check(where, "manufacturer", rec.get("manufacturer") or rec.get("name"), val(x["vendor"]))
            check(where, "part_number", rec.get("part_number"), val(x["part"]))
            check(where, "serial", rec.get("serial") or rec.get("serial_number"), val(x["serial"]))
        elif command == "show interface status":
            st = rec.get("status")
            check(where, "status", ("up" if st == "connected" else "down") if st else None, val(i["oper_state"]))
            check(where, "speed", speed(rec.get("speed", "")) if rec.get("speed") else None, val(i["speed_mbps"]))
            check(where, "type", rec.get("type"), val(x["type"]))
            check(where, "name", rec.get("name"), val(i["description"]))
        elif command == "show lldp neighbors detail":
            check(where, "neighbor_name", rec.get("neighbor_name"), val(i["lldp_system_name"]))
            check(where, "neighbor_interface", ifname(rec.get("neighbor_interface", "")) or None,
                  ifname(val(i["lldp_port"])) if val(i["lldp_port"]) else None)
        elif command == "show interface capabilities":
            check(where, "type", rec.get("type"), val(i["nxos"].get("cap_type")))
            sp = val(i["nxos"].get("speeds_capable"))
            check(where, "speed", rec.get("speed"), ",".join(sp) if sp else None)
        elif command == "show interface breakout":
            check(where, "breakout_map", rec.get("breakout_map"), val(i["breakout"]))

def napalm(raw, expected, kind, encoding):
    exp = json.load(open(expected))
    where0 = os.path.relpath(raw, os.path.join(shared, "realdata"))
    if kind == "interfaces":
        ours = parse(raw, "show interface", encoding)
        for name, e in exp.items():
            i = ours.get(ifname(name))
            where = "%s %s" % (where0, name)
            if i is None:
                problems.append("%s: interface not in fabcheck's parse" % where)
                continue
            check(where, "is_up", e.get("is_up"), None if val(i["oper_state"]) is None else val(i["oper_state"]) == "up")
            check(where, "is_enabled", e.get("is_enabled"),
                  None if val(i["admin_state"]) is None else val(i["admin_state"]) == "up")
            check(where, "description", e.get("description"), val(i["description"]))
            check(where, "mac_address", mac(e.get("mac_address")), mac(val(i["mac"])))
            check(where, "mtu", e.get("mtu") if e.get("mtu", 0) > 0 else None, val(i["mtu"]))
            sp = e.get("speed")
            if val(i["speed_mbps"]) is None and isinstance(sp, (int, float)) and sp > 0:
                # napalm takes the speed from "BW n Kbit" (the routing bandwidth) where the port
                # prints auto-speed; fabcheck leaves an unnegotiated speed unknown
                bw_speed.append(where)
            else:
                check(where, "speed", int(sp) if isinstance(sp, (int, float)) and sp > 0 else None, val(i["speed_mbps"]))
    elif kind == "lldp":
        ours = parse(raw, "show lldp neighbors detail" if "detail" in raw else "show lldp neighbors")
        for local, nbrs in exp.items():
            i = ours.get(ifname(local))
            where = "%s %s" % (where0, local)
            if i is None:
                problems.append("%s: interface not in fabcheck's parse" % where)
                continue
            n = nbrs[0]
            check(where, "hostname", n.get("hostname") or n.get("remote_system_name"), val(i["lldp_system_name"]))
            check(where, "port", ifname(n.get("port") or n.get("remote_port") or "") or None,
                  ifname(val(i["lldp_port"])) if val(i["lldp_port"]) else None)
    elif kind == "optics":
        ours = parse(raw, "show interface transceiver details")
        for name, e in exp.items():
            i = ours.get(ifname(name))
            where = "%s %s" % (where0, name)
            if i is None:
                problems.append("%s: interface not in fabcheck's parse" % where)
                continue
            st = e.get("state", {})
            check(where, "vendor", st.get("vendor"), val(i["transceiver"]["vendor"]))
            check(where, "vendor_part", st.get("vendor_part"), val(i["transceiver"]["part"]))
            check(where, "serial_no", st.get("serial_no"), val(i["transceiver"]["serial"]))
            lanes = {l["lane"]: l for l in i["transceiver"]["dom_lanes"]}
            for ch in e["physical_channels"]["channel"]:
                l = lanes.get(ch["index"]) or lanes.get(0)
                s = ch["state"]
                for key, ourkey in (("input_power", "rx_dbm"), ("output_power", "tx_dbm"), ("laser_bias_current", "bias_ma")):
                    theirs = s.get(key, {}).get("instant")
                    ours_v = val(l[ourkey]) if l else None
                    if theirs is not None and float(theirs) in (0.0, -100.0) and ours_v is None:
                        continue   # napalm's sentinels where the module prints N/A; fabcheck keeps it unknown
                    check("%s lane %s" % (where, ch["index"]), key, theirs, ours_v)

rows = list(csv.reader(open(manifest), delimiter="\t"))[1:]
paths = {r[0] for r in rows}
kinds = {"show_interface": "show interface", "show_interface_transceiver": "show interface transceiver",
         "show_interface_transceiver_details": "show interface transceiver details",
         "show_interface_status": "show interface status", "show_lldp_neighbors_detail": "show lldp neighbors detail",
         "show_interface_capabilities": "show interface capabilities",
         "show_interface_breakout": "show interface breakout"}
pairs = 0
for r in rows:
    p = r[0]
    if "ntc-templates" in p and "/cisco_nxos/" in p and p.endswith(".yml"):
        raw = p[:-4] + ".raw"
        folder = p.split("/")[-2]
        if raw in paths and folder in kinds:
            ntc(os.path.join(shared, "realdata", raw), os.path.join(shared, "realdata", p), kinds[folder])
            pairs += 1
    if "napalm" in p and "/nxos" in p and p.endswith("expected_result.json"):
        d = os.path.dirname(p)
        for f, kind, enc in (("show_interface.txt", "interfaces", "text"), ("show_interface.json", "interfaces", "json"),
                             ("show_lldp_neighbors_detail.txt", "lldp", "text"),
                             ("show_lldp_neighbors_detail.json", "lldp", "text"),
                             ("show_lldp_neighbors.json", "lldp", "text"),
                             ("show_interface_transceiver_details.txt", "optics", "text")):
            if os.path.join(d, f) in paths and ("lldp" in kind) == ("lldp" in d) and ("optics" in kind) == ("optics" in d) \
                    and ("interfaces" in kind) == ("test_get_interfaces" in d and "counters" not in d):
                napalm(os.path.join(shared, "realdata", d, f), os.path.join(shared, "realdata", p), kind, enc)
                pairs += 1

print("compared %d paired files: %d fields agree, %d disagree, %d read by them but unknown to fabcheck, "
      "%d known differences, %d records skipped as ambiguous (same port twice in one file)"
      % (pairs, compared - disagreed - len(known_seen), disagreed, missing, len(known_seen), ambiguous))
for k in known_seen:
    print("  known: " + k)
print("  known: %d ports where napalm reports the BW bandwidth as speed on an auto-speed port" % len(bw_speed))
for p in problems:
    print("  " + p)
sys.exit(1 if problems else 0)
