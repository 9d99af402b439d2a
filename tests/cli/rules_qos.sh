#!/bin/bash
# SPDX-License-Identifier: MIT
# Switch QoS and PFC/ECN-combination rules on the demo fabric with its NX-OS configurations and
# host DCB state changed the way real fabrics go wrong: PFC-NODROP-CLASS, PFC-DSCP-MAP and
# ECN-ANTI, each asserted pass, fail (or warn) and unknown on named subjects, and ECN-ANTI judged
# differently by each profile's declared design.
set -euo pipefail
fabcheck=$1
PY=/usr/bin/python3
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cp -r inventories/demo "$t/a"
cp -r inventories/demo "$t/b"
for v in c d e f; do cp -r inventories/demo "$t/$v"; done
"$PY" - "$t/a" "$t/b" "$t/c" "$t/d" "$t/e" "$t/f" <<'PY'
import json, re, sys
a, b, c, d, e, f = sys.argv[1:7]
def cfg(root, leaf, *pairs, f="show_running-config.txt"):
    p = "%s/devices/%s/%s" % (root, leaf, f)
    s = open(p).read()
    for old, new in pairs:
        assert old in s, (leaf, old)
        s = s.replace(old, new, 1)
    open(p, "w").write(s)
def host(root, h, fn):
    p = "%s/devices/%s/probe.json" % (root, h)
    d = json.load(open(p))
    fn({i["name"]: i for i in d["interfaces"]})
    json.dump(d, open(p, "w"), indent=1)
# a: leaf1's no-drop class keeps the 1500-byte default MTU; leaf2 re-marks RoCE and queues CNP by weight
cfg(a, "leaf1", ("    mtu 9216\n    pause pfc-cos 3", "    pause pfc-cos 3"),
    ("minimum-threshold 20 kbytes", "minimum-threshold 2 kbytes"))   # marks from 2 KB: below the band
cfg(a, "leaf1", ("      pause pfc-cos 3\n      mtu 9216\n", "      pause pfc-cos 3\n"),
    f="show_policy-map_system_type_network-qos.txt")
cfg(a, "leaf2", ("    set qos-group 3\n", "    set qos-group 3\n    set dscp 10\n"),
    ("  class type queuing c-out-8q-q7\n    priority level 1", "  class type queuing c-out-8q-q7\n    bandwidth remaining percent 10"))
def a_h1(i):
    i["ens1f0"]["dcb"]["dscp_prio"]["26"] = 0            # RoCE DSCP on priority 0: not paused
    i["ens1f1"]["dcb"]["dscp_prio"].pop("26")            # no entry for the RoCE DSCP
def a_h2(i):
    i["ens1f0"]["ecn"]["roce_np_enabled"] = []           # DCQCN NP off: PFC without ECN
    i["ens1f1"]["link"]["lanes"] = {"unknown": "ethtool: no lane count reported"}   # RS: 528 or 544?
def a_h3(i):
    i["ens1f0"]["dcb"] = {"unknown": "dcbnl dcb: Operation not supported"}
    i["ens1f0"]["ecn"] = {"unknown": "/sys/class/net/ens1f0/ecn: absent"}
def a_h4(i):
    i["ens1f0"]["dcb"]["pfc_enabled"] = []               # host PFC off, switch PFC on: one end only
    i["ens1f0"]["dcb"]["trust"] = "pcp"                  # PCP on a trunk: tagged, so not a failure
def trunk14(root):
    """leaf1 Ethernet1/4 (to host4:ens1f0) becomes a trunk port"""
    cfg(root, "leaf1", ("interface Ethernet1/4\n  description host4:ens1f0\n  mtu 9216\n  priority-flow-control mode on\n  no switchport\n  ip address 10.1.3.0/31",
                        "interface Ethernet1/4\n  description host4:ens1f0\n  mtu 9216\n  priority-flow-control mode on\n  switchport\n  switchport mode trunk"))
    js = root + "/devices/leaf1/show_interface.json"
    t = open(js).read()
    k = t.index('"Ethernet1/4"')
    open(js, "w").write(t[:k] + t[k:].replace('"eth_mode": "routed"', '"eth_mode": "trunk"', 1))
