#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fabcheck collect over NETCONF (RFC 6242) against the real OpenSSH sshd on loopback, whose
# netconf subsystem (a ForceCommand per listening address) is tests/cli/netconf_replay.py answering
# from recorded Junos replies: leaf1 speaks base:1.1 (chunked framing, replies in 1,000-byte chunks),
# leaf2 base:1.0 only (]]>]]>) and lacks the optional chassis inventory (an rpc-error: a warning).
# What arrives is what was sent (the <rpc-reply> with the request's message-id), and it validates
# as the same files collected from a directory do. The faults: a wrong password, a device that never
# answers, one whose reply is cut off, one that answers another message-id, one that does not know a
# required RPC, broken chunk framing, a first message that is no hello. The same Junos outputs over
# the plain SSH CLI (`| display xml`, tests/cli/replay.sh) arrive as printed. No secret in any output.
# Needs root (sshd); skips otherwise.
set -euo pipefail
PY=${PYTHON:-/usr/bin/python3}
fabcheck=$(realpath "$1")
root=$(pwd)
ex=$root/inventories/examples/junos-leaves
. "$root/tests/cli/sshd_lib.sh"

mkdir -p rec/leaf1 rec/leaf2
# the replies: leaf1's configuration is the XML form of the Junos test configuration, the state the
# example leaf's; leaf2 the same without the chassis inventory
cp "$root/tests/fixtures/junos/forms.xml" rec/leaf1/show_configuration.txt
for f in show_version.xml show_chassis_hardware.xml show_class_of_service_interface.xml \
  show_interfaces_diagnostics_optics.xml show_interfaces_extensive.xml show_lldp_neighbors.xml; do
  cp "$ex/devices/leaf1/$f" rec/leaf1/
done
cp rec/leaf1/show_configuration.txt rec/leaf1/show_version.xml rec/leaf1/show_class_of_service_interface.xml \
  rec/leaf1/show_interfaces_diagnostics_optics.xml rec/leaf1/show_interfaces_extensive.xml \
  rec/leaf1/show_lldp_neighbors.xml rec/leaf2/
