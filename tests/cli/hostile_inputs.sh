#!/bin/bash
# SPDX-License-Identifier: MIT
# A snapshot or inventory from an untrusted pull request: every path it names must resolve inside
# it (or a directory given with --allow-outside), files that are not regular or far too large are
# refused without being read, and device names and addresses are checked where they are given.
# Each case asserts the exit code, the file:line named, and that nothing outside leaked.
set -euo pipefail
fabcheck=$1
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
# Every case runs even after one failed, so a run on an older fabcheck shows each defect it has.
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
secret="TOPSECRET-$$-do-not-print"
mkdir -p "$t/outside"
printf 'interface Ethernet1/1\n  %s\n' "$secret" > "$t/outside/secret.cfg"
cases=0
PRE=()   # a command fabcheck runs under (case 6: a mount namespace without /proc)

# expect CODE WHAT PATTERN -- ARGS: runs fabcheck (10 s at most: a hang is a failure), checks the
# exit code, that stderr+stdout name PATTERN, and that the secret appears nowhere.
expect() {
  local code=$1 what=$2 pat=$3; shift 4
  set +e
  timeout 10 "${PRE[@]}" "$fabcheck" "$@" > "$t/out" 2> "$t/err"
  local rc=$?
  set -e
  cases=$((cases + 1))
  [ $rc -ne 124 ] || { fail "$what: fabcheck hung (killed after 10 s)"; return 0; }
  [ $rc -eq "$code" ] || { cat "$t/err" "$t/out" | head -20; fail "$what: exit $rc, expected $code"; return 0; }
  grep -q -- "$pat" "$t/err" "$t/out" || { cat "$t/err" | head; fail "$what: the output does not say '$pat'"; return 0; }
  if grep -q "TOPSECRET" "$t/err" "$t/out"; then fail "$what: content of a file outside was printed"; fi
  return 0
}

fresh() { rm -rf "$t/s"; cp -r tests/fixtures/mini "$t/s"; }
# a manifest where sw1 has no outputs (so its inventory config: is read)
noout_manifest() {
  cat > "$t/s/manifest.json" <<EOF
{"format": "fabcheck-snapshot", "inventory": "${1:-inventory.yaml}",
 "devices": [{"name": "h1", "status": "ok",
   "outputs": [{"command": "fabcheck probe", "encoding": "json", "file": "devices/h1/probe.json"}]}]}
EOF
}

# 1. the snapshot's own inventory names a config outside it: absolute, and with ../
for cfg in "$t/outside/secret.cfg" "../outside/secret.cfg"; do
  fresh; noout_manifest
  sed -i "s|{name: sw1, platform: nxos, transport: file, address: devices/sw1}|{name: sw1, platform: nxos, config: \"$cfg\"}|" "$t/s/inventory.yaml"
  expect 2 "snapshot inventory config $cfg" "inventory.yaml:7: config: '$cfg' resolves to $t/outside/secret.cfg, outside the snapshot" -- validate "$t/s"
done

# 2. the manifest names an inventory outside the snapshot
fresh
cp "$t/s/inventory.yaml" "$t/outside/inv.yaml"
sed -i 's|"inventory": "inventory.yaml"|"inventory": "../outside/inv.yaml"|' "$t/s/manifest.json"
expect 2 "manifest inventory ../" "manifest.json:6: inventory: '../outside/inv.yaml' resolves to" -- validate "$t/s"

# 3. a symlink under devices/ pointing out of the snapshot: a file, and a whole device folder
fresh
ln -sf "$t/outside/secret.cfg" "$t/s/devices/sw1/show_running-config.txt"
expect 2 "symlinked output" "manifest.json:9: file: 'devices/sw1/show_running-config.txt' resolves to $t/outside/secret.cfg, outside the snapshot" -- validate "$t/s"
fresh
mkdir -p "$t/outside/sw1"; cp "$t/outside/secret.cfg" "$t/outside/sw1/show_running-config.txt"
rm -rf "$t/s/devices/sw1"; ln -s "$t/outside/sw1" "$t/s/devices/sw1"
expect 2 "symlinked device folder" "manifest.json:9: file: 'devices/sw1/show_running-config.txt' resolves to" -- validate "$t/s"
# the manifest itself, symlinked out
fresh
mv "$t/s/manifest.json" "$t/outside/manifest.json"; ln -s "$t/outside/manifest.json" "$t/s/manifest.json"
expect 2 "symlinked manifest" "manifest.json: resolves to $t/outside/manifest.json, outside the snapshot" -- validate "$t/s"

