#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The CI formats at fleet size (issue: CI gate for network-config repositories): on fabrics of
# bench/gen_fabric.py with its planted faults, per size, what each CI format gives and what it
# costs: SARIF's results (GitHub code scanning takes at most 25,000 a run), its size raw and
# gzipped (at most 10 MB gzipped), its validity against the SARIF 2.1.0 schema (from
# $FABCHECK_SHARED/schemas, skipped and said when absent) and its largest result's locations (at
# most 1,000); the Code Quality issues and their fingerprints (unique); the GitHub annotations;
# and each format's wall time against the text report's (median of RUNS runs each, the formats
# interleaved run by run, /usr/bin/time). Every planted fault must be a result of the SARIF run.
#   bench/ci_formats.sh [BUILD_DIR] [SIZES]     SIZES default "100 1000"; RUNS=5; BENCH_DIR=DIR keeps
#   the generated fabrics between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-rel}; sizes=${2:-"100 1000"}; runs=${RUNS:-5}
t=${BENCH_DIR:-$(mktemp -d)}; [ -n "${BENCH_DIR:-}" ] || trap 'rm -rf "$t"' EXIT
mkdir -p "$t"
PY=/usr/bin/python3
shared=${FABCHECK_SHARED:-../shared}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
fmts="text sarif codequality github json"
fail=0
for n in $sizes; do
  [ -f "$t/fabric-$n/manifest.json" ] || "$PY" bench/gen_fabric.py "$t/fabric-$n" --switches "$n" --faults > /dev/null
done
for r in $(seq 1 "$runs"); do
  for n in $sizes; do
    d="$t/fabric-$n"
    find -L "$d" -type f -exec cat {} + > /dev/null   # read untimed first: validate's figures, not the disk's
    for fmt in $fmts; do
      /usr/bin/time -f "%e %M" -o "$t/time.$n.$fmt.$r" "$build/fabcheck" validate "$d" --format "$fmt=$t/out.$n.$fmt" \
        > /dev/null || true
    done
  done
done
printf "%-6s %-12s %8s %8s %9s\n" leaves format "wall s" "x text" "peak MiB"
for n in $sizes; do
  declare -A wall=()
  for fmt in $fmts; do
    s=$(tail -qn1 "$t"/time."$n"."$fmt".* | cut -d' ' -f1 | median)
    kb=$(tail -qn1 "$t"/time."$n"."$fmt".* | cut -d' ' -f2 | median)
    rm -f "$t"/time."$n"."$fmt".*
    wall[$fmt]=$s
    x=$(awk -v a="$s" -v b="${wall[text]}" 'BEGIN { printf "%.2f", a / b }')
    printf "%-6s %-12s %8s %8s %9s\n" "$n" "$fmt" "$s" "$x" $((kb / 1024))
  done
  "$PY" - "$t/out.$n.sarif" "$t/out.$n.codequality" "$t/out.$n.github" "$t/fabric-$n/planted.json" "$shared" "$n" <<'EOF' || fail=1
import gzip, json, os, sys
sarif_p, cq_p, gh_p, planted_p, shared, n = sys.argv[1:]
raw = open(sarif_p, "rb").read()
doc = json.loads(raw)
res = doc["runs"][0]["results"]
gz = len(gzip.compress(raw, 6))
locs = max((len(r.get("locations", [])) + len(r.get("relatedLocations", [])) for r in res), default=0)
schema = os.path.join(shared, "schemas", "sarif-schema-2.1.0.json")
if os.path.exists(schema):
    import jsonschema
    try:
        jsonschema.validate(doc, json.load(open(schema)))
        valid = "valid"
    except jsonschema.ValidationError as e:
        valid = "NOT VALID: %s" % str(e)[:200]
else:
    valid = "schema not present (%s): not checked" % schema
cq = json.load(open(cq_p))
fps = {i["fingerprint"] for i in cq}
gh = [l for l in open(gh_p) if l.startswith("::")]
ok = len(res) <= 25000 and gz <= 10 * 1000 * 1000 and locs <= 1000 and len(fps) == len(cq) and not valid.startswith("NOT")
print("%-6s sarif: %d results (limit 25,000), %.1f MB, %.2f MB gzipped (limit 10 MB), at most %d locations a result "
      "(limit 1,000), %s; codequality: %d issues, fingerprints %s; github: %d annotations: %s" % (
          n, len(res), len(raw) / 1e6, gz / 1e6, locs, valid, len(cq),
          "unique" if len(fps) == len(cq) else "REPEATED", len(gh), "yes" if ok else "NO"))
# every planted fault is a result (a root cause's links among its subjects)
sys.path.insert(0, "bench")
from check_planted import ends   # the planted subject: a finding's subject, a link's end, a port
planted = json.load(open(planted_p))
subjects = {}
for r in res:
    if r.get("kind") == "fail":
        for s in [r["properties"]["subject"]] + r["properties"].get("subjects", []):
            subjects.setdefault(r["ruleId"], set()).update(ends(s))
missing = [p for p in planted if not p.get("runtime") and p["subject"] not in subjects.get(p["rule"], set())]
print("       planted faults in the SARIF run: %d of %d%s" % (
    len(planted) - len([p for p in planted if p.get("runtime")]) - len(missing),
    len([p for p in planted if not p.get("runtime")]), (": missing %s" % missing[:3]) if missing else ""))
sys.exit(0 if ok and not missing else 1)
EOF
  unset wall
done
exit $fail
