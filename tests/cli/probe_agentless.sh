#!/bin/bash
# SPDX-License-Identifier: MIT
# The same host state read two ways gives the same model: `fabcheck probe` on a recorded mlx5
# host (kernel replies recorded) and the agentless capture of that state (the standard tools'
# outputs, tests/fixtures/agentless_outputs.py). Every value of both models is compared. Then
# faults: an output that is not understood, and a missing one.
set -euo pipefail
fabcheck=$1
PY=/usr/bin/python3
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$PY" tests/fixtures/mlx5host.py "$t/rec" --nics 8 --rdma 4 --gids 32 --rxe-firewall drop
"$PY" tests/fixtures/agentless_outputs.py "$t/rec" "$t/ssh"
"$fabcheck" probe --root "$t/rec" --out "$t/rec.json" || fail "probe (recorded replies) exit $?"
"$fabcheck" probe --root "$t/ssh" --out "$t/ssh.json" || fail "probe (agentless outputs) exit $?"
for m in rec ssh; do
  "$fabcheck" parse --platform linux --command "fabcheck probe" "$t/$m.json" > "$t/$m.model" ||
    fail "the Linux adapter refuses the $m document"
done
n=$("$PY" tests/cli/compare_models.py "$t/rec.model" "$t/ssh.model" "the recorded mlx5 host") || { echo "$n"; exit 1; }
"$PY" - "$t/rec.model" "$t/ssh.model" "$n" <<'PY'
import json, sys
sys.path.insert(0, "tests/cli")
import fcmodel
rec, ssh = (fcmodel.load(p) for p in sys.argv[1:3])
n = int(sys.argv[3])

# the comparison covered what agentless mode parses: link modes, FEC, pause, stats, tunables
ifs = {i["name"]: i for i in ssh["interfaces"]}
assert ifs["ens1f0"]["stats"]["value"]["rx_corrected_bits_phy"] == 1201
assert ifs["ens0f0"]["link_mode"]["value"] == "100000baseCR4/Full", ifs["ens0f0"]["link_mode"]
assert ifs["ens0f0"]["fec_active"]["value"] == "rs", ifs["ens0f0"]["fec_active"]
assert ifs["ens0f0"]["pfc_prevention_tout_ms"]["value"] == -1
assert ifs["ens0f0"]["addresses"]["value"] == ["10.0.0.1/31"], ifs["ens0f0"]["addresses"]
assert ifs["ens0f0"]["medium"]["value"] == "dac"
assert ifs["ens0f0"]["pfc_prios_mask"]["value"] == 8 and ifs["ens0f0"]["trust"]["value"] == "dscp"
assert ifs["ens0f0"]["cable_model_m"]["value"] == 7
assert ssh["rdma"]["value"][0]["ports"][0]["active_mtu"]["value"] == 4096
print("same model through the probe and agentless parsing: %d values equal (link, FEC, pause, stats, "
      "tunable, module, DCB from dcb -j and mlnx_qos, LLDP from lldpcli, active MTU from ibv_devinfo)" % n)
PY

# the module section of the documents: decoded from the EEPROM bytes vs parsed from ethtool -m
"$PY" - "$t/rec.json" "$t/ssh.json" <<'PY'
import json, sys
rec, ssh = ({i["name"]: i["module"] for i in json.load(open(p))["interfaces"]} for p in sys.argv[1:3])
for n in rec:
    if "unknown" in rec[n]:
        assert "unknown" in ssh[n], (n, ssh[n])
        continue
    assert rec[n] == ssh[n], (n, rec[n], ssh[n])
assert rec["ens0f0"]["cable"] == "passive copper" and rec["ens0f0"]["length_m"] == 1.0 and not rec["ens0f0"]["dom"]
o = rec["ens1f0"]
assert o["compliance"] == "100GBASE-SR4" and o["lanes"][0]["bias_ma"] == 6.75, o
assert o["thresholds"]["rx_dbm"] == {"hi_alarm": 5.4, "lo_alarm": -13.31, "hi_warn": 2.4, "lo_warn": -10.3}, o
assert rec["ens3f0"]["lanes"][2]["rx_dbm"] == -40.0, rec["ens3f0"]["lanes"][2]   # 0 mW: no light
# CMIS: a flat-memory QSFP-DD DAC, and a paged SR8 whose lanes come from page 11h
assert rec["ens4f0"]["spec"] == "CMIS" and rec["ens4f0"]["cable"] == "passive copper" and rec["ens4f0"]["length_m"] == 2.0
c = rec["ens5f0"]
assert c["identifier"] == "QSFP-DD" and c["dom"] and len(c["lanes"]) == 8, c
assert c["lanes"][6] == {"lane": 7, "bias_ma": 7.3, "tx_dbm": -0.51, "rx_dbm": -15.09}, c["lanes"][6]
assert c["thresholds"]["rx_dbm"]["lo_alarm"] == -14.0 and c["thresholds"]["bias_ma"]["hi_alarm"] == 15.0, c
assert "not supported" in rec["ens7f0"]["unknown"], rec["ens7f0"]
print("module EEPROM (SFF-8636 and CMIS bytes) and ethtool -m text decode alike on %d ports" % len(rec))
PY