trunk14(a)
host(a, "host1", a_h1); host(a, "host2", a_h2); host(a, "host3", a_h3); host(a, "host4", a_h4)
# b: leaf2 has no system type qos input policy (its PFC ports have none either); leaf1 and host1
# run ECN without PFC on Ethernet1/1
cfg(b, "leaf2", ("  service-policy type qos input AI-QOS-IN\n", ""))
cfg(b, "leaf1", ("interface Ethernet1/1\n  description host1:ens1f0\n  mtu 9216\n  priority-flow-control mode on",
                 "interface Ethernet1/1\n  description host1:ens1f0\n  mtu 9216\n  priority-flow-control mode off"))
cfg(b, "leaf1", ("system qos\n", "policy-map type queuing PLAIN-OUT\n  class type queuing c-out-8q-q3\n    bandwidth remaining percent 50\nsystem qos\n"),
    ("interface Ethernet1/2\n  description host2:ens1f0\n", "interface Ethernet1/2\n  description host2:ens1f0\n  service-policy type queuing output PLAIN-OUT\n"))
def b_h1(i):
    i["ens1f0"]["dcb"]["pfc_enabled"] = []
host(b, "host1", b_h1)
# ECN before PFC (the demo pauses at 43680 B). c: leaf1 runs Cisco's blueprint thresholds (marking
# starts at 150 KB), leaf2 marks from 20 KB up to 100 KB. d: leaf1 shows no pause threshold anywhere
# (platform default), leaf2 marks as a step at 300 KB (Kmin = Kmax, Microsoft's Azure Local ToR).
# e: leaf2's Kmin is above its Kmax.
W = "minimum-threshold 20 kbytes maximum-threshold 40 kbytes"
cfg(c, "leaf1", (W, "minimum-threshold 150 kbytes maximum-threshold 3000 kbytes"))
cfg(c, "leaf2", (W, "minimum-threshold 20 kbytes maximum-threshold 100 kbytes"))
cfg(d, "leaf1", ("    pause buffer-size 103360 pause-threshold 43680 resume-threshold 24320\n", ""))
cfg(d, "leaf1", ("      pause buffer-size 103360 pause-threshold 43680 resume-threshold 24320\n", ""),
    f="show_policy-map_system_type_network-qos.txt")
q = d + "/devices/leaf1/show_queuing_interface.txt"
s, n = re.subn(r"Ingress Queuing for \S+\n(?:.+\n)*\n", "", open(q).read())   # no ingress pause tables
assert n == 4 and "103360" not in s, n
open(q, "w").write(s)
cfg(d, "leaf2", (W, "minimum-threshold 300 kbytes maximum-threshold 300 kbytes"))
cfg(e, "leaf2", (W, "minimum-threshold 50 kbytes maximum-threshold 40 kbytes"))
# CNP 802.1p priority: c has a Broadcom-style host (CNPs on 7) among ConnectX ones (6) on untagged
# links; d also has an interface that does not report it; in f, leaf1's Ethernet1/4 is a trunk and
# leaf1 classifies tagged CNPs by CoS 6 only, while host4 behind it sends them on 7
def cnp7(i):
    i["ens1f0"]["ecn"]["cnp_prio"] = 7
def cnp_gone(i):
    i["ens1f1"]["ecn"].pop("cnp_prio")
host(c, "host3", cnp7); host(d, "host3", cnp7); host(d, "host2", cnp_gone); host(f, "host4", cnp7)
trunk14(f)
cfg(f, "leaf1", ("class-map type qos match-all CNP\n", "class-map type qos match-any CNP-COS\n  match cos 6\nclass-map type qos match-all CNP\n"),
    ("  class CNP\n    set qos-group 7\n", "  class CNP\n    set qos-group 7\n  class CNP-COS\n    set qos-group 7\n"))
PY
run() {   # run NAME DIR [args]: validate into NAME.json; exit 1 expected (the demo's own faults remain)
	local n=$1 d=$2; shift 2
	set +e
	"$fabcheck" validate "$d" --format json "$@" > "$t/$n.json"; local rc=$?
	set -e
	[ "$rc" -eq 1 ] || fail "$n: validate exit $rc"
}
run a "$t/a"; run b "$t/b"; run c "$t/c"; run d "$t/d"; run e "$t/e"; run f "$t/f"
for x in 50000 10000; do   # the pause threshold d's leaf1 does not show, from the policy
	printf 'rules:\n  ECN-BEFORE-PFC:\n    params: {pfc_trigger_bytes: %s}\n' "$x" > "$t/trig$x.yaml"
	run "d$x" "$t/d" --policy "$t/trig$x.yaml"
