#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fabcheck probe on a recorded mlx5 host (tests/fixtures/mlx5host.py): values, GID tables with
# empty and unreadable slots skipped, reasons for what is absent, and the fault cases (no RDMA
# subsystem, a vanished interface, nothing usable -> exit 3). The document parses with the Linux
# adapter and validates in a snapshot.
set -euo pipefail
PY=${PYTHON:-/usr/bin/python3}
fabcheck=$(realpath "$1"); root=$(pwd)
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$PY" tests/fixtures/mlx5host.py "$t/host" --nics 8 --rdma 4 --gids 256
"$fabcheck" probe --root "$t/host" --out "$t/host.json" || fail "probe exit $?"
"$PY" - "$t/host.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "fabcheck-host" and d["hostname"] == "gpu-node-17", d["hostname"]
ifs = {i["name"]: i for i in d["interfaces"]}
assert sorted(ifs) == ["ens%df0" % i for i in range(8)], sorted(ifs)
e = ifs["ens0f0"]
assert e["mtu"] == 9000 and e["addresses"] == ["10.0.0.1/31"] and e["link"]["speed_mbps"] == 100000, e
assert e["link"]["port"] == "Direct Attach Copper" and "50000baseCR2/Full" in e["link"]["advertised"], e["link"]
assert e["driver"]["name"] == "mlx5_core" and e["driver"]["firmware"].startswith("22.39"), e["driver"]
assert e["pci"] == {"address": "0000:3b:00.0", "current_link_speed": "16.0 GT/s PCIe", "max_link_speed": "16.0 GT/s PCIe",
                    "current_link_width": 16, "max_link_width": 16, "numa_node": 0,
                    "upstream": {"address": "0000:00:01.0", "current_link_speed": "16.0 GT/s PCIe",
                                 "max_link_speed": "16.0 GT/s PCIe", "current_link_width": 16,
                                 "max_link_width": 16}}, e["pci"]
# the root port above ens2f0 trained down: the NIC's own x16 hides it, the upstream shows it
up = ifs["ens2f0"]["pci"]["upstream"]
assert up["current_link_width"] == 8 and up["current_link_speed"] == "8.0 GT/s PCIe", up
assert e["ecn"] == {"roce_np_enabled": [3], "roce_rp_enabled": [3], "cnp_dscp": 48, "cnp_prio": 6}, e["ecn"]
assert e["fec"] == {"configured": "Auto", "active": "RS"}, e["fec"]
assert ifs["ens7f0"]["fec"] == {"unknown": "ethtool fec: Operation not supported"}, ifs["ens7f0"]["fec"]
assert e["link"]["active_mode"] == "100000baseCR4/Full" and e["link"]["lanes"] == 4, e["link"]
assert e["dcb"] == {"pfc_enabled": [3], "pfc_delay_m": 7, "dscp_prio": {"26": 3, "48": 6}, "trust": "dscp",
                    "buffer": {"prio_buffer": [0, 0, 0, 1, 0, 0, 0, 0],
                               "buffer_size": [130944, 156096, 0, 0, 0, 0, 0, 0]}}, e["dcb"]
assert ifs["ens6f0"]["dcb"] == {"unknown": "dcbnl dcb: Operation not supported"}, ifs["ens6f0"]["dcb"]
devs = d["rdma"]["devices"]
assert [x["name"] for x in devs] == ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"] and all(x["kind"] == "hw" for x in devs)
# expected slots: 0-3 always; then not every 5th (empty) and not every 7th (type unreadable)
want = [g for g in range(256) if g < 4 or (g % 5 != 0 and g % 7 != 0)]
for x in devs:
    p = x["ports"][0]
    assert [g["index"] for g in p["gids"]] == want, (x["name"], len(p["gids"]))
    assert p["state"] == "ACTIVE" and p["netdev"] == "ens%sf0" % x["name"][-1], p
