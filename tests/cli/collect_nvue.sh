#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fabcheck collect over NVIDIA's NVUE REST API against the simulator (real HTTPS, certificates made
# here), the NVUE leaves of inventories/examples/nvue-leaves recorded in it: good switches (one
# answering 500 once, then on retry), wrong password, hang/timeout, HTTP 500, garbage and truncated
# bodies, an untrusted certificate, and a switch without NVUE's resources (404: each required
# command an error, each optional one a warning, the rest still collected). Each failure is a clear
# per-device error, the run exits 3, every request is a GET with basic auth, the configuration
# comes as the applied revision's JSON and the state as the operational one's, the collected leaves
# validate like the recorded example, and the password appears nowhere.
set -euo pipefail
PY=${PYTHON:-/usr/bin/python3}
fabcheck=$(realpath "$1"); sim=$(realpath "$2")
root=$(pwd); ex="$root/inventories/examples/nvue-leaves"
t=$(mktemp -d); pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$t"; }
trap cleanup EXIT
cd "$t"
fail() { echo "FAIL: $*"; exit 1; }

san=$(for i in $(seq 1 254); do printf "IP:127.0.0.%d," "$i"; done); san=${san%,}
printf "subjectAltName=%s\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n" "$san" > ext.cnf
for ca in good other; do
  openssl req -x509 -newkey rsa:2048 -nodes -keyout $ca-ca.key -out $ca-ca.pem -days 2 -subj "/CN=$ca test CA" 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -keyout $ca.key -out $ca.csr -subj "/CN=nvue-sim" 2>/dev/null
  openssl x509 -req -in $ca.csr -CA $ca-ca.pem -CAkey $ca-ca.key -CAcreateserial -out $ca.pem -days 2 -extfile ext.cnf 2>/dev/null
done
export FC_TEST_PW="Pw-$RANDOM-$RANDOM-nvue"
export FC_WRONG_PW="not-the-password"
free_port() { "$PY" -c 'import socket; s=socket.socket(); s.bind(("",0)); print(s.getsockname()[1])'; }
P1=$(free_port); P2=$(free_port)
"$sim" --snapshot "$ex" --port "$P1" --cert good.pem --key good.key --user fabcheck --password-env FC_TEST_PW \
  --default leaf3 --map 127.0.0.2=leaf3 --map 127.0.0.3=leaf4 --fault 127.0.0.3=500once \
  --fault 127.0.0.5=hang --fault 127.0.0.6=500 --fault 127.0.0.7=garbage --fault 127.0.0.8=truncate \
  --map 127.0.0.10=spine1 > sim1.log 2>&1 &
pids+=($!)
"$sim" --snapshot "$ex" --port "$P2" --cert other.pem --key other.key --user fabcheck --password-env FC_TEST_PW \
  --default leaf3 > sim2.log 2>&1 &
pids+=($!)
for i in $(seq 50); do grep -q READY sim1.log && grep -q READY sim2.log && break; sleep 0.1; done

{
  echo "version: 1"
  echo "fabric: {name: spine-leaf, profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, cnp_dscp: 48, mtu: 9000}}"
  echo "credentials:"
  echo "  nv: {username: fabcheck, password_env: FC_TEST_PW}"
  echo "  wrong: {username: fabcheck, password_env: FC_WRONG_PW}"
  echo "devices:"
  echo "  - {name: leaf3, platform: nvue, transport: nvue, address: \"127.0.0.2:$P1\", credential: nv}"
  echo "  - {name: leaf4, platform: nvue, transport: nvue, address: \"127.0.0.3:$P1\", credential: nv}"
  echo "  - {name: badpw, platform: nvue, transport: nvue, address: \"127.0.0.4:$P1\", credential: wrong}"
  echo "  - {name: slow, platform: nvue, transport: nvue, address: \"127.0.0.5:$P1\", credential: nv}"
  echo "  - {name: err500, platform: nvue, transport: nvue, address: \"127.0.0.6:$P1\", credential: nv}"
  echo "  - {name: garbage, platform: nvue, transport: nvue, address: \"127.0.0.7:$P1\", credential: nv}"
  echo "  - {name: trunc, platform: nvue, transport: nvue, address: \"127.0.0.8:$P1\", credential: nv}"
  echo "  - {name: badcert, platform: nvue, transport: nvue, address: \"127.0.0.9:$P2\", credential: nv}"
  echo "  - {name: notnvue, platform: nvue, transport: nvue, address: \"127.0.0.10:$P1\", credential: nv}"
  for d in spine1 spine2 leaf1 leaf2 c01 c02 g01 g02 g03 g04 s01 s02; do
    p=$("$PY" -c 'import json,sys; print([d["platform"] for d in json.load(open(sys.argv[1]))["devices"] if d["name"]==sys.argv[2]][0])' "$ex/inventory.json" "$d")
    echo "  - {name: $d, platform: $p, transport: file, address: \"$ex/devices/$d\"}"
  done
  echo "links:"
  "$PY" -c 'import json,sys
for l in json.load(open(sys.argv[1]))["links"]:
    print("  - {a: \"%s\", b: \"%s\", cable: %s, length_m: %s, speed: %s}" % (l["a"], l["b"], l["cable"], l["length_m"], l["speed"]))' "$ex/inventory.json"
} > inv.yaml