# The capture script collect sends, run on a ConnectX-like tree: the recorded host's /sys is
# bind-mounted over /sys in a private mount namespace (the tools find no such devices there, so
# their queries come out unknown); every value the probe reads from files must come through.
if [ "$(unshare -m --propagation private sh -c "mount --bind '$t/rec/sys' /sys && echo ok" 2>/dev/null)" = ok ]; then
  "$PY" - vendors/linux/linux_capture.c > "$t/capture.sh" <<'PY'
import ast, re, sys
s = open(sys.argv[1]).read()
body = s[s.index("const char fc_linux_capture_script[] ="):]
body = body[:body.index(";\n")]
print("".join(ast.literal_eval('"' + l + '"') for l in re.findall(r'"((?:[^"\\]|\\.)*)"', body)), end="")
PY
  unshare -m --propagation private sh -c "mount --bind '$t/rec/sys' /sys && sh '$t/capture.sh'" \
    > "$t/capture.txt" 2> /dev/null || true
  "$fabcheck" parse --platform linux --command "fabcheck agentless capture" --encoding text "$t/capture.txt" \
    > "$t/cap.model" || fail "the capture of the recorded tree does not parse"
  "$PY" - "$t/rec.model" "$t/cap.model" <<'PY'
import json, sys
sys.path.insert(0, "tests/cli")
import fcmodel
rec, cap = (fcmodel.load(p) for p in sys.argv[1:3])
def strip(x):
    if isinstance(x, dict):
        return "unknown" if "unknown" in x else {k: strip(v) for k, v in x.items() if k != "source"}
    return [strip(v) for v in x] if isinstance(x, list) else x
assert [d["name"] for d in rec["rdma"]["value"]] == [d["name"] for d in cap["rdma"]["value"]], "rdma devices"
n = 0
for dr, dc in zip(rec["rdma"]["value"], cap["rdma"]["value"]):
    for pr, pc in zip(dr["ports"], dc["ports"]):
        for k in ("state", "rate", "rate_mbps", "width", "gids", "hw_counters", "roce_mode", "roce_tos"):
            assert strip(pr[k]) == strip(pc[k]), (dr["name"], k, pr[k], pc[k])
            n += 1
ri, ci = ({i["name"]: i for i in d["interfaces"]} for d in (rec, cap))
assert sorted(ri) == sorted(ci)
for name in ri:
    for k in ("mtu", "mac", "oper_state", "pci_address", "pci_speed", "pci_width", "numa_node",
              "pci_upstream_address", "pci_upstream_speed", "pci_upstream_width", "ecn_np_prios_mask", "cnp_dscp"):
        assert strip(ri[name][k]) == strip(ci[name][k]), (name, k, ri[name][k], ci[name][k])
        n += 1
assert ci["ens2f0"]["pci_upstream_width"]["value"] == 8
# values cite the capture without a line: the line would be one of the derived document's
assert ci["ens0f0"]["mtu"]["source"].endswith("/capture.txt"), ci["ens0f0"]["mtu"]
print("capture script on the recorded ConnectX tree: %d file-read values equal to the probe's "
      "(GID tables, rate, hw_counters, PCIe and its upstream port, ECN)" % n)
PY
else
  echo "SKIP (part): the capture-script check needs a private mount namespace with bind mounts (unshare -m, root)"
fi

# an output that is not understood is unknown with the file named, and never a value
printf 'Settings for ens0f0:\n\tSpeed: fast\n' > "$t/ssh/.fabcheck-outputs/ethtool_ens0f0"
rm "$t/ssh/.fabcheck-outputs/ethtool_-S_ens1f0"
printf '{"dscp_prio":[[26,3],[48,9]]}\n' > "$t/ssh/.fabcheck-outputs/dcb_-j_app_show_dev_ens3f0"
# an iproute2 without -j: the capture falls back to the text of ip addr show
printf 'Option "-j" is unknown, try "ip -help".\n' > "$t/ssh/.fabcheck-outputs/ip_-j_addr_show_dev_ens2f0"
printf '4: ens2f0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc mq state UP group default qlen 1000\n    link/ether b8:ce:f6:a1:02:00 brd ff:ff:ff:ff:ff:ff\n    inet 10.2.0.1/31 scope global ens2f0\n       valid_lft forever preferred_lft forever\n    inet6 fe80::bace:f6ff:fea1:200/64 scope link\n       valid_lft forever preferred_lft forever\n' \
  > "$t/ssh/.fabcheck-outputs/ip_addr_show_dev_ens2f0"
