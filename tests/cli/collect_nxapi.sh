#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fabcheck collect over NX-API against the simulator (real HTTPS, certificates made here):
# good switches, a 500 that succeeds on retry, wrong password, hang/timeout, HTTP 500, garbage and
# truncated bodies, an untrusted certificate. Each failure is a clear per-device error, the others
# are collected, the run exits 3, the collected snapshot validates like the recorded demo, the
# password appears nowhere, a SIGKILLed collection leaves no snapshot, --insecure is a warning.
set -euo pipefail
PY=${PYTHON:-/usr/bin/python3}   # Debian's interpreter: the packages scripts/dev installs are its modules
fabcheck=$(realpath "$1"); sim=$(realpath "$2")
root=$(pwd)
t=$(mktemp -d); pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$t"; }
trap cleanup EXIT
cd "$t"
fail() { echo "FAIL: $*"; exit 1; }

# --- certificates: a CA we trust and one we do not ----------------------------------------------
san=$(for i in $(seq 1 254); do printf "IP:127.0.0.%d," "$i"; done); san=${san%,}
printf "subjectAltName=%s\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n" "$san" > ext.cnf
for ca in good other; do
  openssl req -x509 -newkey rsa:2048 -nodes -keyout $ca-ca.key -out $ca-ca.pem -days 2 -subj "/CN=$ca test CA" 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -keyout $ca.key -out $ca.csr -subj "/CN=nxapi-sim" 2>/dev/null
  openssl x509 -req -in $ca.csr -CA $ca-ca.pem -CAkey $ca-ca.key -CAcreateserial -out $ca.pem -days 2 -extfile ext.cnf 2>/dev/null
done

# --- two simulators: the trusted one and one with a certificate from another CA ----------------
export FC_TEST_PW="Pw-$RANDOM-$RANDOM-uniq"
export FC_WRONG_PW="not-the-password"
free_port() { "$PY" -c 'import socket; s=socket.socket(); s.bind(("",0)); print(s.getsockname()[1])'; }
P1=$(free_port); P2=$(free_port)
"$sim" --snapshot "$root/inventories/demo" --port "$P1" --cert good.pem --key good.key --user fabcheck \
  --password-env FC_TEST_PW --default leaf1 --map 127.0.0.2=leaf1 --map 127.0.0.3=leaf2 --fault 127.0.0.3=500once \
  --chunk-bytes 1024 \
  --fault 127.0.0.5=hang --fault 127.0.0.6=500 --fault 127.0.0.7=garbage --fault 127.0.0.8=truncate \
  --fault 127.0.0.10=samesid --fault 127.0.0.14=cyclesid --fault 127.0.0.11=noeoc --fault 127.0.0.12=trickle --fault 127.0.0.13=badid \
  > sim1.log 2>&1 &
pids+=($!)
"$sim" --snapshot "$root/inventories/demo" --port "$P2" --cert other.pem --key other.key --user fabcheck \
  --password-env FC_TEST_PW --default leaf1 > sim2.log 2>&1 &
pids+=($!)
for i in $(seq 50); do grep -q READY sim1.log && grep -q READY sim2.log && break; sleep 0.1; done

