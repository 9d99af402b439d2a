#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fabcheck collect of NVIDIA Cumulus Linux (NVUE) switches over SSH, against the real OpenSSH sshd on
# loopback whose forced command replays the NVUE leaves of inventories/examples/nvue-leaves
# (tests/cli/replay.sh): the JSON outputs asked for with NVUE's "-o json", `nv config show` as its
# YAML, lldpd's `lldpctl -f json` sent as written (a program of its own, no suffix). leaf4 lacks
# `nv show platform transceiver` (an optional row): collected with one warning, its DOM then
# unknown; every other finding equals the recorded example's. Needs root (sshd); skips otherwise.
set -euo pipefail
PY=${PYTHON:-/usr/bin/python3}
fabcheck=$(realpath "$1")
root=$(pwd)
ex=$root/inventories/examples/nvue-leaves
. "$root/tests/cli/sshd_lib.sh"

mkdir -p map
"$PY" - "$ex" <<'PY'
import json, os, sys
ex = sys.argv[1]
for sw in ("leaf3", "leaf4"):
    man = {d["name"]: d for d in json.load(open(ex + "/manifest.json"))["devices"]}[sw]
    with open("map/" + sw, "w") as f:
        for o in man["outputs"]:
            cmd = o["command"] + (" -o json" if o["encoding"] == "json" and not o["command"].startswith("lldpctl") else "")
            if sw == "leaf4" and o["command"] == "nv show platform transceiver":
                f.write("%s\t!1:Error: transceiver information is not available\n" % cmd)
            else:
                f.write("%s\t%s\n" % (cmd, os.path.join(ex, o["file"])))
PY
{
  sshd_config_head no 2 3
  echo "Match LocalAddress 127.0.0.2"
  echo "  ForceCommand /bin/sh $root/tests/cli/replay.sh leaf3 $t/map/leaf3"
  echo "Match LocalAddress 127.0.0.3"
  echo "  ForceCommand /bin/sh $root/tests/cli/replay.sh leaf4 $t/map/leaf4"
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
    if d["name"] in ("leaf3", "leaf4"):
        print("  - {name: %s, platform: nvue, role: leaf, transport: ssh, address: \"127.0.0.%d:%s\", credential: key}"
              % (d["name"], 2 if d["name"] == "leaf3" else 3, port))
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
assert len(m["leaf3"]["outputs"]) == ex["leaf3"] and not m["leaf3"].get("warnings"), m["leaf3"]
w = m["leaf4"]["warnings"]
assert len(w) == 1 and w[0].startswith("nv show platform transceiver: exit status 1"), w
assert len(m["leaf4"]["outputs"]) == ex["leaf4"] - 1
print("manifest: leaf3 %d outputs, leaf4 %d and 1 warning: %s" % (len(m["leaf3"]["outputs"]), len(m["leaf4"]["outputs"]), w[0]))
PY
for f in nv_config_show.txt nv_show_interface.json lldpctl.json; do
  cmp "snap/devices/leaf3/$f" "$ex/devices/leaf3/$f" || fail "leaf3 $f over SSH differs from what the switch printed"
done
set +e
"$fabcheck" validate snap --format json > collected.json
"$fabcheck" validate "$ex" --format json > recorded.json
set -e
"$PY" - collected.json recorded.json <<'PY'
import json, sys
col = {(x["rule"], x["subject"]): x for x in json.load(open(sys.argv[1]))["findings"]}
rec = {(x["rule"], x["subject"]): x for x in json.load(open(sys.argv[2]))["findings"]}
# without leaf4's transceivers: DDM-THRESH has no module readings to judge there (no finding), what
# needs the module is unknown, nothing else changes
gone = set(rec) - set(col)
assert set(col) <= set(rec) and all(k[0] == "DDM-THRESH" and k[1].startswith("leaf4:") for k in gone), gone
diff = {k: (col[k]["status"], rec[k]["status"]) for k in col if col[k]["status"] != rec[k]["status"]}
assert all(k[1].startswith("leaf4:") and v[0] == "unknown" for k, v in diff.items()), diff
print("collected over SSH: %d findings as recorded; without leaf4's transceivers %d unknown (%s), %d DDM-THRESH "
      "not judged" % (len(col) - len(diff), len(diff), ", ".join(sorted({k[0] for k in diff})), len(gone)))
PY
echo "collect NVUE over SSH: all checks passed"
