#!/bin/bash
# SPDX-License-Identifier: MIT
# The demo fabric's hosts are probe output: tests/fixtures/demohosts.py writes each GPU host as a
# recorded Linux host (sysfs, configfs, procfs, kernel replies), and `fabcheck probe` on it must
# write exactly inventories/demo/devices/hostN/probe.json (but the time it ran), and on the same
# hosts an hour earlier (demohosts.py --earlier) inventories/demo/baseline's. The same state
# read agentless (the standard tools' outputs, tests/fixtures/agentless_outputs.py) must give the
# same model, value for value, and a demo snapshot made of the agentless documents the same findings.
set -euo pipefail
fabcheck=$1
PY=/usr/bin/python3
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$PY" tests/fixtures/demohosts.py "$t/rec"
"$PY" tests/fixtures/demohosts.py "$t/earlier" --earlier
cp -r inventories/demo "$t/agl-demo"
total=0
same_doc() {   # probe.json written by the probe, the demo's document, what went wrong
  "$PY" - "$1" "$2" <<'PY' || fail "$3"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for d in (a, b):
    d.pop("collected_at")
if a != b:
    for k in sorted(set(a) | set(b)):
        if a.get(k) != b.get(k):
            print("differs at %s" % k)
    ia = {i["name"]: i for i in a.get("interfaces", [])}
    ib = {i["name"]: i for i in b.get("interfaces", [])}
    for n in sorted(set(ia) | set(ib)):
        for f in sorted(set(ia.get(n, {})) | set(ib.get(n, {}))):
            if ia.get(n, {}).get(f) != ib.get(n, {}).get(f):
                print("  %s %s: probe %s, document %s" % (n, f, json.dumps(ia.get(n, {}).get(f))[:300],
                                                          json.dumps(ib.get(n, {}).get(f))[:300]))
    sys.exit(1)
PY
}
for h in host1 host2 host3 host4; do
  "$fabcheck" probe --root "$t/rec/$h" --memlock-user slurm --out "$t/$h.probe.json" || fail "$h: probe exit $?"
  same_doc "$t/$h.probe.json" "inventories/demo/devices/$h/probe.json" "$h: the demo document is not what the probe writes"
  # the demo's baseline (an hour earlier) is what the probe wrote then
  "$fabcheck" probe --root "$t/earlier/$h" --memlock-user slurm --out "$t/$h.earlier.json" || fail "$h: probe (earlier) exit $?"
  same_doc "$t/$h.earlier.json" "inventories/demo/baseline/devices/$h/probe.json" \
    "$h: the baseline's document is not what the probe writes on the hour-earlier tree"
  "$PY" tests/fixtures/agentless_outputs.py "$t/rec/$h" "$t/agl/$h"
  "$fabcheck" probe --root "$t/agl/$h" --memlock-user slurm --out "$t/agl-demo/devices/$h/probe.json" ||
    fail "$h: probe (agentless outputs) exit $?"
  "$fabcheck" parse --platform linux --command "fabcheck probe" "$t/$h.probe.json" > "$t/$h.rec.model"
  "$fabcheck" parse --platform linux --command "fabcheck probe" "$t/agl-demo/devices/$h/probe.json" > "$t/$h.agl.model"
  n=$("$PY" tests/cli/compare_models.py "$t/$h.rec.model" "$t/$h.agl.model" "$h") || { echo "$n"; exit 1; }
  total=$((total + n))
done
echo "demo hosts: each probe.json is what fabcheck probe writes on its recorded tree; agentless gives the same model ($total values equal over 4 hosts)"

# the demo validated with the agentless documents: the same findings, verdict for verdict
set +e
"$fabcheck" validate inventories/demo --format json > "$t/demo.json"; rc1=$?
"$fabcheck" validate "$t/agl-demo" --format json > "$t/agl.json"; rc2=$?
set -e
[ "$rc1" -eq 1 ] && [ "$rc2" -eq 1 ] || fail "validate exits $rc1 (demo) and $rc2 (agentless), 1 expected"
"$PY" - "$t/demo.json" "$t/agl.json" <<'PY'
import json, sys
def verdicts(p):
    return sorted((f["rule"], json.dumps(f.get("subject")), f["status"]) for f in json.load(open(p))["findings"])
a, b = verdicts(sys.argv[1]), verdicts(sys.argv[2])
assert a == b, [x for x in a if x not in b] + [x for x in b if x not in a]
fails = [x for x in a if x[2] == "fail"]
assert len(fails) == 5, fails   # the four planted faults; fault 1 fails two rules
print("the demo validated from agentless documents: the same %d findings, %d failing" % (len(a), len(fails)))
PY
echo "demo_hosts: ok"
