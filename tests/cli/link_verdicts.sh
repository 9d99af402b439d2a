#!/bin/bash
# SPDX-License-Identifier: MIT
# Verdicts issue 12 changed, found by running fabcheck on fabrics nobody here wrote; each case is
# the demo changed the way those fabrics were, and each assertion failed on 4046e3c~3 (HEAD before):
#   p  host1:ens1f0 forced (autonegotiation off) to 100000baseKR4 on its DAC, link down:
#      L1-MEDIUM-CR-KR FAIL naming the forced mode (was UNKNOWN, no mode in use);
#   q  autonegotiation on at both ends of leaf2:Ethernet1/51/1 <-> host4:ens1f1 made optical:
#      PASS (was a HIGH WARN), and on/off on a DAC still FAILs;
#   r  host4:ens1f0's cable moved from leaf1:Ethernet1/4 to leaf1:Ethernet1/5, host4 running no
#      LLDP: CABLE-PLAN-LLDP FAILs saying where it is (was UNKNOWN);
#   s  leaf1:Ethernet1/4 down and host4:ens1f0 seen by no LLDP table: UNKNOWN saying so.
set -euo pipefail
fabcheck=$1
PY=/usr/bin/python3
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

for v in p q r s; do cp -r inventories/demo "$t/$v"; done
"$PY" - "$t" <<'PY'
import json, sys
t = sys.argv[1]
def host(v, h, fn):
    p = "%s/%s/devices/%s/probe.json" % (t, v, h)
    d = json.load(open(p))
    fn({i["name"]: i for i in d["interfaces"]})
    json.dump(d, open(p, "w"), indent=1)
def text(v, path, *pairs):
    p = "%s/%s/devices/%s" % (t, v, path)
    s = open(p).read()
    for old, new in pairs:
        assert old in s, (v, path, old)
        s = s.replace(old, new, 1)
    open(p, "w").write(s)
def forced_kr(i):
    l = i["ens1f0"]["link"]
    l["autoneg"] = False
    l["advertised"] = ["100000baseKR4/Full"]
    l["speed_mbps"] = {"unknown": "link down"}
    l["lanes"] = {"unknown": "link down"}
    l.pop("active_mode")
    i["ens1f0"]["operstate"] = "down"
host("p", "host1", forced_kr)
def optical(i):
    i["ens1f1"]["link"]["port"] = "FIBRE"
host("q", "host4", optical)
p = "%s/q/devices/leaf2/show_interface_transceiver_details.txt" % t
s = open(p).read()
k = s.index("Ethernet1/51/1\n")
e = s.index("cisco product id", k)
blk = s[k:e].replace("type is QSFP-100G-CR4", "type is QSFP-100G-SR4").replace(
    "Link length supported for copper is 3 m", "Link length supported for 50/125um OM3 fiber is 70 m")
open(p, "w").write(s[:k] + blk + s[e:])
def an_off(i):
    i["ens1f0"]["link"]["autoneg"] = False
host("q", "host1", an_off)
def no_lldp(i):
    i["ens1f0"].pop("lldp", None)
for v in "rs":
    host(v, "host4", no_lldp)
text("r", "leaf1/show_lldp_neighbors_detail.txt", ("Local Port id: Eth1/4", "Local Port id: Eth1/5"))
# s: the LLDP entry of Ethernet1/4 gone, the port down
p = "%s/s/devices/leaf1/show_lldp_neighbors_detail.txt" % t
s = open(p).read()
k = s.index("Local Port id: Eth1/4")
start = s.rindex("Chassis id", 0, k)
nxt = s.find("Chassis id", k)
open(p, "w").write(s[:start] + (s[nxt:] if nxt >= 0 else ""))
p = "%s/s/devices/leaf1/show_interface.json" % t
s = open(p).read()
k = s.index('"Ethernet1/4"')
open(p, "w").write(s[:k] + s[k:].replace('"state": "up"', '"state": "down"', 1))
PY
for v in p q r s; do
	set +e; "$fabcheck" validate "$t/$v" --format json > "$t/$v.json"; rc=$?; set -e
	[ "$rc" -eq 1 ] || fail "$v: validate exit $rc"
done
"$PY" - "$t" <<'PY'
import sys
sys.path.insert(0, "tests/cli")
from findings import Reports, link as L
R = Reports.of_dir(sys.argv[1], ["p", "q", "r", "s"])
rule = R.want
rule("p", "L1-MEDIUM-CR-KR", L("leaf1:Ethernet1/1", "host1:ens1f0"), "fail", "host1:ens1f0 is forced to 100000baseKR4/Full (autonegotiation off) on a dac")
rule("q", "L1-AN-DAC", L("leaf2:Ethernet1/51/1", "host4:ens1f1"), "pass", "optical PMDs do not negotiate")
rule("q", "L1-AN-DAC", L("leaf1:Ethernet1/1", "host1:ens1f0"), "fail", "autonegotiation is on on leaf1:Ethernet1/1 and off on host1:ens1f0: a copper link stays down")
rule("r", "CABLE-PLAN-LLDP", L("leaf1:Ethernet1/4", "host4:ens1f0"), "fail", "host4:ens1f0 is seen on leaf1:Ethernet1/5, planned on leaf1:Ethernet1/4")
rule("s", "CABLE-PLAN-LLDP", L("leaf1:Ethernet1/4", "host4:ens1f0"), "unknown", "leaf1:Ethernet1/4 is down, and no LLDP table of the fabric sees host4:ens1f0 anywhere")
print(R.summary("link_verdicts"))
PY
