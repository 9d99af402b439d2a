#!/bin/bash
# SPDX-License-Identifier: MIT
# Real NX-OS RoCE QoS designs on the resolved path (issue 12), each a change of the demo's leaf1:
#   g  Cisco's AI/ML design: service-policy type qos input per interface, none under system qos
#      (ECN-SW-QUEUE and ECN-BEFORE-PFC reported UNKNOWN on 308338f..4046e3c~2);
#   h  g, and Ethernet1/4 overrides it with a policy that leaves RoCE in qos-group 0 (every QoS
#      rule passed that port before);
#   i  Cloud Scale per-port ingress queuing: Ethernet1/1 takes a service-policy type queuing input
#      whose c-in-q3 pause buffer is too small, with no network-qos buffer and no operational
#      table (HR-SIZE said UNKNOWN, "platform default buffer, not modelled");
#   j  g with WRED and no ecn on RoCE's queue (ECN-SW-QUEUE said UNKNOWN);
#   k  a custom network-qos class name, matched by match qos-group 3;
#   l  pause buffers in network-qos only (no show queuing interface rows): HR-SIZE reads them;
#   m  the config as a repository holds it: classification on "interface Ethernet1/1-4", written
#      "int" / "service-policy type qos in", a banner (before issue 12 the range was not understood
#      and RoCE "never classified");
#   n  Ethernet1/4 a trunk classifying RoCE by its CoS (match cos 3) with a policy of its own;
#   o  the switch reports no pause buffer ("-") for qos-group 3 on Ethernet1/1 while network-qos
#      configures one: the hardware wins (HR-SIZE passed on the configuration before).
set -euo pipefail
fabcheck=$1
PY=/usr/bin/python3
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

for v in g h i j k l m n o; do cp -r inventories/demo "$t/$v"; done
"$PY" - "$t" <<'PY'
import re, sys
t = sys.argv[1]
def cfg(v, *pairs, f="show_running-config.txt", leaf="leaf1"):
    p = "%s/%s/devices/%s/%s" % (t, v, leaf, f)
    s = open(p).read()
    for old, new in pairs:
        assert old in s, (v, old)
        s = s.replace(old, new, 1)
    open(p, "w").write(s)
def per_port(v):
    """classification on each host port instead of system qos (Cisco AI/ML blueprint)"""
    cfg(v, ("  service-policy type qos input AI-QOS-IN\n", ""))
    for n in range(1, 5):
        cfg(v, ("interface Ethernet1/%d\n  description" % n,
                "interface Ethernet1/%d\n  service-policy type qos input AI-QOS-IN\n  description" % n))
def no_oper_buffers(v):
    """show queuing interface without its ingress pause tables (the egress ones stay)"""
    q = "%s/%s/devices/leaf1/show_queuing_interface.txt" % (t, v)
    s = open(q).read()
    s, n = re.subn(r"Ingress Queuing for \S+\n(?:.+\n)*\n", "", s)
    assert n == 4 and "103360" not in s, (v, n)
    open(q, "w").write(s)
for v in "ghj":
    per_port(v)
cfg("h", ("interface Ethernet1/4\n  service-policy type qos input AI-QOS-IN\n",
          "interface Ethernet1/4\n  service-policy type qos input LOSSY-IN\n"),
    ("system qos\n", "class-map type qos match-any BULK\n  match dscp 26\n  match dscp 10\npolicy-map type qos LOSSY-IN\n"
                     "  class BULK\n    set qos-group 0\nsystem qos\n"))
# i: the buffer moves from network-qos to a per-port ingress queuing policy on Ethernet1/1
no_oper_buffers("i")
cfg("i", ("    pause buffer-size 103360 pause-threshold 43680 resume-threshold 24320\n", ""),
    ("system qos\n", "policy-map type queuing AI-IN\n  class type queuing c-in-q3\n"
                     "    pause buffer-size 20000 pause-threshold 10000 resume-threshold 9000\nsystem qos\n"),
    ("interface Ethernet1/1\n  description", "interface Ethernet1/1\n  service-policy type queuing input AI-IN\n  description"))
cfg("i", ("      pause buffer-size 103360 pause-threshold 43680 resume-threshold 24320\n", ""),
    f="show_policy-map_system_type_network-qos.txt")
