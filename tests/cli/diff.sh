#!/bin/bash
# SPDX-License-Identifier: MIT
# fabcheck diff, golden tests on copies of the demo:
#   fixed-and-new   the four planted faults fixed (host2's CR2 NRZ port as single-lane PAM4, host3's
#                   receive buffer, the duplicate GID, the ACL on UDP 4791) and a new one (leaf1
#                   Ethernet1/4 MTU 1500 against a 9000-byte host): 5 resolved, 1 new, exit 1
#   declared        the ACL removed as a planned change, with an expect file that declares it: exit 0
#   declared-unmet  the same, and a declaration of a change that did not happen: exit 1
#   partly-declared fixed-and-new with only the ACL removal declared: the MTU change is not, exit 1
# and: two JSON reports give the same classes (model values not compared), in every output format;
# a report judged by another catalog (a policy changing a severity) warns; an incomplete side gives
# 3; two different fabrics are refused (2); usage errors are 2. UPDATE_GOLDEN=1 rewrites the goldens.
set -euo pipefail
fabcheck=$(realpath "$1")
PY=/usr/bin/python3
root=$PWD
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cd "$t"

cp -r "$root/inventories/demo" old
rm -r old/baseline   # the demo an hour earlier (validate --baseline), not part of these snapshots
cp -r old fixed-and-new
cp -r old declared
# fault 4: the ACL denying UDP 4000-5000 on leaf1 Ethernet1/3
sed -i '/^interface Ethernet1\/3$/,/^$/{/ip access-group HOST-EDGE-IN in/d}' fixed-and-new/devices/leaf1/show_running-config.txt
sed -i '/^interface Ethernet1\/3$/,/^$/{/ip access-group HOST-EDGE-IN in/d}' declared/devices/leaf1/show_running-config.txt
# fault 3: host4 ens1f1 takes its own address (10.2.3.1, leaf2's /31 to it) and GID
sed -i 's|"10.2.2.1/31"|"10.2.3.1/31"|; s|ffff:0a02:0201|ffff:0a02:0301|g' fixed-and-new/devices/host4/probe.json
# faults 1 and 2: host2 ens1f1 as the single-lane 50G PAM4 port leaf2 Ethernet1/50/1 is (a QSFP56
# DAC), host3 ens1f1's priority-3 receive buffer as large as its other ports'
"$PY" - fixed-and-new/devices <<'PY'
import json, sys
def edit(host, fn):
    p = "%s/%s/probe.json" % (sys.argv[1], host)
    d = json.load(open(p))
    fn(next(i for i in d["interfaces"] if i["name"] == "ens1f1"))
    json.dump(d, open(p, "w"), indent=2)
def pam4(i):
    i["link"].update(lanes=1, active_mode="50000baseCR/Full")
    for k in ("supported", "advertised"):
        i["link"][k] = ["25000baseCR/Full", "50000baseCR/Full", "100000baseCR2/Full"]
    i["module"].update(identifier="QSFP56", compliance="200GBASE-CR4", part="MCP1650-V003E26")
def buffer(i):
    i["dcb"]["buffer"]["buffer_size"][1] = 156096
edit("host2", pam4)
edit("host3", buffer)
PY
# a new fault: leaf1 Ethernet1/4 (host4 ens1f0, MTU 9000) at MTU 1500
sed -i '/^interface Ethernet1\/4$/,/^$/{s/  mtu 9216/  mtu 1500/}' fixed-and-new/devices/leaf1/show_running-config.txt
# ... applied: the running state shows it too (a configuration the state contradicts is DATA-CONFLICT)
"$PY" - fixed-and-new/devices/leaf1/show_interface.json <<'PY'
import json, sys
p = sys.argv[1]
d = json.load(open(p))
body = d["ins_api"]["outputs"]["output"]["body"] if "ins_api" in d else d
for r in body["TABLE_interface"]["ROW_interface"]:
    if r["interface"] == "Ethernet1/4":
        r["eth_mtu"] = "1500"
json.dump(d, open(p, "w"), indent=2)
PY
cmp -s old/devices/leaf1/show_running-config.txt fixed-and-new/devices/leaf1/show_running-config.txt && fail "the edits did not apply"


