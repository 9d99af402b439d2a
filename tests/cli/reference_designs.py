#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Reference designs pass: an NX-OS leaf configured as Cisco's "Cisco Data Center Networking
Blueprint for AI/ML Applications" (white paper, the QoS configuration: DSCP 24,26 to qos-group 3
by a per-port `service-policy type qos input`, CNP DSCP 48 to qos-group 7 and strict priority
level 1, network-qos pause pfc-cos 3 with MTU 9216, WRED with ECN on c-out-8q-q3 from 150 to
3,000 KB, PFC mode on with the watchdog), cabled to ConnectX hosts declared with PFC 3, DSCP
trust and DCQCN on 3, gives no FAIL and no WARN; so do the stock SONiC and EOS designs of
inventories/examples/config-repo once its planted ACL is fixed (tests/cli/config_repo.py) and
the ci-gate example once its ACL permits RoCE (tests/cli/not_applicable.py). The same leaf with
one departure from the design (WRED without `ecn`, a lossy DSCP map) fails the rule for it,
so the pass is not for want of reading.

usage: reference_designs.py FABCHECK
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

FABCHECK = os.path.abspath(sys.argv[1])
failures = []

CISCO_AIML = """hostname leaf1
feature lldp
class-map type qos match-all class-q3
  match dscp 24,26
class-map type qos match-all class-q7
  match dscp 48
policy-map type qos QOS_CLASSIFICATION
  class class-q3
    set qos-group 3
  class class-q7
    set qos-group 7
  class class-default
    set qos-group 0
policy-map type queuing custom-8q-out-policy
  class type queuing c-out-8q-q7
    priority level 1
  class type queuing c-out-8q-q6
    bandwidth remaining percent 0
  class type queuing c-out-8q-q5
    bandwidth remaining percent 0
  class type queuing c-out-8q-q4
    bandwidth remaining percent 0
  class type queuing c-out-8q-q3
    bandwidth remaining percent 50
    random-detect minimum-threshold 150 kbytes maximum-threshold 3000 kbytes drop-probability 7 weight 0 ecn
  class type queuing c-out-8q-q2
    bandwidth remaining percent 0
  class type queuing c-out-8q-q1
    bandwidth remaining percent 0
  class type queuing c-out-8q-q-default
    bandwidth remaining percent 50
policy-map type network-qos custom-8q-nq-policy
  class type network-qos c-8q-nq3
    mtu 9216
    pause pfc-cos 3
  class type network-qos c-8q-nq-default
    mtu 9216
system qos
  service-policy type network-qos custom-8q-nq-policy
  service-policy type queuing output custom-8q-out-policy
priority-flow-control watch-dog-interval on
interface Ethernet1/1
  description gpu1:ens1f0
  mtu 9216
  priority-flow-control mode on
  priority-flow-control watch-dog-interval on
  service-policy type qos input QOS_CLASSIFICATION
  no switchport
  ip address 10.9.0.0/31
  no shutdown
interface Ethernet1/2
  description gpu2:ens1f0
  mtu 9216
  priority-flow-control mode on
  priority-flow-control watch-dog-interval on
  service-policy type qos input QOS_CLASSIFICATION
  no switchport
  ip address 10.9.0.2/31
  no shutdown
"""