set +e
"$fabcheck" collect --inventory inv.yaml --out snap --ca-file good-ca.pem --timeout 2 \
  --allow-outside "$ex" > collect.out 2> collect.err
rc=$?
set -e
[ "$rc" -eq 3 ] || { cat collect.out collect.err; fail "collect exit $rc, expected 3"; }

"$PY" - snap/manifest.json "$ex/manifest.json" <<'PY'
import json, sys
m = {d["name"]: d for d in json.load(open(sys.argv[1]))["devices"]}
want = {
  "leaf3": ("ok", None), "leaf4": ("ok", None),
  "badpw": ("failed", "NVUE API authentication failed (HTTP 401)"),
  "slow": ("failed", "timed out"),
  "err500": ("failed", "NVUE API HTTP 500"),
  "garbage": ("failed", "NVUE API reply is not JSON"),
  "trunc": ("failed", "NVUE API reply is not JSON"),
  "badcert": ("failed", "TLS with https://127.0.0.9"),
  "notnvue": ("failed", "nv config show: NVUE API HTTP 404"),
}
for name, (status, text) in want.items():
    d = m[name]
    assert d["status"] == status, (name, d)
    if text:
        assert any(text in e for e in d["errors"]), (name, d["errors"])
for name in ("leaf3", "leaf4"):
    rec = [o["command"] for d in json.load(open(sys.argv[2]))["devices"] if d["name"] == name for o in d["outputs"]]
    got = [o["command"] for o in m[name]["outputs"]]
    # lldpd has no resource in the API: an optional row, said once as a warning
    assert sorted(got) == sorted(c for c in rec if c != "lldpctl -f json"), (got, rec)
    assert any(w.startswith("lldpctl -f json: no resource in the NVUE API") for w in m[name]["warnings"]), m[name]
no = m["notnvue"]
assert any("nv show platform transceiver" in w and "optional" in w for w in no["warnings"]), no["warnings"]
assert any(e.startswith("nv show interface: NVUE API HTTP 404") for e in no["errors"]), no["errors"]
print("manifest ok:", ", ".join("%s=%s" % (k, m[k]["status"]) for k in sorted(want)))
PY

# the configuration is the applied revision's set tree in JSON, the state the operational JSON
head -c 1 snap/devices/leaf3/nv_config_show.txt | grep -q '{' || fail "nv config show is not the API's JSON"
grep -q '"roce"' snap/devices/leaf3/nv_config_show.txt || fail "the applied tree lacks qos roce"
# every request a GET with basic auth; leaf3 in one request per command (7 over the API)
[ "$(grep -c '127.0.0.2 leaf3 auth=basic cmds=1 status=200' sim1.log)" -eq 7 ] || { grep 127.0.0.2 sim1.log; fail "leaf3 not in 7 GETs"; }
grep -q "127.0.0.3 leaf4 auth=basic cmds=0 status=500" sim1.log || fail "no 500 for leaf4"
grep -q "127.0.0.10 spine1 auth=basic cmds=0 status=404" sim1.log || fail "no 404 for a switch without NVUE"

# the collected NVUE leaves validate like the recorded example (LLDP aside: not in the API)
set +e
"$fabcheck" validate snap --format json > collected.json; rc1=$?
"$fabcheck" validate "$ex" --format json > recorded.json; rc2=$?
"$fabcheck" validate snap --no-color > collected.txt
set -e
[ "$rc1" -eq 3 ] && [ "$rc2" -eq 1 ] || fail "validate exits $rc1 / $rc2, expected 3 / 1"
"$PY" - collected.json recorded.json <<'PY'
import json, sys
keep = {"leaf1", "leaf2", "leaf3", "leaf4", "spine1", "spine2", "c01", "c02", "g01", "g02", "g03", "g04", "s01", "s02"}
def f(p):
    return sorted((x["rule"], x["status"], x["subject"]) for x in json.load(open(p))["findings"]
                  if (x["scope"] != "device" or x["subject"].split(":")[0].split(" ")[0] in keep)
                  and not x["rule"].startswith("LLDP"))
a, b = f(sys.argv[1]), f(sys.argv[2])
assert a == b, "\n".join(map(str, sorted(set(a) ^ set(b))[:20]))
print("collected over the NVUE API: %d findings, the same verdicts as the recorded example" % len(a))
PY
for e in "NVUE API authentication failed (HTTP 401)" "timed out" "NVUE API HTTP 500" "not JSON" "TLS with https://127.0.0.9"; do
  grep -q "$e" collected.txt || fail "the report lacks the per-device error '$e'"
done
if grep -rl -- "$FC_TEST_PW" . --exclude=inv.yaml 2>/dev/null | grep -v '^./sim[12].log$'; then fail "password leaked"; fi
echo "collect over the NVUE API: all checks passed"
