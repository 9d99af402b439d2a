#!/bin/bash
# SPDX-License-Identifier: MIT
# transport: file reads a directory of outputs saved by other tools: each file as the output of
# the command its name says (show_interface.txt, "show version.json", the ntc-templates
# cisco_nxos_... names), in the encoding its content says; one output per command (JSON first);
# files that are no output the adapter reads are warnings in the manifest, never dropped unseen.
set -euo pipefail
fabcheck=$1
PY=/usr/bin/python3
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
src=inventories/demo/devices/leaf1
mkdir -p "$t/saved"
cp "$src/show_interface.json" "$t/saved/show_interface.txt"                  # JSON under a .txt name
cp "$src/show_version.json" "$t/saved/show version.json"                      # blanks, not underscores
cp "$src/show_running-config.txt" "$t/saved/cisco_nxos_show_running-config.raw"
cp "$src/show_lldp_neighbors_detail.txt" "$t/saved/show_lldp_neighbors_detail"
printf 'Ethernet1/1 is up\n admin state is up\n' > "$t/saved/show_interface.log"   # the same command, as text
echo "notes of the change window" > "$t/saved/notes.md"
cat > "$t/inv.yaml" <<EOF2
version: 1
devices:
  - {name: leaf1, platform: nxos, transport: file, address: saved}
EOF2
"$fabcheck" collect --inventory "$t/inv.yaml" --out "$t/snap" > /dev/null || fail "collect exit $?"
"$PY" - "$t/snap/manifest.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))["devices"][0]
outs = {o["command"]: o["encoding"] for o in d["outputs"]}
assert outs == {"show interface": "json", "show version": "json", "show running-config": "text",
                "show lldp neighbors detail": "text"}, outs
w = " | ".join(d["warnings"])
assert "'notes.md' not used: platform nxos reads no 'notes.md' (text)" in w, w
assert "'show_interface.log' not used: 'show interface' is taken from another file" in w, w
assert d["status"] == "ok", d
print("saved outputs: 4 read by name and content, 2 not used and said so")
PY
set +e; "$fabcheck" validate "$t/snap" --format json > "$t/r.json"; rc=$?; set -e
[ $rc -le 1 ] || fail "validate exit $rc"
"$PY" -c 'import json,sys; r=json.load(open(sys.argv[1])); d=r["devices"][0]; assert d["status"]=="ok", d' "$t/r.json"
echo "collect from saved files: ok"