INVENTORY = """version: 1
fabric:
  name: bp
  profile: lossless_dcqcn
  roce: {priority: 3, dscp: 26, cnp_dscp: 48, mtu: 9000}
devices:
- {name: leaf1, platform: nxos, config: sw.cfg}
- name: gpu1
  platform: linux
  intent:
    interfaces:
    - name: ens1f0
      mtu: 9000
      addresses: [10.9.0.1/31]
      link: {speed_mbps: 100000, lanes: 4, autoneg: true, port: Direct Attach Copper, active_mode: 100000baseCR4/Full}
      fec: {configured: Auto}
      pause: {autoneg: false, rx: false, tx: false}
      pfc_prevention_tout: {ms: 100}
      dcb:
        pfc_enabled: [3]
        trust: dscp
        dscp_prio: {"26": 3, "48": 6}
        buffer:
          prio_buffer: [0, 0, 0, 1, 0, 0, 0, 0]
          buffer_size: [130944, 156096]
      ecn:
        roce_np_enabled: [3]
        roce_rp_enabled: [3]
        cnp_dscp: 48
        cnp_prio: 6
    rdma:
      devices:
      - name: mlx5_0
        kind: hw
        ports:
        - port: 1
          netdev: ens1f0
          roce_mode: RoCE v2
          roce_tos: 106
          gids:
          - {index: 3, gid: '::ffff:10.9.0.1', type: RoCE v2, netdev: ens1f0}
- name: gpu2
  platform: linux
  intent:
    interfaces:
    - name: ens1f0
      mtu: 9000
      addresses: [10.9.0.3/31]
      link: {speed_mbps: 100000, lanes: 4, autoneg: true, port: Direct Attach Copper, active_mode: 100000baseCR4/Full}
      fec: {configured: Auto}
      pause: {autoneg: false, rx: false, tx: false}
      pfc_prevention_tout: {ms: 100}
      dcb:
        pfc_enabled: [3]
        trust: dscp
        dscp_prio: {"26": 3, "48": 6}
        buffer:
          prio_buffer: [0, 0, 0, 1, 0, 0, 0, 0]
          buffer_size: [130944, 156096]
      ecn:
        roce_np_enabled: [3]
        roce_rp_enabled: [3]
        cnp_dscp: 48
        cnp_prio: 6
    rdma:
      devices:
      - name: mlx5_0
        kind: hw
        ports:
        - port: 1
          netdev: ens1f0
          roce_mode: RoCE v2
          roce_tos: 106
          gids:
          - {index: 3, gid: '::ffff:10.9.0.3', type: RoCE v2, netdev: ens1f0}
links:
- {a: 'leaf1:Ethernet1/1', b: 'gpu1:ens1f0', cable: dac, length_m: 2, speed: 100G}
- {a: 'leaf1:Ethernet1/2', b: 'gpu2:ens1f0', cable: dac, length_m: 2, speed: 100G}
"""


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def judge(t, name, cfg):
    d = os.path.join(t, name)
    os.makedirs(d)
    open(os.path.join(d, "sw.cfg"), "w").write(cfg)
    open(os.path.join(d, "inventory.yaml"), "w").write(INVENTORY)
    r = subprocess.run([FABCHECK, "validate", os.path.join(d, "inventory.yaml"), "--format", "json"],
                       capture_output=True, text=True)
    rep = json.loads(r.stdout) if r.stdout.startswith("{") else {"findings": [], "devices": [], "summary": {}}
    return r.returncode, rep


def bad(rep):
    return sorted((f["status"], f["rule"], f["subject"]) for f in rep["findings"] if f["status"] in ("fail", "warn"))


def main():
    t = tempfile.mkdtemp()
    try:
        code, rep = judge(t, "cisco-aiml", CISCO_AIML)
        check(code == 0, "Cisco AI/ML blueprint: exit %d" % code)
        check(bad(rep) == [], "Cisco AI/ML blueprint: %s" % bad(rep))
        sw = [d for d in rep["devices"] if d["name"] == "leaf1"]
        check(sw and not sw[0]["not_understood"], "Cisco AI/ML blueprint: lines not understood: %s" %
              (sw[0]["not_understood"] if sw else "no device"))
        passed = {f["rule"] for f in rep["findings"] if f["status"] == "pass"}
        for r in ("PFC-NODROP-CLASS", "PFC-DSCP-MAP", "ECN-SW-QUEUE", "PFC-PRIO-MATCH", "PFC-WD-SWITCH",
                  "MTU-HOST-SWITCH", "ECN-HOST-NP-RP"):
            check(r in passed, "Cisco AI/ML blueprint: %s judged and passing" % r)
        s = rep["summary"]
        print("Cisco AI/ML blueprint: pass %s, fail %s, warn %s, unknown %s, not applicable %s" % (
            s.get("pass"), s.get("fail"), s.get("warn"), s.get("unknown"), s.get("not_applicable")))

        for name, old, new, rule in (
                ("no-ecn", "weight 0 ecn\n", "weight 0\n", "ECN-SW-QUEUE"),
                ("lossy-dscp", "  match dscp 24,26\n", "  match dscp 24\n", "PFC-DSCP-MAP")):
            check(old in CISCO_AIML, "%s: the line this test edits" % name)
            code, rep = judge(t, name, CISCO_AIML.replace(old, new))
            check(code == 1 and any(b[1] == rule and b[0] == "fail" for b in bad(rep)),
                  "%s: %s fails: %s" % (name, rule, bad(rep)))
    finally:
        shutil.rmtree(t)
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)


main()
