#!/bin/bash
# SPDX-License-Identifier: MIT
# Golden tests over the two example fabrics. For inventories/demo and inventories/examples/spine-leaf
# the full set of (status, rule, subject) must equal tests/golden/*.findings; the spine-leaf files
# must be exactly what tests/fixtures/spineleaf.py writes; the spine-leaf reference must have no
# failure, warning or unknown; with the generator's eight planted faults, the findings that are not
# a pass must be exactly tests/golden/spine-leaf-faults.findings. UPDATE_GOLDEN=1 rewrites the files.
set -euo pipefail
fabcheck=$1
PY=/usr/bin/python3
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$PY" tests/fixtures/spineleaf.py "$t/sl"
cp inventories/examples/spine-leaf/README.md "$t/sl/"
diff -r inventories/examples/spine-leaf "$t/sl" > "$t/diff" || { head -20 "$t/diff"; fail "inventories/examples/spine-leaf differs from tests/fixtures/spineleaf.py's output"; }

"$PY" tests/fixtures/spineleaf.py "$t/faults" --fault isl-no-pfc --fault spine-no-ecn --fault dirty-fibre \
	--fault cnp-weighted --fault host-dscp --fault swapped-cables \
	--fault leaf3-default-buffer --fault isl-mtu-1500
check() {   # check NAME DIR WANT_RC ONLY_NONPASS
	local name=$1 dir=$2 want=$3 only=$4 rc
	set +e
	"$fabcheck" validate "$dir" --format json > "$t/$name.json"; rc=$?
	set -e
	[ "$rc" -eq "$want" ] || fail "$name: validate exit $rc, expected $want"
	"$PY" - "$t/$name.json" "$only" > "$t/$name.findings" <<'PY'
import json, sys
only = sys.argv[2] == "1"
rows = sorted("%s %s %s" % (x["status"], x["rule"], x["subject"]) for x in json.load(open(sys.argv[1]))["findings"]
              if not only or x["status"] != "pass")
print("\n".join(rows))
PY
	if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then cp "$t/$name.findings" "tests/golden/$name.findings"; fi
	diff -u "tests/golden/$name.findings" "$t/$name.findings" || fail "$name: findings differ from tests/golden/$name.findings"
	echo "$name: $(wc -l < "$t/$name.findings") findings as in tests/golden/$name.findings"
}
check demo inventories/demo 1 0
check spine-leaf inventories/examples/spine-leaf 0 0
check spine-leaf-faults "$t/faults" 1 1
# the reference is clean: every finding passes, but for the counter rules' one UNKNOWN each (they need
# --baseline, a second snapshot)
if grep -v '^pass ' tests/golden/spine-leaf.findings | grep -vE '^unknown (L1-FLAP|FEC-BER|PFC-RUNTIME|ECN-RUNTIME) fabric$'; then
	fail "the spine-leaf reference has findings other than pass"
fi
# the demo fails exactly on its four planted faults (fault 1 trips two rules; inventories/demo/README.md)
printf '%s\n' "fail FEC-MATCH leaf2:Ethernet1/50/1 <-> host2:ens1f1" "fail GID-DUP GID ::ffff:10.2.2.1" \
	"fail HR-SIZE leaf2:Ethernet1/49/2 <-> host3:ens1f1" "fail L1-LANES-MODULATION leaf2:Ethernet1/50/1 <-> host2:ens1f1" \
	"fail UDP4791-SWITCH-ACL leaf1:Ethernet1/3 <-> host3:ens1f0" > "$t/demo.want"
