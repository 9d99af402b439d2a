#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Runs `fabcheck probe --root` on every recorded sysfs tree in shared/realdata (prometheus procfs
and node_exporter fixtures: mlx5, mlx4, hfi1, i40iw devices) and compares the document with the
files read directly here: device attributes, port state/phys_state/link_layer/rate, every numeric
hw_counter, interface MTU/operstate/address and the mlx5 ECN enables; and `ip address show` /
`ip link show` text against the ntc-templates expected parses. Attributes a tree lacks must
come out unknown with a reason, never as a value. Prints each comparison class with its count."""
import json, os, subprocess, sys, tempfile
import fcmodel  # noqa: E402  (fabcheck parse output, expanded)

fabcheck, shared = sys.argv[1], os.environ.get("FABCHECK_SHARED", "../shared")
manifest = os.path.join(shared, "realdata", "MANIFEST.tsv")
if not os.path.exists(manifest):
    print("SKIP: %s not present" % manifest)
    sys.exit(77)

roots = []
for line in open(manifest):
    rel = line.split("\t")[0]
    if "/sys/class/infiniband/" in rel:
        root = os.path.join(shared, "realdata", rel.split("/sys/class/")[0])
        if root not in roots:
            roots.append(root)
if not roots:
    print("SKIP: no sysfs infiniband trees in %s" % manifest)
    sys.exit(77)

def read(path):
    try:
        with open(path) as f:
            return f.read().rstrip("\n")
    except OSError:
        return None

def after_colon(v):
    return v.split(":", 1)[1].strip() if ":" in v else v

checked, failures = {}, []

def check(what, got, want, where):
    checked[what] = checked.get(what, 0) + 1
    if got != want:
        failures.append("%s: %s: fabcheck %r, file %r" % (where, what, got, want))

def check_attr(what, node, path, conv=lambda v: v):
    """A present file must give its value; an absent one an unknown with a reason."""
    v = read(path)
    if v is None:
        ok = isinstance(node, dict) and "unknown" in node and node["unknown"]
        check(what + " (absent -> unknown)", bool(ok), True, path)
    else:
        check(what, node, conv(v), path)

for root in roots:
    out = subprocess.run([fabcheck, "probe", "--root", root], capture_output=True, text=True)
    if out.returncode != 0:
        failures.append("%s: probe exited %d: %s" % (root, out.returncode, out.stderr))
        continue
    doc = json.loads(out.stdout)
    # the Linux adapter takes the document as it is (RDMA-only trees included)
    with tempfile.NamedTemporaryFile("w", suffix=".json") as tmp:
        tmp.write(out.stdout)
        tmp.flush()
        parsed = subprocess.run([fabcheck, "parse", "--platform", "linux", "--command", "fabcheck probe", tmp.name],
                                capture_output=True, text=True)
    check("document parses with the Linux adapter", parsed.returncode, 0, root + ": " + parsed.stderr.strip())
    model = {}
    if parsed.returncode == 0:
        for d in fcmodel.loads(parsed.stdout)["rdma"].get("value", []):
            for p in d["ports"]:
                model[(d["name"], str(p["port"]))] = p
    ib = os.path.join(root, "sys/class/infiniband")
    devs = {d["name"]: d for d in doc["rdma"]["devices"]}
    check("rdma device set", sorted(devs), sorted(os.listdir(ib)), ib)
    for name, d in devs.items():
        base = os.path.join(ib, name)
        for attr in ("fw_ver", "board_id", "hca_type"):
            check_attr("device " + attr, d.get(attr), os.path.join(base, attr))
        ports = {str(p["port"]): p for p in d["ports"]}
        check("port set", sorted(ports), sorted(os.listdir(os.path.join(base, "ports"))), base)
        for pn, p in ports.items():
            pb = os.path.join(base, "ports", pn)
            check_attr("port state", p["state"], os.path.join(pb, "state"), after_colon)
            check_attr("port phys_state", p["phys_state"], os.path.join(pb, "phys_state"), after_colon)
            check_attr("port link_layer", p["link_layer"], os.path.join(pb, "link_layer"))
            rate = read(os.path.join(pb, "rate"))
            if rate is not None:
                check("port rate text", p["rate"]["text"], rate, pb)
                check("port rate Mb/s", p["rate"].get("mbps"), round(float(rate.split()[0]) * 1000), pb)
                check("port rate Mb/s in the model", model.get((name, pn), {}).get("rate_mbps", {}).get("value"),
                      round(float(rate.split()[0]) * 1000), pb)
                check("port rate width", p["rate"].get("width"),
                      int(rate.split("(")[1].split("X")[0]) if "(" in rate else None, pb)
            hw = os.path.join(pb, "hw_counters")
            if os.path.isdir(hw):
                want = {}
                for c in os.listdir(hw):
                    v = read(os.path.join(hw, c))
                    if v is not None and v.isdigit():
                        want[c] = int(v)
                check("hw_counters set", sorted(p["hw_counters"]), sorted(want), hw)
                for c, v in want.items():
                    check("hw_counter value", p["hw_counters"].get(c), v, os.path.join(hw, c))
                    check("hw_counter value in the model", model.get((name, pn), {}).get("hw_counters", {})
                          .get("value", {}).get(c), v, os.path.join(hw, c))
            else:
                check("hw_counters (absent -> unknown)", "unknown" in p["hw_counters"], True, hw)
    net = os.path.join(root, "sys/class/net")
    for i in doc["interfaces"]:
        nb = os.path.join(net, i["name"])
        check_attr("netdev mtu", i["mtu"], os.path.join(nb, "mtu"), int)
        check_attr("netdev operstate", i["operstate"], os.path.join(nb, "operstate"))
        check_attr("netdev address", i["mac"], os.path.join(nb, "address"))
        for half, key in (("roce_np", "roce_np_enabled"), ("roce_rp", "roce_rp_enabled")):
            ed = os.path.join(nb, "ecn", half, "enable")
            if os.path.isdir(ed):
                want = sorted(int(x) for x in os.listdir(ed) if read(os.path.join(ed, x)) == "1")
                check("ecn " + key, i["ecn"][key], want, ed)
        cnp = read(os.path.join(nb, "ecn", "roce_np", "cnp_dscp"))
        if cnp is not None:
            check("ecn cnp_dscp", i["ecn"]["cnp_dscp"], int(cnp), nb)

# Agentless parsing of the real ethtool captures (node_exporter fixtures: e1000e eth0 settings,
# driver and statistics; bond0 where "ethtool -S" failed): the values a reader takes from the
# text must be the ones the probe document holds, and the failed capture must be unknown.
eth = os.path.join(shared, "realdata", "prometheus+node_exporter", "collector", "fixtures", "ethtool")
if os.path.isdir(eth):
    import re, shutil
    tmp = tempfile.mkdtemp()
    try:
        outs = os.path.join(tmp, ".fabcheck-outputs")
        os.makedirs(outs)
        files = {"settings": "ethtool_%s", "driver": "ethtool_-i_%s", "statistics": "ethtool_-S_%s"}
        ifaces = sorted(os.listdir(eth))
        for ifn in ifaces:
            for src, dst in files.items():
                if os.path.exists(os.path.join(eth, ifn, src)):
                    shutil.copy(os.path.join(eth, ifn, src), os.path.join(outs, dst % ifn))
        args = [fabcheck, "probe", "--root", tmp]
        for ifn in ifaces:
            args += ["--interface", ifn]
        out = subprocess.run(args, capture_output=True, text=True)
        check("agentless probe of the real ethtool captures exits 0", out.returncode, 0, out.stderr)
        doc = {i["name"]: i for i in json.loads(out.stdout)["interfaces"]} if out.returncode == 0 else {}
        for ifn in ifaces:
            i, base = doc.get(ifn, {}), os.path.join(eth, ifn)
            st = read(os.path.join(base, "settings"))
            if st:
                link = i.get("link", {})
                m = re.search(r"Speed: (\d+)Mb/s", st)
                check("ethtool speed", link.get("speed_mbps"), int(m.group(1)) if m else None, base)
                check("ethtool duplex", link.get("duplex"), re.search(r"Duplex: (\w+)", st).group(1).lower(), base)
                check("ethtool autoneg", link.get("autoneg"), "Auto-negotiation: on" in st, base)
                check("ethtool port", link.get("port"), re.search(r"Port: (.+)", st).group(1).strip(), base)
                for key, field in (("Supported link modes", "supported"), ("Advertised link modes", "advertised")):
                    block = re.search(key + r":(.*?)\n\t\S", st, re.S).group(1)
                    check("ethtool " + field + " modes", link.get(field), re.findall(r"\S+/\S+", block), base)
            dr = read(os.path.join(base, "driver"))
            if dr:
                kv = dict(l.split(": ", 1) for l in dr.splitlines() if ": " in l)
                drv = i.get("driver", {})
                check("ethtool -i driver", drv.get("name"), kv.get("driver"), base)
                check("ethtool -i version", drv.get("version"), kv.get("version"), base)
                check("ethtool -i firmware", drv.get("firmware"), kv.get("firmware-version"), base)
            stats = read(os.path.join(base, "statistics"))
            if stats is not None:
                if "NIC statistics:" in stats:
                    check("ethtool -S parsed (the lossless subset: none of these e1000e counters)",
                          i.get("stats"), {}, base)
                else:
                    check("ethtool -S failure -> unknown naming the command",
                          "'ethtool -S %s' not understood" % ifn in i.get("stats", {}).get("unknown", ""), True, base)
    finally:
        shutil.rmtree(tmp)

# `ethtool -m` text (Cumulus captures of a QSFP28 SR4 with DOM and thresholds, and a passive
# QSFP+ DAC): module facts, DOM per lane, the module's thresholds, the DAC length.
xdir = os.path.join(shared, "realdata", "Alexander-Berg+2022-tests-examples-2", "noc", "tests", "data")
caps = sorted(f for f in os.listdir(xdir) if f.startswith("cumulus_transceiver")) if os.path.isdir(xdir) else []
if caps:
    import math, re, shutil
    tmp = tempfile.mkdtemp()
    try:
        os.makedirs(os.path.join(tmp, ".fabcheck-outputs"))
        args = [fabcheck, "probe", "--root", tmp]
        for k, f in enumerate(caps):
            shutil.copy(os.path.join(xdir, f), os.path.join(tmp, ".fabcheck-outputs", "ethtool_-m_swp%d" % k))
            args += ["--interface", "swp%d" % k]
        out = subprocess.run(args, capture_output=True, text=True)
        check("agentless probe of the real ethtool -m captures exits 0", out.returncode, 0, out.stderr)
        doc = {i["name"]: i["module"] for i in json.loads(out.stdout)["interfaces"]}
        dbm = lambda mw: round(-40.0 if mw <= 0.0001 else 10 * math.log10(mw), 2)
        for k, f in enumerate(caps):
            m, text, where = doc["swp%d" % k], read(os.path.join(xdir, f)), os.path.join(xdir, f)
            kv = {}
            for l in text.splitlines():
                if " : " in l:
                    a, b = l.split(" : ", 1)
                    kv.setdefault(a.strip(), b.strip())
            check("ethtool -m identifier", m["identifier"], re.search(r"\((.*)\)", kv["Identifier"]).group(1), where)
            for key, field in (("Vendor name", "vendor"), ("Vendor PN", "part"), ("Vendor SN", "serial")):
                check("ethtool -m " + field, m[field], kv[key], where)
            passive = "Copper cable" in kv.get("Transmitter technology", "") and "unequalized" in kv["Transmitter technology"]
            check("ethtool -m monitors (none on a passive DAC)", m["dom"], not passive, where)
            if passive:
                check("ethtool -m DAC length", m["length_m"], float(kv["Length (Copper or Active cable)"].rstrip("m")), where)
                continue
            check("ethtool -m temperature", m["temp_c"], float(kv["Module temperature"].split()[0]), where)
            check("ethtool -m voltage", m["voltage_v"], float(kv["Module voltage"].split()[0]), where)
            for lane in m["lanes"]:
                n = lane["lane"]
                check("ethtool -m lane bias", lane["bias_ma"],
                      float(kv["Laser tx bias current (Channel %d)" % n].split()[0]), where)
                check("ethtool -m lane tx power", lane["tx_dbm"],
                      dbm(float(kv["Transmit avg optical power (Channel %d)" % n].split()[0])), where)
                check("ethtool -m lane rx power", lane["rx_dbm"],
                      dbm(float(kv["Rcvr signal avg optical power(Channel %d)" % n].split()[0])), where)
            check("ethtool -m lanes", len(m["lanes"]), len([x for x in kv if x.startswith("Laser tx bias current (")]), where)
            th = m.get("thresholds", {})
            for key, field, unit in (("Laser bias current", "bias_ma", "mA"), ("Module temperature", "temp_c", "C"),
                                     ("Module voltage", "voltage_v", "V"), ("Laser output power", "tx_dbm", "mW"),
                                     ("Laser rx power", "rx_dbm", "mW")):
                for lvl, slot in (("high alarm", "hi_alarm"), ("low alarm", "lo_alarm"),
                                  ("high warning", "hi_warn"), ("low warning", "lo_warn")):
                    raw = kv.get("%s %s threshold" % (key, lvl))
                    if raw is None:
                        continue
                    v = float(raw.split()[0])
                    check("ethtool -m threshold", th.get(field, {}).get(slot), dbm(v) if unit == "mW" else v, where)
    finally:
        shutil.rmtree(tmp)

# mlnx_qos (MLNX_OFED) as captured in att/netarbiter's setup log: every block of its output
# (between the "+ mlnx_qos" trace line and the next trace line) is read agentless as the DCB
# state of the interface; trust, the dscp2prio map, the cable length and PFC must come out.
qlog = os.path.join(shared, "realdata", "att+netarbiter", "nvmf", "OUTPUTSAMPLE.setup-nic-lossless-layer3.sh.md")
if os.path.exists(qlog):
    import re, shutil
    blocks, cur = [], None
    for l in open(qlog).read().splitlines():
        if l.startswith("+ "):
            cur = [] if l.startswith("+ mlnx_qos -i ") else None
            if cur is not None:
                blocks.append((l.split()[3], cur))
        elif cur is not None and not l.startswith("```"):
            cur.append(l)
    for k, (ifn, lines) in enumerate(blocks):
        tmp = tempfile.mkdtemp()
        try:
            os.makedirs(os.path.join(tmp, ".fabcheck-outputs"))
            text = "\n".join(lines) + "\n"
            open(os.path.join(tmp, ".fabcheck-outputs", "mlnx_qos_-i_" + ifn), "w").write(text)
            out = subprocess.run([fabcheck, "probe", "--root", tmp, "--interface", ifn], capture_output=True, text=True)
            check("agentless probe of a real mlnx_qos capture exits 0", out.returncode, 0, out.stderr)
            dcb = json.loads(out.stdout)["interfaces"][0]["dcb"]
            where = "%s (mlnx_qos block %d)" % (qlog, k + 1)
            check("mlnx_qos trust", dcb["trust"], re.search(r"Priority trust state: (\w+)", text).group(1), where)
            check("mlnx_qos cable length", dcb["pfc_delay_m"], int(re.search(r"Cable len: (\d+)", text).group(1)), where)
            en = re.search(r"enabled\s+([\d\s]+)", text).group(1).split()
            check("mlnx_qos PFC priorities", dcb["pfc_enabled"], [p for p, e in enumerate(en) if e == "1"], where)
            want = {}
            for p, ds in re.findall(r"prio:(\d) dscp:([\d,]+)", text):
                for d in ds.strip(",").split(","):
                    want[str(int(d))] = int(p)
            check("mlnx_qos dscp2prio entries", dcb["dscp_prio"], want, where)
        finally:
            shutil.rmtree(tmp)

# ip address show / ip link show text (ntc-templates captures, with their expected parses)
import yaml
for line in open(manifest):
    rel, desc = line.split("\t")[0], line.rstrip("\n").split("\t")[-1]
    if not desc.startswith("Linux CLI text: ip ") or not rel.endswith(".raw"):
        continue
    raw = os.path.join(shared, "realdata", rel)
    exp = os.path.splitext(raw)[0] + ".yml"
    if not os.path.exists(exp):
        continue
    command = "ip link show" if "ip link show" in desc else "ip address show"
    out = subprocess.run([fabcheck, "parse", "--platform", "linux", "--command", command, "--encoding", "text", raw],
                         capture_output=True, text=True)
    if out.returncode != 0:
        failures.append("%s: does not parse: %s" % (raw, out.stderr.strip()))
        continue
    got = {i["name"]: i for i in json.loads(out.stdout)["interfaces"]}
    for want in yaml.safe_load(open(exp))["parsed_sample"]:
        name = want["interface"].split("@")[0]
        i = got.get(name)
        check(command + ": interface present", i is not None, True, "%s %s" % (raw, name))
        if i is None:
            continue
        where = "%s %s" % (raw, name)
        if want.get("mtu"):
            check(command + ": mtu", i["mtu"]["value"], int(want["mtu"]), where)
        if want.get("state"):
            check(command + ": state", i["oper_state"]["value"], want["state"].lower(), where)
        if want.get("mac_address"):
            check(command + ": MAC", i["mac"]["value"], want["mac_address"], where)
        if command == "ip address show":
            addrs = ["%s/%s" % am for am in zip(want.get("ip_addresses") or [], want.get("ip_masks") or [])]
            addrs += ["%s/%s" % am for am in zip(want.get("ipv6_addresses") or [], want.get("ipv6_masks") or [])]
            check(command + ": addresses", sorted(i["addresses"]["value"]), sorted(addrs), where)

for what in sorted(checked):
    print("%5d  %s" % (checked[what], what))
print("%d trees, %d comparisons, %d disagree" % (len(roots), sum(checked.values()), len(failures)))
for f in failures:
    print("DISAGREE", f)
sys.exit(1 if failures else 0)
