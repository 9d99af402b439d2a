#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Writes the config_db.json of a 64-port SONiC leaf as `config save` leaves it: PORT, QoS maps,
PORT_QOS_MAP, QUEUE, SCHEDULER, WRED_PROFILE, BUFFER_* (a lossless profile per port), CABLE_LENGTH,
PFC_WD, an ACL table on all ports with 20 rules, DEVICE_METADATA and some management tables.
usage: gen_sonic.py OUT.json [PORTS]"""
import json
import sys

out, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 64
ports = ["Ethernet%d" % (4 * i) for i in range(n)]
ident = {str(i): str(i) for i in range(8)}
db = {
    "DEVICE_METADATA": {"localhost": {"hostname": "leaf", "hwsku": "Mellanox-SN4600C-C64", "type": "LeafRouter",
                                      "platform": "x86_64-mlnx_msn4600c-r0", "buffer_model": "traditional",
                                      "mac": "00:11:22:33:44:55", "bgp_asn": "65100"}},
    "PORT": {p: {"alias": "etp%d" % (i + 1), "admin_status": "up", "description": "host%d:eth0" % i,
                 "lanes": ",".join(str(4 * i + k) for k in range(4)), "speed": "100000", "mtu": "9100",
                 "fec": "rs", "autoneg": "off", "index": str(i + 1)} for i, p in enumerate(ports)},
    "CABLE_LENGTH": {"AZURE": {p: "5m" for p in ports}},
    "DSCP_TO_TC_MAP": {"AZURE": {str(d): ("3" if d == 26 else "6" if d == 48 else "0") for d in range(64)}},
    "TC_TO_PRIORITY_GROUP_MAP": {"AZURE": dict(ident)},
    "TC_TO_QUEUE_MAP": {"AZURE": dict(ident)},
    "MAP_PFC_PRIORITY_TO_QUEUE": {"AZURE": dict(ident)},
    "PORT_QOS_MAP": {p: {"dscp_to_tc_map": "AZURE", "tc_to_pg_map": "AZURE", "tc_to_queue_map": "AZURE",
                         "pfc_to_queue_map": "AZURE", "pfc_enable": "3,4", "pfcwd_sw_enable": "3,4"} for p in ports},
    "SCHEDULER": {"scheduler.0": {"type": "DWRR", "weight": "14"}, "scheduler.1": {"type": "DWRR", "weight": "15"},
                  "scheduler.strict": {"type": "STRICT"}},
    "WRED_PROFILE": {"AZURE_LOSSLESS": {"wred_green_enable": "true", "ecn": "ecn_all", "green_min_threshold": "153600",
                                        "green_max_threshold": "1536000", "green_drop_probability": "5"}},
    "QUEUE": {},
    "BUFFER_POOL": {"ingress_lossless_pool": {"size": "12766208", "type": "ingress", "mode": "dynamic"},
                    "egress_lossless_pool": {"size": "13945824", "type": "egress", "mode": "dynamic"}},
    "BUFFER_PROFILE": {"ingress_lossy_profile": {"pool": "ingress_lossless_pool", "size": "0", "dynamic_th": "3"},
                       "pg_lossless_100000_5m_profile": {"pool": "ingress_lossless_pool", "xon": "19456",
                                                          "xoff": "50176", "size": "69632", "dynamic_th": "0"}},
    "BUFFER_PG": {},
    "PFC_WD": {"GLOBAL": {"POLL_INTERVAL": "200"}},
    "ACL_TABLE": {"EDGE_IN": {"type": "L3", "stage": "ingress", "ports": ports, "policy_desc": "edge"}},
    "ACL_RULE": {"EDGE_IN|RULE_%d" % k: {"PRIORITY": str(9999 - k), "PACKET_ACTION": "FORWARD", "IP_PROTOCOL": "17",
                                          "L4_DST_PORT": str(5000 + k), "SRC_IP": "10.%d.0.0/16" % k} for k in range(20)},
    "NTP_SERVER": {"10.0.0.1": {}}, "SYSLOG_SERVER": {"10.0.0.2": {}},
}
for p in ports:
    for q, s in (("0", "scheduler.0"), ("1", "scheduler.0"), ("3", "scheduler.1"), ("4", "scheduler.1"),
                 ("6", "scheduler.strict")):
        db["QUEUE"]["%s|%s" % (p, q)] = {"scheduler": s}
        if q in ("3", "4"):
            db["QUEUE"]["%s|%s" % (p, q)]["wred_profile"] = "AZURE_LOSSLESS"
    db["BUFFER_PG"][p + "|0"] = {"profile": "ingress_lossy_profile"}
    db["BUFFER_PG"][p + "|3-4"] = {"profile": "pg_lossless_100000_5m_profile"}
    db["PFC_WD"][p] = {"action": "drop", "detection_time": "200", "restoration_time": "200"}
json.dump(db, open(out, "w"), indent=4)