# a symlink that stays inside the snapshot is fine
fresh
mv "$t/s/devices/sw1" "$t/s/devices/sw1-real"; ln -s sw1-real "$t/s/devices/sw1"
expect 0 "symlink inside the snapshot" "Summary:" -- validate "$t/s"

# 4. an inventory outside a snapshot (the CI gate) names configs in its own tree only
mkdir -p "$t/repo/configs" "$t/repo/inv"
cp tests/fixtures/mini/devices/sw1/show_running-config.txt "$t/repo/configs/tor1.cfg"
cat > "$t/repo/inv/inventory.yaml" <<EOF
version: 1
devices:
  - {name: tor1, platform: nxos, config: ../configs/tor1.cfg}
  - {name: tor2, platform: nxos, config: $t/outside/secret.cfg}
EOF
expect 2 "CI-gate config ../" "inventory.yaml:3: config: '../configs/tor1.cfg' resolves to $t/repo/configs/tor1.cfg, outside the inventory's directory" -- validate "$t/repo/inv/inventory.yaml"
sed -i '/tor2/d' "$t/repo/inv/inventory.yaml"
expect 0 "CI-gate config with --allow-outside" "Summary:" -- validate "$t/repo/inv/inventory.yaml" --allow-outside "$t/repo/configs"
echo "  - {name: tor2, platform: nxos, config: $t/outside/secret.cfg}" >> "$t/repo/inv/inventory.yaml"
expect 2 "CI-gate absolute config, not allowed" "inventory.yaml:4: config: '$t/outside/secret.cfg' resolves to" -- validate "$t/repo/inv/inventory.yaml" --allow-outside "$t/repo/configs"

# 5. a FIFO and a device file as outputs: refused at once, not waited on
fresh
rm "$t/s/devices/sw1/show_running-config.txt"; mkfifo "$t/s/devices/sw1/show_running-config.txt"
expect 2 "FIFO output" "manifest.json:9: file: 'devices/sw1/show_running-config.txt' is a FIFO, expected a regular file" -- validate "$t/s"
if [ "$(id -u)" = 0 ]; then
  fresh
  rm "$t/s/devices/sw1/show_running-config.txt"; mknod "$t/s/devices/sw1/show_running-config.txt" c 1 5
  expect 2 "device file output" "is a device file, expected a regular file" -- validate "$t/s"
fi

# 6. the same where /proc is not mounted (a container without it): files are resolved by name then,
# not through the descriptor /proc names, and every refusal holds
# (the sanitizers' runtime reads its options and the threads from /proc, so an ASan build skips this)
if grep -qa __asan_init "$fabcheck"; then
  echo "SKIP: the no-/proc cases under AddressSanitizer (its runtime needs /proc); the normal build runs them"
elif [ "$(id -u)" = 0 ] && unshare --mount --propagation private true 2> /dev/null; then
  PRE=(unshare --mount --propagation private -- sh -c 'umount -l /proc && exec "$@"' sh)
  "${PRE[@]}" test ! -e /proc/self || fail "no-/proc: /proc is still there"
  fresh
  ln -sf "$t/outside/secret.cfg" "$t/s/devices/sw1/show_running-config.txt"
  expect 2 "no-/proc symlinked output" "manifest.json:9: file: 'devices/sw1/show_running-config.txt' resolves to $t/outside/secret.cfg, outside the snapshot" -- validate "$t/s"
  fresh
  rm -rf "$t/s/devices/sw1"; ln -s "$t/outside/sw1" "$t/s/devices/sw1"
  expect 2 "no-/proc symlinked device folder" "manifest.json:9: file: 'devices/sw1/show_running-config.txt' resolves to" -- validate "$t/s"
  fresh
  mv "$t/s/devices/sw1" "$t/s/devices/sw1-real"; ln -s sw1-real "$t/s/devices/sw1"
  expect 0 "no-/proc symlink inside the snapshot" "Summary:" -- validate "$t/s"
  fresh
  rm "$t/s/devices/sw1/show_running-config.txt"; mkfifo "$t/s/devices/sw1/show_running-config.txt"
  expect 2 "no-/proc FIFO output" "is a FIFO, expected a regular file" -- validate "$t/s"
  fresh
  rm "$t/s/devices/sw1/show_running-config.txt"; mknod "$t/s/devices/sw1/show_running-config.txt" c 1 5
  expect 2 "no-/proc device file output" "is a device file, expected a regular file" -- validate "$t/s"
  PRE=()