done
for model in trident2 spectrum4 tomahawk spectrum1 nosuch; do   # HR-SIZE's switch headroom model
	printf 'rules:\n  HR-SIZE:\n    params: {switch_model: %s}\n' "$model" > "$t/$model.yaml"
	[ $model = nosuch ] || run "hr-$model" inventories/demo --policy "$t/$model.yaml"
done
# a model HR-SIZE does not know is a policy error naming the line, not a run of UNKNOWNs
set +e; "$fabcheck" validate inventories/demo --policy "$t/nosuch.yaml" > /dev/null 2> "$t/nosuch.err"; rc=$?; set -e
[ $rc -eq 2 ] && grep -q "nosuch.yaml:3: HR-SIZE.switch_model: expected one of auto ieee" "$t/nosuch.err" || fail "switch_model nosuch: exit $rc"
run bpfc "$t/b" --profile pfc_only; run blossy "$t/b" --profile lossy_ecn; run apfc "$t/a" --profile pfc_only
"$fabcheck" validate tests/fixtures/mini --format json > "$t/mini.json"   # classified per port, no system policy
"$PY" - "$t" <<'PY'
import sys
sys.path.insert(0, "tests/cli")
from findings import Reports, link as L
R = Reports.of_dir(sys.argv[1], ["a", "b", "bpfc", "blossy", "apfc", "hr-trident2", "hr-spectrum4", "hr-tomahawk",
                                 "hr-spectrum1", "mini", "c", "d", "e", "f", "d50000", "d10000"])
