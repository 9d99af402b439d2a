#!/bin/bash
# SPDX-License-Identifier: MIT
# Two-ended link rules on the demo fabric with host-side values changed the way real hosts
# differ: L1-SPEED-MATCH, FEC-MATCH, PFC-LLFC-OFF, MTU-HOST-SWITCH and PFC-PRIO-MATCH, each asserted pass, fail
# and unknown on named links.
set -euo pipefail
fabcheck=$1
PY=/usr/bin/python3
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cp -r inventories/demo "$t/demo"
"$PY" - "$t/demo" <<'PY'
import json, sys
root = sys.argv[1]
def edit(host, fn):
    p = "%s/devices/%s/probe.json" % (root, host)
    d = json.load(open(p))
    fn({i["name"]: i for i in d["interfaces"]})
    json.dump(d, open(p, "w"), indent=1)
def h1(i):
    i["ens1f0"]["link"]["speed_mbps"] = 50000            # trained at 50G against a 100G port
    i["ens1f0"]["pause"]["rx"] = True                   # 802.3x pause on: fail
def h3(i):
    i["ens1f0"]["fec"] = {"unknown": "ethtool fec: Operation not supported"}
    i["ens1f0"]["pause"] = {"unknown": "ethtool GPAUSEPARAM: Operation not supported"}
def h4(i):
    i["ens1f0"]["mtu"] = 9500                            # above what a 9216-byte port carries
    i["ens1f1"]["operstate"] = "down"                    # a down port's FEC is no evidence
    i["ens1f1"]["mtu"] = {"unknown": "/sys/class/net/ens1f1/mtu: absent"}
def h2(i):
    i["ens1f0"]["dcb"]["pfc_enabled"] = []                # PFC off on the host: RoCE lossy on one end
    i["ens1f0"]["dcb"]["trust"] = "pcp"                   # PCP on a routed /31: no tag, no PCP
def h4b(i):
    i["ens1f0"]["dcb"]["pfc_delay_m"] = 2                 # headroom sized for 2 m on a 3 m cable
    i["ens1f1"]["link"]["autoneg"] = False                # AN off against a switch port with AN on
def h1b(i):
    i["ens1f1"]["dcb"]["pfc_enabled"] = [3, 4]            # an extra lossless priority: warn
def h3b(i):
    i["ens1f0"]["dcb"] = {"unknown": "dcbnl dcb: Operation not supported"}
def h2c(i):
    i["ens1f0"]["fec"]["configured"] = "RS"              # forced on the host, auto on the switch: warn
def h1c(i):
    i["ens1f0"]["fec"]["active"] = "BaseR"               # FC-FEC on a CA-L (100GBASE-CR4) DAC: too weak
    i["ens1f1"]["module"]["compliance"] = "Copper cable"  # no DAC class on either end
def h4c(i):
    i["ens1f0"]["module"]["compliance"] = "25GBASE-CR CA-S"   # a CA-S cable: BASE-R is enough
    i["ens1f0"]["fec"]["active"] = "BaseR"
