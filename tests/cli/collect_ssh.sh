#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fabcheck collect over SSH against the real OpenSSH sshd on loopback, whose forced command
# replays recorded CLI output: exec channels, the interactive-shell fallback, known_hosts checks
# (unknown, changed, --accept-new), key and password authentication, no secret in any output, and
# a collected snapshot that validates like the recorded demo. Needs root (sshd); skips otherwise.
set -euo pipefail
PY=${PYTHON:-/usr/bin/python3}   # Debian's interpreter: the packages scripts/dev installs are its modules
fabcheck=$(realpath "$1")
root=$(pwd)
. "$root/tests/cli/sshd_lib.sh"
bns=fcbare$$   # the "bare node" namespace: named per run, so two runs on one machine do not collide
trap 'sshd_cleanup; ip netns del "$bns" 2>/dev/null || true' EXIT

ssh-keygen -q -t ed25519 -N '' -f otherkey
mkdir -p map
# command -> recorded file, per device ("| json" for the JSON outputs, as NX-OS takes them)
"$PY" - "$root/inventories/demo" <<'PY'
import json, sys
snap = sys.argv[1]
for d in json.load(open(snap + "/manifest.json"))["devices"]:
    if d["platform"] != "nxos":
        continue
    with open("map/" + d["name"], "w") as f:
        for o in d["outputs"]:
            cmd = o["command"] + (" | json" if o["encoding"] == "json" else "")
            f.write("%s\t%s/%s\n" % (cmd, snap, o["file"]))
PY
declare -A devmap=([2]=leaf1 [3]=leaf2 [4]=shellonly [5]=leaf1 [6]=leaf1 [7]=leaf1)
{
  sshd_config_head yes 2 3 4 5 6 7 8 9
  for i in 2 3 4 5 6 7; do
    d=${devmap[$i]}; m=$d; [ "$d" = shellonly ] && m=leaf1
    echo "Match LocalAddress 127.0.0.$i"
    echo "  ForceCommand /bin/sh $root/tests/cli/replay.sh $d $t/map/$m"
  done
  # a GPU node with fabcheck installed: "fabcheck probe" runs the real binary on a recorded
  # mlx5 host tree (this kernel has no ConnectX to probe); anything else is refused
  echo "Match LocalAddress 127.0.0.8"
  echo "  ForceCommand /bin/sh $t/gpunode.sh"
  # a node without fabcheck: commands run in a network namespace with a veth pair, so the
  # agentless capture reads a real kernel (sysfs, ethtool, ip, nft) there
  echo "Match LocalAddress 127.0.0.9"
  echo "  ForceCommand /bin/sh $t/bare.sh"
} > sshd_config
"$PY" "$root/tests/fixtures/mlx5host.py" "$t/gpunode" --nics 4 --rdma 2 --gids 16
fcbin=$(readlink -f "$fabcheck")
{
  echo "[ \"\$SSH_ORIGINAL_COMMAND\" = \"fabcheck probe\" ] && exec \"$fcbin\" probe --root \"$t/gpunode\""
  echo "echo \"sh: 1: \$SSH_ORIGINAL_COMMAND: not found\" >&2; exit 127"
} > gpunode.sh
{
  echo "[ \"\$SSH_ORIGINAL_COMMAND\" = \"fabcheck probe\" ] && { echo 'sh: 1: fabcheck: not found' >&2; exit 127; }"
  echo "exec ip netns exec $bns sh -c \"\$SSH_ORIGINAL_COMMAND\""
} > bare.sh
sshd_start

# known_hosts: the real key for .2 .3 .4 .7, a different key for .6, nothing for .5
known_hosts_for 2 3 4 7 8 9 > known_hosts
echo "[127.0.0.6]:$P $(cut -d' ' -f1,2 otherkey.pub)" >> known_hosts

export FC_SSH_WRONG="Wrong-$RANDOM-pw"
write_inv() { # file, devices...
  local f=$1; shift
  {
    echo "version: 1"
    echo "fabric: {profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, cnp_dscp: 48, mtu: 9000}}"
    echo "credentials:"
    echo "  key: {username: $(id -un), key_file: $t/client}"
    echo "  wrong: {username: $(id -un), password_env: FC_SSH_WRONG}"
    echo "devices:"
    for d in "$@"; do echo "  $d"; done
  } > "$f"
}
write_inv inv.yaml \
  "- {name: leaf1, platform: nxos, transport: ssh, address: \"127.0.0.2:$P\", credential: key}" \
  "- {name: leaf2, platform: nxos, transport: ssh, address: \"127.0.0.3:$P\", credential: key}" \
  "- {name: shellonly, platform: nxos, transport: ssh, address: \"127.0.0.4:$P\", credential: key}" \
  "- {name: unknownkey, platform: nxos, transport: ssh, address: \"127.0.0.5:$P\", credential: key}" \
  "- {name: changedkey, platform: nxos, transport: ssh, address: \"127.0.0.6:$P\", credential: key}" \
  "- {name: wrongpw, platform: nxos, transport: ssh, address: \"127.0.0.7:$P\", credential: wrong}" \
  "- {name: host1, platform: linux, transport: file, address: \"$root/inventories/demo/devices/host1\"}" \
  "- {name: host2, platform: linux, transport: file, address: \"$root/inventories/demo/devices/host2\"}" \
  "- {name: host3, platform: linux, transport: file, address: \"$root/inventories/demo/devices/host3\"}" \
  "- {name: host4, platform: linux, transport: file, address: \"$root/inventories/demo/devices/host4\"}"