# --- the inventory: the demo fabric, switches over NX-API, hosts from their saved documents -------
{
  echo "version: 1"
  echo "fabric: {profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, cnp_dscp: 48, mtu: 9000}}"
  echo "credentials:"
  echo "  nx: {username: fabcheck, password_env: FC_TEST_PW}"
  echo "  wrong: {username: fabcheck, password_env: FC_WRONG_PW}"
  echo "devices:"
  echo "  - {name: leaf1, platform: nxos, transport: nxapi, address: \"127.0.0.2:$P1\", credential: nx}"
  echo "  - {name: leaf2, platform: nxos, transport: nxapi, address: \"127.0.0.3:$P1\", credential: nx}"
  echo "  - {name: badpw, platform: nxos, transport: nxapi, address: \"127.0.0.4:$P1\", credential: wrong}"
  echo "  - {name: slow, platform: nxos, transport: nxapi, address: \"127.0.0.5:$P1\", credential: nx}"
  echo "  - {name: err500, platform: nxos, transport: nxapi, address: \"127.0.0.6:$P1\", credential: nx}"
  echo "  - {name: garbage, platform: nxos, transport: nxapi, address: \"127.0.0.7:$P1\", credential: nx}"
  echo "  - {name: trunc, platform: nxos, transport: nxapi, address: \"127.0.0.8:$P1\", credential: nx}"
  echo "  - {name: badcert, platform: nxos, transport: nxapi, address: \"127.0.0.9:$P2\", credential: nx}"
  for h in host1 host2 host3 host4; do
    echo "  - {name: $h, platform: linux, transport: file, address: \"$root/inventories/demo/devices/$h\"}"
  done
  sed -n '/^links:/,$p' "$root/inventories/demo/inventory.yaml"
} > inv.yaml

set +e
"$fabcheck" collect --inventory inv.yaml --out snap --ca-file good-ca.pem --timeout 2 --batch 2 \
  --allow-outside "$root/inventories/demo" > collect.out 2> collect.err
rc=$?
set -e
[ "$rc" -eq 3 ] || { cat collect.out collect.err; fail "collect exit $rc, expected 3"; }

"$PY" - snap/manifest.json "$root/inventories/demo/manifest.json" <<'PY'
import json, sys
m = {d["name"]: d for d in json.load(open(sys.argv[1]))["devices"]}
want = {
  "leaf1": ("ok", None), "leaf2": ("ok", None),
  "badpw": ("failed", "authentication failed (HTTP 401)"),
  "slow": ("failed", "timed out"),
  "err500": ("failed", "HTTP 500"),
  "garbage": ("failed", "not JSON"),
  "trunc": ("failed", "not JSON"),
  "badcert": ("failed", "TLS with https://127.0.0.9"),
}
for name, (status, text) in want.items():
    d = m[name]
    assert d["status"] == status, (name, d)
    if text:
        assert any(text in e for e in d["errors"]), (name, d["errors"])
for h in ("host1", "host2", "host3", "host4"):
    assert m[h]["status"] == "ok", m[h]
want_n = len([o for d in json.load(open(sys.argv[2]))["devices"] if d["name"] == "leaf1" for o in d["outputs"]])
assert len(m["leaf1"]["outputs"]) == want_n, (want_n, m["leaf1"])
print("manifest ok:", ", ".join("%s=%s" % (k, v["status"]) for k, v in sorted(m.items())))
PY

# cookie reuse: leaf1's first request authenticated with basic auth, every later one with the
# nxapi_auth cookie alone
[ "$(grep -c '127.0.0.2 leaf1 auth=basic' sim1.log)" -eq 1 ] || { cat sim1.log; fail "basic auth more than once"; }
[ "$(grep -c '127.0.0.2 leaf1 auth=cookie .*status=200' sim1.log)" -ge 5 ] || { cat sim1.log; fail "cookie not reused"; }
# chunk mode: the large outputs came in 1 KiB pieces and were put back together byte for byte
[ "$(grep -c '127.0.0.2 leaf1 .* chunk=' sim1.log)" -ge 4 ] || { cat sim1.log; fail "no chunked requests"; }
cmp snap/devices/leaf1/show_running-config.txt "$root/inventories/demo/devices/leaf1/show_running-config.txt" ||
  fail "chunked running-config differs from the recording"
# retry: leaf2 got a 500 first, then was collected in full
grep -q "127.0.0.3 leaf2 auth=basic cmds=0 status=500" sim1.log || fail "no 500 for leaf2"
[ "$(grep -c '127.0.0.3 leaf2 .* status=200' sim1.log)" -ge 5 ] || fail "leaf2 not retried to completion"

