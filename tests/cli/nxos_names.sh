#!/bin/bash
# SPDX-License-Identifier: MIT
# One port is one interface, whatever spelling an output or the cabling plan uses: an ACL denying
# UDP 4791 under "interface port-channel5" (or Port-channel5) reaches the member port a host is
# cabled to, and the plan may say Eth1/1. Each run must FAIL UDP4791-SWITCH-ACL on that link; a
# permitting ACL must PASS it (so the test can tell the two apart).
set -euo pipefail
fabcheck=$1
PY=/usr/bin/python3
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# make NAME LAG_HEADER ACL_VERB PLAN_PORT: the mini snapshot with Ethernet1/1 a member of a
# port-channel that carries an ACL
make() {
  local d="$t/$1"
  cp -r tests/fixtures/mini "$d"
  cat >> "$d/devices/sw1/show_running-config.txt" <<EOF
ip access-list EDGE-IN
  10 $3 udp any any eq 4791
  20 permit ip any any
$2
  ip access-group EDGE-IN in
interface Ethernet1/1
  channel-group 5 mode active
EOF
  sed -i "s|a: \"sw1:Ethernet1/1\"|a: \"sw1:$4\"|" "$d/inventory.yaml"
  set +e; "$fabcheck" validate "$d" --format json > "$t/$1.json"; set -e
}
make lower "interface port-channel5" deny Ethernet1/1
make upper "interface Port-channel5" deny Ethernet1/1
make short "interface Po5" deny Eth1/1
make spaced "interface port-channel 5" deny e1/1
make permit "interface port-channel5" permit Ethernet1/1

"$PY" - "$t" <<'PY'
import sys
sys.path.insert(0, "tests/cli")
from findings import Reports, link
R = Reports.of_dir(sys.argv[1], ["lower", "upper", "short", "spaced", "permit"])
L = link("sw1:Ethernet1/1", "h1:eth0")
for run in ("lower", "upper", "short", "spaced"):
    x = R.want(run, "UDP4791-SWITCH-ACL", L, "fail", "drops RoCEv2")
    ev = [e for e in x["evidence"] if e["what"] == "in"]
    assert ev and "EDGE-IN denies UDP 4791" in ev[0]["value"], (run, x["evidence"])
R.want("permit", "UDP4791-SWITCH-ACL", L, "pass", "no ACL on the switch ports of this link drops UDP 4791")
print(R.summary("nxos_names"))
PY
echo "nxos names: ok"