sed -n '/^links:/,$p' "$root/inventories/demo/inventory.yaml" >> inv.yaml

set +e
SSH_AUTH_SOCK= "$fabcheck" collect --inventory inv.yaml --out snap --known-hosts known_hosts --timeout 10 \
  --allow-outside "$root/inventories/demo" > out.txt 2> err.txt
rc=$?
set -e
[ "$rc" -eq 3 ] || { cat out.txt err.txt sshd.log; fail "collect exit $rc, expected 3"; }
"$PY" - snap/manifest.json "$root/inventories/demo/manifest.json" <<'PY'
import json, sys
m = {d["name"]: d for d in json.load(open(sys.argv[1]))["devices"]}
want = {"leaf1": ("ok", None), "leaf2": ("ok", None), "shellonly": ("ok", None),
        "unknownkey": ("failed", "is not in known_hosts"), "changedkey": ("failed", "CHANGED"),
        "wrongpw": ("failed", "SSH authentication failed")}
for n, (st, txt) in want.items():
    assert m[n]["status"] == st, (n, m[n])
    if txt:
        assert any(txt in e for e in m[n]["errors"]), (n, m[n]["errors"])
want_n = len([o for d in json.load(open(sys.argv[2]))["devices"] if d["name"] == "leaf1" for o in d["outputs"]])
assert len(m["shellonly"]["outputs"]) == want_n, (want_n, m["shellonly"])
print("manifest ok:", ", ".join("%s=%s" % (k, v["status"]) for k, v in sorted(m.items())))
PY
# exec passes the output through unchanged; the shell path gives the same text
cmp snap/devices/leaf1/show_running-config.txt "$root/inventories/demo/devices/leaf1/show_running-config.txt" ||
  fail "exec output differs from the recording"
diff <(sed 's/[[:space:]]*$//' snap/devices/shellonly/show_running-config.txt) \
     <(sed 's/[[:space:]]*$//' "$root/inventories/demo/devices/leaf1/show_running-config.txt") > /dev/null ||
  fail "shell output differs from the recording"

# the collected snapshot validates like the recorded demo
set +e
"$fabcheck" validate snap --format json > collected.json
"$fabcheck" validate "$root/inventories/demo" --format json > recorded.json
set -e
"$PY" - collected.json recorded.json <<'PY'
import json, sys
# the demo's devices only: the fault devices added here have device findings of their own
# (UNKNOWN where nothing was collected), which the recorded demo cannot have
demo = {"leaf1", "leaf2", "host1", "host2", "host3", "host4"}
# shellonly replays leaf1's recording, LLDP table included: it sees leaf1's hosts, and every LLDP
# table of the fabric is searched for a planned port, so those links say so (and only those)
moved = {x["subject"] for x in json.load(open(sys.argv[1]))["findings"]
         if x["rule"] == "CABLE-PLAN-LLDP" and "seen on shellonly:" in x["message"]}
assert moved, "shellonly's LLDP table, a copy of leaf1's, should show leaf1's hosts elsewhere"
def f(p):
    return sorted((x["rule"], x["status"], x["subject"], x["message"]) for x in json.load(open(p))["findings"]
                  if (x["scope"] != "device" or x["subject"].split(":")[0] in demo)
                  and not (x["rule"] == "CABLE-PLAN-LLDP" and x["subject"] in moved))
a, b = f(sys.argv[1]), f(sys.argv[2])
assert a == b, "\n".join(map(str, set(a) ^ set(b)))
print("collected over SSH: %d findings, identical to the recorded demo" % len(a))
PY

# --accept-new adds an unknown key (a warning), still refuses a changed one
write_inv inv2.yaml \
  "- {name: unknownkey, platform: nxos, transport: ssh, address: \"127.0.0.5:$P\", credential: key}" \
  "- {name: changedkey, platform: nxos, transport: ssh, address: \"127.0.0.6:$P\", credential: key}"
set +e
SSH_AUTH_SOCK= "$fabcheck" collect --inventory inv2.yaml --out snap2 --known-hosts known_hosts --accept-new > /dev/null 2>&1
set -e
grep -q "added to known_hosts (--accept-new)" snap2/manifest.json || fail "accept-new left no warning"
grep -q "127.0.0.5" known_hosts || fail "accept-new did not add the key"
"$PY" -c "
import json; m = {d['name']: d for d in json.load(open('snap2/manifest.json'))['devices']}
assert m['unknownkey']['status'] == 'ok' and m['changedkey']['status'] == 'failed', m"
# a Linux host over SSH with fabcheck installed: collect runs "fabcheck probe" there and stores
# its document as captured; validation parses it like a local probe's
write_inv inv3.yaml \
  "- {name: gpu1, platform: linux, transport: ssh, address: \"127.0.0.8:$P\", credential: key}"
