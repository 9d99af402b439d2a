#!/bin/bash
# SPDX-License-Identifier: MIT
# The benchmark's generated fabric (bench/gen_fabric.py) stays a fair one: at five leaves (one of
# them EOS, one classifying per port, one with agreeing per-port overrides) and eight spines, the
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
assert st[("unknown", "HR-SIZE")] == 72, st   # the EOS leaf's 72 ports
assert sum(f["status"] == "pass" for f in clean["findings"]) > 10000
assert all(d["status"] == "ok" and not d["errors"] and not d["not_understood"] for d in clean["devices"]), \
    [d for d in clean["devices"] if d["status"] != "ok" or d["errors"] or d["not_understood"]][:2]
# what fails is what the faults explain: their rules, and the consequences named here
also = {"ECN-ANTI", "HR-SIZE", "PFC-NODROP-CLASS", "ECN-SW-QUEUE", "DDM-LINK-BUDGET"}
other = {f["rule"] for f in faults["findings"] if f["status"] in ("fail", "warn")} - {p["rule"] for p in planted} - also
assert not other, "failing beyond the planted faults: %s" % sorted(other)
# the baseline is read for its counters only (NX-OS show interface, EOS show interfaces, hosts in
# full): every port of every switch and host still has both readings
runtime = [f for f in faults["findings"] if f["rule"] in ("L1-FLAP", "FEC-BER")]
assert len({f["subject"].split(":")[0] for f in runtime}) == len(faults["devices"]), "a device without counters"
assert not [f for f in runtime if f["status"] == "unknown"], [f for f in runtime if f["status"] == "unknown"][:2]
print("clean: %d findings, %d not passing (all expected UNKNOWNs); faults: %d planted, nothing else failing; "
      "%d counter findings with --baseline, none UNKNOWN" % (len(clean["findings"]), sum(st.values()), len(planted),
                                                             len(runtime)))
PY

# a module's lanes are kept exactly: one entry more than a module's 8 lanes is refused, with the
# file and line, not dropped
"$PY" - "$t"/clean/devices/host*/probe.json <<'PY' > "$t/nine.json" || fail "no host with module lanes in the generated fabric"
import json, sys
for path in sys.argv[1:]:
    d = json.load(open(path))
    ms = [i["module"] for i in d["interfaces"] if isinstance(i.get("module", {}).get("lanes"), list)]
    if ms:
        ms[0]["lanes"] = [dict(ms[0]["lanes"][0], lane=1 + k % 8) for k in range(9)]
        json.dump(d, sys.stdout, indent=1)
        sys.exit(0)
sys.exit(1)
PY
"$fabcheck" parse --platform linux --command "fabcheck probe" "$t/nine.json" > /dev/null 2> "$t/nine.err" &&
  fail "a module with 9 lane entries was accepted"
grep -Eq 'nine\.json:[0-9]+: .*lanes: 9 entries, a module has at most 8' "$t/nine.err" || fail "9 lanes: $(cat "$t/nine.err")"
echo "a module with 9 lane entries is refused at its line"
