#!/bin/bash
# SPDX-License-Identifier: MIT
# Counter rules over two snapshots (validate --baseline): the demo taken an hour earlier as the
# baseline, and the demo with counters grown the way real links and NICs misbehave. L1-FLAP,
# FEC-BER, PFC-RUNTIME and ECN-RUNTIME asserted pass, warn, fail and unknown (a counter that went
# backwards, no traffic, counters missing); without a baseline each is one UNKNOWN; a baseline
# that is not older is UNKNOWN per device; a baseline that does not parse exits 2.
set -euo pipefail
fabcheck=$1
PY=/usr/bin/python3
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cp -r inventories/demo "$t/base"; cp -r inventories/demo "$t/now"
"$PY" - "$t/base" "$t/now" <<'PY'
import json, sys
base, now = sys.argv[1], sys.argv[2]
def host(root, h, fn, at):
    p = "%s/devices/%s/probe.json" % (root, h)
    d = json.load(open(p))
    d["collected_at"] = at
    fn({i["name"]: i for i in d["interfaces"]}, {r["name"]: r["ports"][0] for r in d["rdma"]["devices"]})
    json.dump(d, open(p, "w"), indent=1)
def both(h, b, n):
    host(base, h, b, "2026-11-30T10:58:10Z")     # one hour earlier
    host(now, h, n, "2026-11-30T11:58:10Z")
def st(i, **kv):
    i["stats"].update(kv)
DT = 3600
# host1: ens1f0 clean (flaps none, BER 1e-9, paused 0.1 %); ens1f1 one flap, BER 2e-6 (NRZ: warn);
#        mlx5_0 gets ECN marks and sends no CNP
def h1b(i, r):
    st(i["ens1f0"], link_down_events_phy=2, rx_bits_phy=0, rx_corrected_bits_phy=0, rx_prio3_pause_duration=0,
       tx_prio3_pause_duration=0)
    st(i["ens1f1"], link_down_events_phy=0, rx_bits_phy=0, rx_corrected_bits_phy=0)
    r["mlx5_0"]["hw_counters"].update(np_ecn_marked_roce_packets=0)
def h1n(i, r):
    st(i["ens1f0"], link_down_events_phy=2, rx_bits_phy=36000000000000, rx_corrected_bits_phy=36000,
       rx_prio3_pause_duration=3600000, tx_prio3_pause_duration=0)
    st(i["ens1f1"], link_down_events_phy=1, rx_bits_phy=10000000000000, rx_corrected_bits_phy=20000000)
    r["mlx5_0"]["hw_counters"].update(np_ecn_marked_roce_packets=1000)
# host2: ens1f0 flaps 10 times in the hour, BER 1e-4 (NRZ: fail), paused the switch 20 % and still
#        discarded: slow receiver; mlx5_0 answers its marks
def h2b(i, r):
    st(i["ens1f1"], rx_bits_phy=0, rx_corrected_bits_phy=0)
    st(i["ens1f0"], link_down_events_phy=0, rx_bits_phy=0, rx_corrected_bits_phy=0, rx_prio3_pause_duration=0,
       tx_prio3_pause_duration=0, rx_discards_phy=0)
    r["mlx5_0"]["hw_counters"].update(np_ecn_marked_roce_packets=0, np_cnp_sent=0)
def h2n(i, r):
    st(i["ens1f1"], rx_bits_phy=10000000000000, rx_corrected_bits_phy=10000)
    i["ens1f1"]["link"]["lanes"] = {"unknown": "ethtool: no lane count reported"}   # NRZ or PAM4?
    st(i["ens1f0"], link_down_events_phy=10, rx_bits_phy=36000000000000, rx_corrected_bits_phy=3600000000,
       rx_prio3_pause_duration=0, tx_prio3_pause_duration=720000000, rx_discards_phy=100)
    r["mlx5_0"]["hw_counters"].update(np_ecn_marked_roce_packets=1000, np_cnp_sent=900)
# host3: ens1f0 counter went backwards (driver reload), no traffic on the PHY, no pause duration
#        counters; mlx5_0 retransmits
def no_duration(i):
    for k in ("rx_prio3_pause_duration", "tx_prio3_pause_duration"):
        i["stats"].pop(k)
def h3b(i, r):
    st(i["ens1f0"], link_down_events_phy=5, rx_bits_phy=500, rx_corrected_bits_phy=0)
    no_duration(i["ens1f0"])
def h3n(i, r):
    st(i["ens1f0"], link_down_events_phy=0, rx_bits_phy=500, rx_corrected_bits_phy=0)
    no_duration(i["ens1f0"])
    r["mlx5_0"]["hw_counters"]["out_of_sequence"] = 5