cat > expect.yaml <<'EOF'
# change CHG-1234: remove the edge ACL that blocked RoCEv2 on leaf1 Ethernet1/3
expect:
  - rule: UDP4791-SWITCH-ACL
    subject: "leaf1:Ethernet1/3 <-> *"
    change: resolved
    reason: CHG-1234 removes HOST-EDGE-IN from Ethernet1/3
  - subject: "leaf1:Ethernet1/3"
    field: "input ACL"
    reason: CHG-1234 removes HOST-EDGE-IN from Ethernet1/3
EOF
cp expect.yaml expect-unmet.yaml
cat >> expect-unmet.yaml <<'EOF'
  - subject: "leaf2:Ethernet1/50/1"
    field: "FEC *"
    change: changed
    reason: CHG-1235 sets RS-528 on the host2 port (not done yet)
EOF

# the example the README runs (fabcheck diff inventories/demo inventories/examples/cutover/after
# --expect .../chg-1234.yaml) is exactly the demo with these edits and this expect file
ex=$root/inventories/examples/cutover
if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then
	rm -rf "$ex/after"; cp -r fixed-and-new "$ex/after"; rm -f "$ex/after/README.md"; cp expect.yaml "$ex/chg-1234.yaml"
fi
diff -r -x README.md "$ex/after" fixed-and-new > /dev/null ||
	fail "inventories/examples/cutover/after is not the demo with this test's edits (UPDATE_GOLDEN=1 rewrites it)"
cmp -s "$ex/chg-1234.yaml" expect.yaml || fail "inventories/examples/cutover/chg-1234.yaml is not this test's expect file"

golden() {   # golden NAME WANT_RC ARGS...
	local name=$1 want=$2 rc
	shift 2
	set +e
	"$fabcheck" diff "$@" > "$name.out" 2> "$name.err"; rc=$?
	set -e
	[ "$rc" -eq "$want" ] || { cat "$name.err"; fail "$name: exit $rc, expected $want"; }
	if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then cp "$name.out" "$root/tests/golden/diff-$name.txt"; fi
	diff -u "$root/tests/golden/diff-$name.txt" "$name.out" || fail "$name: output differs from tests/golden/diff-$name.txt"
	echo "$name: exit $rc, output as in tests/golden/diff-$name.txt"
}
golden fixed-and-new 1 old fixed-and-new
golden declared 0 old declared --expect expect.yaml
golden declared-unmet 1 old declared --expect expect-unmet.yaml
golden partly-declared 1 old fixed-and-new --expect expect.yaml

# the classes, read back from the JSON output, are the ones the planted changes make
"$fabcheck" diff old fixed-and-new --format json=snap.json --format markdown=snap.md --format html=snap.html \
	> /dev/null && fail "diff with a new finding exited 0"
"$PY" - snap.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
got = sorted((f["change"], f["rule"], f["subject"]) for f in d["findings"] if f["change"] != "unchanged")
want = [("new", "MTU-HOST-SWITCH", "leaf1:Ethernet1/4 <-> host4:ens1f0"),
        ("resolved", "FEC-MATCH", "leaf2:Ethernet1/50/1 <-> host2:ens1f1"),
        ("resolved", "GID-DUP", "GID ::ffff:10.2.2.1"),
        ("resolved", "HR-SIZE", "leaf2:Ethernet1/49/2 <-> host3:ens1f1"),
        ("resolved", "L1-LANES-MODULATION", "leaf2:Ethernet1/50/1 <-> host2:ens1f1"),
        ("resolved", "UDP4791-SWITCH-ACL", "leaf1:Ethernet1/3 <-> host3:ens1f0")]
assert got == want, got
vals = {(v["subject"], v["field"]): (v["before"], v["after"]) for v in d["values"]}
assert vals[("leaf1:Ethernet1/4", "MTU")] == ("9216", "1500"), vals
assert vals[("leaf1:Ethernet1/3", "input ACL")] == ("HOST-EDGE-IN", "none"), vals
assert vals[("host4:ens1f1", "addresses")] == ("10.2.2.1/31", "10.2.3.1/31"), vals
assert vals[("host2:ens1f1", "lanes")] == ("2", "1"), vals
assert d["values_compared"] and d["exit_code"] == 1 and d["counts"]["new"] == 1 and d["counts"]["resolved"] == 5
PY
"$PY" -c "import markdown,sys; h=markdown.markdown(open('snap.md').read(), extensions=['tables']); assert '<table>' in h and 'MTU-HOST-SWITCH' in h" \
	|| fail "the Markdown diff does not render to a table"
xmllint --html --noout snap.html 2>/dev/null || true
grep -q 'id=diff-new>1<' snap.html || fail "the HTML diff does not count 1 new finding"