# the collected snapshot validates like the recorded one (same findings), and exits 3 for the failed switches
set +e
"$fabcheck" validate snap --format json > collected.json; rc1=$?
"$fabcheck" validate "$root/inventories/demo" --format json > recorded.json; rc2=$?
"$fabcheck" validate snap --no-color > collected.txt
set -e
[ "$rc1" -eq 3 ] && [ "$rc2" -eq 1 ] || fail "validate exits $rc1 / $rc2, expected 3 / 1"
"$PY" - collected.json recorded.json <<'PY'
import json, sys
# the demo's devices only: the fault devices added here have device findings of their own
# (UNKNOWN where nothing was collected), which the recorded demo cannot have
demo = {"leaf1", "leaf2", "host1", "host2", "host3", "host4"}
def f(p):
    return sorted((x["rule"], x["status"], x["subject"], x["message"]) for x in json.load(open(p))["findings"]
                  if x["scope"] != "device" or x["subject"].split(":")[0] in demo)
a, b = f(sys.argv[1]), f(sys.argv[2])
assert a == b, "\n".join(map(str, set(a) ^ set(b)))
print("collected snapshot: %d findings, identical to the recorded demo" % len(a))
PY
for e in "authentication failed (HTTP 401)" "timed out" "HTTP 500" "not JSON" "TLS with https://127.0.0.9"; do
  grep -q "$e" collected.txt || fail "the report lacks the per-device error '$e'"
done

# on a terminal, collection shows progress on stderr (devices done/total, errors so far)
script -qec "\"$fabcheck\" collect --inventory inv.yaml --out snap-tty --ca-file good-ca.pem --timeout 2 --batch 2 --allow-outside $root/inventories/demo" \
  /dev/null > tty.txt 2>&1 || true
grep -q "collect: 12/12 devices, 6 with errors" tty.txt || { cat tty.txt; fail "no progress line on a terminal"; }
grep -q "collect: " collect.err && fail "progress printed when stderr is not a terminal"

# the password appears in no output, log, report or snapshot file
if grep -rl -- "$FC_TEST_PW" . --exclude=inv.yaml 2>/dev/null | grep -v '^./sim[12].log$'; then fail "password leaked"; fi

# SIGKILL midway: no snapshot under the final name
"$fabcheck" collect --inventory inv.yaml --out killed --ca-file good-ca.pem --timeout 30 > /dev/null 2>&1 &
kp=$!; sleep 1.5; kill -9 $kp; wait $kp 2>/dev/null || true
[ ! -e killed ] || fail "a killed collection left 'killed'"
if "$fabcheck" validate killed > /dev/null 2>&1; then fail "a killed collection validates"; fi

# --insecure: the untrusted switch is collected, with a warning in the manifest and the report
cat > inv2.yaml <<EOF2
version: 1
credentials:
  nx: {username: fabcheck, password_env: FC_TEST_PW}
devices:
  - {name: leaf1, platform: nxos, transport: nxapi, address: "127.0.0.9:$P2", credential: nx}
EOF2
"$fabcheck" collect --inventory inv2.yaml --out insecure --insecure > /dev/null
grep -q "TLS certificate verification disabled" insecure/manifest.json || fail "no --insecure warning in the manifest"
set +e; "$fabcheck" validate insecure --no-color > insecure.txt; set -e
grep -q "warning: TLS certificate verification disabled" insecure.txt || fail "no --insecure warning in the report"
# chunk mode that cannot end: the same sid again, two sids in turn (A, B, A ...: it used to run to
# the 10 s deadline), empty chunks without "eoc", a byte at a time for
# ever (the per-command deadline: 10 x --timeout). Each is an error for that command, never a file.
cat > inv5.yaml <<EOF2
version: 1
credentials:
  nx: {username: fabcheck, password_env: FC_TEST_PW}
devices:
  - {name: samesid, platform: nxos, transport: nxapi, address: "127.0.0.10:$P1", credential: nx}
  - {name: noeoc, platform: nxos, transport: nxapi, address: "127.0.0.11:$P1", credential: nx}
  - {name: cyclesid, platform: nxos, transport: nxapi, address: "127.0.0.14:$P1", credential: nx}
  - {name: trickle, platform: nxos, transport: nxapi, address: "127.0.0.12:$P1", credential: nx}
  - {name: badid, platform: nxos, transport: nxapi, address: "127.0.0.13:$P1", credential: nx}