# host4: ens1f0 uncorrectable symbol errors; paused by the switch 10 % of the time
def h4b(i, r):
    st(i["ens1f0"], rx_prio3_pause_duration=0, tx_prio3_pause_duration=0)
def h4n(i, r):
    st(i["ens1f0"], rx_pcs_symbol_err_phy=5, rx_prio3_pause_duration=360000000, tx_prio3_pause_duration=0)
both("host1", h1b, h1n); both("host2", h2b, h2n); both("host3", h3b, h3n); both("host4", h4b, h4n)
for root, crc, resets in ((base, 0, 2), (now, 7, 3)):
    for leaf, port, key, val in (("leaf1", "Ethernet1/2", "eth_reset_cntr", 2), ("leaf2", "Ethernet1/49/1", "eth_reset_cntr", resets)):
        p = "%s/devices/%s/show_interface.json" % (root, leaf)
        d = json.load(open(p))
        for row in d["result"]["body"]["TABLE_interface"]["ROW_interface"] if "result" in d else d["ins_api"]["outputs"]["output"]["body"]["TABLE_interface"]["ROW_interface"]:
            if row["interface"] == port:
                row[key] = val
                if leaf == "leaf1":
                    row["eth_crc"] = crc
            if root == base and leaf == "leaf1" and row["interface"] == "Ethernet1/3":
                row.pop("eth_crc", None)   # not read in the baseline: UNKNOWN, not silence
        json.dump(d, open(p, "w"), indent=1)
    m = json.load(open(root + "/manifest.json"))
    m["created"] = "2026-11-30T10:58:12Z" if root == base else "2026-11-30T11:58:12Z"
    json.dump(m, open(root + "/manifest.json", "w"), indent=1)
# a port the baseline does not have (a NIC added since): UNKNOWN for each counter rule that judges it
p = now + "/devices/host4/probe.json"
d = json.load(open(p))
extra = json.loads(json.dumps([i for i in d["interfaces"] if i["name"] == "ens1f1"][0]))
extra["name"] = "ens9f0"
d["interfaces"].append(extra)
json.dump(d, open(p, "w"), indent=1)
PY
run() {   # run NAME WANT_RC args...
	local n=$1 want=$2 rc; shift 2
	set +e
	"$fabcheck" validate "$@" --format json > "$t/$n.json" 2> "$t/$n.err"; rc=$?
	set -e
	[ "$rc" -eq "$want" ] || { cat "$t/$n.err"; fail "$n: validate exit $rc, expected $want"; }
}
run delta 1 "$t/now" --baseline "$t/base"
run nobase 1 "$t/now"
run same 1 "$t/now" --baseline "$t/now"
run swapped 1 "$t/base" --baseline "$t/now"   # the "baseline" is the later snapshot
run other 1 "$t/now" --baseline tests/fixtures/mini   # none of the demo's devices is in it
cp -r "$t/now" "$t/noprio"; sed -i '/^    priority: 3$/d' "$t/noprio/inventory.yaml"
grep -q "priority: 3" "$t/noprio/inventory.yaml" && fail "the RoCE priority is still in the copy's intent"
run noprio 1 "$t/noprio" --baseline "$t/base"   # no RoCE priority: whose pause time?
echo '{"format": "fabcheck-snapshot", "created": "yesterday", "inventory": "inventory.yaml", "devices": []}' > "$t/bad.json"
cp -r "$t/base" "$t/badbase"; cp "$t/bad.json" "$t/badbase/manifest.json"
run badbase 2 "$t/now" --baseline "$t/badbase"
grep -q "badbase/manifest.json:1: created: expected a UTC time" "$t/badbase.err" || { cat "$t/badbase.err"; fail "bad baseline: no file:line"; }
"$PY" - "$t" <<'PY'
import sys
sys.path.insert(0, "tests/cli")
from findings import Reports
R = Reports.of_dir(sys.argv[1], ["delta", "nobase", "same", "other", "swapped", "noprio"])
rule = R.want
rule("delta", "L1-FLAP", "host1:ens1f0", "pass", "no link-down event in 3600 s")
rule("delta", "L1-FLAP", "host1:ens1f1", "warn", "1 link-down event(s) in 3600 s")
rule("delta", "L1-FLAP", "host2:ens1f0", "fail", "10 link-down events in 3600 s (more than 3 a day)")
rule("delta", "L1-FLAP", "host3:ens1f0", "unknown", "link_down_events_phy went down from 5 to 0")
rule("delta", "L1-FLAP", "leaf2:Ethernet1/49/1", "warn", "1 link-down event(s) in 3600 s")
rule("delta", "L1-FLAP", "leaf1:Ethernet1/2", "pass", "no link-down event")
rule("delta", "FEC-BER", "host1:ens1f0", "pass", "pre-FEC BER 1.00e-09 (NRZ)")
rule("delta", "FEC-BER", "host1:ens1f1", "warn", "pre-FEC BER 2.00e-06 above 1.0e-06 (NRZ)")
rule("delta", "FEC-BER", "host2:ens1f0", "fail", "pre-FEC BER 1.00e-04 at or above 5.0e-05 (NRZ, RS(528))")
rule("delta", "FEC-BER", "host3:ens1f0", "unknown", "no bits received between the snapshots")
rule("delta", "FEC-BER", "host4:ens1f0", "fail", "5 symbol errors FEC could not correct")
rule("delta", "FEC-BER", "leaf1:Ethernet1/2", "fail", "7 frames with a bad CRC since the baseline")
rule("delta", "PFC-RUNTIME", "host1:ens1f0", "pass", "priority 3 paused 0.10% / 0.00% of 3600 s")
rule("delta", "PFC-RUNTIME", "host2:ens1f0", "fail", "paused the switch 20.0% of the time and still discarded 100 frames")
rule("delta", "PFC-RUNTIME", "host4:ens1f0", "warn", "priority 3 paused 10.0% of the time (received)")
rule("delta", "PFC-RUNTIME", "host3:ens1f0", "unknown", "no pause duration counters")
rule("delta", "ECN-RUNTIME", "host1:mlx5_0/1", "fail", "1000 ECN-marked RoCE packets arrived and no CNP was sent")
rule("delta", "ECN-RUNTIME", "host2:mlx5_0/1", "pass", "DCQCN answers marks with CNPs")
rule("delta", "ECN-RUNTIME", "host3:mlx5_0/1", "warn", "out_of_sequence grew by 5")
rule("delta", "FEC-BER", "leaf1:Ethernet1/3", "unknown", "CRC errors not read in both snapshots")
for rid in ("L1-FLAP", "FEC-BER"):
    rule("delta", rid, "host4:ens9f0", "unknown", "the port is not in the baseline snapshot")
