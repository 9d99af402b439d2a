#!/bin/bash
# SPDX-License-Identifier: MIT
# The Zabbix export with a real Zabbix agent: the two UserParameters docs/monitoring.md documents
# (taken from the document, pointed at the export) run under zabbix_agentd -t; each discovery is
# valid low-level discovery JSON, every discovered link's compliance and every rule's counts equal
# the JSON report's, and so do the run's. Skipped, visibly, without zabbix_agentd.
set -euo pipefail
fabcheck=$1
PY=/usr/bin/python3
agent=$(command -v zabbix_agentd || true)
[ -n "$agent" ] || { echo "zabbix: SKIPPED (needs zabbix_agentd: Debian zabbix-agent)"; exit 77; }
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# the documented UserParameters, with the export's path replaced
params=$(grep '^UserParameter=fabcheck\.' docs/monitoring.md || true)
[ "$(echo "$params" | wc -l)" -eq 2 ] || fail "docs/monitoring.md: expected two UserParameter lines"

check() {   # check NAME TARGET
	local name=$1 target=$2 rc
	set +e
	"$fabcheck" validate "$target" --format "zabbix=$t/$name.zabbix" --format "json=$t/$name.json" > /dev/null; rc=$?
	set -e
	[ $rc -le 1 ] || fail "$name: validate exit $rc"
	ls "$t" | grep -q '\.tmp\.' && fail "$name: a temporary file was left beside the export"
	{
		echo "LogType=console"
		echo "Hostname=fabcheck-test"
		echo "AllowRoot=1"
		echo "UnsafeUserParameters=0"
		echo "$params" | sed "s|/var/lib/fabcheck/fabcheck.zabbix|$t/$name.zabbix|"
	} > "$t/$name.conf"
	"$PY" - "$agent" "$t/$name.conf" "$t/$name.json" "$name" <<'PY'
import json, re, subprocess, sys
agent, conf, report, name = sys.argv[1:5]

def get(key):
    out = subprocess.run([agent, "-c", conf, "-t", key], capture_output=True, text=True).stdout.strip()
    m = re.match(r"^(\S+)\s+\[(\w)\|(.*)\]$", out, re.S)
    assert m and m.group(1) == key, "%s: %r" % (key, out)
    assert m.group(2) != "m", "%s: the agent refused it: %r" % (key, out)
    return m.group(3)

rep = json.load(open(report))
fs = rep["findings"]
lld = {}
for what in ("links", "devices", "rules"):
    doc = json.loads(get("fabcheck.discovery[%s]" % what))
    assert isinstance(doc, dict) and isinstance(doc["data"], list) and doc["data"], (what, doc)
    for e in doc["data"]:
        assert all(re.fullmatch(r"\{#[A-Z_]+\}", k) and isinstance(v, str) for k, v in e.items()), e
    lld[what] = doc["data"]
assert get("fabcheck.value[no.such.key]") == "ZBX_NOTSUPPORTED"
# links: the discovered ones are the cabled links the link findings name
subjects = {f["subject"] for f in fs if f["scope"] == "link"}
names = {e["{#NAME}"] for e in lld["links"]}
assert names == subjects, (sorted(names ^ subjects))[:5]
bad = 0
for e in lld["links"]:
    assert re.fullmatch(r"[A-Za-z0-9:/._-]+", e["{#LINK}"]), e
    want = 0 if any(f["subject"] == e["{#NAME}"] and f["status"] == "fail" and not f.get("waived") for f in fs) else 1
    got = int(get("fabcheck.value[link.compliant.%s]" % e["{#LINK}"]))
    assert got == want, (e["{#NAME}"], got, want)
    bad += got == 0
# devices: every device of the report, collected as it says
assert sorted(e["{#DEVICE}"] for e in lld["devices"]) == sorted(d["name"] for d in rep["devices"])
for e in lld["devices"]:
    st = next(d["status"] for d in rep["devices"] if d["name"] == e["{#DEVICE}"])
    assert int(get("fabcheck.value[device.ok.%s]" % e["{#DEVKEY}"])) == (st in ("ok", "intent")), e
# rules: counts by status
for e in lld["rules"]:
    for st in ("pass", "fail", "unknown"):
        want = sum(1 for f in fs if f["rule"] == e["{#RULE}"] and f["status"] == st and not f.get("waived"))
        got = int(get("fabcheck.value[rule.%s.%s]" % (st, e["{#RULE}"])))
        assert got == want, (e["{#RULE}"], st, got, want)
s = rep["summary"]
for k in ("exit_code", "pass", "fail", "unknown", "warn", "waived", "devices", "devices_incomplete"):
    assert int(get("fabcheck.value[run.%s]" % k)) == s[k], k
print("%s: %d links (%d not compliant), %d devices, %d rules discovered; values equal the JSON report's"
      % (name, len(lld["links"]), bad, len(lld["devices"]), len(lld["rules"])))
PY
}
check demo inventories/demo
check spine-leaf inventories/examples/spine-leaf