g3 = devs[2]["ports"][0]["gids"][3]
assert g3 == {"index": 3, "gid": "0000:0000:0000:0000:0000:ffff:0a02:0001", "type": "RoCE v2", "netdev": "ens2f0"}, g3
assert devs[0]["ports"][0]["roce_mode"] == "RoCE v2" and devs[0]["ports"][0]["roce_tos"] == 106
assert devs[1]["ports"][0]["roce_mode"] == {"unknown": "/sys/kernel/config/rdma_cm/mlx5_1/ports/1/default_roce_mode: absent"}
assert d["memlock"]["bytes"] == -1
assert d["pcie_aspm_policy"] == "performance", d["pcie_aspm_policy"]
assert e["sysctl"] == {"arp_ignore": 1, "arp_announce": 0, "all_arp_ignore": 0, "all_arp_announce": 2}, e["sysctl"]
assert devs[0]["ports"][0]["active_mtu"] == 4096, devs[0]["ports"][0]["active_mtu"]
print("recorded mlx5 host: 8 NICs, 4 RDMA devices x %d GIDs read, empty and unreadable slots skipped" % len(want))
PY
# GID files read through their directory (one lookup per name) keep the tree's rules: a slot that
# is a symlink inside the tree is followed; one that points outside it (absolute, or up through
# ..) resolves inside the root, finds nothing there, and the slot is skipped
port="$t/host/sys/class/infiniband/mlx5_3/ports/1"
echo "fe80:0000:0000:0000:0000:0000:0000:abcd" > "$t/host/linked-gid"
rm "$port/gids/1" "$port/gid_attrs/types/2" "$port/gids/3"
ln -s "$(realpath --relative-to="$(realpath "$port/gids")" "$t/host/linked-gid")" "$port/gids/1"
ln -s /etc/hostname "$port/gid_attrs/types/2"
ln -s ../../../../../../../../../../../../../../../etc/hostname "$port/gids/3"
"$fabcheck" probe --root "$t/host" --out "$t/linked.json" || fail "probe with linked GIDs: exit $?"
"$PY" - "$t/linked.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))["rdma"]["devices"][3]["ports"][0]
g = {x["index"]: x for x in p["gids"]}
assert g[1]["gid"] == "fe80:0000:0000:0000:0000:0000:0000:abcd", g.get(1)
assert 2 not in g and 3 not in g, (g.get(2), g.get(3))
assert g[0]["gid"] != g[1]["gid"] and 4 in g
PY
"$fabcheck" parse --platform linux --command "fabcheck probe" "$t/host.json" > "$t/model.json" || fail "the Linux adapter refuses the probe's document"
"$PY" - "$t/model.json" <<'PY'
import json, sys
sys.path.insert(0, "tests/cli")
import fcmodel
m = fcmodel.load(sys.argv[1])
i = [x for x in m["interfaces"] if x["name"] == "ens0f0"][0]
# the model keeps the effective ARP settings: the higher of conf/all and conf/IF
assert i["arp_ignore"]["value"] == 1 and i["arp_announce"]["value"] == 2, (i["arp_ignore"], i["arp_announce"])
assert m["rdma"]["value"][0]["ports"][0]["active_mtu"]["value"] == 4096
# ethtool -S: the lossless-relevant subset is kept, the rest dropped; the tunable as auto/off/ms
ifs = {x["name"]: x for x in m["interfaces"]}
st = ifs["ens1f0"]["stats"]["value"]
assert st["rx_corrected_bits_phy"] == 1201 and st["tx_pause_storm_error_events"] == 1, st
assert st["rx_prio3_pause"] == 4001 and st["rx_out_of_buffer"] == 3, st
assert "rx_packets" not in st, st
assert ifs["ens0f0"]["pfc_prevention_tout_ms"]["value"] == -1, ifs["ens0f0"]["pfc_prevention_tout_ms"]
assert ifs["ens1f0"]["pfc_prevention_tout_ms"]["value"] == 0
assert ifs["ens2f0"]["pfc_prevention_tout_ms"]["value"] == 500
assert "not supported" in ifs["ens5f0"]["pfc_prevention_tout_ms"]["unknown"], ifs["ens5f0"]["pfc_prevention_tout_ms"]
port = m["rdma"]["value"][1]["ports"][0]
assert port["rate_mbps"]["value"] == 100000 and port["width"]["value"] == 4, port
assert port["hw_counters"]["value"] == {"np_cnp_sent": 121, "rp_cnp_handled": 80, "out_of_buffer": 0,
                                        "out_of_sequence": 2}, port["hw_counters"]
print("model from the probe's document: effective arp_ignore 1, arp_announce 2, active MTU 4096, "
      "ethtool stats subset, pfc-prevention-tout auto/off/500/unsupported, RDMA rate and hw_counters")
