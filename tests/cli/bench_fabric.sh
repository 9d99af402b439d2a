#!/bin/bash
# SPDX-License-Identifier: MIT
# The benchmark's generated fabric (bench/gen_fabric.py) stays a fair one: at five leaves (one of
# them EOS, one SONiC, one classifying per port, one with agreeing per-port overrides) and eight spines, the
# clean fabric has no failure, no warning and nothing not understood, only the UNKNOWNs it should
# have (EOS states no headroom; the counter rules need --baseline); with its planted faults, each
# fails its rule on its subject (the runtime ones with --baseline against the hour before), and
# nothing else fails but what those faults explain.
set -euo pipefail
fabcheck=$1
PY=/usr/bin/python3
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$PY" bench/gen_fabric.py "$t/clean" --switches 5 > /dev/null
"$PY" bench/gen_fabric.py "$t/earlier" --switches 5 --faults > /dev/null
"$PY" bench/gen_fabric.py "$t/later" --switches 5 --faults --later > /dev/null
"$fabcheck" validate "$t/clean" --format json > "$t/clean.json" || fail "the clean fabric: exit $?"
"$fabcheck" validate "$t/later" --baseline "$t/earlier" --format json > "$t/faults.json" && fail "the faults: exit 0"
# every planted fault fails its rule on its subject (the checker the benchmark uses)
"$PY" bench/check_planted.py "$t/later/planted.json" "$t/faults.json" || fail "a planted fault was not found"
"$PY" - "$t/clean.json" "$t/faults.json" "$t/later/planted.json" <<'PY'
import collections, json, sys
clean, faults, planted = (json.load(open(p)) for p in sys.argv[1:])
st = collections.Counter((f["status"], f["rule"]) for f in clean["findings"] if f["status"] != "pass")
want = {("unknown", r) for r in ("HR-SIZE", "ECN-BEFORE-PFC", "L1-FLAP", "FEC-BER", "PFC-RUNTIME", "ECN-RUNTIME")}
assert set(st) <= want, "clean fabric: %s" % sorted(set(st) - want)
# the EOS leaf sizes its headroom itself: said once, on the device, naming its 72 ports
hr = [f for f in clean["findings"] if f["rule"] == "HR-SIZE" and f["status"] == "unknown"]
assert len(hr) == 1 and " <-> " not in hr[0]["subject"] and "on 72 ports of" in hr[0]["message"] \
    and hr[0]["severity"] == "info", hr
assert sum(f["status"] == "pass" for f in clean["findings"]) > 10000
assert all(d["status"] == "ok" and not d["errors"] and not d["not_understood"] for d in clean["devices"]), \
    [d for d in clean["devices"] if d["status"] != "ok" or d["errors"] or d["not_understood"]][:2]
# what fails is what the faults explain: their rules, and the consequences named here
also = {"ECN-ANTI", "HR-SIZE", "PFC-NODROP-CLASS", "ECN-SW-QUEUE", "DDM-LINK-BUDGET"}
other = {f["rule"] for f in faults["findings"] if f["status"] in ("fail", "warn")} - {p["rule"] for p in planted} - also
assert not other, "failing beyond the planted faults: %s" % sorted(other)
# the baseline is read for its counters only (NX-OS show interface, EOS show interfaces, hosts in
# full): every port of every switch and host still has both readings, but on SONiC, whose outputs
# carry no interface reset or CRC counter: UNKNOWN there, saying so, on every port
runtime = [f for f in faults["findings"] if f["rule"] in ("L1-FLAP", "FEC-BER")]
assert len({f["subject"].split(":")[0] for f in runtime}) == len(faults["devices"]), "a device without counters"
sonic = {d["name"] for d in faults["devices"] if d.get("platform") == "sonic"}
assert len(sonic) == 1, sonic
unk = [f for f in runtime if f["status"] == "unknown"]
assert not [f for f in unk if f["subject"].split(":")[0] not in sonic], [f for f in unk if f["subject"].split(":")[0] not in sonic][:2]
assert len(unk) == 2 * 72 and all("not read in both snapshots" in f["message"] for f in unk), (len(unk), unk[:1])
print("clean: %d findings, %d not passing (all expected UNKNOWNs); faults: %d planted, nothing else failing; "
      "%d counter findings with --baseline, UNKNOWN only on SONiC's 72 ports" % (
          len(clean["findings"]), sum(st.values()), len(planted), len(runtime)))
PY

# a module's lanes are kept exactly: one entry more than a module's 8 lanes, a lane without its
# number and a lane number given twice are each refused, with the file and line, not dropped
for kind in nine nonumber twice; do
  "$PY" - "$kind" "$t"/clean/devices/host*/probe.json <<'PY' > "$t/$kind.json" || fail "no host with module lanes in the generated fabric"
import json, sys
kind = sys.argv[1]
for path in sys.argv[2:]:
    d = json.load(open(path))
    ms = [i["module"] for i in d["interfaces"] if isinstance(i.get("module", {}).get("lanes"), list)]
    if ms:
        ls = ms[0]["lanes"]
        if kind == "nine":
            ms[0]["lanes"] = [dict(ls[0], lane=1 + k % 8) for k in range(9)]
        elif kind == "nonumber":
            del ls[-1]["lane"]
        else:
            ls[-1]["lane"] = ls[0]["lane"]
        json.dump(d, sys.stdout, indent=1)
        sys.exit(0)
sys.exit(1)
PY
  "$fabcheck" parse --platform linux --command "fabcheck probe" "$t/$kind.json" > /dev/null 2> "$t/$kind.err" &&
    fail "$kind: a module's lanes were accepted"
  case $kind in
    nine) want='lanes: 9 entries, a module has at most 8' ;;
    nonumber) want='module lane: no "lane"' ;;
    twice) want='module lane 1: given twice in one module' ;;
  esac
  grep -Eq "$kind\.json:[0-9]+: .*$want" "$t/$kind.err" || fail "$kind: $(cat "$t/$kind.err")"
done
echo "a module with 9 lane entries, a lane without its number, a lane number twice: each refused at its line"
