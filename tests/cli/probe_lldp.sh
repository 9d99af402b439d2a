#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# LLDP neighbours from a real lldpd: two network namespaces joined by a veth pair, an lldpd in
# each (its own control socket and hostname; the "switch" sends its port as an ifname). The
# probe asks lldpd over liblldpctl; the agentless path parses `lldpcli -f json0 show neighbors
# details` captured from the same daemon; both must give the same neighbour. Then an interface
# with no neighbour and a stopped lldpd are unknown with their reasons. Needs root; skips visibly.
set -euo pipefail
PY=${PYTHON:-/usr/bin/python3}
fabcheck=$(realpath "$1")
[ "$(id -u)" -eq 0 ] || { echo "SKIP: network namespaces need root"; exit 77; }
command -v lldpd > /dev/null && command -v lldpcli > /dev/null || { echo "SKIP: lldpd not installed"; exit 77; }
t=$(mktemp -d); tag=fl$$
chmod 755 "$t"   # lldpd runs lldpcli for -O as its unprivileged user, which must reach the socket
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  ip netns del "$tag-h" 2>/dev/null || true; ip netns del "$tag-s" 2>/dev/null || true
  rm -rf "$t"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

ip netns add "$tag-h"; ip netns add "$tag-s"
ip link add "${tag}a" type veth peer name "${tag}b"     # host roce0 <-> switch Ethernet1/7
ip link add "${tag}c" type veth peer name "${tag}d"     # host roce1 <-> nothing that speaks LLDP
ip link set "${tag}a" netns "$tag-h"; ip -n "$tag-h" link set "${tag}a" name roce0
ip link set "${tag}c" netns "$tag-h"; ip -n "$tag-h" link set "${tag}c" name roce1
ip link set "${tag}b" netns "$tag-s"; ip -n "$tag-s" link set "${tag}b" name Eth1-7
ip link set "${tag}d" netns "$tag-s"; ip -n "$tag-s" link set "${tag}d" name Eth1-8
ip -n "$tag-h" link add roce2 type veth peer name roce2p   # a port lldpd is not told to run on (-I)
for i in roce0 roce1 roce2 roce2p lo; do ip -n "$tag-h" link set "$i" up; done
for i in Eth1-7 Eth1-8 lo; do ip -n "$tag-s" link set "$i" up; done
printf 'configure lldp tx-interval 1\n' > "$t/h.conf"
printf 'configure lldp tx-interval 1\nconfigure lldp portidsubtype ifname\n' > "$t/s.conf"
ip netns exec "$tag-s" unshare -u sh -c "hostname leaf-lldp; exec lldpd -d -u '$t/s.sock' -I Eth1-7 -O '$t/s.conf'" \
  > "$t/s.log" 2>&1 & pids+=($!)
ip netns exec "$tag-h" unshare -u sh -c "hostname gpu-lldp; exec lldpd -d -u '$t/h.sock' -I roce0,roce1 -O '$t/h.conf'" \
  > "$t/h.log" 2>&1 & pids+=($!)
for _ in $(seq 100); do
  ip netns exec "$tag-h" lldpcli -u "$t/h.sock" -f json0 show neighbors details > "$t/nb.json" 2> /dev/null || true
  grep -q leaf-lldp "$t/nb.json" && break
  sleep 0.2
done
grep -q leaf-lldp "$t/nb.json" || { cat "$t/h.log" "$t/s.log"; fail "lldpd saw no neighbour in 20 s"; }

# live: liblldpctl on the host's lldpd
ip netns exec "$tag-h" "$fabcheck" probe --lldpd-socket "$t/h.sock" --out "$t/live.json" || fail "probe exit $?"
# agentless: the same daemon's lldpcli output, as a capture stores it
mkdir -p "$t/agl/.fabcheck-outputs"
cp "$t/nb.json" "$t/agl/.fabcheck-outputs/lldpcli_-f_json0_show_neighbors_details"
"$fabcheck" probe --root "$t/agl" --interface roce0 --interface roce1 --out "$t/agl.json" || true
kill "${pids[1]}"; wait "${pids[1]}" 2>/dev/null || true
ip netns exec "$tag-h" "$fabcheck" probe --lldpd-socket "$t/h.sock" --interface roce0 --out "$t/down.json" 2> "$t/down.err" ||
  fail "probe exit $? without lldpd"
[ ! -s "$t/down.err" ] || { cat "$t/down.err"; fail "liblldpctl wrote to stderr"; }
"$PY" - "$t/live.json" "$t/agl.json" "$t/down.json" "$t/h.sock" <<'PY'
import json, sys
live, agl, down = ({i["name"]: i["lldp"] for i in json.load(open(p))["interfaces"]} for p in sys.argv[1:4])
assert live["roce0"] == {"system_name": "leaf-lldp", "port_id": "Eth1-7"}, live["roce0"]
assert agl["roce0"] == live["roce0"], (agl["roce0"], live["roce0"])
assert live["roce1"] == {"unknown": "lldpd has seen no LLDP neighbour on roce1"}, live["roce1"]
assert agl["roce1"] == live["roce1"], agl["roce1"]
assert live["roce2"] == {"unknown": "lldpd does not run LLDP on roce2"}, live["roce2"]
assert down["roce0"] == {"unknown": "lldpd is not running (no answer on %s)" % sys.argv[4]}, down["roce0"]
print("lldpd in a namespace: the same neighbour through liblldpctl and lldpcli -f json0; "
      "no neighbour, no LLDP on the port and no daemon each unknown with its reason")
PY
# the model: the Linux adapter reads the neighbour the topology joins on
"$fabcheck" parse --platform linux --command "fabcheck probe" "$t/live.json" > "$t/live.model"
"$PY" - "$t/live.model" <<'PY'
import json, sys
sys.path.insert(0, "tests/cli")
import fcmodel
m = {i["name"]: i for i in fcmodel.load(sys.argv[1])["interfaces"]}
assert m["roce0"]["lldp_port"]["value"] == "Eth1-7" and m["roce0"]["lldp_system_name"]["value"] == "leaf-lldp", m["roce0"]
assert "no LLDP neighbour" in m["roce1"]["lldp_port"]["unknown"], m["roce1"]["lldp_port"]
PY
echo "probe_lldp: ok"