rule = R.want
rule("a", "PFC-NODROP-CLASS", "leaf1", "fail", "all 4 RoCE ports (Ethernet1/1-4): class c-8q-nq3 sets no MTU")
rule("mini", "PFC-DSCP-MAP", "sw1 RoCE DSCP 26", "pass", "RoCE -> traffic class 3, no-drop for priority 3")
rule("mini", "PFC-DSCP-MAP", "sw1 CNP DSCP 48", "pass", "strict priority level 1")
assert any(e["what"] == "classifier (the port's own)" and e["value"] == "QOS-IN" for e in R.get("mini", "PFC-DSCP-MAP", "sw1 RoCE DSCP 26")["evidence"])
rule("mini", "PFC-NODROP-CLASS", "sw1", "pass", "RoCE DSCP 26 -> the port's policy QOS-IN class RDMA -> traffic class 3")
rule("a", "PFC-TRUST", L("leaf1:Ethernet1/4", "host4:ens1f0"), "warn", "classification differs: dscp on leaf1:Ethernet1/4, pcp on host4:ens1f0")
assert any(e["what"] == "port mode" and e["value"] == "trunk" for e in R.get("a", "PFC-TRUST", L("leaf1:Ethernet1/4", "host4:ens1f0"))["evidence"])
rule("a", "FEC-MATCH", L("leaf2:Ethernet1/50/1", "host2:ens1f1"), "unknown", "host2:ens1f1 reports RS, which is RS(528) or RS(544) depending on its lane rate")
rule("a", "ECN-SW-QUEUE", "leaf1", "warn", "outside the 5120..5242880 band")
rule("a", "ECN-SW-QUEUE", "leaf2", "pass", "queue c-out-8q-q3 (traffic class 3) marks ECN from 20480 to 40960 bytes")
rule("b", "ECN-ANTI", L("leaf1:Ethernet1/2", "host2:ens1f0"), "warn", "PFC without ECN on leaf1:Ethernet1/2")
rule("b", "ECN-SW-QUEUE", "leaf1:Ethernet1/2", "fail", "1 of 4 RoCE ports (Ethernet1/2): queue c-out-8q-q3 (traffic class 3, the port's own scheduling policy) does not mark ECN")
rule("b", "ECN-SW-QUEUE", "leaf1:Ethernet1/1", "pass", "3 of 4 RoCE ports (Ethernet1/1, Ethernet1/3-4): queue c-out-8q-q3 (traffic class 3) marks ECN")
rule("a", "PFC-NODROP-CLASS", "leaf2", "pass", "RoCE DSCP 26 -> system policy AI-QOS-IN class RDMA -> traffic class 3 -> no-drop class c-8q-nq3 (MTU 9216)")
rule("b", "PFC-NODROP-CLASS", "leaf2", "fail", "all 4 RoCE ports (Ethernet1/49/1-2, Ethernet1/50/1, Ethernet1/51/1): RoCE is never classified (no service-policy type qos input on the port or under system qos)")
rule("a", "PFC-DSCP-MAP", "leaf2 RoCE DSCP 26", "fail", "class RDMA re-marks RoCE to DSCP 10")
rule("a", "PFC-DSCP-MAP", "leaf2 CNP DSCP 48", "fail", "CNP lands in traffic class 7, whose egress queue c-out-8q-q7 is not strict")
rule("a", "PFC-DSCP-MAP", "leaf1 RoCE DSCP 26", "pass", "RoCE -> traffic class 3, no-drop for priority 3")
rule("a", "PFC-DSCP-MAP", "leaf1 CNP DSCP 48", "pass", "strict priority level 1")
# no classification anywhere is known: RoCE rides the default, drop class (UNKNOWN before issue 12)
rule("b", "PFC-DSCP-MAP", "leaf2 RoCE DSCP 26", "fail", "RoCE is classified into no traffic class (no service-policy type qos input on the port or under system qos")
rule("b", "HR-SIZE", L("leaf2:Ethernet1/49/1", "host1:ens1f1"), "fail", "PFC is on for priority 3 at leaf2:Ethernet1/49/1, but RoCE's class there is not no-drop")
rule("a", "PFC-DSCP-MAP", "host1:ens1f0", "fail", "maps RoCE DSCP 26 to priority 0, not the RoCE priority 3")
rule("a", "PFC-DSCP-MAP", "host1:ens1f1", "fail", "maps no priority for RoCE DSCP 26")
rule("a", "PFC-DSCP-MAP", "host2:ens1f0", "pass", "maps RoCE DSCP 26 to priority 3")
rule("a", "PFC-DSCP-MAP", "host3:ens1f0", "unknown", "DSCP-to-priority map is not known")
rule("a", "ECN-ANTI", L("leaf1:Ethernet1/2", "host2:ens1f0"), "warn", "PFC without ECN on host2:ens1f0")
rule("apfc", "ECN-ANTI", L("leaf1:Ethernet1/2", "host2:ens1f0"), "pass", "as the pfc_only design declares")
rule("a", "ECN-ANTI", L("leaf1:Ethernet1/4", "host4:ens1f0"), "fail", "PFC on one end only")
rule("a", "ECN-ANTI", L("leaf1:Ethernet1/3", "host3:ens1f0"), "unknown", "not known on both ends")
rule("a", "ECN-ANTI", L("leaf1:Ethernet1/1", "host1:ens1f0"), "pass", "PFC and ECN on both ends (DCQCN)")
rule("b", "ECN-ANTI", L("leaf1:Ethernet1/1", "host1:ens1f0"), "fail", "ECN without PFC: lossy RoCE, which the lossless_dcqcn design does not declare")
rule("bpfc", "ECN-ANTI", L("leaf1:Ethernet1/1", "host1:ens1f0"), "fail", "the pfc_only design does not declare")
rule("blossy", "ECN-ANTI", L("leaf1:Ethernet1/1", "host1:ens1f0"), "pass", "lossy RoCE as declared")
rule("blossy", "ECN-ANTI", L("leaf1:Ethernet1/3", "host3:ens1f0"), "warn", "yet both ends are no-drop")
rule("blossy", "ECN-ANTI", L("leaf1:Ethernet1/2", "host2:ens1f0"), "fail", "the design is lossy RoCE (ECN only), and ECN is off on leaf1:Ethernet1/2")
assert ("PFC-NODROP-CLASS", "leaf1") not in R.runs["blossy"], "PFC-NODROP-CLASS runs in lossy_ecn"
# switch headroom by ASIC table: the demo leaves have 103360 - 43680 = 59680 B above xoff
def hr_ev(run, subj, end):
    return [e["value"] for e in R.get(run, "HR-SIZE", subj)["evidence"] if e["end"] == end and e["what"] == "headroom model"][0]
