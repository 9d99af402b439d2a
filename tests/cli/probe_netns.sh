#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fabcheck probe on real kernel interfaces: three network namespaces, each with one end of a veth
# pair (MTU 9000, an address), probed in parallel into one snapshot the way srun/pdsh would run
# it on every node; the snapshot validates. Needs root (namespaces); skips otherwise.
set -euo pipefail
PY=${PYTHON:-/usr/bin/python3}
fabcheck=$(realpath "$1")
[ "$(id -u)" -eq 0 ] || { echo "SKIP: network namespaces need root"; exit 77; }
command -v ip > /dev/null || { echo "SKIP: iproute2 not installed"; exit 77; }
t=$(mktemp -d); tag=fc$$
cleanup() { for i in 1 2 3; do ip netns del "$tag-$i" 2>/dev/null || true; done; rm -rf "$t"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
for i in 1 2 3; do
  ns="$tag-$i"
  ip netns add "$ns"
  ip link add "${tag}a$i" type veth peer name "${tag}b$i"
  ip link set "${tag}a$i" netns "$ns"
  ip -n "$ns" link set "${tag}a$i" name roce0
  ip -n "$ns" addr add "10.77.$i.1/31" dev roce0
  ip -n "$ns" link set roce0 mtu 9000 up
  ip -n "$ns" link set lo up
done
mkdir -p "$t/snap/devices"
pids=()
for i in 1 2 3; do
  mkdir -p "$t/snap/devices/node$i"
  ip netns exec "$tag-$i" "$fabcheck" probe --out "$t/snap/devices/node$i/probe.json" &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || fail "a probe exited $?"; done
{
  echo "version: 1"
  echo "devices:"
  for i in 1 2 3; do echo "  - {name: node$i, platform: linux, transport: probe}"; done
} > "$t/snap/inventory.yaml"
"$PY" - "$t/snap" <<'PY'
import json, sys
snap = sys.argv[1]
devs = []
for i in (1, 2, 3):
    d = json.load(open("%s/devices/node%d/probe.json" % (snap, i)))
    ifs = {x["name"]: x for x in d["interfaces"]}
    r = ifs["roce0"]
    assert r["mtu"] == 9000 and r["addresses"][0] == "10.77.%d.1/31" % i, r
    assert r["driver"]["name"] == "veth" and r["link"]["speed_mbps"] == 10000 and r["operstate"] in ("up", "lowerlayerdown"), r
    assert r["pci"]["unknown"].startswith("no PCI device"), r["pci"]
    assert d["rdma"] == {"unknown": "no RDMA subsystem: /sys/class/infiniband is absent"}, d["rdma"]
    devs.append({"name": "node%d" % i, "platform": "linux", "status": "ok",
                 "outputs": [{"command": "fabcheck probe", "encoding": "json", "file": "devices/node%d/probe.json" % i}]})
json.dump({"format": "fabcheck-snapshot", "format_version": 1, "inventory": "inventory.yaml", "devices": devs},
          open(snap + "/manifest.json", "w"))
print("3 namespaces probed in parallel: veth roce0 read live (MTU, address, driver, speed)")
PY
set +e; "$fabcheck" validate "$t/snap" --format json > "$t/r.json"; rc=$?; set -e
[ "$rc" -eq 0 ] || { cat "$t/r.json"; fail "validate exit $rc"; }
"$PY" -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert [d["status"] for d in r["devices"]] == ["ok"] * 3, r["devices"]
g = [f for f in r["findings"] if f["rule"] == "GID-DUP"][0]
assert g["status"] == "unknown" and "3 host(s)" in g["message"], g   # no RDMA: cannot rule duplicates out
print("snapshot of 3 probed hosts validates; GID-DUP is UNKNOWN, not PASS, without GID tables")' "$t/r.json"
# interfaces that disappear mid-probe: 64 veth pairs deleted while probes run over them. Every
# run must exit 0 with a document; whatever vanished is unknown with the kernel's reason.
g="$tag-gone"
ip netns add "$g"
for i in $(seq 64); do ip -n "$g" link add "g$i" type veth peer name "h$i"; done
for k in 1 2 3 4; do ip netns exec "$g" "$fabcheck" probe --out "$t/gone$k.json" & pids+=($!); done
for i in $(seq 64); do ip -n "$g" link del "g$i"; done
for p in "${pids[@]:3}"; do wait "$p" || fail "a probe exited $? while interfaces vanished"; done
ip netns del "$g"
"$PY" - "$t"/gone[1-4].json <<'PY'
import json, sys
vanished = 0
for p in sys.argv[1:]:
    d = json.load(open(p))
    for i in d["interfaces"]:
        if isinstance(i["mtu"], dict):
            # the kernel's word for a vanished netdev varies (ENOENT, ENODEV, EINVAL): any, named
            assert i["mtu"]["unknown"].startswith("/sys/class/net/%s/mtu: " % i["name"]), i["mtu"]
            vanished += 1
print("interfaces vanishing under 4 probes: 4 documents, %d interface(s) caught mid-probe as unknown" % vanished)
PY

# real nftables in namespace 1: the probe's UDP 4791 verdict for roce0
command -v nft > /dev/null || { echo "SKIP (nftables part): nft not installed"; echo "probe in namespaces: all checks passed"; exit 0; }
ns="$tag-1"
verdict() { # ruleset-file -> prints the firewall section's roce0 entry as JSON
  ip netns exec "$ns" nft flush ruleset
  [ -s "$1" ] && ip netns exec "$ns" nft -f "$1"
  ip netns exec "$ns" "$fabcheck" probe --interface roce0 | "$PY" -c 'import json,sys; f=json.load(sys.stdin)["firewall"]; print(json.dumps([f["udp_4791"], f["interfaces"][0]]))'
}
cat > "$t/drop.nft" <<'NFT'
table inet filter {
  set roce_ports { type inet_service; elements = { 4791 } }
  chain input {
    type filter hook input priority 0; policy drop;
    ct state established,related accept
    iifname "lo" accept
    tcp dport 22 accept
    udp dport 4000-5000 counter drop
    iifname "roce0" udp dport @roce_ports accept
  }
}
NFT
grep -v "4000-5000" "$t/drop.nft" > "$t/accept.nft"
sed 's/udp dport 4000-5000 counter drop/ip saddr 10.0.0.0\/8 udp dport 4791 drop/' "$t/drop.nft" > "$t/depends.nft"
: > "$t/none.nft"
"$PY" - "$(verdict "$t/drop.nft")" "$(verdict "$t/accept.nft")" "$(verdict "$t/depends.nft")" "$(verdict "$t/none.nft")" <<'PY'
import json, sys
drop, accept, depends, none = (json.loads(a) for a in sys.argv[1:5])
assert drop[0] == "drop" and drop[1]["decided_by"].startswith("inet filter, rule handle"), drop
assert accept[0] == "accept" and accept[1]["udp_4791"] == "accept", accept
assert "unknown" in depends[0] and "ip saddr" in depends[1]["udp_4791"]["unknown"], depends
assert none[0] == "accept" and none[1]["decided_by"] == "no filter chain on the input path", none
print("nftables: drop (%s), accept, depends on the source address, no ruleset" % drop[1]["decided_by"])
PY
echo "probe in namespaces: all checks passed"
