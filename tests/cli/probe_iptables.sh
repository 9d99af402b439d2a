#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The legacy iptables filter table, live: a network namespace with three veth interfaces and rules
# set with the real iptables-legacy (policy DROP, conntrack, a user chain, multiport, a comment,
# a source-address rule). The probe reads it with libip4tc; the same table as
# `iptables-legacy-save -t filter` prints it (the agentless path) must give the same verdicts.
# A namespace with no legacy table is not given one by probing. Needs root; skips visibly.
set -euo pipefail
PY=${PYTHON:-/usr/bin/python3}
fabcheck=$(realpath "$1")
[ "$(id -u)" -eq 0 ] || { echo "SKIP: network namespaces need root"; exit 77; }
command -v iptables-legacy > /dev/null || { echo "SKIP: iptables-legacy not installed"; exit 77; }
t=$(mktemp -d); ns=fi$$; bare=fj$$
cleanup() { ip netns del "$ns" 2>/dev/null || true; ip netns del "$bare" 2>/dev/null || true; rm -rf "$t"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

ip netns add "$ns"; ip netns add "$bare"
for i in 0 1 2; do
  ip link add "$ns-a$i" type veth peer name "$ns-b$i"
  ip link set "$ns-a$i" netns "$ns"; ip -n "$ns" link set "$ns-a$i" name "roce$i"; ip -n "$ns" link set "roce$i" up
done
ip link add "$bare-a" type veth peer name "$bare-b"; ip link set "$bare-a" netns "$bare"
ipt() { ip netns exec "$ns" iptables-legacy "$@"; }
ipt -P INPUT DROP
ipt -A INPUT -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
ipt -N roce
ipt -A INPUT -i roce0 -j roce
ipt -A INPUT -i roce2 -s 10.0.0.0/8 -p udp --dport 4791 -j ACCEPT
ipt -A INPUT -p udp --dport 4791 -m comment --comment "no RoCE here" -j DROP
ipt -A roce -j LOG --log-prefix "roce "
ipt -A roce -p udp -m multiport --dports 4791,5000:6000 -j ACCEPT

ip netns exec "$ns" "$fabcheck" probe --out "$t/live.json" || fail "probe exit $?"
# agentless: the tool's own output of the same table, in a capture tree
mkdir -p "$t/agl/.fabcheck-outputs" "$t/agl/proc/net"
ip netns exec "$ns" cat /proc/net/ip_tables_names > "$t/agl/proc/net/ip_tables_names"
ip netns exec "$ns" iptables-legacy-save -t filter > "$t/agl/.fabcheck-outputs/iptables-legacy-save_-t_filter"
ip netns exec "$ns" nft -j list ruleset > "$t/agl/.fabcheck-outputs/nft_-j_list_ruleset"
"$fabcheck" probe --root "$t/agl" --interface roce0 --interface roce1 --interface roce2 --out "$t/agl.json" || true
# the same table with a match fabcheck does not evaluate, as a recorded reply
mkdir -p "$t/rec/.fabcheck-replies" "$t/rec/proc/net" "$t/rec/sys/class/net/roce1"
printf 'filter\n' > "$t/rec/proc/net/ip_tables_names"
printf '*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -m recent --rcheck --seconds 60 -j DROP\nCOMMIT\n' \
  > "$t/rec/.fabcheck-replies/iptables-legacy.txt"
printf '{"nftables": []}\n' > "$t/rec/.fabcheck-replies/nftables.json"
"$fabcheck" probe --root "$t/rec" --out "$t/rec.json" || true
ip netns exec "$bare" "$fabcheck" probe --out "$t/bare.json" || fail "probe exit $? (no legacy table)"
names=$(ip netns exec "$bare" cat /proc/net/ip_tables_names)
"$PY" - "$t/live.json" "$t/agl.json" "$t/rec.json" "$t/bare.json" "$names" <<'PY'
import json, re, sys
live, agl, rec, bare = (json.load(open(p))["firewall"] for p in sys.argv[1:5])
v = {i["name"]: i for i in live["interfaces"]}
assert live["backend"] == "nftables, iptables-legacy", live
assert v["roce0"]["udp_4791"] == "accept" and "iptables-legacy filter roce rule 2" in v["roce0"]["decided_by"], v["roce0"]
assert v["roce1"] == {"name": "roce1", "udp_4791": "drop", "decided_by": "iptables-legacy filter INPUT rule 4"}, v["roce1"]
assert "the source address decides, rule 3 of chain INPUT" in v["roce2"]["udp_4791"]["unknown"], v["roce2"]
assert live["udp_4791"] == "drop", live
# the reasons name the line of the text each path read (the rendering, the tool's output)
noline = lambda x: json.loads(re.sub(r" \(line \d+\)", "", json.dumps(x)))
assert noline(agl["interfaces"]) == noline(live["interfaces"]), (agl["interfaces"], live["interfaces"])
why = rec["interfaces"][0]["udp_4791"]["unknown"]
assert "match 'recent' is not evaluated, rule 1 of chain INPUT (line 3)" in why, why
assert bare["backend"] == "nftables" and sys.argv[5] == "", (bare, sys.argv[5])
print("iptables-legacy in a namespace: accept through a user chain, drop, and unknown (a source "
      "address; a match not evaluated) read alike through libip4tc and iptables-legacy-save; "
      "a namespace without the table is not given one")
PY
echo "probe_iptables: ok"