rule("hr-trident2", "HR-SIZE", L("leaf1:Ethernet1/1", "host1:ens1f0"), "fail", "below what speed, cable length and MTU require on leaf1:Ethernet1/1")
assert hr_ev("hr-trident2", L("leaf1:Ethernet1/1", "host1:ens1f0"), "leaf1:Ethernet1/1").startswith("trident2: the published pg_profile_lookup.ini of the Arista 7050-QX32")
rule("hr-spectrum4", "HR-SIZE", L("leaf1:Ethernet1/1", "host1:ens1f0"), "pass", "covers speed, cable length and MTU")
assert hr_ev("hr-spectrum4", L("leaf1:Ethernet1/1", "host1:ens1f0"), "leaf1:Ethernet1/1").startswith("spectrum4 (cable bucket 5 m)")
rule("hr-tomahawk", "HR-SIZE", L("leaf2:Ethernet1/49/1", "host1:ens1f1"), "fail", "on leaf2:Ethernet1/49/1")
rule("hr-spectrum1", "HR-SIZE", L("leaf2:Ethernet1/49/1", "host1:ens1f1"), "pass", "covers speed")
rule("a", "HR-SIZE", L("leaf1:Ethernet1/1", "host1:ens1f0"), "pass", "covers speed")
assert hr_ev("a", L("leaf1:Ethernet1/1", "host1:ens1f0"), "leaf1:Ethernet1/1").startswith("ieee: IEEE 802.1Qbb")
# ECN before PFC, and step marking
rule("a", "ECN-BEFORE-PFC", "leaf2", "pass", "ECN marks before PFC pauses on all 4 PFC ports: with the 2 senders it takes to congest a queue, the tightest, Ethernet1/49/1, pauses at 87360 bytes of its queue and marks from 20480")
rule("c", "ECN-BEFORE-PFC", "leaf1", "warn", "4 of 4 PFC ports pause priority 3 before ECN marks: Ethernet1/1 pauses a sender at 43680 bytes of its ingress group, which with 2 senders congesting it is 87360 bytes in its queue c-out-8q-q3; marking starts at 153600")
ev = {(x["end"], x["what"]): x for x in R.get("c", "ECN-BEFORE-PFC", "leaf1")["evidence"]}
src = ev[("leaf1:Ethernet1/1", "pause threshold, priority 3")]["source"]
assert src["file"].endswith("leaf1/show_queuing_interface.txt") and src["line"] == 21, ev
assert ev[("leaf1:Ethernet1/1", "ECN marking, queue c-out-8q-q3")]["value"] == "153600..3072000 bytes", ev
rule("c", "ECN-BEFORE-PFC", "leaf2", "pass", "marking is at full strength (102400 bytes) before a pause from 3 senders on")   # Kmax is stated, not judged
rule("c", "ECN-SW-QUEUE", "leaf1", "pass", "marks ECN")      # each rule keeps to its own question
rule("d", "ECN-BEFORE-PFC", "leaf1", "unknown", "4 of 4 PFC ports have no pause threshold in the collected outputs")
rule("d50000", "ECN-BEFORE-PFC", "leaf1", "pass", "pauses at 100000 bytes of its queue and marks from 20480")
assert any("policy pfc_trigger_bytes" in x["value"] for x in R.get("d50000", "ECN-BEFORE-PFC", "leaf1")["evidence"])
rule("d10000", "ECN-BEFORE-PFC", "leaf1", "warn", "Ethernet1/1 pauses a sender at 10000 bytes of its ingress group, which with 2 senders congesting it is 20000 bytes")
rule("d10000", "ECN-BEFORE-PFC", "leaf2", "warn", "before ECN marks")    # the policy fills gaps, never overrides
rule("d", "ECN-SW-QUEUE", "leaf2", "pass", "as a step at 307200 bytes (Kmin = Kmax")
rule("d", "ECN-BEFORE-PFC", "leaf2", "warn", "marking starts at 307200")
rule("e", "ECN-SW-QUEUE", "leaf2", "fail", "marks from 51200 to 40960 bytes: the minimum threshold must not be above the maximum")
rule("b", "ECN-BEFORE-PFC", "leaf1", "pass", "on all 2 PFC ports whose queue marks")   # 1/1 has PFC off, 1/2 leaves by PLAIN-OUT
for n in ("bpfc", "blossy"):
    assert not any(rid == "ECN-BEFORE-PFC" for rid, _ in R.runs[n]), "ECN-BEFORE-PFC runs in " + n