PY

# memlock for named users, as pam_limits resolves limits.conf and limits.d
for u in slurm:-1:limits.d/90-slurm.conf:1 alice:-1:limits.conf:3 carol:67108864:limits.conf:2; do
  IFS=: read -r user want file line <<< "$u"
  "$fabcheck" probe --root "$t/host" --interface ens0f0 --memlock-user "$user" > "$t/ml.json" || fail "probe exit $?"
  "$PY" - "$t/ml.json" "$user" "$want" "/etc/security/$file:$line" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))["memlock"]
assert m == {"user": sys.argv[2], "bytes": int(sys.argv[3]), "source": sys.argv[4]}, m
PY
done
printf 'slurm soft memlock lots\n' > "$t/host/etc/security/limits.d/99-bad.conf"
"$fabcheck" probe --root "$t/host" --interface ens0f0 --memlock-user slurm > "$t/ml.json" || fail "probe exit $?"
grep -q '99-bad.conf:1: memlock: expected KiB or unlimited' "$t/ml.json" || fail "a bad limits line is not reported"
rm "$t/host/etc/security/limits.d/99-bad.conf"
echo "memlock by user: slurm and alice unlimited (user entry, @group), carol 64 MiB (*), a bad line named"

# a virtio NIC: the netdev's device is virtio2, a bus device on PCI function 0000:00:1f.0
v="$t/host/sys/devices/pci0000:00/0000:00:1f.0"
mkdir -p "$v/virtio2" "$t/host/sys/class/net/vnet0"
printf '1\n' > "$v/numa_node"
ln -s ../../../devices/pci0000:00/0000:00:1f.0/virtio2 "$t/host/sys/class/net/vnet0/device"
"$fabcheck" probe --root "$t/host" --interface vnet0 > "$t/v.json" || fail "probe exit $? (virtio)"
"$PY" - "$t/v.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))["interfaces"][0]["pci"]
assert p["address"] == "0000:00:1f.0" and p["numa_node"] == 1, p
assert "absent" in p["current_link_speed"]["unknown"] and "no PCI bridge" in p["upstream"]["unknown"], p
print("virtio NIC: the PCI function above virtio2, its NUMA node; no link speed on conventional PCI")
PY

# permission denied: an unprivileged probe meets a file only root may read (root reads anything,
# so the probe runs as nobody here)
if [ "$(id -u)" -eq 0 ] && command -v setpriv > /dev/null; then
  cp "$fabcheck" "$t/fabcheck-nobody"
  chmod -R a+rX "$t"
  chmod 0600 "$t/host/sys/class/net/ens0f0/mtu" "$t/host/.fabcheck-replies/ens0f0.json"
  setpriv --reuid=65534 --regid=65534 --clear-groups "$t/fabcheck-nobody" probe --root "$t/host" --interface ens0f0 \
    > "$t/perm.json" || fail "probe exit $? as nobody"
  chmod 0644 "$t/host/sys/class/net/ens0f0/mtu" "$t/host/.fabcheck-replies/ens0f0.json"
  "$PY" - "$t/perm.json" <<'PY'
import json, sys
i = json.load(open(sys.argv[1]))["interfaces"][0]
assert i["mtu"] == {"unknown": "/sys/class/net/ens0f0/mtu: permission denied"}, i["mtu"]
assert "permission denied" in i["link"]["unknown"], i["link"]
assert i["operstate"] == "up", i["operstate"]
print("permission denied: unknown with the reason, the rest still read")
PY
else
  echo "SKIP (part): the permission-denied check runs the probe as nobody (needs root and setpriv)"
fi

# faults: no RDMA subsystem; an interface that is gone; nothing usable
rm -rf "$t/host/sys/class/infiniband"
"$fabcheck" probe --root "$t/host" --interface ens0f0 --interface gone0 --out "$t/f.json" || fail "exit $? with faults"
"$PY" - "$t/f.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["rdma"] == {"unknown": "no RDMA subsystem: /sys/class/infiniband is absent"}, d["rdma"]
g = [i for i in d["interfaces"] if i["name"] == "gone0"][0]
assert g["mtu"] == {"unknown": "/sys/class/net/gone0/mtu: absent"}, g["mtu"]
assert g["pci"]["unknown"].startswith("no PCI device"), g["pci"]
assert "no recorded reply" in g["link"]["unknown"], g["link"]
print("faults recorded as unknown with reasons")
PY
mkdir -p "$t/empty/sys/class/net"
set +e; "$fabcheck" probe --root "$t/empty" > /dev/null 2> "$t/err.txt"; rc=$?; set -e
[ "$rc" -eq 3 ] || fail "nothing usable: exit $rc, expected 3"
grep -q "read nothing usable" "$t/err.txt" || fail "no message for an empty host"