# validate --baseline with an HTML report: what changed since, in the page
"$fabcheck" validate fixed-and-new --baseline old --format html=baseline.html > /dev/null || true
grep -q 'id=diff-new>1<' baseline.html && grep -q 'id=diff-resolved>5<' baseline.html && grep -q 'id=changes' baseline.html \
	|| fail "validate --baseline --format html does not show the changes since the baseline"
echo "validate --baseline: the HTML report shows 1 new and 5 resolved since the baseline"

# two JSON reports: the same classes, no model values
"$fabcheck" validate old --format json=old.json > /dev/null || true
"$fabcheck" validate fixed-and-new --format json=new.json > /dev/null || true
set +e
"$fabcheck" diff old.json new.json --format json > rep.json; rc=$?
set -e
[ "$rc" -eq 1 ] || fail "diff of two JSON reports: exit $rc, expected 1"
"$PY" - snap.json rep.json <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
key = lambda d: sorted((f["change"], f["rule"], f["subject"]) for f in d["findings"])
assert key(a) == key(b), (key(a), key(b))
assert b["values_compared"] is False and b["values"] == []
PY
echo "JSON reports: the same classes as the snapshots, values not compared"

# a report judged by another catalog: a policy raising a severity
cat > policy.yaml <<'EOF'
rules:
  MTU-FLEET: { severity: high }
EOF
"$fabcheck" validate fixed-and-new --policy policy.yaml --format json=new-policy.json > /dev/null || true
"$fabcheck" diff old.json new-policy.json > cat.out 2> cat.err || true
grep -q "different rule catalogs" cat.err || fail "no warning for reports judged by different rule catalogs"
grep -q "different rule catalogs" cat.out || fail "the text diff does not carry the catalog warning"
"$fabcheck" diff old.json new.json > /dev/null 2> same.err || true
! grep -q "rule catalogs" same.err || fail "a catalog warning for reports judged alike"
echo "different catalogs: warned"

# an incomplete side: 3
"$PY" -c "
import json; d = json.load(open('new.json')); d['summary']['devices_incomplete'] = 1
json.dump(d, open('incomplete.json', 'w'))"
set +e
"$fabcheck" diff old.json incomplete.json > /dev/null 2>&1; rc=$?
set -e
[ "$rc" -eq 3 ] || fail "an incomplete side: exit $rc, expected 3"

# a report someone else wrote: a control character (it would reach the terminal), an unknown
# status, a finding twice: refused with the file and line
"$PY" - new.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
bad = json.loads(json.dumps(d)); bad["findings"][0]["message"] = "\x1b]0;owned\x07"
json.dump(bad, open("esc.json", "w"), indent=1)
bad = json.loads(json.dumps(d)); bad["findings"][0]["status"] = "fine"
json.dump(bad, open("status.json", "w"), indent=1)
bad = json.loads(json.dumps(d)); bad["findings"].append(bad["findings"][0])
json.dump(bad, open("twice.json", "w"), indent=1)
PY
for f in esc status twice; do
	set +e
	"$fabcheck" diff old.json "$f.json" > "$f.out" 2> "$f.err"; rc=$?
	set -e
	[ "$rc" -eq 2 ] && grep -q "$f.json:[0-9]" "$f.err" || { cat "$f.err"; fail "$f.json: exit $rc, expected 2 with file:line"; }
	! grep -q $'\x1b' "$f.out" "$f.err" || fail "$f.json: a control character reached the output"
done
echo "hostile reports (control character, unknown status, a finding twice): refused with file:line"

# two different fabrics, usage errors
set +e
"$fabcheck" diff old "$root/inventories/examples/spine-leaf" > /dev/null 2> other.err; rc=$?
set -e
[ "$rc" -eq 2 ] && grep -q "not two judgements of one fabric" other.err || { cat other.err; fail "two fabrics: exit $rc"; }
for args in "old" "old new-missing" "old fixed-and-new --format pdf" "old declared --expect policy.yaml"; do
	set +e
	# shellcheck disable=SC2086
	"$fabcheck" diff $args > /dev/null 2> usage.err; rc=$?
	set -e
	[ "$rc" -eq 2 ] || fail "diff $args: exit $rc, expected 2"
	[ -s usage.err ] || fail "diff $args: no message"
done
grep -q "policy.yaml:" usage.err || fail "a bad expect file's error does not name it: $(cat usage.err)"
echo "different fabrics refused, usage errors exit 2"