grep -v '^pass ' "$t/demo.findings" | grep -v ' fabric$' | diff -u "$t/demo.want" - || fail "demo: findings other than the planted faults"
# every planted spine-leaf fault shows, and each rule named is the one the fault should trip
for want in "fail PFC-EVERY-HOP leaf2:Ethernet1/50 <-> spine2:Ethernet1/2" "fail ECN-SW-QUEUE spine1" \
	"warn DDM-LINK-BUDGET leaf3:Ethernet1/32 <-> spine2:Ethernet1/3" "fail DDM-THRESH spine2:Ethernet1/3" \
	"fail PFC-DSCP-MAP leaf4 CNP DSCP 48" "fail PFC-DSCP-MAP s02:ens1f0" \
	"fail CABLE-PLAN-LLDP leaf4:Ethernet1/1/1 <-> g01:ens1f1" "fail CABLE-PLAN-LLDP leaf4:Ethernet1/1/2 <-> g02:ens1f1" \
	"fail HR-CABLE-LEN leaf3:Ethernet1/31 <-> spine1:Ethernet1/3" "fail HR-CABLE-LEN leaf3:Ethernet1/32 <-> spine2:Ethernet1/3" \
	"fail MTU-HOST-SWITCH leaf4:Ethernet1/32 <-> spine2:Ethernet1/4"; do
	grep -qxF "$want" "$t/spine-leaf-faults.findings" || fail "planted fault not found: $want"
done
# a host cabled to another switch port than planned: both ends' LLDP are named
"$PY" - "$t/spine-leaf-faults.json" <<'PY'
import json, sys
f = {(x["rule"], x["subject"]): x for x in json.load(open(sys.argv[1]))["findings"]}
m = f[("CABLE-PLAN-LLDP", "leaf4:Ethernet1/1/1 <-> g01:ens1f1")]["message"]
assert "LLDP on leaf4:Ethernet1/1/1 sees g02 port ens1f1 (port id b8ce.f630.0301); the cabling plan says g01:ens1f1" in m, m
assert "LLDP on g01:ens1f1 sees leaf4 port Ethernet1/1/2; the cabling plan says leaf4:Ethernet1/1/1" in m, m
PY
# Text and JUnit do not print passing findings' evidence, so the engine drops it when they are the
# only formats; what they print must not change when another format makes it keep everything
set +e
"$fabcheck" validate "$t/faults" --format text > "$t/alone.txt"
"$fabcheck" validate "$t/faults" --format text --format json="$t/side.json" > "$t/with-json.txt"
"$fabcheck" validate "$t/faults" --format junit > "$t/alone.xml"
"$fabcheck" validate "$t/faults" --format junit --format sarif="$t/side.sarif" > "$t/with-sarif.xml"
"$fabcheck" validate "$t/faults" --format text --verbose > "$t/verbose.txt"
set -e
cmp -s "$t/alone.txt" "$t/with-json.txt" || { diff "$t/alone.txt" "$t/with-json.txt" | head; fail "text differs when json is written too"; }
# JUnit stamps each suite with the second it was written: compare all but that
sed -i 's/ timestamp="[^"]*"//' "$t/alone.xml" "$t/with-sarif.xml"
grep -q '<testcase ' "$t/alone.xml" || fail "junit: no test cases"
cmp -s "$t/alone.xml" "$t/with-sarif.xml" || { diff "$t/alone.xml" "$t/with-sarif.xml" | head; fail "junit differs when sarif is written too"; }
# failing findings keep their evidence either way; --verbose shows passing findings' evidence
grep -A8 'FAIL .*ECN-SW-QUEUE' "$t/alone.txt" | grep -q 'egress queue' || fail "text: a failing finding lost its evidence"
[ "$(grep -c '^      ' "$t/verbose.txt")" -gt "$(grep -c '^      ' "$t/alone.txt")" ] || fail "--verbose shows no more evidence"
"$PY" - "$t/side.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))["findings"]
p = [x for x in d if x["status"] == "pass"]
assert p and sum(1 for x in p if x["evidence"]) > 0.9 * len(p), "json: passing findings without evidence"
PY
# the text report is for people: what needs attention, repeated UNKNOWNs folded, counts per rule
# equal to the JSON report's; --verbose lists the passes
grep -q '^  PASS ' "$t/alone.txt" && fail "text: passing findings listed without --verbose"
grep -q 'host(s) ok, every output parsed (--verbose lists them)$' "$t/alone.txt" || fail "text: healthy devices not counted"
[ "$(wc -l < "$t/alone.txt")" -lt 200 ] || fail "text: $(wc -l < "$t/alone.txt") lines for a 20-device fabric"
grep -q '^  PASS ' "$t/verbose.txt" || fail "text --verbose: no passing findings"
grep -A2 '^Unknown on many subjects' "$t/alone.txt" | grep -q '8 subjects, e.g. leaf3:Ethernet1/1/1 <-> g01:ens1f0' ||
	fail "text: the leaf3 HR-SIZE UNKNOWNs are not folded"
