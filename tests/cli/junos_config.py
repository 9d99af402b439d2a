#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The Junos configuration reader (first part of the Junos adapter: configuration, interfaces and
firewall filters; class of service, XML, JSON, state and NETCONF are not read yet):

- every Junos configuration in ../shared/realdata (Juniper's validated designs: an AI/ML back-end
  leaf and spine, the RoCEv2 lossless class-of-service snippet, an EVPN compute leaf) parses
  without an error, and every statement it does not model is listed as not understood at its line
  (class of service among them, said as not modelled yet), never dropped: the statements read plus
  those listed cover the file's every statement; the AI leaf's fabric ports carry its MTU, their
  addresses and the 2x breakout of their cages;
- the same configuration as `| display set` lines (written here from the curly form) gives the same
  model, and so does a terminal's capture of either (a prompt line, CR LF); the `| display xml`
  form of a configuration written here (tests/fixtures/junos/forms.*) and its `| display json`
  (converted by Junos's JSON rules) give the model its curly form gives;
- what Junos applies itself, on configurations written here: apply-groups with a <et-*> wildcard
  (an explicit statement wins over the inherited one), an interface-range's member-range, an
  inactive: statement and a deactivated one (not applied), a filter on an ae bundle discarding UDP
  4791 (its members take it; the filter ends in Junos's implicit discard), `from port` (either port).

- the XML RPC replies in ../shared/realdata (get-interface-information, get-lldp-neighbors-information,
  get-chassis-inventory) parse, their values as the XML itself gives them.

usage: junos_config.py FABCHECK
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import fcmodel  # noqa: E402  (fabcheck parse output, expanded)

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.environ.get("FABCHECK_SHARED", os.path.join(ROOT, "..", "shared"))
failures = []
skipped = []   # parts that need ../shared and did not run: the test then exits 77 (ctest: Skipped)
tmp = tempfile.mkdtemp()


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def parse(text, name="cfg.txt", cmd="show configuration"):
    p = os.path.join(tmp, name)
    open(p, "w", newline="").write(text)
    r = subprocess.run([FABCHECK, "parse", "--platform", "junos", "--command", cmd, "--encoding", "text", p],
                       capture_output=True, text=True)
    check(r.returncode == 0, "parse %s: exit %d: %s" % (name, r.returncode, r.stderr[:300]))
    return fcmodel.loads(r.stdout) if r.returncode == 0 else {"interfaces": [], "acls": [], "not_understood": []}


def iface(m, name):
    x = [i for i in m["interfaces"] if i["name"] == name]
    return x[0] if x else None


def to_set(text):
    """`| display set` from the curly form: every statement's path, one value of a list a line, and a
    `deactivate` line for each inactive: statement or block."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    toks = re.findall(r'"(?:[^"\\]|\\.)*"|[{};\[\]]|[^\s{};\[\]"]+', re.sub(r"#[^\n]*", "", text))
    out, deact, stack, cur, lst, off, levels_off = [], [], [], [], None, False, []

    def q(ws):
        return " ".join(w if re.match(r"^[^\s\"]+$", w) else '"%s"' % w.strip('"') for w in ws)
    for t in toks:
        if t == "{":
            stack.append(cur)
            levels_off.append(off)
            cur, off = [], False
        elif t == "}":
            path = [w for level in stack for w in level]
            if levels_off.pop():
                deact.append("deactivate " + q(path))
            cur = []
            stack.pop()
        elif t == "[":
            lst = []
        elif t == "]":
            cur = cur + [lst]
            lst = None
        elif t == ";":
            path = [w for level in stack for w in level]
            vals = cur[-1] if cur and isinstance(cur[-1], list) else None
            words = cur[:-1] if vals is not None else cur
            for v in (vals if vals is not None else [None]):
                out.append("set " + q(path + words + ([v] if v is not None else [])))
            if off:
                deact.append("deactivate " + q(path + words))
            cur, off = [], False
        elif lst is not None:
            lst.append(t)
        elif t == "inactive:":
            off = True
        elif t in ("protect:", "replace:"):
            continue
        else:
            cur.append(t)
    return "\n".join(out + deact) + "\n"


def strip(o):
    if isinstance(o, dict):
        return {k: strip(v) for k, v in o.items() if k not in ("source",)}
    if isinstance(o, list):
        return [strip(v) for v in o]
    return o


def statements(text):
    """How many statements the curly text holds (each value of a list one)."""
    return len(to_set(text).splitlines())


def realdata():
    R = os.path.join(SHARED, "realdata")
    if not os.path.isdir(R):
        print("SKIP (part): %s not present (set FABCHECK_SHARED): the validated designs are not read" % R)
        skipped.append("designs")
        return
    n = 0
    for row in open(os.path.join(R, "MANIFEST.tsv")):
        f = row.rstrip("\n").split("\t")
        if len(f) < 6 or "Juniper Junos" not in f[5] or "configuration" not in f[5]:
            continue
        text = open(os.path.join(R, f[0])).read()
        m = parse(text, os.path.basename(f[0]))
        nu = m["not_understood"]
        check(not m.get("errors"), "%s: errors %s" % (f[0], m.get("errors")))
        # nothing dropped: what is not modelled is listed, each at a line of the file holding its words
        lines = text.split("\n")
        for u in nu:
            ln = int(u["source"].rsplit(":", 1)[1])
            last = u["text"].split(" -- ")[0].split()[-1].strip('"')
            check(last.rstrip("…") in lines[ln - 1] or u["text"].startswith("a firewall term"),
                  "%s: not understood at line %d, which does not hold %r" % (f[0], ln, last))
        cos = sum(1 for u in nu if u["text"].startswith("class-of-service"))
        # the set form gives the same model
        ms = parse(to_set(text), os.path.basename(f[0]) + ".set")
        check(strip({k: ms[k] for k in ("interfaces", "acls")}) == strip({k: m[k] for k in ("interfaces", "acls")}),
              "%s: the set form gives another model" % f[0])
        noisy = parse("admin@leaf1> show configuration | no-more\n" + text.replace("\n", "\r\n") + "\r\nadmin@leaf1> \r\n",
                      os.path.basename(f[0]) + ".noisy")
        check(strip({k: noisy[k] for k in ("interfaces", "acls")}) == strip({k: m[k] for k in ("interfaces", "acls")}),
              "%s: a terminal's capture gives another model" % f[0])
        if "leaf1_qfx5240" in f[0]:
            # validated alone with the fabric's RoCE intent: its RoCE ports judged, PFC and ECN PASS
            d = os.path.join(tmp, "jvd")
            os.makedirs(d, exist_ok=True)
            open(d + "/leaf1.conf", "w").write(text)
            open(d + "/inventory.yaml", "w").write(
                "version: 1\nfabric: {name: jvd, profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, cnp_dscp: 48, "
                "mtu: 9000}}\ndevices:\n  - {name: leaf1, platform: junos, transport: none, config: leaf1.conf}\n")
            r = subprocess.run([FABCHECK, "validate", d + "/inventory.yaml", "--format", "json"], capture_output=True,
                               text=True)
            rep = json.loads(r.stdout)
            st = {}
            for x in rep["findings"]:
                st.setdefault(x["rule"], set()).add(x["status"])
            for rule in ("PFC-NODROP-CLASS", "PFC-DSCP-MAP", "ECN-SW-QUEUE"):
                check(st.get(rule) == {"pass"}, "AI leaf alone: %s is %s, want pass" % (rule, st.get(rule)))
            ports = [x for x in rep["findings"] if x["rule"] == "ECN-SW-QUEUE"]
            print("AI leaf validated alone: PFC-NODROP-CLASS, PFC-DSCP-MAP and ECN-SW-QUEUE PASS (%s)" % (
                ports[0]["message"][:60] if ports else "?"))
            p = iface(m, "et-0/0/0:0")
            check(p and p["mtu"]["value"] == 9216 and "10.0.2.177/31" in p["addresses"]["value"],
                  "AI leaf et-0/0/0:0: mtu/address: %r" % ((p and (p["mtu"], p["addresses"])),))
            cage = iface(m, "et-0/0/0")
            check(cage and cage["breakout"].get("value") == "2x", "AI leaf et-0/0/0: breakout %r" % ((cage and cage["breakout"]),))
        print("%s: %d statements, %d listed as not understood (%d of class of service), set form and terminal "
              "capture alike" % (os.path.basename(f[0]), statements(text), len(nu), cos))
        n += 1
    check(n >= 4, "only %d Junos configurations in realdata" % n)


GROUPS = """## Last commit: 2026-12-01 10:00:00 UTC by admin
version 23.4R2;
groups {
    FABRIC {
        interfaces {
            <et-*> {
                mtu 9216;
            }
        }
    }
}
apply-groups FABRIC;
interfaces {
    interface-range HOSTS {
        member-range et-0/0/10 to et-0/0/13;
        description "GPU host port";
    }
    et-0/0/1 {
        mtu 1500;
        unit 0 {
            family inet {
                address 10.1.0.0/31;
            }
        }
    }
    et-0/0/2 {
        ether-options {
            802.3ad ae0;
        }
    }
    et-0/0/3 {
        ether-options {
            802.3ad ae0;
        }
    }
    inactive: et-0/0/4 {
        speed 100g;
    }
    et-0/0/10 {
        gigether-options {
            fec none;
        }
    }
    ae0 {
        unit 0 {
            family inet {
                filter {
                    input EDGE;
                }
                address 10.2.0.0/31;
            }
        }
    }
}
firewall {
    family inet {
        filter EDGE {
            term no-roce {
                from {
                    protocol udp;
                    destination-port [ 4791 4792 ];
                }
                then {
                    count roce-dropped;
                    discard;
                }
            }
            term ssh {
                from {
                    protocol tcp;
                    port ssh;
                }
                then accept;
            }
        }
    }
}
"""


def features():
    m = parse(GROUPS, "groups.txt")
    check(not m["not_understood"], "groups fixture: not understood: %s" % m["not_understood"][:3])
    for name, mtu in (("et-0/0/2", 9216), ("et-0/0/1", 1500), ("et-0/0/10", 9216)):
        p = iface(m, name)
        check(p and p["mtu"]["value"] == mtu, "%s: mtu %s, want %d (apply-groups <et-*>, explicit wins)" % (
            name, p and p["mtu"], mtu))
    p = iface(m, "et-0/0/12")
    check(p and p["description"].get("value") == "GPU host port", "interface-range member et-0/0/12: %s" % p)
    p = iface(m, "et-0/0/4")
    check(not p or not p["speed_mbps"].get("value"), "inactive: et-0/0/4's speed applied: %s" % (p and p["speed_mbps"]))
    p = iface(m, "et-0/0/10")
    check(p and p["fec_config"]["value"] == "off", "et-0/0/10 fec none: %s" % (p and p["fec_config"]))
    p = iface(m, "et-0/0/3")
    check(p and p["lag"]["value"] == "ae0" and p["acl_in"].get("value") == "EDGE",
          "et-0/0/3 (member of ae0): lag %s, filter %s" % (p and p["lag"], p and p["acl_in"]))
    acl = [a for a in m["acls"] if a["name"] == "EDGE"]
    ents = acl[0]["entries"] if acl else []
    check(len(ents) == 4 and ents[0]["action"] == "deny" and ents[0]["dst_port"]["lo"] == 4791
          and ents[1]["dst_port"]["lo"] == 4792 and ents[2]["src_port"]["lo"] == 22 and ents[3]["dst_port"]["lo"] == 22,
          "filter EDGE: %s" % [(e["action"], e["src_port"], e["dst_port"]) for e in ents])
    # a deactivated statement in the set form
    s = to_set(GROUPS) + "deactivate interfaces et-0/0/1 mtu\n"
    ms = parse(s, "groups.set")
    p = iface(ms, "et-0/0/1")
    check(p and p["mtu"]["value"] == 9216, "deactivated mtu 1500 on et-0/0/1 still applied: %s" % (p and p["mtu"]))
    print("apply-groups <et-*> (explicit wins), interface-range, inactive: and deactivate, fec none, a filter on "
          "ae0 onto its members (4791-4792 discarded, port ssh either way)")
    chassis()


CHASSIS = """chassis {
    aggregated-devices {
        ethernet {
            device-count 4;
        }
    }
    fpc 0 {
        pic 0 {
            port 48 {
                speed 100g;
            }
            port 50 {
                channel-speed 25g;
            }
            port-range 52 53 {
                channel-speed 50g;
            }
        }
        traffic-manager {
            buffer-monitor-enable;
        }
    }
    alarm {
        management-ethernet {
            link-down ignore;
        }
    }
}
interfaces {
    et-0/0/48 {
        mtu 9216;
        unit 0 {
            family inet {
                address 10.0.0.0/31;
            }
        }
    }
    et-0/0/50 {
        mtu 9216;
    }
    et-0/0/50:2 {
        mtu 9216;
        unit 0 {
            family inet {
                address 10.0.0.2/31;
            }
        }
    }
    et-0/0/53:1 {
        speed 25g;
        unit 0 {
            family inet {
                address 10.0.0.4/31;
            }
        }
    }
    et-0/0/52:0 {
        unit 0 {
            family inet {
                address 10.0.0.6/31;
            }
        }
    }
}
"""


def chassis():
    """chassis fpc pic port speed / channel-speed, port-range: the ports' speeds, the cage broken out
    (no traffic of its own), a channel's own speed statement winning; a chassis statement fabcheck
    does not read (alarm) listed at its line."""
    m = parse(CHASSIS, "chassis.txt")
    want = {"et-0/0/48": 100000, "et-0/0/50:2": 25000, "et-0/0/52:0": 50000, "et-0/0/53:1": 25000}
    for name, mbps in want.items():
        p = iface(m, name)
        check(p and p["speed_mbps"].get("value") == mbps, "%s: speed %s, want %d" % (name, p and p["speed_mbps"], mbps))
    p = iface(m, "et-0/0/50")
    check(p and p.get("breakout", {}).get("value") == "4x", "et-0/0/50 channel-speed 25g: breakout %s" % (p and p.get("breakout")))
    nu = [(int(u["source"].rsplit(":", 1)[1]), u["text"]) for u in m["not_understood"]]
    lines = CHASSIS.split("\n")
    check(len(nu) == 1 and "chassis alarm management-ethernet link-down ignore" in nu[0][1]
          and "link-down ignore" in lines[nu[0][0] - 1], "chassis: not understood %s" % nu)
    print("chassis: port speed, channel-speed (a cage of 4x25G, a port-range of 2x50G), a channel's own speed wins; "
          "chassis alarm listed at line %d" % (nu[0][0] if nu else 0))


def junos_json(xml_path):
    """`| display json` from the XML form, by Junos's JSON rules: an element a key, entries with a name
    and repeated elements a list, an empty element [null], attributes under "@"."""
    import xml.etree.ElementTree as ET

    def conv(el):
        kids = list(el)
        if not kids:
            t = (el.text or "").strip()
            return t if t else [None]
        out, order, groups = {}, [], {}
        if el.get("inactive"):
            out["@"] = {"inactive": "inactive"}
        for k in kids:
            if k.tag not in groups:
                groups[k.tag] = []
                order.append(k.tag)
            groups[k.tag].append(k)
        for tag in order:
            vals = [conv(k) for k in groups[tag]]
            named = any(isinstance(v, dict) and "name" in v for v in vals)
            out[tag] = vals if len(vals) > 1 or named else vals[0]
        return out
    return json.dumps({"configuration": conv(ET.parse(xml_path).getroot().find("configuration"))}, indent=4) + "\n"


def drop_profile_bytes():
    """A drop profile's fill levels become ECN thresholds in bytes only where the scheduler states the
    queue's buffer as a quantity (buffer-size temporal T: T microseconds of the port's speed, Juniper's
    "buffer-size (Schedulers)"); a percent of the port's buffer, or no buffer-size, stays UNKNOWN with
    why, and ECN-SW-QUEUE judges the bytes against its band."""
    d = os.path.join(tmp, "temporal")
    os.makedirs(d, exist_ok=True)
    findings = {}
    for label, buf, speed in (("temporal", "buffer-size temporal 50;", "400g"), ("temporal, no speed", "buffer-size temporal 50;", None),
                              ("percent", "buffer-size percent 20;", "400g"), ("none", "", "400g"),
                              ("temporal, too deep", "buffer-size temporal 500;", "400g")):
        cfg = ("interfaces {\n    et-0/0/1 {\n%s        mtu 9216;\n        unit 0 {\n            family inet {\n"
               "                address 10.1.0.0/31;\n            }\n        }\n    }\n}\n" %
               ("        speed %s;\n" % speed if speed else ""))
        cfg += ("class-of-service {\n    classifiers {\n        dscp mydscp {\n            forwarding-class NO-LOSS {\n"
                "                loss-priority low code-points 011010;\n            }\n        }\n    }\n"
                "    drop-profiles {\n        dp1 {\n            interpolate {\n                fill-level [ 10 40 ];\n"
                "                drop-probability [ 0 100 ];\n            }\n        }\n    }\n"
                "    forwarding-classes {\n        class NO-LOSS queue-num 4 no-loss pfc-priority 3;\n    }\n"
                "    congestion-notification-profile {\n        cnp {\n            input {\n                dscp {\n"
                "                    code-point 011010 {\n                        pfc;\n                    }\n"
                "                }\n            }\n        }\n    }\n"
                "    interfaces {\n        et-* {\n            congestion-notification-profile cnp;\n"
                "            scheduler-map sm1;\n            unit * {\n"
                "                classifiers {\n                    dscp mydscp;\n                }\n            }\n        }\n    }\n"
                "    scheduler-maps {\n        sm1 {\n            forwarding-class NO-LOSS scheduler s1;\n        }\n    }\n"
                "    schedulers {\n        s1 {\n            %s\n"
                "            drop-profile-map loss-priority any protocol any drop-profile dp1;\n"
                "            explicit-congestion-notification;\n        }\n    }\n}\n" % buf)
        open(d + "/leaf1.conf", "w").write(cfg)
        open(d + "/inventory.yaml", "w").write(
            "version: 1\nfabric: {name: t, profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, cnp_dscp: 48, "
            "mtu: 9000}}\ndevices:\n  - {name: leaf1, platform: junos, transport: none, config: leaf1.conf}\n")
        r = subprocess.run([FABCHECK, "validate", d + "/inventory.yaml", "--format", "json"], capture_output=True, text=True)
        rep = json.loads(r.stdout)
        f = [x for x in rep["findings"] if x["rule"] == "ECN-SW-QUEUE" and "et-0/0/1" in json.dumps(x)]
        findings[label] = f[0] if f else None
        m = parse(cfg, "temporal.conf")
        check(not m["not_understood"], "%s: not understood: %s" % (label, m["not_understood"][:2]))
    # a temporal buffer-size that is no number of microseconds is listed, not taken for a share
    bad = parse("class-of-service {\n    schedulers {\n        s1 {\n            buffer-size temporal lots;\n"
                "        }\n    }\n}\n", "temporal-bad.conf")
    check([u for u in bad["not_understood"] if "temporal" in json.dumps(u)],
          "buffer-size temporal lots: not listed as not understood: %s" % bad["not_understood"])
    # 400 Gb/s x 50 us / 8 = 2,500,000 bytes; 10 % and 40 %: 250,000 and 1,000,000 bytes
    t = findings["temporal"]
    check(t and t["status"] == "pass" and "250000 to 1000000 bytes" in t["message"],
          "temporal: %r" % ((t and (t["status"], t["message"])),))
    check(t and any("leaf1.conf:" in json.dumps(e) and "assumed" in json.dumps(e) for e in t.get("evidence", [])) or
          (t and "assumed" in json.dumps(t)), "temporal: the assumption is not stated: %s" % json.dumps(t)[:400])
    deep = findings["temporal, too deep"]   # 25,000,000 bytes of queue: 2.5 MB to 10 MB, above the 5 MB band
    check(deep and deep["status"] == "warn" and "2500000 to 10000000 bytes" in deep["message"],
          "temporal, too deep: %r" % ((deep and (deep["status"], deep["message"])),))
    for label in ("percent", "none", "temporal, no speed"):
        x = findings[label]
        check(x and x["status"] == "pass" and "bytes" not in x["message"], "%s: %s" % (label, x and x["message"]))
    print("drop profile fill levels: bytes from buffer-size temporal at the port's speed (250000..1000000 at 400G "
          "x 50 us), none from a percent or no buffer-size")


def forms():
    base = os.path.join(ROOT, "tests/fixtures/junos/forms")
    curly = parse(open(base + ".conf").read(), "forms.conf")
    ports = [i["name"] for i in curly["interfaces"]]
    check(len(ports) == 5 and not curly["not_understood"], "forms.conf: %s, %s" % (ports, curly["not_understood"]))
    for label, text, cmd in (("xml", open(base + ".xml").read(), "show configuration | display xml"),
                             ("json", junos_json(base + ".xml"), "show configuration | display json"),
                             ("set", to_set(open(base + ".conf").read()), "show configuration | display set"),
                             ("xml in a terminal", "admin@leaf1> show configuration | display xml\n" +
                              open(base + ".xml").read().replace("\n", "\r\n") + "admin@leaf1> \n",
                              "show configuration | display xml")):
        m = parse(text, "forms." + label.split()[0], cmd)
        check(not m["not_understood"], "%s form: not understood: %s" % (label, m["not_understood"][:3]))
        for k in ("interfaces", "acls"):
            check(strip(m[k]) == strip(curly[k]), "%s form: %s differ from the curly form's" % (label, k))
    et = iface(curly, "et-0/0/10")
    check(et and et["trust"]["value"] == "dscp" and et["pfc_prios_mask"]["value"] == 8 and et["pfc_watchdog"]["value"],
          "forms: et-0/0/10's class of service: %r" % ((et and (et["trust"], et["pfc_prios_mask"])),))
    print("the curly, set, XML (with a terminal's noise) and JSON forms: one model (%d ports, trust, PFC on "
          "priority 3 by DSCP 26, the filter)" % len(ports))


def optics_realdata():
    """get-interface-optics-diagnostics-information replies in ../shared/realdata (NAPALM's Junos
    fixtures, one with "- Inf" for no light): nothing not understood; per port the module's
    temperature and voltage (lane 0) and the one-lane module's bias, Tx and Rx power (lane 1) as the
    XML gives them, with the module's thresholds; "- Inf" dBm is -40 dBm."""
    import xml.etree.ElementTree as ET
    R = os.path.join(SHARED, "realdata")
    if not os.path.isdir(R):
        print("SKIP (part): %s not present: the optics replies are not read" % R)
        skipped.append("optics")
        return
    n = ports = 0
    for row in open(os.path.join(R, "MANIFEST.tsv")):
        f = row.rstrip("\n").split("\t")
        if len(f) < 6 or "get-interface-optics-diagnostics-information" not in f[5] or f[0].endswith(".json"):
            continue
        path = os.path.join(R, f[0])
        m = parse(open(path).read(), os.path.basename(path), "show interfaces diagnostics optics | display xml")
        check(not m["not_understood"], "%s: not understood: %s" % (f[0], m["not_understood"][:3]))
        for p in ET.parse(path).getroot().iter("physical-interface"):
            d = p.find("optics-diagnostics")
            if d is None:
                continue
            i = iface(m, p.findtext("name").strip())
            lanes = {L["lane"]: L for L in (i or {}).get("transceiver", {}).get("dom_lanes", [])}

            def num(tag, dbm=False):
                t = d.findtext(tag).strip()
                return -40.0 if dbm and "Inf" in t else float(t.split()[0])
            want = {(0, "temp_c"): num("module-temperature"), (0, "volt_v"): num("module-voltage"),
                    (1, "bias_ma"): num("laser-bias-current"), (1, "tx_dbm"): num("laser-output-power-dbm", True),
                    (1, "rx_dbm"): num("rx-signal-avg-optical-power-dbm", True)}
            for (lane, k), v in want.items():
                got = lanes.get(lane, {}).get(k, {})
                check(abs(got.get("value", 1e9) - v) < 1e-6, "%s %s lane %d %s: %s, want %s" % (f[0], i and i["name"], lane, k, got, v))
            th = lanes.get(1, {}).get("rx_dbm", {}).get("thresholds", {})
            check(th.get("low_alarm") == num("laser-rx-power-low-alarm-threshold-dbm") and
                  th.get("high_warning") == num("laser-rx-power-high-warn-threshold-dbm"),
                  "%s: Rx thresholds %s" % (f[0], th))
            ports += 1
        n += 1
    check(n >= 3 and ports >= 3, "only %d optics replies, %d ports" % (n, ports))
    print("%d Junos optics replies of realdata read: %d ports' DOM and thresholds as the XML gives them" % (n, ports))


def state_realdata():
    """The XML RPC replies in ../shared/realdata (py-junos-eznc's fixtures): every one parses; each
    fabric port's state, MTU and speed as the XML itself gives them; LLDP neighbours; the model."""
    import xml.etree.ElementTree as ET
    R = os.path.join(SHARED, "realdata")
    if not os.path.isdir(R):
        print("SKIP (part): %s not present: the XML replies are not read" % R)
        skipped.append("xml")
        return
    n = ports = 0
    for row in open(os.path.join(R, "MANIFEST.tsv")):
        f = row.rstrip("\n").split("\t")
        if len(f) < 6 or "Juniper Junos XML RPC reply" not in f[5]:
            continue
        rpc = f[5].split(": ")[1].split(" ")[0]
        path = os.path.join(R, f[0])
        m = parse(open(path).read(), os.path.basename(path), rpc)
        check(not m["not_understood"], "%s: not understood: %s" % (f[0], m["not_understood"][:3]))
        root = ET.parse(path).getroot()
        local = lambda el: el.tag.split("}")[-1]  # noqa: E731
        if rpc == "get-interface-information":
            for p in root.iter():
                if local(p) != "physical-interface":
                    continue
                kids = {local(k): (k.text or "").strip() for k in p}
                name = kids.get("name", "")
                if not re.match(r"^(et|xe|ge|mge)-|^ae[0-9]", name):
                    continue
                i = iface(m, name)
                ports += 1
                check(i and i["oper_state"].get("value") == kids.get("oper-status") and
                      i["mtu"].get("value") == int(kids["mtu"]) and
                      i["speed_mbps"].get("value") == int(re.match(r"(\d+)", kids["speed"]).group(1)) *
                      (1000 if kids["speed"].lower().endswith("gbps") else 1),
                      "%s %s: %s" % (f[0], name, i and (i["oper_state"], i["mtu"], i["speed_mbps"])))
        elif rpc == "get-lldp-neighbors-information":
            for nb in root.iter():
                if local(nb) != "lldp-neighbor-information":
                    continue
                kids = {local(k): (k.text or "").strip() for k in nb}
                i = iface(m, kids["lldp-local-port-id"])
                check(i and i["lldp_system_name"]["value"] == kids["lldp-remote-system-name"],
                      "%s: neighbour of %s" % (f[0], kids["lldp-local-port-id"]))
        elif rpc == "get-chassis-inventory":
            want = [(k.text or "").strip() for c in root.iter() if local(c) == "chassis" for k in c
                    if local(k) == "description"]
            check(want and m["hw_model"].get("value") == want[0], "%s: model %s" % (f[0], m["hw_model"]))
            # its modules onto the ports a configuration names: FPC 0 > PIC 0 > Xcvr N is xe-0/0/N
            d = os.path.join(tmp, "chassis")
            os.makedirs(d + "/devices/r1", exist_ok=True)
            open(d + "/devices/r1/show_configuration.txt", "w").write(
                "interfaces {\n" + "".join("    xe-0/0/%d {\n        mtu 9216;\n    }\n" % k for k in range(3)) + "}\n")
            open(d + "/devices/r1/show_chassis_hardware.xml", "w").write(open(path).read())
            open(d + "/inventory.yaml", "w").write(
                "version: 1\ndevices:\n  - {name: r1, platform: junos, transport: file, address: devices/r1}\n")
            json.dump({"format": "fabcheck-snapshot", "format_version": 1, "created": "2026-12-01T00:00:00Z",
                       "tool_version": "test", "inventory": "inventory.yaml",
                       "devices": [{"name": "r1", "platform": "junos", "status": "ok",
                                                              "errors": [], "outputs": [
                           {"command": "show configuration", "encoding": "text",
                            "file": "devices/r1/show_configuration.txt"},
                           {"command": "show chassis hardware | display xml", "encoding": "text",
                            "file": "devices/r1/show_chassis_hardware.xml"}]}]}, open(d + "/manifest.json", "w"))
            r = subprocess.run([FABCHECK, "parse", d], capture_output=True, text=True)
            check(r.returncode == 0, "chassis snapshot: %s" % r.stderr[:300])
            dev = fcmodel.loads(r.stdout)[0] if r.returncode == 0 else {"interfaces": []}
            xcvr = {}
            for fpc in root.iter():
                if local(fpc) != "chassis-module" or not (fpc.findtext("{*}name") or "").startswith("FPC 0"):
                    continue
                for pic in fpc:
                    if local(pic) == "chassis-sub-module" and (pic.findtext("{*}name") or "") == "PIC 0":
                        for x in pic:
                            nm = x.findtext("{*}name") or ""
                            if nm.startswith("Xcvr "):
                                xcvr["xe-0/0/" + nm[5:]] = (x.findtext("{*}description"), x.findtext("{*}serial-number"))
            for k in range(3):
                i = iface(dev, "xe-0/0/%d" % k)
                want = xcvr.get("xe-0/0/%d" % k)
                check(i and want and i["transceiver"]["type"].get("value") == want[0]
                      and i["transceiver"]["serial"].get("value") == want[1],
                      "chassis modules: xe-0/0/%d: %s, want %s" % (k, i and i["transceiver"], want))
        n += 1
    check(n >= 8, "only %d Junos XML replies" % n)
    print("%d Junos XML replies of realdata read: %d fabric ports' state, MTU and speed as the XML gives them, LLDP "
          "neighbours, the chassis model" % (n, ports))


def interfaces_streamed():
    """show interfaces extensive is read a <physical-interface> at a time (libxml2's streaming
    reader): many ports read with the line of each value; a reply cut short, an error reply and text
    that is no XML refused, naming the file and the line."""
    cmd = "show interfaces extensive | display xml"
    ns = 'xmlns="http://xml.juniper.net/junos/21.4R0/junos-interface"'
    rows = "".join("<physical-interface>\n<name>et-0/0/%d</name>\n<mtu>%d</mtu>\n<speed>400Gbps</speed>\n"
                   "<oper-status>up</oper-status>\n</physical-interface>\n" % (i, 9000 + i) for i in range(300))
    reply = "<rpc-reply>\n<interface-information %s>\n%s</interface-information>\n</rpc-reply>\n" % (ns, rows)
    m = parse(reply, "ifs.xml", cmd)
    p = iface(m, "et-0/0/299")
    check(len(m["interfaces"]) == 300 and p and p["mtu"]["value"] == 9299 and p["mtu"]["source"].endswith(":%d" % (2 + 299 * 6 + 3)),
          "300 streamed ports: %d read, et-0/0/299 mtu %s" % (len(m["interfaces"]), p and p["mtu"]))
    for name, text, want in (("cut.xml", reply[:len(reply) // 2], "expected the XML reply <interface-information>"),
                             ("err.xml", "<rpc-reply>\n<rpc-error>\n<error-message>x</error-message>\n</rpc-error>\n"
                              "</rpc-reply>\n", "err.xml:2: the reply is an error"),
                             ("bad.xml", "not xml\n", "bad.xml:1: expected the XML reply")):
        f = os.path.join(tmp, name)
        open(f, "w").write(text)
        r = subprocess.run([FABCHECK, "parse", "--platform", "junos", "--command", cmd, "--encoding", "text", f],
                           capture_output=True, text=True)
        check(r.returncode == 2 and want in r.stderr and "\\x0a" not in r.stderr, "%s: exit %d, %r" % (name, r.returncode, r.stderr))
    print("show interfaces extensive: 300 ports streamed with their lines; a cut, an error and a non-XML reply refused")


def lists():
    """A list ends its statement: "members [ a b ];" gives a statement a value, and a block, a word
    or a second list after a ']', or an empty list, is refused at its line (a block after a list
    once made the next statement read words already dropped)."""
    m = parse("interfaces {\n    et-0/0/1 {\n        unit 0 {\n            family inet {\n"
              "                address [ 10.0.0.1/31 10.0.1.1/31 ];\n            }\n        }\n        mtu 9216;\n"
              "    }\n}\n", "list.conf")
    et = iface(m, "et-0/0/1")
    check(et and et["addresses"]["value"] == ["10.0.0.1/31", "10.0.1.1/31"] and et["addresses"]["source"].endswith(":5")
          and et["mtu"]["value"] == 9216 and not m["not_understood"], "list.conf: %s %s" % (et, m["not_understood"]))
    bad = {
        "block-after.conf": ("a b [ c ] { }\nd ;\n", 1, "expected ';' after ']'"),
        "word-after.conf": ("interfaces {\n    et-0/0/1 {\n        a [ b ] c;\n    }\n}\n", 3, "expected ';' after ']'"),
        "two-lists.conf": ("x {\n    a [ b ] [ c ];\n}\n", 2, "expected ';' after ']'"),
        "empty.conf": ("x {\n    y;\n    a [ ];\n}\n", 3, "expected a value in '[ ]'"),
    }
    for name, (text, line, want) in bad.items():
        p = os.path.join(tmp, name)
        open(p, "w").write(text)
        r = subprocess.run([FABCHECK, "parse", "--platform", "junos", "--command", "show configuration",
                            "--encoding", "text", p], capture_output=True, text=True)
        check(r.returncode == 2 and ("%s:%d: %s" % (name, line, want)) in r.stderr,
              "%s: exit %d, %r (want line %d: %s)" % (name, r.returncode, r.stderr[:300], line, want))
    print("lists: [ a b ] read as values; a block, a word or a list after ']' and '[ ]' refused at their lines")



def long_names():
    """A group's <wildcard> means every name the configuration gives at its place, however long:
    a name of 1.1 KB once went unindexed, and the group was silently not applied to it."""
    long = "et-0/0/" + "1" * 1100
    m = parse("set interfaces %s description a\nset interfaces et-0/0/1 description b\n"
              "set groups G interfaces <et-*> mtu 9216\nset apply-groups G\n" % long, "long.conf")
    for name in (long, "et-0/0/1"):
        p = iface(m, name)
        check(p and p["mtu"]["value"] == 9216, "long.conf %s...: %s" % (name[:12], p and p["mtu"]))
    print("apply-groups <et-*>: a 1.1 KB interface name expanded like a short one")


realdata()
lists()
long_names()
interfaces_streamed()
features()
forms()
drop_profile_bytes()
state_realdata()
optics_realdata()
if failures:
    print("%d failure(s)" % len(failures))
    sys.exit(1)
print("junos_config: ok")
if skipped:
    sys.exit(77)