mkmap() { # dir, operations to leave out...
  local d=$1; shift
  {
    printf 'get-configuration\t%s\n' "$t/rec/$d/show_configuration.txt"
    printf 'get-software-information\t%s\n' "$t/rec/$d/show_version.xml"
    [ -f "rec/$d/show_chassis_hardware.xml" ] && printf 'get-chassis-inventory\t%s\n' "$t/rec/$d/show_chassis_hardware.xml"
    printf 'get-cos-interface-map-information\t%s\n' "$t/rec/$d/show_class_of_service_interface.xml"
    printf 'get-interface-optics-diagnostics-information\t%s\n' "$t/rec/$d/show_interfaces_diagnostics_optics.xml"
    printf 'get-interface-information\t%s\n' "$t/rec/$d/show_interfaces_extensive.xml"
    printf 'get-lldp-neighbors-information\t%s\n' "$t/rec/$d/show_lldp_neighbors.xml"
  } | { if [ $# -gt 0 ]; then grep -v "^$1"; else cat; fi; }
}
mkmap leaf1 > map.leaf1; mkmap leaf2 > map.leaf2; mkmap leaf1 get-software-information > map.unknown
# the SSH CLI (`| display xml`, exec per command): the example leaf's outputs as it printed them
"$PY" - "$ex" > map.cli <<'PY'
import json, os, sys
ex = sys.argv[1]
man = {d["name"]: d for d in json.load(open(ex + "/manifest.json"))["devices"]}["leaf1"]
for o in man["outputs"]:
    print("%s\t%s" % (o["command"], os.path.join(ex, o["file"])))
PY
declare -A serve=(
  [2]="map.leaf1 --base 1.1 --chunk 1000" [3]="map.leaf2 --base 1.0" [4]="map.leaf1"
  [5]="map.leaf1 --fault hang" [6]="map.leaf1 --fault truncate" [7]="map.leaf1 --fault wrong-id"
  [8]="map.unknown" [9]="map.leaf1 --fault bad-chunk" [10]="map.leaf1 --fault no-hello" [11]=cli)
{
  sshd_config_head yes $(printf '%s\n' "${!serve[@]}" | sort -n)
  # the subsystem must exist for sshd to accept the request; each address's ForceCommand serves it,
  # with the subsystem's command ("netconf") in SSH_ORIGINAL_COMMAND
  echo "Subsystem netconf netconf"
  for i in "${!serve[@]}"; do
    echo "Match LocalAddress 127.0.0.$i"
    if [ "${serve[$i]}" = cli ]; then
      echo "  ForceCommand /bin/sh $root/tests/cli/replay.sh leaf1 $t/map.cli"
    else
      echo "  ForceCommand $PY $root/tests/cli/netconf_replay.py $t/${serve[$i]}"
    fi
  done
} > sshd_config
sshd_start
known_hosts_for "${!serve[@]}" > known_hosts

export FC_NC_WRONG="Wrong-$RANDOM-pw"
fabric=$("$PY" -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["fabric"]))' "$ex/inventory.json")
{
  echo "version: 1"
  echo "fabric: $fabric"
  echo "credentials:"
  echo "  key: {username: root, key_file: $t/client}"
  echo "  wrong: {username: root, password_env: FC_NC_WRONG}"
  echo "devices:"
  n=0
  for d in 2:leaf1 3:leaf2 4:wrongpw 5:hang 6:truncated 7:wrongid 8:unknownrpc 9:badchunk 10:nohello 11:clileaf; do
    cred=key; [ "${d#*:}" = wrongpw ] && cred=wrong
    tr=netconf; [ "${d#*:}" = clileaf ] && tr=ssh
    echo "  - {name: ${d#*:}, platform: junos, role: leaf, transport: $tr, address: \"127.0.0.${d%%:*}:$P\", credential: $cred}"
  done
  # a platform that reads nothing over NETCONF is refused before any connection
  echo "  - {name: nxnc, platform: nxos, role: leaf, transport: netconf, address: \"127.0.0.2:$P\", credential: key}"
} > inv.yaml
set +e
SSH_AUTH_SOCK= "$fabcheck" collect --inventory inv.yaml --out snap --known-hosts known_hosts --timeout 10 > out.txt 2> err.txt
rc=$?
set -e
[ "$rc" -eq 3 ] || { cat out.txt err.txt sshd.log; fail "collect exit $rc, expected 3 (some devices failed)"; }
"$PY" - snap/manifest.json <<'PY'
import json, sys
m = {d["name"]: d for d in json.load(open(sys.argv[1]))["devices"]}
want = {
    "leaf1": ("ok", None), "leaf2": ("ok", None),
    "wrongpw": ("failed", "SSH authentication failed"),
    "hang": ("failed", "show configuration: no complete reply within the timeout"),
    "truncated": ("failed", "show configuration: the session ended in the middle of a reply"),
    "wrongid": ("failed", "a reply to message-id 101 came where 1 was asked"),
    "unknownrpc": ("partial", "show version | display xml: rpc-error: syntax error, expecting <command>"),
    "badchunk": ("failed", "the NETCONF framing is broken: a chunk size is not a number"),
    "nohello": ("failed", "first message is <rpc-reply>, not a <hello>"),
    "nxnc": ("failed", "platform nxos reads no output over NETCONF: collect it with transport ssh"),
}
for n, (st, txt) in want.items():
    d = m[n]
    assert d["status"] == st, (n, d["status"], d.get("errors"))
    if txt:
        assert any(txt in e for e in d["errors"]), (n, d["errors"])
        print("%-10s %-7s %s" % (n, st, [e for e in d["errors"] if txt in e][0]))
assert len(m["leaf1"]["outputs"]) == 7 and not m["leaf1"].get("warnings"), m["leaf1"]
assert len(m["leaf2"]["outputs"]) == 6, m["leaf2"]
w = m["leaf2"]["warnings"]
assert len(w) == 1 and "show chassis hardware | display xml: rpc-error: syntax error" in w[0], w
assert len(m["unknownrpc"]["outputs"]) == 6, m["unknownrpc"]
print("leaf1 (base:1.1) 7 outputs; leaf2 (base:1.0) 6 and the warning: %s" % w[0])
assert m["clileaf"]["status"] == "ok" and len(m["clileaf"]["outputs"]) == 7 and not m["clileaf"].get("warnings"), m["clileaf"]
PY
# over the SSH CLI: each output as the switch printed it
for f in show_configuration.txt show_version.xml show_interfaces_diagnostics_optics.xml show_interfaces_extensive.xml; do
  cmp "snap/devices/clileaf/$f" "$ex/devices/leaf1/$f" || fail "clileaf $f over the SSH CLI differs from what the switch printed"
done
echo "clileaf over the SSH CLI (| display xml): 7 outputs as the switch printed them"
# what arrives is the recorded reply, with the request's message-id and NETCONF's namespace
"$PY" - snap rec <<'PY'
import os, re, sys
snap, rec = sys.argv[1], sys.argv[2]
n = 0
for dev in ("leaf1", "leaf2"):
    for f in sorted(os.listdir(os.path.join(rec, dev))):
        got = open(os.path.join(snap, "devices", dev, f), "rb").read()
        sent = open(os.path.join(rec, dev, f), "rb").read()
        got2 = re.sub(rb'<rpc-reply xmlns="urn:ietf:params:xml:ns:netconf:base:1.0" message-id="[0-9]+"', b"<rpc-reply", got, count=1)
        assert got2 != got and got2 == sent, (dev, f)
        n += 1
print("%d replies as the device sent them" % n)
PY
# the same files from a directory validate the same
{
  echo "version: 1"
  echo "fabric: $fabric"
  echo "devices:"
  for d in leaf1 leaf2; do echo "  - {name: $d, platform: junos, role: leaf, transport: file, address: \"$t/rec/$d\"}"; done
} > inv_file.yaml
"$fabcheck" collect --inventory inv_file.yaml --out snapfile > /dev/null 2>&1 || fail "collect from files"
set +e
"$fabcheck" validate snap --format json > a.json
"$fabcheck" validate snapfile --format json > b.json
set -e
"$PY" - a.json b.json <<'PY'
import json, re, sys
def f(p):   # evidence names its file under the snapshot's directory: the same past it
    return sorted((x["rule"], x["subject"], x["status"], x["message"],
                   re.sub(r'"file": "[^/"]+/', '"file": "', json.dumps(x.get("evidence"), sort_keys=True)))
                  for x in json.load(open(p))["findings"] if x["subject"].split(":")[0] in ("leaf1", "leaf2"))
a, b = f(sys.argv[1]), f(sys.argv[2])
assert a == b and len(a) >= 8, (len(a), "\n".join(map(str, set(a) ^ set(b))))
print("validated: %d findings of leaf1 and leaf2, the same as from the files (%s)" %
      (len(a), ", ".join("%s %d" % (s, sum(x[2] == s for x in a)) for s in ("pass", "fail", "warn", "unknown"))))
PY
if grep -rl -- "$FC_NC_WRONG" snap out.txt err.txt a.json; then fail "password leaked"; fi
echo "collect over NETCONF: all checks passed"