SSH_AUTH_SOCK= "$fabcheck" collect --inventory inv3.yaml --out snap3 --known-hosts known_hosts --timeout 10 \
  > out3.txt 2> err3.txt || { rc=$?; cat out3.txt err3.txt snap3/manifest.json; fail "collect of an SSH host exit $rc"; }
"$fabcheck" probe --root "$t/gpunode" --out local.json
"$PY" - snap3/manifest.json snap3/devices/gpu1/probe.json local.json <<'PY'
import json, sys
m = {d["name"]: d for d in json.load(open(sys.argv[1]))["devices"]}
assert m["gpu1"]["status"] == "ok", m["gpu1"]
remote, local = json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
for d in (remote, local):
    d.pop("collected_at")
assert remote == local, "the document over SSH differs from a local probe"
print("SSH host: fabcheck probe ran on the node, %d interfaces, document identical to a local probe"
      % len(remote["interfaces"]))
PY
"$fabcheck" parse --platform linux --command "fabcheck probe" snap3/devices/gpu1/probe.json > /dev/null ||
  fail "the collected host document does not parse"

# a Linux host over SSH without fabcheck: collect falls back to the agentless capture (the
# standard tools and files, one sh script); validation turns it into the document a probe run
# in the same namespace writes. Needs network namespaces and ethtool.
ip netns del "$bns" 2>/dev/null || true
if ip netns add "$bns" 2>/dev/null && command -v ethtool > /dev/null; then
  ip -n "$bns" link add fcb0 type veth peer name fcb1
  ip -n "$bns" link set fcb0 mtu 9000 up && ip -n "$bns" link set fcb1 mtu 9000 up
  ip -n "$bns" addr add 10.77.0.1/31 dev fcb0
  ip netns exec "$bns" nft -f - <<'NFT'
table inet filter {
  chain input { type filter hook input priority 0; policy accept; udp dport 4791 drop; }
}
NFT
  write_inv inv4.yaml \
    "- {name: bare1, platform: linux, transport: ssh, address: \"127.0.0.9:$P\", credential: key}"
  SSH_AUTH_SOCK= "$fabcheck" collect --inventory inv4.yaml --out snap4 --known-hosts known_hosts --timeout 20 \
    > out4.txt 2> err4.txt || { rc=$?; cat out4.txt err4.txt snap4/manifest.json; ip netns del "$bns"; fail "collect exit $rc"; }
  ip netns exec "$bns" "$fabcheck" probe > live.json
  "$fabcheck" parse --platform linux --command "fabcheck agentless capture" --encoding text \
    snap4/devices/bare1/capture.txt > agentless.model || { ip netns del "$bns"; fail "the capture does not parse"; }
  cp live.json snap4/live.json
  "$fabcheck" parse --platform linux --command "fabcheck probe" live.json > live.model
  ip netns del "$bns"
  "$PY" - snap4/manifest.json live.model agentless.model "$root/tests/cli" <<'PY'
import json, sys
sys.path.insert(0, sys.argv[4])
import fcmodel
m = json.load(open(sys.argv[1]))["devices"][0]
assert m["status"] == "ok" and any("not installed" in w for w in m["warnings"]), m
assert [o["file"] for o in m["outputs"]] == ["devices/bare1/capture.txt"], m["outputs"]
live, agl = fcmodel.load(sys.argv[2]), fcmodel.load(sys.argv[3])
def strip(x):
    if isinstance(x, dict):
        if "unknown" in x:
            return "unknown"     # each side words its reasons its own way
        return {k: strip(v) for k, v in x.items() if k != "source"}
    if isinstance(x, list):
        return [strip(v) for v in x]
    return x
a, b = strip(live), strip(agl)
ifs = lambda d: {i["name"]: i for i in d["interfaces"]}
assert sorted(ifs(a)) == sorted(ifs(b)) == ["fcb0", "fcb1"], (sorted(ifs(a)), sorted(ifs(b)))
n = 0
for name in ifs(a):
    for k, v in ifs(a)[name].items():
        assert ifs(b)[name].get(k) == v, (name, k, v, ifs(b)[name].get(k))
        n += 1
assert a["firewall_udp_4791"] == b["firewall_udp_4791"] == {"value": "drop"}, (a["firewall_udp_4791"], b["firewall_udp_4791"])
f = ifs(b)["fcb0"]
assert f["mtu"]["value"] == 9000 and "10.77.0.1/31" in f["addresses"]["value"] and f["speed_mbps"]["value"] == 10000, f
print("SSH host without fabcheck: agentless capture over a real sshd, %d interface fields equal to a live probe "
      "in the same namespace; nftables verdict drop both ways" % n)
PY
else
  echo "SKIP (part): agentless SSH capture needs network namespaces and ethtool"
fi

# the secret is nowhere
if grep -rl -- "$FC_SSH_WRONG" snap snap2 out.txt err.txt collected.json; then fail "password leaked"; fi
echo "collect over SSH: all checks passed"
