#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fabcheck collect of SONiC switches over SSH, against the real OpenSSH sshd on loopback whose forced
# command replays the outputs of inventories/examples/sonic-leaves (tests/cli/replay.sh):
#   leaf3  runs the dynamic buffer model: CONFIG_DB has no lossless profile, APPL_DB's computed one
#          is collected (redis-dump), and HR-SIZE is judged from it
#   leaf4  refuses `docker exec` (lldpcli) and redis-dump, as a user outside the docker group meets
#          them, and runs the dynamic model too: the device is collected with two warnings, its
#          LLDP comes from `show lldp table`, its headroom is UNKNOWN saying why
# The other devices come from the example's files. Every other finding equals the recorded example's.
# Needs root (sshd); skips otherwise.
set -euo pipefail
PY=${PYTHON:-/usr/bin/python3}
fabcheck=$(realpath "$1")
root=$(pwd)
ex=$root/inventories/examples/sonic-leaves
. "$root/tests/cli/sshd_lib.sh"

mkdir -p map rec
# what each switch answers: the example's recordings; leaf3 and leaf4 under the dynamic model
"$PY" - "$ex" <<'PY'
import json, os, shutil, sys
ex = sys.argv[1]
APPL = "redis-dump -d 0 -k 'BUFFER_P*_TABLE:*'"
for sw in ("leaf3", "leaf4"):
    os.makedirs("rec/" + sw)
    man = {d["name"]: d for d in json.load(open(ex + "/manifest.json"))["devices"]}[sw]
    rows = []
    for o in man["outputs"]:
        src = os.path.join(ex, o["file"])
        dst = "rec/%s/%s" % (sw, os.path.basename(o["file"]))
        if o["command"] == "show runningconfiguration all":
            cfg = json.load(open(src))
            cfg["DEVICE_METADATA"]["localhost"]["buffer_model"] = "dynamic"
            del cfg["BUFFER_PROFILE"]["pg_lossless_ai_profile"]   # computed at run time
            for k in cfg["BUFFER_PG"]:
                if k.endswith("|3"):
                    cfg["BUFFER_PG"][k] = {"profile": "NULL"}
            json.dump(cfg, open(dst, "w"), indent=4)
        else:
            shutil.copy(src, dst)
        if sw == "leaf4" and o["command"].startswith("docker exec"):
            rows.append((o["command"], "!1:Got permission denied while trying to connect to the Docker daemon socket "
                         "at unix:///var/run/docker.sock"))
        else:
            rows.append((o["command"], os.path.abspath(dst)))
    if sw == "leaf3":   # buffermgrd's profile for the 400G ISLs and the hosts, as APPL_DB holds it
        appl = {"BUFFER_PROFILE_TABLE:pg_lossless_400000_300m_profile": {"type": "hash", "value": {
            "pool": "ingress_lossless_pool", "xon": "24320", "xoff": "159680", "size": "466880", "static_th": "307200"}}}
        for port in json.load(open(dst if False else "rec/leaf3/config_db.json"))["PORT"]:
            appl["BUFFER_PG_TABLE:%s:3" % port] = {"type": "hash", "value": {"profile": "pg_lossless_400000_300m_profile"}}
        json.dump(appl, open("rec/leaf3/appl_db_buffers.json", "w"), indent=2)
        rows.append((APPL, os.path.abspath("rec/leaf3/appl_db_buffers.json")))
    else:
        rows.append((APPL, "!1:Could not connect to Redis at /var/run/redis/redis.sock: Permission denied"))
    # the SKU's headroom table: Arista's 7060X6 ships the file with no row; leaf3's image lacks it
    PG = ('cat "/usr/share/sonic/device/$(sonic-cfggen -d -v DEVICE_METADATA.localhost.platform)/'
          '$(sonic-cfggen -d -v DEVICE_METADATA.localhost.hwsku)/pg_profile_lookup.ini"')
    if sw == "leaf4":
        open("rec/leaf4/pg_profile_lookup.ini", "w").write("# PG lossless profiles.\n# speed cable size    xon  xoff threshold xon_offset\n")
        rows.append((PG, os.path.abspath("rec/leaf4/pg_profile_lookup.ini")))
    else:
        rows.append((PG, "!1:cat: /usr/share/sonic/device/x86_64-nvidia_sn5600-r0/ACS-SN5600/pg_profile_lookup.ini: "
                     "No such file or directory"))
    with open("map/" + sw, "w") as f:
        for c, p in rows:
            f.write("%s\t%s\n" % (c, p))
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
        print("  - {name: %s, platform: sonic, role: leaf, transport: ssh, address: \"127.0.0.%d:%s\", credential: key}"
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
w = m["leaf4"]["warnings"]
assert any("docker exec lldp lldpcli" in x and "permission denied" in x and "optional" in x for x in w), w
assert any("redis-dump" in x and "Permission denied" in x for x in w), w
w3 = m["leaf3"]["warnings"]
assert len(w3) == 1 and "pg_profile_lookup.ini: No such file or directory (optional" in w3[0], w3
ex = {d["name"]: len(d["outputs"]) for d in json.load(open(sys.argv[2]))["devices"]}
cmds = {o["command"] for o in m["leaf3"]["outputs"]}
# leaf3: every recorded output and APPL_DB; leaf4: all but lldpcli, and the (empty) headroom table
assert "redis-dump -d 0 -k BUFFER_P*_TABLE:*" in cmds and len(m["leaf3"]["outputs"]) == ex["leaf3"] + 1, sorted(cmds)
assert len(m["leaf4"]["outputs"]) == ex["leaf4"], [o["command"] for o in m["leaf4"]["outputs"]]
assert len(w) == 2, w
print("manifest: leaf3 %d outputs (APPL_DB included) and 1 warning (%s), leaf4 %d outputs and 2 warnings: %s"
      % (len(m["leaf3"]["outputs"]), w3[0][-90:], len(m["leaf4"]["outputs"]), "; ".join(x[:80] for x in w)))
PY
cmp snap/devices/leaf3/config_db.json rec/leaf3/config_db.json || fail "config_db.json over SSH differs from what the switch sent"
cmp snap/devices/leaf4/show_interfaces_transceiver_eeprom_--dom.txt rec/leaf4/show_interfaces_transceiver_eeprom_--dom.txt ||
  fail "the EEPROM output over SSH differs from what the switch sent"

set +e
"$fabcheck" validate snap --format json > collected.json
"$fabcheck" validate "$ex" --format json > recorded.json
set -e
"$PY" - collected.json recorded.json <<'PY'
import json, sys
col = {(x["rule"], x["subject"]): x for x in json.load(open(sys.argv[1]))["findings"]}
rec = {(x["rule"], x["subject"]): x for x in json.load(open(sys.argv[2]))["findings"]}
assert set(col) == set(rec), sorted(set(col) ^ set(rec))[:5]
hr3 = [x for k, x in col.items() if k[0] == "HR-SIZE" and "leaf3:" in k[1]]
hr4 = [x for k, x in col.items() if k[0] == "HR-SIZE" and "leaf4:" in k[1]]
assert len(hr3) == 8 and all(x["status"] == "pass" for x in hr3), [(x["subject"], x["status"]) for x in hr3]
assert all(any(e.get("source", {}).get("file", "").endswith("leaf3/appl_db_buffers.json") for e in x["evidence"])
           for x in hr3), "leaf3's headroom evidence does not point into the APPL_DB dump"
assert len(hr4) == 8 and all(x["status"] == "unknown" for x in hr4), [(x["subject"], x["status"]) for x in hr4]
assert all("dynamic" in json.dumps(x["evidence"]) for x in hr4), hr4[0]["evidence"]
lldp4 = [x for k, x in col.items() if k[0] == "CABLE-PLAN-LLDP" and "leaf4:" in k[1]]
assert len(lldp4) == 8 and all(x["status"] == "pass" for x in lldp4), [(x["subject"], x["status"]) for x in lldp4]
# everything else: the recorded example's verdict (ECN-BEFORE-PFC on leaf4 has no pause threshold
# to compare with under the dynamic model without APPL_DB)
same = diff = 0
for k in col:
    if (k[0] == "HR-SIZE" and "leaf4:" in k[1]) or (k[0] == "ECN-BEFORE-PFC" and k[1] == "leaf4"):
        continue
    if col[k]["status"] == rec[k]["status"]:
        same += 1
    else:
        diff += 1
        print("differs:", k, col[k]["status"], rec[k]["status"], col[k]["message"][:120])
assert not diff
print("collected over SSH: leaf3 headroom from APPL_DB (8 pass), leaf4 headroom UNKNOWN (dynamic, no APPL_DB), "
      "leaf4 LLDP from show lldp table (8 pass); %d other findings as recorded" % same)
PY