cfg("j", ("drop-probability 7 weight 0 ecn", "drop-probability 7 weight 0"))
cfg("k", ("class-map type qos match-all RDMA\n", "class-map type network-qos ROCE-NQ\n  match qos-group 3\nclass-map type qos match-all RDMA\n"),
    ("  class type network-qos c-8q-nq3\n", "  class type network-qos ROCE-NQ\n"))
cfg("k", ("    class type network-qos c-8q-nq3\n", "    class type network-qos ROCE-NQ\n"),
    f="show_policy-map_system_type_network-qos.txt")
no_oper_buffers("l")
cfg("n", ("interface Ethernet1/4\n  description host4:ens1f0\n  mtu 9216\n  priority-flow-control mode on\n  no switchport\n  ip address 10.1.3.0/31",
           "interface Ethernet1/4\n  description host4:ens1f0\n  mtu 9216\n  priority-flow-control mode on\n  switchport\n  switchport mode trunk\n  service-policy type qos input COS-IN"),
    ("system qos\n", "class-map type qos match-any ROCE-COS\n  match cos 3\nclass-map type qos match-any CNP-COS\n  match cos 6\n"
                     "policy-map type qos COS-IN\n  class ROCE-COS\n    set qos-group 3\n  class CNP-COS\n    set qos-group 7\nsystem qos\n"))
js = "%s/n/devices/leaf1/show_interface.json" % t
x = open(js).read()
k = x.index('"Ethernet1/4"')
open(js, "w").write(x[:k] + x[k:].replace('"eth_mode": "routed"', '"eth_mode": "trunk"', 1))
cfg("m", ("  service-policy type qos input AI-QOS-IN\n", ""),
    ("hostname leaf1\n", "hostname leaf1\nbanner motd #\nAuthorised use only.\n#\n"),
    ("\ninterface Ethernet1/1\n", "\nint Ethernet1/1-4\n  service-policy type qos in AI-QOS-IN\ninterface Ethernet1/1\n"))
cfg("o", ("      3         103360        43680        24320\n", "      3              -            -            -\n"),
    f="show_queuing_interface.txt")
PY
for v in g h i j k l m n o; do
	set +e; "$fabcheck" validate "$t/$v" --format json > "$t/$v.json"; rc=$?; set -e
	[ "$rc" -eq 1 ] || fail "$v: validate exit $rc"   # the demo's own faults remain