"$PY" - "$t/alone.txt" "$t/side.json" <<'PY'
import collections, json, sys
rows, on = {}, False
for line in open(sys.argv[1]):
    if line.startswith("Rules "):
        on = True
        continue
    if on and line.startswith("  "):
        f = line.split()
        rows[f[0]] = tuple(int(x) for x in f[1:])
    elif on:
        break
want = collections.defaultdict(lambda: [0, 0, 0, 0, 0, 0])
for x in json.load(open(sys.argv[2]))["findings"]:
    k = 4 if x.get("waived") else [
        "pass", "fail", "warn", "unknown", None, "not_applicable"].index(x["status"])
    want[x["rule"]][k] += 1
assert rows == {r: tuple(v) for r, v in want.items()}, (rows, dict(want))
PY
# Markdown (a PR comment) lists every failing finding of the JSON report, CSV every finding
"$fabcheck" validate "$t/faults" --format markdown > "$t/faults.md" || true
"$fabcheck" validate "$t/faults" --format csv > "$t/faults.csv" || true
"$PY" - "$t/faults.md" "$t/faults.csv" "$t/side.json" <<'PY'
import csv, json, re, sys, markdown
page = markdown.markdown(open(sys.argv[1]).read(), extensions=["tables"])
fails = re.search(r"<h3>Failing \((\d+)\)</h3>\s*<table>(.*?)</table>", page, re.S)
rep = json.load(open(sys.argv[3]))
want = sorted((f["rule"], f["subject"]) for f in rep["findings"] if f["status"] == "fail" and not f.get("waived"))
rows = re.findall(r"<tr>\s*<td>([^<]*)</td>\s*<td>([^<]*)</td>\s*<td>(.*?)</td>", fails.group(2), re.S)
got = sorted((r[1], r[2].replace("&lt;", "<").replace("&gt;", ">")) for r in rows)
assert int(fails.group(1)) == len(want) and got == want, (got, want)
rows = list(csv.reader(open(sys.argv[2], newline="")))
assert [(r[0], r[2], r[3]) for r in rows[1:]] == [(f["status"], f["rule"], f["subject"]) for f in rep["findings"]]
PY
# rule metadata comes from each page's front matter: SARIF rules[] and JUnit failures carry it
grep -q '^Remediation: ' "$t/alone.xml" || fail "junit: a failure without its rule's remediation"
"$PY" - "$t/side.sarif" rules/docs <<'PY'
import json, sys
rules = json.load(open(sys.argv[1]))["runs"][0]["tool"]["driver"]["rules"]
# the last descriptor is the input's own, not a rule: not-understood lines, level warning
assert rules[-1]["id"] == "NOT-UNDERSTOOD" and rules[-1]["defaultConfiguration"]["level"] == "warning", rules[-1]
for r in rules[:-1]:
    page = open("%s/%s.md" % (sys.argv[2], r["id"])).read()
    fm = page.split("\n---\n", 1)[0]
    words = " ".join(fm.split("summary: >-", 1)[1].split("\nremediation:", 1)[0].split())
    assert r["fullDescription"]["text"] == words, (r["id"], r["fullDescription"], words)
    assert r["help"]["text"] and r["properties"]["sources"], r
PY
echo "example_spineleaf: text and junit unchanged by the evidence kept for json and sarif; rule metadata from the pages"
