#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fabcheck collect over Arista eAPI against the simulator (real HTTPS, certificates made here), the
# EOS leaves of inventories/examples/eos-leaves recorded in it: good switches, a 500 that succeeds
# on retry, wrong password, hang/timeout, HTTP 500, garbage and truncated bodies, a reply to
# another request (id), an untrusted certificate, and a switch that lacks commands (EOS's error
# 1002 in the middle of a batch: the outputs before it kept, the rest sent again). Each failure is
# a clear per-device error, the run exits 3, the collected leaves validate like the recorded
# example, basic auth is sent once and the Session cookie after, the password appears nowhere.
set -euo pipefail
PY=${PYTHON:-/usr/bin/python3}
fabcheck=$(realpath "$1"); sim=$(realpath "$2")
root=$(pwd); ex="$root/inventories/examples/eos-leaves"
t=$(mktemp -d); pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$t"; }
trap cleanup EXIT
cd "$t"
fail() { echo "FAIL: $*"; exit 1; }

san=$(for i in $(seq 1 254); do printf "IP:127.0.0.%d," "$i"; done); san=${san%,}
printf "subjectAltName=%s\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n" "$san" > ext.cnf
for ca in good other; do
  openssl req -x509 -newkey rsa:2048 -nodes -keyout $ca-ca.key -out $ca-ca.pem -days 2 -subj "/CN=$ca test CA" 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -keyout $ca.key -out $ca.csr -subj "/CN=eapi-sim" 2>/dev/null
  openssl x509 -req -in $ca.csr -CA $ca-ca.pem -CAkey $ca-ca.key -CAcreateserial -out $ca.pem -days 2 -extfile ext.cnf 2>/dev/null
done
export FC_TEST_PW="Pw-$RANDOM-$RANDOM-eapi"
export FC_WRONG_PW="not-the-password"
free_port() { "$PY" -c 'import socket; s=socket.socket(); s.bind(("",0)); print(s.getsockname()[1])'; }
P1=$(free_port); P2=$(free_port)
"$sim" --snapshot "$ex" --port "$P1" --cert good.pem --key good.key --user fabcheck --password-env FC_TEST_PW \
  --default leaf1 --map 127.0.0.2=leaf1 --map 127.0.0.3=leaf2 --fault 127.0.0.3=500once \
  --fault 127.0.0.5=hang --fault 127.0.0.6=500 --fault 127.0.0.7=garbage --fault 127.0.0.8=truncate \
  --fault 127.0.0.10=badid --map 127.0.0.11=spine1 > sim1.log 2>&1 &
pids+=($!)
"$sim" --snapshot "$ex" --port "$P2" --cert other.pem --key other.key --user fabcheck --password-env FC_TEST_PW \
  --default leaf1 > sim2.log 2>&1 &
pids+=($!)
for i in $(seq 50); do grep -q READY sim1.log && grep -q READY sim2.log && break; sleep 0.1; done

{
  echo "version: 1"
  echo "fabric: {name: spine-leaf, profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, cnp_dscp: 48, mtu: 9000}}"
  echo "credentials:"
  echo "  ar: {username: fabcheck, password_env: FC_TEST_PW}"
  echo "  wrong: {username: fabcheck, password_env: FC_WRONG_PW}"
  echo "devices:"
  echo "  - {name: leaf1, platform: eos, transport: eapi, address: \"127.0.0.2:$P1\", credential: ar}"
  echo "  - {name: leaf2, platform: eos, transport: eapi, address: \"127.0.0.3:$P1\", credential: ar}"
  echo "  - {name: badpw, platform: eos, transport: eapi, address: \"127.0.0.4:$P1\", credential: wrong}"
  echo "  - {name: slow, platform: eos, transport: eapi, address: \"127.0.0.5:$P1\", credential: ar}"
  echo "  - {name: err500, platform: eos, transport: eapi, address: \"127.0.0.6:$P1\", credential: ar}"
  echo "  - {name: garbage, platform: eos, transport: eapi, address: \"127.0.0.7:$P1\", credential: ar}"
  echo "  - {name: trunc, platform: eos, transport: eapi, address: \"127.0.0.8:$P1\", credential: ar}"
  echo "  - {name: badcert, platform: eos, transport: eapi, address: \"127.0.0.9:$P2\", credential: ar}"
  echo "  - {name: badid, platform: eos, transport: eapi, address: \"127.0.0.10:$P1\", credential: ar}"
  for d in spine1 spine2 leaf3 leaf4 c01 c02 g01 g02 g03 g04 s01 s02; do
    p=$("$PY" -c 'import json,sys; print([d["platform"] for d in json.load(open(sys.argv[1]))["devices"] if d["name"]==sys.argv[2]][0])' "$ex/inventory.json" "$d")
    tr=file
    echo "  - {name: $d, platform: $p, transport: $tr, address: \"$ex/devices/$d\"}"
  done
  echo "links:"
  "$PY" -c 'import json,sys
for l in json.load(open(sys.argv[1]))["links"]:
    print("  - {a: \"%s\", b: \"%s\", cable: %s, length_m: %s, speed: %s}" % (l["a"], l["b"], l["cable"], l["length_m"], l["speed"]))' "$ex/inventory.json"
} > inv.yaml

set +e
"$fabcheck" collect --inventory inv.yaml --out snap --ca-file good-ca.pem --timeout 2 --batch 3 \
  --allow-outside "$ex" > collect.out 2> collect.err
rc=$?
set -e
[ "$rc" -eq 3 ] || { cat collect.out collect.err; fail "collect exit $rc, expected 3"; }