for rid in ("L1-FLAP", "FEC-BER", "PFC-RUNTIME", "ECN-RUNTIME"):
    rule("nobase", rid, "fabric", "unknown", "no --baseline snapshot given: %s needs the same counters read twice" % rid)
    assert not [k for k in R.runs["nobase"] if k[0] == rid and k[1] != "fabric"], rid
rule("delta", "FEC-BER", "host2:ens1f1", "unknown", "pre-FEC BER 1.00e-09, but the lane rate is not known")
rule("noprio", "PFC-RUNTIME", "fabric", "unknown", "the fabric's RoCE priority is not known")
assert not [k for k in R.runs["noprio"] if k[0] == "PFC-RUNTIME" and k[1] != "fabric"]
for rid in ("L1-FLAP", "FEC-BER", "ECN-RUNTIME"):
    rule("other", rid, "host1", "unknown", "the device is not in the baseline snapshot")
rule("other", "L1-FLAP", "leaf1", "unknown", "the device is not in the baseline snapshot")
# a rule says nothing of a kind of device it does not judge: PFC-RUNTIME reads hosts only
rule("other", "PFC-RUNTIME", "host1", "unknown", "the device is not in the baseline snapshot")
assert ("PFC-RUNTIME", "leaf1") not in R.runs["other"], R.runs["other"][("PFC-RUNTIME", "leaf1")]
# every rule over two snapshots refuses a baseline that is not older (ECN-RUNTIME passed on it before)
for rid in ("L1-FLAP", "ECN-RUNTIME"):
    rule("same", rid, "host1", "unknown", "the baseline is not older than this snapshot (0 s apart)")
    rule("swapped", rid, "host1", "unknown", "the baseline is not older than this snapshot (-")
for run_ in ("same", "swapped"):
    judged = [k for k, x in R.runs[run_].items() if k[0] in ("L1-FLAP", "FEC-BER", "PFC-RUNTIME", "ECN-RUNTIME")
              and x["status"] in ("pass", "warn", "fail")]
    assert not judged, (run_, judged)
# every judged finding of these rules cites the two readings: this snapshot's file and line as the
# evidence's source, the baseline's in the value
for (rid, subj), x in R.runs["delta"].items():
    if rid in ("L1-FLAP", "FEC-BER", "PFC-RUNTIME", "ECN-RUNTIME") and x["status"] in ("pass", "warn", "fail"):
        ev = x["evidence"]
        assert ev and "->" in ev[0]["value"], (rid, subj, ev)
        for e in ev:
            dev = subj.split(":")[0]
            assert e["source"]["file"].endswith("/now/devices/%s/" % dev + e["source"]["file"].rsplit("/", 1)[1]), (rid, subj, e)
            assert e["source"]["line"] > 0, (rid, subj, e)
            assert "; was " in e["value"] and "/base/devices/%s/" % dev in e["value"], (rid, subj, e)
print(R.summary("rules_runtime"))
PY