fec = root + "/devices/leaf1/show_interface_fec.txt"
t = open(fec).read()
open(fec, "w").write(t.replace("Eth1/4        0x1a000300    auto        rs-fec", "Eth1/4        0x1a000300    auto        fc-fec"))
js = root + "/devices/leaf1/show_interface.json"
t = open(js).read()
k = t.index('"Ethernet1/4"')
open(js, "w").write(t[:k] + t[k:].replace('"eth_oper_fec_state": "rs-fec"', '"eth_oper_fec_state": "fc-fec"', 1))
cfg = root + "/devices/leaf2/show_running-config.txt"
text = open(cfg).read()
text = text.replace("priority-flow-control watch-dog-interval on", "priority-flow-control watch-dog-interval off")
open(cfg, "w").write(text.replace("weight 0 ecn", "weight 0"))   # WRED in drop mode on the RoCE queue
edit("host1", h1); edit("host3", h3); edit("host4", h4); edit("host2", h2); edit("host1", h1b); edit("host3", h3b); edit("host4", h4b)
edit("host1", h1c); edit("host4", h4c); edit("host2", h2c)
PY
set +e
"$fabcheck" validate "$t/demo" --format json > "$t/r.json"; rc=$?
set -e
[ "$rc" -eq 1 ] || fail "validate exit $rc"
"$PY" - "$t/r.json" <<'PY'
import sys
sys.path.insert(0, "tests/cli")
from findings import Reports, link as L
R = Reports({"r": sys.argv[1]})
g = R.runs["r"]
rule = lambda rid, subj, status, text: R.want("r", rid, subj, status, text)
rule("L1-SPEED-MATCH", L("leaf1:Ethernet1/1", "host1:ens1f0"), "fail", "100000 Mb/s on leaf1:Ethernet1/1 vs 50000 Mb/s on host1:ens1f0")
rule("L1-SPEED-MATCH", L("leaf1:Ethernet1/2", "host2:ens1f0"), "pass", "both ends at 100000 Mb/s, as planned")
rule("FEC-MATCH", L("leaf2:Ethernet1/50/1", "host2:ens1f1"), "fail", "active FEC rs544 on leaf2:Ethernet1/50/1 vs rs528 on host2:ens1f1")
rule("FEC-MATCH", L("leaf1:Ethernet1/2", "host2:ens1f0"), "pass", "both ends decode rs528 FEC")   # auto against forced rs, the same code: no warning
rule("FEC-MATCH", L("leaf1:Ethernet1/4", "host4:ens1f0"), "pass", "both ends decode baser FEC")
rule("FEC-MATCH", L("leaf1:Ethernet1/3", "host3:ens1f0"), "unknown", "active FEC is not known on both ends")
rule("FEC-MATCH", L("leaf2:Ethernet1/51/1", "host4:ens1f1"), "pass", "not up, judged from intent: both ends negotiate FEC")   # down: from configuration
rule("FEC-CABLE-CLASS", L("leaf1:Ethernet1/1", "host1:ens1f0"), "fail", "host1:ens1f0 runs weaker FEC than a CA-L cable needs")
rule("FEC-CABLE-CLASS", L("leaf1:Ethernet1/4", "host4:ens1f0"), "pass", "strong enough for a CA-S cable")
rule("FEC-CABLE-CLASS", L("leaf1:Ethernet1/2", "host2:ens1f0"), "pass", "strong enough for a CA-L cable")
rule("FEC-CABLE-CLASS", L("leaf1:Ethernet1/3", "host3:ens1f0"), "unknown", "the active FEC of host3:ens1f0 is not known")
rule("FEC-CABLE-CLASS", L("leaf2:Ethernet1/49/1", "host1:ens1f1"), "unknown", "neither end's module EEPROM names the DAC class")
assert ("FEC-CABLE-CLASS", L("leaf2:Ethernet1/50/1", "host2:ens1f1")) not in g, "FEC-CABLE-CLASS judged a PAM4 link"
rule("PFC-LLFC-OFF", L("leaf1:Ethernet1/1", "host1:ens1f0"), "fail", "802.3x pause is on at host1:ens1f0")
rule("PFC-LLFC-OFF", L("leaf1:Ethernet1/2", "host2:ens1f0"), "pass", "off on both ends")
rule("PFC-LLFC-OFF", L("leaf1:Ethernet1/3", "host3:ens1f0"), "unknown", "802.3x pause is not known on both ends")
rule("MTU-HOST-SWITCH", L("leaf1:Ethernet1/4", "host4:ens1f0"), "fail", "switch port MTU 9216 is below the host's 9500 + 18")
rule("MTU-HOST-SWITCH", L("leaf1:Ethernet1/2", "host2:ens1f0"), "pass", "carries the host's 9000-byte packets")
rule("MTU-HOST-SWITCH", L("leaf2:Ethernet1/51/1", "host4:ens1f1"), "unknown", "MTU is not known on both ends")
rule("PFC-PRIO-MATCH", L("leaf1:Ethernet1/2", "host2:ens1f0"), "fail", "RoCE priority 3 is not lossless on host2:ens1f0")
rule("PFC-PRIO-MATCH", L("leaf2:Ethernet1/49/1", "host1:ens1f1"), "pass", "the other lossless priorities differ (3 vs 3,4) but carry none of the fabric's classes")
rule("PFC-PRIO-MATCH", L("leaf1:Ethernet1/3", "host3:ens1f0"), "unknown", "PFC priority set is not known on both ends")
rule("PFC-PRIO-MATCH", L("leaf1:Ethernet1/4", "host4:ens1f0"), "pass", "PFC on priorities 3 on both ends")
rule("PFC-WD-SWITCH", L("leaf1:Ethernet1/2", "host2:ens1f0"), "pass", "the PFC watchdog is on on leaf1:Ethernet1/2")
rule("PFC-WD-SWITCH", L("leaf2:Ethernet1/49/1", "host1:ens1f1"), "fail", "the PFC watchdog is off on leaf2:Ethernet1/49/1")
rule("PFC-TRUST", L("leaf1:Ethernet1/2", "host2:ens1f0"), "fail", "host2:ens1f0 classifies RoCE by PCP on an untagged link")
rule("PFC-TRUST", L("leaf1:Ethernet1/3", "host3:ens1f0"), "unknown", "classification basis is not known on both ends")
rule("PFC-TRUST", L("leaf1:Ethernet1/1", "host1:ens1f0"), "pass", "both ends classify by DSCP")
rule("HR-CABLE-LEN", L("leaf1:Ethernet1/4", "host4:ens1f0"), "fail", "host4:ens1f0 sizes its headroom for 2 m, the cable is 3.0 m")
rule("HR-CABLE-LEN", L("leaf1:Ethernet1/1", "host1:ens1f0"), "pass", "headroom sized for at least the 3.0 m cable")
rule("ECN-SW-QUEUE", "leaf1", "pass", "all 4 RoCE ports (Ethernet1/1-4): queue c-out-8q-q3 (traffic class 3) marks ECN")
rule("ECN-SW-QUEUE", "leaf2", "fail", "queue c-out-8q-q3 (traffic class 3) runs WRED without ECN")
rule("L1-AN-DAC", L("leaf2:Ethernet1/51/1", "host4:ens1f1"), "fail", "autonegotiation is on on leaf2:Ethernet1/51/1 and off on host4:ens1f1")
rule("L1-AN-DAC", L("leaf1:Ethernet1/1", "host1:ens1f0"), "pass", "autonegotiation on at both ends of a dac link")
print("link rules: L1-SPEED-MATCH, FEC-MATCH (incl. a down link), PFC-LLFC-OFF, MTU-HOST-SWITCH, PFC-PRIO-MATCH (extra priorities no class rides pass), PFC-WD-SWITCH, PFC-TRUST, HR-CABLE-LEN: pass, fail, unknown; ECN-SW-QUEUE, L1-AN-DAC pass/fail")
PY
echo "rules_link: ok"