"$PY" - snap/manifest.json "$ex/manifest.json" <<'PY'
import json, sys
m = {d["name"]: d for d in json.load(open(sys.argv[1]))["devices"]}
want = {
  "leaf1": ("ok", None), "leaf2": ("ok", None),
  "badpw": ("failed", "eAPI authentication failed (HTTP 401)"),
  "slow": ("failed", "timed out"),
  "err500": ("failed", "eAPI HTTP 500"),
  "garbage": ("failed", "eAPI reply is not JSON"),
  "trunc": ("failed", "eAPI reply is not JSON"),
  "badcert": ("failed", "TLS with https://127.0.0.9"),
  "badid": ("failed", "does not answer the request sent"),
}
for name, (status, text) in want.items():
    d = m[name]
    assert d["status"] == status, (name, d)
    if text:
        assert any(text in e for e in d["errors"]), (name, d["errors"])
rec = [o["command"] for d in json.load(open(sys.argv[2]))["devices"] if d["name"] == "leaf1" for o in d["outputs"]]
got = [o["command"] for o in m["leaf1"]["outputs"]]
assert sorted(got) == sorted(rec), (got, rec)
print("manifest ok:", ", ".join("%s=%s" % (k, m[k]["status"]) for k in sorted(want)))
PY
# a switch lacking commands (its recording is an NX-OS switch's): what it has is kept, what it lacks
# is named; optional commands are warnings, and the batch goes on after each error
{
  echo "version: 1"
  echo "credentials: {ar: {username: fabcheck, password_env: FC_TEST_PW}}"
  echo "devices:"
  echo "  - {name: lacking, platform: eos, transport: eapi, address: \"127.0.0.11:$P1\", credential: ar}"
} > inv-lacking.yaml
set +e; "$fabcheck" collect --inventory inv-lacking.yaml --out snap-lacking --ca-file good-ca.pem --batch 3 > /dev/null 2>&1; rc=$?; set -e
[ "$rc" -eq 3 ] || fail "collect of a switch lacking commands: exit $rc, expected 3"
"$PY" - snap-lacking/manifest.json <<'PY'
import json, sys
lack = json.load(open(sys.argv[1]))["devices"][0]
assert lack["status"] == "partial", lack
cmds = [o["command"] for o in lack["outputs"]]
assert cmds == ["show running-config", "show version"], cmds
for c in ("show interfaces", "show lldp neighbors detail"):
    assert any(e.startswith(c + ": eAPI error 1002: Invalid input") for e in lack["errors"]), (c, lack["errors"])
for c in ("show interfaces transceiver dom thresholds", "show interfaces phy detail", "show priority-flow-control counters",
          "show qos interfaces ecn counters queue"):
    assert any(w.startswith(c + ": eAPI error 1002") and "optional" in w for w in lack["warnings"]), (c, lack["warnings"])
print("a switch lacking commands: partial, 2 outputs kept, 2 errors, 4 optional commands as warnings")
PY

for f in $(cd "$ex/devices/leaf1" && ls); do
  cmp -s "snap/devices/leaf1/$f" "$ex/devices/leaf1/$f" || [ "${f##*.}" = json ] || fail "leaf1 $f differs from the recording"
done

# auth: basic once per switch, then the Session cookie alone
[ "$(grep -c '127.0.0.2 leaf1 auth=basic' sim1.log)" -eq 1 ] || { cat sim1.log; fail "basic auth more than once"; }
[ "$(grep -c '127.0.0.2 leaf1 auth=cookie .*status=200' sim1.log)" -ge 2 ] || { cat sim1.log; fail "Session cookie not reused"; }
# batching: --batch 3, one format per request: the text running-config alone, then 7 JSON in 3
[ "$(grep -c '127.0.0.2 leaf1 .*status=200' sim1.log)" -eq 4 ] || { grep 127.0.0.2 sim1.log; fail "leaf1 not in 4 requests"; }
grep -q "127.0.0.3 leaf2 auth=basic cmds=0 status=500" sim1.log || fail "no 500 for leaf2"

# the collected EOS leaves validate like the recorded example
set +e
"$fabcheck" validate snap --format json > collected.json; rc1=$?
"$fabcheck" validate "$ex" --format json > recorded.json; rc2=$?
"$fabcheck" validate snap --no-color > collected.txt
set -e
[ "$rc1" -eq 3 ] && [ "$rc2" -eq 0 ] || { grep -B2 -A6 lacking collected.txt | head -30; "$fabcheck" validate snap --format json 2>&1 >/dev/null | head -5; fail "validate exits $rc1 / $rc2, expected 3 / 0"; }
"$PY" - collected.json recorded.json <<'PY'
import json, sys
keep = {"leaf1", "leaf2", "leaf3", "leaf4", "spine1", "spine2", "c01", "c02", "g01", "g02", "g03", "g04", "s01", "s02"}
def f(p):
    return sorted((x["rule"], x["status"], x["subject"]) for x in json.load(open(p))["findings"]
                  if x["scope"] != "device" or x["subject"].split(":")[0].split(" ")[0] in keep)
a, b = f(sys.argv[1]), f(sys.argv[2])
assert a == b, "\n".join(map(str, sorted(set(a) ^ set(b))[:20]))
print("collected over eAPI: %d findings, the same verdicts as the recorded example" % len(a))
PY
for e in "eAPI authentication failed (HTTP 401)" "timed out" "eAPI HTTP 500" "not JSON" "TLS with https://127.0.0.9"; do
  grep -q "$e" collected.txt || fail "the report lacks the per-device error '$e'"
done
if grep -rl -- "$FC_TEST_PW" . --exclude=inv.yaml 2>/dev/null | grep -v '^./sim[12].log$'; then fail "password leaked"; fi
echo "collect over eAPI: all checks passed"