printf '\nAttribute read: Operation not supported\n' > "$t/ssh/.fabcheck-outputs/dcb_-j_pfc_show_dev_ens5f0"
printf '{"pfc_cap":8,"macsec_bypass":false,"prio_pfc":[false,false,false,true,false,false,false,false]}\n' \
  > "$t/ssh/.fabcheck-outputs/dcb_-j_pfc_show_dev_ens7f0"          # no delay: not understood
"$PY" - "$t/ssh/.fabcheck-outputs/lldpcli_-f_json0_show_neighbors_details" <<'PY'
import json, sys   # a neighbour that sends no System Name TLV
d = json.load(open(sys.argv[1]))
for i in d["lldp"][0]["interface"]:
    if i["name"] == "ens4f0":
        del i["chassis"][0]["name"]
json.dump(d, open(sys.argv[1], "w"))
PY
"$fabcheck" probe --root "$t/ssh" --out "$t/bad.json" || fail "probe exit $? on a bad output"
"$PY" - "$t/bad.json" <<'PY'
import json, sys
d = {i["name"]: i for i in json.load(open(sys.argv[1]))["interfaces"]}
why = d["ens0f0"]["link"]["unknown"]
assert "/.fabcheck-outputs/ethtool_ens0f0:2: 'ethtool ens0f0' not understood: " in why and "Speed" in why, why
why = d["ens1f0"]["stats"]["unknown"]
assert "no stored output of 'ethtool -S ens1f0'" in why, why
why = d["ens3f0"]["dcb"]["unknown"]
assert "/.fabcheck-outputs/dcb_-j_app_show_dev_ens3f0:1: 'dcb -j app show dev ens3f0' not understood: dscp_prio: expected [DSCP 0..63, PRIO 0..7]" in why, why
assert d["ens5f0"]["dcb"] == {"unknown": "Attribute read: Operation not supported"}, d["ens5f0"]["dcb"]
assert "/.fabcheck-outputs/dcb_-j_pfc_show_dev_ens7f0:1: 'dcb -j pfc show dev ens7f0' not understood: expected \"delay\"" in d["ens7f0"]["dcb"]["unknown"], d["ens7f0"]["dcb"]
assert d["ens4f0"]["lldp"] == {"system_name": {"unknown": "the neighbour sends no System Name TLV"}, "port_id": "Ethernet1/1"}, d["ens4f0"]["lldp"]
assert d["ens2f0"]["addresses"] == ["10.2.0.1/31", "fe80::bace:f6ff:fea1:200/64"], d["ens2f0"]["addresses"]
assert d["ens1f0"]["dcb"]["pfc_enabled"] == [3] and d["ens0f0"]["dcb"]["trust"] == "dscp"   # dcb -j, mlnx_qos
print("bad and missing outputs: unknown with the command and line named")
PY
# a capture is untrusted input: a path climbing out of the tree is refused with its line
printf '@@fabcheck-capture 1\n@@file /sys/class/net/x/mtu\n9000\n@@file /sys/../../tmp/fc-escape\nx\n' > "$t/evil.txt"
set +e
"$fabcheck" parse --platform linux --command "fabcheck agentless capture" --encoding text "$t/evil.txt" \
  > /dev/null 2> "$t/evil.err"; rc=$?
set -e
[ "$rc" -eq 2 ] && grep -q "evil.txt:4: agentless capture: '/sys/../../tmp/fc-escape' is not an absolute path without '..'" "$t/evil.err" \
  || { cat "$t/evil.err"; fail "escape: exit $rc"; }
