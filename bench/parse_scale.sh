#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every parser linear in its input: generated NX-OS show interface (JSON and text), running-configs
# of interfaces, ACLs and QoS maps, one port with ever more addresses, LLDP neighbours, transceiver
# details, status, FEC and PFC tables, queuing blocks, IP ACLs; Arista EOS running-configs (a qos
# profile and an ACL per port), show interfaces, LLDP, PFC and ECN counters (JSON); SONiC
# CONFIG_DB (every table growing with the ports, and one object with ever more fields), show acl
# rule counts, show interfaces status and fec status, PFC and queue counters, the LLDP table; Linux host documents:
# about 1, 10 and 100 MB each, parsed and finalised as validate does, the best of five with the
# sizes taken in turn. Prints, per MB, the wall time (the figure judged: 10x the input, and 10x
# the objects in it, at most 12x the time beyond the first step), the user time (the parser's own
# work) and the system time (the kernel faulting in the model's pages, which on a VM varies with
# its memory's state), and peak memory.
# Objects: interfaces, ACLs and addresses.
#   bench/parse_scale.sh [BUILD_DIR] [MAX_MB]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-rel}; max=${2:-100}
[ -x "$build/bench/parse_scale" ] || { echo "build first: cmake -S . -B $build -DCMAKE_BUILD_TYPE=Release && cmake --build $build"; exit 2; }
/usr/bin/time -f "peak memory %M KiB, %e s in all" "$build/bench/parse_scale" "$max"
