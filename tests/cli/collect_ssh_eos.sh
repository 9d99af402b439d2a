#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fabcheck collect of Arista EOS switches over SSH, against the real OpenSSH sshd on loopback whose
# forced command replays the EOS leaves of inventories/examples/eos-leaves (tests/cli/replay.sh):
# JSON outputs asked for with EOS's "| json", the running-config as text. leaf2 runs an EOS that
# refuses "show interfaces phy detail | json" (no JSON model there): collected with one warning,
# its active FEC then UNKNOWN saying why; every other finding equals the recorded example's.
# Needs root (sshd); skips otherwise.
set -euo pipefail
PY=${PYTHON:-/usr/bin/python3}
fabcheck=$(realpath "$1")
root=$(pwd)
ex=$root/inventories/examples/eos-leaves
. "$root/tests/cli/sshd_lib.sh"

mkdir -p map
"$PY" - "$ex" <<'PY'
import json, os, sys
ex = sys.argv[1]
for sw in ("leaf1", "leaf2"):
    man = {d["name"]: d for d in json.load(open(ex + "/manifest.json"))["devices"]}[sw]
    with open("map/" + sw, "w") as f:
        for o in man["outputs"]:
            cmd = o["command"] + (" | json" if o["encoding"] == "json" else "")
            if sw == "leaf2" and o["command"] == "show interfaces phy detail":
                f.write("%s\t!1:%% This is an unconverted command\n" % cmd)
            else:
                f.write("%s\t%s\n" % (cmd, os.path.join(ex, o["file"])))
PY
{
  sshd_config_head no 2 3
  echo "Match LocalAddress 127.0.0.2"
  echo "  ForceCommand /bin/sh $root/tests/cli/replay.sh leaf1 $t/map/leaf1"
  echo "Match LocalAddress 127.0.0.3"
  echo "  ForceCommand /bin/sh $root/tests/cli/replay.sh leaf2 $t/map/leaf2"
} > sshd_config
sshd_start
known_hosts_for 2 3 > known_hosts

"$PY" - "$ex" "$P" "$t" > inv.yaml <<'PY'
import json, sys
ex, port, t = sys.argv[1], sys.argv[2], sys.argv[3]
inv = json.load(open(ex + "/inventory.json"))
print("version: 1")
print("fabric: %s" % json.dumps(inv["fabric"]))
print("credentials:\n  key: {username: root, key_file: %s/client}" % t)
print("devices:")
for d in inv["devices"]:
    if d["name"] in ("leaf1", "leaf2"):
        print("  - {name: %s, platform: eos, role: leaf, transport: ssh, address: \"127.0.0.%d:%s\", credential: key}"
              % (d["name"], 2 if d["name"] == "leaf1" else 3, port))
    else:
        print("  - {name: %s, platform: %s, role: %s, transport: file, address: \"%s/devices/%s\"}"
              % (d["name"], d["platform"], d["role"], ex, d["name"]))
print("links:")
for l in inv["links"]:
    print("  - %s" % json.dumps(l))
PY
set +e
SSH_AUTH_SOCK= "$fabcheck" collect --inventory inv.yaml --out snap --known-hosts known_hosts --timeout 20 \
  --allow-outside "$ex" > out.txt 2> err.txt
rc=$?
set -e
[ "$rc" -eq 0 ] || { cat out.txt err.txt sshd.log; fail "collect exit $rc, expected 0"; }
"$PY" - snap/manifest.json "$ex/manifest.json" <<'PY'
import json, sys
m = {d["name"]: d for d in json.load(open(sys.argv[1]))["devices"]}
assert all(d["status"] == "ok" for d in m.values()), {k: (v["status"], v["errors"]) for k, v in m.items()}
ex = {d["name"]: len(d["outputs"]) for d in json.load(open(sys.argv[2]))["devices"]}
assert len(m["leaf1"]["outputs"]) == ex["leaf1"] and not m["leaf1"].get("warnings"), m["leaf1"]
w = m["leaf2"]["warnings"]
assert len(w) == 1 and w[0].startswith("show interfaces phy detail: exit status 1: % This is an unconverted command"), w
assert len(m["leaf2"]["outputs"]) == ex["leaf2"] - 1
print("manifest: leaf1 %d outputs, leaf2 %d and 1 warning: %s" % (len(m["leaf1"]["outputs"]), len(m["leaf2"]["outputs"]), w[0]))
PY
for f in show_running-config.txt show_interfaces.json show_lldp_neighbors_detail.json; do
  cmp "snap/devices/leaf1/$f" "$ex/devices/leaf1/$f" || fail "leaf1 $f over SSH differs from what the switch printed"
done
set +e
"$fabcheck" validate snap --format json > collected.json
"$fabcheck" validate "$ex" --format json > recorded.json
set -e
"$PY" - collected.json recorded.json <<'PY'
import json, sys
col = {(x["rule"], x["subject"]): x for x in json.load(open(sys.argv[1]))["findings"]}
rec = {(x["rule"], x["subject"]): x for x in json.load(open(sys.argv[2]))["findings"]}
assert set(col) == set(rec), sorted(set(col) ^ set(rec))[:5]
FEC = ("FEC-MATCH", "FEC-CABLE-CLASS")
fec2 = [x for k, x in col.items() if k[0] in FEC and k[1].startswith("leaf2:")]
assert fec2 and all(x["status"] == "unknown" for x in fec2), [(x["subject"], x["status"]) for x in fec2]
assert all(rec[(x["rule"], x["subject"])]["status"] == "pass" for x in fec2)
assert all("phy detail" in json.dumps(x["evidence"]) for x in fec2 if x["rule"] == "FEC-MATCH"), fec2[0]["evidence"]
same = 0
for k in col:
    if k[0] in FEC and k[1].startswith("leaf2:"):
        continue
    assert col[k]["status"] == rec[k]["status"], (k, col[k]["status"], rec[k]["status"], col[k]["message"][:160])
    same += 1
print("collected over SSH: leaf2's FEC rules UNKNOWN x%d (no phy detail, saying so), %d other findings as recorded"
      % (len(fec2), same))
PY
echo "collect EOS over SSH: all checks passed"
