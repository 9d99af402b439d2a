#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# JUnit output valid against the JUnit XSD (xmllint), SARIF output valid against the SARIF 2.1.0
# JSON schema (python3-jsonschema), both on the demo fabric. Skips (77) when ../shared is absent.
set -euo pipefail
PY=${PYTHON:-/usr/bin/python3}   # Debian's interpreter: the packages scripts/dev installs are its modules
fabcheck=$1
shared=${FABCHECK_SHARED:-../shared}
if [ ! -f "$shared/schemas/JUnit.xsd" ] || [ ! -f "$shared/schemas/sarif-schema-2.1.0.json" ]; then
  echo "SKIP: $shared/schemas not present"; exit 77
fi
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
set +e
"$fabcheck" validate inventories/demo --format "junit=$t/r.xml" --format "sarif=$t/r.sarif" --format "json=$t/r.json"
rc=$?
set -e
[ "$rc" -eq 1 ] || { echo "expected exit 1 on the demo, got $rc"; exit 1; }
xmllint --noout --schema "$shared/schemas/JUnit.xsd" "$t/r.xml"
"$PY" - "$shared/schemas/sarif-schema-2.1.0.json" "$t/r.sarif" "$t/r.xml" docs/report.schema.json "$t/r.json" <<'PY'
import json, sys, jsonschema, xml.etree.ElementTree as ET
schema = json.load(open(sys.argv[1])); sarif = json.load(open(sys.argv[2]))
jsonschema.validate(sarif, schema)
report = json.load(open(sys.argv[5]))
jsonschema.validate(report, json.load(open(sys.argv[4])))
assert report["summary"]["fail"] == 5 and report["summary"]["exit_code"] == 1, report["summary"]
res = sarif["runs"][0]["results"]
fails = [r for r in res if r["kind"] == "fail"]
assert len(fails) == 5, len(fails)
for r in fails:
    loc = r["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"].startswith("inventories/demo/"), loc
    assert loc["region"]["startLine"] >= 1, loc
names = [tc.get("name") for tc in ET.parse(sys.argv[3]).getroot().iter("testcase")]
assert len(names) == len(set(names)), "JUnit test-case names are not unique"
print("schemas ok: %d SARIF results, %d JUnit test cases" % (len(res), len(names)))
PY
# waived findings in every format: still valid, and marked as waived
printf 'waivers:\n  - {rule: HR-SIZE, subject: "* <-> host3:*", reason: "CHG-1234", owner: alice, expires: 2999-12-31}\n' > "$t/w.yaml"
set +e
"$fabcheck" validate inventories/demo --waivers "$t/w.yaml" --format "junit=$t/w.xml" --format "sarif=$t/w.sarif" \
  --format "json=$t/w.json"
set -e
xmllint --noout --schema "$shared/schemas/JUnit.xsd" "$t/w.xml"
"$PY" - "$shared/schemas/sarif-schema-2.1.0.json" "$t/w.sarif" "$t/w.xml" docs/report.schema.json "$t/w.json" <<'PY'
import json, sys, jsonschema, xml.etree.ElementTree as ET
sarif = json.load(open(sys.argv[2])); jsonschema.validate(sarif, json.load(open(sys.argv[1])))
report = json.load(open(sys.argv[5])); jsonschema.validate(report, json.load(open(sys.argv[4])))
sup = [r for r in sarif["runs"][0]["results"] if "suppressions" in r]
assert len(sup) == 1 and sup[0]["ruleId"] == "HR-SIZE" and sup[0]["suppressions"][0]["status"] == "accepted", sup
w = [f for f in report["findings"] if f.get("waived")]
assert len(w) == 1 and w[0]["waiver"]["owner"] == "alice" and report["summary"]["waived"] == 1, w
skipped = [tc for tc in ET.parse(sys.argv[3]).getroot().iter("testcase")
           if tc.find("skipped") is not None and tc.find("skipped").get("message", "").startswith("WAIVED")]
assert len(skipped) == 1, len(skipped)
print("waived finding valid and marked in SARIF (suppression accepted), JSON (waiver) and JUnit (skipped)")
PY