done
"$fabcheck" parse "$t/h" --device leaf1 > "$t/h-model.json"
"$PY" - "$t" <<'PY'
import json, sys
sys.path.insert(0, "tests/cli")
from findings import Reports, link as L
import fcmodel
t = sys.argv[1]
R = Reports.of_dir(t, ["g", "h", "i", "j", "k", "l", "m", "n", "o"])
rule = R.want
# g: classified per port, judged everywhere
rule("g", "PFC-NODROP-CLASS", "leaf1", "pass", "all 4 RoCE ports (Ethernet1/1-4): RoCE DSCP 26 -> the port's policy AI-QOS-IN class RDMA -> traffic class 3")
rule("g", "ECN-SW-QUEUE", "leaf1", "pass", "queue c-out-8q-q3 (traffic class 3) marks ECN from 20480 to 40960 bytes")
rule("g", "ECN-BEFORE-PFC", "leaf1", "pass", "ECN marks before PFC pauses on all 4 PFC ports")
rule("g", "PFC-DSCP-MAP", "leaf1 RoCE DSCP 26", "pass", "no-drop for priority 3")
# h: the one port overriding into a lossy class fails every rule that asks
rule("h", "PFC-NODROP-CLASS", "leaf1:Ethernet1/4", "fail", "1 of 4 RoCE ports (Ethernet1/4): the port's policy LOSSY-IN puts RoCE DSCP 26 in traffic class 0, which is not no-drop for priority 3")
rule("h", "PFC-NODROP-CLASS", "leaf1:Ethernet1/1", "pass", "3 of 4 RoCE ports (Ethernet1/1-3)")
rule("h", "PFC-DSCP-MAP", "leaf1:Ethernet1/4 RoCE DSCP 26", "fail", "RoCE lands in traffic class 0, which is not no-drop for priority 3")
rule("h", "HR-SIZE", L("leaf1:Ethernet1/4", "host4:ens1f0"), "fail", "RoCE's class there is not no-drop")
rule("h", "ECN-ANTI", L("leaf1:Ethernet1/4", "host4:ens1f0"), "fail", "PFC on one end only")
rule("h", "ECN-SW-QUEUE", "leaf1:Ethernet1/4", "fail", "queue c-out-8q-q-default (traffic class 0) does not mark ECN")
m = fcmodel.load(t + "/h-model.json")[0]
hop = [i for i in m["interfaces"] if i["name"] == "Ethernet1/4"][0]["qos_path"]["RoCE"]
assert hop["classifier"]["value"] == "LOSSY-IN" and hop["classifier_per_port"]["value"] is True, hop
assert hop["match"]["value"] == "BULK" and hop["traffic_class"]["value"] == 0, hop
assert hop["classifier"]["source"].endswith("show_running-config.txt:%d" % (open(t + "/h/devices/leaf1/show_running-config.txt").read().split("\n").index("  service-policy type qos input LOSSY-IN") + 1)), hop["classifier"]
# i: the per-port ingress buffer is read, and too small
rule("i", "HR-SIZE", L("leaf1:Ethernet1/1", "host1:ens1f0"), "fail", "below what speed, cable length and MTU require on leaf1:Ethernet1/1")
ev = [e for e in R.get("i", "HR-SIZE", L("leaf1:Ethernet1/1", "host1:ens1f0"))["evidence"] if e["what"] == "headroom"][0]
assert ev["value"].startswith("10000 B (pause buffer-size 20000 - pause-threshold 10000)"), ev
rule("i", "HR-SIZE", L("leaf1:Ethernet1/2", "host2:ens1f0"), "unknown", "could not be checked on every end")
# j: WRED without ECN under per-port classification
rule("j", "ECN-SW-QUEUE", "leaf1", "fail", "queue c-out-8q-q3 (traffic class 3) runs WRED without ECN")
# k: a custom network-qos class name
rule("k", "PFC-NODROP-CLASS", "leaf1", "pass", "no-drop class ROCE-NQ (MTU 9216)")
# l: the network-qos pause buffer, with its source line
ev = [e for e in R.get("l", "HR-SIZE", L("leaf1:Ethernet1/1", "host1:ens1f0"))["evidence"] if e["what"] == "headroom"][0]
assert ev["source"]["file"].endswith("leaf1/show_policy-map_system_type_network-qos.txt") or ev["source"]["file"].endswith("leaf1/show_running-config.txt"), ev
rule("l", "HR-SIZE", L("leaf1:Ethernet1/1", "host1:ens1f0"), "pass", "covers speed, cable length and MTU")
# o: the operational "-" wins over the configured buffer, on that port only, with its line
rule("o", "HR-SIZE", L("leaf1:Ethernet1/1", "host1:ens1f0"), "fail", "below what speed, cable length and MTU require on leaf1:Ethernet1/1")
ev = [e for e in R.get("o", "HR-SIZE", L("leaf1:Ethernet1/1", "host1:ens1f0"))["evidence"] if e["what"] == "headroom"][0]
assert ev["value"].startswith("0 B (no pause buffer for the priority's group)"), ev
assert ev["source"]["file"].endswith("leaf1/show_queuing_interface.txt") and ev["source"]["line"] == 21, ev
rule("o", "HR-SIZE", L("leaf1:Ethernet1/2", "host2:ens1f0"), "pass", "covers speed, cable length and MTU")
# m: classification on a range, abbreviated
rule("m", "PFC-NODROP-CLASS", "leaf1", "pass", "all 4 RoCE ports (Ethernet1/1-4): RoCE DSCP 26 -> the port's policy AI-QOS-IN class RDMA")
rule("m", "ECN-SW-QUEUE", "leaf1", "pass", "marks ECN")
# n: RoCE classified by its CoS on a trunk
rule("n", "PFC-NODROP-CLASS", "leaf1:Ethernet1/4", "pass", "1 of 4 RoCE ports (Ethernet1/4): RoCE DSCP 26 -> the port's policy COS-IN class ROCE-COS -> traffic class 3")
rule("n", "PFC-TRUST", L("leaf1:Ethernet1/4", "host4:ens1f0"), "warn", "classification differs: pcp on leaf1:Ethernet1/4, dscp on host4:ens1f0")
print(R.summary("qos_designs"))
PY