# the probed host validates in a snapshot (its GIDs feed GID-DUP)
mkdir -p "$t/snap/devices/gpu-node-17"
cp "$t/host.json" "$t/snap/devices/gpu-node-17/probe.json"
printf 'version: 1\ndevices:\n  - {name: gpu-node-17, platform: linux, transport: probe}\n' > "$t/snap/inventory.yaml"
printf '{"format": "fabcheck-snapshot", "format_version": 1, "inventory": "inventory.yaml", "devices": [{"name": "gpu-node-17", "platform": "linux", "status": "ok", "outputs": [{"command": "fabcheck probe", "encoding": "json", "file": "devices/gpu-node-17/probe.json"}]}]}\n' > "$t/snap/manifest.json"
"$fabcheck" validate "$t/snap" --rule GID-DUP --format json > "$t/r.json" || fail "validate exit $?"
"$PY" -c 'import json,sys; f=[x for x in json.load(open(sys.argv[1]))["findings"] if x["rule"]=="GID-DUP"][0]; assert f["status"]=="pass", f; print(f["message"])' "$t/r.json"
# soft-RoCE behind a firewall that drops UDP 4791: UDP4791-HOST-FW fails; with accept it passes
for fw in drop accept; do
  rm -rf "$t/rxe" && "$PY" tests/fixtures/mlx5host.py "$t/rxe" --nics 2 --rdma 1 --gids 8 --rxe-firewall $fw
  mkdir -p "$t/snap-$fw/devices/gpu-node-17"
  "$fabcheck" probe --root "$t/rxe" --out "$t/snap-$fw/devices/gpu-node-17/probe.json" || fail "probe exit $?"
  cp "$t/snap/inventory.yaml" "$t/snap/manifest.json" "$t/snap-$fw/"
  set +e; "$fabcheck" validate "$t/snap-$fw" --format json > "$t/r-$fw.json"; rc=$?; set -e
  "$PY" - "$t/r-$fw.json" "$fw" "$rc" <<'PY'
import json, sys
r, fw, rc = json.load(open(sys.argv[1])), sys.argv[2], int(sys.argv[3])
f = [x for x in r["findings"] if x["rule"] == "UDP4791-HOST-FW"][0]
want = "fail" if fw == "drop" else "pass"
assert f["status"] == want and "rxe0" in f["message"], f
assert rc == (1 if fw == "drop" else 0), rc
print("soft-RoCE rxe0, recorded nftables %s: UDP4791-HOST-FW %s (%s)" % (fw, f["status"], f["message"]))
PY
done
# collect with transport: probe runs the same probe in-process into a snapshot (the address is
# the recorded root here); the snapshot validates with the same verdict
printf 'version: 1\ndevices:\n  - {name: gpu-node-17, platform: linux, transport: probe, address: "%s"}\n' \
  "$t/rxe" > "$t/inv-probe.yaml"
"$fabcheck" collect --inventory "$t/inv-probe.yaml" --out "$t/snap-collected" > /dev/null 2>&1 || fail "collect exit $?"
cmp <(grep -v collected_at "$t/snap-collected/devices/gpu-node-17/probe.json") \
    <("$fabcheck" probe --root "$t/rxe" | grep -v collected_at) || fail "collected document differs from the probe's"
"$fabcheck" validate "$t/snap-collected" --format json > "$t/r-c.json" || fail "validate of the collected snapshot exit $?"
"$PY" -c 'import json,sys; f=[x for x in json.load(open(sys.argv[1]))["findings"] if x["rule"]=="UDP4791-HOST-FW"][0]; assert f["status"]=="pass", f; print("collect --transport probe: snapshot validates, UDP4791-HOST-FW", f["status"])' "$t/r-c.json"
echo "probe on a recorded host: all checks passed"
