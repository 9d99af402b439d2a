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
print("clean: %d findings, %d not passing (all expected UNKNOWNs); faults: %d planted, nothing else failing" % (
    len(clean["findings"]), sum(st.values()), len(planted)))
PY