EOF2
set +e; timeout 60 "$fabcheck" collect --inventory inv5.yaml --out chunks --ca-file good-ca.pem --timeout 1 > /dev/null 2>&1; rc=$?; set -e
[ $rc -eq 3 ] || fail "chunk faults: exit $rc, expected 3 (incomplete)"
"$PY" - chunks/manifest.json <<'PY' || fail "chunk faults not reported as such"
import json, sys
devs = {d["name"]: d for d in json.load(open(sys.argv[1]))["devices"]}
def has(dev, text):
    assert any(text in e for e in devs[dev]["errors"]), (dev, devs[dev]["errors"])
    assert not any(o["command"] in ("show interface", "show running-config") for o in devs[dev]["outputs"]), devs[dev]
has("samesid", "repeated chunk session id")
has("cyclesid", "repeated chunk session id 'sim-1'")
has("noeoc", "chunks in a row without data")
has("trickle", "chunked output not complete after 10 s")
has("badid", "NX-API reply answers 0 of")   # ids INT64_MIN and "1": no answer, and no overflow (UBSan)
PY

# two collects into one --out: the second is refused at once, naming the first, which completes
cat > inv6.yaml <<EOF2
version: 1
credentials:
  nx: {username: fabcheck, password_env: FC_TEST_PW}
devices:
  - {name: slow, platform: nxos, transport: nxapi, address: "127.0.0.5:$P1", credential: nx}
EOF2
"$fabcheck" collect --inventory inv6.yaml --out same/ --ca-file good-ca.pem --timeout 2 > first.out 2>&1 &
first=$!
for i in $(seq 50); do [ -e same.partial ] && break; sleep 0.1; done
set +e; "$fabcheck" collect --inventory inv6.yaml --out same --ca-file good-ca.pem --timeout 2 > second.out 2>&1; rc=$?; set -e
[ $rc -eq 2 ] || fail "a second collect into the same --out: exit $rc, expected 2"
grep -q "another fabcheck collect (pid $first) is writing this snapshot" second.out || { cat second.out; fail "second collect: no clear message"; }
set +e; wait $first; rc=$?; set -e
[ $rc -eq 3 ] && [ -f same/manifest.json ] && [ ! -e same.partial ] || fail "the first collect did not complete (exit $rc)"
# a run killed midway leaves OUT.partial; the next run into OUT clears it (its pid is gone)
[ -d killed.partial ] || fail "the killed run left no killed.partial"
"$fabcheck" collect --inventory inv2.yaml --out killed --insecure > /dev/null 2>&1 || fail "collect after a killed run"
[ -f killed/manifest.json ] && [ ! -e killed.partial ] || fail "the killed run's partial tree was not replaced"

# a saved config given by absolute path inside the inventory's tree, and --out with a trailing slash
mkdir -p cfgs && cp "$root/inventories/demo/devices/leaf1/show_running-config.txt" cfgs/leaf1.cfg
printf 'version: 1\ndevices:\n  - {name: leaf1, platform: nxos, config: "%s/cfgs/leaf1.cfg"}\n' "$t" > inv7.yaml
"$fabcheck" collect --inventory inv7.yaml --out abs/ > /dev/null || fail "collect with an absolute config"
grep -q '"show running-config"' abs/manifest.json || fail "the absolute config was not collected"
printf 'version: 1\ndevices:\n  - {name: leaf1, platform: nxos, config: "%s/inventories/demo/devices/leaf1/show_running-config.txt"}\n' "$root" > inv8.yaml
set +e; "$fabcheck" collect --inventory inv8.yaml --out outside > outside.txt 2>&1; rc=$?; set -e
[ $rc -eq 3 ] && grep -q "inv8.yaml:3: config '.*': resolves to .*, outside the inventory's directory" outside/manifest.json \
  || { cat outside.txt; fail "collect read a config outside the inventory's tree (exit $rc)"; }
echo "collect over NX-API: all checks passed"
