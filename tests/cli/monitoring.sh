#!/bin/bash
# SPDX-License-Identifier: MIT
# The Prometheus export with the real tools: promtool accepts it, a real node_exporter serves it
# from its textfile directory, and the numbers equal the JSON report's (findings by rule and
# status, per device, links by state, the failing links and subjects, and the counters of the ports
# those name and of no other); every sample has the fabric label; at 100 leaves it stays within
# 20,000 samples. Skipped, visibly, when promtool or node_exporter are not installed.
set -euo pipefail
fabcheck=$1
PY=/usr/bin/python3
ne=$(command -v prometheus-node-exporter || command -v node_exporter || true)
command -v promtool > /dev/null && [ -n "$ne" ] || { echo "monitoring: SKIPPED (needs promtool and node_exporter)"; exit 77; }
t=$(mktemp -d)
ne_pid=""
trap '[ -n "$ne_pid" ] && kill $ne_pid 2>/dev/null; rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

mkdir "$t/textfile"
set +e
"$fabcheck" validate inventories/demo --format "prometheus=$t/textfile/fabcheck.prom" --format "json=$t/r.json"; rc=$?
set -e
[ $rc -eq 1 ] || fail "validate exit $rc"
ls "$t/textfile" | grep -qv '^fabcheck.prom$' && fail "a temporary file was left beside the export"
promtool check metrics < "$t/textfile/fabcheck.prom" || fail "promtool check metrics"
port=$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$ne" --web.listen-address="127.0.0.1:$port" --collector.disable-defaults --collector.textfile \
	--collector.textfile.directory="$t/textfile" > "$t/ne.log" 2>&1 &
ne_pid=$!
for i in $(seq 50); do
	"$PY" -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/metrics')" 2> /dev/null && break
	sleep 0.2
done
"$PY" - "http://127.0.0.1:$port/metrics" "$t/r.json" <<'PY'
import collections, json, re, sys, urllib.request
text = urllib.request.urlopen(sys.argv[1]).read().decode()
assert re.search(r"^node_textfile_scrape_error 0$", text, re.M), "node_exporter could not read the export"
def samples(name):   # node_exporter sorts the labels: read them as a dict
    for m in re.finditer(r"^%s\{([^}]*)\} (\S+)$" % name, text, re.M):
        yield dict(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', m.group(1))), float(m.group(2))
got = collections.Counter()
for lab, v in samples("fabcheck_findings"):
    got[(lab["rule"], lab["status"])] += int(v)
rep = json.load(open(sys.argv[2]))
want = collections.Counter((f["rule"], "waived" if f.get("waived") else f["status"]) for f in rep["findings"])
assert got == want, (got - want, want - got)
bad = {(l["device"], l["port"], l["peer_device"], l["peer_port"]) for l, v in samples("fabcheck_link_compliant") if v == 0}
fails = {tuple(re.split(r":| <-> ", f["subject"])) for f in rep["findings"] if f["scope"] == "link" and f["status"] == "fail"}
assert bad == fails and bad, (bad, fails)
assert re.search(r"^fabcheck_exit_code\{fabric=\"demo\"\} 1$", text, re.M)
# every sample says its fabric
for m in re.finditer(r"^(fabcheck_\w+)\{([^}]*)\}", text, re.M):
    assert 'fabric="demo"' in m.group(2), m.group(0)
# links by state, and per device its findings that are not passing, as the JSON report has them
links = {l["state"]: v for l, v in samples("fabcheck_links")}
nlinks = len({f["subject"] for f in rep["findings"] if f["scope"] == "link"})
assert links == {"compliant": nlinks - len(fails), "failing": len(fails)}, (links, nlinks, len(fails))
devc = collections.Counter()
for f in rep["findings"]:
    if f.get("waived") or f["status"] not in ("fail", "warn", "unknown"):
        continue
    devs = {e.split(":")[0] for e in f["subject"].split(" <-> ")} if f["scope"] == "link" else \
        {f["subject"].split(":")[0]} if f["scope"] == "device" else set()
    for dv in devs:
        devc[(dv, f["status"])] += 1
assert {(l["device"], l["status"]): int(v) for l, v in samples("fabcheck_device_findings")} == dict(devc), devc
# each failing or warning subject once
subj = {(l["rule"], l["subject"]) for l, v in samples("fabcheck_finding")}
assert subj == {(f["rule"], f["subject"]) for f in rep["findings"] if f["status"] in ("fail", "warn") and not f.get("waived")}
# the NIC FEC counters FEC-BER reads, as the host documents hold them, on the ports a failing or
# warning finding names, and on no other
named = set()
for f in rep["findings"]:
    if f["status"] in ("fail", "warn") and not f.get("waived"):
        if f["scope"] == "link":
            named |= {tuple(e.split(":", 1)) for e in f["subject"].split(" <-> ")}
        elif f["scope"] == "device" and ":" in f["subject"]:
            named.add(tuple(f["subject"].split(":", 1)))
nfec = absent = 0
for host in ("host1", "host2", "host3", "host4"):
    doc = json.load(open("inventories/demo/devices/%s/probe.json" % host))
    for i in doc["interfaces"]:
        st = i.get("stats", {})
        for name, metric, div in (("rx_corrected_bits_phy", "fabcheck_fec_corrected_errors_total", 1),
                                  ("rx_pcs_symbol_err_phy", "fabcheck_fec_uncorrected_symbols_total", 1),
                                  ("rx_bits_phy", "fabcheck_phy_received_bytes_total", 8)):
            if name in st:
                v = [x for l, x in samples(metric) if l["device"] == host and l["port"] == i["name"]]
                if (host, i["name"]) in named:
                    assert len(v) == 1 and abs(v[0] - st[name] / div) <= 1e-6 * max(1, st[name] / div), (host, i["name"], name, v)
                    nfec += 1
                else:
                    assert not v, (host, i["name"], name, "exported for a port no failing finding names")
                    absent += 1
assert nfec and absent, (nfec, absent)
print("monitoring: promtool accepts the export; node_exporter serves %d findings, %d failing links, %d devices' "
      "counts and %d NIC FEC counters as the JSON report and the host documents have them" % (
          sum(got.values()), len(bad), len(devc), nfec))
PY
# the cardinality at 100 leaves (bench/gen_fabric.py: 1,716 devices, 7,200 links): per device and per
# rule, and the non-passing subjects only
"$PY" bench/gen_fabric.py "$t/f100" --switches 100 --faults > /dev/null
set +e
"$fabcheck" validate "$t/f100" --format "prometheus=$t/f100.prom" > /dev/null
set -e
promtool check metrics < "$t/f100.prom" || fail "promtool check metrics at 100 leaves"
n=$(grep -vc '^#' "$t/f100.prom")
[ "$n" -le 20000 ] || fail "$n samples at 100 leaves (at most 20,000)"
grep -v '^#' "$t/f100.prom" | grep -vq 'fabric="' && fail "a sample without the fabric label at 100 leaves"
echo "monitoring: 100 leaves export $n samples ($(stat -c %s "$t/f100.prom") bytes), each with its fabric"