# CNP 802.1p priority across host vendors
rule("e", "CNP-PRIO-FLEET", "CNP priority", "pass", "all 8 RoCE host interfaces send CNPs on 802.1p priority 6")
rule("a", "CNP-PRIO-FLEET", "CNP priority", "unknown", "1 of 8 RoCE host interfaces do not report the 802.1p priority they send CNPs on; the others: 7 on priority 6")
rule("c", "CNP-PRIO-FLEET", "CNP priority", "pass", "different 802.1p priorities (7 on priority 6, 1 on priority 7), but every host link is untagged")
rule("d", "CNP-PRIO-FLEET", "CNP priority", "unknown", "1 of 8 RoCE host interfaces do not report the 802.1p priority they send CNPs on; the others: 6 on priority 6, 1 on priority 7")
assert any(x["end"] == "host2:ens1f1" and "absent from the host document" in x["value"]
           for x in R.get("d", "CNP-PRIO-FLEET", "CNP priority")["evidence"])
rule("f", "CNP-PRIO-FLEET", "CNP priority", "warn", "1 tagged switch port(s) classify by CoS where the host's CNP CoS does not reach a strict queue: first leaf1:Ethernet1/4, whose host sends CNPs on CoS 7")
ev = {(x["end"], x["what"]): x["value"] for x in R.get("f", "CNP-PRIO-FLEET", "CNP priority")["evidence"]}
assert ev[("host4:ens1f0", "cnp_802p_prio")] == "7" and ev[("leaf1:Ethernet1/4", "CoS classification")] == "CoS 7 leaves by no strict queue", ev
assert not any(rid == "CNP-PRIO-FLEET" for rid, _ in R.runs["bpfc"]), "CNP-PRIO-FLEET runs in pfc_only"
# every finding of these rules names its evidence
for n in R.runs:
    for (rid, subj), x in R.runs[n].items():
        if rid in ("PFC-NODROP-CLASS", "PFC-DSCP-MAP", "ECN-ANTI") and x["status"] != "unknown":
            assert x["evidence"], (n, rid, subj)
print(R.summary("rules_qos"))
PY
# a renamed rule answers to its earlier id in policies, waivers, --rule and explain
printf 'rules:\n  PFC-NOQOS-NXOS: {enabled: false}\n' > "$t/old-id.yaml"
set +e; "$fabcheck" validate "$t/a" --format json --policy "$t/old-id.yaml" > "$t/old-id.json"; set -e
grep -q '"PFC-NODROP-CLASS"' "$t/old-id.json" && fail "policy with the old id PFC-NOQOS-NXOS did not disable PFC-NODROP-CLASS"
printf 'waivers:\n  - {rule: PFC-NOQOS-NXOS, subject: "leaf1", reason: r, owner: o, expires: 2099-01-01}\n' > "$t/old-waiver.yaml"
set +e; "$fabcheck" validate "$t/a" --format json --waivers "$t/old-waiver.yaml" --rule PFC-NOQOS-NXOS > "$t/old-w.json"; set -e
"$PY" - "$t/old-w.json" <<'PY' || fail "waiver or --rule with the old id PFC-NOQOS-NXOS"
import json, sys
f = [x for x in json.load(open(sys.argv[1]))["findings"] if x["rule"] == "PFC-NODROP-CLASS" and x["subject"] == "leaf1"]
assert f and f[0]["waived"], f
PY
"$fabcheck" explain PFC-NOQOS-NXOS | grep "^Formerly PFC-NOQOS-NXOS" >/dev/null || fail "explain PFC-NOQOS-NXOS"
echo "rules_qos: the old id PFC-NOQOS-NXOS works in a policy, a waiver, --rule and explain"
