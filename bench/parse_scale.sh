#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every reader whose input grows with the fabric, linear in it: each is fed a generated output of
# about 1, 10 and 100 MB in the shape the real one has (NX-OS: show interface JSON and text, brief,
# counters, transceiver JSON and text, status, FEC, PFC, breakout, capabilities, queuing, IP ACLs,
# LLDP table, detail and JSON, running-configs; Arista EOS: running-config with a qos profile and an
# ACL per port, show interfaces JSON and text, status, description, PFC, ECN and queue-drop
# counters, phy detail, transceiver JSON, text, detail, hardware and DOM thresholds, LLDP JSON and
# text; SONiC: CONFIG_DB with every table growing and one object with ever more fields, APPL_DB,
# show interfaces status, fec status and counters, PFC priority, counters and history, watchdog,
# ecnconfig, queue counters, acl rule counts, LLDP table, lldpcli, EEPROM, pg_profile_lookup.ini;
# Linux: host documents, agentless captures (to 10 MB: one host's), ip address and ip link), parsed
# and finalised as validate does, the best of five with the sizes taken in turn. Not run: outputs
# of one fixed size per device (show version, show inventory, show platform summary) and NX-OS's
# system network-qos policy (at most eight classes). Prints, per MB, the wall time (the figure
# judged: 10x the input, and 10x the objects in it, at most 12x the time beyond the first step),
# the user time (the parser's own work) and the system time (the kernel faulting in the model's
# pages, which on a VM varies with its memory's state), and peak memory.
# Objects: interfaces, ACLs and addresses.
#   bench/parse_scale.sh [BUILD_DIR] [MAX_MB]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-rel}; max=${2:-100}
[ -x "$build/bench/parse_scale" ] || { echo "build first: cmake -S . -B $build -DCMAKE_BUILD_TYPE=Release && cmake --build $build"; exit 2; }
/usr/bin/time -f "peak memory %M KiB, %e s in all" "$build/bench/parse_scale" "$max"