[ ! -e /tmp/fc-escape ] || fail "the capture wrote outside its tree"
# the capture unpacks in memory: no temporary tree (a TMPDIR nothing can be created in changes
# nothing), a one-line JSON longer than any line buffer and more than 64 addresses are read whole
"$PY" - "$t/long.txt" <<'PY'
import json, sys
addrs = [{"family": "inet", "local": "10.%d.%d.1" % (i // 250, i % 250), "prefixlen": 24} for i in range(100)]
out = json.dumps([{"ifname": "eth0", "addr_info": addrs}])            # one line of about 6 KB
open(sys.argv[1], "w").write("@@fabcheck-capture 1\n@@file /sys/class/net/eth0/mtu\n9000\n"
                             "@@cmd ip -j addr show dev eth0\n%s\n@@rc 0\n" % out)
PY
TMPDIR=/proc/self "$fabcheck" parse --platform linux --command "fabcheck agentless capture" --encoding text \
  "$t/long.txt" > "$t/long.model" || fail "a capture with a long line, no usable TMPDIR: exit $?"
"$PY" - "$t/long.model" <<'PY'
import json, sys
sys.path.insert(0, "tests/cli")
import fcmodel
i = {x["name"]: x for x in fcmodel.load(sys.argv[1])["interfaces"]}["eth0"]
assert len(i["addresses"]["value"]) == 100 and i["addresses"]["value"][99] == "10.0.99.1/24", i["addresses"]
print("capture in memory: a 6 KB line and 100 addresses read whole, nothing written to TMPDIR")
PY
# what a capture's output does not give cites the capture's own line: file:line survives the
# unpacking in memory and the probe's builder
printf '@@fabcheck-capture 1\n@@file /sys/class/net/eth0/mtu\n9000\n@@file /sys/class/net/eth0/operstate\nup\n@@cmd ethtool eth0\nSettings for eth0:\n\tSpeed: fast\n@@rc 0\n' > "$t/cap.txt"
"$fabcheck" parse --platform linux --command "fabcheck agentless capture" --encoding text "$t/cap.txt" \
  > "$t/cap.model" || fail "a capture with an output not understood: exit $?"
"$PY" - "$t/cap.model" "$t/cap.txt" <<'PY'
import json, sys
sys.path.insert(0, "tests/cli")
import fcmodel
i = fcmodel.load(sys.argv[1])["interfaces"][0]
why = i["speed_mbps"]["unknown"]
assert why == sys.argv[2] + ":8: 'ethtool eth0' not understood: 'fast' is not a Speed value ethtool prints", why
# ... and listed as not understood, as a switch's lines are (it was listed nowhere: "every output parsed")
nu = [(u["source"], u["text"]) for u in fcmodel.load(sys.argv[1])["not_understood"]]
assert nu == [(sys.argv[2] + ":8", "'ethtool eth0' not understood: 'fast' is not a Speed value ethtool prints")], nu
print("an output in a capture not understood: unknown, citing the capture's line 8, and listed there once")
PY
# refused, naming the line: a NUL byte (the rest of the host would be lost), a path given twice,
# more entries than the tree takes
refuse() {   # refuse FILE PATTERN
  set +e; "$fabcheck" parse --platform linux --command "fabcheck agentless capture" --encoding text "$1" \
    > /dev/null 2> "$t/refuse.err"; local rc=$?; set -e
  [ "$rc" -eq 2 ] && grep -q -- "$2" "$t/refuse.err" || { cat "$t/refuse.err"; fail "$1: exit $rc, expected '$2'"; }
}
printf '@@fabcheck-capture 1\n@@file /sys/class/net/eth0/mtu\n9000\n@@file /proc/x\nab\0cd\n@@file /sys/y\n1\n' > "$t/nul.txt"
refuse "$t/nul.txt" "nul.txt:5: NUL byte: binary data"
printf '@@fabcheck-capture 1\n@@lines /sys/class/net/eth0\n/sys/class/net/eth0/mtu:9000\n/sys/class/net/eth0/mtu:1500\n' > "$t/twice.txt"
refuse "$t/twice.txt" "twice.txt:4: agentless capture: /sys/class/net/eth0/mtu given twice"
"$PY" -c 'import sys
with open(sys.argv[1], "w") as f:
    f.write("@@fabcheck-capture 1\n@@lines /sys/x\n")
    for i in range(500001): f.write("/sys/x/%d:1\n" % i)' "$t/many.txt"
refuse "$t/many.txt" "agentless capture: more than 500000 files and directories"

# a recorded tree is read inside its root: a symlink to /etc/hostname or climbing out with ../
# resolves there (absent), never to this machine's file
mkdir -p "$t/esc/sys/class/net/eth0" "$t/esc/proc/sys/kernel"
ln -s /etc/hostname "$t/esc/sys/class/net/eth0/address"
ln -s ../../../../../../../../etc/hostname "$t/esc/sys/class/net/eth0/operstate"
echo 9000 > "$t/esc/sys/class/net/eth0/mtu"
"$fabcheck" probe --root "$t/esc" > "$t/esc.json" || true
"$PY" - "$t/esc.json" <<'PY'
import json, sys
i = json.load(open(sys.argv[1]))["interfaces"][0]
assert i["mtu"] == 9000, i
assert "absent" in i["mac"]["unknown"] and "absent" in i["operstate"]["unknown"], (i["mac"], i["operstate"])
print("recorded tree: symlinks out of it resolve inside it (absent), this machine's files stay unread")
PY
echo "probe_agentless: ok"