else
  echo "SKIP: the no-/proc cases need root and unshare(1)"
fi

# 6. a 1 GB sparse file is refused from its size, without reading 256 MB (peak memory stays small)
fresh
truncate -s 1G "$t/s/devices/sw1/show_running-config.txt"
if /usr/bin/time -f '%M' -o "$t/rss" timeout 10 "$fabcheck" validate "$t/s" > "$t/out" 2> "$t/err"; then
  fail "a 1 GB output was accepted"
fi
grep -q "file of 1073741824 bytes is larger than the 268435456 allowed" "$t/err" || { cat "$t/err"; fail "sparse file: no size error"; }
rss=$(tail -1 "$t/rss")
[ "$rss" -lt 65536 ] || fail "sparse file: peak RSS ${rss} KiB: it was read"
cases=$((cases + 1))

# 7. device names that are paths, and addresses that do not parse
for name in . .. 'a/b' "$(printf 'x\033y')"; do
  fresh
  python3 - "$t/s/inventory.yaml" "$name" <<'PY'
import sys
p, name = sys.argv[1], sys.argv[2]
s = open(p).read()
h1 = "  - {name: h1, platform: linux, transport: none}\n"
open(p, "w").write(s.replace(h1, h1 + '  - {name: "%s", platform: linux}\n' % name.replace("\033", "\\e")))
PY
  expect 2 "device name '$name'" "inventory.yaml:9: " -- validate "$t/s"
done
long=$(printf 'h%.0s' $(seq 300))
for addr in "$long:22" "$long" "fe80::1" "[fe80::1" "[::1]x" "10.0.0.1:0" "10.0.0.1:99999" "10.0.0.300" "host name" "[fe80::1%eth0]:22"; do
  fresh
  sed -i "s|{name: sw1, platform: nxos, transport: file, address: devices/sw1}|{name: sw1, platform: nxos, transport: ssh, address: \"$addr\"}|" "$t/s/inventory.yaml"
  expect 2 "address '${addr:0:40}'" "inventory.yaml:7: address:" -- validate "$t/s"
done
for addr in "leaf1.example.net" "10.0.0.1:830" "[2001:db8::1]:443" "[::1]" "tor_01"; do
  fresh
  sed -i "s|{name: sw1, platform: nxos, transport: file, address: devices/sw1}|{name: sw1, platform: nxos, transport: ssh, address: \"$addr\"}|" "$t/s/inventory.yaml"
  expect 0 "address '$addr' is fine" "Summary:" -- validate "$t/s"
done

# 8. "not understood" lines are shown cut to 120 characters
fresh
printf 'interface Ethernet1/1\n  %s\n' "$(printf 'z%.0s' $(seq 400))" >> "$t/s/devices/sw1/show_running-config.txt"
expect 0 "long not-understood line" "not_understood" -- validate "$t/s" --format json
python3 - "$t/out" <<'PY' || fail "a not-understood line is not cut to 120 characters"
import json, sys
nu = [u for d in json.load(open(sys.argv[1]))["devices"] for u in d.get("not_understood", [])]
assert nu and all(len(u["text"]) <= 121 for u in nu), [len(u["text"]) for u in nu]
assert any(u["text"].endswith("\u2026") for u in nu), nu
PY

[ "$failures" -eq 0 ] || { echo "hostile inputs: $failures of $cases cases failed"; exit 1; }
echo "hostile inputs: $cases cases passed"
